"""Three-channel retrieval and fusion.

For a question: extract filters (``filters.py``) → choose the documents in scope (relaxing if empty) →
embed the question once → one SQL round trip for the vector (cosine, ``<=>``) and full-text (``ts_rank``)
candidates → one Cypher round trip for the graph channel → fuse → top k.

Fusion (``fusion.py``; default ``minmax``): every channel scores every candidate (the union of the
channels' top lists; one more statement fetches the candidates' vectors, pages and text scores), each
channel is min-max normalised over that union and the weighted sum taken (vector, text, graph).
``rrf`` instead sums 1 / (60 + rank). Default weights were tuned on the development split described in
``eval/README.md``; override with ``--weights v,t,g`` or FINCHAT_WEIGHTS. With minmax fusion each
candidate then gains PAGE_WEIGHT × its page's similarity to the question (the page's mean chunk vector),
the question vector takes one pseudo-relevance-feedback step (FEEDBACK), and at most PER_PAGE chunks of
one page enter the top k. The full-text query is extended with filing vocabulary for the analyst concepts
it names (``expand.py``).

Vector search is exact (a scan of the scope's rows) when the scope is small, and uses the HNSW index with
pgvector 0.8's iterative scans when it is large (no or loose filters).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

import numpy as np
import psycopg

from finchat.ingest.chunk import TABLE_PART
from finchat.retrieve.expand import expand_query
from finchat.retrieve.filters import Extractor, Filters
from finchat.retrieve.fusion import CHANNELS, FEEDBACK, PAGE_WEIGHT, PER_PAGE, Candidates, Hit, interleave
from finchat.retrieve.intent import unhedged
from finchat.retrieve.rerank import Policy
from finchat.retrieve.scope import latest_documents, scope_documents
from finchat.retrieve.statements import (
    CONTEXT_SQL,
    FILL_SQL,
    IN_SCOPE,
    TS_RANK_SCOPE_SQL,
    TS_RANK_SQL,
    TS_RANK_WIDE_SQL,
)

T = TypeVar("T")

#: Tuned on the development split (eval/README.md): vector, text, graph.
DEFAULT_WEIGHTS: tuple[float, float, float] = (0.2, 0.1, 0.7)
#: Explanations: the reason is a sentence of prose, which the question's meaning finds better than its
#: metric's graph facts (analyst set nDCG@10 0.717 → 0.765, FinanceBench 0.751 → 0.749; eval/README.md).
EXPLAIN_WEIGHTS: tuple[float, float, float] = (0.6, 0.2, 0.2)
#: Outlook questions: added to the fused score of the latest filing's candidates, since guidance is
#: restated and updated in each filing and the newest is what an analyst means. Its 6 outlook questions
#: in FinanceBench + analyst set 0.28 → 0.42 nDCG@10 (0.3 and 0.5 the same; eval/README.md, "Non-GAAP, dates, latest guidance, held-out questions").
RECENCY_BONUS = 0.15
#: Questions about what a cover page states (filters.cover: registered securities, exchange, filer status):
#: added to the fused score of the chunks on the first page of each filing in scope, which join the
#: candidates. The metric words such a question uses ("debt securities", "common stock") name what is
#: registered, not a figure, so the graph channel is left out for it.
COVER_BONUS = 0.3
CANDIDATES = 100
#: Scopes with at most this many documents are scanned exactly; larger ones use the HNSW index.
EXACT_SCAN_MAX_DOCS = 24
#: hnsw.ef_search for those (the search list kept while walking the index graph; pgvector's default is 40)
#: grows with the chunks stored, HNSW_EF_SEARCH per million, within [HNSW_EF_MIN, 1000]: recall@10 against
#: exact search, 30 questions: 1M chunks 200 → 0.857, 400 → 0.933, 800 → 0.980 (search p50 2.9 → 8.3 ms);
#: 100k chunks 200 → 0.953 (4.0 ms), 800 → 0.993 (13 ms) (eval/README.md, "Scale at 1M chunks").
HNSW_EF_SEARCH = 800
HNSW_EF_MIN = 200
#: Question words found in more than this share of all chunks (ANALYZE's tsvector statistics) are left out
#: of the full-text query, like stop words: they barely separate chunks, and ranking the ~20,000 chunks
#: that "revenue" or "total" match cost 100-160 ms over the whole corpus and ~10 ms inside one 10-K.
#: Measured on FinanceBench (hybrid): R@10 0.877 → 0.885, nDCG@10 0.686 → 0.690, P@1 0.519 → 0.527.
#: Only once the corpus has COMMON_MIN_CHUNKS chunks: a few documents give no meaningful shares.
COMMON_LEXEME_SHARE = 0.05
COMMON_MIN_CHUNKS = 5000
#: A scope holding less than this share of the stored pages is read first (TS_RANK_SCOPE_SQL); a larger one
#: ranks the GIN index's matches. With tsv inline (sql/012), FinanceBench + analyst questions' scopes: under
#: 4 % of the pages scope-first 1.4-2.3 ms (mean) against GIN 2.6-3.3; 4-6 % alike; 12-30 % GIN 9-10 ms
#: against 19-30 (eval/README.md, "Cover pages, inline full-text vectors, a second connection").
SCOPE_FIRST_SHARE = 0.06
#: Wide scopes (more than EXACT_SCAN_MAX_DOCS filings: a question naming no company, in a large install)
#: rank only the chunks that hold at least one of the question's rarer lexemes — in at most RARE_SHARE of
#: chunks by ANALYZE's statistics (a lexeme outside its most-common list counts as rare), or, when it has
#: none, all of its words together — so the rows ranked stay bounded as the corpus grows; the rank itself
#: still uses all the question's lexemes.
#: At 1M chunks the unfiltered text channel took seconds without it (eval/README.md, scale).
RARE_SHARE = 0.005
#: ... and in at most this many chunks, so the rows ranked stay bounded in number, not only in share, as the
#: corpus grows: RARE_SHARE of 100k chunks, so smaller corpora are unchanged (1M chunks: eval/README.md, "Scale at 1M chunks").
RARE_ROWS = 500
#: The graph channel scores statement facts and metric mentions of the filings in scope; over more filings
#: than this (no company named, a large install) it would rank thousands of alike statement tables, at a
#: cost that grows with the corpus, so it is left out there.
GRAPH_MAX_DOCS = 100


@dataclass
class Result:
    question: str
    filters: Filters
    hits: list[Hit]
    facts: list[Any] = field(default_factory=list)
    timings_ms: dict[str, float] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)  # companies named in the question with no stored filing
    notice: str = ""  # one line for the analyst about ``missing`` (names what is stored, closest names)

    def scope(self) -> str:
        """The filings the answer actually comes from, as "Apple FY2023 Q3; Amcor FY2023 Q2" (after any
        relaxation), or "" when nothing was found."""
        seen: list[str] = []
        for h in self.hits:
            period = f"FY{h.fiscal_year}" + (f" {h.fiscal_quarter}" if h.fiscal_quarter not in (None, "FY") else "")
            label = f"{h.company} {period} {h.form}".strip() if h.fiscal_year else f"{h.company} {h.form}".strip()
            if label not in seen:
                seen.append(label)
        return "; ".join(seen)


def _vectors(blob: bytes, n: int) -> np.ndarray:
    """``n`` vectors in pgvector's binary form laid end to end (each: uint16 dimensions, uint16 unused,
    big-endian float4s) as an (n, dimensions) float32 array."""
    dim = int.from_bytes(blob[:2], "big")
    return np.frombuffer(blob, dtype=">f4").reshape(n, dim + 1)[:, 1:].astype(np.float32)


def _unit_rows(m: np.ndarray) -> np.ndarray:
    """Rows scaled to unit length (float32); zero rows stay zero."""
    m = m.astype(np.float32, copy=False)
    out: np.ndarray = m / np.clip(np.linalg.norm(m, axis=1, keepdims=True), 1e-12, None)
    return out


class Retriever:
    """Answers retrieval requests. Holds the embedder and the compiled filter extractor; one per process."""

    def __init__(self, conn: psycopg.Connection, embedder: Any, *, weights: Sequence[float] | None = None,
                 fusion: str = "minmax", channels: Sequence[str] = CHANNELS, candidates: int = CANDIDATES,
                 per_page: int = PER_PAGE, page_weight: float = PAGE_WEIGHT, feedback: float = FEEDBACK,
                 rerank: bool = True, rerank_policy: Policy | None = None, recency: float | None = None,
                 cover: float | None = None, side: Callable[[], psycopg.Connection] | None = None) -> None:
        self.conn = conn
        # A second connection (opened by ``side`` on first use) reads the graph channel and the facts in a worker
        # thread while this one runs the vector and full-text statement: the server works on both at once.
        self.side = side
        self._side_conn: psycopg.Connection | None = None
        self._worker: ThreadPoolExecutor | None = None
        self.recency = RECENCY_BONUS if recency is None else recency
        self.cover = COVER_BONUS if cover is None else cover
        self.rerank = rerank  # the cross-encoder loads on the first question the policy reranks
        self.rerank_policy = rerank_policy or Policy()
        self.embedder = embedder
        self.extractor = Extractor.from_db(conn)
        self.weights = dict(zip(CHANNELS, weights or DEFAULT_WEIGHTS, strict=True))
        # the tuned defaults vary with the question's intent; weights given explicitly apply to every question
        self.by_intent = {} if weights else {"explanation": dict(zip(CHANNELS, EXPLAIN_WEIGHTS, strict=True))}
        self.fusion = fusion
        self.channels = tuple(channels)
        self.candidates = candidates
        self.per_page = per_page
        self.page_weight = page_weight
        self.feedback = feedback
        self._common: list[tuple[str, float]] | None = None  # (lexeme, share of chunks)
        self._rows: float | None = None  # chunks, as ANALYZE counted them
        self._above: dict[float, list[str]] = {}  # share → the lexemes above it
        self._literals: dict[tuple[str, ...], str] = {}  # lexemes → one array literal
        self._companies: list[tuple[str, str, list[str], bool]] | None = None  # missing_companies' rows
        self._hnsw_order: str | None = None
        self._documents: int | None = None
        self._pages: dict[int, int] | None = None  # document id → pages (page_share)

    def document_count(self, *, fresh: bool = False) -> int:
        """Documents stored: counted once per Retriever for choosing a plan (a count grown stale by an ingest
        during a chat only changes which plan runs), or now (``fresh``) where it decides which filings a
        question reads."""
        if self._documents is None or fresh:
            row = self.conn.execute("SELECT count(*) FROM documents").fetchone()
            self._documents = int(row[0]) if row else 0
        return self._documents

    def close(self) -> None:
        """Close the graph channel's connection and worker thread (the main connection is the caller's)."""
        self.reset_side()
        if self._worker is not None:
            self._worker.shutdown(wait=True)
            self._worker = None

    def reset_side(self) -> None:
        """Drop the graph channel's connection (lost, or the service reconnected); the next question opens one."""
        conn, self._side_conn = self._side_conn, None
        if conn is not None:
            try:
                conn.close()
            except psycopg.Error:
                pass

    def _graph(self, f: Filters, docs: list[int], exact: list[int], conn: psycopg.Connection | None = None,
               ) -> dict[int, float] | None:
        """Graph scores of every chunk in scope (graph.query.graph_scores), or None when the question asks the
        graph nothing. A breakdown question (a segment, region or product line) is not answered by the
        consolidated facts: only the chunks naming a known segment are scored, or nothing."""
        from finchat.graph.query import graph_scores, segment_ids

        conn = conn or self.conn
        # Keeping a breakdown's metric mentions instead: analyst set nDCG@10 0.717 → 0.709, FinanceBench 0.751 → 0.749.
        segs = segment_ids(conn, f.segments)
        if not ((segs or not f.breakdown) and (f.metrics or f.statements or segs)):
            return None
        return graph_scores(conn, docs, f.metrics, exact or None, statements=f.statements, segments=segs,
                            consolidated=not (f.breakdown or f.non_gaap))

    def _facts(self, f: Filters, conn: psycopg.Connection | None = None) -> dict[str, list[Any]]:
        """Per company named, up to 12 stored facts of the asked metrics for the asked periods."""
        from finchat.graph.query import facts as read_facts

        conn = conn or self.conn
        return {c: read_facts(conn, [c], f.metrics, f.years, list(f.quarters), limit=12) for c in f.companies}

    def _on_side(self) -> psycopg.Connection:
        """The side connection, opened on first use (or after it was dropped); used by the worker thread only."""
        if self._side_conn is None or self._side_conn.closed:
            assert self.side is not None
            self._side_conn = self.side()
        return self._side_conn

    def _submit(self, fn: Callable[..., T], *args: Any) -> Future[T]:
        """Run ``fn(*args, side connection)`` in the worker thread (one: the side connection serves one task at
        a time)."""
        if self._worker is None:
            self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="finchat-side")
        return self._worker.submit(lambda: fn(*args, self._on_side()))

    def _side_result(self, job: Future[T] | None, fallback: Callable[..., T], *args: Any) -> T:
        """``job``'s result; without a job, or when the side connection failed (lost in a server restart,
        refused …), ``fallback(*args)`` on the main connection — which raises whatever is really wrong."""
        if job is None:
            return fallback(*args)
        from finchat.errors import FinchatError

        try:
            return job.result()
        except (psycopg.Error, FinchatError):
            self.reset_side()
            return fallback(*args)

    def page_share(self, docs: Sequence[int]) -> float:
        """The share of all stored pages that the filings ``docs`` hold (page counts read once per Retriever,
        again when a filing is not among them: an ingest during a chat)."""
        if self._pages is None or any(d not in self._pages for d in docs):
            self._pages = {int(d): int(n or 0) for d, n in
                           self.conn.execute("SELECT id, page_count FROM documents").fetchall()}
        total = sum(self._pages.values())
        return sum(self._pages.get(d, 0) for d in docs) / total if total else 1.0

    def hnsw_order(self) -> str:
        """The ORDER BY that the HNSW index serves: over half-precision copies when the index was built so
        (ingest/load.py, HNSW_HALFVEC), else over the vectors; read from the catalog once per Retriever."""
        if self._hnsw_order is None:
            import re

            row = self.conn.execute("SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema()"
                                    " AND indexname = 'chunks_embedding_hnsw'").fetchone()
            m = re.search(r"halfvec\((\d+)\)", str(row[0])) if row else None
            self._hnsw_order = (f"embedding::halfvec({int(m.group(1))}) <=> %(q)s::halfvec({int(m.group(1))})" if m
                                else "embedding <=> %(q)s")
        return self._hnsw_order

    def common_lexemes(self) -> list[str]:
        """Lexemes in more than COMMON_LEXEME_SHARE of chunks (see :meth:`lexemes_above`)."""
        return self.lexemes_above(COMMON_LEXEME_SHARE)

    def lexemes_above(self, share: float) -> list[str]:
        """Lexemes in more than ``share`` of chunks, from pg_stats' most-common elements of ``tsv`` (empty
        before ANALYZE and below COMMON_MIN_CHUNKS chunks); the statistics are read once per Retriever."""
        if self._common is None:
            row = self.conn.execute(
                "SELECT most_common_elems::text::text[], most_common_elem_freqs FROM pg_stats"
                " WHERE schemaname = current_schema() AND tablename = 'chunks' AND attname = 'tsv'"
                " AND (SELECT reltuples FROM pg_class WHERE oid = 'chunks'::regclass) >= %s",
                (COMMON_MIN_CHUNKS,)).fetchone()
            elems, freqs = (row[0] or [], row[1] or []) if row else ([], [])
            self._common = list(zip(elems, freqs, strict=False))  # (the frequencies end with 3 summary values)
        if share not in self._above:  # ~6,400 statistics entries since sql/013: filtered once per share
            self._above[share] = [e for e, fr in self._common if fr > share]
        return list(self._above[share])

    def chunk_count(self) -> float:
        """Chunks stored as ANALYZE counted them (0 before the first ANALYZE), read once per Retriever."""
        if self._rows is None:
            row = self.conn.execute("SELECT reltuples FROM pg_class WHERE oid = 'chunks'::regclass").fetchone()
            self._rows = max(float(row[0]) if row else 0.0, 0.0)
        return self._rows

    def rare_share(self) -> float:
        """The share of chunks above which a lexeme is not rare to a wide scope: RARE_SHARE, or RARE_ROWS
        chunks when that is smaller."""
        rows = self.chunk_count()
        return min(RARE_SHARE, RARE_ROWS / rows) if rows else RARE_SHARE

    def ef_search(self) -> int:
        """hnsw.ef_search for a wide scope: HNSW_EF_SEARCH per million chunks, within [HNSW_EF_MIN, 1000]
        (pgvector's upper bound)."""
        return int(min(1000, max(HNSW_EF_MIN, round(HNSW_EF_SEARCH * self.chunk_count() / 1e6))))

    def lexeme_array(self, share: float) -> str:
        """:meth:`lexemes_above` as one Postgres array literal (for a ``%s::text[]`` parameter): sent as a single
        string, where a list of a few hundred lexemes cost ~0.7 ms of Python dumping in each statement."""
        lexemes = tuple(self.lexemes_above(share))
        if lexemes not in self._literals:
            quoted = ('"' + e.replace("\\", "\\\\").replace('"', '\\"') + '"' for e in lexemes)
            self._literals[lexemes] = "{" + ",".join(quoted) + "}"
        return self._literals[lexemes]

    def retrieve(self, question: str, k: int = 5, *, filters: Filters | None = None,
                 with_facts: bool = True) -> Result:
        """Top ``k`` chunks for ``question``. ``filters`` overrides extraction (the chat's follow-ups)."""
        t0 = time.perf_counter()
        question = unhedged(question)
        f = filters or self.extractor.extract(question)
        missing, notice = self.missing_companies(f)
        if missing and not f.companies:
            # every company asked about is absent: say so rather than answer from other companies' filings
            took = round((time.perf_counter() - t0) * 1000, 2)
            return Result(question, f, [], [], {"filters": took, "embed": 0.0, "retrieve": 0.0, "facts": 0.0,
                                                "total": took}, missing, notice)
        # the asked figures' facts do not depend on the ranking: read beside the embedding and the channels
        want_facts = with_facts and bool(f.companies and f.metrics)
        facts_job = self._submit(self._facts, f) if want_facts and self.side is not None else None
        t1 = time.perf_counter()
        qvec = self.embedder.embed_query(f.text_query or question) if "vector" in self.channels else None
        t2 = time.perf_counter()
        encoder = self.reranker() if f.intent in self.rerank_policy.intents else None
        n = max(k, self.rerank_policy.top) if encoder is not None else k
        if len(f.companies) > 1:
            groups = []
            for company in f.companies:
                sub = replace(f, companies=[company], relaxed=[])
                groups.append(self._ranked(sub, qvec, n))
                f.relaxed.extend(r for r in sub.relaxed if r not in f.relaxed)
            hits = interleave(groups, n)
        else:
            hits = self._ranked(f, qvec, n)
        self._fill(hits)
        t_rr = time.perf_counter()
        if encoder is not None:
            from finchat.retrieve.rerank import rerank

            hits = rerank(encoder, question, hits, self.rerank_policy)
            hits = hits[:k]
        rerank_ms = (time.perf_counter() - t_rr) * 1000
        for i, h in enumerate(hits, start=1):
            h.rank = i
        t3 = time.perf_counter()
        facts: list[Any] = []
        if want_facts:
            from finchat.graph.query import facts as read_facts

            by_company = self._side_result(facts_job, self._facts, f)
            for company in f.companies:  # up to 12 each: every company named gets its facts
                got = by_company.get(company, [])
                if not got and hits:
                    # the scope was relaxed (or the period is in another filing): facts of the filings used
                    got = read_facts(self.conn, [company], f.metrics, documents=sorted({h.document for h in hits}),
                                     limit=12)
                facts += got
        t4 = time.perf_counter()
        ms = {"filters": (t1 - t0) * 1000, "embed": (t2 - t1) * 1000, "retrieve": (t3 - t2) * 1000 - rerank_ms,
              "rerank": rerank_ms, "facts": (t4 - t3) * 1000, "total": (t4 - t0) * 1000}
        return Result(question, f, hits, facts, {k_: round(v, 2) for k_, v in ms.items()}, missing, notice)

    def reranker(self) -> Any:
        """The cross-encoder (rerank.load_reranker), or None when reranking is off or none is installed."""
        if not self.rerank:
            return None
        from finchat.retrieve.rerank import load_reranker

        return load_reranker()

    def company_rows(self, *, fresh: bool = False) -> list[tuple[str, str, list[str], bool]]:
        """(key, name, aliases, has a stored filing) of every registered company; cached unless ``fresh``."""
        if self._companies is None or fresh:
            self._companies = [(str(k), str(n), list(a or []), bool(has)) for k, n, a, has in self.conn.execute(
                "SELECT c.key, c.name, c.aliases, EXISTS (SELECT 1 FROM documents d WHERE d.company_key = c.key)"
                " FROM companies c").fetchall()]
        return self._companies

    def missing_companies(self, f: Filters) -> tuple[list[str], str]:
        """Companies the question names that have no stored filing — known ones (removed from
        ``f.companies``) and unknown names (``f.unknown``) — and the one-line notice for the analyst."""
        from finchat.retrieve.names import missing_notice

        if not (f.companies or f.unknown):
            return [], ""
        if f.unknown and not f.companies:
            self._owned(f)
            if not f.unknown:
                return [], ""
        # the company list (name, aliases, whether any filing of it is stored) is read once per Retriever, and
        # again before saying a company is missing: a filing ingested during the chat is then found
        rows = self.company_rows()
        if (f.unknown and not f.companies) or any(c not in {k for k, _, _, has in rows if has} for c in f.companies):
            rows = self.company_rows(fresh=True)
        names = {k: n for k, n, _, _ in rows}
        stored = {k: n for k, n, _, has in rows if has}
        absent = [c for c in f.companies if c not in stored]
        if not absent and (f.companies or not f.unknown):
            return [], ""
        missing = [names.get(c, c) for c in absent] + ([] if f.companies else list(f.unknown))
        f.companies = [c for c in f.companies if c in stored]
        aliases = [(n, a) for _, n, a, has in rows if has]
        return missing, missing_notice(missing, sorted(stored.values()), aliases)

    def _owned(self, f: Filters) -> None:
        """A product or segment named without its company ("How much did STELARA sell in 2022?") scopes the
        one company whose tables label rows with it, or else whose prose alone prints it ("Aria"); the name
        becomes a segment of the question's, not a missing company."""
        from finchat.retrieve.owners import owners_in_text, owners_of_labels

        owners = owners_of_labels(self.conn, f.unknown)
        # (else one company's prose printing the name: a property or subsidiary of it, "Aria")
        owners.update(owners_in_text(self.conn, [n for n in f.unknown if n not in owners]))
        if not owners:
            return
        f.companies = sorted(set(owners.values()))
        f.segments += [n for n in owners if n not in f.segments]
        f.unknown = [n for n in f.unknown if n not in owners]
        f.breakdown, f.statements = True, []

    def _ranked(self, f: Filters, qvec: np.ndarray | None, k: int) -> list[Hit]:
        cands = self.candidates_for(f, qvec)
        if cands is None:
            return []
        return cands.rank(qvec if "vector" in self.channels else None, self.by_intent.get(f.intent, self.weights),
                          self.fusion, k,
                          per_page=self.per_page, page_weight=self.page_weight, feedback=self.feedback)

    def candidates_for(self, f: Filters, qvec: np.ndarray | None) -> Candidates | None:
        """The scope's candidates with everything fusion needs (see fusion.Candidates): the channels' top
        lists (one SQL round trip and one graph query), then one CONTEXT_SQL statement for their pages,
        vectors and text scores. None when the filters select no document."""
        docs, exact = scope_documents(self.conn, f)
        if not docs:
            return None
        # the full-text query's parameters, shared by the text channel and the candidates' text scores
        text = {"tq": expand_query(f.text_query or "", f.intent), "skip": self.lexeme_array(COMMON_LEXEME_SHARE)}
        channels, graph_all = self._channels(f, docs, exact, qvec, text)
        cover: list[int] = []
        if f.cover and self.cover:
            cover = [int(r[0]) for r in self.conn.execute(
                "SELECT id FROM chunks WHERE document_id = ANY(%s) AND page_start = 1", (docs,)).fetchall()]
        ids = sorted({cid for c in channels.values() for cid in c} | set(cover))
        cands = Candidates(ids, channels, {}, graph_all, {}, chunk_bonus=dict.fromkeys(cover, self.cover))
        if f.intent == "outlook" and len(docs) > 1 and self.recency:
            cands.doc_bonus = dict.fromkeys(latest_documents(self.conn, docs), self.recency)
        if not ids:
            return cands
        got = {row[0]: row[1:] for row in self.conn.cursor(binary=True).execute(
            CONTEXT_SQL, {"ids": ids, **text}).fetchall()}
        c_ids, c_docs, c_pages, c_text, c_vec, c_n = got["c"]
        _, p_docs, p_pages, _, p_vec, p_n = got["p"]
        for cid, doc, page, score in zip(c_ids or [], c_docs or [], c_pages or [], c_text or [], strict=True):
            cands.pages[int(cid)] = (int(doc), int(page))
            cands.text_all[int(cid)] = float(score)
        # (a NULL embedding leaves the ranking to the other scores rather than failing the question)
        if qvec is not None and c_n == len(ids) == len(c_ids or []) and p_n == len(p_docs or []):
            at = {int(cid): i for i, cid in enumerate(c_ids)}
            page_at = {(int(d), int(p)): i for i, (d, p) in enumerate(zip(p_docs, p_pages, strict=True))}
            cands.vectors = _unit_rows(_vectors(c_vec, c_n)[[at[i] for i in ids]])
            cands.page_vectors = _unit_rows(_vectors(p_vec, p_n)[[page_at[cands.pages[i]] for i in ids]])
        return cands

    def _channels(self, f: Filters, docs: list[int], exact: list[int], qvec: np.ndarray | None,
                  text: dict[str, Any]) -> tuple[dict[str, dict[int, float]], dict[int, float]]:
        """Each channel's top candidates (raw scores), and every graph score in scope. ``text``: the
        full-text query's parameters (``tq``, ``skip``)."""
        out: dict[str, dict[int, float]] = {}
        graph_all: dict[int, float] = {}
        n = self.candidates
        want_g = ("graph" in self.channels and len(docs) <= GRAPH_MAX_DOCS and not (f.cover and self.cover)
                  and bool(f.metrics or f.statements or f.segments))
        pending = self._submit(self._graph, f, docs, exact) if want_g and self.side is not None else None
        want_v, want_t = "vector" in self.channels and qvec is not None, "text" in self.channels
        if want_v or want_t:
            small = len(docs) <= EXACT_SCAN_MAX_DOCS
            hnsw = want_v and not small
            vec_sql = (
                # small scope: one distance per row of the scope, sorted (no index)
                "SELECT id, s FROM (SELECT id, 1 - (embedding <=> %(q)s) AS s FROM chunks"
                " WHERE document_id = ANY(%(docs)s) OFFSET 0) x ORDER BY s DESC, id LIMIT %(n)s"
                if small else
                f"SELECT id, 1 - (embedding <=> %(q)s) AS s FROM chunks WHERE {IN_SCOPE}"
                f" ORDER BY {self.hnsw_order()} LIMIT %(n)s")
            parts = []
            if want_v:
                parts.append(f"SELECT 'vector' AS ch, id, s FROM ({vec_sql}) v")
            if want_t:
                text_sql = (TS_RANK_WIDE_SQL if not small else TS_RANK_SCOPE_SQL
                            if self.page_share(docs) < SCOPE_FIRST_SHARE else TS_RANK_SQL)
                parts.append(f"SELECT 'text' AS ch, id, s FROM ({text_sql}) t")
            if not small and len(docs) >= self.document_count(fresh=True):
                # the whole corpus: no filing test at all, so the HNSW index scan needs no iterative rounds
                # (1M chunks: the unfiltered vector channel's p50/p95 went from 165/3,610 to 3.3/6.1 ms)
                parts = [p.replace(IN_SCOPE, "TRUE") for p in parts]
            params = {"q": qvec, "docs": docs, "n": n, "frequent": self.lexeme_array(self.rare_share()), **text}
            # a transaction only to hold the wide search's SET LOCALs (the connection autocommits): two round
            # trips fewer for a scoped question
            with self.conn.transaction() if hnsw else contextlib.nullcontext():
                if hnsw:
                    self.conn.execute(f"SET LOCAL hnsw.ef_search = {self.ef_search()}")
                    self.conn.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
                rows = self.conn.execute(" UNION ALL ".join(parts), params).fetchall()
            for ch, cid, s in rows:
                out.setdefault(ch, {})[int(cid)] = float(s)
        if want_g:
            scores = self._side_result(pending, self._graph, f, docs, exact)
            if scores is not None:
                graph_all = scores
                out["graph"] = dict(sorted(graph_all.items(), key=lambda kv: (-kv[1], kv[0]))[:n])
        return out, graph_all

    def _fill(self, hits: list[Hit]) -> None:
        """Each hit's filing, pages, section and text; for a part of a split table, the whole table as its
        ``context``. One statement: the hits' rows, then (ordinal set) the parts of their split tables."""
        if not hits:
            return
        rows = self.conn.execute(FILL_SQL, {"ids": [h.chunk_id for h in hits], "part": TABLE_PART.pattern}).fetchall()
        by_id: dict[int, Any] = {}
        whole: dict[int, list[tuple[int, str]]] = {}
        for r in rows:
            if r[-1] is None:
                by_id[r[0]] = r
            else:  # the same document and section, consecutive ordinals
                whole.setdefault(int(r[0]), []).append((int(r[-1]), str(r[10])))
        for h in hits:
            own = by_id.get(h.chunk_id)
            if own:
                (_, h.document, h.company, h.form, h.fiscal_year, h.fiscal_quarter, h.page_start, h.page_end,
                 h.kind, h.section, h.text, h.printed_start, h.printed_end, _) = own
            h.context = h.text
            parts = sorted(whole.get(h.chunk_id, []))
            if h.kind == "table" and len(parts) > 1:
                h.context = "\n\n".join(text for _, text in parts)

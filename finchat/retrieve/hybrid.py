"""Three-channel retrieval and fusion.

For a question: extract filters (``filters.py``) → choose the documents in scope (relaxing if empty) →
embed the question once → one SQL round trip for the vector (cosine, ``<=>``) and full-text (``ts_rank``)
candidates → one Cypher round trip for the graph channel → fuse → top k.

Fusion (default ``minmax``): each channel's scores are min-max normalised over the union of candidates
(a chunk a channel did not return counts 0), then summed with weights (vector, text, graph).
``rrf`` instead sums 1 / (60 + rank). Default weights were tuned on the development split described in
``eval/README.md``; override with ``--weights v,t,g`` or FINCHAT_WEIGHTS. With minmax fusion each
candidate then gains PAGE_WEIGHT × its page's similarity to the question (the page's mean chunk vector,
one indexed query), and at most PER_PAGE chunks of one page enter the top k. The full-text query is
extended with filing vocabulary for the analyst concepts it names (``expand.py``).

Vector search is exact (a scan of the scope's rows) when the scope is small, and uses the HNSW index with
pgvector 0.8's iterative scans when it is large (no or loose filters).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import psycopg

from finchat.ingest.chunk import TABLE_PART
from finchat.retrieve.expand import expand_query
from finchat.retrieve.filters import Extractor, Filters, scope_documents

#: Tuned on the development split (eval/README.md): vector, text, graph.
DEFAULT_WEIGHTS: tuple[float, float, float] = (0.2, 0.1, 0.7)
CANDIDATES = 100
#: Scopes with at most this many documents are scanned exactly; larger ones use the HNSW index.
EXACT_SCAN_MAX_DOCS = 24
#: Question words found in more than this share of all chunks (ANALYZE's tsvector statistics) are left out
#: of the full-text query, like stop words: they barely separate chunks, and ranking the ~20,000 chunks
#: that "revenue" or "total" match cost 100-160 ms over the whole corpus and ~10 ms inside one 10-K.
#: Measured on FinanceBench (hybrid): R@10 0.877 → 0.885, nDCG@10 0.686 → 0.690, P@1 0.519 → 0.527.
#: Only once the corpus has COMMON_MIN_CHUNKS chunks: a few documents give no meaningful shares.
COMMON_LEXEME_SHARE = 0.05
COMMON_MIN_CHUNKS = 5000
CHANNELS = ("vector", "text", "graph")
#: Weight of the page-context score, added to the fused score (minmax fusion): the cosine between the
#: question and the mean embedding of all chunks on a candidate's page, min-max normalised over the
#: candidates. Evidence is usually a page whose chunks each say a little (a heading, a small table, the
#: sentences explaining it); the page's centroid scores that whole. Measured on FinanceBench with the
#: query-vocabulary expansion (expand.py): R@10 0.895 → 0.907, nDCG@10 0.696 → 0.709; 0.1: 0.700, 0.3:
#: 0.707; max instead of mean: 0.686 (eval/README.md).
PAGE_WEIGHT = 0.2
#: At most this many chunks of one page in a ranking while other candidates remain (0: no limit). One:
#: on FinanceBench page R@10 0.842 → 0.877 and nDCG@10 0.658 → 0.686, dev F1@2 0.709 → 0.715 (two: 0.854).
PER_PAGE = 1

#: The seed's full-text score: ts_rank over the OR-ed question lexemes, normalised by log length; section
#: headings (weight A) count more than body text (B). A BM25 variant with in-scope IDF was measured and
#: not kept: alone it found less (FinanceBench R@10 0.33 against 0.52), fused it was no better.
TS_RANK_SQL = (
    "SELECT c.id, ts_rank(c.tsv, q.query, 1) AS s FROM chunks c, "
    "(SELECT to_tsquery('simple', coalesce(string_agg(quote_literal(lexeme), ' | '), '')) AS query "
    " FROM unnest(to_tsvector('english', %(tq)s)) WHERE lexeme <> ALL(%(skip)s::text[])) q "
    "WHERE c.document_id = ANY(%(docs)s) AND c.tsv @@ q.query ORDER BY s DESC, c.id LIMIT %(n)s")

#: Candidates' pages and each page's similarity to the question: cosine distance to the sum of the page's
#: chunk vectors (the same direction as their mean, so no division), over chunks covering the page that
#: start at most MAX_CHUNK_PAGES - 1 pages before it (the bound lets chunks_page_idx serve the range; a
#: chunk spanning more pages counts for its first ones only; 99.95 % of FinanceBench chunks span ≤ 2).
MAX_CHUNK_PAGES = 8
PAGE_SQL = (
    "WITH cand AS (SELECT id, document_id, page_start FROM chunks WHERE id = ANY(%(ids)s)),"
    # a correlated subquery per page, so each is an index range scan (a join was planned as a hash join
    # over a sequential scan of every chunk: 50 ms instead of ~2 ms)
    " pg AS (SELECT p.document_id, p.page_start, (SELECT 1 - (sum(c.embedding) <=> %(q)s) FROM chunks c"
    "   WHERE c.document_id = p.document_id"
    f"   AND c.page_start BETWEEN p.page_start - {MAX_CHUNK_PAGES - 1} AND p.page_start"
    "   AND c.page_end >= p.page_start) AS s"
    "  FROM (SELECT DISTINCT document_id, page_start FROM cand) p)"
    " SELECT cand.id, cand.document_id, cand.page_start, pg.s FROM cand"
    " LEFT JOIN pg ON pg.document_id = cand.document_id AND pg.page_start = cand.page_start")


@dataclass
class Hit:
    chunk_id: int
    scores: dict[str, float]
    rank: int = 0
    document: str = ""
    company: str | None = None
    form: str | None = None
    fiscal_year: int | None = None
    fiscal_quarter: str | None = None
    page_start: int = 0
    page_end: int = 0
    kind: str = "text"
    section: str = ""
    text: str = ""
    #: What the LLM is shown: ``text``, or for one part of a table split by rows, every part in order
    #: (one chunk per page is ranked, but an answer may need the rows of the other part).
    context: str = ""

    def citation(self) -> str:
        pages = f"p.{self.page_start}" if self.page_start == self.page_end else f"pp.{self.page_start}-{self.page_end}"
        return f"{self.document} {pages}"

    def as_json(self) -> dict[str, Any]:
        return {"rank": self.rank, "chunk_id": self.chunk_id, "document": self.document, "company": self.company,
                "form": self.form, "fiscal_year": self.fiscal_year, "fiscal_quarter": self.fiscal_quarter,
                "page_start": self.page_start, "page_end": self.page_end, "kind": self.kind, "section": self.section,
                "text": self.text,
                # the documented contract's four scores; the page-context share is inside "fused"
                "scores": {k: round(self.scores.get(k, 0.0), 6) for k in (*CHANNELS, "fused")}}


@dataclass
class Result:
    question: str
    filters: Filters
    hits: list[Hit]
    facts: list[Any] = field(default_factory=list)
    timings_ms: dict[str, float] = field(default_factory=dict)


def _minmax(scores: dict[int, float]) -> dict[int, float]:
    """Scores rescaled to [0, 1] over their own range; all equal → 1."""
    lo, hi = min(scores.values()), max(scores.values())
    return {cid: 1.0 if hi == lo else (s - lo) / (hi - lo) for cid, s in scores.items()}


def minmax_fuse(channels: dict[str, dict[int, float]], weights: dict[str, float]) -> dict[int, dict[str, float]]:
    """Per chunk: normalised score per channel and the weighted sum ``fused``.

    Each channel is min-max normalised over the chunks it returned; chunks it did not return count 0.
    A channel whose candidates all tie normalises them to 1. Weights are renormalised over the channels
    that returned anything.
    """
    ids = set().union(*[set(c) for c in channels.values()]) if channels else set()
    out: dict[int, dict[str, float]] = {i: {name: 0.0 for name in CHANNELS} for i in ids}
    for name, scores in channels.items():
        if not scores:
            continue
        for cid, s in _minmax(scores).items():
            out[cid][name] = s
    # A channel with no candidates (no metric in the question → no graph signal) gives its weight to the
    # others, so the vector:text balance is the same with or without it.
    active = [n for n in CHANNELS if channels.get(n)]
    total = sum(weights.get(n, 0.0) for n in active) or 1.0
    for cid, sc in out.items():
        sc["fused"] = sum(weights.get(n, 0.0) * sc[n] for n in active) / total
    return out


def rrf_fuse(channels: dict[str, dict[int, float]], weights: dict[str, float], k: int = 60) -> dict[int, dict[str, float]]:
    """Reciprocal-rank fusion: ``fused`` = Σ weight / (k + rank); channel scores are kept raw."""
    ids = set().union(*[set(c) for c in channels.values()]) if channels else set()
    out: dict[int, dict[str, float]] = {i: {name: 0.0 for name in CHANNELS} | {"fused": 0.0} for i in ids}
    for name, scores in channels.items():
        for rank, (cid, s) in enumerate(sorted(scores.items(), key=lambda kv: -kv[1]), start=1):
            out[cid][name] = s
            out[cid]["fused"] += weights.get(name, 0.0) / (k + rank)
    return out


def interleave(groups: Sequence[Sequence[Hit]], k: int) -> list[Hit]:
    """Round-robin over per-company rankings, skipping repeats, until ``k`` hits."""
    out: list[Hit] = []
    seen: set[int] = set()
    i = 0
    while len(out) < k and any(i < len(g) for g in groups):
        for g in groups:
            if i < len(g) and g[i].chunk_id not in seen and len(out) < k:
                out.append(g[i])
                seen.add(g[i].chunk_id)
        i += 1
    return out


def rank(channels: dict[str, dict[int, float]], weights: dict[str, float], fusion: str, k: int,
         pages: dict[int, tuple[int, int]] | None = None, per_page: int = 0,
         page_scores: dict[int, float] | None = None, page_weight: float = PAGE_WEIGHT) -> list[Hit]:
    """Fuse channel scores and return the best ``k`` (ties broken by chunk id, so results are stable).

    With ``page_scores`` (chunk id → similarity of its page to the question) and minmax fusion, each
    candidate's fused score gains ``page_weight`` × the page score min-max normalised over the candidates
    (reported as ``scores["page"]``); candidates without a page score get 0.

    With ``pages`` (chunk id → (document id, first page)) and ``per_page`` > 0, at most ``per_page`` chunks
    of one page are taken while others remain: a long table split into row chunks, or a page's text and
    table chunks, would otherwise fill the top k with one page and push other evidence out. Chunks passed
    over fill the list at the end when there are not ``k`` others."""
    fuse = rrf_fuse if fusion == "rrf" else minmax_fuse
    fused = fuse(channels, weights)
    known = {cid: page_scores[cid] for cid in fused if cid in page_scores} if page_scores else {}
    if known and fusion != "rrf" and page_weight:
        norm = _minmax(known)
        for cid, sc in fused.items():
            sc["page"] = norm.get(cid, 0.0)
            sc["fused"] += page_weight * sc["page"]
    order = sorted(fused.items(), key=lambda kv: (-kv[1]["fused"], kv[0]))
    if pages and per_page > 0:
        taken: list[tuple[int, dict[str, float]]] = []
        spare: list[tuple[int, dict[str, float]]] = []
        used: dict[tuple[int, int], int] = {}
        for cid, sc in order:
            key = pages.get(cid, (-1, cid))
            if used.get(key, 0) < per_page:
                used[key] = used.get(key, 0) + 1
                taken.append((cid, sc))
                if len(taken) >= k:
                    break
            else:
                spare.append((cid, sc))
        order = taken + spare
    return [Hit(cid, sc) for cid, sc in order[:k]]


class Retriever:
    """Answers retrieval requests. Holds the embedder and the compiled filter extractor; one per process."""

    def __init__(self, conn: psycopg.Connection, embedder: Any, *, weights: Sequence[float] | None = None,
                 fusion: str = "minmax", channels: Sequence[str] = CHANNELS, candidates: int = CANDIDATES,
                 per_page: int = PER_PAGE, page_weight: float = PAGE_WEIGHT) -> None:
        self.conn = conn
        self.embedder = embedder
        self.extractor = Extractor.from_db(conn)
        self.weights = dict(zip(CHANNELS, weights or DEFAULT_WEIGHTS, strict=True))
        self.fusion = fusion
        self.channels = tuple(channels)
        self.candidates = candidates
        self.per_page = per_page
        self.page_weight = page_weight
        self._common: list[str] | None = None

    def common_lexemes(self) -> list[str]:
        """Lexemes in more than COMMON_LEXEME_SHARE of chunks, from pg_stats (empty before ANALYZE and
        below COMMON_MIN_CHUNKS chunks); read once per Retriever."""
        if self._common is None:
            row = self.conn.execute(
                "SELECT most_common_elems::text::text[], most_common_elem_freqs FROM pg_stats"
                " WHERE schemaname = current_schema() AND tablename = 'chunks' AND attname = 'tsv'"
                " AND (SELECT reltuples FROM pg_class WHERE oid = 'chunks'::regclass) >= %s",
                (COMMON_MIN_CHUNKS,)).fetchone()
            elems, freqs = (row[0] or [], row[1] or []) if row else ([], [])
            self._common = [e for e, fr in zip(elems, freqs, strict=False) if fr > COMMON_LEXEME_SHARE]
        return self._common

    def retrieve(self, question: str, k: int = 5, *, filters: Filters | None = None,
                 with_facts: bool = True) -> Result:
        """Top ``k`` chunks for ``question``. ``filters`` overrides extraction (the chat's follow-ups)."""
        t0 = time.perf_counter()
        f = filters or self.extractor.extract(question)
        t1 = time.perf_counter()
        qvec = self.embedder.embed_query(f.text_query or question) if "vector" in self.channels else None
        t2 = time.perf_counter()
        if len(f.companies) > 1:
            groups = []
            for company in f.companies:
                sub = replace(f, companies=[company], relaxed=[])
                groups.append(self._ranked(sub, qvec, k))
                f.relaxed.extend(r for r in sub.relaxed if r not in f.relaxed)
            hits = interleave(groups, k)
        else:
            hits = self._ranked(f, qvec, k)
        for i, h in enumerate(hits, start=1):
            h.rank = i
        self._fill(hits)
        t3 = time.perf_counter()
        facts: list[Any] = []
        if with_facts and f.companies and f.metrics:
            from finchat.graph.query import facts as read_facts

            facts = read_facts(self.conn, f.companies, f.metrics, f.years, list(f.quarters), limit=12)
            if not facts and hits:
                # the scope was relaxed (or the period is in another filing): facts of the filings used
                facts = read_facts(self.conn, f.companies, f.metrics, documents=sorted({h.document for h in hits}),
                                   limit=12)
        t4 = time.perf_counter()
        ms = {"filters": (t1 - t0) * 1000, "embed": (t2 - t1) * 1000, "retrieve": (t3 - t2) * 1000,
              "facts": (t4 - t3) * 1000, "total": (t4 - t0) * 1000}
        return Result(question, f, hits, facts, {k_: round(v, 2) for k_, v in ms.items()})

    def _ranked(self, f: Filters, qvec: np.ndarray | None, k: int) -> list[Hit]:
        channels = self.raw_channels(f, qvec)
        use_page = self.page_weight > 0 and qvec is not None and "vector" in self.channels
        if not (self.per_page or use_page):
            return rank(channels, self.weights, self.fusion, k)
        ids = {cid for c in channels.values() for cid in c}
        pages, page_scores = self.pages_of(ids, qvec if use_page else None)
        return rank(channels, self.weights, self.fusion, k, pages, self.per_page, page_scores, self.page_weight)

    def pages_of(self, ids: set[int], qvec: np.ndarray | None = None
                 ) -> tuple[dict[int, tuple[int, int]], dict[int, float]]:
        """(document id, first page) of each chunk id, for page diversity; with ``qvec`` also the cosine
        between it and the mean embedding of the chunks covering that page (see PAGE_WEIGHT). One query."""
        if not ids:
            return {}, {}
        if qvec is None:
            rows = self.conn.execute("SELECT id, document_id, page_start, NULL FROM chunks WHERE id = ANY(%s)",
                                     (list(ids),)).fetchall()
        else:
            rows = self.conn.execute(PAGE_SQL, {"ids": list(ids), "q": qvec}).fetchall()
        pages = {int(r[0]): (int(r[1]), int(r[2])) for r in rows}
        return pages, {int(r[0]): float(r[3]) for r in rows if r[3] is not None}

    def raw_channels(self, f: Filters, qvec: np.ndarray | None) -> dict[str, dict[int, float]]:
        """Each channel's raw candidate scores for one company scope (used by fusion and by tuning)."""
        docs, exact = scope_documents(self.conn, f)
        if not docs:
            return {}
        return self._channels(f, docs, exact, qvec)

    def _channels(self, f: Filters, docs: list[int], exact: list[int], qvec: np.ndarray | None) -> dict[str, dict[int, float]]:
        out: dict[str, dict[int, float]] = {}
        n = self.candidates
        want_v, want_t = "vector" in self.channels and qvec is not None, "text" in self.channels
        if want_v or want_t:
            small = len(docs) <= EXACT_SCAN_MAX_DOCS
            vec_sql = (
                # small scope: one distance per row of the scope, sorted (no index)
                "SELECT id, s FROM (SELECT id, 1 - (embedding <=> %(q)s) AS s FROM chunks"
                " WHERE document_id = ANY(%(docs)s) OFFSET 0) x ORDER BY s DESC, id LIMIT %(n)s"
                if small else
                "SELECT id, 1 - (embedding <=> %(q)s) AS s FROM chunks WHERE document_id = ANY(%(docs)s)"
                " ORDER BY embedding <=> %(q)s LIMIT %(n)s")
            parts = []
            if want_v:
                parts.append(f"SELECT 'vector' AS ch, id, s FROM ({vec_sql}) v")
            if want_t:
                parts.append(f"SELECT 'text' AS ch, id, s FROM ({TS_RANK_SQL}) t")
            params = {"q": qvec, "docs": docs, "n": n, "tq": expand_query(f.text_query or ""),
                      "skip": self.common_lexemes()}
            with self.conn.transaction():
                if want_v and not small:
                    self.conn.execute("SET LOCAL hnsw.ef_search = 200")
                    self.conn.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
                rows = self.conn.execute(" UNION ALL ".join(parts), params).fetchall()
            for ch, cid, s in rows:
                out.setdefault(ch, {})[int(cid)] = float(s)
        if "graph" in self.channels and (f.metrics or f.statements):
            from finchat.graph.query import graph_scores

            out["graph"] = graph_scores(self.conn, docs, f.metrics, exact or None, limit=n, statements=f.statements)
        return out

    def _fill(self, hits: list[Hit]) -> None:
        if not hits:
            return
        rows = self.conn.execute(
            "SELECT c.id, d.name, d.company_key, d.form, d.fiscal_year, d.fiscal_quarter, c.page_start, c.page_end,"
            " c.kind, c.section, c.text FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.id = ANY(%s)",
            ([h.chunk_id for h in hits],)).fetchall()
        by_id = {r[0]: r for r in rows}
        for h in hits:
            r = by_id.get(h.chunk_id)
            if r:
                (_, h.document, h.company, h.form, h.fiscal_year, h.fiscal_quarter, h.page_start, h.page_end,
                 h.kind, h.section, h.text) = r
            h.context = h.text
        split = [h for h in hits if h.kind == "table" and TABLE_PART.search(h.section)]
        if not split:
            return
        # the other parts of each split table: same document and section, consecutive ordinals
        parts = self.conn.execute(
            "SELECT h.id, p.text FROM chunks h JOIN chunks p ON p.document_id = h.document_id"
            " AND p.kind = 'table' AND p.ordinal BETWEEN h.ordinal - 20 AND h.ordinal + 20"
            " AND regexp_replace(p.section, %s, '') = regexp_replace(h.section, %s, '')"
            " WHERE h.id = ANY(%s) ORDER BY h.id, p.ordinal",
            (TABLE_PART.pattern, TABLE_PART.pattern, [h.chunk_id for h in split])).fetchall()
        whole: dict[int, list[str]] = {}
        for hid, text in parts:
            whole.setdefault(int(hid), []).append(str(text))
        for h in split:
            if len(whole.get(h.chunk_id, [])) > 1:
                h.context = "\n\n".join(whole[h.chunk_id])

"""Load: one document (row, chunks, vectors, graph) in one transaction, by binary COPY.

A per-document advisory lock makes two concurrent ``finchat ingest`` runs serialise on the same file;
the second then sees the first's sha256 and skips. Replacing a changed document deletes its old rows in
the same transaction, so readers see either the old version or the new one, never a mix.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import psycopg

from finchat.ingest.chunk import Chunk
from finchat.ingest.naming import DocMeta
from finchat.ingest.parse import outdated
from finchat.ingest.reading import store_reading
from finchat.ingest.xbrl import TaggedFact

#: Called inside the document's transaction after its chunks are in: (conn, document id, chunk ids
#: in ordinal order). The knowledge-graph builder hooks in here.
#: Runs inside the document's transaction after its chunks are loaded (the graph builder); may return
#: counts of what it added (``{"facts": 84, …}``), which the ingest report shows.
AfterLoad = Callable[[psycopg.Connection, int, list[int]], "dict[str, int] | None"]

HNSW_INDEX = "chunks_embedding_hnsw"
#: Index half-precision copies of the vectors (57 % of the float index's size). Off: recall@10 was 0.98 of the
#: float index's at 100k chunks but 0.89 at 1M (eval/bench_scale.py --both, README "Scale").
HNSW_HALFVEC = False
GIN_INDEX = "chunks_tsv_idx"


@dataclass(frozen=True)
class Loaded:
    document_id: int
    chunk_ids: list[int]
    graph: dict[str, int] | None = None  # what the after-load hook reported


def stored_version(conn: psycopg.Connection, name: str) -> tuple[str, str | None] | None:
    """(sha256, parser) recorded for document ``name``; None when not ingested."""
    row = conn.execute("SELECT sha256, parser FROM documents WHERE name = %s", (name,)).fetchone()
    return None if row is None else (str(row[0]), row[1])


def stored_sha(conn: psycopg.Connection, name: str, parser: str | None = None) -> str | None:
    """The sha256 recorded for document ``name`` (None when not ingested — or, given ``parser``, the
    current parser's version, when an older version of that parser read it: it is to be read again)."""
    row = stored_version(conn, name)
    if row is None or (parser is not None and outdated(row[1], parser)):
        return None
    return row[0]


def ensure_company(conn: psycopg.Connection, key: str, name: str | None) -> None:
    """Add a company the curated list does not know, so documents can reference it."""
    conn.execute("INSERT INTO companies (key, name) VALUES (%s, %s) ON CONFLICT (key) DO NOTHING",
                 (key, name or key.title()))


def load_document(conn: psycopg.Connection, meta: DocMeta, *, source_path: str, sha256: str, page_count: int,
                  parser: str, chunks: Sequence[Chunk], vectors: np.ndarray, force: bool = False,
                  after: AfterLoad | None = None, tagged: Sequence[TaggedFact] | None = None) -> Loaded | None:
    """Replace document ``meta.name`` with this version, atomically. None when, under the lock, the
    stored version turns out to be this very file (another run loaded it meanwhile) and not ``force``.

    Any exception (including one from ``after``) rolls everything back: no trace of the new version, the
    old one intact.
    """
    if len(chunks) != len(vectors):
        raise ValueError(f"{len(chunks)} chunks but {len(vectors)} vectors")
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 7))", (meta.name,))
        if not force and stored_sha(conn, meta.name, parser) == sha256:
            return None
        if meta.company_key:
            ensure_company(conn, meta.company_key, meta.company_name)
        conn.execute("DELETE FROM documents WHERE name = %s", (meta.name,))
        row = conn.execute(
            "INSERT INTO documents (name, source_path, sha256, company_key, form, fiscal_year, fiscal_quarter,"
            " period_end, page_count, parser) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s) RETURNING id",
            (meta.name, source_path, sha256, meta.company_key, meta.form, meta.fiscal_year, meta.fiscal_quarter,
             meta.period_end, page_count, parser)).fetchone()
        assert row is not None
        doc_id = int(row[0])
        with conn.cursor() as cur, cur.copy(
                "COPY chunks (document_id, ordinal, page_start, page_end, section, kind, text, embed_text, embedding)"
                " FROM STDIN WITH (FORMAT BINARY)") as copy:
            copy.set_types(["int8", "int4", "int4", "int4", "text", "text", "text", "text", "vector"])
            for ch, vec in zip(chunks, vectors, strict=True):
                copy.write_row((doc_id, ch.ordinal, ch.page_start, ch.page_end, ch.section, ch.kind,
                                clean_text(ch.text), clean_text(ch.embed_text), vec))
        ids = [int(r[0]) for r in conn.execute(
            "SELECT id FROM chunks WHERE document_id = %s ORDER BY ordinal", (doc_id,)).fetchall()]
        store_reading(conn, doc_id, meta)
        store_page_vectors(conn, [doc_id])
        if tagged:
            store_tagged_facts(conn, doc_id, tagged)
        graph = after(conn, doc_id, ids) if after is not None else None
    return Loaded(doc_id, ids, graph)


#: A page's context vector sums the chunks covering it that start at most this many pages before it (the
#: bound lets retrieval's fallback serve the range from chunks_page_idx; 99.95 % of FinanceBench chunks
#: span at most 2 pages). Retrieval's fallback (retrieve/statements.py CONTEXT_SQL) uses the same bound.
MAX_CHUNK_PAGES = 8
PAGE_VECTORS_SQL = (
    "INSERT INTO page_vectors (document_id, page, embedding)"
    " SELECT c.document_id, p.page, sum(c.embedding) FROM chunks c"
    f" CROSS JOIN LATERAL generate_series(c.page_start, least(c.page_end, c.page_start + {MAX_CHUNK_PAGES - 1}))"
    " AS p (page) WHERE c.embedding IS NOT NULL AND (%(all)s OR c.document_id = ANY(%(docs)s))"
    " GROUP BY 1, 2")


def store_tagged_facts(conn: psycopg.Connection, doc_id: int, facts: Sequence[TaggedFact]) -> int:
    """Write a filing's inline-XBRL facts (binary COPY); returns how many."""
    from psycopg.types.json import Jsonb

    from finchat.ingest.xbrl import member_words, metric_of

    with conn.cursor() as cur, cur.copy(
            "COPY xbrl_facts (document_id, concept, value, unit, scale, decimals, period_start, period_end,"
            " dimensions, members_text, page, printed, metric) FROM STDIN WITH (FORMAT BINARY)") as copy:
        copy.set_types(["int8", "text", "float8", "text", "int2", "int2", "date", "date", "jsonb", "text", "int4",
                        "text", "text"])
        for f in facts:
            copy.write_row((doc_id, f.concept, f.value, f.unit, f.scale, f.decimals, f.start, f.end,
                            Jsonb([list(d) for d in f.dimensions]),
                            " ".join(member_words(m) for _, m in f.dimensions), f.page, f.printed,
                            None if f.dimensions else metric_of(f.concept)))
    return len(facts)


def store_page_vectors(conn: psycopg.Connection, docs: Sequence[int] | None) -> None:
    """(Re)write the page context vectors of the documents ``docs``, or of every document (None), from their
    chunks' embeddings (sql/011_page_vectors.sql). Runs in the caller's transaction."""
    params = {"all": docs is None, "docs": [int(d) for d in docs or []]}
    conn.execute("DELETE FROM page_vectors WHERE %(all)s OR document_id = ANY(%(docs)s)", params)
    conn.execute(PAGE_VECTORS_SQL, params)


def store_missing_page_vectors(conn: psycopg.Connection) -> int:
    """Page context vectors for the stored documents that have none (filings stored before sql/011);
    returns how many documents were filled. Needs the embedding column (a model chosen)."""
    docs = [int(r[0]) for r in conn.execute(
        "SELECT d.id FROM documents d WHERE NOT EXISTS (SELECT 1 FROM page_vectors v WHERE v.document_id = d.id)"
    ).fetchall()]
    if docs:
        store_page_vectors(conn, docs)
    return len(docs)


def stored_vectors(conn: psycopg.Connection, name: str) -> dict[str, np.ndarray]:
    """The embedded text of document ``name``'s stored chunks and their vectors: a filing read again by newer
    chunking rules keeps the vectors of the chunks it cuts as before (the store holds one model's vectors, checked
    at every run). Empty when the filing is not stored."""
    rows = conn.execute("SELECT c.embed_text, c.embedding FROM chunks c JOIN documents d ON d.id = c.document_id"
                        " WHERE d.name = %s AND c.embedding IS NOT NULL", (name,)).fetchall()
    # (pgvector hands back its Vector type, or an array where numpy is registered)
    return {str(text): np.asarray(vec.to_numpy() if hasattr(vec, "to_numpy") else vec, dtype=np.float32)
            for text, vec in rows}


def clean_text(text: str) -> str:
    # Postgres text cannot hold NUL; PDFs occasionally contain them.
    return text.replace("\x00", "")


def delete_document(conn: psycopg.Connection, name: str, before: Callable[[psycopg.Connection, int], None] | None = None) -> bool:
    """Remove a document and everything hanging off it; False when there was none."""
    with conn.transaction():
        row = conn.execute("SELECT id FROM documents WHERE name = %s FOR UPDATE", (name,)).fetchone()
        if row is None:
            return False
        if before is not None:
            before(conn, int(row[0]))
        conn.execute("DELETE FROM documents WHERE id = %s", (row[0],))
    return True


def index_exists(conn: psycopg.Connection, name: str) -> bool:
    row = conn.execute("SELECT to_regclass(%s) IS NOT NULL", (f"public.{name}",)).fetchone()
    return bool(row and row[0])


def drop_bulk_indexes(conn: psycopg.Connection) -> None:
    """Drop the HNSW and GIN indexes before a large load (rebuilding once is faster than maintaining them)."""
    conn.execute(f"DROP INDEX IF EXISTS {HNSW_INDEX}")
    conn.execute(f"DROP INDEX IF EXISTS {GIN_INDEX}")
    conn.commit()


def hnsw_key(conn: psycopg.Connection) -> str:
    """The HNSW index's key and operator class: half-precision copies of the vectors when HNSW_HALFVEC
    (the stored vectors stay float32; exact scans and scores use them), else the vectors themselves."""
    if not HNSW_HALFVEC:
        return "embedding vector_cosine_ops"
    row = conn.execute("SELECT atttypmod FROM pg_attribute WHERE attrelid = 'chunks'::regclass"
                       " AND attname = 'embedding'").fetchone()
    dim = int(row[0]) if row else -1
    if dim <= 0:
        return "embedding vector_cosine_ops"
    return f"(embedding::halfvec({dim})) halfvec_cosine_ops"


def build_indexes(conn: psycopg.Connection) -> list[str]:
    """Create whichever of the HNSW and GIN indexes is missing, then ANALYZE. Returns those built.

    Two ingest runs finishing together would both see an index missing and race on its name in the
    catalog; a transaction-scoped advisory lock lets one build and the other find it built."""
    try:
        return _build_indexes(conn)
    except psycopg.errors.DataCorrupted as exc:
        if "missing chunk number" not in str(exc):
            raise
        # PostgreSQL bug #18351 (open in 17): after documents were deleted, a vacuum can remove their
        # TOAST data while CREATE INDEX, whose snapshot a transaction in *another* database holds back,
        # still reads the deleted rows. Vacuuming the table drops those rows; the build then succeeds.
        # Seen once here, with a benchmark's long transaction open in another database.
        conn.rollback()
        outside_transaction(conn, "VACUUM chunks")
        return _build_indexes(conn)


def _build_indexes(conn: psycopg.Connection) -> list[str]:
    built = []
    conn.execute("SELECT pg_advisory_xact_lock(hashtextextended('finchat:build_indexes', 7))")
    # A table lock makes this backend read the catalog changes made while it waited (an advisory lock does
    # not): without it, a worker that waited here saw the index another had just built as missing.
    conn.execute("LOCK TABLE chunks IN ACCESS SHARE MODE")
    if not index_exists(conn, GIN_INDEX):
        conn.execute(f"CREATE INDEX {GIN_INDEX} ON chunks USING gin (tsv)")
        built.append(GIN_INDEX)
    has_rows = conn.execute("SELECT EXISTS (SELECT 1 FROM chunks)").fetchone()
    if not index_exists(conn, HNSW_INDEX) and has_rows and has_rows[0]:
        conn.execute(f"CREATE INDEX {HNSW_INDEX} ON chunks USING hnsw ({hnsw_key(conn)})")
        built.append(HNSW_INDEX)
    conn.commit()
    outside_transaction(conn, "ANALYZE documents", "ANALYZE chunks")
    return built


def outside_transaction(conn: psycopg.Connection, *statements: str) -> None:
    """Run maintenance statements that refuse a transaction block (VACUUM), or should not hold one open."""
    prev = conn.autocommit
    conn.autocommit = True
    try:
        for statement in statements:
            conn.execute(statement)
    finally:
        conn.autocommit = prev

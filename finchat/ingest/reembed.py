"""Switch a database to another embedding model without re-parsing a filing: `finchat reembed MODEL`.

Every chunk keeps the text it was embedded from (``embed_text``); this re-embeds those texts with the new
model into a side column, ``embedding_next``, a batch per transaction, while questions keep being
answered with the old vectors. When every chunk has its new vector, one short transaction swaps the
columns and records the new model; then the HNSW index is built again. An interrupted run (Ctrl-C, a
lost connection, kill -9) keeps the batches it committed and resumes from there; asking for a third
model starts the side column over. Chunks an ingest adds meanwhile (embedded with the old model) are
picked up by the loop, and the last of them inside the swap itself.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import psycopg
from psycopg import sql

from finchat.config import Settings
from finchat.db import migrate
from finchat.db.pool import connect, require_current_schema
from finchat.errors import EmbeddingModelError

#: Chunks embedded and written per transaction: ~10 s of CPU for bge-small on 2 cores, so an interrupt
#: loses little and progress moves often.
BATCH = 256
_NEXT_MODEL = "reembed_model"


@dataclass
class ReembedResult:
    model: str
    previous: str | None
    dim: int
    chunks: int  # embedded by this run
    resumed: int  # already embedded by an interrupted run
    seconds: float
    swapped: bool  # False: the database already used ``model``


def reembed(settings: Settings, model: str, *, batch: int = BATCH,
            progress: Callable[[int, int], None] | None = None) -> ReembedResult:
    """Re-embed every chunk with ``model`` and make it the database's embedding model.

    ``progress(done, total)`` hears the chunks with a new vector after each batch. Raises
    EmbeddingModelError when the model cannot be loaded, DatabaseUnavailable / DatabaseNotReady as any
    writer does. Nothing is changed for readers until the final swap."""
    from finchat.ingest.embed import cached, canonical_name

    t0 = time.perf_counter()
    name = canonical_name(model)
    conn = connect(settings.database_url)
    try:
        require_current_schema(conn)
        previous = migrate.get_meta(conn, "embed_model")
        conn.commit()
        if previous is None:
            raise EmbeddingModelError("no embedding model recorded yet; run `finchat db init` (FINCHAT_EMBED_MODEL "
                                      "chooses it) instead of reembed")
        if previous == name:
            return ReembedResult(name, previous, int(migrate.get_meta(conn, "embed_dim") or 0), 0, 0,
                                 time.perf_counter() - t0, False)
        encoder = cached(model, settings.embed_device)
        if not 1 <= encoder.dim <= 16000:
            raise EmbeddingModelError(f"embedding dimension {encoder.dim} of {name} is outside pgvector's 1..16000")
        resumed = _prepare(conn, name, encoder.dim)
        total_row = conn.execute("SELECT count(*) FROM chunks").fetchone()
        total = int(total_row[0]) if total_row else 0
        conn.commit()
        done = resumed
        if progress:
            progress(done, total)
        while True:
            n = _embed_batch(conn, encoder, batch)
            conn.commit()
            if not n:
                break
            done += n
            if progress:
                progress(min(done, total), max(total, done))
        _swap(conn, encoder, name)
        from finchat.ingest import load

        load.build_indexes(conn)
        return ReembedResult(name, previous, encoder.dim, done - resumed, resumed, time.perf_counter() - t0, True)
    finally:
        conn.close()


def _prepare(conn: psycopg.Connection, name: str, dim: int) -> int:
    """Create the side column for ``name`` (or keep an interrupted run's); returns the chunks it holds."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (migrate._LOCK_KEY,))
        pending = migrate.get_meta(conn, _NEXT_MODEL)
        has_col = conn.execute("SELECT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'chunks'::regclass"
                               " AND attname = 'embedding_next' AND NOT attisdropped)").fetchone()
        if has_col and has_col[0] and pending != f"{name}|{dim}":
            conn.execute("ALTER TABLE chunks DROP COLUMN embedding_next")  # another model's unfinished run
            has_col = (False,)
        if not (has_col and has_col[0]):
            # a type modifier cannot be a bind parameter; dim is a validated int rendered as a literal
            conn.execute(sql.SQL("ALTER TABLE chunks ADD COLUMN embedding_next vector({})").format(sql.Literal(dim)))
            conn.execute("ALTER TABLE chunks ALTER COLUMN embedding_next SET STORAGE PLAIN")
            conn.execute("INSERT INTO finchat_meta (key, value) VALUES (%s, %s) ON CONFLICT (key) DO UPDATE"
                         " SET value = EXCLUDED.value", (_NEXT_MODEL, f"{name}|{dim}"))
        row = conn.execute("SELECT count(*) FROM chunks WHERE embedding_next IS NOT NULL").fetchone()
    return int(row[0]) if row else 0


def _embed_batch(conn: psycopg.Connection, encoder, batch: int) -> int:  # type: ignore[no-untyped-def]
    """Embed up to ``batch`` chunks still without a new vector; returns how many (0: none left)."""
    rows = conn.execute("SELECT id, coalesce(embed_text, text) FROM chunks WHERE embedding_next IS NULL"
                        " ORDER BY id LIMIT %s", (batch,)).fetchall()
    if not rows:
        return 0
    vecs = encoder.embed([r[1] for r in rows])
    conn.execute("CREATE TEMP TABLE IF NOT EXISTS reembed_batch (id bigint, v vector) ON COMMIT DELETE ROWS")
    conn.execute("DELETE FROM reembed_batch")  # the swap runs several batches in one transaction
    with conn.cursor().copy("COPY reembed_batch (id, v) FROM STDIN WITH (FORMAT BINARY)") as cp:
        cp.set_types(["int8", "vector"])
        for (cid, _), v in zip(rows, vecs, strict=True):
            cp.write_row((cid, v))
    conn.execute("UPDATE chunks c SET embedding_next = b.v FROM reembed_batch b WHERE c.id = b.id")
    return len(rows)


def _swap(conn: psycopg.Connection, encoder, name: str) -> None:  # type: ignore[no-untyped-def]
    """Make the new vectors the embedding, in one transaction: readers see the old model or the new one."""
    from finchat.ingest.load import HNSW_INDEX

    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (migrate._LOCK_KEY,))
        conn.execute("LOCK TABLE chunks IN SHARE ROW EXCLUSIVE MODE")  # no ingest adds chunks from here on
        while _embed_batch(conn, encoder, BATCH):  # chunks an ingest stored since the loop ended
            pass
        conn.execute(f"DROP INDEX IF EXISTS {HNSW_INDEX}")
        conn.execute("ALTER TABLE chunks DROP COLUMN embedding")
        conn.execute("ALTER TABLE chunks RENAME COLUMN embedding_next TO embedding")
        from finchat.ingest.load import store_page_vectors

        store_page_vectors(conn, None)  # the pages' context vectors follow their chunks into the new model
        conn.execute("UPDATE finchat_meta SET value = %s WHERE key = 'embed_model'", (name,))
        conn.execute("UPDATE finchat_meta SET value = %s WHERE key = 'embed_dim'", (str(encoder.dim),))
        conn.execute("DELETE FROM finchat_meta WHERE key = %s", (_NEXT_MODEL,))

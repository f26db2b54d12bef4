"""Schema migrations: numbered SQL files in ``sql/``, each applied once, in its own transaction.

Applied versions are recorded in ``schema_migrations``; re-running is a no-op. A session-level advisory
lock keeps two concurrent ``finchat db init`` runs from applying the same file twice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import psycopg
from psycopg import sql

from finchat.errors import DatabaseNotReady, EmbeddingModelError

_MIGRATION_RE = re.compile(r"^(\d{3})_([a-z0-9_]+)\.sql$")
_LOCK_KEY = 0x46696E43  # "FinC": the advisory lock all schema changes take
#: How long one migration waits for the tables it changes (seconds) before giving up with the reason.
LOCK_TIMEOUT_S = 30.0


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    path: Path


def sql_dir() -> Path:
    """The migrations folder: inside the installed package, or ``sql/`` of a source checkout."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (here / "sql", here.parent / "sql"):
        if candidate.is_dir():
            return candidate
    raise DatabaseNotReady("finchat's sql/ migrations folder is missing from the installation; reinstall finchat")


def available(folder: Path | None = None) -> list[Migration]:
    """All migration files, in version order."""
    found = []
    for path in sorted((folder or sql_dir()).iterdir()):
        m = _MIGRATION_RE.match(path.name)
        if m:
            found.append(Migration(int(m.group(1)), m.group(2), path))
    return found


def applied(conn: psycopg.Connection) -> list[int]:
    """Versions already applied (empty when the table does not exist yet)."""
    with conn.cursor() as cur:
        cur.execute("SELECT to_regclass('public.schema_migrations') IS NOT NULL")
        row = cur.fetchone()
        if not row or not row[0]:
            return []
        cur.execute("SELECT version FROM public.schema_migrations ORDER BY version")
        return [r[0] for r in cur.fetchall()]


def versions(conn: psycopg.Connection) -> tuple[int, int]:
    """(newest version applied to this database — 0 before `db init`, newest version shipped)."""
    return max(applied(conn), default=0), max((m.version for m in available()), default=0)


def migrate(conn: psycopg.Connection, folder: Path | None = None) -> list[Migration]:
    """Apply pending migrations; return those applied now. Each file runs in one transaction."""
    if not conn.autocommit:
        conn.commit()
    conn.autocommit = True
    conn.execute("SELECT pg_advisory_lock(%s)", (_LOCK_KEY,))
    try:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS public.schema_migrations ("
            " version integer PRIMARY KEY, name text NOT NULL,"
            " applied_at timestamptz NOT NULL DEFAULT now())"
        )
        done = set(applied(conn))
        now: list[Migration] = []
        for mig in available(folder):
            if mig.version in done:
                continue
            body = mig.path.read_text(encoding="utf-8")
            try:
                with conn.transaction():
                    # A migration altering a table waits for every open transaction that read it, and
                    # while it waits every new reader queues behind it: give up rather than stall chats.
                    conn.execute(f"SET LOCAL lock_timeout = '{int(LOCK_TIMEOUT_S * 1000)}ms'")
                    # Migration files are trusted, static SQL shipped with finchat; they take no input.
                    conn.execute(body.encode())
                    conn.execute("INSERT INTO public.schema_migrations (version, name) VALUES (%s, %s)",
                                 (mig.version, mig.name))
            except psycopg.errors.LockNotAvailable:
                raise DatabaseNotReady(
                    f"migration {mig.version:03d}_{mig.name} waited {LOCK_TIMEOUT_S:.0f} s for a table another session "
                    "holds (a long transaction: an ingest or benchmark still running?); nothing was changed — run "
                    "`finchat db init` again once it ends") from None
            now.append(mig)
        return now
    finally:
        conn.execute("SELECT pg_advisory_unlock(%s)", (_LOCK_KEY,))
        conn.autocommit = False


def get_meta(conn: psycopg.Connection, key: str) -> str | None:
    """A value of ``finchat_meta`` (None when unset or before `db init`)."""
    with conn.cursor() as cur:
        cur.execute("SELECT to_regclass('public.finchat_meta') IS NOT NULL")
        row = cur.fetchone()
        if not row or not row[0]:
            return None
        cur.execute("SELECT value FROM finchat_meta WHERE key = %s", (key,))
        got = cur.fetchone()
    return None if got is None else str(got[0])


def set_embedding(conn: psycopg.Connection, model: str, dim: int) -> None:
    """Record the embedding model and give ``chunks`` its ``vector(dim)`` column, once.

    Raises EmbeddingModelError when the database already holds another model's vectors: mixing
    dimensions (or even two models of one dimension) would make similarity meaningless.
    """
    if not 1 <= dim <= 16000:
        raise EmbeddingModelError(f"embedding dimension {dim} of {model} is outside pgvector's 1..16000")
    with conn.transaction():
        # two `db init` at once: the second waits here, then finds the first one's model recorded
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_KEY,))
        _set_embedding_locked(conn, model, dim)


def _set_embedding_locked(conn: psycopg.Connection, model: str, dim: int) -> None:
    stored_model, stored_dim = get_meta(conn, "embed_model"), get_meta(conn, "embed_dim")
    if stored_model is not None:
        if stored_model != model or int(stored_dim or 0) != dim:
            raise EmbeddingModelError(
                f"this database was built with {stored_model} ({stored_dim} dims), not {model} ({dim} dims); "
                f"unset FINCHAT_EMBED_MODEL (or set it to {stored_model}), or start over with `finchat db init --reset`"
            )
        return
    # A type modifier cannot be a bind parameter; dim is a validated int rendered as a literal.
    conn.execute(sql.SQL("ALTER TABLE chunks ADD COLUMN IF NOT EXISTS embedding vector({})")
                 .format(sql.Literal(int(dim))))
    # inline, not TOAST: see sql/005_embedding_inline.sql
    conn.execute("ALTER TABLE chunks ALTER COLUMN embedding SET STORAGE PLAIN")
    conn.execute("INSERT INTO finchat_meta (key, value) VALUES ('embed_model', %s), ('embed_dim', %s)",
                 (model, str(dim)))


def reset(conn: psycopg.Connection) -> None:
    """Drop everything finchat derived from the filings (tables, graph) and the migration record. Used by
    `finchat db init --reset`. The market-data cache stays (sql/007 re-creates it only when missing)."""
    if not conn.autocommit:
        conn.commit()
    conn.autocommit = True
    conn.execute("SELECT pg_advisory_lock(%s)", (_LOCK_KEY,))
    try:
        with conn.transaction():
            for table in ("table_cells", "xbrl_facts", "edgar_filings", "printed_pages", "page_vectors", "chunks",
                          "documents", "companies", "finchat_meta", "llm_cache", "ingest_files", "schema_migrations"):
                conn.execute(sql.SQL("DROP TABLE IF EXISTS {} CASCADE").format(sql.Identifier(table)))
            has_age = conn.execute("SELECT to_regnamespace('ag_catalog') IS NOT NULL").fetchone()
            if has_age and has_age[0]:
                conn.execute(
                    "SELECT ag_catalog.drop_graph(name::text, true) FROM ag_catalog.ag_graph WHERE name = %s",
                    ("finchat_kg",))
    finally:
        conn.execute("SELECT pg_advisory_unlock(%s)", (_LOCK_KEY,))
        conn.autocommit = False

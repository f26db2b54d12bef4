"""Connections to the finchat database.

One :class:`psycopg_pool.ConnectionPool` per process (``get_pool``); its ``configure`` hook registers the
pgvector types and loads Apache AGE so every connection can run vector and Cypher queries. A dead or
misconfigured server surfaces as :class:`~finchat.errors.DatabaseUnavailable` with the command that fixes it.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import ConnectionPool, PoolTimeout

from finchat.config import Settings, load_settings
from finchat.errors import DatabaseNotReady, DatabaseUnavailable

START_HINT = "start it with `scripts/pg-local up` (or `docker compose up -d db`)"
GRAPH_NAME = "finchat_kg"

_pool: ConnectionPool | None = None
_pool_dsn: str | None = None
_lock = threading.Lock()


def describe(dsn: str) -> str:
    """``host:port/dbname`` of a DSN, for messages (never the password)."""
    try:
        parts = conninfo_to_dict(dsn)
    except psycopg.ProgrammingError:
        return "the configured database"
    host = parts.get("host") or parts.get("hostaddr") or "(libpq default host)"
    port = parts.get("port") or "5432"
    db = parts.get("dbname") or "(default db)"
    return f"{host}:{port}/{db}"


def unavailable(dsn: str, exc: BaseException) -> DatabaseUnavailable:
    """Turn a connection failure into a one-line error naming the fix."""
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    # libpq repeats the address the message already names: keep only its reason
    first = re.sub(r'^(?:connection failed: )?(?:connection to server at "[^"]*"(?: \([^)]*\))?, port \d+ failed: )?',
                   "", first).removeprefix("FATAL:").strip() or first
    low = first.lower()
    if "password authentication failed" in low or "role" in low and "does not exist" in low:
        fix = "check the user and password in FINCHAT_DATABASE_URL"
    elif "database" in low and "does not exist" in low:
        fix = "create it (`scripts/pg-local up` creates `finchat`) or fix the name in FINCHAT_DATABASE_URL"
    elif "not currently accepting connections" in low or "shutting down" in low or "starting up" in low:
        fix = "try again in a moment, or ask the database's administrator"
    else:
        fix = START_HINT
    return DatabaseUnavailable(f"cannot connect to Postgres at {describe(dsn)} ({first}); {fix}")


def configure(conn: psycopg.Connection) -> None:
    """Pool hook: load AGE and register pgvector's types on a fresh connection.

    Before `finchat db init` the extensions may be missing; the connection is then left plain and
    commands that need them fail later with :class:`DatabaseNotReady`.
    """
    from pgvector.psycopg import register_vector

    with conn.cursor() as cur:
        cur.execute("SELECT extname FROM pg_extension WHERE extname IN ('vector', 'age')")
        present = {row[0] for row in cur.fetchall()}
        if "age" in present:
            try:
                cur.execute("LOAD 'age'")
            except psycopg.errors.InsufficientPrivilege:
                # Non-superusers may not LOAD; with shared_preload_libraries=age it is loaded anyway.
                conn.rollback()
            cur.execute('SET search_path = public, ag_catalog, "$user"')
    if "vector" in present:
        register_vector(conn)
    conn.commit()


def connect(dsn: str | None = None, *, autocommit: bool = False) -> psycopg.Connection:
    """A single configured connection (for `db init`, tests and tools that must not share the pool)."""
    dsn = load_settings().database_url if dsn is None else dsn
    try:
        conn = psycopg.connect(dsn, connect_timeout=5)
    except psycopg.OperationalError as exc:
        raise unavailable(dsn, exc) from exc
    configure(conn)
    conn.autocommit = autocommit
    return conn


def get_pool(settings: Settings | None = None, *, max_size: int = 4) -> ConnectionPool:
    """The process-wide pool, opened on first use; raises DatabaseUnavailable when Postgres is down."""
    global _pool, _pool_dsn
    dsn = (settings or load_settings()).database_url
    with _lock:
        if _pool is not None and _pool_dsn == dsn:
            return _pool
        if _pool is not None:
            _pool.close()
        pool = ConnectionPool(dsn, min_size=1, max_size=max_size, configure=configure,
                              kwargs={"connect_timeout": 5}, open=False, name="finchat")
        try:
            pool.open(wait=True, timeout=6)
        except PoolTimeout as exc:
            pool.close()
            try:  # reproduce the real reason for the message
                psycopg.connect(dsn, connect_timeout=3).close()
            except psycopg.OperationalError as real:
                raise unavailable(dsn, real) from exc
            raise unavailable(dsn, exc) from exc
        _pool, _pool_dsn = pool, dsn
        return pool


def close_pool() -> None:
    """Close the process-wide pool (tests, and the end of a CLI command)."""
    global _pool, _pool_dsn
    with _lock:
        if _pool is not None:
            _pool.close()
        _pool, _pool_dsn = None, None


@contextmanager
def pooled(settings: Settings | None = None) -> Iterator[psycopg.Connection]:
    """A connection from the pool, committed on success and rolled back on error."""
    with get_pool(settings).connection() as conn:
        yield conn


def require_schema(conn: psycopg.Connection) -> None:
    """Raise DatabaseNotReady unless `finchat db init` has run on this database."""
    with conn.cursor() as cur:
        cur.execute("SELECT to_regclass('public.chunks') IS NOT NULL, to_regclass('public.finchat_meta') IS NOT NULL")
        row = cur.fetchone()
    if not row or not all(row):
        raise DatabaseNotReady(f"the database at {describe(conn.info.dsn)} has no finchat schema; run `finchat db init`")


def require_current_schema(conn: psycopg.Connection) -> None:
    """Raise DatabaseNotReady unless every migration shipped with this finchat is applied (writers need the
    newest tables; `finchat db init` applies the missing ones and keeps all data)."""
    from finchat.db import migrate

    require_schema(conn)
    have, want = migrate.versions(conn)
    conn.commit()
    if have < want:
        raise DatabaseNotReady(f"the database at {describe(conn.info.dsn)} has schema version {have:03d} and this "
                               f"finchat needs {want:03d}; run `finchat db init` (it keeps everything stored)")

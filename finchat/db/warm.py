"""`finchat db warm`: read the search indexes and the chunks into PostgreSQL's shared buffers.

A question over the whole corpus walks the HNSW index and reads its candidates' rows at random; when those
pages are not in shared buffers each one is a read from the OS cache or the disk. At 1M chunks (2 GB of HNSW
index) the unfiltered question's p95 was 1,054 ms on a cold machine, 150 ms with the files in the OS cache
and 43-56 ms after a restart with them prewarmed (eval/README.md, "First reads at 1M"). ``warm`` loads them with the pg_prewarm extension
(PostgreSQL contrib), the most used first, up to what the buffers can hold; with pg_prewarm in
``shared_preload_libraries`` (scripts/pg-local and the compose image) its autoprewarm worker writes the
buffers' list at shutdown and reads them back at start, so a restart keeps them warm.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import psycopg

from finchat.db.pool import GRAPH_NAME
from finchat.errors import DatabaseNotReady

#: Share of shared_buffers the warm-up may fill: the rest stays for sorts' spill, catalogs and other databases.
BUDGET_SHARE = 0.9

# Every relation of finchat's schemas (tables, indexes, the chunks' TOAST table) with what decides its place in
# the order: the index method, the table it belongs to, its size in bytes.
RELATIONS_SQL = """
SELECT c.oid, c.oid::regclass::text, c.relkind::text, coalesce(am.amname, ''), coalesce(t.relname, c.relname),
       pg_relation_size(c.oid)
  FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace
  LEFT JOIN pg_am am ON am.oid = c.relam AND c.relkind = 'i'
  LEFT JOIN pg_index i ON i.indexrelid = c.oid
  LEFT JOIN pg_class t ON t.oid = i.indrelid
 WHERE n.nspname = ANY(%(schemas)s) AND c.relkind IN ('r', 'i')
UNION ALL
SELECT x.oid, x.oid::regclass::text, 't', '', 'chunks', pg_relation_size(x.oid)
  FROM pg_class x WHERE x.oid = (SELECT reltoastrelid FROM pg_class WHERE oid = to_regclass('chunks'))
"""


@dataclass
class Warmed:
    relation: str
    bytes: int
    seconds: float


@dataclass
class WarmPlan:
    """What ``warm`` reads, in order, and what does not fit (relation, bytes)."""

    order: list[tuple[int, str, int]]
    skipped: list[tuple[str, int]]
    shared_buffers: int
    autoprewarm: bool


@dataclass
class WarmResult:
    plan: WarmPlan
    warmed: list[Warmed] = field(default_factory=list)


def _rank(relkind: str, method: str, table: str) -> int:
    """Order of use: the vector index (every wide question walks it at random), the full-text index, the page
    vectors and the chunks' small indexes (every question's candidates), the chunks themselves, their TOAST
    (long texts), then the rest (graph tables and indexes, filings)."""
    if table == "chunks" and method == "hnsw":
        return 0
    if table == "chunks" and method == "gin":
        return 1
    if table == "page_vectors" or (table == "chunks" and relkind == "i"):
        return 2
    if table == "chunks":
        return 3 if relkind == "r" else 4
    return 5


def shared_buffers(conn: psycopg.Connection) -> int:
    """The server's shared_buffers, in bytes."""
    row = conn.execute("SELECT setting::bigint * current_setting('block_size')::bigint FROM pg_settings"
                       " WHERE name = 'shared_buffers'").fetchone()
    assert row is not None
    return int(row[0])


def autoprewarm_on(conn: psycopg.Connection) -> bool:
    """True when pg_prewarm is preloaded with autoprewarm on (buffers kept across restarts)."""
    libs = str(conn.execute("SHOW shared_preload_libraries").fetchone()[0])  # type: ignore[index]
    if "pg_prewarm" not in [s.strip().strip('"') for s in libs.split(",")]:
        return False
    row = conn.execute("SELECT setting FROM pg_settings WHERE name = 'pg_prewarm.autoprewarm'").fetchone()
    return row is None or row[0] == "on"


def search_index_bytes(conn: psycopg.Connection) -> int:
    """Bytes of the chunks' vector (HNSW) and full-text (GIN) indexes: what shared buffers should hold."""
    row = conn.execute(
        "SELECT coalesce(sum(pg_relation_size(i.indexrelid)), 0) FROM pg_index i"
        " JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam"
        " WHERE i.indrelid = to_regclass('chunks') AND am.amname IN ('hnsw', 'gin')").fetchone()
    return int(row[0]) if row else 0


def plan(conn: psycopg.Connection, budget: int | None = None) -> WarmPlan:
    """The relations to read, most used first, while their sum stays within ``budget`` bytes (default
    BUDGET_SHARE of shared_buffers); a relation that does not fit is skipped, smaller later ones still go in.
    Raises DatabaseNotReady before `finchat db init`."""
    if conn.execute("SELECT to_regclass('chunks')").fetchone() == (None,):
        raise DatabaseNotReady("no finchat schema in this database; run `finchat db init`")
    buffers = shared_buffers(conn)
    room = int(buffers * BUDGET_SHARE) if budget is None else budget
    rows = conn.execute(RELATIONS_SQL, {"schemas": ["public", GRAPH_NAME]}).fetchall()
    rows = sorted((r for r in rows if int(r[5]) > 0), key=lambda r: (_rank(r[2], r[3], r[4]), int(r[5]), r[1]))
    order: list[tuple[int, str, int]] = []
    skipped: list[tuple[str, int]] = []
    for oid, name, _, _, _, size in rows:
        if int(size) <= room:
            order.append((int(oid), str(name), int(size)))
            room -= int(size)
        else:
            skipped.append((str(name), int(size)))
    return WarmPlan(order, skipped, buffers, autoprewarm_on(conn))


def ensure_extension(conn: psycopg.Connection) -> None:
    """CREATE EXTENSION pg_prewarm when the server has it. Raises DatabaseNotReady with the fix otherwise."""
    if conn.execute("SELECT 1 FROM pg_extension WHERE extname = 'pg_prewarm'").fetchone():
        return
    if not conn.execute("SELECT 1 FROM pg_available_extensions WHERE name = 'pg_prewarm'").fetchone():
        raise DatabaseNotReady("the server has no pg_prewarm extension (PostgreSQL contrib: the postgresql-17 "
                               "package and the compose image carry it); install it, or skip `finchat db warm`")
    try:
        with conn.transaction():
            conn.execute("CREATE EXTENSION IF NOT EXISTS pg_prewarm")
    except psycopg.errors.InsufficientPrivilege as exc:
        raise DatabaseNotReady("creating the pg_prewarm extension needs a superuser: run `CREATE EXTENSION "
                               "pg_prewarm` as one in this database, then `finchat db warm` again") from exc


def warm(conn: psycopg.Connection, *, budget: int | None = None,
         progress: Callable[[Warmed], None] | None = None) -> WarmResult:
    """Read the planned relations (``plan``) into shared buffers, one pg_prewarm call each, calling
    ``progress`` after each. Reads only: nothing stored changes (the extension is created if missing)."""
    ensure_extension(conn)
    conn.commit()
    result = WarmResult(plan(conn, budget))
    for oid, name, size in result.plan.order:
        t = time.perf_counter()
        conn.execute("SELECT pg_prewarm(%s::oid::regclass)", (oid,))
        done = Warmed(name, size, time.perf_counter() - t)
        result.warmed.append(done)
        if progress is not None:
            progress(done)
    conn.commit()
    return result

"""Claims: several `finchat ingest` workers splitting one folder through the database they share.

A worker claims a file by taking a session-level advisory lock on its document name — the same key the
loader's per-document transaction lock uses, so the claimant passes its own lock and anybody else waits.
The lock is the claim: it lives exactly as long as the worker's connection, so a worker killed mid-file
(kill -9, a lost machine) gives its file up the moment Postgres notices the connection is gone, and the
next worker to ask claims it again. Nothing half-written is ever visible, because each document is still
loaded in one transaction. The ``ingest_files`` table only records the claims for ``finchat ingest --status``.
"""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

import psycopg

from finchat.ingest.load import stored_sha

# The advisory-lock key of a document name; must equal the loader's (finchat/ingest/load.py).
_KEY = "hashtextextended(%s, 7)"

Outcome = Literal["mine", "busy", "stored"]


def worker_id() -> str:
    """``host:pid`` of this process: who holds a claim, as `finchat ingest --status` shows it."""
    return f"{socket.gethostname()}:{os.getpid()}"


def claim(conn: psycopg.Connection, name: str, *, source_path: str, sha256: str, pages: int,
          force: bool = False, worker: str | None = None, parser: str | None = None) -> Outcome:
    """Try to claim document ``name`` for this connection, without waiting.

    "busy": another worker holds it (try again later: it is finished, or freed when that worker dies);
    "stored": this very file (same sha256) is already stored — by another worker meanwhile — and not
    ``force`` (nor read by an older version of ``parser``): nothing to do, and no claim is held; "mine": claimed, until :func:`release`. Commits."""
    got = conn.execute(f"SELECT pg_try_advisory_lock({_KEY})", (name,)).fetchone()
    if not (got and got[0]):
        conn.commit()
        return "busy"
    if not force and stored_sha(conn, name, parser) == sha256:
        conn.execute(f"SELECT pg_advisory_unlock({_KEY})", (name,))
        conn.commit()
        return "stored"
    conn.execute(
        "INSERT INTO ingest_files (name, source_path, sha256, pages, state, worker, backend_pid)"
        " VALUES (%s, %s, %s, %s, 'claimed', %s, pg_backend_pid())"
        " ON CONFLICT (name) DO UPDATE SET source_path = EXCLUDED.source_path, sha256 = EXCLUDED.sha256,"
        " pages = EXCLUDED.pages, state = 'claimed', worker = EXCLUDED.worker, backend_pid = EXCLUDED.backend_pid,"
        " attempts = CASE WHEN ingest_files.state = 'claimed' AND ingest_files.sha256 = EXCLUDED.sha256"
        "                 THEN ingest_files.attempts + 1 ELSE 1 END,"
        " reason = '', claimed_at = now(), finished_at = NULL",
        (name, source_path, sha256, pages, worker or worker_id()))
    conn.commit()
    return "mine"


def mark_done(conn: psycopg.Connection, name: str) -> None:
    """Record ``name`` as done; called inside the document's own transaction, so the record and the
    stored rows commit together."""
    conn.execute("UPDATE ingest_files SET state = 'done', reason = '', finished_at = now() WHERE name = %s", (name,))


def release(conn: psycopg.Connection, name: str, *, failed: str | None = None) -> None:
    """Give up the claim on ``name``; with ``failed``, record it as failed with that reason. Commits."""
    if failed is not None:
        conn.execute("UPDATE ingest_files SET state = 'failed', reason = %s, finished_at = now() WHERE name = %s",
                     (failed[:500], name))
    conn.execute(f"SELECT pg_advisory_unlock({_KEY})", (name,))
    conn.commit()


@dataclass(frozen=True)
class FileState:
    name: str
    state: str            # claimed | abandoned | done | failed
    worker: str
    attempts: int
    pages: int
    reason: str
    claimed_at: datetime
    finished_at: datetime | None


def status(conn: psycopg.Connection) -> list[FileState]:
    """Every file a worker has claimed, newest first. A "claimed" row whose advisory lock nobody holds any
    more is reported "abandoned": its worker died, and the next `finchat ingest` claims it again."""
    rows = conn.execute(
        "SELECT f.name, f.state, f.worker, f.attempts, f.pages, f.reason, f.claimed_at, f.finished_at,"
        " EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1"
        "   AND l.classid = ((hashtextextended(f.name, 7) >> 32) & 4294967295)::oid"
        "   AND l.objid = (hashtextextended(f.name, 7) & 4294967295)::oid)"
        " FROM ingest_files f ORDER BY f.claimed_at DESC, f.name").fetchall()
    conn.commit()
    return [FileState(r[0], "abandoned" if r[1] == "claimed" and not r[8] else r[1], r[2], int(r[3]), int(r[4]),
                      r[5], r[6], r[7]) for r in rows]

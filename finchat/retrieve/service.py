"""One object that serves questions for `ask`, `chat` and the evaluations: the database connection, the
embedder (loaded once) and the retriever, plus JSON and plain-text rendering of a result."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import psycopg

from finchat.config import Settings
from finchat.retrieve.hybrid import Result, Retriever

T = TypeVar("T")


@dataclass
class Service:
    conn: psycopg.Connection
    retriever: Retriever
    dsn: str = ""

    @classmethod
    def open(cls, settings: Settings, *, weights: tuple[float, float, float] | None = None, fusion: str = "minmax",
             channels: tuple[str, ...] = ("vector", "text", "graph")) -> Service:
        """Connect, check the schema and the embedding model choice, load the model. Raises DatabaseUnavailable,
        DatabaseNotReady, EmbeddingModelError with the fix."""
        from finchat.db.admin import check_model_choice
        from finchat.db.pool import connect, require_schema
        from finchat.errors import DatabaseNotReady
        from finchat.ingest.encoder import query_encoder

        conn = connect(settings.database_url, autocommit=True)
        require_schema(conn)
        model = check_model_choice(conn, settings)
        if model is None:
            raise DatabaseNotReady("no embedding model recorded; run `finchat db init`")
        emb = query_encoder(model) if "vector" in channels else None
        return cls(conn, Retriever(conn, emb, weights=weights or settings.weights, fusion=fusion, channels=channels),
                   settings.database_url)

    def call(self, fn: Callable[[], T]) -> T:
        """Run ``fn`` (which uses this service's connection). When the connection turns out to be lost —
        the server restarted, the backend was terminated — reconnect once and run it again, so the analyst
        never sees a stale connection. Raises DatabaseUnavailable (one line, with the fix) when the database
        cannot be reached; the service stays usable and reconnects on the next call."""
        try:
            return fn()
        except (psycopg.OperationalError, psycopg.InterfaceError):
            pass
        self.reconnect()
        try:
            return fn()
        except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
            from finchat.db.pool import unavailable

            raise unavailable(self.dsn, exc) from exc

    def reconnect(self) -> None:
        """Replace the connection (the retriever's too). Raises DatabaseUnavailable when Postgres is down."""
        from finchat.db.pool import connect

        try:
            self.conn.close()
        except psycopg.Error:
            pass
        self.conn = connect(self.dsn or None, autocommit=True)
        self.retriever.conn = self.conn

    def retrieve(self, question: str, k: int = 5, **kwargs: Any) -> Result:
        """:meth:`Retriever.retrieve` through :meth:`call` (one transparent reconnect)."""
        return self.call(lambda: self.retriever.retrieve(question, k, **kwargs))

    def close(self) -> None:
        self.conn.close()


def result_json(res: Result, answer: str | None = None) -> dict[str, Any]:
    """The `finchat ask --json` object (field names are a contract with the evaluations)."""
    return {"question": res.question, "filters": res.filters.as_json(),
            "chunks": [h.as_json() for h in res.hits],
            "facts": [f.as_json() | {"line": f.shown()} for f in res.facts],
            "answer": answer, "missing_companies": res.missing, "notice": res.notice or None,
            "timings_ms": res.timings_ms}


def render_plain(res: Result, *, max_chars: int = 700) -> str:
    """The no-LLM answer: matching graph facts, then the top passages, each with its citation."""
    lines: list[str] = []
    f = res.filters
    scope = [", ".join(f.companies) or "all companies"]
    if f.years:
        scope.append(", ".join(map(str, f.years)))
    if f.quarters:
        scope.append(", ".join(f.quarters))
    if res.notice:
        lines.append(res.notice)
        if not res.hits:
            return "\n".join(lines)
    lines.append(f"Scope: {' / '.join(scope)}" + (f"  (relaxed: {'; '.join(f.relaxed)})" if f.relaxed else ""))
    if res.facts:
        lines.append("")
        lines.append("Facts from the financial statements:")
        lines.extend(f"  • {fact.shown()}" for fact in res.facts)
    if not res.hits:
        lines.append("")
        lines.append("No passages found. Is anything ingested? (`finchat db status`)")
    for h in res.hits:
        lines.append("")
        lines.append(f"[{h.rank}] {h.citation()} — {h.section or h.kind}")
        body = h.text if len(h.text) <= max_chars else h.text[:max_chars].rsplit(" ", 1)[0] + " …"
        lines.extend("    " + ln for ln in body.splitlines())
    return "\n".join(lines)

"""One object that serves questions for `ask`, `chat` and the evaluations: the database connection, the
embedder (loaded once) and the retriever, plus JSON and plain-text rendering of a result."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import psycopg

from finchat.config import Settings
from finchat.retrieve.hybrid import Result, Retriever


@dataclass
class Service:
    conn: psycopg.Connection
    retriever: Retriever

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
        return cls(conn, Retriever(conn, emb, weights=weights or settings.weights, fusion=fusion, channels=channels))

    def close(self) -> None:
        self.conn.close()


def result_json(res: Result, answer: str | None = None) -> dict[str, Any]:
    """The `finchat ask --json` object (field names are a contract with the evaluations)."""
    return {"question": res.question, "filters": res.filters.as_json(),
            "chunks": [h.as_json() for h in res.hits],
            "facts": [f.as_json() | {"line": f.shown()} for f in res.facts],
            "answer": answer, "timings_ms": res.timings_ms}


def render_plain(res: Result, *, max_chars: int = 700) -> str:
    """The no-LLM answer: matching graph facts, then the top passages, each with its citation."""
    lines: list[str] = []
    f = res.filters
    scope = [", ".join(f.companies) or "all companies"]
    if f.years:
        scope.append(", ".join(map(str, f.years)))
    if f.quarters:
        scope.append(", ".join(f.quarters))
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

"""One object that serves questions for `ask`, `chat` and the evaluations: the database connection, the
embedder (loaded once) and the retriever, plus JSON and plain-text rendering of a result."""

from __future__ import annotations

import re
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
             channels: tuple[str, ...] = ("vector", "text", "graph"), rerank: bool = True,
             writes: bool = False) -> Service:
        """Connect, check the schema and the embedding model choice, load the model. Raises DatabaseUnavailable,
        DatabaseNotReady, EmbeddingModelError with the fix.

        Questions are read from FINCHAT_READ_DATABASE_URL (a replica) when it is set; ``writes`` (a caller
        that also stores something, e.g. market data) keeps to the primary."""
        from finchat.db.admin import check_model_choice
        from finchat.db.pool import connect, require_current_schema
        from finchat.errors import DatabaseNotReady
        from finchat.ingest.encoder import query_encoder

        dsn = settings.database_url if writes else settings.query_url
        conn = connect(dsn, autocommit=True)
        require_current_schema(conn)
        model = check_model_choice(conn, settings)
        if model is None:
            raise DatabaseNotReady("no embedding model recorded; run `finchat db init`")
        emb = query_encoder(model) if "vector" in channels else None
        return cls(conn, Retriever(conn, emb, weights=weights or settings.weights, fusion=fusion, channels=channels,
                                   rerank=rerank, side=lambda: connect(dsn, autocommit=True)), dsn)

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
        self.retriever.reset_side()
        self.conn = connect(self.dsn or None, autocommit=True)
        self.retriever.conn = self.conn

    def retrieve(self, question: str, k: int = 5, **kwargs: Any) -> Result:
        """:meth:`Retriever.retrieve` through :meth:`call` (one transparent reconnect)."""
        return self.call(lambda: self.retriever.retrieve(question, k, **kwargs))

    def answer(self, res: Result) -> Any:
        """The direct answer to a retrieval result (answer/compose.py), through :meth:`call`. When it needs
        prose passages the ranking did not put on top, it asks for the scope's best prose (the same filters
        without the metric and statement routing that favour tables)."""
        from dataclasses import replace

        from finchat.answer.compose import compose

        def prose() -> list[Any]:
            f = replace(res.filters, metrics=[], statements=[], relaxed=[])
            return [h for h in self.retriever.retrieve(res.question, 10, filters=f, with_facts=False).hits
                    if h.kind == "text"]

        return self.call(lambda: compose(self.conn, res, prose))

    def close(self) -> None:
        self.retriever.close()
        self.conn.close()


def result_json(res: Result, llm_answer: str | None = None, direct: Any = None,
                unsupported: list[str] | None = None) -> dict[str, Any]:
    """The `finchat ask --json` object (field names are a contract with the evaluations). ``answer`` is the
    direct answer, followed by the LLM's text as its explanation when an LLM answered (``answer_source``
    then "facts+llm" / "passages+llm"; "llm" when the direct answer said nothing); ``llm_answer`` is the
    LLM's own text and ``llm_flags`` where it contradicts the direct answer; ``computed`` lists the derived
    figures with their inputs either way."""
    from finchat.chat.answer import combined, contradictions

    out = {"question": res.question, "filters": res.filters.as_json(),
           "chunks": [h.as_json() for h in res.hits],
           "facts": [f.as_json() | {"line": f.shown()} for f in res.facts],
           "answer": None, "answer_source": None, "computed": [], "direct_answer": None, "llm_answer": None,
           "llm_flags": [],
           "unsupported_figures": unsupported or [],
           "missing_companies": res.missing, "notice": res.notice or None, "timings_ms": res.timings_ms}
    if direct is not None:
        out |= direct.as_json()
        out["direct_answer"] = direct.text
    if llm_answer is not None:
        out["answer"] = combined(direct, llm_answer)
        first = direct.source if direct is not None and direct.source != "none" and direct.text.strip() else ""
        out["answer_source"] = f"{first}+llm" if first else "llm"
        out["llm_answer"], out["llm_flags"] = llm_answer, contradictions(llm_answer, direct)
    return out


def snippet_lines(res: Result, n: int = 3, width: int = 150, answer: Any = None) -> list[str]:
    """Up to ``n`` short cited snippets: "[1] APPLE_2023Q3_10Q p.4 — Statements of operations: Net sales …";
    the passages holding the figures ``answer`` states come first."""
    figures = answer.figures if answer is not None else []
    refs = {(f.document, f.page): f.page_ref() for f in figures}
    cited = list(dict.fromkeys((f.document, f.page) for f in figures))
    first = [h for d, p in cited for h in res.hits if h.document == d and h.page_start <= p <= h.page_end]
    quoted = list(answer.quoted) if answer is not None else []
    ordered = list({h.chunk_id: h for h in [*quoted, *first, *res.hits]}.values())
    lines = [f"  {d} {refs[(d, p)]} (statement figures)" for d, p in cited
             if not any(h.document == d and h.page_start <= p <= h.page_end for h in res.hits)][:n]
    ranked = {h.chunk_id for h in res.hits}
    for h in ordered[:max(0, n - len(lines))]:
        section = (h.section.split(" > ")[-1] if h.section else h.kind)[:60]
        flat = " ".join(re.sub(r"[|*_#]+", " ", h.text).split())
        body = flat if len(flat) <= width else flat[:width].rsplit(" ", 1)[0] + " …"
        # "+": a prose passage the answer quotes from beyond the ranked top k
        lines.append(f"  [{h.rank if h.chunk_id in ranked else '+'}] {h.citation()} — {section}: {body}")
    return lines


def render_answer(res: Result, answer: Any, *, verbose: bool = False) -> str:
    """What `finchat ask` prints without an LLM: the scope, the direct answer, then a few short cited
    snippets (``verbose``: the facts and the full passages instead)."""
    if not res.hits:
        return str(answer.text)
    lines = ([res.notice] if res.notice else []) + [str(answer.text), ""]
    if verbose:
        return "\n".join(lines + [render_plain(res)])
    lines += [_scope_line(res), "Sources:", *snippet_lines(res, answer=answer), "(the full passages: --verbose)"]
    return "\n".join(lines)


def _scope_line(res: Result) -> str:
    f = res.filters
    scope = [", ".join(f.companies) or "all companies"]
    if f.years:
        scope.append(", ".join(map(str, f.years)))
    if f.quarters:
        scope.append(", ".join(f.quarters))
    return f"Scope: {' / '.join(scope)}" + (f"  (relaxed: {'; '.join(f.relaxed)})" if f.relaxed else "")


def render_plain(res: Result, *, max_chars: int = 700) -> str:
    """The no-LLM answer: matching graph facts, then the top passages, each with its citation."""
    lines: list[str] = []
    if res.notice:
        lines.append(res.notice)
        if not res.hits:
            return "\n".join(lines)
    lines.append(_scope_line(res))
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

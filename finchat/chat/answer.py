"""Non-interactive answers (`finchat ask`): the LLM's answer with its sources and a check of its figures,
or None to fall back to the direct answer."""

from __future__ import annotations

import sys
from typing import Any

from finchat.answer.check import unsupported_figures
from finchat.chat.llm import stream_chat
from finchat.chat.prompt import build_messages, cited
from finchat.errors import LLMUnavailable


def sources_footer(answer: str, hits: list[Any]) -> str:
    """"Sources: [1] APPLE_2023Q3_10Q p.4 …" for the sources the answer cites (all, when it cites none)."""
    nums = cited(answer, len(hits)) or list(range(1, len(hits) + 1))
    return "Sources:\n" + "\n".join(f"  [{n}] {hits[n - 1].citation()}" for n in nums)


def check_llm(text: str, res: Any, direct: Any = None) -> list[str]:
    """Figures the LLM stated that appear in no passage, fact, computed figure or the question."""
    sources = [res.question, *(getattr(h, "context", "") or h.text for h in res.hits), *(f.shown() for f in res.facts)]
    values: list[float] = []
    if direct is not None:
        sources.append(direct.text)
        values = [c.value for c in direct.computed]
    return unsupported_figures(text, sources, values)


def flag_line(flagged: list[str]) -> str:
    return f"Not found in the sources: {', '.join(flagged)} — check these figures before using them." if flagged else ""


def answer_once(settings: Any, res: Any, direct: Any = None) -> tuple[str, list[str]] | None:
    """(the whole answer plus its sources and any flagged figures, the flagged figures); None (after one
    line on stderr) when Ollama cannot answer."""
    messages = build_messages(res.question, res.hits, res.facts, computed=direct.text if direct is not None else "")
    try:
        text = "".join(stream_chat(settings.ollama_host, settings.llm_model, messages, timeout=settings.llm_timeout))
    except LLMUnavailable as exc:
        print(f"note: {exc} — answering from the filings without an LLM", file=sys.stderr)
        return None
    flagged = check_llm(text, res, direct)
    out = text.strip() + "\n\n" + sources_footer(text, res.hits)
    return (out + ("\n" + flag_line(flagged) if flagged else "")), flagged

"""Non-interactive answers (`finchat ask`): the LLM's answer with its sources, or None to fall back."""

from __future__ import annotations

import sys
from typing import Any

from finchat.chat.llm import stream_chat
from finchat.chat.prompt import build_messages, cited
from finchat.errors import LLMUnavailable


def sources_footer(answer: str, hits: list[Any]) -> str:
    """"Sources: [1] APPLE_2023Q3_10Q p.4 …" for the sources the answer cites (all, when it cites none)."""
    nums = cited(answer, len(hits)) or list(range(1, len(hits) + 1))
    return "Sources:\n" + "\n".join(f"  [{n}] {hits[n - 1].citation()}" for n in nums)


def answer_once(settings: Any, res: Any) -> str | None:
    """The whole answer plus its sources; None (after one line on stderr) when Ollama cannot answer."""
    messages = build_messages(res.question, res.hits, res.facts)
    try:
        text = "".join(stream_chat(settings.ollama_host, settings.llm_model, messages))
    except LLMUnavailable as exc:
        print(f"note: {exc} — answering from the filings without an LLM", file=sys.stderr)
        return None
    return text.strip() + "\n\n" + sources_footer(text, res.hits)

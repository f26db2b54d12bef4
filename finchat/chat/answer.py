"""Non-interactive answers (`finchat ask`): the direct answer first, the LLM's text after it as the
explanation, with its sources, a check of its figures and of where it contradicts the direct answer — or None
to fall back to the direct answer alone."""

from __future__ import annotations

import sys
from typing import Any

from finchat.answer.check import unsupported_figures
from finchat.answer.verdict import parse_answer
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


def contradictions(llm_text: str, direct: Any) -> list[str]:
    """Where the LLM's text contradicts the direct answer built from the filings' figures: a refusal where
    the direct answer states figures, or the opposite yes/no verdict."""
    if direct is None or direct.source == "none":
        return []
    out = []
    theirs = parse_answer(llm_text)
    if direct.source == "facts" and theirs == "refusal":
        out.append("the LLM says the filings do not answer this; the figures above come from them")
    mine = parse_answer(direct.text)
    if mine in ("yes", "no") and theirs in ("yes", "no") and mine != theirs:
        out.append(f"the LLM's verdict ({theirs.capitalize()}) is the opposite of the filings' figures "
                   f"({mine.capitalize()})")
    return out


def combined(direct: Any, llm_text: str) -> str:
    """The answer an analyst reads: the direct answer's verdict and figures first, the LLM's text after it as
    the explanation; the LLM's text alone only when the direct answer says nothing."""
    text = llm_text.strip()
    if direct is None or direct.source == "none" or not direct.text.strip():
        return text
    return f"{direct.text.strip()}\n\nExplanation (LLM): {text}"


def answer_once(settings: Any, res: Any, direct: Any = None) -> tuple[str, list[str], str] | None:
    """(the whole answer — the direct answer first, the LLM's explanation after it, the sources, any flagged
    figures or contradictions —, the flagged figures, the LLM's own text); None (after one line on stderr)
    when Ollama cannot answer."""
    messages = build_messages(res.question, res.hits, res.facts, computed=direct.text if direct is not None else "")
    try:
        text = "".join(stream_chat(settings.ollama_host, settings.llm_model, messages, timeout=settings.llm_timeout))
    except LLMUnavailable as exc:
        print(f"note: {exc} — answering from the filings without an LLM", file=sys.stderr)
        return None
    flagged = check_llm(text, res, direct)
    against = contradictions(text, direct)
    out = combined(direct, text) + "\n\n" + sources_footer(text, res.hits)
    out += "".join(f"\nFlagged: {c}." for c in against)
    return (out + ("\n" + flag_line(flagged) if flagged else "")), flagged, text

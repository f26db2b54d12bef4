"""Conversation state: follow-up questions keep the previous scope.

After "What was Apple's revenue in Q3 2023?", "and net income?" keeps Apple and Q3 2023 (it names no
company or period); "what about Microsoft?" swaps the company and keeps the period and the metric. What
was carried over is reported so the analyst sees the scope used.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from finchat.retrieve.filters import Filters


@dataclass
class ChatState:
    last: Filters | None = None
    last_hits: list[Any] = field(default_factory=list)
    last_facts: list[Any] = field(default_factory=list)
    last_timings: dict[str, float] = field(default_factory=dict)
    last_question: str = ""
    k: int = 5

    def reset(self) -> None:
        self.last, self.last_hits, self.last_facts, self.last_timings, self.last_question = None, [], [], {}, ""


def follow_up(new: Filters, prev: Filters | None) -> tuple[Filters, list[str]]:
    """``new`` completed from ``prev`` where the new question is silent; returns (filters, carried labels)."""
    if prev is None:
        return new, []
    carried: list[str] = []
    out = replace(new, relaxed=[])
    if not new.companies and prev.companies:
        out.companies = list(prev.companies)
        carried.append("company " + ", ".join(prev.companies))
    if not new.years and not new.quarters and (prev.years or prev.quarters):
        out.years, out.quarters = list(prev.years), list(prev.quarters)
        if prev.years:
            carried.append("year " + ", ".join(map(str, prev.years)))
        if prev.quarters:
            carried.append("quarter " + ", ".join(prev.quarters))
    if not new.forms and prev.forms and not new.years:
        out.forms = list(prev.forms)
    if not new.metrics and prev.metrics:
        out.metrics, out.statements = list(prev.metrics), list(prev.statements)
        carried.append("metric " + ", ".join(prev.metrics))
        # "what about Microsoft?" has nothing to search for by itself: reuse the previous topic.
        out.text_query = (new.text_query + " " + prev.text_query).strip()
    return out, carried

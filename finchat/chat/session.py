"""Conversation state, and the rules by which a follow-up question borrows scope from the one before.

An analyst's question either stands alone or leans on the previous one. The rules:

1. **A question that names its own company and its own topic stands alone**: nothing is carried over.
   "How much cash did PepsiCo have at the end of Q1 2023?" after a gross-margin question is about PepsiCo's
   cash in Q1 2023 only; "What drove Amcor's sales decline?" after an Apple question is about Amcor's sales,
   in Amcor's latest filings, not in Apple's quarter.
2. **A named company is never replaced.** A question that names a company finchat does not know ("Globex
   Corporation") or has no filings for keeps it, and the answer says it is not among the ingested filings;
   the previous company is not substituted.
3. **Only an elliptical follow-up inherits, and only what it lacks.** Elliptical means it names no company
   ("and net income?", "what was the gross margin?") or has no topic of its own ("what about Microsoft?",
   "same for 2022", "how about the prior quarter?"). Then:
   - company: inherited when the question names none;
   - period: a period it names is kept; a period relative to the last one ("the prior quarter", "a year
     earlier") is resolved against it; a year alone keeps the last quarter ("same for 2022" after Q3 2023
     is Q3 2022); with no period at all, the last period (and form) is inherited;
   - topic (metrics, statements, search words): inherited only when it has none of its own.
4. Everything inherited or resolved is reported ("carried over: company APPLE; year 2023; …"), and what the
   retrieval relaxed afterwards is reported separately.

Topic words are what is left of the question once companies, periods, forms and filler ("what about",
"how about", "same for", "the") are taken out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from finchat.retrieve.filters import Filters

#: Words that carry no topic of their own in a follow-up ("what about …", "same for …", "how about the …").
_FILLER = {
    "what", "whats", "what's", "about", "how", "and", "also", "same", "for", "the", "a", "an", "of", "in", "at",
    "then", "now", "ok", "okay", "so", "vs", "versus", "compared", "to", "with", "it", "its", "their", "that",
    "this", "is", "was", "were", "are", "did", "do", "does", "question", "please", "again", "one", "ones",
    "period", "quarter", "year", "prior", "previous", "preceding", "last", "earlier", "ago", "before",
    "tell", "me", "show", "give", "there", "they", "them", "q",
}
_WORD = re.compile(r"[A-Za-z][A-Za-z&'’-]*")


def has_topic(f: Filters) -> bool:
    """Whether the question asks about something of its own (a metric, a statement, or content words)."""
    if f.metrics or f.statements:
        return True
    words = [w.lower().strip("'’") for w in _WORD.findall(f.text_query)]
    return any(w not in _FILLER and len(w) > 1 for w in words)


def _shift(years: list[int], quarters: list[str], relative: str) -> tuple[list[int], list[str]]:
    """The period before (``prior_quarter``) or a year before (``prior_year``) the given one."""
    real = [q for q in quarters if q.startswith("Q")]
    if relative == "prior_quarter" and years and real:
        out_y, out_q = set(), set()
        for y in years:
            for q in real:
                n = int(q[1])
                out_y.add(y if n > 1 else y - 1)
                out_q.add(f"Q{n - 1 if n > 1 else 4}")
        return sorted(out_y), sorted(out_q)
    return [y - 1 for y in years], list(quarters)


def follow_up(new: Filters, prev: Filters | None) -> tuple[Filters, list[str]]:
    """``new`` completed from ``prev`` by the rules in the module docstring; returns (filters, what was
    carried over or resolved, as labels for the analyst)."""
    if prev is None:
        return new, []
    names_company = bool(new.companies or new.unknown)
    topic = has_topic(new)
    if names_company and topic:
        return new, []  # rule 1: it stands alone
    carried: list[str] = []
    out = replace(new, relaxed=[])
    if not names_company and (prev.companies or prev.unknown):
        # a company that is not ingested stays the subject: "and net income?" after Globex is still Globex
        out.companies, out.unknown = list(prev.companies), list(prev.unknown)
        carried.append("company " + ", ".join(prev.companies + prev.unknown))
    if new.relative and prev.years:
        out.years, out.quarters = _shift(prev.years, prev.quarters, new.relative)
        out.forms = list(new.forms or prev.forms)
        shown = " ".join(out.quarters) + (" " if out.quarters else "") + ", ".join(map(str, out.years))
        carried.append(f"period {shown} ({new.relative.replace('_', ' ')} of the last question)")
    elif new.years and not new.quarters and prev.quarters and not topic:
        out.quarters = list(prev.quarters)
        carried.append("quarter " + ", ".join(prev.quarters))
    elif not new.years and not new.quarters and (prev.years or prev.quarters):
        out.years, out.quarters = list(prev.years), list(prev.quarters)
        if not new.forms:
            out.forms = list(prev.forms)
        if prev.years:
            carried.append("year " + ", ".join(map(str, prev.years)))
        if prev.quarters:
            carried.append("quarter " + ", ".join(prev.quarters))
    if not topic and (prev.metrics or prev.statements or prev.text_query):
        out.metrics, out.statements = list(prev.metrics), list(prev.statements)
        if prev.metrics:
            carried.append("metric " + ", ".join(prev.metrics))
        else:
            carried.append("topic of the last question")
        # "what about Microsoft?" has nothing to search for by itself: reuse the previous topic.
        out.text_query = (new.text_query + " " + prev.text_query).strip()
        out.forward = out.forward or prev.forward
    return out, carried


@dataclass
class ChatState:
    last: Filters | None = None
    last_hits: list[Any] = field(default_factory=list)
    last_facts: list[Any] = field(default_factory=list)
    last_timings: dict[str, float] = field(default_factory=dict)
    last_question: str = ""
    last_scope_label: str = ""  # the filings the last answer came from ("Apple FY2023 Q3 10-Q")
    last_relaxed: list[str] = field(default_factory=list)
    k: int = 5

    def reset(self) -> None:
        self.last, self.last_hits, self.last_facts, self.last_timings, self.last_question = None, [], [], {}, ""
        self.last_scope_label, self.last_relaxed = "", []

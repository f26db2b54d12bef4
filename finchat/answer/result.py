"""The direct answer and what it is about: the text with its citations, where it came from, the derived
figures and every figure stated, and the question's subject it answers (answer/subject.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from finchat.answer.figures import Computed, Figure
from finchat.answer.subject import Subject


@dataclass
class Answer:
    """The direct answer: ``text`` (one short paragraph, figures cited), where it came from (``facts`` or
    ``passages``; ``none`` when nothing could be said), the derived figures, and every figure stated."""

    text: str
    source: str
    computed: list[Computed] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    quoted: list[Any] = field(default_factory=list)  # the passages (Hits) quoted, in order
    #: what the answer is about: the question's subject, the filing and period of the figures, and whether
    #: a figure of exactly that subject was found (answer/subject.py)
    subject: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {"answer": self.text, "answer_source": self.source, "computed": [c.as_json() for c in self.computed],
                "answer_subject": self.subject or None}


def with_subject(answer: Answer, subject: Subject, res: Any, found: bool | None = None) -> Answer:
    """``answer`` with its ``subject`` filled: what was asked, the filing and period its figures are of (the filing of
    the passage it quotes first, when it has no figure)."""
    figs = answer.figures
    answer.subject = {**subject.as_json(),
                      "companies": list(res.filters.companies),
                      # (a quoted passage's filing when no figure is: an outlook said in another filing than the top
                      # hit's)
                      "filing": figs[0].document if figs else getattr(answer.quoted[0], "document", None)
                      if answer.quoted else (res.hits[0].document if res.hits else None),
                      "period": figs[0].period() if figs else None,
                      "found": bool(figs) if found is None else found}
    return answer


def question_filing(hits: list[Any], companies: list[str]) -> str | None:
    """The filing a question is answered from: the first hit's of the question's first company (any hit's when it
    names none); None when no hit is."""
    return next((h.document for h in hits if not companies or h.company == companies[0]), None)


__all__ = ["Answer", "question_filing", "with_subject"]

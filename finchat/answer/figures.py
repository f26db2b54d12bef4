"""Statement figures as an answer states them: one value with where it was read (``Figure``), a derived figure
with its inputs (``Computed``), their formatting (the printed precision kept, units and signs as an analyst
reads them), and one filing's figures with the period choice for a question (``FactBook``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from datetime import date
from typing import Any

from finchat.graph.lexicon import STATEMENT_OF
from finchat.graph.lexicon import metric as metric_def
from finchat.graph.query import FactRow, lower_period

#: A question asking a count ("How many warehouses …"); points of a rate ("How many basis points …") are a change.
HOW_MANY = re.compile(r"(?i)\s*(?:(?:by|in|across|at|for|over|on|from)\s+)?how\s+many\b(?!\s+(?:basis|percentage)?\s*points\b)")


@dataclass(frozen=True)
class Figure(FactRow):
    """One statement value used in an answer, with where it was read: a graph fact (``FactRow``) that can
    say itself the way an answer needs."""

    @classmethod
    def of(cls, row: FactRow) -> Figure:
        return cls(**{f.name: getattr(row, f.name) for f in fields(FactRow)})

    @property
    def name(self) -> str:
        return metric_def(self.metric).name

    def money(self) -> str:
        """"$81,797 million", "$1.26 per share", "−$265 million"."""
        return money(self.value, self.scale, self.unit)

    def cite(self) -> str:
        return f"[{self.document} {self.page_ref()}]"

    def period(self) -> str:
        """The period as the filing names it, lower-cased: "three months ended July 1, 2023", or for a
        balance "as of July 1, 2023"."""
        label = re.sub(r"^[_*\s]+|[_*]{2,}", "", self.period_label or "").strip() or (self.as_of or "")
        # header words the layout glued before the period ("Corning Incorporated and Sub Year ended …")
        label = _PERIOD_START.sub("", label)
        label = re.sub(r"(?i)\b(ended) as of\b", r"\1", label)  # "twelve months ended as of December 31"
        if self.duration is None and label and not label.lower().startswith(("as of", "at ")):
            label = "as of " + label
        return lower_period(label)

    def for_period(self) -> str:
        """"for the three months ended July 1, 2023" / "as of July 1, 2023" (a balance, even when read from a
        cash-flow statement's closing line)."""
        if STATEMENT_OF.get(self.metric) == "balance" and self.as_of:
            end = _date(self.as_of)
            return f"as of {end.strftime('%B')} {end.day}, {end.year}" if end else f"as of {self.as_of}"
        p = self.period()
        # a label printed as "For the three months ended …" keeps its own words
        return p if p.startswith(("as of", "at ", "for the ")) else "for the " + p

    def as_json(self) -> dict[str, Any]:
        v = self.value
        return {"metric": self.metric, "value": int(v) if v == int(v) else v, "scale": self.scale, "unit": self.unit,
                "period_label": self.period_label, "as_of": self.as_of, "document": self.document, "page": self.page}


#: Anything before a period phrase that starts later in a column label.
_PERIOD_START = re.compile(r"(?i)^.*?\b(?=(?:for the )?(?:(?:three|six|nine|twelve|thirteen|twenty-six|thirty-nine|"
                           r"fifty-two|fifty-three|\d{1,2}) (?:months|weeks)|(?:fiscal )?years?|quarters?) ended\b)")


@dataclass(frozen=True)
class Computed:
    """A derived figure and everything it was computed from."""

    key: str
    name: str
    value: float
    unit: str
    formula: str
    inputs: tuple[Figure, ...]
    note: str = ""

    def shown(self) -> str:
        if self.unit == "%":
            return f"{self.value * 100:.1f}%"
        if self.unit == "x":
            return f"{self.value:.2f}x"
        if self.unit == "days":
            return f"{self.value:.2f} days"
        first = self.inputs[0]
        return money(self.value, first.scale, "USD")

    def as_json(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "value": round(self.value * (100 if self.unit == "%" else 1), 6),
                "unit": self.unit, "shown": self.shown(), "formula": self.formula, "note": self.note or None,
                "inputs": [f.as_json() for f in self.inputs]}


# ---------------------------------------------------------------------------------------------- formatting
def number(v: float) -> str:
    """81,797 / 1.26 / 0.309 — printed precision kept (no trailing zeros beyond it)."""
    a = abs(v)
    if a == int(a):
        return f"{int(a):,}"
    text = f"{a:,.4f}".rstrip("0")
    return text if len(text.split(".")[1]) >= 2 else f"{a:,.2f}"


def money(v: float, scale: str, unit: str) -> str:
    sign = "−" if v < 0 else ""
    words = {"millions": " million", "thousands": " thousand", "billions": " billion"}.get(scale, "")
    per = " per share" if unit == "USD/share" else ""
    cur = "$" if unit.startswith("USD") else ""
    return f"{sign}{cur}{number(v)}{words}{per}"


def change(cur: Figure, prior: Figure) -> str:
    """"up 2.3% (+$439 million)" / "down 1.4% (−$1,162 million)" / "unchanged"; across a change of sign, or from
    nothing, the amount only ("up (+$620 million)"): no percentage of it says anything."""
    diff = cur.value - prior.value
    if diff == 0:
        return "unchanged"
    word = "up" if diff > 0 else "down"
    delta = f"{'+' if diff > 0 else '−'}{money(abs(diff), cur.scale, cur.unit)}"
    if cur.value * prior.value <= 0:
        return f"{word} ({delta})"
    return f"{word} {abs(diff) / abs(prior.value) * 100:.1f}% ({delta})"


# ---------------------------------------------------------------------------------------------- periods
def _date(s: str | None) -> date | None:
    try:
        return date.fromisoformat(s) if s else None
    except ValueError:
        return None


@dataclass
class FactBook:
    """One filing's facts for one company, by metric, with the period choice for the question."""

    rows: list[Figure]
    duration: str  # "3M" or "12M": the flow duration the question is about
    year: int | None = None  # the fiscal year asked about, when the question names one
    #: figures read per page of the filing (all metrics): where one value appears in two tables, the page of
    #: the primary statement, which reports many metrics, beats a summary or segment table's
    page_weight: dict[int, int] = field(default_factory=dict)

    def _best(self, figs: list[Figure]) -> Figure:
        """The latest end date; among figures of that date, the one on the page with the most figures."""
        return max(figs, key=lambda f: (f.as_of or "", self.page_weight.get(f.page, 0), -f.page))

    def _asked_year(self, figs: list[Figure]) -> list[Figure]:
        """The figures of the asked year (by their end date), when there are any; else all of them."""
        if self.year is None:
            return figs
        return [f for f in figs if (d := _date(f.as_of)) is not None and d.year == self.year] or figs

    def current(self, metric: str) -> Figure | None:
        """The metric for the period asked: the latest end date among the wanted duration's values (flows),
        or the latest balance (stocks) — within the asked fiscal year when the question names one (a
        10-K prints three years)."""
        cands = [f for f in self.rows if f.metric == metric]
        flows = [f for f in cands if f.duration is not None]
        if flows:
            return self._best(self._asked_year([f for f in flows if f.duration == self.duration] or flows))
        cands = self._asked_year(cands)
        return self._best(cands) if cands else None

    def year_earlier(self, cur: Figure) -> Figure | None:
        """The same metric and duration about a year before ``cur`` (330–400 days); for a balance, the
        filing's comparative balance (its next older date)."""
        end = _date(cur.as_of)
        if end is None:
            return None
        same = [f for f in self.rows if f.metric == cur.metric and f.duration == cur.duration and f is not cur]
        if cur.duration is None:
            older = [f for f in same if (_date(f.as_of) or end) < end]
            if not older:
                return None
            latest = max(f.as_of or "" for f in older)
            return min((f for f in older if f.as_of == latest), key=lambda f: (f.page != cur.page, f.page))
        near = [f for f in same if (d := _date(f.as_of)) is not None and 330 <= (end - d).days <= 400]
        # the comparative column of the same table first
        return min(near, key=lambda f: (f.page != cur.page, abs((end - (_date(f.as_of) or end)).days - 365))) if near else None

    def at(self, metric: str, like: Figure) -> Figure | None:
        """``metric`` for the period of ``like``: same duration and end date (a balance: same date)."""
        for f in self.rows:
            if f.metric == metric and f.as_of == like.as_of and (f.duration == like.duration or f.duration is None
                                                                 or like.duration is None):
                return f
        return None

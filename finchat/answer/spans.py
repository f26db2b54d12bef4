"""What period a sentence states its figures for (answer/passages.py quotes sentences): the year it is of, one
measure stated for two years ("… $14.5 billion and $11.4 billion … 2023 and 2022, respectively"), and for two spans
("… for the three months … and … for the nine months ended …")."""

from __future__ import annotations

import re

#: Characters of a sentence's opening that date it ("During fiscal 2020, …"); a year anywhere in it moved AMD's
#: R&D change to another sentence (held-out 22).
YEAR_OPENING = 25


#: "$14.5 billion and $11.4 billion … for the three months ended April 30, 2023 and 2022, respectively": one
#: measure stated for two periods, the later first.
PAIR = re.compile(r"\$\s?(?P<a>\d[\d,]*(?:\.\d+)?)\s*(?P<ua>thousand|million|billion)?\s+and\s+"
                   r"\$\s?(?P<b>\d[\d,]*(?:\.\d+)?)\s*(?P<ub>thousand|million|billion)?\b(?P<mid>[^.;]{0,160}?)"
                   r"\b(?P<ya>(?:19|20)\d\d)\s+and\s+(?P<yb>(?:19|20)\d\d),?\s+respectively")
_SCALE = {None: 1.0, "thousand": 1e3, "million": 1e6, "billion": 1e9}


def stated_change(sentence: str) -> str | None:
    """The change a sentence states as two amounts of two years ("approximately $14.5 billion and $11.4
    billion related to eCommerce for … 2023 and 2022, respectively") → "up 27.2% ($14.5 billion against $11.4
    billion)"; None when it states no such pair (or the years are not one after the other)."""
    m = PAIR.search(sentence)
    if m is None or abs(int(m.group("ya")) - int(m.group("yb"))) != 1:
        return None
    unit_a, unit_b = m.group("ua") or m.group("ub"), m.group("ub")
    a = float(m.group("a").replace(",", "")) * _SCALE[unit_a]
    b = float(m.group("b").replace(",", "")) * _SCALE[unit_b]
    shown_a, shown_b = f"${m.group('a')}{' ' + unit_a if unit_a else ''}", f"${m.group('b')}{' ' + unit_b if unit_b else ''}"
    if int(m.group("ya")) < int(m.group("yb")):  # "2022 and 2023, respectively": the earlier first
        a, b, shown_a, shown_b = b, a, shown_b, shown_a
    if not b:
        return None
    pct = (a - b) / abs(b) * 100
    return f"{'up' if pct > 0 else 'down' if pct < 0 else 'unchanged'} {abs(pct):.1f}% ({shown_a} against {shown_b})"


#: The span of months a question asks ("for the nine months ended …").
_SPAN_ASKED = re.compile(r"(?i)\b(three|six|nine|twelve)\s+months\b")
#: One clause of a sentence stating a figure for two years over a span ("$224 million and $147 million for the nine
#: months ended October 31, 2022 and 2021"), its years in the order of its figures.
_SPAN_PAIR = re.compile(r"(?i)(?P<a>\$\s?\d[\d,.]*(?:\s+(?:million|billion|thousand))?)\s+and\s+"
                        r"(?P<b>\$\s?\d[\d,.]*(?:\s+(?:million|billion|thousand))?),?\s+(?:respectively,?\s+)?for\s+"
                        r"the\s+(?P<span>three|six|nine|twelve)\s+months\s+ended\s+[A-Za-z]+\.?\s+\d{1,2},?\s+"
                        r"(?P<ya>(?:19|20)\d\d)\s+and\s+(?P<yb>(?:19|20)\d\d)")


#: A figure in a sentence.
_FIGURE = re.compile(r"\$\s?\d|(?<![\w.,])\d[\d,.]*\s?%")
#: A figure's own period just after it: "… of $59 million for fiscal 2017.", "$1.2 billion in 2021".
_FIGURE_YEAR = re.compile(r"(?i)(?:\$\s?\d[\d,.]*|\d[\d,.]*\s?%)(?:\s+(?:thousand|million|billion))?\s+(?:for|in|during)\s+"
                          r"(?:(?:the\s+)?fiscal\s+(?:year\s+)?|(?:the\s+)?(?:calendar\s+)?year\s+)?(?P<year>(?:19|20)\d\d)\b")


def _opening_years(sentence: str) -> set[str]:
    """The years a sentence is of: named at its opening, or in the period it names before its first figure
    ("Interest expense for the year ended December 31, 2014 consists … of $46.8 million")."""
    figure = re.search(r"\$\s?\d|\d(?:[\d,.]*\d)?\s?(?:%|percent\b|million\b|billion\b)", sentence)
    ended = re.search(r"(?i)\b(?:years?|quarters?|months|weeks|fiscal)\s+ended\s+[A-Za-z]+\.?\s+\d{1,2},?\s+(?:19|20)\d\d\b",
                      sentence[:figure.start()] if figure else "")
    return set(re.findall(r"\b(?:19|20)\d\d\b", sentence[:YEAR_OPENING])) \
        or set(re.findall(r"\b(?:19|20)\d\d\b", sentence[:ended.end()] if ended else ""))


def years_apart(sentence: str, years: set[str], before: list[str] | None = None) -> tuple[bool, bool]:
    """Whether ``sentence`` is of other years than ``years`` (asked, as strings): (it opens on another year — "During
    2020, …" — or names one only, just after its first figure — "… $59 million for fiscal 2017" —, it compares two
    years and names none asked — "… 27.0% in 2017 compared to 26.3% in 2016"). Both False when no year is asked. A
    sentence naming no year is of the one the last sentence of ``before`` (its paragraph's sentences before it) opening
    on a year is of: "During fiscal year 2015, we recognized impairment charges of $7.5 billion … Restructuring charges
    were $2.1 billion, …" states 2015's charges."""
    opening = _opening_years(sentence)
    named = set(re.findall(r"\b(?:19|20)\d\d\b", sentence))
    if not opening and len(named) == 1:
        # (the first figure's only: "… loss of $3,544 million compared with earnings of $1,544 million during 2021" is
        # of the year after)
        first = _FIGURE.search(sentence)
        at = _FIGURE_YEAR.match(sentence, first.start()) if first else None
        opening = {at.group("year")} if at else set()
    if not named:
        opening = next((y for y in map(_opening_years, reversed(before or [])) if y), set())
    return (bool(years and opening and not years & opening),
            bool(years and len(named) >= 2 and not years & named))


def other_span(sentence: str, question: str) -> bool:
    """Is ``sentence`` of another span of months than ``question`` asks: it names spans ("in the three months ended
    September 30, 2022"), none the one asked ("nine months")? False when the question names no span."""
    span = _SPAN_ASKED.search(question)
    named = {m.group(1).lower() for m in _SPAN_ASKED.finditer(sentence)}
    return bool(span and named and span.group(1).lower() not in named)


def span_figure(sentence: str, question: str) -> str | None:
    """The figure ``sentence`` states, among clauses of two spans, for the span of months ``question`` asks, the
    later year's: "$224 million for the nine months"; None when the question names no span or the sentence has no
    clause of it (or only its opening one, which a quote already leads with)."""
    span = _SPAN_ASKED.search(question)
    clause = next((m for m in _SPAN_PAIR.finditer(sentence) if span and m.group("span").lower() == span.group(1).lower()),
                  None)
    if clause is None or clause.start() == 0:
        return None
    later = clause.group("a") if clause.group("ya") > clause.group("yb") else clause.group("b")
    return f"{later} for the {clause.group('span')} months"

"""How long the periods a text table's header names are: "Three Months Ended … Nine Months Ended", "Thirteen weeks",
"FOURTH QUARTER TWELVE MONTHS", "Q4 Full Year", a sentence's "three- and six-month periods" — in months, in the
order the column groups print them. Used by graph/textrows.py."""

from __future__ import annotations

import re

from finchat.graph.textcolumns import _YEAR, HEADER_SPAN

_DURATIONS = re.compile(r"(?i)\b(three|six|nine|twelve)[- ]months?\b|\b(three|six|nine)[- ](?:and|,)\s+(six|nine|twelve)[- ]month|"
                        r"\b(quarter|year)s?\s+ended\b|\bfiscal\s+years?\s+ended\b")
_WORD_MONTHS = {"three": 3, "six": 6, "nine": 9, "twelve": 12, "quarter": 3, "year": 12, "q": 3, "13": 3, "26": 6, "39": 9,
                "52": 12, "thirteen": 3, "twenty-six": 6, "thirty-nine": 9, "fifty-two": 12}

# weeks spelled out ("Thirty-nine weeks ended") before the months, so "nine weeks" is not read inside it
# (a release's column groups named in capitals, "FOURTH QUARTER TWELVE MONTHS": the quarter, then the year to date;
# written small, "fourth quarter sales", it is prose)
_HEADER_DURATION = re.compile(r"(?i)(?<![\w-])(thirteen|twenty-six|thirty-nine|fifty-two|three|six|nine|twelve|13|26|39|52)"
                              r"\s*(?:months|weeks)\b(?![- ]periods?)|"
                              r"\b(quarter)s?\s+ended\b|"
                              r"(?-i:\b(?:FIRST|SECOND|THIRD|FOURTH|First|Second|Third|Fourth)\s+(QUARTER|Quarter))\b(?!\s+(?:of|ended)\b)|"
                              r"(?-i:\b(?:FULL|Full)\s+(YEAR|Year))\b(?!\s+(?:of|ended)\b)|"
                              # ("Q4 Full Year": the quarter's group before the year's)
                              r"(?-i:\b(Q)[1-4]\b(?=[\s*]+(?:Full|FULL|Six|SIX|Nine|NINE|Twelve|TWELVE|YTD)\b))")
_PROSE_DURATIONS = re.compile(r"(?i)\b(three|six|nine)[- ]*(?:and|,)\s*(six|nine|twelve)[- ]month")


#: A release's quarter header: "Q2 … 2023 2022 Reported Operational", "Fourth Quarter 2022 2021".
_QUARTER_WORDS = re.compile(r"(?i)\bQ[1-4]\b|\b(?:first|second|third|fourth)[- ]quarter\b")


def _quarter_header(header: str) -> list[int]:
    """[3] for a table's own header naming a quarter ("Q2", "Second Quarter") above two consecutive years
    (a release's "Q2 … 2023 2022 % Change"), else []."""
    years = [int(y.group(0)) for y in _YEAR.finditer(header)]
    if not _QUARTER_WORDS.search(header) or len(years) != 2 or abs(years[0] - years[1]) != 1:
        return []
    return [3]


def _durations(header: str) -> list[int]:
    """The column groups' lengths in months, in order: a header's "Three Months Ended … Nine Months Ended",
    else a sentence's "three- and nine-month periods", else any single duration named."""
    matches = list(_HEADER_DURATION.finditer(header))
    if matches:
        # the header just above the rows: the last cluster of period words (a sentence before it may name
        # the same periods in another order, "three and six months ended …")
        cluster = [m for m in matches if matches[-1].start() - m.start() <= HEADER_SPAN]
        months = [_WORD_MONTHS[(m.group(1) or m.group(2) or m.group(3) or m.group(4) or m.group(5)).lower()] for m in cluster]
        # (a header the layout printed twice, "Three months ended … Six months ended … Three months ended … Six months
        # ended", cut mid-way by the span: its groups in the order of their last naming)
        return list(dict.fromkeys(reversed(months)))[::-1]
    m = _PROSE_DURATIONS.search(header)
    if m:
        return [_WORD_MONTHS[m.group(1).lower()], _WORD_MONTHS[m.group(2).lower()]]
    out: list[int] = []
    for m in _DURATIONS.finditer(header):
        for g in m.groups():
            if g and g.lower() in _WORD_MONTHS and _WORD_MONTHS[g.lower()] not in out:
                out.append(_WORD_MONTHS[g.lower()])
    return out[:1]


__all__ = ["_HEADER_DURATION", "_durations", "_quarter_header"]

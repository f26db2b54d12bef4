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


#: A quarterly data table's column named for its quarter ("1ST QUARTER", "Second Quarter", "Q3") or for the year
#: they add up to ("Full Year", "Fiscal Year" once, after the quarters).
_QUARTER_COLUMN = re.compile(r"(?i)\b(?:(?P<n>[1-4])(?:st|nd|rd|th)\s+quarter|(?P<w>first|second|third|fourth)\s+quarter|"
                             r"q(?P<q>[1-4]))\b")
_FULL_YEAR = re.compile(r"(?i)^\W*(?:full|fiscal|total)\s+year\b")
_FULL_YEARS = re.compile(r"(?i)\b(?:full|fiscal|total)\s+year\b")


def quarter_columns(header: str, width: int) -> tuple[list[int], list[int], int, list[int]] | None:
    """An annual report's quarterly data header — its four quarters in order, each over the years compared
    ("1ST QUARTER … 4TH QUARTER 2019 2018 2019 2018 …") or all of one year printed once, then maybe the full year's
    column: (months per column group, months each group ends before the fiscal year's end, columns per group,
    the years printed). None for any other header, or one whose columns do not fill ``width``."""
    found = list(_QUARTER_COLUMN.finditer(header))
    order = [int(m.group("n") or m.group("q") or ("first", "second", "third", "fourth").index(m.group("w").lower()) + 1)
             for m in found]
    if order != [1, 2, 3, 4]:
        return None
    rest = header[found[-1].end():]
    durations, before = [3, 3, 3, 3], [9, 6, 3, 0]
    if _FULL_YEAR.match(rest) and len(_FULL_YEARS.findall(rest)) == 1:  # ("Fiscal Year" over each quarter: no column)
        durations, before = [*durations, 12], [*before, 0]
    years = [int(y.group(0)) for y in _YEAR.finditer(rest)]
    groups = len(durations)
    if len(years) == 2 * groups and len(set(years)) == 2 and years[:2] * groups == years:
        per = 2  # each quarter over this year and the year before
    elif len(set(years)) == 1 and len(years) in (1, groups):
        per, years = 1, years[:1]
    elif not years:
        per = 1  # the year printed as a heading the text lost: see quarters_of
    else:
        return None
    return (durations, before, per, years) if groups * per == width else None


#: The years a sentence introducing quarterly tables lists, one table each ("… for each of the four quarters in the
#: years ended December 31, 2020 and 2019, respectively").
_RESPECTIVE_YEARS = re.compile(r"(?i)\bquarters\b[^.]{0,80}?\byears\s+ended\s+[A-Z][a-z]+\s+\d{1,2},\s+((?:19|20)\d\d)"
                               r"\s+and\s+((?:19|20)\d\d),\s+respectively")


def respective_years(text: str) -> list[int]:
    """The years a sentence introducing quarterly tables lists, one table each, in order; [] when none does."""
    m = _RESPECTIVE_YEARS.search(text)
    return [int(y) for y in m.groups()] if m else []


def quarters_of(header: str, width: int,
                years_left: list[int]) -> tuple[tuple[list[int], list[int], int, list[int]], list[int]] | None:
    """:func:`quarter_columns` of a table, its year taken, when the header prints none, from ``years_left``: the
    years the sentence introducing the tables listed (:func:`respective_years`) that the tables before did not
    take; with the years left after it. None when it is no quarterly data table or its year is unknown."""
    read = quarter_columns(header, width)
    if read is None or read[3]:
        return (read, years_left) if read is not None else None
    return ((*read[:3], years_left[:1]), years_left[1:]) if years_left else None


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


__all__ = ["_HEADER_DURATION", "_durations", "_quarter_header", "quarter_columns", "quarters_of", "respective_years"]

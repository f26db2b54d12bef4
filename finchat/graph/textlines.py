"""The lines of a text table as the PDF's text layer prints them: a figure's form, a line of numbers only (a
total), a short title line (a heading over rows), and the column groups' names of a header. Used by
graph/textrows.py."""

from __future__ import annotations

import re

from finchat.graph.textcolumns import _GROUP_SEP, _YEAR
from finchat.graph.yearheaders import _CHANGE_HEADER, MONTH_END

#: (a minus sign touches its figure: "1,758 - 1,758" is a figure, a dash for none, a figure)
_NUM = r"\(?(?:-(?=[\d$(]))?\$?\s?\(?\d[\d,]*(?:\.\d+)?\)?%?"

_NUMBERS_LINE = re.compile(rf"(?:\$?\s?{_NUM}\s+)+\$?\s?{_NUM}")
#: A line of words that is no row heading: periods, units, comparison headers.
_NOT_HEADING = re.compile(r"(?i)\b(?:months?|ended|weeks?|as of|in (?:thousands|millions|billions)|change|percent|"
                          r"table of contents|adjusted|reported|operational|currency|fiscal|"
                          r"january|february|march|april|may|june|july|august|september|october|november|december)\b")


def _line(line: str) -> str:
    """One line of a text table made explicit: a line of numbers only is a total ("Total 2,146,650 …"), a
    short title line above rows is their heading ("Regional Operations:")."""
    t = re.sub(r"\s+", " ", line).strip()  # "**$** **5,862**" unbolded is "$ 5,862", not "$   5,862"
    if _NUMBERS_LINE.fullmatch(t) and not all(_YEAR.fullmatch(n.strip()) for n in re.findall(_NUM, t)):
        return f"Total {t}"
    # (a name's own digits, "COVID-19", are no figures: "Pharmaceutical excluding COVID-19 Vaccine")
    if (t[:1].isupper() and len(t.split()) <= 6 and not re.search(r"[\d:.;,¦]", re.sub(r"\b[A-Za-z]+-\d+\b", "", t))
            and not _NOT_HEADING.search(t)):
        return f"{t}:"
    return t


_PERIOD_WORDS = re.compile(r"(?i)\b(?:ended|ending|months?|weeks?|quarters?|years?|fiscal|as of|ytd)\b")
def _group_names(header: str) -> list[str]:
    """The column groups' names of a text table's header: its last line holding names side by side
    ("Three months ended June 30, Consumer & Community Banking ¦ Corporate & Investment Bank"), without the
    period words before the first; [] when it has none."""
    for line in reversed([x for x in re.split(r"¶|\n", header) if _GROUP_SEP in x]):
        parts = [p.strip(" ,:") for p in line.replace("*", "").split(_GROUP_SEP)]
        # the parser may run the names into the units and years on one line: "Commercial Banking (in millions …"
        parts[-1] = re.split(r"\s*\(|\s+(?=\$?\d)", parts[-1], maxsplit=1)[0].strip(" ,:")
        # "Three months ended June 30, Consumer …": the period before the first name
        parts[0] = re.sub(r"(?i)^.*?\b(?:ended|as of)\b[^,]*,\s*(?:(?:19|20)\d\d\s*,?\s*)?", "", parts[0]).strip(" ,")
        parts = [p for p in parts if not _CHANGE_HEADER.fullmatch(p) and not re.fullmatch(
            r"(?i)increase\s*/\s*\(?decrease\)?|change", p)]  # the changes' group header is no name
        # "Three Months Ended ¦ Six Months Ended": periods, not groups of rows; "Revenue Mix ¦ Comparable Sales ¦
        # Three Months Ended ¦ …": the groups are the names before the periods
        named = [p for p in parts if not (re.search(r"\d", p) or _PERIOD_WORDS.search(p) or MONTH_END.fullmatch(p))]
        if len(named) < len(parts) and (len(named) < 2 or parts[:len(named)] != named):
            continue
        if named and not any(not p or len(p.split()) > 8 for p in named):
            return named
    return []


#: A figure, or a dash or "NM" printed for none ("10.2 - 8.0") between figures, or a change printed "Flat" ("2,255.4
#: Flat 2,251.8": none).
_TOKEN = rf"{_NUM}|(?<=\s)(?:[—–-]|NM|nm|N/A|n/a|n/m|[Ff]lat)(?=\s|$)"


#: A day after a label's month and before the row's first "$" ("… at January 1 $ 18,588"): the label's date.
_DAY_BEFORE_PRICE = re.compile(r"\s*(?P<day>\d{1,2})\s+(?=\$)")


#: A day and year after a label's month ("Balance at December | 31, 2019 1,234", "July | 18, 2017 70,000 JPY"): the
#: label's date, never two figures.
_DAY_AND_YEAR = re.compile(r"\s*(?P<day>\d{1,2}),\s+(?P<year>(?:19|20)\d\d)\b\s*")


#: A range of years a label opens ("… equipment 3 to") and the figures close ("15 162,001 …").
_LIFE_START = re.compile(r"\b\d{1,2}\s+to$")
_LIFE_END = re.compile(r"\s*(?P<to>\d{1,2})\s+(?=[$\d(])")


def _day_kept(label: str, nums: str) -> tuple[str, list[str]]:
    """The row's label and figures, a label ending in a month keeping its day ("Gross unrecognized tax benefits at
    January 1 $ 18,588 $ 14,026": the row of January 1, its figures two, not three) and its year ("Balance at
    December 31, 2019 1,234 5,678": two figures, not four); a label opening a range of lives keeps its end ("…
    equipment 3 to 15 162,001 153,240": two figures, not three)."""
    month = MONTH_END.search(label)
    dated = _DAY_AND_YEAR.match(nums) if month else None
    if dated:
        return f"{label} {dated.group('day')}, {dated.group('year')}", re.findall(_TOKEN, nums[dated.end():])
    day = _DAY_BEFORE_PRICE.match(nums) if month else None
    if day:
        return f"{label} {day.group('day')}", re.findall(_TOKEN, nums[day.end():])
    # (a column of useful lives, "Central office and other network equipment 3 to 15 162,001 153,240": the range
    # the label's "3 to" opens is the label's, not a figure)
    lives = _LIFE_END.match(nums) if _LIFE_START.search(label) else None
    if lives:
        return f"{label} {lives.group('to')}", re.findall(_TOKEN, nums[lives.end():])
    return label, re.findall(_TOKEN, nums)


__all__ = ["_NOT_HEADING", "_NUM", "_TOKEN", "_day_kept", "_group_names", "_line"]

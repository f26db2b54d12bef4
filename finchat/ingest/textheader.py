"""A text table's header lines, as the PDF text layer leaves them: years and period words ("Year Ended
December 31, 2017 2018 2019"), a units line ("(Amounts in millions, except unit counts)"), a comparison
column's heading ("Increase/(Decrease)", "2022 vs. 2021"). The chunker puts them atop the rows they name
(ingest/chunk.py); a header line carries no answer alone, but says which column is which."""

from __future__ import annotations

import re

#: A line that is a table's units: "(In millions, except per share data)", "(Unaudited; Dollars in Millions)".
UNITS_LINE = re.compile(r"(?i)^\(?\s*(?:unaudited\s*[;,]\s*)?(?:\$|dollars|amounts|in\b)[^)]{0,160}?"
                        r"\b(millions?|thousands?|billions?)\b.*\)?$")


#: A word of a text table's column header: years, dates, period words ("Year Ended December 31, 2017 2018 2019").
_HEADER_WORD = re.compile(r"(?i)(?:19|20)\d{2}|\d{1,2},?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?,?|"
                          r"three|six|nine|twelve|months?|weeks?|years?|quarters?|fiscal|ended,?|as|of|q[1-4]")


#: A units phrase in a header, "(Amounts in millions, except unit counts)".
_UNITS_PHRASE = re.compile(r"(?i)\((?:\$|dollars|amounts|in\b)[^)]{0,120}?\b(?:millions?|thousands?|billions?)\b[^)]*\)")


#: A heading that is a comparison column's header.
CHANGE_HEADING = re.compile(r"(?i)\W*(?:(?:increase|decrease|changes?|variance|favou?rable|unfavou?rable|percent(?:age)?|"
                             r"vs\.?|%|adjusted|reported|operational|currency|constant|excluding|neutral)\W*)+")


def period_only(text: str) -> bool:
    """Is a heading only period words ("Fiscal Years Ended January 31,", "Three Months Ended", "As of /Year
    Ended December 31, Change")?"""
    words = plain(text).replace("/", " ").split()
    return (bool(words) and all(_HEADER_WORD.fullmatch(w) or CHANGE_HEADING.fullmatch(w) for w in words)
            and any(_HEADER_WORD.fullmatch(w) for w in words))


#: A word of a column groups' period names with no date: "FOURTH QUARTER TWELVE MONTHS", "Three Months Ended".
_PERIOD_NAME_WORD = re.compile(r"(?i)first|second|third|fourth|quarters?|three|six|nine|twelve|months?|weeks?|"
                               r"ended|ending|years?|fiscal|to|date|year-to-date|ytd")


def period_names(text: str) -> bool:
    """Is a line only the names of column groups' periods, no date ("FOURTH QUARTER TWELVE MONTHS")? Printed atop
    every page of a release's schedules, it is still each table's header, not a running header."""
    words = plain(text).split()
    return 2 <= len(words) <= 8 and all(_PERIOD_NAME_WORD.fullmatch(w) for w in words) \
        and any(re.fullmatch(r"(?i)quarters?|months?|weeks?|years?", w) for w in words)


def column_header(text: str) -> bool:
    """Is a paragraph only a text table's column header — dates and period words naming at least two years
    ("**2017** **2018** **2019**"), perhaps with its units ("(Amounts in millions …) 2020 2019 2018")? It
    carries no answer alone, but says which column is which."""
    words = _UNITS_PHRASE.sub(" ", plain(text)).split()
    if not 0 < len(words) <= 24 or not all(_HEADER_WORD.fullmatch(w) or CHANGE_HEADING.fullmatch(w) for w in words):
        return False
    # two years, or a release's quarter over its change columns ("Q2 % Change")
    return len(re.findall(r"\b(?:19|20)\d{2}\b", text)) >= 2 or bool(re.search(r"(?i)\bq[1-4]\b", text))


def figures_row(text: str, header: str) -> bool:
    """Does a paragraph start with a row of figures, one per year of ``header`` at least?"""
    years = max(2, len(re.findall(r"\b(?:19|20)\d{2}\b", header)))
    return len(re.findall(r"(?<![\w.])\(?\d[\d,]*(?:\.\d+)?\)?", text.split("\n")[0])) >= years


def header_line(text: str) -> bool:
    """Is a paragraph one line of a text table's header: its years, its period words, its units?"""
    return column_header(text) or period_only(text) or bool(UNITS_LINE.match(plain(text)))


def plain(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("**", "").replace("<br>", " ").replace("_", " ")).strip()


__all__ = ["CHANGE_HEADING", "UNITS_LINE", "column_header", "figures_row", "header_line", "period_names", "period_only",
           "plain"]

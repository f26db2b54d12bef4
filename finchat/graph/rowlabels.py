"""A text table's row label, read from the words before its figures (graph/textrows.py): the header's last words,
a units phrase and a sentence before it left out."""

from __future__ import annotations

import re

#: Words a row label may have: a longer run before the numbers is prose ending in a label.
MAX_LABEL_WORDS = 10


#: A units phrase ending a header, left at the start of the first row's label: "In thousands)", "(In millions, except
#: per share data)".
_UNITS_LEAD = re.compile(r"(?i)^\(?\s*(?:dollars\s+)?in\s+(?:thousands|millions|billions)\b[^()]{0,60}\)\s*(?=\S)")

#: A parenthesized aside ending a label, of a few words.
_ASIDE = re.compile(r"\s(\((?:[^()\s]+\s){2,15}[^()\s]+\))$")


def row_label(label: str) -> str:
    """The row label at the end of ``label``: after the last sentence end, at most MAX_LABEL_WORDS words (an aside
    in parentheses it ends on not counted)."""
    tail = re.split(r"(?<=[a-z0-9)])[.:;]\s+|,\s+respectively\W*", label)[-1]
    tail = re.sub(r"^(?:(?:19|20)\d\d\s+)+(?=[A-Za-z])", "", tail.strip())  # "2022 vs. 2021 Consumer": the header's years
    tail = re.sub(r"(?i)^(?:(?:%|percent(?:age)?)?\s*change\s+)+", "", tail.strip())  # the header's last words
    tail = re.sub(r"(?i)^(?:nm|n/m)\s+(?=[A-Z])", "", tail)  # the row before's last column, "not meaningful"
    tail = re.sub(r"^(?:Dollars|Variance)\s+(?=[A-Z])", "", tail)  # a variance column's header ("2022 2021 Dollars")
    # "(In thousands) Las Vegas Strip Resorts Casino": the header's units phrase, its "(" read with the years above
    tail = _UNITS_LEAD.sub("", tail)
    # ("Maine (effective January 1, 2024, September 1, 2023 and April 10, 2022)": the name and its whole aside)
    aside = _ASIDE.search(tail)
    if aside:
        return f"{' '.join(tail[:aside.start()].split()[-MAX_LABEL_WORDS:])} {aside.group(1)}".strip(" ,")
    return " ".join(tail.split()[-MAX_LABEL_WORDS:]).strip(" ,")

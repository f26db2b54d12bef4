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


_TOTAL = re.compile(r"(?i)^total\b\s*")
#: Rows a run printed again has at least before a row printed once closes it.
RUN_ROWS = 2


def closing_totals(labels: list[str], firsts: list[float | None] | None = None, named_totals: bool = True) -> list[str]:
    """For each row of ``labels`` (a table's, in order), the name of the total closing its run when the table
    prints the same rows again, each run closed by a total of its own: "Flexibles, Rigid Packaging, Net sales" then
    "Flexibles, Rigid Packaging, Other, Adjusted EBIT" give the first two "Net sales" and the next three "Adjusted
    EBIT". A total is a "Total …" row ("Total client assets" names "client assets"); given ``firsts`` (each row's
    first figure), also a row printed once after a run holding at least RUN_ROWS rows printed again, whose figure
    is the run's sum (to the rounding of its rows). ``named_totals`` False: a "Total …" row ends a run without
    naming it (a text table's headings name those: "APAC: Japan … Total APAC"). "" for a row of no such run, and for
    every row when no two runs share a row."""
    count: dict[str, int] = {}
    for label in labels:
        count[label.lower()] = count.get(label.lower(), 0) + 1

    def sums(i: int, run: list[int]) -> bool:
        if firsts is None or firsts[i] is None or any(firsts[j] is None for j in run):
            return False
        return abs(sum(firsts[j] or 0.0 for j in run) - (firsts[i] or 0.0)) <= len(run) / 2
    blocks: list[tuple[list[int], str]] = []
    run: list[int] = []
    for i, label in enumerate(labels):
        again = sum(count[labels[j].lower()] >= 2 for j in run) >= RUN_ROWS
        if _TOTAL.match(label) or (count[label.lower()] == 1 and again and sums(i, run)):
            named = named_totals or not _TOTAL.match(label)
            blocks.append((run, re.sub(r"\s*\([a-z0-9]\)\s*$", "", _TOTAL.sub("", label)).strip() if named else ""))
            run = []
        else:
            run.append(i)
    names = [{labels[i].lower() for i in rows} for rows, _ in blocks]
    out = [""] * len(labels)
    if not any(a & b for n, a in enumerate(names) for b in names[n + 1:]):
        return out  # no row printed twice: each row's name is its own
    for rows, total in blocks:
        for i in rows:
            out[i] = total[:1].upper() + total[1:]
    return out

"""Columns of text tables: a figure's printed token read as a number, and tables of one period whose columns are
named by what they measure rather than dated (graph/textrows.py reads every other kind)."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

from finchat.graph.cells import Cell
from finchat.graph.rowunits import counted
from finchat.tables import units_scale

_YEAR = re.compile(r"\b(19|20)\d{2}\b")
#: Characters one table header's period words span ("Three Months Ended June 30, … Six Months Ended …").
HEADER_SPAN = 80
#: The boundary the parser keeps between column-group names side by side (ingest/parse.py GROUP_SEP).
_GROUP_SEP = "¦"


def _value(token: str) -> float | None:
    t = token.replace("$", "").replace(" ", "").rstrip("%")
    neg = t.startswith("(") or t.endswith(")")
    t = t.strip("()").replace(",", "")
    try:
        v = float(t)
    except ValueError:
        return None
    return -v if neg else v


#: "… for and as of the year ended December 31, 2022:": the one period a table of named columns is for.
#: "… medical membership as of December 31, 2018 was as follows:" too.
_ONE_PERIOD = re.compile(r"(?i)(?:\b(?:for|as of)\b[^.:]{0,40}?)?\b(?P<kind>year|twelve months|as of|at)\s+(?:ended\s+)?"
                         r"(?P<month>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(?P<day>\d{1,2}),?\s+"
                         r"(?P<year>(?:19|20)\d\d)\s*(?:(?:is|was|were|are)\s+as\s+follows\s*)?"
                         # ("… by business segment at December 31, 2022 (in millions):")
                         r"(?:\((?:in|\$ in)\s+(?:thousands|millions|billions)\)\s*)?:?\s*(?:¶|\n|\*|$)")
#: A units phrase or a footnote mark standing in a header line: no column's name.
_UNITS_PHRASE = r"(?:in|\$ in|(?:amounts|dollars) in)\s+(?:thousands|millions|billions)"
_NOT_NAME = re.compile(rf"(?i)\(?\b{_UNITS_PHRASE}\)?|\(\d\)|\([a-z]\)")


def _first_run(names: list[str]) -> list[str]:
    """The names up to the first repeat: "A ¦ B ¦ C ¦ A ¦ B ¦ C" (amounts, then their changes) → A, B, C."""
    return names[:names.index(names[0], 1)] if names.count(names[0]) > 1 else names


def _total_column(rows: list[tuple[int, str, list[str]]]) -> bool:
    """Do most rows end with the sum of their other values (segments as columns, then their total)? Such
    columns are no periods."""
    full = [vs for vs in ([_value(t) for t in nums] for _, _, nums in rows) if len(vs) > 2 and None not in vs]
    summed = sum(1 for vs in full if abs(sum(v for v in vs[:-1] if v is not None) - (vs[-1] or 0)) <= 1)
    return bool(full) and summed * 2 > len(full)


def _header_cells(own: str, width: int, short: int = 0) -> tuple[list[int], list[str]]:
    """The years and the column names of the last line of ``own`` (the words before a text table's first row,
    the parser's "¦" between names), when the names fill ``width`` columns or a whole number of years' worth;
    ([], []) otherwise. A line with no "¦" is read a word per name only when that fills the columns
    ("Insured ASC Total")."""
    lines = [x for x in own.split("¶") if x.strip(" ¦") and not x.strip(" ¦").endswith(":")]  # no heading
    if not lines:
        return [], []
    line = _NOT_NAME.sub(" ", lines[-1])
    years = [int(y.group(0)) for y in _YEAR.finditer(line)]
    if not years and len(lines) >= 2 and re.fullmatch(r"(?:\s*(?:19|20)\d\d)+\s*", lines[-2].replace(_GROUP_SEP, " ")):
        years = [int(y.group(0)) for y in _YEAR.finditer(lines[-2])]  # "2022 2021" on a line of its own above
    line = _YEAR.sub(" ", line)
    names = [c.strip(" ,:") for c in line.split(_GROUP_SEP) if c.strip(" ,:")]
    if len(names) not in (width, width - short):
        words = [w.strip(" ,:") for c in names for w in c.split() if w.strip(" ,:")]
        names = words if len(words) == width else names
    return (years, names) if len(names) in (width, width - short) else ([], [])
_MONTHS = {m: i for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov",
                                        "dec"), 1)}


#: A units phrase opening a column's name ("In thousands Insured"): no part of the name.
_LEADING_UNITS = re.compile(rf"(?i)^\s*{_UNITS_PHRASE}\b\s*")


def _first_line(text: str) -> str:
    """The first line of ``text`` holding words ("¶ ¶ Total ¶ Medical membership:" → " Total ")."""
    return next((x for x in text.split("¶") if x.strip(" ,:")), "")


def _named_columns(own: str, lead_in: str, width: int, period_end: date,
                   priced: bool = False) -> Callable[[str, list[str]], list[Cell]] | None:
    """A reader of rows for a table of one period whose columns are named by what they measure, not dated:
    American Water's "Operating Revenues (in millions) ¦ Number of Customers (in thousands)" over "Water ¦
    Wastewater ¦ Total ¦ % of Total" twice, the period in the sentence introducing it ("for and as of the year
    ended December 31, 2022:"). None for any other table: years in the header, no such sentence, or names that
    do not fill the row's width. ``priced``: the table's rows print "$" (on its first row only, as most do): its
    figures are money but for the rows or column groups that count things."""
    # the sentence introducing it may open the chunk ("… by business segment at December 31, 2022 (in millions):")
    lines = own.split("¶")
    colon = max((i for i, x in enumerate(lines) if x.rstrip(f" *{_GROUP_SEP}").endswith(":")), default=-1)
    if colon >= 0 and _ONE_PERIOD.search("¶".join(lines[:colon + 1])):  # (not a heading over the rows: "Membership:")
        lead_in, own = f"{lead_in} {'¶'.join(lines[:colon + 1])}", " ".join(x for x in lines[colon + 1:] if x.strip())
    if _YEAR.search(own) or width < 2:
        return None
    said = _ONE_PERIOD.search(lead_in[-2 * HEADER_SPAN - 200:])
    if said is None or said.end() < len(lead_in[-2 * HEADER_SPAN - 200:].rstrip()) - 2 * HEADER_SPAN:
        return None
    end = date(int(said.group("year")), _MONTHS[said.group("month")[:3].lower()], int(said.group("day")))
    if abs((end - period_end).days) > 7:
        return None  # another period than the filing's: not read here
    tail = re.split(r"¶|\n", lead_in.rstrip())[-1]
    groups = [g.strip(" *") for g in tail.replace("*", "").split(_GROUP_SEP)] if _GROUP_SEP in tail else [""]
    if width % len(groups):
        groups = [""]
    own = own.replace("*", "")  # (bold names side by side are "¦"-separated already: graph/textrows.py)
    # the column names, once per group ("Total % of Total" is two: "% of …" starts a name); the last one may run
    # into the first row's label ("% | of Total New Jersey"), its rest cut from that label
    # (a name ends at its line's end: "Total ¶ Medical membership:" is "Total", a heading over the rows after it)
    names = [re.sub(r"\s*\([a-z]\)\s*", " ", _LEADING_UNITS.sub("", c)).strip(" ,:")
             for part in own.split(_GROUP_SEP) for c in re.split(r"\s+(?=%\s*(?:of\b|$))", _first_line(part))
             if _NOT_NAME.sub(" ", c).strip(" ,:")]
    # the groups' names on the header's own line, before the names they head ("Operating Revenues (in
    # millions) ¦ Number of Customers (in thousands) ¦ Water ¦ Wastewater … ¦ Water ¦ Wastewater …")
    own_groups, found = len(names) - width, False
    if groups == [""] and own_groups >= 2 and width % own_groups == 0:
        span = width // own_groups
        named = names[own_groups:]
        expected = named[:span] * own_groups  # the last may be cut short ("% of Total" → "%"), as below
        if named[:-1] == expected[:-1] and expected[-1].startswith(named[-1]):
            groups, names, found = names[:own_groups], named, True
    if not found and len(names) != width and not _header_cells(own, width)[0] and _header_cells(own, width)[1]:
        names = _header_cells(own, width)[1]  # "In thousands Insured ¦ ASC Total": a name per column
    span = width // len(groups)
    first = names[:span]
    if len(first) != span or len(names) > width:
        return None
    expected = (first * len(groups))[:len(names)]
    rest = ""
    if names[:-1] != expected[:-1] or not expected[-1].startswith(names[-1]):
        return None
    if len(names) < width or names[-1] != expected[-1]:
        if len(names) != width:
            return None
        rest = expected[-1][len(names[-1]):].strip()  # "of Total": printed before the first row's label
    cols = first * len(groups)
    months = 12 if said.group("kind").lower() not in ("as of", "at") else None
    when = f"{end:%B} {end.day}, {end.year}"

    def read(label: str, nums: list[str]) -> list[Cell]:
        if rest and label.startswith(rest):
            label = label[len(rest):].strip()
        out = []
        for i, token in enumerate(nums):
            v = _value(token)
            if v is None:
                continue
            group = groups[i // span]
            pct = token.endswith("%")
            scale = "units" if pct else units_scale(group) or units_scale(own) or units_scale(said.group(0)) or "units"
            money = "$" in token or bool(re.search(r"(?i)revenue|sales|income|expense|cost|\$", group)) or (
                priced and not counted(label) and not counted(cols[i]) and not re.search(r"(?i)\bnumber\b|\bcount", group))
            unit = "%" if pct else "USD" if money else "count"
            name = re.sub(r"\s*\((?:in|\$ in)[^)]*\)", "", group).strip()
            column = " › ".join(x for x in (name, cols[i]) if x)
            out.append(Cell(label[:200], label[:400], f"{column} — {'Twelve Months Ended' if months else 'As of'} "
                            f"{when}"[:200], "12M" if months else None, end, v, token.replace("$", "").strip(),
                            scale, unit))
        return out

    return read


#: A column named for a quarter ("1st", "Fourth Quarter", "Q2").
_QUARTER_NAME = re.compile(r"(?i)(?:1st|2nd|3rd|4th|first|second|third|fourth)(?:\s+quarter)?|q[1-4]")


def _years_over_names(own: str, lead_in: str, width: int, period_end: date,
                      first_label: str = "", priced: bool = False) -> Callable[[str, list[str]], list[Cell]] | None:
    """A reader of rows for a table whose years each head the same named columns: American Water's customers
    "2021 2020 2019 (In thousands) Water Wastewater Water Wastewater Water Wastewater". Balances ("as of" in
    the words before) are dated to each year's period end, else the year's twelve months. The last name may
    have run into ``first_label`` ("Wastewater Residential"): cut from it; ``priced``: the rows print "$" (on the
    first row only, as most do), so every row not counting things is money. None for any other header."""
    years, names = _header_cells(own, width, short=1)
    k = len(years)
    if k < 2 or len(set(years)) != k or width % k or width == k:
        return None
    span = width // k
    first = names[:span]
    rest = ""
    if len(names) == width - 1 and first_label.startswith(f"{first[-1]} "):
        rest, names = first[-1], names + [first[-1]]
    elif len(names) == width and names[-1] != first[-1] and first[-1].startswith(names[-1]) \
            and first_label.startswith(f"{first[-1][len(names[-1]):].strip()} "):
        # the last name cut where the first row begins ("% | of Sales Consumer Health"): its rest is no label's
        rest, names = first[-1][len(names[-1]):].strip(), names[:-1] + [first[-1]]
    if names != first * k or len(set(first)) != span:
        return None
    if any(_QUARTER_NAME.fullmatch(n) for n in first):
        return None  # "2018 2017 1st 2nd 3rd 4th …": each year's quarters, no named measures of the year
    # (the units phrase of the header's last line holding one: a heading over the rows may follow it, "Notes payable:")
    scale = next((got for x in reversed([x for x in own.split("¶") if x.strip(" ¦")]) if (got := units_scale(x))),
                 "units")
    balance = bool(re.search(r"(?i)\bas of\b", f"{lead_in[-300:]} {own[-400:]}"))
    # a fiscal year ending in the first days of January is named for the year before ("2022": January 1, 2023)
    lag = 1 if period_end.month == 1 and period_end.day <= 7 and period_end.year == max(years) + 1 else 0
    dollars = bool(re.search(r"(?i)\bdollars\b|\$\s*in\b", own[-400:]))

    def read(label: str, nums: list[str]) -> list[Cell]:
        if rest and label.startswith(f"{rest} "):
            label = label[len(rest):].strip()
        out = []
        for i, token in enumerate(nums[:width]):
            v = _value(token)
            if v is None:
                continue
            year = years[i // span] + lag
            try:
                end = period_end.replace(year=year)
            except ValueError:  # 29 February
                end = period_end.replace(year=year, day=28)
            # (a column named "% of Sales" is a percentage, its "%" printed on the first row only; its amounts are
            # money when the header says dollars)
            pct = token.endswith("%") or first[i % span].startswith("%")
            unit = "%" if pct else "USD" if "$" in token or dollars or (
                priced and not counted(label) and not counted(first[i % span])) else "count"  # (a "Shares" column counts)
            when = f"{'As of' if balance else 'Twelve Months Ended'} {end:%B} {end.day}, {end.year}"
            out.append(Cell(label[:200], label[:400], f"{first[i % span]} — {when}"[:200],
                            None if balance else "12M", end, v, token.replace("$", "").strip(),
                            "units" if pct else scale, unit))
        return out

    return read


def priced_after_first(rows: list[list[str]]) -> bool:
    """Do the rows' figures (as printed, "$" kept) hold two measures rather than periods: two or more rows printing a
    "$", none on its first figure ("Awarded 4.3 $ 360.17": shares, then a price per share, under a header the parser
    lost)? A period's column prints its "$" on the first figure of a money row."""
    dollars = [{j for j, n in enumerate(nums) if "$" in n} for nums in rows if any("$" in n for n in nums)]
    return len(dollars) >= 2 and all(0 not in d for d in dollars)

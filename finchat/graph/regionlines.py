"""A results release's product tables printed one line per product, its regions' rows run together: "STELARA US
1,817 1,731 4.9% 4.9% - 3,268 3,110 5.1% 5.1% Intl 981 868 13.0% 14.1% -1.1% … WW 2,797 2,599 7.6% 8.0% -0.4% …",
under a header of two column groups — "2023 2022 Reported Operational Currency" for the quarter, then the same for
the year to date (Johnson & Johnson's sales schedules). A line naming no product ("US $ 2,865 2,853 …") is the
total of the heading above it ("IMMUNOLOGY"). A product's worldwide row is the product's own ("STELARA"), its regions
its parts ("STELARA › U.S."). graph/textrows.py reads a row per line; these lines hold three."""

from __future__ import annotations

import re
from datetime import date

from finchat.graph.cells import Cell
from finchat.graph.countlist import unmarked
from finchat.graph.periods import shift_months

#: The header of one column group: this year, last year, then the change columns ("Reported Operational (1)
#: Currency").
_GROUP = re.compile(r"\b(?P<now>(?:19|20)\d\d)\s+(?P<then>(?:19|20)\d\d)\s+Reported\s+Operational\s+(?:\(\d\)\s+)?"
                    r"Currency\b")
_AMOUNT = r"(?:\$?\s*\(?-?\d[\d,]*(?:\.\d+)?\)?|-|—|–)"  # (a dash: no sales, a product new since)
_PCT = r"(?:-?\d+(?:\.\d+)?%|\*\*|-|—|–|\*|NM|N/?M)"
#: One region's row: its name, then per column group the year's and last year's sales and three changes.
_REGION = re.compile(rf"(?P<region>US\s+Exports|US|U\.S\.|Intl|International|WW|Worldwide)\s+(?:\(\d\)\s+)?"
                     rf"(?P<a>{_AMOUNT})\s+(?P<b>{_AMOUNT})\s+(?P<ar>{_PCT})\s+(?P<ao>{_PCT})(?:\s+(?P<ac>{_PCT}))?"
                     rf"(?:\s+(?P<c>{_AMOUNT})\s+(?P<d>{_AMOUNT})\s+(?P<cr>{_PCT})\s+(?P<co>{_PCT})(?:\s+(?P<cc>{_PCT}))?)?"
                     r"(?=\s|$)")
#: The change columns of a column group, as the header names them.
_CHANGES = (("r", "Reported"), ("o", "Operational"), ("c", "Currency"))
#: A table's title in capitals naming its units ("REPORTED SALES vs. PRIOR PERIOD ($MM)").
_TITLE = re.compile(r"(?<![A-Za-z.])([A-Z][A-Z&,.'’/ -]{3,80}?(?:vs\.\s+[A-Z][A-Z ]{2,40})?\s*\((?:\$\s?MM|\$\s?M|in\s+millions)\))")
#: Characters a chunk's first row may lie past its start (the end of a line the chunk before cut, a product's name).
FIRST_ROW_WITHIN = 120
#: What the abbreviations print as, in the words questions use.
_REGION_NAMES = {"us": "U.S.", "u.s.": "U.S.", "us exports": "U.S. Exports", "intl": "International",
                 "international": "International", "ww": "Worldwide", "worldwide": "Worldwide"}
#: The product's name before its first region: a capital, then the letters, digits and marks names print ("SIMPONI /
#: SIMPONI ARIA", "ZYTIGA / abiraterone acetate").
_NAME = re.compile(r"^(?!(?:US|Intl|WW)\b)(?P<name>[A-Z][A-Za-z0-9 /&.'’+-]{1,60}?)\s+(?=(?:US|Intl|WW)\s)")
#: Words a year-to-date column group is named by, per fiscal quarter of the release.
_TO_DATE = {2: ("Six Months", "6M"), 3: ("Nine Months", "9M"), 4: ("Twelve Months", "12M")}
_ORDINAL = {1: "First", 2: "Second", 3: "Third", 4: "Fourth"}


def _plain(text: str) -> str:
    """``text`` without emphasis, footnote marks and line breaks."""
    return unmarked(re.sub(r"<sup>.*?</sup>", " ", text))


def _value(token: str) -> float:
    t = token.replace("$", "").replace(",", "").strip()
    if t in ("-", "—", "–"):
        return 0.0
    return -float(t.strip("()")) if t.startswith("(") else float(t)


def _title_in(text: str) -> str:
    """The table title in ``text``: of several, the longest (the text before may open inside one: "PRIOR PERIOD
    ($MM)" of "REPORTED SALES vs. PRIOR PERIOD ($MM)"); "" when none."""
    return max((m.group(1).strip() for m in _TITLE.finditer(text)), key=len, default="")


def region_header(text: str) -> str:
    """The last column group header in ``text`` ("2023 2022 Reported Operational Currency") after the table's title
    before it ("REPORTED SALES vs. PRIOR PERIOD ($MM)"), or "" when it holds none."""
    plain = _plain(text)
    found = list(_GROUP.finditer(plain))
    if not found:
        return ""
    title = _title_in(plain[:found[-1].start()])
    return f"{title} {found[-1].group(0)}" if title else found[-1].group(0)


def region_line_cells(text: str, lead_in: str, heading: str, period_end: date, quarter: int | None) -> list[Cell]:
    """Cells of one chunk of such lines (module docstring) when the chunk or ``lead_in`` (the text before it)
    holds the header and the chunk holds nothing but region rows: per product and region, the quarter's sales
    (3M) and the year to date's (6M, 9M, 12M by ``quarter``), this year's as of ``period_end`` and last year's
    a year before, in millions of dollars; [] otherwise."""
    plain = _plain(text)
    groups = list(_GROUP.finditer(plain)) or list(_GROUP.finditer(_plain(lead_in)))
    if not groups or quarter is None:
        return []
    head = groups[-1]
    if int(head.group("now")) != period_end.year and int(head.group("now")) != period_end.year + 1:
        return []  # a table of other years than the release's
    body = plain[head.end():] if _GROUP.search(plain) else plain
    rows: list[tuple[str, re.Match[str]]] = []
    name, pos = heading.strip().title() if heading else "", 0
    # (a chunk opening inside the line before — "- - WW 117 24 - - -" — goes on from its first product's name)
    first = re.search(r"(?:^|\s)(?!(?:US|Intl|WW)\b)[A-Z][A-Za-z0-9 /&.'’+-]{1,60}?\s+US\s", body)
    # (and one opening on rows of no product named — no heading's total either — from its first product's name)
    if not _NAME.match(body) and not (name and _REGION.match(body)):
        if first is None:
            return []
        pos = first.start()
    while pos < len(body):
        rest = body[pos:].lstrip()
        pos = len(body) - len(rest)
        if not rest:
            break
        named = _NAME.match(rest)
        if named:
            name, pos = named.group("name").strip(), pos + named.end()
            continue
        m = _REGION.match(body, pos)
        if m is None or not name:
            break  # the table ends (the next page's heading, a row the chunk cuts): its rows so far stand
        rows.append((name, m))
        pos = m.end()
    if not rows or (rows[0][1].start() > FIRST_ROW_WITHIN):
        return []  # no row, or rows only after other text: no such table
    # the table's title above its header ("REPORTED SALES vs. PRIOR PERIOD ($MM)"): what its figures are
    caption = _title_in(f"{_plain(lead_in)} {plain[:head.start()] if _GROUP.search(plain) else ''}")
    year_before = shift_months(period_end, -12)
    quarter_name = f"{_ORDINAL.get(quarter, '')} Quarter".strip()
    out: list[Cell] = []
    for product, m in rows:
        region = _REGION_NAMES[re.sub(r"\s+", " ", m.group("region")).lower()]
        # (the worldwide row is the product's own figure: a question naming no region asks it)
        label, path = (product, product) if region == "Worldwide" else (region, f"{product} › {region}")
        columns = [(quarter_name, "3M", "a", "b")]
        if m.group("c") and quarter in _TO_DATE:
            columns.append((*_TO_DATE[quarter], "c", "d"))
        for group_name, months, now, then in columns:
            for as_of, token in ((period_end, m.group(now)), (year_before, m.group(then))):
                out.append(Cell(label, path[:400], f"{group_name} {as_of.year}", months, as_of, _value(token),
                                token.replace("$", "").strip(), "millions", "USD", caption))
            # each change the header names, a percentage of the year's sales over the year before's ("47.8%"
            # operational); a dash or a star prints none
            for key, basis in _CHANGES:
                token = m.group(now + key) or ""
                if re.fullmatch(r"-?\d+(?:\.\d+)?%", token):
                    out.append(Cell(label, path[:400], f"{basis} change — {group_name} {period_end.year}", months,
                                    period_end, float(token.rstrip("%")), token, "units", "%", caption))
    return out


__all__ = ["region_header", "region_line_cells"]

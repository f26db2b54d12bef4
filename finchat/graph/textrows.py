"""Tables the PDF parser kept as text: a note's segment table on a page parsed without table detection reads
"Americas: Net sales $ 35,383 $ 37,472 $ 122,445 $ 129,850 Operating income $ 13,117 …". Its rows are a
label followed by one number per column; its columns are the periods the header (or the sentence before it)
names — "Three Months Ended … Nine Months Ended", the current year first when the header's first year is
the filing's — dated by the filing's own period end and the year before.

Only a text with a period header, at least two rows of the same width and that width matching the periods is
read; anything else gives no cells (prose never has a label followed directly by several bare numbers).
"""

from __future__ import annotations

import re
from datetime import date

from finchat.graph.cells import Cell
from finchat.tables import units_scale

_NUM = r"\(?-?\$?\s?\(?\d[\d,]*(?:\.\d+)?\)?%?"
_ROW = re.compile(rf"(?P<label>[A-Za-z][A-Za-z0-9 ,&'’()/\-.]*?[A-Za-z)])\s*:?\s+(?P<nums>(?:\$?\s?{_NUM}\s+){{1,7}}\$?\s?{_NUM})(?=\s|$)")
_HEADING = re.compile(r"(?:^|\s)(?P<h>[A-Z][A-Za-z&'’\-.]*(?: [A-Za-z&'’\-.]+){0,5}):(?=\s|$)")
_DURATIONS = re.compile(r"(?i)\b(three|six|nine|twelve)[- ]months?\b|\b(three|six|nine)[- ](?:and|,)\s+(six|nine|twelve)[- ]month|"
                        r"\b(quarter|year)s?\s+ended\b|\bfiscal\s+years?\s+ended\b")
_WORD_MONTHS = {"three": 3, "six": 6, "nine": 9, "twelve": 12, "quarter": 3, "year": 12}
_YEAR = re.compile(r"\b(19|20)\d{2}\b")
_NOISE = re.compile(r"[*_#]+")


_HEADER_DURATION = re.compile(r"(?i)\b(three|six|nine|twelve)\s+months\s+ended\b")
_PROSE_DURATIONS = re.compile(r"(?i)\b(three|six|nine)[- ]*(?:and|,)\s*(six|nine|twelve)[- ]month")


def _durations(header: str) -> list[int]:
    """The column groups' lengths in months, in order: a header's "Three Months Ended … Nine Months Ended",
    else a sentence's "three- and nine-month periods", else any single duration named."""
    found = [_WORD_MONTHS[m.group(1).lower()] for m in _HEADER_DURATION.finditer(header)]
    if found:
        return list(dict.fromkeys(found))
    m = _PROSE_DURATIONS.search(header)
    if m:
        return [_WORD_MONTHS[m.group(1).lower()], _WORD_MONTHS[m.group(2).lower()]]
    out: list[int] = []
    for m in _DURATIONS.finditer(header):
        for g in m.groups():
            if g and g.lower() in _WORD_MONTHS and _WORD_MONTHS[g.lower()] not in out:
                out.append(_WORD_MONTHS[g.lower()])
    return out[:1]


def _value(token: str) -> float | None:
    t = token.replace("$", "").replace(" ", "").rstrip("%")
    neg = t.startswith("(") or t.endswith(")")
    t = t.strip("()").replace(",", "")
    try:
        v = float(t)
    except ValueError:
        return None
    return -v if neg else v


def _shift_year(d: date, years: int) -> date:
    try:
        return d.replace(year=d.year + years)
    except ValueError:  # February 29
        return d.replace(year=d.year + years, day=28)


def text_cells(text: str, lead_in: str, period_end: date, form: str | None,
               carry: dict[str, object] | None = None) -> list[Cell]:
    """Cells of the table rows in one text chunk (module docstring). ``carry`` holds what the chunk before
    it on the page set up — its columns, scale and last heading — for a table the chunker split: it is
    read and updated."""
    carry = carry if carry is not None else {}
    body = _NOISE.sub(" ", text).replace("\n", " ")
    rows = [(m.start(), m.group("label").strip(" ,"), re.findall(_NUM, m.group("nums"))) for m in _ROW.finditer(body)]
    rows = [(at, label, nums) for at, label, nums in rows if len(nums) >= 2 and not re.fullmatch(r"[\d\s,.$%()-]+", label)]
    heads = [(m.start(), m.group("h").strip()) for m in _HEADING.finditer(body)]
    if len(rows) < 2:
        carry.clear()
        return []
    width = max(set(len(n) for _, _, n in rows), key=lambda w: sum(1 for _, _, n in rows if len(n) == w))
    rows = [r for r in rows if len(r[2]) == width]
    header = f"{lead_in} {body[:rows[0][0]]}"
    durations = _durations(header)
    if durations and width % len(durations) == 0:
        carry.pop("heading", None)  # a table of its own: no heading carried over from the one before
        years = [int(y.group(0)) for y in _YEAR.finditer(body[:rows[0][0]] or lead_in)]
        current_first = not years or years[0] >= period_end.year or (len(years) > 1 and years[0] > years[1])
        scale = units_scale(header) or "units"
    elif carry.get("width") == width:
        durations = list(carry["durations"])  # type: ignore[call-overload]
        current_first, scale = bool(carry["current_first"]), str(carry["scale"])
    elif form == "10-K" and width in (2, 3):
        durations, current_first, scale = [12], True, units_scale(header) or "units"
    else:
        carry.clear()
        return []
    if len(rows) < 2 and carry.get("width") != width:
        return []
    per = width // len(durations)
    columns: list[tuple[int, date]] = []
    for months in durations:
        ends = [_shift_year(period_end, -k) for k in range(per)]
        columns += [(months, e) for e in (ends if current_first else list(reversed(ends)))]
    out: list[Cell] = []
    for at, label, nums in rows:
        outer = next((h for pos, h in reversed(heads) if pos < at and h != label), str(carry.get("heading") or ""))
        path = f"{outer} › {label}" if outer else label
        for (months, end), token in zip(columns, nums, strict=True):
            v = _value(token)
            if v is None:
                continue
            pct = token.endswith("%")
            money = "$" in token or scale != "units"
            unit = "%" if pct else "USD/share" if re.search(r"(?i)per share", label) else "USD" if money else "count"
            words = {3: "Three", 6: "Six", 9: "Nine", 12: "Twelve"}.get(months, str(months))
            # the filing's own period end is exact; a year earlier the header's date is not read
            when = f"{end:%B} {end.day}, {end.year}" if end == period_end else "a year earlier"
            out.append(Cell(label[:200], path[:400], f"{words} Months Ended {when}",
                            f"{months}M", end, v, token.replace("$", "").strip(), "units" if pct else scale, unit))
    carry.update(width=width, durations=durations, current_first=current_first, scale=scale,
                 heading=heads[-1][1] if heads else carry.get("heading", ""))
    return out


__all__ = ["text_cells"]

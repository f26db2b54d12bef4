"""Text tables whose columns are dates: a header of two or more full dates in bold ("**June 30, 2023** **March 31,
2023** **December 31, 2022** …") or on a line of their own, then rows of a label and one figure per date ("King 238
243 233 240 240"). The PDF parser left them as prose and graph/textrows.py reads only tables headed by durations or
years; each figure here is the row's at its column's date (no duration: a balance, or the period the table's caption
names).

A wide table's header the parser printed as pairs of overlapping columns, month-days over years ("**Dec. 31,**
**Sep. 30,** / **2016** **2016** / **Sep. 30,** **Jun. 30,** / **2016** **2016** …: eight quarters), is read as its
dates in order (quarter ends a quarter apart: each figure the quarter's); when it stands alone at a chunk's end,
the rows under it are read from the text chunks after it (``open_header``), under their headings ("Revenue:", "Net
loss per share …:")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from itertools import pairwise

from finchat.graph.cells import PER_SHARE_BELOW, Cell, per_share_row
from finchat.graph.rowunits import UNITLESS_LABEL, counted
from finchat.graph.textlines import _TOKEN
from finchat.graph.textrows import _ROW, LEAD_CHARS
from finchat.tables import MONTHS_ABBR, dates_in_text, parse_date, parse_value, row_units, units_scale

_DATE = rf"(?:{MONTHS_ABBR})\s+\d{{1,2}},\s+(?:19|20)\d\d"
#: The header: full dates, each in bold, side by side — or a line of nothing but full dates ("June 30, 2023
#: December 31, 2022" over a reconciliation's rows).
_HEADER = re.compile(rf"(?:\*\*\s*{_DATE}\s*\*\*[ \t]*){{2,}}|^[ \t]*(?:{_DATE}[ \t]*){{2,}}$", re.MULTILINE)
#: Rows read after the header at most (the rest of a chunk is prose or another table).
MAX_ROWS = 30
_MONTH_DAY = rf"({MONTHS_ABBR})\s+(\d{{1,2}}),?"
#: One pair of a split header: a line of bold month-days, then a line of as many bold years.
_SPLIT_PAIR = re.compile(rf"^[ \t]*(?P<days>(?:\*\*\s*{_MONTH_DAY}\s*\*\*[ \t]*)+)\n\s*(?P<years>(?:\*\*\s*(?:19|20)\d\d\s*\*\*[ \t]*)+)$",
                         re.MULTILINE)
#: A split header gives at least this many distinct dates (two columns are any comparison's, read elsewhere).
SPLIT_DATES = 3
#: Days between two quarter ends (a 13-week quarter is 91).
QUARTER_DAYS = (84, 98)
#: Lines a table's rows may follow or hold: its units line, a heading over rows ("Revenue:").
_UNITS_LINE = re.compile(r"(?i)^\(\s*in\s+(?:thousands|millions|billions)\b[^()]{0,80}\)$")
_HEADING_LINE = re.compile(r"^[A-Z][^\d:$]{2,200}:$")


@dataclass(frozen=True)
class Header:
    """A date header: its columns' printed names and dates, in order, and where it ends in its chunk."""

    names: tuple[str, ...]
    ends: tuple[date, ...]
    end: int
    start: int = 0
    duration: str | None = None  # "3M": quarter ends a quarter apart, a quarterly table's columns


def _split_headers(text: str) -> list[Header]:
    """The split headers in a text: runs of two or more month-day/year pairs, read as their distinct dates."""
    out: list[Header] = []
    run: list[re.Match[str]] = []
    for m in [*_SPLIT_PAIR.finditer(text), None]:
        if m is not None and (not run or not text[run[-1].end():m.start()].strip()):
            run.append(m)
            continue
        dates: list[tuple[str, date]] = []
        for pair in run if len(run) >= 2 else []:
            days = re.findall(_MONTH_DAY, pair.group("days"))
            years = re.findall(r"(?:19|20)\d\d", pair.group("years"))
            if len(days) != len(years):
                dates = []
                break
            for (month, day), year in zip(days, years, strict=True):
                d = parse_date(month, day, year)
                if d is None:
                    dates = []
                    break
                if not dates or dates[-1][1] != d:  # (the pairs overlap: each repeats the column before)
                    dates.append((f"{month} {day}, {year}", d))
        if len(dates) >= SPLIT_DATES and len({d for _, d in dates}) == len(dates):
            ends = [d for _, d in dates]
            # (each column a quarter after the next: the table's figures are the quarters')
            quarterly = all(QUARTER_DAYS[0] <= (a - b).days <= QUARTER_DAYS[1] for a, b in pairwise(ends))
            out.append(Header(tuple(n for n, _ in dates), tuple(ends), run[-1].end(), run[0].start(),
                              "3M" if quarterly else None))
        run = [m] if m is not None else []
    return out


def _headers(text: str) -> list[Header]:
    """A chunk's date headers, in order: full dates in bold or on a line of their own, and split headers."""
    out = [*_split_headers(text)]
    for header in _HEADER.finditer(text):
        names = re.findall(_DATE, header.group(0))
        ends = dates_in_text(header.group(0))  # (in order, without repeats, impossible days left out)
        if len(ends) == len(names):
            out.append(Header(tuple(names), tuple(ends), header.end(), header.start()))
    return sorted(out, key=lambda h: h.end)


def has_header(text: str) -> bool:
    """Does a chunk print a date header of its own?"""
    return bool(_headers(text))


@dataclass
class Carried:
    """A split header a chunk ended with, carried over the chunks holding its rows: the header, and what the
    rows read so far set up — the heading over the next rows, the table's scale, whether it prints "$"."""

    header: Header
    heading: str = ""
    scale: str = ""
    money: bool = False


def open_header(text: str, lead_in: str = "") -> Carried | None:
    """The split header a chunk ends with, no row under it: its rows are in the chunks after it."""
    heads = _split_headers(text)
    if heads and not _ROW.search(re.sub(r"[*_]+", "", text[heads[-1].end:])):
        return Carried(heads[-1], scale=units_scale(f"{lead_in} {text}"[-400:]) or "")
    return None


def dated_cells(text: str, lead_in: str = "", carried: Carried | None = None) -> list[Cell]:
    """Cells of the date-headed tables in one text chunk (module docstring); [] when it holds none. A header
    whose dates repeat (groups of columns measuring different things) or rows of another width than the
    header's are not read. ``carried``: a split header an earlier chunk ended with, heading this chunk's rows
    when it has no header of its own (updated with the heading, scale and "$" these rows leave). Units: a
    "(amounts in millions)" phrase before the header (or above the rows) scales the rows, a row's own "(in
    millions)" that row; a table printing no "$" counts things unless a row prints "%"; days and turns are
    never scaled; a row of decimals among whole amounts is in a scale the table does not print, and is left
    out; a row per share ("… per share" in its label or its heading) is in dollars per share."""
    out: list[Cell] = []
    heads = _headers(text)
    source = carried if not heads else None  # (the carried header heads only a chunk printing none of its own)
    starts = [(source.header, 0)] if source else [(h, h.end) for h in heads]
    for header, at in starts:
        rest = text[at:]
        plain = re.sub(r"<sup>[^<]{0,12}</sup>", " ", re.sub(r"[*_]+", "", rest))  # (a footnote's mark: no label's)
        plain = re.split(r"\n\s*\n\s*\(\d{1,2}\)\s", plain, maxsplit=1)[0]  # (its footnotes below end the table)
        rows, heading = _rows(plain, len(header.names), rest, source.heading if source else "")
        if not rows:
            continue
        above = f"{lead_in} {text[:at]}"[-400:]
        scale = units_scale(f"{above} {plain[:rows[0].start]}") or (source.scale if source else "") or "units"
        money = any("$" in t for r in rows for t in r.tokens) or bool(source and source.money)
        if source:
            source.heading, source.scale, source.money = heading, scale, money
        # the chunk's words before the header introduce the table ("… our average MAUs … (amounts in millions):")
        lead = re.sub(r"\s+", " ", re.sub(r"[*_]+", "", text[:header.start if at else 0])).strip()[-LEAD_CHARS:]
        whole = [not any("." in t for t in r.tokens) for r in rows]
        for i, row in enumerate(rows):
            label, tokens = row.label, row.tokens
            path = f"{row.heading} › {label}" if row.heading else label
            per_share = any(per_share_row(label, row.heading, t, parse_value(t) or 0.0) for t in tokens) or (
                bool(re.fullmatch(r"(?i)basic|diluted", label)) and not whole[i]
                and all(abs(parse_value(t) or 0.0) < PER_SHARE_BELOW for t in tokens if t not in "—–-"))
            if money and scale != "units" and not whole[i] and sum(whole) >= 2 and not per_share and \
                    not any("$" in t or t.endswith("%") for t in tokens):
                # "Remaining performance obligation 40.0 43.7" among whole millions: billions the row does not
                # say — its scale is unknown, so it is not stored
                continue
            for name, end, token in zip(header.names, header.ends, tokens, strict=True):
                value = parse_value(token.rstrip("%")) if token.endswith("%") else parse_value(token)
                if value is None:
                    continue
                if token.endswith("%"):
                    unit, cell_scale = "%", "units"
                elif UNITLESS_LABEL.search(label):
                    unit, cell_scale = "count", "units"
                elif per_share:
                    unit, cell_scale = "USD/share", "units"
                else:
                    unit = "USD" if money and not counted(path) else "count"
                    cell_scale = row_units(label) or scale
                out.append(Cell(label[:200], path[:400], re.sub(r"\s+", " ", name), header.duration, end, value,
                                token.replace("$", "").strip(), cell_scale, unit, lead))
    return out


@dataclass(frozen=True)
class _Row:
    label: str
    tokens: list[str]
    start: int
    end: int
    heading: str


def _rows(plain: str, width: int, rest: str, heading: str = "") -> tuple[list[_Row], str]:
    """The rows of ``width`` figures at the start of ``plain``, each under the heading above it, and the heading
    the last leaves open: rows after the table's units line or a heading, and between rows only headings on a
    line of their own ("Cost of revenue:"); prose ends them."""
    rows: list[_Row] = []
    bold = [ln.strip() for ln in rest.splitlines() if ln.strip()]
    for m in _ROW.finditer(plain):
        gap = plain[rows[-1].end if rows else 0:m.start("label")].split("\n")
        own = [ln.strip() for ln in gap[:-1] if ln.strip()]  # (the last piece is on the row's line: "Less:")
        lines = [*own, *([gap[-1].strip()] if gap[-1].strip() else [])]
        if any(not (_HEADING_LINE.match(ln) or _UNITS_LINE.match(ln) or re.fullmatch(r"\(unaudited\)", ln, re.IGNORECASE)
                    or (not rows and _bold(ln, bold))) for ln in lines):
            break  # prose (or another header) before or between rows: not this table, or its end
        headings = [ln for ln in own if _HEADING_LINE.match(ln)]
        if not rows:  # (a bold title over the rows names them: "**Share-Based Compensation** **(unaudited)**")
            titles = [re.sub(r"(?i)\(unaudited\)", "", ln).strip() for ln in own if _bold(ln, bold)]
            headings += [t for t in titles if len(t.split()) >= 2]
        heading = headings[-1].rstrip(":").strip() if headings else heading
        label, tokens, end = m.group("label").strip(), re.findall(_TOKEN, f" {m.group('nums')}"), m.end()
        if len(tokens) != width:
            # dashes for none at the row's ends ("Deemed dividend — — — — (32,200) — — —"): the label took the
            # first ones, the row's pattern (ending on a figure) left the last ones
            first = re.search(r"(?:\s+[—–])+$", label)
            last = re.match(r"(?:[ \t]+[—–](?=\s|$))+", plain[end:])
            before = len(re.findall("[—–]", first.group(0))) if first else 0
            after = len(re.findall("[—–]", last.group(0))) if last else 0
            if not (before or after) or before + len(tokens) + after != width:
                break
            label = label[:first.start()].strip() if first else label
            tokens, end = ["—"] * before + tokens + ["—"] * after, end + (last.end() if last else 0)
        rows.append(_Row(label, tokens, m.start("label"), end, heading))
        if re.match(r"(?i)total\b", label):
            heading = ""  # a heading's rows end with their total
        if len(rows) >= MAX_ROWS:
            break
    tail = plain[rows[-1].end:].split("\n") if rows else []
    below = [ln.strip() for ln in tail if ln.strip()]
    if below and all(_HEADING_LINE.match(ln) for ln in below):
        heading = below[-1].rstrip(":").strip()  # a heading closing the chunk: over the next chunk's rows
    return rows, heading


def _bold(line: str, lines: list[str]) -> bool:
    """Was a line (emphasis removed) printed in bold, a title over the rows ("**Measures** **(unaudited)**")?"""
    return any(re.sub(r"[*_]+", "", b).strip() == line and b.startswith("**") for b in lines)


__all__ = ["Carried", "Header", "dated_cells", "has_header", "open_header"]

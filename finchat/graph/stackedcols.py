"""Text tables whose columns are kinds of value, each named on two stacked header lines, dated only by the sentence
introducing them: an investments note's "**Amortized** **Unrealized** **Unrealized** **Estimated**" over "**Cost**
**Gains** **Losses** **Fair Value**" under "… consisted of the following as of December 2, 2022:", then rows "Money
market funds 3,479 — — 3,479". Each row's figure is a balance at that date in the column it stands in ("Money market
funds", "Amortized Cost — As of December 2, 2022"). The PDF's text layer splits such a table over several chunks
(the header's two lines, the first rows, the rest): graph/textcells.py carries the header to the chunks after it.

Only two header lines of the same number of bold names (two to eight), a date the introduction names, and rows
printing exactly one figure per column are read; anything else gives no cells."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from finchat.graph.cells import Cell
from finchat.graph.textcolumns import _MONTHS, _value
from finchat.graph.textlines import _TOKEN
from finchat.tables import units_scale

#: A header line: bold names side by side, nothing else ("**Amortized** **Unrealized** **Estimated**"), a units
#: phrase before them allowed ("_(in millions)_ **Cost** **Gains** …").
_NAMES_LINE = re.compile(r"^(?P<units>[_(]*\(?(?:in|dollars|amounts|\$)[^)\n]{0,40}\)[_)]*\s+)?"
                         r"(?P<names>\*\*[A-Za-z][A-Za-z ,'’&/-]{0,30}\*\*(?:[ \t]+\*\*[A-Za-z][A-Za-z ,'’&/-]{0,30}\*\*)+)[ \t]*$",
                         re.MULTILINE)
#: Names a column may have at most (a wider header is a table of periods or of several groups).
MAX_COLUMNS = 8
#: The date a table of balances is introduced with: "… as of December 2, 2022:", "… at December 31, 2021 were".
_AS_OF = re.compile(r"(?i)\b(?:as\s+of|at)\s+(?P<month>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+"
                    r"(?P<day>\d{1,2}),?\s+(?P<year>(?:19|20)\d\d)\b")
#: Characters before a header searched for its introduction's date.
INTRO_REACH = 400
#: A row: a label from a word's start (never a heading's colon), then its figures.
_ROW = re.compile(r"(?P<label>[A-Za-z][A-Za-z0-9 ,&'’()/.\-]{0,120}?)\s+(?P<nums>(?:\$?\s?(?:\(?\d[\d,]*(?:\.\d+)?\)?|[—–-])"
                  r"(?:\s+|$)){2,})(?=[A-Z]|$)")
#: A heading over rows, ending in a colon: "Cash equivalents:", "Short-term fixed income securities:".
_HEADING = re.compile(r"(?P<h>[A-Z][A-Za-z0-9 ,&'’()/.\-]{0,80}?):(?=\s|$)")


@dataclass(frozen=True)
class StackedHeader:
    """Columns read from two stacked header lines, the date their introduction names and the table's units."""

    names: tuple[str, ...]
    as_of: date
    scale: str
    intro: str  # the sentence introducing the table ("Cash, … consisted of the following as of December 2, 2022:")


def bold_names(line: str) -> list[str]:
    """The names a line sets in bold, in order ("**Amortized** **Unrealized**" → Amortized, Unrealized)."""
    return [n.strip() for n in re.findall(r"\*\*([^*]+)\*\*", line)]


def stacked_header(before: str, text: str) -> tuple[StackedHeader, int] | None:
    """The stacked header ending in ``text`` (its first line may end ``before``, the text chunks just before it),
    and where in ``text`` the rows under it start; None when there is none, its lines' names differ in number or
    no date introduces it."""
    joined = f"{before}\n\n{text}"
    lines = list(_NAMES_LINE.finditer(joined))
    for second_at in range(len(lines) - 1, 0, -1):
        first, second = lines[second_at - 1], lines[second_at]
        top, bottom = bold_names(first.group("names")), bold_names(second.group("names"))
        # (the two lines one after the other, blank lines apart at most; the second inside this chunk)
        between = joined[first.end():second.start()]
        if second.end() <= len(before) + 2 or between.strip() or not 2 <= len(top) == len(bottom) <= MAX_COLUMNS:
            continue
        intro = joined[max(0, first.start() - INTRO_REACH):first.start()]
        dates = list(_AS_OF.finditer(intro))
        if not dates:
            return None
        d = dates[-1]
        try:
            as_of = date(int(d.group("year")), _MONTHS[d.group("month").lower()[:3]], int(d.group("day")))
        except ValueError:
            return None
        names = tuple(f"{a} {b}" for a, b in zip(top, bottom, strict=True))
        scale = units_scale(second.group("units") or "") or units_scale(intro[-INTRO_REACH // 2:]) or "units"
        # (the introduction from its sentence's start: the caption its cells are cited with)
        start = max((m.end() for m in re.finditer(r"[.:]\s+(?=[A-Z])", intro[:d.start()])), default=0)
        said = re.sub(r"[*_]+|\s+", " ", intro[start:]).strip()
        return StackedHeader(names, as_of, scale, said), second.end() - len(before) - 2
    return None


def stacked_cells(text: str, header: StackedHeader, heading: str = "") -> tuple[list[Cell], str]:
    """Cells of the rows in ``text`` printing one figure per column of ``header``: each a balance at its date, in
    dollars (a table of values), its heading before it ("Cash equivalents › Money market funds"); ``heading``: the one
    the chunk before ended on. Returns the cells and the heading the text ends under (for the chunk after it)."""
    width = len(header.names)
    when = f"{header.as_of:%B} {header.as_of.day}, {header.as_of.year}"
    out: list[Cell] = []
    at = 0
    for m in _ROW.finditer(text):
        gap = text[at:m.start("label")]
        headed = list(_HEADING.finditer(gap))
        label = m.group("label").strip()
        own = list(_HEADING.finditer(label))
        if own:  # "Cash equivalents: Corporate debt securities 39 …": the heading, then the row's label
            heading, label = own[-1].group("h").strip(), label[own[-1].end():].strip()
        elif headed:
            heading = headed[-1].group("h").strip()
        at = m.end()
        tokens = re.findall(_TOKEN, " " + m.group("nums"))
        if len(tokens) != width or not label:
            continue
        # a total closes its heading's rows: the rows after it stand under no heading of the ones before
        path = f"{heading} › {label}" if heading and not label.lower().startswith("total") else label
        for name, token in zip(header.names, tokens, strict=True):
            v = _value(token)
            if v is None:
                continue
            out.append(Cell(label[:200], path[:400], f"{name} — As of {when}"[:200], None, header.as_of, v,
                            token.replace("$", "").strip(), header.scale, "USD"))
        if label.lower().startswith("total") and heading:
            heading = ""
    # (a heading after the last row, "… Short-term fixed income securities:", heads the next chunk's rows)
    after = list(_HEADING.finditer(text[at:]))
    return out, after[-1].group("h").strip() if after else heading


__all__ = ["StackedHeader", "bold_names", "stacked_cells", "stacked_header"]

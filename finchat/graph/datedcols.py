"""Text tables whose columns are dates: a header of two or more full dates in bold ("**June 30, 2023** **March 31,
2023** **December 31, 2022** …") or on a line of their own, then rows of a label and one figure per date ("King 238
243 233 240 240"). The PDF parser left them as prose and graph/textrows.py reads only tables headed by durations or
years; each figure here is the row's at its column's date (no duration: a balance, or the period the table's caption
names)."""

from __future__ import annotations

import re

from finchat.graph.cells import Cell
from finchat.graph.rowunits import UNITLESS_LABEL, counted
from finchat.graph.textrows import _ROW, _TOKEN, LEAD_CHARS
from finchat.tables import MONTHS_ABBR, dates_in_text, parse_value, units_scale

_DATE = rf"(?:{MONTHS_ABBR})\s+\d{{1,2}},\s+(?:19|20)\d\d"
#: The header: full dates, each in bold, side by side — or a line of nothing but full dates ("June 30, 2023
#: December 31, 2022" over a reconciliation's rows).
_HEADER = re.compile(rf"(?:\*\*\s*{_DATE}\s*\*\*[ \t]*){{2,}}|^[ \t]*(?:{_DATE}[ \t]*){{2,}}$", re.MULTILINE)
#: Rows read after the header at most (the rest of a chunk is prose or another table).
MAX_ROWS = 30


def dated_cells(text: str, lead_in: str = "") -> list[Cell]:
    """Cells of the date-headed tables in one text chunk (module docstring); [] when it holds none. A header
    whose dates repeat (groups of columns measuring different things) or rows of another width than the
    header's are not read. Units: a "(amounts in millions)" phrase before the header scales the rows; a
    table printing no "$" counts things unless a row prints "%"; days and turns are never scaled; a row of
    decimals among whole amounts is in a scale the table does not print, and is left out."""
    out: list[Cell] = []
    for header in _HEADER.finditer(text):
        names = re.findall(_DATE, header.group(0))
        ends = dates_in_text(header.group(0))  # (in order, without repeats, impossible days left out)
        if len(ends) != len(names):
            continue
        rest = text[header.end():]
        plain = re.sub(r"<sup>[^<]{0,12}</sup>", " ", re.sub(r"[*_]+", "", rest))  # (a footnote's mark: no label's)
        plain = re.split(r"\n\s*\n\s*\(\d{1,2}\)\s", plain, maxsplit=1)[0]  # (its footnotes below end the table)
        rows: list[tuple[str, list[str], int]] = []
        for m in _ROW.finditer(plain):
            if not rows and plain[:m.start("label")].strip():
                break  # another header line before the rows: not this reader's table
            if rows and plain[rows[-1][2]:m.start("label")].strip():
                break  # prose between rows: the table has ended
            tokens = re.findall(_TOKEN, m.group("nums"))
            if len(tokens) != len(names):
                break
            rows.append((m.group("label").strip(), tokens, m.end()))
            if len(rows) >= MAX_ROWS:
                break
        if not rows:
            continue
        scale = units_scale(f"{lead_in} {text[:header.start()]}"[-400:]) or "units"
        money = any("$" in t for _, tokens, _ in rows for t in tokens)
        # the chunk's words before the header introduce the table ("… our average MAUs … (amounts in millions):")
        lead = re.sub(r"\s+", " ", re.sub(r"[*_]+", "", text[:header.start()])).strip()[-LEAD_CHARS:]
        whole = [not any("." in t for t in tokens) for _, tokens, _ in rows]
        for i, (label, tokens, _) in enumerate(rows):
            if money and scale != "units" and not whole[i] and sum(whole) >= 2 and \
                    not any("$" in t or t.endswith("%") for t in tokens):
                # "Remaining performance obligation 40.0 43.7" among whole millions: billions the row does not
                # say — its scale is unknown, so it is not stored
                continue
            for name, end, token in zip(names, ends, tokens, strict=True):
                value = parse_value(token.rstrip("%")) if token.endswith("%") else parse_value(token)
                if value is None:
                    continue
                if token.endswith("%"):
                    unit, cell_scale = "%", "units"
                elif UNITLESS_LABEL.search(label):
                    unit, cell_scale = "count", "units"
                else:
                    unit = "USD" if money and not counted(label) else "count"
                    cell_scale = scale
                out.append(Cell(label[:200], label[:400], re.sub(r"\s+", " ", name), None, end, value,
                                token.replace("$", "").strip(), cell_scale, unit, lead))
    return out


__all__ = ["dated_cells"]

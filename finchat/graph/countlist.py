"""Text tables of one column of counts: a header naming what is counted over the word "NUMBER" ("U.S. RETAIL
STORES NUMBER"), then rows of a label and one whole number each ("Converse stores (including factory stores) 82",
"TOTAL 369"), which the PDF parser ran into one line. graph/textrows.py reads rows of two figures or more; these
are counts at the filing's period end, captioned by the sentence before the header ("… operate the following number
of retail stores outside the United States:")."""

from __future__ import annotations

import re
from datetime import date

from finchat.graph.cells import Cell

#: The header: what is counted (capitals), then "NUMBER" — the end of the text before the rows.
_HEADER = re.compile(r"(?P<title>[A-Z][\w.&'’/ -]{2,60}?)\s+(?:NUMBER|Number)\s*$")
#: One row: a label (words, a parenthesis) and its whole number.
#: (a dozen words at most, no comma: a sentence after the list is no row)
_ROW = re.compile(r"\s*(?P<label>[A-Za-z][A-Za-z&'’/.-]*(?:\s+(?:[A-Za-z&'’/.-]+|\([^()\d]*\))){0,11})\s+"
                  r"(?P<n>\d{1,3}(?:,\d{3})*)(?=\s|$)")
#: Rows of one list at least (a header over a single row is no table).
MIN_ROWS = 2
#: Characters of the sentence before the header kept as the caption.
CAPTION_CHARS = 200


def unmarked(text: str) -> str:
    """``text`` without emphasis (``**``, ``_``) and line breaks."""
    return re.sub(r"\s+", " ", re.sub(r"[*_]+", "", text)).strip()


def count_cells(text: str, lead_in: str, period_end: date) -> list[Cell]:
    """Cells of a one-column count list in one text chunk (module docstring), its header in the chunk or at the
    end of ``lead_in`` (the text chunks before it); [] when the chunk holds none. Every row is a count, in units,
    as of ``period_end``; the rows stop at the first text that is not a row."""
    plain, lead = unmarked(text), unmarked(lead_in)
    at = max(plain.rfind(" NUMBER "), plain.rfind(" Number ")) + len(" NUMBER")
    header = _HEADER.search(plain[:at]) if at >= len(" NUMBER") else None
    rows_text, said = plain[at:], plain[:at]
    if header is None:  # the header ends the chunks before, the rows start this one
        header, rows_text, said = _HEADER.search(lead), plain, lead
    if header is None:
        return []
    rows: list[tuple[str, str]] = []
    pos = 0
    while (m := _ROW.match(rows_text, pos)) is not None:
        rows.append((m.group("label").strip(), m.group("n")))
        pos = m.end()
    if len(rows) < MIN_ROWS or rows_text[pos:].strip()[:1].isdigit():
        return []
    title = header.group("title").strip()
    before = said[:said.rfind(title)] if title in said else said
    caption = before.strip()[-CAPTION_CHARS:]
    when = f"{period_end:%B} {period_end.day}, {period_end.year}"
    return [Cell(label[:200], f"{title} › {label}"[:400], f"Number as of {when}", None, period_end,
                 float(n.replace(",", "")), n, "units", "count", caption) for label, n in rows]


__all__ = ["count_cells", "unmarked"]

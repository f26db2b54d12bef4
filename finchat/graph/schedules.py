"""Text tables of one column of amounts and no period header: a sentence introducing the table ("The following
table represents the final allocation of the purchase price for WSS."), a units line ("($ in millions)"), then rows
of a label and one figure each ("Cash and cash equivalents $ 70 Merchandise inventories 82 … Goodwill 409 Total
purchase price $ 811"), which the PDF parser ran into one line. graph/textrows.py reads rows of two figures or
more under a period header; these are read as printed in the filing, dated at its period end, and captioned by the
sentence introducing them, which names what they are of (an acquisition, a plan)."""

from __future__ import annotations

import re
from datetime import date

from finchat.graph.cells import Cell
from finchat.graph.countlist import unmarked
from finchat.tables import parse_value, units_scale

#: The sentence introducing a table: without one, label-and-figure runs may be prose.
INTRODUCED = re.compile(r"(?i)\bfollowing\s+tables?\b|\btables?\s+below\b|\bas\s+follows\b")
#: A units line, printed over the rows ("($ in millions)", "(In thousands)").
_UNITS_LINE = re.compile(r"^\(?\s*(?:\$\s*|dollars\s+)?in\s+(?:thousands|millions|billions)\s*\)?\s*", re.IGNORECASE)
#: A figure token: "70", "(59)", "1,234.5", a dash for nil.
_FIGURE = re.compile(r"\(?\d[\d,]*(?:\.\d+)?\)?|[—–-]")
#: A footnote mark after a label: "(1)", "(2)(3)" — one digit in parentheses, no amount.
_MARK = re.compile(r"\(\d\)")
#: Rows a schedule has at least (two label-figure pairs are a sentence's as often as a table's).
MIN_ROWS = 4
#: Words a row label has at most; a longer run of words is prose.
MAX_LABEL_WORDS = 10


def _rows(text: str) -> list[tuple[str, str]] | None:
    """(label, printed figure) pairs of ``text`` read as one-figure rows from its start to its end, or None when
    any run of words is no label (lower-case start, too long), words end it, or a row prints two figures."""
    rows: list[tuple[str, str]] = []
    label: list[str] = []
    figures: list[str] = []

    def close() -> bool:
        # a footnote mark before the figure ("Goodwill (1) 253"); a lone "(4)" is the figure, a negative one
        marks = figures[:-1]
        if not label or not figures or any(not _MARK.fullmatch(m) for m in marks):
            return False
        rows.append((" ".join(label), figures[-1]))
        return True

    for token in text.replace("$", " ").split():
        if _FIGURE.fullmatch(token) or re.fullmatch(r"(?:\(\d\)){2,}", token):
            figures.append(token if _FIGURE.fullmatch(token) else "(0)")
            continue
        if figures:
            if not close():
                return None
            label, figures = [], []
        label.append(token)
    if not figures or not close():
        return None  # words after the last figure: prose, or a row cut
    if any(not lab[:1].isupper() or len(lab.split()) > MAX_LABEL_WORDS for lab, _ in rows):
        return None
    return rows


def schedule_cells(text: str, caption: str, period_end: date) -> list[Cell]:
    """Cells of a one-column schedule filling the text chunk ``text`` (module docstring); ``caption``: the words
    before it (its introducing sentence, or the schedule it goes on from). [] unless the chunk is nothing but a
    units line and at least MIN_ROWS label-figure rows and the caption introduces a table. Amounts are in USD at
    the units line's scale, dated at ``period_end`` with no duration (what the filing prints for its date)."""
    # (the footnotes under the rows start lines of their own: "(1) Goodwill represented on this table is …"; a
    # heading after them, "_atmos_", is the next table's)
    paragraphs = re.split(r"\n\s*\n", re.split(r"\n\s*\(\d\)\s", text)[0])
    while paragraphs and not re.search(r"\d", paragraphs[-1]):
        paragraphs.pop()
    plain = unmarked(re.sub(r"<sup>.*?</sup>", " ", " ".join(paragraphs)))
    units = _UNITS_LINE.match(plain)
    scale = units_scale(units.group(0)) if units else None
    if scale is None or not INTRODUCED.search(caption):
        return []
    rows = _rows(plain[units.end():]) if units else None
    if rows is None or len(rows) < MIN_ROWS:
        return []
    when = f"{period_end:%B} {period_end.day}, {period_end.year}"
    out = []
    for label, printed in rows:
        v = parse_value(printed)
        if v is not None:
            out.append(Cell(label[:200], label[:400], f"As printed for {when}", None, period_end, v, printed,
                            scale, "USD"))
    return out


__all__ = ["schedule_cells"]

"""A filing's table cells stored: every table's (graph/cells.py) and every text table's (graph/textcells.py), each
cited to the chunk and page printing its row, its caption cut to size, a part's heading joined; figures a filing's
scale applies to scaled at once (graph/consistency.py decides it)."""

from __future__ import annotations

import re
from typing import Any

import psycopg

from finchat.graph.cells import Cell, table_cells
from finchat.graph.partheads import lead_in, part_headings, with_part
from finchat.graph.tablegroups import PART, group_text, table_groups, units_above

#: Characters of a caption stored: its start (the section) and its end (the sentence just above the table).
CAPTION_CHARS = 300


#: The longest last sentence a shortened caption keeps whole (its head and the sentence: 363 characters at most).
LAST_SENTENCE_CHARS = 260
#: Where a caption's next sentence starts: after a full stop or a colon, before a capital.
_SENTENCE_START = re.compile(r"(?<=[a-z0-9)])[.:]\s+(?=[A-Z])")


def _short(caption: str) -> str:
    """A caption cut to CAPTION_CHARS keeping both ends (a little more to keep its last sentence whole): the sentence
    introducing the table is its last."""
    if len(caption) <= CAPTION_CHARS:
        return caption
    # a long top heading ("Item 7. Management's Discussion and Analysis …") shortened first: the heading
    # under it names the table ("Consolidated Operating Revenues")
    top, sep, rest = caption.partition(" > ")
    if sep and len(top) > 60:
        caption = f"{top[:57]}… > {rest}"
    if len(caption) <= CAPTION_CHARS:
        return caption
    # the last sentence whole when it is longer than the tail kept ("Long-lived assets, excluding financial
    # instruments …, were as follows:"), never cut mid-word — the caption a little longer, its head (the headings
    # naming the part: "… > CONVERSE") kept as well
    starts = [m.end() for m in _SENTENCE_START.finditer(caption)]
    last = caption[starts[-1]:] if starts else ""
    # (both ends kept to whole words: "Deliverie …" is no word the full-text index can match)
    head = caption[:100] + re.match(r"\S*", caption[100:]).group(0)  # type: ignore[union-attr]
    if CAPTION_CHARS - 103 < len(last) <= LAST_SENTENCE_CHARS and starts[-1] > 100:
        return f"{head} … {last}"
    at = len(caption) - (CAPTION_CHARS - 103)
    while at > len(head) and not caption[at - 1].isspace():
        at -= 1
    return f"{head} … {caption[at:]}"


def store_cells(conn: psycopg.Connection, doc_id: int, rows: list[tuple[int, int, str, Cell]]) -> int:
    """Replace document ``doc_id``'s cells: (chunk id, page, caption, Cell) rows, binary COPY."""
    conn.execute("DELETE FROM table_cells WHERE document_id = %s", (doc_id,))
    with conn.cursor() as cur, cur.copy(
            "COPY table_cells (document_id, chunk_id, page, caption, row_label, row_path, col_label, duration,"
            " as_of, value, printed, scale, unit) FROM STDIN WITH (FORMAT BINARY)") as copy:
        copy.set_types(["int8", "int8", "int4", "text", "text", "text", "text", "text", "date", "float8", "text",
                        "text", "text"])
        for chunk_id, page, caption, c in rows:
            copy.write_row((doc_id, chunk_id, page, _short(caption), c.row_label, c.row_path, c.col_label[:200],
                            c.duration, c.as_of, c.value, c.printed[:40], c.scale, c.unit))
    return len(rows)


def scale_unscaled_cells(conn: psycopg.Connection, doc_id: int, scale: str) -> int:
    """Give document ``doc_id``'s whole-number money cells read with no units phrase the filing's ``scale``
    (the one its statements print): a note's "tabular dollars are in millions" is stated once, far from its
    tables. Prices, figures per unit ("RevPAR") and amounts with decimals ("$ 138.04") stay dollars. Returns
    how many changed."""
    from finchat.graph.consistency import UNSCALED_BELOW

    return conn.execute(
        "UPDATE table_cells SET scale = %s WHERE document_id = %s AND scale = 'units' AND unit = 'USD'"
        " AND printed !~ '[.]' AND abs(value) < %s AND row_label !~* %s",
        (scale, doc_id, UNSCALED_BELOW, _PER_UNIT)).rowcount


#: Row labels of a figure per unit — a price, per share, per room or membership — or printing their own dollars
#: ("Average Card Member spending (dollars) 35,202"): dollars, whatever the filing's scale ("Revenue per available
#: room (RevPAR) 224" is $224).
_PER_UNIT = r"\m(price|per|revpar|arpu|arpa|adr)\M|\(\s*(in\s+)?dollars\s*\)"


def build_cells(conn: psycopg.Connection, doc_id: int, chunks: list[Any], filing_period: Any,
                fiscal_year_end: Any, form: str | None = None, segments: tuple[str, ...] = ()) -> int:
    """Every table's numeric cells into ``table_cells`` (graph/cells.py), each with the chunk and page of
    the part printing its row; ``segments``: the names the filing lists its segments by (their headings name
    the tables under them)."""
    rows: list[tuple[int, int, str, Cell]] = []
    for group in table_groups(chunks):
        caption = f"{PART.sub('', group[0][2])} {lead_in(chunks, group[0])}".strip()
        for cell in table_cells(group_text(group), caption, filing_period, units_above(chunks, group[0]),
                                fiscal_year_end):
            owner = next((c for c in group if f"| {cell.row_label}" in c[3]), group[0])
            rows.append((int(owner[0]), int(owner[4]), caption, cell))
    if filing_period is not None and filing_period[0] is not None:
        quarter = re.fullmatch(r"Q([1-4])", str(filing_period[1] or ""))
        from finchat.graph.textcells import text_table_rows

        rows += text_table_rows(chunks, filing_period[0], form, int(quarter.group(1)) if quarter else None)
    parts = part_headings(chunks, segments)
    rows = [(cid, page, with_part(caption, parts.get(cid, "")), cell) for cid, page, caption, cell in rows
            if not _year_read_as_figure(cell) and not _cross_reference(cell)]
    return store_cells(conn, doc_id, rows)


#: A year printed alone ("2022,", "1934"), and words a sentence puts before years ("… for fiscal", "… during the years").
_YEAR_PRINTED = re.compile(r"^\s*(?:19|20)\d\d,?\s*$")
_BEFORE_YEARS = re.compile(r"(?i)\b(?:fiscal|years?|for|in|during|of|and|ended|through|since)\s*$")


def _year_read_as_figure(cell: Cell) -> bool:
    """A sentence's years read as a row's figures ("Depreciation … for fiscal | 2022, | 2021 | and 2020 was …"): no
    figure of the filing."""
    return bool(_YEAR_PRINTED.match(cell.printed)) and bool(_BEFORE_YEARS.search(cell.row_label))


#: A reference to another part of the filing at a label's end ("… refer to Note | 12 — Risk Management …", "… under
#: Section | (4)"): a number naming a note, an item or a section, capitalised as headings print them.
_REFERENCE_END = re.compile(r"\b(?:Note|NOTE|Section|SECTION|Item|ITEM|Part|PART|Exhibit|Topic|Article)\s*$")
_REFERENCE_NUMBER = re.compile(r"^\s*\(?\d{1,3}\)?\s*$")


def _cross_reference(cell: Cell) -> bool:
    """A note's, item's or section's number read as a row's figure ("For additional information …, refer to Note
    12"): no figure of the filing."""
    return bool(_REFERENCE_NUMBER.match(cell.printed)) and bool(_REFERENCE_END.search(cell.row_label))


__all__ = ["build_cells", "scale_unscaled_cells", "store_cells"]

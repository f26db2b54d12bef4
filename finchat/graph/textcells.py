"""Cells of the tables the PDF parser left as text (graph/textrows.py reads one chunk's rows), read chunk by chunk
over a filing: what one chunk's table sets up (columns, heading, caption) carries to the next text chunk, a row the
chunker cut is joined again, and a chunk too short to hold a header names the rows under it."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from finchat.graph.cells import Cell
from finchat.graph.partheads import LEAD_IN

#: A text chunk is searched for table rows when it holds at least this many numbers.
TEXT_TABLE_NUMBERS = 6
#: Characters before a text table searched for its header: a header the chunker split over two chunks.
TEXT_LEAD_IN = 480
#: Characters of text before a release's product lines searched for their header and the title above it.
REGION_LEAD_IN = 1200
#: A chunk this short, holding a period header, before a table is its title and header ("United States and Canada (UCAN) … Three
#: Months Ended"): its heading names the table's rows.
TITLE_CHUNK = 400
#: A sentence introducing a table: "The following table sets forth …", "… are summarized in the table below".
_TABLE_NAMED = r"(?:following\s+tables?|tables?\s+below)"
_INTRO = re.compile(rf"(?i)(?<![\w,])the\s+{_TABLE_NAMED}\b[^.:]{{10,300}}[.:]|"
                    rf"(?<=[.:]\s)[A-Z][^.:]{{10,300}}\bthe\s+{_TABLE_NAMED}\b[^.:]{{0,120}}[.:]")
#: A word of a chunk holding only a header's dates and years.
_DATE_WORD = re.compile(r"(?i)(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?|\d{1,4}")
#: Headings that name no rows: units lines, periods, the filing's parts.
_NOT_TITLE = re.compile(r"(?i)\b(?:in (?:thousands|millions|billions)|months?|ended|notes?|results|statements?|"
                        r"consolidated|item|part|table of contents|overview)\b|\d")


#: Words only a table header prints over its columns.
_HEADER_WORDS = re.compile(r"(?i)(?:\s*(?:%|changes?|excluding|currency|fiscal|percent(?:age)?|vs\.?|compared))+\s*")


def _title(section: str) -> str:
    """The last heading of a chunk's section path when it can name table rows, else ""."""
    last = section.split(" > ")[-1].split(" — ")[-1].strip().rstrip(":").strip()
    if _HEADER_WORDS.fullmatch(last):
        return ""  # "% CHANGE EXCLUDING CURRENCY CHANGES" read as headings: a header's words, no title
    return "" if _NOT_TITLE.search(last) or len(last.split()) > 8 else last


def text_table_rows(chunks: list[Any], period_end: date, form: str | None,
                     quarter: int | None = None) -> list[tuple[int, int, str, Cell]]:
    """Cells of the tables the PDF parser kept as text (graph/textrows.py), chunk by chunk; what one chunk's
    table sets up (columns, heading) carries to the next text chunk."""
    from finchat.graph.changeparts import change_parts
    from finchat.graph.countlist import count_cells
    from finchat.graph.datedcols import dated_cells, has_header, open_header
    from finchat.graph.regionlines import region_header, region_line_cells
    from finchat.graph.schedules import schedule_cells
    from finchat.graph.stackedcols import stacked_cells, stacked_header
    from finchat.graph.textrows import text_cells

    out: list[tuple[int, int, str, Cell]] = []
    carry: dict[str, object] = {}
    previous: Any = None
    before = ""  # the text chunks just before, on this page or the one before: a header split over chunks
    opened = ""  # the caption of the text table being read
    header_title = ""  # the heading of a short title chunk over a header ("United States and Canada (UCAN)")
    wide = ""  # the text before, further back: a product table's title above its header
    regions = ""  # the column groups' header of a release's product lines (graph/regionlines.py), read so far
    intro = ""  # the sentence introducing the next text table ("The following table sets forth changes in …")
    dated: Any = None  # a wide date header a chunk ended with, over the rows in the chunks after it
    scheduled = ""  # the caption of the one-column schedule the chunk before held (graph/schedules.py)
    stacked: Any = None  # the columns of a table of values two stacked header lines named (graph/stackedcols.py)
    stacked_caption = stacked_heading = ""
    for c in chunks:
        going = False  # rows under the carried date header read in this chunk
        if c[1] != "text":
            carry.clear()
            previous, before, wide, intro, dated = None, "", "", "", None
            continue
        near = previous is not None and previous[4] >= c[4] - 1
        before, wide = (before, wide) if near else ("", "")
        if previous is not None and previous[2] != c[2]:
            carry.pop("heading", None)  # under a new heading: the rows before it no longer name these
        # (a table of values whose two stacked header lines name its columns, dated by its introduction: its rows
        # here and in the chunks after it, read by no other reader)
        head = stacked_header(before if near else "", c[3])
        if head is not None:
            stacked, start = head
            stacked_caption = f"{c[2]} {stacked.intro}".strip()
            stacked_rows, stacked_heading = stacked_cells(c[3][start:], stacked)
        else:
            stacked_rows, stacked_heading = stacked_cells(c[3], stacked, stacked_heading) \
                if stacked is not None and near else ([], "")
            stacked = stacked if stacked_rows else None
        out += [(int(c[0]), int(c[4]), stacked_caption, cell) for cell in stacked_rows]
        # (a change split into its parts, "… increased due to the following:": points of the change, in percent)
        parts, text = ([], c[3]) if stacked_rows else change_parts(c[3], before, period_end, form)
        out += [(int(c[0]), int(c[4]), f"{c[2]} {cell.lead}".strip(), cell) for cell in parts]
        # (a list of counts: "… STORES NUMBER")
        listed = [] if stacked_rows else count_cells(text, before[-TEXT_LEAD_IN:], period_end)
        if listed:
            carry.clear()
            out += [(int(c[0]), int(c[4]), f"{c[2]} {cell.lead}".strip(), cell) for cell in listed]
        elif len(re.findall(r"\d[\d,]*", text)) >= TEXT_TABLE_NUMBERS and not stacked_rows:
            lead = before[-TEXT_LEAD_IN:]
            # the words just above it — under another heading only a sentence ending in a colon introduces it;
            # other text there is another section's ("Consolidated Operating Revenues" is the caption then)
            above = re.sub(r"\s+", " ", lead)[-LEAD_IN:]
            if previous is not None and previous[2] != c[2] and not above.rstrip(" *_").endswith(":"):
                above = ""
            # (the sentence introducing the table, further up than the words just above it, says what it holds)
            # (unless the words just above introduce it themselves: "… were as follows:")
            told = bool(re.search(rf"(?i)as follows|{_TABLE_NAMED}", above)) or intro in above
            caption = f"{c[2]} {'' if told else intro} {above}".strip()
            # the rows' title: the heading this chunk starts under ("Operating profit"), else the heading of
            # a short title chunk just before it ("United States and Canada (UCAN)" over its header)
            title = ""
            own = _title(c[2])
            if own and (previous is None or previous[2] != c[2]):
                title = own
            elif near and header_title:
                title = header_title
            body = text
            if near and previous[1] == "text" and previous[2] == c[2] and _FIGURE.fullmatch(body.split()[0]):
                body = f"{_row_tail(previous[3])} {body}"  # a row the chunker cut: its label and first figures
            # (a table headed by dates, which no period header starts: graph/datedcols.py)
            # (a release's product lines, each holding its regions' rows: graph/regionlines.py)
            header = f"{regions} {wide}" if near else wide
            # (a line naming no product is the heading's total only in the chunk the heading opens)
            found = region_line_cells(body, header, own if own and (previous is None or previous[2] != c[2]) else "",
                                      period_end, quarter)
            if found:
                regions = region_header(f"{header} {body}")
            found = found or text_cells(body, lead, period_end, form, carry, quarter, c[2], title)
            if not found:
                found = dated_cells(body, lead, dated if near else None)
                going = bool(found) and near and dated is not None and not has_header(body)
            if not found and (listed_in := scheduled if near and scheduled else caption):
                # (a schedule split over chunks, "Assets acquired:" then "Liabilities assumed:", keeps its caption)
                found = schedule_cells(c[3], listed_in, period_end)
                caption, scheduled = (listed_in, listed_in) if found else (caption, "")
            else:
                scheduled = ""
            if found and carry.get("continued") and opened:
                caption = opened  # a table split over chunks: its rows keep the caption it opened with
            elif found:
                opened = caption
            out += [(int(c[0]), int(c[4]), f"{c[2]} {cell.lead}" if cell.lead else caption, cell) for cell in found]
        else:
            carry.clear()
            scheduled = ""
        said = list(_INTRO.finditer(c[3]))
        intro = re.sub(r"\s+", " ", said[-1].group(0))[:LEAD_IN] if said else "" if (
            len(re.findall(r"\d[\d,]*", c[3])) >= TEXT_TABLE_NUMBERS) else intro  # (rows read: it introduced them)
        short = len(c[3]) <= TITLE_CHUNK
        if short and re.search(r"(?i)\b(?:ended|months|weeks)\b|\bfiscal\s+(?:19|20)\d\d\b", c[3]) and _title(c[2]):
            header_title = _title(c[2])
        elif not (short and all(_DATE_WORD.fullmatch(w) for w in re.sub(r"[*_/,]+", " ", c[3]).split())):
            header_title = ""  # a header's dates on their own ("June 30, 2023 2022 …") keep the title above them
        dated = open_header(c[3], before) or (dated if going else None)
        previous = c
        before = f"{before} {c[3]}"[-TEXT_LEAD_IN:]
        wide = f"{wide} {c[3]}"[-REGION_LEAD_IN:]
    return out


#: A token of a text table's figures: "**(1,380)**", "$", "12.5%", "—".
_FIGURE = re.compile(r"[*_$]*\(?[\d,.]*\d\)?%?[*_]*|[*_$—–-]+")
#: Words of a row label looked back for.
ROW_LABEL_WORDS = 8


def _row_tail(text: str) -> str:
    """The last row of a text table's chunk — its label and figures — when the chunk ends inside a row
    ("Europe (b) 12,724 13,038 11,922" before the chunk holding "(1,380) 1,292 1,353"); "" if it ends in prose."""
    tokens = text.split()
    i = len(tokens)
    while i and _FIGURE.fullmatch(tokens[i - 1]):
        i -= 1
    if i == len(tokens):
        return ""
    j = i
    while j and i - j < ROW_LABEL_WORDS and not _FIGURE.fullmatch(tokens[j - 1]) and not tokens[j - 1].endswith((".", ":")):
        j -= 1
    return " ".join(tokens[j:]) if j < i else ""


__all__ = ["text_table_rows"]

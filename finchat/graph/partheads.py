"""Which part of the company a chunk's tables report on — a segment's heading over them ("Verizon Consumer
Group", "<sup>CONSUMER & COMMUNITY BANKING</sup>") — and the sentence that introduces a table: both go into the
caption of the table's cells (graph/cells.py).
"""

from __future__ import annotations

import re
from typing import Any

from finchat.graph.tablegroups import PART

#: A heading naming one part of the company: "Verizon Consumer Group", "Sam's Club Segment".
_PART_HEADING = re.compile(r"(?i)^(?P<name>[A-Z][\w&'’.,/-]*(?:\s+[\w&'’.,/-]+){0,5})\s+(?:segment|group|division)$")
#: Words that name no part when a heading is made only of them ("Reportable Segment", "Business Group").
_NO_PART = frozenset({"segment", "segments", "reportable", "operating", "business", "results", "of", "by", "the",
                      "our", "group", "information", "financial", "other", "total"})
#: Words of a heading that is about something else than one part ("Sale of Homeowner Services Group",
#: "Revenue by Segment", "Balance Sheets for Obligor Group").
_NOT_PART = frozenset({"by", "for", "of", "sale", "gain", "loss", "balance", "sheets", "results", "data",
                       "performance", "revenue", "revenues", "income", "asset", "assets"})
#: Headings that close a part's: the company as a whole again ("Consolidated Operating Expenses", "Liquidity").
_PART_END = re.compile(r"(?i)\b(?:consolidated|liquidity|critical accounting|special items|corporate|non-gaap|"
                       r"overview|segment results|results of operations|by (?:business |reportable )?segments?)\b")
#: Pages a part's heading covers: its tables follow it within this many (Verizon's Consumer tables: 1–3).
PART_PAGES = 4


#: Markup the parser left in a heading ("<sup>CONSUMER & COMMUNITY BANKING</sup>").
_MARKUP = re.compile(r"<[^>]+>")


def part_headings(chunks: list[Any], segments: tuple[str, ...] = ()) -> dict[int, str]:
    """The part of the company each chunk reports on when a heading over it names one ("Verizon Consumer Group"
    over "Churn Rate:", whose rows and caption do not; "Global Services — Business Environment and Trends"
    when the filing lists "Global Services" among its ``segments``): chunk id → heading. The heading holds from
    its chunk until another part's heading, a new top section (Item 7 → Item 8) or PART_PAGES pages on."""
    out: dict[int, str] = {}
    current, top, since, own, flat = "", "", 0, False, False
    listed = {s.lower() for s in segments}
    for c in chunks:
        path = PART.sub("", str(c[2])).split(" > ")
        if path[0] != top:
            top, head = path[0], _MARKUP.sub("", path[0]).strip()
            # a filing whose headings are all top-level: a listed segment's title in capitals ("CORPORATE & INVESTMENT
            # BANK") holds over the headings in lower case after it ("Selected metrics"), until the next in capitals
            if len(path) == 1 and head.lower() in listed and head.isupper():
                current, since, own, flat = head, int(c[4]), True, True
                out[int(c[0])] = current
                continue
            if not (flat and current and not head.isupper()):
                current, flat = "", False
        last = _MARKUP.sub("", path[-1]).split(" — ")[0].strip().rstrip(":")  # ("<sup>CONSUMER & …</sup>")
        m = _PART_HEADING.match(last) if len(path) > 1 else None
        words = {w.lower().strip(".,") for w in m.group("name").split()} if m else set()
        if len(path) > 1 and last.lower() in listed:
            current, since, own = last, int(c[4]), True
        elif words - _NO_PART and not words & _NOT_PART:
            current, since, own = last, int(c[4]), False
        elif current and (int(c[4]) > since + PART_PAGES or _PART_END.search(last)) and not (
                own and last.lower() == "results of operations"):  # a listed segment's own results
            current = ""
        if current:
            out[int(c[0])] = current
    return out


def with_part(caption: str, part: str) -> str:
    """``caption`` with the part's heading after its top section, unless the caption already holds it."""
    if not part or part.lower() in caption.lower():
        return caption
    top, sep, rest = caption.partition(" > ")
    return f"{top} > {part} > {rest}" if sep else f"{part} > {caption}"


#: Characters of the sentence that introduces a table ("The following table presents segment net income …").
LEAD_IN = 240


def lead_in(chunks: list[Any], table: Any) -> str:
    """The end of the text chunk just before ``table`` (on its page or the one before): the sentence that
    says what the table holds, which the table chunk itself does not carry."""
    i = next(k for k, c in enumerate(chunks) if c[0] == table[0])
    # the page before too: a table at the top of a page is introduced at the foot of the one before
    if i == 0 or chunks[i - 1][1] != "text" or not 0 <= table[4] - chunks[i - 1][4] <= 1:
        return ""
    return re.sub(r"\s+", " ", chunks[i - 1][3])[-LEAD_IN:]


__all__ = ["LEAD_IN", "PART_PAGES", "lead_in", "part_headings", "with_part"]

"""Whose figure a passage states: the part (a segment, a region) a paragraph opens on or is headed by, and a part
a sentence names only as what drove the company's figure."""

from __future__ import annotations

import re

import psycopg

from finchat.graph.partheads import part_headings

#: What drove a figure: "driven by", "led by", "due to", "benefited from".
_DRIVER = re.compile(r"(?i)\b(?:driven|led|fu?el(?:l)?ed|offset|helped)\s+by\b|\bdue\s+to\b|\bbenefit(?:ed|ing)?\s+from\b")
#: A figure stated: "$1.2 billion", "22%", "3 percent".
_FIGURE = re.compile(r"\$\s?\d|\d[\d,.]*\s*(?:%|percent\b)")


#: A sentence's lead-in before its subject: "On a currency-neutral basis, ", "For fiscal 2021, ", "During 2022, ".
_LEAD_IN = re.compile(r"(?:On|For|In|During|Excluding|Compared)\b[^,.;:]{0,60},\s+")


def opening_part(text: str, section: str, parts: tuple[re.Pattern[str], ...]) -> str:
    """The part (a segment's or a region's name, matched by one of ``parts``) a passage of ``text`` under
    ``section`` is about: the name it opens on, after a lead-in ("On a currency-neutral basis, Greater China
    revenues … increased 19%"), or its own last heading ("EMEA:"); "" for none."""
    # (or the heading over a sub-heading of periods: "NORTH AMERICA — FISCAL 2023 COMPARED TO FISCAL 2022")
    heads = re.split(r" > | — ", section)[-2:]
    headings = heads[::-1] if len(heads) == 2 and _PERIODS_HEADING.search(heads[1]) else heads[-1:]
    opening = re.sub(r"^[\W_]+", "", text)
    lead = _LEAD_IN.match(opening)
    return next((m.group(0) for p in parts
                 for t in (opening, opening[lead.end():] if lead else "", *(h.strip(" :") for h in headings))
                 if t and (m := p.match(t))), "")


#: A sub-heading naming only the periods compared ("Fiscal 2023 compared to fiscal 2022", "Year ended … vs. …").
_PERIODS_HEADING = re.compile(r"(?i)^\s*(?:fiscal|years?|quarters?|three|six|nine|twelve|(?:19|20)\d\d)\b.*\b(?:compared|vs\.?|versus)\b")


def driver_only(sentence: str, names: list[str], figure_at: int) -> bool:
    """Does ``sentence``, its first figure at ``figure_at``, name the parts ``names`` only after it, as what
    drove that figure with no figure of their own ("… a 4% increase in comparable store sales, driven by growth in
    Greater China"; not "… primarily due to higher product sales of $2.0 billion at Aeronautics")?"""
    driver = _DRIVER.search(sentence, figure_at)
    firsts = [m.start() for n in names if (m := re.search(rf"(?<!\w){re.escape(n)}(?!\w)", sentence))]
    return driver is not None and bool(firsts) and min(firsts) > driver.start() \
        and not _FIGURE.search(sentence[driver.end():min(firsts)])


def headed_by(conn: psycopg.Connection, document: str, names: list[str]) -> tuple[dict[int, str], list[int]]:
    """The heading of a part of the company over each of ``document``'s chunks (graph/partheads.py: chunk id →
    "Verizon Consumer Group"), and the chunks under a heading holding one of ``names`` (the parts asked); both
    empty when none is asked."""
    if not names:
        return {}, []
    headed = part_headings(conn.execute(
        "SELECT c.id, c.kind, c.section, '', c.page_start FROM chunks c JOIN documents d ON d.id = c.document_id"
        " WHERE d.name = %s ORDER BY c.ordinal", (document,)).fetchall())
    return headed, [cid for cid, head in headed.items()
                    if any(re.search(rf"(?i)(?<!\w){re.escape(n)}(?!\w)", head) for n in names)]


__all__ = ["driver_only", "headed_by", "opening_part"]

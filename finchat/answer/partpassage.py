"""Whose figure a passage states: the part (a segment, a region) a paragraph opens on or is headed by, and a part
a sentence names only as what drove the company's figure."""

from __future__ import annotations

import re

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
    heading = re.split(r" > | — ", section)[-1]
    opening = re.sub(r"^[\W_]+", "", text)
    lead = _LEAD_IN.match(opening)
    return next((m.group(0) for p in parts for t in (opening, opening[lead.end():] if lead else "", heading.strip(" :"))
                 if t and (m := p.match(t))), "")


def driver_only(sentence: str, names: list[str], figure_at: int) -> bool:
    """Does ``sentence``, its first figure at ``figure_at``, name the parts ``names`` only after it, as what
    drove that figure with no figure of their own ("… a 4% increase in comparable store sales, driven by growth in
    Greater China"; not "… primarily due to higher product sales of $2.0 billion at Aeronautics")?"""
    driver = _DRIVER.search(sentence, figure_at)
    firsts = [m.start() for n in names if (m := re.search(rf"(?<!\w){re.escape(n)}(?!\w)", sentence))]
    return driver is not None and bool(firsts) and min(firsts) > driver.start() \
        and not _FIGURE.search(sentence[driver.end():min(firsts)])


__all__ = ["driver_only", "opening_part"]

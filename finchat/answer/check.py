"""Checking an LLM's answer against what it was given: every figure it states must appear in a source
passage, a graph fact, a computed figure or the question; the others are flagged to the analyst."""

from __future__ import annotations

import re
from collections.abc import Iterable

#: A figure in prose: "$81,797", "81.8 billion", "44.5%", "4 percent", "(265)", "1.26". Years and [n] citations are not
#: figures; neither are counts up to 10 ("two of three", "3 segments").
_FIGURE = re.compile(r"(?<![\w.\[])\(?-?\$?\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\)?(?!\])(\s?%|\s+percent\b)?")

_SCALE_AFTER = re.compile(r"(?i)\s*(?:thousand|million|billion|trillion)\b")
_POINTS_AFTER = re.compile(r"(?i)\s*-?\s*(?:percentage[\s-]+points?|basis[\s-]+points?|points?|pts?|pp|bps)\b")


def _figures(text: str, *, counts: bool = False) -> list[tuple[float, int, bool, str]]:
    """(value, decimals printed, followed by %, as written) for each figure in ``text``; years and small
    whole counts (≤ 10) left out unless ``counts``."""
    out = []
    for m in _FIGURE.finditer(text):
        raw = m.group(1).replace(",", "") + (m.group(2) or "")
        value = float(raw)
        # "$1,906 million" is no year: a year has neither thousands separator nor dollar sign
        year = 1900 <= value <= 2100 and not m.group(2) and "," not in m.group(1) and "$" not in m.group(0)
        # "$3 billion" is money and "2 percentage points", "(3) pts" a rate's change: figures with a unit, no counts
        unit = "$" in m.group(0) or bool(_SCALE_AFTER.match(text, m.end())) or bool(_POINTS_AFTER.match(text, m.end()))
        small_count = value <= 10 and not m.group(2) and not m.group(3) and not unit
        if not counts and (year or small_count):
            continue
        out.append((value, len(raw.split(".")[1]) if "." in raw else 0, bool(m.group(3)), m.group(0).strip()))
    return out


def figures_in(text: str) -> list[tuple[float, int, bool]]:
    """Each figure in ``text`` as (value, decimals printed, followed by %), in order; years and small
    whole counts (≤ 10) left out, as in :func:`unsupported_figures`."""
    return [(v, d, pct) for v, d, pct, _ in _figures(text)]


def unsupported_figures(answer: str, sources: Iterable[str], values: Iterable[float] = ()) -> list[str]:
    """Figures stated in ``answer`` that match none of the numbers in ``sources`` (passages, facts, the
    question, the direct answer) nor ``values`` (computed figures, as fractions or plain numbers), at the
    precision the answer states them (81.8 matches 81,797 million read as 81.797 billion; 44.5 matches
    0.4452 as a percentage). Returned as written, in order, once each."""
    known: set[float] = set()
    for s in sources:
        known |= {v for v, _, _, _ in _figures(s, counts=True)}
    for v in values:
        known |= {abs(v), abs(v) * 100}
    scaled = known | {k / 1000 for k in known} | {k / 1_000_000 for k in known} | {k * 1000 for k in known}
    flagged: list[str] = []
    seen: set[float] = set()
    for value, decimals, _, shown in _figures(answer):
        tolerance = 0.5 * 10 ** -decimals
        if any(abs(value - k) <= tolerance + 1e-9 for k in scaled) or value in seen:
            continue
        seen.add(value)
        flagged.append(shown)
    return flagged

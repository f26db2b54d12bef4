"""REPORTED facts from a filing's inline-XBRL tags (finchat/ingest/xbrl.py): where the filer tagged a
statement metric, the tag is the fact, and a figure the table reader found for the same metric and period
is replaced — a disagreement between the two is counted (``documents.fact_notes`` keeps the list).
"""

from __future__ import annotations

from datetime import date
from typing import Any

import psycopg

from finchat.graph.consistency import MULTIPLIER
from finchat.graph.facts import OUTFLOWS
from finchat.ingest.xbrl import CONCEPT_METRICS, TaggedFact, metric_facts

_WORDS = {3: "Three", 6: "Six", 9: "Nine", 12: "Twelve"}
#: Metrics whose figures are per share.
PER_SHARE = frozenset({"eps_basic", "eps_diluted"})
#: Relative difference under which a tag and a table figure are the same figure (rounding in the print).
SAME = 0.005


def tagged_facts(conn: psycopg.Connection, doc_id: int) -> dict[tuple[str, str | None, date | None], TaggedFact]:
    """The filing's tagged statement figures, one per (metric, duration "3M"/"12M"/None, end date)."""
    concepts = sorted({f"us-gaap:{c}" for cs in CONCEPT_METRICS.values() for c in cs})
    rows = conn.execute(
        "SELECT concept, value, unit, scale, decimals, period_start, period_end, page, printed FROM xbrl_facts"
        " WHERE document_id = %s AND dimensions = '[]'::jsonb AND concept = ANY(%s) ORDER BY page NULLS LAST, concept",
        (doc_id, concepts)).fetchall()
    facts = [TaggedFact(r[0], float(r[1]), r[2], int(r[3]), r[4], r[5], r[6], (), r[7], r[8] or "") for r in rows]
    return {(m, duration_of(f), end): f for (m, _, end), f in metric_facts(facts).items()}


def duration_of(f: TaggedFact) -> str | None:
    return f"{f.months}M" if f.months else None


def period_label(f: TaggedFact) -> str:
    if f.end is None:
        return ""
    day = f"{f.end:%B} {f.end.day}, {f.end.year}"
    if f.months is None:
        return f"As of {day}"
    return f"{_WORDS.get(f.months, str(f.months))} Months Ended {day}"


def reported_props(metric: str, f: TaggedFact) -> dict[str, Any]:
    """A REPORTED edge's properties for tag ``f`` (value in its printed scale, as the table reader stores)."""
    per_share = metric in PER_SHARE
    value = f.value if per_share else f.shown
    if metric in OUTFLOWS:  # shown positive, as the table reader stores them
        value = abs(value)
    return {"metric": metric, "value": value, "printed": f.printed, "unit": "USD/share" if per_share else "USD",
            "scale": "units" if per_share else f.scale_name, "period_label": period_label(f),
            "duration": duration_of(f), "as_of": f.end.isoformat() if f.end else None, "page": f.page,
            "row_label": f.concept, "priority": 9, "source": "xbrl", "concept": f.concept}


def dollars(props: dict[str, Any]) -> float:
    return float(props["value"]) * MULTIPLIER.get(str(props.get("scale")), 1.0)


def agree(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Do a tag's and a table's figure for one metric and period say the same (value, scale and sign)?"""
    x, y = dollars(a), dollars(b)
    if x == y:
        return True
    return abs(x - y) <= SAME * max(abs(x), abs(y))

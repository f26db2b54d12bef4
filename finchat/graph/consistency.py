"""Do one filing's statement figures agree in magnitude? A scale read wrong ("152,301" stored in dollars
where the page says millions) puts a figure a thousand times off its neighbours, which no single table shows.

For the filing's own period: net income against revenue of the same columns, total assets against the
year's revenue (a quarter's times four). Outside the bounds below a figure is flagged — by name, with the
scale it was stored in, on `finchat ingest`'s file line and in `finchat db status` — and still stored (the
flag says which to distrust; the filing's text is unchanged).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

MULTIPLIER = {"units": 1.0, "thousands": 1e3, "millions": 1e6, "billions": 1e9}
_MONTHS = {"3M": 3, "6M": 6, "9M": 9, "12M": 12}
#: |net income| / revenue of the same period: a 0.01 % margin to 20× revenue (holding gains) is a real filing;
#: a scale read wrong moves it by 1,000.
NET_TO_REVENUE = (1e-5, 20.0)
#: total assets / a year's revenue: 0.01 (asset-light) to 1,000 (banks ~30): a wrong scale moves it by 1,000.
ASSETS_TO_REVENUE = (1e-2, 1e3)


def _dollars(p: dict[str, Any]) -> float:
    return abs(float(p["value"])) * MULTIPLIER.get(str(p.get("scale", "units")), 1.0)


def _shown(p: dict[str, Any]) -> str:
    return f"{p['metric'].replace('_', ' ')} {p.get('printed') or p['value']} ({p.get('scale', 'units')})"


def scale_disagreements(facts: list[dict[str, Any]]) -> list[str]:
    """One line per figure whose magnitude disagrees with the filing's others (``facts``: the REPORTED
    properties of one filing: metric, value, scale, unit, duration, as_of, printed, page)."""
    money = [f for f in facts if f.get("unit") == "USD" and f.get("as_of")]
    flows = [f for f in money if f["metric"] in ("revenue", "net_income") and f.get("duration") in _MONTHS]
    if not flows:
        return []
    # the filing's own period: the latest end date, its shortest column (the quarter of a 10-Q)
    end = max(str(f["as_of"]) for f in flows)
    current = [f for f in flows if str(f["as_of"]) == end]
    months = min(_MONTHS[f["duration"]] for f in current)
    pick = {f["metric"]: f for f in current if _MONTHS[f["duration"]] == months}
    revenue, net = pick.get("revenue"), pick.get("net_income")
    balances = [f for f in money if f["metric"] == "total_assets"]
    assets = max(balances, key=lambda f: str(f["as_of"])) if balances else None
    notes = []
    if revenue is not None and net is not None and _dollars(revenue) > 0 and _dollars(net) > 0:
        ratio = _dollars(net) / _dollars(revenue)
        if not NET_TO_REVENUE[0] <= ratio <= NET_TO_REVENUE[1]:
            notes.append(f"{_shown(net)} against {_shown(revenue)}: one of their scales is wrong")
    if revenue is not None and assets is not None and _dollars(revenue) > 0:
        ratio = _dollars(assets) / (_dollars(revenue) * 12 / months)
        if not ASSETS_TO_REVENUE[0] <= ratio <= ASSETS_TO_REVENUE[1]:
            notes.append(f"{_shown(assets)} against {_shown(revenue)}: one of their scales is wrong")
    return notes


__all__ = ["MULTIPLIER", "scale_disagreements"]


#: A statement amount below this, read with no units phrase, cannot be in dollars in a filing whose other
#: statements print in thousands or millions.
UNSCALED_BELOW = 1_000_000


def filing_scale(facts: list[dict[str, Any]]) -> str | None:
    """The scale most of one filing's statement money figures print ("millions"), None when none prints one."""
    scales = Counter(str(p.get("scale")) for p in facts
                     if p.get("unit") == "USD" and p.get("scale") not in (None, "units"))
    return scales.most_common(1)[0][0] if scales else None


def adopt_filing_scale(facts: list[dict[str, Any]]) -> int:
    """Give the money figures read with no units phrase (scale "units", under UNSCALED_BELOW) the scale the
    filing's other statements print — a units line the PDF parser cut from one statement page (Salesforce's
    income statement) is the same as the others'. Changes ``facts`` in place; returns how many changed."""
    dominant = filing_scale(facts)
    if dominant is None:
        return 0
    changed = 0
    for p in facts:
        if p.get("unit") == "USD" and p.get("scale") == "units" and abs(float(p.get("value") or 0)) < UNSCALED_BELOW:
            p["scale"], p["scale_source"] = dominant, "filing"
            changed += 1
    return changed

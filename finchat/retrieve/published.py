"""When a filing was published and what a question says of when guidance was given: "What … EPS did J&J forecast
in July 2023" asks the outlook as the latest filing published by the end of July 2023 gave it (retrieve/filters.py
scopes to it), not the August 8-K's."""

from __future__ import annotations

import re
from datetime import date, timedelta

import psycopg

from finchat.tables import MONTHS, parse_date

#: When guidance was given, a month named alone: "… did J&J forecast in July 2023" (not "the July 2023 quarter").
_SAID_IN_MONTH = re.compile(rf"(?i)\b(?:in|during|by|as\s+of)\s+({MONTHS})\s+((?:19|20)\d\d)\b(?!\s+quarter)")


def said_by(question: str, forward: bool = True) -> date | None:
    """The last day of the month a question says guidance was given in ("… forecast in July 2023" → 2023-07-31);
    None when it names none or (``forward`` false) asks no guidance."""
    import calendar

    m = _SAID_IN_MONTH.search(question) if forward else None
    first = parse_date(m.group(1), "1", m.group(2)) if m else None
    return first.replace(day=calendar.monthrange(first.year, first.month)[1]) if first else None


#: Days after its period end a filing is published (about): an earnings release, a 10-Q, a 10-K.
PUBLISHED_AFTER = {"EARNINGS": 25, "10-Q": 40, "10-K": 60}
#: … and any other form.
OTHER_AFTER = 30


def published_by(conn: psycopg.Connection, ids: list[int], by: date) -> list[int]:
    """Of documents ``ids``, the latest published on or before ``by`` (ties kept): an 8-K on its date, any other
    filing ``PUBLISHED_AFTER`` days after its period end (a release printing none: its fiscal quarter's month end,
    graph/query.py's nominal_period_end); [] when none was."""
    from finchat.graph.query import nominal_period_end

    dated: list[tuple[int, date]] = []
    for i, form, end, company, year, quarter in conn.execute(
            "SELECT id, form, period_end, company_key, fiscal_year, fiscal_quarter FROM documents WHERE id = ANY(%s)",
            (ids,)).fetchall():
        if end is None and form != "8-K" and company and year:
            end = nominal_period_end(conn, company, int(year), quarter or "FY")
        if end is None:
            continue
        out = end if form == "8-K" else end + timedelta(days=PUBLISHED_AFTER.get(form, OTHER_AFTER))
        if out <= by:
            dated.append((int(i), out))
    last = max((d for _, d in dated), default=None)
    return sorted(i for i, d in dated if d == last)


__all__ = ["PUBLISHED_AFTER", "published_by", "said_by"]

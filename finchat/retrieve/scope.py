"""Which stored filings a question's filters select (:func:`scope_documents`), relaxing them in the documented
order (retrieve/filters.py) until some match, and the latest of a set per company."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

import psycopg

from finchat.retrieve.filters import _NOT_NAMES
from finchat.retrieve.owners import asked_names, printing
from finchat.retrieve.published import published_by

if TYPE_CHECKING:
    from finchat.retrieve.filters import Filters


def scope_documents(conn: psycopg.Connection, f: Filters) -> tuple[list[int], list[int]]:
    """Document ids matching ``f``, relaxing it (and recording how in ``f.relaxed``) until some match; one
    filing stored under two names (the same bytes) is searched once, as the first stored.

    Returns (documents in scope, documents matching the original filters exactly — empty when relaxed).
    """
    found, exact = _scope_documents(conn, f)
    if len(found) < 2:
        return found, exact
    # rows loaded without a file's hash (benchmark replicas, hand-made test rows) are never merged
    once = {int(r[0]) for r in conn.execute(
        "SELECT DISTINCT ON (CASE WHEN length(sha256) = 64 THEN sha256 ELSE id::text END) id FROM documents"
        " WHERE id = ANY(%s) ORDER BY CASE WHEN length(sha256) = 64 THEN sha256 ELSE id::text END, id",
        (found,)).fetchall()}
    return [d for d in found if d in once], [d for d in exact if d in once]


#: Days a quarter's filing is made up to after a stretch of days it holds, at most.
QUARTER_DAYS = 92


def _scope_documents(conn: psycopg.Connection, f: Filters) -> tuple[list[int], list[int]]:
    def query(companies: list[Any], years: list[Any], quarters: list[Any], forms: list[Any],
              by_name: bool = False) -> list[int]:
        rows = conn.execute(
            "SELECT id FROM documents WHERE (cardinality(%(c)s::text[]) = 0 OR company_key = ANY(%(c)s))"
            " AND (NOT %(n)s OR period_source <> 'name')"
            " AND (cardinality(%(y)s::int[]) = 0"
            "      OR CASE WHEN %(n)s THEN name_fiscal_year ELSE fiscal_year END = ANY(%(y)s))"
            " AND (cardinality(%(q)s::text[]) = 0"
            "      OR CASE WHEN %(n)s THEN name_fiscal_quarter ELSE fiscal_quarter END = ANY(%(q)s)"
            # a fourth-quarter earnings release reports the whole fiscal year too
            "      OR ('FY' = ANY(%(q)s) AND fiscal_quarter = 'Q4' AND form = 'EARNINGS'))"
            " AND (cardinality(%(f)s::text[]) = 0 OR form = ANY(%(f)s)) ORDER BY id",
            {"c": companies, "y": years, "q": quarters, "f": forms, "n": by_name}).fetchall()
        return [int(r[0]) for r in rows]

    c, y, q, fo = list(f.companies), list(f.years), list(f.quarters), list(f.forms)
    if f.dates and c:
        # "as of August 30, 2023": the filing made up to (or dated, for an 8-K) that day, when there is one
        dated = [int(r[0]) for r in conn.execute(
            "SELECT id FROM documents WHERE company_key = ANY(%s) AND period_end = ANY(%s)"
            " AND (cardinality(%s::text[]) = 0 OR form = ANY(%s)) ORDER BY id", (c, f.dates, fo, fo)).fetchall()]
        if dated and f.month_quarter:
            # "the June 2023 quarter": the quarter's own filings of that day (not the annual report it closes), and
            # their fiscal quarter is the one asked
            # (a year's last quarter ends with the annual report's day: its release, dated by the year and quarter)
            rows = conn.execute(
                "SELECT id, fiscal_quarter FROM documents WHERE id = ANY(%(d)s) AND fiscal_quarter <> 'FY'"
                " UNION SELECT q.id, q.fiscal_quarter FROM documents q JOIN documents y ON y.company_key = q.company_key"
                " AND y.fiscal_year = q.fiscal_year WHERE y.id = ANY(%(d)s) AND y.fiscal_quarter = 'FY'"
                " AND q.fiscal_quarter = 'Q4' ORDER BY 1", {"d": dated}).fetchall()
            if rows and len({r[1] for r in rows}) == 1:
                f.quarters = [str(rows[0][1])]
                return [int(r[0]) for r in rows], [int(r[0]) for r in rows]
        if dated:
            return dated, dated
        if len(f.dates) > 1:
            # "from May 28, 2023 through July 1, 2023": a stretch inside a filing's period — the first filing made
            # up to its last day or within a quarter after it (a fiscal year's label may name another year)
            within = conn.execute(
                "SELECT id FROM documents WHERE company_key = ANY(%s) AND period_end >= %s AND period_end <= %s"
                " AND (cardinality(%s::text[]) = 0 OR form = ANY(%s)) ORDER BY period_end, id LIMIT 1",
                (c, max(f.dates), max(f.dates) + timedelta(days=QUARTER_DAYS), fo, fo)).fetchall()
            if within:
                f.relaxed.append(f"{min(f.dates).isoformat()} – {max(f.dates).isoformat()}: the filing whose period "
                                 "holds them")
                return [int(within[0][0])], [int(within[0][0])]
    one_year = len(y) == 1 and bool(c) and q in ([], ["FY"])
    # guidance for year Y comes with year Y-1's results (and is updated during Y)
    both = query(c, [y[0] - 1, y[0]], q, fo) if one_year and f.forward else []
    # (an outlook for a year further ahead than any filing: neither it nor the year before is filed)
    beyond = one_year and f.forward and not both
    if one_year and ((f.owed and not f.forward) or beyond):
        # what falls due in year Y is a row of the schedule the filings before Y print (Y's own reports show it
        # paid): the last annual report before Y, and the filings after it up to Y — so is what a company expects
        # for a year further ahead than its guidance (the five-year schedules of payments)
        row = conn.execute("SELECT max(fiscal_year) FROM documents WHERE company_key = ANY(%s) AND fiscal_year < %s"
                           " AND fiscal_quarter = 'FY'", (c, y[0])).fetchone()
        years_before = list(range(int(row[0]), y[0])) if row and row[0] is not None else []
        before = query(c, years_before, [], fo) if years_before else []
        if before:
            f.relaxed.append(f"year {y[0]} → {', '.join(map(str, years_before))} (what falls due in a year is "
                             "scheduled in the filings before it)")
            return before, before
    if one_year and f.forward:
        if both and f.said_by:
            # "… forecast in July 2023": the latest filing published by then (an 8-K on its date, a release about
            # a month after its quarter, a 10-Q or 10-K after the weeks their filing takes)
            latest = published_by(conn, both, f.said_by)
            if latest:
                f.relaxed.append(f"guidance as given by {f.said_by.isoformat()}: the latest filing published by then")
                return latest, latest
        if both:
            f.relaxed.append(f"year {y[0]} → {y[0] - 1}, {y[0]} (guidance is published the year before)")
            return both, both
    if f.forward and len(y) > 1 and c and q in ([], ["FY"]):
        # "expect to replace between 2022 and 2026": a plan over years is published with the results of the year
        # before the first
        first = query(c, [min(y) - 1], q, fo)
        if first:
            f.relaxed.append(f"years {min(y)}–{max(y)} → {min(y) - 1} (a plan is published the year before it starts)")
            return first, first
    if len(y) > 1:
        # Filings carry prior periods as comparatives: the latest asked year's filing covers the others.
        latest = query(c, [max(y)], q, fo)
        if latest:
            return latest, latest
    if not y and c and not q and not fo:
        # No period asked: the latest annual report and anything filed after it (annual reports carry the
        # history as comparatives; later filings carry the news).
        row = conn.execute("SELECT max(fiscal_year) FROM documents WHERE company_key = ANY(%s) AND fiscal_quarter = 'FY'",
                           (c,)).fetchone()
        if row and row[0] is not None:
            recent = [int(r[0]) for r in conn.execute(
                "SELECT id FROM documents WHERE company_key = ANY(%s) AND fiscal_year >= %s ORDER BY id",
                (c, int(row[0]))).fetchall()]
            # (a name asked that only older filings print — "What did Adobe pay to acquire TubeMogul?" — is theirs)
            named = asked_names(f.text_query, _NOT_NAMES)
            older = printing(conn, recent, c, named)
            if older:
                f.relaxed.append(f"no period asked: the filings that print {', '.join(named)}")
                return older, older
            if recent:
                return recent, recent
    if f.whole_year and c and y and not q:
        # "… in 2022": the annual report (and the fourth-quarter release) of the year, when there is one
        annual = query(c, y, ["FY"], fo)
        if annual:
            return annual, annual
    found = query(c, y, q, fo)
    if not found and (y or q):
        # the period a file's name claims, where the document printed another ("ADOBE_2022Q2_10Q" covers
        # fiscal 2023 Q2): an analyst may use either
        found = query(c, y, q, fo, by_name=True)
        if found:
            f.relaxed.append("period as the file name gives it (the filing itself states another)")
    exact = list(found)
    scope: dict[str, list[Any]] = {"companies": c, "years": y, "quarters": q, "forms": fo}

    def nearest_years(s: dict[str, list[Any]]) -> tuple[str, dict[str, list[Any]]] | None:
        if not (s["years"] and s["companies"]):
            return None
        have = [int(r[0]) for r in conn.execute(
            "SELECT DISTINCT fiscal_year FROM documents WHERE company_key = ANY(%s) AND fiscal_year IS NOT NULL",
            (s["companies"],)).fetchall()]
        if not have:
            return None
        # (a tie goes to the later year — except for an outlook, or what falls due then: the filing before a period
        # gives its guidance and its schedules of payments)
        ahead = f.intent == "outlook" or f.owed
        near = sorted({min(have, key=lambda h: (abs(h - yy), h if ahead else -h)) for yy in s["years"]})
        return (f"year {', '.join(map(str, s['years']))} → {', '.join(map(str, near))} (nearest ingested)",
                {"years": near})

    def calendar_years(s: dict[str, list[Any]]) -> tuple[str, dict[str, list[Any]]] | None:
        # "Q3 2022" for a company whose fiscal year is named after the calendar year it ends in (or starts
        # in): the quarter that *ended* in 2022, whatever fiscal year the filing is labelled with.
        quarters = [x for x in s["quarters"] if x != "FY"]
        if not (s["years"] and s["companies"] and quarters):
            return None
        fiscal = sorted(int(r[0]) for r in conn.execute(
            "SELECT DISTINCT fiscal_year FROM documents WHERE company_key = ANY(%s) AND fiscal_quarter = ANY(%s)"
            " AND extract(year FROM period_end)::int = ANY(%s) AND fiscal_year IS NOT NULL",
            (s["companies"], quarters, s["years"])).fetchall())
        if not fiscal:
            return None
        asked = ", ".join(map(str, s["years"]))
        return f"year {asked} → fiscal {', '.join(map(str, fiscal))} (the quarter ended in {asked})", {"years": fiscal}

    def next_year(s: dict[str, list[Any]]) -> tuple[str, dict[str, list[Any]]] | None:
        # "the first half of 2022" with no filing of that quarter stored: the same quarter's filing a year later
        # prints it as its comparative columns (an annual report rarely prints a quarter or a half)
        quarters = [x for x in s["quarters"] if x != "FY"]
        if not (s["years"] and s["companies"] and quarters) or not query(s["companies"], [y + 1 for y in s["years"]],
                                                                          quarters, s["forms"]):
            return None
        later = [y + 1 for y in s["years"]]
        return (f"year {', '.join(map(str, s['years']))} → {', '.join(map(str, later))} (its comparative columns)",
                {"years": later})

    def drop(key: str, label: str, only_if_unknown: bool = False) -> Any:
        def step(s: dict[str, list[Any]]) -> tuple[str, dict[str, list[Any]]] | None:
            if not s[key] or (only_if_unknown and query(s["companies"], [], [], [])):
                return None
            return f"{label} {', '.join(map(str, s[key]))}" + (" (not ingested)" if key == "companies" else ""), {key: []}
        return step

    # The documented relaxation order (module docstring).
    for step in (calendar_years, drop("forms", "form"), next_year, drop("quarters", "quarter"), drop("companies", "company", True),
                 nearest_years, drop("years", "year"), drop("companies", "company")):
        if found:
            break
        change = step(scope)
        if change is not None:
            f.relaxed.append(change[0])
            scope.update(change[1])
            found = query(scope["companies"], scope["years"], scope["quarters"], scope["forms"])
    return found, exact


def latest_documents(conn: psycopg.Connection, doc_ids: Sequence[int]) -> list[int]:
    """Per company, the most recent of ``doc_ids``: latest period end, the nominal one
    (:func:`finchat.graph.query.nominal_period_end`) for filings stored without one (earnings releases);
    on a tie, a filing with its own period end."""
    from finchat.graph.query import nominal_period_end

    best: dict[str, tuple[date, bool, int]] = {}
    for doc, company, fy, quarter, end in conn.execute(
            "SELECT id, company_key, fiscal_year, fiscal_quarter, period_end FROM documents WHERE id = ANY(%s)",
            (list(doc_ids),)).fetchall():
        dated = end is not None
        if not dated and fy is not None:
            end = nominal_period_end(conn, company, int(fy), quarter or "FY")
        if end is not None:
            key = (end, dated, int(doc))
            if company not in best or key > best[company]:
                best[company] = key
    return sorted(doc for _, _, doc in best.values())

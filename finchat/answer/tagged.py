"""Answers from a filing's tagged dimensional facts: "Apple's iPhone revenue", "Nvidia's Data Center revenue".

An HTML filing's inline XBRL tags each segment's, product's and region's figure with the member it is about
(``srt:ProductOrServiceAxis = aapl:IPhoneMember``). A qualified question whose measure is a statement metric
and whose qualifier names a member is answered from that tag, for the filing's own period (the quarter for a
10-Q, the year for a 10-K, unless the question asks for the year or the nine months), with the year-earlier
figure and the change, cited to the page the tag is printed on.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

import psycopg

from finchat.answer.figures import money, number
from finchat.graph.lexicon import metric as metric_def
from finchat.graph.periods import shift_months
from finchat.ingest.xbrl import CONCEPT_METRICS, member_words
from finchat.retrieve.fusion import page_reference
from finchat.tables import dates_in_text

_NINE = re.compile(r"(?i)(?<![\w-])nine[- ]months?\b|\b(?:thirty[- ]nine|39)[- ]weeks?\b|\byear[- ]to[- ]date\b|\bytd\b")
_SIX = re.compile(r"(?i)(?<![\w-])six[- ]months?\b|\b(?:twenty[- ]six|26)[- ]weeks?\b|\bfirst half\b|\bh1\b")
_YEAR = re.compile(r"(?i)\b(?:full[- ]year|fiscal\s+year|annual|for the year|fy\s?\d{2,4}|fiscal\s+(?:19|20)\d{2})\b")
_QUARTER = re.compile(r"(?i)\bq[1-4]\b|\bquarter\b")
_FOURTH = re.compile(r"(?i)\bq4\b|\bfourth[- ]quarter\b|\bfourth\s+fiscal\s+quarter\b|\bquarter\s+end(?:ed|ing)\b|"
                     r"\b(?:three\s+months|13\s+weeks|thirteen\s+weeks)\s+ended\b")
#: A quarter named ("the third quarter of 2016", "Q2 2016", "second fiscal quarter").
_NAMED_QUARTER = re.compile(r"(?i)\bq(?P<n>[1-4])\b|\b(?P<w>first|second|third|fourth)\s+(?:fiscal\s+)?quarter\b")
#: A quarter asked by the day it ended: "the quarter ended June 30, 2016", "three months ended March 31, 2015".
_ENDED_ON = re.compile(r"(?i)\b(?:quarter|three\s+months|13\s+weeks|thirteen\s+weeks)\s+end(?:ed|ing)\s+(?:on\s+)?"
                       r"[A-Z][a-z]+\.?\s+\d{1,2},?\s+(?:19|20)\d\d")
_RECAST = re.compile(r"(?i)\b(?:recast\w*|restat\w*|re-?presented)\b")
_BARE_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_SCALES = {0: "units", 3: "thousands", 6: "millions", 9: "billions"}
#: Words a member's name adds to what analysts call it ("Energy Generation and Storage Segment").
_GENERIC = re.compile(r"(?i)\s+(?:segments?|reportable segment|business|products?|revenues?)$")
_WORDS = {3: "three months", 6: "six months", 9: "nine months", 12: "year"}


@dataclass(frozen=True)
class MemberFigure:
    value: float          # in the unit (dollars)
    scale: int
    unit: str
    start: date | None
    end: date
    page: int | None
    member: str           # "iPhone"
    concept: str
    document: str
    printed_page: str | None = None   # the number the filing prints on that page

    @property
    def months(self) -> int:
        return max(1, round(((self.end - self.start).days + 1) / 30.44)) if self.start else 0

    def shown(self) -> float:
        return self.value / 10 ** self.scale if self.scale in _SCALES else self.value

    def money(self) -> str:
        return money(self.shown(), _SCALES.get(self.scale, "units"), "USD" if self.unit == "USD" else self.unit)

    def period(self) -> str:
        return f"the {_WORDS.get(self.months, f'{self.months} months')} ended {self.end:%B} {self.end.day}, {self.end.year}"

    def cite(self) -> str:
        if not self.page:
            return f"[{self.document}]"
        return f"[{self.document} {page_reference(self.page, self.page, self.printed_page)}]"


def months_asked(question: str, form: str | None, quarter: str | None) -> int:
    if _NINE.search(question):
        return 9
    if _SIX.search(question):
        return 6
    if form == "10-K" or quarter == "FY":
        # "in the fourth quarter of 2018" of an annual report: its fourth-quarter tables, never the year's (another
        # quarter named, "the third quarter of 2016", its quarterly data's column)
        return 3 if _FOURTH.search(question) or _NAMED_QUARTER.search(question) else 12
    # "in 2022" of a fourth-quarter release, no quarter named: the year it closes
    year = _YEAR.search(question) or (quarter == "Q4" and _BARE_YEAR.search(question))
    return 12 if year and not _QUARTER.search(question) else 3


#: How far (days) a release's printed period end may lie from its fiscal quarter's month end (52/53-week years).
RELEASE_END_DAYS = 40


def _printed_end(conn: psycopg.Connection, doc_id: int, end: date) -> date:
    """The latest date document ``doc_id``'s tables print near the month end ``end`` (a retailer's quarter
    closes on January 28, not 31); ``end`` when none is near."""
    near = conn.execute("SELECT max(as_of) FROM table_cells WHERE document_id = %s AND as_of BETWEEN %s AND %s",
                        (doc_id, end - timedelta(days=RELEASE_END_DAYS), end + timedelta(days=RELEASE_END_DAYS))
                        ).fetchone()
    return near[0] if near and near[0] else end


def with_year_release(conn: psycopg.Connection, document: str) -> Iterator[str]:
    """``document``, then — only when asked for — the fourth-quarter results release of the fiscal year it closes
    when it is an annual report (its non-GAAP figures, "Adjusted Free Cash Flow for fiscal 2023 was $848
    million", are printed there and nowhere else)."""
    yield document
    row = conn.execute(
        "SELECT r.name FROM documents a JOIN documents r ON r.company_key = a.company_key"
        " AND r.fiscal_year = a.fiscal_year AND r.fiscal_quarter = 'Q4' AND r.form = 'EARNINGS'"
        " WHERE a.name = %s AND a.form = '10-K' ORDER BY r.name LIMIT 1", (document,)).fetchone()
    if row:
        yield str(row[0])


#: Years before its own an annual report prints figures for (its comparative columns).
EARLIER_YEARS = 2


def scoped_filings(conn: psycopg.Connection, question: str, hits: list[Any], company: str | None,
                   n: int) -> Iterator[tuple[int, date, int]]:
    """(document id, period end, months asked) of the first ``n`` filings of ``company`` among the hits
    that know their period: the end they print, else (a release saying only "second quarter 2023") the
    month end closing their fiscal quarter, as their tables' columns were dated. When the first is an annual
    report, its year's fourth-quarter results release follows."""
    from finchat.graph.query import nominal_period_end

    docs = list(dict.fromkeys(h.document for h in hits if company is None or h.company == company))[:n]
    cols = "SELECT name, id, form, fiscal_quarter, period_end, company_key, fiscal_year FROM documents"
    recast: list[str] = []
    asked_recast = _RECAST.search(question)
    if company is not None and asked_recast:
        # "after recasting …", "restated": the figures the company re-presented, in the filing saying so most
        word = "restate" if asked_recast.group(0).lower().startswith("restat") else "recast"
        recast = [r[0] for r in conn.execute(
            "SELECT d.name FROM documents d JOIN chunks c ON c.document_id = d.id WHERE d.company_key = %s"
            " AND c.tsv @@ to_tsquery('english', %s) GROUP BY d.name ORDER BY count(*) DESC, d.name",
            (company, word)).fetchall()]
        docs = [*recast[:1], *(d for d in docs if d not in recast[:1])][:n]
    found = {r[0]: r[1:] for r in conn.execute(f"{cols} WHERE name = ANY(%s)", (docs,)).fetchall()}
    rows = [found[d] for d in docs if d in found]
    if rows and rows[0][1] == "EARNINGS" and months_asked(question, rows[0][1], rows[0][2]) == 12:
        # a year asked, a fourth-quarter release ranked first: the year's figure is the annual report's (the
        # release leads with the quarter); the release follows it
        annual = conn.execute(f"{cols} WHERE company_key = %s AND fiscal_year = %s AND form = '10-K' ORDER BY name",
                              (rows[0][4], rows[0][5])).fetchall()
        ids = {a[1] for a in annual}
        rows = [a[1:] for a in annual] + [r for r in rows if r[0] not in ids]
    elif rows and docs[0] in found and found[docs[0]][1] == "10-K":
        # a year asked of an annual report: the fourth-quarter release prints the year too, in the words (a segment
        # renamed since, "MedTech") and tables the report may not have; tried after the hits' filings
        first = found[docs[0]]
        rows += [r[1:] for r in conn.execute(
            f"{cols} WHERE company_key = %s AND fiscal_year = %s AND fiscal_quarter = 'Q4' AND form = 'EARNINGS'"
            " ORDER BY name", (first[4], first[5])).fetchall() if r[0] not in found]
    for row in rows:
        end = row[3]
        recasting = any(found.get(d, (None,))[0] == row[0] for d in recast[:1])
        if recasting and row[4]:
            # a filing recasting past periods: the period the question names, not the filing's own
            years = [int(y) for y in _BARE_YEAR.findall(question)]
            asked = re.search(r"(?i)\bq([1-4])\b|\b(first|second|third|fourth)\s+quarter\b", question)
            quarter = (f"Q{asked.group(1)}" if asked and asked.group(1) else
                       f"Q{['first', 'second', 'third', 'fourth'].index(asked.group(2).lower()) + 1}" if asked else "Q4")
            if years:
                end = nominal_period_end(conn, str(row[4]), years[-1], quarter)
                yield int(row[0]), _printed_end(conn, int(row[0]), end), 3 if asked else 12
                continue
        if end is None and row[4] and row[5] and row[2]:
            end = nominal_period_end(conn, str(row[4]), int(row[5]), str(row[2]))
            # the latest date its tables print near that month end is the release's own period end (a retailer's
            # quarter closes on January 28, not 31)
            end = _printed_end(conn, int(row[0]), end)
        months = months_asked(question, row[1], row[2])
        if end is not None:
            yield int(row[0]), year_asked(question, row[1], row[5], end, months), months


def year_asked(question: str, form: str | None, fiscal_year: int | None, end: date, months: int) -> date:
    """The period end a question asks of a filing ending ``end``: "… in 2021" of the 2022 annual report is its
    year-earlier column (up to EARLIER_YEARS back); a quarter of an annual report, that quarter's end ("the quarter
    ended June 30, 2016", "the third quarter of 2016": September 30, 2016, of a year ending December 31); any
    other question, the filing's own period."""
    years = {int(y) for y in _BARE_YEAR.findall(question)}
    if form == "10-K" and months == 3:
        ended = _ENDED_ON.search(question)
        if ended and (on := dates_in_text(ended.group(0))):
            return on[0]
        named = _NAMED_QUARTER.search(question)
        back = int(fiscal_year) - min(years) if fiscal_year and len(years) == 1 else 0
        if named is None or not 0 <= back <= EARLIER_YEARS:
            return end
        word = (named.group("n") or named.group("w")).lower()
        n = int(word) if word.isdigit() else ("first", "second", "third", "fourth").index(word) + 1
        return shift_months(end, -(3 * (4 - n) + 12 * back))
    if form != "10-K" or months != 12 or not fiscal_year or len(years) != 1:
        return end
    back = int(fiscal_year) - min(years)
    if not 0 < back <= EARLIER_YEARS:
        return end
    return end.replace(year=end.year - back, day=min(end.day, 28) if end.month == 2 else end.day)


def member_figures(conn: psycopg.Connection, doc_id: int, metric: str, qualifier: str) -> list[MemberFigure]:
    """Tagged figures of ``metric`` for the member named by ``qualifier`` in document ``doc_id`` (one
    dimension only: the member alone, not crossed with another axis)."""
    concepts = [f"us-gaap:{c}" for c in CONCEPT_METRICS.get(metric, [])]
    if not concepts or not qualifier.strip():
        return []
    rows = conn.execute(
        "SELECT x.value, x.scale, x.unit, x.period_start, x.period_end, x.page, x.dimensions, x.concept, d.name,"
        " p.label FROM xbrl_facts x JOIN documents d ON d.id = x.document_id"
        " LEFT JOIN printed_pages p ON p.document_id = x.document_id AND p.page = x.page"
        " WHERE x.document_id = %s AND x.concept = ANY(%s) AND jsonb_array_length(x.dimensions) = 1"
        " AND to_tsvector('simple', x.members_text) @@ plainto_tsquery('simple', %s) AND x.period_end IS NOT NULL",
        (doc_id, concepts, qualifier)).fetchall()
    want = squash_name(qualifier)
    out = []
    for value, scale, unit, start, end, page, dims, concept, document, printed in rows:
        member = member_words(str(dims[0][1]))
        if want not in (squash_name(member), squash_name(_GENERIC.sub("", member))):  # "Data Center", not "Data Center Compute"
            continue
        out.append(MemberFigure(float(value), int(scale), unit, start, end, page, member, concept, document, printed))
    # the first concept of the metric's list the filing uses for this member wins
    if out:
        best = min(concepts.index(f.concept) for f in out)
        out = [f for f in out if concepts.index(f.concept) == best]
    return out


def members_named(conn: psycopg.Connection, doc_id: int, metric: str, question: str) -> list[str]:
    """The members tagged with ``metric`` in the document whose name the question spells out ("energy
    generation and storage"), longest first."""
    concepts = [f"us-gaap:{c}" for c in CONCEPT_METRICS.get(metric, [])]
    rows = conn.execute(
        "SELECT DISTINCT members_text FROM xbrl_facts WHERE document_id = %s AND concept = ANY(%s)"
        " AND jsonb_array_length(dimensions) = 1", (doc_id, concepts)).fetchall()
    said = f" {_spaced(question)} "
    named = []
    for (text,) in rows:
        for form in (text, _GENERIC.sub("", text)):
            if len(_spaced(form)) > 2 and f" {_spaced(form)} " in said:
                named.append(form)
                break
    return sorted(set(named), key=len, reverse=True)


def _spaced(text: str) -> str:
    text = text.lower().replace("&", " and ").replace("®", "").replace("™", "")
    return " ".join(re.findall(r"[a-z0-9]+", text))


def squash_name(text: str) -> str:
    """A name for comparison: "Compute & Networking" ~ "ComputeAndNetworking", "iPhone®" ~ "iPhone"."""
    return re.sub(r"[^a-z0-9]", "", text.lower().replace("&", "and"))


def answer_from_tags(conn: psycopg.Connection, question: str, name: str, metric: str | None,
                     qualifiers: tuple[str, ...], hits: list[Any], company: str | None) -> tuple[str, list[Any]] | None:
    """(answer text, [the figure cited, the year-earlier one]) from the first scoped filing that tags the
    asked member; None when no filing in the hits does."""
    if not metric or not qualifiers:
        return None
    for doc_id, period_end, months in scoped_filings(conn, question, hits, company, 3):
        for qualifier in [*members_named(conn, doc_id, metric, question), *qualifiers]:
            figs = [f for f in member_figures(conn, doc_id, metric, qualifier) if abs(f.months - months) <= 1]
            current = [f for f in figs if abs((f.end - period_end).days) <= 7]
            if not current:
                continue
            cur = min(current, key=lambda f: (f.page is None, f.page or 0))
            prior = [f for f in figs if 340 <= (cur.end - f.end).days <= 390]
            text = (f"{name}'s {cur.member} {_metric_words(metric)} for {cur.period()} was {cur.money()} {cur.cite()}")
            if prior:
                p = min(prior, key=lambda f: (f.page is None, f.page or 0))
                diff = cur.value - p.value
                pct = f"{abs(diff) / abs(p.value) * 100:.1f}%" if p.value else "n/a"
                delta = money(abs(diff) / 10 ** cur.scale, _SCALES.get(cur.scale, "units"), "USD")
                text += (f", {'up' if diff > 0 else 'down' if diff < 0 else 'unchanged'} {pct} "
                         f"({'+' if diff >= 0 else '−'}{delta}) from {p.money()} for {p.period()} {p.cite()}")
                cited = [cur, p]
            else:
                cited = [cur]
            text += f" — as the filer tags it ({cur.concept}, member {cur.member})."
            return text, cited
    return None


def _metric_words(metric: str) -> str:
    return metric_def(metric).name.lower()


__all__ = ["MemberFigure", "answer_from_tags", "member_figures", "months_asked", "number", "scoped_filings", "squash_name", "year_asked"]

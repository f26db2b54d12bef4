"""A filing's fiscal period read from the filing itself: cover page, statement column headers, release headline.

A file name can lie (``ADOBE_2022Q2_10Q.pdf`` covers the quarter ended June 2, 2023, Adobe's Q2 of fiscal
2023), so the period comes from what the document prints:

* the period end from the cover's "For the quarterly period ended June 2, 2023" / "For the fiscal year
  ended …" (an earnings release: "quarter ended July 1, 2023" near the top);
* a 10-Q's quarter from its statements' year-to-date columns: "Six Months Ended June 2" (or 26 weeks) → Q2,
  "Nine Months Ended" (39 weeks) → Q3, three months alone → Q1; the year-to-date column must end on the
  cover's month, so a note's "within nine months" does not count;
* the fiscal year from the fiscal year's end (the period end plus the quarters left): a year ending in
  February–December is named by the calendar year it ends in. A year ending in January or early February
  (retailers' 52/53-week years) is named either way by companies (Walmart's fiscal 2024 ended January 31,
  2024; Home Depot's fiscal 2023 ended January 28, 2024), so there the document's own "fiscal 2024" /
  "fiscal 2023" mentions decide, and the ending year when it names neither;
* an earnings release's quarter and year from its headline ("Second-Quarter 2023 Results", "fourth quarter
  and full year 2022", "Q2 fiscal 2023").

Pure text functions: no database, no PDF library.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from finchat.tables import MONTHS, parse_date

_MONTH_NUM = {m.lower(): i for i, m in enumerate(MONTHS.split("|"), start=1)}
_D = rf"(?P<m>{MONTHS})\s+(?P<d>\d{{1,2}})\s*,\s*(?P<y>(?:19|20)\d{{2}})"
#: The cover's period line; "quarterly period" first (a 10-Q cover also prints the transition-period line).
_COVER = re.compile(
    rf"(?i)for\s+the\s+(?P<kind>quarterly\s+period|fiscal\s+year|year|quarter|thirteen\s+weeks|three\s+months|"
    rf"period)\s+ended:?\s*{_D}")
#: A release's period ("for the quarter ended July 1, 2023", "second quarter ended June 30, 2023").
_RELEASE_END = re.compile(rf"(?i)\b(?:quarters?|three\s+months|13\s+weeks|thirteen\s+weeks|year)\s+ended\s+{_D}")
#: Year-to-date column headers: months (6, 9) or weeks (24/26, 36/39/40).
_YTD = re.compile(
    rf"(?i)\b(?P<n>six|nine|6|9|twenty[-\s]four|twenty[-\s]six|thirty[-\s]six|thirty[-\s]nine|forty|24|26|36|39|40)"
    rf"\s+(?:months|weeks)\s+ended\b[^A-Za-z]{{0,40}}?(?:[A-Za-z]+[^A-Za-z]{{1,12}}){{0,6}}?(?P<m>{MONTHS})\b")
_QTR_HEADER = re.compile(r"(?i)\b(?:three\s+months|quarter|13\s+weeks|thirteen\s+weeks|12\s+weeks|sixteen\s+weeks|"
                         r"16\s+weeks)\s+ended\b")
_YTD_QUARTER = {"six": 2, "6": 2, "twentyfour": 2, "twentysix": 2, "24": 2, "26": 2,
                "nine": 3, "9": 3, "thirtysix": 3, "thirtynine": 3, "forty": 3, "36": 3, "39": 3, "40": 3}
_ORD = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}
_ORDS = r"first|second|third|fourth|1st|2nd|3rd|4th"
_HEADLINE = re.compile(
    rf"(?i)\b(?:(?P<ord>{_ORDS})[-\s]quarter(?:\s+and\s+full[-\s]year)?(?:\s+of)?(?:\s+fiscal(?:\s+year)?)?"
    rf"\s+(?P<y1>(?:19|20)\d{{2}})"
    rf"|(?P<y3>(?:19|20)\d{{2}})\s+(?P<ord3>{_ORDS})[-\s]quarter"
    rf"|Q(?P<q>[1-4])\s+(?:fiscal\s+(?:year\s+)?|FY\s?)?(?P<y2>(?:19|20)\d{{2}})"
    rf"|(?:fiscal(?:\s+year)?|full[-\s]year)\s+(?P<y4>(?:19|20)\d{{2}})\s+results)\b")
#: How a document names its own fiscal years: "fiscal 2024", "third quarter 2022", "2022 fourth-quarter".
_YEAR_MENTION = re.compile(
    rf"(?i)\b(?:fiscal\s+(?:year\s+)?|(?:{_ORDS})[-\s]quarter\s+(?:of\s+)?(?:fiscal\s+)?)((?:19|20)\d{{2}})\b"
    rf"|\b((?:19|20)\d{{2}})\s+(?:{_ORDS})[-\s]quarter\b")
#: Pages read for the period: the cover, and the statements (or MD&A tables) with their column headers.
HEAD_PAGES = 30
#: A cover page, as opposed to a release or an exhibit that quotes "the quarter ended …".
_COVER_MARK = re.compile(r"(?i)\b(?:form\s+10-[KQ]|(?:quarterly|annual)\s+report\s+pursuant)\b")


@dataclass(frozen=True)
class DocPeriod:
    """What the document says about its period. ``source`` names where it was read ("cover", "release")."""

    fiscal_year: int | None
    fiscal_quarter: str | None  # Q1..Q4, or FY
    period_end: date | None
    source: str

    def label(self) -> str:
        """"FY2023 Q2 (to 2023-06-02)", as ``db status`` prints a period."""
        if self.fiscal_year is None:
            return "?"
        q = f" {self.fiscal_quarter}" if self.fiscal_quarter and self.fiscal_quarter != "FY" else ""
        return f"FY{self.fiscal_year}{q}" + (f" (to {self.period_end.isoformat()})" if self.period_end else "")


def _date(m: re.Match[str]) -> date | None:
    return parse_date(m.group("m"), m.group("d"), m.group("y"))


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("*", "").replace("\u00a0", " ").replace("|", " "))


def cover_period_end(text: str) -> tuple[date, bool] | None:
    """(period end, annual?) from a cover's "For the quarterly period ended …" / "For the fiscal year ended …"."""
    for m in _COVER.finditer(_flat(text)):
        d = _date(m)
        if d is not None:
            return d, "year" in m.group("kind").lower()
    return None


def _add_months(d: date, months: int) -> tuple[int, int]:
    n = d.year * 12 + (d.month - 1) + months
    return n // 12, n % 12 + 1


def quarter_from_headers(text: str, end: date) -> tuple[int, bool] | None:
    """(quarter 1–3, certain?) from the column headers of a quarterly report ending ``end``: a year-to-date
    column (six or nine months) is certain; three-month columns alone say Q1, uncertainly (the statements
    may lie beyond the pages read). None when no such header is printed. Q4 has no 10-Q."""
    flat = _flat(text)
    best = 0
    for m in _YTD.finditer(flat):
        if _MONTH_NUM.get(m.group("m").lower()) == end.month:
            best = max(best, _YTD_QUARTER.get(re.sub(r"[-\s]", "", m.group("n").lower()), 0))
    if best:
        return best, True
    return (1, False) if _QTR_HEADER.search(flat) else None


def fiscal_year_of(year_end: tuple[int, int, int], text: str) -> int:
    """The fiscal year named by a year ending on (year, month, day): the calendar year it ends in, unless it
    ends in January and the document names the year before more often ("fiscal 2022", "third quarter 2022").
    A 52/53-week year ending in a month's first week (Pfizer's July 2, J&J's January 1) belongs to the month
    before."""
    y, month, day = year_end
    if day <= 7:
        y, month = (y, month - 1) if month > 1 else (y - 1, 12)
    if month != 1:
        return y
    counts = {y: 0, y - 1: 0}
    for m in _YEAR_MENTION.finditer(_flat(text)):
        year = int(m.group(1) or m.group(2))
        if year in counts:
            counts[year] += 1
    return y - 1 if counts[y - 1] > counts[y] else y


def read_period(pages: list[str], form: str | None, name_quarter: str | None = None) -> DocPeriod | None:
    """The period a filing covers, from its first pages' text (``pages``: page texts, index 0 = page 1;
    HEAD_PAGES are read). None when the document does not say (the caller keeps the name's).
    ``name_quarter`` (the file name's, if any) stands when the headers show three-month columns only."""
    head = "\n".join(pages[:3])
    body = "\n".join(pages[:HEAD_PAGES])
    cover = cover_period_end(head) if _COVER_MARK.search(head) else None
    if cover is not None:
        end, annual = cover
        if annual or form == "10-K":
            return DocPeriod(fiscal_year_of((end.year, end.month, end.day), body), "FY", end, "cover")
        found = quarter_from_headers(body, end)
        if found is None and name_quarter not in ("Q1", "Q2", "Q3"):
            return DocPeriod(None, None, end, "cover")
        if found is None or (not found[1] and name_quarter in ("Q1", "Q2", "Q3")):
            q = int(str(name_quarter)[1])
        else:
            q = found[0]
        fy_end = _add_months(end, 3 * (4 - q))
        return DocPeriod(fiscal_year_of((*fy_end, end.day), body), f"Q{q}", end, "cover")
    # no cover: an earnings release (also one filed under a 10-Q's name)
    return _release_period(pages)


def _release_period(pages: list[str]) -> DocPeriod | None:
    """An earnings release's quarter and year from its headline, and its period end when it prints one."""
    head = _flat("\n".join(pages[:2]))[:6000]
    m = _HEADLINE.search(head)
    # the latest "quarter ended …": a release quotes the year-ago quarter too
    end = max((d for d in (_date(e) for e in _RELEASE_END.finditer(head)) if d is not None), default=None)
    if m is None:
        return DocPeriod(None, None, end, "release") if end else None
    ordinal = m.group("ord") or m.group("ord3")
    q = _ORD[ordinal.lower()] if ordinal else int(m.group("q") or 4)
    year = int(m.group("y1") or m.group("y2") or m.group("y3") or m.group("y4"))
    return DocPeriod(year, f"Q{q}", end, "release")


def disagreement(name_year: int | None, name_quarter: str | None, doc: DocPeriod) -> str | None:
    """One line when the file name's period differs from the document's, else None."""
    if doc.fiscal_year is None or name_year is None:
        return None
    nq = name_quarter or doc.fiscal_quarter
    if name_year == doc.fiscal_year and nq == doc.fiscal_quarter:
        return None
    named = f"FY{name_year}" + (f" {name_quarter}" if name_quarter and name_quarter != "FY" else "")
    return f"the name says {named}, the {doc.source} {doc.label()}; using the {doc.source}'s"


__all__ = ["DocPeriod", "cover_period_end", "disagreement", "fiscal_year_of", "quarter_from_headers", "read_period"]

"""Inline XBRL: every number a filer tagged in its HTML filing (``ix:nonFraction``), and the cover's
``dei:`` facts (company, form, fiscal year and period, period end).

The tags are the filer's own machine-readable statement of each figure — concept, value, unit, period and
dimensions (segment, product, geography members) — so for these filings facts need no table reading, and
they are the ground truth the table reader is measured against (`finchat eval facts --xbrl`).

ixbrlparse reads the tags (formats, ``scale``, ``sign``, contexts and units); this module turns them into
:class:`TaggedFact` rows with the page each tag is printed on, and maps the us-gaap concepts behind finchat's
statement metrics to the metric keys the answers use (:data:`CONCEPT_METRICS`).
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date
from io import BytesIO
from typing import Any

from finchat.errors import IngestError

#: us-gaap concepts → finchat metric key, most specific first within a metric: when a filing tags several
#: concepts of one metric for the same period, the first listed wins (revenue's several concepts).
CONCEPT_METRICS: dict[str, list[str]] = {
    "revenue": ["Revenues", "RevenueFromContractWithCustomerExcludingAssessedTax",
                "RevenueFromContractWithCustomerIncludingAssessedTax", "SalesRevenueNet",
                "RevenuesNetOfInterestExpense", "TotalRevenuesAndOtherIncome"],
    "cost_of_revenue": ["CostOfRevenue", "CostOfGoodsAndServicesSold", "CostOfGoodsSold"],
    "gross_profit": ["GrossProfit"],
    "operating_income": ["OperatingIncomeLoss"],
    "net_income": ["ProfitLoss", "NetIncomeLoss"],
    "net_income_attributable": ["NetIncomeLoss"],
    "net_income_nci": ["NetIncomeLossAttributableToNoncontrollingInterest"],
    "eps_basic": ["EarningsPerShareBasic"],
    "eps_diluted": ["EarningsPerShareDiluted", "EarningsPerShareBasicAndDiluted"],
    "total_assets": ["Assets"],
    "total_liabilities": ["Liabilities"],
    "equity": ["StockholdersEquity", "StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest"],
    "cash": ["CashAndCashEquivalentsAtCarryingValue",
             "CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents"],
    "long_term_debt": ["LongTermDebtNoncurrent", "LongTermDebtAndCapitalLeaseObligations", "LongTermDebt"],
    "operating_cash_flow": ["NetCashProvidedByUsedInOperatingActivities"],
    "investing_cash_flow": ["NetCashProvidedByUsedInInvestingActivities"],
    "financing_cash_flow": ["NetCashProvidedByUsedInFinancingActivities"],
    "capex": ["PaymentsToAcquirePropertyPlantAndEquipment", "PaymentsToAcquireProductiveAssets"],
    "rnd": ["ResearchAndDevelopmentExpense", "ResearchAndDevelopmentExpenseExcludingAcquiredInProcessCost"],
    "sga": ["SellingGeneralAndAdministrativeExpense"],
    "dividends": ["PaymentsOfDividends", "PaymentsOfDividendsCommonStock"],
    "share_repurchases": ["PaymentsForRepurchaseOfCommonStock"],
    "income_tax": ["IncomeTaxExpenseBenefit"],
    "pretax_income": ["IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest",
                      "IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments"],
    "interest_expense": ["InterestExpense", "InterestExpenseNonoperating"],
    "depreciation": ["DepreciationDepletionAndAmortization", "DepreciationAndAmortization",
                     "DepreciationAmortizationAndAccretionNet", "DepreciationAmortizationAndOther"],
    "inventory": ["InventoryNet"],
    "accounts_receivable": ["AccountsReceivableNetCurrent"],
    "accounts_payable": ["AccountsPayableCurrent"],
    "current_assets": ["AssetsCurrent"],
    "current_liabilities": ["LiabilitiesCurrent"],
    "goodwill": ["Goodwill"],
    "ppe": ["PropertyPlantAndEquipmentNet"],
}
_SCALES = {0: "units", 3: "thousands", 6: "millions", 9: "billions"}
_DATE_TEXT = re.compile(r"(?i)(January|February|March|April|May|June|July|August|September|October|November|"
                        r"December)\s*(\d{1,2}),?\s*((?:19|20)\d{2})")
_MONTHS = {m: i for i, m in enumerate(("january", "february", "march", "april", "may", "june", "july", "august",
                                       "september", "october", "november", "december"), start=1)}


@dataclass(frozen=True)
class TaggedFact:
    """One ``ix:nonFraction``: ``value`` with scale and sign applied, in the unit (USD, not millions)."""

    concept: str                 # "us-gaap:Revenues"
    value: float
    unit: str                    # USD, USD/shares, shares, pure …
    scale: int                   # the tag's scale (6: printed in millions)
    decimals: int | None
    start: date | None           # None for an instant (a balance-sheet figure)
    end: date | None
    dimensions: tuple[tuple[str, str], ...]   # (axis, member), e.g. ("srt:ProductOrServiceAxis", "aapl:IPhoneMember")
    page: int | None             # 1-based page the tag is printed on; None in the hidden header
    printed: str                 # the text as printed: "94,036"
    fact_id: str | None = None

    @property
    def months(self) -> int | None:
        """Length of a duration in months (3, 6, 9, 12), None for an instant."""
        if self.start is None or self.end is None:
            return None
        days = (self.end - self.start).days + 1
        return max(1, round(days / 30.44))

    @property
    def scale_name(self) -> str:
        return _SCALES.get(self.scale, "units")

    @property
    def shown(self) -> float:
        """The value in its printed scale (94,036 for $94,036 million)."""
        return self.value / (10 ** self.scale) if self.scale in _SCALES else self.value


@dataclass(frozen=True)
class Cover:
    """What the cover's dei tags say of the filing."""

    form: str | None = None               # 10-K, 10-Q, 8-K
    period_end: date | None = None
    fiscal_year: int | None = None
    fiscal_period: str | None = None      # FY, Q1..Q4
    registrant: str | None = None
    cik: str | None = None
    ticker: str | None = None
    fiscal_year_end: str | None = None    # --MM-DD


def _date(text: str) -> date | None:
    text = text.strip()
    m = re.match(r"^(\d{4})-(\d{2})-(\d{2})", text)
    if m:
        return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    m = _DATE_TEXT.search(text)
    if m:
        try:
            return date(int(m.group(3)), _MONTHS[m.group(1).lower()], int(m.group(2)))
        except ValueError:
            return None
    return None


def _context_dates(ctx: Any) -> tuple[date | None, date | None]:
    if ctx is None:
        return None, None
    if getattr(ctx, "instant", None):
        return None, _as_date(ctx.instant)
    return _as_date(getattr(ctx, "startdate", None)), _as_date(getattr(ctx, "enddate", None))


def _as_date(v: Any) -> date | None:
    if v is None:
        return None
    if isinstance(v, date):
        return v if type(v) is date else v.date() if hasattr(v, "date") else v
    return _date(str(v))


def _unit(u: Any) -> str:
    text = str(u or "")
    text = re.sub(r"(?i)iso4217:", "", text).replace("xbrli:", "")
    low = text.lower()
    if low in ("usd", "u_iso4217usd"):
        return "USD"
    if "per" in low or "/" in low or "_" in low and "share" in low:
        return "USD/shares" if "usd" in low else text
    if low in ("shares", "share"):
        return "shares"
    if low in ("pure", "number", "percent"):
        return "pure"
    return text


def read_ixbrl(data: bytes, fact_pages: dict[str, int] | None = None) -> tuple[list[TaggedFact], Cover]:
    """Every tagged number of an inline-XBRL document, and its cover. A document with no tags gives
    ``([], Cover())``; IngestError when the tags cannot be read at all."""
    if b"ix:nonfraction" not in data[:20_000_000].lower() and b"ix:nonnumeric" not in data.lower():
        return [], Cover()
    from ixbrlparse import IXBRL

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # ixbrlparse warns for every text format it does not parse
            doc = IXBRL(BytesIO(data), raise_on_error=False)
    except Exception as exc:
        raise IngestError(f"the inline XBRL could not be read ({str(exc).splitlines()[0][:120]})") from exc
    facts: list[TaggedFact] = []
    pages = fact_pages or {}
    for n in doc.numeric:
        if n.value is None:
            continue
        tag = getattr(n, "soup_tag", None)
        attrs = dict(tag.attrs) if tag is not None else {}
        fid = attrs.get("id")
        page = pages.get(fid) if fid else None
        try:
            scale = int(attrs.get("scale", 0) or 0)
        except ValueError:
            scale = 0
        dec_text = str(attrs.get("decimals", "") or "")
        decimals = int(dec_text) if re.fullmatch(r"-?\d+", dec_text) else None
        start, end = _context_dates(n.context)
        dims = tuple((str(s.get("dimension", "")), str(s.get("value", ""))) for s in (getattr(n.context, "segments", None) or [])
                     if isinstance(s, dict))
        facts.append(TaggedFact(f"{n.schema}:{n.name}", float(n.value), _unit(n.unit), scale, decimals, start, end,
                                dims, page, _clean(n.text), fid))
    return facts, cover_from_bytes(data)


def _clean(text: Any) -> str:
    return re.sub(r"\s+", " ", str(text or "")).strip()


def html_facts(path: Any) -> list[TaggedFact]:
    """Every tagged number of the HTML filing at ``path`` with its page; [] for a document with no tags."""
    from pathlib import Path

    from finchat.ingest.html import parse_html

    data = Path(path).read_bytes()
    if b"ix:nonfraction" not in data.lower():
        return []
    pages = parse_html(Path(path)).fact_pages
    return read_ixbrl(data, pages)[0]


def metric_of(concept: str) -> str | None:
    """The finchat metric a us-gaap concept stands for (the first metric listing it), else None."""
    if not concept.startswith("us-gaap:"):
        return None
    name = concept.split(":", 1)[1]
    return next((m for m, cs in CONCEPT_METRICS.items() if name in cs), None)


def metric_facts(facts: Iterable[TaggedFact]) -> dict[tuple[str, int | None, date | None], TaggedFact]:
    """The consolidated (no dimension) facts of finchat's statement metrics, one per (metric, months, end):
    the first concept of :data:`CONCEPT_METRICS` the filing tags wins; among tags of the same concept and
    period (a figure printed on several pages), the first printed."""
    by_concept: dict[tuple[str, int | None, date | None], TaggedFact] = {}
    for f in facts:
        if f.dimensions or not f.concept.startswith("us-gaap:"):
            continue
        key = (f.concept.split(":", 1)[1], f.months, f.end)
        old = by_concept.get(key)
        # the copy printed first (the statement's, not a note's): whatever order the reader lists tags in
        if old is None or (f.page is not None and (old.page is None or f.page < old.page)):
            by_concept[key] = f
    out: dict[tuple[str, int | None, date | None], TaggedFact] = {}
    for metric, concepts in CONCEPT_METRICS.items():
        for (concept, months, end), f in by_concept.items():
            if concept not in concepts:
                continue
            key = (metric, months, end)
            old = out.get(key)
            # the concept printed first wins (the primary statement comes before the notes: JNJ tags its
            # income statement's R&D line ExcludingAcquiredInProcessCost and a note's ResearchAndDevelopmentExpense),
            # then the list's order
            if old is None or _rank(f, concepts) < _rank(old, concepts):
                out[key] = f
    # the same figure tagged under another concept earlier in the filing (the statement, before a note)
    # gives the page to cite
    for key, f in out.items():
        same = [g for (c, m, e), g in by_concept.items() if (m, e) == key[1:] and g.value == f.value
                and g.page is not None and c in CONCEPT_METRICS[key[0]]]
        first = min(same, key=lambda g: g.page or 0, default=None)
        if first is not None and (f.page is None or (first.page or 0) < f.page):
            out[key] = replace(f, page=first.page)
    return out


#: Wider concepts that stand for a metric only when its own concept is not tagged: cash with restricted cash
#: (the cash-flow statement's closing line), total long-term debt with its current part, equity with
#: non-controlling interests.
FALLBACK_CONCEPTS = frozenset({"CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents", "LongTermDebt",
                               "StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest",
                               "TotalRevenuesAndOtherIncome"})


def _rank(f: TaggedFact, concepts: list[str]) -> tuple[bool, int, int]:
    name = f.concept.split(":", 1)[1]
    return (name in FALLBACK_CONCEPTS, f.page if f.page is not None else 1 << 30, concepts.index(name))


def member_words(member: str) -> str:
    """A dimension member as words: "aapl:IPhoneMember" → "iPhone", "nvda:ComputeAndNetworkingMember" →
    "Compute and Networking"."""
    name = member.split(":", 1)[-1]
    name = re.sub(r"Member$", "", name)
    name = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", name)
    text = " ".join(name.split())
    text = re.sub(r"\bAnd\b", "and", text)
    return re.sub(r"^I (Phone|Pad|Mac|Cloud)\b", r"i\1", text)


_DEI_START = re.compile(rb"(?i)<ix:nonnumeric\b[^>]*?\bname=[\"']dei:(\w+)[\"'][^>]*>")
_IX_OPEN_CLOSE = re.compile(rb"(?i)<(/?)ix:nonnumeric\b")
_TAGS = re.compile(r"<[^>]+>")


def cover_from_bytes(data: bytes) -> Cover:
    """The cover's dei facts read straight from the bytes (milliseconds: no full parse), for naming a
    filing before it is parsed. The first occurrence of each tag counts; tags nested in one another (the
    fiscal year end inside the period end date) are each read whole."""
    import html as htmllib

    found: dict[str, str] = {}
    for m in _DEI_START.finditer(data):
        name = m.group(1).decode("ascii", "ignore")
        if name in found:
            continue
        depth, end = 1, len(data)
        for t in _IX_OPEN_CLOSE.finditer(data, m.end()):
            depth += -1 if t.group(1) else 1
            if depth == 0:
                end = t.start()
                break
        text = htmllib.unescape(_TAGS.sub("", data[m.end():end].decode("utf-8", "replace")))
        found[name] = re.sub(r"\s+", " ", text).strip()
    if not found:
        return Cover()
    form = found.get("DocumentType", "").upper().replace("10K", "10-K").replace("10Q", "10-Q") or None
    fy = found.get("DocumentFiscalYearFocus", "")
    fp = found.get("DocumentFiscalPeriodFocus", "").upper()
    return Cover(form=form, period_end=_date(found.get("DocumentPeriodEndDate", "")),
                 fiscal_year=int(fy) if fy.isdigit() else None,
                 fiscal_period=fp if fp in ("FY", "Q1", "Q2", "Q3", "Q4") else None,
                 registrant=found.get("EntityRegistrantName") or None, cik=found.get("EntityCentralIndexKey") or None,
                 ticker=(found.get("TradingSymbol") or "").split(" ")[0].upper() or None,
                 fiscal_year_end=found.get("CurrentFiscalYearEndDate") or None)

"""Derived figures analysts ask for, computed from statement facts, with their inputs kept.

Each definition names the question words that ask for it, the metrics it needs, and how it is computed.
Inputs must be of one period: flows (income, cash flow) share their duration and end date; a balance-sheet
input is taken at the flow's end date. Signs follow the statements: a cost or an outflow printed in
parentheses is used by its size (capital expenditure, dividends paid). An input written ``"inventory:change"``
is the balance's change over the year (the balance at the flow's end date less the one a year before).

Besides the fixed definitions, any statement line "as a % of revenue" or "% margin" ("D&A % margin", "cost of
goods sold as a % of revenue") is that line divided by revenue (:func:`share_of_revenue`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from finchat.answer.shapes import SPENT_ON
from finchat.graph.lexicon import metric, metric_phrase_spans, metrics_in_question


@dataclass(frozen=True)
class Definition:
    key: str
    name: str
    pattern: str                     # question words (regex, case-insensitive)
    inputs: tuple[str, ...]          # metric keys, in the order ``compute`` takes them
    unit: str                        # "%", "x" (a ratio), "days", or "USD" (an amount in the inputs' scale)
    formula: str                     # shown to the analyst: "gross profit ÷ revenue"
    compute: Callable[[list[float]], float | None]
    optional: tuple[str, ...] = ()   # inputs that may be missing (counted as 0, and said so)
    years: int = 0                   # a growth rate's span: ``compute`` takes the last and the first year's figure


def _ratio(a: float, b: float) -> float | None:
    return None if b == 0 else a / b


def _ccc(v: list[float]) -> float | None:
    dio, dso, dpo = _ratio(365 * v[0], abs(v[1])), _ratio(365 * v[2], v[3]), _ratio(365 * v[4], abs(v[1]) + v[5])
    return None if dio is None or dso is None or dpo is None else dio + dso - dpo


def base_metric(key: str) -> str:
    """The statement metric an input reads: ``"inventory:change"`` reads inventories."""
    return key.split(":", 1)[0]


DEFINITIONS: tuple[Definition, ...] = (
    Definition("gross_margin", "Gross margin", r"gross (?:profit )?margin", ("gross_profit", "revenue"), "%",
               "gross profit ÷ revenue", lambda v: _ratio(v[0], v[1])),
    Definition("operating_margin", "Operating margin", r"operating (?:profit |income )?margin",
               ("operating_income", "revenue"), "%", "operating income ÷ revenue", lambda v: _ratio(v[0], v[1])),
    Definition("net_margin", "Net margin", r"net (?:profit |income )?margin|profit margin", ("net_income", "revenue"), "%",
               "net income ÷ revenue", lambda v: _ratio(v[0], v[1])),
    Definition("free_cash_flow", "Free cash flow", r"free cash ?flow|\bfcf\b", ("operating_cash_flow", "capex"),
               "USD", "operating cash flow − capital expenditure", lambda v: v[0] - abs(v[1])),
    Definition("capex_to_revenue", "Capital expenditure as % of revenue",
               r"capex (?:as a (?:share|percent(?:age)?|%) of|to|over|/) ?(?:revenue|sales)|capital intensity|"
               r"capital[- ]intensive", ("capex", "revenue"), "%", "capital expenditure ÷ revenue",
               lambda v: _ratio(abs(v[0]), v[1])),
    Definition("current_ratio", "Current ratio", r"current ratio|working capital ratio",
               ("current_assets", "current_liabilities"), "x", "current assets ÷ current liabilities",
               lambda v: _ratio(v[0], v[1])),
    Definition("quick_ratio", "Quick ratio", r"quick ratio|acid[- ]test", ("current_assets", "inventory",
               "current_liabilities"), "x", "(current assets − inventories) ÷ current liabilities",
               lambda v: _ratio(v[0] - v[1], v[2]), optional=("inventory",)),
    Definition("working_capital", "Working capital", r"working capital(?! ratio)",
               ("current_assets", "current_liabilities"), "USD", "current assets − current liabilities",
               lambda v: v[0] - v[1]),
    # (a leverage ratio with a name of its own, "supplementary leverage ratio", "Tier 1 leverage ratio", is a bank's
    # printed capital ratio, no debt over equity)
    Definition("debt_to_equity", "Debt to equity",
               r"debt[- ]to[- ]equity|(?:^|\b(?:the|its|their|a|an|financial|what|is|was)\s+|\w+['’]s?\s+)leverage ratio|"
               r"gearing",
               ("short_term_debt", "long_term_debt", "equity"), "x", "(short-term + long-term debt) ÷ equity",
               lambda v: _ratio(v[0] + v[1], v[2]), optional=("short_term_debt",)),
    Definition("payout_ratio", "Dividend payout ratio", r"payout ratio", ("dividends", "net_income"), "%",
               "dividends paid ÷ net income", lambda v: _ratio(abs(v[0]), v[1])),
    Definition("roa", "Return on assets", r"return on (?:total )?assets|\broa\b", ("net_income", "total_assets"),
               "%", "net income ÷ total assets", lambda v: _ratio(v[0], v[1])),
    Definition("roe", "Return on equity", r"return on (?:shareholders'? |stockholders'? )?equity|\broe\b",
               ("net_income", "equity"), "%", "net income ÷ shareholders' equity", lambda v: _ratio(v[0], v[1])),
    Definition("asset_turnover", "Asset turnover", r"(?<!fixed )asset turnover", ("revenue", "total_assets"), "x",
               "revenue ÷ total assets", lambda v: _ratio(v[0], v[1])),
    Definition("fixed_asset_turnover", "Fixed asset turnover", r"fixed asset turnover", ("revenue", "ppe"), "x",
               "revenue ÷ property, plant and equipment", lambda v: _ratio(v[0], v[1])),
    Definition("ocf_ratio", "Operating cash flow ratio", r"operating cash flow ratio|cash flow ratio",
               ("operating_cash_flow", "current_liabilities"), "x", "operating cash flow ÷ current liabilities",
               lambda v: _ratio(v[0], v[1])),
    Definition("ebitda", "EBITDA (unadjusted)", r"(?<!\badjusted )(?<!non-gaap )(?:unadjusted )?ebitda(?! (?:% )?margin| (?:less|minus|net of|after|-|–) ?(?:capex|capital))", ("operating_income", "depreciation"),
               "USD", "operating income + depreciation and amortization", lambda v: v[0] + abs(v[1])),
    Definition("ebitda_less_capex", "EBITDA less capital expenditure",
               r"ebitda (?:less|minus|net of|after|-|–) ?(?:capex|capital expenditures?|capital spending)",
               ("operating_income", "depreciation", "capex"), "USD",
               "operating income + depreciation and amortization − capital expenditure",
               lambda v: v[0] + abs(v[1]) - abs(v[2])),
    Definition("ebitda_margin", "EBITDA margin", r"(?<!\badjusted )(?<!non-gaap )ebitda (?:% )?margin", ("operating_income", "depreciation", "revenue"),
               "%", "(operating income + depreciation and amortization) ÷ revenue",
               lambda v: _ratio(v[0] + abs(v[1]), v[2])),
    Definition("retention_ratio", "Retention ratio", r"retention ratio|plowback", ("dividends", "net_income"), "x",
               "(net income − dividends paid) ÷ net income", lambda v: _ratio(v[1] - abs(v[0]), v[1])),
    Definition("dso", "Days sales outstanding", r"days sales outstanding|\bdso\b", ("accounts_receivable", "revenue"),
               "days", "365 × accounts receivable ÷ revenue", lambda v: _ratio(365 * v[0], v[1])),
    Definition("dio", "Days inventory outstanding", r"days inventory (?:outstanding|on hand)|days in inventory|\bdio\b",
               ("inventory", "cost_of_revenue"), "days", "365 × inventories ÷ cost of revenue",
               lambda v: _ratio(365 * v[0], abs(v[1]))),
    Definition("dpo", "Days payable outstanding", r"days payables? outstanding|\bdpo\b",
               ("accounts_payable", "cost_of_revenue", "inventory:change"), "days",
               "365 × accounts payable ÷ (cost of revenue + change in inventories)",
               lambda v: _ratio(365 * v[0], abs(v[1]) + v[2])),
    Definition("ccc", "Cash conversion cycle", r"cash conversion cycle|\bccc\b",
               ("inventory", "cost_of_revenue", "accounts_receivable", "revenue", "accounts_payable", "inventory:change"),
               "days", "days inventory outstanding + days sales outstanding − days payable outstanding",
               lambda v: _ccc(v)),
    Definition("inventory_turnover", "Inventory turnover", r"inventory turnover", ("cost_of_revenue", "inventory"), "x",
               "cost of revenue ÷ inventories", lambda v: _ratio(abs(v[0]), v[1])),
    Definition("effective_tax_rate", "Effective tax rate", r"effective (?:income )?tax rate",
               ("income_tax", "pretax_income"), "%", "income tax expense ÷ income before income taxes",
               lambda v: _ratio(v[0], v[1])),
    Definition("interest_coverage", "Interest coverage", r"interest coverage",
               ("operating_income", "interest_expense"), "x", "operating income ÷ interest expense",
               lambda v: _ratio(v[0], abs(v[1]))),
)


#: "division profit margin", "segment operating margin" with no segment named: the parts' own line, as the
#: filing prints it, never the statements' ratio.
_OF_PARTS = re.compile(r"(?:^|(?P<before>\S+)\s+)(?:division|divisional|segment)\s+$")


def _parts_line(before: str) -> bool:
    """Whether a ratio named after ``before`` is the parts' own line: "division", "segment" right before it,
    not after a segment's name ("Space segment operating margin" is Space's, computed)."""
    m = _OF_PARTS.search(before)
    named = (m.group("before") or "") if m else ""
    # (a possessive before it is the company's: "Foot Locker's division profit margin")
    return bool(m) and not (named[:1].isupper() and not named.endswith(("'s", "’s", "'", "’")))


#: A ratio an agreement defines ("leverage ratio under its revolving credit agreement", "… covenant"): the filing's
#: own measure, stated where it is reported — never one computed from the statements.
_AGREED = re.compile(r"(?i)\b(?:under|per|in|by|as\s+defined\s+(?:in|by)|required\s+by)\s+(?:its|the|their|our)\s+"
                     r"(?:[\w-]+\s+){0,4}?(?:agreements?|facilit(?:y|ies)|indentures?|covenants?)\b|\bcovenants?\b")


def asked(question: str) -> list[Definition]:
    """The derived figures a question asks for, in the order of the definitions, then a line's share of revenue;
    a figure whose inputs hold another's comes before it. None for a ratio an agreement defines (its covenant)."""
    if _AGREED.search(question):
        return []
    fixed = [d for d in DEFINITIONS if any(not _parts_line(question[:m.start()]) for m in re.finditer(
        r"(?i)(?<![a-z])(?:" + d.pattern + r")s?(?![a-z])", question))]
    share = None if any(d.unit == "%" for d in fixed) else share_of_revenue(question)
    growth = cagr(question)
    found = (fixed + ([share] if share is not None and not any(d.inputs == share.inputs for d in fixed) else [])
             + ([growth] if growth is not None else []))
    # the figure built from the others comes first: the cash conversion cycle before its days, EBITDA less capex
    # before EBITDA
    return sorted(found, key=lambda d: -sum(set(o.inputs) < set(d.inputs) for o in found))


_CAGR = re.compile(r"(?i)\bcagr\b|\bcompound(?:ed)? (?:annual )?growth(?: rate)?\b")
_SPAN = re.compile(r"(?i)\b(\d{1,2}|two|three|four|five|ten)[- ]years?\b")
_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "ten": 10}


def cagr(question: str) -> Definition | None:
    """The compound annual growth rate of the metric a question names ("2 year total revenue CAGR from FY2020 to
    FY2022"), over the years it says (a span "2 year", else the first and last fiscal years named; at least 1).
    Its one input is the metric; ``compute`` takes [last, first] — the answer reads the figure ``years`` years
    back — and gives (last ÷ first)^(1 / years) − 1."""
    if not _CAGR.search(question):
        return None
    named = metrics_in_question(_CAGR.sub(" ", question))
    if not named:
        return None
    span = _SPAN.search(question)
    years = sorted({int(y) for y in re.findall(r"(?<!\d)(?:fy|fiscal (?:year )?)?((?:19|20)\d\d)(?!\d)", question, re.IGNORECASE)})
    n = (_WORDS.get(span.group(1).lower()) or int(span.group(1))) if span else (years[-1] - years[0] if len(years) > 1 else 0)
    if n < 1:
        return None
    name = metric(named[0]).name
    return Definition("cagr", f"{n}-year {name.lower()} CAGR", "", (named[0],), "%",
                      f"({name.lower()} ÷ {name.lower()} {n} years earlier)^(1/{n}) − 1",
                      lambda v: (v[0] / v[1]) ** (1 / n) - 1 if v[1] > 0 and v[0] >= 0 else None, years=n)


#: "… % margin", "… margin %", "… as a % of revenue", "… as a percentage of net sales", "… to revenue ratio"
_OF_REVENUE = re.compile(r"(?i)(?:%|percent(?:age)?) margin\b|\bmargin %|\b(?:as an? )?(?:%|percent(?:age)?|share|proportion) of "
                         r"(?:total |net )?(?:operating )?(?:revenues?|sales)\b|\bto (?:total |net )?(?:revenues?|sales) ratio\b")
#: Lines whose share of revenue has its own definition (the margins above).
_MARGINS = {"gross_profit": "gross_margin", "operating_income": "operating_margin", "net_income": "net_margin",
            "capex": "capex_to_revenue"}


#: How far (characters) the line's words may end before the words asking for its share ("… amortization % margin").
NEAR = 20


def share_of_revenue(question: str) -> Definition | None:
    """A statement line divided by revenue, when the question asks for one ("D&A % margin", "cost of goods sold as
    a % of revenue", "unadjusted operating income % margin"): the line is the metric named last before the words
    asking, its words ending within NEAR characters of them; the margins with their own definition are returned
    as those."""
    m = _OF_REVENUE.search(question)
    if m is None:
        return None
    # the words just before, asides dropped: "depreciation and amortization (D&A from cash flow statement) % margin"
    before = re.sub(r"\([^)]*\)", " ", question[max(0, m.start() - 120):m.start()]).rstrip()
    named = [k for k in metrics_in_question(before) if k != "revenue" and _last_mention(before, k) >= len(before) - NEAR]
    # ("What percentage of revenue did Adobe spend on research and development": the line named after it)
    spent = SPENT_ON.search(question, m.end())
    if not named and spent:
        after = spent.group("what")
        named = [k for k in metrics_in_question(after) if k != "revenue"]
        before = after
    if not named:
        return None
    # the metric whose words end nearest the asking words ("capex ... as a % of revenue")
    key = max(named, key=lambda k: _last_mention(before, k))
    if key in _MARGINS:
        return next(d for d in DEFINITIONS if d.key == _MARGINS[key])
    name = metric(key).name
    return Definition(f"{key}_to_revenue", f"{name} as % of revenue", "", (key, "revenue"), "%",
                      f"{name.lower()} ÷ revenue", lambda v: _ratio(abs(v[0]), v[1]))


def _last_mention(text: str, key: str) -> int:
    return max((end for _, end in metric_phrase_spans(text, key)), default=-1)


def needed_metrics(question: str) -> list[str]:
    """Every statement metric the derived figures of ``question`` need."""
    out: list[str] = []
    for d in asked(question):
        out.extend(base_metric(m) for m in d.inputs if base_metric(m) not in out)
    return out

"""The metric lexicon: canonical financial metrics and the words filings and analysts use for them.

Two uses, with different strictness:

* :func:`metric_for_label` maps a financial-statement row label to a metric only when the whole label is
  a known synonym ("Total net sales" → revenue). Facts are written only through this strict path.
* :func:`metrics_in_text` finds metrics mentioned anywhere in a passage or a question (looser phrases,
  abbreviations like EPS), for MENTIONS edges and for reading questions.
* :func:`metrics_in_question` adds the analyst's shorthand ("cash", "sales", "earnings", "buybacks"): words
  too loose for a filing's prose (every page of a 10-K says "cash") but unambiguous in a question.

The graph (facts, MENTIONS), the question parser and `finchat graph facts --metric` all read this one
vocabulary.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class Metric:
    key: str
    name: str
    labels: tuple[str, ...]      # exact row labels (normalised) in statements
    phrases: tuple[str, ...]     # phrases that mention it in text or questions (regex, case-insensitive)
    asked: tuple[str, ...] = ()  # analyst shorthand recognised in questions only (regex, case-insensitive)


#: "How much cash did Boeing's investing activities provide": a cash flow section as the doer, in a question.
_BY_ACTIVITY = r"cash\b[^?.]{{0,60}}?\b(?:{})\s+(?:provide|generate|use|produce|consume)[sd]?"


METRICS: tuple[Metric, ...] = (
    Metric("revenue", "Revenue",
           ("total net sales", "net sales", "total revenues", "total revenue", "revenues", "revenue", "net revenues",
            "net revenue", "total net revenues", "total net revenue", "sales", "total sales", "net operating revenues",
            "operating revenues", "total operating revenues", "revenues net", "total revenues net",
            "net sales and revenues", "total net sales and revenue", "sales to customers",
            "total revenues net of interest expense", "total net revenue", "total net revenues"),
           (r"revenues?", r"net sales", r"total sales", r"top[- ]line", r"turnover"),
           (r"(?<!cost of )(?<!costs of )sales(?![- ](?:and|&) marketing|[- ]tax)",)),
    Metric("cost_of_revenue", "Cost of revenue",
           ("total cost of sales", "cost of sales", "cost of revenue", "cost of revenues", "total cost of revenues",
            "total cost of revenue", "cost of goods sold", "cost of products sold", "cost of net revenues",
            "merchandise costs"),
           (r"cost of (?:sales|revenues?|goods sold|products sold)", r"\bcogs\b")),
    Metric("gross_profit", "Gross profit",
           ("gross margin", "gross profit", "total gross margin", "gross profit margin"),
           (r"gross (?:margin|profit)",)),
    Metric("operating_income", "Operating income",
           ("operating income", "income from operations", "operating income loss", "operating profit",
            "total operating income", "income loss from operations", "operating loss"),
           (r"operating (?:income|profit|loss)", r"income from operations", r"\bebit\b")),
    Metric("net_income", "Net income",
           ("net income", "net earnings", "net income loss", "net loss", "net earnings loss", "consolidated net income",
            "net income attributable to common shareholders", "net income attributable to common stockholders",
            "net earnings attributable to shareholders", "net income applicable to common stockholders"),
           # (a segment's or division's profit is the company's own measure of its parts, no net income)
           (r"net (?:income|earnings|loss|profit)", r"bottom[- ]line", r"(?<!segment )(?<!division )(?<!divisional )profit"),
           (r"(?<!per share )(?<!adjusted )earnings(?! (?:per|release|call|report|press|before|guidance))",)),
    Metric("net_income_attributable", "Net income attributable to the company", (),
           (r"net (?:income|earnings) attributable to (?!non[- ]?controlling)(?:the company|common|shareholders|stockholders)",),
           (r"attributable (?:net )?(?:income|earnings|profit)",)),
    Metric("net_income_nci", "Net income attributable to non-controlling interests", (),
           (r"(?:net (?:income|earnings) attributable to )?non[- ]?controlling interests?",), (r"\bnci\b", r"minority interests?")),
    Metric("eps_basic", "EPS (basic)",
           ("basic", "basic earnings per share", "basic net income per share", "basic earnings per common share",
            "earnings per share basic", "net income per share basic", "basic eps", "basic net earnings per share"),
           (r"basic (?:eps|earnings per share)",)),
    Metric("eps_diluted", "EPS (diluted)",
           ("diluted", "diluted earnings per share", "diluted net income per share",
            "diluted earnings per common share", "earnings per share diluted", "net income per share diluted",
            "diluted eps", "diluted net earnings per share"),
           (r"\beps\b", r"earnings per (?:common )?share", r"per[- ]share (?:earnings|income)", r"diluted")),
    Metric("total_assets", "Total assets", ("total assets",), (r"total assets",)),
    Metric("total_liabilities", "Total liabilities", ("total liabilities",), (r"total liabilities",)),
    Metric("equity", "Shareholders' equity",
           ("total shareholders equity", "total stockholders equity", "total equity", "shareholders equity",
            "stockholders equity", "total shareowners equity", "total stockholders equity deficit"),
           (r"(?:share|stock)holders'? equity", r"total equity", r"book value")),
    Metric("cash", "Cash and cash equivalents",
           ("cash and cash equivalents", "cash and equivalents", "cash and cash equivalents at end of period",
            "cash and due from banks", "cash", "cash cash equivalents and restricted cash at end of period"),
           (r"cash and (?:cash )?equivalents", r"total cash", r"cash (?:balance|position|on hand)"),
           # "cash" alone, but not "cash flow", "cash from operations", "cash dividends", "cash paid" …
           # (nor what is paid "in cash": the means of a payment)
           ((r"(?<!free )(?<!operating )(?<!pay in )(?<!paid in )cash(?! (?:flows?|generated|provided|used|from|dividends?|paid|payments?|"
             r"taxes|conversion|outflows?|inflows?|returned|spent|proceeds|consideration|received|settlements?)|-)"),)),
    Metric("short_term_debt", "Short-term debt",
           ("short term debt", "commercial paper", "current portion of long term debt", "short term borrowings",
            "current portion of term debt", "current maturities of long term debt", "term debt current"),
           (r"short[- ]term (?:debt|borrowings)", r"commercial paper", r"current (?:portion|maturities) of")),
    Metric("long_term_debt", "Long-term debt",
           ("long term debt", "term debt", "long term debt net", "long term debt less current portion",
            "long term debt net of current portion", "long term borrowings", "total long term debt",
            "long term debt excluding current portion", "non current portion of term debt"),
           (r"long[- ]term (?:debt|borrowings)", r"term debt", r"\bdebt\b", r"borrowings", r"notes payable"),
           (r"leverage", r"(?:total|net) debt")),
    Metric("operating_cash_flow", "Operating cash flow",
           ("cash generated by operating activities", "net cash provided by operating activities",
            "net cash provided by used in operating activities", "cash provided by operating activities",
            "net cash from operating activities", "net cash provided by operations"),
           (r"(?:cash (?:flows? )?(?:from|provided by|generated by) operating activities)", r"operating cash flows?"),
           (r"cash (?:flows? )?(?:from|generated by|generated from) operations", r"operating cash", r"\bocf\b",
            _BY_ACTIVITY.format(r"operating\s+activities|operations"))),
    Metric("investing_cash_flow", "Investing cash flow",
           ("net cash used in investing activities", "net cash provided by used in investing activities",
            "net cash used for investing activities", "cash used in investing activities",
            "net cash provided by investing activities", "net cash from investing activities",
            "net cash used in provided by investing activities"),
           (r"cash (?:flows? )?(?:from|used in|used for|provided by) investing activities", r"investing cash flows?"),
           (_BY_ACTIVITY.format(r"investing\s+activities"),)),
    Metric("financing_cash_flow", "Financing cash flow",
           ("net cash used in financing activities", "net cash provided by used in financing activities",
            "net cash used for financing activities", "cash used in financing activities",
            "net cash provided by financing activities", "net cash from financing activities",
            "net cash used in provided by financing activities"),
           (r"cash (?:flows? )?(?:from|used in|used for|provided by) financing activities", r"financing cash flows?"),
           (_BY_ACTIVITY.format(r"financing\s+activities"),)),
    Metric("capex", "Capital expenditure",
           ("payments for acquisition of property plant and equipment", "capital expenditures",
            "purchases of property and equipment", "purchases of property plant and equipment",
            "capital expenditure", "additions to property plant and equipment", "payments for property and equipment",
            "purchase of property plant and equipment", "purchase of property and equipment",
            "purchases of property plant and equipment net", "additions to property and equipment",
            "expenditures for property plant and equipment", "payments for property plant and equipment",
            "capital expenditures net", "purchases of property equipment and software", "capital spending",
            "capital expenditures net of construction payable", "purchases of land buildings and equipment"),
           (r"capital expenditures?", r"\bcapex\b", r"purchases? of property", r"additions to property"),
           (r"capital spending", r"cap[- ]?ex", r"investments? in (?:property|pp&e|fixed assets)")),
    Metric("rnd", "Research and development",
           ("research and development", "research development", "research and development expense",
            "research and development expenses", "technology and development",
            "research, development and related expenses"),
           (r"research and development", r"\br&d\b"), (r"r ?& ?d spend(?:ing)?", r"\brnd\b")),
    Metric("sga", "SG&A",
           ("selling general and administrative", "selling general and administrative expenses",
            "selling general and administrative expense", "general and administrative", "marketing general and administrative"),
           (r"selling,? general,? and administrative", r"\bsg&a\b"), (r"\bsga\b", r"overheads?")),
    Metric("dividends", "Dividends",
           ("dividends", "payments for dividends and dividend equivalents", "dividends paid", "cash dividends paid",
            "dividends declared per share", "cash dividends declared per common share"),
           (r"dividends?",), (r"payouts? to shareholders",)),
    Metric("share_repurchases", "Share repurchases",
           ("repurchases of common stock", "repurchase of common stock", "purchases of treasury stock",
            "common stock repurchased", "payments for repurchase of common stock", "repurchases of ordinary shares",
            "share repurchases", "share buyback cancellations", "share buy back cancellations", "share buybacks",
            "purchases of common stock for treasury"),
           (r"(?:share|stock) (?:repurchases?|buybacks?)", r"repurchases? of (?:common|ordinary) (?:stock|shares)",
            r"buybacks?"),
           (r"(?:buy(?:s|ing)?|bought) back (?:(?:its|their|the|own|common)\s+){0,2}(?:shares|stock)",
            r"repurchas(?:e|es|ed|ing) (?:(?:its|their|the|own|common)\s+){0,2}(?:shares|stock)", r"capital returned")),
    Metric("income_tax", "Income tax expense",
           ("provision for income taxes", "income tax expense", "income taxes", "income tax provision",
            "provision for benefit from income taxes", "income tax expense benefit", "income tax benefit"),
           (r"income tax(?:es)?", r"tax rate")),
    Metric("pretax_income", "Income before income taxes",
           ("income before income taxes", "income loss before income taxes", "income before provision for income taxes",
            "income loss before provision for income taxes", "earnings before income taxes",
            "earnings loss before income taxes", "earnings before provision for income taxes",
            "income from continuing operations before income taxes", "income before income tax expense",
            "earnings from continuing operations before income taxes",
            "income before taxes", "pretax income", "income before income tax"),
           (r"(?:pre-?tax|before (?:income )?tax(?:es)?) (?:income|earnings|profit)",
            r"(?:income|earnings) before (?:provision for )?(?:income )?tax(?:es)?")),
    Metric("interest_expense", "Interest expense", ("interest expense", "interest expense net"), (r"interest expense",)),
    Metric("depreciation", "Depreciation and amortization",
           ("depreciation and amortization", "depreciation amortization", "depreciation"),
           (r"depreciation",)),
    Metric("inventory", "Inventories", ("inventories", "inventory", "merchandise inventories"), (r"inventor(?:y|ies)",),
           (r"stock on hand",)),
    Metric("accounts_receivable", "Accounts receivable",
           ("accounts receivable net", "accounts receivable", "trade accounts receivable net", "receivables net",
            "receivables", "trade receivables", "trade receivables net", "accounts and notes receivable net",
            "trade accounts receivable"),
           (r"accounts receivable", r"receivables")),
    Metric("accounts_payable", "Accounts payable", ("accounts payable", "trade accounts payable"), (r"accounts payable",)),
    Metric("current_assets", "Total current assets", ("total current assets",), (r"current assets", r"working capital")),
    Metric("current_liabilities", "Total current liabilities", ("total current liabilities",),
           (r"current liabilities", r"working capital", r"quick ratio", r"current ratio")),
    Metric("goodwill", "Goodwill", ("goodwill",), (r"goodwill",)),
    Metric("ppe", "Property, plant and equipment",
           ("property plant and equipment net", "property and equipment net", "net property plant and equipment",
            "total property plant and equipment net"),
           (r"property,? plant,? and equipment", r"\bpp&?n?e\b", r"\bppne\b", r"fixed assets")),
    Metric("backlog", "Backlog",
           ("backlog", "total backlog", "remaining performance obligations", "funded backlog"),
           (r"backlog", r"remaining performance obligations?"), (r"\brpo\b", r"order book")),
    # banks and card issuers
    Metric("net_interest_income", "Net interest income", ("net interest income",),
           (r"net interest income", r"\bnii\b"), (r"net interest margin",)),
    Metric("provision_credit_losses", "Provision for credit losses",
           ("provision for credit losses", "provisions for credit losses", "total provisions for credit losses",
            "provision for loan losses", "provision for loan and lease losses"),
           (r"provisions? for (?:credit|loan)(?: and lease)? losses", r"credit (?:loss )?provisions?"), (r"loan loss provisions?",)),
    Metric("deposits", "Deposits", ("deposits", "total deposits", "customer deposits"), (r"(?:total |customer )?deposits",)),
    Metric("loans", "Loans", ("loans", "total loans", "loans net", "loans net of allowance for loan losses",
                              "total loans net", "card member loans net"),
           (r"(?:total |net )?loans(?: and leases)?", r"loan book", r"card member loans"), ()),
    Metric("shares_outstanding", "Shares outstanding",
           ("weighted average shares outstanding diluted", "shares used in computing earnings per share"),
           (r"shares outstanding", r"share count",
            # "weighted-average diluted shares", "diluted shares": the count, not diluted EPS
            r"weighted[- ]average (?:number of )?(?:diluted |basic )?(?:common )?shares", r"diluted (?:common )?shares")),
)

_BY_KEY = {m.key: m for m in METRICS}
#: Labels too generic to identify a metric outside their table context ("Basic" under an EPS heading).
_CONTEXT_ONLY = {"basic": "eps_basic", "diluted": "eps_diluted"}


def normalise_label(label: str) -> str:
    """Row label → comparable form: lowercase, no punctuation, no footnote marks, single spaces."""
    s = label.lower().replace("&", " and ").replace("’", "'")
    s = re.sub(r"(?<=[a-z])per (?=(?:common |ordinary )?share)", " per ", s)  # "earningsper share": a glued word
    s = re.sub(r"\([^)]*\)|\[\d\]|\*", " ", s)  # footnote marks, "(PP&E)", "(loss)"
    # "Trade accounts receivable, less allowances of $477 and $466, respectively": the line, not its allowance
    s = re.sub(r",?\s*(?:less|net of) (?:the |an )?(?:allowances?|reserves?)\b.*$", "", s)
    s = re.sub(r"[^a-z0-9 ]+", " ", s)
    s = re.sub(r"\b(net of tax|unaudited|in millions|in thousands)\b", " ", s)
    return re.sub(r"\s+", " ", s).strip()


@lru_cache(maxsize=1)
def _label_index() -> dict[str, str]:
    idx: dict[str, str] = {}
    for m in METRICS:
        for lab in m.labels:
            idx.setdefault(normalise_label(lab), m.key)
    return idx


def metric_for_label(label: str, context: str = "") -> str | None:
    """The metric a statement row label names exactly, or None.

    ``context`` is the section of the table the row sits in (the last label-only row above it, e.g.
    "Earnings per share:"); bare "Basic"/"Diluted" count only under an EPS-like context.
    """
    norm = normalise_label(label)
    if norm in _CONTEXT_ONLY:
        ctx = normalise_label(context)
        if re.search(r"per (common )?share|\beps\b", ctx) and "shares used" not in ctx and "weighted" not in ctx:
            return _CONTEXT_ONLY[norm]
        return None
    if norm in ("cash",) and context and "flows" in normalise_label(context):
        return None
    key = _label_index().get(norm)
    if key is None and norm.endswith(" net") and norm.count(" ") > 1:
        key = _label_index().get(norm[:-4])  # "Research and development expense, net"
    if key is None and re.fullmatch(r"depreciation (?:and )?amortization(?: and accretion| expense)?"
                                    r"(?: of (?:property|plant|fixed|equipment)[a-z ]*)?", norm):
        return "depreciation"  # "… of property, equipment and intangibles", "Depreciation, amortization and accretion"
    return key


@lru_cache(maxsize=1)
def _phrase_res() -> list[tuple[str, re.Pattern[str]]]:
    # a trailing "s" is allowed: questions and MD&A say "gross margins", "operating margins", "tax rates"
    return [(m.key, re.compile(r"(?i)(?<![a-z])(?:" + "|".join(m.phrases) + r")s?(?![a-z])")) for m in METRICS]


def metrics_in_text(text: str) -> list[str]:
    """Metric keys mentioned in ``text`` (a passage or a question), in lexicon order."""
    return [key for key, rx in _phrase_res() if rx.search(text)]


@lru_cache(maxsize=1)
def _asked_res() -> list[tuple[str, re.Pattern[str]]]:
    return [(m.key, re.compile(r"(?i)(?<![a-z])(?:" + "|".join(m.asked) + r")s?(?![a-z])")) for m in METRICS if m.asked]


#: "net operating loss (carryforwards)": a tax attribute, never the operating loss of a statement.
_NET_OPERATING_LOSS = re.compile(r"(?i)\bnet\s+operating\s+loss(?:es)?\b")


def metrics_in_question(text: str) -> list[str]:
    """Metric keys a question asks about: :func:`metrics_in_text` plus the analyst shorthand of each
    metric's ``asked`` phrases, in lexicon order."""
    text = _NET_OPERATING_LOSS.sub(" ", text)  # (a tax attribute, carried forward: no operating income)
    found = set(metrics_in_text(text)) | {key for key, rx in _asked_res() if rx.search(text)}
    # a metric named only inside another's phrase ("revenue" of "cost of revenue") is not asked — unless that
    # one refines it ("net income attributable …" is net income still, where a statement prints no attribution)
    spans = {key: metric_phrase_spans(text, key) for key in found}
    inside = {key for key, own in spans.items() if own and all(
        any(o != key and not o.startswith(key) and a <= s and e <= b and (b - a) > (e - s)
            for o in found for a, b in spans[o]) for s, e in own)}
    return [m.key for m in METRICS if m.key in found - inside]


def metric_phrase_spans(text: str, key: str) -> list[tuple[int, int]]:
    """(start, end) of every phrase in ``text`` that names metric ``key`` (its text and question phrases)."""
    out = [m.span() for k, rx in _phrase_res() if k == key for m in rx.finditer(text)]
    return out + [m.span() for k, rx in _asked_res() if k == key for m in rx.finditer(text)]


def resolve_metric(name: str) -> str | None:
    """A canonical key, display name or any synonym → canonical key (for `graph facts --metric`)."""
    low = name.strip().lower()
    if low in _BY_KEY:
        return low
    for m in METRICS:
        if low == m.name.lower():
            return m.key
    norm = normalise_label(name)
    if norm in _CONTEXT_ONLY:
        return _CONTEXT_ONLY[norm]
    if norm in _label_index():
        return _label_index()[norm]
    found = metrics_in_question(name)
    return found[0] if len(found) == 1 else None


def metric(key: str) -> Metric:
    return _BY_KEY[key]


#: Which primary statement reports each metric (for routing questions to statement tables).
STATEMENT_OF: dict[str, str] = {
    "revenue": "income", "cost_of_revenue": "income", "gross_profit": "income", "operating_income": "income",
    "net_income": "income", "net_income_attributable": "income", "net_income_nci": "income",
    "net_interest_income": "income", "provision_credit_losses": "income", "eps_basic": "income", "eps_diluted": "income", "rnd": "income", "sga": "income",
    "income_tax": "income", "pretax_income": "income", "interest_expense": "income",
    "total_assets": "balance", "total_liabilities": "balance", "equity": "balance", "cash": "balance",
    "short_term_debt": "balance", "long_term_debt": "balance", "inventory": "balance",
    "accounts_receivable": "balance", "accounts_payable": "balance", "current_assets": "balance",
    "current_liabilities": "balance", "goodwill": "balance", "ppe": "balance",
    "operating_cash_flow": "cashflow", "capex": "cashflow", "dividends": "cashflow", "share_repurchases": "cashflow",
    "depreciation": "cashflow", "investing_cash_flow": "cashflow", "financing_cash_flow": "cashflow",
    "deposits": "balance", "loans": "balance",
}

#: Analysts' composite concepts → the metrics they are computed from.
CONCEPTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # the seed's performance rule reads these three (answer/compose.py)
    (r"perform(?:ed|s|ing)? (?:well|strongly|poorly|badly)|do(?:ing)? well|(?:good|strong|bad|weak) (?:quarter|year)",
     ("revenue", "net_income", "eps_diluted")),
    (r"operating margin|operating profit margin", ("operating_income", "revenue")),
    (r"gross margin", ("gross_profit", "revenue")),
    (r"net (?:profit )?margin|profit margin", ("net_income", "revenue")),
    (r"ebitda", ("operating_income", "depreciation")),
    (r"free cash ?flow|fcf|cash conversion", ("operating_cash_flow", "capex")),
    (r"capital[- ]intensive|capital intensity", ("capex", "ppe", "revenue")),
    (r"(?:fixed )?asset turnover", ("revenue", "ppe", "total_assets")),
    (r"return on (?:total )?assets|\broa\b", ("net_income", "total_assets")),
    (r"return on (?:shareholders'? )?equity|\broe\b", ("net_income", "equity")),
    (r"quick ratio|current ratio|working capital|liquidity", ("current_assets", "current_liabilities", "cash")),
    (r"debt[- ]to[- ]equity|leverage|solvency", ("long_term_debt", "equity", "total_liabilities")),
    (r"interest coverage", ("operating_income", "interest_expense")),
    (r"inventory turnover|days inventory", ("inventory", "cost_of_revenue")),
    (r"days sales outstanding|\bdso\b|receivables? turnover", ("accounts_receivable", "revenue")),
    (r"payout ratio", ("dividends", "net_income")),
    (r"effective tax rate", ("income_tax",)),
    (r"cash from operations|operating cash flow ratio", ("operating_cash_flow", "current_liabilities")),
    # "operations, investing, and financing activities": the three sections of the cash flow statement
    ((r"(?:operati(?:ng|ons)|investing|financing)(?:,? (?:and |or )?(?:operati(?:ng|ons)|investing|financing)){2}"
      r" activities"), ("operating_cash_flow", "investing_cash_flow", "financing_cash_flow")),
)

_STATEMENT_PHRASES: tuple[tuple[str, str], ...] = (
    (r"balance sheets?|statements? of financial (?:position|condition)", "balance"),
    (r"cash flows? statements?|statements? of cash flows?", "cashflow"),
    (r"income statements?|statements? of (?:operations|income|earnings)|p&l|profit and loss", "income"),
)


def concept_metrics(text: str) -> list[str]:
    """Metrics implied by composite concepts in ``text`` ("operating margin" → operating income, revenue)."""
    out: list[str] = []
    for pattern, keys in CONCEPTS:
        if re.search(r"(?i)(?<![a-z])(?:" + pattern + r")s?(?![a-z])", text):
            out.extend(k for k in keys if k not in out)
    return out


def statements_in_text(text: str, metrics: list[str]) -> list[str]:
    """Primary statements a question points at: named explicitly, or implied by its metrics."""
    found = [st for pattern, st in _STATEMENT_PHRASES if re.search(r"(?i)" + pattern, text)]
    for m in metrics:
        st = STATEMENT_OF.get(m)
        if st and st not in found:
            found.append(st)
    return found


_STATEMENT_KIND = (
    (re.compile(r"balancesheets?|statements?offinancial(?:position|condition)|statementsofcondition"), "balance"),
    (re.compile(r"statements?of(?:consolidated)?cashflows?"), "cashflow"),
    (re.compile(r"statements?of(?:consolidated)?comprehensive(?:income|loss)"), "comprehensive"),
    (re.compile(r"statements?of(?:consolidated)?(?:operations|income|earnings)|incomestatements?"), "income"),
    (re.compile(r"statements?of(?:consolidated)?(?:shareholders|stockholders|changesin)"), "equity"),
)


def statement_kind(caption: str) -> str | None:
    """Which primary statement a table's caption/section names (letters only, so split words still match)."""
    squashed = re.sub(r"[^a-z]", "", caption.lower())
    if "notesto" in squashed and "statementsof" not in squashed[:60]:
        return None
    for rx, kind in _STATEMENT_KIND:
        if rx.search(squashed):
            return kind
    return None

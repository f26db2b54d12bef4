"""Reported facts from financial-statement tables (Markdown), deterministically, precision first.

A fact is (metric, value, scale, unit, period label, duration, as-of date) read from one row and one
column of a primary statement (operations/income, balance sheet, cash flows, comprehensive income).
Anything uncertain is not written: rows whose values do not line up with the period columns, labels
that are not exact lexicon synonyms, metrics appearing twice with different values in one table.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from datetime import date

from finchat.graph.lexicon import STATEMENT_OF, metric_for_label, normalise_label, statement_kind
from finchat.graph.periods import column_periods
from finchat.tables import (
    STATEMENT_TITLE,
    header_count,
    letters,
    parse_value,
    plain,
    split_row,
    units_scale,
)

#: Statements of part of the group (guarantor / obligor financial information, parent-company-only and
#: consolidating schedules) are not the company's figures.
_SUBSET = re.compile(r"(?i)\b(?:obligor|guarantor|cross guarantee|parent company|consolidating|closed group|"
                     r"condensed financial information of registrant)\b")
#: Cash-flow lines an analyst reads as positive amounts spent, though statements print them in parentheses:
#: "capital expenditure $1,577 million", not "−$1,577 million".
OUTFLOWS = frozenset({"capex", "dividends", "share_repurchases", "depreciation"})
#: Expense lines: positive costs. A row printed mostly in parentheses (a statement showing expenses as
#: deductions) is negated as a whole, so a tax benefit in such a row reads negative.
EXPENSES = frozenset({"cost_of_revenue", "sga", "rnd", "interest_expense", "income_tax"})
_UNITS = re.compile(r"(?i)\b(billions?|millions?|thousands?)\b")



@dataclass(frozen=True)
class Fact:
    metric: str
    value: float
    scale: str            # units | thousands | millions | billions
    unit: str             # USD | USD/share
    period_label: str     # as printed: "Three Months Ended July 1, 2023"
    duration: str | None  # 3M, 6M, 9M, 12M — None for point-in-time (balance sheet) values
    as_of: date | None
    row_label: str
    priority: int = 2     # label specificity; higher wins when tables disagree
    printed: str = ""     # the cell as printed, without "$": "0.309", "(2,980)", "81,797"

    @property
    def shown_value(self) -> str:
        """The value as an analyst reads it, with the printed precision: 81,797 or 0.309 or (265)."""
        s = printed_number(self.value, self.printed)
        return f"({s})" if self.value < 0 else s


def printed_number(value: float, printed: str = "") -> str:
    """|value| with thousands separators and the decimals it was printed with ("0.309" keeps three; with no
    printed string, none for a whole number, else two)."""
    decimals = len(printed.split(".")[1].rstrip(")")) if "." in printed else (0 if value == int(value) else 2)
    return f"{abs(value):,.{decimals}f}"


def split_table_text(text: str) -> tuple[list[str], list[list[str]]]:
    """(caption lines, table rows) of a table chunk's text; separator rows dropped."""
    caption, rows = [], []
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("|"):
            if re.fullmatch(r"\|?\s*:?-{3,}.*", s) and set(s) <= set("|-: "):
                continue
            rows.append(split_row(s))
        elif s and not rows:
            caption.append(plain(s))
    return caption, rows


def scale_of(units_text: str) -> str:
    m = _UNITS.search(units_text or "")
    if not m:
        return "units"
    word = m.group(1).lower()
    return word if word.endswith("s") else word + "s"


#: Rows searched for a units line inside the table ("| (In millions except per share data) | | |" under the
#: dates); the header rows may be fewer.
UNITS_ROWS = 4


def extract_facts(text: str, title_hint: str = "", fiscal_year_end: date | None = None,
                  filing_period: tuple[date, str, int] | None = None, units_hint: str | None = None) -> list[Fact]:
    """Facts from one table chunk's text (caption + units + Markdown table). Empty unless the table is a
    primary financial statement with dated columns. ``fiscal_year_end`` (an annual report's) dates columns
    headed by a year alone when nothing in the table says which day the year ends; ``filing_period`` (period
    end, fiscal quarter, fiscal year) dates quarter codes and a release's "Second quarter" year columns;
    ``units_hint`` ("millions" …) is the scale printed on the table's page outside the table, used when the
    table itself prints none."""
    caption, rows = split_table_text(text)
    if len(rows) < 3:
        return []
    corner = " ".join(r[0] for r in rows[:2] if r and r[0]).strip()
    # "Year Ended December 31_(Millions)_": emphasis underscores glue words to numbers
    head = re.sub(r"_+", " ", " ".join(caption) + " " + title_hint + " " + corner)
    if not STATEMENT_TITLE.search(letters(head)) or _SUBSET.search(head):
        return []
    nh = header_count(rows)
    corners = [r[0] for r in rows[:nh] if r and r[0]]
    units = next((c for c in [*caption, corner, *corners] if _UNITS.search(c)
                  and re.match(r"(?i)\(?\s*(unaudited[;,]?\s*)?(in |dollars|amounts|\$|millions|thousands|billions)", c)), "")
    # "… Statements of Income (In thousands, except per share data)", a header cell, "(Inmillions …" glued
    # by the text layer; else the units line printed above the table on its page (``units_hint``)
    # a units line the layout parser cut across cells ("(dollars in m" | "illions, …") reads joined back
    head_cells = [*caption, *(c for r in rows[:max(nh, UNITS_ROWS)] for c in r),
                  *("".join(r) for r in rows[:max(nh, UNITS_ROWS)])]
    scale = (scale_of(units) if units else
             next((s for c in head_cells if (s := units_scale(c))), None) or units_hint or "units")
    ncols = max(len(r) for r in rows)
    year_end = None
    if fiscal_year_end is not None:
        year_end = (fiscal_year_end, None if statement_kind(head) == "balance" else "12M")
    periods = column_periods(rows[:nh], ncols, head, year_end, filing_period)
    # "% of sales", "Percent change", "Increase (Decrease)" columns beside the periods are not values
    side = {j for j in range(1, ncols) if re.search(r"(?i)percent|%|change|increase|decrease|variance",
                                                     " ".join(r[j] for r in rows[:nh] if j < len(r)))
            and periods[j] is None}
    if year_end is not None and year_end[1] is not None:
        # an annual report's income or cash-flow columns headed by a date alone are its fiscal years
        periods = [p if p is None or p[1] is not None
                   else (f"Year ended {re.sub(r'(?i)^as of ', '', p[0])}", "12M", p[2]) for p in periods]
    period_cols = [j for j, p in enumerate(periods) if p is not None]
    if not period_cols:
        return []
    found: dict[tuple[str, str], Fact] = {}
    prio: dict[tuple[str, str], int] = {}
    conflicted: set[tuple[str, str]] = set()
    outer = inner = ""  # the headings above a row: "Earnings per share:" and, under it, "Diluted:"
    heading = False  # whether the previous row was a heading too (a heading wrapped onto two rows)
    body = rows[nh:]
    for i, row in enumerate(body):
        label = row[0] if row else ""
        cells = row[1:] + [""] * (ncols - len(row))
        if not label and outer and not inner and any(parse_value(c) is not None for c in cells):
            # an unlabelled row closing a block is its total: "Revenues" … (blank) 3,942,207; on a balance
            # sheet the blank row just above "Liabilities and equity" is total assets
            after = normalise_label(body[i + 1][0]) if i + 1 < len(body) and body[i + 1] else ""
            label = "Total assets" if after.startswith("liabilities") else f"Total {outer.rstrip(':')}"
        printed = [(j, c) for j, c in enumerate(cells, start=1)
                   if c and c != "$" and j not in side and not c.rstrip().endswith("%")]
        if label and not printed:
            if _QUALIFIER.match(normalise_label(label)):
                inner = label
            else:
                outer, inner = (f"{outer} {label}" if heading and not inner else label), ""
            heading = True
            continue
        heading = False
        if _NON_GAAP.search(outer + " " + inner + " " + label):
            continue  # "Adjusted net earnings" and the lines under it are not the reported figures
        match = label_metric(label, outer, inner)
        if match is None:
            continue
        key, priority = match
        aligned = _align(printed, period_cols)
        if aligned is None:
            continue
        shown = dict(aligned)
        mapped = [(j, parse_value(c)) for j, c in aligned]
        if _FLOW_STATEMENT.get(key) and all(periods[j] is None or periods[j][1] is None for j, _ in mapped):  # type: ignore[index]
            continue  # a flow (revenue, cash from operations) is over a period: undated durations are not read
        per_share = key.startswith("eps") or "per share" in label.lower()
        if per_share and any(v is not None and abs(v) >= 10_000 for _, v in mapped):
            continue  # a share count or an amount under a per-share heading, not a per-share figure
        signs = [v for _, v in mapped if v]
        # "Income tax benefit (provision)": a benefit is printed positive, the expense in parentheses
        named = re.search(r"(?i)\b(benefit|provision|expense)", re.sub(r"\([^)]*\)", " ", label))
        flip = key in EXPENSES and (sum(v < 0 for v in signs) > sum(v > 0 for v in signs)
                                    or (key == "income_tax" and named is not None and named.group(1).lower() == "benefit"))
        for j, v in mapped:
            if v is None:
                continue
            if key in OUTFLOWS:
                v = abs(v)  # an outflow is a positive amount spent, however the statement prints it
            elif flip:
                v = -v  # a statement printing expenses in parentheses: (106) is an expense of 106
            plabel, duration, as_of = periods[j]  # type: ignore[misc]
            fact = Fact(key, v, "units" if per_share else scale, "USD/share" if per_share else "USD",
                        plabel, duration, as_of, label, priority, shown.get(j, "").replace("$", "").replace(" ", ""))
            k = (key, plabel)
            if k not in found or priority > prio[k]:
                found[k], prio[k] = fact, priority
                conflicted.discard(k)
            elif priority == prio[k] and found[k].value != v:
                conflicted.add(k)
    out = [f for k, f in found.items() if k not in conflicted]
    have = {(f.metric, f.period_label) for f in out}
    if not any(f.metric == "net_income_nci" for f in out):
        # no non-controlling interests: the income attributable to the company is the net income too
        out += [dataclasses.replace(f, metric="net_income", priority=1) for f in out
                if f.metric == "net_income_attributable" and ("net_income", f.period_label) not in have]
    return out


_FLOW_STATEMENT = {k: v in ("income", "cashflow") for k, v in STATEMENT_OF.items()}
_NON_GAAP = re.compile(r"(?i)\badjusted\b|non[- ]gaap|pro forma|excluding special items")
#: Label-only rows that qualify the heading above them rather than replace it ("Basic", "Diluted:").
_QUALIFIER = re.compile(r"^(basic|diluted|assuming dilution|continuing operations|total company)$")
_NET = r"(?i)^(?:less:? )?(?:consolidated )?net (?:income|earnings|loss|income \(loss\)|earnings \(loss\)|\(loss\) income|\(income\) loss|income/\(loss\))"
_ATTRIBUTABLE = re.compile(_NET + r"(?: \(loss\))?,? (?:attributable|applicable|available) to (?!.*(?:non[- ]?controlling|redeemable))")
_NCI = re.compile(_NET + r"(?: \(loss\))? attributable to (?:redeemable )?(?:and )?non[- ]?controlling interests?$")
_INCLUDING_NCI = re.compile(_NET + r".*(?:including .*non[- ]?controlling|before allocation to non[- ]?controlling)")
_PER_SHARE = re.compile(r"per (common |ordinary |basic |diluted )?shares?\b|\beps\b")
_EARNINGS_LINE = re.compile(r"^(basic|diluted|total|net|earnings|income|loss|continuing operations)\b|"
                            r"earnings|income|\bloss\b|per share")


def label_metric(label: str, outer: str = "", inner: str = "") -> tuple[str, int] | None:
    """(metric, priority) of a row label under its headings (``outer`` "Earnings per share:", ``inner``
    "Diluted"): exact lexicon synonyms (2); per-share lines — "Diluted", "Diluted earnings/(loss)" under a
    per-share heading, "Diluted loss per share" — (3, or 1 for continuing operations, which a total
    outranks; discontinued operations are skipped); net income attributable to the company (3, as
    ``net_income_attributable``) and to non-controlling interests (``net_income_nci``)."""
    low = normalise_label(label)
    heads = normalise_label(outer + " " + inner)
    if re.search(r"\bshares\b", _PER_SHARE.sub(" ", heads)) and not _PER_SHARE.search(low):
        return None  # under "Weighted-average shares outstanding:" a "Diluted" row is a share count
    if _PER_SHARE.search(heads + " " + low) and not re.search(r"\b(weighted|shares used|dividends?|book value|cash flow)\b", low):
        which = next((w for text in (label.lower(), inner.lower(), outer.lower())
                      for w in ("diluted", "basic") if re.search(rf"\b{w}\b|assuming dilution", text)
                      and (w == "diluted" or "dilution" not in text)), None)
        if which and _EARNINGS_LINE.search(low) and "discontinued" not in low:
            return f"eps_{which}", 1 if "continuing operations" in low else 3
        if "discontinued" in low or which:
            return None
    if _NCI.search(label):
        return "net_income_nci", 2
    if _ATTRIBUTABLE.search(label) and "per" not in low.split():
        return "net_income_attributable", 3
    if _INCLUDING_NCI.search(label):
        return "net_income", 3
    key = metric_for_label(label, outer + " " + inner)
    if key is None:
        return None
    return key, 3 if low.startswith("total ") else 2  # "Total revenues" outranks "Net sales" above it


def _align(values: list[tuple[int, str]], period_cols: list[int]) -> list[tuple[int, str]] | None:
    """Map a row's non-empty cells onto the period columns. A real statement row fills every period
    column (a dash counts), so the counts must agree; then cells map by position when they sit in those
    columns, else in order (the parser shifted them). Otherwise None: the row is skipped."""
    if len(values) != len(period_cols):
        return None
    if [j for j, _ in values] == period_cols:
        return values
    return list(zip(period_cols, [v for _, v in values], strict=True))

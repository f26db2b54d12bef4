"""Derived figures analysts ask for, computed from statement facts, with their inputs kept.

Each definition names the question words that ask for it, the metrics it needs, and how it is computed.
Inputs must be of one period: flows (income, cash flow) share their duration and end date; a balance-sheet
input is taken at the flow's end date. Signs follow the statements: a cost or an outflow printed in
parentheses is used by its size (capital expenditure, dividends paid).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass


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


def _ratio(a: float, b: float) -> float | None:
    return None if b == 0 else a / b


DEFINITIONS: tuple[Definition, ...] = (
    Definition("gross_margin", "Gross margin", r"gross (?:profit )?margin", ("gross_profit", "revenue"), "%",
               "gross profit ÷ revenue", lambda v: _ratio(v[0], v[1])),
    Definition("operating_margin", "Operating margin", r"operating (?:profit )?margin",
               ("operating_income", "revenue"), "%", "operating income ÷ revenue", lambda v: _ratio(v[0], v[1])),
    Definition("net_margin", "Net margin", r"net (?:profit )?margin|profit margin", ("net_income", "revenue"), "%",
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
    Definition("debt_to_equity", "Debt to equity", r"debt[- ]to[- ]equity|leverage ratio|gearing",
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
    Definition("ebitda", "EBITDA (unadjusted)", r"(?:unadjusted )?ebitda(?! (?:% )?margin)", ("operating_income", "depreciation"),
               "USD", "operating income + depreciation and amortization", lambda v: v[0] + abs(v[1])),
    Definition("ebitda_margin", "EBITDA margin", r"ebitda (?:% )?margin", ("operating_income", "depreciation", "revenue"),
               "%", "(operating income + depreciation and amortization) ÷ revenue",
               lambda v: _ratio(v[0] + abs(v[1]), v[2])),
    Definition("retention_ratio", "Retention ratio", r"retention ratio|plowback", ("dividends", "net_income"), "x",
               "(net income − dividends paid) ÷ net income", lambda v: _ratio(v[1] - abs(v[0]), v[1])),
    Definition("dso", "Days sales outstanding", r"days sales outstanding|\bdso\b", ("accounts_receivable", "revenue"),
               "days", "365 × accounts receivable ÷ revenue", lambda v: _ratio(365 * v[0], v[1])),
    Definition("inventory_turnover", "Inventory turnover", r"inventory turnover", ("cost_of_revenue", "inventory"), "x",
               "cost of revenue ÷ inventories", lambda v: _ratio(abs(v[0]), v[1])),
    Definition("interest_coverage", "Interest coverage", r"interest coverage",
               ("operating_income", "interest_expense"), "x", "operating income ÷ interest expense",
               lambda v: _ratio(v[0], abs(v[1]))),
)


def asked(question: str) -> list[Definition]:
    """The derived figures a question asks for, in the order of the definitions."""
    return [d for d in DEFINITIONS if re.search(r"(?i)(?<![a-z])(?:" + d.pattern + r")s?(?![a-z])", question)]


def needed_metrics(question: str) -> list[str]:
    """Every metric the derived figures of ``question`` need."""
    out: list[str] = []
    for d in asked(question):
        out.extend(m for m in d.inputs if m not in out)
    return out

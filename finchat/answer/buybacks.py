"""The quarter's buybacks from a filing's issuer-repurchase table ("Item 2. … Purchases of Equity Securities").

Every 10-Q and 10-K prints, month by month and in total, the shares repurchased, their average price and
the dollars spent; PDF text layers scramble its header, so the columns are told apart by their arithmetic,
not their names: in a row, the amount spent is the count of shares times the average price (to 1 %), in
dollars, thousands, millions or billions. The total row ("Total", "First quarter", "Three months ended …")
is the quarter's figure; without one, the months' amounts are added. Cash-flow statements print a 10-Q's
buybacks only for the year to date, so this table is where the quarter's own figure is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import psycopg

from finchat.answer.quote import plain_text

#: A row of the table: its label, then its figures ("First quarter 18,106,991 $ 138.04 $ 2,500 $ 9,052").
_ROW = re.compile(r"(?P<label>[A-Za-z][A-Za-z .,/&()'-]{1,60}?)\s+(?P<nums>(?:[$(]?\s*\d[\d,]*(?:\.\d+)?\)?\s*){3,8})")
#: Labels of the table's total row.
_TOTAL = re.compile(r"(?i)\b(?:total|quarter|three months|thirteen weeks)\b")
_TO_DATE = re.compile(r"(?i)year[- ]to[- ]date|\b(?:six|nine|twelve) months\b")
_ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth"}
_MONTH = re.compile(r"(?i)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\bperiod\s+\d\b|\bmonth\s+\d\b")
#: How close shares × average price must come to the amount printed (average prices are rounded).
TOLERANCE = 0.01
_SCALES = ((1.0, "units"), (1e3, "thousands"), (1e6, "millions"), (1e9, "billions"))


@dataclass(frozen=True)
class Repurchase:
    label: str
    shares: float
    price: float
    amount: float  # as printed, in ``scale``
    printed: str
    scale: str

    def dollars(self) -> float:
        return self.amount * dict((s, m) for m, s in _SCALES)[self.scale]


def _numbers(text: str) -> list[tuple[float, str]]:
    out = []
    for tok in re.findall(r"\(?\d[\d,]*(?:\.\d+)?\)?", text):
        try:
            out.append((float(tok.strip("()").replace(",", "")), tok))
        except ValueError:
            continue
    return out


def repurchase_row(label: str, figures: str) -> Repurchase | None:
    """A row whose figures hold shares, an average price and the amount they make ("18,106,991 $ 138.04
    $ 2,500" in millions); None when no three of its figures multiply out."""
    nums = _numbers(figures)
    for i, (shares, _) in enumerate(nums):
        if shares < 100 or shares != int(shares):
            continue
        for j, (price, ptok) in enumerate(nums):
            if j == i or "." not in ptok or not 0 < price < 100_000:
                continue
            spent = shares * price
            for k, (amount, atok) in enumerate(nums):
                if k in (i, j) or amount <= 0:
                    continue
                for mult, scale in _SCALES:
                    if abs(amount * mult - spent) <= TOLERANCE * spent:
                        return Repurchase(label.strip(), shares, price, amount, atok, scale)
    return None


def repurchase_total(text: str, quarter: int | None = None) -> tuple[Repurchase, list[Repurchase]] | None:
    """The quarter's repurchase from a repurchase table's text: its total row — the one naming fiscal
    ``quarter`` (1–4) when the table prints every quarter of the year so far — else the sum of its month
    rows (as a Repurchase labelled "Total"); with the rows it came from. None when the text holds no rows
    that multiply out."""
    rows = [r for m in _ROW.finditer(text) if (r := repurchase_row(m.group("label"), m.group("nums")))]
    if not rows:
        return None
    totals = [r for r in rows if _TOTAL.search(r.label) and not _TO_DATE.search(r.label)]
    named = [r for r in totals if quarter and re.search(rf"(?i)\b{_ORDINAL[quarter]}\s+quarter\b", r.label)]
    if named or totals:  # the filing's own quarter ("Third quarter"), else the last total before the year to date
        return (named or totals)[-1], rows
    months = [r for r in rows if _MONTH.search(r.label)]
    if len(months) >= 2 and len({r.scale for r in months}) == 1:
        shares = sum(r.shares for r in months)
        amount = sum(r.amount for r in months)
        price = sum(r.shares * r.price for r in months) / shares
        return Repurchase("Total", shares, round(price, 2), amount, f"{amount:,.0f}", months[0].scale), months
    return None


#: Passages of one filing searched for its repurchase table.
TABLE_PASSAGES = 12


def quarter_repurchases(conn: psycopg.Connection, document: str) -> tuple[Repurchase, Any, str] | None:
    """(the quarter's repurchase, the chunk row (id, page, printed page), the words naming its period) from
    ``document``'s repurchase table; None when it has none that multiplies out."""
    got_quarter = conn.execute("SELECT fiscal_quarter FROM documents WHERE name = %s", (document,)).fetchone()
    quarter = int(got_quarter[0][1]) if got_quarter and re.fullmatch(r"Q[1-4]", str(got_quarter[0])) else None
    # the passages speaking of repurchased shares, and the chunk after each (a table under its introduction)
    rows = conn.execute(
        "SELECT c.id, c.page_start, p.label, c.text FROM chunks c JOIN documents d ON d.id = c.document_id"
        " LEFT JOIN printed_pages p ON p.document_id = c.document_id AND p.page = c.page_start"
        " WHERE d.name = %s AND c.id IN (SELECT x.id + k FROM chunks x JOIN documents y ON y.id = x.document_id,"
        " (VALUES (0), (1)) AS n(k) WHERE y.name = %s AND x.tsv @@ to_tsquery('english', 'repurchas:* & (share | stock)'))"
        " ORDER BY c.page_start DESC, c.id LIMIT %s", (document, document, TABLE_PASSAGES)).fetchall()
    for cid, page, printed, text in rows:
        plain = re.sub(r"<sup>[^<]*</sup>", " ", plain_text(text))
        plain = re.sub(r"[*|]|-{3,}", " ", plain)  # bold marks, a Markdown table's cell rules
        got = repurchase_total(plain, quarter)
        if got is not None:
            when = re.search(r"(?i)(?:three|thirteen)\s+(?:months|weeks)\s+ended\s+[A-Z][a-z]+\.?\s+\d{1,2},\s+\d{4}", plain)
            return got[0], (cid, page, printed), when.group(0) if when else ""
    return None


_SCALE_WORDS = {"units": "", "thousands": " thousand", "millions": " million", "billions": " billion"}


def buyback_answer(conn: psycopg.Connection, document: str, name: str) -> tuple[str, str, str] | None:
    """(answer line, the period's words, the page cited) for the quarter's buybacks in ``document``'s
    repurchase table; None when it has none that multiplies out."""
    got = quarter_repurchases(conn, document)
    if got is None:
        return None
    r, (_, page, printed), when = got
    cite = f"[{document} p.{page}{f', printed {printed}' if printed and str(printed) != str(page) else ''}]"
    label = re.sub(r"^(?:\W*\(?[a-z]\)\s*)+", "", r.label)  # a footnote mark before it ("(c) Second quarter")
    said = when or label
    period = f"the {said[:1].lower()}{said[1:]}"
    line = (f"{name} repurchased {r.shares:,.0f} shares for ${r.printed}{_SCALE_WORDS[r.scale]} in {period}"
            f" (average price ${r.price:,.2f}) {cite} — the repurchase table's “{label}” row; shares × average"
            f" price = ${r.shares * r.price / 1e6:,.0f} million.")
    return line, period, cite


__all__ = ["Repurchase", "buyback_answer", "quarter_repurchases", "repurchase_row", "repurchase_total"]

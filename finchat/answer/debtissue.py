"""A debt issue asked by its name — its rate and when it falls due ("How much of CVS's 4.3% senior notes due March
2028 were outstanding", "What effective rate did … 5.50% Notes due 2024 carry"): the figure the filing's table of
borrowings prints on that issue's row for the year asked — its carrying amount, or the effective rate printed beside
it — cited to its page. The row is read from the passage's text (a table the PDF's text layer ran into one line,
or a markdown table's row), so a table no cell reader took still answers."""

from __future__ import annotations

import re
from typing import Any

import psycopg

from finchat.answer.coupon import DUE
from finchat.answer.labelled import cell_scale
from finchat.answer.passages import _SELECT, _hits, nearby_texts
from finchat.answer.quote import flat_text
from finchat.tables import parse_value, units_scale

#: The issue asked: "5.50% Notes due 2024", "4.3% senior notes due March 2028", "6.75% senior notes, due 2025".
_ISSUE = re.compile(rf"(?i)(?<![\d.])(?P<rate>\d{{1,2}}(?:\.\d{{1,4}})?)\s?%\s+(?:[A-Za-z.&'’-]+\s+){{0,5}}?"
                    rf"(?:notes|debentures|bonds)\s*,?\s+{DUE}(?P<year>(?:19|20)\d\d)\b")
#: Its effective rate asked, which a table of borrowings may print beside each amount.
_EFFECTIVE = re.compile(r"(?i)\beffective\s+(?:interest\s+)?rates?\b")
#: Its amount asked: outstanding, carried, its balance or principal.
_AMOUNT = re.compile(r"(?i)\bhow\s+much\b|\boutstanding\b|\bcarr(?:y|ied|ying)\b|\bbalance\b|\bprincipal\b|\bamount\b")
#: A figure of a row: an amount, a rate, a dash for none; a footnote mark "(2)" is none of them.
_FIGURE = re.compile(r"\$?\(?\d[\d,]*(?:\.\d+)?\)?%?|[—–-]")
#: Passages back from a row's own searched for its table's units phrase.
HEADER_REACH = 4
#: A rate a table prints beside an amount is below this (a percentage), an amount's figure rarely is a decimal.
RATE_CEILING = 25.0


def _rate_pattern(rate: str) -> str:
    """The question's rate as the filing may print it: "5.50" as "5.5", "5.50", "5.500"; "6" as "6" or "6.00"."""
    whole, _, frac = rate.partition(".")
    frac = frac.rstrip("0")
    return rf"(?<![\d.]){re.escape(whole)}(?:\.{frac}0*)" if frac else rf"(?<![\d.]){re.escape(whole)}(?:\.0+)?"


def _value(token: str) -> float | None:
    """A row's figure as a number, a rate's "%" aside; None for a dash."""
    return parse_value(token.replace("%", ""))


def _figures(tail: str) -> list[str]:
    """The figures a row prints after its label, footnote marks ("600 (2) 6.75") and "%" signs apart left out."""
    out: list[str] = []
    for token in tail.split():
        if token == "%":
            if out:
                out[-1] += "%"
            continue
        if re.fullmatch(r"\(\d\)", token):
            continue  # a footnote mark
        if not _FIGURE.fullmatch(token):
            if out and re.fullmatch(r"\d[\d.]*%", out[-1]):
                out.pop()  # "… 2.47 2.95% Notes due 2027": the next row's name, its rate printed with it
            break
        if token != "$":
            out.append(token)
    return out


def issue_answer(conn: psycopg.Connection, question: str, hits: list[Any], company: str | None) -> tuple[str, Any] | None:
    """(answer line, the passage) for a debt issue's carrying amount or effective rate asked by its name (module
    docstring), from the first of ``hits``' filings of ``company`` whose table of borrowings prints the issue's
    row; None when the question names no issue, asks neither figure, or no filing prints the row with figures."""
    asked = _ISSUE.search(question)
    if asked is None:
        return None
    effective = bool(_EFFECTIVE.search(question))
    if not effective and (not _AMOUNT.search(question) or re.search(r"(?i)\b(?:coupon|interest\s+rate)\b", question)):
        return None
    year = asked.group("year")
    row = re.compile(rf"(?i){_rate_pattern(asked.group('rate'))}\s?%\s+[^%$|]{{0,80}}?(?:notes|debentures|bonds)\s*,?\s+"
                     rf"{DUE}{year}\b(?P<aside>(?:\s*/?\s*\([^)]*\))*)")
    other_years = [int(y) for y in re.findall(r"\b(?:19|20)\d\d\b", question[:asked.start()] + question[asked.end():])]
    for doc in dict.fromkeys(h.document for h in hits if company is None or h.company == company):
        info = conn.execute("SELECT id, fiscal_year FROM documents WHERE name = %s", (doc,)).fetchone()
        if info is None:
            continue
        rows = conn.execute(f"{_SELECT} WHERE d.name = %s AND c.text ~* %s ORDER BY c.page_start, c.id",
                            (doc, rf"{asked.group('rate').rstrip('0').rstrip('.')}[0-9]*\s?%")).fetchall()
        prior = bool(other_years) and _fiscal_before(other_years, info[1])
        when = f", fiscal {info[1] - 1 if prior else info[1]}" if info[1] else ""
        for hit in _hits(rows, "debt"):
            # (a row the chunker cut, its figures in the next passage: read with it)
            text = flat_text(" ".join([hit.text, *nearby_texts(conn, hit.chunk_id, 1, after=True)]))
            for m in row.finditer(text):
                got = _pick(_figures(text[m.end():]), effective, prior)
                if got is None:
                    continue
                label = re.sub(r"\s+", " ", text[m.start():m.start("aside")]).strip(" ,")
                if effective:
                    return (f"{got}% [{hit.citation()}] — the effective rate the table of borrowings prints on the row "
                            f"“{label}”{when}."), hit
                scale = _scale(conn, hit.chunk_id, text[:m.start()], hit.section, got)
                amount = f"${got.replace('$', '')}" + (f" {scale[:-1]}" if scale else "")
                return (f"{amount} [{hit.citation()}] — the carrying amount the table of borrowings prints on the row "
                        f"“{label}”{when}."), hit
    return None


def _fiscal_before(years: list[int], fiscal_year: int | None) -> bool:
    """Do the question's ``years`` ask the year before the filing's ``fiscal_year`` (its prior-year column)?"""
    return fiscal_year is not None and all(y == fiscal_year - 1 for y in years)


def _pick(figures: list[str], effective: bool, prior: bool) -> str | None:
    """The figure asked of a row's ``figures``: (amount, rate) pairs per year when every second figure is a rate,
    else one amount per year, this year's first; the ``prior`` year's when asked. None when the row prints no such
    figure (a rate asked of a table printing none)."""
    values = [_value(f) for f in figures]
    pairs = len(figures) >= 2 and len(figures) % 2 == 0 and all(
        v is not None and "." in f and abs(v) < RATE_CEILING for f, v in zip(figures[1::2], values[1::2], strict=True))
    if effective:
        if not pairs:
            return None
        rates = figures[1::2]
        pick = rates[1] if prior and len(rates) > 1 else rates[0]
        return pick.rstrip("%")
    amounts = figures[0::2] if pairs else figures
    if not amounts:
        return None
    amount = amounts[1] if prior and len(amounts) > 1 else amounts[0]
    return amount if _value(amount) is not None else None


def _scale(conn: psycopg.Connection, chunk_id: int, before: str, section: str, figure: str) -> str:
    """The scale ("millions") of the table ``figure`` was read from: its cell's, as the table reader read it, else
    its units phrase before the row, in its section's heading, or in the passages just before; "" when none
    prints one."""
    value = _value(figure)
    found = (cell_scale(conn, chunk_id, value) if value is not None else None) or units_scale(before) \
        or units_scale(section)
    if found:
        return found
    return next((found for text in nearby_texts(conn, chunk_id, HEADER_REACH) if (found := units_scale(text))), "")


__all__ = ["issue_answer"]

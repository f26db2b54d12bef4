"""A figure of an equity award roll-forward asked by its act — "At what weighted-average exercise price did Coca-Cola
grant stock options in 2017?", "How many restricted stock units did Adobe award in the first half of fiscal 2023?":
the row of that act ("Granted 9 40.89", "Awarded 4.3 $ 360.17") in the activity table of the instrument asked ("Stock
option activity for all plans for the year ended December 31, 2017, was as follows:"), its count (first, in the scale
its "Shares (In millions)" header prints) or its price per share (the figure with cents after it), cited to its page.
The rows are read from the passage's text, as the PDF's text layer ran the table into one line, so a table whose
header no cell reader could place still answers."""

from __future__ import annotations

import re
from typing import Any

import psycopg

from finchat.answer.passages import _SELECT, _hits, nearby_texts
from finchat.answer.quote import flat_text
from finchat.tables import units_scale

#: The instrument asked, and what its activity table's introduction calls it.
_INSTRUMENTS = (
    (re.compile(r"(?i)\brestricted\s+stock\s+units?\b|\bRSUs?\b"), re.compile(r"(?i)restricted\s+stock\s+units?|RSUs?")),
    (re.compile(r"(?i)\bperformance\s+(?:share\s+units?|shares?|stock\s+units?)\b|\bPSUs?\b"),
     re.compile(r"(?i)performance\s+(?:share|stock)|PSUs?")),
    (re.compile(r"(?i)\b(?:stock\s+)?options?\b"), re.compile(r"(?i)\boptions?\b")),
)
#: The rows of a balance outstanding: "Ending outstanding balance", "Restricted stock units outstanding", "Outstanding on
#: December 31, 2017" — of them the one of the date asked, else the last (the closing one).
_OUTSTANDING_ROWS = (r"(?:Ending\s+)?[Oo]utstanding\s+balance|(?:Restricted\s+stock\s+units|[Ss]tock\s+options|Options|"
                     r"Units)\s+outstanding|Outstanding(?:\s+(?:at|on|as\s+of)\s+[A-Z][a-z]+\.?\s+\d{1,2},?\s+\d{4})?")
#: The act asked, as a verb or noun of the question, and the rows that print it.
_ACTS = (
    (re.compile(r"(?i)\bgrant(?:s|ed|ing)?\b(?![- ]date)"), r"Granted|Awarded|Grants"),  # (a "grant-date" value is no act)
    (re.compile(r"(?i)\baward(?:s|ed|ing)?\b"), r"Awarded|Granted"),
    (re.compile(r"(?i)\bexercis(?:e|es|ed|ing)\b(?!\s+prices?\b)"), r"Exercised"),  # (an "exercise price" is no act)
    (re.compile(r"(?i)\bvest(?:s|ed|ing)?\b"), r"Vested|Released"),
    (re.compile(r"(?i)\breleas(?:e|es|ed|ing)\b"), r"Released|Vested"),
    (re.compile(r"(?i)\bforfeit(?:s|ed|ing|ures?)?\b"), r"Forfeited(?:\s*/\s*(?:expired|canceled|cancelled))?"),
    # (a balance, last: "How many restricted stock units did Adobe have outstanding at December 2, 2016?")
    (re.compile(r"(?i)\boutstanding\b"), _OUTSTANDING_ROWS),
)
#: A price per share asked (never a total fair value: "the total fair value of units vested" is an amount).
_PRICE = re.compile(r"(?i)\bweighted[- ]average\s+(?:exercise\s+price|grant[- ]date\s+fair\s+value|fair\s+value)|"
                    r"\bexercise\s+price\b|\bprice\s+per\s+share\b|\bper[- ]share\s+(?:fair\s+value|price)\b")
#: A count asked.
_COUNT = re.compile(r"(?i)^\s*how\s+many\b|\bnumber\s+of\b")
#: The activity table's introduction: "Stock option activity … was as follows:", "… activity … is summarized below",
#: "… a summary of the status of the Company's non-vested … units … and changes which occurred during the year …:".
_ACTIVITY = re.compile(r"(?i)[^.:]*\b(?:activity|summary\s+of\s+(?:the\s+)?(?:status|changes)|changes\s+"
                       r"(?:which|that)\s+occurred|is\s+summarized\s+below)\b[^.:]*[.:]")
#: Characters of the passage (and the one before) searched back from a row for its table's introduction.
INTRO_REACH = 900
#: Characters before a balance's row label searched for the year of its section ("2016 Restricted stock units …").
YEAR_BEFORE = 12
#: The closing balance of an act's section of the table, and the year it closes: "Outstanding as of December 31,
#: 2018", "Balance at May 31, 2019".
_CLOSING = re.compile(r"(?i)\b(?:outstanding|balance)\b[^\d]{0,30}?(?:[a-z]+\.?\s+\d{1,2},?\s+)?(?P<year>(?:19|20)\d\d)\b")
#: Characters after an act's row searched for its section's closing balance.
SECTION_REACH = 300
#: Digits of a count printed in full, never scaled ("2,358,000" options).
FULL_COUNT_DIGITS = 7


def activity_answer(conn: psycopg.Connection, question: str, hits: list[Any], company: str | None) -> tuple[str, Any] | None:
    """(answer line, the passage) for a count or a price per share of an act on an equity award (module docstring),
    from the first filing of ``company`` among ``hits`` whose activity table of the instrument prints the act's row;
    None when the question asks no such figure or no such table prints it."""
    price = bool(_PRICE.search(question))
    if not price and not _COUNT.search(question):
        return None
    instrument = next((named for asked, named in _INSTRUMENTS if asked.search(question)), None)
    rows = next((printed for asked, printed in _ACTS if asked.search(question)), None)
    balance = rows == _OUTSTANDING_ROWS
    if instrument is None or rows is None:
        return None
    # (a footnote's mark after the label: "(1)", "<sup>1</sup>")
    # (an act's row may name the instrument first, "Units granted 5.0 1,522"; a count's row prints a price after
    # it, in cents or, when the count is asked, whole dollars)
    label = rows if balance else rf"(?:(?:Units|Shares|Options|Awards)\s+)?(?i:{rows})"
    cents = r"\.\d{2}" if price else r"(?:\.\d{2})?"
    row = re.compile(rf"(?<![\w/])(?P<label>{label})(?:\s*(?:\(\d\)|<sup>[^<]*</sup>))?\s+(?P<count>\(?\d[\d,]*(?:\.\d+)?\)?)\s+"
                     rf"\$?\s*(?P<price>\d[\d,]*{cents})(?![\d%.,])")
    years = re.findall(r"\b(?:19|20)\d\d\b", question)
    docs = list(dict.fromkeys(h.document for h in hits if company is None or h.company == company))[:2]
    for doc in docs:
        passages = conn.execute(f"{_SELECT} WHERE d.name = %s AND c.text {'~' if balance else '~*'} %s "
                                "ORDER BY c.page_start, c.id", (doc, rf"\m({rows})\M")).fetchall()
        found = []
        for hit in _hits(passages, "activity"):
            text = flat_text(hit.text)
            earlier: str | None = None  # (the passages before, read once for all this passage's rows)
            for m in row.finditer(text):
                before = text[max(0, m.start() - INTRO_REACH):m.start()]
                said = _ACTIVITY.findall(before)
                if not said:  # (the introduction and header end the passages before: the table goes on here)
                    # (the header may be a passage of its own, the introduction the one before it)
                    # (each passage its own: no sentence runs from one into the next)
                    if earlier is None:
                        earlier = ". ".join(flat_text(t) for t in reversed(nearby_texts(conn, hit.chunk_id, 2)))
                        earlier = earlier[-INTRO_REACH:]
                    said, before = _ACTIVITY.findall(earlier), f"{earlier} {before}"
                if not said or not instrument.search(said[-1]):
                    continue  # another instrument's table, or no activity table
                # (the year of the row's section: its introduction's, or the closing balance after it, "Units
                # granted 5.0 … Outstanding as of December 31, 2018")
                closing = None if balance else _CLOSING.search(text, m.end(), m.end() + SECTION_REACH)
                dated = not years or any(y in said[-1] for y in years) or bool(closing and closing.group("year") in years)
                found.append((not dated, m, said[-1].strip(), before, hit))
        if not found:
            continue
        # (the row of a table introduced for the year asked; of a balance's rows, _balance_rank's)
        ranked = _balance_rank(found, years) if balance else [(f[0],) for f in found]
        _, m, intro, before, hit = min(zip(ranked, found, strict=True), key=lambda rf: rf[0])[1]
        if price:
            figure = f"${m.group('price')}"
        else:
            # (the count's scale: its column's "Shares (In millions)", "Number of Shares (in thousands)")
            # (else the first units phrase under the introduction: the first column's, where the parser lost its name)
            head = re.findall(r"(?i)(?:shares|units|number)[^$\d]{0,30}?\((?:in\s+)?(millions|thousands)\)", before)
            under = before[before.rfind(intro[-40:]) + len(intro[-40:]):] if intro[-40:] in before else before
            # (or the introduction's own: "… restricted stock unit activity (in millions):")
            scale = head[-1].lower() if head else units_scale(under) or units_scale(intro) or None
            # (a count printed in full, "2,358,000", is in units whatever the other columns' scale)
            scale = None if len(re.sub(r"\D", "", m.group("count"))) >= FULL_COUNT_DIGITS else scale
            figure = m.group("count").strip("()") + (f" {scale[:-1]}" if scale else "")
        what = "price per share" if price else "count"
        return (f"{figure} [{hit.citation()}] — the {what} on the row “{m.group('label')}” of the table “{intro}”."), hit
    return None


def _balance_rank(found: list[Any], years: list[str]) -> list[tuple[Any, ...]]:
    """Sort keys of a balance's rows (``found``: (undated, match, introduction, text before, passage)), least first:
    the row of the year asked — its label's own date ("Outstanding on December 31, 2017"), the year heading it ("2016
    Restricted stock units outstanding"), or, where the parser lost those, its place in the order the introduction
    lists the dates ("… outstanding at December 2, 2016, November 27, 2015 and November 28, 2014 is summarized below"
    over three rows) — else the table's last row, its closing balance."""
    out = []
    for undated, m, intro, _, hit in found:
        own = m.string[max(0, m.start() - YEAR_BEFORE):m.start("count")]
        on_row = any(y in own for y in years)
        siblings = [f[1].start() for f in found if f[4] is hit and f[2] == intro]
        listed = list(dict.fromkeys(re.findall(r"\b(?:19|20)\d\d\b", intro)))
        placed = bool(years) and len(listed) == len(siblings) and years[0] in listed \
            and siblings.index(m.start()) == listed.index(years[0])
        # (the last in reading order: passages in page order, then the row's place in its passage)
        out.append((undated, not (on_row or placed), -hit.page_start, -hit.chunk_id, -m.start()))
    return out


__all__ = ["activity_answer"]

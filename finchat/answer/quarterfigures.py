"""A quarter's own figure where a quarterly report's statements print only the year to date (its cash-flow statement:
six months of buybacks): a table's three-month column, the issuer-repurchase table (answer/buybacks.py), or a sentence
stating it — and never the quarter's table for a year to date asked ("the first half", "nine months")."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import psycopg

from finchat.answer.buybacks import buyback_answer
from finchat.answer.cells import answer_from_cells
from finchat.answer.qualified import stated
from finchat.answer.result import Answer, question_filing, with_subject
from finchat.answer.subject import Subject
from finchat.graph.lexicon import metric as metric_def

#: A year to date a quarterly report closes, asked ("the first half", "nine months").
_TO_DATE = r"\b(?:six|nine|6|9)[- ]months?\b|year[- ]to[- ]date|\bytd\b|\bfirst (?:half|nine)\b|\bh1\b"
_TO_DATE_ASKED = re.compile(rf"(?i){_TO_DATE}")
#: … or any span longer than a quarter: no quarter's own figure is asked.
_YEAR_TO_DATE = re.compile(rf"(?i){_TO_DATE}|\bh2\b|fiscal year|full year|annual")


def quarter_from_cells(conn: psycopg.Connection, question: str, figures: Answer, subject: Subject, res: Any,
                        companies: list[str], names: dict[str, str]) -> Answer | None:
    """A quarter asked of a flow the statements print only for the year to date (a 10-Q's cash-flow
    statement: six months of buybacks): the quarter's own figure from a table that prints it, else None
    (the year-to-date figure then answers, labelled with its period)."""
    quarters = [q for q in res.filters.quarters if re.fullmatch(r"Q[1-4]", str(q))]  # "FY" asks no quarter
    if not quarters or _YEAR_TO_DATE.search(question) or not companies or figures.computed:
        return None
    if any(f.duration in (None, "3M") for f in figures.figures):
        return None
    # the statement line's name ("share repurchases") first: the question's own words may be a verb ("spend")
    measures = dict.fromkeys(m for m in ((metric_def(subject.metric).name.lower() if subject.metric else ""),
                                         subject.measure) if m)
    found = None
    for measure in measures:
        flat = replace(subject, measure=measure, metric=None, qualifiers=(), kind="amount")
        found = answer_from_cells(conn, question, names.get(companies[0], companies[0]), flat, list(res.hits),
                                  companies[0])
        if found is not None and found[1] and found[1][0].duration == "3M":
            break
    f = figures.figures[0]
    to_date = f"{f.name} for {f.period()} was {f.money()} {f.cite()} (the statements print the year to date)."
    if (found is None or not found[1] or found[1][0].duration != "3M") and subject.metric == "share_repurchases":
        bought = repurchase_table(conn, subject, res, companies, names)
        if bought is not None:
            bought.text += f"\n{to_date}"
            return bought
    if found is None or not found[1] or found[1][0].duration != "3M":
        # no table prints the quarter: a sentence of the filing stating the quarter's figure, quoted
        said = stated(conn, subject, list(res.hits), companies, quarter=True, question=res.question)
        if said is None:
            return None
        return with_subject(Answer(f"{said[0]}\n{to_date}", "passages", quoted=[said[1]]), subject, res, found=True)
    return with_subject(Answer(f"{found[0]}\n{to_date}", "facts"), subject, res, found=True)


def repurchase_table(conn: psycopg.Connection, subject: Subject, res: Any, companies: list[str],
                     names: dict[str, str]) -> Answer | None:
    """A quarter's buybacks from the scoped filing's repurchase table (answer/buybacks.py): for a question
    about share repurchases; None for any other question or when the table holds none."""
    if subject.metric != "share_repurchases" and not re.search(r"(?i)\bbuy\s*backs?\b|\bbought back\b|\brepurchas",
                                                                 f"{subject.measure} {res.question}"):
        return None
    if _TO_DATE_ASKED.search(res.question):
        return None  # (the table is the quarter's: "the first half" is the year to date's columns elsewhere)
    doc = question_filing(res.hits, companies)
    if doc is None:
        return None
    got = buyback_answer(conn, doc, names.get(companies[0], companies[0]) if companies else "The company")
    if got is None:
        return None
    answer = with_subject(Answer(got[0], "facts"), subject, res, found=True)
    answer.subject["filing"], answer.subject["period"] = doc, got[1]
    return answer


__all__ = ["quarter_from_cells", "repurchase_table"]

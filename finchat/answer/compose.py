"""The direct answer: one short paragraph that answers the question from the filings' own figures, with
every figure cited, built deterministically (no LLM).

What a question gets, in order of precedence:

* **"Did X perform well in Qn YYYY?"** — yes or no by the seed's final rule: at least two of revenue, net
  income and diluted EPS grew over the same period a year earlier; the three changes are shown. "Cannot
  tell" only when figures are missing, naming them.
* **A derived figure** (gross / operating / net margin, free cash flow, current ratio, debt to equity,
  capex as % of revenue, payout, ROA, ROE …; ``derive.py``): computed with its inputs shown and cited, for
  the period asked and a year earlier when the filing has it.
* **A statement figure** (revenue, cash, EPS …): the value for the period, the same period a year earlier
  and the change (absolute and %), units kept (derived and statement figures: ``bookfigures.py``); a balance or
  cash flow line the statements read gave none of: the table row printing it.
* **A qualified question** (a segment's, product's or region's figure, a KPI, a rate, a share, a ranking,
  guidance: ``subject.py``): ``qualified.py`` — a table's row, a share computed over the statement total,
  a sentence of the filing stating the figure, or what was not found; never the consolidated figure. A
  measure no statement line holds ("billed business") is read the same way.
* Several companies: one line each, with the same definition and period type; a note when the periods
  differ.
* **Otherwise** (narrative questions, "what drove …", or no figure found): the best sentence or two from
  the top passages, quoted with their citations, instead of a guess.

Periods: a quarterly filing's answer uses its three-month columns, an annual report (or a question about
the fiscal year) its twelve-month columns; balance-sheet figures are as of the filing's latest date.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import psycopg

from finchat.answer import derive
from finchat.answer.activity import activity_answer
from finchat.answer.asked import lone_modifier, one_item_of, shorthand_within
from finchat.answer.bookfigures import FigureOptions, book_figures
from finchat.answer.cellrows import in_a_row
from finchat.answer.coupon import coupon_answer
from finchat.answer.debtissue import issue_answer
from finchat.answer.figures import FactBook, Figure, change
from finchat.answer.filingnames import prints_phrase, prints_row
from finchat.answer.outlook import outlook_passages
from finchat.answer.parts import named_by_a_piece, named_otherwise
from finchat.answer.qualified import from_tables, printed_total, stated, unsubstituted
from finchat.answer.quarterfigures import quarter_from_cells, repurchase_table
from finchat.answer.quote import narrative_topic, quote_passages
from finchat.answer.result import Answer, question_filing, with_subject
from finchat.answer.shapes import ADJUSTED, ASKED_BEFORE_DID, EFFECT
from finchat.answer.subject import Subject, analyse, as_share
from finchat.answer.tagged import months_asked
from finchat.answer.yearrows import expected_in_year, scheduled_cell
from finchat.graph.lexicon import STATEMENT_OF, metrics_in_question
from finchat.graph.lexicon import metric as metric_def

PERFORMANCE = ("revenue", "net_income", "eps_diluted")
_PERFORM = re.compile(r"(?i)\b(?:perform(?:ed|s|ing|ance)?\s+(?:well|strongly|poorly|badly)|do(?:ing)?\s+well|"
                      r"did\s+.{1,60}?\s+do\s+well|(?:good|strong|bad|weak)\s+(?:quarter|year))\b")
_EXPLAIN = re.compile(r"(?i)\b(?:why|what\s+(?:drove|caused|explains|were\s+the\s+(?:drivers|reasons|factors))|"
                      r"drivers?\s+of|reasons?\s+for|factors|explain|due\s+to\s+what|how\s+come)\b")
#: Derived measures companies print as rows of their own, defined their way: the printed row answers (a
#: balance-sheet measure, working capital, is computed: Corning's "Working capital" row is another measure's);
#: days outstanding and inventory turns a company reports ("Days sales outstanding 45") are averaged its own way.
PRINTED_MEASURES = frozenset({"free_cash_flow", "dso", "dio", "dpo", "ccc", "inventory_turnover"})
#: Returns a company reports on its own definition (averaged balances): its figure, where it prints one, first.
REPORTED_RATES = frozenset({"roa", "roe"})
#: A question giving its own definition of the figure ("FCF here is defined as …").
#: (a "formula rate" is a tariff's, no definition of the figure)
_DEFINED = re.compile(r"(?i)\b(?:defined|calculated|computed)\s+as\b|\bdefin(?:e|ition)\b|"
                      r"\b(?:using|with|by|per)\s+(?:the\s+|this\s+|a\s+)?formula\b|\bformula\s*[:=]")
_FULL_YEAR = re.compile(r"(?i)\b(?:full[\s-]+year|annual(?:ly)?|fiscal\s+year|fy\s?\d{2,4}|for\s+the\s+year)\b")


def _duration_for(question: str, hit: Any) -> str:
    if hit is not None and (hit.form == "10-K" or hit.fiscal_quarter == "FY"):
        return "12M"
    if hit is not None and (months := months_asked(question, hit.form, hit.fiscal_quarter)) in (6, 9, 12):
        # "for the nine months ended October 31, 2022": the year to date, not the quarter (a second
        # quarter's year to date is six months); "in 2022" of a fourth-quarter release: the year it closes
        return "6M" if months == 9 and hit.fiscal_quarter == "Q2" else f"{months}M"
    return "12M" if _FULL_YEAR.search(question) and not re.search(r"(?i)\bq[1-4]\b|quarter", question) else "3M"


def _books(conn: psycopg.Connection, res: Any, companies: list[str], metrics: list[str]) -> dict[str, FactBook]:
    """Per company, the facts of the best-ranked filing of its that holds any of ``metrics``."""
    from finchat.graph.query import facts

    out: dict[str, FactBook] = {}
    for company in companies:
        hits = [h for h in res.hits if h.company == company]
        docs = list(dict.fromkeys(h.document for h in hits))
        if not docs:
            continue
        wanted = set(metrics)
        for doc in docs:  # the best-ranked filing that has figures
            every = facts(conn, [company], [], documents=[doc], limit=5000)  # all metrics: pages are weighed by them
            # a flow (income, cash flow) read without a duration came from a column the parser misread
            mine = [Figure.of(r) for r in every if r.metric in wanted
                    and not (r.duration is None and STATEMENT_OF.get(r.metric) in ("income", "cashflow"))]
            if mine:
                hit = next(h for h in hits if h.document == doc)
                # a year other than the filing's own (a 10-K prints three) picks that year's columns; the
                # filing's own fiscal year — or the year its file name gives — means its own period
                year = max(res.filters.years) if res.filters.years else None
                named = conn.execute("SELECT name_fiscal_year FROM documents WHERE name = %s", (doc,)).fetchone()
                if named is not None and year is not None and year == named[0]:
                    year = hit.fiscal_year
                weight: dict[int, int] = {}
                for r in every:
                    weight[r.page] = weight.get(r.page, 0) + 1
                out[company] = FactBook(mine, _duration_for(res.question, hit),
                                        year if year is not None and year != hit.fiscal_year else None, weight)
                break
    return out


def within_derived(question: str) -> bool:
    """Is the thing asked named before "did", and neither a derived figure nor a statement line, with a derived one
    after it ("What unfavorable foreign currency impact did Microsoft's gross margin include")? The derived figure
    is then only where the thing asked sits, never the answer."""
    ahead = ASKED_BEFORE_DID.match(question)
    if ahead is None or len(ahead.group("x").split()) < 2:
        return False
    asked = ahead.group("x")
    return not derive.asked(asked) and not metrics_in_question(asked) and bool(derive.asked(question[ahead.end():]))


def reported_first(derived: list[derive.Definition], question: str) -> bool:
    """Is the figure asked one the company prints on its own definition (PRINTED_MEASURES, REPORTED_RATES), which the
    question does not define itself ("ROA is defined as: net income / average total assets" is computed as defined)?"""
    return bool(derived) and derived[0].key in PRINTED_MEASURES | REPORTED_RATES and not _DEFINED.search(question)


def ratio_on_basis(subject: Subject, derived: list[derive.Definition]) -> bool:
    """Is a ratio the statements give asked on another basis only ("adjusted effective tax rate", "non-GAAP
    operating margin")? Then, when no row answers it as asked, the rate the filing prints on that basis does — never
    the GAAP lines' ratio."""
    return bool(derived) and derived[0].unit == "%" and subject.kind == "amount" and bool(subject.qualifiers) \
        and all(ADJUSTED.fullmatch(q) for q in subject.qualifiers)


# ---------------------------------------------------------------------------------------------- answers
def asked_lines(subject: Subject, lines: list[str]) -> list[str]:
    """The statement lines (``lines``, read from the whole question) whose facts may answer ``subject``: none when
    its measure names no line ("How much did … spend on acquisitions, net of cash acquired": never the cash the
    clause names); the line a cash flow section's measure names ("… use in investing activities"), not the cash
    balance."""
    if subject.measure and subject.metric is None and not subject.qualified:
        return []
    if subject.metric and subject.metric not in lines and subject.measure.endswith("activities"):
        return [subject.metric]
    return lines


def compose(conn: psycopg.Connection, res: Any, prose: Callable[[], list[Any]] | None = None) -> Answer:
    """The direct answer to ``res`` (a retrieval Result). Never raises for missing data: it says what is
    missing, or quotes the passages. ``prose`` returns more prose passages for the question, asked when the
    top ones are all tables and the question wants an explanation or no figure answers it."""
    if not res.hits:
        return Answer(res.notice or "Nothing in the ingested filings matches this question.", "none")
    # a follow-up ("what about Amcor?") asks what the question before asked: its words come with the topic
    question = f"{res.question} {res.filters.text_query}".strip()
    companies = list(res.filters.companies) or list(dict.fromkeys(h.company for h in res.hits[:1] if h.company))
    names = _names(conn, companies)
    derived = derive.asked(question)
    moved_by = EFFECT.match(res.question)
    if derived and (moved_by and not re.fullmatch(r"(?i)\s*(?:it|they|this|that|the\s+company)\s*",
                                                  moved_by.group("what") or moved_by.group("added") or "")
                    or within_derived(res.question)):
        # "By how many percentage points did the Minnesota NRD resolution reduce 3M's operating income margin": what
        # moved the ratio is asked, never the ratio (nor the line that included what is asked: within_derived)
        derived = []
    explain = bool(_EXPLAIN.search(question))
    if _PERFORM.search(question) and not explain:
        books = _books(conn, res, companies, list(PERFORMANCE))
        return with_subject(_performance(companies, names, books, res), Subject("performance", None), res)
    segments = tuple(res.filters.segments) + named_by_a_piece(conn, res.question, companies, names) \
        + named_otherwise(conn, res.question, companies)
    subject = analyse(res.question, companies=_surface_names(companies, names, res.question), segments=segments,
                      intent=res.filters.intent, derived=bool(derived),
                      derived_name=derived[0].name if derived else "")
    # "restricted cash": one word before a statement line names a line of its own when the filing prints the two
    # together (never the line's figure: cash and cash equivalents)
    lone = lone_modifier(subject.measure, subject.metric) \
        if not derived and not subject.qualifiers and subject.kind == "amount" else ""
    doc = question_filing(res.hits, companies)
    if lone and doc is not None:
        phrase = subject.measure[subject.measure.find(lone):]
        if prints_phrase(conn, doc, phrase):
            subject = replace(subject, qualifiers=(lone,))
    # a note's rate asked by its maturity: the rate its name prints
    coupon = None if explain else coupon_answer(conn, res.question, list(res.hits), companies[0] if companies else None)
    if coupon is not None:
        return with_subject(Answer(coupon[0], "passages", quoted=[coupon[1]]), subject, res, found=True)
    # a debt issue asked by its name: its row of the table of borrowings
    issue = None if explain else issue_answer(conn, res.question, list(res.hits), companies[0] if companies else None)
    if issue is not None:
        return with_subject(Answer(issue[0], "passages", quoted=[issue[1]]), subject, res, found=True)
    # a grant's, an exercise's … count or price per share: its row of the award's activity table
    act = None if explain else activity_answer(conn, res.question, list(res.hits), companies[0] if companies else None)
    if act is not None:
        return with_subject(Answer(act[0], "passages", quoted=[act[1]]), subject, res, found=True)
    # what falls due in the year asked ("The future minimum lease payments … were as follows"): its row of the
    # schedule, never the balance the statements print
    expected = _expected_row(conn, subject, res, companies) if res.filters.owed and not explain else None
    if expected is not None:
        return expected
    wanted = derive.needed_metrics(question) if derived else []
    metrics = asked_lines(subject, [m for m in res.filters.metrics if m not in wanted][:3]) if not derived else []
    if subject.keeps is not None:  # a price per share, what moved a line: no statement amount answers it
        metrics = [m for m in metrics if m.startswith(subject.keeps)]
    figures: Answer | None = None
    if reported_first(derived, question) and len(companies) == 1 and subject.kind != "guidance":
        # (an outlook is never the period's actual row)
        # a non-GAAP amount the company prints as its own row ("Free cash flow, non-GAAP measure $7,157", net of sales
        # of property), or a return it reports on its own definition ("ROA was 5.2% and 7.2% for the fiscal years
        # ended …", on average assets), is its figure, not one computed from statement lines — unless the question
        # defines it
        rate = derived[0].key in REPORTED_RATES
        printed_as = replace(subject, metric=None, kind="rate" if rate else "amount")
        printed = from_tables(conn, question, printed_as, res, list(res.hits), companies, names)
        if printed is not None:
            return printed
        said = stated(conn, printed_as, res.hits, companies, question=res.question) if rate else None
        if said is not None:
            return with_subject(Answer(said[0], "passages", quoted=[said[1]]), subject, res, found=True)
    if subject.metric in metrics and not explain and not subject.qualified \
            and one_item_of(subject.measure, subject.metric):
        # one item of a line joining two ("depreciation expense" where the statements print "Depreciation and
        # amortization"): a row or a sentence printing that item is what is asked, before the line holding both
        own = from_tables(conn, question, replace(subject, metric=None), res, list(res.hits), companies, names)
        if own is not None:
            return own
        said = stated(conn, replace(subject, metric=None), res.hits, companies, question=res.question)
        if said is not None:
            return with_subject(Answer(said[0], "passages", quoted=[said[1]]), subject, res, found=True)
    if subject.metric in metrics and not explain and not subject.qualified \
            and shorthand_within(subject.measure, subject.metric):
        # only an analyst's shorthand for a statement line matched the measure, inside words of its own ("operating
        # overhead expense", "overhead" of SG&A): a row printing the measure in its words is what is asked, never the line
        own = from_tables(conn, question, replace(subject, metric=None), res, list(res.hits), companies, names)
        if own is not None:
            return own
    if derived or metrics:
        books = _books(conn, res, companies, wanted + metrics)
        figures = book_figures(companies, names, books, derived, metrics, FigureOptions.of(question))
        if figures.figures and not explain and not subject.qualified:
            quarter = quarter_from_cells(conn, question, figures, subject, res, companies, names)
            if quarter is None and (asked := _quarter_of_a_year(figures, res, question)):
                # a quarter asked of an annual report that prints none of it: said so, the year's figure after it
                f = figures.figures[0]
                return with_subject(Answer(f"No figure for {asked} was found in {f.document}; its statements print "
                                           f"the year.\n{_in_cents(figures, question).text}", "facts", figures.computed,
                                           figures.figures), subject, res, found=False)
            return quarter if quarter is not None else with_subject(_in_cents(figures, question), subject, res)
        if not figures.figures and not derived and not explain and not subject.qualified and subject.measure \
                and len(companies) == 1:
            # a line the statements do not print (General Mills' research and development): its row in a note's table
            own = from_tables(conn, question, replace(subject, metric=None), res, list(res.hits), companies, names)
            if own is not None and in_a_row(own.text.split("[", 1)[0], subject.measure):
                return own
    elif subject.measure and subject.metric is None and not explain and not narrative_topic(question):
        # a measure no statement line holds (a KPI: "billed business", "cards in force"): a table's row for
        # it, else a sentence of the filing stating it; buybacks in the words of the question ("buy back"):
        # the repurchase table's
        exact = repurchase_table(conn, subject, res, companies, names) or from_tables(
            conn, question, subject, res, list(res.hits), companies, names) \
            or printed_total(conn, subject, res, companies, names)
        if exact is not None:
            return exact
        # (a share is a sentence stating the part's percentage of the whole: the qualified answer below)
        # (guidance is the outlook's sentence for the period asked: the qualified answer below)
        said = stated(conn, subject, res.hits, companies, question=res.question) \
            if subject.kind not in ("share", "guidance") else None
        if said is not None:
            return with_subject(Answer(said[0], "passages", quoted=[said[1]]), subject, res, found=True)
    hits = list(res.hits)

    def with_prose(hits: list[Any]) -> list[Any]:
        """The hits with the scope's best prose added when the ranking holds under two prose passages."""
        if prose is None or sum(1 for h in hits if h.kind == "text") >= 2:
            return hits
        seen = {h.chunk_id for h in hits}
        return hits + [h for h in prose() if h.chunk_id not in seen]

    if subject.qualified and not explain:
        exact = from_tables(conn, question, subject, res, hits, companies, names, figures) or (
            from_tables(conn, question, replace(subject, kind="rate", metric=None), res, hits, companies, names)
            if ratio_on_basis(subject, derived) else None)
        shared = as_share(subject)
        if exact is None and shared is not None:
            # an expense's ratio no table prints as a rate: the table printing each expense as a share of revenue
            # ("Percent of Net Sales › Fulfillment"), else a sentence stating it ("Operating expenses as a percentage
            # of total revenues was 14.1%")
            exact = from_tables(conn, question, shared, res, hits, companies, names, figures)
            said = stated(conn, subject, res.hits, companies, question=res.question) if exact is None else None
            # (the ratio's level, in percent: "… increased 32 basis points" is its change)
            if said is not None and re.search(r"\d\s*(?:%|percent)", re.sub(r"\[[^\]]*\]", " ", said[0])):
                return with_subject(Answer(said[0], "passages", quoted=[said[1]]), subject, res, found=True)
        if exact is not None:
            return exact  # a table's figure: no prose search needed
        hits = with_prose(hits)
        if subject.kind == "guidance":
            # a year ahead's figure printed as its row of a schedule ("Estimated future amortization expense …"),
            # unless already looked for as what falls due
            expected = None if res.filters.owed else _expected_row(conn, subject, res, companies)
            if expected is not None:
                return expected
            seen = {x.chunk_id for x in hits}  # what the company said of the period ahead, first
            # (a quarter's release named, or guidance as given by a month: the filings in scope)
            named = list(dict.fromkeys(h.document for h in res.hits)) \
                if any(q.startswith("Q") for q in res.filters.quarters) or getattr(res.filters, "said_by", None) \
                else None
            hits = [h for h in outlook_passages(conn, companies, res.filters.years, named)
                    if h.chunk_id not in seen] + hits
        return unsubstituted(conn, subject, companies, names, res, hits, figures)
    hits = with_prose(hits)
    about = narrative_topic(question)
    quote, quoted = quote_passages(res.filters.text_query or question, hits, causal=explain, about=about,
                                   years=tuple(res.filters.years))
    if figures is not None and figures.figures and quote:  # "what drove the decline?": why, then the figures
        out = Answer(quote + "\n" + figures.text, "passages", figures.computed, figures.figures, quoted)
    elif figures is not None and not figures.figures:  # say what could not be found first, then the passages
        bought = repurchase_table(conn, subject, res, companies, names) if not (about or explain) else None
        if bought is not None:
            return bought
        if derived and not (about or explain) and subject.measure:
            # a ratio the statements do not give the inputs of ("Loss from operations"): the filing's own row
            # for it ("Operating margins (5.3)%"), as printed
            # ("Days sales outstanding 49", "Inventory turns 3.7": days and times are no percentage)
            kind = "amount" if derived[0].unit in ("days", "x") else "rate"
            printed = from_tables(conn, question, replace(subject, kind=kind, metric=None), res, list(res.hits),
                                  companies, names)
            if printed is not None:
                return printed
        # (a balance or cash flow line the statements read gave no figure for, asked in the words of a row the filing
        # prints, "commercial paper": that row, before any sentence — a sentence's figure may be another line's,
        # "… Short-term debt 80 136 …")
        line_row = not derived and not (about or explain) and bool(subject.measure) and subject.kind == "amount" \
            and STATEMENT_OF.get(subject.metric or "") in ("balance", "cashflow")
        row_first = line_row and doc is not None and prints_row(conn, doc, subject.measure)
        if row_first:
            row = from_tables(conn, question, replace(subject, metric=None), res, list(res.hits), companies, names)
            if row is not None:
                return row
        # (a quarter's sentence for a quarter asked; "for the nine months ended …" asks the year to date)
        # (a ratio asked is stated as the ratio, never as the line it is built on: "Our effective income tax rate …
        # was 16.4%", not a sentence on income tax expense)
        said = None if about or explain else stated(conn, replace(subject, metric=None) if derived else subject,
                                                     res.hits, companies, question=res.question,
                                                     quarter=bool(res.filters.quarters)
                                                     and months_asked(question, None, None) not in (6, 9))
        if said is not None:  # a sentence of the filing stating the figure the statements do not print
            return with_subject(Answer(said[0], "passages", quoted=[said[1]]), subject, res, found=True)
        if line_row and not row_first:
            # (nor a sentence: a balance or cash flow line the statements read gave no figure for, "Short-term debt
            # obligations" of a release's balance sheet run into its cash flows — a table's row printing it; an
            # income statement's line is read where there is one, and a row merely sharing its words, "Accrued income
            # taxes" for the income tax asked, is another measure)
            row = from_tables(conn, question, replace(subject, metric=None), res, list(res.hits), companies, names)
            if row is not None:
                return row
        out = Answer(figures.text + ("\n" + quote if quote else ""), "passages" if quote else "none", quoted=quoted)
    elif quote:
        out = Answer(quote, "passages", quoted=quoted)
    elif figures is not None:
        out = figures
    elif about:  # never a sentence that is not about what was asked
        out = Answer(f"No passage about {about[0]} was found in the top passages; see the sources below.", "none")
    else:
        out = Answer("The top passages hold no sentence that answers this; see the sources below.", "none")
    return with_subject(out, subject, res)


def _expected_row(conn: psycopg.Connection, subject: Subject, res: Any, companies: list[str]) -> Answer | None:
    """The figure of the one year asked in a schedule of the years ahead (answer/yearrows.py), from the first filing
    in scope printing one for the measure; None when the question asks no single year or none does."""
    # (a statement line asked by name alone, "long-term debt", is the measure in its own words)
    measure = subject.measure or (subject.metric or "").replace("_", " ")
    if not measure or len(res.filters.years) != 1:
        return None
    for doc in dict.fromkeys(h.document for h in res.hits if not companies or h.company in companies):
        got = expected_in_year(conn, doc, measure, res.filters.years[0]) or (
            scheduled_cell(conn, doc, measure, res.filters.years[0]) if res.filters.owed else None)
        if got is not None:
            return with_subject(Answer(got[0], "passages", quoted=[got[1]]), subject, res, found=True)
    return None


def _surface_names(companies: list[str], names: dict[str, str], question: str) -> tuple[str, ...]:
    """Every name the question's companies go by (key, display name, aliases; the ticker where ``question`` prints it
    in capitals — Costco's "COST" is no "cost" of a lease): none of them qualifies a measure."""
    from finchat.ingest.companies import load_company_list

    known = {c.key: c for c in load_company_list()}
    out: list[str] = []
    for key in companies:
        out += [key, names.get(key, key)]
        if key in known:
            c = known[key]
            out += [c.name, *c.aliases,
                    *([c.ticker] if c.ticker and re.search(rf"(?<![\w-]){re.escape(c.ticker)}(?![\w-])", question) else [])]
    return tuple(out)


def _names(conn: psycopg.Connection, keys: list[str]) -> dict[str, str]:
    rows = conn.execute("SELECT key, name FROM companies WHERE key = ANY(%s)", (keys,)).fetchall()
    got = {str(k): str(n) for k, n in rows}
    return {k: got.get(k, k.title()) for k in keys}


def performance_verdict(changes: dict[str, tuple[float, float] | None], min_grew: int = 2) -> str | None:
    """The seed's final rule over {metric: (current, a year earlier) or None}: "yes" when at least
    ``min_grew`` grew, "no" when too few can still grow, None when missing figures leave it open."""
    grew = sum(1 for c in changes.values() if c is not None and c[0] > c[1])
    known = sum(1 for c in changes.values() if c is not None)
    if grew >= min_grew:
        return "yes"
    if grew + (len(changes) - known) < min_grew:
        return "no"
    return None


def _performance(companies: list[str], names: dict[str, str], books: dict[str, FactBook], res: Any) -> Answer:
    lines: list[str] = []
    figures: list[Figure] = []
    for company in companies:
        name = names[company]
        book = books.get(company)
        if book is None:
            lines.append(f"Cannot tell for {name}: no revenue, net income or diluted EPS figures were read from its "
                         "filings in scope.")
            continue
        parts: list[str] = []
        missing: list[str] = []
        period = ""
        changes: dict[str, tuple[float, float] | None] = {}
        for m in PERFORMANCE:
            cur = book.current(m)
            prior = book.year_earlier(cur) if cur else None
            if cur is None or prior is None:
                missing.append(metric_def(m).name.lower() + ("" if cur is None else " a year earlier"))
                changes[m] = None
                continue
            changes[m] = (cur.value, prior.value)
            period = period or cur.for_period()
            figures += [cur, prior]
            parts.append(f"{_short(m)} {cur.money()} vs {prior.money()}, {change(cur, prior)} {cur.cite()}")
        rule = "at least two of revenue, net income and diluted EPS grew over the same period a year earlier"
        outcome = performance_verdict(changes)
        if outcome == "yes":
            verdict = f"Yes — {name} performed well {period} by the rule \"{rule}\""
        elif outcome == "no":
            verdict = f"No — {name} did not perform well {period} by the rule \"{rule}\""
        else:
            verdict = (f"Cannot tell whether {name} performed well"
                       + (f" {period}" if period else "") + f" (\"{rule}\"): missing {', '.join(missing)}")
        lines.append(verdict + (": " + "; ".join(parts) + "." if parts else "."))
    return Answer("\n".join(lines), "facts", figures=figures)


def _quarter_of_a_year(figures: Answer, res: Any, question: str) -> str:
    """"Q4 2022" when the question asks a quarter ("the fourth quarter of 2022") and every figure found is a
    year's (an annual report's statements), else ""."""
    quarters = [q for q in res.filters.quarters if re.fullmatch(r"Q[1-4]", str(q))]
    if not quarters or months_asked(question, "10-K", None) != 3 \
            or not all(f.duration == "12M" for f in figures.figures):
        return ""
    years = sorted(res.filters.years)
    return f"{quarters[0]} {years[-1]}" if years else quarters[0]


def _short(metric: str) -> str:
    return {"revenue": "revenue", "net_income": "net income", "eps_diluted": "diluted EPS"}.get(
        metric, metric_def(metric).name.lower())


#: "… diluted EPS …, in cents": per-share amounts asked in cents (as Amcor prints them, "12.3 cps").
_CENTS = re.compile(r"(?i)\bin\s+(?:us\s+)?cents\b|\bcents\s+per\s+share\b")


def _in_cents(answer: Answer, question: str) -> Answer:
    """``answer`` with each "$0.123 per share" followed by "(12.3 cents)" when the question asks cents."""
    if not _CENTS.search(question):
        return answer
    text = re.sub(r"(−?)\$(\d+\.\d+) per share",
                  lambda m: f"{m.group(0)} ({m.group(1)}{round(float(m.group(2)) * 100, 4):g} cents)", answer.text)
    return replace(answer, text=text)

"""Qualified questions — a segment's, a product's, a KPI, a rate, a share, a ranking, guidance — answered
exactly from tables (a tagged member, a breakdown, a row), from a sentence of the filing stating the figure,
or with one line saying what was not found: never with the consolidated figure, which may follow only
labelled as such. A quarter asked of a flow the statements print only for the year to date is read the
same way, the year-to-date figure after it, labelled.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date
from typing import Any

import psycopg

from finchat.answer.asked import _NEUTRAL
from finchat.answer.breakdown import breakdown_from_cells
from finchat.answer.cellpick import SAME_PERIOD_DAYS
from finchat.answer.cellrows import CellFigure, _words, in_a_row, word_forms
from finchat.answer.cells import (
    INITIALS_MIN,
    NON_GAAP,
    NOT_NAMES,
    OUTSIDE_US,
    _measure_words,
    answer_from_cells,
)
from finchat.answer.figures import Figure
from finchat.answer.filingnames import called_as, defined_initialism, defined_short, prints_word
from finchat.answer.labelled import introduced_figure, labelled_figure, table_scale
from finchat.answer.outlook import outlook_range, outlook_sentence, range_midpoint
from finchat.answer.partpassage import opening_part
from finchat.answer.parts import segment_names, segment_pattern
from finchat.answer.passages import stated_figure, synonyms_of
from finchat.answer.quote import quote_passages, tabular
from finchat.answer.result import Answer, question_filing, with_subject
from finchat.answer.rowrules import is_measure
from finchat.answer.shapes import AS_A_PERCENT, REGION
from finchat.answer.spans import years_apart
from finchat.answer.statedshare import stated_share
from finchat.answer.stems import word_stems
from finchat.answer.subject import Subject
from finchat.answer.tagged import answer_from_tags, squash_name, with_year_release
from finchat.graph.consistency import MULTIPLIER
from finchat.graph.lexicon import metric as metric_def
from finchat.graph.lexicon import metric_phrase_spans
from finchat.graph.segments import initials

#: A figure in a sentence: a percentage, an amount, a number with thousands separators or decimals — not a
#: year or a day of a date.
_FIGURE = re.compile(r"\d\s*%|\$\s?\d|\b\d{1,3}(?:,\d{3})+\b|\b\d+\.\d+\b|\b\d+\s+(?:percent|basis points|bps)\b")


#: A measure counting people, in any words ("people employed", "staff"): the row "Headcount" answers it where no row
#: names it as asked (a second try with "employees" took "Other employee benefits" rows: 4 answers of held-out 59, 68 lost).
_PEOPLE_ASKED = re.compile(r"(?i)\b(?:people|persons|employ(?:ed|s|ees?)?|headcount|workforce|staff|personnel)\b")


def from_tables(conn: psycopg.Connection, question: str, subject: Subject, res: Any, hits: list[Any],
                 companies: list[str], names: dict[str, str], figures: Answer | None = None) -> Answer | None:
    """A qualified question answered exactly: a member the filer tagged ("iPhone", "Data Center"), one
    table's rows under the measure (a breakdown "by segment", a ranking "which grew fastest"), or the table
    row naming the subject for the period asked (a segment's, a product's, a KPI, a rate); None when none
    holds it. ``figures``: the statement figures of the question's metric — a share no table prints is the
    part's row over the statement's total for the same period."""
    company = companies[0] if companies else None
    name = names.get(company, company) if company else ""
    if subject.kind == "amount":
        tagged = answer_from_tags(conn, question, name, subject.metric, subject.qualifiers, hits, company)
        if tagged is not None:
            answer = with_subject(Answer(tagged[0], "facts"), subject, res, found=True)
            answer.subject["filing"], answer.subject["period"] = tagged[1][0].document, tagged[1][0].period()
            return answer
    listed = breakdown_from_cells(conn, question, name, subject, hits, company)
    if listed is not None:
        return with_subject(Answer(listed, "facts"), subject, res, found=True)
    cells = answer_from_cells(conn, question, name, subject, hits, company)
    if cells is None and subject.metric is None and _PEOPLE_ASKED.search(subject.measure):
        # (people counted, asked in other words than the row prints: "people employed" is the row "Headcount")
        cells = answer_from_cells(conn, question, name, replace(subject, measure="headcount"), hits, company)
    if cells is None and subject.kind == "amount":
        ratio = _part_ratio(conn, question, subject, res, hits, company, name)
        if ratio is not None:
            return ratio
    if cells is None and subject.kind == "share":
        total = figures.figures[0] if figures is not None and figures.figures else None
        return _share_of_total(conn, question, subject, res, hits, company, name, total)
    if cells is not None:
        answer = with_subject(Answer(cells[0], "facts"), subject, res, found=True)
        answer.subject["filing"], answer.subject["period"] = cells[1][0].document, cells[1][0].period()
        return answer
    return None


def _share_of_total(conn: psycopg.Connection, question: str, subject: Subject, res: Any, hits: list[Any],
                    company: str | None, name: str, total: Figure | None) -> Answer | None:
    """A part's share of the whole that no table prints ("what share of revenue came from Intelligent Cloud"):
    the part's row over the statement total of the same period and unit (``total``), else over the "Total"
    row of the part's own table, both cited; None when the part's row or a total of its period is missing."""
    part = answer_from_cells(conn, question, name, replace(subject, kind="amount"), hits, company, amount=True)
    if part is None or not part[1]:
        return None
    cell = part[1][0]
    if cell.unit != "USD" or cell.as_of is None:
        return None
    if total is not None and (total.unit != "USD" or total.as_of is None
                              or abs((cell.as_of - date.fromisoformat(str(total.as_of)[:10])).days) > SAME_PERIOD_DAYS
                              or (cell.duration or total.duration) != total.duration):
        total = None
    # the table's own "Total" row first: a share of segment profit is of the segments' total, not of the
    # consolidated operating income; the statement total where the part's table prints none
    row = table_total(conn, cell)
    if row is not None and (row.value == cell.value or _names_part(row.row_path, subject)):
        row = None  # "Las Vegas Strip Resorts › Total" is the part's own total, not the whole it is part of
    named = ""
    if row is not None:
        # "Segment Operating Profit › Total": the whole is what the table totals, in its own words
        parent, _, own = row.row_path.rpartition(" › ")
        named = re.sub(r"(?i)^\s*total\s*", "", own).strip() or parent.strip()
        if named.lower() in ("company", "consolidated", "company-wide") or re.search(r"(?i)\btable\b|\bfollowing\b", named):
            named = subject.measure  # "Total Company", a caption's sentence: the company's net sales
        elif subject.metric and not is_measure(named, _measure_words(subject, [])):
            row = None  # "Total cost of revenue" is another line than the revenue asked: the statement's total then
    if row is not None:
        whole, whole_name, whole_shown = (row.value * MULTIPLIER.get(row.scale, 1.0),
                                          (named or subject.measure or "total").lower(), f"{row.shown()} {row.cite()}")
    elif total is not None and _the_line_itself(subject):
        whole, whole_name, whole_shown = (total.value * MULTIPLIER.get(total.scale, 1.0), total.name.lower(),
                                          f"{total.money()} {total.cite()}")
    else:
        return None
    if not whole:
        return None
    share = cell.value * MULTIPLIER.get(cell.scale, 1.0) / whole * 100
    if not 0 < share <= 100:
        return None  # a part larger than the whole is not of this total
    # "Aeronautics › Net sales": the part is the heading naming what was asked, not the measure's row
    asked = [w.lower() for q in subject.qualifiers for w in re.findall(r"[A-Za-z0-9&]+", q)]
    steps = cell.row_path.split(" › ")
    parts = [q for q in subject.qualifiers if not q.startswith("by ")]
    part_name = next((x for x in steps if asked and all(w in x.lower() for w in asked)),
                     f"{parts[0]}'s {steps[-1].lower()}" if parts else steps[-1])
    text = (f"{part_name} was {share:.1f}% of {name}'s {whole_name} for {cell.period()} "
            f"(computed: {cell.shown()} {cell.cite()} ÷ {whole_shown}).")
    answer = with_subject(Answer(text, "facts"), subject, res, found=True)
    answer.subject["filing"], answer.subject["period"] = cell.document, cell.period()
    return answer


def _the_line_itself(subject: Subject) -> bool:
    """Is the whole a share is asked of the statement line itself ("consolidated net sales"), not a part's measure
    named after it ("NIKE Brand revenues": a brand's, which the company's revenue is not)?"""
    if not subject.metric or not subject.measure:
        return True
    spans = metric_phrase_spans(subject.measure, subject.metric)
    rest = f"{subject.measure[:spans[0][0]]} {subject.measure[spans[-1][1]:]}" if spans else subject.measure
    return all(w.lower() in _NEUTRAL for w in re.findall(r"[A-Za-z][\w&'’-]*", rest))


def table_total(conn: psycopg.Connection, part: CellFigure) -> CellFigure | None:
    """The "Total" (or "Consolidated") row of the table printing ``part``, for its period: the whole a part's
    share is of ("Net sales › Total" for "Net sales › North America Retail"); None when the table has none."""
    parent = part.row_path.rpartition(" › ")[0]
    rows = conn.execute(
        "SELECT d.name, t.page, p.label, t.row_path, t.caption, t.col_label, t.duration, t.as_of, t.value, t.scale,"
        " t.unit FROM table_cells t JOIN documents d ON d.id = t.document_id"
        " LEFT JOIN printed_pages p ON p.document_id = t.document_id AND p.page = t.page"
        " WHERE d.name = %s AND t.page = %s AND t.as_of = %s AND t.duration IS NOT DISTINCT FROM %s AND t.unit = %s"
        " AND t.row_label ~* %s ORDER BY t.row_path, t.seq",
        (part.document, part.page, part.as_of, part.duration, part.unit, r"^\s*(total|consolidated)\M")).fetchall()
    found = [CellFigure(r[0], int(r[1]), r[2], r[3], r[4] or "", r[5] or "", r[6], r[7], float(r[8]), r[9], r[10])
             for r in rows]
    found = [c for c in found if abs(c.value) >= abs(part.value)]
    # the total under the part's own heading ("Net sales › Total"), else the table's only one — of the part's
    # measure when its row names one ("Greater China › Net sales" is no part of "Total operating income")
    same = [c for c in found if c.row_path.rpartition(" › ")[0] == parent]
    if same:
        return same[0]
    measured = set(_words(part.row_path.rpartition(" › ")[2])) if parent else set()
    found = [c for c in found if measured <= set(_words(c.row_path)) | {"net", "total"}]
    return found[0] if len({c.value for c in found}) == 1 else None


def _names_part(row_path: str, subject: Subject) -> bool:
    """Whether ``row_path`` names one of the parts ``subject`` asks about (every word of it)."""
    words = set(re.findall(r"[a-z0-9&]+", row_path.lower()))
    return any(set(re.findall(r"[a-z0-9&]+", q.lower())) <= words for q in subject.qualifiers
               if not q.startswith("by ") and re.search(r"[a-z]", q.lower()))


def _part_ratio(conn: psycopg.Connection, question: str, subject: Subject, res: Any, hits: list[Any],
                company: str | None, name: str) -> Answer | None:
    """A margin of a part no table prints ("Intelligent Cloud's operating margin"): the part's rows for the
    definition's two inputs (operating income, revenue) of one period, divided, both cited; None when the
    measure is no such ratio, no part is named or either row is missing."""
    from finchat.answer.derive import DEFINITIONS

    d = next((d for d in DEFINITIONS if d.name.lower() == (subject.measure or "").lower() and d.unit == "%"
              and len(d.inputs) == 2 and not d.optional), None)
    parts = [q for q in subject.qualifiers if not q.startswith("by ") and q.lower() not in _NOT_NAMED]
    if d is None or not parts:
        return None
    got = []
    for key in d.inputs:
        one = replace(subject, measure=metric_def(key).name.lower(), metric=key, kind="amount")
        found = answer_from_cells(conn, question, name, one, hits, company, amount=True)
        if found is None or not found[1]:
            return None
        got.append(found[1][0])
    top, bottom = got
    if (top.as_of, top.duration, top.document) != (bottom.as_of, bottom.duration, bottom.document) or \
            top.unit != "USD" or bottom.unit != "USD" or (top.row_path, top.page) == (bottom.row_path, bottom.page):
        return None  # one row read for both inputs is no ratio (a "margin" of 100 %)
    value = d.compute([top.value * MULTIPLIER.get(top.scale, 1.0), bottom.value * MULTIPLIER.get(bottom.scale, 1.0)])
    if value is None:
        return None
    text = (f"{parts[0]}'s {d.name.lower()} for {top.period()} was {value * 100:.1f}% (computed: {d.formula}: "
            f"{top.shown()} {top.cite()} ÷ {bottom.shown()} {bottom.cite()}).")
    answer = with_subject(Answer(text, "facts"), subject, res, found=True)
    answer.subject["filing"], answer.subject["period"] = top.document, top.period()
    return answer


#: A question asking how a figure changed.
_CHANGE_ASKED = re.compile(r"(?i)\b(?:growth|grow|grew|increase[ds]?|decrease[ds]?|decline[ds]?|change[ds]?)\b")


def _worded(question: str, measure: str) -> str:
    """The measure with the word the question puts before it ("What consolidated operating profit …" →
    "consolidated operating profit"); "" when it puts none of its own."""
    if not measure:
        return ""
    m = re.search(rf"(?i)\b([a-z][a-z-]+)\s+{re.escape(measure)}\b", question)
    if m is None or m.group(1).lower() in _NOT_QUALIFYING:
        return ""
    return f"{m.group(1)} {measure}"


#: Words before a measure that do not narrow it.
_NOT_QUALIFYING = frozenset({"what", "which", "how", "much", "many", "the", "its", "their", "his", "her", "did", "does",
                             "do", "is", "was", "were", "are", "a", "an", "of", "for", "in", "on", "to", "and", "total",
                             "year", "full", "annual", "expected", "projected", "guided"})
#: The words making a measure a ratio to another ("… as a percentage of her …").
_AS_PERCENT_OF = re.compile(rf"(?i)\s+{AS_A_PERCENT}\s+(?:of|to)\s+(?:(?:her|his|its|their|the)\s+)?")
#: "… in total", "altogether": the figure a filing prints on its "Total …" line ("total Digital Media ARR" is the
#: measure's own name, stated in its sentence).
_IN_TOTAL = re.compile(r"(?i)\bin\s+total\b|\baltogether\b|\ball\s+told\b")


def printed_total(conn: psycopg.Connection, subject: Subject, res: Any, companies: list[str],
                  names: dict[str, str]) -> Answer | None:
    """A measure no statement line holds asked "in total" ("What did the infrastructure surcharges … add to
    American Water's annualized revenues in total?"): the figure the question's filing prints on its "Total …"
    line for it ("Total infrastructure surcharge authorizations $ 67"); None when it prints none."""
    if not subject.measure or subject.kind != "amount" or not _IN_TOTAL.search(res.question):
        return None
    doc = question_filing(res.hits, companies)
    measure = re.sub(r"(?i)^total\s+", "", subject.measure)
    got = labelled_figure(conn, doc, (f"total {measure}",), loose=True) if doc else None
    if got is None:
        return None
    name = names.get(companies[0], companies[0]) if companies else ""
    # (the figure's unit, where its table prints it above: "(In millions)")
    told = table_scale(conn, got[1], got[0].split(" — ")[0])
    return with_subject(Answer(f"{name + chr(39) + 's ' if name else ''}total {measure}{told}: {got[0]}", "passages",
                               quoted=[got[1]]), subject, res, found=True)



def _part_patterns(conn: psycopg.Connection, companies: list[str]) -> tuple[re.Pattern[str], ...]:
    """Patterns of the names of the company's segments and of regions."""
    return tuple(p for p in (segment_pattern(conn, companies[0]) if companies else None, REGION) if p is not None)


#: A direction word before a measure asked: "higher rent expense", "lower volume".
_DIRECTION = re.compile(r"(?i)^(?:higher|lower|increased|decreased)\s+(?=\w)")


def stated(conn: psycopg.Connection, subject: Subject, hits: list[Any], companies: list[str],
           quarter: bool = False, change: bool = False, question: str = "") -> tuple[str, Any] | None:
    """``_stated``; where no sentence names the measure with the direction asked ("higher rent expense"), the one
    naming it in its own words ("an increase in rent expense")."""
    got = _stated(conn, subject, hits, companies, quarter, change, question)
    if got is None and _DIRECTION.match(subject.measure or ""):
        got = _stated(conn, replace(subject, measure=_DIRECTION.sub("", subject.measure)), hits, companies, quarter,
                      change, question)
    return got


def _stated(conn: psycopg.Connection, subject: Subject, hits: list[Any], companies: list[str],
            quarter: bool = False, change: bool = False, question: str = "") -> tuple[str, Any] | None:
    """A sentence of the question's filing stating the subject's figure: its qualifiers' words with the
    measure's — the statement metric's name, the question's words, or what filings call them — and a figure;
    ``quarter``: of a quarter, not the year to date; ``question``: its other words favour the sentence holding
    them. None when no sentence does."""
    doc = question_filing(hits, companies)
    measures = list(dict.fromkeys(m for m in ((metric_def(subject.metric).name if subject.metric else ""),
                                              subject.measure) if m))
    if doc is None or not measures:
        return None

    called = {q: called_as(conn, doc, q) for q in subject.qualifiers}

    def named(m: str) -> list[str]:
        """The qualifiers a phrase of measure ``m`` must add: those its words do not hold ("infectious disease
        product" to the metric's "Revenue", not to "infectious disease product sales"), as the filing names them."""
        return [called[q] for q in subject.qualifiers if not q.startswith("by ") and not _names(m, q)]

    phrases = [" ".join([*named(m), m]) for m in measures]
    # "target annual bonus as a percentage of her base salary": a sentence naming both with its figure ("… annual
    # bonus opportunity at target … will be 200% of her then-current base salary")
    phrases += [" ".join([*named(m), over]) for m in measures if (over := _AS_PERCENT_OF.sub(" ", m)) != m]
    # (a synonym with the qualifiers its own words do not hold: "full-time" stays with "employed")
    # (not the word the synonym stands for: "headcount" asked is "employed")
    phrases += [" ".join([*(q for q in named(s) if s not in synonyms_of(q)), s]) for m in measures for s in synonyms_of(m)]
    # "outside the United States" is what sentences say "internationally" ("… and 55,000 employed internationally")
    phrases += [re.sub(OUTSIDE_US.pattern, "international", p, flags=re.IGNORECASE) for p in list(phrases)
                if OUTSIDE_US.search(p)]
    # "total payment volume" is "TPV" in the filing's sentences
    phrases += [" ".join([*named(m), "".join(w[0] for w in ws).upper()]) for m in measures
                if len(ws := re.findall(r"[A-Za-z]+", m)) >= INITIALS_MIN]
    # "Military Services Group" is "MSG" in the sentences of a filing that prints the initials
    short = {q: i.upper() for q in subject.qualifiers if (i := initials(q)) and prints_word(conn, doc, i.upper())}
    # (and a name the filing defines a short name for: "GLOBALFOUNDRIES Inc. (GF)" is "GF" in its sentences)
    short.update({q: d for q in subject.qualifiers if q not in short and (d := defined_short(conn, doc, q))})
    # ("foreign tax credit carryover" is "FTC carryover" in a filing defining "foreign tax credit (“FTC”)")
    short.update({q: d for q in subject.qualifiers if q not in short and (d := defined_initialism(conn, doc, q))})
    phrases += [p.replace(q, i) for p in list(phrases) for q, i in short.items() if q in p]
    # a passage opening on a segment's or a region's name is the part's: no answer for the company or another part
    parts = _part_patterns(conn, companies)
    # an annual report's year is also its fourth-quarter release's: a figure stated there only (a non-GAAP one)
    for where in with_year_release(conn, doc):
        said = stated_figure(conn, where, phrases[0], quarter=quarter, synonyms=tuple(dict.fromkeys(phrases[1:])),
                             change=change, context=question, parts=parts)
        if said is not None:
            return said
    return None


#: Qualifiers that say how a figure is measured, not what it is of: no guidance sentence needs to print them.
_NOT_NAMED = NOT_NAMES | {"comparable"}


def _names(measure: str, qualifier: str) -> bool:
    """Does ``measure`` hold ``qualifier`` as whole words ("King" is no part of "net bookings")?"""
    return bool(re.search(rf"(?i)(?<![\w&]){re.escape(qualifier)}(?![\w&])", measure))


def _figure_after(sentence: str, measure: str) -> bool:
    """Does ``sentence`` print a figure just after ``measure``'s words ("… comparable store sales growth of 22%"),
    not only name the measure where another figure is stated ("Unit sales of footwear increased 17%, while … of
    footwear revenue growth")?"""
    words = re.findall(r"[A-Za-z0-9&]+", measure)
    phrase = r"\W+".join("(?:" + "|".join(map(re.escape, word_forms(w.lower()))) + ")" for w in words)
    return bool(words) and re.search(rf"(?i)(?<!\w){phrase}(?!\w)[^.;%$]{{0,40}}?(?:\$\s?\d|\d[\d,.]*\s*(?:%|percent))",
                                     sentence) is not None


def _names_all(quote: str, measure: str) -> bool:
    """Does one quoted sentence name every word of ``measure`` (or its initials) and state a figure?"""
    wanted = word_stems(measure)
    ws = re.findall(r"[A-Za-z]+", measure)
    initials = "".join(w[0] for w in ws).upper() if len(ws) >= INITIALS_MIN else ""  # "TPV" for total payment volume
    return any((wanted <= word_stems(s) or (initials and re.search(rf"\b{initials}\b", s))) and _FIGURE.search(s)
               for s in re.findall(r"“([^”]*)”", quote))


def unsubstituted(conn: psycopg.Connection, subject: Subject, companies: list[str], names: dict[str, str], res: Any,
                   hits: list[Any], figures: Answer | None) -> Answer:
    """A qualified question (a segment's, a product's, a rate, a share, a ranking, guidance) that no figure of
    exactly that subject answers: the passages that best hold it, quoted — a sentence naming the subject
    with a figure answers it — else one line saying what was not found and where, then the best passage;
    a consolidated statement figure follows only labelled as such."""
    name = names.get(companies[0], companies[0]) if companies else ""
    extra = [q for q in subject.qualifiers if not _names(subject.measure, q)]
    # (a count's own words, "How many shares", say what is counted, not of what)
    asked = " ".join([*(q for q in extra if not q.startswith("by ") and not q.lower().startswith("how ")), subject.measure,
                      *(q for q in extra if q.startswith("by "))]).strip()
    if subject.kind == "guidance":
        asked = f"guidance on {subject.measure or 'the outlook'}"
    doc = question_filing(hits, companies)
    words = f"{res.question} {' '.join(subject.qualifiers)}"
    # guidance on a product or segment ("Comirnaty revenue") is a sentence naming it: the company's outlook
    # for something else is no answer
    named = tuple(q for q in subject.qualifiers if not q.startswith("by ") and q.lower() not in _NOT_NAMED)
    # (guidance on a measure: a sentence naming the measure)
    measured = subject.measure or (metric_def(subject.metric).name if subject.metric else "")
    must = subject.qualifiers if subject.kind != "guidance" else named or tuple(m for m in (measured,) if m)
    quote, quoted = quote_passages(words, hits, n=2, forward=subject.kind == "guidance", must=must)
    # a figure in the quoted sentences themselves (their citations carry page numbers)
    holds = bool(_FIGURE.search(re.sub(r"\[[^\]]*\]", "", quote)))
    if doc is not None and subject.kind == "share" and named:
        # a part's share no table prints, stated in a sentence ("… represented 9% of our consolidated net sales")
        share = stated_share(conn, doc, " ".join(named), subject.measure or measured,
                             max(res.filters.years) if res.filters.years else None)
        if share is not None:
            whole = f" of {name + chr(39) + 's ' if name else ''}{subject.measure}" if subject.measure else ""
            part = " ".join(named)
            line = f"{part[:1].upper()}{part[1:]} was {share[0]}{whole}, as the filing states it: {share[1]}"
            return with_subject(Answer(line, "passages", quoted=[share[2]]), subject, res, found=True)
    if doc is not None and subject.kind not in ("guidance", "share"):
        # the figure printed right after the measure's own name ("Core EPS $1.50", "Organic revenue growth
        # 14.3%"): the filing's answer
        moved = _CHANGE_ASKED.search(res.question)
        # (a part's measure under its own name only: "Net sales $65,398" is the company's, not Sikorsky's)
        # (nor a measure asked as measured otherwise under its GAAP name: "core effective tax rate" is no "Effective tax
        # rate 23 %")
        otherwise = any(q.lower() in NON_GAAP for q in subject.qualifiers)
        measure_names = tuple(f"{m} {moved.group(0)}" if moved else m
                              for m in ((() if named or otherwise else (subject.measure,))
                                        + (" ".join([*extra, subject.measure]),)))
        printed = next((got for where in with_year_release(conn, doc)
                        if (got := labelled_figure(conn, where, tuple(dict.fromkeys(n for n in measure_names if n)),
                                                   year=res.filters.years[0] if len(res.filters.years) == 1 else None))
                        is not None), None)
        # (or the row of the measure alone in a table the sentences before it say is of the one thing asked, no segment
        # — a segment's figures are its tables' cells: "Goodwill 253" under "The following table represents the …
        # allocation of the purchase price for atmos.")
        if printed is None and len(named) == 1 and subject.measure and not moved \
                and squash_name(named[0]) not in segment_names(conn, companies[0] if companies else None):
            printed = next((got for where in with_year_release(conn, doc)
                            if (got := introduced_figure(conn, where, subject.measure, named[0])) is not None), None)
        if printed is not None:
            figure, _, rest = printed[0].partition(" — ")
            told = table_scale(conn, printed[1], figure)  # (its unit, where the table prints it: "(in thousands)")
            return with_subject(Answer(f"{name + chr(39) + 's ' if name else ''}{figure}{told} — {rest}", "passages",
                                       quoted=[printed[1]]), subject, res, found=True)
    if _CHANGE_ASKED.search(res.question) and subject.kind != "guidance":
        # "… sales growth": a sentence stating the measure for both years answers it, its change computed
        said = stated(conn, subject, hits, companies, change=True, question=res.question)
        if said is not None and ", computed from the two figures of “" in said[0]:
            quote, quoted, holds = f"{name + chr(39) + 's ' if name else ''}{asked}: {said[0]}", [said[1]], True
    lines = []
    if subject.kind == "guidance":
        # an outlook table's figure for the measure asked ("Net sales ~$66,250 - $66,750"), then what is said
        measure_names = (subject.measure, metric_def(subject.metric).name if subject.metric else "",
                         "earnings per share" if (subject.metric or "").startswith("eps") else "")
        # (the measure as the question words it first: "consolidated operating profit", not the table's "Business
        # segment operating profit" row printed above it)
        worded = _worded(res.question, subject.measure)
        # (then the row naming it in other order or forms: "New stores, net" for net new stores)
        ranged = (outlook_range(conn, companies, hits, (worded,)) if worded else None) or \
            outlook_range(conn, companies, hits, tuple(dict.fromkeys(n for n in measure_names if n))) or \
            (outlook_range(conn, companies, hits, (subject.measure,), loose=True) if subject.measure else None)
        if ranged is not None:
            now, before, hit = ranged
            mid = range_midpoint(now)
            line = (f"{name + chr(39) + 's ' if name else 'The '}outlook for {subject.measure}: {now} "
                    f"[{hit.citation()}]" + (f", midpoint {mid}" if mid else "") +
                    (f" (the table's next column: {before})" if before else "") +
                    " — as its outlook table prints it.")
            answer = Answer("\n".join([line, *([quote] if quote else [])]), "passages", quoted=[hit, *quoted])
            return with_subject(answer, subject, res, found=True)
    if subject.kind == "guidance":
        # guidance on a product or segment, else on the measure ("adjusted EPS"): the filing's sentence naming it
        # with a figure
        # (the year the outlook is for, the latest named: "… decline in 2023 from 2022" asks 2023's)
        year = max(res.filters.years) if res.filters.years else None
        measures = [n for n in (subject.measure,) if n]
        # "organic sales growth" is "organic revenue growth" in PepsiCo's outlook, and back
        measures += [re.sub(r"(?i)\bsales\b", "revenue", m) for m in measures if re.search(r"(?i)\bsales\b", m)]
        measures += [re.sub(r"(?i)\brevenues?\b", "sales", m) for m in measures if re.search(r"(?i)\brevenues?\b", m)]
        # "stock … buy back" is "share repurchases" in the filing's words
        measures += [s for m in measures for s in synonyms_of(m)]
        # a ratio's outlook is said of what is over the whole ("We expect capital expenditures to be approximately 3.5
        # percent of reported net sales"): its first term, singular or plural
        measures += [f for m in measures if " as % of " in m for f in (m.split(" as % of ")[0],
                                                                        m.split(" as % of ")[0] + "s")]
        for asked_name in named[:1] or list(dict.fromkeys(measures)):
            said = outlook_sentence(conn, companies, hits, asked_name, year, res.question)
            if said is not None:
                line = (f"{name + chr(39) + 's ' if name else 'The '}outlook for {asked_name}, in the filing's words: "
                        f"“{said[0]}” [{said[1].citation()}]")
                return with_subject(Answer(line, "passages", quoted=[said[1]]), subject, res, found=True)
        if named:
            quote, quoted, holds = "", [], False  # no sentence naming it: not the outlook for something else
    if subject.kind == "guidance" and quote:  # the outlook is what the filing says of the period ahead
        lines.append(f"{name + chr(39) + 's ' if name else 'The '}outlook, in the filing's words: {quote}")
        answer = Answer("\n".join(lines), "passages", quoted=quoted)
        return with_subject(answer, subject, res, found=True)
    if subject.kind != "guidance":
        # a sentence of the filing stating exactly the subject's figure, before quotes that do not name it whole
        # or that name its words apart ("King in-game net bookings" for King's net bookings)
        words = " ".join([*(q for q in extra if not q.startswith("by ")), subject.measure])
        parted = any(not q.startswith("by ") for q in extra)  # a part's measure: its name and the measure's in a row
        weak = not holds or not _names_all(quote, subject.measure)
        # a table's rows the text layer ran together give way to a sentence stating the figure (Foot Locker's
        # comparable sales 0.8 %, not its stores' 4.7 % printed in the channel table beside it)
        first = re.match(r"\s*“([^”]*)”", quote)
        rows = first is not None and tabular(first.group(1))
        # a quote of other years than the question's ("… was 28.8% in 2017 compared to 29.2% in 2016") gives way too
        asked_years = set(re.findall(r"\b(?:19|20)\d\d\b", res.question))
        stale = first is not None and any(years_apart(first.group(1), asked_years))
        # (the filing's sentences are searched only when the quote could give way to one)
        said = stated(conn, subject, hits, companies, question=res.question) \
            if weak or rows or stale or (parted and not in_a_row(quote, words)) else None
        if said is not None and stale and asked_years & set(re.findall(r"\b(?:19|20)\d\d\b", said[0])) \
                and not any(years_apart(said[0], asked_years)):
            weak = True  # (a sentence of the year asked)
        # (or the measure of the part: "Unit sales of footwear")
        of_part = f"{subject.measure} of {' '.join(q for q in extra if not q.startswith('by '))}" if parted else ""
        # (or a sentence of a passage about the part asked: "On a currency-neutral basis, Greater China revenues …
        # NIKE Direct revenues increased 26%, driven by … comparable store sales growth of 22%")
        part = opening_part(said[1].text, said[1].section, _part_patterns(conn, companies)) \
            if said is not None and parted else ""
        about_part = said is not None and bool(part) and any(_names(part, q) for q in extra) \
            and _figure_after(said[0], subject.measure)
        # (or one naming every qualifier and the measure, where the quote does not: "In 2022, international customers
        # accounted for 33% of Aeronautics’ net sales" over the segment's table of results)
        # (a rate or share asked is a percentage: "… increased 32 and 88 basis points" is its change)
        covers = said is not None and parted and _names_all(said[0], subject.measure) \
            and (subject.kind not in ("rate", "share") or re.search(r"\d\s*(?:%|percent\b)", said[0]) is not None) \
            and all(_names(said[0], q) for q in extra if not q.startswith("by ")) \
            and not (all(_names(first.group(1) if first else quote, q) for q in extra if not q.startswith("by "))
                     # (or not the measure: "Space's net sales … decreased $808 million" for Space's product sales)
                     and _names_all(f"“{first.group(1)}”" if first else quote, subject.measure))
        if said is not None and (weak or (in_a_row(said[0], words) or bool(of_part) and in_a_row(said[0], of_part)
                                          or about_part or covers) and not tabular(said[0])):
            # (whose figure it is, when the sentence leaves it to its passage)
            whose = about_part and not _names(said[0], part)
            quote, quoted, holds = f"{part}, in its passage: {said[0]}" if whose else said[0], [said[1]], True
    if not holds:
        where = f" in {doc}" if doc else ""
        lines.append(f"No figure for {name + chr(39) + 's ' if name else ''}{asked} was found{where}." if asked else
                     f"No figure answering “{res.question.strip()}” was found{where}.")
    if quote:
        lines.append(quote if holds else f"The closest passages: {quote}")
    elif not holds:
        best, _ = quote_passages(res.question, hits, n=1)
        if best:
            lines.append(f"The closest passage: {best}")
            quoted = quoted or _
    if figures is not None and figures.figures and subject.kind != "guidance":
        f = figures.figures[0]
        lines.append(f"For reference, {name}'s consolidated {f.name.lower()} {f.for_period()} was {f.money()} "
                     f"{f.cite()} — the whole company's, not the figure asked.")
    answer = Answer("\n".join(lines), "passages" if quote else "none", quoted=quoted)
    return with_subject(answer, subject, res, found=holds)


__all__ = ["from_tables", "printed_total", "stated", "unsubstituted"]

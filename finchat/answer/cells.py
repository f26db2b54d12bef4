"""Answers from table cells (graph/cells.py): a segment's, product's, region's figure, a KPI, a rate the
company reports — the row whose label names what the question qualifies, for the period the question asks,
in the scoped filing; with the year-earlier figure from the same row and the change, cited to the page.

A row is taken only when every word of the question's qualifier (or, for an unqualified KPI, of its measure)
is in the row's label or headings; the table's caption, its introducing sentence and the column header then
rank the candidates by the question's other words (a segment's "net income" table over its "net sales" one).
A rate question takes a percentage cell, an amount question any other. Nothing matching: None, and the
caller says what was not found.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import psycopg

from finchat.answer.asked import _NEUTRAL, EXPENSE_WORDS, names_an_expense
from finchat.answer.cellpick import METRIC_WORDS, SPELLED_OUT, pick_row
from finchat.answer.cellrows import (
    CellFigure,
    _row_named_after,
    _rows,
    _within,
    _without_name,
    _words,
    in_a_row,
    introducing,
    total_introduced,
)
from finchat.answer.figures import number
from finchat.answer.filingnames import defined_initials
from finchat.answer.parts import bare_measure, company_segments, segment_pattern, short_names, spelled_out
from finchat.answer.rowrules import (
    CHANGE_ROW,
    CONSOLIDATED,
    RATE_WORDS,
    TYING_WORDS,
    is_measure,
    item_of_total,
    ratio_of,
)
from finchat.answer.shapes import RATE, RECONCILED_IN, VALUE_OF
from finchat.answer.tagged import scoped_filings

#: Measures that are percentages (a part's "return on equity" is its printed percentage, never an amount).
_PERCENT_MEASURES = re.compile(r"(?i)^(?:return on (?:average )?(?:tangible )?(?:common )?(?:equity|assets|capital)|"
                               r"dividend payout ratio|effective tax rate|\w+ margin|.*\b(?:market|wallet) share)$")
#: Qualifiers that say how a figure is measured, not what it is of.
NOT_NAMES = frozenset({"adjusted", "non-gaap", "organic", "reported", "gaap", "core", "recast", "restated", "recasted"})
#: Of those, the ones naming a measure other than the statement's line ("core EPS").
NON_GAAP = frozenset({"adjusted", "non-gaap", "organic", "core", "operational"})
#: Words of its own a measure asked needs for the row printing them all to come first (MGM China's "VIP table games
#: turnover", held-out 22; two-word measures such as "net sales" are printed under every part).
SPOKEN_WORDS = 3
#: Words a name needs before its initials are looked for: "North America" as "NA" would match "not available".
INITIALS_MIN = 3


def _item_of(label: str, item: str, measure: str) -> bool:
    """Is ``label`` (before a comma) the ``measure`` asked, which ``item`` opens ("Investment banking revenue, gross"
    for "investment banking revenue")?"""
    core = " ".join(_words(label.split(",")[0]))
    return bool(measure) and measure.startswith(f"{item} ") and _within(measure, set(core.split())) \
        and len(core.split()) == len(measure.split())


def answer_from_cells(conn: psycopg.Connection, question: str, name: str, subject: Any, hits: list[Any],
                      company: str | None, amount: bool = False,
                      outside: str = "Non-U.S.") -> tuple[str, list[CellFigure]] | None:
    """(answer text, [the figure, the year-earlier one]) from the first scoped filing with a matching row;
    None when none has one. ``amount``: the part's amount is wanted (a share computed from it), whatever
    percentage the question asks; ``outside``: what tables print for "outside the United States" ("Non-U.S.",
    then "Non-United States")."""
    if subject.kind not in ("amount", "rate", "share"):
        return None
    segments = company_segments(conn, company)
    # "JPMorgan's CIB": a segment asked by its initials, printed spelled out ("CORPORATE & INVESTMENT BANK")
    full_names = spelled_out(segments, subject.qualifiers)
    # (or by initials its filing defines, "Asia Pacific & Latin America (APLA)", where no segment is known by them)
    full_names.update({q: n for q in subject.qualifiers if q not in full_names and re.fullmatch(r"[A-Z]{2,6}", q)
                       and hits and (n := defined_initials(conn, hits[0].document, q))})
    # ("outside the United States" is what tables print "Non-U.S.": "Non-U.S. Retail Stores")
    full_names.update({q: outside for q in subject.qualifiers if OUTSIDE_US.fullmatch(q)})
    # ("Canadian customers" are what a geographic table prints "Canada": a place asked by its people's name)
    # (not a segment named by it: "its Canadian segment" is printed "Canadian Operations")
    full_names.update({q: PLACE_OF[q.lower()] for q in subject.qualifiers if q.lower() in PLACE_OF and not re.search(
        rf"(?i)\b{re.escape(q)}\s+(?:segment|operations|division|business|unit)", question)})
    terms = [" ".join(_words(full_names.get(q, q))) for q in subject.qualifiers
             if not q.startswith("by ") and q.lower() not in NOT_NAMES]
    terms = [t for t in dict.fromkeys(terms) if t]
    # a rate no statement line gives ("overhead ratio" builds on expenses): its own row
    labelled: set[str] = set()
    if not terms and subject.measure and (subject.metric is None or subject.kind == "rate"):
        terms = [" ".join(_words(subject.measure))]
        # ("total cost of natural gas": a statement prints the total as the line's name, "Cost of natural gas")
        if terms[0].startswith("total ") and len(terms[0].split()) > 2:
            terms = [terms[0].removeprefix("total ")]
        # "core operating margin": a margin measured otherwise is its own row ("Core operating margins"),
        # never the GAAP one
        labelled = {q.lower() for q in subject.qualifiers if q.lower() in NON_GAAP} - set(terms[0].split())
    # "core EPS", "adjusted operating income": a statement line measured otherwise, printed as a row of its own
    # ("Core EPS", "Non-GAAP diluted EPS") — the row, never the GAAP line, answers it
    if not terms and subject.metric:
        terms = [t for t in dict.fromkeys(" ".join(_words(q)) for q in subject.qualifiers
                                          if q.lower() in NON_GAAP) if t]
        labelled = {w for t in terms for w in t.split()}
    if not terms:
        return None
    # a part's figure measured otherwise ("PepsiCo Europe's core operating profit"): only a row or column saying so
    labelled = labelled or {q.lower() for q in subject.qualifiers if q.lower() in NON_GAAP}
    # "medical benefit ratio" is printed "MBR", "Frito-Lay North America" "FLNA": rows holding the initials of
    # the measure or of a name asked hold those words
    spelled = [_words(subject.measure or "")] if subject.metric is None else []
    # ("average monthly active users" are printed "average MAUs": the initials of the words after a neutral one too)
    spelled += [ws[1:] for ws in spelled if len(ws) > INITIALS_MIN and ws[0] in _NEUTRAL]
    acronyms = {"".join(w[0] for w in ws): ws for ws in [*spelled, *(t.split() for t in terms)]
                if len(ws) >= INITIALS_MIN}
    # "Retail/LTC" is one token of the index (a path to the text search parser), "Non-U.S." the pieces 'non-u', 'non'
    # and 'u': looked for as printed too
    acronyms.update({p.lower(): _words(p) for p in (full_names.get(q, q) for q in subject.qualifiers)
                     if _SPLIT_NAME.fullmatch(p)})
    # (initials asked and spelled out are printed as asked too: "TABLE 10: USCS SELECTED STATISTICAL INFORMATION")
    acronyms.update({q.lower(): _words(full_names[q]) for q in subject.qualifiers
                     if q in full_names and re.fullmatch(r"[A-Z]{2,6}", q)})
    # ("the United States" is what tables print "U.S.")
    if "united states" in terms:
        acronyms["u.s"] = ["united", "states"]
    q_words = set(_words(_without_name(question, name)))
    # "by what percentage did … net sales grow": the change of the amounts, not a percentage row
    want_pct = not amount and subject.kind in ("rate", "share") or not amount and (
        bool(re.search(r"(?i)\b(percent|percentage|rate|margin|yield|%)\b", question))
        and not (CHANGE_ROW.search(question) and not re.search(r"(?i)\bmargin|\brate\b", question))
        or _PERCENT_MEASURES.search(subject.measure or "") is not None)
    # "What gross margin did Apple's Products earn": a margin asked in no percentage's words is, where a row prints
    # it in money under the name asked ("Gross margin › Products" beside "Gross margin percentage › Products"), that
    money_margin = (" ".join(_words(subject.measure or "")) if want_pct and subject.kind == "amount"
                    and subject.metric is not None and re.search(r"(?i)\bmargin\b", subject.measure or "")
                    and not re.search(r"(?i)\b(percent|percentage|rate|ratio)\b|%", question) else "")
    # naming no part of the company (a KPI alone is no part: "backlog"), the company's own figure is asked
    names = segment_pattern(conn, company, segments)
    company_wide = not any(not q.startswith("by ") and bare_measure(q) != bare_measure(subject.measure or "")
                           for q in subject.qualifiers)
    # an expense's share of revenue, no part named ("operating expenses as a percentage of total revenues"): the
    # company's ratio — never a segment table's row of it
    spent_only = (subject.kind == "share" or amount) and bool(subject.qualifiers) and names is not None and all(
        names_an_expense(q) and not names.search(q) for q in subject.qualifiers)
    parts = names if company_wide else None
    # "Global Services revenue" in a table captioned "BGS revenues consist of the following:"
    acronyms.update(short_names(segments, question))
    # a measure asked by its initials ("EBIT"), printed spelled out ("Earnings before interest and taxes")
    acronyms.update({a: _words(SPELLED_OUT[a]) for a in _words(subject.measure or "") if a in SPELLED_OUT})
    # (initials asked and spelled out are the part's name, not the measure: "MFC backlog" measures backlog)
    measure = _measure_words(subject, terms) - {w for q in full_names for w in _words(q)}
    # a rate asked of a part ("net write-off rate … on Card Member loans") is a row naming the rate, not any
    # percentage of the part's table ("Net interest yield on average Card Member loans")
    named_rate = (set(_words(subject.measure or "")) - RATE_WORDS - TYING_WORDS - {w for t in terms for w in t.split()}
                  if subject.kind == "rate" else set())
    if not measure and not subject.measure and subject.kind == "amount" and not amount:
        return None  # a part named with no measure read ("Consumer's … net additions"): any row of it is no answer
    # (a part asked is named by its initials too: the row "AWS" is Amazon Web Services')
    initials = {a for a, ws in acronyms.items() if " ".join(ws) in terms}
    asked = {w for t in terms for w in t.split()} | initials
    spoken = measure & q_words - asked
    # (or a change printed only as a percentage: "How much did J&J's international sales change operationally")
    grown = not want_pct and not amount and bool(re.search(r"(?i)\bgrowth\b", question) or CHANGE_ROW.search(question))
    # what moved a line ("How much did the F-35 program add to Aeronautics net sales"): a row naming it, never a
    # row of the part whose line it moved
    # (the part asked by its initials is no word of it: "AWS depreciation and amortization expense" is the row "AWS"
    # of that table)
    # (a rate asked before "did" — "What average interest rate did JPMorgan pay on …" — moved nothing: it is the row's)
    moved = " ".join(w for w in _words(subject.measure) if w not in initials) \
        if subject.keeps == () and subject.metric is None \
        and not (subject.kind == "rate" and RATE.fullmatch(subject.measure or "")) else ""
    named_in_measure = bool(set(_words(subject.measure)) & initials)  # ("AWS depreciation …": the part's initials)
    own_measure = " ".join(_words(subject.measure or ""))
    segment_names = {" ".join(_words(x)) for names in segments for x in names}  # (as terms are written)
    # ("FAS/CAS operating adjustment": the index reads a slashed name as one word, so it is searched so too)
    slashed = [re.sub(r"\b" + r"\W+".join(map(re.escape, _words(x))) + r"\b", x.lower(), t)
               for x in re.findall(r"[A-Za-z0-9]+/[A-Za-z0-9]+", subject.measure or "") for t in terms
               if _words(x) and " ".join(_words(x)) in t]
    for doc_id, period_end, months in scoped_filings(conn, question, hits, company, 2):
        found = _rows(conn, doc_id, [*terms, *slashed, *acronyms, *(f"{a}s" for a in acronyms if a.isalpha())])  # ("MAUs")
        if spent_only:
            found = [r for r in found if not names.search(f"{r[4]} {r[3]}")]  # type: ignore[union-attr]
        if moved:
            # (its words in a row, as one label prints them: "equity earnings" is no "Stockholders' equity ›
            # Retained earnings")
            # (or the part's row of a table of that measure: of a part the measure names by its initials, "AWS" under a
            # caption "Total depreciation and amortization expense, by segment"; of a part a qualifier names, under the
            # sentence introducing the table, "International" under "Total net additions to property and equipment by
            # segment are as follows" — a row of two column groups there is neither's: "Europe 37 364" under the two
            # measures the sentence names)
            doubled = _doubled(found)
            found = [r for r in found if in_one_label(moved, r[3])
                     or asked & set(_words(r[3].split(" › ")[-1])) and (
                         named_in_measure and f" {moved} " in f" {' '.join(_words(r[4]))} "
                         or subject.qualifiers and f" {moved} " in f" {' '.join(_words(introducing(r[4])))} "
                         and (r[3], r[1], r[4], r[5], r[6], r[7]) not in doubled)
                     or not subject.qualifiers and _bare_total_of(r, moved)]
        # rows naming the subject first; then rows under a caption naming it ("Sam's Club Segment — Including
        # Fuel › Net sales"), only the measure's own row or one naming part of what was asked ("Grocery" there
        # is another item)
        best = None
        # a measure asked in three words or more of the question's own ("VIP table games turnover") printed as a
        # row of the part's table: that row first, not a row naming the part under another measure
        for rows in ([r for r in found if len(spoken) >= SPOKEN_WORDS and spoken <= set(_words(r[3]))],
                     [r for r in found if r[13]],
                     [r for r in found if is_measure(r[3].split(" › ")[-1], measure)
                      or _says_line(r[3].split(" › ")[-1], measure, q_words)
                      or asked & set(_words(r[3].split(" › ")[-1]))
                      or want_pct and ratio_of(r[3].split(" › ")[-1], measure)  # (a rate: the line's ratio row)
                      # (an item of the table whose total names the rest of the measure: "alternatives assets under
                      # management" is the row "Alternatives" above "Total assets under management")
                      or item_of_total(r[3].split(" › ")[-1], r[12], measure or set(own_measure.split()))
                      # (a roll-forward's closing balance, of the measure its caption names: "Balance, end of year" of
                      # "changes in our total gross unrecognized tax benefit liabilities")
                      or bool(_CLOSING.match(r[3].split(" › ")[-1])) and own_measure != ""
                      and _within(own_measure, set(_words(r[4])))
                      or not subject.qualifiers and _bare_total_of(r, own_measure)]):
            if money_margin:
                best = pick_row(rows, terms, q_words, months, period_end, False, measure, question, acronyms, labelled,
                                company_wide=company_wide, parts=parts, named_rate=named_rate, metric=subject.metric,
                                names=names)
                best = best if best is not None and _within(money_margin, set(_words(best[0].row_path))) else None
            best = best or pick_row(rows, terms, q_words, months, period_end, want_pct, measure, question, acronyms,
                                    labelled, company_wide=company_wide, parts=parts, named_rate=named_rate,
                                    metric=subject.metric, names=names)
            if best is None and grown:
                # a growth no amounts give, printed as a percentage row naming what is asked ("Sales change
                # analysis › Organic local-currency 5.1 %" for "organic local-currency sales growth")
                best = pick_row([r for r in rows if any(_within(t, set(_words(r[3].split(" › ")[-1]))) for t in terms)],
                                terms, q_words, months, period_end, True, measure, question, acronyms, labelled,
                                company_wide=company_wide, parts=parts, named_rate=named_rate, metric=subject.metric,
                                names=names)
            if best is not None:
                break
        if best is None and len(terms) >= 2:
            # an item asked of its segment ("Equity Markets revenues in the CIB") printed in a table no heading of
            # which names the segment (its name heads the page before): the filing's one row naming the item
            owners = segment_names & set(terms)
            rest = [t for t in terms if t not in owners]
            # (not a row of the company's consolidated table: Activision Blizzard's digital online channels are no
            # Blizzard's)
            # (the item is what the row's label ends on: "Non-deductible employee dining facility costs" are no employees)
            # (or on the item and the measure it qualifies, before a comma: "Investment banking revenue, gross")
            named = [r for r in found if rest and all(_within(t, set(_words(r[3].split(" › ")[-1]))) and (_within(
                t, set(_words(r[3].split(" › ")[-1])[-len(t.split()):])) or _item_of(r[3].split(" › ")[-1], t, own_measure))
                for t in rest) and not CONSOLIDATED.search(r[4])]
            # (of several, the one row whose label is the measure asked: "gross investment banking revenue" is
            # "Investment banking revenue, gross", not the CIB's "Investment Banking")
            items = [r for r in named if any(_item_of(r[3].split(" › ")[-1], t, own_measure) for t in rest)]
            named = items if len({r[3] for r in items}) == 1 else named
            if owners and len({r[3] for r in named}) == 1:
                best = pick_row(named, rest, q_words, months, period_end, want_pct, measure, question, acronyms, labelled,
                                named_rate=named_rate, metric=subject.metric)
        if best is None and VALUE_OF.search(subject.measure or "") and terms:
            # a value of a thing held ("the fair value of eBay's stake in Adevinta") where no row names the value:
            # the row naming the thing ("Equity investment in Adevinta"), a balance carried at that value
            # (the row saying least besides: no "Change in fair value of equity investment in Adevinta"; and ending on
            # the name of what is held — a company's, never a lower-case kind such as "minority investments", of which
            # the balance sheet's row is the whole)
            companies_held = [" ".join(_words(q)).split() for q in subject.qualifiers if q[:1].isupper()]
            labels = {r[3]: _words(r[3].split(" › ")[-1]) for r in found}
            held = [r for r in found if all(_within(t, set(labels[r[3]])) for t in terms)
                    and any(labels[r[3]][-len(c):] == c for c in companies_held)]
            fewest = min((len(labels[r[3]]) for r in held), default=0)
            held = [r for r in held if len(labels[r[3]]) == fewest]
            best = pick_row(held, terms, q_words, months, period_end, False, None, question, acronyms, labelled,
                            named_rate=named_rate) if len({r[3].split(" › ")[-1] for r in held}) == 1 else None
        if best is None and subject.metric is None and len(own_measure.split()) >= 2 \
                and set(terms) <= segment_names:
            # a segment's own measure ("debit and credit card sales volume" of Consumer & Community Banking) printed
            # in a table of the segment's pages no heading of which names it: the filing's one row naming the measure
            # (never a row of the company's consolidated statements' notes: Verizon's advertising expense of Note 15 is
            # no segment's)
            named = [r for r in _rows(conn, doc_id, [own_measure]) if _within(own_measure, set(_words(r[3].split(" › ")[-1])))
                     and not CONSOLIDATED.search(r[4]) and not _NOTE.match(r[4])]
            if len({r[3] for r in named}) == 1:
                best = pick_row(named, [own_measure], q_words, months, period_end, want_pct, _measure_words(
                    subject, [own_measure]), question, acronyms, labelled, named_rate=named_rate)
        if best is not None:
            cur, prior = best
            # "… under management in alternatives": a row of the same table the question names in lower case
            # after a preposition ("Alternatives" beside "Total assets under management") is the one asked
            # (not the measure an item is excluded from: "… exclude from segment operating income")
            best = (None if RECONCILED_IN.search(question) else
                    _row_named_after(conn, doc_id, cur, question, measure | asked)) or best
            cur, prior = best
            heading = _heading_naming(subject.qualifiers, cur.caption, cur.row_path)
            label = f"{heading} › {cur.row_path}" if heading else cur.row_path
            if " — " in cur.col_label:  # a named column's figure ("Water — As of December 31, 2021")
                label = f"{label} ({cur.col_label.split(' — ')[0]})"
            label = re.sub(r"\s*\.{3,}\s*", " ", label).strip()  # a label's leader dots ("Subscription.......")
            # (a heading that is only the table's units names nothing: "(MILLIONS) › Total" is the table's total of the
            # measure its introducing sentence names)
            label = re.sub(r"(?i)^\(\s*(?:in\s+)?(?:thousands|millions|billions)\s*\)\s*›\s*", "", label)
            if label.lower() == "total" and subject.measure:
                label = "total " + re.sub(r"(?i)^total\s+", "", subject.measure)
            text = f"{name}'s {label} for {cur.period()} was {cur.shown()} {cur.cite()}"
            if subject.kind == "share" and cur.unit == "%" and subject.measure:
                # (of the part whose table prints it: "… of Retail/LTC's revenues")
                text = (f"{cur.row_path} was {cur.shown()} of {heading or name}'s {subject.measure} for {cur.period()} "
                        f"{cur.cite()}")
            if prior is not None and cur.unit != "%" and prior.value:
                diff = cur.value - prior.value
                pct = abs(diff) / abs(prior.value) * 100
                moved = replace(cur, value=abs(diff)).shown()
                # (no percentage across a change of sign: "up 532.4% from −$34 million" says nothing)
                by = f"{pct:.1f}% " if cur.value * prior.value > 0 else ""
                text += (f", {'up' if diff > 0 else 'down' if diff < 0 else 'unchanged'} {by}"
                         f"({'+' if diff >= 0 else '−'}{moved}) from {prior.shown()} for {prior.period()} {prior.cite()}")
            elif prior is not None:
                text += f", against {prior.shown()} for {prior.period()}" + (
                    points_moved(cur.value, prior.value) if cur.unit == "%" else "")
            # the change the table itself prints beside the row ("% Change 16%"), when it prints one
            printed = {r[8] for r in found if r[3] == cur.row_path and int(r[1]) == cur.page and r[7] is None
                       and r[10] == "%" and CHANGE_ROW.search(str(r[5] or ""))}
            if cur.unit != "%" and prior is not None and len(printed) == 1:
                text += f" (the table prints {number(printed.pop())}%)"
            where = cur.caption.strip()
            text += f" — as its table prints it{f' ({where[:90]})' if where else ''}."
            return text, [cur] + ([prior] if prior else [])
    if outside == "Non-U.S." and any(OUTSIDE_US.fullmatch(q) for q in subject.qualifiers):
        # (General Mills prints "Non-United States")
        return answer_from_cells(conn, question, name, subject, hits, company, amount, outside="Non-United States")
    last = own_measure.rpartition(" ")[2]
    bare = own_measure.rpartition(" ")[0] if last in EXPENSE_WORDS | _COUNT_WORDS else own_measure
    if bare != own_measure and not subject.qualifiers and subject.metric is None and subject.kind == "amount" \
            and set(bare.split()) - _NEUTRAL:
        # "marketing expenses" printed as the statement's row "Marketing": that row, named by exactly the rest
        # (never "Sales and marketing"); "diluted share count" printed as the count's row ("Weighted-average common
        # shares outstanding › Diluted"): the row of what is counted
        # (a count is no move of a line: its rows are any naming what is counted)
        row = answer_from_cells(conn, question, name, replace(subject, measure=bare, keeps=None if last in _COUNT_WORDS
                                                              else subject.keeps), hits, company, amount, outside)
        if row is not None and (last in _COUNT_WORDS
                                or " ".join(_words(row[1][0].row_path.split(" › ")[-1])) == bare):
            return row
    return None


#: Words after a counted thing that name its count, no word a row prints ("share count", "store count").
_COUNT_WORDS = frozenset({"count", "counts"})


#: Words tying a measure to its object, as a pattern to split a measure's words at.
_TYING = re.compile(rf"\b(?:{'|'.join(sorted(TYING_WORDS))})\b")


def _doubled(rows: list[Any]) -> set[tuple[Any, ...]]:
    """The rows (label, page, caption, column, period) printing two figures for one period in one table — column
    groups whose names the text lost ("Europe 37 364" under "Amortization of Intangible Assets ¦ Depreciation and
    Other Amortization"): which figure is which, only those names tell."""
    seen: dict[tuple[Any, ...], set[float]] = {}
    for r in rows:
        seen.setdefault((r[3], r[1], r[4], r[5], r[6], r[7]), set()).add(float(r[8]))
    return {k for k, v in seen.items() if len(v) > 1}


def _bare_total_of(row: Any, measure: str) -> bool:
    """Is ``row`` (a ``_rows`` row) a table's bare "Total", under no heading but its units, of the ``measure`` (two
    words or more) that the sentence introducing the table names: "(MILLIONS) › Total" under "The following presents
    information about revenue deductions:"?"""
    return len(measure.split()) >= 2 and total_introduced(row[3], row[4], measure)


#: A roll-forward's closing balance row.
_CLOSING = re.compile(r"(?i)^(?:ending|closing)\s+balance|^balances?,?\s+(?:at\s+|as\s+of\s+)?(?:the\s+)?end\b")


#: A caption under a note to the financial statements ("Note 15. Additional Financial Information > …"): the company's.
_NOTE = re.compile(r"(?i)\s*note\s+\d+\b")


def _heading_naming(qualifiers: tuple[str, ...], caption: str, row_path: str) -> str | None:
    """The part asked that a heading over the table names ("Global Services" over "Operating margins"), by name
    or by its initials ("… the business profile of CCB."), and the row's own path does not: said before the row."""
    caption_words, path_words = set(_words(caption)), set(_words(row_path))
    for q in qualifiers:
        words = _words(q)
        initials = "".join(w[0] for w in words)
        named = q.lower() in caption.lower() or (len(words) >= INITIALS_MIN and initials in caption_words)
        if q.lower() not in NOT_NAMES and named and not _within(" ".join(words), path_words) \
                and initials not in path_words:
            return q
    return None


#: A part asked as "outside the United States".
OUTSIDE_US = re.compile(r"(?i)outside\s+(?:the\s+)?(?:united\s+states|u\.?s\.?)")
#: A place asked by its people's name → as tables print the place.
PLACE_OF = {"canadian": "Canada", "mexican": "Mexico", "chinese": "China", "japanese": "Japan", "indian": "India",
            "brazilian": "Brazil", "german": "Germany", "french": "France", "british": "United Kingdom",
            "australian": "Australia", "european": "Europe", "asian": "Asia", "korean": "Korea", "italian": "Italy",
            "spanish": "Spain", "irish": "Ireland", "swiss": "Switzerland", "dutch": "Netherlands",
            "north american": "North America", "latin american": "Latin America"}
#: A name the full-text index splits otherwise than its words: "Retail/LTC", "Non-U.S.".
_SPLIT_NAME = re.compile(r"[\w&]+(?:/[\w&]+)+|[\w&]+-(?:[\w&]+\.)+")


def _says_line(label: str, measure: set[str], q_words: set[str]) -> bool:
    """Is a row label the line the question names in its own words ("net income attributable to common
    shareholders" asked, printed so; "Prescriptions filled" for how many prescriptions a segment did fill): a word
    of the measure, every other word the question's, a verb's as its past ("filled" for "fill")."""
    words = set(_words(label))
    return any(_within(w, measure) for w in words) and all(
        _within(w, measure | q_words) or any(w.endswith(end) and w[:-len(end)] in q_words for end in ("ed", "d"))
        for w in words)


def in_one_label(moved: str, row_path: str) -> bool:
    """Are the words ``moved`` (a measure's, as _words gives them) one label's of ``row_path``, as it prints them
    ("equity earnings" is no "Stockholders' equity › Retained earnings")? What a measure is tied to may be printed with
    other words between: "Base compensation and related benefits associated with headcount" for "base compensation
    tied to headcount"."""
    pieces = [p.strip() for p in _TYING.split(moved) if p.strip()]
    # (a plural for a singular and back: "deferred tax liability" is "Deferred tax liabilities related to")
    return _within(" ".join(pieces), set(_words(row_path))) and any(
        all(in_a_row(" ".join(_words(part)), p) for p in pieces)
        for part in row_path.split(" › "))


def _measure_words(subject: Any, terms: list[str]) -> set[str]:
    """Words of what is measured (the question's measure without its qualifiers), with the statement
    metric's own words: a row must stand under one of them (its headings, caption or column)."""
    named = {w for t in terms for w in t.split()}
    # (a part asked by its initials, "AWS depreciation and amortization expense" of Amazon Web Services: no word
    # of the measure)
    named |= {"".join(w[0] for w in t.split()) for t in terms if len(t.split()) >= INITIALS_MIN}
    words = {w for w in _words(subject.measure or "") if w not in named}
    words |= METRIC_WORDS.get(subject.metric or "", set())
    if words & {"income", "earnings", "profit"}:
        words.add("loss")  # "Net income/(loss)", "Operating income (loss)": the profit's own row
    return words - {"net", "total"}


def points_moved(now: float, before: float) -> str:
    """A rate's change in points, as a clause (", down 2.5 percentage points (250 basis points)"); "" when
    unchanged. ``now``, ``before``: percentages."""
    points = round(now - before, 2)
    if not points:
        return ""
    return (f", {'up' if points > 0 else 'down'} {abs(points):g} percentage points "
            f"({number(round(abs(points) * 100))} basis points)")



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
from datetime import date
from typing import Any

import psycopg

from finchat.answer.asked import _NEUTRAL
from finchat.answer.cellrows import (
    CellFigure,
    _names_row,
    _row_named_after,
    _rows,
    _within,
    _without_name,
    _words,
    _words_of,
    other_name,
)
from finchat.answer.figures import HOW_MANY, number
from finchat.answer.parts import bare_measure, company_segments, segment_pattern, short_names, spelled_out
from finchat.answer.tagged import scoped_filings
from finchat.graph.lexicon import metrics_in_question

#: A statement metric's words as tables print them above a segment's or product's row.
_METRIC_WORDS = {"revenue": {"revenue", "revenues", "sales"}, "net_income": {"income", "earnings"},
                 "eps_diluted": {"eps", "earnings", "share"}, "eps_basic": {"eps", "earnings", "share"},
                 "operating_income": {"operating", "income", "ebit", "profit"}, "gross_profit": {"gross"},
                 "capex": {"capital", "expenditures"}}
_COST = re.compile(r"(?i)\bcosts?\b|\bexpenses?\b")
#: Measures that are percentages (a part's "return on equity" is its printed percentage, never an amount).
_PERCENT_MEASURES = re.compile(r"(?i)^(?:return on (?:average )?(?:tangible )?(?:common )?(?:equity|assets|capital)|"
                               r"dividend payout ratio|effective tax rate|\w+ margin|.*\b(?:market|wallet) share)$")
#: Qualifiers that say how a figure is measured, not what it is of.
NOT_NAMES = frozenset({"adjusted", "non-gaap", "organic", "reported", "gaap", "core", "recast", "restated", "recasted"})
#: Of those, the ones naming a measure other than the statement's line ("core EPS").
_NON_GAAP = frozenset({"adjusted", "non-gaap", "organic", "core", "operational"})
#: Words of its own a measure asked needs for the row printing them all to come first (MGM China's "VIP table games
#: turnover", held-out 22; two-word measures such as "net sales" are printed under every part).
SPOKEN_WORDS = 3
#: Days a column's end date may lie from the filing's period end and still be the period asked.
SAME_PERIOD_DAYS = 8


#: Measures tables print spelled out that questions ask by their initials.
SPELLED_OUT = {"ebit": "earnings before interest and taxes", "ebt": "earnings before taxes",
               "ebitda": "earnings before interest taxes depreciation and amortization",
               "sg&a": "selling general and administrative", "r&d": "research and development"}
#: A spelled-out measure may lack one word in this many (a wrapped label's lost "taxes").
SPELLED_SLACK = 4
#: Words a name needs before its initials are looked for: "North America" as "NA" would match "not available".
INITIALS_MIN = 3


def answer_from_cells(conn: psycopg.Connection, question: str, name: str, subject: Any, hits: list[Any],
                      company: str | None, amount: bool = False) -> tuple[str, list[CellFigure]] | None:
    """(answer text, [the figure, the year-earlier one]) from the first scoped filing with a matching row;
    None when none has one. ``amount``: the part's amount is wanted (a share computed from it), whatever
    percentage the question asks."""
    if subject.kind not in ("amount", "rate", "share"):
        return None
    segments = company_segments(conn, company)
    # "JPMorgan's CIB": a segment asked by its initials, printed spelled out ("CORPORATE & INVESTMENT BANK")
    full_names = spelled_out(segments, subject.qualifiers)
    terms = [" ".join(_words(full_names.get(q, q))) for q in subject.qualifiers
             if not q.startswith("by ") and q.lower() not in NOT_NAMES]
    terms = [t for t in dict.fromkeys(terms) if t]
    # a rate no statement line gives ("overhead ratio" builds on expenses): its own row
    labelled: set[str] = set()
    if not terms and subject.measure and (subject.metric is None or subject.kind == "rate"):
        terms = [" ".join(_words(subject.measure))]
        # "core operating margin": a margin measured otherwise is its own row ("Core operating margins"),
        # never the GAAP one
        labelled = {q.lower() for q in subject.qualifiers if q.lower() in _NON_GAAP} - set(terms[0].split())
    # "core EPS", "adjusted operating income": a statement line measured otherwise, printed as a row of its own
    # ("Core EPS", "Non-GAAP diluted EPS") — the row, never the GAAP line, answers it
    if not terms and subject.metric:
        terms = [t for t in dict.fromkeys(" ".join(_words(q)) for q in subject.qualifiers
                                          if q.lower() in _NON_GAAP) if t]
        labelled = {w for t in terms for w in t.split()}
    if not terms:
        return None
    # a part's figure measured otherwise ("PepsiCo Europe's core operating profit"): only a row or column saying so
    labelled = labelled or {q.lower() for q in subject.qualifiers if q.lower() in _NON_GAAP}
    # "medical benefit ratio" is printed "MBR", "Frito-Lay North America" "FLNA": rows holding the initials of
    # the measure or of a name asked hold those words
    spelled = [_words(subject.measure or "")] if subject.metric is None else []
    # ("average monthly active users" are printed "average MAUs": the initials of the words after a neutral one too)
    spelled += [ws[1:] for ws in spelled if len(ws) > INITIALS_MIN and ws[0] in _NEUTRAL]
    acronyms = {"".join(w[0] for w in ws): ws for ws in [*spelled, *(t.split() for t in terms)]
                if len(ws) >= INITIALS_MIN}
    # "Retail/LTC" is one token of the index (a path to the text search parser): looked for as printed too
    acronyms.update({q.lower(): _words(q) for q in subject.qualifiers if re.fullmatch(r"[\w&]+(?:/[\w&]+)+", q)})
    q_words = set(_words(_without_name(question, name)))
    # "by what percentage did … net sales grow": the change of the amounts, not a percentage row
    want_pct = not amount and subject.kind in ("rate", "share") or not amount and (
        bool(re.search(r"(?i)\b(percent|percentage|rate|margin|%)\b", question))
        and not (_CHANGE_ROW.search(question) and not re.search(r"(?i)\bmargin|\brate\b", question))
        or _PERCENT_MEASURES.search(subject.measure or "") is not None)
    # "What gross margin did Apple's Products earn": a margin asked in no percentage's words is, where a row prints
    # it in money under the name asked ("Gross margin › Products" beside "Gross margin percentage › Products"), that
    money_margin = (" ".join(_words(subject.measure or "")) if want_pct and subject.kind == "amount"
                    and subject.metric is not None and re.search(r"(?i)\bmargin\b", subject.measure or "")
                    and not re.search(r"(?i)\b(percent|percentage|rate|ratio)\b|%", question) else "")
    # naming no part of the company (a KPI alone is no part: "backlog"), the company's own figure is asked
    company_wide = not any(not q.startswith("by ") and bare_measure(q) != bare_measure(subject.measure or "")
                           for q in subject.qualifiers)
    parts = segment_pattern(conn, company, segments) if company_wide else None
    # "Global Services revenue" in a table captioned "BGS revenues consist of the following:"
    acronyms.update(short_names(segments, question))
    # a measure asked by its initials ("EBIT"), printed spelled out ("Earnings before interest and taxes")
    acronyms.update({a: _words(SPELLED_OUT[a]) for a in _words(subject.measure or "") if a in SPELLED_OUT})
    # (initials asked and spelled out are the part's name, not the measure: "MFC backlog" measures backlog)
    measure = _measure_words(subject, terms) - {w for q in full_names for w in _words(q)}
    # a rate asked of a part ("net write-off rate … on Card Member loans") is a row naming the rate, not any
    # percentage of the part's table ("Net interest yield on average Card Member loans")
    named_rate = (set(_words(subject.measure or "")) - _RATE_WORDS - {w for t in terms for w in t.split()}
                  if subject.kind == "rate" else set())
    if not measure and not subject.measure and subject.kind == "amount" and not amount:
        return None  # a part named with no measure read ("Consumer's … net additions"): any row of it is no answer
    asked = {w for t in terms for w in t.split()}
    spoken = measure & q_words - asked
    # (or a change printed only as a percentage: "How much did J&J's international sales change operationally")
    grown = not want_pct and not amount and bool(re.search(r"(?i)\bgrowth\b", question) or _CHANGE_ROW.search(question))
    # what moved a line ("How much did the F-35 program add to Aeronautics net sales"): a row naming it, never a
    # row of the part whose line it moved
    moved = " ".join(_words(subject.measure)) if subject.keeps == () and subject.metric is None else ""
    for doc_id, period_end, months in scoped_filings(conn, question, hits, company, 2):
        found = _rows(conn, doc_id, [*terms, *acronyms, *(f"{a}s" for a in acronyms if a.isalpha())])  # ("MAUs")
        if moved:
            # (its words in a row, as one label prints them: "equity earnings" is no "Stockholders' equity ›
            # Retained earnings")
            found = [r for r in found if _within(moved, set(_words(r[3])))
                     and any(f" {moved} " in f" {' '.join(_words(part))} " for part in r[3].split(" › "))]
        # rows naming the subject first; then rows under a caption naming it ("Sam's Club Segment — Including
        # Fuel › Net sales"), only the measure's own row or one naming part of what was asked ("Grocery" there
        # is another item)
        best = None
        # a measure asked in three words or more of the question's own ("VIP table games turnover") printed as a
        # row of the part's table: that row first, not a row naming the part under another measure
        for rows in ([r for r in found if len(spoken) >= SPOKEN_WORDS and spoken <= set(_words(r[3]))],
                     [r for r in found if r[13]],
                     [r for r in found if _is_measure(r[3].split(" › ")[-1], measure)
                      or asked & set(_words(r[3].split(" › ")[-1]))]):
            if money_margin:
                best = _pick(rows, terms, q_words, months, period_end, False, measure, question, acronyms, labelled,
                             company_wide=company_wide, parts=parts, named_rate=named_rate, metric=subject.metric)
                best = best if best is not None and _within(money_margin, set(_words(best[0].row_path))) else None
            best = best or _pick(rows, terms, q_words, months, period_end, want_pct, measure, question, acronyms,
                                 labelled, company_wide=company_wide, parts=parts, named_rate=named_rate,
                                 metric=subject.metric)
            if best is None and grown:
                # a growth no amounts give, printed as a percentage row naming what is asked ("Sales change
                # analysis › Organic local-currency 5.1 %" for "organic local-currency sales growth")
                best = _pick([r for r in rows if any(_within(t, set(_words(r[3].split(" › ")[-1]))) for t in terms)],
                             terms, q_words, months, period_end, True, measure, question, acronyms, labelled,
                             company_wide=company_wide, parts=parts, named_rate=named_rate, metric=subject.metric)
            if best is not None:
                break
        if best is None and len(terms) >= 2:
            # an item asked of its segment ("Equity Markets revenues in the CIB") printed in a table no heading of
            # which names the segment (its name heads the page before): the filing's one row naming the item
            owners = {" ".join(_words(x)) for names in segments for x in names} & set(terms)
            rest = [t for t in terms if t not in owners]
            named = [r for r in found if rest and all(_within(t, set(_words(r[3].split(" › ")[-1]))) for t in rest)]
            if owners and len({r[3] for r in named}) == 1:
                best = _pick(named, rest, q_words, months, period_end, want_pct, measure, question, acronyms, labelled,
                             named_rate=named_rate, metric=subject.metric)
        if best is not None:
            cur, prior = best
            # "… under management in alternatives": a row of the same table the question names in lower case
            # after a preposition ("Alternatives" beside "Total assets under management") is the one asked
            best = _row_named_after(conn, doc_id, cur, question, measure | asked) or best
            cur, prior = best
            heading = _heading_naming(subject.qualifiers, cur.caption, cur.row_path)
            label = f"{heading} › {cur.row_path}" if heading else cur.row_path
            if " — " in cur.col_label:  # a named column's figure ("Water — As of December 31, 2021")
                label = f"{label} ({cur.col_label.split(' — ')[0]})"
            label = re.sub(r"\s*\.{3,}\s*", " ", label).strip()  # a label's leader dots ("Subscription.......")
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
                       and r[10] == "%" and _CHANGE_ROW.search(str(r[5] or ""))}
            if cur.unit != "%" and prior is not None and len(printed) == 1:
                text += f" (the table prints {number(printed.pop())}%)"
            where = cur.caption.strip()
            text += f" — as its table prints it{f' ({where[:90]})' if where else ''}."
            return text, [cur] + ([prior] if prior else [])
    return None


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


def _measure_words(subject: Any, terms: list[str]) -> set[str]:
    """Words of what is measured (the question's measure without its qualifiers), with the statement
    metric's own words: a row must stand under one of them (its headings, caption or column)."""
    named = {w for t in terms for w in t.split()}
    words = {w for w in _words(subject.measure or "") if w not in named}
    words |= _METRIC_WORDS.get(subject.metric or "", set())
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


def _pick(rows: list[Any], terms: list[str], q_words: set[str], months: int, period_end: date,
          want_pct: bool, measure: set[str] | None = None, question: str = "",
          acronyms: dict[str, list[str]] | None = None,
          labelled: set[str] | None = None, company_wide: bool = False,
          parts: re.Pattern[str] | None = None,
          named_rate: set[str] | None = None, metric: str | None = None) -> tuple[CellFigure, CellFigure | None] | None:
    """The best current cell of ``rows`` and its year-earlier one; ``acronyms``: initials of the measure or of a
    name asked → their words; ``labelled``: words the row's own label and headings must hold ("core");
    ``company_wide``: the question names no part of the company, so a consolidated table's row comes first and a
    row of a table about one of its ``parts`` (a pattern of its segments' names) last; ``metric``: the statement
    line asked, when one is — a row that is another line is no answer."""
    def _words(text: str) -> list[str]:
        """Words of ``text``; initials there ("MBR", "FLNA") stand for the words they abbreviate."""
        found = _words_of(text)
        # and the words a row spells out stand for their initials asked ("Earnings before interest and taxes": EBIT)
        return found + [w for a, ws in (acronyms or {}).items() if a in found or f"{a}s" in found for w in ws] + [
            a for a, ws in (acronyms or {}).items()
            if a in SPELLED_OUT and len(set(ws) - set(found)) <= len(ws) // SPELLED_SLACK]

    cells = [CellFigure(r[0], int(r[1]), r[2], r[3], r[4] or "", r[5] or "", r[6], r[7], float(r[8]), r[9], r[10],
                        r[12] if len(r) > 12 else "") for r in rows]
    duration = f"{months}M"

    def current(c: CellFigure) -> bool:
        if c.as_of is None or abs((c.as_of - period_end).days) > SAME_PERIOD_DAYS:
            return False
        return c.duration in (duration, None)

    # a measure in the question's own words, of many words, by all of them but one ("wireless retail postpaid phone
    # net additions" is not any row mentioning "wireless"); a statement metric's words by any one
    own = measure or set()
    need = len(own) - 1 if len(own) >= 4 and own <= q_words else 1
    # a statement line no table words stand for ("net interest income"): every word of it the question says, not
    # any one ("income" of "Total CCB mortgage fees and related income")
    said_of_line = own & q_words if metric and metric not in _METRIC_WORDS else set()

    # a cost asked ("subscription cost of revenue"): rows naming a cost only, and revenue rows no cost
    cost = bool(measure and measure & {"cost", "costs", "expense", "expenses"})
    # (a cost is the part asked: "selling and administrative expense as a percentage of revenues", printed as its
    # ratio row; its amount over a total of costs is no share of revenue)
    part_cost = any(w in ("cost", "costs", "expense", "expenses") for t in terms for w in t.split())

    averaged = bool(re.search(r"(?i)\bweighted\b|\baverage\b", question))

    def measured(c: CellFigure) -> bool:
        if measure and measure & {"revenue", "revenues", "sales"} and not cost and not (part_cost and c.unit == "%") \
                and _COST.search(c.row_path):
            return False  # "Cost of revenue › Subscription" is no revenue
        if cost and not _COST.search(f"{c.row_path} {c.caption}"):
            return False  # and "Total subscription revenue" is no cost of revenue
        label = c.row_path.split(" › ")[-1]
        if _WEIGHTED_ROW.search(label) and not averaged:
            return False  # "Weighted-average ordinary shares to be repurchased": a denominator, no count of an act
        if measure and not measure & set(_words(label)) and metrics_in_question(label):
            return False  # "Net sales of Hemlock …" is no net income of Hemlock, whatever its table also prints
        lines = metrics_in_question(label) if metric else []
        if lines and metric not in lines:
            return False  # "Net income/(loss)" is another line than the net interest income asked
        if metric and measure and set(_words(c.row_path)) & _CHARGE_WORDS and not measure & _CHARGE_WORDS:
            return False  # "Other operating charges › Asia Pacific" is no operating income of Asia Pacific
        # (a table's Total rows tell what its items are, not what another total is: "Total Fios revenue" is no
        # service revenue for its sibling "Total Wireless service revenue")
        told = "" if re.match(r"(?i)total\b", label) else c.totals
        # ("by operating segment": the segments, no word of operating income)
        around = set(_words(f"{c.row_path} {_SEGMENT_TERM.sub(' ', c.caption)} {c.col_label} {told}"))
        # every qualifier stands by the row (EMEA's memberships, not the company's), and the measure
        # (a measure of many words by most of them: "wireless retail postpaid phone net additions" is not any
        # row mentioning "wireless")
        # ("Microsoft Cloud" asked is no row of "Intelligent Cloud")
        if any(other_name(c.row_path, t, question) for t in terms):
            return False
        return all(_within(t, around) for t in terms) and (
            not measure or sum(_within(w, around) for w in measure) >= need) and all(
            _within(w, around) for w in said_of_line)

    share = bool(_SHARE_ASKED.search(question))
    # "How many …" asks a count: no amount of money answers it
    counted = bool(re.match(HOW_MANY, question))
    # an amount of money asked ("net operating revenues") is no plain number (Coca-Cola's segment table of
    # percentages read without its "%")
    money = bool((measure or set()) & _MONEY_WORDS) and not counted
    now = [c for c in cells if current(c) and (c.unit == "%") == want_pct and measured(c)
           and (not counted or c.unit == "count") and not (money and c.unit == "count")
           # a share is no growth rate or comparable-sales figure printed beside the name, unless its table
           # says it is a share ("% of net sales", "Revenue Mix")
           and not (share and c.unit == "%" and _NOT_SHARE.search(f"{c.row_path} {c.caption} {c.col_label}")
                    and not _SHARE_WORDS.search(f"{c.row_path} {c.caption} {c.col_label}"))
           # (the row's own headings first: "Comparable Sales Summary › Consumer Electronics" beside "Revenue Mix
           # Summary › …" in one table; and no share is negative)
           and not (share and c.unit == "%" and (c.value < 0 or _NOT_SHARE.search(c.row_path)
                                                 and not _SHARE_WORDS.search(c.row_path)))
           # a printed share is the part's when its row names the part: "Grocery 58 %" under a Sam's Club
           # caption is grocery's share of the club's sales
           # (an expense's ratio row names the expense; the part whose revenue it is of may head its table: "Operating
           # expenses % of revenues" under "Retail/LTC Segment")
           and not (share and c.unit == "%" and not all(_names_row(t, set(_words(c.row_path))) for t in terms
                                                        if not part_cost or _COST.search(t)))
           and not (share and c.unit == "%" and _another_ratio(c.row_path, terms))]

    # a company's figure asked: a row printed again under each of several items of one table ("Stores ›
    # Comparable sales increase", "Direct-to-customers › Comparable sales decrease") is an item's, not the company's
    def printed_as(c: CellFigure) -> tuple[int, str, str]:
        last = c.row_path.rpartition(" › ")[2]
        return c.page, c.caption, " ".join(w for w in _words(last) if not _CHANGE_ROW.fullmatch(w))

    repeated: dict[tuple[int, str, str], set[str]] = {}
    for c in cells if company_wide else []:
        if " › " in c.row_path:
            repeated.setdefault(printed_as(c), set()).add(c.row_path.rpartition(" › ")[0])
    # (a total printed under each breakdown, "Assets by asset class › Total assets under management", is the company's)
    now = [c for c in now if len(repeated.get(printed_as(c), ())) < 2 or " › " not in c.row_path
           or any(re.match(r"(?i)total\b", part) for part in c.row_path.rsplit(" › ", 1))]

    def item_only(c: CellFigure) -> bool:
        """A row under the qualifier's heading that is one of its items ("International › Appliances"), neither
        the qualifier itself nor its measure or total: not the qualifier's figure."""
        parent, _, last = c.row_path.rpartition(" › ")
        if not parent or any(_names_row(t, set(_words(last))) for t in terms):
            return False
        # "marketing expenses" read as "Operating expenses › Marketing": the row is the measure asked (a heading
        # holding all of it, "TPV › Number of payment transactions", heads other measures)
        if any(set(t.split()) & set(_words(last)) and _within(t, set(_words(c.row_path)))
               and not _within(t, set(_words(parent))) for t in terms):
            return False
        # (a bare "Total" under a heading that is the thing asked, "Other Operating Charges › Total", is its total)
        if last.strip().lower() == "total" and (measure or any(set(_words(parent)) == set(t.split()) for t in terms)) \
                or measure and _is_measure(last, measure):
            return False
        # a rate asked, the measure's ratio to sales ("Domestic Segment › Operating income as a % of revenue" for the
        # segment's operating income rate)
        ratio = _RATIO_ROW.match(last) if want_pct and measure else None
        if ratio and _is_measure(ratio.group("of"), measure or set()):
            return False
        # a model the question names ("Aircraft Deliveries › F-35" for "how many F-35 aircraft"): asked
        if {w for w in _words(last) if re.search(r"\d", w)} & {w for t in terms for w in t.split()}:
            return False
        if company_wide:  # the measure asked is the heading ("TPV"): a row under it is another measure
            return True
        return len({x.row_path for x in now if x.row_path.rpartition(" › ")[0] == parent}) >= 2

    # a per-share measure ("core EPS") is answered by a per-share figure, never an amount
    per_share = bool(measure and measure & {"eps"}) or bool(re.search(r"(?i)\bper share\b|\beps\b", question))
    now = [c for c in now if not item_only(c)
           and (not labelled or labelled <= set(_words(f"{c.row_path} {c.col_label}")))
           and (not named_rate or _within(" ".join(sorted(named_rate)), set(_words(c.row_path))))
           and (not (labelled and per_share) or c.unit == "USD/share")]
    # what moved EPS is per share: a reconciliation's per-share row ("Impairment losses 1.38"), not the amount
    if per_share and any(c.unit == "USD/share" for c in now):
        now = [c for c in now if c.unit == "USD/share"]
    if not now:
        return None

    asks_place = bool(_GEO.search(question))
    asks_change = bool(_CHANGE_ROW.search(question))
    asks_cash = bool(re.search(r"(?i)\bcash\b", question))

    # one row name printed by several tables of the period (the company's, then each region's in Nike's MD&A):
    # naming no place, the question asks the largest — the whole the others are parts of
    # (rows of one page sharing a name are told apart by their headings, not their size)
    def named_as(c: CellFigure) -> tuple[str, Any, str]:
        """A row's name without its units ("Billed business (billions)" is "billed business"), period, unit."""
        last = re.sub(r"\([^)]*\)", " ", c.row_path.split(" › ")[-1])
        return " ".join(w for w in _words(last) if w not in _UNIT_WORDS), c.as_of, c.unit

    widest: dict[tuple[str, Any, str], list[tuple[int, float]]] = {}
    for c in now:
        if c.unit != "%":
            widest.setdefault(named_as(c), []).append((c.page, c.value))

    def is_smaller(c: CellFigure) -> bool:
        group = widest.get(named_as(c), [])
        return (sum(1 for p, _ in group if p == c.page) == 1
                and any(v > c.value for p, v in group if p != c.page))

    def score(c: CellFigure) -> tuple[int, ...]:
        path = set(_words(c.row_path))
        label = set(_words(c.row_path.split(" › ")[-1]))
        around = set(_words(f"{c.row_path} {c.caption} {c.col_label}"))
        held = sum(1 for t in terms if _within(t, path))
        named = sum(1 for t in terms if _within(t, label))
        # a name split between the row and its caption ("Service" under "Subscription and support revenues by
        # service offering"): the row holding more of it
        # — not a row adding words the question lacks ("Pharmacy network" for Pharmacy Services' revenues)
        strange = label - q_words - (measure or set()) - {w for t in terms for w in t.split()} - {"net", "total"}
        partly = 0 if strange else max((len(set(t.split()) & label) for t in terms if not _within(t, path)),
                                       default=0)
        # the measure in the row's own headings or column beats a caption that merely mentions it
        # — unless the row's own label adds a word the question lacks ("Casino revenue" for net revenues)
        own = int(bool(measure and measure & set(_words(f"{c.row_path} {c.col_label}")))
                  and not label - q_words - (measure or set()) - {w for t in terms for w in t.split()}
                  - {"net", "total", "segment"})
        # a row that is the measure ("Revenues" under LATAM) over one that names it among other words
        # ("Average monthly revenue per membership"); then the row with fewest words the question lacks
        last = c.row_path.split(" › ")[-1]
        # a bare "Total" under the qualifier's heading is that segment's measure (its table's caption names it)
        exact = int(bool(measure) and (_is_measure(last, measure or set()) or (
            " › " in c.row_path and last.strip().lower() == "total")))
        # of two rows that are the measure, the one holding more of the question's words of it ("Net interest
        # income", not "Net income/(loss)", for net interest income)
        spoken_in = len((measure or set()) & q_words & set(_words(last)))
        extra = len(path - q_words - (measure or set()) - {w for t in terms for w in t.split()})
        # the sentence introducing the table names the measure ("… presents segment net income …")
        # — best without words the question lacks just before it ("Wireless service revenue" for operating revenues)
        lead = _introduced(c.caption, measure or set(), q_words)
        # a question naming no place asks the company's figure, not a region's (UCAN's, LATAM's)
        placed = int(" › " in c.row_path and bool(_GEO.search(c.row_path.split(" › ")[0])) and not asks_place)
        # JPMorgan's firm-wide overhead ratio ("Consolidated financial highlights"), not a business line's
        whole = int(company_wide and bool(_CONSOLIDATED.search(c.caption)))
        # Lockheed's backlog is the company's, not the one under "Missiles and Fire Control …"
        # (a table of the parts' figures ends on the company's: its bare "Total" row, under no part's heading)
        grand = last.strip().lower() in ("total", "total company", "consolidated") and not (
            parts is not None and parts.search(c.row_path))
        segmental = int(company_wide and parts is not None and bool(parts.search(f"{c.caption} {c.row_path}"))
                        and not grand)
        # a row of changes ("Worldwide declines from Paxlovid") answers no question asking the amount itself
        changed = int(bool(_CHANGE_ROW.search(c.row_path)) and not asks_change)
        # "Total subscription revenue" for Digital Media's: a total whose path lacks a name asked is everyone's
        # — unless the table's caption is the part's ("… summarizes the Pharmacy Services segment's performance";
        # not one listing every segment: "… reportable segments: Digital Media, Digital Experience …")
        titled = " ".join(_words(c.caption.replace("’", "'").replace("'s ", " ")))
        total = int(bool(re.match(r"(?i)total\b", last.strip()))
                    and any(not _within(t, path) and f"{t} segment" not in titled for t in terms))
        smaller = int(not asks_place and c.unit != "%" and is_smaller(c))
        # a cash flow statement's row reconciling net income is a line's non-cash part ("Other operating charges"
        # added back), not the line: another table's row first, unless cash is asked
        flow = int(not asks_cash and bool(_CASH_FLOWS.search(c.caption)))
        return (held, partly, -total, -changed, own, exact, spoken_in, -placed, -segmental, -flow, whole, lead, named,
                -smaller, -extra,
                # a row's named columns ("Water ¦ Wastewater"): the one the question names
                len(q_words & set(_words(c.col_label.split(" — ")[0]))) if " — " in c.col_label else 0,
                len(q_words & around),
                # a row's named columns ("Insured ¦ ASC ¦ Total"), none asked: its total column
                int(bool(re.match(r"(?i)total\b", c.col_label))),
                int(c.duration == duration), -c.page)

    for best in sorted(now, key=score, reverse=True):
        prior = [c for c in cells if c.row_path == best.row_path and c.duration == best.duration
                 and c.unit == best.unit and c.as_of is not None and best.as_of is not None
                 and 340 <= (best.as_of - c.as_of).days <= 390 and c.page == best.page]
        # two tables of the page with the row (a segment's subscription revenue, its total revenue): the one
        # with the figure's own caption
        prior = [c for c in prior if c.caption == best.caption] or prior
        # two rows of one label on the page (a segment's sales and its EBIT): the year-earlier figure is not sure
        earlier = prior[0] if len({c.value for c in prior}) == 1 else None
        # columns a text table's layout implied (its year-earlier column undated) that are no periods (kinds of
        # revenue read as years): not an answer; a header that prints the dates is believed (Paxlovid fell 98 %)
        if earlier is not None and earlier.col_label.endswith("a year earlier") and _implausible(best.value, earlier.value):
            continue
        return best, earlier
    return None


#: A statement of cash flows.
_CASH_FLOWS = re.compile(r"(?i)\bstatements?\s+of\s+cash\s+flows?\b|\bcash\s+flows?\s+statements?\b")
#: A table of the whole company's figures.
_CONSOLIDATED = re.compile(r"(?i)\bconsolidated\b(?!\s+financial\s+sta)")  # (not the notes' page header)

#: "Adjusted EBIT as a percentage of net sales": what comes before the phrase is the ratio's numerator.
_RATIO_ROW = re.compile(r"(?i)^(?P<of>.*?\w.*?)\s+(?:as\s+an?\s+)?(?:%|percent(?:age)?)\s+of\b")


def _another_ratio(row_path: str, terms: list[str]) -> bool:
    """Whether a percentage row is another measure's ratio ("Flexibles › Adjusted EBIT as a percentage of net
    sales" is the segment's margin), not the share of the part ``terms`` name."""
    m = _RATIO_ROW.match(row_path.rpartition(" › ")[2])
    return m is not None and not any(_within(t, set(_words(m.group("of")))) for t in terms)


#: Words of a measure of money.
_MONEY_WORDS = frozenset({"revenue", "revenues", "sales", "income", "profit", "earnings", "expense", "expenses",
                          "cost", "costs", "ebitda", "ebit", "ebitdar"})
#: Words naming a kind of rate, not which one.
_RATE_WORDS = frozenset({"rate", "rates", "ratio", "margin", "percentage", "percent", "net", "total"})
#: Units words in a row's name.
_UNIT_WORDS = frozenset({"in", "thousands", "millions", "billions", "dollars", "usd", "000"})
#: A question asking a part's share of a whole.
_SHARE_ASKED = re.compile(r"(?i)\b(?:share|portion|proportion|percent(?:age)? of|% of)\b")
#: Words of a table of percentages that are no shares: changes, comparable sales, margins, rates.
_NOT_SHARE = re.compile(r"(?i)\b(?:comparable|comp\b|growth|change|increase|decrease|margin|rate|yield|return)")
#: Words of a table that prints shares of a whole.
_SHARE_WORDS = re.compile(r"(?i)%\s*of\b|\bpercent(?:age)?\s+of\b|\bshare\b|\bmix\b|\bof\s+total\b|\bas\s+a\s+percent|"
                          r"›\s*of\s")  # (a ratio row under its line: "Cost of sales – products › of product sales")

#: Row labels and questions about a change rather than an amount.
_CHANGE_ROW = re.compile(r"(?i)\b(?:growth|grew|grow|declines?|declined|increases?|increased|decreases?|decreased|"
                         r"changes?|changed|variance|rise|rises|rose|risen|fall|falls|fell|drop|drops|dropped|"
                         r"jump|jumped|climb|climbed)\b")


#: A row whose figure is this many times its year-earlier one (or that fraction of it) was read from
#: columns that are not periods: American Water's revenue kinds gave "$1,088 … up 11988.9 % from $9".
IMPLAUSIBLE_RATIO = 20


def _implausible(now: float, before: float) -> bool:
    if now == 0 or before == 0 or (now > 0) != (before > 0):
        return False
    ratio = abs(now / before)
    return ratio > IMPLAUSIBLE_RATIO or ratio < 1 / IMPLAUSIBLE_RATIO


__all__ = ["answer_from_cells"]


#: Rows of a breakdown that are not one of its items.
#: Row labels that are places: a regional breakdown's items.
_GEO = re.compile(r"(?i)\b(?:u\.?s\.?|united states|international|americas?|europe|emea|asia|apac|pacific|china|"
                  r"japan|latin|canada|africa|middle east|domestic|foreign(?!\s+(?:currency|currencies|exchange))|north|south|"
                  r"east|west|rest of|emerging|developed|country|countries|world)\b")
_PLAIN_BEFORE = frozenset({"net", "total", "consolidated", "segment", "segments", "reportable", "our", "the", "of", "and",
                           "for", "by", "provides", "following", "table", "tables", "presents", "shows", "operating"})


def _introduced(caption: str, measure: set[str], q_words: set[str]) -> int:
    """2 when the sentence introducing a table names the measure plainly ("… operating revenues"), 1 when with
    words the question lacks just before it ("… Wireless service revenue"), 0 when it does not name it."""
    words = re.findall(r"[a-z0-9]+", _last_sentence(caption).lower())
    at = [i for i, w in enumerate(words) if w in measure]
    if not at:
        return 0
    before = {w for i in at for w in words[max(0, i - 2):i]}
    return 1 if before - q_words - _PLAIN_BEFORE - measure else 2


def _last_sentence(caption: str) -> str:
    """The sentence just above a table (its caption ends with it): what the table holds."""
    return re.split(r"(?<=[a-z0-9)])[.:]\s+(?=[A-Z])", caption.strip())[-1]


#: A denominator's row ("Weighted-average ordinary shares …"): no count of an act, unless an average is asked.
_WEIGHTED_ROW = re.compile(r"(?i)\bweighted[\s-]+average\b")
#: "operating segment(s)", "reportable segment(s)": the segments' name for themselves, no measure's words.
_SEGMENT_TERM = re.compile(r"(?i)\b(?:operating|reportable|business)\s+segments?\b")
#: Words naming a charge line ("Other operating charges"): a row holding one the question does not is another line
#: than the statement metric asked (costs, fees, payments name parts of lines too often: held-out 10, 17, 26, 30).
_CHARGE_WORDS = frozenset({"charge", "charges"})


def _is_measure(label: str, measure: set[str]) -> bool:
    """Is a row label the measure itself ("Net sales", "Revenues"), not a line that mentions it ("Cost of
    sales")?"""
    words = set(_words(label))  # "Operating margins" is the operating margin, "Number of branches" the branches
    return any(_within(w, measure) for w in words) and all(
        _within(w, measure | {"net", "total", "segment", "number"}) for w in words)

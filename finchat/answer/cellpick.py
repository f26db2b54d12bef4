"""Which table row answers: among the cells of rows naming what a question qualifies, the current cell (the
period asked, its length) of the row whose label, headings, caption and introducing sentence best match the
question's measure and words, with the same row's year-earlier cell. Rules that keep another line's row out (a
ratio of something else, a cash-flow or consolidated table for a part, a weighted average for a count of acts)
live here; answer/cells.py finds the candidate rows and words the answer.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from finchat.answer.cellrows import (
    UNIT_WORDS,
    CellFigure,
    _names_row,
    _within,
    _words_of,
    in_a_row,
    last_sentence,
    other_name,
    total_introduced,
    word_forms,
)
from finchat.answer.figures import HOW_MANY
from finchat.answer.rowrules import (
    BARE,
    CASH_FLOWS,
    CHANGE_ROW,
    CHARGE_WORDS,
    CONSOLIDATED,
    DEFERRED_TAX,
    GEO,
    JOINED,
    MANY_WORDS,
    MONEY_WORDS,
    NEUTRAL_WORDS,
    NOT_SHARE,
    OF_THE_MEASURE,
    PEOPLE,
    SEGMENT_TERM,
    SHARE_ASKED,
    SHARE_WORDS,
    SIGNED,
    TAX_NOTE,
    THE_TABLE,
    WEIGHTED_ROW,
    another_ratio,
    implausible,
    introduced,
    is_measure,
    item_of_total,
    name_split,
    ratio_of,
    sibling,
    splits_name,
)
from finchat.answer.shapes import EFFECT, RECONCILED_IN
from finchat.graph.lexicon import metrics_in_question

#: A statement metric's words as tables print them above a segment's or product's row.
METRIC_WORDS = {"revenue": {"revenue", "revenues", "sales"}, "net_income": {"income", "earnings"},
                "eps_diluted": {"eps", "earnings", "share"}, "eps_basic": {"eps", "earnings", "share"},
                "operating_income": {"operating", "income", "ebit", "profit"}, "gross_profit": {"gross"},
                "capex": {"capital", "expenditures"}, "rnd": {"research", "development"}}
_COST = re.compile(r"(?i)\bcosts?\b|\bexpenses?\b")
#: Days a column's end date may lie from the filing's period end and still be the period asked.
SAME_PERIOD_DAYS = 8


#: Measures tables print spelled out that questions ask by their initials.
SPELLED_OUT = {"ebit": "earnings before interest and taxes", "ebt": "earnings before taxes",
               "ebitda": "earnings before interest taxes depreciation and amortization",
               "sg&a": "selling general and administrative", "r&d": "research and development"}
#: A spelled-out measure may lack one word in this many (a wrapped label's lost "taxes").
SPELLED_SLACK = 4


#: The most words of an item's label (a part's, a kind's: "Intelligent Cloud") naming a word asked before the measure.
ITEM_WORDS = 4


#: A question asking what lies outside a part ("outside the U.S.", "non-U.S.", "excluding China").
_OUTSIDE_ASKED = re.compile(r"(?i)\b(?:outside|non-|excluding|except|ex-)")
#: Words of a row naming an effect of what it is of ("Unfavorable impact of foreign exchange").
EFFECT_ROW_WORDS = frozenset({"impact", "impacts", "effect", "effects", "favorable", "unfavorable", "negative",
                              "positive", "net", "the"})
#: What a caption's sentence introducing its table says the table is of ("The following table provides Wireless
#: service revenue for …").
_INTRODUCED = re.compile(r"(?i)\bthe\s+following\s+tables?\s+(?:provides?|presents?|shows?|sets?\s+forth|summari[sz]es?|"
                         r"details?|reflects?)\s+([^.:;]{3,120})[^.:;]*[.:;]?\s*(?:\([^)]*\))?\s*$")


#: The basis an amount is on, before or after tax ("pre-tax net gain"): no tax asked.
_BASIS = re.compile(r"(?i)\b(pre|after)-tax\b")


def pick_row(rows: list[Any], terms: list[str], q_words: set[str], months: int, period_end: date,
          want_pct: bool, measure: set[str] | None = None, question: str = "",
          acronyms: dict[str, list[str]] | None = None,
          labelled: set[str] | None = None, company_wide: bool = False,
          parts: re.Pattern[str] | None = None,
          named_rate: set[str] | None = None, metric: str | None = None,
          names: re.Pattern[str] | None = None) -> tuple[CellFigure, CellFigure | None] | None:
    """The best current cell of ``rows`` and its year-earlier one; ``acronyms``: initials of the measure or of a
    name asked → their words; ``labelled``: words the row's own label and headings must hold ("core");
    ``company_wide``: the question names no part of the company, so a consolidated table's row comes first and a
    row of a table about one of its ``parts`` (a pattern of its segments' names) last; ``metric``: the statement
    line asked, when one is — a row that is another line is no answer; ``names``: the company's segment names, which
    in a caption name parts, no word of the measure."""
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
    # ("pre-tax", "after-tax": the basis an amount is on, words a row rarely prints — "Gain on disposal of Russian
    # business, net" is the pre-tax net gain asked)
    based = _BASIS.search(question)
    own = (measure or set()) - ({based.group(1).lower(), "tax"} if based else set())
    need = len(own) - 1 if len(own) >= MANY_WORDS and own <= q_words else 1
    # a statement line no table words stand for ("net interest income"): every word of it the question says, not
    # any one ("income" of "Total CCB mortgage fees and related income")
    said_of_line = own & q_words if metric and metric not in METRIC_WORDS else set()

    # a cost asked ("subscription cost of revenue"): rows naming a cost only, and revenue rows no cost
    cost = bool(measure and measure & {"cost", "costs", "expense", "expenses"})
    # (a cost is the part asked: "selling and administrative expense as a percentage of revenues", printed as its
    # ratio row; its amount over a total of costs is no share of revenue)
    part_cost = any(w in ("cost", "costs", "expense", "expenses") for t in terms for w in t.split())

    averaged = bool(re.search(r"(?i)\bweighted\b|\baverage\b", question))
    per_asked = bool(re.search(r"(?i)\bper\b", question))
    # the measure's words, or the KPI's when it is what the question qualifies ("active accounts")
    named = measure or {w for t in terms for w in t.split()}

    def own_line(term: str) -> bool:
        """Is ``term`` a line's own words, written in lower case right before the measure ("investment banking
        revenue"), not a part's name ("Commercial Airplanes revenue")?"""
        said = re.search(r"(?<![\w-])" + r"\W+".join(map(re.escape, term.split())) + r"\s+(?:" +
                         "|".join(map(re.escape, sorted(measure or {"-"}))) + r")\b", question, re.IGNORECASE)
        return len(term.split()) >= 2 and said is not None and said.group(0)[:1].islower() \
            and not (parts is not None and parts.search(term))

    def compound(term: str) -> str:
        """The measure's word ``term`` is written right before, as one lower-case noun with it ("interest income",
        "advertising revenue"), or "" when it is not."""
        said = re.search(r"(?<![\w-])" + re.escape(term) + r"\s+(" + "|".join(map(re.escape, sorted(measure or {"-"})))
                         + r")\b", question)
        return said.group(1) if len(term.split()) == 1 and said is not None and said.group(0)[:1].islower() \
            and not (parts is not None and parts.search(term)) else ""

    def says_compound(row_path: str, caption: str, term: str, head: str) -> bool:
        """Does a label of ``row_path`` (or the ``caption``) print ``term`` with its ``head`` ("Interest income",
        "Subscription revenue by segment"), or name with it an item of the head's table ("Revenue › Subscription",
        "Revenue › Intelligent Cloud") — not another line holding a form of it ("Comprehensive loss attributable to
        noncontrolling interests")?"""
        forms = set(word_forms(term))
        return in_a_row(caption, f"{term} {head}") or any(in_a_row(label, f"{term} {head}") or (
            bool(forms & set(_words(label))) and len(_words(label)) <= ITEM_WORDS and not metrics_in_question(label))
            for label in row_path.split(" › "))

    compounds = {t: h for t in terms if (h := compound(t))}

    # (a profit's sign, "loss", added to its words, is no word of the measure a row's own words name: "Net gain (loss)
    # recognized in interest and other income" is of the income asked)
    signs = {"loss"} - q_words

    # what something did to a line asked ("How much did foreign exchange reduce … revenues"): its row "Unfavorable
    # impact of foreign exchange" is that effect, no other measure
    moving_by = EFFECT.match(question)
    moved_lines = set(metrics_in_question(moving_by.group("on"))) if moving_by else set()

    def effect_on_asked(of: str) -> bool:
        """Is an effect of ``of`` on the line asked, or on none named ("… foreign exchange rate changes on cash and
        cash equivalents" is an effect on another line)?"""
        onto = re.search(r"(?i)\bon\s+(.+)$", of)
        return onto is None or set(metrics_in_question(onto.group(1))) <= moved_lines

    # a part asked, named by a row only as what it lies outside of ("Enbrel (Outside the U.S. and Canada)" for U.S.
    # revenues): no row of that part — unless the question asks what is outside it
    outside_of = [re.compile(r"(?i)\b(?:outside|non|excluding|ex)[\s-]+(?:the\s+)?" + r"\W*".join(map(re.escape, t.split())))
                  for t in terms if t.strip()] if not _OUTSIDE_ASKED.search(question) else []

    def measured(c: CellFigure) -> bool:
        if any(o.search(c.row_path) for o in outside_of):
            return False
        # (or the row's named column: "Pennsylvania" under "Operating Revenues — Wastewater")
        if any(not says_compound(c.row_path, c.caption, t, h) and not (
                " — " in c.col_label and _within(t, set(_words(c.col_label.split(" — ")[0]))))
               for t, h in compounds.items()):
            return False
        if measure and measure & {"revenue", "revenues", "sales"} and not cost and not (part_cost and c.unit == "%") \
                and _COST.search(c.row_path):
            return False  # "Cost of revenue › Subscription" is no revenue
        if cost and not _COST.search(f"{c.row_path} {c.caption}"):
            return False  # and "Total subscription revenue" is no cost of revenue
        label = c.row_path.split(" › ")[-1]
        ratio = re.split(r"(?i)\bper\b", label, maxsplit=1)
        if len(ratio) == 2 and not per_asked and any(_within(w, set(_words(ratio[1]))) for w in named) \
                and not any(_within(w, set(_words(ratio[0]))) for w in named - {"net", "total", "loss"}):
            return False  # "Number of payment transactions per active account" counts no active accounts
        flow = OF_THE_MEASURE.match(label)
        if flow and named - signs and all(_within(w, set(_words(flow.group("b")))) for w in named - signs) \
                and not any(_within(w, set(_words(flow.group("a")))) for w in named - signs) \
                and set(_words(flow.group("a"))) - q_words - NEUTRAL_WORDS \
                and not (moving_by and set(_words(flow.group("a"))) <= EFFECT_ROW_WORDS and effect_on_asked(flow.group("b"))):
            return False  # "Contribution from contract asset", "Amortization of intangible assets": another measure
        head, _, net_of = label.partition(" net of ")
        if net_of and any(_within(w, set(_words(net_of))) and not _within(w, set(_words(head))) for w in named):
            return False  # "Interest expense, net of amounts capitalized" is no interest capitalized
        # (a list, with its commas: "Pension and retiree medical plan contributions" is one line)
        items = [set(_words(i)) for i in re.split(r"(?i),\s*(?:and\s+)?|\s+and\s+", re.sub(r"(?i)^\W*total\s+", "", label))] \
            if measure and "," in label else []
        if measure and len(items) >= 3 and any(measure <= i <= measure | {"net", "total"} for i in items) \
                and not all(_within(" ".join(i), q_words) for i in items if i):
            return False  # "Total cash, cash equivalents and restricted cash" is more than the restricted cash asked
        joined = JOINED.match(label)
        if joined and _within(joined.group("a").lower(), named) and not _within(joined.group("b").lower(), q_words) \
                and all(_within(w, named | q_words) for w in _words(joined.group("tail"))):
            return False  # "Transaction and credit losses" is more than the transaction losses asked
        if any(sibling(label, t, q_words) for t in terms):
            return False  # "Credit losses" under "Transaction and credit losses" is no transaction losses
        if DEFERRED_TAX.search(c.row_path.rpartition(" › ")[0]) and not tax_asked:
            return False  # "Deferred Income Tax Assets › Restructuring charges" is a tax balance, no charge recorded
        if splits_name(capital_name, c.row_path):
            return False  # "Adjusted Property EBITDAR" is no Adjusted EBITDAR
        if WEIGHTED_ROW.search(label) and not averaged:
            return False  # "Weighted-average ordinary shares to be repurchased": a denominator, no count of an act
        if measure and not measure & set(_words(label)) and (lines := metrics_in_question(label)) \
                and not any(set(lines) & set(metrics_in_question(t)) or set(_words(label)) <= set(t.split())
                            for t in terms):
            # (a line the qualifier names is what the measure is of: the rate paid on "Total deposits"; the deferred
            # tax liability "for property, plant and equipment", a row printing only the qualifier)
            return False  # "Net sales of Hemlock …" is no net income of Hemlock, whatever its table also prints
        if named and named <= SIGNED and not (named & (signed := set(_words(re.sub(r"\([^)]*\)", " ", label))))
                                                and signed - named & q_words):
            # "Operating income (loss)": the "(loss)" is the line's sign, no loss asked; and a loss asked by itself is
            # the row naming what else the question says ("Loss on early retirement of debt"), not any loss
            return False
        lines = metrics_in_question(label) if metric else []
        if lines and metric not in lines:
            return False  # "Net income/(loss)" is another line than the net interest income asked
        if metric and measure and not metrics_in_question(label) and not set(_words(label)) & MONEY_WORDS and any(
                ((above := metrics_in_question(h)) and metric not in above or set(_words(h)) & MONEY_WORDS)
                and not (measure | METRIC_WORDS.get(metric, set())) & set(_words(h))
                for h in c.row_path.split(" › ")[:-1]):
            # ("Capital expenditures › MGM China", "Adjusted Property EBITDAR › MGM China": another measure's rows; a
            # row naming a measure itself, "Revenues › Operating income", is that measure's, wherever it is nested)
            return False  # a part's row under another measure's heading is no net revenue of MGM China
        if metric and measure and not part_cost and not measure & set(_words(c.row_path)) and (
                told_of := _INTRODUCED.search(c.caption)) and (cap := metrics_in_question(told_of.group(1))) \
                and metric not in cap:
            # ("Business" under "… The following table provides Wireless service revenue for our reportable segments":
            # another line's row, whatever word of the measure the caption's heading shares — "External Operating
            # Revenues")
            return False
        if metric and measure and set(_words(c.row_path)) & CHARGE_WORDS and not measure & CHARGE_WORDS:
            return False  # "Other operating charges › Asia Pacific" is no operating income of Asia Pacific
        # (a table's Total rows tell what its items are, not what another total is: "Total Fios revenue" is no
        # service revenue for its sibling "Total Wireless service revenue")
        told = "" if re.match(r"(?i)total\b", label) else c.totals
        # ("by operating segment": the segments, no word of operating income)
        # (nor "The following table presents …": a word of the caption's own, not of the table's measure)
        caption = THE_TABLE.sub(' ', SEGMENT_TERM.sub(' ', c.caption))
        around = set(_words(f"{c.row_path} {caption} {c.col_label} {told}"))
        near = set(_words(f"{c.row_path} {c.col_label} {told}"))
        # (a caption's segment names are parts, not the measure: "Consumer & Community Banking … Commercial Banking"
        # above a segment results table holds no "banking" of the investment banking fees asked)
        measured_in = around if names is None else set(_words(f"{c.row_path} {names.sub(' ', caption)} {c.col_label} {told}"))
        # every qualifier stands by the row (EMEA's memberships, not the company's), and the measure
        # (a measure of many words by most of them: "wireless retail postpaid phone net additions" is not any
        # row mentioning "wireless")
        # ("Microsoft Cloud" asked is no row of "Intelligent Cloud")
        if any(other_name(c.row_path, t, question) for t in terms):
            return False
        # (a qualifier that is the measure's own words, "investment banking" of "investment banking revenue", and no
        # part's name, is a line of its own: the row's labels name it, not the caption — "Corporate & Investment Bank
        # … Commercial Banking › Total net revenue" is no investment banking revenue)
        return all(_within(t, near) if own_line(t) else _within(t, around) for t in terms) and (
            not measure or measured_by(measured_in)) and all(
            _within(w, around) for w in said_of_line)

    term_words = {w for t in terms for w in t.split()}
    # (read once: the measure's name in capitals, a tax asked)
    capital_name = name_split(question, measure or set(), term_words)
    tax_asked = re.search(r"(?i)\btax", _BASIS.sub(" ", question)) is not None
    # the measure's own words: never "total" alone (any table's "Total goodwill"), nor a word of the part's name
    # ("Asset & Wealth Management" holds no "assets" of the client assets asked) — unless a qualifier holds the
    # measure itself ("comparable sales")
    own_words = own - BARE or own
    unnamed = set() if own_words & term_words else term_words

    def measured_by(around: set[str]) -> bool:
        return sum(_within(w, around - unnamed) for w in own_words) >= min(need, len(own_words))

    share = bool(SHARE_ASKED.search(question))
    # "How many …" asks a count: no amount of money answers it
    counted = bool(re.match(HOW_MANY, question))
    # (so does a measure naming people counted, "headcount", "employees": never an amount of money "associated with"
    # them — unless money is asked)
    people = bool(named & PEOPLE) and not named & MONEY_WORDS \
        and not re.search(r"(?i)\bhow\s+much\b|\bcosts?\b|\bcompensation\b|\bpaid\b|\$", question)
    # an amount of money asked ("net operating revenues") is no plain number (Coca-Cola's segment table of
    # percentages read without its "%")
    money = bool((measure or set()) & MONEY_WORDS) and not counted
    # an amount asked ("Adjusted Net Income") is no figure per share ("Adjusted Net Income (Loss) Per Share › Basic")
    per_share = bool(re.search(r"(?i)\bper\s+(?:common\s+|diluted\s+|basic\s+)?share|\beps\b|\bearnings\s+per\b",
                               question)) or {"per", "share"} <= q_words or "eps" in q_words | (measure or set())
    now = [c for c in cells if current(c) and (c.unit == "%") == want_pct and measured(c)
           and (per_share or c.unit != "USD/share" or metric is not None and metric.startswith("eps"))
           and (not counted or c.unit == "count") and not (money and c.unit == "count")
           and not (people and c.unit.startswith("USD"))
           # a share is no growth rate or comparable-sales figure printed beside the name, unless its table
           # says it is a share ("% of net sales", "Revenue Mix")
           and not (share and c.unit == "%" and NOT_SHARE.search(f"{c.row_path} {c.caption} {c.col_label}")
                    and not SHARE_WORDS.search(f"{c.row_path} {c.caption} {c.col_label}"))
           # (the row's own headings first: "Comparable Sales Summary › Consumer Electronics" beside "Revenue Mix
           # Summary › …" in one table; and no share is negative)
           and not (share and c.unit == "%" and (c.value < 0 or NOT_SHARE.search(c.row_path)
                                                 and not SHARE_WORDS.search(c.row_path)))
           # a printed share is the part's when its row names the part: "Grocery 58 %" under a Sam's Club
           # caption is grocery's share of the club's sales
           # (an expense's ratio row names the expense; the part whose revenue it is of may head its table: "Operating
           # expenses % of revenues" under "Retail/LTC Segment")
           and not (share and c.unit == "%" and not all(_names_row(t, set(_words(c.row_path))) for t in terms
                                                        if not part_cost or _COST.search(t)))
           and not (share and c.unit == "%" and another_ratio(c.row_path, terms))]

    # a company's figure asked: a row printed again under each of several items of one table ("Stores ›
    # Comparable sales increase", "Direct-to-customers › Comparable sales decrease") is an item's, not the company's
    def printed_as(c: CellFigure) -> tuple[int, str, str]:
        last = c.row_path.rpartition(" › ")[2]
        return c.page, c.caption, " ".join(w for w in _words(last) if not CHANGE_ROW.fullmatch(w))

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
        if not parent or any(_names_row(t, set(_words(last))) or item_of_total(last, c.totals, set(t.split()))
                             for t in terms):
            return False
        # "marketing expenses" read as "Operating expenses › Marketing": the row is the measure asked (a heading
        # holding all of it, "TPV › Number of payment transactions", heads other measures)
        if any(set(t.split()) & set(_words(last)) and _within(t, set(_words(c.row_path)))
               and not _within(t, set(_words(parent))) for t in terms):
            return False
        # (a bare "Total" under a heading that is the thing asked, "Other Operating Charges › Total", or under none but
        # units, of a table the sentence introducing it says holds it, "… information about revenue deductions:", is
        # its total)
        if last.strip().lower() == "total" and (measure or any(set(_words(parent)) == set(t.split())
                                                               or total_introduced(c.row_path, c.caption, t)
                                                               for t in terms)) \
                or measure and is_measure(last, measure):
            return False
        # a rate asked, the measure's ratio to sales ("Domestic Segment › Operating income as a % of revenue" for the
        # segment's operating income rate)
        if want_pct and measure and ratio_of(last, measure):
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
           # (or the table's: "Total deposits 1.60 %" under a caption of "the average interest rates of … deposits")
           and (not named_rate or _within(" ".join(sorted(named_rate)), set(_words(c.row_path)))
                or c.unit == "%" and _within(" ".join(sorted(named_rate)), set(_words(f"{c.col_label} {c.caption}"))))
           and (not (labelled and per_share) or c.unit == "USD/share")]
    # what moved EPS is per share: a reconciliation's per-share row ("Impairment losses 1.38"), not the amount
    if per_share and any(c.unit == "USD/share" for c in now):
        now = [c for c in now if c.unit == "USD/share"]
    if not now:
        return None

    asks_place = bool(GEO.search(question))
    asks_change = bool(CHANGE_ROW.search(question))
    asks_cash = bool(re.search(r"(?i)\bcash\b", question))

    # one row name printed by several tables of the period (the company's, then each region's in Nike's MD&A):
    # naming no place, the question asks the largest — the whole the others are parts of
    # (rows of one page sharing a name are told apart by their headings, not their size)
    def named_as(c: CellFigure) -> tuple[str, Any, str]:
        """A row's name without its units ("Billed business (billions)" is "billed business"), period, unit."""
        last = re.sub(r"\([^)]*\)", " ", c.row_path.split(" › ")[-1])
        return " ".join(w for w in _words(last) if w not in UNIT_WORDS), c.as_of, c.unit

    widest: dict[tuple[str, Any, str], list[tuple[int, float]]] = {}
    for c in now:
        if c.unit != "%":
            widest.setdefault(named_as(c), []).append((c.page, c.value))

    def is_smaller(c: CellFigure) -> bool:
        group = widest.get(named_as(c), [])
        return (sum(1 for p, _ in group if p == c.page) == 1
                and any(v > c.value for p, v in group if p != c.page))

    into = RECONCILED_IN.search(question)

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
        exact = int(bool(measure) and (is_measure(last, measure or set()) or (
            " › " in c.row_path and last.strip().lower() == "total")))
        # a row naming the part asked and the measure alone ("Total natural gas operating revenue") over the
        # measure under the part's heading ("Natural gas › Total operating revenues", the company's total there)
        # (the measure's own word in it, every other word the part's or the question's: "Net interest income
        # excluding Markets" is as exact as "Markets net interest income")
        if measure and any(_within(w, measure) for w in label) and any(
                _within(t, label) and is_measure(last, measure | set(t.split()) | q_words) for t in terms):
            exact = 2
        # of two rows that are the measure, the one holding more of the question's words of it ("Net interest
        # income", not "Net income/(loss)", for net interest income)
        spoken_in = len((measure or set()) & q_words & set(_words(last)))
        extra = len(path - q_words - (measure or set()) - {w for t in terms for w in t.split()})
        # the sentence introducing the table names the measure ("… presents segment net income …")
        # — best without words the question lacks just before it ("Wireless service revenue" for operating revenues)
        lead = introduced(c.caption, measure or set(), q_words)
        # (of two such sentences, the one naming more of the measure: "Total net additions to property and equipment
        # by segment", not "Property and equipment, net by segment", for the additions asked)
        covered = len({w.removesuffix("s") for w in (measure or set()) & set(_words(last_sentence(c.caption)))}) \
            if lead else 0
        # a question naming no place asks the company's figure, not a region's (UCAN's, LATAM's)
        placed = int(" › " in c.row_path and bool(GEO.search(c.row_path.split(" › ")[0])) and not asks_place)
        # JPMorgan's firm-wide overhead ratio ("Consolidated financial highlights"), not a business line's
        whole = int(company_wide and bool(CONSOLIDATED.search(c.caption)))
        # Lockheed's backlog is the company's, not the one under "Missiles and Fire Control …"
        # (a table of the parts' figures ends on the company's: its bare "Total" row, under no part's heading)
        grand = last.strip().lower() in ("total", "total company", "consolidated") and not (
            parts is not None and parts.search(c.row_path))
        segmental = int(company_wide and parts is not None and bool(parts.search(f"{c.caption} {c.row_path}"))
                        and not grand)
        # a row of changes ("Worldwide declines from Paxlovid") answers no question asking the amount itself
        changed = int(bool(CHANGE_ROW.search(c.row_path)) and not asks_change)
        # an accumulated balance ("Accumulated depreciation and amortization") is no amount of the flow it sums, asked
        # without that word
        summed = int(bool(re.match(r"(?i)accumulated\b", last.strip())) and "accumulated" not in q_words)
        # "Total subscription revenue" for Digital Media's: a total whose path lacks a name asked is everyone's
        # — unless the table's caption is the part's ("… summarizes the Pharmacy Services segment's performance";
        # not one listing every segment: "… reportable segments: Digital Media, Digital Experience …")
        titled = " ".join(_words(c.caption.replace("’", "'").replace("'s ", " ")))
        # (a heading of the caption that is the part's name, "… > ASSET & WEALTH MANAGEMENT > Client assets", titles it too)
        headed = {" ".join(_words(h)) for h in c.caption.split(" > ")[:-1]}
        # (or whose title names the part by the initials asked: "TABLE 14: ICS SELECTED STATISTICAL INFORMATION")
        total = int(bool(re.match(r"(?i)total\b", last.strip()))
                    and any(not _within(t, path) and f"{t} segment" not in titled and t not in headed
                            and not any(a in q_words and " ".join(ws) == t and a in _words(c.caption.split(" > ")[-1])
                                        for a, ws in (acronyms or {}).items())
                            for t in terms))
        smaller = int(not asks_place and c.unit != "%" and is_smaller(c))
        # earnings per share asked plainly are diluted, as the statements' EPS is: "Core basic earnings per common
        # share" after "Core diluted …"
        other_basis = int(bool(label & {"basic", "diluted"}) and not label & q_words & {"basic", "diluted"}
                          and ("basic" in label or "basic" in q_words))
        # (a diluted figure asked: the row saying so itself, "… including dilutive effect", not one under a heading
        # that does — "Diluted Earnings Per Common Share › Weighted average shares …" is the basic count it starts on)
        diluted = int("diluted" in q_words and bool(re.search(r"(?i)\bdilut", last)))
        # a row of the income tax note ("Note 17 - Income Taxes": "Capital gain on the sale of the Russian business (63)"
        # in its rate reconciliation) is that item's tax effect, not the item — unless a tax is asked
        taxed = int(not tax_asked and bool(TAX_NOTE.search(c.caption)))
        # a cash flow statement's row reconciling net income is a line's non-cash part ("Other operating charges"
        # added back), not the line: another table's row first, unless cash is asked
        flow = int(not asks_cash and bool(CASH_FLOWS.search(c.caption)))
        # (the row's own label adding words the question lacks, "Deferred hardware costs", before a heading over it
        # doing so: "Cost of revenue › Hardware costs" is the hardware costs asked)
        # an item asked as what a measure excludes ("… exclude from segment operating income"): the row of the
        # table reconciling that measure, not the statement's line of the same name
        # (its caption says so; the row is the item, never the measure reconciled)
        reconciled = int(into is not None and (in_a_row(c.caption, into.group("into"))
                                               or bool(re.search(r"(?i)\breconcil", c.caption)))
                         and not in_a_row(c.row_path, into.group("into")))
        return (held, partly, -total, -changed, -summed, -other_basis, -taxed, diluted, own, exact, reconciled, spoken_in, -placed, -segmental, -flow, whole, lead, -len(strange), named,
                -smaller, -extra, covered,
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
        if earlier is not None and earlier.col_label.endswith("a year earlier") and implausible(best.value, earlier.value):
            continue
        return best, earlier
    return None

"""What a question is about — the measure, its qualifiers and the kind of answer it wants — so that an answer
states exactly what it answers and never hands a consolidated statement figure to a qualified question.

* **qualifiers** — what narrows the measure below the consolidated statement line: a segment, product, brand,
  region or channel ("eCommerce sales", "Aeronautics net sales", "iPhone revenue", "by segment", "domestic"),
  an adjusted basis ("core EPS", "organic revenue"), a company-reported KPI ("comparable sales", "GMV",
  "paid memberships"). Read from the words before a statement word (sales, revenue, income, EPS …) that are
  neither the company, the period nor a neutral word ("total", "net", "consolidated"), and that do not turn
  the phrase into another statement metric ("cost of sales", "net interest income");
* **kind** — ``amount``; ``rate`` (a rate, ratio, margin or return the filings do not derive: "effective tax
  rate", "take rate", "return on tangible common equity"); ``share`` ("what share / percentage of revenue");
  ``ranking`` ("which segment grew fastest"); ``guidance`` (an outlook, not actuals).

A question is *qualified* when it has a qualifier or asks a rate, share, ranking or guidance: the statement
facts then answer it only when a figure of exactly that subject is found; otherwise the answer says what was
not found and may add the consolidated figure labelled as such.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from finchat.answer import derive
from finchat.answer.asked import (
    _NEUTRAL,
    _PART_WORDS,
    _PERIOD,
    _SAME_LINE,
    ACCOUNT_FOR,
    EXPENSE_LINES,
    EXPENSE_WORDS,
    OTHER_LINE,
    _asked_phrase,
    names_an_expense,
    owned_part,
    qualifiers_after_head,
    words_before,
)
from finchat.answer.propernames import DOER, NAME_AFTER, proper_names, tidy_qualifiers
from finchat.answer.shapes import (
    ACTED,
    ADDED_TO,
    ADJUSTED,
    AS_A_PERCENT,
    ASKED_BEFORE_DID,
    BREAKDOWN,
    CONTRIBUTED_TO_PLANS,
    COST_OF_DOING,
    COUNT_AT_PLACE,
    DONE_OF_WHOLE,
    DUE_IN,
    DUE_OF_WHOLE,
    EARNED_IN,
    EFFECT,
    IMPACT_OF,
    IMPACT_ON,
    KPI,
    MODEL_NUMBER,
    NAMED_PART,
    OF_ACQUISITION,
    OWN_PART_DID,
    PAID_TO_ACQUIRE,
    PART_OF_WHOLE,
    PRICE_MEASURE,
    PRONOUN_PAYER,
    PRONOUNS,
    RECONCILED_IN,
    RECORDED_FOR,
    RECORDED_ON,
    REGION,
    RETURNED_TO,
    SITS_IN,
    SIZE_OF_PLACE,
    SOLD_IN,
    SOLD_TO,
    SPENDING_ON,
    SPENT_ON,
    THE_PART_DID,
    THROUGH_CHANNEL,
    TIED_TO,
    USED_TO_COMPUTE,
    VALUE_HELD,
    VALUE_OF,
    recorded_in,
    without_place,
)
from finchat.answer.subjectkind import kind_of
from finchat.graph.lexicon import STATEMENT_OF, metric_phrase_spans, metrics_in_question

#: Statement words a qualifier can stand before, and the metric each builds on.
_HEAD = re.compile(r"(?i)\b(?<!-)(earnings before interest,? (?:and|&) (?:income )?taxes|net sales|sales|revenues?|"
                   r"net revenues?|income|earnings|eps|profits?|operating margin|margin)\b(?!-)")  # (not "profit-share")


@dataclass(frozen=True)
class Subject:
    """What a question asks: ``measure`` in its own words, the statement ``metric`` it builds on (if any),
    ``qualifiers`` narrowing it, and ``kind`` (amount, rate, share, ranking, guidance)."""

    measure: str
    metric: str | None
    qualifiers: tuple[str, ...] = ()
    kind: str = "amount"
    notes: tuple[str, ...] = field(default=(), compare=False)
    #: the statement metrics (key prefixes) a question's words may still be answered with when its measure is
    #: none of them: a price per share keeps EPS, a count of shares used for EPS the shares, what moved a line
    #: ("booking rate adjustments") none; None: all
    keeps: tuple[str, ...] | None = field(default=None, compare=False)

    @property
    def qualified(self) -> bool:
        return bool(self.qualifiers) or self.kind in ("rate", "share", "ranking", "guidance")

    def as_json(self) -> dict[str, Any]:
        return {"measure": self.measure, "metric": self.metric, "qualifiers": list(self.qualifiers),
                "kind": self.kind, "qualified": self.qualified}


#: An expense's ratio to what it is over, as :func:`analyse` words it ("operating expenses as a percentage of revenues").
_SPENT_OVER = re.compile(r"(?i)^(?P<spent>.+?)\s+as\s+a\s+percentage\s+of\s+(?P<whole>.+)$")


def as_share(subject: Subject) -> Subject | None:
    """An expense's ratio to revenue asked as a rate, read as the share of the revenue the expense is (a table's
    "Percent of Net Sales › Fulfillment" column prints it so); None for any other subject."""
    over = _SPENT_OVER.match(subject.measure) if subject.kind == "rate" and subject.metric is None else None
    if over is None or not names_an_expense(over.group("spent")):
        return None
    whole = over.group("whole")
    return replace(subject, measure=whole, kind="share", qualifiers=(*subject.qualifiers, over.group("spent")),
                   metric=next(iter(metrics_in_question(whole)), None))


#: A charge on a statement line ("goodwill impairment", "inventory write-downs"): another measure than the line.
_CHARGED = re.compile(r"(?i)\s+(?:impairments?|write-?downs?|write-?offs?|amortization)\b")


def lines_named(text: str) -> list[str]:
    """The statement lines ``text`` asks (:func:`metrics_in_question`), without one named only as what a charge is
    on ("goodwill impairment expense" asks no goodwill)."""
    return [m for m in metrics_in_question(text)
            if not (spans := metric_phrase_spans(text, m)) or not all(_CHARGED.match(text, e) for _, e in spans)]


def _name_words(name: str) -> list[str]:
    """The words of a company's name without its corporate suffix ("Activision Blizzard Inc" → two)."""
    return [w for w in re.findall(r"[A-Za-z&]+", name)
            if w.lower() not in {"inc", "incorporated", "corp", "corporation", "co", "company", "plc", "ltd", "group",
                                 "holdings"}]


#: The sales or revenue a percentage is of ("as a percent of its sales"): a base, not the measure asked.
_RATIO_BASE = re.compile(rf"(?i)\b{AS_A_PERCENT}\s+(?:of|to)\s+(?:(?:its|their|the)\s+)?"
                         r"(?:total\s+|net\s+|segment\s+)*(?:revenues?|sales)\b")


#: What was done to a whole that leaves it the whole ("How much of Pfizer's revenue was generated in the U.S.").
_NEUTRAL_DONE = frozenset({"generated", "earned", "reported", "recorded", "derived", "produced", "made", "seen",
                           "booked", "posted", "realized", "realised", "achieved", "delivered", "related", "allocated"})


def analyse(question: str, *, companies: tuple[str, ...] = (), segments: tuple[str, ...] = (),
            intent: str = "figure", derived: bool = False, derived_name: str = "") -> Subject:
    """The subject of ``question``. ``companies``: the names and keys the question's companies go by (they
    are not qualifiers); ``segments``: brands or segments the filters found; ``intent``: the question's
    (``outlook`` asks guidance); ``derived``: a derived figure (margin, ratio …) answers the measure —
    ``derived_name`` ("Operating margin") is then the measure, and a name before it ("Aeronautics operating
    margin") a qualifier: a segment's margin is not the company's."""
    used = USED_TO_COMPUTE.match(question)
    if used and not derived:
        # (the count used, no statement line and no part: "How many shares … use to compute diluted EPS")
        # (EPS spelled out, as the row of the count prints it)
        spelled = re.sub(r"(?i)\beps\b", "earnings per share", used.group("of"))
        return Subject(f"{used.group('what')} used in computation of {spelled}", None, (), "amount",
                       keeps=("shares",))
    names = {re.sub(r"[^a-z0-9&]", "", n.lower()) for n in companies} | {n.lower() for n in companies}
    whole = frozenset(names)
    parts = frozenset(w.lower() for n in companies for w in re.findall(r"[A-Za-z&]+", n)) - names
    # the words after a multi-word name's first ("Blizzard" of "Activision Blizzard"); the first is the company's
    # short name ("Lockheed's segment operating profit" is the company's)
    pieces = frozenset(w.lower() for n in companies for w in _name_words(n)[1:])
    names |= parts
    metrics = lines_named(question)
    qualifiers: list[str] = []
    before_measure: list[str] = []  # qualifiers read from the words before the measure
    measure = ""
    costed = False  # "cost of subscription revenue": the cost of a part's revenue, not the revenue
    segment_line = False  # "segment operating income": the segments' total, no statement line
    segment_head = ""
    # a derived figure (a margin, a ratio) answers the measure: its words are the definition's, not qualifiers
    # a statement word inside another metric's name ("revenue" of "cost of revenue") heads that whole name
    wraps = [span for key in metrics for span in metric_phrase_spans(question, key)]
    # "How much share-based compensation expense did Square add back in its … Adjusted Net Income reconciliation":
    # the thing asked before "did", not a statement word after it (where the figure sits)
    # "… exclude from Adjusted EBITDA", "… remove when computing …": an item of a measure's reconciliation
    into = RECONCILED_IN.search(question)
    ahead = ASKED_BEFORE_DID.match(question)
    asked_end = ahead.end() if ahead else len(question)
    # ("What participation incentive did General Mills pay on its … debt exchange": the debt is what it was paid on)
    # (an item a measure is computed without, "Starbucks transaction-based revenue … remove when computing … Adjusted
    # Net Income", though a statement word names it)
    asked_first = ahead.group("x") if ahead and not derived and (not _HEAD.search(ahead.group("x")) and not (
        lines_named(ahead.group("x"))) or bool(into)) and \
        len(ahead.group("x").split()) >= 2 and (
            _HEAD.search(question, asked_end) or metrics_in_question(question[asked_end:])) else ""
    if asked_first:
        # (an item reconciled out of a measure is a row of its reconciliation, no statement line)
        measure = asked_first
        metrics = [] if into else lines_named(asked_first)
    sits = SITS_IN.match(question) if not derived and not into else None
    if sits and lines_named(sits.group("line")) and not lines_named(sits.group("x")) \
            and not re.match(r"(?i)(?:of|in)\b", sits.group("x")):
        # the part of a statement line a figure is ("How much stock-based compensation landed in … cost of
        # revenue"): its table's row for that line, never the line's own total
        measure, metrics = sits.group("x"), []
        qualifiers.append(sits.group("line"))
        asked_first = asked_first or measure
    for m in () if derived or asked_first else _HEAD.finditer(question):
        at, to = next(((a, b) for a, b in wraps if a <= m.start() and m.end() <= b and b - a > m.end() - m.start()),
                      m.span())
        words = words_before(question, at, names, parts, pieces)
        head = question[at:to]
        if words and all(w.lower() in _PART_WORDS | {"reportable"} for w in words):
            if head.lower() in ("profit", "profits"):  # "division profit": the company's measure, so named
                measure = measure or f"{' '.join(words)} {head}"
            elif not measure and (at, to) != m.span() and metrics_in_question(head):
                # "total segment operating income": the segments' sum, a line of its own (a reconciliation's
                # row), never the statement's operating income
                measure, segment_line, segment_head = f"{' '.join(words)} {head}", True, head
            words = []  # "segment operating income": the measure's own word, no part named
        lead = re.search(r"(?i)\b(?:operating|gross)\s+$", question[:at]) if not words else None
        if lead:  # "American Water's regulated businesses operating revenue": the part before the measure's words
            words = words_before(question, lead.start(), names, parts, pieces)
            if all(w.lower() in _PART_WORDS | {"reportable"} for w in words):
                words = []  # "segment operating income": the measure's own word, no part named
            head = question[lead.start():to] if words else head
        # (a whole metric's name, "net income": the part words before it name no measure)
        wrapped = (at, to) != m.span()
        phrase = " ".join([*(w for w in words if not (wrapped and w.lower() in _PART_WORDS)), head])
        measure = measure or phrase
        if not words:
            continue
        # "cost of sales", "net interest income": the words (and neutral ones before) make another metric, no qualifier
        alone = set(metrics_in_question(head))
        start = lead.start() if lead and words else at
        wider = " ".join(re.findall(r"[A-Za-z&'-]+", question[:start])[-len(words) - 2:] + [head])
        if (set(metrics_in_question(phrase)) | set(metrics_in_question(wider))) - alone:
            continue
        # "Space segment net sales": the segment is "Space" (tables print the name, not the word "segment")
        named = re.sub(r"(?i)\s+(?:reportable\s+)?(?:segment|division|business|unit)s?$", "", " ".join(words))
        qualifiers.append(named)
        before_measure.append(named)
        measure = phrase
        cost_of = re.search(r"(?i)\bcosts?\s+of\s+((?:[\w&'’.-]+\s+){1,3})$", question[:start])
        if cost_of and cost_of.group(1).split() == words and re.fullmatch(r"(?i)(?:net\s+)?(?:revenues?|sales)", head):
            costed, measure = True, f"cost of {phrase}"
    done_part = False
    if derived:
        measure = derived_name.lower()
    elif not measure and (whole_of := PART_OF_WHOLE.match(question)):
        # "How much of General Mills' … restructuring charges related to the North America Retail segment"
        of_whole = re.sub(r"(?i)^(?:the\s+|its\s+|their\s+)?(?:[\w&.-]+(?:\s+[\w&.-]+){0,2}['’]s?\s+)?", "",
                          whole_of.group("what"))
        measure = " ".join(w for w in of_whole.split() if not _PERIOD.match(w.lower()) and w.lower() not in names)
        qualifiers.append(whole_of.group("part").strip())
    elif not measure and (due_of := DUE_OF_WHOLE.match(question)):
        # "How much of Netflix's streaming content obligations were due within one year": the whole, its row below
        measure = re.sub(r"(?i)^(?:the\s+|its\s+|their\s+)?(?:[\w&.-]+(?:\s+[\w&.-]+){0,2}['’]s?\s+)?", "",
                         due_of.group("what"))
    elif (done_of := DONE_OF_WHOLE.match(question)) and done_of.group("done").lower() not in _NEUTRAL_DONE \
            and not (measure and re.search(rf"(?i)\b{re.escape(done_of.group('done'))}\b", measure)):
        # "How much of Lockheed Martin's backlog was funded at the end of 2020": the funded backlog
        of_done = re.sub(r"(?i)^(?:the\s+|its\s+|their\s+)?(?:[\w&.-]+(?:\s+[\w&.-]+){0,2}['’]s?\s+)?", "",
                         done_of.group("what"))
        of_done = re.split(r"(?i)\s+(?:at|as\s+of|in|during|for)\s", of_done, maxsplit=1)[0]  # ("… at the end of 2018")
        measure, metrics, done_part = f"{done_of.group('done').lower()} {of_done}", [], True
    elif not measure:
        measure = _asked_phrase(question, names)
        if " used in " in measure:
            # ("How much net cash did Corning use in investing activities": the line the measure's own words name)
            metrics = metrics_in_question(measure) or metrics
        elif measure.startswith(("cash paid for ", "cash received from ")):
            metrics = []  # (payments for something: no statement line, least of all the cash balance)
    if not derived:
        qualifiers += owned_part(question, measure, names, qualifiers)
    # "How much does American Water expect to invest": what is expected is the measure
    measure = re.sub(r"(?i)^(?:expects?|expected|plans?|planned|intends?|anticipates?|forecasts?)\s+to\s+", "", measure)
    qualifiers += [s for s in segments if not any(s.lower() in q.lower() for q in qualifiers)]
    sold = SOLD_IN.search(question)
    if sold and measure == "sales" and not _PERIOD.match(sold.group("what").split()[0].lower()) \
            and not re.search(r"\d", sold.group("what")):
        qualifiers.append(sold.group("what"))  # "How much did Sam's Club sell in grocery and consumables"
    # a measure the question's shape names, of what it names last: "How large is Netflix's Los Gatos headquarters"
    # (its area), "How much did Corning contribute to its domestic postretirement plans" (contributions to them), "What
    # did Adobe pay to acquire TubeMogul" (the price of that acquisition) — none a line of the statements
    paid = PAID_TO_ACQUIRE.search(question)
    # (a company the question names may be what another paid for: "What price per share did Microsoft agree to pay
    # for Activision Blizzard" — never the payer's own buyback price)
    paid = paid if paid and (re.sub(r"[^a-z0-9&]", "", paid.group("what").lower()) not in names or any(
        re.sub(r"[^a-z0-9&]", "", w.lower()) in whole for w in re.findall(r"[\w&.'’-]+", question[:paid.start()]))
        and not PRONOUN_PAYER.search(question[:paid.start()])) else None
    for shape, named in ((SIZE_OF_PLACE.match(question), "square feet"),
                         (CONTRIBUTED_TO_PLANS.search(question), "contributions"), (paid, "acquisition")):
        if shape:
            what = shape.group("what")
            measure, metrics = named, []
            qualifiers = [q for q in qualifiers if q.lower() not in what.lower()] + [what]
    spent = None if paid else SPENT_ON.search(question)
    if spent and spent.group("paid") and (measure.lower().split() or [""])[-1] not in ("pay", "paid"):
        spent = None  # (what was paid for names the measure only when nothing else does: "cash paid for …" is its own)
    if spent and not _PERIOD.match(spent.group("what").split()[0].lower()) and not re.search(r"\d", spent.group("what")):
        lines = metrics_in_question(spent.group("what"))
        # ("How much cash does Amcor expect to put toward share repurchases": cash is the means, repurchases what)
        # ("… did Corning estimate it would spend on …": the act of spending ends what was read as the measure)
        # ("… spend on R&D as a percent of its sales": the sales a ratio is over are not what is asked)
        based = bool(measure) and any(b.start() <= question.lower().find(measure.lower()) < b.end()
                                      for b in _RATIO_BASE.finditer(question))
        if (measure.lower().split() or [""])[-1] in ("", "spend", "spent", "invest", "invested", "allocate",
                                                      "allocated", "pay", "paid") or (lines and measure.lower() in ("cash", "money")) \
                or based:
            measure = spent.group("what")  # "What did Netflix spend on marketing": marketing is the measure
            metrics = lines or ([] if measure else metrics)
        elif not lines and not re.search(r"['’]s?\s", spent.group("what")):
            # "How much capital did Walmart allocate to remodels" (not "… to JPMorgan's Commercial Banking segment":
            # a part of the company, read as such below)
            qualifiers.append(spent.group("what"))
    spending = SPENDING_ON.search(question) if not spent else None
    if spending and not _PERIOD.match(spending.group("what").split()[0].lower()) \
            and not metrics_in_question(spending.group("what")) \
            and re.sub(r"[^a-z0-9&]", "", spending.group("what").lower()) not in names:
        qualifiers.append(spending.group("what"))  # "capital expenditures on transmission and distribution"
    channel = THROUGH_CHANNEL.search(question)
    if channel and not any(channel.group("what").lower() in q.lower() for q in qualifiers) \
            and not metrics_in_question(channel.group("what")):
        qualifiers.append(channel.group("what"))  # "… net revenue through digital online channels": that channel's
    deal = OF_ACQUISITION.search(question) if not paid else None
    acquired = (deal.group("what") or deal.group("of")) if deal else ""
    if acquired and re.sub(r"[^a-z0-9&]", "", acquired.lower()) not in names and not _PERIOD.match(acquired.lower()) \
            and not metrics_in_question(acquired) and not any(acquired.lower() in q.lower() for q in qualifiers):
        qualifiers.append(acquired)  # "… goodwill … record on the atmos acquisition": that deal's, not the balance
    due = DUE_IN.search(question)
    if due:  # "… coming due in less than one year": that row of the payments due
        # ("due within one year": the year's row, printed "Less than one year" or "Due within one year")
        qualifiers.append(re.sub(r"(?i)^a\s|^1\s", "one ", due.group("within")) if due.group("within") else due.group("what"))
    place = COUNT_AT_PLACE.search(question)
    if place and not any(w in _NEUTRAL or _PERIOD.match(w) for w in place.group("what").lower().split()) \
            and not metrics_in_question(place.group("what")) \
            and not any(place.group("what").lower() in q.lower() for q in qualifiers):
        qualifiers.append(place.group("what"))  # "… work at Nike's world headquarters": the count there
    returned = RETURNED_TO.search(question)
    if returned and (not measure or measure.lower() in ("cash", "capital", "money")):
        # ("How much cash did Lockheed Martin return to shareholders": dividends and buybacks, never the cash balance)
        measure = f"{(returned.group('what') or 'cash').lower()} returned to {returned.group('whom').lower()}"
        metrics = []
    for p in NAMED_PART.finditer(question):
        part = p.group(1).strip()
        # ("Nike's Europe, Middle East & Africa segment": a part read whole already, not its last words again)
        if part.lower() not in whole and part.split()[0].lower() not in ("the", "which", "what", "each") \
                and not any(part.lower() in q.lower() for q in qualifiers):
            qualifiers.append(part)
    # "the 787 program", "the 737": a model's number names the part (a year does not)
    qualifiers += [m.group(0) for m in MODEL_NUMBER.finditer(question) if not any(m.group(1) in q for q in qualifiers)]
    held = VALUE_HELD.search(question) if VALUE_OF.search(measure) else None
    if held and re.sub(r"[^a-z0-9&]", "", held.group("owner").lower()) in names \
            and not any(held.group("part").lower() in q.lower() for q in qualifiers):
        qualifiers.append(held.group("part"))  # "What carrying value did Foot Locker's minority investments … have"
    own = OWN_PART_DID.search(question)
    if own and re.sub(r"[^a-z0-9&]", "", own.group("owner").lower()) in names and not metrics_in_question(own.group("part")) \
            and not any(own.group("part").lower() in q.lower() for q in qualifiers):
        # "CVS's mail choice channel": tables print the name, not "channel"
        qualifiers.append(re.sub(r"(?i)\s+(?:segment|division|business|unit|channel|category|categorie)s?$", "",
                                 own.group("part").strip()))
    the = THE_PART_DID.search(question)
    if the and not metrics_in_question(the.group("part")):
        doer = re.sub(r"(?i)\s*\b(?:segment|division|business|unit|channel)(?:e?s)?$", "", the.group("part").strip())
        # "did the company report", "did the segment earn": no part named
        if any(w.lower() not in _NEUTRAL | _PART_WORDS for w in doer.split()) \
                and not any(doer.lower() in q.lower() for q in qualifiers):
            qualifiers.append(doer)  # "did the juice businesses PepsiCo sold deliver": the juice businesses'
    # (what an accumulated balance is "recorded on" is the asset its table is captioned by, no row's qualifier:
    # "accumulated amortization … on its content assets" is the row "Accumulated amortization" there)
    tied = TIED_TO.search(question) or RECORDED_FOR.search(question) or (
        RECORDED_ON.search(question) if not re.match(r"(?i)accumulated\b", measure) else None)
    sold = SOLD_TO.search(question)  # ("sales to wholesale customers")
    # (the account an amount was added to: "What provision did PepsiCo add to its valuation allowance" — unless the
    # additions are the measure, "additions to property and equipment")
    added = ADDED_TO.search(question) if measure and not re.match(r"(?i)(?:additions|contributions)\b", measure) else None
    for what in [*([tied.group("what")] if tied else []), *recorded_in(question, measure),  # "… record in …" too
                 *([sold.group("what")] if sold else []), *([added.group("what")] if added else [])]:
        # (what was recorded, when nothing else names it, is the measure — "What did Pfizer record for chargebacks" —
        # and no part of it)
        if not any(what.lower() in q.lower() for q in qualifiers) and not (
                what.lower() == measure.lower() and EARNED_IN.search(question)):
            qualifiers.append(what)  # "What charge did PepsiCo record in connection with its cash tender offers"
            # ("How much amortization expense for acquired technology did …": the measure, what it is for apart; an
            # account named with its "for", "provision for credit losses", stays whole)
            if not re.search(rf"(?i)\b{ACCOUNT_FOR}(?:its\s+|the\s+|their\s+)?{re.escape(what)}$", measure):
                measure = re.sub(rf"(?i)\s+for\s+(?:its\s+|the\s+|their\s+)?{re.escape(what)}$", "", measure)
    b = BREAKDOWN.search(question)
    if b:
        qualifiers.append(f"by {b.group(1).lower()}" if b.group(1) else "by segment")
    # (the first place no qualifier holds: "Walmart International's net sales in China" asks China's)
    r = next((x for x in REGION.finditer(question) if not any(x.group(0).lower() in q.lower() for q in qualifiers)),
             None) or REGION.search(question)
    if r and not any(r.group(0).lower() in q.lower() for q in qualifiers):
        qualifiers.append(r.group(0))
    elif (adverb := re.search(r"(?i)\b(international|domestic)ly\b", question)) and not r:
        qualifiers.append(adverb.group(1).lower())  # "generate internationally": the international figure
    k = KPI.search(question)
    if k and re.fullmatch(r"(?i)units?\s+(?:sales|volumes?)", k.group(0)) and measure.lower() in k.group(0).lower():
        measure, k = k.group(0), None  # "unit sales of footwear": units are the measure, no revenue's qualifier
    if k and re.fullmatch(r"(?i)how\s+many\s+shares", k.group(0)) and re.match(r"(?i)shares?\s+of\s", measure):
        # "How many shares of its common stock did … repurchase": the shares of what the measure names are the
        # measure, no part of it (the KPI qualifies a bare "How many shares did … repurchase")
        k = None
    if k:
        qualifiers.append(k.group(0))
    a = ADJUSTED.search(question)
    # ("… exclude from Adjusted EBITDA": an item of it, no adjusted measure)
    if a and ((asked_first and a.start() > asked_end) or (into and a.start() >= into.start("into"))):
        a = None  # (the reconciliation the figure sits in is adjusted, not the thing asked)
    basis = a.group(1).lower().removesuffix("ly") if a else ""  # ("change operationally": the operational basis)
    if a and not any(a.group(1).lower() in q.lower() for q in qualifiers):
        qualifiers.append(basis)
    qualifiers = tidy_qualifiers(qualifiers, segments, k.group(0) if k else "")
    # a KPI alone names no part of the company, nor does how a measure is measured ("adjusted")
    if not [q for q in qualifiers if (not k or q != k.group(0)) and not (a and q == basis)]:
        # (a name inside the measure is its own: "Adjusted Property" of "same-store Adjusted Property EBITDAR")
        qualifiers += [n for n in proper_names(question, names, measure)
                       if not re.search(rf"(?i)(?<!\w){re.escape(n)}(?!\w)", measure)]
    else:  # a name after "in" / "from" is where or what the figure is of ("… operating revenues in Pennsylvania")
        # (or what earned it, the question verb's doer: "How much revenue did NIKE Direct bring in across North America")
        # (the company's name before the part's taken off: "Direct")
        after = [m.group(1) for m in NAME_AFTER.finditer(question)] + [
            re.split(r"\s+", m.group(1), maxsplit=1)[-1] for m in DOER.finditer(question)]
        qualifiers += [n for n in proper_names(question, names, measure) if any(a.startswith(n) for a in after)
                       and not any(n.lower() in q.lower() or q.lower() in n.lower() for q in qualifiers)]
    if k:  # "pharmacy same store sales", "front store comparable sales": the words before the KPI name its part
        # (of the measure's words, when they come before it: "… Restructuring Plan cut global headcount" names no part
        # "Plan cut global")
        kpi_of = words_before(question, k.start(), names, parts, pieces)
        if measure.lower().endswith(k.group(0).lower()) and len(measure) > len(k.group(0)):
            kpi_of = [w for w in kpi_of if w.lower() in measure.lower().split()]
        if kpi_of and not all(w.lower() in _PART_WORDS for w in kpi_of):
            qualifiers += tidy_qualifiers([" ".join(kpi_of)], segments, k.group(0))
        # "comparable sales of Entertainment": the name after it too (not the company's)
        # ("comparable sales growth for Appliances": after the KPI's change word too)
        of = re.match(r"\s+(?:(?:growth|change|increase|decrease|decline)\s+)?(?:of|for)\s+(?:the\s+)?((?-i:[A-Z])[\w&'’-]*(?:\s+(?-i:[A-Z])[\w&'’-]*){0,3})(?!['’])", question[k.end():])
        if of and of.group(1) in proper_names(question, names) and not any(of.group(1) in q for q in qualifiers):
            qualifiers.append(of.group(1))
    if segment_line and qualifiers:  # "Pet's segment operating profit": the named segment's line
        segment_line, measure = False, segment_head
    qualifiers = [q for q in qualifiers if not into or q.lower() not in into.group("into").lower()]  # (nor a name)
    for q in qualifiers:  # "Sam's Club membership income": the name's possessive is its own, not whose the measure is
        tail = re.split(r"['’]s\s+", q, maxsplit=1)
        if len(tail) == 2 and measure.lower().startswith(f"{tail[1].lower()} "):
            measure = measure[len(tail[1]) + 1:]
    kind, measure, qualifiers, spent_over = kind_of(question, measure, qualifiers, before_measure, names=names,
                                                    parts=parts, pieces=pieces, intent=intent, derived=derived,
                                                    kpi=k)
    metric = "cost_of_revenue" if costed else None if segment_line or spent_over else metrics[0] if metrics else None
    if re.fullmatch(r"(?i)units?\s+(?:sales|volumes?)", measure):
        metric = None  # units sold are no revenue
    done = COST_OF_DOING.match(question)
    # (whom it cost: the company, or a part of it named after its possessive — "J&J's Pharmaceutical segment", not
    # "Corning's 2021 operating results")
    part_of = re.fullmatch(r"(?P<owner>[\w&.-]+(?:\s+[\w&.-]+){0,2})['’]s?\s+(?:(?-i:[A-Z])[\w&-]*\s*){1,4}"
                           r"(?:segment|division|business|unit)?s?", done.group("whom")) if done else None
    if done and not derived and (any(re.sub(r"[^a-z0-9&]", "", w.lower()) in names for w in done.group("whom").split())
                                 or part_of and re.sub(r"[^a-z0-9&]", "", part_of.group("owner").lower()) in names):
        what = [w for w in re.findall(r"[A-Za-z0-9][\w&-]*", done.group("what")) if w.lower() not in ("the", "its", "their")]
        if what:  # what it cost to do something is asked, never the company's costs
            return Subject(without_place(" ".join(what), qualifiers), None, tuple(dict.fromkeys(qualifiers)), "amount",
                           keeps=())
    # "unsettled credit and debit card receivables": words before a statement line's name narrow it to a line of
    # its own (two or more: one adjective, "trade receivables", is the line's name still)
    if metric and not derived and not qualifiers and kind == "amount":
        spans = metric_phrase_spans(measure, metric)
        head = measure[:spans[0][0]] if spans else ""
        before = [w for w in re.findall(r"[A-Za-z][\w&'’-]*", head)
                  if (w.lower() not in _NEUTRAL or w.lower() == "and") and re.sub(r"[^a-z0-9&]", "", w.lower()) not in names]
        said = " ".join(before).strip()
        said = re.sub(r"(?i)^(?:and\s+)+|(?:\s+and)+$", "", said)
        # ("profit-share": two words; one negated, "noncurrent inventories", "unbilled receivables", is a part too)
        if len([w for w in re.split(r"[\s-]+", said) if w.lower() != "and"]) >= 2 \
                or re.fullmatch(r"(?i)(?:non-?|un)[a-z]{4,}", said):
            qualifiers.append(said)
    effect = EFFECT.match(question)
    # (what it moved is a statement line or a measure named after one: "Adjusted EBITDA")
    # (or a ratio of them: "… reduce 3M's operating income margin"; or a cost line: "… add to cost of services")
    if effect and (metrics_in_question(effect.group("on")) or re.search(r"(?i)\bebitda?\b|\bcosts?\s+of\b|\bexpenses?\b",
                                                                        effect.group("on"))
                   or derive.asked(effect.group("on"))) \
            and not derived and intent != "outlook":
        # (a relative clause says which: "the infrastructure surcharges that took effect in 2023")
        doer = re.split(r"(?i)\s+(?:that|which|who)\s+", effect.group("what") or effect.group("added"))[0]
        # ("the stronger U.S. dollar": initials keep their dots)
        what = [w for w in re.findall(r"(?:[A-Za-z]\.){2,}|[A-Za-z0-9][\w&-]*", doer)
                if re.sub(r"[^a-z0-9&]", "", w.lower()) not in names and w.lower() not in ("the", "its", "their")]
        # what changed the measure is asked, never the measure itself ("currency", "the F-35 program"; "it" is
        # the measure's own)
        if what and not (len(what) == 1 and what[0].lower() in PRONOUNS):
            # what it added to a growth ("How much did … add to the growth of Adobe's cost of subscription revenue") is
            # a share of that change, printed in points ("Data center costs 9 %"), never an amount (points asked by
            # name, "How many percentage points …", are read from sentences as they were)
            grew = re.match(r"(?i)(?:the\s+)?(?:[\w&.'’-]+\s+){0,6}?(?:growth|increase|rise|decline|decrease)\b",
                            effect.group("on")) and not re.match(r"(?i)\s*(?:by\s+)?how\s+many\b", question)
            return Subject(" ".join(what), None, tuple(dict.fromkeys(qualifiers)), "rate" if grew else "amount",
                           keeps=())
    impact = IMPACT_ON.search(question) or IMPACT_OF.search(question)
    if impact and metrics_in_question(impact.group("on")) and not derived and intent != "outlook":
        what = impact.group("what").split()
        while what and what[0].lower() in ("what", "was", "were", "is", "are", "the", "its", "their", "a", "an", "how",
                                           "much", "did", "does"):
            what.pop(0)
        if what and not all(w.lower() in _NEUTRAL for w in what):
            # "What was Adobe's total hedging impact on revenue": the impact is asked, never the line it moved (in the
            # question's order of words: "the impact of foreign exchange" is a row "Unfavorable impact of foreign exchange")
            said = f"{' '.join(what)} {impact.group('noun')}" if impact.re is IMPACT_ON else \
                f"{impact.group('noun')} of {' '.join(what)}"
            return Subject(said, None, tuple(dict.fromkeys(qualifiers)), "amount", keeps=())
    # (the thing asked before "did", or a reconciliation's item, and no statement line: none after it answers)
    keeps: tuple[str, ...] | None = () if segment_line or ((asked_first or into or returned) and metric is None) else None
    last = measure.split()[-1].lower() if measure else ""
    own_word = metric in EXPENSE_LINES and last in EXPENSE_WORDS and any(  # (the expense's name right before it)
        to >= len(measure) - len(last) - 1 for _, to in metric_phrase_spans(measure, metric or ""))
    if metric and not derived and last in OTHER_LINE and not own_word and all(
            to < len(measure) - len(last) for key in metrics for _, to in metric_phrase_spans(measure, key)):
        # "early debt redemption costs", "debt issuance costs": a line of their own, named after the statement's
        # (never the long-term debt; an expense's own word is its line: "research and development expenses")
        metric, keeps = None, ()
    if not (metric or "").startswith("eps") and not measure.lower().startswith("eps") and PRICE_MEASURE.search(measure):
        # "average price per share" paid for repurchased shares is no amount of repurchases
        metric, keeps = None, ("eps",)
    spans = metric_phrase_spans(measure, metric) if metric else []
    # "inventory turns", "days sales outstanding": a word after the statement line's name makes a measure of
    # its own (a row of its own), never the line
    longer = qualifiers_after_head(question, measure, qualifiers) if spans and not derived and kind == "amount" else ""
    if longer or (spans and not derived and kind == "amount" and any(
            w.lower() not in _NEUTRAL | _SAME_LINE and not w.endswith("ed")
            for w in re.findall(r"[A-Za-z][\w&'’-]*", measure[spans[-1][1]:]))):
        measure = longer or measure
        qualifiers = [q for q in qualifiers if q.lower() not in measure.lower()]
        metric, keeps = None, ()
    # "the weighted-average days to maturity of Nike's cash equivalents": a measure of a line, named before it, is
    # no amount of the line
    if metric and measure and not derived and kind == "amount" and not metric_phrase_spans(measure, metric) \
            and re.search(rf"(?i){re.escape(measure)}\s+of\s+", question):
        metric, keeps = None, ()
    # "average debt balance": the period's average of a line, another figure than the line at its date
    if spans and not derived and not qualifiers \
            and re.search(r"(?i)(?<!weighted )(?<!weighted-)\baverage\b", measure[:spans[0][0]]):
        metric, keeps = None, ()
    # "cash unable to invoice and receive": a clause about the line; "share repurchase authorization": a program's
    # limit; "long-term debt issued": an act of the period, not the balance at its end — none is the line
    if spans and (re.match(r"(?i)\s+(?:unable|not|never|that|which|yet|still)\b", measure[spans[-1][1]:])
                  or re.match(r"(?i)\s+(?:authori[sz]ation|capacity)\b", measure[spans[-1][1]:])
                  or STATEMENT_OF.get(metric or "") == "balance" and ACTED.match(measure[spans[-1][1]:])):
        metric, keeps = None, ()
    if done_part:  # ("funded backlog": a row or sentence naming what was done, never the whole's line)
        metric, keeps = None, ()
        qualifiers = [q for q in qualifiers if q.lower() not in measure.lower()]
    # ("Europe, Middle East & Africa" and its last words, "Middle East & Africa", read again as a named part: one part)
    qualifiers = [q for q in qualifiers if not any(o.lower().endswith(f", {q.lower()}") for o in qualifiers)]
    return Subject(without_place(measure, qualifiers), metric, tuple(dict.fromkeys(qualifiers)), kind, keeps=keeps)


__all__ = ["Subject", "analyse"]

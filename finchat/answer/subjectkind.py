"""What kind of answer a question wants — an amount, a rate, a share of a whole, a ranking or guidance — and what
that kind makes of the measure and qualifiers :func:`finchat.answer.subject.analyse` read before it.

* ``guidance``: the question's intent is an outlook;
* ``ranking``: "which segment grew fastest" (the ranked measure read after the company's possessive when none was);
* ``share``: "what percentage of net sales did Aeronautics generate" (the part is a qualifier, the whole the
  measure); an expense over revenue ("fulfillment as a percentage of net sales") is a ``rate`` the filing prints;
* ``rate``: "effective tax rate", "net charge-off rate", a ratio over a measure of its own ("… as a percentage of
  GPV"), a percentage KPI ("comparable sales").
"""

from __future__ import annotations

import re

from finchat.answer.asked import _PART_WORDS, _PERIOD, names_an_expense, owned_part, words_before
from finchat.answer.propernames import proper_names
from finchat.answer.shapes import (
    PART_AS_SHARE,
    PART_DID,
    PERCENT_KPI,
    RANKED_OF,
    RANKING,
    RATE,
    RATIO_OF,
    SHARE,
    SHARE_PART,
)
from finchat.graph.lexicon import metrics_in_question

#: What a rate was paid or earned on, after the rate: "… did JPMorgan pay on its total deposits in Q2 2023".
_RATE_PAID_ON = re.compile(r"(?i)^\s+(?:did|does|do)\s+(?P<owner>[\w&.-]+(?:\s+[\w&.-]+){0,2}?)\s+"
                           r"(?:pay|earn|charge|receive|incur|get|realize|generate|carry)\s+on\s+(?:its|their|the)\s+"
                           r"(?P<part>[a-z][\w&'’-]*(?:\s+[a-z][\w&'’-]*){0,4}?)(?=\s+(?:in|during|for|at|as\s+of|through)\b|\s*\?|$)")


#: What carried a rate, after the rate: "… did eBay's senior notes due 2051 carry at June 30, 2023".
_RATE_CARRIED = re.compile(r"(?i)^\s+(?:did|does|do)\s+(?P<owner>[\w&.-]+(?:\s+[\w&.-]+){0,2}?)['’]s?\s+"
                           r"(?P<part>[a-z0-9][\w&'’. -]{1,60}?)\s+(?:carry|bear)\b")


def kind_of(question: str, measure: str, qualifiers: list[str], before_measure: list[str], *,
            names: set[str], parts: frozenset[str], pieces: frozenset[str], intent: str, derived: bool,
            kpi: re.Match[str] | None) -> tuple[str, str, list[str], bool]:
    """The kind of answer ``question`` wants, with the measure and qualifiers it makes of those read so far, and
    whether it asks an expense's ratio to what it is over (no statement line's amount then). ``names``, ``parts``
    and ``pieces`` are the company's names and their words (never qualifiers); ``before_measure`` the qualifiers
    read before the measure's words; ``derived``: a derived figure answers the measure (its words are its own);
    ``kpi``: the company-reported KPI the question names, if any."""
    kind = "amount"
    rate = RATE.search(question)
    spent_over = False  # an expense's ratio to revenue asked: no statement line's amount
    if intent == "outlook":
        kind = "guidance"
    elif RANKING.search(question):
        kind = "ranking"
        # "Which asset class of JPMorgan's assets under management grew the most": what is ranked is measured by
        # the words after the company's possessive
        ranked = None if measure else RANKED_OF.search(question)
        if ranked and not metrics_in_question(ranked.group("m")):
            measure = ranked.group("m").strip()
    elif (share := SHARE.search(question)) and not derived:  # "D&A as a percentage of net sales" is derived
        kind = "share"
        part = (SHARE_PART.search(question[share.end():]) or PART_AS_SHARE.search(question)
                or PART_DID.search(question[share.end():]))
        # "What percentage of Aeronautics' 2021 net sales did the F-35 program generate": the whole is a part's
        # (its owner no company), so named in the measure, no qualifier of the figure
        owner = re.match(r"\s*(?:the\s+)?(?P<o>[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,3})['’]s?\s", question[share.end():])
        if part and owner and re.sub(r"[^a-z0-9&]", "", owner.group("o").lower()) not in names \
                and owner.group("o") in qualifiers and owner.group("o").lower() not in part.group("part").lower():
            qualifiers = [q for q in qualifiers if q != owner.group("o")]
            measure = f"{owner.group('o')} {measure}"
        if part:
            # "… regulated operating revenues came from Pennsylvania": the words before the measure are the
            # whole's, the part is after the verb
            qualifiers = [q for q in qualifiers if q not in before_measure or part.group("part").lower() in q.lower()]
        # ("did the Business segment account for": tables and sentences print the name, not the word "segment")
        whole_part = re.sub(r"(?i)\s+(?:segment|division|unit)s?$", "", part.group("part").strip()) if part else ""
        # "Amazon's fulfillment expense as a percentage of net sales": the part is the company's, not named by it
        owner = re.match(r"(?i)((?:[\w&.-]+\s+){0,2}?[\w&.-]+)['’]s?\s+", whole_part)
        if owner and re.sub(r"[^a-z0-9&]", "", owner.group(1).lower()) in names:
            whole_part = whole_part[owner.end():]
        # "What share of total network volumes was billed business": the part is no word of the whole
        rest = re.sub(rf"(?i)\s*\b{re.escape(whole_part)}\b\s*", " ", measure).strip() if whole_part else measure
        measure = rest or measure
        if part and not any(whole_part.lower() in q.lower() for q in qualifiers):
            # a piece of the part read alone ("U.S" of "the U.S. government") gives way to the whole part
            qualifiers = [q for q in qualifiers if q.lower() not in whole_part.lower()] + [whole_part]
        # "operating expenses as a percentage of total revenues": an expense is no part of the revenue it is over —
        # the ratio is a rate the filing prints (a part's, when a name is left: "the Retail/LTC segment's …")
        outlay = re.sub(r"(?i)^.*['’]s?\s+", "", whole_part)
        if names_an_expense(outlay):
            kind, measure, spent_over = "rate", f"{outlay} as a percentage of {measure}", True
            qualifiers = [q for q in qualifiers if q != whole_part and q.lower() not in outlay.lower()]
            spender = re.match(r"(?i)^(?:the\s+)?(.+?)(?:\s+(?:segment|division|unit)s?)?['’]s?\s", whole_part)
            if spender and not any(q.lower() == spender.group(1).lower() for q in qualifiers):
                qualifiers.append(spender.group(1))
    elif not derived and rate:
        kind = "rate"
        # "the Card Services net charge-off rate": a name before the rate is the part it is of
        qualifiers += [n for n in proper_names(question, names, rate.group(0))
                       if n.lower() in measure.lower() and n.lower() not in rate.group(0).lower()
                       and not any(n.lower() in q.lower() for q in qualifiers)]
        # "JPMorgan's card net charge-off rate": the words before "net" name the part, written small too
        net = re.search(r"(?i)\bnet\s+$", question[:rate.start()])
        of_net = words_before(question, net.start(), names, parts, pieces) if net else []
        if of_net and not metrics_in_question(" ".join(of_net)) and not any(
                w.lower() in _PART_WORDS or _PERIOD.match(w.lower()) for w in of_net) \
                and not any(" ".join(of_net).lower() in q.lower() for q in qualifiers):
            qualifiers.append(" ".join(of_net))
        measure = rate.group(0)  # "effective tax rate": the rate is the measure, not the line it is built on
        # ("What discount rate applied to Costco's finance leases": the rate of that part, read after the rate)
        qualifiers += owned_part(question, measure, names, qualifiers)
        # ("What average interest rate did JPMorgan pay on its total deposits": the rate of what it was paid on; "What
        # effective interest rate did eBay's senior notes due 2051 carry": of what carried it)
        paid_on = _RATE_PAID_ON.match(question[rate.end():]) or _RATE_CARRIED.match(question[rate.end():])
        if paid_on and re.sub(r"[^a-z0-9&]", "", paid_on.group("owner").lower()) in names \
                and not any(paid_on.group("part").lower() in q.lower() for q in qualifiers):
            qualifiers.append(paid_on.group("part"))
    elif not derived and (ratio := RATIO_OF.search(question)):
        # "transaction-based revenue as a percentage of GPV": a rate reported over a measure of its own, as printed
        base = re.split(r"(?i)\s+as\s+a\s+(?:percent(?:age)?|%)\b", measure)[0]
        kind, measure = "rate", f"{base} {ratio.group(0)}".strip()
    elif kpi and PERCENT_KPI.fullmatch(kpi.group(0)):
        kind, measure = "rate", kpi.group(0)  # "Sam's Club comparable sales": a percentage change the filing prints
    return kind, measure, qualifiers, spent_over


__all__ = ["kind_of"]

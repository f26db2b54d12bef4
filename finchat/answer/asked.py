"""The measure a question asks in its own words ("What was American Express's billed business", "How many cards
were in force", "How much corporate expense did Foot Locker record"): the words after the question's verb and the
company's possessive, up to a preposition, a period or the end — for answer/subject.py's analysis."""

from __future__ import annotations

import re

from finchat.answer.shapes import EARNED_IN, GREW, MEASURE_OF, MOVED_BY, OWNED_PART, TIME_UNITS, VALUE_OF
from finchat.graph.lexicon import STATEMENT_OF, metric_phrase_spans, metrics_in_question, metrics_in_text
from finchat.graph.lexicon import metric as metric_def

#: Words that do not narrow a statement measure.
_NEUTRAL = {
    "total", "net", "gross", "consolidated", "reported", "gaap", "overall", "worldwide", "globally", "annual", "quarterly", "fiscal", "the",
    "its", "their", "his", "her", "company", "company's", "companys", "firm", "in", "of", "for", "and", "or", "what",
    "was", "were", "is", "are", "how", "much", "many", "did", "does", "do", "a", "an", "to", "from", "by", "at",
    "on", "as", "year", "quarter", "period", "full", "diluted", "basic", "per", "share", "common", "operating",
    "attributable", "usd", "dollar", "dollars", "million", "millions", "billion", "billions", "amount", "level",
    "figure", "value", "which", "with", "that", "this", "these", "those", "all", "any", "give", "report",
    "reports", "post", "posted", "generate", "generated", "make", "made", "record", "recorded", "earn", "earned",
    "ended", "end", "ending", "same", "prior", "last", "latest", "current", "yearly", "group", "inc", "corp",
    "corporation", "plc", "co", "ltd", "limited", "has", "have", "had", "be", "been", "there", "whose", "s",
    "between", "change", "changes", "growth", "grow", "grew", "increase", "decrease", "decline", "rise", "fall",
    "first", "second", "third", "fourth", "half", "six", "nine", "three", "twelve", "months", "weeks",
    # verbs, pronouns and judgements that stand before a measure in questions without narrowing it
    "drove", "drive", "drives", "driven", "driving", "improving", "improved", "improve", "declining", "growing",
    "rising", "falling", "if", "us", "we", "our", "you", "your", "lowest", "highest", "best", "worst", "biggest",
    "largest", "smallest", "most", "least", "top", "bottom", "unadjusted", "average", "avg", "calculate",
    "compute", "estimate", "approximate", "approximately", "impact", "effect", "affect", "affected", "exclude",
    "excluding", "including", "include", "based", "using", "primarily", "mainly", "strong", "weak", "good", "bad",
    "positive", "negative", "higher", "lower", "more", "less", "better", "worse", "expected", "expect", "trailing",
    "implied", "annualized", "whole", "entire", "combined", "aggregate", "cumulative", "compare", "compared",
}
_PERIOD = re.compile(r"(?i)^(?:fiscal|q[1-4]|fy\d{2,4}|\d{4}q[1-4]|(?:19|20)\d{2}|h[12]|ytd|[1-4](?:st|nd|rd|th))$")
#: Words that make the name before them a part of the company ("Blizzard segment").
_PART_WORDS = frozenset({"segment", "segments", "division", "business", "unit"})


#: "What was American Express's billed business …", "the medical benefit ratio of …", "How many cards were in
#: force at …", "What network volumes did … report": what a question asks when it names no statement word — the words after the question's verb (and
#: the company's possessive), up to a preposition, a period or the end.
_ASKED = re.compile(r"(?i)^\s*(?:(?:over|for|in|within|on|at|across|from)\s+)?(?:what|how\s+(?:much|many|large|big))(?:\s+(?P<count>(?!(?:did|does|do|was|were|is|are|has|had)\b)[a-z][\w&'’/ -]*?))?\s+"
                    r"(?P<verb>was|were|is|are|did|does|has|had|will|would)\s+(?:the\s+|its\s+|their\s+)?(?P<np>[^?]*)")
_NP_END = re.compile(r"(?i)\s+(?:of|for|in|at|during|as\s+of|on|by|over|from|reported|report|record(?:ed)?|"
                     r"(?:due|scheduled)\s+to|"
                     r"generate[ds]?|grow|grew|change|increase|decrease|drop|fall|rise|decline|between|compared|versus|vs\.?)\b|"
                     r"[?,;]|$")


#: A question asking what did something, its verb no auxiliary ("What valuation allowances reduced …", "What fees
#: lifted …"), none after it either (that is _ASKED's shape: "What net cash provided by … did … report").
_DOER = re.compile(r"(?i)^\s*what\s+(?P<np>(?:(?!(?:did|does|do|was|were|is|are|has|have|had|will|would)\b)"
                   r"[a-z][\w&'’/-]*\s+){1,5}?)(?:[a-z]+ed)\s+(?![^?]*\b(?:did|does|do|was|were|is|are|has|have|had|will|"
                   r"would)\b)")
#: A change word that is a noun: its measure's last word, followed by where it was measured ("table games drop at").
_AT_NOUN = re.compile(r"(?i)\s+(?:drop|fall|rise|decline|change|increase|decrease)\s+at\b")
_KEPT = "\u2060"  # (a joiner no split reads as a space)
#: A cost's "of" followed by what it is of, written small ("total cost of natural gas", "cost of fuel sold"): the
#: measure's own words, not whose it is.
_COST_OF_THING = re.compile(r"(?i)\b(?:cost|costs|price|prices)\s+of(?=\s+(?!(?:the|its|their|our|a|an|each|this|that|"
                            r"first|second|third|fourth|fiscal|year|quarter|nine|six|three|twelve)\b)(?-i:[a-z])[a-z-]+)")
#: "value of …", "amount of …" with nothing before: what is valued is the measure.
#: (or its carrying amount or book value, of a thing written small that no statement line names: "the carrying amount
#: of General Mills' other intangible assets" is that row's balance; a thing named keeps its carrying value — "… of MGM
#: Resorts' investment in the Bellagio BREIT Venture" — and a line is printed so, "Total carrying value of debt")
#: (a gross or total value is the row itself: "the gross value of Netflix's leasehold improvements", before depreciation)
_PLAIN_VALUE_OF = re.compile(r"(?i)^(?:(?P<carried>carrying|book)\s+|(?:gross|total)\s+)?(?:value|amount)\s+of\s+(?=\S)|"
                             r"^balance\s+of\s+(?=\S)")
_WRITTEN_SMALL = re.compile(r"(?:[\w&.'’ -]+['’]s?\s+)?[a-z][a-z-]*(?:\s+[a-z][a-z-]*)+")
#: An account whose name holds "for": "allowance for doubtful accounts", "provision for credit losses", "reserve for …".
ACCOUNT_FOR = r"(?:allowances?|provisions?|reserves?|accruals?)\s+for\s+"
_FOR_NAMED = re.compile(rf"(?i)^(?:[\w&.-]+['’]s?\s+)?(?:[a-z-]+\s+){{0,2}}{ACCOUNT_FOR}")


#: What a filing calls the count of an act a "how many … did … <verb>" question asks about.
_COUNTED_ACT = {"deliver": "deliveries", "ship": "shipments", "open": "openings", "close": "closings",
                "hire": "hires", "add": "additions", "repurchase": "repurchased", "back": "repurchased",
                "sell": "sold", "acquire": "acquisitions", "issue": "issued", "employ": "employed"}

#: What a company's act on a line is called: "How much did … add to property and equipment" asks the additions to it;
#: "How much did Corning sell to its affiliates" asks its sales to them, as a related-party table prints them.
_ACT_TO = {"add": "additions", "contribute": "contributions", "sell": "sales", "transfer": "transfers",
           "lend": "loans"}

#: "How much did American Water receive from its term loan": what was received from a source is printed as the
#: proceeds from it ("Proceeds from term loan").
_RECEIVED_FROM = re.compile(r"(?i)\b(?:receive|raise|borrow|collect)[ds]?\s+from\s+(?:its\s+|their\s+|the\s+|an?\s+)?"
                            r"(?P<what>[a-z][a-z -]*?)(?=\s+(?:in|during|for|over|at|as|on|by)\b|\s*[?,.;]|\s*$)")
#: "How much net cash did Corning use in investing activities": the cash used in them, as the statement prints it.
_USED_IN = re.compile(r"(?i)\buse[ds]?\s+(?:in|for|by)\s+(?:its\s+|their\s+|the\s+)?"
                      r"(?P<what>[a-z][a-z -]*?\bactivities)(?=\s|[?,.;]|$)")

#: "How much cash did Best Buy pay for termination benefits", "… pay in income taxes": the cash paid for them, as
#: statements and notes print it ("Cash paid for interest", "Cash payments").
_PAID_FOR = re.compile(r"(?i)\bpa(?:y|id)\s+(?:for|in|on|toward|towards)\s+(?:its\s+|their\s+|the\s+)?"
                       r"(?P<what>[a-z][a-z -]*?)(?=\s+(?:in|during|for|over|at|as|on|by|under|related|tied)\b|\s*[?,.;]|\s*$)")
#: What a "how much … did … <verb>" question asks when the verb is an accounting act done to the thing asked:
#: "How much interest did MGM capitalize" asks the interest capitalized (a row of its own, never interest income).
#: ("incur" is none: an expense incurred is the expense)
_ACT_DONE = {"capitalize": "capitalized", "capitalise": "capitalized", "defer": "deferred", "amortize": "amortized",
             "impair": "impaired", "reclassify": "reclassified", "pay": "paid"}
#: An aside between the thing asked and the question's verb: ", net of amounts capitalized," in "How much interest,
#: net of amounts capitalized, did …".
_ASIDE_BEFORE_VERB = re.compile(r"(?i)^(\s*how\s+much\s+[a-z]{3,30}),\s+[a-z][a-z ]{2,60},\s+(?=(?:did|does|was|were|is|are|has|had)\s)")
#: "How much had Amcor accrued for its share of … remediation costs": what an accrual was made for.
_ACCRUED_FOR = re.compile(r"(?i)\b(?:accrued|accrue|reserved|reserve)\s+for\s+(?:its\s+|their\s+|the\s+)?"
                          r"(?:share\s+of\s+)?(?P<what>[a-z][a-z -]*?)(?=\s+(?:at|in|as\s+of|during|for|by|on)\b|\s*[?,;]|\s*$)")

#: "… set aside for credit losses": what a provision is made for.
_SET_ASIDE_FOR = re.compile(r"(?i)\bset\s+aside\s+(?:for|to\s+cover)\s+(?:its\s+|their\s+|the\s+)?"
                            r"(?P<what>[a-z][a-z -]*?)(?=\s+(?:at|in|as\s+of|during|for|by|on)\b|\s*[?,;]|\s*$)")

#: "How many <things> <did something> in / outside / across …", no auxiliary verb.
_COUNT_DONE = re.compile(r"(?i)^(\s*how\s+many\s+[a-z][\w&'’ -]*?)\s+([a-z]+ed)\s+(?=(?:in|outside|across|at)\s)")
#: "How many employees work at …", "How many people live in …": a verb in the present, no auxiliary before it.
_COUNT_DOES = re.compile(r"(?i)^(\s*how\s+many\s+(?:(?!(?:did|does|do|was|were|is|are|has|have|had|will|would)\b)[a-z][\w&'’-]*\s+){1,4}?)"
                         r"(?!(?:did|does|do|was|were|is|are|has|have|had|will|would)\b)([a-z]+?)e?\s+(?=(?:in|outside|across|at)\s)")

#: What ties a measure to its cause: "expense tied to / associated with / related to …".
_TIED = re.compile(r"(?i)\s+(?:tied|linked|related|relating|attributable|associated)\s+(?:to|with)\s")

#: Rates asked of what they are earned on ("What yield did … earn on its average interest-earning assets").
_RATES_ON = {"yield", "return", "rate", "spread", "margin"}
_EARNED_ON = re.compile(r"(?i)\S.*?\s(?:earn|make|generate|achieve|get|post|deliver|realize)\w*\s+on\s+"
                        r"(?:its\s+|their\s+|the\s+)?(?P<base>\S.*)")
#: Verbs that ask a profit: "How much did the segment earn / make / lose?"
_EARN = {"earn", "make", "lose", "net"}
#: Verbs of recording a figure "in" what it is: "How much did American Express recognize in interest and penalties
#: expense" asks the expense.
_RECORD = {"record", "book", "recognize", "recognise", "incur"}
#: Verbs of holding a balance "in" what it is: "How much did Pfizer hold in noncurrent inventories", "How much did
#: JPMorgan have in alternatives assets under management" ask them.
_HOLD = {"hold", "held", "have", "had", "carry", "carried", "keep", "kept"}


#: Words of a measure at most ("Las Vegas Strip same-store Adjusted Property EBITDAR"): more is a clause.
MAX_MEASURE_WORDS = 6


def _asked_phrase(question: str, names: set[str]) -> str:
    """The measure a question asks in its own words when no statement word names it ("billed business",
    "medical benefit ratio", "cards in force"); "" when the question has no such shape."""
    # ("Excluding intercompany license fees, how much did …": the question after its leading clause)
    question = re.sub(r"(?i)^\s*(?:excluding|including|before|after)\b[^,?]{1,80},\s*", "", question)
    # ("How much interest, net of amounts capitalized, did Verizon pay": the thing asked, its aside set apart)
    question = _ASIDE_BEFORE_VERB.sub(r"\1 ", question)
    # ("How much did the Utility's cost of natural gas sold come to": what it came to is what it was)
    question = re.sub(r"(?i)^(\s*how\s+(?:much|large|big)\s+)did\s+(.+?)\s+(?:come|amount)\s+to\b", r"\1was \2",
                      question)
    # ("How many Converse stores operated outside …": the counted thing, then what was done, as "… were operated …")
    question = _COUNT_DONE.sub(r"\g<1> were \g<2> ", question)
    # (… and in the present: "How many employees work at" is read as "… were worked at")
    question = _COUNT_DOES.sub(lambda m: f"{m.group(1)}were {m.group(2)}ed ", question)
    moved = MOVED_BY.match(question)
    grew = None if moved else GREW.match(question)
    m = None if moved or grew else _ASKED.match(question)
    if moved:
        # (whose it is may be the doer's: "… cut its global headcount")
        # (what it was against is whose: "… reduce the IRS's potential tax adjustment against Coca-Cola")
        np = re.sub(r"(?i)^(?:its|their|the)\s+", "", re.split(r"(?i)\s+(?:against|under|with)\s", _NP_END.split(
            moved.group("np"), maxsplit=1)[0], maxsplit=1)[0])
    elif grew:
        # "How much did product costs at MFC increase": the measure, before where it is
        np = re.split(r"\s+at\s+(?=(?-i:[A-Z]))", grew.group("np"), maxsplit=1)[0]
    elif m is None:
        # "What valuation allowances reduced Amazon's deferred tax assets": the asked thing is the verb's doer
        doer = _DOER.match(question)
        if doer is None:
            return ""
        np = doer.group("np")
    elif m.group("count") and m.group("count").lower() in TIME_UNITS and re.search(r"['’]s?\s", m.group("np")):
        # "Over how many years does PG&E estimate the Wildfire Fund's period of coverage": what is measured in them,
        # the object of the question's verb, after its owner
        np = re.split(r"(?i)\s+(?:in|during|as\s+of|at|by|for)\s", m.group("np"), maxsplit=1)[0]
        return re.split(r"^.*?['’]s?\s+", np, maxsplit=1)[-1].strip()
    elif m.group("count") and m.group("verb").lower() not in ("was", "were", "is", "are"):
        # "How much corporate expense did Foot Locker record": the thing asked ("How much in restructuring charges
        # does … expect": the charges; "How large a valuation allowance had …": the allowance)
        np = re.sub(r"(?i)^(?:in|an?)\s+", "", m.group("count"))
        # ("What carrying amount of brands and other indefinite-lived intangibles did …": the thing carried)
        np = _PLAIN_VALUE_OF.sub("", np) if _PLAIN_VALUE_OF.match(np) and not metrics_in_question(np) else np
        # ("How much expense tied to the First Republic acquisition did …": the expense; what it is tied to, whose)
        np = _TIED.split(np, maxsplit=1)[0]
        # "How many airplanes did Boeing deliver": the counted thing and what was done ("airplanes deliveries")
        done = re.findall(r"[a-z]+", _NP_END.split(m.group("np"), maxsplit=1)[0].lower())
        used = _USED_IN.search(m.group("np")) if done and done[-1] in ("use", "used") else None
        paid = _PAID_FOR.search(m.group("np")) if done and done[-1] in ("pay", "paid") \
            and np.lower() in ("cash", "money") else None
        # ("How much cash did Netflix receive from option exercises": that cash, never the cash balance)
        got = _RECEIVED_FROM.search(m.group("np")) if done and done[-1] in ("receive", "received", "collect", "collected") \
            and np.lower() in ("cash", "money") else None
        if used:  # "How much net cash did Corning use in investing activities": the cash used in them
            np = f"{np} used in {used.group('what')}"
        elif paid:  # "How much cash did Best Buy pay for termination benefits": those payments, never the balance
            np = f"cash paid for {paid.group('what')}"
        elif got:
            np = f"cash received from {got.group('what')}"
        elif done and done[-1] in _COUNTED_ACT and (done[-1] != "back" or done[-2:-1] == ["buy"]):
            # (what is bought back is repurchased; what is added back, "rent" in a return's numerator, is itself)
            np = f"{np} {_COUNTED_ACT[done[-1]]}"
        elif done and done[-1] in _ACT_DONE and not re.search(r"(?i)\bin\s*$|\bper\s+share\b", np) and not (
                done[-1] == "pay" and np.split()[-1].lower() in OTHER_LINE):
            # (an amount per share paid is the row of the amount per share, "dividends per share"; costs or fees paid
            # are those costs)
            np = f"{np} {_ACT_DONE[done[-1]]}"
        # ("What reasonably possible loss exposure in excess of its accrual did …": the thing, before what it is of)
        # (a possessive is read below; "How much of the cash from … did …" asks a part of a whole, no clause)
        if len(np.split()) > MAX_MEASURE_WORDS and not re.search(r"['’]", np) and not re.match(r"(?i)of\s", np):
            np = _NP_END.split(np, maxsplit=1)[0]
        # "What yield did JPMorgan earn on its average interest-earning assets": a rate is of what it is earned on
        base = _EARNED_ON.match(m.group("np")) if np.split()[-1].lower() in _RATES_ON else None
        if base:
            np = f"{np} on {_NP_END.split(base.group('base'), maxsplit=1)[0].strip()}"
    elif m.group("count") and re.match(r"(?i)(?:in|within|included\s+in|part\s+of)\s+(?:the\s+)?[\w&.-]+['’]s?\s",
                                       m.group("np")):
        np = m.group("count")  # "What restructuring costs were in Nike's operating overhead expense": the costs
    elif m.group("count") and re.match(r"(?i)[a-z]+ed\s+(?:to|by|for|from|at|with|in|outside|across)\s", m.group("np")):
        np = m.group("count")  # "How much equity was allocated to the segment": the equity; the segment is whose
    elif m.group("count") and re.match(r"(?:[A-Z][\w&.'’-]*\s+){1,4}[a-z]+(?:ing|ed)\b", m.group("np")):
        # "What FAS/CAS operating adjustment is Lockheed Martin expecting": the thing expected ("What lease payments is
        # American Express committed to make": the payments committed)
        np = re.sub(r"(?i)^in\s+", "", m.group("count"))
    elif m.group("count"):  # "How many cards were in force at …": the counted thing, then what is said of it
        np = m.group("np")
        lead = re.match(r"(?i)in\s+", np)  # "in force", "in service": the predicate's own preposition
        at = lead.end() if lead else 0
        # ("How much in finance lease payments is … scheduled to pay": the payments)
        counted = re.sub(r"(?i)^in\s+", "", m.group("count"))
        np = f"{counted} {np[:at]}{_NP_END.split(np[at:], maxsplit=1)[0]}"
    else:
        # "the allowance for uncollectible accounts receivable", "the provision for income taxes": an account named
        # with its "for", read whole
        held = _FOR_NAMED.match(m.group("np"))
        # ("What was the value of General Mills' grain inventories": a bare "value of" names no measure — the thing
        # after it is)
        plain = _PLAIN_VALUE_OF.match(m.group("np"))
        held_of = re.split(r"(?i)\s+(?:at|as\s+of|on|in|for|by|under)\s", m.group("np")[plain.end():])[0] if plain else ""
        if plain and plain.group("carried") and (metrics_in_question(held_of) or not _WRITTEN_SMALL.fullmatch(held_of)):
            plain = None
        # ("What was the table games drop at MGM's …": a change word before "at" is a noun, the measure's own)
        np = (held.group(0) + _NP_END.split(m.group("np")[held.end():], maxsplit=1)[0]) if held else \
            _NP_END.split(m.group("np")[plain.end():], maxsplit=1)[0] if plain else \
            _NP_END.split(_COST_OF_THING.sub(lambda x: re.sub(r"\s+", _KEPT, x.group(0)), _AT_NOUN.sub(
                lambda x: re.sub(r"\s+", _KEPT, x.group(0)), m.group("np"))), maxsplit=1)[0].replace(_KEPT, " ")
    # "unit shipments of AMD's Computing and Graphics products", "research and development spending attributable to
    # AMD's …": the measure comes before the preposition; the part after the possessive is a qualifier
    owned = MEASURE_OF.match(np)
    # "the number of Walmart's stores", "the share of …": a word of counting is no measure by itself
    if owned and owned.group("m").split()[-1].lower() in _NEUTRAL | {"number", "share", "portion", "proportion",
                                                                      "percentage", "percent", "part", "count"}:
        owned = None
    np = owned.group("m") if owned else re.split(r"(?i)^.*?['’]s?\s+", np, maxsplit=1)[-1]  # "American Express's billed business"
    # ("FAS/CAS operating adjustment": a slashed name is one word, as the full-text index reads it)
    words = [w for w in re.findall(r"[A-Za-z0-9][\w&-]*(?:/[A-Za-z0-9][\w&-]*)*", np)
             if (re.sub(r"[^a-z0-9&]", "", w.lower()) not in names or w[:1].islower() and w not in ("and", "of", "the"))
             and not _PERIOD.match(w.lower())]  # ("natural gas" is no piece of Pacific Gas and Electric's name)
    # (a part word first names no part: "unit shipments")
    cut = max((i for i, w in enumerate(words[:-1]) if i and w.lower() in _PART_WORDS), default=-1)
    words = words[cut + 1:]  # "Consumer segment wireless retail postpaid phone net additions": after the part
    while words and words[-1].lower() in ("worldwide", "globally", "overall", "altogether", "total"):
        words.pop()  # "How much did STELARA sell worldwide": the whole figure, no qualifier
    # "How much did Amazon add to property and equipment": the company's act on a line, named as its tables name it
    # ("Total net additions to property and equipment")
    if len(words) > 2 and words[0].lower() in _ACT_TO and words[1].lower() == "to":
        words = [_ACT_TO[words[0].lower()], words[1], *(w for w in words[2:] if w.lower() not in ("its", "their", "the"))]
    # what was earned or recorded named after the verb ("earn in net card fees", "record in impairment losses")
    source = EARNED_IN.search(question) if not words or words[-1].lower() in _EARN | _RECORD | _HOLD else None
    if source and not _PERIOD.match(source.group("what").split()[0]):
        return source.group("what").strip()
    received = _RECEIVED_FROM.search(question) if words and words[-1].lower() in ("receive", "raise", "borrow",
                                                                                  "collect") else None
    if received and not _PERIOD.match(received.group("what").split()[0]):
        return f"proceeds from {received.group('what').strip()}"
    if len(words) > 1 and words[0].lower() in ("earn", "earned") and words[1].lower() == "before":
        words[0] = "earnings"  # "What did Nike's EMEA segment earn before interest and taxes": those earnings
    if words and words[-1].lower() in _EARN:  # "How much did … Commercial Banking segment earn": its net income
        return "net income"
    if words and words[-1].lower() in ("sell", "sold") and not _COST_OF_THING.search(" ".join(words)):
        # "How much did Amcor sell in Latin America": its sales (a cost of what was sold is that cost)
        return "sales"
    if words and words[-1].lower() in ("bring", "brought"):  # "How much did Apple's Services business bring in"
        return "revenue"
    if len(words) >= 2 and [w.lower() for w in words[-2:]] == ["set", "aside"] \
            and (aside := _SET_ASIDE_FOR.search(question)) and not _PERIOD.match(aside.group("what").split()[0]):
        return f"provision for {aside.group('what').strip()}"  # "How much did … set aside for credit losses": the provision
    accrued = _ACCRUED_FOR.search(question) if words and words[-1].lower() in ("accrued", "accrue", "reserved") else None
    if accrued and not _PERIOD.match(accrued.group("what").split()[0]):
        return accrued.group("what").strip()  # "How much had Amcor accrued for … remediation costs": those costs
    if len(words) > 1 and words[-1].lower() == "cost" and re.match(r"(?i)\s*what\s+did\b", question):
        words.pop()  # "What did Verizon's central office and other network equipment cost": that row, at cost
    if len(words) > MAX_MEASURE_WORDS and words[0].lower() == "total":
        words = words[1:]  # "the total net additions to property and equipment": the additions, their total printed
    if len(words) > MAX_MEASURE_WORDS:  # "Las Vegas Strip same-store Adjusted Property EBITDAR": a name first is the part's
        lower = next((i for i, w in enumerate(words) if w[:1].islower()), 0)
        words = words[lower:] if lower and all(w[:1].isupper() for w in words[:lower]) else words
    under = next((i for i, w in enumerate(words) if w.lower() == "under"), 0) if len(words) > MAX_MEASURE_WORDS else 0
    if 2 <= under <= MAX_MEASURE_WORDS:
        # "future minimum payments under lease financing obligations and non-cancelable operating leases": the
        # payments, before what they are under (the schedule's caption names that)
        words = words[:under]
    if not words or len(words) > MAX_MEASURE_WORDS or all(w.lower() in _NEUTRAL for w in words):
        return ""
    return " ".join(words)


#: Words after a line's name that keep it the line ("research and development spending") or ask a figure of it
#: ("EBIT margin", "tax rate"): no measure of their own.
_SAME_LINE = frozenset({"spending", "spend", "expense", "expenses", "margin", "margins", "rate", "rates", "ratio",
                        "yield", "percentage", "percent", "share", "balance", "balances", "line", "item", "items",
                        "figures", "number", "numbers", "results", "performance", "trend", "trends", "date"})
#: A measure's last word naming a line of its own whatever statement line it is named after ("debt redemption costs").
OTHER_LINE = frozenset({"costs", "cost", "charges", "charge", "fees", "gains", "gain", "losses", "proceeds", "payments",
                        "premiums", "premium", "expenses"})
#: An expense's or cost's generic word after its name ("marketing expenses", "research and development costs").
EXPENSE_WORDS = frozenset({"expense", "expenses", "cost", "costs"})


def names_an_expense(words: str) -> bool:
    """Do ``words`` end on an expense or cost word ("operating expenses", "fulfillment expense")? A measure, no part."""
    return bool(words.split()) and words.split()[-1].lower() in EXPENSE_WORDS


#: Statement lines that are expenses: "expenses" or "costs" after their names is the line's own word.
EXPENSE_LINES = frozenset({"cost_of_revenue", "rnd", "sga", "income_tax", "interest_expense", "depreciation"})


#: Lines listed after a measure as one: ", cash equivalents and short-term investments" (up to the verb or a period).
_LISTED_LINES = re.compile(r",\s*[a-z][a-z\s,-]{0,60}?,?\s+and\s+[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3}?"
                           r"(?=\s+(?:total(?:ed)?|was|were|at|in|for|on|as|during)\b|\s*\?)")


def qualifiers_after_head(question: str, measure: str, qualifiers: list[str]) -> str:
    """The measure with the lower-case words the question prints after it, up to a preposition or the end, when
    one of them narrows nothing and is no qualifier ("days sales" + "outstanding", "inventory" + "turns"); ""
    when none follows."""
    at = question.lower().find(measure.lower())
    if not measure or at < 0:
        return ""
    # "cash, cash equivalents and short-term investments": lines listed as one measure, a row of their own
    listed = _LISTED_LINES.match(question[at + len(measure):])
    if listed and metrics_in_question(listed.group(0)):
        return f"{measure}{listed.group(0)}".strip()
    tail = _NP_END.split(question[at + len(measure):], maxsplit=1)[0]
    words = re.findall(r"[A-Za-z][\w&'’-]*", tail)
    if not words or not all(w.islower() for w in words) or all(w in _NEUTRAL | _SAME_LINE or w.endswith("ed") for w in words) \
            or any(w in q.lower() for q in qualifiers for w in words):
        return ""
    return f"{measure}{tail}".strip()


def words_before(question: str, start: int, names: set[str], parts: frozenset[str] = frozenset(),
                  pieces: frozenset[str] = frozenset()) -> list[str]:
    """The words just before ``start`` back to a neutral word, a period, the company or a punctuation mark;
    ``parts``: the words of multi-word company names (in ``names`` too), a stop only when capitalised;
    ``pieces``: the words after the first of multi-word names, aliases or not ("Blizzard" of "Activision
    Blizzard")."""
    before = re.split(r"[,;:?!()\"“”]", question[:start])[-1]
    words = re.findall(r"[A-Za-z0-9][\w&.'’-]*", before)
    out: list[str] = []
    for i in range(len(words) - 1, -1, -1):
        w = words[i]
        low = w.lower().rstrip(".").replace("’", "'")
        bare = re.sub(r"'s?$", "", low)
        # a word of a longer company name stops the scan only written as a name: "residential water services"
        # is American Water's line, "American Water Works" its name
        named = bare in names and (w[:1].isupper() or bare not in parts)
        # "Activision Blizzard's Blizzard segment": a name of the company just after its possessive, before
        # "segment", is the segment's
        if named and out and out[0].lower() in _PART_WORDS and i and words[i - 1].replace("’", "'").endswith("'s"):
            named = False
        # (not the last word of the company's own name: "Foot Locker's division profit" is the company's)
        whole_name = i > 0 and f"{words[i - 1].lower()} {bare}" in names
        if low.endswith(("'s", "'")) and bare in pieces and out and out[0].lower() in _PART_WORDS and not whole_name:
            out.insert(0, re.sub(r"['’]s?$", "", w))  # "Blizzard's segment net revenues": the segment's
            break
        # "subscription and support revenue": "and" between two words of the name joins them
        joins = bare in ("and", "&") and out and i > 0 and re.sub(r"'s?$", "", words[i - 1].lower()) not in _NEUTRAL \
            and not words[i - 1].replace("’", "'").endswith("'s")
        if not joins and (low.endswith(("'s", "'")) or named or _PERIOD.match(bare) or bare in _NEUTRAL):
            break
        out.insert(0, w)
        if len([x for x in out if x.lower() not in ("and", "&")]) == 3:
            break
    return out


def lone_modifier(measure: str, metric: str | None) -> str:
    """The one word written in lower case right before the statement line ``metric`` that ``measure`` names
    ("restricted" of "restricted cash"), "" when there is none: whether it names a line of its own depends on the
    filing (answer/compose.py asks it), for one adjective is often the line's own name ("merchandise inventories")."""
    spans = metric_phrase_spans(measure, metric) if metric and measure else []
    before = re.findall(r"[A-Za-z][\w'’-]*", measure[:spans[0][0]]) if spans else []
    words = [w for w in before if w.lower() not in _NEUTRAL]
    if [w.lower() for w in before] == ["net"] and STATEMENT_OF.get(metric or "") == "balance":
        return str(before[0])  # ("net debt": debt less cash, a line of its own where the filing prints it)
    return words[0] if len(words) == 1 and re.fullmatch(r"[a-z][a-z-]{3,}", words[0]) else ""


def owned_part(question: str, measure: str, names: set[str], qualifiers: list[str]) -> list[str]:
    """The part of the company ``measure`` is of, named after it with the company's possessive ("the notional value
    of PepsiCo's interest rate derivatives", "comparable sales growth of Best Buy's Domestic appliances category",
    "discount rate applied to Costco's finance leases"): [that part], or [] when the words after it name none (a
    filing, a date, a statement line, a part ``qualifiers`` hold already)."""
    at = question.lower().find(measure.lower()) if measure else -1
    whose = OWNED_PART.search(question[at + len(measure):]) if at >= 0 else None
    if not whose or re.sub(r"[^a-z0-9&]", "", whose.group("owner").lower()) not in names:
        return []
    cut = _NP_END.split(whose.group("part"), maxsplit=1)[0]
    # (a name cut at a comma is a list's first item: "Europe, Middle East & Africa" is read whole as a region)
    cut = "" if whose.group("part")[len(cut):].startswith(",") else cut
    owned = re.sub(r"(?i)\s+(?:category|categories|segment|business|division|unit|channel|products?)s?$", "",
                   cut.strip())
    # (a filing, a date — "the key agenda of Amcor's 8k filing dated 1st July 2022" — is no part)
    # ("the fair value of Foot Locker's long-term debt": a value of a statement line is that line's)
    if owned and (not metrics_in_question(owned) or VALUE_OF.search(measure)) \
            and any(w.lower() not in _NEUTRAL for w in owned.split()) \
            and not re.search(r"(?i)\d|\b(?:filings?|reports?|statements?|form|10-?[kq]|8-?k|quarters?|years?|"
                              r"months?|halves|half|fiscal|periods?)\b", owned) \
            and not any(owned.lower() in q.lower() for q in qualifiers):
        return [owned]
    return []


#: Words of any line's name that say nothing of which line: "total operating expenses", "net … expense".
_GENERIC = frozenset({"total", "net", "the", "its", "their", "of", "and", "expense", "expenses", "cost", "costs",
                      "amount", "figure", "level", "line"})


def shorthand_within(measure: str, metric: str | None) -> bool:
    """Does only an analyst's shorthand for statement line ``metric`` name part of ``measure``, the rest words of its own
    ("operating overhead expense": "overhead" of SG&A; never "operating cash flow", the shorthand whole)?"""
    if not measure or metric is None or metric in metrics_in_text(measure):
        return False
    spans = metric_phrase_spans(measure, metric)
    rest = measure
    for a, b in sorted(spans, reverse=True):
        rest = rest[:a] + " " + rest[b:]
    return bool(spans) and any(w.lower() not in _GENERIC for w in re.findall(r"[A-Za-z][\w&-]*", rest))


def one_item_of(measure: str, metric: str | None) -> bool:
    """Does ``measure`` name one item of statement line ``metric``'s joined name and not the other ("depreciation
    expense" of "Depreciation and amortization")? Such a line holds more than was asked."""
    if not measure or metric is None:
        return False
    items = [set(re.findall(r"[a-z]+", item)) for item in re.split(r"\s+and\s+", metric_def(metric).name.lower())]
    asked = set(re.findall(r"[a-z]+", measure.lower()))
    return len(items) == 2 and sum(bool(item & asked) for item in items) == 1


__all__ = [
    "ACCOUNT_FOR",
    "EXPENSE_LINES",
    "EXPENSE_WORDS",
    "OTHER_LINE",
    "_ASKED",
    "_NEUTRAL",
    "_NP_END",
    "_PART_WORDS",
    "_PERIOD",
    "_SAME_LINE",
    "_asked_phrase",
    "lone_modifier",
    "names_an_expense",
    "one_item_of",
    "owned_part",
    "qualifiers_after_head",
    "shorthand_within",
    "words_before",
]

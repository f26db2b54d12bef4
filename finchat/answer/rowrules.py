"""The rules a table row is judged by: what a row's label says beyond the measure asked ("Contribution from
contract asset" is another measure, "Transaction and credit losses" more than the transaction losses asked), which
tables are consolidated or cash-flow statements, what a share or a change looks like in a label or caption.
Used by answer/cellpick.py to keep another line's row out, and by answer/cells.py and answer/breakdown.py.
"""

from __future__ import annotations

import re

from finchat.answer.cellrows import _names_row, _within, _words, last_sentence

#: A statement of cash flows.
CASH_FLOWS = re.compile(r"(?i)\bstatements?\s+of\s+cash\s+flows?\b|\bcash\s+flows?\s+statements?\b")
#: A table of the whole company's figures.
CONSOLIDATED = re.compile(r"(?i)\bconsolidated\b(?!\s+financial\s+sta)")  # (not the notes' page header)

#: A row measuring something of (or from, in, on) another measure: "Contribution from contract asset".
OF_THE_MEASURE = re.compile(r"(?i)^(?P<a>[a-z][\w,&'’ ()-]*?)\s+(?:of|from|in|on|for)\s+(?P<b>[a-z].*)$")
#: Words of such a row that name no other measure: "Number of branches" counts the branches.
NEUTRAL_WORDS = frozenset({"total", "net", "the", "a", "an", "all", "other", "number", "amount", "value", "level",
                            "percentage", "percent", "proportion", "average", "balance", "balances"})


def item_of_total(label: str, totals: str, measure: set[str]) -> bool:
    """Is ``label`` (a row's own label) a word of ``measure`` and do its table's Total rows (``totals``) print the
    measure's other words ("Alternatives" over "Total assets under management")?"""
    words = set(_words(label))
    return bool(words) and len(measure) > len(words) and words <= measure \
        and measure <= words | set(_words(re.sub(r"(?i)\btotal\b", " ", totals)))


def sibling(label: str, term: str, q_words: set[str]) -> bool:
    """Is a row label another line of the kind ``term`` names: the same last word, but none of the term's
    words before it and one of its own the question lacks ("Credit losses" for "transaction losses")?"""
    said, asked = _words(label), term.split()
    if len(said) < 2 or len(asked) < 2 or said[-1] != asked[-1]:
        return False
    own = set(said[:-1]) - PLAIN_BEFORE
    return bool(own - q_words) and not set(asked[:-1]) & set(said)


def name_split(question: str, measure: set[str], asked: set[str]) -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    """The capitalised name of two or more words the question gives the ``measure`` (with words ``asked`` of it),
    "Adjusted EBITDAR", as patterns of a label printing it whole and of one printing another word or two inside it
    ("Adjusted Property EBITDAR": another measure); None when the question names it so nowhere."""
    for m in re.finditer(r"(?<![\w'’])[A-Z][\w&-]*(?:\s+[A-Z][\w&-]*)+", question):
        words = m.group(0).split()
        if measure <= {w.lower() for w in words} <= measure | asked:
            return (re.compile(r"(?i)(?<!\w)" + r"\s+".join(map(re.escape, words)) + r"(?!\w)"),
                    re.compile(r"(?i)(?<!\w)" + r"\s+(?:[\w&-]+\s+){1,2}".join(map(re.escape, words)) + r"(?!\w)"))
    return None


def splits_name(name: tuple[re.Pattern[str], re.Pattern[str]] | None, row_path: str) -> bool:
    """Do the row's labels print the question's name (:func:`name_split`) only with another word inside it?"""
    if name is None:
        return False
    labels = row_path.split(" › ")
    return not any(name[0].search(x) for x in labels) and any(name[1].search(x) for x in labels)


#: A heading of deferred taxes, whose rows name the items the tax balances arise from.
DEFERRED_TAX = re.compile(r"(?i)\bdeferred\s+(?:income\s+)?tax")
#: The income tax note's caption ("Note 17 - Income Taxes", "INCOME TAXES"): its rows are items' tax effects.
TAX_NOTE = re.compile(r"(?i)\bnote\s+\d+\W+income\s+taxes\b|(?:^|>\s*)income\s+taxes\b")
#: A caption's words about itself: "The following table shows …", "the table below".
THE_TABLE = re.compile(r"(?i)\b(?:the\s+)?following\s+tables?\b|\b(?:this|the)\s+tables?\s+(?:below|above)\b")
#: "Transaction and credit losses": two lines of one noun printed as one row.
JOINED = re.compile(r"(?i)^\W*(?P<a>[a-z][\w-]*)\s+and\s+(?P<b>[a-z][\w-]*)\s+(?P<tail>[a-z].*)$")
#: "Adjusted EBIT as a percentage of net sales": what comes before the phrase is the ratio's numerator.
RATIO_ROW = re.compile(r"(?i)^(?P<of>.*?\w.*?)\s+(?:as\s+an?\s+)?(?:%|percent(?:age)?)\s+of\b")


def ratio_of(label: str, measure: set[str]) -> bool:
    """Is a row label the ``measure``'s ratio to a total ("Gross profit as a % of revenue" for a gross profit
    rate)?"""
    ratio = RATIO_ROW.match(label)
    return ratio is not None and is_measure(ratio.group("of"), measure)


def another_ratio(row_path: str, terms: list[str]) -> bool:
    """Whether a percentage row is another measure's ratio ("Flexibles › Adjusted EBIT as a percentage of net
    sales" is the segment's margin), not the share of the part ``terms`` name."""
    parent, _, last = row_path.rpartition(" › ")
    m = RATIO_ROW.match(last)
    # ("General and Administrative › As a percentage of revenues": a row naming no numerator is its heading's ratio)
    of = parent if m is not None and re.fullmatch(r"(?i)as\s+an?", m.group("of").strip()) else m and m.group("of")
    return m is not None and not any(_names_row(t, set(_words(of or ""))) for t in terms)


#: Words of a measure of money.
MONEY_WORDS = frozenset({"revenue", "revenues", "sales", "income", "profit", "earnings", "expense", "expenses",
                          "cost", "costs", "ebitda", "ebit", "ebitdar"})
#: Words from which a measure in the question's own words is matched by all of them but one ("pre-tax net gain" is no
#: "South Korean tax deposits"; held-out 86).
MANY_WORDS = 3
#: A gain or loss asked, which a statement line's sign in parentheses ("Net income (loss)") does not name.
SIGNED = frozenset({"loss", "losses", "gain", "gains"})
#: Words of a measure that name none by themselves: "total" of "total client assets" is in any table's "Total goodwill",
#: "value" of "carrying value" in "Fair value adjustments".
BARE = frozenset({"total", "net", "value", "values", "amount", "amounts"})
#: Measures counting people.
PEOPLE = frozenset({"headcount", "headcounts", "employees", "workforce", "associates", "staff", "personnel"})
#: Words naming a kind of rate, not which one.
RATE_WORDS = frozenset({"rate", "rates", "ratio", "margin", "percentage", "percent", "net", "total"})
#: Words tying a measure to what it is of ("compensation tied to headcount", printed "associated with headcount"):
#: no part of a row's name.
TYING_WORDS = frozenset({"tied", "linked", "related", "relating", "associated", "attributable"})
#: A question asking a part's share of a whole.
SHARE_ASKED = re.compile(r"(?i)\b(?:share|portion|proportion|percent(?:age)? of|% of)\b")
#: Words of a table of percentages that are no shares: changes, comparable sales, margins, rates.
NOT_SHARE = re.compile(r"(?i)\b(?:comparable|comp\b|growth|change|increase|decrease|margin|rate|yield|return)")
#: Words of a table that prints shares of a whole.
SHARE_WORDS = re.compile(r"(?i)%\s*of\b|\bpercent(?:age)?\s+of\b|\bshare\b|\bmix\b|\bof\s+total\b|\bas\s+a\s+percent|"
                          r"›\s*of\s")  # (a ratio row under its line: "Cost of sales – products › of product sales")

#: Row labels and questions about a change rather than an amount.
CHANGE_ROW = re.compile(r"(?i)\b(?:growth|grew|grow|declines?|declined|increases?|increased|decreases?|decreased|"
                         r"changes?|changed|variance|rise|rises|rose|risen|fall|falls|fell|drop|drops|dropped|"
                         r"jump|jumped|climb|climbed)\b")


#: A row whose figure is this many times its year-earlier one (or that fraction of it) was read from
#: columns that are not periods: American Water's revenue kinds gave "$1,088 … up 11988.9 % from $9".
IMPLAUSIBLE_RATIO = 20


def implausible(now: float, before: float) -> bool:
    if now == 0 or before == 0 or (now > 0) != (before > 0):
        return False
    ratio = abs(now / before)
    return ratio > IMPLAUSIBLE_RATIO or ratio < 1 / IMPLAUSIBLE_RATIO


#: Row labels that are places: a regional breakdown's items.
GEO = re.compile(r"(?i)\b(?:u\.?s\.?|united states|international|americas?|europe|emea|asia|apac|pacific|china|"
                 r"japan|latin|canada|africa|middle east|domestic|foreign(?!\s+(?:currency|currencies|exchange))|north|south|"
                 r"east|west|rest of|emerging|developed|country|countries|world)\b")
PLAIN_BEFORE = frozenset({"net", "total", "consolidated", "segment", "segments", "reportable", "our", "the", "of", "and",
                           "for", "by", "provides", "following", "to", "table", "tables", "presents", "shows", "operating"})


def introduced(caption: str, measure: set[str], q_words: set[str]) -> int:
    """2 when the sentence introducing a table names the measure plainly ("… operating revenues"), 1 when with
    words the question lacks just before it ("… Wireless service revenue"), 0 when it does not name it."""
    words = re.findall(r"[a-z0-9]+", last_sentence(caption).lower())
    at = [i for i, w in enumerate(words) if w in measure]
    if not at:
        return 0
    before = {w for i in at for w in words[max(0, i - 2):i]}
    return 1 if before - q_words - PLAIN_BEFORE - measure else 2


#: A denominator's row ("Weighted-average ordinary shares …"): no count of an act, unless an average is asked.
WEIGHTED_ROW = re.compile(r"(?i)\bweighted[\s-]+average\b")
#: "operating segment(s)", "reportable segment(s)": the segments' name for themselves, no measure's words.
SEGMENT_TERM = re.compile(r"(?i)\b(?:operating|reportable|business)\s+segments?\b")
#: Words naming a charge line ("Other operating charges"): a row holding one the question does not is another line
#: than the statement metric asked (costs, fees, payments name parts of lines too often: held-out 10, 17, 26, 30).
CHARGE_WORDS = frozenset({"charge", "charges"})


#: Units a row label prints in parentheses: "(billions)", "(in millions)", "(dollars)", "(thousands)".
UNITS_NOTE = re.compile(r"(?i)\(\s*(?:in\s+)?(?:thousands|millions|billions|dollars|percent|%)\s*\)")


def is_measure(label: str, measure: set[str]) -> bool:
    """Is a row label the measure itself ("Net sales", "Revenues"), not a line that mentions it ("Cost of
    sales")?"""
    # "Operating margins" is the operating margin, "Number of branches" the branches; the units a label prints in
    # parentheses are no word of it ("Billed business (billions)")
    words = set(_words(UNITS_NOTE.sub(" ", label)))
    # ("Unit counts at period end" the units: a count's and a balance's own words)
    return any(_within(w, measure) for w in words) and all(
        _within(w, measure | {"net", "total", "segment", "number", "count", "counts", "period", "end"}) for w in words)

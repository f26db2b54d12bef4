"""Capitalised names in a question that are neither its company, a period nor a measure: the products, brands
and businesses it asks about ("Paxlovid", "Military Services Group"), and those qualifiers tidied (a segment's
name split from its other words, a place from a product) — for answer/subject.py."""

from __future__ import annotations

import re

from finchat.answer.asked import _PERIOD
from finchat.answer.parts import nickname_of
from finchat.answer.shapes import PART_VERBS, REGION
from finchat.graph.lexicon import metrics_in_question

#: A capitalised name in a question (a product, a brand, a business: "How much revenue did Paxlovid bring Pfizer").
_PROPER = re.compile(r"(?<![\w&'’.-])([A-Z][\w&'’-]*(?:\s+(?:&\s+|and\s+|of\s+)?[A-Z][\w&'’-]*){0,5})")
#: Capitalised words that name no part of a company: question words, periods, accounting labels, units, places
#: (a place is read by the regional rule).
_NOT_PROPER = {"how", "what", "which", "who", "when", "where", "why", "was", "were", "is", "are", "did", "does",
               "do", "can", "could", "in", "for", "the", "a", "an", "as", "by", "at", "of", "on", "and", "if", "i",
               "gaap", "non-gaap", "eps", "ebit", "ebitda", "ebitdar", "usd", "us", "u", "ceo", "cfo", "sec",
               "fy", "ttm", "ytd", "q", "form", "k", "q1", "q2", "q3", "q4", "based", "please", "answer",
               "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
               "november", "december", "compare", "according", "give", "tell", "list", "calculate", "show"}


def proper_names(question: str, names: set[str], measure: str = "") -> list[str]:
    """Capitalised names in ``question`` that are not its company, a period, a statement measure or a
    question word: what a question asks about when no measure names it ("Paxlovid"). ``measure``: the one the
    question names — initials right after a possessive that are not its own name a part ("What return on
    equity did JPMorgan's CIB earn"), any others a measure ("DPO", "P&L")."""
    owned = set(re.findall(r"['’]s\s+([A-Z]{2,4})\b", question)) if measure else set()
    # ("By what percentage did APLA's earnings before interest and taxes grow": initials whose the measure is)
    owned |= set(re.findall(r"\b([A-Z]{2,4})['’]s\s+(?-i:[a-z])", question)) if measure else set()
    # ("What division profit did WSS generate for Foot Locker": initials that earn the figure are a part's)
    owned |= set(re.findall(rf"\b(?:did|does|do)\s+([A-Z]{{2,4}})\s+{PART_VERBS}", question)) if measure else set()
    out = []
    for m in _PROPER.finditer(question):
        before = question[:m.start()]
        if before.count("(") > before.count(")"):
            continue  # "(formerly known as Square)": an aside
        # "Corporate & Investment Bank's net income": the possessive ends the name, it is no word of it
        words = [re.sub(r"['’]s?$", "", w) for w in re.split(r"\s+", m.group(1)) if w]
        if not before.strip() or before.rstrip().endswith((".", "?", "!", ":")):
            words = words[1:]  # a sentence's first word is capitalised as such ("Approach the question …")
        # the company's name, a possessive ("Pfizer's"), periods and measures are trimmed from either end
        while words and (_not_part(words[0], names, measure, owned) or words[0].lower() in ("and", "of", "&")):
            words.pop(0)
        while words and (_not_part(words[-1], names, measure, owned) or words[-1].lower() in ("and", "of", "&")):
            words.pop()
        if words and not any(_not_part(w, names, measure, owned) for w in words if w[:1].isupper()):
            out.append(" ".join(words))
    return out


#: A capitalised name after "in", "from", "of" or "on": "in Pennsylvania", "from Las Vegas Strip Resorts", "average
#: loans of Middle Market Banking", "net charge-offs on Card loans".
NAME_AFTER = re.compile(r"\b(?:in|from|at|of|on)\s+(?:the\s+)?((?-i:[A-Z])[\w&'’-]*(?:\s+(?-i:[A-Z])[\w&'’-]*){0,3})")
#: The doer of a question's verb, capitalised: "did NIKE Direct bring in", "does Boeing Capital hold".
DOER = re.compile(r"\b(?:did|does|do)\s+(?:the\s+)?((?-i:[A-Z])[\w&'’-]*(?:\s+(?-i:[A-Z])[\w&'’-]*){0,3})")
#: A model's name: letters, then a number ("kc-46a", "f-35", "c-130j", "a320").
_MODEL_NAME = re.compile(r"[a-z]{1,3}-?\d+[a-z]?")


def _abbreviates(word: str, measure: str) -> bool:
    """Is ``word`` (all capitals) a measure's abbreviation: any, when no measure is named ("DPO"), else the
    named measure's own ("ROE" of "return on equity", "EBIT" of "EBIT margin")?"""
    if not measure:
        return True
    words = re.findall(r"[A-Za-z]+", measure.lower())
    initials = {"".join(w[0] for w in words), "".join(w[0] for w in words if w not in ("of", "on", "and", "the"))}
    return word.lower() in words or word.lower() in initials or bool(metrics_in_question(word))


def _not_part(word: str, names: set[str], measure: str = "", owned: set[str] | frozenset[str] = frozenset()) -> bool:
    low = re.sub(r"['’]s?$", "", word.lower())
    # (a model's name is a part: "KC-46A", "F-35"; any other word with a digit is not: "10-K", "2022")
    return (low in names or low in _NOT_PROPER or bool(_PERIOD.match(low))
            or bool(re.search(r"\d", low)) and not _MODEL_NAME.fullmatch(low)
            or bool(metrics_in_question(low)) or bool(REGION.fullmatch(word)) or word.endswith(("'s", "’s"))
            or (word.isupper() and len(word) <= 4 and (word not in owned or _abbreviates(word, measure))))  # "DPO"




#: A word for what a company holds of another: a stake is printed as an investment.
_HOLDING = re.compile(r"(?i)^(?:stakes?|holdings?|ownership\s+stakes?)$")


def tidy_qualifiers(qualifiers: list[str], segments: tuple[str, ...], kpi: str) -> list[str]:
    """Qualifiers without the KPI's words ("Club comparable" → "Club") and without a piece of a segment the
    question names ("Club" of "Sam's Club", "U.S." of "Walmart U.S."); a segment's name with more words splits
    in two ("Digital Experience subscription" → "Digital Experience", "subscription"); a "stake" is an investment."""
    kpi_words = {w.lower() for w in kpi.split()}
    out: list[str] = []
    # ("consumer bank": the segment it is a short name of, as its tables print it)
    qualifiers = [next((seg for seg in segments if nickname_of(q, seg)), q) for q in qualifiers]
    for q in qualifiers:
        # ("eBay's stake in Adevinta": tables print a stake as the investment it is, "Equity investment in Adevinta")
        q = _HOLDING.sub("investment", q)
        if q.lower() != kpi.lower() and kpi_words:
            q = " ".join(w for w in q.split() if w.lower() not in kpi_words)
        for seg in segments:
            if seg.lower() in q.lower() and seg.lower() != q.lower():
                rest = re.sub(re.escape(seg), " ", q, flags=re.IGNORECASE).split()
                out += [seg, " ".join(rest)] if rest else [seg]
                break
        else:
            mine = {w.lower() for w in q.split()}
            if q and not any(mine < {w.lower() for w in seg.split()} for seg in segments):
                # ("U.S. contact lens": a place, then a product named in lower case — tables print them apart;
                # "Domestic streaming", "international pension plans" are one name)
                place = REGION.match(q) if not re.match(r"(?i)(?:domestic|international|overseas|foreign)\b", q) \
                    else None
                after = q[place.end():].lstrip(". ") if place else ""
                # ("international Biosimilars": a place in lower case before a product's name, printed apart too)
                lower = re.match(r"(?-i:domestic|international|overseas|foreign)\s+(?=(?-i:[A-Z]))", q)
                out += [q[:len(q) - len(after)].strip(), after] if place and after[:1].islower() else \
                    [q[:lower.end()].strip(), q[lower.end():]] if lower else [q]
    return list(dict.fromkeys(x for x in out if x))


__all__ = ["NAME_AFTER", "proper_names", "tidy_qualifiers"]

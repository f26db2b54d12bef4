"""Quoting the passages: the sentences of the top prose passages that best answer a narrative question, with
their citations, instead of a guess."""

from __future__ import annotations

import math
import re
from typing import Any

from finchat.graph.segments import initials

#: Question words that say nothing about which sentence answers it.
_STOP = {"what", "which", "when", "where", "who", "whom", "whose", "why", "does", "did", "have", "has", "was", "were",
         "with", "from", "that",
         "this", "their", "there", "about", "into", "than", "they", "the", "and", "for", "its", "how", "much", "many",
         "company", "companys", "year", "quarter", "fiscal", "report", "reported", "based", "according", "please",
         "answer", "question", "using", "shown", "give", "details", "million", "millions", "usd", "amount"}
_CAUSAL = re.compile(r"(?i)\b(?:due to|driven by|primarily|because|reflect(?:s|ed|ing)?|as a result|offset by|"
                     r"attributable to|resulting from|led by)\b")
# ("Ms. Dillon …", "in U.S. Dollar equivalents": one sentence; "… held outside the U.S. Corning also …": two)
_SENTENCE = re.compile(r"(?<=[.!?])(?:(?<!\b[A-Z]\.[A-Z]\.)|(?!\s+(?:Dollars?|Government|GAAP|Treasury|Federal|"
                       r"Department|Congress|Securities|Postal|Army|Navy|Air\s+Force)\b))"
                       r"(?<!\bM[rs]\.)(?<!\bMrs\.)(?<!\bDr\.)\s+(?=[A-Z(“\"])")


def _stems(text: str) -> set[str]:
    return {w[:7] for w in re.findall(r"[a-z][a-z&'-]+", text.lower()) if len(w) > 2 and w not in _STOP}


def plain_text(text: str) -> str:
    """A passage's text without Markdown emphasis, headings or code marks, on one line."""
    t = re.sub(r"\*\*|__|#+ |`", "", text)
    return re.sub(r"\s+", " ", t).strip()


def flat_text(text: str) -> str:
    """A passage's text as one line of words and figures: :func:`plain_text` without superscripts ("<sup>(1)</sup>"), a
    markdown table's pipes and rules, or emphasis marks left in it."""
    return re.sub(r"\s+", " ", re.sub(r"<sup>[^<]*</sup>|\||-{3,}", " ", plain_text(text)).replace("*", "")).strip()


#: A forward-looking sentence: what an outlook / guidance question is answered with (never the actuals).
FORWARD = re.compile(r"(?i)\b(?:expects?|expected|expecting|outlook|guidance|guides?|anticipates?|forecasts?|"
                      r"projects?|projected|will\b|estimated\s+to\s+be\b|reaffirm\w*|rais(?:e|es|ed|ing) (?:its|our|the)|full[- ]year|"
                      r"for (?:fiscal )?(?:year )?20\d\d\b)")


#: What a filing calls a topic an analyst names otherwise: a sentence in either words is about it.
TOPIC_SYNONYMS: tuple[tuple[str, ...], ...] = (
    ("password sharing", "paid sharing", "account sharing", "borrower"),
    ("buybacks", "buyback", "repurchases", "repurchased", "repurchase"),
    ("layoffs", "workforce reduction", "headcount reduction", "severance", "restructuring"),
    ("headcount", "employees", "employed", "employs"),
    ("price increases", "pricing actions", "price realization"),
    ("supply chain", "supply constraints", "component shortages", "suppliers"),
    ("inflation", "inflationary", "cost pressures"),
    ("currency", "foreign exchange", "fx"),
)
_TOPIC = re.compile(r"(?i)\b(?:about|regarding|concerning|related to|relating to|on the subject of)\s+(?:the\s+|its\s+|their\s+)?"
                    r"(?P<t>[a-z][a-z &'-]{2,60}?)(?=\s+(?:in|for|during|as|at|from|of fiscal|of 20|did|does|do|has|have|"
                    r"had)\b|[?.!,]|$)")


#: The legal notice about forward-looking statements: forward-looking words, no outlook.
SAFE_HARBOR = re.compile(r"(?i)forward-looking statements?|safe harbor|actual results (?:may|could|will|likely)")


def narrative_topic(question: str) -> tuple[str, ...]:
    """What a narrative question is about ("… risks … about password sharing" → "password sharing" and what
    filings call it: "paid sharing" …); () when the question names no topic."""
    m = _TOPIC.search(question)
    # ("What asset impairment charges related to its phone business did Microsoft record": what qualifies a figure
    # asked, no topic)
    if not m or re.match(r"\s+(?:did|does|do|has|have|had)\b", question[m.end():]):
        return ()
    topic = m.group("t").strip().lower()
    for group in TOPIC_SYNONYMS:
        if any(g in topic for g in group):
            return (topic, *[g for g in group if g != topic])
    return (topic,)


#: Question stems (besides the part's name) a sentence after one naming the part must hold to speak of it.
CARRIED_STEMS = 2
#: A figure asked: what a sentence stating a number gains (overlaps score ~0.3-1.2).
FIGURE_BONUS = 0.3
#: What a sentence naming only years other than those asked loses (one figure bonus's worth).
OTHER_YEARS_PENALTY = 0.3
_FIGURE_ASKED = re.compile(r"(?i)\b(?:how (?:much|many|fast|big)|by what|what (?:percentage|share|amount|rate))\b")
#: Stems of a qualifier a sentence must hold all of (a name: "Latin America", "Walmart U.S."); a longer one, half.
NAME_STEMS = 3


#: Numbers a piece of text needs to be read as a table's rows run together, when it has under twice as many words
#: (a sentence of a respectively-list holds up to six: "$500, $378 and $772 million … in 2018, 2017 and 2016").
TABLE_NUMBERS = 6


def tabular(piece: str) -> bool:
    """Is ``piece`` a table's rows the text layer ran together ("Sales $ 1,818 $ 1,756 … Comparable sales increase
    4.7 % 4.2 %"), not a sentence?"""
    numbers = len(re.findall(r"\d[\d,.]*", piece))
    return numbers >= TABLE_NUMBERS and len(re.findall(r"[A-Za-z]{2,}", piece)) < 2 * numbers


#: Stems of words that say a figure moved: one asked is any said.
_MOVE_STEMS = frozenset(_stems("change changes increase increases decrease decreases decline declines rise growth "
                               "reduction reductions"))


#: A qualifier written as a name: capitalised words ("Greater China", "Document Cloud"), not a measure's words.
_CAPITALISED = re.compile(r"(?!(?:How|What|Which|When|Where|Why)\b)[A-Z][a-z]")  # (not "How many shares", a count)


def _says(need: set[str], stems: set[str], moved: bool) -> bool:
    """Does a sentence of ``stems`` name a qualifier of stems ``need``: a name of a few words whole ("Latin
    America", not "North America"), a longer qualifier read off the question's wording by half its words; a
    change asked ("production rate changes") by any change said ("… production rate increases")."""
    if len(need) <= NAME_STEMS:
        return need - _MOVE_STEMS <= stems and (moved or not need & _MOVE_STEMS)
    return 2 * len(need & stems) >= len(need)


def quote_passages(question: str, hits: list[Any], n: int = 2, causal: bool = False, forward: bool = False,
                   must: tuple[str, ...] = (), about: tuple[str, ...] = (),
                   years: tuple[int, ...] = ()) -> tuple[str, list[Any]]:
    """The best ``n`` sentences of the top prose passages for ``question`` (its search words: companies and
    periods already scope the passages), quoted with their citations, and the passages quoted ("" and []
    when none shares a content word). ``forward``: only forward-looking sentences (guidance); ``must``:
    only sentences naming one of these whole (a segment, product, KPI asked) count; ``about``: only sentences
    holding every word of one of these (a narrative question's topic or a synonym) count; ``years``: the years
    asked — a sentence naming years, none of them asked, loses (2021's pension charge for 2022's)."""
    want = _stems(question)
    needed = [_stems(m) or {m.lower()[:7]} for m in must]
    # (a name of capitalised words is also written by its initials: "MSG operates on 17 military installations")
    needed += [{i} for i in (initials(m) for m in must) if i]
    proper = [(_stems(m) or {m.lower()[:7]}, initials(m)) for m in must if _CAPITALISED.match(m)]
    topics = [_stems(a) or {a.lower()[:7]} for a in about]
    scored: list[tuple[float, int, str, Any]] = []
    # an outlook is one sentence somewhere in the filing's prose: more passages are searched for it
    prose = [h for h in hits if h.kind == "text"][:10 if forward else 5]
    figure = bool(_FIGURE_ASKED.search(question))
    for rank, h in enumerate(prose):
        titled = _stems(h.section) if proper else set()
        named_before = False  # the sentence before named the part asked: this one goes on about it
        for sentence in _SENTENCE.split(plain_text(h.text)):
            s = sentence.strip()
            if not 40 <= len(s) <= 450 or sum(c.isdigit() for c in s) > len(s) / 3 or s.count("|") > 2:
                named_before = False
                continue
            stems = _stems(s)
            overlap = len(want & stems)
            moved = bool(stems & _MOVE_STEMS)
            names = not needed or any(_says(need, stems, moved) for need in needed)
            # (and every place or part named by capitalised words: "comparable store sales growth of 4%" is the
            # company's, not Greater China's)
            # (or by the passage's headings: a Domestic segment's table of comparable online sales)
            # (a table's rows run into the text are the table's, whose headings the text layer may print apart)
            names = names and (tabular(s) or all(_says(need, stems | titled, moved) or bool(short and {short} <= stems)
                                                 for need, short in proper))
            carried, named_before = named_before and not names, names and bool(needed)
            if overlap == 0 or (forward and (not FORWARD.search(s) or SAFE_HARBOR.search(s))):
                continue
            # "Reported EBIT for Converse decreased 2% … Gross margin increased 180 basis points": the sentence
            # after one naming the part is about it too
            if not names and not (carried and len(want & stems - set().union(*needed)) >= CARRIED_STEMS):
                continue
            if topics and not any(t <= stems for t in topics):
                continue
            score = overlap / math.sqrt(len(_stems(s)) or 1) + (0.5 if causal and _CAUSAL.search(s) else 0) - 0.05 * rank
            # a figure asked ("by how much …"): a sentence stating one beats one that only names the measure
            score += FIGURE_BONUS if figure and re.search(r"\d", s) else 0
            named_years = {int(y) for y in re.findall(r"\b(?:19|20)\d\d\b", s)}
            score -= OTHER_YEARS_PENALTY if years and named_years and not named_years & set(years) else 0
            scored.append((score, rank, s, h))
    if not scored:
        return "", []
    unique: dict[str, tuple[float, int, str, Any]] = {}
    for item in sorted(scored, key=lambda t: -t[0]):
        unique.setdefault(item[2], item)  # the same sentence on two pages is quoted once
    best = list(unique.values())[:n]
    best.sort(key=lambda t: t[1])  # in ranking order
    used = list({id(h): h for _, _, _, h in best}.values())
    return " ".join(f"“{s}” [{h.citation()}]" for _, _, s, h in best), used

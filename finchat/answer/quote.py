"""Quoting the passages: the sentences of the top prose passages that best answer a narrative question, with
their citations, instead of a guess."""

from __future__ import annotations

import math
import re
from typing import Any

#: Question words that say nothing about which sentence answers it.
_STOP = {"what", "which", "when", "where", "who", "whom", "whose", "why", "does", "did", "have", "has", "was", "were",
         "with", "from", "that",
         "this", "their", "there", "about", "into", "than", "they", "the", "and", "for", "its", "how", "much", "many",
         "company", "companys", "year", "quarter", "fiscal", "report", "reported", "based", "according", "please",
         "answer", "question", "using", "shown", "give", "details", "million", "millions", "usd", "amount"}
_CAUSAL = re.compile(r"(?i)\b(?:due to|driven by|primarily|because|reflect(?:s|ed|ing)?|as a result|offset by|"
                     r"attributable to|resulting from|led by)\b")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(“\"])")


def _stems(text: str) -> set[str]:
    return {w[:7] for w in re.findall(r"[a-z][a-z&'-]+", text.lower()) if len(w) > 2 and w not in _STOP}


def _clean(text: str) -> str:
    t = re.sub(r"\*\*|__|#+ |`", "", text)
    return re.sub(r"\s+", " ", t).strip()


#: A forward-looking sentence: what an outlook / guidance question is answered with (never the actuals).
_FORWARD = re.compile(r"(?i)\b(?:expects?|expected|expecting|outlook|guidance|guides?|anticipates?|forecasts?|"
                      r"projects?|projected|will\b|reaffirm\w*|rais(?:e|es|ed|ing) (?:its|our|the)|full[- ]year|"
                      r"for (?:fiscal )?(?:year )?20\d\d\b)")


def quote_passages(question: str, hits: list[Any], n: int = 2, causal: bool = False, forward: bool = False,
                   must: tuple[str, ...] = ()) -> tuple[str, list[Any]]:
    """The best ``n`` sentences of the top prose passages for ``question`` (its search words: companies and
    periods already scope the passages), quoted with their citations, and the passages quoted ("" and []
    when none shares a content word). ``forward``: only forward-looking sentences (guidance); ``must``:
    only sentences naming one of these (a segment, product, KPI asked) count."""
    want = _stems(question)
    needed = [_stems(m) or {m.lower()[:7]} for m in must]
    scored: list[tuple[float, int, str, Any]] = []
    prose = [h for h in hits if h.kind == "text"][:5]
    for rank, h in enumerate(prose):
        for sentence in _SENTENCE.split(_clean(h.text)):
            s = sentence.strip()
            if not 40 <= len(s) <= 450 or sum(c.isdigit() for c in s) > len(s) / 3 or s.count("|") > 2:
                continue
            stems = _stems(s)
            overlap = len(want & stems)
            if overlap == 0 or (forward and not _FORWARD.search(s)):
                continue
            if needed and not any(need & stems for need in needed):
                continue
            score = overlap / math.sqrt(len(_stems(s)) or 1) + (0.5 if causal and _CAUSAL.search(s) else 0) - 0.05 * rank
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

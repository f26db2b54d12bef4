"""What a question asks for, read from its own words: an explanation, a figure, a comparison or an outlook.

* ``explanation`` — "why did …", "what drove / pushed / lifted / hurt …", "what was behind …", "what factors …",
  "explain", "reasons for", "how did … affect";
  the answer is prose near the metric's statement (MD&A, segment discussion), not the statement table;
* ``outlook`` — "guidance", "expect", "outlook", "forecast", "next year", "will …";
* ``comparison`` — "compare", "versus", "vs", "higher than", "which of", "outperform";
* ``figure`` — everything else: "what was …", "how much …", ratios and amounts (today's behaviour).

One intent per question, first match in that order (an explanation of a comparison is an explanation),
read from the main clause: a conditional tail ("If … is not useful, explain why") does not count.
"""

from __future__ import annotations

import re

INTENTS = ("explanation", "outlook", "comparison", "figure")

#: An estimate for a year ahead ("What amortization expense does Coca-Cola estimate for 2020?") — not an estimate of
#: something now ("… did Amcor estimate for its Brazil contingencies at December 31, 2022").
ESTIMATE_FOR_YEAR = r"(?:did|does|do)\s+(?:[\w&.'’-]+\s+){0,4}?estimate\s+(?:for|in)\s+(?:fiscal\s+)?(?:19|20)\d\d"

_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("explanation", re.compile(
        r"(?i)\b(why|what (?:drove|drives|caused|causes|led to|explains?|contributed|pushed|pulled|lifted|"
        r"fuell?ed|boosted|hurt|weighed on|dragged|held back|accounts? for)|what(?:'s| is| was) behind|"
        r"(?:hurt|weighed on|dragged down|held back|boosted|lifted)\b.{0,60}\b(?:growth|revenue|sales|margin|income|"
        r"earnings|profit)|to blame|where did .{0,60} come from|what (?:were|are) the "
        r"(?:main |key |primary )?(?:drivers?|reasons?|factors?|causes?)|what factors|drivers? (?:of|behind)|"
        r"reasons? (?:for|behind)|explain|due to what|how did .{0,60}\b(?:affect|impact)|"
        r"what (?:impact|effect) did|contribut(?:ed|ing) to|"
        # "how did X grow while / despite Y": the mechanism is asked, not the figure
        r"how (?:did|could|was|were|has|have) .{0,60}\b(?:grow|increase|improve|rise|expand|shrink|fall|decline)\w*"
        r"\b.{0,80}\b(?:while|despite|even though|although|when))\b")),
    ("outlook", re.compile(
        r"(?i)\b(guidance|guid(?:e|es|ed|ing)|outlook|forecast(?:s|ed|ing)?|expect(?:s|ed|ing|ations?)?|project(?:s|ed|ing|ions?)|(?:did|does|do|will)\s+(?:[\w&.'’-]+\s+){0,4}?project\b|" + ESTIMATE_FOR_YEAR + r"|anticipat\w*|next "
        r"(?:year|quarter|fiscal)|going forward|will (?:the company|it|they|\w+ be)|plan(?:s|ning)? to|"
        # (a pay target, "target annual bonus", is no outlook)
        r"target(?:s|ed|ing)?(?!\s+(?:annual\s+)?(?:bonus|incentive|compensation|pay|awards?|opportunit))|"
        r"estimat(?:e|es|ed)\s+(?:it|they|that|the\s+company)?\s*(?:would|will))\b")),
    ("comparison", re.compile(
        r"(?i)\b(compare[ds]?|comparison|versus|vs\.?|relative to|higher than|lower than|more than|less than|"
        r"which (?:of|company|segment|one)|outperform\w*|difference between)\b")),
)


#: A word hedging the whole question before its asking word ("Roughly how many employees …"): what it asks is
#: the rest.
_HEDGE = re.compile(r"(?i)^\s*(?:roughly|approximately|about|around|exactly|precisely|just)\s*,?\s+"
                    r"(?=(?:how|what|by|in|on|at|for|over|from)\b)")


def unhedged(question: str) -> str:
    """``question`` without a hedge before its asking word: "Roughly how many employees …" → "How many employees …"."""
    rest = _HEDGE.sub("", question, count=1)
    return question if rest == question else rest[:1].upper() + rest[1:]


#: A conditional tail ("If gross margin is not a useful metric …, please explain why") is not what is asked.
_CONDITIONAL = re.compile(r"(?i)(?:[.?;,]\s*|\s)if\s")


def question_intent(question: str) -> str:
    """The question's intent (one of INTENTS), from its main clause (before a conditional "if …" tail)."""
    main = _CONDITIONAL.split(question, maxsplit=1)[0]
    for intent, rx in _PATTERNS:
        said = [m.group(1).lower() for m in rx.finditer(main)]
        # ("How much of its cost reduction target had Best Buy achieved": a target met is what happened)
        if intent == "outlook" and said and all(w.startswith("target") for w in said) and _ACHIEVED.search(main):
            continue
        if said:
            return intent
    return "figure"


#: Verbs of a target met: the question asks what was done, no outlook.
_ACHIEVED = re.compile(r"(?i)\b(?:achieved|reached|met|exceeded|surpassed|delivered\s+on)\b")

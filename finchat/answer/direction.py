"""Which way a question asks a figure moved, and which way a sentence says its figure moved: "How much did lower
product sales at Aeronautics reduce …" asks a decrease, and "… partially offset by an increase of approximately
$210 million on classified contracts" states an increase — another figure than the one asked."""

from __future__ import annotations

import re

#: Words of a question asking a decrease or an increase ("growth" and "change" ask either: a growth may be negative).
_ASKED = {
    "down": re.compile(r"(?i)\b(?:lower|reduc(?:e|ed|es|tion)|decreas(?:e|ed|es)|declin(?:e|ed|es)|fall|fell|"
                       r"drop(?:ped|s)?)\b"),
    "up": re.compile(r"(?i)\b(?:higher|increas(?:e|ed|es)|rise|rose|add(?:ed|s)?|boost(?:ed|s)?)\b"),
}
#: A sentence's word of a move right before its figure ("an increase of approximately $210 million", "lower product
#: sales of about $780 million", "decreased $804 million"), the nearest one counting.
_BEFORE = re.compile(r"(?i)\b(?P<way>higher|lower|increas\w*|decreas\w*|declin\w*|reduc\w*|grew|rose|fell|dropped|"
                     r"growth)\b(?:\W+[\w'’-]+){0,6}?\W*$")
#: … or right after it ("a $120 million decrease in …").
_AFTER = re.compile(r"(?i)^(?:\s+(?:thousand|million|billion))?\s+(?:net\s+)?(?P<way>increase|decrease|decline|"
                    r"reduction|rise|drop|improvement)\b")
_DOWN = re.compile(r"(?i)lower|decreas|declin|reduc|fell|dropped")


def asked_way(question: str) -> str | None:
    """"down" or "up" when ``question`` asks a move one way only, else None."""
    ways = [way for way, words in _ASKED.items() if words.search(question)]
    return ways[0] if len(ways) == 1 else None


def stated_way(sentence: str, start: int, end: int) -> str | None:
    """"down" or "up": the way the words next to ``sentence``'s figure at ``start``:``end`` say it moved; None
    when they say neither."""
    after = _AFTER.match(sentence[end:])
    if after:
        return "down" if _DOWN.match(after.group("way")) else "up"
    before = _BEFORE.search(sentence[max(0, start - BEFORE_REACH):start])
    if before:
        return "down" if _DOWN.match(before.group("way")) else "up"
    return None


#: Characters before a figure searched for the word of its move ("lower product sales of approximately …").
BEFORE_REACH = 60

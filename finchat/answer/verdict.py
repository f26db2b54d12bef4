"""An answer's yes/no verdict, read the same way for the direct answer, an LLM's text and the evaluations."""

from __future__ import annotations

import re

_REFUSAL = re.compile(r"(?i)\b(?:cannot|can ?not|can't|unable to|not able to)\s+(?:tell|determine|answer|say|assess|"
                      r"be determined|conclude)|\b(?:do(?:es)? not|don't)\s+(?:answer|contain|have|provide|include)|"
                      r"not enough (?:information|data)|insufficient (?:information|data)|no (?:information|data) "
                      r"(?:about|on|for)|the filings i have do not")
_YES = re.compile(r"(?i)^\W*yes\b")
_NO = re.compile(r"(?i)^\W*no\b(?!\s+(?:information|data|figures?))")
_POS = re.compile(r"(?i)\b(?:performed|did)\s+(?:well|strongly)|strong (?:quarter|performance)|\boutperform")
_NEG = re.compile(r"(?i)\b(?:did\s+not|didn't|not)\s+perform\s+well|performed\s+(?:poorly|badly|weakly)|"
                  r"\bunderperform|weak (?:quarter|performance)")


def parse_answer(text: str) -> str:
    """An answer's verdict: "yes", "no", "refusal" (it declines or cannot tell) or "unclear".

    Read from the first sentence: a leading Yes/No (also **Yes**, "Yes." or "No, revenue fell…"), else a
    refusal, else "did not perform well" / "performed well" in that sentence."""
    plain = re.sub(r"[*_`#>]", "", text or "").strip()
    first = re.split(r"(?<=[.!?])\s|\n", plain, maxsplit=1)[0]
    if _YES.search(first):
        return "yes"
    if _NO.search(first):
        return "no"
    if _REFUSAL.search(first):
        return "refusal"
    if _NEG.search(first):
        return "no"
    if _POS.search(first):
        return "yes"
    return "refusal" if _REFUSAL.search(plain[:400]) else "unclear"


__all__ = ["parse_answer"]

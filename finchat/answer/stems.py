"""Word stems a sentence and a question are compared by: a verb's forms, a plural and its singular, a hyphenated
word's parts and models' names agree ("repurchases", "repurchased"; "Cards-in-force"; "F-35")."""

from __future__ import annotations

import re

from finchat.answer.shapes import MODEL_NUMBER


def _stem(word: str) -> str:
    """A word's first six letters without a plural's "s", "-ing" or "-ed", and a final "e", so that a verb's forms
    agree: "repurchases", "repurchased" → "repurc"; "shares", "share" → "shar"; "use", "used", "uses" → "us"; a
    verb's noun in "-ment" too: "retirement", "retired" → "retir" (not a short word's: "segment", "payment")."""
    w = re.sub(r"(?<=[^s])s$", "", word.lower())
    w = re.sub(r"(?:ing|ed|(?<=\w{6})ment)$", "", w)
    return re.sub(r"(?<=\w\w)e$", "", w)[:6]


def word_stems(text: str) -> set[str]:
    """Stems of ``text``'s words and of the parts of its hyphenated ones ("Cards-in-force")."""
    words = re.findall(r"[A-Za-z][A-Za-z-]+", text)
    return {_stem(w) for w in words} | {_stem(p) for w in words for p in w.split("-") if p} | _models(text)


def _models(text: str) -> set[str]:
    """Models' numbers in ``text`` ("787 program"; no year) and models' names ("F-16", as "f-16"): words a
    sentence must hold when asked."""
    return {m.group(1) for m in MODEL_NUMBER.finditer(text)} | {m.lower() for m in _MODEL_NAME.findall(text)}


#: A model's name of letters and a number ("F-16", "C-130"): "F-35" is another.
_MODEL_NAME = re.compile(r"(?<![\w-])[A-Z]{1,3}-\d{1,4}[A-Z]?(?![\w-])")

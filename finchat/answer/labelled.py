"""A figure a filing's text prints right after its label ("Core EPS $1.50" in a release's highlights, "Total
infrastructure surcharge authorizations $ 67" in a table run into the text)."""

from __future__ import annotations

import re

import psycopg

from finchat.answer.cellrows import word_forms
from finchat.answer.passages import _SELECT, STATED_PASSAGES, _any_of, _hits, figure_after
from finchat.answer.quote import plain_text
from finchat.retrieve.fusion import Hit


def labelled_figure(conn: psycopg.Connection, document: str, phrases: tuple[str, ...],
                    loose: bool = False) -> tuple[str, Hit] | None:
    """A figure ``document``'s text prints right after one of ``phrases`` as its label ("Core EPS $1.50" in a
    release's highlights), quoted with the words around it and its citation; None when no passage prints one.
    ``loose``: a plural for a singular and back, and a word of the label's own after the phrase ("Total
    infrastructure surcharge authorizations $ 67" for "total infrastructure surcharges")."""
    names = [ws for ws in (re.findall(r"[A-Za-z0-9]+", p) for p in phrases if p) if len(ws) >= 2]
    label = "|".join(r"\W+".join("(?:" + "|".join(map(re.escape, word_forms(w.lower()))) + ")" if loose else w
                                 for w in ws) for ws in names)
    if not label:
        return None
    # the full-text index narrows the passages first; the regular expression checks the words' order
    rows = conn.execute(
        f"{_SELECT} WHERE d.name = %s AND c.kind = 'text' AND c.tsv @@ to_tsquery('english', %s) AND c.text ~* %s"
        " ORDER BY c.page_start, c.id LIMIT %s",
        (document, _any_of([" ".join(ws) for ws in names]), rf"\m({label})\M", STATED_PASSAGES)).fetchall()
    for hit in _hits(rows, "stated"):
        got = figure_after(plain_text(hit.text), label, LABEL_OWN_WORDS if loose else 0)
        if got is not None:
            return f"{got[0]} — “{got[1]}” [{hit.citation()}]", hit
    return None


#: Words a printed label may add after the phrase asked before its figure ("… surcharge authorizations $ 67").
LABEL_OWN_WORDS = 2


__all__ = ["LABEL_OWN_WORDS", "labelled_figure"]

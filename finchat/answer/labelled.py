"""A figure a filing's text prints right after its label ("Core EPS $1.50" in a release's highlights, "Total
infrastructure surcharge authorizations $ 67" in a table run into the text)."""

from __future__ import annotations

import re

import psycopg

from finchat.answer.cellrows import word_forms
from finchat.answer.passages import _SELECT, STATED_PASSAGES, _any_of, _hits, figure_after
from finchat.answer.quote import plain_text
from finchat.retrieve.fusion import Hit
from finchat.tables import units_scale


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
#: A table's unit as its heading prints it, in parentheses ("(In millions)", "(in thousands, except per share
#: data)"), read by the statements' units reader (`tables.units_scale`).
_SCALE_HEAD = re.compile(r"(?i)\(\s*(?:dollars\s+|amounts\s+)?in\s+(?:thousands|millions|billions)\b")
#: Passages back from a figure's own searched for its table's unit (a heading the chunker put in the one before).
SCALE_REACH = 3


def table_scale(conn: psycopg.Connection, hit: Hit, figure: str) -> str:
    """" (amounts in thousands)" when ``figure`` (a money figure as printed, "$ 15,018") carries no scale word and
    the table it was read from prints its unit: the scale of its cell read from ``hit``'s passage, else a heading
    above it in that passage or the few before it on its page or the one before; "" otherwise."""
    if re.search(r"(?i)\b(?:thousand|million|billion)", figure) or "$" not in figure:
        return ""
    # the table's own cell for the figure first: its reader knows the unit its headings print
    number = re.search(r"\d[\d,]*(?:\.\d+)?", figure.split("$", 1)[-1])
    cell = conn.execute(
        "SELECT scale FROM table_cells WHERE chunk_id = %s AND abs(value) = %s AND unit = 'USD' LIMIT 1",
        (hit.chunk_id, float(number.group(0).replace(",", "")))).fetchone() if number else None
    if cell and cell[0] in ("thousands", "millions", "billions"):
        return f" (amounts in {cell[0]})"
    rows = conn.execute(
        "SELECT c.text FROM chunks c WHERE c.document_id = (SELECT document_id FROM chunks WHERE id = %s)"
        " AND c.id <= %s AND c.page_end >= %s - 1 ORDER BY c.id DESC LIMIT %s",
        (hit.chunk_id, hit.chunk_id, hit.page_start, SCALE_REACH)).fetchall()
    for (text,) in rows:  # (the nearest heading above the figure)
        upto = text[:text.find(figure.split()[-1])] if figure.split()[-1] in text else text
        heads = list(_SCALE_HEAD.finditer(upto))
        if heads:
            return f" (amounts in {units_scale(heads[-1].group(0))})"
    return ""


__all__ = ["LABEL_OWN_WORDS", "labelled_figure", "table_scale"]

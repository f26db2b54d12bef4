"""A figure a filing's text prints right after its label ("Core EPS $1.50" in a release's highlights, "Total
infrastructure surcharge authorizations $ 67" in a table run into the text)."""

from __future__ import annotations

import re

import psycopg

from finchat.answer.cellrows import word_forms
from finchat.answer.passages import _SELECT, STATED_PASSAGES, _any_of, _hits, figure_after, nearby_texts
from finchat.answer.quote import plain_text
from finchat.retrieve.fusion import Hit
from finchat.tables import units_scale


def labelled_figure(conn: psycopg.Connection, document: str, phrases: tuple[str, ...],
                    loose: bool = False, year: int | None = None) -> tuple[str, Hit] | None:
    """A figure ``document``'s text prints right after one of ``phrases`` as its label ("Core EPS $1.50" in a
    release's highlights), quoted with the words around it and its citation; None when no passage prints one.
    ``loose``: a plural for a singular and back, and a word of the label's own after the phrase ("Total
    infrastructure surcharge authorizations $ 67" for "total infrastructure surcharges"). ``year``: the fiscal year
    asked — of two passages printing the label, the one whose last "fiscal <year>" before it is that year first
    ("… details of debt repayments during fiscal 2019:" over the same table of fiscal 2020)."""
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
    found = []
    for hit in _hits(rows, "stated"):
        text, at = plain_text(hit.text), 0
        earlier: list[str] | None = None  # (the years the passage before names, read once when needed)
        # (each time the passage prints the label: two tables of one passage, one per fiscal year)
        while (got := figure_after(text[at:], label, LABEL_OWN_WORDS if loose else 0)) is not None:
            where = text.find(got[0], at)
            said = _FISCAL_YEAR.findall(text[:where])
            if not said and year is not None:
                # (the table's introduction may end the passage before: a table split over passages)
                if earlier is None:
                    earlier = _FISCAL_YEAR.findall(" ".join(nearby_texts(conn, hit.chunk_id, 1)))
                said = earlier
            other_year = year is not None and bool(said) and int(said[-1]) != year
            found.append((other_year, f"{got[0]} — “{got[1]}” [{hit.citation()}]", hit))
            if where < at or year is None:
                break
            at = where + len(got[0])
    best = min(found, key=lambda f: f[0], default=None)  # (stable: the first passage among equals)
    return (best[1], best[2]) if best is not None else None


#: "fiscal 2019", "fiscal year 2020": the year a passage's table is of, as its introduction names it.
_FISCAL_YEAR = re.compile(r"(?i)\bfiscal\s+(?:year\s+)?((?:19|20)\d\d)\b")


def introduced_figure(conn: psycopg.Connection, document: str, measure: str, name: str) -> tuple[str, Hit] | None:
    """A figure a table of ``document`` prints right after ``measure`` as its row ("Goodwill (1) 253"), in a table the
    sentences introducing it say is of ``name`` ("The following table represents the preliminary allocation of the
    purchase price for atmos."): the sentences before the row in its passage, else in the nearest passages before
    it that hold any (a table split over passages keeps its introduction a passage or two back). None when no table
    of ``name`` prints the row."""
    words = re.findall(r"[A-Za-z0-9]+", measure)
    if not words or not name.strip():
        return None
    label = r"\W+".join(map(re.escape, words))
    row = re.compile(rf"(?i)\b{label}\b(?:\s*\(\d{{1,2}}\))?\s*(?P<fig>\$?\s?\(?\d[\d,]*(?:\.\d+)?\)?)(?![\d.,]*\s*%)")
    named = re.compile(rf"(?i)(?<!\w){re.escape(name.strip())}(?!\w)")
    # (the full-text index narrows the passages first, as for a labelled figure)
    rows = conn.execute(f"{_SELECT} WHERE d.name = %s AND c.kind IN ('text', 'table')"
                        " AND c.tsv @@ plainto_tsquery('english', %s) AND c.text ~* %s"
                        " ORDER BY c.page_start, c.id LIMIT %s",
                        (document, " ".join(words), rf"\m{label}\M", STATED_PASSAGES)).fetchall()
    for hit in _hits(rows, "stated"):
        # (a table's cells as the text layer or the chunker's markdown print them: "Goodwill <sup>(1)</sup> **253**",
        # "| Goodwill | 288,367 |")
        text = re.sub(r"<sup>[^<]*</sup>|\|", " ", plain_text(hit.text)).replace("*", "")
        earlier: list[str] | None = None  # (the passages before, read once per passage when a row needs them)
        for got in row.finditer(text):  # (each table of the passage, after its own introduction)
            # (one figure in the row, a table of one column: a row of several is of the columns' parts — "Cost of
            # revenue 210,587 525,309 8,421")
            if re.fullmatch(r"(?:19|20)\d\d", got.group("fig").strip("$ ")) or re.match(r"\s*\$?\s?\(?\d", text[got.end():]):
                continue
            if earlier is None:
                earlier = nearby_texts(conn, hit.chunk_id, INTRO_REACH)
            # (the introduction: the last sentences of the nearest text that has any, not a table's rows run together)
            intro = next((said for b in [text[:got.start()], *earlier] if (said := _last_sentences(plain_text(b)))), "")
            if not named.search(intro):
                continue
            figure = re.sub(r"\s+", " ", got.group("fig"))
            figure = figure if figure.startswith("$") else f"${figure}" if re.search(
                r"\$|\bin\s+(?:thousands|millions|billions)\b", text + intro) else figure
            start, end = max(0, got.start() - QUOTE_REACH), min(len(text), got.end() + QUOTE_REACH)
            around = ("…" if start else "") + " ".join(text[start:end].split()) + ("…" if end < len(text) else "")
            said = next(s for s in reversed(_INTRO_SENTENCE.split(intro)) if named.search(s))
            return (f"{got.group(0)[:got.start('fig') - got.start()].strip()} {figure} — “{around}” [{hit.citation()}],"
                    f" in the table its introduction says is of {name.strip()} (“{said}”)"), hit
    return None


def _last_sentences(text: str) -> str:
    """The last sentences of ``text`` (up to INTRO_SENTENCES of them, each of words, not a table's figures), or ""."""
    tail = _INTRO_SENTENCE.split(text.strip())[-INTRO_SENTENCES:]
    return " ".join(s for s in tail if len(re.findall(r"[A-Za-z]{2,}", s)) >= INTRO_WORDS
                    and len(re.findall(r"\d[\d,.]*", s)) <= INTRO_FIGURES)


#: Where an introduction's sentences end: a full stop, or the colon before its table.
_INTRO_SENTENCE = re.compile(r"(?<=[.:])\s+")
#: Characters quoted either side of a row's figure.
QUOTE_REACH = 60
#: Passages back from a row's own searched for the sentences introducing its table.
INTRO_REACH = 3
#: Sentences of an introduction read (the one naming the table, the two before it: "… the profitability of The
#: Cosmopolitan … All of the goodwill was assigned to … The following table sets forth the purchase price allocation").
INTRO_SENTENCES = 3
#: Words a sentence has, and figures at most, to be prose rather than a table's rows.
INTRO_WORDS = 6
INTRO_FIGURES = 3
#: Words a printed label may add after the phrase asked before its figure ("… surcharge authorizations $ 67").
LABEL_OWN_WORDS = 2
#: A table's unit as its heading prints it, in parentheses ("(In millions)", "(in thousands, except per share
#: data)"), read by the statements' units reader (`tables.units_scale`).
_SCALE_HEAD = re.compile(r"(?i)\(\s*(?:\$\s*|dollars\s+|amounts\s+)?in\s+(?:thousands|millions|billions)\b")
#: Passages back from a figure's own searched for its table's unit (a heading the chunker put in the one before).
SCALE_REACH = 3


def cell_scale(conn: psycopg.Connection, chunk_id: int, value: float) -> str | None:
    """The scale ("millions") the table reader gave the money cell of ``value`` (sign aside) read from ``chunk_id``'s
    passage, or None when it read none there or read it in units."""
    cell = conn.execute("SELECT scale FROM table_cells WHERE chunk_id = %s AND abs(value) = %s AND unit = 'USD' LIMIT 1",
                        (chunk_id, abs(value))).fetchone()
    return str(cell[0]) if cell and cell[0] in ("thousands", "millions", "billions") else None


def table_scale(conn: psycopg.Connection, hit: Hit, figure: str) -> str:
    """" (amounts in thousands)" when ``figure`` (a money figure as printed, "$ 15,018") carries no scale word and
    the table it was read from prints its unit: the scale of its cell read from ``hit``'s passage, else a heading
    above it in that passage or the few before it on its page or the one before; "" otherwise."""
    if re.search(r"(?i)\b(?:thousand|million|billion)", figure) or "$" not in figure:
        return ""
    # the table's own cell for the figure first: its reader knows the unit its headings print
    number = re.search(r"\d[\d,]*(?:\.\d+)?", figure.split("$", 1)[-1])
    read = cell_scale(conn, hit.chunk_id, float(number.group(0).replace(",", ""))) if number else None
    if read:
        return f" (amounts in {read})"
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


__all__ = ["LABEL_OWN_WORDS", "cell_scale", "introduced_figure", "labelled_figure", "table_scale"]

"""Answers from one table's rows (answer/cells.py reads one row): a breakdown ("net sales by segment") or a
ranking ("which segment grew fastest", "which categories grew") of the scoped filing's rows under the measure,
for the period asked, each with its year-earlier figure."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import psycopg

from finchat.answer.cellpick import SAME_PERIOD_DAYS
from finchat.answer.cellrows import CellFigure, _words, last_sentence
from finchat.answer.cells import _measure_words
from finchat.answer.parts import segment_names
from finchat.answer.rowrules import GEO, is_measure
from finchat.answer.shapes import DIMENSION_WORDS
from finchat.answer.tagged import scoped_filings, squash_name

_NOT_ITEM = re.compile(r"(?i)\b(?:unallocated|eliminations?|intersegment|corporate|reconcil\w*|total|consolidated)\b"
                       r"|^other\b")
_DIMENSION = re.compile(rf"(?i)\b({DIMENSION_WORDS}|lines? of business)\b")
_DOWN = re.compile(r"(?i)\b(fell|fall|declined?|decrease[sd]?|dropp?e?d?|drag\w*|shr[ae]nk|worst|lowest|least|"
                   r"slowest)\b")
_LIST_ONLY = re.compile(r"(?i)\bgr[eo]w\b(?!.*\b(?:most|fastest|least|slowest|best|worst)\b)")


def breakdown_from_cells(conn: psycopg.Connection, question: str, name: str, subject: Any, hits: list[Any],
                         company: str | None) -> str | None:
    """A breakdown ("net sales by segment") or a ranking ("which segment grew fastest", "which categories
    grew") from one table of the scoped filing: its rows under the measure, for the period asked, each with
    the year-earlier figure from its row. None when no table of the filing has two such rows."""
    by = next((q[3:] for q in subject.qualifiers if q.startswith("by ")), None)
    if subject.kind != "ranking" and by is None:
        return None
    dim = _DIMENSION.search(question)
    noun = (by or (dim.group(1) if dim else "")).lower()
    measure = _measure_words(subject, []) or {"sales", "revenue", "revenues"}
    regional = noun.startswith(("region", "geograph", "market"))
    for doc_id, period_end, months in scoped_filings(conn, question, hits, company, 2):
        duration = f"{months}M"
        rows = conn.execute(
            "SELECT d.name, t.page, p.label, t.row_path, t.caption, t.col_label, t.duration, t.as_of, t.value,"
            " t.scale, t.unit, t.chunk_id FROM table_cells t JOIN documents d ON d.id = t.document_id"
            " LEFT JOIN printed_pages p ON p.document_id = t.document_id AND p.page = t.page"
            # flows of the period asked, or balances at its end ("assets under management by asset class")
            " WHERE t.document_id = %s AND t.unit <> '%%' AND (t.duration = %s OR t.duration IS NULL)"
            " AND t.tsv @@ to_tsquery('english', %s)"  # the measure by the row (checked again below, exactly)
            " ORDER BY t.page, t.chunk_id, t.row_path, t.col_label, t.seq",
            (doc_id, duration, " | ".join(sorted(measure)))).fetchall()
        tables: dict[tuple[int, str], list[tuple[CellFigure, CellFigure | None]]] = {}
        cells = [(CellFigure(r[0], int(r[1]), r[2], r[3], r[4] or "", r[5] or "", r[6], r[7], float(r[8]), r[9],
                             r[10]), int(r[11])) for r in rows]
        for c, chunk in cells:
            if c.as_of is None or abs((c.as_of - period_end).days) > SAME_PERIOD_DAYS:
                continue
            if " › " in c.row_path and _NOT_ITEM.search(c.row_path.split(" › ")[0]):
                continue  # "Intersegment sales › Space": not the segment's sales
            if re.match(r"(?i)total\b", c.row_path.split(" › ")[-1]) or not (
                    measure & set(_words(f"{c.row_path} {c.caption} {c.col_label}"))):
                continue
            prior = next((p for p, ch in cells if ch == chunk and p.row_path == c.row_path and p.as_of is not None
                          and 340 <= (c.as_of - p.as_of).days <= 390), None)
            tables.setdefault((chunk, c.caption), []).append((c, prior))
        # "geographic segments": the company's segments are what is ranked, whichever word came first
        segmental = noun.startswith(("segment", "business", "division")) or bool(re.search(r"(?i)\bsegments?\b", question))
        known = segment_names(conn, company) if segmental else set()

        def fit(kv: tuple[tuple[int, str], list[tuple[CellFigure, CellFigure | None]]],
                known: set[str] = known) -> tuple[int, int, bool, bool, int, int]:
            # segments as headings over the measure's rows ("Americas › Net sales") are named by the heading
            named = {_item(c.row_path, measure) for c, _ in kv[1]}
            return (len({squash_name(n) for n in named} & known),
                    sum(1 for n in named if GEO.search(n)) if regional else 0,
                    # the caption, or the rows' own heading ("Assets by asset class"), naming what is ranked
                    bool(noun) and any(noun.split()[-1].rstrip("s")[:6] in t.lower() for t in (
                        kv[0][1], *{c.row_path.rpartition(" › ")[0] for c, _ in kv[1]})),
                    bool(measure & set(_words(last_sentence(kv[0][1])))),
                    sum(1 for _, p in kv[1] if p is not None), len(kv[1]))

        best = max(tables.items(), default=None, key=fit)
        if best is None or len({c.row_path for c, _ in best[1]}) < 2:
            continue
        # only a table of the things asked about: two of the segments the graph knows, two places for a
        # regional question, or the table's own caption naming them ("… net sales by merchandise category")
        known_rows, places, captioned = fit(best)[:3]
        if known and known_rows < 2:
            continue  # the company's segments are known and this table is not of them
        if regional and places < 2:
            continue
        if known_rows < 2 and not captioned and places < 2:
            continue
        items = [cp for cp in {c.row_path: (c, p) for c, p in best[1]}.values()
                 if not _NOT_ITEM.search(cp[0].row_path.split(" › ")[-1])]
        # a heading naming what is ranked ("Assets by asset class"): its rows only, not the next heading's
        word = noun.split()[-1].rstrip("s")[:6] if noun else ""
        headed = [cp for cp in items if word and word in cp[0].row_path.rpartition(" › ")[0].lower()]
        items = headed if len(headed) >= 2 and word not in best[0][1].lower() else items
        # segments as headings, the measure as their rows ("Walmart U.S. › Net sales"): the measure's rows,
        # named by their heading
        under = [cp for cp in items if " › " in cp[0].row_path and not _NOT_ITEM.search(cp[0].row_path.split(" › ")[0])
                 and is_measure(cp[0].row_path.split(" › ")[-1], measure)]
        if len(under) >= 2:
            items = [(replace(c, row_path=c.row_path.split(" › ")[0]), p) for c, p in under]
        if len(items) < 2:
            continue
        first = items[0][0]
        what = subject.measure or "revenue"
        head = f"{name}'s {what} by {noun or 'line'} for {first.period()} {first.cite()}"
        def growth(cp: tuple[CellFigure, CellFigure | None]) -> float | None:
            c, p = cp
            return (c.value - p.value) / abs(p.value) * 100 if p is not None and p.value else None
        def show(cp: tuple[CellFigure, CellFigure | None]) -> str:
            g = growth(cp)
            label = cp[0].row_path.split(" › ")[-1]
            return f"{label} {cp[0].shown()}" + (f" ({'+' if g >= 0 else '−'}{abs(g):.1f}% on a year earlier)"
                                                 if g is not None else "")
        ranked = [cp for cp in items if growth(cp) is not None]
        if subject.kind == "ranking" and ranked:
            if _LIST_ONLY.search(question):
                grew = [cp for cp in ranked if (growth(cp) or 0) > 0]
                fell = [cp for cp in ranked if (growth(cp) or 0) <= 0]
                text = (f"Grew: {'; '.join(show(cp) for cp in grew) or 'none'}. Did not grow: "
                        f"{'; '.join(show(cp) for cp in fell) or 'none'}. — {head}.")
            else:
                down = bool(_DOWN.search(question))
                order = sorted(ranked, key=lambda cp: growth(cp) or 0, reverse=not down)
                top = order[0]
                word = "fell the most" if down else "grew the most"
                if not down and (growth(top) or 0) <= 0:
                    word = "fell the least (none grew)"  # never "grew" of a line that shrank
                elif down and (growth(top) or 0) >= 0:
                    word = "grew the least (none fell)"
                text = (f"{top[0].row_path.split(' › ')[-1]} {word}: {show(top)}. The others: "
                        f"{'; '.join(show(cp) for cp in order[1:])}. — {head}.")
            return text
        return f"{head}: {'; '.join(show(cp) for cp in items)}."
    return None


def _item(row_path: str, measure: set[str]) -> str:
    """What a breakdown row is of: its label, or its heading when the label is the measure itself
    ("Americas › Net sales" is the Americas)."""
    parts = row_path.split(" › ")
    return parts[0] if len(parts) > 1 and is_measure(parts[-1], measure) else parts[-1]


#: Words before a measure in a table's introduction that do not narrow it.


__all__ = ["breakdown_from_cells"]

"""Table cells as an answer reads them: the stored cell (CellFigure), the words of labels and questions as the
full-text index has them, the look-up of a filing's rows by words, and the row a question names after a
preposition. answer/cells.py picks among them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any

import psycopg

from finchat.answer.figures import number
from finchat.retrieve.fusion import page_reference

_SCALE_WORDS = {"thousands": " thousand", "millions": " million", "billions": " billion"}
_STOP = frozenset(["a", "an", "the", "of", "in", "on", "for", "to", "and", "or", "by", "what", "was", "were", "is", "are", "how", "much", "many", "did", "does", "do", "which", "its", "their", "from", "during", "with", "at", "as", "per", "quarter", "year", "fiscal", "q1", "q2", "q3", "q4", "fy", "first", "second", "third", "fourth", "six", "nine", "three", "twelve", "months", "month", "ended", "ending", "end", "period", "report", "reported", "company", "company's", "s"])


@dataclass(frozen=True)
class CellFigure:
    document: str
    page: int
    printed_page: str | None
    row_path: str
    caption: str
    col_label: str
    duration: str | None
    as_of: date | None
    value: float
    scale: str
    unit: str
    totals: str = ""  # the labels of the "Total …" rows of the table printing it

    def shown(self) -> str:
        """"$3,511 million", "16%", "$0.45 per share", "79,807 thousand"."""
        sign = "−" if self.value < 0 else ""
        v = number(self.value)
        if self.unit == "%":
            return f"{sign}{v}%"
        if self.unit == "USD/share":
            return f"{sign}${v} per share"
        words = _SCALE_WORDS.get(self.scale, "")
        return f"{sign}${v}{words}" if self.unit == "USD" else f"{sign}{v}{words}"

    def cite(self) -> str:
        return f"[{self.document} {page_reference(self.page, self.page, self.printed_page)}]"

    def period(self) -> str:
        if self.as_of is None:
            return self.col_label
        if self.col_label.endswith("a year earlier"):  # a text table's prior column: its exact day not read
            spans = {"3M": "three months", "6M": "six months", "9M": "nine months", "12M": "year"}
            return f"the {spans.get(self.duration or '', 'period')} ended in {self.as_of:%B %Y}"
        day = f"{self.as_of:%B} {self.as_of.day}, {self.as_of.year}"
        months = {"3M": "three months", "6M": "six months", "9M": "nine months", "12M": "year"}.get(self.duration or "")
        return f"the {months} ended {day}" if months else f"{day}"


#: A model's name split by the question's word reading: "f 35", "c 130j".
_MODEL = re.compile(r"\b([a-z]{1,3}) (\d+[a-z]?)\b")


def _words(text: str) -> list[str]:
    return _words_of(text)


def _words_of(text: str) -> list[str]:
    """Words of ``text`` as the full-text index has them: an abbreviation keeps its dots ("u.s"); a footnote's mark
    ("gross(b)", "rate(c)", "(1)") is no word."""
    text = _FOOTNOTE_MARK.sub(" ", text.lower())
    return [_SAME.get(w, w) for w in re.findall(r"[a-z0-9]+(?:\.[a-z0-9]+)*", text.replace("&", " and "))
            if w not in _STOP]


#: A footnote's mark after a label's word: "(b)", "(1)".
_FOOTNOTE_MARK = re.compile(r"\((?:[a-z]|\d{1,2})\)")


#: Words rows print otherwise: "square footage" is "Retail square feet"; "within one year" is "Within 1 year".
_NUMBER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
                 "eight": "8", "nine": "9", "ten": "10"}
_SAME = {"footage": "feet", **_NUMBER_WORDS}
_WORD_OF = {v: k for k, v in _NUMBER_WORDS.items()}


def word_forms(w: str) -> tuple[str, ...]:
    """``w`` and its plural or singular: "phone" "phones", "inventory" "inventories", "lens" "lenses", "tax"
    "taxes" and back."""
    if len(w) > 4 and w.endswith("ies"):
        return w, f"{w[:-3]}y"
    if len(w) > 3 and w.endswith("y") and w[-2] not in "aeiou":
        return w, f"{w}s", f"{w[:-1]}ies"
    if len(w) > 4 and re.search(r"(?:s|x|z|ch|sh)es$", w):
        return w, f"{w}s", w[:-1], w[:-2]
    if len(w) > 3 and w.endswith("s"):
        return (w, f"{w}s", w[:-1]) + (() if w.endswith("ss") else (f"{w}es",))
    return (w, f"{w}s", f"{w}es") if re.search(r"(?:x|z|ch|sh)$", w) else (w, f"{w}s")


def in_a_row(text: str, phrase: str) -> bool:
    """Does ``text`` print ``phrase``'s words in a row (a plural for a singular, and back: "inventories" for
    "inventory")?"""
    words = ["(?:" + "|".join(map(re.escape, word_forms(w.lower()))) + ")" for w in re.findall(r"[A-Za-z0-9&]+", phrase)]
    return bool(words) and bool(re.search(r"(?i)(?<!\w)" + r"\W+".join(words) + r"(?!\w)", text))


def _within(term: str, words: set[str]) -> bool:
    """Does ``words`` hold every word of ``term``, a plural for a singular ("phones" for "phone", "inventories"
    for "inventory") and back?"""
    return all(any(f in words for f in word_forms(w)) for w in term.split())


#: Words naming a kind of line, not which one: "fulfillment expense" is the "Fulfillment" row of an expense table.
_KIND_WORDS = frozenset({"expense", "expenses", "cost", "costs", "spending"})


def _names_row(term: str, words: set[str]) -> bool:
    """Does a row's ``words`` name ``term``: all its words, or all but the words naming a kind of line?"""
    named = [w for w in term.split() if w not in _KIND_WORDS]
    return _within(term, words) or (bool(named) and _within(" ".join(named), words))


#: The hyphen of a compound of words ("work-in-process", "full-time").
_COMPOUND = re.compile(r"(?<=[A-Za-z]{2})-(?=[A-Za-z]{2})")  # (not "Non-U.S.": the index keeps that one's pieces)


def _rows(conn: psycopg.Connection, doc_id: int, terms: list[str]) -> list[Any]:
    """Cells of document ``doc_id`` whose row label, headings, caption or column hold every word of one of
    ``terms``, each with the labels of its table's "Total …" rows (same chunk and page: "Total subscription
    revenue" says what "Digital Media" above it is) and whether its label or headings hold them."""
    # (a number read as its digits, "1 year", is searched as a row may print it too: "one year")
    terms = [*terms, *(spelled for t in terms if (spelled := " ".join(_WORD_OF.get(w, w) for w in t.split())) != t)]
    query = " || ".join(["plainto_tsquery('english', %s)"] * len(terms))
    # a compound's hyphen is no word of the index's ("work-in-process" is a token of its own there, which a row
    # printing "Work in process" lacks); a model's name keeps its hyphen ("F-35" is 'f' and '-35' there)
    terms = [_MODEL.sub(r"\1-\2", _COMPOUND.sub(" ", t)) for t in terms]
    # a name of stop words only ("All Other") is no word of the index's: its rows are the ones printing it (one
    # such word, "other", is no name)
    named = [t for t in terms if re.fullmatch(r"[a-z]+(?: [a-z]+)+", t)]
    unindexed = [r[0] for r in conn.execute(
        "SELECT t FROM unnest(%s::text[]) t WHERE numnode(plainto_tsquery('english', t)) = 0", (named,))] if named else []
    printed = "|".join(r"\m" + r"\s+".join(t.split()) + r"\M" for t in unindexed) or r"$^"
    return conn.execute(
        "WITH hit AS (SELECT d.name, t.page, p.label, t.row_path, t.caption, t.col_label, t.duration, t.as_of,"
        " t.value, t.scale, t.unit, t.row_label, t.chunk_id, t.seq,"
        # the stored vector's row-path part (weight A): no parsing of every cell's label per question
        f" ts_filter(t.tsv, '{{a}}') @@ ({query}) OR t.row_path ~* %s AS in_path"
        " FROM table_cells t JOIN documents d ON d.id = t.document_id"
        " LEFT JOIN printed_pages p ON p.document_id = t.document_id AND p.page = t.page"
        f" WHERE t.document_id = %s AND (ts_filter(t.tsv, '{{a,b}}') @@ ({query}) OR t.row_path ~* %s)),"
        " tot AS (SELECT x.chunk_id, x.page, string_agg(DISTINCT x.row_label, ' ') AS labels FROM table_cells x"
        " WHERE x.document_id = %s AND x.chunk_id IN (SELECT chunk_id FROM hit) AND x.row_label ~* %s"
        " GROUP BY x.chunk_id, x.page)"
        " SELECT hit.name, hit.page, hit.label, hit.row_path, hit.caption, hit.col_label, hit.duration, hit.as_of,"
        " hit.value, hit.scale, hit.unit, hit.row_label, coalesce(tot.labels, ''), hit.in_path FROM hit"
        " LEFT JOIN tot ON tot.chunk_id = hit.chunk_id AND tot.page = hit.page"
        " ORDER BY hit.page, hit.chunk_id, hit.row_path, hit.col_label, hit.seq",  # (reading order among alike)
        (*terms, printed, doc_id, *terms, printed, doc_id, r"^\s*total\M")).fetchall()


#: Capitalised words that open a question or a row without naming anything ("What", "Total").
_NO_MODIFIER = frozenset({"what", "which", "how", "when", "did", "does", "was", "were", "is", "are", "total", "net",
                          "the", "in", "of", "for", "by"})


def other_name(row_path: str, term: str, question: str) -> bool:
    """Is the row another name ending in ``term``'s words than the question's? "Microsoft Cloud" asked, the row
    "Intelligent Cloud" or "Office products and cloud services": the question puts a capitalised word before
    "Cloud", the row another. A row naming no word before the term ("Commercial Airplanes" for "Boeing
    Commercial Airplanes"), a neutral one ("Total") or the question's own is no other name."""
    first = term.split()[0] if term else ""
    if not first:
        return False
    asked = re.search(rf"(?i)(?<![\w'’])([A-Z][\w&-]*)\s+(?={re.escape(first)}\b)", question)
    if not asked or asked.group(1).lower() in _NO_MODIFIER or not asked.group(1)[:1].isupper():
        return False
    for label in row_path.split(" › "):
        printed = re.search(rf"(?i)(?<![\w'’])([\w&-]+)\s+(?={re.escape(first)}\b)", label)
        if printed and printed.group(1).lower() not in _NO_MODIFIER and printed.group(1).lower() != asked.group(1).lower():
            return True
    return False


def _without_name(question: str, name: str) -> str:
    """``question`` without the company's name as it writes it (the name's first words: "American Water" of
    "American Water Works"): "water" there asks no "Water" column."""
    words = name.split()
    for n in range(len(words), 0, -1):
        said = re.compile(r"(?i)\b" + r"\s+".join(map(re.escape, words[:n])) + r"(?:['’]s?)?(?!\w)")
        if said.search(question):
            return said.sub(" ", question)
    return question


#: "in alternatives", "from footwear": up to three lower-case words after a preposition, before the next one.
_AFTER_PREPOSITION = re.compile(r"\b(?:in|from|on)\s+([a-z][a-z&-]+(?:\s+[a-z][a-z&-]+){0,2}?)(?=\s+(?:in|for|during|as|at|on|of|"
                                r"from|over|through|by)\b|\s*[?,.;]|\s*$)")
#: Words naming no row of their own ("in total", "on average").
_NO_ROW = frozenset({"total", "average", "aggregate", "addition", "all", "part", "particular", "terms", "line", "respect"})


def _row_named_after(conn: psycopg.Connection, doc_id: int, cur: CellFigure, question: str,
                     known: set[str]) -> tuple[CellFigure, CellFigure | None] | None:
    """Another row of ``cur``'s table, for the same period and unit, whose whole label the question names in lower
    case after a preposition, in words neither the measure nor a qualifier holds ("alternatives" in "… had under
    management in alternatives"), with its year-earlier figure; None when the question names none."""
    named = [m.group(1).strip() for m in _AFTER_PREPOSITION.finditer(question)]
    named = [n for n in named if not set(n.split()) & (known | _NO_ROW | _STOP)]
    if not named or cur.as_of is None:
        return None
    rows = conn.execute(
        "SELECT d.name, t.page, p.label, t.row_path, t.caption, t.col_label, t.duration, t.as_of, t.value, t.scale,"
        " t.unit FROM table_cells t JOIN documents d ON d.id = t.document_id"
        " LEFT JOIN printed_pages p ON p.document_id = t.document_id AND p.page = t.page"
        " WHERE t.document_id = %s AND t.page = %s AND t.caption = %s AND t.unit = %s"
        " AND lower(regexp_replace(t.row_label, %s, '')) = ANY(%s)"  # a footnote mark ("(a)") is no word of it
        " ORDER BY t.as_of DESC, t.seq", (doc_id, cur.page, cur.caption, cur.unit, r"\s*\([a-z0-9]\)$", named)).fetchall()
    cells = [CellFigure(r[0], int(r[1]), r[2], r[3], r[4] or "", r[5] or "", r[6], r[7], float(r[8]), r[9], r[10])
             for r in rows]
    now = [c for c in cells if c.as_of == cur.as_of and c.duration == cur.duration]
    if len({c.row_path for c in now}) != 1:
        return None  # none, or several rows of that name: not sure which
    this, at = now[0], cur.as_of
    earlier = [c for c in cells if c.row_path == this.row_path and c.duration == this.duration and c.as_of is not None
               and 340 <= (at - c.as_of).days <= 390]
    return this, (earlier[0] if len({c.value for c in earlier}) == 1 else None)


def last_sentence(caption: str) -> str:
    """The sentence just above a table (its caption ends with it): what the table holds."""
    return re.split(r"(?<=[a-z0-9)])[.:]\s+(?=[A-Z])", caption.strip())[-1]


def introducing(caption: str) -> str:
    """The sentence introducing a table, when its caption ends with one ("The following presents information about
    revenue deductions:", "… were as follows:"); "" when it ends with other words (another table's last sentence, a
    header)."""
    said = last_sentence(caption)
    return said if re.search(r"(?i)\bfollowing\b|\bas\s+follows\b|:\s*$", said) else ""


#: Words of a heading that is only a table's units ("(In millions)").
UNIT_WORDS = frozenset({"in", "thousands", "millions", "billions", "dollars", "usd", "000"})


def total_introduced(row_path: str, caption: str, measure: str) -> bool:
    """Is ``row_path`` a table's bare "Total", under no heading but its units, of the ``measure`` that the sentence
    introducing the table names: "(MILLIONS) › Total" under "The following presents information about revenue
    deductions:"?"""
    heading, _, last = row_path.rpartition(" › ")
    return last.strip().lower() == "total" and not set(_words(heading)) - UNIT_WORDS \
        and _within(measure, set(_words(introducing(caption))))

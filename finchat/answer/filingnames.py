"""How a filing names what a question asks: a person by the surname it titles ("Ms. Dillon"), a company by the
short name it defines ("GLOBALFOUNDRIES Inc. (GF)"), initials it prints as a word of their own."""

from __future__ import annotations

import re

import psycopg

#: A person's name ("Mary Dillon", "Richard A. Johnson"): given names, then a surname.
_PERSON = re.compile(r"(?:[A-Z][a-z]+\s+)(?:[A-Z]\.\s+|[A-Z][a-z]+\s+)?(?P<surname>[A-Z][a-z]+(?:-[A-Z][a-z]+)?)")


def called_as(conn: psycopg.Connection, document: str | None, qualifier: str) -> str:
    """How ``document``'s sentences name a qualifier: a person the filing calls "Ms. Dillon" by the surname
    ("Mary Dillon" → "Dillon"); anything else as asked."""
    person = _PERSON.fullmatch(qualifier.strip())
    if person is None or document is None:
        return qualifier
    titled = conn.execute(
        "SELECT 1 FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.name = %s AND c.text ~ %s LIMIT 1",
        (document, rf"\m(?:Mr|Ms|Mrs|Dr)\.\s+{person.group('surname')}\M")).fetchone()
    return person.group("surname") if titled else qualifier


#: A name's legal suffix before the short name a filing defines for it: "GLOBALFOUNDRIES Inc. (GF)".
_SUFFIX = r"(?:,?\s+(?:Inc|Corp|Corporation|Ltd|LLC|L\.P|Co|Company|S\.A|plc|N\.V|AG)\.?)?"


def defined_short(conn: psycopg.Connection, document: str, name: str) -> str:
    """The short name ``document`` defines for ``name`` in parentheses after it ("GLOBALFOUNDRIES Inc. (GF)" →
    "GF"), "" when it defines none. Only names written with capitals are looked up."""
    if not re.match(r"[A-Z]", name) or len(name) > DEFINED_NAME_CHARS:
        return ""
    pattern = rf"{re.escape(name)}{_SUFFIX}\s+\((?:the\s+)?[“\"]?([A-Z][A-Za-z&]{{0,9}})[”\"]?\)"
    row = conn.execute(
        "SELECT substring(c.text from %s) FROM chunks c JOIN documents d ON d.id = c.document_id"
        " WHERE d.name = %s AND c.text ~ %s LIMIT 1", (pattern, document, pattern)).fetchone()
    short = row[0] if row and row[0] else ""
    return short if short and short.lower() != name.lower() else ""


def defined_initialism(conn: psycopg.Connection, document: str, phrase: str) -> str:
    """``phrase`` with its leading words put as the initials ``document`` defines for them in parentheses after them
    ("foreign tax credit (“FTC”)": "foreign tax credit carryover" → "FTC carryover"); "" when it defines none for
    any run of two words or more from its start."""
    words = phrase.split()
    for n in range(len(words), 1, -1):
        short = "".join(w[0] for w in words[:n]).upper()
        if not re.fullmatch(r"[A-Z]{2,6}", short):
            continue
        named = r"\s+".join(re.escape(w) for w in words[:n])
        pattern = rf"(?i){named}s?\s+\(\s*(?:the\s+)?[“\"]?{short}s?[”\"]?\s*\)"
        if conn.execute("SELECT 1 FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.name = %s"
                        " AND strpos(c.text, %s) > 0 AND c.text ~ %s LIMIT 1",
                        (document, short, pattern)).fetchone() is not None:
            return " ".join([short, *words[n:]])
    return ""


def defined_initials(conn: psycopg.Connection, document: str, initials: str) -> str:
    """The name ``document`` defines by ``initials`` in parentheses after it, the initials of its words
    ("Asia Pacific & Latin America (APLA)" → "Asia Pacific & Latin America"; "&", "and", "of", "the" aside); ""
    when it defines none."""
    if not re.fullmatch(r"[A-Z]{2,6}", initials):
        return ""
    pattern = rf"([A-Z][A-Za-z&,.' -]{{2,80}}?)\s+\([“\"]?{initials}[”\"]?\)"
    for (text,) in conn.execute(
            "SELECT substring(c.text from %s) FROM chunks c JOIN documents d ON d.id = c.document_id"
            # (the pattern only where the initials are printed: its lazy name over every chunk took 120–200 ms)
            " WHERE d.name = %s AND CASE WHEN strpos(c.text, %s) > 0 THEN c.text ~ %s ELSE false END LIMIT 5",
            (pattern, document, initials, pattern)).fetchall():
        words = re.findall(r"[A-Za-z&]+", text or "")
        for start in range(len(words) - 1, -1, -1):  # the fewest last words whose initials spell them
            named = [w for w in words[start:] if w.lower() not in ("&", "and", "of", "the")]
            if "".join(w[0] for w in named).upper() == initials and words[start][:1].isupper():
                name = re.search(r"[\s,]*".join(map(re.escape, words[start:])), text or "")
                return name.group(0) if name else " ".join(words[start:])
            if len(named) > len(initials):
                break
    return ""


#: The longest name looked up for a short name the filing defines (a company's, a program's).
DEFINED_NAME_CHARS = 60


def prints_word(conn: psycopg.Connection, document: str, word: str) -> bool:
    """Does ``document``'s prose print ``word`` (case as given) as a word of its own?"""
    return conn.execute(
        "SELECT 1 FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.name = %s AND c.kind = 'text'"
        " AND c.text ~ %s LIMIT 1", (document, rf"\m{re.escape(word)}\M")).fetchone() is not None


def prints_phrase(conn: psycopg.Connection, document: str, phrase: str) -> bool:
    """Does ``document`` print ``phrase``'s words in a row (as the full-text index reads them) in its prose or a
    table's label?"""
    return conn.execute(
        "SELECT 1 FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.name = %s"
        " AND c.tsv @@ phraseto_tsquery('english', %s) LIMIT 1", (document, phrase)).fetchone() is not None


def prints_row(conn: psycopg.Connection, document: str, label: str) -> bool:
    """Does a table of ``document`` print a row labelled ``label`` itself (case aside: "Commercial paper")?"""
    return conn.execute(
        "SELECT 1 FROM table_cells t JOIN documents d ON d.id = t.document_id WHERE d.name = %s"
        " AND lower(t.row_label) = lower(%s) LIMIT 1", (document, label.strip())).fetchone() is not None


__all__ = ["called_as", "defined_initials", "defined_short", "prints_phrase", "prints_row", "prints_word"]

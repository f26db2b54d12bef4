"""Whose a name is when no company is named: the one company whose tables label rows with it ("STELARA",
"Aeronautics") or, else, whose prose alone prints it ("Aria"); which of a company's filings print a name — for
retrieve/hybrid.py's and retrieve/filters.py's scoping."""

from __future__ import annotations

import re
from collections.abc import Sequence

import psycopg


def _sole_company(conn: psycopg.Connection, query: str, params: dict[str, str]) -> str | None:
    """The company key ``query`` (selecting DISTINCT company keys, LIMIT 2) returns when it returns one; else None."""
    rows = conn.execute(query, params).fetchall()
    return str(rows[0][0]) if len(rows) == 1 else None


def owners_of_labels(conn: psycopg.Connection, names: Sequence[str]) -> dict[str, str]:
    """Company key for each of ``names`` that labels table rows of exactly one company's filings ("STELARA",
    "Aeronautics": a product or segment named without its company); a name whose rows belong to several
    companies, or to none, is left out. One indexed full-text look-up per name, the row label compared whole
    (case and a trailing note mark aside), so "Space" is Lockheed's segment and not "Defense, Space & Security";
    or the heading the rows stand under ("King › Segment net revenues")."""
    found = {name: _sole_company(
        conn, "SELECT DISTINCT d.company_key FROM table_cells c JOIN documents d ON d.id = c.document_id"
              " WHERE c.tsv @@ phraseto_tsquery('english', %(n)s)"
              " AND (lower(regexp_replace(c.row_label, '\\s*(\\(\\w\\)|\\*|:)+$', '')) = lower(%(n)s)"
              "      OR lower(c.row_path) ~ %(heading)s)"
              " AND d.company_key IS NOT NULL LIMIT 2",
        {"n": name, "heading": f"^{re.escape(name.lower())} › "}) for name in names}
    return {name: key for name, key in found.items() if key is not None}


def owners_in_text(conn: psycopg.Connection, names: Sequence[str]) -> dict[str, str]:
    """Company key for each of ``names`` printed (capitalised as asked, as a whole word) in the prose of exactly
    one company's filings: a property, brand or subsidiary named without its company ("How many hotel rooms
    does Aria have?" is MGM Resorts'). A name with a corporate suffix ("Globex Corporation") is a company's
    own and is left out, as is one printed by several companies' filings or by none."""
    from finchat.retrieve.names import _core

    found = {name: _sole_company(
        conn, "SELECT DISTINCT d.company_key FROM chunks c JOIN documents d ON d.id = c.document_id"
              " WHERE c.tsv @@ phraseto_tsquery('english', %(n)s) AND c.text ~ %(word)s"
              " AND d.company_key IS NOT NULL LIMIT 2",
        {"n": name, "word": rf"\m{re.escape(name)}\M"}) for name in names if _core(name) == name.strip().lower()}
    return {name: key for name, key in found.items() if key is not None}


def asked_names(text: str, stop: set[str] | frozenset[str]) -> list[str]:
    """Capitalised words of a question (its company's names already taken out) that may name a thing the
    filings print: not its first word, nor a word of ``stop`` (question and period words), a month or a metric
    ("TubeMogul", "Fotolia")."""
    from finchat.graph.lexicon import metrics_in_question
    from finchat.tables import MONTHS

    words = re.findall(r"(?<![\w.&'’-])([A-Z][A-Za-z]*[a-z][A-Za-z]*)(?![\w&'’-])", text.split(" ", 1)[1] if " " in text else "")
    return list(dict.fromkeys(w for w in words if w.lower() not in stop and not re.fullmatch(rf"(?i)(?:{MONTHS})", w)
                              and not metrics_in_question(w)))


def printing(conn: psycopg.Connection, documents: Sequence[int], companies: Sequence[str],
             names: Sequence[str]) -> list[int]:
    """The filings of ``companies`` whose prose prints every one of ``names`` (capitalised as asked, whole
    words) when none of ``documents`` does: a question with no period naming an acquisition or a product of
    the past ("What did Adobe pay to acquire TubeMogul?") is about the filings that speak of it, not the
    latest. Empty when ``documents`` print them (or nothing does). One indexed full-text look-up."""
    if not names or not companies:
        return []
    found = [int(r[0]) for r in conn.execute(
        "SELECT d.id FROM documents d WHERE d.company_key = ANY(%(c)s) AND " + " AND ".join(
            f"EXISTS (SELECT 1 FROM chunks c WHERE c.document_id = d.id AND c.kind = 'text'"
            f" AND c.tsv @@ phraseto_tsquery('english', %(n{i})s) AND c.text ~ %(w{i})s)" for i in range(len(names)))
        + " ORDER BY d.id",
        {"c": list(companies), **{f"n{i}": n for i, n in enumerate(names)},
         **{f"w{i}": rf"\m{re.escape(n)}\M" for i, n in enumerate(names)}}).fetchall()]
    return [] if not found or set(found) & set(documents) else found


__all__ = ["asked_names", "owners_in_text", "owners_of_labels", "printing"]

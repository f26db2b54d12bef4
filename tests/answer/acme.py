"""A fresh store holding one filing of ACME (the company the store-backed answer tests ask about)."""

from __future__ import annotations

from datetime import date

import psycopg


def acme_filing(conn: psycopg.Connection, name: str, form: str, year: int, quarter: str, period_end: date) -> int:
    """Migrate the database behind ``conn``, seed its companies, add ACME and its filing ``name``; the
    document's id."""
    from finchat.db import migrate
    from finchat.db.admin import seed_companies

    migrate.migrate(conn)
    seed_companies(conn)
    conn.execute("INSERT INTO companies (key, name) VALUES ('ACME', 'Acme')")
    return int(conn.execute("INSERT INTO documents (name, source_path, sha256, company_key, form, fiscal_year,"
                            " fiscal_quarter, period_end, page_count) VALUES (%s, 'x', 'y', 'ACME', %s, %s, %s, %s,"
                            " 120) RETURNING id", (name, form, year, quarter, period_end)).fetchone()[0])


def acme_passages(conn: psycopg.Connection, name: str, form: str, year: int, quarter: str, period_end: date,
                  passages: list[str], section: str, first_page: int) -> int:
    """:func:`acme_filing` holding ``passages`` as text chunks under ``section``, one a page from ``first_page``;
    committed; the document's id."""
    doc = acme_filing(conn, name, form, year, quarter, period_end)
    for i, text in enumerate(passages):
        conn.execute("INSERT INTO chunks (document_id, ordinal, page_start, page_end, section, kind, text, embed_text)"
                     " VALUES (%s, %s, %s, %s, %s, 'text', %s, %s)",
                     (doc, i, first_page + i, first_page + i, section, text, text))
    conn.commit()
    return doc

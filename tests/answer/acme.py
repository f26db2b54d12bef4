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

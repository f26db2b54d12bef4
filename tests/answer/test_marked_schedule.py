"""A schedule's year rows as the chunker marks them up ("2024 **$** **2,363** 2025 **1,881**"): the row of the year
asked is read through the emphasis, and a header of years ("**2022** **2023** **2024**") gives no figure — against the
real database, on passages stored as the chunker writes them. Figures made up."""

from psycopg import connect

from finchat.answer.yearrows import expected_in_year

INTRO = "The following table outlines the estimated future amortization expense related to intangible assets held:"
ROWS = "(In millions)\n\n2024 **$** **2,363** 2025 **1,881** 2026 **1,381** 2027 **929** Thereafter **2,160**\n\n" \
       "Total **$** **9,366**"
HEADER = ("We expect future amortization expense of our backlog as follows: **2022** **2023** **2024** **2025** "
          "Backlog **10** **20** **30** **40**")


def _stored(make_database, texts):  # type: ignore[no-untyped-def]
    from finchat.db import migrate
    from finchat.db.admin import seed_companies
    conn = connect(make_database())
    migrate.migrate(conn)
    seed_companies(conn)
    doc = conn.execute("INSERT INTO documents (name, source_path, sha256, company_key, form, fiscal_year, fiscal_quarter,"
                       " page_count) VALUES ('APPLE_2023_10K', 'x', 'y', 'APPLE', '10-K', 2023, 'FY', 2) RETURNING id"
                       ).fetchone()[0]
    for i, text in enumerate(texts):
        conn.execute("INSERT INTO chunks (document_id, ordinal, page_start, page_end, kind, text, embed_text)"
                     " VALUES (%s, %s, 1, 1, 'text', %s, %s)", (doc, i, text, text))
    conn.commit()
    return conn


def test_a_marked_up_years_row_is_read(make_database):
    with _stored(make_database, [INTRO, ROWS]) as conn:
        line, _ = expected_in_year(conn, "APPLE_2023_10K", "amortization expense", 2025)
        assert line.startswith("$1,881 million") and "the row for 2025" in line, line
        assert expected_in_year(conn, "APPLE_2023_10K", "amortization expense", 2030) is None


def test_a_header_of_years_is_no_years_row(make_database):
    with _stored(make_database, [HEADER]) as conn:
        assert expected_in_year(conn, "APPLE_2023_10K", "amortization expense", 2022) is None

"""A schedule's year rows as the chunker marks them up ("2024 **$** **2,363** 2025 **1,881**"): the row of the year
asked is read through the emphasis, and a header of years ("**2022** **2023** **2024**") gives no figure — against the
real database, on passages stored as the chunker writes them. Figures made up."""

from psycopg import connect

from finchat.answer.yearrows import expected_in_year, scheduled_cell

INTRO = "The following table outlines the estimated future amortization expense related to intangible assets held:"
ROWS = "(In millions)\n\n2024 **$** **2,363** 2025 **1,881** 2026 **1,381** 2027 **929** Thereafter **2,160**\n\n" \
       "Total **$** **9,366**"
LEASES = ("The future minimum lease payments under our capital, financing and operating leases by fiscal year were as "
          "follows ($ in millions):")
LEASE_ROWS = "2020 $ 14 $ 48 $ 700\n\n2021 11 42 648\n\n2022 7 35 513\n\n2023 4 24 371\n\nThereafter 7 40 476"
HEADER = ("We expect future amortization expense of our backlog as follows: **2022** **2023** **2024** **2025** "
          "Backlog **10** **20** **30** **40**")


def _stored(make_database, texts):  # type: ignore[no-untyped-def]
    from finchat.db import migrate
    from finchat.db.admin import seed_companies
    conn = connect(make_database())
    migrate.migrate(conn)
    seed_companies(conn)
    doc = conn.execute("INSERT INTO documents (name, source_path, sha256, company_key, form, fiscal_year, fiscal_quarter,"
                       " period_end, page_count) VALUES ('APPLE_2023_10K', 'x', 'y', 'APPLE', '10-K', 2023, 'FY',"
                       " '2023-09-30', 2) RETURNING id").fetchone()[0]
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


def test_a_row_of_several_columns_is_read_in_the_column_its_introduction_lists(make_database):
    """"2021 11 42 648" under "… our capital, financing and operating leases …": operating lease payments are the
    third figure, capital lease payments the first; a measure naming no one of them gets none (never the first)."""
    with _stored(make_database, [LEASES, LEASE_ROWS]) as conn:
        line, _ = expected_in_year(conn, "APPLE_2023_10K", "operating lease payments due", 2021)
        assert line.startswith("$648 million"), line
        line, _ = expected_in_year(conn, "APPLE_2023_10K", "capital lease payments", 2022)
        assert line.startswith("$7 million"), line
        assert expected_in_year(conn, "APPLE_2023_10K", "lease payments", 2021) is None


def test_a_maturity_analysis_of_two_listed_columns_named_with_its_total(make_database):
    """"… the maturity analysis of operating and finance lease liabilities …" over "2024 4,318 518" and "Total lease
    payments": finance lease payments are the second figure — the introduction's two items name the columns, the total
    the payments, a maturity analysis looks ahead."""
    intro = ("The following table presents the maturity analysis of operating and finance lease liabilities as of "
             "December 31, 2022:")
    rows = ("(dollars in millions)\n\nYears Operating Leases Finance Leases\n\n2023 $ 4,591 $ 586\n\n2024 4,318 518"
            "\n\n2025 3,929 388\n\nThereafter 10,160 67\n\nTotal lease payments 29,822 1,845")
    with _stored(make_database, [intro, rows]) as conn:
        line, _ = expected_in_year(conn, "APPLE_2023_10K", "finance lease payments", 2024)
        assert line.startswith("$518 million"), line
        line, _ = expected_in_year(conn, "APPLE_2023_10K", "operating lease payments", 2025)
        assert line.startswith("$3,929 million"), line


def test_a_years_column_of_a_schedule_after_the_filings_period(make_database):
    """"Operating leases | 2024 | 2025" under "Future minimum lease commitments at September 30, 2023 were as
    follows": the cell dated in the year asked, after the filing's own period end, of the row the measure names —
    never a cell of the filing's own year, nor of a row naming another measure."""
    caption = "Future minimum lease commitments at September 30, 2023 were as follows (in millions):"
    with _stored(make_database, [caption]) as conn:
        doc, chunk = conn.execute("SELECT document_id, id FROM chunks").fetchone()
        for row, as_of, value in (("Operating leases", "2024-12-31", 226), ("Operating leases", "2025-12-31", 178),
                                  ("Operating leases", "2023-09-30", 1342), ("Purchase obligations", "2024-12-31", 90)):
            conn.execute("INSERT INTO table_cells (document_id, chunk_id, page, caption, row_label, row_path, col_label,"
                         " as_of, value, printed, scale, unit) VALUES (%s, %s, 1, %s, %s, %s, '', %s, %s, %s,"
                         " 'millions', 'USD')", (doc, chunk, caption, row, row, as_of, value, f"{value}"))
        line, _ = scheduled_cell(conn, "APPLE_2023_10K", "operating lease commitments due", 2024)
        assert line.startswith("$226 million") and "the column for 2024" in line, line
        assert scheduled_cell(conn, "APPLE_2023_10K", "operating lease commitments", 2023) is None
        assert scheduled_cell(conn, "APPLE_2023_10K", "operating lease commitments", 2026) is None


def test_a_schedule_written_as_a_sentence(make_database):
    """"Estimated future amortization expense is as follows: $290 million in 2021; $252 million in 2022; …": the
    amount for the year asked — not a sentence naming one year, nor another measure's list."""
    said = ("Amortization expense was $271 million in 2020. Estimated future amortization expense is as follows: $290 "
            "million in 2021; $252 million in 2022; $249 million in 2023; $245 million in 2024. Capital expenditures "
            "were $1.8 billion in 2021, $1.7 billion in 2022 and $1.6 billion in 2023.")
    with _stored(make_database, [said]) as conn:
        line, _ = expected_in_year(conn, "APPLE_2023_10K", "amortization expense", 2022)
        assert line.startswith("$252 million") and "the amount for 2022" in line, line
        assert expected_in_year(conn, "APPLE_2023_10K", "amortization expense", 2020) is None
        assert expected_in_year(conn, "APPLE_2023_10K", "capital expenditures", 2022) is None


def test_a_schedules_total_in_the_next_passage_and_its_maturities_look_ahead(make_database):
    """"The following represents the maturities of our outstanding lease commitments …" over year rows that end their
    passage, "Total Outstanding Fixed Lease Payments" opening the next: maturities look ahead, and the total there
    names the payments."""
    intro = ("The following represents the maturities of our outstanding lease commitments as of December 31, 2022:"
             "\n\n_(Millions)_\n\n2023 **$** **157** 2024 **144** 2025 **121** 2026 **105** 2027 **93** "
             "Thereafter **892**")
    total = "Total Outstanding Fixed Lease Payments **$** **1,512**\n\nLess: Amount representing interest **$** **(539)**"
    with _stored(make_database, [intro, total]) as conn:
        line, _ = expected_in_year(conn, "APPLE_2023_10K", "lease payments", 2025)
        assert line.startswith("$121 million") and "the row for 2025" in line, line


def test_a_row_of_several_columns_read_by_its_stacked_bold_header(make_database):
    """"**Pension Benefits** **Other Benefits**" over "**Expected Benefit** ×3" over "**Payments** **Payments**
    **Subsidy Payments**", rows "2026 118 24 1": pension benefit payments are the first column, the subsidy the third;
    with no units printed near it, the scale is the one the filing's money cells are read in."""
    intro = "Presented in the table below are the net benefits expected to be paid from the plan assets:"
    rows = ("**Pension Benefits** **Other Benefits**\n\n**Expected Benefit** **Expected Benefit** **Expected Federal**"
            "\n\n**Payments** **Payments** **Subsidy Payments**\n\n2023 $ 117 $ 24 $ 1 2024 115 24 1 2025 117 25 1 "
            "2026 118 24 1 2027 119 24 1 2028-2032 585 108 3")
    with _stored(make_database, [intro, rows]) as conn:
        doc, chunk = conn.execute("SELECT document_id, min(id) FROM chunks GROUP BY 1").fetchone()
        conn.execute("INSERT INTO table_cells (document_id, chunk_id, page, caption, row_label, row_path, col_label,"
                     " value, printed, scale, unit) VALUES (%s, %s, 1, '', 'Revenue', 'Revenue', '', 3792, '3,792',"
                     " 'millions', 'USD')", (doc, chunk))
        line, _ = expected_in_year(conn, "APPLE_2023_10K", "pension benefit payments", 2026)
        assert line.startswith("$118 million"), line
        line, _ = expected_in_year(conn, "APPLE_2023_10K", "federal subsidy payments", 2026)
        assert line.startswith("$1 million"), line
        assert expected_in_year(conn, "APPLE_2023_10K", "benefit payments", 2026) is None  # (two columns name them)


def test_a_bold_header_on_the_first_rows_line_names_the_columns(make_database):
    """"**Operating Leases** **Finance Leases** **Year ending December 31,** **_(In thousands)_** 2023 $ 1,795 $ 78": the
    header's names (its period and units aside) name the two columns though the first row opens on its line."""
    intro = ("Maturities of lease liabilities were as follows:\n\n**Operating Leases** **Finance Leases** **Year ending "
             "December 31,** **_(In thousands)_** 2023 $ 1,795 $ 78\n\n2024 1,825 87 2025 1,856 82 2026 1,883 70 "
             "Thereafter 51,965 135")
    total = "Total future minimum lease payments 60,166 244"
    with _stored(make_database, [intro, total]) as conn:
        line, _ = expected_in_year(conn, "APPLE_2023_10K", "finance lease payments", 2024)
        assert line.startswith("$87 thousand"), line
        line, _ = expected_in_year(conn, "APPLE_2023_10K", "operating lease payments", 2025)
        assert line.startswith("$1,856 thousand") and "Maturities of lease liabilities" in line, line

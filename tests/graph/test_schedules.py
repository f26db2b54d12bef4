"""Text tables the parser ran into prose, read into cells (graph/schedules.py, graph/rowlabels.py, graph/textrows.py):
a one-column schedule with no period header split over two chunks, runs of rows printed again each closed by the
total they sum to, and a table going on from the chunk before whose rows print years of their own. Figures made up."""

from __future__ import annotations

from datetime import date

from finchat.graph.schedules import schedule_cells
from finchat.graph.textcells import text_table_rows
from finchat.graph.textrows import text_cells

END = date(2023, 10, 28)
ASSETS = ("($ in millions)\n\nCash and cash equivalents **$** **71** Merchandise inventories **84** Property and equipment, "
          "net **135** Tradenames **291** Customer relationships **12** Other assets **5**")
LIABILITIES = ("($ in millions)\n\nAccounts payable **$** **(58)** Long-term lease obligations **(126)** Deferred taxes "
               "**(88)** Other liabilities **(4)**\n\nGoodwill <sup>(1)</sup> **412** Total purchase price **$** **829**"
               "\n\n(1) Goodwill on this table is at the exchange rate in effect on the date of acquisition.\n\n_Zephyr_")
ALLOCATION = [
    (1, "text", "Notes > 2. Acquisitions", ("The following table represents the final allocation of the purchase price "
                                              "for Gale."), 9),
    (2, "text", "Notes > 2. Acquisitions — Assets acquired:", ASSETS, 9),
    (3, "text", "Notes > 2. Acquisitions — Liabilities assumed:", LIABILITIES, 9),
]


def _by_path(cells) -> dict[str, float]:
    return {c.row_path: c.value for c in cells}


def test_a_schedule_split_over_two_chunks_keeps_its_introduction():
    rows = text_table_rows(ALLOCATION, END, "10-Q", 3)
    got = {c.row_path: (c.value, c.scale, c.unit, c.as_of, caption) for _, _, caption, c in rows}
    goodwill = got["Goodwill"]
    # (the mark "(1)" is a footnote's, not the figure; the liabilities, printed in parentheses, are negative)
    assert goodwill[:4] == (412, "millions", "USD", END), goodwill
    assert got["Deferred taxes"][0] == -88 and got["Other liabilities"][0] == -4
    # the liabilities' chunk is captioned by the sentence introducing the schedule two chunks up
    assert "allocation of the purchase price for Gale" in goodwill[4], goodwill
    assert "allocation of the purchase price for Gale" in got["Tradenames"][4]


def test_runs_of_words_and_figures_no_table_introduced_are_not_read():
    prose = ("($ in millions) Revenue grew 12 percent to 450 while Costs rose 3 percent to 120 Margins fell 2 points "
             "to 31 Headcount rose 40")
    assert schedule_cells(prose, "Results of operations for the quarter were strong.", END) == []
    # (a row of two figures is a table of periods, read elsewhere)
    two = "($ in millions) Cash $ 70 $ 60 Inventories 82 80 Tradenames 296 290 Goodwill 409 400"
    assert schedule_cells(two, "The following table presents the balances.", END) == []


SEGMENTS = ("Years ended June 30, ($ in millions) 2023 2022 2021 Flexibles $ 11,150 $ 11,140 $ 10,030 Rigid Packaging "
            "3,540 3,390 2,820 Other — — — Net sales $ 14,690 $ 14,530 $ 12,850 Flexibles 1,420 1,510 1,420 Rigid "
            "Packaging 260 280 290 Other (80) (100) (100) Adjusted EBIT 1,600 1,690 1,610 Interest expense (290) (150) "
            "(150)")


def test_runs_printed_again_stand_under_the_totals_they_sum_to():
    """"Flexibles, Rigid Packaging … Net sales" then "Flexibles, Rigid Packaging, Other … Adjusted EBIT" under the
    heading "Adjusted EBIT": the first run is net sales', not the heading's — and "Other" (−80), summing to nothing
    before it, closes no run."""
    cells = text_cells(SEGMENTS, "", date(2023, 6, 30), "10-K", {}, None,
                       "Note 21 - Segments > Adjusted earnings before interest and taxes (\"Adjusted EBIT\")",
                       "Adjusted earnings before interest and taxes (\"Adjusted EBIT\")")
    now = {c.row_path: c.value for c in cells if c.as_of == date(2023, 6, 30)}
    assert now["Net sales › Rigid Packaging"] == 3540, now
    heading = "Adjusted earnings before interest and taxes (\"Adjusted EBIT\")"
    assert now[f"{heading} › Rigid Packaging"] == 260, now
    assert now[f"{heading} › Other"] == -80
    assert not any(p.startswith("Other ›") for p in now), now


def test_a_table_going_on_reads_its_years_from_its_header_not_from_the_rows_before():
    """Rows of notes printing their maturities ("May 2031", "May 2033") end the chunk before; the rows going on in
    the next chunk are this year's first, as the header over both prints ("2023 2022")."""
    chunks = [
        (1, "text", "Note 14 - Debt > Long-Term Debt — Term debt", ("June 30, ($ in millions) Maturities Interest rates 2023 2022\n\n"
         "Euro bonds, €300 million Mar 2023 2.75 % $ - $ 313 U.S. dollar notes, $500 million May 2025 4.00 % 500 500 "
         "U.S. dollar notes, $600 million Apr 2026 3.63 % 600 600 U.S. dollar notes, $300 million Sep 2026 3.10 % 300 "
         "300 Euro bonds, €500 million Jun 2027 1.13 % 540 520 U.S. dollar notes, $500 million May 2028 4.50 % 500 500 "
         "U.S. dollar notes, $500 million Jun 2030 2.63 % 500 500 "
         "U.S. dollar notes, $800 million May 2031 2.69 % 800 800 U.S. dollar notes, $500 million May 2033 5.63 % 500 — "
         "**Total term debt** **1,800** **1,613**"), 85),
        (2, "text", "Note 14 - Debt > Long-Term Debt — Term debt", ("Bank loans 21 23 Commercial paper (1) 2,440 2,315 "
                                                                  "Other loans (2) 33 18 **Total debt** **4,294** **3,969**"), 85),
    ]
    got = {(c.row_label, c.as_of): c.value for _, _, _, c in text_table_rows(chunks, date(2023, 6, 30), "10-K")}
    assert got[("Commercial paper", date(2023, 6, 30))] == 2440, got
    assert got[("Commercial paper", date(2022, 6, 30))] == 2315


RECONCILED = ("($ in millions, except per share amounts) 2023 2022 Net income $ 72,360 $ 72,740 Severance and lease costs 950 "
              "— Tax benefit on transfer of intangible properties 0 (3,290) Adjusted net income (non-GAAP) $ 73,310 $ 69,450 "
              "Diluted earnings per share $ 9.68 $ 9.65 Severance and lease costs 0.13 — Tax benefit on transfer of "
              "intangible properties 0 (0.44) Adjusted diluted earnings per share (non-GAAP) $ 9.81 $ 9.21")


def test_a_reconciliations_starting_line_is_not_under_the_adjusted_line_it_sums_to():
    """"Net income … Severance … Adjusted net income": the adjustments are net income's, and net income is no row of
    the adjusted line, though the three sum to it."""
    cells = text_cells(RECONCILED, "", date(2023, 6, 30), "10-K", {}, None, "Non-GAAP Financial Measures")
    now = {c.row_path: c.value for c in cells if c.as_of == date(2023, 6, 30)}
    assert now["Diluted earnings per share"] == 9.68, now
    assert now["Adjusted diluted earnings per share (non-GAAP)"] == 9.81
    assert not any(p.startswith("Adjusted") and " › " in p for p in now), now

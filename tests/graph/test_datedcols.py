"""Text tables headed by dates (graph/datedcols.py): each figure the row's at its column's date, in the units the
words before the header give."""

from __future__ import annotations

from datetime import date

from finchat.graph.datedcols import dated_cells

USERS = ("The following table details our average monthly active users by segment (amounts in millions):\n\n"
         "**March 31, 2025** **December 31, 2024** **September 30, 2024** Arcade 51 57 49 Puzzle 180 176 171 "
         "Total 231 233 220")


def test_rows_under_a_header_of_dates_are_read_one_figure_per_date():
    cells = dated_cells(USERS)
    by = {(c.row_label, c.as_of): c for c in cells}
    puzzle = by[("Puzzle", date(2024, 12, 31))]
    assert (puzzle.value, puzzle.col_label, puzzle.duration) == (176, "December 31, 2024", None)
    # no "$" in the table: things counted, in the scale the words before it print
    assert (puzzle.unit, puzzle.scale) == ("count", "millions")
    assert "average monthly active users" in puzzle.lead
    assert len(cells) == 9


def test_money_percentages_and_a_row_of_another_scale():
    cells = dated_cells("Balances (in millions)\n**June 30, 2025** **January 31, 2025** Cash $ 1,918 $ 1,537 "
                        "Deferred revenue 1,193 1,628 Backlog 40.5 43.2 Margin 12.5% 11.0%")
    by = {(c.row_label, c.as_of): c for c in cells}
    assert (by[("Cash", date(2025, 6, 30))].value, by[("Cash", date(2025, 6, 30))].unit,
            by[("Cash", date(2025, 6, 30))].scale) == (1918, "USD", "millions")
    assert by[("Deferred revenue", date(2025, 1, 31))].unit == "USD"
    margin = by[("Margin", date(2025, 1, 31))]
    assert (margin.value, margin.unit, margin.scale) == (11.0, "%", "units")
    # decimals among whole millions are in a scale the table does not print (billions): not stored
    assert not any(c.row_label == "Backlog" for c in cells)


def test_repeated_dates_and_another_header_line_are_not_read():
    # the same date twice heads groups of columns measuring different things
    assert dated_cells("**May 31, 2025** **May 31, 2025** **May 31, 2024** Notes 1 2 3") == []
    # header words after the dates: another header line, not rows
    assert dated_cells("**May 31, 2025** **May 31, 2024** **% change** Net Sales 10 12") == []
    # rows of another width than the header's
    assert dated_cells("**May 31, 2025** **May 31, 2024** Notes 1 2 3") == []


def test_a_footnotes_mark_on_a_label_and_the_footnote_below_the_rows():
    """"Carrying value <sup>(1)</sup> $ 395 $ 492 Fair value $ 308 $ 497", then "(1) The carrying value …" after a
    blank line: both rows read, the footnote's mark no part of a label and its text no row."""
    cells = dated_cells("The carrying value and estimated fair value of long-term debt were as follows:\n\n($ in millions) "
                        "**October 29, 2022** **October 30, 2021** Carrying value <sup>(1)</sup> **$** **395** $ 492 "
                        "Fair value **$** **308** $ 497\n\n(1) The carrying value of debt as of October 29, 2022 "
                        "reflects $5 million of issuer's discount.")
    by = {(c.row_label, c.as_of): (c.value, c.scale) for c in cells}
    assert by == {("Carrying value", date(2022, 10, 29)): (395, "millions"),
                  ("Carrying value", date(2021, 10, 30)): (492, "millions"),
                  ("Fair value", date(2022, 10, 29)): (308, "millions"),
                  ("Fair value", date(2021, 10, 30)): (497, "millions")}, by


def test_a_line_of_plain_dates_heads_a_reconciliation():
    # the dates not in bold, on a line of their own over an opening-to-closing reconciliation
    cells = dated_cells("June 30, 2025 December 31, 2024\n\nOpening balance at beginning of period $ 512 $ 840 "
                        "Change in fair value (37) (328)\n\nClosing balance at end of period $ 475 $ 512",
                        "… the opening to closing balance of the equity investment in Nordmart (in millions):")
    by = {(c.row_label, c.as_of): c for c in cells}
    closing = by[("Closing balance at end of period", date(2025, 6, 30))]
    assert (closing.value, closing.unit, closing.scale) == (475, "USD", "millions")
    assert by[("Change in fair value", date(2024, 12, 31))].value == -328
    assert len(cells) == 6
    # dates inside a sentence are no header
    assert dated_cells("As of June 30, 2025 and December 31, 2024 we held $ 512 and $ 840 of notes.") == []


# A wide quarterly table as the PDF parser prints it: its header's columns in overlapping pairs, month-days over
# years, alone in a chunk; its rows in the chunks after it, under headings (figures made up).
WIDE_HEADER = "\n\n".join(f"**{a}** **{b}**\n\n**{x}** **{y}**" for a, b, x, y in (
    ("Dec. 31,", "Sep. 30,", 2024, 2024), ("Sep. 30,", "Jun. 30,", 2024, 2024),
    ("Jun. 30,", "Mar. 31,", 2024, 2024), ("Mar. 31,", "Dec. 31,", 2024, 2023)))
WIDE_ROWS = ("(in thousands, except per share data)\n\nRevenue:\n\nService revenue $ 400 $ 380 $ 360 $ 300 $ 290\n\n"
             "Hardware revenue 20 18 16 12 11\n\nTotal net revenue 420 398 376 312 301\n\nOperating expenses:\n\n"
             "Product development 60 58 55 50 49\n\nTotal operating expenses 60 58 55 50 49\n\n"
             "Special dividend — — (32) — —\n\nNet loss per share:")
WIDE_MORE = ("Basic $ (0.04) $ (0.09) $ (0.08) $ (0.29) $ (0.30)\n\n"
             "Weighted-average shares used to compute net loss per share:\n\nBasic 356 343 334 331 320")


def _wide(chunks: list[str]) -> dict[tuple[str, date], object]:
    from finchat.graph.textcells import text_table_rows

    rows = text_table_rows([(i, "text", "Quarterly Results of Operations", t, 56) for i, t in enumerate(chunks)],
                           date(2024, 12, 31), "10-K")
    return {(c.row_path, c.as_of): c for _, _, _, c in rows}


def test_a_wide_header_of_overlapping_pairs_heads_the_rows_in_the_chunks_after_it():
    by = _wide(["The following tables set forth quarterly data for the last five quarters.", WIDE_HEADER,
                WIDE_ROWS, WIDE_MORE])
    # the pairs read as five quarter ends in order, each column its date
    q3 = by[("Revenue › Service revenue", date(2024, 9, 30))]
    assert (q3.value, q3.scale, q3.unit, q3.col_label, q3.duration) == (380, "thousands", "USD", "Sep. 30, 2024", "3M")
    assert by[("Revenue › Service revenue", date(2023, 12, 31))].value == 290
    # a heading's rows end with its total; rows after a heading go under it
    assert ("Total net revenue", date(2024, 6, 30)) not in by
    assert by[("Revenue › Total net revenue", date(2024, 6, 30))].value == 376
    assert by[("Operating expenses › Product development", date(2024, 3, 31))].value == 50
    # dashes for none at a row's ends keep its figures in their columns
    assert by[("Special dividend", date(2024, 6, 30))].value == -32
    assert ("Special dividend", date(2024, 12, 31)) not in by
    # the heading closing a chunk heads the next chunk's rows: per share there, its scale and "$" carried on
    eps = by[("Net loss per share › Basic", date(2024, 9, 30))]
    assert (eps.value, eps.unit, eps.scale) == (-0.09, "USD/share", "units")
    shares = by[("Weighted-average shares used to compute net loss per share › Basic", date(2024, 12, 31))]
    assert (shares.value, shares.unit, shares.scale) == (356, "count", "thousands")


def test_a_wide_header_heads_nothing_after_prose_or_another_width():
    # prose between the header and the rows: not its rows
    assert _wide([WIDE_HEADER, "Revenue grew on higher volumes.", WIDE_ROWS]) == {}
    # rows of another width than its five dates
    assert _wide([WIDE_HEADER, "Service revenue $ 400 $ 380\n\nHardware revenue 20 18"]) == {}
    # two pairs that do not overlap into one run of dates (the same date twice): no header
    assert _wide(["**Dec. 31,** **Dec. 31,**\n\n**2024** **2023**\n\n**Dec. 31,** **Dec. 31,**\n\n**2024** **2023**",
                  WIDE_ROWS]) == {}

"""Tables whose header the PDF parser took apart (graph/textrows.py, graph/cells.py): the years of an annual text
table lost to a heading, a table's title run into its units in the header's first cell. Figures made up."""

from __future__ import annotations

from datetime import date

from finchat.graph.cells import table_cells
from finchat.graph.textrows import text_cells

CHANNELS = ("**(decrease)** **% Change**\n\nNet revenues by sales channel:\n\nOnline channels (1) $ 4,900 $ 5,700 "
            "$ (800) (14)%\n\nRetail 900 1,100 (200) (18)\n\nOther 600 600 — —\n\n"
            "Total net revenues $ 6,400 $ 7,400 $ (1,000) (14)")


def test_an_annual_text_table_whose_years_became_a_heading():
    """"For the Years Ended December 31," taken for a heading, "2019 2018 Increase/" lost: the amounts are the
    filing's year and the year before, the changes no period's."""
    cells = text_cells(CHANNELS, "The following table details our net revenues by sales channel (amounts in millions):",
                       date(2024, 12, 31), "10-K", {}, None, "Item 7 > For the Years Ended December 31,")
    by = {(c.row_path, c.as_of): c for c in cells}
    retail = by[("Net revenues by sales channel › Retail", date(2024, 12, 31))]
    assert (retail.value, retail.duration, retail.scale, retail.unit) == (900, "12M", "millions", "USD")
    assert by[("Net revenues by sales channel › Retail", date(2023, 12, 31))].value == 1100
    assert {c.as_of for c in cells if c.as_of} == {date(2024, 12, 31), date(2023, 12, 31)}
    assert not any(c.value in (-200, -18) and c.as_of for c in cells)  # the changes date no column


def test_lost_years_need_the_heading_naming_them_and_an_annual_report():
    # no heading naming years ended: the columns are not dated
    assert text_cells(CHANNELS, "", date(2024, 12, 31), "10-K", {}, None, "Item 7 > Net Revenues by Channel") == []
    # a quarterly report's table is read by its own layout, not as years
    assert not any(c.duration == "12M" for c in text_cells(
        CHANNELS, "", date(2024, 6, 30), "10-Q", {}, 2, "Item 2 > For the Years Ended December 31,"))


def test_a_title_run_into_the_units_of_the_headers_first_cell_names_the_rows():
    cells = table_cells("""| Statement of Income for Guarantor Group (in millions) | |
|---|---|
| For the year ended June 30, | 2024 |
| Net sales - external | $ 1,000 |
| Net sales - to subsidiaries outside the Guarantor Group | 6 |
| Total net sales | $ 1,006 |
""", "Supplemental Guarantor Information")
    total = next(c for c in cells if c.row_label == "Total net sales")
    assert (total.row_path, total.value, total.scale) == (
        "Statement of Income for Guarantor Group › Total net sales", 1006, "millions")

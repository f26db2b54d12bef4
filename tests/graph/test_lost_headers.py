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


#: A change split into its parts under the sentence naming what changed, the header lost (figures made up).
PARTS_INTRO = ("Widget design costs consist of salaries and tooling.\n\nWidget design expenses increased due to the "
               "following:")
PARTS = ("Salaries related to engineering staff and contractors 6 % Cloud tooling 3 Travel, events and other items 1 "
         "Total change 10 %\n\n_Selling Expenses_\n\nSelling expenses consist of commissions.")
#: The same, with its header's years, over two years (figures made up).
PARTS_YEARS = ("**% Change** **% Change**\n\n**2019-2018** **2018-2017**\n\nSalaries related to engineering staff 5% 4% "
               "Cloud tooling 2 (1) Rent — 3 Other items 1 Total change 8% 6%")


def test_a_change_split_into_its_parts_is_points_of_the_change():
    """Each part is the points of the change it added, in percent, of the year the annual report closes; the sentence
    naming what changed is the caption; the text after the rows is left for the other readers."""
    from finchat.graph.changeparts import change_parts

    cells, rest = change_parts(PARTS, PARTS_INTRO, date(2022, 12, 2), "10-K")
    got = {(c.row_label, c.col_label, c.as_of, c.value, c.unit) for c in cells}
    assert got == {("Salaries related to engineering staff and contractors", "% Change 2022-2021", date(2022, 12, 2), 6, "%"),
                   ("Cloud tooling", "% Change 2022-2021", date(2022, 12, 2), 3, "%"),
                   ("Travel, events and other items", "% Change 2022-2021", date(2022, 12, 2), 1, "%"),
                   ("Total change", "% Change 2022-2021", date(2022, 12, 2), 10, "%")}
    assert {c.lead for c in cells} == {"Widget design expenses increased due to the following:"}
    assert rest.startswith("_Selling Expenses_")
    cells, _ = change_parts(PARTS_YEARS, PARTS_INTRO, date(2019, 11, 29), "10-K")
    got = {(c.row_label, c.col_label, c.as_of.year, c.value) for c in cells}
    assert ("Cloud tooling", "% Change 2018-2017", 2018, -1) in got and ("Rent", "% Change 2019-2018", 2019, 0) in got
    assert all(c.unit == "%" and c.duration == "12M" for c in cells)
    # no sentence saying what changed, or no total of the change: no parts
    assert change_parts(PARTS, "Widget design costs consist of salaries.", date(2022, 12, 2), "10-K") == ([], PARTS)
    assert change_parts(PARTS.replace("Total change", "Total"), PARTS_INTRO, date(2022, 12, 2), "10-K")[0] == []


def test_a_header_printed_twice_keeps_its_groups_order():
    """The layout printed "Three months ended … Six months ended …" twice; the span of text read for the header may
    start inside the first copy ("Six months ended … Three months ended … Six months ended"): the quarter's group is
    still first."""
    from finchat.graph.durations import _durations

    twice = "Three months ended June 30, Six months ended June 30, " * 2
    assert _durations(twice) == [3, 6]
    assert _durations(twice[len("Three months ended June 30, "):]) == [3, 6]
    assert _durations("Three Months Ended July 1, 2023 Nine Months Ended July 1, 2023") == [3, 9]


def test_a_header_printing_each_columns_own_date_is_one_header():
    """"Three Months Ended July 1, 2023 Three Months Ended June 25, 2022": the first column's date is no row ending a
    table — the header is read whole (the current quarter first) under the units line above it."""
    text = ("## **Selling and Administrative Expense**\n\n(Dollars in millions)\n\nThree Months Ended July 1, 2023 Three "
            "Months Ended June 25, 2022\n\nDemand creation expense 1,577 1,341\n\nOperating overhead expense 4,396 4,671")
    cells = {(c.row_label, c.as_of): c for c in text_cells(text, "", date(2023, 7, 1), "10-Q", {}, 3)}
    now = cells[("Operating overhead expense", date(2023, 7, 1))]
    assert (now.value, now.scale, now.unit) == (4396, "millions", "USD")
    assert cells[("Operating overhead expense", date(2022, 7, 1))].value == 4671


#: A group header the layout parser cut at a column boundary: "U" | ".S." over the U.S. columns (figures made up).
GEOGRAPHY = """| | Worldwide | | U | .S. | International | |
|---|---|---|---|---|---|---|
| (MILLIONS) | July 2, 2023 | July 3, 2022 | July 2, 2023 | July 3, 2022 | July 2, 2023 | July 3, 2022 |
| Total revenues | $ 1,200 | $ 2,400 | $ 600 | $ 1,100 | $ 600 | $ 1,300 |
"""


def test_a_group_name_cut_before_its_periods_is_put_back():
    cells = table_cells(GEOGRAPHY, "Revenues by Geography Three Months Ended",
                        filing_period=(date(2023, 7, 2), "Q2", 2023))
    us = {c.as_of: c.value for c in cells if "U.S." in c.col_label}
    assert us == {date(2023, 7, 2): 600, date(2022, 7, 3): 1100}


def test_two_years_the_layout_merged_into_one_column_are_split_again():
    """"2022 2021" in one header cell over "$ 15,939 $ 17,363": each year's own column again, dated at its year's end;
    the change column beside them stays undated."""
    cells = table_cells("""The following table provides net debt as of December 31, 2024 and 2023.

|  | December 31, |  |
|---|---|---|
| (Millions) | 2024 2023 | Change |
| Total debt | $ 15,939 $ 17,363 | $ (1,424) |
| Net debt (non-GAAP measure) | $ 12,023 $ 12,571 | $ (548) |""", "", (date(2024, 12, 31), "10-K", 12), None, date(2024, 12, 31))
    by = {(c.row_label, c.as_of): c.value for c in cells}
    assert by[("Net debt (non-GAAP measure)", date(2024, 12, 31))] == 12023
    assert by[("Net debt (non-GAAP measure)", date(2023, 12, 31))] == 12571
    assert by[("Net debt (non-GAAP measure)", None)] == -548
    assert not any(c.value > 20000000 for c in cells)  # ("2024 2023" is no figure)


ACTIVITY = ("(in millions)\n\n(in millions) Fair Value (in millions)\n\nBeginning outstanding balance 7.4 $ 449.94 Awarded "
            "4.3 $ 360.17 Released (2.0) $ 434.79 Forfeited (0.3) $ 447.84 Ending outstanding balance 9.4 $ 411.69\n\n"
            "Expected to vest 8.3 $ 412.63")


def test_shares_then_a_price_under_a_lost_header_are_no_two_periods():
    """A restricted stock unit roll-forward whose header ("Number of Shares | Weighted Average Grant Date Fair Value")
    the parser lost, under "… activity for the six months ended June 2, 2023 was as follows:": each row prints its
    shares, then a price with its "$" — two measures, never this half-year and the one before (4.3 million units
    were stored as money and $360.17 as last year's count)."""
    cells = text_cells(ACTIVITY, "Restricted stock unit activity for the six months ended June 2, 2023 was as follows:",
                       date(2023, 6, 2), "10-Q", {}, 2, "Note 9 > Restricted Stock Units")
    assert not any(c.value == 360.17 for c in cells)
    assert not any(c.value == 4.3 and c.unit == "USD" for c in cells)


def test_a_years_row_whose_first_cell_is_the_units_note_is_the_header():
    """"| _(Millions, except percentages)_ | 2022 | 2021 | 2020 | 2022 vs. 2 | 021 |" under "Years Ended December 31,":
    the years' row (its first cell a units note, its comparisons cut by the layout) is the header, so the rows under it
    are dated and keep their heading — and the note names no rows."""
    cells = table_cells("""**TABLE 15: WIDGET SEGMENT SELECTED DATA**

| Years Ended December 31, |  |  |  | Change |  |
|---|---|---|---|---|---|
| _(Millions, except percentages and where indicated)_ | 2022 | 2021 | 2020 | 2022 vs. 2 | 021 |
| Revenues |  |  |  |  |  |
| Non-interest revenues | $ 6,100 | $ 5,000 | $ 4,200 | $ 1,100 | 22% |
| Network volumes_(billions)_ | 1,552.8 | 1,284.2 | 1,037.8 | $ 269 | 21 |
""")
    by = {(c.row_path, c.as_of): c for c in cells}
    volumes = by[("Revenues › Network volumes(billions)", date(2021, 12, 31))]
    assert (volumes.value, volumes.duration, volumes.scale) == (1284.2, "12M", "billions")
    assert by[("Revenues › Non-interest revenues", date(2022, 12, 31))].value == 6100
    assert not any("Millions" in c.row_path for c in cells)


def test_each_measures_name_over_its_run_of_years_though_the_layout_cut_it_into_another_column():
    """"| | Year | Revenues Ended December 31, | | Year | Earnings Ended Decemb (a) | er 31, |" over "2021 | 2020 | 2021 |
    2020": each run of years is one measure's, named from whichever of its columns holds the name — a segment's
    earnings are told from its revenues. A name cut into pieces ("Deprec Yeariation and Amor") names none."""
    cells = table_cells("""| | Year | Revenues Ended December 31, | Year | Earnings Ended Decemb (a) | Deprec Yeariation and Amor | tization er 31, |
|---|---|---|---|---|---|---|
| (MILLIONS OF DOLLARS) | 2021 | 2020 | 2021 | 2020 | 2021 | 2020 |
| Widgets | $ 900 | $ 800 | $ 400 | $ 300 | $ 20 | $ 10 |
""")
    by = {(c.col_label.split()[0], c.as_of): c.value for c in cells}
    assert by[("Revenues", date(2021, 12, 31))] == 900 and by[("Revenues", date(2020, 12, 31))] == 800
    assert by[("Earnings", date(2021, 12, 31))] == 400 and by[("Earnings", date(2020, 12, 31))] == 300
    assert not any(c.value in (20, 10) and " — " in c.col_label for c in cells)


def test_a_run_of_periods_named_by_its_length_or_change_gets_no_measures_name():
    """"Three months ended June 30, | | Six months ended June 30," over "2022 | 2021 | 2022 | 2021": the runs are the
    periods' lengths, no measure's — no cell is named "Three" or "Change"."""
    cells = table_cells("""| | Three months ended June 30, | | Change | Six months ended June 30, | | Change |
|---|---|---|---|---|---|---|
| (in millions, except ratios) | 2022 | 2021 | % | 2022 | 2021 | % |
| Net interest income | $ 3,153 | $ 2,700 | 17% | $ 6,100 | $ 5,300 | 15% |
""")
    assert cells and not any(" — " in c.col_label for c in cells), [c.col_label for c in cells]

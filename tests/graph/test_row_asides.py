"""A text table's row label ending in an aside that prints dates and numbers ("Idaho (effective July 1, 2024)"), a
row ending on a dash for none, and a table's own units over a units word of a row above it (graph/textrows.py,
graph/rowlabels.py). Figures made up."""

from __future__ import annotations

from datetime import date

from finchat.graph.textrows import text_cells

SURCHARGES = ("**(In millions)** **2024** **2023** **2022** Surcharges by state: Ohio (a) $ 12 $ 14 $ 6 Utah (b) 27 11 — "
              "Idaho (effective July 1, 2024) 1 — — Maine (effective January 1, 2024, September 1, 2023 and April 10, "
              "2022) 2 1 1\n\nTotal surcharges $ 42 $ 26 $ 7")
LEAD = ("Presented in the table below are annualized incremental revenues resulting from surcharges that became "
        "effective during 2022 through 2024:")


def _cells() -> dict[tuple[str, date | None], float]:
    cells = text_cells(SURCHARGES, LEAD, date(2024, 12, 31), "10-K", {}, None, "Note 4: Regulatory Matters")
    return {(c.row_path, c.as_of): c.value for c in cells}


def test_an_aside_printing_a_date_is_the_labels_not_a_figure():
    by = _cells()
    assert by[("Surcharges by state › Idaho (effective July 1, 2024)", date(2024, 12, 31))] == 1
    # (no figure is the aside's day or year)
    assert not any(v in (2024, -2024, 2023, 2022) for v in by.values())


def test_a_long_aside_keeps_the_name_it_follows():
    maine = "Surcharges by state › Maine (effective January 1, 2024, September 1, 2023 and April 10, 2022)"
    assert [by_year for (path, _), by_year in sorted(_cells().items(), key=lambda x: str(x[0][1]))
            if path == maine] == [1, 1, 2]


def test_a_row_ending_on_a_dash_is_read_with_the_next_row_apart():
    by = _cells()
    assert (by[("Surcharges by state › Utah", date(2024, 12, 31))],
            by[("Surcharges by state › Utah", date(2023, 12, 31))]) == (27, 11)
    assert by[("Surcharges by state › Total surcharges", date(2022, 12, 31))] == 7



def test_a_tables_own_units_over_a_row_of_a_table_before():
    """The chunk's own "(Dollars in millions)" scales its rows; the "(billions)" of a row two tables before, still in
    the text above it, is that row's."""
    from finchat.graph.textcells import text_table_rows

    stats = ("(Dollars in millions)\n\nThree Months Ended July 1, 2023 Three Months Ended June 25, 2022\n\n"
             "Average Card Member spending (dollars) 19,519 16,689\n\nTotal segment assets (billions) 36.9 32.6")
    shares = ("(Dollars in millions)\n\nDiluted earnings per common share:\n\nThree months ended July 1, 2023 Three "
              "months ended June 25, 2022\n\nWeighted average shares of common stock outstanding 1,221 1,219\n\n"
              "Effect of equity awards 3 2\n\nWeighted average shares of common stock outstanding, including dilutive "
              "effect 1,224 1,221")
    disposal = ("(Dollars in millions)\n\nThirteen Weeks Ended July 1, 2023 Thirteen Weeks Ended June 25, 2022\n\n"
                "Gain on disposal of Widget business, net 215 190\n\nRestructuring and related expenses (107) (12)")
    chunks = [(1, "text", "Item 2 > TABLE 14: ICS SELECTED STATISTICAL INFORMATION", stats, 8),
              (2, "text", "Note 21. Earnings Per Share", shares, 9), (3, "text", "Note 4 - Restructuring", disposal, 10)]
    gain = [c for _, _, _, c in text_table_rows(chunks, date(2023, 7, 1), "10-Q", 3) if c.row_path.startswith("Gain")]
    assert gain and {(c.scale, c.unit) for c in gain} == {("millions", "USD")}, gain


def test_a_labels_day_before_its_first_dollar_is_the_labels():
    """"Gross unrecognized tax benefits at January 1 $ 18,588 $ 14,026 $ 13,724": the day ends the label, the row has
    the table's three figures (read as four, its width matched no other row's and the row was lost)."""
    text = ("Year Ended December 31, 2018 2017 2016\n\n(In thousands)\n\nGross unrecognized tax benefits at January 1 "
            "$ 18,588 $ 14,026 $ 13,724 Gross decreases - prior period tax positions (957) (2,280) (3,375) Gross "
            "unrecognized tax benefits at December 31 $ 24,464 $ 18,588 $ 14,026")
    cells = text_cells(text, "A reconciliation of gross unrecognized tax benefits is as follows:", date(2018, 12, 31),
                       "10-K")
    opening = {c.as_of.year: c.printed for c in cells if c.row_path == "Gross unrecognized tax benefits at January 1"}
    closing = {c.as_of.year: c.printed for c in cells if c.row_path == "Gross unrecognized tax benefits at December 31"}
    assert opening == {2018: "18,588", 2017: "14,026", 2016: "13,724"}, [c.row_path for c in cells]
    assert closing == {2018: "24,464", 2017: "18,588", 2016: "14,026"}


def test_a_labels_day_and_year_are_the_labels():
    """"Balance at December 31, 2019 1,204 986": the label's date, never the figures "31," and "2019" before the
    row's two (read as four, the row's width matched no other row's and a balance was lost)."""
    text = ("Year Ended December 31, 2020 2019\n\n(In millions)\n\nBalance at December 31, 2019 $ 1,204 $ 986 "
            "Additions 310 402 Reductions (95) (184) Balance at December 31, 2020 $ 1,419 $ 1,204")
    cells = text_cells(text, "Presented in the table below is the activity of the reserve:", date(2020, 12, 31), "10-K")
    by_row = {}
    for c in cells:
        by_row.setdefault(c.row_path, {})[c.as_of.year] = c.printed
    assert by_row.get("Balance at December 31, 2020") == {2020: "1,419", 2019: "1,204"}, by_row
    assert by_row.get("Additions") == {2020: "310", 2019: "402"}, by_row
    assert not any(p.endswith(",") for row in by_row.values() for p in row.values()), by_row


def test_a_count_printed_in_capitals_is_a_count():
    """"DILUTED WEIGHTED AVERAGE COMMON SHARES OUTSTANDING 1,609.4" under "(In millions, except per share data)":
    shares, in millions (a label in capitals was read as a name whose count word is no count, and stored dollars);
    "TOTAL ACCOUNTS RECEIVABLE, NET" stays money."""
    from finchat.graph.rowunits import counted

    assert counted("DILUTED WEIGHTED AVERAGE COMMON SHARES OUTSTANDING")
    assert counted("Diluted weighted average common shares outstanding")
    assert not counted("TOTAL ACCOUNTS RECEIVABLE, NET")
    text = ("YEAR ENDED MAY 31, (In millions, except per share data) 2021 2020 2019 Net income available to common "
            "stockholders $ 5,727 $ 2,539 $ 4,029 Determination of shares:\n\nWeighted average common shares "
            "outstanding 1,573.0 1,558.8 1,579.7 Assumed conversion of dilutive stock options and awards 36.4 32.8 38.7 "
            "**DILUTED WEIGHTED AVERAGE COMMON SHARES OUTSTANDING** **1,609.4** **1,591.6** **1,618.4**")
    cells = text_cells(text, "The following is a reconciliation from basic earnings per common share:",
                       date(2021, 5, 31), "10-K")
    diluted = [c for c in cells if c.row_label.startswith("DILUTED WEIGHTED")]
    assert diluted and {(c.unit, c.scale) for c in diluted} == {("count", "millions")}, diluted


def test_a_range_of_useful_lives_is_the_labels():
    """"Central office and other network equipment 3 to 15 162,001 153,240": the lives' range "3 to 15" is the label's;
    the row's two figures are the two years' (read as three, "15" the first, every figure a year off)."""
    text = ("At December 31, 2022 2021\n\n(dollars in millions) Lives (years)\n\nLand $ 719 $ 726 Buildings and equipment "
            "7 to 45 33,311 32,097 Central office and other network equipment 3 to 15 162,001 153,240 Total $ 196,031 $ "
            "186,063")
    cells = text_cells(text, "Property, plant and equipment, net, is summarized as follows:", date(2022, 12, 31), "10-K")
    central = {c.as_of.year: c.printed for c in cells if c.row_label.startswith("Central office")}
    assert central == {2022: "162,001", 2021: "153,240"}, [(c.row_label, c.as_of, c.printed) for c in cells]

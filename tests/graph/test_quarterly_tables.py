"""An annual report's quarterly data tables read as text (graph/textrows.py, graph/durations.py): each quarter's
column dated at its quarter's end within the fiscal year, three months long — never taken for the year. Figures made
up."""

from __future__ import annotations

from datetime import date

from finchat.graph.textrows import text_cells

#: Quarters over the two years compared, a fiscal year ending May 31.
OVER_YEARS = ("**(UNAUDITED)** **1ST QUARTER** **2ND QUARTER** **3RD QUARTER** **4TH QUARTER** _(In millions, except "
              "per share data)_ **2024** **2023** **2024** **2023** **2024** **2023** **2024** **2023** Revenues $ 9,948 "
              "$ 9,070 $ 9,374 $ 8,554 $ 9,611 $ 8,984 $ 10,184 $ 9,789 Gross profit 4,397 3,962 4,105 3,678 4,339 3,938 "
              "4,633 4,378")
#: One table per year, the years only in the sentence introducing them (their headings lost to the text layer), the
#: last quarter's name run into the first row's label.
EACH_YEAR = ("Presented in the tables below are supplemental, unaudited, consolidated, quarterly financial data for each "
             "of the four quarters in the years ended December 31, 2024 and 2023, respectively. The operating results "
             "for any quarter are not indicative of results for a full year.\n\n"
             "**First Quarter** **Second Quarter** **Third Quarter** **Fourth Quarter** Operating revenues $ 844 $ 931 "
             "$ 1,079 $ 923 Operating income 239 313 433 263\n\n"
             "**First Quarter** **Second Quarter** **Third Quarter** **Fourth Quarter** Operating revenues $ 813 $ 882 "
             "$ 1,013 $ 902 Operating income 238 302 406 224")


def test_each_quarter_over_the_years_compared_is_dated_at_its_quarters_end():
    cells = text_cells(OVER_YEARS, "", date(2024, 5, 31), "10-K", {}, None, "Item 8 > SELECTED QUARTERLY FINANCIAL DATA")
    revenue = {(c.as_of, c.duration): c.value for c in cells if c.row_label == "Revenues"}
    assert revenue == {(date(2023, 8, 31), "3M"): 9948, (date(2022, 8, 31), "3M"): 9070,
                       (date(2023, 11, 30), "3M"): 9374, (date(2022, 11, 30), "3M"): 8554,
                       (date(2024, 2, 29), "3M"): 9611, (date(2023, 2, 28), "3M"): 8984,
                       (date(2024, 5, 31), "3M"): 10184, (date(2023, 5, 31), "3M"): 9789}
    assert not any(c.duration == "12M" for c in cells)


def test_quarterly_tables_take_their_years_from_the_sentence_introducing_them():
    cells = text_cells(EACH_YEAR, "", date(2024, 12, 31), "10-K", {}, None, "Item 8 > Quarterly Financial Data")
    revenue = {c.as_of: c.value for c in cells if c.row_path == "Operating revenues" and c.duration == "3M"}
    assert revenue == {date(2024, 3, 31): 844, date(2024, 6, 30): 931, date(2024, 9, 30): 1079,
                       date(2024, 12, 31): 923, date(2023, 3, 31): 813, date(2023, 6, 30): 882,
                       date(2023, 9, 30): 1013, date(2023, 12, 31): 902}, [(c.row_path, c.as_of) for c in cells]


def test_a_quarterly_table_of_no_known_year_is_not_read_as_quarters():
    """No year in the header nor a sentence listing the tables' years: its columns are no known quarters."""
    alone = EACH_YEAR.split("\n\n", 1)[1]
    assert not any(c.duration == "3M" and c.value == 1079 for c in text_cells(alone, "", date(2024, 12, 31), "10-K", {},
                                                                               None, "Item 8 > Quarterly Financial Data"))

"""Table cells as data (graph/cells.py) and answers from them (answer/cells.py)."""

from __future__ import annotations

import re
from datetime import date

import pytest

from finchat.graph.cells import table_cells

SEGMENTS = """Segment results (in millions)
| | Three Months Ended | | Six Months Ended | |
|---|---|---|---|---|
| | June 30, 2023 | June 30, 2022 | June 30, 2023 | June 30, 2022 |
| Net sales: | | | | |
| Aeronautics | $ 6,473 | $ 6,138 | 12,742 | 12,539 |
| Space | 3,049 | 2,950 | 6,015 | 5,827 |
| Total net sales | $ 16,693 | $ 15,446 | 31,820 | 30,847 |
| Operating margin | 10.5% | 11.1% | 10.6% | 11.0% |
| Paid memberships at end of period | 79,807 | 72,966 | 79,807 | 72,966 |
"""


def test_cells_carry_path_period_scale_and_unit():
    cells = table_cells(SEGMENTS, "Note 3 – Segments")
    by = {(c.row_path, c.col_label): c for c in cells}
    aero = by[("Net sales › Aeronautics", "Three Months Ended June 30, 2023")]
    assert (aero.value, aero.duration, aero.as_of, aero.scale, aero.unit) == (6473, "3M", date(2023, 6, 30), "millions", "USD")
    assert by[("Net sales › Space", "Six Months Ended June 30, 2022")].value == 5827
    margin = next(c for c in cells if c.row_label == "Operating margin")
    assert (margin.unit, margin.scale, margin.value) == ("%", "units", 10.5)
    members = next(c for c in cells if c.row_label.startswith("Paid memberships"))
    assert members.unit == "count"
    assert len(cells) == 5 * 4


def test_the_headers_first_cell_names_the_rows_and_counted_exceptions_are_units():
    cells = table_cells("""Other Financial and Operating Information (unaudited; in millions, except for aircraft deliveries)
| Backlog | June 25, 2023 | Dec. 31, 2022 |
|---|---|---|
| Aeronautics | $ 58,100 | $ 56,630 |
| Missiles and Fire Control | 34,018 | 28,735 |
""")
    mfc = next(c for c in cells if c.row_label == "Missiles and Fire Control" and c.as_of == date(2023, 6, 25))
    assert (mfc.row_path, mfc.value, mfc.scale, mfc.unit) == ("Backlog › Missiles and Fire Control", 34018, "millions", "USD")
    deliveries = table_cells("""| | Quarters Ended | |
|---|---|---|
| Aircraft Deliveries | June 25, 2023 | June 26, 2022 |
| F-35 | 45 | 35 |
""", "Other Financial and Operating Information (unaudited; in millions, except for aircraft deliveries and weeks)")
    f35 = next(c for c in deliveries if c.as_of == date(2023, 6, 25))
    assert (f35.row_path, f35.value, f35.scale, f35.unit) == ("Aircraft Deliveries › F-35", 45, "units", "count")
    # a header's first cell of units or periods names no rows
    plain = table_cells("""| (In millions) | 2023 | 2022 |
|---|---|---|
| Net sales | 100 | 90 |
""")
    assert {c.row_path for c in plain} == {"Net sales"}
    # money spent on what a row names as counted is money: "… associated with headcount" is no headcount
    costs = table_cells("""Cost of Revenue (dollars in millions)
| | Fiscal 2024 | Fiscal 2023 |
|---|---|---|
| Compensation and related benefits associated with headcount | 12 | 9 |
| Employees at year end | 15,706 | 13,893 |
""")
    by_label = {c.row_label: c for c in costs if c.col_label == "Fiscal 2024"}
    assert (by_label["Compensation and related benefits associated with headcount"].unit,
            by_label["Employees at year end"].unit) == ("USD", "count")


def test_no_values_no_cells():
    assert table_cells("| a | b |\n|---|---|\n| x | y |") == []


RELEASE = """<html><body>
<p>WIDGETCO INC. FORM 10-Q For the quarterly period ended June 30, 2025</p>
<hr style="page-break-after:always"/>
<p><b>Condensed Consolidated Statements of Operations</b></p>
<p>(In millions, except per share data)</p>
<table>
<tr><td></td><td colspan="2">Three Months Ended June 30,</td></tr>
<tr><td></td><td>2025</td><td>2024</td></tr>
<tr><td>Net sales</td><td>$ 1,500</td><td>$ 1,400</td></tr>
<tr><td>Net income</td><td>150</td><td>120</td></tr>
</table>
<hr style="page-break-after:always"/>
<p><b>Note 4 – Segment information</b></p>
<p>The following table presents net sales by reportable segment (in millions):</p>
<table>
<tr><td></td><td colspan="2">Three Months Ended June 30,</td></tr>
<tr><td></td><td>2025</td><td>2024</td></tr>
<tr><td>Net sales:</td><td></td><td></td></tr>
<tr><td>Widgets</td><td>$ 1,200</td><td>$ 1,050</td></tr>
<tr><td>Gadgets</td><td>300</td><td>350</td></tr>
<tr><td>Total net sales</td><td>$ 1,500</td><td>$ 1,400</td></tr>
</table>
<p>Widgetco designs widgets and gadgets for industrial customers in many markets around the world.</p>
</body></html>"""


def _ingest_release(env_db, tmp_path, monkeypatch, html):
    """The database holding only WIDGETCO_2025Q2_10Q, ingested from ``html``."""
    from click.testing import CliRunner

    from finchat.cli import cli
    from tests.conftest import wipe_documents

    wipe_documents(env_db)
    monkeypatch.setenv("FINCHAT_MD_DIR", str(tmp_path / "md"))
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "WIDGETCO_2025Q2_10Q.htm").write_text(html)
    res = CliRunner().invoke(cli, ["ingest", str(folder)])
    assert res.exit_code == 0, res.output


def test_a_segment_question_is_answered_from_its_row(env_db, tmp_path, monkeypatch):
    from click.testing import CliRunner

    from finchat.cli import cli

    _ingest_release(env_db, tmp_path, monkeypatch, RELEASE)
    out = CliRunner().invoke(cli, ["ask", "What were Widgetco's Gadgets net sales in Q2 2025?", "--no-llm"])
    first = out.output.splitlines()[0]
    assert "$300 million [WIDGETCO_2025Q2_10Q p.3]" in first and "$350 million" in first, out.output
    assert "$1,500" not in first  # never the consolidated figure as the segment's
    missing = CliRunner().invoke(cli, ["ask", "What were Widgetco's Sprockets net sales in Q2 2025?", "--no-llm"])
    assert missing.output.startswith("No figure for"), missing.output
    ranked = CliRunner().invoke(cli, ["ask", "Which Widgetco segment grew fastest in Q2 2025?", "--no-llm"])
    assert ranked.output.startswith("Widgets grew the most: Widgets $1,200 million (+14.3%"), ranked.output
    assert "Gadgets $300 million (−14.3%" in ranked.output and "Total" not in ranked.output.splitlines()[0]
    listed = CliRunner().invoke(cli, ["ask", "What were Widgetco's net sales by segment in Q2 2025?", "--no-llm"])
    first = listed.output.splitlines()[0]
    assert "Widgets $1,200 million" in first and "Gadgets $300 million" in first, listed.output


def test_a_table_kept_as_text_is_read_with_its_header():
    from finchat.graph.textrows import text_cells

    lead = "The following table shows information by segment (in millions): **Three Months Ended** **Nine Months Ended**"
    first = "**July 1,** **June 25,** **2023** **2022** Americas: Net sales $ 35,383 $ 37,472 $ 122,445 $ 129,850 " \
            "Operating income $ 13,117 $ 13,914 $ 44,908 $ 48,778 Greater China:"
    second = "Net sales $ 15,758 $ 14,604 $ 57,475 $ 58,730 Operating income $ 6,207 $ 5,760 $ 24,175 $ 25,055"
    carry: dict[str, object] = {}
    cells = text_cells(first, lead, date(2023, 7, 1), "10-Q", carry)
    cells += text_cells(second, first[-240:], date(2023, 7, 1), "10-Q", carry)
    by = {(c.row_path, c.duration, c.as_of): c.value for c in cells}
    assert by[("Americas › Net sales", "3M", date(2023, 7, 1))] == 35383
    assert by[("Americas › Net sales", "9M", date(2023, 7, 1))] == 122445
    # the split chunk keeps its heading and columns
    assert by[("Greater China › Operating income", "3M", date(2023, 7, 1))] == 6207
    assert by[("Greater China › Operating income", "3M", date(2022, 7, 1))] == 5760
    assert all(c.scale == "millions" and c.unit == "USD" for c in cells)
    # prose is no table, and a header of years is no row
    assert text_cells("Revenue increased $311 million and $596 million during the three and six months.", "",
                      date(2023, 7, 1), "10-Q", {}) == []


def test_a_statement_without_its_units_line_takes_the_filings_scale():
    from finchat.graph.consistency import adopt_filing_scale

    facts = [{"metric": "revenue", "value": 7837.0, "scale": "units", "unit": "USD"},
             {"metric": "eps_diluted", "value": 0.21, "scale": "units", "unit": "USD/share"},
             {"metric": "total_assets", "value": 91884.0, "scale": "millions", "unit": "USD"},
             {"metric": "cash", "value": 5_000_000_000.0, "scale": "units", "unit": "USD"}]
    assert adopt_filing_scale(facts) == 1
    assert [f["scale"] for f in facts] == ["millions", "units", "millions", "units"]
    assert adopt_filing_scale([{"value": 5.0, "scale": "units", "unit": "USD"}]) == 0  # nothing to take it from


def test_a_units_line_cut_across_cells_is_read():
    from finchat.graph.facts import extract_facts

    text = ("Consolidated Balance Sheets\n| (dollars in m | illions, except per share amounts) |  |\n|---|---|---|\n"
            "| At December 31, | 2022 | 2021 |\n| Total assets | $ 379,680 | $ 366,596 |\n"
            "| Total liabilities | 288,000 | 283,000 |\n")
    facts = [f for f in extract_facts(text, "Consolidated Balance Sheets") if f.metric == "total_assets"]
    assert facts and all(f.scale == "millions" for f in facts)


def test_comparison_columns_footnotes_and_per_unit_rows_of_a_text_table():
    from finchat.graph.textrows import text_cells

    lead = "The following table presents key metrics (in millions, except percentages and per-order amounts):"
    text = ("**Three Months Ended** **June 30,** **% Change** **Six Months Ended** **June 30,** **% Change**\n"
            "**2025** **2024** **As Reported** **FX-Neutral** **2025** **2024** **As Reported** **FX-Neutral**\n"
            "Net revenues (1) $ 1,210 $ 1,100 10 % 9 % $ 2,400 $ 2,150 12 % 11 %\n"
            "Order volume $ 9,050 $ 9,300 (3) % (2) % $ 18,000 $ 18,400 (2) % (1)%\n"
            "Fee rate (2) 13.37 % 11.83 % 1.54 % 13.33 % 11.68 % 1.65 %\n"
            "Revenue per order $ 4.12 $ 3.95 4 % 4 % $ 4.10 $ 3.90 5 % 5 %\n"
            "Active buyers 41 40 3 % 3 % 41 40 3 % 3 %\n")
    cells = text_cells(text, lead, date(2025, 6, 30), "10-Q", {})
    by = {(c.row_label, c.duration, c.as_of): c for c in cells}
    # the periods are the header's two years; the change columns are no periods
    assert by[("Net revenues", "3M", date(2025, 6, 30))].value == 1210
    assert by[("Net revenues", "3M", date(2024, 6, 30))].value == 1100
    assert by[("Net revenues", "6M", date(2025, 6, 30))].value == 2400  # the footnote mark is no column
    assert by[("Order volume", "6M", date(2024, 6, 30))].value == 18400
    assert by[("Fee rate", "3M", date(2025, 6, 30))].unit == "%" and by[("Fee rate", "3M", date(2025, 6, 30))].value == 13.37
    assert by[("Fee rate", "6M", date(2025, 6, 30))].value == 13.33  # a row of three columns a period group
    per_order = by[("Revenue per order", "3M", date(2025, 6, 30))]
    assert (per_order.value, per_order.scale, per_order.unit) == (4.12, "units", "USD")
    assert by[("Active buyers", "3M", date(2025, 6, 30))].unit == "count"
    assert {c.as_of.year for c in cells if c.as_of} == {2024, 2025}  # no third "year" from a change column
    assert not any(c.value in (10, 9, -3, 1.54) for c in cells)


def test_a_text_table_whose_header_became_headings_reads_as_the_10q_layout():
    from finchat.graph.textcells import text_table_rows as _text_table_rows

    chunks = [(1, "text", "NOTE 9 — SEGMENTS", "The following tables present segment information:", 20),
              (2, "text", "NOTE 9 — SEGMENTS > (In thousands)",
               ("Widgets $ 500 $ 400 $ 1,000 $ 800\nGadgets 300 200 600 400\n\n800 600 1,600 1,200\n\n"
                "Services Group\n\nConsulting 90 80 180 160\nSupport 10 20 20 40\n\n100 100 200 200"), 21),
              (3, "text", "REGIONS > North Region", ("Three months ended June 30, 2025 as compared to the three "
                                                    "months ended June 30, 2024 **As of/ Three Months Ended** **Change**"), 22),
              (4, "text", "REGIONS > (in thousands, except revenue per member)",
               ("Revenues $ 7,000 $ 6,000 $ 1,000 17 %\nPaid members 700 650 50 8 %\n"
                "Revenue per member $ 10.50 $ 9.75 $ 0.75 8 %\n"), 22)]
    rows = _text_table_rows(chunks, date(2025, 6, 30), "10-Q", 2)
    by = {(c.row_path, c.duration, c.as_of): c for _, _, _, c in rows}
    assert by[("Widgets", "3M", date(2025, 6, 30))].value == 500
    assert by[("Widgets", "6M", date(2024, 6, 30))].value == 800
    assert by[("Widgets", "3M", date(2025, 6, 30))].scale == "thousands"  # the units line the chunker made a heading
    assert by[("Total", "3M", date(2025, 6, 30))].value == 800  # a line of numbers only is the block's total
    assert by[("Services Group › Consulting", "3M", date(2025, 6, 30))].value == 90
    assert by[("Services Group › Total", "6M", date(2025, 6, 30))].value == 200
    # a region's table under its title chunk: the title names its rows; counts and per-member amounts
    assert by[("North Region › Revenues", "3M", date(2025, 6, 30))].value == 7000
    assert by[("North Region › Revenues", "3M", date(2024, 6, 30))].value == 6000
    members = by[("North Region › Paid members", "3M", date(2025, 6, 30))]
    assert (members.unit, members.scale) == ("count", "thousands")
    per = by[("North Region › Revenue per member", "3M", date(2025, 6, 30))]
    assert (per.value, per.scale, per.unit) == (10.5, "units", "USD")
    # a Q1 10-Q's two columns may be dates of a balance sheet: not read without a header
    assert _text_table_rows(chunks[:2], date(2025, 3, 31), "10-Q", 1) == []


def test_headings_the_chunker_took_name_the_rows_under_them():
    from finchat.graph.textcells import text_table_rows as _text_table_rows

    header = ("Results by segment were as follows (in millions): **Quarters Ended** **Six Months Ended** "
              "**June 29,** **June 30,** **2025** **2024** **2025** **2024**")
    sales = ("Alpha **$** **1,500** $ 1,400 **$** **3,000** $ 2,800 Beta **700** 650 **1,400** 1,300 "
             "Total net sales **$** **2,200** $ 2,050 **$** **4,400** $ 4,100")
    profit = "Alpha **$** **150** $ 140 **$** **300** $ 280 Beta **70** 65 **140** 130"
    chunks = [(1, "text", "NOTE 4 > Summary Operating Results", header, 9), (2, "text", "NOTE 4 > Net sales", sales, 9),
              (3, "text", "NOTE 4 > Operating profit", profit, 9)]
    rows = _text_table_rows(chunks, date(2025, 6, 29), "10-Q", 2)
    by = {(c.row_path, c.duration, c.as_of): c for _, _, _, c in rows}
    assert by[("Net sales › Alpha", "3M", date(2025, 6, 29))].value == 1500  # "Quarters Ended" is three months
    assert by[("Net sales › Alpha", "6M", date(2024, 6, 29))].value == 2800
    assert by[("Operating profit › Beta", "3M", date(2025, 6, 29))].value == 70  # not "Net sales › Beta"
    assert all(c.scale == "millions" for _, _, _, c in rows)


def test_a_balance_is_not_read_from_a_cash_flow_change_line():
    from finchat.graph.build import _one_fact_per_period
    from finchat.graph.facts import Fact

    balance = Fact("inventory", 5409.0, "millions", "USD", "February 2, 2019", None, date(2019, 2, 2), "Merchandise inventories")
    change = Fact("inventory", -194.0, "millions", "USD", "2019", "12M", date(2019, 2, 2), "Merchandise inventories")
    total = Fact("total_assets", 93042.0, "millions", "USD", "Q1", "3M", date(2023, 3, 25), "Total Assets")
    kept = _one_fact_per_period([(balance, 1, 52, "balance"), (change, 2, 55, "cashflow"), (total, 3, 7, "cashflow")])
    assert [k[0][0].value for k in kept] == [5409.0, 93042.0]


def test_segments_as_columns_are_not_read_as_periods():
    from finchat.graph.textcells import text_table_rows as _text_table_rows

    text = "Net revenues $ 500 $ 1,000 $ 700 $ 2,200\nOperating income $ 150 $ 400 $ 250 $ 800\nOther 10 20 30 60"
    chunks = [(1, "text", "NOTE 8 > Segment Revenues", text, 17)]
    # four columns whose last is the sum of the others: segments and their total, not two periods' years
    assert _text_table_rows(chunks, date(2025, 6, 30), "10-Q", 2) == []


def test_an_annual_text_table_with_change_columns_and_a_total_cut_off_by_the_chunker():
    from finchat.graph.textrows import text_cells

    first = ("**Major Widget Franchise Sales:**\n**Total** **Operations** **Currency**\n"
             "**(Dollars in Millions)** **2022** **2021** **Change** **Change** **Change** **Gears** **$** **9,690** "
             "**9,812** **(1.2)** **%** **3.8** **%** **(5.0)** **%** Small 4,569 4,622 (1.1) 3.8 (4.9) "
             "Large 5,121 5,190 (1.3) 3.8 (5.1)")
    second = "**(5.4)** **Total Widget Sales** **$** **27,427** **27,060** **1.4** **%** **6.2** **%** **(4.8)** **%**"
    carry: dict[str, object] = {}
    cells = text_cells(first, "", date(2023, 1, 1), "10-K", carry)
    cells += text_cells(second, "", date(2023, 1, 1), "10-K", carry)
    got = {(c.row_label, c.as_of.year): c.value for c in cells}
    # the years are the columns; the three change columns after them are not
    assert got == {("Gears", 2023): 9690, ("Gears", 2022): 9812, ("Small", 2023): 4569, ("Small", 2022): 4622,
                   ("Large", 2023): 5121, ("Large", 2022): 5190, ("Total Widget Sales", 2023): 27427,
                   ("Total Widget Sales", 2022): 27060}
    assert {c.scale for c in cells} == {"millions"} and {c.duration for c in cells} == {"12M"}
    # one row alone, with no table before it, is no table
    assert text_cells(second, "", date(2023, 1, 1), "10-K", {}) == []


def test_week_counts_spelled_out_are_the_quarter_and_the_year_to_date():
    from finchat.graph.textrows import text_cells

    text = ("Thirteen weeks ended Thirty-nine weeks ended October 29, October 30, October 29, October 30, "
            "($ in millions) 2022 2021 2022 2021 Stores\nSales $ 1,818 $ 1,756 $ 5,310 $ 5,193\n"
            "% of total sales 83.7 % 80.2 % 82.8 % 78.5 %")
    cells = {(c.row_label, c.duration, c.as_of.year): c.value for c in text_cells(text, "", date(2022, 10, 29), "10-Q")}
    # "nine weeks" inside "Thirty-nine weeks" is not a third period
    assert cells[("Sales", "3M", 2022)] == 1818 and cells[("Sales", "9M", 2022)] == 5310
    assert cells[("of total sales", "9M", 2022)] == 82.8


def test_a_column_of_words_beside_the_dates_leaves_them_the_periods():
    table = """Significant Product Revenues
| (MILLIONS) | | Three Months Ended | | Six Months Ended | |
|---|---|---|---|---|---|
| PRODUCT | PRIMARY INDICATION OR CLASS | July 2, 2023 | July 3, 2022 | July 2, 2023 | July 3, 2022 |
| TOTAL REVENUES | | $ 12,734 | $ 27,742 | $ 31,015 | $ 53,402 |
| Paxlovid | COVID-19 in certain high-risk patients | 143 | 8,115 | 4,212 | 9,585 |
"""
    cells = {(c.row_label, c.duration, c.as_of): c for c in table_cells(table)}
    got = cells[("Paxlovid", "3M", date(2023, 7, 2))]
    assert got.value == 143 and got.scale == "millions"
    assert cells[("Paxlovid", "6M", date(2022, 7, 3))].value == 9585


def test_a_dated_header_is_no_row_and_a_parenthesised_heading_names_its_rows():
    from finchat.graph.textrows import text_cells

    text = """_(Dollars in millions)_ Years ended December 31, **2022** 2021 2020

Revenues:

Commercial Airplanes **$25,867** $19,493 $16,162

Global Services **17,611** 16,328 15,543

(Loss)/earnings from operations:

Commercial Airplanes **($2,370)** ($6,475) ($13,847)

Global Services **2,727** 2,017 450
"""
    cells = [c for c in text_cells(text, "", date(2022, 12, 31), "10-K", {}) if c.as_of == date(2022, 12, 31)]
    by = {c.row_path: c for c in cells}
    assert (by["Revenues › Commercial Airplanes"].value, by["Revenues › Commercial Airplanes"].scale) == (25867, "millions")
    assert by["(Loss)/earnings from operations › Commercial Airplanes"].value == -2370


def test_a_row_labels_own_units_hold_for_the_rows_after_it():
    from finchat.graph.textrows import text_cells

    text = """Table of Contents

**TABLE 5: SELECTED CARD-RELATED STATISTICAL INFORMATION**

Change Change
Years Ended December 31, **2022** 2021 2020 2022 vs. 2021 2021 vs. 2020

Network volumes _(billions)_ **$** **1,552.8** $ 1,284.2 $ 1,037.8 21 % 24 %
Billed business **$** **1,338.3** $ 1,089.8 $ 870.7 23 25
Cards-in-force _(millions)_ **133.3** 121.7 112.0 10 9
Proprietary cards-in-force **76.7** 71.4 68.9 7 4
Average fee per card _(dollars)_ (a) **$** **82** $ 74 $ 67 11 % 10 %
"""
    got = {c.row_path: (c.value, c.scale, c.unit) for c in text_cells(text, "", date(2022, 12, 31), "10-K", {})
           if c.as_of == date(2022, 12, 31)}
    assert got["Billed business"] == (1338.3, "billions", "USD")
    assert got["Cards-in-force (millions)"] == (133.3, "millions", "count")
    assert got["Proprietary cards-in-force"] == (76.7, "millions", "count")
    assert got["Average fee per card (dollars) (a)"] == (82, "units", "USD")
    cells = table_cells("""| (Millions) | 2022 | 2021 |
|---|---|---|
| Network volumes (billions) | $ 1,552.8 | $ 1,284.2 |
| Billed business | 1,338.3 | 1,089.8 |
| Cards-in-force (millions) | 133.3 | 121.7 |
""")
    by = {c.row_label: c for c in cells}
    assert (by["Billed business"].scale, by["Billed business"].unit) == ("billions", "USD")
    assert (by["Cards-in-force (millions)"].scale, by["Cards-in-force (millions)"].unit) == ("millions", "count")


def test_column_groups_named_above_the_years_are_segments():
    """A text table whose column groups are segments ("Retail Banking ¦ Markets & Advisory", the parser's
    boundary between underlined names), each "2025 2024 Change"; footnote marks after figures skipped."""
    from finchat.graph.textrows import text_cells

    text = """Three months ended June 30, Retail Banking ¦ Markets & Advisory ¦ Business Lending
(in millions, except ratios) **2025** 2024 Change **2025** 2024 Change **2025** 2024 Change
Total net revenue **$ 11,200** $ 9,800 (a) 14 % **$ 8,400** $ 8,100 (a) 4 % **$** **2,900** $ 2,100 38 %
Net income/(loss) **3,700** 2,600 (a) 42 **2,800** 2,500 (a) 12 **1,100** 800 38
"""
    got = {(c.row_path, c.as_of): c.value for c in text_cells(text, "", date(2025, 6, 30), "10-Q", {}, 2)}
    assert got[("Markets & Advisory › Net income/(loss)", date(2025, 6, 30))] == 2800
    assert got[("Business Lending › Total net revenue", date(2025, 6, 30))] == 2900
    assert got[("Retail Banking › Net income/(loss)", date(2024, 6, 30))] == 2600
    assert len(got) == 12


def test_underlined_names_side_by_side_keep_their_boundary():
    from finchat.ingest.parse import clean_markdown

    md = ("Three months ended June 30, <u>Retail Banking</u> <u>Markets & Advisory</u>\n"
          "<u><mark>(in millions)</mark></u> **<u><mark>2025</mark></u>** <u><mark>2024</mark></u> <u>3,166</u> <u>2,825</u>")
    assert clean_markdown(md) == ("Three months ended June 30, Retail Banking ¦ Markets & Advisory\n"
                                  "(in millions) **2025** 2024 3,166 2,825")


def test_a_releases_quarter_table_with_comparison_columns_and_dashes():
    """"Q2 … 2025 2024 Reported Operational Currency": the quarter, this year then the last; a dash for none."""
    from finchat.graph.textrows import text_cells

    text = """**SEGMENT SALES RESULTS**

**Q2** **% Change**

**Adjusted**
**($ in Millions)** **2025** **2024** **Reported** **Operational** <sup>**1,2**</sup> **Currency**
**Operational** <sup>**1,3**</sup>

U.S. $9,100 $8,600 5.8% 5.8 - 4.1

Devices 5,150 4,700 9.6 11.0 (1.4) 7.2

Worldwide $17,400 $16,300 6.7% 7.5 (0.8) 6.0
"""
    cells = text_cells(text, "", date(2025, 6, 29), "EARNINGS", {}, 2)
    got = {(c.row_path, c.as_of): (c.value, c.scale) for c in cells if " — " not in c.col_label}
    # (and the changes the header names, each of the quarter: "Operational change")
    assert {c.col_label.split(" — ")[0]: c.value for c in cells if c.row_label == "Devices" and c.unit == "%"} == \
        {"Reported change": 9.6, "Operational change": 11.0, "Currency change": -1.4}
    assert got[("SEGMENT SALES RESULTS › Devices", date(2025, 6, 29))] == (5150, "millions")
    assert got[("SEGMENT SALES RESULTS › U.S.", date(2025, 6, 29))] == (9100, "millions")
    assert got[("SEGMENT SALES RESULTS › U.S.", date(2024, 6, 29))] == (8600, "millions")
    assert len(got) == 6


def test_column_groups_of_different_measures_over_the_same_periods():
    """"**Revenue Mix** **Comparable Sales**" over two dated columns each: the group names the measure."""
    from finchat.graph.textrows import text_cells

    text = """Segment revenue mix percentages and comparable sales percentage changes by revenue category were as follows:

**Revenue Mix** **Comparable Sales**
**Three Months Ended** **Three Months Ended**
**July 26, 2025** **July 27, 2024** **July 26, 2025** **July 27, 2024**
Computing 41 % 42 % (6.1)% (15.0)%
Gaming 6 % 5 % 8.2 % (9.0) %
Total 100 % 100 % (5.5)% (12.0) %
"""
    got = {(c.row_path, c.as_of): c.value for c in text_cells(text, "", date(2025, 7, 26), "10-Q", {}, 2)}
    assert got[("Comparable Sales › Gaming", date(2025, 7, 26))] == 8.2
    assert got[("Revenue Mix › Gaming", date(2025, 7, 26))] == 6
    assert got[("Comparable Sales › Computing", date(2024, 7, 26))] == -15.0


def test_two_periods_each_sliced_across_the_header():
    """"Three m | onths ended Jun | e 30, | Six m | onths ended June | 30," over "2025 | 2024 | Change" twice: the
    quarter's columns and the six months' are told apart, not both read as the quarter."""
    text = """| | Three m | onths ended Jun | e 30, | Six m | onths ended June | 30, |
|---|---|---|---|---|---|---|
| (in millions, except ratios) | **2025** | 2024 | Change | **2025** | 2024 | Change |
| Home Lending | **1,349** | 1,687 | (20) | **2,807** | 2,848 | (1) |
"""
    cells = {(c.duration, c.as_of): c.value for c in table_cells(text, "", (date(2025, 6, 30), "Q2", 2025)) if c.as_of}
    assert cells == {("3M", date(2025, 6, 30)): 1349, ("3M", date(2024, 6, 30)): 1687,
                     ("6M", date(2025, 6, 30)): 2807, ("6M", date(2024, 6, 30)): 2848}


def test_an_annual_header_the_layout_cut_into_pieces():
    """"Yea | r Ended December | 31, | 2025 | vs. 2024 …" above "2025 | 2024 | 2023 | $ | %": the year columns
    are the fiscal years (an annual report's), the change columns no periods."""
    text = """| | | | | | Change | | | |
|---|---|---|---|---|---|---|---|---|
| | Yea | r Ended December | 31, | 2025 | vs. 2024 | 2024 | vs. 2 | 023 |
| _In millions, except percentages_ | 2025 | 2024 | 2023 | $ | % | $ | | % |
| Premiums | $ 85,100 | $ 76,000 | $ 69,300 | $ 9,100 | 12.0 % | $ 6,700 | | 9.7% |
| MBR (Benefit costs as a % of premium revenues) | 84.0 % | 85.0 % | 80.9% | (100) | bps | 410 | bps | |
"""
    cells = table_cells(text, "", (date(2025, 12, 31), "FY", 12), None, date(2025, 12, 31))
    mbr = {c.as_of: c.value for c in cells if c.row_label.startswith("MBR") and c.as_of}
    assert mbr == {date(2025, 12, 31): 84.0, date(2024, 12, 31): 85.0, date(2023, 12, 31): 80.9}
    premiums = next(c for c in cells if c.row_label == "Premiums" and c.as_of == date(2025, 12, 31))
    assert (premiums.value, premiums.duration, premiums.unit) == (85100, "12M", "USD")


def test_an_annual_table_whose_header_the_parser_scrambled():
    """"FISCAL 2021 % CHANGE FISCAL 2022 …" in pieces; each row prints three amounts among changes marked %."""
    from finchat.graph.textrows import text_cells

    text = """**FISCAL** **%**

**2023** **CHANGE**

**FISCAL**
**(1)** **2025**

_(Dollars in millions)_

**FISCAL** **FISCAL**

**2025** **2024**

Footwear $ 30,100 $ 28,000 8 % 10 % $ 26,000 8 % 9 %
Apparel 12,500 12,100 3 % 6 % 11,800 3 % 4 %
Corporate 20 (50) — — 30 — —
"""
    got = {(c.row_path.split(" › ")[-1], c.as_of): c.value for c in text_cells(text, "", date(2025, 5, 31), "10-K", {})}
    assert got[("Apparel", date(2025, 5, 31))] == 12500
    assert got[("Apparel", date(2023, 5, 31))] == 11800
    assert got[("Corporate", date(2024, 5, 31))] == -50
    assert not any(p.startswith("FISCAL") for p, _ in got)


def test_a_one_row_table_beside_its_change_row():
    from finchat.graph.textrows import text_cells

    text = ("**Thirteen weeks ended** **Thirty-nine weeks ended** **October 25,** **October 26,** **October 25,** "
            "**October 26,** ($ in millions) **2025** **2024** **2025** **2024** Corporate expense **$** **41** $ 33 "
            "**$** **112** $ 95 $ Change **$** **8** **$** **17**")
    got = {(c.row_path, c.duration, c.as_of): c.value for c in text_cells(text, "", date(2025, 10, 25), "10-Q", {}, 3)}
    assert got == {("Corporate expense", "3M", date(2025, 10, 25)): 41, ("Corporate expense", "3M", date(2024, 10, 25)): 33,
                   ("Corporate expense", "9M", date(2025, 10, 25)): 112, ("Corporate expense", "9M", date(2024, 10, 25)): 95}


def test_a_superscript_dollar_sign_and_footnote_marks():
    from finchat.graph.textrows import text_cells

    text = ("**Three Months Ended** **Six Months Ended** **July 26, 2025** **July 27, 2024** **July 26, 2025** "
            "**July 27, 2024** International: Computing $ 300 $ 320 $ 610 $ 650 Other <sup>1</sup> 10 18 21 32 "
            "Total International revenue <sup>$</sup> 690 $ 750 <sup>$</sup> 1,350 $ 1,500")
    got = {(c.row_path, c.duration, c.as_of): c.value for c in text_cells(text, "", date(2025, 7, 26), "10-Q", {}, 2)}
    assert got[("International › Total International revenue", "6M", date(2025, 7, 26))] == 1350
    assert got[("International › Other", "3M", date(2025, 7, 26))] == 10


def test_column_groups_run_into_the_units_and_years_on_one_line():
    from finchat.graph.textrows import text_cells

    text = ("Three months ended June 30, Wealth ¦ Corporate ¦ Total (in millions, except ratios) **2025** 2024 Change "
            "**2025** 2024 Change **2025** 2024 Change Total net revenue **$** **4,900** $ 4,300 14 % **$** **3,700** "
            "$ 80 NM **$ 42,400** $ 31,600 34 % Net income/(loss) **1,200** 1,000 20 **2,600** (170) NM "
            "**14,400** 8,600 67")
    got = {(c.row_path, c.as_of): c.value for c in text_cells(text, "", date(2025, 6, 30), "10-Q", {}, 2)}
    assert got[("Corporate › Net income/(loss)", date(2025, 6, 30))] == 2600
    assert got[("Corporate › Net income/(loss)", date(2024, 6, 30))] == -170
    assert got[("Total › Total net revenue", date(2025, 6, 30))] == 42400


def test_a_column_per_segment_then_their_changes():
    """"**Games** **Mobile** **Total** **Games** **Mobile** **Total**" under one dated header: a figure per
    segment, the changes after them skipped; a next block whose header was lost is not read."""
    from finchat.graph.textrows import text_cells

    text = ("**For the Three Months Ended June 30, 2025** **Increase / (decrease)** **Games** **Mobile** **Total** "
            "**Games** **Mobile** **Total**\n\nSegment net revenues $ 570 $ 1,050 $ 1,620 $ 80 $ 650 $ 730\n\n"
            "**Segment operating income** $ 160 $ 400 $ 560 $ 70 $ 310 $ 380")
    carry: dict[str, object] = {}
    got = {(c.row_path, c.as_of): c.value for c in text_cells(text, "", date(2025, 6, 30), "10-Q", carry, 2)}
    assert got == {("Games › Segment net revenues", date(2025, 6, 30)): 570,
                   ("Mobile › Segment net revenues", date(2025, 6, 30)): 1050,
                   ("Total › Segment net revenues", date(2025, 6, 30)): 1620,
                   ("Games › Segment operating income", date(2025, 6, 30)): 160,
                   ("Mobile › Segment operating income", date(2025, 6, 30)): 400,
                   ("Total › Segment operating income", date(2025, 6, 30)): 560}
    assert text_cells("Segment net revenues $ 490 $ 400 $ 890\n\nSegment operating income $ 92 $ 94 $ 186",
                      "", date(2025, 6, 30), "10-Q", carry, 2) == []


def test_an_annual_text_table_printing_its_years_once_per_column_group():
    """"2025 2024 2025 2024" over "With Fuel ¦ Fuel Impact": each group's years, the group over its rows."""
    from finchat.graph.textrows import text_cells

    text = ("**2025** **2024** **2025** **2024**\n\n**With Fuel** **Fuel Impact**\n\n"
            "Northco Stores 2.9% 3.7% 0.0% 0.1%\n\nClub Stores 1.6% 5.4% 0.8% 1.6%\n\n**Total U.S.** 2.7% 4.0% 0.1% 0.4%")
    cells = text_cells(text, "Comparable sales, with the impact of fuel, were as follows:", date(2025, 1, 31), "10-K", {})
    got = {(c.row_path, c.as_of): c.value for c in cells}
    assert got[("With Fuel › Club Stores", date(2025, 1, 31))] == 1.6
    assert got[("With Fuel › Club Stores", date(2024, 1, 31))] == 5.4
    assert got[("Fuel Impact › Total U.S.", date(2025, 1, 31))] == 0.1
    assert {c.unit for c in cells} == {"%"}
    # the same years not repeated ("2025 2024 2023") are no groups: read as before, one group
    assert not any("Fuel Impact" in c.row_path for c in text_cells(
        "**2025** **2024** **2023**\n\nNorthco Stores 2.9% 3.7% 0.1%\n\nClub Stores 1.6% 5.4% 0.8%", "", date(2025, 1, 31),
        "10-K", {}))


def test_an_annual_text_table_of_segment_columns_and_their_total_gives_no_years():
    from finchat.graph.textrows import text_cells

    text = ("(dollars in millions) 2022 Consumer ¦ Business Total\n\nService $ 73,139 $ 1,000 $ 74,139\n\n"
            "Intersegment revenues 203 43 246\n\nTotal Operating Revenues 103,506 31,072 134,578\n\n"
            "Cost of services 17,746 10,483 28,229")
    assert text_cells(text, "", date(2022, 12, 31), "10-K", {}) == []


def test_segments_as_columns_and_periods_as_row_headings():
    """"| | Digital Media | Digital Experience | Total |" over "Three months ended June 2, 2023" and its rows, then
    the year before's block: each figure dated by the heading above it, named by its column."""
    text = """_(dollars in millions)_

| | Media | Experience | Total |
|---|---|---|---|
| Three months ended June 2, 2023 | | | |
| Revenue | $ 3,511 | $ 1,222 | $ 4,733 |
| Gross profit as a percentage of revenue | 96 % | 67 % | 88 % |
| Three months ended June 3, 2022 | | | |
| Revenue | $ 3,200 | $ 1,095 | $ 4,295 |
"""
    got = {(c.row_path, c.as_of): (c.value, c.unit, c.duration) for c in table_cells(text, "", (date(2023, 6, 2), "Q2", 2023))}
    assert got[("Experience › Revenue", date(2023, 6, 2))] == (1222, "USD", "3M")
    assert got[("Experience › Revenue", date(2022, 6, 3))] == (1095, "USD", "3M")
    assert got[("Media › Gross profit as a percentage of revenue", date(2023, 6, 2))] == (96, "%", "3M")


def test_a_roll_forwards_balance_rows_are_dated_by_their_labels():
    """A goodwill roll-forward, segments as columns and no period in the header: "Balance as of May 31, 2020" dates
    that row's figures (each named by its column), the moves between balances stay undated."""
    text = """| In Millions | North America Retail | Pet | Total |
|---|---|---|---|
| Balance as of May 26, 2019 | $ 6,406.5 | $ 5,300.5 | $ 13,995.8 |
| Other activity, primarily foreign currency translation | (2.8) | - | (72.6) |
| Balance as of May 31, 2020 | $ 6,403.7 | $ 5,300.5 | $ 13,923.2 |
"""
    cells = table_cells(text, "The changes in the carrying amount of goodwill are as follows:", (date(2020, 5, 31), "FY", 2020))
    got = {(c.row_path, c.as_of): c.value for c in cells}
    assert got[("Pet › Balance as of May 31, 2020", date(2020, 5, 31))] == 5300.5
    assert got[("Total › Balance as of May 26, 2019", date(2019, 5, 26))] == 13995.8
    assert all(c.as_of is None for c in cells if c.row_label.startswith("Other activity"))


def test_a_header_with_comparison_years_and_a_sentence_before_it():
    """"2025 2024 2023 2025 vs. 2024 2024 vs. 2023": three years, then two comparisons of amount and %; the
    sentence before the table ("… for the year ended December 31, 2024 due to …") is no header."""
    from finchat.graph.textrows import text_cells

    lead = "Our segment had a contribution margin of 36% for the year ended December 31, 2024, due to growth in members."
    text = ("2025 2024 2023 2025 vs. 2024 2024 vs. 2023\n\n(in thousands, except revenue per member and percentages)\n\n"
            "Members at end of period 62,832 44,365 30,024 18,467 42% 14,341 48%\n\n"
            "Paid members at end of period 57,834 41,185 27,438 16,649 40% 13,747 50%")
    got = {(c.row_path, c.as_of): (c.value, c.scale, c.unit) for c in text_cells(text, lead, date(2025, 12, 31), "10-K", {})}
    assert got[("Paid members at end of period", date(2025, 12, 31))] == (57834, "thousands", "count")
    assert got[("Paid members at end of period", date(2023, 12, 31))] == (27438, "thousands", "count")
    assert len(got) == 6  # the comparison columns are no periods


def test_comparisons_dated_year_to_year_before_the_years_date_no_column():
    """"Year Ended December 31, 2025 to 2026 2024 to 2025 / 2026 2025 2024 % Change % Change": the comparisons
    come first, the columns are the years after them, newest first."""
    from finchat.graph.textrows import text_cells

    text = ("**Revenue (in thousands, except for percentages)**\n\n**Year Ended December 31,** **2025 to 2026** "
            "**2024 to 2025**\n\n**2026** **2025** **2024** **% Change** **% Change**\n\n"
            "Subscription revenue 129,351 58,013 12,046 123 % 382%\n\nHardware revenue 44,307 16,377 7,323 171 % 124%")
    got = {(c.row_path, c.as_of): c.value for c in text_cells(text, "", date(2026, 12, 31), "10-K", {})}
    assert got[("Subscription revenue", date(2026, 12, 31))] == 129351
    assert got[("Subscription revenue", date(2024, 12, 31))] == 12046
    assert len(got) == 6


def test_the_years_printed_side_by_side_head_the_columns_not_a_sentence_of_other_years():
    """A sentence before the header in the chunk's own text ("… consolidated … since September 9, 2024.")
    dates no column: the years printed side by side nearest the rows do, newest first."""
    from finchat.graph.textrows import text_cells

    text = ("The Company has consolidated results in All Other since September 9, 2024.\n\n"
            "The following table provides net sales and net loss for All Other (in millions):\n\n"
            "Year ended December 31, % change % change\n**2025** 2024 2023 25 vs. 24 24 vs. 23\n"
            "Segment net sales **$** **1,243** $ 465 $ 230 167% 102%\nSegment net loss **$** **(51)** $ (214) $ (289) 76% 26%")
    got = {(c.row_path.split(" › ")[-1], c.as_of): c.value for c in text_cells(text, "", date(2025, 12, 31), "10-K", {})}
    assert got[("Segment net sales", date(2025, 12, 31))] == 1243
    assert got[("Segment net loss", date(2023, 12, 31))] == -289


def test_rows_of_a_dollar_table_without_their_own_dollar_sign_are_money():
    from finchat.graph.textrows import text_cells

    text = ("Net revenue and operating profit/(loss) of each division are as follows:\n\n"
            "**Net Revenue** **Operating Profit/(Loss)** **2025** 2024 2023 **2025** 2024 2023 "
            "North **$** **23,291** $ 19,608 $ 18,189 **$** **6,135** $ 5,633 $ 5,340 "
            "East **3,160** 2,751 2,742 **(1,380)** 578 669")
    cells = text_cells(text, "", date(2025, 12, 31), "10-K", {})
    east = {c.row_path: c for c in cells if c.as_of == date(2025, 12, 31) and "East" in c.row_path}
    assert {c.unit for c in east.values()} == {"USD"}
    assert sorted(c.value for c in east.values()) == [-1380, 3160]


def test_a_row_the_chunker_cut_is_read_whole():
    from finchat.graph.textcells import _row_tail

    assert _row_tail("LatAm **9,779** 8,108 6,942 **1,627** 1,369 1,033 Europe (b) **12,724** 13,038 11,922") == \
        "Europe (b) **12,724** 13,038 11,922"
    assert _row_tail("Revenue grew in every region this year.") == ""


def test_a_spanning_header_sliced_across_the_year_to_date_columns():
    """"3Q22 … 3Q21 | Nine months e 2022 | nded Sept 30, 2021": quarter codes, then a nine-month phrase the
    layout parser cut across its two year columns."""
    text = """| As of or for the period ended, (in millions, except ratio data) | 3Q22 | 2Q22 | 1Q22 | 4Q21 | 3Q21 | Nine months e 2022 | nded Sept 30, 2021 |
|---|---|---|---|---|---|---|---|
| Selected ratios and metrics |  |  |  |  |  |  |  |
| Return on common equity | 15 % | 13 % | 13 % | 16 % | 18 % | 14 % | 20 % |
"""
    got = {(c.as_of, c.duration): c.value for c in table_cells(text, "", (date(2022, 9, 30), "Q3", 2022))}
    assert got[(date(2022, 9, 30), "3M")] == 15
    assert got[(date(2022, 9, 30), "9M")] == 14
    assert got[(date(2021, 9, 30), "9M")] == 20
    assert got[(date(2021, 9, 30), "3M")] == 18


def test_amounts_beside_their_percent_of_total_and_digits_spaced_out_in_bold():
    """"2020 2019 / Dollars Percent of Total Dollars Total": each year's amount then its share; the bold shares
    of the current year come letter by letter ("**1** **1**" is 11, "**10** **0%**" 100 %)."""
    from finchat.graph.textrows import text_cells

    text = ("2020 2019\n\nIn Millions Dollars Percent of Total Dollars Total\n\n"
            "North America Retail **$** **2,627.0** **7** **5%** $ 2,277.2 72% Convenience Stores & Foodservice "
            "**337.2** **1** **0** 419.5 13 Pet **390.7** **1** **1** 268.4 9 "
            "Total **$** **3,487.4** **10** **0%** $ 3,160.8 100%")
    got = {(c.row_path, c.as_of): (c.value, c.unit) for c in text_cells(text, "", date(2020, 5, 31), "10-K", {})}
    assert got[("Pet", date(2020, 5, 31))] == (390.7, "USD")
    assert got[("Pet", date(2019, 5, 31))] == (268.4, "USD")
    assert got[("Total", date(2020, 5, 31))] == (3487.4, "USD")
    # a segment whose name holds a counted word is money, as the table is
    assert got[("Convenience Stores & Foodservice", date(2020, 5, 31))] == (337.2, "USD")
    assert len(got) == 8


def test_comparison_columns_with_two_digit_years():
    """"2021 2020 2019 21 vs. 20 20 vs. 19" on one line with the rows (Corning's segment net sales)."""
    from finchat.graph.textrows import text_cells

    text = ("The following table presents segment net sales by reportable segment (in millions):\n\n"
            "% % Year ended December 31, change change **2021** 2020 2019 21 vs. 20 20 vs. 19 Display Technologies "
            "**$** **3,700** $ 3,172 $ 3,254 17% (3)% Optical Communications **4,349** 3,563 4,064 22% (12)% "
            "Specialty Materials **2,008** 1,884 1,594 7% 18%")
    got = {(c.row_path, c.as_of): c.value for c in text_cells(text, "", date(2021, 12, 31), "10-K", {})}
    assert got[("Display Technologies", date(2021, 12, 31))] == 3700
    assert got[("Display Technologies", date(2020, 12, 31))] == 3172
    assert got[("Specialty Materials", date(2019, 12, 31))] == 1594
    assert len(got) == 9


def test_segment_columns_dated_by_their_header_not_by_the_comparisons_years():
    """"For the Year Ended December 31, 2019 | Increase / (decrease) 2019 v 2018" over "Activision Blizzard King
    Total" twice, the header in the chunk before: the first four columns are 2019's."""
    from finchat.graph.textrows import text_cells

    lead = ("Information on the reportable segment net revenues and segment operating income are presented below "
            "(amounts in millions):\n\n**For the Year Ended December 31, 2019** **Increase / (decrease) 2019 v 2018**"
            "\n\n**Activision** **Blizzard** **King** **Total** **Activision** **Blizzard** **King** **Total**")
    text = ("Segment net revenues $ 2,219 $ 1,719 $ 2,031 $ 5,969 $ (239) $ (572) $ (55) $ (866)\n\n"
            "**Segment operating income** $ 850 $ 464 $ 740 $ 2,054 $ (161) $ (221) $ (10) $ (392)")
    got = {(c.row_path, c.as_of): c.value for c in text_cells(text, lead, date(2019, 12, 31), "10-K", {})}
    assert got[("Blizzard › Segment net revenues", date(2019, 12, 31))] == 1719
    assert got[("Total › Segment operating income", date(2019, 12, 31))] == 2054
    assert len(got) == 8


def test_segment_columns_under_one_period_sliced_across_them():
    """"YE | AR ENDED MA | Y 31, 2019" over "NORTH AMERICA | … | GREATER CHINA": the period dates every column,
    each column's name heads its rows."""
    text = """|  |  |  | YE | AR ENDED MA | Y 31, 2019 |
|---|---|---|---|---|---|
| _(Dollars in millions)_ | NORTH AMERICA | GREATER CHINA | CONVERSE | CORPORATE | TOTAL NIKE, INC. |
| Revenues by: |  |  |  |  |  |
| Footwear | $ 10,045 | $ 4,262 | $ 1,658 | $ — | 25,880 |
"""
    got = {(c.row_path, c.as_of, c.duration): c.value for c in table_cells(text, "", None, None, date(2019, 5, 31))}
    assert got[("GREATER CHINA › Footwear", date(2019, 5, 31), "12M")] == 4262
    assert got[("TOTAL NIKE, INC. › Footwear", date(2019, 5, 31), "12M")] == 25880


def test_a_parts_heading_names_the_tables_under_it_until_the_company_as_a_whole_returns():
    """Verizon prints its Consumer segment's churn under "Verizon Consumer Group" › "Churn Rate:": the caption
    of such a table gets the part's heading; a consolidated heading, a new Item, another part or pages on end it;
    a heading about something else ("Sale of Homeowner Services Group") names no part."""
    from finchat.graph.partheads import part_headings, with_part

    item7 = "Item 7. Management's Discussion and Analysis"
    chunks = [(1, "text", f"{item7} > Verizon Consumer Group", "Our Consumer segment provides …", 27),
              (2, "text", f"{item7} > Churn Rate:", "Wireless retail postpaid phones 0.71 % 0.67 %", 28),
              (3, "text", f"{item7} > Verizon Business Group", "Our Business segment provides …", 30),
              (4, "text", f"{item7} > Segment Operating Income and EBITDA", "Segment operating income margin 11.1 %", 32),
              (5, "text", f"{item7} > Consolidated Operating Expenses", "Cost of services 1,000", 33),
              (6, "text", f"{item7} > Sale of Homeowner Services Group", "Proceeds 480", 34),
              (7, "text", f"{item7} > Capital Expenditures", "Capital expenditures 2,000", 35),
              (8, "text", f"{item7} > Walmart U.S. Segment", "Net sales 1,000", 40),
              (9, "text", f"{item7} > Comparable sales", "Comparable sales 4.8 %", 45),
              (10, "text", "Item 8. Financial Statements > Walmart U.S. Segment", "Net sales 1,000", 46),
              (11, "text", "Item 8. Financial Statements > Revenue by Segment", "Walmart U.S. 1,000", 46),
              (12, "text", "Item 9. Controls > Controls", "None", 47)]
    got = part_headings(chunks)
    assert got == {1: "Verizon Consumer Group", 2: "Verizon Consumer Group", 3: "Verizon Business Group",
                   4: "Verizon Business Group", 8: "Walmart U.S. Segment", 10: "Walmart U.S. Segment"}
    assert with_part(f"{item7} > Churn Rate:", got[2]) == f"{item7} > Verizon Consumer Group > Churn Rate:"
    assert with_part(f"{item7} > Verizon Consumer Group", got[1]) == f"{item7} > Verizon Consumer Group"


_BEST_BUY = ("**Domestic Segment Performance Summary** **2017** **2016** **2015** Revenue $ 36,248 $ 36,365 $ 36,055 "
             "Revenue % gain (decline) (0.3)% 0.9 % 0.6% Comparable sales % gain <sup>(1)</sup> 0.2 % 0.5 % 1.0% "
             "Gross profit $ 8,650 $ 8,484 $ 8,080 Gross profit as % of revenue 23.9 % 23.3 % 22.4%")
_SUMMARY = "Domestic Segment Performance Summary"
_NIKE = ("(Dollars in millions)\n\nFISCAL FISCAL\n\n2023 2022\n\nSales to Wholesale Customers $ 27,397 $ 25,608 7 % "
         "14 % $ 25,898 -1 % -1 % Sales through NIKE Direct 21,308 18,726 14 % 20 % 16,370 14 % 15 % "
         "**TOTAL NIKE BRAND REVENUES** **$ 48,763 $ 44,436** **10 %** **16 %** **$ 42,293** **5 %** **6 %**")


@pytest.mark.parametrize(("text", "end", "expected"), [
    # Best Buy's segment summary: a "%" inside a label is the label's, not the end of the row before (its rows under
    # the title set bold over its years)
    (_BEST_BUY, date(2017, 1, 28), {(f"{_SUMMARY} › Comparable sales % gain", date(2017, 1, 28)): 0.2,
                                    (f"{_SUMMARY} › Gross profit as % of revenue", date(2016, 1, 28)): 23.3,
                                    (f"{_SUMMARY} › Revenue % gain (decline)", date(2017, 1, 28)): -0.3,
                                    (f"{_SUMMARY} › Revenue", date(2015, 1, 28)): 36055}),
    # Nike's "FISCAL 2023 FISCAL 2022 % CHANGE … FISCAL 2021": the third year's heading lost, its amounts
    # printed after the first comparison columns
    (_NIKE, date(2023, 5, 31), {("Sales through NIKE Direct", date(2023, 5, 31)): 21308,
                                ("Sales through NIKE Direct", date(2021, 5, 31)): 16370,
                                ("TOTAL NIKE BRAND REVENUES", date(2022, 5, 31)): 44436}),
])
def test_labels_holding_a_percent_sign_and_three_years_under_a_header_naming_two(text, end, expected):
    from finchat.graph.textrows import text_cells

    got = {(c.row_path, c.as_of): c.value for c in text_cells(text, "", end, "10-K", {})}
    assert {k: got.get(k) for k in expected} == expected


def test_one_periods_columns_named_by_what_they_measure():
    """American Water's states: "Operating Revenues (in millions) ¦ Number of Customers (in thousands)" over "Water ¦
    Wastewater ¦ Total ¦ % of Total" twice, for the year the sentence before states; the last name running into
    the first row's label is cut from it."""
    from finchat.graph.textrows import text_cells

    lead = ("Presented in the table below is a geographic summary of the Regulated Businesses’ operating revenues and "
            "the number of customers the Company serves, by type of service, for and as of the year ended December "
            "31, 2022:\n\n**Operating Revenues (in millions)** **Number of Customers (in thousands)**")
    text = ("**Water (a)** **Wastewater** **Total** **% of Total** **Water** **Wastewater** **Total** **% of Total** "
            "New Jersey $ 858 $ 51 $ 909 25.9 % 663 59 722 20.9 % Pennsylvania 714 105 819 23.4 % 679 97 776 22.5 % "
            "Missouri 367 16 383 10.9 % 480 22 502 14.6 %")
    got = {(c.row_path, c.col_label.split(" — ")[0]): (c.value, c.scale, c.unit, c.as_of, c.duration)
           for c in text_cells(text, lead, date(2022, 12, 31), "10-K", {})}
    end = date(2022, 12, 31)
    assert got[("New Jersey", "Operating Revenues › Total")] == (909, "millions", "USD", end, "12M")
    assert got[("Pennsylvania", "Operating Revenues › % of Total")] == (23.4, "units", "%", end, "12M")
    assert got[("Pennsylvania", "Number of Customers › Total")] == (776, "thousands", "count", end, "12M")
    assert len(got) == 24
    # another period than the filing's, or no sentence stating one: not read so
    assert not text_cells(text, lead.replace("2022", "2019"), date(2022, 12, 31), "10-K", {})


def test_a_variant_of_the_rows_above_under_its_own_long_heading():
    """Costco: "Increases in comparable sales:" then "… excluding the impact of changes in foreign currency and
    gasoline prices(1):" over the same regions: each block under its own heading; a label with an em dash
    ("Net write-off rate — principal only") is read whole."""
    from finchat.graph.textrows import text_cells

    text = ("**2021** **2020** **2019** Net Sales $ 192,052 $ 163,220 $ 149,351 Increases in comparable sales:\n\n"
            "U.S. 15 % 8 % 8 % Canada 20 % 5 % 2 % Total Company 16 % 8 % 6 % Increases in comparable sales excluding "
            "the impact of changes in foreign\n\ncurrency and gasoline prices(1):\n\nU.S. 14 % 9 % 6 % Canada 12 % 7 % "
            "5 % Total Company 13 % 9 % 6 %")
    got = {c.row_path: c.value for c in text_cells(text, "", date(2021, 8, 29), "10-K", {}) if c.as_of.year == 2021}
    assert got["Increases in comparable sales › Canada"] == 20
    assert got["Increases in comparable sales excluding the impact of changes in foreign currency and gasoline "
               "prices › Canada"] == 12
    text = ("Years Ended December 31, 2022 2021 2020 Net write-off rate — principal only 0.9 % 0.9 % 2.4 % 30+ days "
            "past due as a % of total 1.0 % 0.7 % 1.0 %")
    got = {c.row_path: c.value for c in text_cells(text, "", date(2022, 12, 31), "10-K", {}) if c.as_of.year == 2022}
    assert got == {"Net write-off rate — principal only": 0.9, "days past due as a % of total": 1.0}



def test_columns_named_under_one_date_or_under_each_year():
    """CVS's membership "In thousands ¦ Insured ¦ ASC (1) ¦ Total" as of the date the sentence before states,
    a dash for none; American Water's customers "2021 2020 2019 (In thousands)" over "Water ¦ Wastewater" for
    each year, the last name running into the first row's label."""
    from finchat.graph.textrows import text_cells

    lead = "Health Care Benefits segment medical membership as of December 31, 2018 was as follows:"
    text = ("**_In thousands_** **Insured** **ASC** <sup>**(1)**</sup> **Total**\n\nMedical membership:\n\n"
            "Commercial 3,871 13,888 17,759\n\nMedicare Advantage 1,758  - 1,758\n\n"
            "Total medical membership 7,550 14,551 22,101")
    got = {(c.row_path, c.col_label.split(" — ")[0]): (c.value, c.scale, c.unit, c.as_of, c.duration)
           for c in text_cells(text, lead, date(2018, 12, 31), "10-K", {})}
    assert got[("Total medical membership", "Total")] == (22101, "thousands", "count", date(2018, 12, 31), None)
    assert got[("Medicare Advantage", "Total")][0] == 1758  # "- 1,758" is none, then a figure: no minus
    assert ("Medicare Advantage", "ASC") not in got
    lead = ("Presented in the table below is the number of water and wastewater customers the Company served by "
            "class as of December 31, 2021, 2020 and 2019:")
    text = ("**2021** **2020** **2019** **(In thousands)** **Water** **Wastewater** **Water** **Wastewater** **Water** "
            "**Wastewater** Residential 2,972 245 2,948 236 2,914 215 Commercial 225 15 225 15 222 13")
    got = {(c.row_path, c.col_label.split(" — ")[0], c.as_of): (c.value, c.scale, c.unit)
           for c in text_cells(text, lead, date(2021, 12, 31), "10-K", {})}
    assert got[("Residential", "Water", date(2021, 12, 31))] == (2972, "thousands", "count")
    assert got[("Residential", "Wastewater", date(2020, 12, 31))] == (236, "thousands", "count")
    assert len(got) == 12


def test_a_rows_own_units_and_a_table_with_its_own_header():
    """Block's "(in thousands, except for GPV …)" table: "Gross Payment Volume (GPV) (in millions)" is that
    row's own scale, not the next row's; Boeing's deliveries under their own "Years ended …" header take no
    "(Dollars in millions)" from the table before them."""
    from finchat.graph.textrows import text_cells

    table = """| | Year Ended December 31, | | |
|---|---|---|---|
| | 2020 | 2019 | 2018 |
| | (_in thousands, e_ | _xcept for GPV and_ | _per share data)_ |
| Gross Payment Volume (GPV) (in millions) | $ 112,295 | $ 106,239 | $ 84,654 |
| Adjusted EBITDA | $ 474,071 | $ 416,853 | $ 256,523 |
"""
    got = {c.row_path: (c.value, c.scale, c.unit) for c in table_cells(table, "Key Operating Metrics")
           if c.as_of == date(2020, 12, 31)}
    assert got["Gross Payment Volume (GPV) (in millions)"] == (112295, "millions", "USD")
    assert got["Adjusted EBITDA"] == (474071, "thousands", "USD")
    text = ("Year Ended December 31, 2020 2019 2018 (in thousands, except for GPV and per share data)\n\n"
            "Gross Payment Volume (GPV) (in millions) $ 112,295 $ 106,239 $ 84,654\n\n"
            "Adjusted EBITDA $ 474,071 $ 416,853 $ 256,523")
    got = {c.row_label: (c.value, c.scale, c.unit) for c in text_cells(text, "", date(2020, 12, 31), "10-K", {})
           if c.as_of == date(2020, 12, 31)}
    assert got["Adjusted EBITDA"] == (474071, "thousands", "USD")
    assert [v for k, v in got.items() if k.endswith("(GPV) (in millions)")] == [(112295, "millions", "USD")]
    carry: dict[str, object] = {}
    text_cells("(Dollars in millions)\n\nYears ended December 31, 2018 2017 2016\n\nRevenues **$23,195** $20,561 "
               "$20,180\n\nEarnings from operations **$1,594** $2,193 $1,678", "", date(2018, 12, 31), "10-K", carry)
    got = {c.row_path: (c.value, c.scale, c.unit) for c in text_cells(
        "The following discussions should be viewed in this context.\n\nDeliveries of units for new-build production "
        "aircraft were as follows:\n\nYears ended December 31, **2018** 2017 2016\n\nF/A-18 Models **17** 23 25\n\n"
        "P-8 Models **16** 19 18", "Earnings from operations **$1,594** $2,193 $1,678", date(2018, 12, 31), "10-K",
        carry) if c.as_of == date(2018, 12, 31)}
    assert got["P-8 Models"] == (16, "units", "count")


def test_a_listed_segments_heading_names_its_results_tables():
    """Boeing's "Global Services — Business Environment and Trends", then its "Results of Operations": a heading
    naming a segment the filing lists names the tables under it, through its own results."""
    from finchat.graph.partheads import part_headings

    item7 = "Item 7. Management's Discussion and Analysis"
    chunks = [(1, "text", f"{item7} > Global Services — Business Environment and Trends", "The markets …", 35),
              (2, "text", f"{item7} > Results of Operations", "Operating margins 14.8% 15.4% 15.6%", 36),
              (3, "text", f"{item7} > Liquidity and Capital Resources", "Cash 1,000", 37)]
    assert part_headings(chunks) == {}
    assert part_headings(chunks, ("Commercial Airplanes", "Global Services")) == {1: "Global Services",
                                                                                   2: "Global Services"}


def test_a_listed_segments_title_in_capitals_names_the_flat_headings_after_it():
    """A bank's 10-Q whose headings are all top-level: "CORPORATE & INVESTMENT BANK", then "Selected metrics" — the
    segment's tables, until the next title in capitals ("COMMERCIAL BANKING", "CORPORATE")."""
    from finchat.graph.partheads import part_headings

    chunks = [(1, "text", "CORPORATE & INVESTMENT BANK", "Refer to pages 67-72 …", 23),
              (2, "table", "Selected metrics (part 1 of 2)", "| Headcount | 74,352 | 68,292 |", 24),
              (3, "text", "Quarterly results", "Net income was $4.4 billion …", 24),
              (4, "text", "COMMERCIAL BANKING", "Refer to pages …", 28),
              (5, "table", "Selected metrics (continued)", "| Headcount | 15,000 | 14,000 |", 29),
              (6, "text", "CORPORATE", "Refer to pages …", 33),
              (7, "table", "Selected income statement and balance sheet data", "| Net income | 1 | 2 |", 33)]
    segments = ("Corporate & Investment Bank", "Commercial Banking")
    assert part_headings(chunks, segments) == {1: "CORPORATE & INVESTMENT BANK", 2: "CORPORATE & INVESTMENT BANK",
                                               3: "CORPORATE & INVESTMENT BANK", 4: "COMMERCIAL BANKING",
                                               5: "COMMERCIAL BANKING"}
    assert part_headings(chunks) == {}  # (no segment listed: a title in capitals is no part)


def test_column_groups_named_on_the_headers_own_line():
    """American Water's 2020 layout: the two groups' names in bold on the header's own line, before the names
    they head ("Operating Revenues (in millions) ¦ Number of Customers (in thousands) ¦ Water ¦ Wastewater …"),
    the last name cut short by the first row's label."""
    from finchat.graph.textrows import text_cells

    lead = ("Presented in the table below is a geographic summary of the Regulated Businesses’ operating revenues and "
            "the number of customers the Company serves, by type of service, for and as of the year ended December "
            "31, 2020:")
    text = ("**Operating Revenues (in millions)** **Number of Customers (in thousands)** **Water (a)** **Wastewater** "
            "**Total** **% of Total** **Water** **Wastewater** **Total** **% of Total** New Jersey $ 753 $ 43 $ 796 "
            "24.5 % 657 55 712 20.4 % Illinois 293 32 325 10.0 % 292 68 360 10.3 %")
    got = {(c.row_path, c.col_label.split(" — ")[0]): (c.value, c.scale, c.unit)
           for c in text_cells(text, lead, date(2020, 12, 31), "10-K", {})}
    assert got[("Illinois", "Number of Customers › Wastewater")] == (68, "thousands", "count")
    assert got[("Illinois", "Operating Revenues › Wastewater")] == (32, "millions", "USD")
    assert got[("New Jersey", "Operating Revenues › % of Total")] == (24.5, "units", "%")
    assert len(got) == 16


def test_rows_printed_again_under_one_heading_are_named_by_their_totals():
    """JPMorgan's client segments: the same three rows closed by "Total assets under management", then again by
    "Total client assets(a)": each run named by its total; a table printing each row once is left as it is."""
    text = """Client assets (in billions)
| | June 30, 2022 | June 30, 2021 |
|---|---|---|
| Assets by client segment | | |
| Private Banking | $ 712 | $ 752 |
| Global Funds | 737 | 852 |
| Total assets under management | $ 1,449 | $ 1,604 |
| Private Banking | $ 1,715 | $ 1,755 |
| Global Funds | 744 | 859 |
| Total client assets(a) | $ 2,459 | $ 2,614 |
"""
    got = {(c.row_path, c.as_of.year): c.value for c in table_cells(text, "")}
    assert got[("Assets by client segment › Client assets › Private Banking", 2022)] == 1715
    assert got[("Assets by client segment › Assets under management › Private Banking", 2022)] == 712
    assert got[("Assets by client segment › Total client assets(a)", 2021)] == 2614
    assert {c.row_path for c in table_cells(SEGMENTS, "")} >= {"Net sales › Aeronautics", "Net sales › Space"}


FUNDS = """<html><body>
<p>FUNDCO INC. FORM 10-Q For the quarterly period ended June 30, 2025</p>
<hr style="page-break-after:always"/>
<p><b>Condensed Consolidated Statements of Income</b></p>
<p>(In millions, except per share data)</p>
<table>
<tr><td></td><td colspan="2">Three Months Ended June 30,</td></tr>
<tr><td></td><td>2025</td><td>2024</td></tr>
<tr><td>Total net revenue</td><td>$ 5,100</td><td>$ 4,900</td></tr>
<tr><td>Net income</td><td>1,150</td><td>1,120</td></tr>
</table>
<hr style="page-break-after:always"/>
<p><b>ASSET MANAGEMENT</b></p>
<p>Client assets</p>
<table>
<tr><td>(in billions)</td><td>June 30, 2025</td><td>June 30, 2024</td></tr>
<tr><td>Assets by asset class</td><td></td><td></td></tr>
<tr><td>Liquidity</td><td>$ 654</td><td>$ 698</td></tr>
<tr><td>Equity</td><td>641</td><td>725</td></tr>
<tr><td>Alternatives</td><td>209</td><td>174</td></tr>
<tr><td>Total assets under management</td><td>1,504</td><td>1,597</td></tr>
<tr><td>Assets by client segment</td><td></td><td></td></tr>
<tr><td>Private Banking</td><td>$ 712</td><td>$ 752</td></tr>
<tr><td>Global Funds</td><td>792</td><td>845</td></tr>
<tr><td>Total assets under management</td><td>$ 1,504</td><td>$ 1,597</td></tr>
<tr><td>Private Banking</td><td>$ 1,715</td><td>$ 1,755</td></tr>
<tr><td>Global Funds</td><td>1,083</td><td>1,289</td></tr>
<tr><td>Total client assets(a)</td><td>$ 2,798</td><td>$ 3,044</td></tr>
</table>
<p>Fundco manages assets for private clients and institutions around the world.</p>
</body></html>"""


def test_a_row_named_after_a_preposition_and_runs_named_by_their_totals(env_db, tmp_path, monkeypatch):
    """"… under management in alternatives": the "Alternatives" row of the table holding the total asked, not the
    total; "Private Banking's total client assets": the run closed by "Total client assets", not the first; "which
    asset class … grew the most": the balances under that heading, ranked."""
    from click.testing import CliRunner

    from finchat.cli import cli
    from tests.conftest import wipe_documents

    wipe_documents(env_db)
    monkeypatch.setenv("FINCHAT_MD_DIR", str(tmp_path / "md"))
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "FUNDCO_2025Q2_10Q.htm").write_text(FUNDS)
    res = CliRunner().invoke(cli, ["ingest", str(folder)])
    assert res.exit_code == 0, res.output
    out = CliRunner().invoke(cli, ["ask", "What were Fundco's assets under management in alternatives as of June 30, "
                                   "2025?", "--no-llm"])
    first = out.output.splitlines()[0]
    assert "$209 billion" in first and "$174 billion" in first and "1,504" not in first, out.output
    out = CliRunner().invoke(cli, ["ask", "What were Private Banking's total client assets at Fundco as of June 30, "
                                   "2025?", "--no-llm"])
    first = out.output.splitlines()[0]
    assert "$1,715 billion" in first and "$712" not in first, out.output
    # a ranking of balances under the heading naming the dimension ("Assets by asset class"), not the next heading's
    out = CliRunner().invoke(cli, ["ask", "Which asset class of Fundco's assets under management grew the most at "
                                   "June 30, 2025?", "--no-llm"])
    first = out.output.splitlines()[0]
    assert first.startswith("Alternatives grew the most: Alternatives $209 billion"), out.output
    assert "Private Banking" not in first


def test_subheadings_with_units_name_and_scale_the_rows_the_chunker_cut_under_them():
    from finchat.graph.textrows import text_cells

    # a segment's revenues, then its operating statistics under subheadings, each cut into a chunk of its own
    chunks = [
        ("Operating Revenues and Selected Operating Statistics (dollars in millions, except ARPA) "
         "Increase/(Decrease) Years Ended December 31, **2022** 2021 **2022 vs. 2021** Service **$ 7,100** "
         "$ 6,900 $ 200 2.9 % Equipment **2,300** 2,000 300 15.0 **Total Operating Revenues** **$ 9,400** "
         "$ 8,900 $ 500 5.6\n\n**Connections (‘000):** <sup>**(1)**</sup>"),
        ("Retail postpaid <sup>(2)</sup> **9,150** 9,100 50 0.5 Fiber internet **670** 650 20 3.1\n\n"
         "**Churn Rate:** <sup>**(2)**</sup>"),
        "Retail postpaid **1.05 %** 0.90 %\n\n**Account Statistics:**",
        ("Retail postpaid ARPA **$ 126.50** $ 122.10 $ 4.40 3.6 Retail postpaid accounts (‘000) <sup>(1)</sup> "
         "**3,310** 3,360 (50) (1.5) Connections per account <sup>(1)</sup> **2.76** 2.71 0.05 1.8"),
    ]
    carry: dict[str, object] = {}
    cells = []
    lead = ""
    for text in chunks:
        cells += text_cells(text, lead, date(2022, 12, 31), "10-K", carry)
        lead = text[-240:]
    got = {(c.row_path, c.as_of.year): (c.value, c.scale, c.unit) for c in cells}
    # the rows under "Connections ('000)" are counts in thousands, named by their subheading
    assert got[("Connections (‘000) › Fiber internet", 2022)] == (670, "thousands", "count")
    assert got[("Connections (‘000) › Retail postpaid", 2021)] == (9100, "thousands", "count")
    # the rate under "Churn Rate", two columns where the table had four
    assert got[("Churn Rate › Retail postpaid", 2022)] == (1.05, "units", "%")
    # the rows after it, four columns again, still the table's: ARPA in dollars, accounts in thousands
    assert got[("Account Statistics › Retail postpaid ARPA", 2022)] == (126.5, "units", "USD")
    assert got[("Account Statistics › Retail postpaid accounts (‘000)", 2022)][:2] == (3310, "thousands")


def test_rows_under_a_percent_subheading_are_percentages():
    from finchat.graph.textrows import text_cells

    text = ("Information about operating expenses is as follows (in millions): Year Ended December 31, 2021 2022 "
            "Operating expenses: Cost of sales $ 1,200 $ 1,500 Shipping 300 360 Total operating expenses $ 1,500 "
            "$ 1,860 Year-over-year Percentage Growth: Cost of sales 20% 25 % Shipping 30 20 "
            "Percent of Net Sales: Cost of sales 60.0% 62.5 % Shipping 15.0 15.2")
    got = {(c.row_path, c.as_of.year): (c.value, c.scale, c.unit) for c in text_cells(text, "", date(2022, 12, 31), "10-K")}
    assert got[("Operating expenses › Shipping", 2022)] == (360, "millions", "USD")
    # the rows under a percentage's subheading print no "%" after their first: percentages all the same
    assert got[("Percent of Net Sales › Shipping", 2022)] == (15.2, "units", "%")
    assert got[("Year-over-year Percentage Growth › Shipping", 2021)] == (30, "units", "%")


def test_a_label_ending_in_percent_and_a_count_the_units_phrase_excepts():
    from finchat.graph.textrows import text_cells

    text = ("Fiscal Years Ended January 31, (Amounts in millions, except unit counts) 2020 2019 2018 "
            "Net sales $ 12,130 $ 12,824 $ 11,068 Table wins % 24.0 % 24.6 % 23.5 % "
            "Operating income $ 337 $ 488 $ 522 Unit counts at period end 6,146 5,993 6,360")
    got = {c.row_label: (c.value, c.scale, c.unit) for c in text_cells(text, "", date(2020, 1, 31), "10-K")
           if c.as_of.year == 2020}
    assert got["Net sales"] == (12130, "millions", "USD")
    assert got["Table wins %"] == (24.0, "units", "%")
    # "except unit counts": the units are stores counted one by one, not millions of dollars
    assert got["Unit counts at period end"] == (6146, "units", "count")


def test_a_row_printed_again_under_each_item_is_that_items():
    from finchat.graph.textrows import text_cells

    lead = "_Geographical Information_\n\n% Change"
    text = ("(dollars in millions) 2022 2021 2020 2022-2021\n\n"
            "North $ 1,000 $ 900 $ 800 11 % Percentage of total revenue 50 % 45 % 40 % "
            "South 600 700 800 14 % Percentage of total revenue 30 % 35 % 40 % "
            "East 400 400 400 0 % Percentage of total revenue 20 % 20 % 20 % Total revenue $ 2,000 $ 2,000 $ 2,000 0 %")
    got = {(c.row_path, c.as_of.year): (c.value, c.unit)
           for c in text_cells(text, lead, date(2022, 12, 31), "10-K", heading="Geographical Information")}
    # "2022-2021" heads the change column: three years, and each region's share is its own
    assert got[("Geographical Information › South › Percentage of total revenue", 2022)] == (30, "%")
    assert got[("Geographical Information › South", 2021)] == (700, "USD")
    assert got[("Geographical Information › Total revenue", 2022)] == (2000, "USD")
    assert not [k for k in got if k[1] == 2019]


def test_a_row_printed_again_under_rows_of_another_width_is_still_theirs():
    """eBay's operating expenses: each line prints amounts beside "% Change" columns (six figures), its "Percentage
    of net revenues" row four; the percentages are read and each is its line's, though the lines' own amounts are
    not."""
    from finchat.graph.textrows import text_cells

    text = ("**2023** **2022** **% Change** **2023** **2022** **% Change** Sales and marketing $ 566 $ 566 — % $ 1,077 "
            "$ 1,044 3 % _Percentage of net revenues_ _22 %_ _23_ _%_ _21 %_ _21_ _%_ Product development 392 344 14 % "
            "744 645 15 % _Percentage of net revenues_ _15 %_ _14_ _%_ _15 %_ _13_ _%_ General and administrative 251 "
            "237 6 % 548 463 18 % _Percentage of net revenues_ _10 %_ _10_ _%_ _11 %_ _9_ _%_")
    got = {(c.row_path, c.duration, c.as_of.year): c.value
           for c in text_cells(text, "", date(2023, 6, 30), "10-Q", {}, quarter=2)}
    assert got[("Product development › Percentage of net revenues", "3M", 2023)] == 15
    assert got[("General and administrative › Percentage of net revenues", "6M", 2022)] == 9


def test_a_regions_table_whose_header_words_the_parser_took_for_headings():
    """The region's title is on the header's chunk; the rows' chunk sits under "EXCLUDING — CHANGES" (the
    header's "% CHANGE EXCLUDING CURRENCY CHANGES" read as headings): the rows are the region's."""
    from finchat.graph.textcells import text_table_rows as _text_table_rows

    chunks = [(1, "text", "MD&A > WESTLAND", ("_(Dollars in millions)_ **FISCAL 2023** **FISCAL 2022** **% CHANGE**\n\n"
                                               "Revenues by:"), 40),
              (2, "text", "MD&A > EXCLUDING — CHANGES",
               ("Footwear $ 5,100 $ 5,000 2 % 8 % $ 4,900 2 % 6 % Apparel 1,600 1,900 -16 % -7 % 2,300 -17 % -21 % "
               "**TOTAL REVENUES** **$** **6,700** **$** **6,900** **-3 %** **4 %** **$** **7,200** **-4 %** **-9 %** "
               "Revenues by: Sales to Wholesale Customers $ 3,800 $ 4,000 -5 % 2 % $ 4,500 -11 % -14 % "
               "Sales through Direct 2,900 2,900 0 % 5 % 2,700 7 % -12 %"), 40)]
    got = {cell.row_path for _, _, _, cell in _text_table_rows(chunks, date(2023, 5, 31), "10-K")}
    assert "WESTLAND › Footwear" in got
    assert "WESTLAND › Revenues by › Sales through Direct" in got


def test_rows_among_their_changes_going_on_in_the_next_chunk():
    """A region's table whose amounts stand among their changes ("$ 3,800 $ 4,000 -5 % 2 % $ 4,500 …"), cut by the
    chunker after its first block: the rows of the next chunk are read as the first block's were."""
    from finchat.graph.textcells import text_table_rows as _text_table_rows

    chunks = [(1, "text", "MD&A > WESTLAND", ("**FISCAL** **FISCAL** **2023** **2022** _(Dollars in millions)_ **2023** "
                                               "**2022** **% CHANGE** **CHANGES** **2021** **% CHANGE** **CHANGES** "
                                               "Revenues by:"), 40),
              (2, "text", "MD&A > WESTLAND",
               ("_(Dollars in millions)_ Footwear $ 5,100 $ 5,000 2 % 8 % $ 4,900 2 % 6 % Apparel 1,600 1,900 -16 % "
                "-7 % 2,300 -17 % -21 % **TOTAL REVENUES** **$** **6,700** **$** **6,900** **-3** **%** **4** **% $** "
                "**7,200** **-4** **%** **-9** **%** Revenues by:"), 40),
              (3, "text", "MD&A > WESTLAND",
               ("Sales to Wholesale Customers $ 3,800 $ 4,000 -5 % 2 % $ 4,500 -11 % -14 % "
                "Sales through Direct 2,900 2,900 0 % 5 % 2,700 7 % -12 % **TOTAL REVENUES** **$** **6,700** **$** "
                "**6,900** **-3** **%** **4** **% $** **7,200** **-4** **%** **-9** **%**"), 40)]
    got = {(cell.row_path, cell.as_of): cell.value for _, _, _, cell in _text_table_rows(chunks, date(2023, 5, 31), "10-K")}
    assert got[("Revenues by › Sales through Direct", date(2023, 5, 31))] == 2900
    assert got[("Revenues by › Sales to Wholesale Customers", date(2022, 5, 31))] == 4000


def test_a_row_label_wrapped_over_two_lines_is_read_whole():
    from finchat.graph.textrows import text_cells

    lead = "Revenues by product (MILLIONS)"
    text = ("**Three Months Ended** **Six Months Ended**\n\n**2025** **2024** **2025** **2024**\n\n"
            "Zentrol ALK-positive and Proto-Oncogene 1, Receptor Tyrosine Kinase-positive\n\n"
            "advanced NSCLC 86 118 197 244\n\nRetanex Anemia 87 106 180 221\n\n"
            "June 30,\n\nrevenue 40 30 80 60\n\niWidget 5 6 10 12\n")
    cells = text_cells(text, lead, date(2025, 6, 30), "10-Q", {})
    labels = {c.row_label for c in cells}
    # the label's first line, printed without figures, is the label's: the product's name starts it
    assert "Zentrol ALK-positive and Proto-Oncogene 1, Receptor Tyrosine Kinase-positive advanced NSCLC" in labels
    assert "Retanex Anemia" in labels
    # a header's date is no label's start; a name printed in lower case ("iWidget") goes on nothing
    assert "revenue" in labels and "iWidget" in labels
    assert next(c for c in cells if c.row_label.startswith("Zentrol") and c.as_of == date(2025, 6, 30)
                and c.duration == "3M").value == 86


def test_a_headcount_row_among_millions_is_a_count():
    cells = table_cells("""Selected metrics (in millions, except headcount)
| | March 31, 2023 | March 31, 2022 |
|---|---|---|
| Deposits | $ 1,147,474 | $ 1,189,308 |
| Headcount | 135,983 | 129,268 |
""")
    head = next(c for c in cells if c.row_label == "Headcount" and c.as_of == date(2023, 3, 31))
    assert (head.value, head.unit) == (135983, "count")
    assert next(c for c in cells if c.row_label == "Deposits" and c.as_of == date(2023, 3, 31)).unit == "USD"


def test_items_under_an_eps_heading_printing_cents_are_per_share():
    from finchat.graph.textrows import text_cells

    lead = "Diluted EPS: (in millions, except per share data)"
    first = ("December 28, 2025 December 29, 2024 $ Change % Change\n"
             "Diluted EPS $ 1.58 $ (8.36) $ 9.94 118.9 %\n")
    # the reconciliation's items in the next chunk, under the section "Diluted EPS:"
    items = ("Integration and restructuring expenses 0.07 0.32 (0.25)\n\nImpairment losses 1.38 11.28 (9.90)\n\n"
             "Adjusted EPS $ 2.85 $ 3.51 $ (0.66) (18.8)%\n")
    carry: dict[str, object] = {}
    cells = text_cells(first, lead, date(2025, 12, 28), "10-K", carry)
    cells += text_cells(items, first, date(2025, 12, 28), "10-K", carry, heading="Diluted EPS")
    impairment = next(c for c in cells if c.row_label == "Impairment losses" and c.as_of == date(2025, 12, 28))
    assert (impairment.value, impairment.unit) == (1.38, "USD/share")


def test_a_ratio_row_whose_percent_sign_the_row_before_took_is_that_rows():
    from finchat.graph.rowunits import ratio_owners

    rows = [(0, "Cost of sales – products", ["(48,996)", "(44,589)", "(40,293) %"]),
            (1, "of product sales", ["89.2 %", "89.1 %", "89.5 %"]),
            (2, "Cost of sales – services", ["(9,371)", "(8,731)", "(7,738) %"]),
            (3, "of service sales", ["89.5 %", "89.5 %", "88.4 %"]),
            # a label cut at its start ("Effect of foreign currency …") prints no percentages: no ratio row
            (4, "Net cash used for financing activities", ["(1,200)", "(900)", "(800)"]),
            (5, "of foreign currency exchange rates on cash", ["(14.2)", "(21.2)", "(6.7)"])]
    assert ratio_owners(rows) == {1: "Cost of sales – products", 3: "Cost of sales – services"}
    # a ratio row printed under each of several lines is each one's
    rows = [(0, "EMEA", ["4,593"]), (1, "Percentage of total revenue", ["26 %"]),
            (2, "APAC", ["2,001"]), (3, "Percentage of total revenue", ["11 %"])]
    assert ratio_owners(rows) == {1: "EMEA", 3: "APAC"}
    # a change row is no line a ratio row is of
    assert ratio_owners([(0, "Sales", ["1,000", "900"]), (1, "$ Change", ["100 %"]),
                         (2, "of total sales", ["70.0 %", "69.0 %"])]) == {}


def test_a_quarterly_header_cut_past_reading_dates_its_bare_years():
    # "As of or for the three months ended March 31," sliced and interleaved by the layout: the years below date
    # the columns at the filing's quarter end, three months as the pieces still say
    text = """Selected metrics

| (in millions except | As ofor fo end |  | r the ed Mthree month arch 31, |  | s |
|---|---|---|---|---|---|
| , headcount) | 2024 |  |  | 2023 | Change |
| Average loans | $ 61,020 |  | $ | 57,110 | 7 |
| Headcount | 12,410 |  |  | 12,050 | 3 % |
"""
    cells = table_cells(text, "", (date(2024, 3, 31), "Q1", 2024))
    head = {(c.row_label, c.as_of, c.duration): c.value for c in cells if c.as_of}
    assert head[("Headcount", date(2024, 3, 31), "3M")] == 12410
    assert head[("Average loans", date(2023, 3, 31), "3M")] == 57110
    # no header piece naming a length: the quarter end, the length unknown
    undated = text.replace("Mthree month ", "M")
    assert {c.duration for c in table_cells(undated, "", (date(2024, 3, 31), "Q1", 2024)) if c.as_of} == {None}
    # an annual period, or rows naming quarters (weeks per fiscal quarter of two years): no dates guessed
    assert not any(c.as_of for c in table_cells(text, "", (date(2024, 12, 31), "FY", 2024)))
    weeks = """| Weeks in period | 2024 | 2023 |
|---|---|---|
| First quarter | 12 | 12 |
| Second quarter | 13 | 13 |
"""
    assert not any(c.as_of for c in table_cells(weeks, "", (date(2024, 3, 31), "Q1", 2024)))


def test_a_text_row_printing_both_years_among_rows_printing_changes():
    from finchat.graph.textrows import text_cells

    text = ("**Thirteen weeks ended** **Thirty-nine weeks ended** **May 4,** **May 6,** **May 4,** **May 6,** "
            "**2024** **2023** **2024** **2023** Gross margin rate **30.5** **%** 31.2 % **31.1** **%** 32.0 % "
            "Basis point decrease in the gross margin rate **(70)** **(90)** Components of the change: "
            "Merchandise margin rate decline **(60)** **(50)** Occupancy expense rate **(10)** **(40)**")
    cells = text_cells(text, "", date(2024, 5, 4), "10-Q", quarter=3)
    rate = {(c.duration, c.as_of.year): c.value for c in cells if c.row_label == "Gross margin rate" and c.as_of}
    assert rate == {("3M", 2024): 30.5, ("3M", 2023): 31.2, ("9M", 2024): 31.1, ("9M", 2023): 32.0}
    change = {c.duration: c.value for c in cells if c.row_label == "Merchandise margin rate decline"}
    assert change == {"3M": -60, "9M": -50}


def test_selected_financial_data_printing_each_columns_year_is_read_over_five_years():
    from finchat.graph.textrows import text_cells

    text = ("Year Ended December 31, 2016 2015 2014 2013 2012\n\n"
            "Net loss $ (161,210) $ (170,420) $ (150,300) $ (101,200) $ (80,100)\n\n"
            "Share-based compensation expense 128,700 80,100 35,900 14,200 8,000\n\n"
            "Depreciation and amortization 35,100 26,900 18,200 8,100 3,500\n\n"
            "Ratio of earnings to fixed charges 7.8 6.9 5.1 4.4 3.2\n\n"
            "Net income per share — diluted 1.17 0.95 0.88 0.71 0.52")
    cells = text_cells(text, "The following table presents a reconciliation (in thousands):", date(2016, 12, 31),
                       "10-K")
    sbc = {c.as_of.year: c.value for c in cells if c.row_label == "Share-based compensation expense"}
    assert sbc == {2016: 128700, 2015: 80100, 2014: 35900, 2013: 14200, 2012: 8000}
    assert {c.scale for c in cells if c.row_label == "Net loss"} == {"thousands"}
    # a ratio is times, a diluted figure a share's: neither thousands of dollars
    ratio = next(c for c in cells if c.row_label.startswith("Ratio") and c.as_of.year == 2016)
    assert (ratio.value, ratio.unit, ratio.scale) == (7.8, "count", "units")
    assert {c.unit for c in cells if c.row_label.endswith("diluted")} == {"USD/share"}
    # five columns under a header naming fewer years: not read
    assert not text_cells(text.replace("2016 2015 2014 2013 2012", "2016 2015"), "", date(2016, 12, 31), "10-K")


def test_change_columns_the_header_names_are_cells_of_the_period():
    from finchat.graph.textrows import text_cells

    text = ("REGIONAL SALES RESULTS Q4 % Change\n\n($ in Millions) 2024 2023 Reported Operational <sup>1,2</sup> "
            "Currency Operational <sup>1,3</sup>\n\nU.S. $10,416 $10,063 3.5% 3.5 - 3.3\n\n"
            "International 9,190 10,641 (13.6) (2.1) (11.5) (2.0)\n\nWorldwide $19,606 $20,704 (5.3)% 0.8 (6.1) 0.7")
    cells = text_cells(text, "", date(2024, 12, 31), "EARNINGS", quarter=4)
    intl = {c.col_label.split(" — ")[0]: c.value for c in cells if c.row_label == "International" and c.unit == "%"}
    # (the second "Operational", an adjusted one, is no basis of its own name: not stored as the first)
    assert intl == {"Reported change": -13.6, "Operational change": -2.1, "Currency change": -11.5}
    assert {c.value for c in cells if c.row_label == "International" and c.unit == "USD"} == {9190, 10641}
    # "$ Change % Change" names no basis: no such cells
    plain = text_cells("Year Ended December 31, 2024 2023 $ Change % Change\n\nRevenue $ 500 $ 400 $ 100 25 %\n\n"
                       "Cost of revenue 300 250 50 20 %", "", date(2024, 12, 31), "10-K")
    assert not any(" — " in c.col_label for c in plain)


def test_years_cut_in_two_cells_date_their_rank_and_share_columns():
    text = """League table results

|  | Three months en |  | ded March | 31, |  |  |
|---|---|---|---|---|---|---|
|  | 20 | 24 | 20 | 23 | Full-year 2023 |  |
|  | Rank | Share | Rank | Share | Rank | Share |
| M&A |  |  |  |  |  |  |
| Global | # 2 | 8.1 % | # 1 | 8.4 % # | 2 | 9.5 % |
| U.S. | 3 | 9.4 | 2 | 8.8 | 2 | 10.1 |
"""
    cells = table_cells(text, "", (date(2024, 3, 31), "Q1", 2024))
    us = {(c.col_label.split(" — ")[0], c.as_of): (c.value, c.unit) for c in cells if c.row_label == "U.S." and c.as_of}
    assert us[("Share", date(2024, 3, 31))] == (9.4, "%")
    assert us[("Rank", date(2024, 3, 31))] == (3, "count")
    assert us[("Share", date(2023, 3, 31))] == (8.8, "%")


def test_days_turns_and_ratios_of_a_money_table_are_neither_money_nor_scaled():
    cells = table_cells("""Key balance sheet data (in millions)
| | December 31, 2024 | December 31, 2023 |
|---|---|---|
| Working capital | $ 1,500 | $ 1,700 |
| Current ratio | 1.4:1 | 1.9:1 |
| Days sales outstanding | 52 | 55 |
| Inventory turns | 4.1 | 3.8 |
| Debt due in 90 days or less | 310 | 295 |
""", "Liquidity")
    by = {(c.row_path, c.as_of): c for c in cells}
    # ("Current ratio" was read as a heading of the rows after it when "1.4:1" was no figure)
    ratio = by[("Current ratio", date(2024, 12, 31))]
    assert (ratio.value, ratio.unit, ratio.scale) == (1.4, "count", "units")
    dso = by[("Days sales outstanding", date(2024, 12, 31))]
    assert (dso.value, dso.unit, dso.scale) == (52, "count", "units")
    assert (by[("Inventory turns", date(2023, 12, 31))].unit, by[("Inventory turns", date(2023, 12, 31))].scale) == \
        ("count", "units")
    # "days" inside a money row's label ("due in 90 days or less") leaves it money
    due = by[("Debt due in 90 days or less", date(2024, 12, 31))]
    assert (due.unit, due.scale) == ("USD", "millions")
    assert by[("Working capital", date(2024, 12, 31))].unit == "USD"


def test_a_header_cut_past_reading_naming_two_lengths_in_order():
    # the layout cut "As of or for the three months ended June 30," into pieces: the first group is the quarter's
    cells = table_cells("""Selected metrics
| | As ofor f en | | or the three mont ded June 30, | hs | As of or for the six month ended June 30, | | s |
|---|---|---|---|---|---|---|---|
| (in millions) | 2025 | | 2024 | Change | 2025 | 2024 | Change |
| Total loans | $ 204,310 | | $ 224,109 | (9) | $ 204,310 | $ 224,109 | (9) |
| Net revenue | 2,512 | | 2,390 | 5 | 4,950 | 4,701 | 5 |
""", "Commercial Banking", (date(2025, 6, 30), "Q2", 2025))
    by = {(c.row_label, c.duration, c.as_of): c.value for c in cells}
    assert by[("Net revenue", "3M", date(2025, 6, 30))] == 2512
    assert by[("Net revenue", "6M", date(2025, 6, 30))] == 4950
    assert by[("Net revenue", "3M", date(2024, 6, 30))] == 2390
    assert by[("Total loans", "3M", date(2025, 6, 30))] == 204310


def test_a_text_tables_change_columns_and_counts_in_a_table_of_dollars():
    from finchat.graph.textrows import text_cells

    # the period words above, "2025 2024 Change" in the chunk: two years and a change per period, not three years
    lead = "As of or for the three months ended June 30, As of or for the six months"
    text = ("ended June 30, (in billions, except ratios and where otherwise noted) 2025 2024 Change 2025 2024 Change\n\n"
            "Number of branches **4,869** 4,923 (1) % **4,869** 4,923 (1) %\n\n"
            "Debit and credit card sales volume **$ 344.3** $ 237.6 45 **$ 634.6** $ 503.6 26")
    cells = text_cells(text, lead, date(2025, 6, 30), "10-Q", {}, 2)
    by = {(c.row_label, c.duration, c.as_of): c for c in cells}
    assert by[("Number of branches", "3M", date(2024, 6, 30))].value == 4923
    assert not any(c.as_of == date(2023, 6, 30) for c in cells)  # no change read as a year before
    # a count in a table of dollars "in billions" is no billions
    branches = by[("Number of branches", "3M", date(2025, 6, 30))]
    assert (branches.value, branches.unit, branches.scale) == (4869, "count", "units")
    volume = by[("Debit and credit card sales volume", "6M", date(2025, 6, 30))]
    assert (volume.value, volume.unit, volume.scale) == (634.6, "USD", "billions")


def test_rows_under_a_heading_naming_a_rate_are_percentages():
    """"Net charge-off/(recovery) rate" over "Card Services 2.41 1.47": its "%" printed on the first and total rows."""
    text = """| (in millions, except ratio data) | 2023 | 2022 |
|---|---|---|
| Net charge-offs |  |  |
| Card Services | 1,124 | 580 |
| Net charge-off/(recovery) rate |  |  |
| Home Lending | (0.05) | (0.16) |
| Card Services | 2.41 | 1.47 |
| Total net charge-off/(recovery) rate | 0.98 % | 0.57 % |
"""
    got = {(c.row_path, c.as_of): c for c in table_cells(text, "Selected metrics", (date(2023, 6, 30), "Q2", 2023))}
    rate = got[("Net charge-off/(recovery) rate › Card Services", date(2023, 6, 30))]
    assert (rate.value, rate.unit, rate.scale) == (2.41, "%", "units")
    amount = got[("Net charge-offs › Card Services", date(2023, 6, 30))]
    assert (amount.value, amount.unit, amount.scale) == (1124, "USD", "millions")


def test_a_count_per_something_is_a_ratio_and_a_bare_period_header_introduces_nothing():
    from finchat.graph.textcells import text_table_rows as _text_table_rows

    chunks = [
        (1, "text", "Segment Performance Summary", "_Domestic Segment_\n\nSelected financial data for the Domestic "
         "segment was as follows ($ in millions):", 17),
        (2, "text", "Segment Performance Summary",
         "**Three Months Ended** **Six Months Ended** **July 29, 2023** **July 30, 2022** **July 29, 2023** "
         "**July 30, 2022** Revenue $ 8,890 $ 9,569 $ 17,691 $ 19,463 Gross profit $ 2,052 $ 2,109 $ 4,044 $ 4,279 "
         "Gross profit as a % of revenue 23.1 % 22.0 % 22.9 % 22.0 %", 17),
        (3, "text", "Key metrics", "The following table provides a summary of related metrics (in millions):\n\n"
         "**Three Months Ended June 30,** **Six Months Ended June 30,** **2023** **2022** **2023** **2022** "
         "Number of payment transactions 6,100 5,500 11,900 10,700 "
         "Number of payment transactions per active account 54.7 48.7 54.7 48.7 "
         "Shares used in computation of basic earnings per share 1,150 1,170 1,155 1,172", 55),
    ]
    got = {(cell.row_label, cell.duration, cell.as_of): (caption, cell)
           for _, _, caption, cell in _text_table_rows(chunks, date(2023, 7, 29), "10-Q", 2)}
    caption, rate = got[("Gross profit as a % of revenue", "3M", date(2023, 7, 29))]
    assert rate.value == 23.1 and "Domestic segment" in caption  # the sentence above, not the period header
    per = [c for (label, _, _), (_, c) in got.items() if label.endswith("per active account")]
    assert per and all((c.value, c.scale, c.unit) in ((54.7, "units", "count"), (48.7, "units", "count")) for c in per)
    # (the shares an EPS is "per" are millions of shares, no ratio)
    counted = [c for (label, _, _), (_, c) in got.items()
               if label in ("Number of payment transactions", "Shares used in computation of basic earnings per share")]
    assert len(counted) == 8 and all(c.scale == "millions" for c in counted)


def test_a_text_table_split_over_chunks_keeps_its_width_however_many_rows_print_the_periods_alone():
    """The chunk going on from a segment's table prints three rows of its width (amounts, then changes) and more
    rows printing the years alone: all are read, and prescriptions are counted, not dollars."""
    from finchat.graph.textcells import text_table_rows as _text_table_rows

    chunks = [
        (1, "text", "Retail/LTC Segment", "The following table summarizes the Retail/LTC segment's performance:", 275),
        (2, "text", "Retail/LTC Segment",
         ("**Year Ended December 31,** **2018 vs. 2017** **2017 vs. 2016**\n\n**_In millions_** **2018** **2017** "
          "**2016** **$** **%** **$** **%**\n\nRevenues\n\nProducts $ 83,175 $ 78,522 $ 80,275 $ 4,653 5.9 % $ (1,753) "
          "(2.2)%\n\nServices 814 876 825 (62) (7.1)% 51 6.2 %\n\nTotal revenues 83,989 79,398 81,100 4,591 5.8 % "
          "(1,702) (2.1)%"), 275),
        (3, "text", "Retail/LTC Segment",
         ("Operating expenses % of revenues 27.9% 21.1 % 20.1 %\n\nRevenues (by major goods/service line):\n\n"
          "Pharmacy $ 64,179 $ 59,528 $ 60,838 $ 4,651 7.8 % $ (1,310) (2.2)%"), 275),
        (4, "text", "Retail/LTC Segment",
         ("Front Store 19,055 18,769 19,123 286 1.5 % (354) (1.9)%\n\nOther 755 1,101 1,139 (346) (31.4)% (38) (3.3)%"
          "\n\nPrescriptions filled <sup>(7)</sup> 1,339.1 1,230.5 1,223.5 108.6 8.8 % 7.0 0.6 %\n\n"
          "Revenue increase (decrease):\n\nTotal 5.8% (2.1)% 12.6 %\n\nPharmacy 7.8% (2.2)% 15.9 %\n\n"
          "Front Store 1.5% (1.9)% 0.3 %\n\nTotal prescription volume <sup>(7)</sup> 8.8% 0.6 % 18.6 %"), 275),
    ]
    got = {(cell.row_path, cell.as_of): cell for _, _, _, cell in _text_table_rows(chunks, date(2018, 12, 31), "10-K")}
    front = got[("Revenues › Front Store", date(2018, 12, 31))]
    assert (front.value, front.unit, front.scale) == (19055, "USD", "millions")
    filled = got[("Revenues › Prescriptions filled", date(2018, 12, 31))]
    assert (filled.value, filled.unit, filled.scale) == (1339.1, "count", "millions")
    growth = got[("Revenue increase (decrease) › Pharmacy", date(2018, 12, 31))]
    assert (growth.value, growth.unit) == (7.8, "%")


def test_a_list_of_counts_under_a_number_header_is_read_as_counts_at_the_period_end():
    """"U.S. RETAIL STORES NUMBER" over rows of one count each, run into one line; the header in the chunk or ending
    the chunk before; a sentence after the list is no row."""
    from finchat.graph.textcells import text_table_rows

    chunks = [
        (1, "text", "BUSINESS > UNITED STATES MARKET",
         ("Our direct to consumer operations sell products through the following number of retail stores in the "
          "United States:\n\n**U.S. RETAIL STORES** **NUMBER**\n\nFactory stores 213 In-line stores (including "
          "employee-only stores) 74 Converse stores (including factory stores) 82 **TOTAL** **369**"), 6),
        (2, "text", "BUSINESS > INTERNATIONAL MARKETS",
         "We operate the following number of retail stores outside the United States:\n\n**Non-U.S. Retail Stores** **Number**",
         7),
        (3, "text", "BUSINESS > INTERNATIONAL MARKETS",
         ("Factory stores 560 Converse stores (including factory stores) 54\n\n**TOTAL** **663**\n\nIn the United "
          "States, we have eight significant distribution centers."), 7),
    ]
    got = {c.row_path: (caption, c) for _, _, caption, c in text_table_rows(chunks, date(2023, 5, 31), "10-K")}
    caption, us = got["U.S. RETAIL STORES › Converse stores (including factory stores)"]
    assert (us.value, us.unit, us.scale, us.as_of, us.duration) == (82, "count", "units", date(2023, 5, 31), None)
    assert "retail stores in the United States" in caption
    caption, abroad = got["Non-U.S. Retail Stores › Converse stores (including factory stores)"]
    assert abroad.value == 54 and "outside the United States" in caption
    assert got["Non-U.S. Retail Stores › TOTAL"][1].value == 663
    assert not any("distribution" in path for path in got)


SEGMENT_RATES = RELEASE.replace(
    "<p>Widgetco designs widgets",
    """<hr style="page-break-after:always"/>
<p>Selected financial data for the Widgets segment was as follows ($ in millions):</p>
<table>
<tr><td></td><td colspan="2">Three Months Ended June 30,</td></tr>
<tr><td></td><td>2025</td><td>2024</td></tr>
<tr><td>Revenue</td><td>$ 1,200</td><td>$ 1,050</td></tr>
<tr><td>Gross profit</td><td>$ 300</td><td>$ 252</td></tr>
<tr><td>Gross profit as a % of revenue</td><td>25.0 %</td><td>24.0 %</td></tr>
</table>
<p>Widgetco designs widgets""")


def test_a_segments_rate_is_its_lines_ratio_row(env_db, tmp_path, monkeypatch):
    """"gross profit rate" of a segment: the row "Gross profit as a % of revenue" of the table the sentence above
    names the segment's — not its gross profit, not the company's."""
    from click.testing import CliRunner

    from finchat.cli import cli

    _ingest_release(env_db, tmp_path, monkeypatch, SEGMENT_RATES)
    out = CliRunner().invoke(cli, ["ask", "What was the gross profit rate of Widgetco's Widgets segment in Q2 2025?",
                                   "--no-llm"])
    first = out.output.splitlines()[0]
    assert "25%" in first.replace("25.00%", "25%") and "24%" in first, out.output


def test_a_releases_product_lines_each_holding_its_regions_rows():
    """A sales schedule printing one line per product — "ALPHAZUMAB US 1,817 1,731 4.9% 4.9% - 3,268 3,110 …
    Intl … WW …" — under a header of two column groups (the quarter's, the six months'): a row per product and
    region, each column group its period with its reported, operational and currency changes; a line naming no
    product is its heading's total; lines go on over chunks after the header's."""
    from finchat.graph.textcells import text_table_rows as _text_table_rows

    header = ("**REPORTED SALES vs. PRIOR PERIOD ($MM)** **PHARMACEUTICAL SEGMENT** <sup>**(2,3)**</sup> **2025** "
              "**2024** **Reported** **Operational** <sup>**(1)**</sup> **Currency** **2025** **2024** **Reported** "
              "**Operational** <sup>**(1)**</sup> **Currency**")
    total = ("US **$** **2,865** **2,853** 0.4% 0.4% - **$** **5,313** **5,354** -0.8% -0.8% Intl **1,631** **1,559** "
             "4.7% 6.6% -1.9% **3,295** **3,176** 3.8% 8.2% -4.4% WW **4,496** **4,411** 1.9% 2.6% -0.7% **8,608** "
             "**8,530** 0.9% 2.6% -1.7%")
    lines = [f"{name} US **{a:,}** **{a - 40:,}** 4.9% 4.9%  - **{2 * a:,}** **{2 * a - 90:,}** 5.1% 5.1%  Intl "
             f"**{a // 2:,}** **{a // 2 - 30:,}** 13.0% 14.1% -1.1% **{a:,}** **{a - 60:,}** 11.1% 15.2% -4.1% WW "
             f"**{a + a // 2:,}** **{a + a // 2 - 70:,}** 7.6% 8.0% -0.4% **{3 * a:,}** **{3 * a - 150:,}** 7.2% "
             "8.7% -1.5%" for name, a in (("ALPHAZUMAB", 1817), ("BETA / BETA IV", 450), ("GAMMA", 600))]
    chunks = [(0, "text", "SALES > TOTAL CONSUMER HEALTH", "See footnotes at end of schedule " + "x " * 300, 16),
              (1, "text", "SALES > TOTAL CONSUMER HEALTH", header, 16),
              (2, "text", "SALES > IMMUNOLOGY", total, 16),
              *((3 + i, "text", "SALES > IMMUNOLOGY", line, 16) for i, line in enumerate(lines))]
    rows = _text_table_rows(chunks, date(2025, 6, 29), "EARNINGS", 2)
    by = {(c.row_path, c.duration, c.as_of): c for _, _, _, c in rows if c.unit != "%"}
    assert by[("ALPHAZUMAB › U.S.", "3M", date(2025, 6, 29))].value == 1817
    assert by[("ALPHAZUMAB › U.S.", "3M", date(2024, 6, 29))].value == 1777
    assert by[("ALPHAZUMAB", "6M", date(2025, 6, 29))].value == 3 * 1817  # worldwide: the product's own
    assert by[("BETA / BETA IV › International", "3M", date(2025, 6, 29))].value == 225
    assert by[("GAMMA", "3M", date(2025, 6, 29))].value == 900  # header five chunks above
    immunology = by[("Immunology › U.S.", "3M", date(2025, 6, 29))]
    assert (immunology.value, immunology.scale, immunology.unit) == (2865, "millions", "USD")
    assert not any(c.value in (4.9, 13.0, 7.6) for _, _, _, c in rows if c.unit != "%")  # the changes are no sales
    # each change the header names is the period's percentage, by its basis; a dash prints none
    by_col = {(c.row_path, c.col_label): c for _, _, _, c in rows}
    operational = by_col[("ALPHAZUMAB › International", "Operational change — Six Months 2025")]
    assert (operational.value, operational.unit, operational.duration) == (15.2, "%", "6M")
    assert by_col[("ALPHAZUMAB › International", "Currency change — Second Quarter 2025")].value == -1.1
    assert ("ALPHAZUMAB › U.S.", "Currency change — Second Quarter 2025") not in by_col
    # every row keeps the table's title — what its figures are — however far above it is
    assert all("REPORTED SALES vs. PRIOR PERIOD ($MM)" in caption for _, _, caption, _ in rows)


def test_counts_of_a_table_in_billions_and_a_row_whose_figures_the_layout_broke():
    """"Number of advisors 4,500" under "(in billions, except ratios …)" counts advisors one by one, a multiple "3.78 x"
    is a plain number; a row printing
    figures the parser could not read ("$ 10.0 (f | ) $ 1.5") heads no rows after it."""
    cells = table_cells("""**Selected metrics**
| | As of or for the three months ended March 31, | | |
|---|---|---|---|
| (in billions, except ratios and where otherwise noted) | 2025 | 2024 | Change |
| Number of branches | 4,872 | 4,967 | (2) % |
| Consumer Banking | | | |
| Average deposits | $ 960.7 | $ 725.0 | 33 |
| Origination volume | $ 10.0 (f | ) $ 1.5 | NM |
| Number of client advisors | 4,500 | 4,291 | 5 |
| Revenue multiple | 3.78 x | 2.10 x | |
""", filing_period=(date(2025, 3, 31), "3M", 1))
    by = {c.row_path: c for c in cells if c.as_of == date(2025, 3, 31) and c.unit != "%"}
    advisors = by["Consumer Banking › Number of client advisors"]
    assert (advisors.value, advisors.unit, advisors.scale) == (4500, "count", "units")
    assert (by["Number of branches"].unit, by["Number of branches"].scale) == ("count", "units")
    multiple = by["Consumer Banking › Revenue multiple"]  # a multiple "3.78 x": a plain number, never billions
    assert (multiple.value, multiple.unit, multiple.scale) == (3.78, "count", "units")
    deposits = by["Consumer Banking › Average deposits"]
    assert (deposits.value, deposits.unit, deposits.scale) == (960.7, "USD", "billions")


def test_years_over_named_columns_a_name_cut_into_the_first_row_and_a_january_year_end():
    """"2025 2024" on a line above "(Dollars in Millions) Amount ¦ % of Sales* ¦ Amount ¦ % of Sales*", the last
    name's rest run into the first row's label: each year's amount (money) and share of sales (a percentage,
    its "%" printed on the first row only); a fiscal 2025 ending January 3, 2026 is that year's."""
    from finchat.graph.textrows import text_cells

    text = ("Research spending by segment of business was as follows:\n\n**2025** **2024**\n\n"
            "**(Dollars in Millions)** **Amount** **% of Sales*** **Amount** **% of Sales*** Consumer $ 493 3.3 % $ 459 "
            "3.1 % Devices 11,622 22.1 11,878 23.0 Total research spending $ 12,115 15.4 % $ 12,337 15.7 % "
            "*As a percent to segment sales")
    got = {(c.row_path, c.col_label.split(" — ")[0], c.as_of): (c.value, c.unit, c.scale)
           for c in text_cells(text, "", date(2026, 1, 3), "10-K")}
    assert got[("Devices", "% of Sales", date(2026, 1, 3))] == (22.1, "%", "units")
    assert got[("Devices", "Amount", date(2026, 1, 3))] == (11622, "USD", "millions")
    assert got[("Consumer", "Amount", date(2025, 1, 3))] == (459, "USD", "millions")
    assert not any("Sales" in path for path, _, _ in got)
    # a column counting shares stays a count beside the money columns
    text = ("**2025** **2024** **Shares** **Fair value** **Shares** **Fair value** Granted 150 $ 120.12 140 $ 110.00 "
            "Vested 90 100.50 80 95.25")
    got = {(c.row_path, c.col_label.split(" — ")[0]): c.unit for c in text_cells(text, "", date(2025, 12, 31), "10-K")}
    assert got[("Granted", "Shares")] == "count" and got[("Vested", "Fair value")] == "USD"
    # a rate's footnote mark ("18.11% (1)") is no figure; the units line holds over a heading under it
    text = ("Notes payable as of May 31, 2025 and 2024 are summarized below:\n**2025** **2024**\n\n_(Dollars in millions)_ "
            "**Borrowings** **Interest Rate** **Borrowings** **Interest Rate**\n\n_Notes payable:_\n\nCommercial paper $ 325 "
            "1.77% $ 325 0.86%\n\nU.S. operations 1 0.00% (1)  - 0.00% (1)\n\nNon-U.S. operations 10 18.11% (1) — 0.00% (1)")
    got = {(c.row_path, c.col_label.split(" — ")[0], c.as_of.year): (c.value, c.unit, c.scale)
           for c in text_cells(text, "", date(2025, 5, 31), "10-K")}
    assert got[("Non-U.S. operations", "Interest Rate", 2025)] == (18.11, "%", "units")
    assert got[("Commercial paper", "Borrowings", 2024)] == (325, "USD", "millions")
    # each year's quarters are no named columns of the year (their figures are no twelve months')
    text = ("2025 2024\n\n**2nd** **1st** 2nd 1st\n\nTotal revenues **$28,341** **$25,146** $24,770 $24,223\n\n"
            "Total costs and expenses **(22,090)** **(21,040)** (19,881) (19,956)")
    assert not any(c.duration == "12M" for c in text_cells(text, "", date(2025, 12, 31), "10-K"))
    # prices, their "$" on the first row only, are money all
    text = ("**2025** **2024** **High** **Low** **High** **Low** First quarter $ 122.18 $ 79.95 $ 110.00 $ 70.01 "
            "Second quarter 111.85 84.81 100.50 90.25")
    assert {c.unit for c in text_cells(text, "", date(2025, 12, 31), "10-K")} == {"USD"}


def test_named_columns_of_one_date_introduced_by_the_chunks_own_sentence():
    """"… floor space … by business segment at December 31, 2025 (in millions):" then "Owned ¦ Leased ¦ Owned ¦
    Total" and rows run together on one line: each row's figures under their names, as of that date, in millions."""
    from finchat.graph.textrows import text_cells

    text = ("The following is a summary of our square feet of floor space owned, leased, or utilized by business "
            "segment at December 31, 2025 (in millions):\n\n**Owned** **Leased** **Owned** **Total**\n\n"
            "Aircraft 5.5 3.0 14.7 23.2 Space Systems 9.3 2.9 0.9 13.1 Total 14.8 5.9 15.6 36.3")
    got = {(c.row_path, c.col_label): (c.value, c.unit, c.scale) for c in text_cells(text, "", date(2025, 12, 31), "10-K")}
    assert got[("Aircraft", "Total — As of December 31, 2025")] == (23.2, "count", "millions")
    assert got[("Space Systems", "Leased — As of December 31, 2025")] == (2.9, "count", "millions")


def test_square_feet_are_an_area_not_money():
    """"Retail square feet at period end 703" under "(Amounts in millions, except unit counts)": 703 million
    square feet, counted — never $703 million."""
    from finchat.graph.rowunits import counted
    from finchat.graph.textrows import text_cells

    text = ("Walmart U.S. Segment Fiscal Years Ended January 31, (Amounts in millions, except unit counts) 2020 2019 "
            "2018 ¶ ¶ Net sales $ 341,004 $ 331,666 $ 318,477 ¶ ¶ Unit counts at period end 4,756 4,769 4,761 ¶ ¶ "
            "Retail square feet at period end 703 705 705")
    by = {c.row_path.split(" › ")[-1]: c for c in text_cells(text, "", date(2020, 1, 31), "10-K", {})
          if c.as_of == date(2020, 1, 31)}
    assert by["Net sales"].unit == "USD"
    assert (by["Retail square feet at period end"].value, by["Retail square feet at period end"].unit) == (703, "count")
    assert not counted("Sales per square foot") and counted("Total square footage")


def test_an_area_under_a_heading_with_its_own_units_is_counted_in_them():
    """"Retail square footage (in thousands)" heading rows under a money table's "(in millions)": thousands of square
    feet, counted — never millions of dollars."""
    cells = table_cells("""| (In millions) | 2019 | 2018 |
|---|---|---|
| Revenue | $ 42,879 | $ 42,151 |
| Retail square footage (in thousands) | | |
| Domestic | 39,500 | 40,360 |
| International | 4,607 | 4,602 |
| Assets under custody (in billions) | | |
| North America | $ 1,552.8 | $ 1,402.1 |
| Shares used in calculation (000's) | | |
| Diluted | 444,757 | 443,089 |
| (In millions) | | |
| Dividends paid | 1,290 | 1,198 |""")
    got = {(c.row_path, c.col_label): (c.value, c.unit, c.scale) for c in cells}
    # (a heading's money is money in its own units; shares counted in its thousands; a bare "(In millions)" names
    # nothing, ends the heading before it and leaves the table's money as it was)
    assert got[("Assets under custody (in billions) › North America", "2019")] == (1552.8, "USD", "billions"), got
    assert got[("Shares used in calculation (000's) › Diluted", "2019")] == (444757, "count", "thousands"), got
    assert got[("Dividends paid", "2019")][1:] == ("USD", "millions"), got
    assert got[("Revenue", "2019")] == (42879, "USD", "millions")
    assert got[("Retail square footage (in thousands) › Domestic", "2019")] == (39500, "count", "thousands"), got
    assert got[("Retail square footage (in thousands) › International", "2018")] == (4602, "count", "thousands"), got


def test_a_units_phrase_printed_as_a_table_row_is_the_tables_units_not_a_heading():
    """"(Dollars in millions, except per share data)" as a table's first row: every row under it is money in
    millions — never a figure per share because the phrase says "per share", nor a row of a "(Dollars …)" heading."""
    cells = table_cells("""| | 2017 | 2016 |
|---|---|---|
| (Dollars in millions, except per share data) | | |
| Total revenues | $ 93,392 | $ 94,571 |
| Earnings from operations | 10,278 | 5,834 |
| Diluted earnings per share | $ 13.43 | $ 7.61 |""", filing_period=(date(2017, 12, 31), "FY", 2017), fiscal_year_end=date(2017, 12, 31))
    got = {(c.row_path, c.as_of.year if c.as_of else None): (c.value, c.unit, c.scale) for c in cells}
    assert got[("Total revenues", 2017)] == (93392, "USD", "millions"), got
    assert got[("Earnings from operations", 2016)] == (5834, "USD", "millions"), got
    assert got[("Diluted earnings per share", 2017)] == (13.43, "USD/share", "units"), got


def test_a_units_phrase_left_at_the_start_of_a_text_tables_first_row_scales_the_table():
    """"… 2020 2019 2018 (In thousands) Las Vegas Strip Resorts Casino $ 728,254 …": the header's units phrase,
    cut from it with the years, is the table's scale for every row and column — no part of the first row's label."""
    from finchat.graph.textrows import text_cells

    text = ("Year Ended December 31, 2020 2019 2018 (In thousands) Resorts Casino $ 728,254 $ 1,296,170 $ 1,407,733 "
            "Rooms 662,813 1,863,521 1,776,029 Food and beverage 471,529 1,517,745 1,402,378 "
            "Harbor Casino 565,671 2,609,806 2,195,144")
    cells = text_cells(text, "", date(2020, 12, 31), "10-K", {})
    got = {(c.row_label, c.as_of.year if c.as_of else None): (c.value, c.scale) for c in cells}
    assert got[("Resorts Casino", 2020)] == (728254, "thousands"), got
    assert got[("Harbor Casino", 2019)] == (2609806, "thousands"), got
    assert {c.scale for c in cells} == {"thousands"}, got


def test_shares_counted_for_a_figure_per_share_and_a_dividend_noted_per_share_are_no_figures_per_share():
    """"Shares used to compute basic net income per share" counts shares; "Dividends declared ($2.24 per share)" is
    money in the table's units; under "Earnings per share data" a price is per share, a count of shares is not."""
    cells = table_cells("""| (In millions) | 2017 | 2016 |
|---|---|---|
| Net income | $ 1,694 | $ 1,169 |
| Shares used to compute basic net income per share | 498.3 | 503.7 |
| Dividends declared ($2.24 per share) | (6,173) | (6,048) |
| Earnings per share data | | |
| Diluted | $ 3.38 | $ 2.32 |
| Weighted-average diluted shares | 2,966.3 | 3,081.0 |""", filing_period=(date(2017, 12, 31), "FY", 2017), fiscal_year_end=date(2017, 12, 31))
    got = {(c.row_path, c.as_of.year if c.as_of else None): (c.value, c.unit) for c in cells}
    assert got[("Shares used to compute basic net income per share", 2017)] == (498.3, "count"), got
    assert got[("Dividends declared ($2.24 per share)", 2017)] == (-6173, "USD"), got
    assert got[("Earnings per share data › Diluted", 2017)] == (3.38, "USD/share"), got
    assert got[("Earnings per share data › Weighted-average diluted shares", 2016)] == (3081.0, "count"), got


def test_years_the_layout_cut_before_their_last_digit_date_their_columns():
    """"202 | 3 | 202 | 2" over "Amount | Percent to Sales": each year put back over its two columns, under "SIX
    MONTHS" — six months to the filing's quarter end, never a date a footnote prints."""
    cells = table_cells("""| (in Millions) | | | SIX MONTHS | | |
|---|---|---|---|---|---|
| | 202 | 3 | 202 | 2 | Percent |
| | Amount | Percent to Sales | Amount | Percent to Sales | Increase (Decrease) |
| Net earnings | 14,426 $ | 28.7 | 14,041 $ | 29.6 | 2.7 |
| Effective tax rate | 16.6 % | | 14.3 % | | |""", "the offering on May 8, 2023", (date(2023, 7, 2), "Q2", 2023))
    got = {(c.row_path, c.col_label.split(" — ")[0], c.duration, c.as_of.year if c.as_of else None): c.value
           for c in cells}
    assert got[("Net earnings", "Amount", "6M", 2023)] == 14426, got
    assert got[("Effective tax rate", "Amount", "6M", 2023)] == 16.6, got
    assert got[("Effective tax rate", "Amount", "6M", 2022)] == 14.3, got


def test_a_releases_six_months_header_dates_its_years_whatever_quarter_the_caption_names():
    """A results release's "SIX MONTHS" over "2023 | 2022", under a footnote ending "… through the end of the fiscal
    second quarter": six months to the filing's quarter end — the header's words before the caption's."""
    cells = table_cells("""| (in Millions) | SIX MONTHS | | |
|---|---|---|---|
| | 2023 | 2022 | Percent |
| Sales to customers | 50,276 $ | 47,446 $ | 6.0 |""", "through the end of the fiscal second quarter.", (date(2023, 6, 30), "Q2", 2023))
    got = {(c.row_path, c.duration, c.as_of): c.value for c in cells}
    assert got[("Sales to customers", "6M", date(2023, 6, 30))] == 50276, got
    assert got[("Sales to customers", "6M", date(2022, 6, 30))] == 47446, got


def test_a_table_stacked_under_another_reads_its_own_header():
    """A bank's "Client assets" table in billions, then — in the same table — "Three months ended March 31, |
    (in millions) | 2021 | 2020 | Change" and the revenue by region: the second table's columns, periods and units
    are its own, never the first's shifted by a column."""
    cells = table_cells("""| | | Three months ended March 31, | |
|---|---|---|---|
| (in billions) | | 2021 | 2020 |
| Client assets ending balance | $ | 3,828 | $ 2,891 |
| | Three months ended March 31, | | |
| (in millions) | 2021 | 2020 | Change |
| Total net revenue | | | |
| Asia-Pacific | $ 514 | $ 400 | 29 % |
| Latin America/Caribbean | 214 | 188 | 14 |""", "", (date(2021, 3, 31), "Q1", 2021))
    got = {(c.row_path, c.as_of.year if c.as_of else None): (c.value, c.scale) for c in cells}
    assert got[("Client assets ending balance", 2021)] == (3828, "billions"), got
    assert got[("Total net revenue › Asia-Pacific", 2021)] == (514, "millions"), got
    assert got[("Total net revenue › Latin America/Caribbean", 2020)] == (188, "millions"), got


def test_balances_at_dates_beside_two_spanning_averages():
    """A bank's deposits by line of business: period-end balances at two dates, then averages for "Three
    monthsended June 30," (glued by the text layer) and "Six months ended June 30,", each with "Average" on a row
    between its day and the years: the dated columns are balances, each average its own period's."""
    cells = table_cells("""| | | | Three monthsended June 30, | | Six months ended June 30, | |
|---|---|---|---|---|---|---|
| | | | Average | | Average | |
| (in millions) | June 30, 2025 | December 31, 2024 | 2025 | 2024 | 2025 | 2024 |
| Wholesale Bank | 735,576 | 689,893 | 722,818 | 773,664 | 711,266 | 765,200 |""", "Deposits", (date(2025, 6, 30), "Q2", 2025))
    got = {(c.duration, c.as_of): c for c in cells}
    assert got[(None, date(2025, 6, 30))].value == 735576
    assert got[(None, date(2024, 12, 31))].value == 689893
    assert got[("3M", date(2024, 6, 30))].value == 773664
    six = got[("6M", date(2025, 6, 30))]
    assert six.value == 711266 and "average" in six.col_label.lower()
    assert len(cells) == 6


def test_a_long_caption_keeps_the_sentence_introducing_its_table_whole():
    """A caption cut to its stored length keeps its last sentence — the one introducing the table — whole, never
    from mid-word ("… d assets, excluding …" lost the "Long-lived assets" the rows are)."""
    from finchat.graph.cellstore import LAST_SENTENCE_CHARS, _short

    last = ("Long-lived assets, excluding financial instruments and tax assets, classified by the location of the "
            "controlling statutory company and with countries over 10% of the total shown separately, were as follows:")
    caption = "NOTE 19 — SEGMENT INFORMATION > Geographic data " + "Segment profit is reviewed. " * 8 + last
    short = _short(caption)
    assert short.endswith(" … " + last) and len(short) <= 103 + LAST_SENTENCE_CHARS
    # (the headings heading it kept too)
    assert short.startswith("NOTE 19 — SEGMENT INFORMATION > Geographic data")
    assert _short("Revenue by region (in millions):") == "Revenue by region (in millions):"


def test_a_sentences_years_are_no_figures():
    """"Depreciation … for fiscal 2022, 2021 and 2020 was $189 million, …": a text row's reader took the years for
    the row's figures; such a cell is not stored — a year printed after words that introduce years."""
    from finchat.graph.cells import Cell
    from finchat.graph.cellstore import _year_read_as_figure

    def cell(label: str, printed: str) -> Cell:
        return Cell(label, label, "Twelve Months Ended December 2, 2022", "12M", date(2022, 12, 2),
                    float(re.sub(r"[^0-9.]", "", printed)), printed, "millions", "USD", "")

    assert _year_read_as_figure(cell("Depreciation and amortization expense of property and equipment for fiscal",
                                     "2022,"))
    assert _year_read_as_figure(cell("options outstanding during the years", "2017"))
    # a figure that happens to be a year's number, in a row named as rows are, stays
    assert not _year_read_as_figure(cell("Property and equipment, net", "2021"))
    assert not _year_read_as_figure(cell("Depreciation for fiscal", "$ 2,021"))


def test_a_notes_number_is_no_figure():
    """"… refer to Note 12 — Risk Management and Derivatives": the text row reader took the note's number for the
    figure of a row "… refer to Note"; such a cell is not stored, nor a section's "(4)". A row whose name ends in
    notes written small ("Senior notes 500") stays."""
    from finchat.graph.cells import Cell
    from finchat.graph.cellstore import _cross_reference

    def cell(label: str, printed: str) -> Cell:
        return Cell(label, label, "Twelve Months Ended May 31, 2023", "12M", date(2023, 5, 31),
                    float(re.sub(r"[^0-9.]", "", printed)), printed, "units", "count", "")

    assert _cross_reference(cell("For additional information related to derivatives, refer to Note", "12"))
    assert _cross_reference(cell("NON-RECURRING FAIR VALUE MEASUREMENTS › As further discussed in Note", "18"))
    assert _cross_reference(cell("Operations offered to the public, except as provided in Section", "(4)"))
    assert not _cross_reference(cell("Senior notes", "500"))
    assert not _cross_reference(cell("Exchangeable note", "13"))
    assert not _cross_reference(cell("Refer to Note", "1,250"))


def test_a_releases_schedule_of_quarter_and_twelve_months_with_its_change_bases():
    """A release's schedule kept as text: "FOURTH QUARTER TWELVE MONTHS" over "2025 2024 Total ¦ Operations ¦ Currency"
    twice — the quarter, then the year, each with its changes; a row whose last dash the text layer lost is read where
    its figures fit; a row run into the total after it, and a block printed again with no heading of its own (the
    company's totals after the last segment's rows), give no cells; "Full Year" names a year's columns."""
    from finchat.graph.textcells import text_table_rows as _text_table_rows

    first = ("(Unaudited; Dollars in Millions)\n\nConsumer Health <sup>(1)</sup>\n\n**FOURTH QUARTER** **TWELVE MONTHS**"
             "\n\nPercent Change\n\nPercent Change\n\n**2025** **2024** Total ¦ Operations ¦ Currency **2025** **2024** "
             "Total ¦ Operations ¦ Currency\n\nU.S. **$    1,696** **1,529** 10.9 % 10.9 - **$    6,599** **6,516** 1.3 % "
             "1.3 International **2,071** **2,199** (5.8) 3.2 (9.0) **8,354** **8,519** (1.9) 5.3 (7.2) **3,767** "
             "**3,728** 1.0 6.4 (5.4) **14,953** **15,035** (0.5) 3.6 (4.1)\n\nMedTech <sup>(2)</sup>")
    second = ("U.S. **3,445** **3,216** 7.1 7.1 - **13,377** **12,686** 5.4 5.4 International **3,331** **3,643** (8.6) "
              "2.9 (11.5) **14,050** **14,374** (2.3) 6.9 (9.2) **6,776** **6,859** (1.2) 4.9 (6.1) **27,427** **27,060** "
              "1.4 6.2 (4.8)")
    third = ("U.S. **12,516** **12,163** 2.9 2.9 - **48,580** **47,156** 3.0 3.0 International **11,190** **12,641** "
             "(11.5) (1.1) (10.4) **46,363** **46,619** (0.6) 9.1 (9.7) Worldwide **23,706** **24,804** (4.4) 0.9 (5.3) "
             "**94,943** **93,775** 1.3 6.1 (4.8)")
    section = "Supplementary Sales Data > Sales to customers by — segment of business"
    chunks = [(i, "text", section, text, 8) for i, text in enumerate((first, second, third))]
    rows = _text_table_rows(chunks, date(2025, 12, 31), "EARNINGS", 4)
    by = {(c.row_path, c.duration, c.as_of): c for _, _, _, c in rows if c.unit != "%"}
    us = by[("Consumer Health › U.S.", "3M", date(2025, 12, 31))]
    assert (us.value, us.scale, us.unit) == (1696, "millions", "USD")
    assert by[("Consumer Health › U.S.", "12M", date(2025, 12, 31))].value == 6599
    assert by[("Consumer Health › U.S.", "12M", date(2024, 12, 31))].value == 6516
    assert by[("MedTech › U.S.", "3M", date(2025, 12, 31))].value == 3445
    changes = {(c.row_path, c.col_label): c.value for _, _, _, c in rows if c.unit == "%"}
    assert changes[("Consumer Health › U.S.", "Total change — Twelve Months Ended December 31, 2025")] == 1.3
    assert not any("International" in c.row_path or c.value in (12516, 23706, 8519) for _, _, _, c in rows), rows

    quarter = ("Q4 % Change\n\n($ in Millions) 2025 2024 Reported Operational Currency\n\nU.S. $12,516 $12,163 2.9% 2.9 -"
               "\n\nInternational 11,190 12,641 (11.5) (1.1) (10.4)\n\nWorldwide $23,706 $24,804 (4.4)% 0.9 (5.3)\n\n"
               "**Full Year** % Change")
    year = ("($ in Millions) 2025 2024 Reported Operational Currency\n\nU.S. $48,580 $47,156 3.0% 3.0 -\n\n"
            "International 46,363 46,619 (0.6)% 9.1 (9.7)\n\nWorldwide $94,943 $93,775 1.3% 6.1 (4.8)")
    rows = _text_table_rows([(0, "text", "REGIONAL SALES RESULTS", quarter, 2), (1, "text", "REGIONAL SALES RESULTS",
                                                                                 year, 2)], date(2025, 12, 31), "EARNINGS", 4)
    got = {(c.row_path, c.duration): c.value for _, _, _, c in rows if c.unit == "USD" and c.as_of == date(2025, 12, 31)}
    assert got[("U.S.", "3M")] == 12516 and got[("U.S.", "12M")] == 48580, got
    # "Q4 Full Year" over both groups; a row printing only the two changes ("0.9% 6.1%") has no year's figures
    both = ("**Q4** **Full Year**\n\n**Non-GAAP* ($ in Millions, except EPS)** **2025** **2024** **% Change** **2025** "
            "**2024** **% Change**\n\nOperational Sales <sup>1,2</sup> 0.9% 6.1%\n\nAdjusted Net Earnings <sup>1,4</sup> "
            "$6,218 $5,678 9.5% $27,038 $26,195 3.2%\n\nAdjusted EPS (diluted) <sup>1,4</sup> $2.35 $2.13 10.3% $10.15 "
            "$9.80 3.6%")
    rows = _text_table_rows([(0, "text", "OVERALL FINANCIAL RESULTS", both, 2)], date(2025, 12, 31), "EARNINGS", 4)
    got = {(c.row_path, c.duration, c.as_of): c.value for _, _, _, c in rows}
    assert got[("Adjusted EPS (diluted)", "3M", date(2025, 12, 31))] == 2.35
    assert got[("Adjusted EPS (diluted)", "12M", date(2025, 12, 31))] == 10.15
    assert not any(c.row_label == "Operational Sales" for _, _, _, c in rows), rows


def test_an_annual_text_table_of_column_groups_of_unequal_years_in_a_year_ending_early_january():
    """"Sales to Customers ¦ Long-Lived Assets" over "2025 2024 2023 2025 2024": the first group's three years, named
    by it; the other group's columns (balances) give no cells; a fiscal year ending January 4, 2026 is fiscal 2025."""
    from finchat.graph.textcells import text_table_rows as _text_table_rows

    before = ("(Dollars in Millions) 2025 2024 2023 2025 2024 2023 Consumer $ 323 331 248 $ 658 759 785 Medical 1,374 "
              "1,198 863 3,687 4,029 4,006\n\n**Sales to Customers** **Long-Lived Assets (6)**")
    table = ("**(Dollars in Millions)** **2025** **2024** **2023** **2025** **2024** United States $ 48,580 47,156 43,133 "
             "$ 66,283 48,586 Europe 23,449 23,594 18,980 38,774 43,257 Asia-Pacific, Africa 16,789 17,275 15,136 4,431 "
             "5,035 General corporate 1,134 1,014")
    chunks = [(0, "text", "NOTES > Segments", before, 86), (1, "text", "NOTES > Segments", table, 87)]
    rows = _text_table_rows(chunks, date(2026, 1, 4), "10-K", None)
    by = {(c.row_path, c.as_of): c for _, _, _, c in rows if c.unit == "USD"}
    europe = by[("Sales to Customers › Europe", date(2026, 1, 4))]
    assert (europe.value, europe.duration, europe.scale) == (23449, "12M", "millions")
    assert by[("Sales to Customers › Europe", date(2025, 1, 4))].value == 23594
    assert not any(c.value in (38774, 43257, 1134) for _, _, _, c in rows)
    assert {c.value for _, _, _, c in rows if c.row_label == "Consumer" and c.as_of == date(2026, 1, 4)} == {323, 658}


def test_a_roll_forwards_closing_balance_under_no_movement_heading_with_the_sentence_introducing_it():
    """"Balance, end of year" after "Tax positions related to prior years:" stands under no heading; the table's
    caption keeps the sentence introducing it ("The following table sets forth changes in …"), however far above."""
    from finchat.graph.textcells import text_table_rows as _text_table_rows

    intro = ("The following table sets forth changes in our total gross unrecognized tax benefit liabilities, excluding "
             "accrued interest, for fiscal 2025 and fiscal 2024. " + "This amount differs from the gross amount because "
             "certain of the liabilities below would impact deferred taxes if recognized. " * 5)
    table = ("In Millions 2025 2024 Balance, beginning of year $ 139.1 $ 196.3 Tax positions related to current year: "
             "Additions 18.7 19.5 Reductions - (0.1) Tax positions related to prior years: Additions 2.3 3.8 Reductions "
             "(6.0) (13.2) Settlements (2.9) (41.0) Balance, end of year $ 147.9 $ 139.1")
    rows = _text_table_rows([(0, "text", "NOTE 15. INCOME TAXES", intro, 88), (1, "text", "NOTE 15. INCOME TAXES", table, 88)],
                            date(2025, 5, 31), "10-K", None)
    closing = [(caption, c) for _, _, caption, c in rows if c.row_label == "Balance, end of year"]
    assert closing and all(c.row_path == "Balance, end of year" for _, c in closing), closing
    assert "changes in our total gross unrecognized tax benefit liabilities" in closing[0][0], closing[0][0]
    assert any(c.row_path == "Tax positions related to prior years › Additions" for _, _, _, c in rows)


def test_a_long_caption_is_cut_at_whole_words():
    """A caption past its length keeps both ends, each cut between words: "Deliverie …" is no word to search by."""
    from finchat.graph.cellstore import _short

    caption = ("Item 7. Management's Discussion and Analysis > Results of Operations context. Deliveries of units for "
               "new-build production aircraft, including remanufactures and modifications were as follows: Years ended "
               "December 31, 2025 2024 2023 " + "F/A-18 Models 17 23 25 F-15 Models 10 16 15 " * 4)
    short = _short(caption)
    assert len(short) < len(caption) and "Deliveries" in short
    words = set(caption.split())
    assert all(w in words for w in short.split() if w != "…"), short


def test_a_headings_total_ends_its_rows_and_other_is_the_headings():
    """"APAC: Japan … Other … Total APAC …" then the table's own total ("Revenue $ 5,980,512"): that total and the
    rows after a heading's total stand under no heading; "Other" is the heading's other countries, not Japan's."""
    from finchat.graph.textcells import text_table_rows as _text_table_rows

    intro = "The tables below list our revenue by geographic area for fiscal 2026, 2025 and 2024 (in thousands)."
    table = ("**Revenue** **2026** **2025** **2024** Americas: United States $ 3,187,764 $ 2,648,024 $ 2,215,148 "
             "Other 322,371 250,020 209,221 Total Americas 3,510,135 2,898,044 2,424,369 EMEA 1,719,153 1,436,448 "
             "1,279,864 APAC: Japan 411,205 357,740 375,570 Other 443,937 333,279 297,262 Total APAC 855,142 691,019 "
             "672,832 Revenue $ 6,084,430 $ 5,025,511 $ 4,377,065")
    rows = _text_table_rows([(0, "text", "NOTE 17. GEOGRAPHIC INFORMATION", f"{intro} {table}", 100)],
                            date(2026, 12, 1), "10-K", None)
    paths = {c.row_path for _, _, _, c in rows}
    assert {"Revenue", "Revenue › EMEA", "Revenue › APAC › Other", "Revenue › Americas › Other",
            "Revenue › APAC › Total APAC"} <= paths, sorted(paths)
    assert not any("APAC › Revenue" in p or "Japan › Other" in p or "Americas › EMEA" in p for p in paths), paths
    # the same layout for another measure, its title set bold over its years: its rows under that title
    table = ("**Property and Equipment** **2026** **2025** Americas: United States $ 652,823 $ 631,122 Other 569 437 "
             "Total Americas 653,392 631,559 EMEA 48,672 43,953 APAC: India 106,332 111,672 Other 17,908 10,277 "
             "Total APAC 124,240 121,949 Property and equipment, net $ 826,304 $ 797,461")
    rows = _text_table_rows([(0, "text", "NOTE 17. GEOGRAPHIC INFORMATION", table, 100)], date(2026, 12, 1), "10-K",
                            None)
    paths = {c.row_path for _, _, _, c in rows}
    assert {"Property and Equipment › EMEA", "Property and equipment, net"} <= paths, sorted(paths)


def test_a_year_before_tables_groups_dated_by_its_header_and_cut_after_its_first_row():
    """"Revenue Mix Summary ¦ Comparable Sales Summary" over "February 3, 2018 January 28, 2017" in a fiscal 2019
    report: the fiscal 2018 and 2017 columns, in the chunks going on too; a table cut after its first row keeps its
    columns for the rows after it (a percentage ends the rows before, never a header); "n/a" is a column left empty."""
    from finchat.graph.textcells import text_table_rows as _text_table_rows

    section = "Item 7. MD&A > Fiscal 2019 Results Compared With Fiscal 2018"
    before = ("The following table presents the Domestic segment's revenue mix percentages and comparable sales "
              "percentage changes by revenue category in fiscal 2018 and 2017 :\n\n**Revenue Mix Summary** "
              "**Comparable Sales Summary**\n\n**Year Ended** **Year Ended**\n\n**February 3, 2018** **January 28, "
              "2017** **February 3, 2018** **January 28, 2017** Computing and Mobile Phones 45% 45% 5.3% (1.8)%\n\n"
              "Consumer Electronics 33% 34% 3.1% 5.0 %")
    going_on = "Appliances 10% 9% 11.4% n/a\n\nEntertainment 8% 7% 12.6% (13.8)%\n\nTotal 100% 100% 5.6% 0.2 %"
    cut = ("International segment revenue of $3.6 billion in fiscal 2019 increased 2.5% compared to fiscal 2018.\n\n"
           "Comparable sales impact 4.4 %\n\nTotal revenue increase 2.5 %\n\nThe following table presents the "
           "International segment's revenue mix percentages and comparable sales percentage changes by revenue "
           "category in fiscal 2019 and 2018 :\n\n**Revenue Mix Summary** **Comparable Sales Summary**\n\n**Year Ended** "
           "**Year Ended**\n\n**February 2, 2019** **February 3, 2018** **February 2, 2019** **February 3, 2018** "
           "Computing and Mobile Phones 46% 46% 2.7% 2.0 %")
    rest = "Consumer Electronics 31% 32% 2.0% 7.1 %\n\nAppliances 9% 8% 20.5% 41.3 %\n\nTotal 100% 100% 4.6% 6.3 %"
    chunks = [(0, "text", section, before, 34), (1, "text", section, going_on, 34), (2, "text", section, cut, 36),
              (3, "text", section, rest, 36)]
    rows = _text_table_rows(chunks, date(2019, 2, 2), "10-K", None)
    got = {(page, c.row_path, c.as_of.year, c.value) for _, page, _, c in rows}
    assert (34, "Comparable Sales Summary › Appliances", 2018, 11.4) in got, sorted(got)
    assert (34, "Revenue Mix Summary › Entertainment", 2017, 7.0) in got, sorted(got)
    assert not any(page == 34 and year == 2019 for page, _, year, _ in got), sorted(got)
    assert not any(page == 34 and path == "Comparable Sales Summary › Appliances" and year == 2017
                   for page, path, year, _ in got), sorted(got)  # (printed "n/a")
    assert (36, "Comparable Sales Summary › Appliances", 2019, 20.5) in got, sorted(got)
    assert (36, "Revenue Mix Summary › Computing and Mobile Phones", 2019, 46.0) in got, sorted(got)


def test_a_dollar_variance_column_is_no_year_and_a_rate_row_short_of_it_is_read():
    """"2022 2021 Dollars" under "Variance": two years and their difference — "Effective tax rate 56 % (57)%" prints
    no difference and is read; an amount row short of the width is not (a figure may have been taken for a
    footnote mark)."""
    from finchat.graph.textrows import text_cells

    text = ("Three Months Ended October 31, Variance\n\n(in millions) 2022 2021 Dollars Gains on strategic investments, "
            "net $ 23 $ 363 $ (340) Other expense (8) (102) 94 Benefit from (provision for) income taxes $ (265) $ 169 "
            "$ (434) Effective tax rate 56 % (57)%")
    cells = text_cells(text, "", date(2022, 10, 31), "10-Q", {}, 3)
    got = {(c.row_path, c.as_of.year, c.value) for c in cells}
    assert ("Gains on strategic investments, net", 2022, 23) in got, sorted(got)
    assert ("Effective tax rate", 2022, 56) in got and ("Effective tax rate", 2021, -57) in got, sorted(got)
    assert not any(year == 2020 for _, year, _ in got), sorted(got)
    assert not any(path == "Other expense" for path, _, _ in got), sorted(got)


def test_a_listed_segments_heading_set_as_a_superscript_names_its_tables():
    """"Part I – Financial information > <sup>CONSUMER & COMMUNITY BANKING</sup>": the markup is no part of the name —
    the segment's title holds over "Selected metrics" after it, until the next segment's."""
    from finchat.graph.partheads import part_headings

    part = "Part I – Financial information"
    chunks = [(1, "text", f"{part} > <sup>CONSUMER & COMMUNITY BANKING</sup>", "Refer to pages 63-66 …", 22),
              (2, "table", f"{part} > Selected metrics (part 1 of 2)", "| Total assets | 1,000 |", 24),
              (3, "text", f"{part} > Selected metrics — Business Metrics", "Number of branches 4,822 4,869", 26),
              (4, "text", f"{part} > CORPORATE & INVESTMENT BANK", "Refer to pages 67-72 …", 27)]
    got = part_headings(chunks, ("Consumer & Community Banking", "Corporate & Investment Bank"))
    assert got == {1: "CONSUMER & COMMUNITY BANKING", 2: "CONSUMER & COMMUNITY BANKING",
                   3: "CONSUMER & COMMUNITY BANKING", 4: "CORPORATE & INVESTMENT BANK"}, got


def test_a_day_the_layout_cut_is_put_back():
    """"Year Ended December 3 2020 | 1," (the header's "December 31," cut after its first digit) and "June 3 | | 0,":
    every column is dated on the day printed, not three weeks before it."""
    annual = """| (MILLIONS) | 2021 | Year Ended December 3 2020 | 1, | 2019 |
|---|---|---|---|---|
| Rebates | $ 510 | $ 470 | $ | 430 |
| Total | $ 1,510 | $ 1,370 | $ | 1,230 |
"""
    by = {(c.row_label, c.as_of): c.value for c in table_cells(annual)}
    assert by[("Rebates", date(2021, 12, 31))] == 510
    assert by[("Total", date(2020, 12, 31))] == 1370
    assert by[("Total", date(2019, 12, 31))] == 1230
    quarter = """| (unaudited) | Three months ended June 3 |  | 0, | Six months ended June 3 |  | 0, |
|---|---|---|---|---|---|---|
| (in millions) | 2021 | 2020 | Change | 2021 | 2020 | Change |
| Fee revenue | $ 3,019 | $ 2,489 | 21 % | $ 5,907 | $ 5,072 | 16 % |
"""
    got = {(c.duration, c.as_of) for c in table_cells(quarter) if c.row_label == "Fee revenue" and c.unit == "USD"}
    assert got == {("3M", date(2021, 6, 30)), ("3M", date(2020, 6, 30)), ("6M", date(2021, 6, 30)), ("6M", date(2020, 6, 30))}
    # the pieces a header joins again ("December 3 | | 1," over three years) stay as they were read
    spread = """|  | Year Ended December 3 |  | 1, |
|---|---|---|---|
|  | 2017 | 2018 | 2019 |
| Deferred income taxes | (29) | 441 | 796 |
"""
    assert {(c.as_of, c.value) for c in table_cells(spread)} == {
        (date(2017, 12, 31), -29), (date(2018, 12, 31), 441), (date(2019, 12, 31), 796)}
    # (and a span's columns keep their span: the six months' first column is no quarter's)
    centred = """|  |  | For the Three Months Ended June 3 |  | 0, |  | For the Six Months Ended June 30, |  |  |
|---|---|---|---|---|---|---|---|---|
|  | 2023 | 2022 | Increase (Decrease) | % Change | 2023 | 2022 | Increase (Decrease) | % Change |
| Net revenues | $ 2,207 | $ 1,644 | $ 563 | 34 % | $ 4,590 | $ 3,412 | $ 1,178 | 35% |
"""
    six = {c.value: c.duration for c in table_cells(centred) if c.as_of is not None}
    assert six[4590] == six[3412] == "6M" and six[1644] == "3M"


def test_a_fair_value_tables_levels_are_no_years():
    """"Total | Level 1 | Level 2 | Level 3 | Percentage" over "Cash $ 10 $ 10 — — 3 %": the levels' columns, read as
    amounts among changes, would make the year before's figure the total's Level 1 part."""
    from finchat.graph.yearheaders import _amounts_beside_changes

    header = ("Asset Category 2022 Target Allocation Total Quoted Prices in Active Markets for Identical Assets (Level 1) "
              "Significant Observable Inputs (Level 2) Percentage of Plan Assets as of December 31, 2021")
    rows = [(0, "Cash", ["$ 10", "$ 10", "—", "—", "3 %"]), (40, "U.S. large cap", ["18", "18", "—", "—", "5 %"])]
    assert _amounts_beside_changes(header, rows) == []
    years = "Revenues by: 2021 2020 % CHANGE 2019 % CHANGE"
    assert [r[2] for r in _amounts_beside_changes(years, [(0, "Footwear", ["$ 3,659", "$ 3,449", "6 %", "$ 3,622", "-5 %"]),
                                                          (40, "Apparel", ["1,494", "1,365", "9 %", "1,395", "-2 %"])])] \
        == [["$ 3,659", "$ 3,449", "$ 3,622"], ["1,494", "1,365", "1,395"]]


def test_a_column_the_units_phrase_excepts_at_a_scale_of_its_own():
    """"(Amounts in Millions Except Treasury Stock Shares in Thousands)": the "Shares" column is a count in thousands,
    the "Amount" column money in millions (figures made up)."""
    text = """| | Treasury Stock | |
|---|---|---|
| (Amounts in Millions Except Treasury Stock Shares in Thousands) | Shares | Amount |
| Balance at January 2, 2022 | 490,870 | $ 39,090 |
| Repurchase of common stock | 35,370 | 6,030 |
| Balance at January 1, 2023 | 506,240 | $ 41,690 |
"""
    got = {(c.row_path, c.as_of): (c.value, c.scale, c.unit) for c in table_cells(text, "")}
    shares = next(v for (p, when), v in got.items() if when == date(2023, 1, 1) and "Shares" in p)
    amount = next(v for (p, when), v in got.items() if when == date(2023, 1, 1) and "Amount" in p)
    assert shares == (506240, "thousands", "count"), got
    assert amount == (41690, "millions", "USD"), got


def test_a_labels_aside_counting_shares_leaves_the_rows_figures_money():
    """A balance sheet's equity lines print the shares they are of in an aside ("… at cost (506,240,000 shares and
    490,870,000 shares)") or a par value per share: their figures are money in the table's millions, not share counts
    nor amounts per share; a row counting shares is still counted (figures made up)."""
    text = """(Dollars in Millions Except Share and Per Share Amounts)
| | 2023 | 2022 |
|---|---|---|
| Common stock — par value $1.00 per share (authorized 4,320,000,000 shares; issued 3,119,840,000 shares) | 3,120 | 3,120 |
| Less: common stock held in treasury, at cost (506,240,000 shares and 490,870,000 shares) | 41,690 | 39,090 |
| Treasury shares (1 and 2 million shares, respectively) | (12) | (18) |
| Preferred stock – Par value $100 per share; Shares authorized 10 million; Shares issued: 2,300 | 2,300 | 2,300 |
| Capital stock, $1 par value per share | 271 | 279 |
| Weighted average shares outstanding | 2,630 | 2,640 |
"""
    got = {c.row_label.split(" (")[0]: (c.scale, c.unit) for c in table_cells(text, "")}
    assert got["Common stock — par value $1.00 per share"] == ("millions", "USD"), got
    assert got["Less: common stock held in treasury, at cost"] == ("millions", "USD"), got
    assert got["Treasury shares"] == ("millions", "USD"), got
    assert got["Preferred stock – Par value $100 per share; Shares authorized 10 million; Shares issued: 2,300"] == (
        "millions", "USD"), got
    assert got["Capital stock, $1 par value per share"] == ("millions", "USD"), got
    assert got["Weighted average shares outstanding"][1] == "count", got


def test_a_dollar_sign_in_a_cell_of_its_own_makes_the_next_figure_money_and_after_a_year_is_no_year():
    """"Corning sales to affiliated companies | $ | 312 | $ 253": the "$" the layout set apart is the 2021 figure's,
    so a row naming "transactions" above it is money in every column; a maturity column "After 2026" is dated no
    year (its figures fall due after it)."""
    cells = table_cells("""Related parties (in millions):
|  |  | 2021 | 2020 |
|---|---|---|---|
| Related party transactions: |  |  |  |
| Corning sales to affiliated companies | $ | 312 | $ 253 |
| Number of transactions |  | 40 | 38 |
""", "3. Investments", fiscal_year_end=date(2021, 12, 31))
    sales = {c.as_of: c.unit for c in cells if "sales" in c.row_label}
    assert sales == {date(2021, 12, 31): "USD", date(2020, 12, 31): "USD"}
    assert {c.unit for c in cells if c.row_label.startswith("Number")} == {"count"}
    leases = table_cells("""Maturities of lease liabilities (in millions):
|  | 2022 | 2023 | After 2023 | Total |
|---|---|---|---|---|
| Operating leases | $ 103 | $ 110 | $ 553 | $ 766 |
""", "7. Leases", fiscal_year_end=date(2021, 12, 31))
    by = {c.col_label: c for c in leases}
    assert by["After 2023"].as_of is None and by["After 2023"].value == 553
    assert [c.as_of for c in leases if c.as_of] == [date(2022, 12, 31), date(2023, 12, 31)]


def test_a_table_dated_only_by_its_caption_holds_that_days_balances():
    """"… consisted of the following as of December 2, 2022:" over columns of cost, gains and fair value: each figure
    is dated December 2, 2022, its column's name heading its row — while a caption naming a period's length dates
    nothing by its day."""
    table = """| _(in millions)_ | Amortized Cost | Unrealized Gains | Estimated Fair Value |
|---|---|---|---|
| Cash equivalents: |  |  |  |
| Money market funds | 3,479 | — | 3,479 |
| Time deposits | 61 | — | 61 |
"""
    cells = table_cells(table, "Note 4. Cash, cash equivalents and short-term investments consisted of the following as "
                               "of December 2, 2022:", (date(2023, 6, 2), "6M", 2))
    fair = next(c for c in cells if c.row_path == "Estimated Fair Value › Cash equivalents › Money market funds")
    assert (fair.value, fair.as_of, fair.duration, fair.unit, fair.scale) == (3479, date(2022, 12, 2), None, "USD",
                                                                             "millions")
    assert {c.as_of for c in cells} == {date(2022, 12, 2)}
    cells = table_cells(table, "Activity for the six months ended June 2, 2023 and balances as of June 2, 2023:",
                        (date(2023, 6, 2), "6M", 2))
    assert {c.as_of for c in cells} == {None}


def test_a_caption_naming_its_day_or_fiscal_year_before_as_follows_and_stock_options_counted():
    """"… as of December 31, 2017 were as follows (in millions):" dates the cost and fair value columns; "… details of
    debt repayments during fiscal 2019:" dates a table of no period columns as that fiscal year; employee stock
    options excluded as anti-dilutive "(in thousands)" are counted, not money."""
    cells = table_cells("""|  | Cost | Estimated Fair Value |
|---|---|---|
| Within 1 year | $ 1,433 | $ 1,491 |
| After 1 year through 5 years | 3,929 | 3,983 |
""", "The contractual maturities of these securities as of December 31, 2017 were as follows (in millions):",
                        fiscal_year_end=date(2017, 12, 31))
    fair = next(c for c in cells if c.row_path == "Estimated Fair Value › Within 1 year")
    assert (fair.value, fair.as_of, fair.duration) == (1491, date(2017, 12, 31), None)
    repaid = table_cells("""| (Amounts in millions) | Principal Amount | Repayment |
|---|---|---|
| February 15, 2018 | $1,250 | $ 1,250 |
| Total repayment of matured debt |  | $ 3,784 |
""", "The following table provides details of debt repayments during fiscal 2019:", fiscal_year_end=date(2020, 1, 31))
    total = next(c for c in repaid if c.row_label == "Total repayment of matured debt")
    assert (total.value, total.as_of, total.duration, total.unit) == (3784, date(2019, 1, 31), "12M", "USD")
    options = table_cells("""| (in thousands) | 2015 | 2014 |
|---|---|---|
| Employee stock options | 517 | 917 |
""", "The following table summarizes the potential common shares excluded from the diluted calculation:",
                          fiscal_year_end=date(2015, 12, 31))
    assert {(c.value, c.unit, c.scale) for c in options} == {(517, "count", "thousands"), (917, "count", "thousands")}


def test_the_headers_own_period_dates_its_years_before_the_sentence_before():
    """"| Years Ended December 31, | 2022 | 2021 |" under a caption whose sentence says "As of December 31, 2022 and
    2021, …": the columns are the years' flows, never balances at the sentence's dates."""
    table = ("**Cash Flow Information**\n\n|  |  | (dollars in millions) |\n|---|---|---|\n"
             "| Years Ended December 31, | 2022 | 2021 |\n| Cash Paid |  |  |\n"
             "| Interest, net of amounts capitalized | $ 3,316 | $ 3,435 |\n")
    caption = ("Note 15 > Cash Flow Information As of December 31, 2022 and 2021, Property, plant and equipment includes "
               "$6.0 billion and $5.9 billion of additions that have not yet been paid.")
    cells = table_cells(table, caption, (date(2022, 12, 31), "FY", 2022), None, date(2022, 12, 31))
    paid = {c.as_of.year: (c.duration, c.printed) for c in cells if c.row_label.startswith("Interest")}
    assert paid == {2022: ("12M", "3,316"), 2021: ("12M", "3,435")}, [(c.col_label, c.duration) for c in cells]

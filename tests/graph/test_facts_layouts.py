"""Statement layouts the layout parser produces from real filings, rebuilt as generated tables with invented
figures: each test fails without the reading it names."""

from datetime import date

import pytest

from finchat.graph.facts import extract_facts


def one(facts, metric, as_of, duration="3M"):
    found = [f for f in facts if f.metric == metric and f.as_of == as_of and f.duration == duration]
    assert len(found) == 1, (metric, as_of, duration, found)
    return found[0]


INTERLEAVED = """**Consolidated Statements of Income Widget Corp**

| (Unaudited; in millions, except per share amounts) | | | | |
|---|---|---|---|---|
| | Three mon Juneths ended 30, | | Six mont Septemhs ended ber 30, | |
| | 2023 | 2022 | 2023 | 2022 |
| Net sales | $ 1,200 | $ 1,100 | $ 2,400 | $ 2,150 |
| Net income | 303 | 284 | 494 | 470 |
| Net income attributable to non-controlling interest | (22) | (21) | (37) | (43) |
| Net income attributable to Widget Corp | <sup>$</sup> 281 | $ 263 | $ 457 | $ 427 |
| Earnings per common share attributable to | | | | |
| Widget Corp: | | | | |
| Basic (Note 4) | <sup>$</sup> 0.33 | $ 0.31 | $ 0.54 | $ 0.50 |
| Diluted (Note 4) | 0.309 | 0.307 | 0.52 | 0.49 |
"""


def test_two_header_lines_interleaved_and_a_month_sliced_in_two():
    facts = extract_facts(INTERLEAVED)
    assert one(facts, "revenue", date(2023, 6, 30)).value == 1200
    assert one(facts, "revenue", date(2023, 9, 30), "6M").value == 2400  # "Septem" … "ber"
    assert one(facts, "revenue", date(2022, 6, 30)).scale == "millions"  # units in a header row


def test_net_income_attributable_and_nci_apart_and_eps_under_a_wrapped_heading():
    facts = extract_facts(INTERLEAVED)
    assert one(facts, "net_income", date(2023, 6, 30)).value == 303
    assert one(facts, "net_income_attributable", date(2023, 6, 30)).value == 281
    assert one(facts, "net_income_nci", date(2023, 6, 30)).value == -22
    eps = one(facts, "eps_diluted", date(2023, 6, 30))
    assert eps.value == 0.309 and eps.printed == "0.309" and eps.shown_value == "0.309"
    assert one(facts, "eps_basic", date(2022, 6, 30)).value == 0.31


RELEASE = """**Condensed Consolidated Statement of Earnings**

| (Unaudited; in Millions Except Per Share Figures) | | | SECOND QUARTER | | |
|---|---|---|---|---|---|
| | 202 | 3 | 202 | 2 | Percent |
| | Amount | Percent to Sales | Amount | Percent to Sales | Increase (Decrease) |
| Sales to customers | 9,530 $ | 100.0 | 9,020 $ | 100.0 | 5.7 |
| Cost of products sold | (3,212) | (33.7) | (3,019) | (33.5) | 6.4 |
| Net earnings | 1,144 $ | 12.0 | 1,014 $ | 11.2 | 12.8 |
| Net earnings per share (Diluted) | 0.96 $ | | 0.80 $ | | 20.0 |
| Adjusted earnings before provision for taxes and net earnings | | | | | |
| Net earnings | 1,458 $ | 15.3 | 1,312 $ | 14.5 | 11.1 |
"""


def test_a_release_dated_by_its_fiscal_quarter_with_percent_columns_beside():
    facts = extract_facts(RELEASE, filing_period=(date(2023, 6, 30), "Q2", 2023))
    assert one(facts, "revenue", date(2023, 6, 30)).value == 9530
    assert one(facts, "revenue", date(2022, 6, 30)).value == 9020
    assert one(facts, "eps_diluted", date(2023, 6, 30)).value == 0.96
    # the adjusted (non-GAAP) block below does not replace or contradict the reported line
    assert one(facts, "net_income", date(2023, 6, 30)).value == 1144
    assert one(facts, "cost_of_revenue", date(2023, 6, 30)).value == 3212  # an expense printed as a deduction
    assert extract_facts(RELEASE) == [] or all(f.as_of is None for f in extract_facts(RELEASE))


BANK = """**Consolidated statements of income (unaudited)**

| | Three mon Septemths ended ber 30, | | Nine mont Septemhs ended ber 30, | |
|---|---|---|---|---|
| (in millions,exceptper share data) | 2021 | 2020 | 2021 | 2020 |
| Net interest income | 12,080 | 12,013 | 36,710 | 40,305 |
| Total net revenue | 28,647 | 28,255 | 90,392 | 88,616 |
| Provision for credit losses | (1,527) | 611 | (7,968) | 19,369 |
| Net income | $ 11,687 | $ 9,443 | $ 36,091 | $ 19,251 |
| Net income per common share data | | | | |
| Basic earnings per share | $ 3.74 | $ 2.93 | $ 12.05 | $ 5.10 |
| Diluted earnings per share | 3.74 | 2.92 | 12.02 | 5.09 |
| Weighted-average basic shares | 3,036.6 | 3,077.8 | 3,060.3 | 3,077.3 |
"""

HIGHLIGHTS = """**Consolidated statement of income highlights**

| (in millions) | 3Q21 | 2Q21 | 1Q21 | 4Q20 |
|---|---|---|---|---|
| Total net revenue | $ 28,647 | $ 29,479 | $ 31,266 | $ 28,335 |
| Net income | 11,687 | 11,948 | 14,300 | 12,136 |
"""


def test_a_bank_statement_and_quarter_codes():
    facts = extract_facts(BANK)
    assert one(facts, "revenue", date(2021, 9, 30)).value == 28647
    assert one(facts, "net_interest_income", date(2020, 9, 30), "9M").value == 40305
    assert one(facts, "provision_credit_losses", date(2021, 9, 30)).value == -1527  # a release of reserves
    assert one(facts, "eps_diluted", date(2021, 9, 30)).value == 3.74
    coded = extract_facts(HIGHLIGHTS, filing_period=(date(2021, 9, 30), "Q3", 2021))
    assert one(coded, "revenue", date(2021, 6, 30)).value == 29479
    assert one(coded, "revenue", date(2020, 12, 31)).value == 28335


UNLABELLED = """**CONSOLIDATED STATEMENTS OF OPERATIONS**
(In thousands, except per share data)

| | Three Months Ended | | Six Months Ended | |
|---|---|---|---|---|
| | June 30, | | June 30, | |
| | 2023 | 2022 | 2023 | 2022 |
| Revenues | | | | |
| Casino | $ 1,951,382 | $ 1,357,134 | $ 3,833,810 | $ 2,778,044 |
| Rooms | 815,323 | 774,732 | 1,663,811 | 1,331,805 |
| | 2,766,705 | 2,131,866 | 5,497,621 | 4,109,849 |
| Expenses | | | | |
| Casino | 1,025,745 | 622,166 | 2,016,635 | 1,296,531 |
"""

BALANCE_UNLABELLED = """**CONSOLIDATED BALANCE SHEETS**
(In thousands)

| | | June 30, 2023 | Dec. 31, 2022 |
|---|---|---|---|
| ASSETS | | | |
| Cash and cash equivalents | $ | 3,843,366 | $ 5,911,893 |
| Total other assets | | 32,055,434 | 32,313,586 |
| | $ | 42,905,829 | $ 45,692,206 |
| LIABILITIES AND STOCKHOLDERS' EQUITY | | | |
| Accounts payable | $ | 358,807 | $ 369,817 |
"""


def test_unlabelled_total_rows_and_abbreviated_months():
    facts = extract_facts(UNLABELLED)
    assert one(facts, "revenue", date(2023, 6, 30)).value == 2766705
    balance = extract_facts(BALANCE_UNLABELLED)
    assert one(balance, "total_assets", date(2022, 12, 31), None).value == 45692206  # "Dec. 31, 2022"
    assert one(balance, "cash", date(2023, 6, 30), None).value == 3843366


TOTALS = """**Consolidated Statements of Income**

| | Fiscal Years Ended Januar | | y 31, |
|---|---|---|---|
| _(Amounts in millions, except per share data)_ | 2020 | 2019 | 2018 |
| Net sales | $ 519,926 | $ 510,329 | $ 495,761 |
| Membership and other income | 4,038 | 4,076 | 4,582 |
| Total revenues | 523,964 | 514,405 | 500,343 |
| Consolidated net income | 15,201 | 7,179 | 10,523 |
| Consolidated net income attributable to noncontrolling interest | (320) | (509) | (661) |
| Consolidated net income attributable to Widget | 14,881 | 6,670 | 9,862 |
"""

SPLIT_DURATION = """**Consolidated Statements of Income (In thousands, except per share data)**

| | | 13 Weeks | Ended | |
|---|---|---|---|---|
| | January 2023 | 28, | January 2022 | 29, |
| Net sales | $ 3,226,773 | 100.0% | $ 2,729,388 | 100.0% |
| Net income | $ 340,751 | 10.6% | $ 289,366 | 10.6% |
"""

THREE_MONTHS = """**CONDENSED CONSOLIDATED STATEMENTS OF INCOME (LOSS)**

| | Three Months | Ended June 30, | Six Months Ended June 30, | |
|---|---|---|---|---|
| | 2023 | 2022 | 2023 | 2022 |
| | | (In millions, exce (Unaupt per share data) dited) | | |
| Net revenues | $ 7,287 | $ 6,806 | $ 14,327 | $ 13,289 |
"""


def test_a_total_outranks_the_line_above_it_and_consolidated_net_income():
    facts = extract_facts(TOTALS)
    assert one(facts, "revenue", date(2020, 1, 31), "12M").value == 523964
    assert one(facts, "net_income", date(2019, 1, 31), "12M").value == 7179
    assert one(facts, "net_income_attributable", date(2019, 1, 31), "12M").value == 6670


def test_a_duration_sliced_across_cells_and_percent_of_sales_columns():
    facts = extract_facts(SPLIT_DURATION)
    assert one(facts, "revenue", date(2023, 1, 28)).value == 3226773
    assert one(facts, "net_income", date(2022, 1, 29)).scale == "thousands"
    three = extract_facts(THREE_MONTHS)
    assert one(three, "revenue", date(2023, 6, 30)).value == 7287  # not read as six months
    assert one(three, "revenue", date(2023, 6, 30), "6M").value == 14327
    assert one(three, "revenue", date(2022, 6, 30)).period_label == "Three Months Ended June 30, 2022"


def test_one_fact_per_period_the_primary_statements_with_the_repeats_apart():
    from finchat.graph.build import _one_fact_per_period

    statement = extract_facts(TOTALS)
    rev = next(f for f in statement if f.metric == "revenue" and f.as_of == date(2020, 1, 31))
    mdna = type(rev)(**{**rev.__dict__, "value": 523_964, "row_label": "Total revenues"})
    cash_flow_copy = type(rev)(**{**rev.__dict__, "value": 523_900})
    picked = _one_fact_per_period([(mdna, 11, 30, None), (cash_flow_copy, 12, 40, "cashflow"), (rev, 10, 50, "income")])
    (best, others), = picked
    assert best[0] is rev and best[1] == 10  # the income statement's, though printed on a later page
    assert [o[1] for o in others] == [12, 11]  # another statement's copy, then a non-statement table's


CUT_AND_INTERLEAVED = """**Condensed Consolidated Statements of Cash Flows (Unaudited)**

| ($ million) | Twelve Months End 2022 | ed June 30, 2023 |
|---|---|---|
| Net income | 815 | 1,058 |
| Net cash provided by operating activities | 1,526 | 1,530 |
| Purchase of property, plant, and equipment | (468) | (492) |
"""


def test_a_phrase_cut_around_the_years_and_flows_without_a_duration_left_out():
    facts = extract_facts(CUT_AND_INTERLEAVED)
    assert one(facts, "operating_cash_flow", date(2023, 6, 30), "12M").value == 1530
    assert one(facts, "capex", date(2022, 6, 30), "12M").value == 468
    undated = CUT_AND_INTERLEAVED.replace("| ($ million) | Twelve Months End 2022 | ed June 30, 2023 |",
                                          "| ($ million) | June 30, 2022 | June 30, 2023 |")
    assert extract_facts(undated) == []  # flows under bare dates: no period to read them for


GLUED_UNITS = """**Acme Devices, Inc.**
**Consolidated Statements of Operations**

|  | December 26, 2015 | Year Ended December 27, 2014 | December 28, 2013 |
|---|---|---|---|
|  | (Inmillions, except per share amou |  | nts) |
| Net revenue | $ 3,100 | $ 4,200 | $ 4,150 |
| Cost of sales | 2,000 | 2,700 | 2,600 |
| Net income (loss) | $ (120) | $ (310) | $ (65) |
"""

NO_UNITS = """**Condensed Consolidated Statements of Income**

| | Three Months Ended | |
|---|---|---|
| | April 30, 2023 | April 30, 2022 |
| Total revenues | $ 152,301 | $ 141,569 |
| Consolidated net income | 1,836 | 2,118 |
| Diluted | $ 0.62 | $ 0.74 |
"""


def test_a_units_line_glued_by_the_text_layer():
    facts = extract_facts(GLUED_UNITS)
    assert one(facts, "revenue", date(2015, 12, 26), "12M").scale == "millions"
    assert one(facts, "net_income", date(2013, 12, 28), "12M").scale == "millions"


def test_the_units_line_above_the_table_on_its_page():
    assert one(extract_facts(NO_UNITS), "revenue", date(2023, 4, 30)).scale == "units"
    facts = extract_facts(NO_UNITS, units_hint="millions")
    assert one(facts, "revenue", date(2023, 4, 30)).scale == "millions"
    assert one(facts, "net_income", date(2022, 4, 30)).scale == "millions"
    # a table that prints its own units keeps them, whatever the page says elsewhere
    assert one(extract_facts(INTERLEAVED, units_hint="thousands"), "revenue", date(2023, 6, 30)).scale == "millions"


@pytest.mark.parametrize(("text", "scale"), [
    ("(In millions, except per share data)", "millions"), ("($ million, except per share amounts)", "millions"),
    ("(Inmillions, except per share amou", "millions"), ("$ in thousands", "thousands"),
    ("(Dollars in billions)", "billions"), ("(millions)", "millions"), ("($000)", "thousands"), ("($M)", "millions"),
    ("Net sales 1,234", None), ("tens of millions of customers", None), ("an increase of $5 million in costs", None)])
def test_units_phrases(text, scale):
    from finchat.tables import units_scale

    assert units_scale(text) == scale


UNITS_ROW = """**CONSOLIDATED STATEMENTS OF INCOME**

| Year Ended December 31, | 2017 | 2016 | 2015 |
|---|---|---|---|
| (In millions except per share data) |  |  |  |
| NET OPERATING REVENUES | $ 35,000 | $ 41,000 | $ 44,000 |
| Cost of goods sold | 13,000 | 16,000 | 17,000 |
| CONSOLIDATED NET INCOME | 1,200 | 6,500 | 7,300 |
"""


def test_a_units_row_under_the_header_and_emphasised_units():
    facts = extract_facts(UNITS_ROW)
    assert one(facts, "revenue", date(2017, 12, 31), "12M").scale == "millions"
    emphasised = UNITS_ROW.replace("(In millions except per share data)", "_In millions, except per share amounts_")
    assert one(extract_facts(emphasised), "revenue", date(2017, 12, 31), "12M").scale == "millions"


GLUED_WEEKS = """**CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS**

|  | Thirteen weeks ended |  | Thirty-nineweeks ended |  |
|---|---|---|---|---|
| ($in millions,exceptper share amounts) | October 29, 2022 | October 30, 2021 | October 29, 2022 | October 30, 2021 |
| Sales | $ 2,173 | $ 2,189 | $ 6,413 | $ 6,617 |
| Income tax expense | 47 | 64 | 154 | 303 |
| Net income | 96 | 158 | 322 | 790 |
"""


def test_weeks_glued_to_their_number_by_the_text_layer():
    """"Thirty-nineweeks ended": the year to date, nine months — not the quarter the column beside it spans."""
    facts = extract_facts(GLUED_WEEKS)
    assert one(facts, "income_tax", date(2022, 10, 29), "9M").value == 154
    assert one(facts, "income_tax", date(2022, 10, 29), "3M").value == 47
    assert one(facts, "revenue", date(2021, 10, 30), "9M").value == 6617


def test_a_period_glued_by_the_text_layer_is_said_apart():
    from finchat.graph.query import lower_period

    assert lower_period("Thirty-nineweeks ended October 29, 2022") == "thirty-nine weeks ended October 29, 2022"
    assert lower_period("Threemonths ended June 30, 2022") == "three months ended June 30, 2022"
    assert lower_period("Six Months Ended July 1, 2023") == "six months ended July 1, 2023"


def test_a_52_53_week_year_ending_in_januarys_first_week_is_named_for_the_year_before():
    """Johnson & Johnson's "2022" ended January 1, 2023: its balance sheet ("At January 1, 2023 and January 2, 2022")
    and its earnings (an annual report ending January 1) date the "2022" column in 2023 — a calendar year's columns,
    and a header printing the day in the column's own year, are as they were."""
    from datetime import date as day

    from finchat.graph.periods import column_periods

    header = [["", "2022", "2021"]]
    at = column_periods(header, 3, "At January 1, 2023 and January 2, 2022")
    assert [p[2] for p in at[1:]] == [day(2023, 1, 1), day(2022, 1, 1)], at
    flows = column_periods(header, 3, "", year_end=(day(2023, 1, 1), "12M"))
    assert [p[2] for p in flows[1:]] == [day(2023, 1, 1), day(2022, 1, 1)], flows
    calendar = column_periods(header, 3, "", year_end=(day(2022, 12, 31), "12M"))
    assert [p[2] for p in calendar[1:]] == [day(2022, 12, 31), day(2021, 12, 31)], calendar
    own = column_periods([["", "2023", "2022"]], 3, "At January 1, 2023 and January 1, 2022")
    assert [p[2] for p in own[1:]] == [day(2023, 1, 1), day(2022, 1, 1)], own

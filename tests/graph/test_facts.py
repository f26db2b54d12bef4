"""Facts read from generated statement tables equal the known values."""

from datetime import date

from finchat.graph.facts import extract_facts, parse_value
from finchat.graph.lexicon import metric_for_label, metrics_in_text, resolve_metric

INCOME = """**CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS (Unaudited)**
(In millions, except number of shares which are reflected in thousands and per share amounts)

| | Three Months Ended | | Nine Months Ended | |
|---|---|---|---|---|
| | July 1, 2023 | June 25, 2022 | July 1, 2023 | June 25, 2022 |
| Net sales: | | | | |
| Products | $ 60,584 | $ 63,355 | $ 230,901 | $ 245,241 |
| Total net sales | 81,797 | 82,959 | 293,787 | 304,182 |
| Other income/(expense), net | (265) | (10) | (594) | (97) |
| Restructuring | — | 12 | — | 40 |
| Net income | $ 19,881 | $ 19,442 | $ 74,039 | $ 79,082 |
| Earnings per share: | | | | |
| Basic | $ 1.27 | $ 1.20 | $ 4.69 | $ 4.86 |
| Diluted | $ 1.26 | $ 1.20 | $ 4.67 | $ 4.82 |
| Shares used in computing earnings per share: | | | | |
| Diluted | 15,775,021 | 16,262,203 | 15,859,263 | 16,394,937 |
"""

BALANCE_10K = """**Consolidated Balance Shee t At December 31**

| | December 31, | December 31, |
|---|---|---|
| (Dollars in thousands, except per share amount) | 2018 | 2017 |
| Cash and cash equivalents | $ 2,853 | $ 3,053 |
| Total assets | $ 36,500 | $ 37,987 |
| Long-term debt | 13,411 | 12,096 |
| Net loss attributable to Acme | (1,042) | 490 |
"""


def by(facts, metric, label):
    return [f for f in facts if f.metric == metric and f.period_label == label]


def test_income_statement_values_periods_scale_and_eps():
    facts = extract_facts(INCOME)
    rev = by(facts, "revenue", "Three Months Ended July 1, 2023")
    assert len(rev) == 1 and rev[0].value == 81797 and rev[0].scale == "millions" and rev[0].unit == "USD"
    assert rev[0].duration == "3M" and rev[0].as_of == date(2023, 7, 1)
    nine = by(facts, "revenue", "Nine Months Ended June 25, 2022")[0]
    assert nine.value == 304182 and nine.duration == "9M" and nine.as_of == date(2022, 6, 25)
    eps = by(facts, "eps_diluted", "Three Months Ended July 1, 2023")
    assert [f.value for f in eps] == [1.26] and eps[0].unit == "USD/share" and eps[0].scale == "units"
    assert by(facts, "eps_basic", "Nine Months Ended July 1, 2023")[0].value == 4.69
    assert by(facts, "net_income", "Three Months Ended June 25, 2022")[0].value == 19442
    # share counts under "Shares used in computing earnings per share" are not EPS
    assert all(f.value < 100 for f in facts if f.metric.startswith("eps"))


def test_ten_k_year_columns_thousands_and_negatives():
    facts = extract_facts(BALANCE_10K)
    assets = by(facts, "total_assets", "December 31, 2018")
    assert assets[0].value == 36500 and assets[0].scale == "thousands" and assets[0].duration is None
    assert by(facts, "long_term_debt", "December 31, 2017")[0].value == 12096
    # a flow line under point-in-time columns has no period to be read for
    assert not [f for f in facts if f.metric.startswith("net_income")]


def test_non_statement_tables_and_unsure_rows_give_nothing():
    segment = INCOME.replace("STATEMENTS OF OPERATIONS", "NET SALES BY REPORTABLE SEGMENT")
    assert extract_facts(segment) == []
    ragged = INCOME.replace("| Total net sales | 81,797 | 82,959 | 293,787 | 304,182 |", "| Total net sales | 81,797 | 82,959 |  7 |")
    assert not by(extract_facts(ragged), "revenue", "Three Months Ended July 1, 2023")


def test_values_and_lexicon():
    assert parse_value("$ (1,234.5)") == -1234.5
    assert parse_value("—") is None and parse_value("12%") is None and parse_value("n/a") is None
    assert resolve_metric("Total net sales") == "revenue" and resolve_metric("EPS") == "eps_diluted"
    assert resolve_metric("term debt") == "long_term_debt" and resolve_metric("nonsense words") is None
    assert metrics_in_text("What was the diluted EPS and total assets?") == ["eps_diluted", "total_assets"]
    # (a cash-flow line General Mills and Corning print for their buybacks)
    assert metric_for_label("Purchases of common stock for treasury") == "share_repurchases"


def test_eps_rows_labelled_net_income_under_an_eps_heading():
    table = """**CONSOLIDATED STATEMENTS OF OPERATIONS**
(In millions, except per share data)

| | For the Three Months Ended June 30, 2023 | For the Three Months Ended June 30, 2022 |
|---|---|---|
| Net income attributable to common shareholders | $ 280 | $ 218 |
| Basic earnings per share: | | |
| Net income attributable to common shareholders | $ 1.44 | $ 1.20 |
| Diluted earnings per share: | | |
| Net income attributable to common shareholders | $ 1.44 | $ 1.20 |
"""
    facts = extract_facts(table)
    assert by(facts, "net_income", "For the Three Months Ended June 30, 2023")[0].value == 280
    assert by(facts, "eps_diluted", "For the Three Months Ended June 30, 2023")[0].value == 1.44
    assert by(facts, "eps_basic", "For the Three Months Ended June 30, 2022")[0].value == 1.20


def test_plural_metric_names_are_found():
    from finchat.graph.lexicon import concept_metrics

    assert metrics_in_text("Are Best Buy's gross margins historically consistent?") == ["gross_profit"]
    assert metrics_in_text("How did effective tax rates change?") == ["income_tax"]
    assert "operating_income" in concept_metrics("Compare operating margins")
    assert metrics_in_text("The board met twice.") == []


SLICED_HEADER = """**CONSOLIDATED STATEMENTS OF OPERATIONS**
(in millions, except per share data)

| | Year Ended December 3 | | 1, |
|---|---|---|---|
| | 2015 | 2016 | 2017 |
| Total net sales | 1,000 | 1,200 | 1,500 |
| Operating income | 100 | 120 | 150 |
"""

CENTRED_DURATION = """**CONSOLIDATED STATEMENTS OF INCOME**
(In thousands, except per share data)

| | | Years Ended | |
|---|---|---|---|
| | December 2, 2016 | November 27, 2015 | November 28, 2014 |
| Total revenue | 5,854,430 | 4,795,511 | 4,147,065 |
| Operating income | 1,493,602 | 903,095 | 412,685 |
"""


def test_a_header_sliced_inside_the_day_is_put_back_together():
    facts = {(f.metric, f.as_of): f for f in extract_facts(SLICED_HEADER)}
    assert facts[("revenue", date(2017, 12, 31))].value == 1500  # "December 3" | "1," is December 31
    assert facts[("revenue", date(2015, 12, 31))].duration == "12M"
    assert not any(f.as_of == date(2017, 12, 3) for f in facts.values())


def test_a_centred_duration_reaches_every_dated_column():
    facts = {(f.metric, f.as_of): f for f in extract_facts(CENTRED_DURATION)}
    first = facts[("revenue", date(2016, 12, 2))]  # left of the centred "Years Ended" cell
    assert first.duration == "12M" and first.value == 5854430 and first.scale == "thousands"
    assert facts[("operating_income", date(2014, 11, 28))].duration == "12M"


def test_dot_leaders_in_a_value_cell_are_not_part_of_it():
    assert parse_value(". $ 629,551") == 629551 and parse_value("...... 1,469") == 1469
    assert parse_value(". 4,149") == 4149 and parse_value(". (1,488,358)") == -1488358
    assert parse_value("(265)") == -265 and parse_value(".5") is None


def test_a_header_sliced_between_month_and_day_is_put_back_together():
    table = SLICED_HEADER.replace("| | Year Ended December 3 | | 1, |", "| | Year Ended December | | 31, |")
    facts = {(f.metric, f.as_of): f for f in extract_facts(table)}
    assert facts[("revenue", date(2016, 12, 31))].value == 1200 and facts[("revenue", date(2016, 12, 31))].duration == "12M"


RELEASE = """**Condensed Consolidated Statement of Income**
(in millions except per share amounts, unaudited)

| | 12 Weeks Ended | |
|---|---|---|
| | 3/25/2023 | 3/19/2022 |
| Net Revenue | $ 17,846 | $ 16,200 |
| Net income attributable to Xco | $ 1,932 | $ 4,261 |
"""

YEARS_ONLY = """**Consolidated Statement of Income**

| (Millions) | 2018 | 2017 | 2016 |
|---|---|---|---|
| Net sales | $ 32,765 | $ 31,657 | $ 29,999 |
| Net income | 5,363 | 4,869 | 5,058 |
"""


def test_numeric_dates_of_earnings_releases():
    facts = {(f.metric, f.as_of): f for f in extract_facts(RELEASE)}
    assert facts[("revenue", date(2023, 3, 25))].value == 17846
    assert facts[("revenue", date(2022, 3, 19))].duration == "3M"  # 12 weeks
    assert facts[("net_income", date(2023, 3, 25))].value == 1932


def test_year_only_columns_take_the_annual_reports_year_end():
    assert extract_facts(YEARS_ONLY) == []  # nothing says which day the years end
    facts = {(f.metric, f.as_of): f for f in extract_facts(YEARS_ONLY, fiscal_year_end=date(2018, 12, 31))}
    got = facts[("revenue", date(2017, 12, 31))]
    assert got.value == 31657 and got.duration == "12M" and got.period_label == "Year ended December 31, 2017"


def test_an_annual_reports_dated_flow_columns_are_years():
    table = YEARS_ONLY.replace("| (Millions) | 2018 | 2017 | 2016 |", "| | February 2, 2019 | February 3, 2018 | January 28, 2017 |")
    assert all(f.duration is None for f in extract_facts(table))  # a bare date could be a balance
    facts = {(f.metric, f.as_of): f for f in extract_facts(table, fiscal_year_end=date(2019, 2, 2))}
    got = facts[("revenue", date(2018, 2, 3))]
    assert got.duration == "12M" and got.period_label == "Year ended February 3, 2018"


def test_period_labels_carry_no_emphasis_marks():
    table = INCOME.replace("| | Three Months Ended | | Nine Months Ended | |",
                           "| | _(Unaudited)_ Three Months Ended | | Nine Months Ended | |")
    labels = {f.period_label for f in extract_facts(table)}
    assert "Three Months Ended July 1, 2023" in labels and not any("_" in lab for lab in labels)


def test_costs_and_outflows_are_positive_amounts():
    table = YEARS_ONLY.replace("| Net income | 5,363 | 4,869 | 5,058 |",
                               "| Net income | 5,363 | 4,869 | 5,058 |\n| Purchases of property, plant and equipment | (1,577) | (1,373) | (1,420) |")
    facts = {(f.metric, f.as_of): f for f in extract_facts(table, fiscal_year_end=date(2018, 12, 31))}
    assert facts[("capex", date(2018, 12, 31))].value == 1577
    assert facts[("net_income", date(2018, 12, 31))].value == 5363


def test_statements_of_part_of_the_group_are_not_the_companys():
    table = YEARS_ONLY.replace("**Consolidated Statement of Income**", "**Statement of Income for Obligor Group**")
    assert extract_facts(table, fiscal_year_end=date(2018, 12, 31)) == []
    assert extract_facts(YEARS_ONLY, "Note 22 - Deed of Cross Guarantee", fiscal_year_end=date(2018, 12, 31)) == []
    # a parent company's own condensed statements (a note), whatever "only" it leaves out
    assert extract_facts(YEARS_ONLY, "Note 25 Parent Company > Parent Company – Condensed Statements of Income",
                         fiscal_year_end=date(2018, 12, 31)) == []


def test_a_header_row_of_words_beside_the_units_and_common_line_labels():
    # the title and "(In Millions)" inside the table, "Fiscal Year" beside them, the years on the row below
    table = """| Consolidated Statements of Cash Flows | | | |
|---|---|---|---|
| ACME FOODS, INC. AND SUBSIDIARIES (In Millions) | | Fiscal Year | |
| | 2022 | 2021 | 2020 |
| Cash Flows - Operating Activities | | | |
| Net earnings | $ 2,735.0 | $ 2,346.0 | $ 2,210.8 |
| Depreciation and amortization of property, equipment and intangibles | 570.3 | 601.3 | 594.7 |
| Net cash provided by operating activities | 3,316.1 | 2,983.2 | 3,676.2 |
| Purchases of land, buildings, and equipment | (568.7) | (530.8) | (460.8) |
"""
    facts = {(f.metric, f.as_of.year): f for f in extract_facts(table, fiscal_year_end=date(2022, 5, 29))}
    assert facts[("operating_cash_flow", 2020)].value == 3676.2 and facts[("operating_cash_flow", 2020)].scale == "millions"
    assert facts[("depreciation", 2022)].value == 570.3
    assert abs(facts[("capex", 2020)].value) == 460.8
    assert resolve_metric("Capital spending") == "capex"
    assert resolve_metric("Receivables") == "accounts_receivable"
    assert resolve_metric("Capital expenditures, net of construction payable") == "capex"
    from finchat.graph.lexicon import metric_for_label
    assert metric_for_label("Depreciation and amortization of content assets") is None  # not the statement line
    assert metric_for_label("Depreciation and amortization of property and equipment") == "depreciation"
    assert metric_for_label("Depreciation, amortization and accretion") == "depreciation"
    assert metric_for_label("Trade accounts receivable, less allowances of $477 and $466, respectively") == \
        "accounts_receivable"
    assert metric_for_label("Merchandise costs") == "cost_of_revenue"
    assert metric_for_label("Research and development expense, net") == "rnd"
    assert metric_for_label("Research, development and related expenses") == "rnd"


def test_a_tax_line_printed_as_a_benefit_reads_as_the_expense():
    """"Income tax benefit (provision)": (113) is an expense of 113, 191 a benefit (an expense of −191); a
    "provision for (benefit from)" line reads as printed."""
    text = INCOME.replace("| Restructuring | — | 12 | — | 40 |",
                          "| Income tax benefit (provision) | (113) | 191 | (274) | 501 |")
    facts = extract_facts(text)
    assert by(facts, "income_tax", "Three Months Ended July 1, 2023")[0].value == 113
    assert by(facts, "income_tax", "Three Months Ended June 25, 2022")[0].value == -191
    text = INCOME.replace("| Restructuring | — | 12 | — | 40 |",
                          "| Provision for (benefit from) income taxes | 113 | (191) | 274 | 501 |")
    facts = extract_facts(text)
    assert by(facts, "income_tax", "Three Months Ended July 1, 2023")[0].value == 113
    assert by(facts, "income_tax", "Three Months Ended June 25, 2022")[0].value == -191


def test_a_share_buyback_line_is_share_repurchases():
    """Amcor's cash flow statement prints "Share buyback/cancellations"; its "Purchase of treasury shares" (for
    employee plans) is no buyback."""
    from finchat.graph.lexicon import metric_for_label

    assert metric_for_label("Share buyback/cancellations") == "share_repurchases"
    assert metric_for_label("Share buy-back/cancellations") == "share_repurchases"
    assert metric_for_label("Purchase of treasury shares") is None

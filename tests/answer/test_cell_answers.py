"""Picking the cell that answers a qualified question (answer/cells.py), on rows shaped as the store returns
them."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest


def _row(path: str, value: float, as_of: date, page: int = 16, col: str = "Three Months Ended") -> tuple[object, ...]:
    return ("ACME_2025Q2_10Q", page, None, path, "Operating revenue by kind", col, "3M", as_of, value,
            "millions", "USD", path.split(" › ")[-1])


_INFERRED = "Three Months Ended a year earlier"  # a text table's year-earlier column, its date not printed


def test_a_row_whose_year_earlier_figure_is_implausible_is_no_answer():
    from finchat.answer.cellpick import pick_row as _pick

    now, before = date(2025, 6, 30), date(2024, 6, 30)
    # columns that are kinds of revenue read as periods: 1,088 "against" 9 a year earlier
    rows = [_row("Water services › Residential", 1088, now), _row("Water services › Residential", 9, before, col=_INFERRED)]
    assert _pick(rows, ["residential"], {"residential", "revenue"}, 3, now, False, {"revenue"}) is None
    # a header printing both dates is believed: a product's sales can fall 98 % (143 against 8,115)
    rows = [_row("Paxlovid", 143, now), _row("Paxlovid", 8115, before, col="Three Months Ended June 30, 2024")]
    best, prior = _pick(rows, ["paxlovid"], {"paxlovid", "revenue"}, 3, now, False, {"revenue"})
    assert (best.value, prior.value if prior else None) == (143, 8115)
    # a real change, even a large one, stands
    rows = [_row("Water services › Residential", 554, now), _row("Water services › Residential", 483, before)]
    best, prior = _pick(rows, ["residential"], {"residential", "revenue"}, 3, now, False, {"revenue"})
    assert (best.value, prior.value if prior else None) == (554, 483)


def test_an_item_under_the_qualifiers_heading_is_not_its_figure():
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2025, 6, 30)
    q = {"international", "segment", "revenue"}
    items = [_row("International › Appliances", 151, now), _row("International › Services", 74, now)]
    # categories under the segment's heading: none of them is the segment's revenue
    assert _pick(items, ["international"], q, 3, now, False, {"revenue"}) is None
    # the segment's own row, or its total under its heading, is
    best, _ = _pick([*items, _row("Revenue by segment › International", 1359, now)], ["international"], q, 3, now,
                    False, {"revenue"})
    assert best.value == 1359
    best, _ = _pick([*items, _row("International › Total", 1359, now)], ["international"], q, 3, now, False,
                    {"revenue"})
    assert best.value == 1359


def test_the_period_a_question_asks_in_weeks():
    from finchat.answer.tagged import months_asked

    assert months_asked("What share of sales came from stores in the first thirty-nine weeks of 2022?", "10-Q", "Q3") == 9
    assert months_asked("Sales for the 26 weeks ended July 29, 2023?", "10-Q", "Q2") == 6
    assert months_asked("Sales in the thirteen weeks ended October 29, 2022?", "10-Q", "Q3") == 3


def test_a_quarter_asked_of_an_annual_report_is_that_quarters_column():
    """An annual report's quarterly data prints every quarter: "the third quarter of 2016" is its September 30, 2016
    column, not the year's nor the fourth quarter's."""
    from finchat.answer.tagged import months_asked, year_asked

    year_end = date(2016, 12, 31)
    for question, end in (("What was GPV in the quarter ended June 30, 2016?", date(2016, 6, 30)),
                          ("What was Adjusted EBITDA in the third quarter of 2016?", date(2016, 9, 30)),
                          ("What was revenue in Q1 2016?", date(2016, 3, 31)),
                          ("What was revenue in the fourth quarter of 2015?", date(2015, 12, 31)),
                          ("What was revenue in the fourth quarter of 2016?", year_end)):
        months = months_asked(question, "10-K", "FY")
        assert (months, year_asked(question, "10-K", 2016, year_end, months)) == (3, end), question
    # a 52-53-week year: the quarter three months before, on the same day
    assert year_asked("Revenue in the second quarter of fiscal 2015?", "10-K", 2015, date(2015, 11, 27), 3) == \
        date(2015, 5, 27)
    # the year asked, no quarter: the year's column as before
    assert months_asked("What was revenue in 2016?", "10-K", "FY") == 12


def test_a_measure_printed_as_its_initials():
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2025, 6, 30)
    rows = [(*_row("Health Care Benefits › MBR (Benefit costs as a % of premium revenues)", 84.0, now)[:9], "units", "%",
             "MBR"), (*_row("Health Care Benefits › Operating margin", 5.1, now)[:9], "units", "%", "Operating margin")]
    q = {"medical", "benefit", "ratio", "health", "care", "benefits"}
    acronyms = {"mbr": ["medical", "benefit", "ratio"]}
    best, _ = _pick(rows, ["health care benefits"], q, 3, now, True, {"medical", "ratio"}, "", acronyms)
    assert best.value == 84.0
    assert _pick(rows[:1], ["health care benefits"], q, 3, now, True, {"medical", "ratio"}) is None  # without it


def test_a_name_printed_as_its_initials():
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2022, 12, 31)
    rows = [(*_row("Net Revenue › FLNA", 23291, now)[:9], "millions", "USD", "FLNA"),
            (*_row("Net Revenue › QFNA", 3160, now)[:9], "millions", "USD", "QFNA")]
    q = {"frito", "lay", "north", "america", "net", "revenue"}
    terms = ["frito lay north america"]
    best, _ = _pick(rows, terms, q, 3, now, False, {"revenue"}, "", {"flna": terms[0].split()})
    assert best.value == 23291
    assert _pick(rows, terms, q, 3, now, False, {"revenue"}) is None  # the initials unknown: no row names it


def test_how_many_asks_a_count_and_a_share_a_printed_share():
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2018, 12, 31)
    money = (*_row("Commercial Airplanes › Deliveries", 2188, now)[:9], "millions", "USD", "Deliveries")
    count = (*_row("Commercial Airplanes › Deliveries", 806, now)[:9], "units", "count", "Deliveries")
    q = {"commercial", "airplanes", "deliveries", "deliver"}
    best, _ = _pick([money, count], ["commercial airplanes"], q, 3, now, False, {"deliveries"},
                    "How many commercial airplanes did Boeing deliver in 2018?")
    assert best.value == 806
    assert _pick([money], ["commercial airplanes"], q, 3, now, False, {"deliveries"},
                 "How many commercial airplanes did Boeing deliver in 2018?") is None
    growth = (*_row("Sam's Club › Comparable sales", 2.8, now)[:9], "units", "%", "Comparable sales")
    mix = (*_row("Sam's Club › Percent of net sales", 12.0, now)[:9], "units", "%", "Percent of net sales")
    question = "What share of Walmart's net sales did Sam's Club account for?"
    qw = {"share", "sales", "sam", "club", "net"}
    assert _pick([growth], ["sam club"], qw, 3, now, True, {"sales"}, question) is None
    best, _ = _pick([growth, mix], ["sam club"], qw, 3, now, True, {"sales"}, question)
    assert best.value == 12.0


def test_a_table_total_row_says_what_its_rows_are():
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2017, 12, 1)
    # "Digital Media 4,480.8 … Total subscription revenue 6,133.9": the row names the segment only, its
    # table's total names the measure
    part = (*_row("Digital Media", 4480.8, now)[:12], "Total subscription revenue")
    q = {"subscription", "revenue", "digital", "media", "segment"}
    best, _ = _pick([part], ["subscription", "digital media"], q, 3, now, False, {"revenue"})
    assert best.value == 4480.8
    # without the total's words the row is not known to be subscription revenue
    assert _pick([part[:12]], ["subscription", "digital media"], q, 3, now, False, {"revenue"}) is None


def test_a_question_naming_no_part_takes_the_consolidated_tables_row():
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2022, 9, 30)

    def ratio(path: str, value: float, caption: str) -> tuple[object, ...]:
        return ("BANK_2022Q3_10Q", 3 if value == 59 else 23, None, path, caption, "Three Months Ended", "3M", now,
                value, "units", "%", "Overhead ratio")

    firm = ratio("Selected ratios and metrics › Overhead ratio", 59, "Consolidated financial highlights")
    line = ratio("Financial ratios › Overhead ratio", 56, "Selected income statement data")
    q = {"overhead", "ratio", "q3", "2022"}
    assert _pick([firm, line], ["overhead ratio"], q, 3, now, True, {"overhead", "ratio"},
                 company_wide=True)[0].value == 59
    # naming a part, the consolidated table has no preference
    assert _pick([line], ["overhead ratio"], q, 3, now, True, {"overhead", "ratio"}, company_wide=True)[0].value == 56


def test_a_kpi_asked_of_the_company_is_not_a_segments():
    import re

    from finchat.answer.cellpick import pick_row as _pick

    end = date(2022, 12, 31)

    def backlog(path: str, value: float, caption: str) -> tuple[object, ...]:
        return ("LM_2022_10K", 28, None, path, caption, "Year Ended", "12M", end, value, "millions", "USD",
                path.split(" › ")[-1])

    segment = backlog("Backlog at year-end", 28735, "Missiles and Fire Control Sniper Advanced Targeting Pod")
    company = backlog("Cash flow information › Backlog", 149998, "Selected Financial Data")
    parts = re.compile(r"(?i)(?<![\w-])(?:Missiles\s*(?:&|and)\s*Fire\ Control|Space)(?![\w-])")
    q = {"backlog", "year", "end", "2022"}
    best, _ = _pick([segment, company], ["backlog"], q, 12, end, False, {"backlog"}, company_wide=True, parts=parts)
    assert best.value == 149998
    # "aerospace" is no mention of the Space segment
    aero = backlog("Backlog", 150000, "Aerospace backlog")
    best, _ = _pick([aero], ["backlog"], q, 12, end, False, {"backlog"}, company_wide=True, parts=parts)
    assert best.value == 150000


def test_a_printed_share_answers_only_for_the_part_its_row_names():
    from finchat.answer.cellpick import pick_row as _pick

    end = date(2018, 1, 31)
    grocery = ("WMT_2018_10K", 13, None, "Grocery and consumables", "Sam's Club Segment — merchandise", "Year",
               "12M", end, 58.0, "units", "%", "Grocery and consumables")
    question = "What share of Walmart's fiscal 2018 net sales did Sam's Club account for?"
    qw = {"share", "walmart", "fiscal", "2018", "net", "sales", "sam", "club", "account"}
    assert _pick([grocery], ["sam club"], qw, 12, end, True, {"sales"}, question) is None


def test_another_measure_under_the_kpis_heading_is_no_answer():
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2023, 6, 30)
    per_account = (*_row("TPV › Number of payment transactions per active account", 54.7, now)[:9], "millions",
                   "count", "Number of payment transactions per active account")
    cross_border = (*_row("TPV › Percent of cross-border TPV", 12, now)[:9], "units", "%", "Percent of cross-border TPV")
    q = {"total", "payment", "volume", "tpv", "q2", "2023"}
    assert _pick([per_account, cross_border], ["total payment volume"], q, 3, now, False,
                 {"total", "payment", "volume"}, acronyms={"tpv": ["total", "payment", "volume"]}, company_wide=True) is None


def test_a_name_split_between_the_row_and_its_caption():
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2022, 10, 31)

    def offering(label: str, value: float) -> tuple[object, ...]:
        return ("CRM_2023Q3_10Q", 17, None, label, "Subscription and Support Revenue by the Company's Service Offering",
                "Three Months Ended", "3M", now, value, "millions", "USD", label)

    rows = [offering("Sales", 1717), offering("Service", 1856), offering("Total", 7233)]
    q = {"service", "subscription", "support", "revenue", "q3", "fiscal", "2023"}
    best, _ = _pick(rows, ["service subscription support"], q, 3, now, False, {"revenue", "revenues", "sales"})
    assert best.value == 1856


def test_a_row_printing_the_plural_of_the_word_asked():
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2021, 12, 31)
    phones = ("VZ_2021_10K", 27, None, "Churn Rate: › Wireless retail postpaid phones", "Consumer segment", "Year",
              "12M", now, 0.71, "units", "%", "Wireless retail postpaid phones")
    q = {"postpaid", "phone", "churn", "consumer", "segment", "2021"}
    best, _ = _pick([phones], ["postpaid phone churn", "consumer"], q, 12, now, True, {"churn"})
    assert best.value == 0.71


def test_another_measures_ratio_in_a_parts_table_is_not_its_share():
    """"What percentage of net sales came from Flexibles?": "Flexibles Segment › Adjusted EBIT as a percentage of
    net sales" is the segment's margin, not its share."""
    from finchat.answer.rowrules import another_ratio as _another_ratio

    assert _another_ratio("Flexibles Segment › Adjusted EBIT as a percentage of net sales", ["flexibles"])
    assert _another_ratio("Gross profit as % of revenue", ["domestic"])
    assert not _another_ratio("Revenue mix › Flexibles as a percentage of net sales", ["flexibles"])
    assert not _another_ratio("Flexibles", ["flexibles"])


def test_a_segments_own_table_total_over_a_row_naming_part_of_its_name():
    """CVS's Pharmacy Services table ("The following table summarizes the Pharmacy Services segment's
    performance"): its "Total revenues" row is the segment's, not the "Pharmacy network" channel row; a caption
    listing every segment does not make the table one segment's."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2022, 12, 31)
    cap = "MD&A > Pharmacy Services Segment The following table summarizes the Pharmacy Services segment’s performance"

    def row(path: str, value: float, caption: str) -> tuple[object, ...]:
        r = list(_row(path, value, now))
        r[4] = caption
        return tuple(r)

    rows = [row("Revenues (by distribution channel) › Pharmacy network", 97668, cap),
            row("Revenues › Total revenues", 169236, cap)]
    q = {"pharmacy", "services", "segment", "total", "revenue"}
    best, _ = _pick(rows, ["pharmacy services"], q, 3, now, False, {"revenue", "revenues"})
    assert best.value == 169236
    listed = "Subscription revenue by reportable segment: Digital Media, Digital Experience, and Publishing"
    rows = [row("Digital Media", 12385, listed), row("Total subscription revenue", 16388, listed)]
    best, _ = _pick(rows, ["digital media"], {"digital", "media", "subscription", "revenue"}, 3, now, False,
                    {"subscription", "revenue"})
    assert best.value == 12385


def test_a_kpi_of_many_words_is_no_row_holding_a_few_of_them():
    """"wireless retail postpaid phone net additions": a row "Wireless retail postpaid" (connections) holds three of
    its five words — no answer; the row holding them all is."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2022, 12, 31)
    q = {"verizon", "consumer", "segment", "wireless", "retail", "postpaid", "phone", "net", "additions"}
    measure = {"wireless", "retail", "postpaid", "phone", "additions"}
    rows = [_row("Consumer › Wireless retail postpaid", 91856, now)]
    assert _pick(rows, ["consumer"], q, 3, now, False, measure) is None
    rows.append(_row("Consumer › Wireless retail postpaid phone net additions", 100, now))
    best, _ = _pick(rows, ["consumer"], q, 3, now, False, measure)
    assert best.value == 100


def test_a_row_name_printed_by_the_company_and_each_region_is_the_largest():
    """Nike's MD&A prints "Sales through NIKE Direct" for the brand (p.36) and again for each region (pp.41-44),
    the regions' headings lost: naming no place, the question asks the whole — the largest."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2023, 5, 31)
    rows = [_row("Revenues by › Sales through NIKE Direct", 10335, now, page=41),
            _row("Revenues by › Sales through NIKE Direct", 4896, now, page=42),
            _row("NIKE Brand Revenues by › Sales through NIKE Direct", 21308, now, page=36)]
    q = {"nike", "direct", "revenue"}
    best, _ = _pick(rows, ["direct"], q, 3, now, False, {"revenue", "revenues", "sales"})
    assert best.value == 21308
    # a place asked: not the largest
    q = {"nike", "direct", "revenue", "north", "america"}
    rows[0] = _row("North America › Sales through NIKE Direct", 10335, now, page=41)
    best, _ = _pick(rows, ["direct"], q, 3, now, False, {"revenue", "revenues", "sales"},
                    "What was Nike Direct revenue in North America?")
    assert best.value == 10335


def test_an_amount_of_money_is_no_plain_number():
    """Coca-Cola's "Net Operating Revenues by Operating Segment" prints percentages its text lost the "%" of:
    "Bottling Investments 29.8" is no answer to the segment's net operating revenues."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2017, 12, 31)
    plain = (*_row("Bottling Investments", 29.8, now)[:9], "units", "count", "Bottling Investments")
    q = {"bottling", "investments", "net", "operating", "revenues"}
    assert _pick([plain], ["bottling investments"], q, 3, now, False, {"operating", "revenues"}) is None
    money = (*_row("Bottling Investments", 10524, now)[:9], "millions", "USD", "Bottling Investments")
    best, _ = _pick([plain, money], ["bottling investments"], q, 3, now, False, {"operating", "revenues"})
    assert best.value == 10524


def test_a_rate_asked_of_a_part_is_a_row_naming_the_rate():
    """"net write-off rate … on Card Member loans": not "Net interest yield on average Card Member loans", the
    percentage row of the part's table that names another rate."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2022, 12, 31)
    def pct(path: str, value: float) -> tuple[object, ...]:
        r = list(_row(path, value, now)[:9])
        r[4] = "Card Member loans: net write-offs, the net write-off rate and the net interest yield"
        return (*r, "units", "%", path.split(" › ")[-1])

    rows = [pct("Net interest yield on average Card Member loans", 11.6),
            pct("Card Member loans › Net write-off rate — principal, interest and fees", 1.1)]
    q = {"net", "write", "off", "rate", "card", "member", "loans"}
    best, _ = _pick(rows, ["card member"], q, 3, now, True, {"write", "off", "rate"}, named_rate={"write", "off"})
    assert best.value == 1.1
    assert _pick(rows[:1], ["card member"], q, 3, now, True, {"write", "off", "rate"}, named_rate={"write", "off"}) is None


def test_a_model_the_question_names_under_a_count_heading():
    """"How many F-35 aircraft did … deliver": the row "F-35" under "Aircraft Deliveries" is the one asked, not an
    item of another measure."""
    from finchat.answer.cellpick import pick_row as _pick
    from finchat.answer.cellrows import _MODEL

    assert _MODEL.sub(r"\1-\2", "f 35 aircraft deliveries") == "f-35 aircraft deliveries"
    now = date(2023, 3, 26)
    rows = [(*_row("Aircraft Deliveries › F-35", 5, now)[:9], "units", "count", "F-35"),
            (*_row("Aircraft Deliveries › C-130J", 2, now)[:9], "units", "count", "C-130J")]
    q = {"how", "many", "f", "35", "aircraft", "deliver", "lockheed", "martin"}
    best, _ = _pick(rows, ["f 35 aircraft deliveries"], q, 3, now, False, set(),
                    "How many F-35 aircraft did Lockheed Martin deliver in Q1 2023?", company_wide=True)
    assert best.value == 5


def test_a_rows_named_columns_and_a_plural_label():
    """A row printed under named columns ("Insured ¦ ASC ¦ Total", "Water ¦ Wastewater"): the column the question
    names, else the total; "Operating margins" is the operating margin asked."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2025, 6, 30)

    def col(path: str, name: str, value: float, caption: str = "Membership as of June 30, 2025 was as follows:"
            ) -> tuple[object, ...]:
        return ("ACME_2025_10K", 8, None, path, caption, f"{name} — As of June 30, 2025", None, now, value, "thousands",
                "count", path)

    rows = [col("Total medical membership", n, v) for n, v in (("ASC", 14551), ("Insured", 7550), ("Total", 22101))]
    best, _ = _pick(rows, ["medical membership"], {"total", "medical", "membership"}, 12, now, False, set())
    assert best.value == 22101
    rows = [col("Residential", n, v, "The number of water and wastewater customers served by class:")
            for n, v in (("Wastewater", 245), ("Water", 2972))]
    best, _ = _pick(rows, ["residential customers"], {"residential", "water", "customers"}, 12, now, False, set(),
                    question="How many residential water customers did Acme serve?")
    assert best.value == 2972
    rows = [_row("Operating margins", 14.8, now)]
    rows = [(*r[:10], "%", *r[11:]) for r in rows]
    # the part asked stands nowhere by the row
    assert _pick(rows, ["global services"], {"operating", "margin", "global", "services"}, 3, now, True,
                 {"operating", "margin"}) is None
    rows = [("ACME_2025Q2_10Q", 36, None, "Operating margins", "Item 7 > Global Services > Results of Operations",
             "Three Months Ended", "3M", now, 14.8, "units", "%", "Operating margins")]
    best, _ = _pick(rows, ["global services"], {"operating", "margin", "global", "services"}, 3, now, True,
                    {"operating", "margin"})
    assert best.value == 14.8


def test_a_fourth_quarter_asked_of_an_annual_report():
    from finchat.answer.tagged import months_asked

    assert months_asked("What were 3M's Industrial segment sales in the fourth quarter of 2018?", "10-K", "FY") == 3
    assert months_asked("What were 3M's Industrial segment sales in 2018?", "10-K", "FY") == 12


def test_a_measure_asked_by_its_initials_is_the_row_spelling_it_out():
    """"EBIT" of a region: the "Earnings before interest and taxes" row under it, not its revenues (the caption
    "Operating segments" names no measure); a wrapped label's lost last word is tolerated."""
    from finchat.answer.cellpick import SPELLED_OUT
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2021, 5, 31)

    def row(path: str, value: float, caption: str = "NOTE 17 — OPERATING SEGMENTS") -> tuple[object, ...]:
        return ("ACME_2021_10K", 91, None, path, caption, "Twelve Months Ended May 31, 2021", "12M", now, value,
                "millions", "USD", path.split(" › ")[-1])

    rows = [row("REVENUES › Europe, Middle East & Africa", 11456),
            row("EARNINGS BEFORE INTEREST AND › Europe, Middle East & Africa", 2435)]
    measure = {"ebit", "operating", "income", "profit", "loss"}
    q = {"ebit", "europe", "middle", "east", "africa", "region", "2021"}
    spelled = {"ebit": ["earnings", "before", "interest", "taxes"]}
    assert SPELLED_OUT["ebit"] == "earnings before interest and taxes"
    best, _ = _pick(rows, ["europe middle east africa"], q, 12, now, False, measure, "", spelled)
    assert best.value == 2435


def test_a_row_naming_another_statement_measure_is_no_answer():
    """Corning's segment note prints "Net sales of Hemlock and Emerging Growth Businesses" in a table whose other
    rows are net income: no answer to Hemlock's net income."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2025, 6, 30)
    q = {"hemlock", "emerging", "growth", "businesses", "net", "income"}
    sales = ("ACME_2025Q2_10Q", 16, None, "Net sales of Hemlock and Emerging Growth Businesses",
             "Segment net income and net sales", "Three Months Ended", "3M", now, 1662, "millions", "USD",
             "Net sales of Hemlock and Emerging Growth Businesses")
    assert _pick([sales], ["hemlock emerging growth businesses"], q, 3, now, False, {"income", "earnings", "loss"}) is None
    income = _row("Segment net income › Hemlock and Emerging Growth Businesses", 39, now)
    best, _ = _pick([sales, income], ["hemlock emerging growth businesses"], q, 3, now, False,
                    {"income", "earnings", "loss"})
    assert best.value == 39


def test_an_expense_asked_is_its_row_under_the_expenses_heading():
    """"Marketing expenses" is "Operating expenses › Marketing"; a heading holding the whole measure asked
    ("TPV › Number of payment transactions") heads another measure."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2025, 6, 30)
    rows = [_row("Operating expenses › Marketing", 4720, now), _row("Operating expenses › Fulfillment", 10050, now)]
    best, _ = _pick(rows, ["marketing expenses"], {"marketing", "expenses", "grow"}, 3, now, False, set(),
                    company_wide=True)
    assert best.value == 4720
    tpv = [_row("Total payment volume › Number of payment transactions per active account", 54.7, now),
           _row("Total payment volume › Active accounts", 431, now)]
    assert _pick(tpv, ["total payment volume"], {"total", "payment", "volume"}, 3, now, False, set(),
                 company_wide=True) is None


def test_an_earlier_year_asked_of_an_annual_report_is_its_comparative_column():
    from finchat.answer.tagged import year_asked

    end = date(2022, 12, 31)
    assert year_asked("What was the slots handle at the resorts in 2021?", "10-K", 2022, end, 12) == date(2021, 12, 31)
    # the report's own year, a comparison of two years, a year too far back: the filing's period
    assert year_asked("What was the slots handle in 2022?", "10-K", 2022, end, 12) == end
    assert year_asked("How did sales in 2021 compare with 2022?", "10-K", 2022, end, 12) == end
    # (a quarter of the year before is that quarter's column of the report's quarterly data)
    assert year_asked("Q4 2021 sales?", "10-K", 2022, end, 3) == date(2021, 12, 31)
    assert year_asked("Sales in 2015?", "10-K", 2022, end, 12) == end
    # a fiscal year ending in February keeps a real day
    assert year_asked("Sales in fiscal 2019?", "10-K", 2020, date(2020, 2, 29), 12) == date(2019, 2, 28)


def test_a_cost_asked_is_a_cost_row_never_the_revenue_it_is_of():
    """"Subscription cost of revenue": the "Cost of revenue › Subscription" row, never "Total subscription
    revenue"; and a revenue asked is never a cost row."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2025, 6, 30)
    rows = [_row("Total subscription revenue", 16388, now), _row("Cost of revenue › Subscription", 1646, now)]
    best, _ = _pick(rows, ["subscription"], {"subscription", "cost", "revenue"}, 3, now, False, {"cost", "revenue"})
    assert best.value == 1646
    best, _ = _pick(rows, ["subscription"], {"subscription", "revenue"}, 3, now, False, {"revenue"})
    assert best.value == 16388


def _stored(make_database, year: int, cells: list[tuple[int, str, str, float, str, str]]) -> str:
    """A fresh database holding ACME's annual report for ``year`` with ``cells`` (page, caption, row path, value,
    scale, unit), each printed for ``year`` and, at 0.9 of it, the year before; its URL."""
    from finchat.db.pool import connect
    from tests.answer.acme import acme_filing

    url = make_database()
    with connect(url) as conn:
        doc = acme_filing(conn, f"ACME_{year}_10K", "10-K", year, "FY", date(year, 12, 31))
        chunk = conn.execute("INSERT INTO chunks (document_id, ordinal, page_start, page_end, section, kind, text,"
                             " embed_text) VALUES (%s, 0, 1, 1, '', 'table', '', '') RETURNING id",
                             (doc,)).fetchone()[0]
        for page, caption, path, value, scale, unit in cells:
            for as_of, v in ((date(year, 12, 31), value), (date(year - 1, 12, 31), value * 0.9)):
                conn.execute("INSERT INTO table_cells (document_id, chunk_id, page, caption, row_label, row_path,"
                             " col_label, duration, as_of, value, scale, unit) VALUES (%s, %s, %s, %s, %s, %s,"
                             " 'Year Ended', '12M', %s, %s, %s, %s)",
                             (doc, chunk, page, caption, path.split(" › ")[-1], path, as_of, v, scale, unit))
        conn.commit()
    return url


def _with_prose(url: str, text: str):  # type: ignore[no-untyped-def]
    """A connection to ACME's report with a passage of prose ``text`` added (page 4)."""
    from finchat.db.pool import connect

    conn = connect(url)
    doc = conn.execute("SELECT id FROM documents").fetchone()[0]
    conn.execute("INSERT INTO chunks (document_id, ordinal, page_start, page_end, section, kind, text, embed_text)"
                 " VALUES (%s, 1, 4, 4, '', 'text', %s, %s)", (doc, text, text))
    conn.commit()
    return conn


def _from_cells(url: str, question: str, subject, year: int):  # type: ignore[no-untyped-def]
    """answer_from_cells on ACME's report, on a connection opened after the migrations (it knows the graph's types)."""
    from types import SimpleNamespace

    from finchat.answer.cells import answer_from_cells
    from finchat.db.pool import connect

    with connect(url) as conn:
        return answer_from_cells(conn, question, "Acme", subject,
                                 [SimpleNamespace(document=f"ACME_{year}_10K", company="ACME")], "ACME")


def test_a_measure_asked_in_its_own_words_is_the_row_printing_them(make_database):
    """"MGM China's VIP table games turnover": the row printing the measure's words in a table about the part
    (its caption names it), not a row named after the part under another measure ("Capital expenditures › MGM
    China", in a note whose caption holds "revenue") — in the store, through answer_from_cells."""
    from finchat.answer.subject import Subject

    url = _stored(make_database, 2020, [
        (102, "Note 17 — Segment information > Net revenue", "Capital expenditures › Orient Macau", 108352,
         "thousands", "USD"),
        (46, "The following table shows key gaming statistics for Orient Macau:", "VIP Table Games Turnover", 7015,
         "millions", "USD")])
    got = _from_cells(url, "What was Orient Macau's VIP table games turnover in 2020?",
                      Subject("VIP table games turnover", "revenue", ("Orient Macau",), "amount"), 2020)
    assert got is not None and got[1][0].row_path == "VIP Table Games Turnover" and got[1][0].value == 7015


def test_the_companys_figure_is_no_row_printed_again_under_each_item():
    """"How much did comparable sales change": not the "Stores ›" row of a table printing the measure under each
    channel (the company's figure is elsewhere); a row of the measure alone is the company's."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2025, 6, 30)
    q = {"comparable", "sales", "change"}
    items = [_row("Stores › Comparable sales increase", 4.7, now), _row("Digital › Comparable sales decrease", -14.5, now)]
    items = [(*r[:10], "%", r[11]) for r in items]
    assert _pick(items, ["comparable sales"], q, 3, now, True, {"comparable", "sales"}, company_wide=True) is None
    whole = (*_row("Comparable sales", 0.8, now)[:10], "%", "Comparable sales")
    best, _ = _pick([*items, whole], ["comparable sales"], q, 3, now, True, {"comparable", "sales"}, company_wide=True)
    assert best.value == 0.8
    # a part asked ("Stores"): its row
    best, _ = _pick(items, ["comparable sales", "stores"], q | {"stores"}, 3, now, True, {"comparable", "sales"})
    assert best.value == 4.7


def test_a_growth_printed_only_as_a_percentage_row(make_database):
    """"Organic local-currency sales growth for Gizmo": no amount of organic sales is printed; the percentage row
    naming it under the part's caption answers — in the store, through answer_from_cells."""
    from finchat.answer.subject import analyse

    caption = "Gizmo Business (20.8% of consolidated sales):"
    url = _stored(make_database, 2018, [(34, caption, "Sales (millions)", 6827, "millions", "USD"),
                                        (34, caption, "Sales change analysis › Organic local-currency", 5.1, "units",
                                         "%")])
    question = "What was organic local-currency sales growth for Acme's Gizmo business in 2018?"
    got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2018)
    assert got is not None and got[1][0].value == 5.1 and got[1][0].unit == "%"


def test_the_companys_name_asks_no_column():
    from finchat.answer.cellrows import _without_name

    # "water" of "American Water" asks no "Water" column of a table of water and wastewater customers
    assert "water" not in _without_name("How many customers did American Water serve in Missouri?",
                                        "American Water Works").lower()
    assert _without_name("What was Walmart's eCommerce growth?", "Walmart").strip().startswith("What was")
    assert "water" in _without_name("What was water revenue for Acme?", "American Water Works")


def test_a_share_is_the_row_its_own_headings_call_one_never_a_negative_change():
    """"What share of Domestic revenue came from Consumer Electronics?": one table prints "Revenue Mix Summary ›"
    and "Comparable Sales Summary ›" rows of each category, its caption naming both; the mix row is the share."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2025, 6, 30)
    caption = "Revenue Mix Summary Comparable Sales Summary"

    def pct(path: str, value: float) -> tuple[object, ...]:
        r = _row(path, value, now)
        return (*r[:4], caption, *r[5:9], "units", "%", path.split(" › ")[-1])

    comp, mix = pct("Comparable Sales Summary › Consumer Electronics", -12.2), pct("Revenue Mix Summary › Consumer "
                                                                                  "Electronics", 30.0)
    question = "What share of Acme's Domestic revenue came from Consumer Electronics in Q2 2025?"
    qw = {"share", "domestic", "revenue", "came", "consumer", "electronics"}
    assert _pick([comp], ["consumer electronics"], qw, 3, now, True, {"revenue"}, question) is None
    best, _ = _pick([comp, mix], ["consumer electronics"], qw, 3, now, True, {"revenue"}, question)
    assert best.value == 30.0


def test_a_rate_asked_is_the_measures_ratio_to_sales_row_under_the_part():
    """"the operating income rate of the Domestic segment": "Domestic Segment › Operating income as a % of
    revenue", not an item of the segment's table."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2025, 6, 30)
    rate = (*_row("Domestic Segment › Operating income as a % of revenue", 3.8, now)[:9], "units", "%",
            "Operating income as a % of revenue")
    gross = (*_row("Domestic Segment › Gross profit as a % of revenue", 21.3, now)[:9], "units", "%",
             "Gross profit as a % of revenue")
    q = {"operating", "income", "rate", "domestic", "segment"}
    measure = {"operating", "income", "rate", "ebit", "profit", "loss"}
    best, _ = _pick([rate, gross], ["domestic"], q, 3, now, True, measure, "What was the operating income rate of "
                    "Acme's Domestic segment in fiscal 2025?", named_rate={"income"})
    assert best.value == 3.8


def test_a_segment_asked_by_initials_its_filings_do_not_print():
    from finchat.answer.parts import spelled_out

    segments = [["Consumer & Community Banking"], ["Corporate & Investment Bank"], ["Commercial Banking"]]
    assert spelled_out(segments, ("CIB",)) == {"CIB": "Corporate & Investment Bank"}
    assert spelled_out(segments, ("CB",)) == {"CB": "Commercial Banking"}
    assert spelled_out(segments, ("Cib", "ROE")) == {}


def test_a_segment_named_in_lower_case_or_by_initials():
    from finchat.answer.parts import named_in

    segments = [["Consumer & Community Banking"], ["Asset & Wealth Management"], ["Space"], ["Latin America", "LatAm"]]
    assert named_in(segments, "How much equity did JPMorgan's asset and wealth management business manage?") == \
        ["Asset & Wealth Management"]
    assert named_in(segments, "What net income did CCB earn in Q2 2021?") == ["Consumer & Community Banking"]
    # written as a name (the filters read it), a one-word name, or words of a name apart: none
    assert named_in(segments, "What did Asset & Wealth Management earn?") == []
    assert named_in(segments, "How much did space launches cost?") == []
    # a segment left out names a measure, not the segment: "net yield excluding CCB"
    assert named_in(segments, "What was JPMorgan's net yield excluding CCB in Q3 2021?") == []
    assert named_in(segments, "What were sales other than asset and wealth management?") == []
    assert named_in(segments, "How much wealth did asset management create?") == []
    # letters of a longer abbreviation ("SG&A") are no segment's initials ("Safety and Graphics")
    assert named_in([["Safety and Graphics"]], "What was 3M's SG&A as a percent of net sales?") == []
    assert named_in([["Safety and Graphics"]], "What did SG earn in 2022?") == ["Safety and Graphics"]


def test_initials_of_a_part_spelled_out_are_no_measure_word(make_database):
    """"How big was the MFC backlog": Missiles and Fire Control's "Backlog at year-end" row, its table's caption
    naming the segment (the row itself does not) — "MFC" names the part, so backlog alone is measured."""
    from finchat.answer.subject import analyse
    from finchat.db.pool import connect
    from finchat.graph.build import _ensure_vertex

    caption = "Missiles and Fire Control MFC's operating results included the following (in millions):"
    url = _stored(make_database, 2022, [(28, "Cash flow information", "Backlog", 149998, "millions", "USD"),
                                        (43, caption, "Net sales", 11317, "millions", "USD"),
                                        (43, caption, "Backlog at year-end", 28735, "millions", "USD")])
    with connect(url) as conn:
        _ensure_vertex(conn, "Segment", {"key": "ACME:Missiles and Fire Control"},
                       {"name": "Missiles and Fire Control", "names": ["Missiles and Fire Control", "MFC"],
                        "company": "ACME"})
        conn.commit()
    question = "How big was the MFC backlog at the end of 2022?"
    subject = analyse(question, companies=("Acme", "ACME"), segments=("Missiles and Fire Control",))
    assert "MFC" in subject.qualifiers
    got = _from_cells(url, question, subject, 2022)
    assert got is not None and got[1][0].value == 28735


def test_free_cash_flow_the_company_prints_is_its_row_unless_the_question_defines_it(make_database):
    """"What free cash flow did Acme generate": the report's "Free cash flow, non-GAAP measure" row (net of sales of
    property, $7,157), not operating cash flow less capital spending; a question giving the definition computes."""
    from types import SimpleNamespace

    from finchat.answer.compose import compose
    from finchat.db.pool import connect
    from finchat.retrieve.filters import Filters
    from finchat.retrieve.fusion import Hit

    url = _stored(make_database, 2021, [(53, "Free Cash Flow", "Free cash flow, non-GAAP measure", 7157, "millions",
                                         "USD")])
    hits = [Hit(1, {}, 1, "ACME_2021_10K", "ACME", "10-K", 2021, "FY", 53, 53, "table")]

    def answer(question: str) -> str:
        res = SimpleNamespace(question=question, hits=hits, notice="",
                              filters=Filters(companies=["ACME"], years=[2021], whole_year=True))
        with connect(url) as conn:
            return compose(conn, res).text

    assert "$7,157 million" in answer("What free cash flow did Acme generate in 2021?")
    assert "$7,157" not in answer("What was Acme's 2021 free cash flow, defined as operating cash flow less capital "
                                  "expenditure?")


def test_a_statement_line_asked_is_no_row_of_another_line_nor_one_word_of_it():
    """"net interest income" of a segment: not its "Net income/(loss)" (another statement line), nor a row holding
    only "income" ("Total mortgage fees and related income"); the row printing the line under a caption naming
    the segment by its initials answers."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2025, 9, 30)
    other = _row("Consumer & Community Banking › Net income/(loss)", 4334, now)
    fees = _row("Risk management › Total CCB mortgage fees and related income", 313, now)
    line = _row("Revenue › Net interest income", 10569, now)
    line = (line[0], line[1], line[2], line[3], "Selected income statement data … the business profile of CCB.",
            *line[5:])
    q = {"net", "interest", "income", "consumer", "community", "banking"}
    measure = {"interest", "income", "loss"}
    args = (["consumer community banking"], q, 3, now, False, measure, "How much net interest income did Acme's "
            "consumer and community banking business earn?", {"ccb": ["consumer", "community", "banking"]})
    best, _ = _pick([other, fees, line], *args, metric="net_interest_income")
    assert best.value == 10569
    assert _pick([other, fees], *args, metric="net_interest_income") is None


def test_a_total_row_takes_no_words_of_another_total():
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2022, 12, 31)
    # "Total Fios revenue" beside "Total Wireless service revenue": Fios service revenue is neither
    fios = (*_row("Total Fios revenue", 12823, now)[:12], "Total Fios revenue Total Wireless service revenue")
    q = {"fios", "service", "revenue"}
    assert _pick([fios], ["fios", "service"], q, 3, now, False, {"revenue"}) is None
    # an item of the table takes its totals' words as before ("Digital Media" under "Total subscription revenue")
    item = (*_row("Fios", 10900, now)[:12], "Total Fios revenue Total Wireless service revenue")
    assert _pick([item], ["fios", "service"], q, 3, now, False, {"revenue"})[0].value == 10900


def test_a_name_asked_is_no_row_of_another_name_ending_in_the_same_word():
    from finchat.answer.cellpick import pick_row as _pick
    from finchat.answer.cellrows import other_name

    now = date(2023, 6, 30)
    question = "How fast did Acme Cloud revenue grow in 2023?"
    segment = _row("Revenue › Intelligent Cloud", 87907, now)
    q = {"acme", "cloud", "revenue", "grow"}
    assert _pick([segment], ["cloud"], q, 3, now, False, {"revenue"}, question) is None
    assert _pick([segment], ["cloud"], q, 3, now, False, {"revenue"}, "What was Acme's cloud revenue?")[0].value == 87907
    own = _row("Acme Cloud revenue", 111600, now)
    assert _pick([segment, own], ["cloud"], q, 3, now, False, {"revenue"}, question)[0].value == 111600
    # a row naming the rest of the name only ("Commercial Airplanes" of "Boeing Commercial Airplanes") is the name's
    assert not other_name("Revenues › Commercial Airplanes", "commercial airplanes",
                          "What were Boeing Commercial Airplanes revenues in 2022?")
    assert other_name("Revenue › Intelligent Cloud", "cloud", question)
    assert other_name("Office products and cloud services", "cloud", question)


def test_a_rates_change_in_points_and_no_place_in_a_currency_heading():
    from finchat.answer.cellpick import GEO as _GEO
    from finchat.answer.cellpick import pick_row as _pick
    from finchat.answer.cells import points_moved

    assert points_moved(43.5, 46.0) == ", down 2.5 percentage points (250 basis points)"
    assert points_moved(3.8, 3.8) == ""

    now = date(2023, 5, 31)
    # "How many basis points did gross margin decline": the rows give the points
    cur = (*_row("Gross margin", 43.5, now)[:10], "%", "Gross margin")
    prior = (*_row("Gross margin", 46.0, date(2022, 5, 31), col=_INFERRED)[:10], "%", "Gross margin")
    best, before = _pick([cur, prior], ["gross margin"], {"gross", "margin", "basis", "points"}, 3, now, True, set())
    assert (best.value, before.value) == (43.5, 46.0)
    # a heading on foreign currency names no place; "foreign operations" does
    assert not _GEO.search("IMPACT OF FOREIGN CURRENCY EXCHANGE RATES") and _GEO.search("Foreign operations")


def test_the_notes_page_header_makes_no_table_consolidated():
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2023, 6, 30)
    note = ("ACME_2025Q2_10Q", 33, None, "Total unrealized gains on contracts designated as hedging instruments",
            "NOTE 10 > NOTES TO CONDENSED CONSOLIDATED FINANCIAL STA … designated as hedging instruments", "Three Months",
            "3M", now, 180.0, "millions", "USD", "Total unrealized gains")
    mdna = ("ACME_2025Q2_10Q", 52, None, "IMPACT OF FOREIGN CURRENCY EXCHANGE RATES › Hedging impact",
            "ITEM 2 > IMPACT OF FOREIGN CURRENCY EXCHANGE RATES", "Three Months", "3M", now, 34.0, "millions", "USD",
            "Hedging impact")
    q = {"hedging", "add", "net", "revenues"}
    best, _ = _pick([note, mdna], ["hedging"], q, 3, now, False, set(), company_wide=True)
    assert best.value == 34.0


def test_what_moved_eps_is_its_per_share_row():
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2019, 12, 28)
    # the statements' amount (a consolidated table's row) and the EPS reconciliation's per-share item
    amount = ("ACME_2025Q2_10Q", 50, None, "Goodwill impairment losses", "Consolidated Statements of Income",
              "Twelve Months Ended", "12M", now, 1197.0, "millions", "USD", "Goodwill impairment losses")
    per_share = ("ACME_2025Q2_10Q", 29, None, "Diluted EPS › Impairment losses", "Non-GAAP measures",
                 "Twelve Months Ended", "12M", now, 1.38, "millions", "USD/share", "Impairment losses")
    q = {"impairment", "losses", "take", "diluted", "eps"}
    question = "How much did impairment losses take off Testco's diluted EPS in 2019?"
    assert _pick([amount, per_share], ["impairment losses"], q, 12, now, False, set(),
                 question, company_wide=True)[0].value == 1.38


def test_a_lines_total_under_its_heading_over_a_cash_flow_add_back():
    import re

    from finchat.answer.cellpick import pick_row as _pick

    now = date(2017, 12, 31)

    def row(path: str, value: float, caption: str, page: int) -> tuple[object, ...]:
        return ("ACME_2017_10K", page, None, path, caption, "Twelve Months Ended", "12M", now, value, "millions", "USD",
                path.split(" › ")[-1])

    by_segment = "Other operating charges by operating segment were as follows"
    total = row("Other Operating Charges › Total", 2157, by_segment, 54)
    item = row("Other Operating Charges › Bottling Investments", 1218, by_segment, 54)
    added_back = row("OPERATING ACTIVITIES › Other operating charges", 1218,
                     "THE COMPANY AND SUBSIDIARIES CONSOLIDATED STATEMENTS OF CASH FLOWS", 77)
    q = {"percentage", "other", "operating", "charges", "rise"}
    question = "By what percentage did Testco's other operating charges rise in 2017?"
    parts = re.compile(r"(?i)\bBottling Investments\b")
    # the bare "Total" under the heading that is the line asked is the company's line; the cash flow statement's
    # row is the part of it added back to net income
    best, _ = _pick([added_back, item, total], ["other operating charges"], q, 12, now, False, set(), question,
                    company_wide=True, parts=parts)
    assert best.value == 2157
    # cash asked: the cash flow statement's row
    best, _ = _pick([added_back, item, total], ["other operating charges"], q | {"cash"}, 12, now, False, set(),
                    question.replace("other operating charges", "non-cash other operating charges"),
                    company_wide=True, parts=parts)
    assert best.row_path == added_back[3]
    # a "Total" under a heading naming more than what is asked ("Net …") is no total of it
    net = row("Net other operating charges › Total", 757, by_segment, 32)
    assert _pick([net], ["other operating charges"], q, 12, now, False, set(), question, company_wide=True) is None


def test_a_part_named_with_a_slash_is_found_as_printed(make_database):
    """"Retail/LTC" is one token of the text index: the row under it is found (in the store, through
    answer_from_cells)."""
    from finchat.answer.subject import Subject

    url = _stored(make_database, 2022, [
        (85, "Retail/LTC Segment — The following table summarizes the segment's performance",
         "Retail/LTC Segment › Adjusted operating income", 6705, "millions", "USD"),
        (85, "Health Care Benefits Segment", "Health Care Benefits Segment › Adjusted operating income", 6441,
         "millions", "USD")])
    got = _from_cells(url, "What was adjusted operating income for Acme's Retail/LTC segment in 2022?",
                      Subject("adjusted operating income", "operating_income", ("adjusted", "Retail/LTC"), "amount"),
                      2022)
    assert got is not None and got[1][0].value == 6705, got


def test_a_cost_as_a_percentage_of_sales_is_its_ratio_row():
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2020, 12, 31)

    def row(path: str, value: float, unit: str) -> tuple[object, ...]:
        # (a caption whose prose says "company" names no comparable-sales table)
        return ("ACME_2020_10K", 40, None, path, "Cost of Sales — the company's consolidated cost of sales were as follows",
                "Twelve Months Ended", "12M", now, value, "units" if unit == "%" else "millions", unit,
                path.split(" › ")[-1])

    rows = [row("Cost of sales – products", -48996, "USD"), row("Cost of sales – products › of product sales", 89.2, "%"),
            row("Cost of sales – services › of service sales", 89.5, "%")]
    question = "What was Testco's cost of sales for products as a percentage of product sales in 2020?"
    q = {"cost", "sales", "products", "percentage", "product"}
    best, _ = _pick(rows, ["cost sales products"], q, 12, now, True, {"product", "sales", "revenue", "revenues"},
                    question)
    assert best.value == 89.2
    # an expense's ratio to revenues: the expense is the part asked, its row no "cost of revenue"
    rows = [row("Total selling and administrative expense › of revenues", 32.5, "%")]
    question = "What was Testco's total selling and administrative expense as a percentage of revenues in 2020?"
    best, _ = _pick(rows, ["total selling administrative expense"], {"total", "selling", "administrative", "expense",
                                                                     "percentage", "revenues"},
                    12, now, True, {"revenue", "revenues", "sales"}, question)
    assert best.value == 32.5



def test_a_share_row_under_a_caption_with_growth_or_company_in_its_prose():
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2020, 12, 31)

    def row(path: str, value: float, caption: str) -> tuple[object, ...]:
        return ("ACME_2020_10K", 39, None, path, caption, "Twelve Months Ended", "12M", now, value, "units", "%",
                path.split(" › ")[-1])

    question = "What share of Testco's 2020 net sales came from services?"
    q = {"share", "net", "sales", "services"}
    # a ratio row under its line is a share, whatever growth the caption's prose speaks of
    best, _ = _pick([row("Services › of net sales", 16.0, "Net sales — sales growth was driven by services")],
                    ["services"], q, 12, now, True, {"sales"}, question)
    assert best.value == 16.0
    # "company" is no "comp" (comparable sales) word
    best, _ = _pick([row("Services", 16.0, "The company's net sales by type were as follows")], ["services"], q, 12,
                    now, True, {"sales"}, question)
    assert best.value == 16.0


def test_a_margin_asked_in_no_percentage_words_is_its_money_row_where_one_is_printed(make_database):
    """"What gross margin did Acme's Products earn": the row printing the margin in money under the name asked
    ("Gross margin › Products"), not its percentage row beside it; a percentage asked is never the money row — in
    the store, through answer_from_cells."""
    from finchat.answer.subject import analyse

    caption = "Products and Services gross margin and gross margin percentage:"
    url = _stored(make_database, 2023, [(19, caption, "Gross margin › Products", 61448, "millions", "USD"),
                                        (19, caption, "Gross margin percentage › Products", 35.4, "units", "%")])
    question = "What gross margin did Acme's Products earn in 2023?"
    got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2023)
    assert got is not None and got[1][0].value == 61448, got
    # a percentage asked: never the money row
    question = "What was the gross margin percentage of Acme's Products in 2023?"
    got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2023)
    assert got is None or got[1][0].unit == "%", got


def test_an_expenses_ratio_row_under_the_parts_caption_answers_its_share(make_database):
    """"Operating expenses as a percentage of revenues for Acme's Retail segment": the ratio row its table prints
    under the segment's caption ("Revenues › Operating expenses % of revenues"), said to be of the segment's
    revenues — not the segment's revenues as a share of the company's."""
    from finchat.answer.subject import analyse, as_share

    url = _stored(make_database, 2018, [
        (275, "Retail Segment", "Revenues › Total revenues", 83989, "millions", "USD"),
        (275, "Retail Segment", "Revenues › Operating expenses % of revenues", 27.9, "units", "%")])
    question = "What were operating expenses as a percentage of revenues for Acme's Retail segment in 2018?"
    # (the expense's ratio is read, as the answer reads it when no row prints the rate, as its share of the revenue)
    asked = analyse(question, companies=("Acme", "ACME"), segments=("Retail",))
    got = _from_cells(url, question, as_share(asked) or asked, 2018)
    assert got is not None and got[1][0].value == 27.9, got
    assert "of Retail's revenues" in got[0]


def test_a_market_or_wallet_share_is_a_percentage_not_a_rank(make_database):
    """"Acme's U.S. equity wallet share": the "Share" column's percentage, not the "Rank" beside it."""
    from finchat.answer.subject import analyse

    caption = "League table results – wallet share"
    url = _stored(make_database, 2023, [(25, caption, "Equity and equity-related › U.S.", 3, "units", "count"),
                                        (25, caption, "Equity and equity-related › U.S.", 11.6, "units", "%")])
    question = "What was Acme's U.S. equity and equity-related wallet share in 2023?"
    got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2023)
    assert got is not None and (got[1][0].value, got[1][0].unit) == (11.6, "%"), got


def test_what_moved_a_line_is_a_row_printing_its_words_together(make_database):
    """"How much did equity earnings contribute to … operating profit": no row whose heading and label hold the words
    apart ("Stockholders' equity › Retained earnings"); a row printing them as one label does."""
    from finchat.answer.subject import analyse

    question = "How much did equity earnings contribute to Acme's operating profit in 2023?"
    apart = _stored(make_database, 2023, [(5, "Balance sheets", "Stockholders' equity › Retained earnings", 19336,
                                           "millions", "USD")])
    assert _from_cells(apart, question, analyse(question, companies=("Acme", "ACME")), 2023) is None
    together = _stored(make_database, 2023, [(40, "Space", "Operating profit › Equity earnings", 35, "millions", "USD")])
    got = _from_cells(together, question, analyse(question, companies=("Acme", "ACME")), 2023)
    assert got is not None and got[1][0].value == 35, got


def test_a_measure_printed_as_its_plural_initials():
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2025, 6, 30)
    caption = "Operating metrics The following table details our average MAUs by segment (amounts in millions):"
    rows = [("ACME_2025Q2_10Q", 41, None, "King", caption, "June 30, 2025", None, now, 238.0, "millions", "count",
             "King"),
            ("ACME_2025Q2_10Q", 41, None, "Arcade", caption, "June 30, 2025", None, now, 92.0, "millions", "count",
             "Arcade")]
    q = {"average", "monthly", "active", "users", "king", "quarter"}
    measure = {"average", "monthly", "active", "users"}
    acronyms = {"mau": ["monthly", "active", "users"]}  # of the words after "average"
    best, _ = _pick(rows, ["king", "active users", "monthly"], q, 3, now, False, measure, "", acronyms)
    assert best.value == 238.0
    assert _pick(rows, ["king", "active users", "monthly"], q, 3, now, False, measure) is None  # without them


def test_a_count_row_named_number_of_is_the_count_asked():
    from finchat.answer.cellpick import is_measure as _is_measure

    assert _is_measure("Number of branches", {"branches"})
    assert not _is_measure("Number of client advisors", {"branches"})
    assert not _is_measure("Branch revenue", {"branches"})


def test_an_item_of_a_segment_in_a_table_no_heading_of_which_names_the_segment(make_database, monkeypatch):
    """"Equity Markets revenues in the CIB": the segment's name heads the page before its table, so no cell holds it;
    the filing's one row naming the item answers — and none when two tables name it."""
    import finchat.answer.cells as cells_mod
    from finchat.answer.subject import Subject

    monkeypatch.setattr(cells_mod, "company_segments", lambda conn, company: [["Corporate & Investment Bank", "CIB"]])
    subject = Subject("Equity Markets revenues", "revenue", ("Equity Markets", "Corporate & Investment Bank"), "amount")
    question = "What were Equity Markets revenues in Acme's CIB in 2024?"
    url = _stored(make_database, 2024, [(28, "Selected income statement data", "Revenue by business › Equity Markets",
                                         8436, "millions", "USD")])
    got = _from_cells(url, question, subject, 2024)
    assert got is not None and "$8,436 million" in got[0]
    url = _stored(make_database, 2024, [(28, "Selected income statement data", "Revenue by business › Equity Markets",
                                         8436, "millions", "USD"),
                                        (90, "International metrics", "Equity Markets", 1200, "millions", "USD")])
    assert _from_cells(url, question, subject, 2024) is None


def test_a_weighted_average_row_is_no_count_of_an_act():
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2025, 6, 30)
    rows = [(*_row("Denominator › Weighted-average ordinary shares to be repurchased", -11, now)[:9], "millions",
             "count", "Weighted-average ordinary shares to be repurchased")]
    q = {"many", "shares", "buy", "back"}
    assert _pick(rows, ["shares repurchased"], q, 3, now, False, {"shares", "repurchased"},
                 "How many shares did Acme buy back in Q2 2025?") is None
    best, _ = _pick(rows, ["shares repurchased"], q | {"weighted", "average"}, 3, now, False,
                    {"shares", "repurchased"}, "What weighted average shares are to be repurchased in Q2 2025?")
    assert best.value == -11


def test_a_charge_row_or_a_caption_naming_operating_segments_is_no_operating_income():
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2025, 12, 31)
    charges = (*_row("Other Operating Charges › Asia Pacific", 10, now)[:4], "Other operating charges by segment",
               *_row("x", 10, now)[5:])
    capex = (*_row("Asia Pacific", 3, now)[:4], "Capital expenditures and the percentage of such totals by operating "
             "segment were as follows (in millions)", *_row("x", 3, now)[5:11], "Asia Pacific")
    q = {"operating", "income", "asia", "pacific", "segment", "earn"}
    assert _pick([charges, capex], ["asia pacific"], q, 3, now, False, {"operating", "income", "loss"},
                 metric="operating_income") is None
    own = _row("Operating income › Asia Pacific", 2163, now)
    best, _ = _pick([charges, capex, own], ["asia pacific"], q, 3, now, False, {"operating", "income", "loss"},
                    metric="operating_income")
    assert best.value == 2163


def _cell(path: str, value: float, unit: str = "USD", caption: str = "Key metrics", scale: str = "millions",
          when: date = date(2025, 6, 30)) -> tuple[object, ...]:
    return ("ACME_2025Q2_10Q", 30, None, path, caption, "Three Months Ended", "3M", when, value, scale, unit,
            path.split(" › ")[-1])


def test_a_ratio_a_wider_line_or_a_sibling_line_is_not_the_line_asked():
    from finchat.answer.cellpick import pick_row

    now = date(2025, 6, 30)
    # a count per active account counts no active accounts
    per = [_cell("TPV › Number of payment transactions per active account", 54.7, "count", scale="units")]
    assert pick_row(per, ["active accounts"], {"active", "accounts"}, 3, now, False, set()) is None
    assert pick_row(per + [_cell("Active accounts", 431, "count")], ["active accounts"], {"active", "accounts"}, 3,
                    now, False, set())[0].value == 431
    # "Transaction and credit losses" is two lines; "Credit losses" another line of the kind asked
    lines = [_cell("Operating expenses › Transaction and credit losses", 398),
             _cell("Credit losses", 112, caption="Transaction and credit losses")]
    assert pick_row(lines, ["transaction losses"], {"transaction", "losses"}, 3, now, False, set()) is None
    # asked as printed, the row answers
    best = pick_row(lines, ["transaction credit losses"], {"transaction", "credit", "losses"}, 3, now, False, set())
    assert best[0].value == 398


def test_a_per_share_figure_asked_plainly_is_diluted_and_a_rate_is_the_lines_ratio_row():
    from finchat.answer.cellpick import pick_row

    now = date(2025, 6, 30)
    eps = [_cell("Core basic earnings per common share", 0.46, "USD/share", scale="units"),
           _cell("Core diluted earnings per common share", 0.45, "USD/share", scale="units")]
    q = {"core", "earnings", "per", "share"}
    assert pick_row(eps, ["core"], q, 3, now, False, {"eps", "earnings", "share"})[0].value == 0.45
    assert pick_row(eps, ["core"], q | {"basic"}, 3, now, False, {"eps", "earnings", "share"})[0].value == 0.46
    # "gross profit rate": the segment's "Gross profit as a % of revenue" row
    seg = [_cell("Gross profit", 2052, caption="Selected financial data for the Domestic segment"),
           _cell("Gross profit as a % of revenue", 23.1, "%", caption="Selected financial data for the Domestic segment",
                 scale="units")]
    best = pick_row(seg, ["domestic"], {"domestic", "gross", "profit", "rate"}, 3, now, True,
                    {"gross", "profit", "rate"}, metric="gross_profit")
    assert best[0].value == 23.1


def test_the_captions_own_words_name_no_measure():
    """"The following table presents … net revenues" over "Strip Resorts › Total": "table" is the caption's word,
    so the segment's total revenue is no "table games" figure."""
    from finchat.answer.cellpick import pick_row

    now = date(2025, 6, 30)
    caption = "Net Revenues by Segment The following table presents a detail by segment of net revenues:"
    rows = [_cell("Strip Resorts › Casino", 492, caption=caption), _cell("Strip Resorts › Total", 2146, caption=caption)]
    q = {"table", "games", "strip", "resorts"}
    assert pick_row(rows, ["strip resorts"], q, 3, now, False, {"table", "games"}) is None


def test_a_line_asked_in_its_own_words_or_by_its_verb_under_the_parts_caption(make_database):
    """"What net income attributable to common shareholders did Acme's Regulated Businesses earn": the row printing
    those words under the segment's caption, not a sentence; "How many prescriptions did … fill": "Prescriptions
    filled" — in the store, through answer_from_cells."""
    from finchat.answer.subject import analyse

    caption = "Presented in the table below is financial information for the Regulated Businesses:"
    url = _stored(make_database, 2021, [
        (64, caption, "Operating revenues", 3384, "millions", "USD"),
        (64, caption, "Net income attributable to common shareholders", 789, "millions", "USD")])
    question = "What net income attributable to common shareholders did Acme's Regulated Businesses earn in 2021?"
    got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2021)
    assert got is not None and got[1][0].value == 789, got
    url = _stored(make_database, 2021, [
        (275, "Retail/LTC Segment", "Revenues › Front Store", 19055, "millions", "USD"),
        (275, "Retail/LTC Segment", "Revenues › Prescriptions filled", 1339.1, "millions", "count")])
    question = "How many prescriptions did Acme's Retail/LTC segment fill in 2021?"
    got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2021)
    assert got is not None and got[1][0].value == 1339.1, got


def test_a_row_naming_the_part_and_the_measure_over_the_measure_under_the_parts_heading():
    """"Total natural gas operating revenue" (the part's) over "Natural gas › Total operating revenues" (the
    company's total, printed after the part's rows)."""
    from finchat.answer.cellpick import pick_row

    now = date(2025, 6, 30)
    rows = [_cell("Natural gas › Total natural gas operating revenue", 1499),
            _cell("Natural gas › Total operating revenues", 5394)]
    q = {"total", "natural", "gas", "operating", "revenues", "utility"}
    best = pick_row(rows, ["natural gas"], q, 3, now, False, {"operating", "revenues", "revenue", "sales"})
    assert best[0].value == 1499


def test_outside_the_united_states_is_what_tables_print_non_us(make_database):
    """"How many Converse stores operated outside the United States": the "Non-U.S. Retail Stores" list's row, not
    the U.S. list's."""
    from finchat.answer.subject import analyse

    url = _stored(make_database, 2021, [
        (4, "United States Market", "U.S. Retail Stores › Converse stores (including factory stores)", 112, "units",
         "count"),
        (4, "International Markets", "Non-U.S. Retail Stores › Converse stores (including factory stores)", 61, "units",
         "count")])
    question = "How many Converse stores operated outside the United States at the end of Acme's fiscal 2021?"
    got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2021)
    assert got is not None and got[1][0].value == 61, got


def test_a_share_of_revenue_is_never_over_a_tables_total_of_another_line(make_database):
    """"What share of … total revenue did services and support costs represent": the cost over the statement's
    revenue, not over the "Total cost of revenue" row of the cost table printing it."""
    from types import SimpleNamespace

    from finchat.answer.figures import Figure
    from finchat.answer.qualified import _share_of_total
    from finchat.answer.subject import analyse, as_share
    from finchat.db.pool import connect

    caption = "Results of Operations > Cost of Revenue (dollars in millions)"
    url = _stored(make_database, 2021, [(45, caption, "Subscription", 409.2, "millions", "USD"),
                                        (45, caption, "Services and support", 245.1, "millions", "USD"),
                                        (45, caption, "Total cost of revenue", 744.3, "millions", "USD")])
    revenue = Figure("ACME", "Acme", "revenue", 4795.5, "millions", "USD", "Year ended December 31, 2021", "12M",
                     "2021-12-31", "ACME_2021_10K", 60, 1)
    question = "What share of Acme's fiscal 2021 total revenue did services and support costs represent?"
    asked = analyse(question, companies=("Acme", "ACME"))
    subject = as_share(asked) or asked  # (the cost's ratio to revenue, read as its share)
    hits = [SimpleNamespace(document="ACME_2021_10K", company="ACME")]
    res = SimpleNamespace(question=question, hits=hits, filters=SimpleNamespace(years=[2021], quarters=[], companies=["ACME"]))
    with connect(url) as conn:
        got = _share_of_total(conn, question, subject, res, hits,
                              "ACME", "Acme", revenue)
    assert got is not None and "5.1%" in got.text and "32.9%" not in got.text, got


def test_people_counted_are_never_money_spent_on_them():
    """"What was Acme's headcount": not the "Compensation and related benefits associated with headcount" row
    (millions of dollars); the count of employees answers, and money asked of them is still money."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2025, 6, 30)
    money = _row("Compensation and related benefits associated with headcount", 2, now)
    count = _row("Headcount", 15706, now)
    count = (*count[:9], "units", "count", *count[11:])
    q = {"headcount"}
    asked = "What was Acme's headcount at June 30, 2025?"
    assert _pick([money], [], q, 3, now, False, {"headcount"}, asked) is None
    best, _ = _pick([money, count], [], q, 3, now, False, {"headcount"}, asked)
    assert best.value == 15706
    paid = "How much compensation associated with headcount did Acme record in the second quarter of 2025?"
    best, _ = _pick([money], [], q | {"compensation"}, 3, now, False, {"compensation", "headcount"}, paid)
    assert best.value == 2


def test_an_item_of_a_segment_is_what_a_rows_label_ends_on(make_database):
    """"How many employees did Acme have at Orient Macau": no row of a tax reconciliation naming an employee
    cost ("Non-deductible employee dining facility costs") — its label ends on costs, not employees."""
    from finchat.answer.subject import analyse
    from finchat.db.pool import connect
    from finchat.graph.build import _ensure_vertex

    url = _stored(make_database, 2020, [(87, "Income taxes: a reconciliation of the statutory rate",
                                         "Non-deductible employee dining facility costs", 0.2, "units", "count")])
    with connect(url) as conn:
        _ensure_vertex(conn, "Segment", {"key": "ACME:Orient Macau"},
                       {"name": "Orient Macau", "names": ["Orient Macau"], "company": "ACME"})
        conn.commit()
    question = "How many employees did Acme have at Orient Macau at the end of 2020?"
    subject = analyse(question, companies=("Acme", "ACME"), segments=("Orient Macau",))
    assert _from_cells(url, question, subject, 2020) is None
    # the one row whose label ends on the item still answers it
    with connect(url) as conn:
        conn.execute("UPDATE table_cells SET row_label = 'Full-time employees', row_path = 'Full-time employees'"
                     " WHERE page = 87")
        conn.commit()
    got = _from_cells(url, question, subject, 2020)
    assert got is not None and got[1][0].value == 0.2


def test_a_rows_own_extra_word_weighs_more_than_a_heading_over_it():
    """"By what percentage did Acme's hardware costs rise": the statement's "Cost of revenue › Hardware costs",
    not a balance sheet note's "Deferred hardware costs"."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2025, 6, 30)
    deferred = (*_row("Deferred hardware costs", 4546, now)[:6], None, *_row("x", 0, now)[7:])
    deferred = (*deferred[:8], 4546.0, *deferred[9:11], "Deferred hardware costs")
    flow = _row("Cost of revenue › Hardware costs", 68562, now)
    q = {"percentage", "hardware", "costs", "rise"}
    best, _ = _pick([deferred, flow], ["hardware costs"], q, 3, now, False, set(),
                    "By what percentage did Acme's hardware costs rise in the second quarter of 2025?")
    assert best.row_path == "Cost of revenue › Hardware costs"


def test_a_share_of_a_brands_revenue_is_never_over_the_companys(make_database):
    """"What share of ACME Brand revenues came from ACME Direct": ACME Direct's row over the company's revenue is a
    share of another whole — none computed (the filing's sentence stating it answers instead)."""
    from types import SimpleNamespace

    from finchat.answer.figures import Figure
    from finchat.answer.qualified import _share_of_total
    from finchat.answer.subject import analyse
    from finchat.db.pool import connect

    url = _stored(make_database, 2021, [(33, "North America > Revenues by channel (in millions)", "ACME Direct",
                                         5027, "millions", "USD")])
    revenue = Figure("ACME", "Acme", "revenue", 39117, "millions", "USD", "Year ended December 31, 2021", "12M",
                     "2021-12-31", "ACME_2021_10K", 52, 1)
    hits = [SimpleNamespace(document="ACME_2021_10K", company="ACME")]

    def share(question: str):  # type: ignore[no-untyped-def]
        subject = analyse(question, companies=("Acme", "ACME"))
        res = SimpleNamespace(question=question, hits=hits,
                              filters=SimpleNamespace(years=[2021], quarters=[], companies=["ACME"]))
        with connect(url) as conn:
            return _share_of_total(conn, question, subject, res, hits, "ACME", "Acme", revenue)

    assert share("What share of Acme Brand revenues came from ACME Direct in 2021?") is None
    got = share("What share of Acme's total revenues came from ACME Direct in 2021?")
    assert got is not None and "12.9%" in got.text, got


def test_the_united_states_asked_is_the_row_printed_us(make_database):
    """A release's product rows "ZUMAB › U.S." / "› International" / "ZUMAB" (worldwide): "How much did ZUMAB sell
    in the United States" is the U.S. row; naming no region, the product's own row."""
    from finchat.answer.subject import analyse

    caption = "IMMUNOLOGY REPORTED SALES vs. PRIOR PERIOD ($MM)"
    url = _stored(make_database, 2021, [(16, caption, "ZUMAB › U.S.", 1817, "millions", "USD"),
                                        (16, caption, "ZUMAB › International", 981, "millions", "USD"),
                                        (16, caption, "ZUMAB", 2797, "millions", "USD")])
    for question, value in (("How much did ZUMAB sell in the United States in 2021?", 1817),
                            ("What were ZUMAB's sales in 2021?", 2797)):
        got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2021)
        assert got is not None and got[1][0].value == value, (question, got)



def test_a_yield_asked_is_a_percentage(make_database):
    """"What was Acme's net yield on average interest-earning assets excluding Markets": the row printing 3.80 %,
    not a yield row whose "%" the table left out (read as a plain number) — a yield is a percentage."""
    from finchat.answer.subject import analyse

    caption = "Explanation and reconciliation of non-GAAP measures"
    url = _stored(make_database, 2024, [
        (17, caption, "Less › Net yield on average Markets interest-earning assets", 0.93, "units", "count"),
        (17, caption, "Less › Net yield on average interest-earning assets excluding Markets", 3.8, "units", "%")])
    question = "What was Acme's net yield on average interest-earning assets excluding Markets in 2024?"
    subject = analyse(question, companies=("Acme", "ACME"))
    got = _from_cells(url, question, subject, 2024)
    assert got is not None and got[1][0].value == 3.8, got


def test_a_compound_and_a_plural_in_ies_name_their_row(make_database):
    """"work-in-process inventory": the row "Work in process" under "5. Inventories" (the hyphens are no words of
    the row, "inventories" is the plural of "inventory")."""
    from finchat.answer.subject import analyse

    caption = "NOTES TO CONSOLIDATED FINANCIAL STATEMENTS > 5. Inventories"
    url = _stored(make_database, 2024, [(10, caption, "Finished goods", 1234, "millions", "USD"),
                                        (10, caption, "Work in process", 553, "millions", "USD")])
    question = "How much work-in-process inventory did Acme hold in 2024?"
    got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2024)
    assert got is not None and got[1][0].value == 553, got


def test_a_maturitys_span_is_its_row_not_the_total(make_database):
    """"content obligations … coming due in less than one year": that row, never the total of the table."""
    from finchat.answer.subject import analyse

    caption = "The expected timing of payments for these content obligations is as follows:"
    url = _stored(make_database, 2024, [(15, caption, "Less than one year", 9818, "millions", "USD"),
                                        (15, caption, "Due after one year and through three years", 9131, "millions",
                                         "USD"),
                                        (15, caption, "Total content obligations", 20900, "millions", "USD")])
    question = "What content obligations does Acme have coming due in less than one year in 2024?"
    got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2024)
    assert got is not None and got[1][0].value == 9818, got


def test_a_row_measuring_something_of_the_measure_is_not_it(make_database):
    """"Contribution from contract asset" is what contract assets added to a flow, not the contract assets; "Number
    of branches" still counts branches."""
    from finchat.answer.subject import analyse

    caption = "Remaining performance obligation"
    url = _stored(make_database, 2024, [(18, caption, "Contribution from contract asset", 63, "millions", "USD"),
                                        (18, caption, "Number of branches", 4869, "units", "count")])
    question = "What were Acme's contract assets in 2024?"
    assert _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2024) is None
    question = "How many branches did Acme operate in 2024?"
    got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2024)
    assert got is not None and got[1][0].value == 4869, got


def test_square_footage_is_the_row_of_square_feet(make_database):
    """"retail square footage": the row "Retail square feet at period end" (a row's word for it)."""
    from finchat.answer.subject import analyse

    url = _stored(make_database, 2024, [(36, "Consolidated Results of Operations", "Retail square feet at period end",
                                         1129, "millions", "count"),
                                        (36, "Consolidated Results of Operations", "Unit counts at period end", 11501,
                                         "units", "count")])
    question = "How much retail square footage did Acme have at the end of 2024?"
    got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2024)
    assert got is not None and got[1][0].value == 1129, got



def test_a_lines_own_words_are_the_rows_not_a_captions():
    """"gross investment banking revenue … of Commercial Banking": the segment's "Total net revenue" under a caption
    naming "Corporate & Investment Bank … Commercial Banking" is no investment banking revenue; a row naming it is."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2022, 9, 30)
    caption = "Segment results Consumer & Community Banking Corporate & Investment Bank Commercial Banking (in millions)"

    def row(path: str, value: float, cap: str = caption) -> tuple[object, ...]:
        return ("JPM_2022Q3_10Q", 22, None, path, cap, "Three Months Ended", "3M", now, value, "millions", "USD",
                path.split(" › ")[-1])

    q = "What gross investment banking revenue did Testco's Commercial Banking generate in Q3 2022?"
    words = {"gross", "investment", "banking", "revenue", "commercial", "q3", "2022"}
    terms = ["investment banking", "commercial banking"]
    assert _pick([row("Commercial Banking › Total net revenue", 3048)], terms, words, 3, now, False,
                 {"revenue", "revenues", "sales"}, q) is None
    best, _ = _pick([row("Commercial Banking › Total net revenue", 3048),
                     row("Commercial Banking › Investment banking revenue, gross", 761)], terms, words, 3, now, False,
                    {"revenue", "revenues", "sales"}, q)
    assert best.value == 761


def test_a_lower_case_word_before_the_measure_names_its_line():
    """"interest income": a row printing the two words ("Interest income"), or the word alone under the measure's
    heading or caption ("Subscription revenue by segment › Digital Media"), never a row of another line holding
    a form of the word ("Comprehensive loss attributable to noncontrolling interests")."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2025, 6, 30)
    q = {"interest", "income"}
    question = "How much interest income did Acme earn in Q2 2025?"
    other = _row("Other comprehensive income (loss), net of tax › Less: Comprehensive loss attributable to "
                 "noncontrolling interests", 1249, now)
    assert _pick([other], ["interest"], q, 3, now, False, {"income", "loss"}, question) is None
    best, _ = _pick([other, _row("Other income › Interest income", 87, now)], ["interest"], q, 3, now, False,
                    {"income", "loss"}, question)
    assert best.value == 87
    by_segment = ("ACME_2025Q2_10Q", 16, None, "Revenue › Digital Media", "Subscription revenue by segment",
                  "Three Months Ended", "3M", now, 3880, "millions", "USD", "Digital Media")
    best, _ = _pick([by_segment], ["subscription", "digital media"], {"subscription", "revenue", "digital", "media"},
                    3, now, False, {"revenue"}, "How much subscription revenue did Acme's Digital Media segment earn?")
    assert best.value == 3880
    # (or the row's named column: "Pennsylvania" under "Operating Revenues › Wastewater")
    column = "Operating Revenues › Wastewater — Three Months Ended"
    named = ("ACME_2025Q2_10Q", 7, None, "Pennsylvania", "Regulated Businesses", column, "3M", now, 82, "millions",
             "USD", "Pennsylvania")
    best, _ = _pick([named], ["wastewater", "pennsylvania"], {"wastewater", "operating", "revenues", "pennsylvania"},
                    3, now, False, {"operating", "revenues"},
                    "What were Acme's wastewater operating revenues in Pennsylvania in Q2 2025?")
    assert best.value == 82


def test_an_item_excluded_from_a_measure_is_the_reconciliations_row():
    """"… restructuring and related costs did Acme exclude from segment operating income": the row of the table
    reconciling segment operating income (−137), not the statement's line of the same name (132)."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2025, 6, 30)

    def row(caption: str, value: float) -> tuple[object, ...]:
        return ("ACME_2025Q2_10Q", 16, None, "Restructuring and related costs", caption, "Three Months Ended", "3M",
                now, value, "millions", "USD", "Restructuring and related costs")

    rows = [row("Consolidated Statements of Operations Data", 132),
            row("Reconciliation to consolidated income before income tax expense:", -137)]
    question = "How much in restructuring and related costs did Acme exclude from segment operating income in Q2 2025?"
    q = {"restructuring", "related", "costs", "exclude", "segment", "operating", "income"}
    for ordered in (rows, rows[::-1]):
        best, _ = _pick(ordered, ["restructuring related costs"], q, 3, now, False,
                        {"restructuring", "related", "costs"}, question)
        assert best.value == -137


def test_an_amount_asked_is_no_figure_per_share():
    """"Adjusted Net Income" asked: the amount's row, never "… Per Share › Basic" beside it; per share asked, that."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2025, 6, 30)

    def row(path: str, value: float, unit: str) -> tuple[object, ...]:
        return ("ACME_2025Q2_10Q", 16, None, path, "Reconciliation of net loss to Adjusted Net Income (Loss)",
                "Three Months Ended", "3M", now, value, "thousands" if unit == "USD" else "units", unit,
                path.split(" › ")[-1])

    rows = [row("Adjusted Net Income (Loss) Per Share › Basic", 0.04, "USD/share"),
            row("Adjusted Net Income (Loss)", 15018, "USD")]
    q = {"adjusted", "net", "income"}
    # (a table printing only the figure per share answers no amount)
    assert _pick(rows[:1], ["adjusted"], q, 3, now, False, {"net", "income", "loss"},
                 "What was Acme's Adjusted Net Income for Q2 2025?") is None
    best, _ = _pick(rows, ["adjusted"], q, 3, now, False, {"net", "income", "loss"},
                    "What was Acme's Adjusted Net Income for Q2 2025?")
    assert best.value == 15018
    best, _ = _pick(rows, ["adjusted"], q | {"per", "share"}, 3, now, False, {"net", "income", "loss"},
                    "What was Acme's Adjusted Net Income per share for Q2 2025?")
    assert best.value == 0.04


def test_a_place_before_a_product_named_in_lower_case_is_its_row():
    """"U.S. contact lens sales": the row "CONTACT LENSES / OTHER › U.S." (a plural in "-es", the place a row of its
    own), never the product's worldwide row."""
    from finchat.answer.cellpick import pick_row as _pick
    from finchat.answer.subject import analyse

    now = date(2022, 12, 31)
    question = "What were Acme's U.S. contact lens sales in Q4 2022?"
    assert analyse(question, companies=("Acme", "ACME")).qualifiers == ("U.S.", "contact lens")
    rows = [_row("CONTACT LENSES / OTHER", 831, now), _row("CONTACT LENSES / OTHER › U.S.", 343, now),
            _row("CONTACT LENSES / OTHER › International", 489, now)]
    best, _ = _pick(rows, ["u.s", "contact lens"], {"u.s", "contact", "lens", "sales"}, 3, now, False,
                    {"u.s", "contact", "lens", "sales"}, question)
    assert best.value == 343


def test_a_slashed_name_is_searched_as_the_index_reads_it(make_database):
    """"FAS/CAS operating adjustment": the full-text index reads "FAS/CAS" as one word, so the row is found
    (searched as "fas cas" it is not)."""
    from finchat.answer.subject import analyse

    url = _stored(make_database, 2023, [(3, "Summary Financial Results", "Unallocated items › FAS/CAS operating adjustment",
                                         1662, "millions", "USD"),
                                        (3, "Summary Financial Results", "Unallocated items › Other, net", -74,
                                         "millions", "USD")])
    question = "What was Acme's FAS/CAS operating adjustment in 2023?"
    got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2023)
    assert got is not None and got[1][0].value == 1662, got


def test_a_line_net_of_the_measure_is_not_the_measure():
    """"interest capitalized": never "Interest expense, net of amounts capitalized" (the expense after it)."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2018, 12, 31)
    rows = [_row("Non-operating income (expense) › Interest expense, net of amounts capitalized", 769513, now),
            _row("Interest capitalized", 51716, now)]
    q = {"interest", "capitalized"}
    best, _ = _pick(rows, ["interest capitalized"], q, 3, now, False, None, "How much interest did Acme capitalize?")
    assert best.value == 51716
    assert _pick(rows[:1], ["interest capitalized"], q, 3, now, False, None, "How much interest did Acme capitalize?") is None


def test_a_list_holding_the_measure_is_not_the_measure():
    """"restricted cash": never "Total cash, cash equivalents and restricted cash" (a sum it is one item of, a list
    with its commas); a label joining two words with "and" and no comma stays one line."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2023, 7, 29)
    rows = [_row("Total cash, cash equivalents and restricted cash", 1889, now),
            _row("Restricted cash included in Other current assets", 398, now)]
    q = {"restricted", "cash", "hold"}
    best, _ = _pick(rows, ["restricted"], q, 3, now, False, {"restricted", "cash"}, "How much restricted cash did Acme hold?")
    assert best.value == 398
    assert _pick(rows[:1], ["restricted"], q, 3, now, False, {"restricted", "cash"},
                 "How much restricted cash did Acme hold?") is None
    # (a label whose "and" joins its own words, no list: one line)
    rows = [_row("Transfers and restricted cash", 120, now)]
    best, _ = _pick(rows, ["restricted"], q, 3, now, False, {"restricted", "cash"}, "How much restricted cash did Acme hold?")
    assert best.value == 120


def test_a_parts_row_under_another_measures_heading_is_not_the_measure():
    """"net revenues at Acme China": never "Capital expenditures › Acme China" or "Adjusted Property EBITDAR › Acme
    China", whatever their caption says — the part's row under its own measure is; a row naming a measure itself
    ("Revenues › Operating income") is that measure's, however the layout nested it."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2020, 12, 31)
    q = {"net", "revenues", "acme", "china", "decrease"}
    rows = [_row("Capital expenditures › Acme China", 108352, now), _row("Adjusted Property EBITDAR › Acme China", -193832, now)]
    args = (["acme china"], q, 3, now, False, {"net", "revenues"}, "By what percentage did net revenues at Acme China decrease?")
    assert _pick(rows, *args, metric="revenue") is None
    best, _ = _pick([*rows, _row("Net revenues › Acme China", 656703, now)], *args, metric="revenue")
    assert best.value == 656703
    rows = [_row("Pharmacy Services › Revenues › Operating income", 4699, now)]
    best, _ = _pick(rows, ["pharmacy services"], {"operating", "income", "pharmacy", "services"}, 3, now, False,
                    {"operating", "income"}, "What operating income did Acme's Pharmacy Services segment earn?",
                    metric="operating_income")
    assert best.value == 4699


def test_a_parts_own_name_and_a_tables_total_are_no_words_of_the_measure():
    """"total client assets of Acme's Asset & Wealth Management": never the segment's goodwill row ("Asset & Wealth
    Management", under "Total goodwill") — "asset" of the name and "total" of any table are not the client assets —
    but the total under a caption headed by the segment's name is the segment's."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2021, 3, 31)
    goodwill = (*_row("Asset & Wealth Management", 7020, now)[:4], "Note 14 > Goodwill The following table presents "
                "goodwill attributed to the business segments.", *_row("x", 7020, now)[5:11], "Asset & Wealth Management",
                "Total goodwill")
    q = {"total", "client", "assets", "asset", "wealth", "management"}
    args = (["asset wealth management"], q, 3, now, False, {"client", "assets"},
            "What were total client assets of Acme's Asset & Wealth Management at March 31, 2021?")
    assert _pick([goodwill], *args) is None
    total = (*_row("Client assets › Total client assets", 3828, now)[:4],
             "Item 1 > ASSET & WEALTH MANAGEMENT > Client assets", *_row("x", 3828, now)[5:])
    best, _ = _pick([goodwill, total], *args)
    assert best.value == 3828


def test_a_loss_asked_by_itself_is_the_row_naming_what_else_the_question_says():
    """"What loss did Acme incur … on the early retirement of its senior notes": never "Operating income (loss)" (the
    "(loss)" is the line's sign) nor "Other comprehensive loss" — the row naming the retirement is."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2025, 6, 30)
    q = {"loss", "incur", "early", "retirement", "senior", "notes", "termination", "revolving", "facility"}
    question = "What loss did Acme incur on the early retirement of its senior notes and the termination of its revolving facility?"
    rows = [_row("Expenses › Operating income (loss)", -642434, now), _row("Other comprehensive loss", -51603, now)]
    assert _pick(rows, ["loss"], q, 3, now, False, None, question) is None
    best, _ = _pick([*rows, _row("Loss on early retirement of debt", 126462, now)], ["loss"], q, 3, now, False, None,
                    question)
    assert best.value == 126462


def test_a_measure_of_three_words_is_matched_by_two():
    """"pre-tax net gain … on its South Korean won hedges": never "South Korean tax deposits" (one word of three)."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2025, 6, 30)
    q = {"pre", "tax", "net", "gain", "record", "south", "korean", "won", "hedges"}
    rows = [_row("Non-current assets › South Korean tax deposits", 365, now)]
    assert _pick(rows, ["south korean"], q, 3, now, False, {"pre", "tax", "gain"}, "What pre-tax net gain did Acme record "
                 "on its South Korean won hedges?") is None


def test_a_value_asked_is_named_by_its_kind_not_by_the_word_value():
    """"carrying value" of minority investments: never "Fair value adjustments to minority investments" ("value" names
    no kind of value by itself)."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2025, 6, 30)
    q = {"carrying", "value", "minority", "investments", "fair", "measurement", "alternative"}
    rows = [_row("Fair value adjustments to minority investments", 52, now)]
    assert _pick(rows, ["minority investments"], q, 3, now, False, {"carrying", "value"}, "What carrying value did "
                 "Acme's minority investments under the fair value measurement alternative have?") is None


def test_a_parts_row_by_its_initials_in_the_table_its_caption_says_measures_what_is_asked(make_database):
    """Three tables of segment rows told apart only by their captions: "Acme Web Services depreciation and amortization
    expense" (asked by its initials, "AWS …") is the row "AWS" of the table introduced as the depreciation's; "How much
    did Acme add to property and equipment in its International segment" the row of the additions' table, not the
    property's own; "the fair value of Acme's stake in Nordmart" the row naming the investment, where no row names its
    value (never the change in its fair value; nor, for a kind of holding, the balance sheet's whole) — in the store,
    through answer_from_cells."""
    from finchat.answer.subject import Subject, analyse

    net = "Note 10 — Segment information Property and equipment, net by segment is as follows (in millions):"
    added = "Note 10 — Segment information Total net additions to property and equipment by segment are as follows (in millions):"
    dna = "Note 10 — Segment information Total depreciation and amortization expense, by segment, is as follows (in millions):"
    held = "Note 3 — Investments The following table summarizes our equity investments (in millions):"
    url = _stored(make_database, 2019, [
        (69, net, "AWS", 23481, "millions", "USD"), (69, net, "International", 9566, "millions", "USD"),
        (69, added, "AWS", 13058, "millions", "USD"), (69, added, "International", 3298, "millions", "USD"),
        (69, dna, "AWS", 8158, "millions", "USD"), (69, dna, "International", 1886, "millions", "USD"),
        (18, held, "Equity investment in Nordmart", 2656, "millions", "USD"),
        (34, "Gains and losses", "Unrealized change in fair value of equity investment in Nordmart", -36, "millions",
         "USD"), (4, "Consolidated balance sheets", "Current assets › Minority investments", 722, "millions", "USD")])
    got = _from_cells(url, "What was AWS depreciation and amortization expense in 2019?",
                      Subject("AWS depreciation and amortization expense", None, ("Acme Web Services",), "amount",
                              keeps=()), 2019)
    assert got is not None and got[1][0].value == 8158, got
    question = "How much did Acme add to property and equipment in its International segment in 2019?"
    got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2019)
    assert got is not None and got[1][0].value == 3298, got
    question = "What was the fair value of Acme's stake in Nordmart at December 31, 2019?"
    got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2019)
    assert got is not None and got[1][0].value == 2656, got
    # a kind of holding, not a company held: the balance sheet's row is the whole, no carrying value asked of a part
    question = "What carrying value did Acme's minority investments under the measurement alternative have in 2019?"
    assert _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2019) is None


@pytest.mark.parametrize(("rows", "question", "value"), [
    # "net sales outside the United States": the row tables print "Non-U.S." — or "Non-United States"
    ((("Net sales › United States", 12462.8), ("Net sales › Non-United States", 4402.4)),
     "What were Acme's net sales outside the United States in 2019?", 4402.4),
    # "net sales to Canadian customers": the row tables print "Canada" — never the company's total
    ((("Net sales to customers › United States", 36248), ("Net sales to customers › Canada", 2899)),
     "What were Acme's net sales to Canadian customers in 2019?", 2899),
    # (a segment named by the adjective is the segment's own name, printed so: "Canadian Operations", never "Canada")
    ((("Net sales to customers › United States", 36248), ("Net sales to customers › Canada", 2899)),
     "What were net sales of Acme's Canadian segment in 2019?", None),
])
def test_a_place_printed_otherwise_than_asked(make_database, rows, question, value):
    from finchat.answer.subject import analyse

    url = _stored(make_database, 2019, [(91, "Financial information by geographic area", path, figure, "millions",
                                         "USD") for path, figure in rows])
    got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2019)
    if value is None:
        assert got is None or got[1][0].value != 2899, got
    else:
        assert got is not None and got[1][0].value == value, got


def test_a_part_asked_by_initials_its_filing_defines_is_the_row_spelling_them_out(make_database):
    """"APLA's earnings before interest and taxes", where the filing defines "Asia Pacific & Latin America (APLA)" and
    its tables print the name spelled out: that part's row, never the company's."""
    from finchat.answer.filingnames import defined_initials
    from finchat.answer.subject import analyse

    url = _stored(make_database, 2018, [
        (73, "Operating segments", "EARNINGS BEFORE INTEREST AND TAXES › Earnings Before Interest and Taxes", 4379,
         "millions", "USD"),
        (73, "Operating segments", "EARNINGS BEFORE INTEREST AND TAXES › Asia Pacific & Latin America", 1189,
         "millions", "USD")])
    with _with_prose(url, "The Company's reportable operating segments are: North America; Europe, Middle East & Africa "
                          "(EMEA); and Asia Pacific & Latin America (APLA).") as conn:
        assert defined_initials(conn, "ACME_2018_10K", "APLA") == "Asia Pacific & Latin America"
        assert defined_initials(conn, "ACME_2018_10K", "EMEA") == "Europe, Middle East & Africa"
        assert defined_initials(conn, "ACME_2018_10K", "NA") == ""
    question = "By what percentage did APLA's earnings before interest and taxes grow at Acme in fiscal 2018?"
    got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2018)
    assert got is not None and got[1][0].value == 1189, got


def test_an_item_of_the_table_whose_total_names_the_rest_of_the_measure(make_database):
    """"alternatives assets under management": the row "Alternatives" of the table whose total is "Total assets under
    management" — an item above its total, not another measure under a heading; a measure no total names is none."""
    from finchat.answer.subject import analyse

    url = _stored(make_database, 2019, [(30, "Client assets and assets under management by asset class",
                                         f"Assets by asset class › {label}", value, "billions", "USD")
                                        for label, value in (("Liquidity", 657), ("Alternatives", 208),
                                                             ("Total assets under management", 2960),
                                                             ("Total client assets", 4116))])
    question = "How much did Acme have in alternatives assets under management at the end of 2019?"
    got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2019)
    assert got is not None and got[1][0].value == 208, got
    question = "How much did Acme have in alternatives loans at the end of 2019?"
    got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2019)
    assert got is None or got[1][0].value != 208, got


def test_a_balance_asked_at_a_years_end_is_the_closing_row_of_the_roll_forward_its_caption_names(make_database):
    """"gross unrecognized tax benefits at the end of 2019": the "Balance, end of year" row of the table introduced
    as "changes in our total gross unrecognized tax benefit liabilities" — not its opening balance nor a movement."""
    from finchat.answer.subject import analyse

    caption = ("NOTE 15. INCOME TAXES The following table sets forth changes in our total gross unrecognized tax benefit "
               "liabilities, excluding accrued interest, for fiscal 2019 and fiscal 2018.")
    url = _stored(make_database, 2019, [(88, caption, path, value, "millions", "USD") for path, value in (
        ("Balance, beginning of year", 139.1), ("Tax positions related to current year › Additions", 18.7),
        ("Tax positions related to prior years › Reductions", -6.0), ("Balance, end of year", 147.9))])
    question = "What were Acme's gross unrecognized tax benefits at the end of fiscal 2019?"
    got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2019)
    assert got is not None and got[1][0].value == 147.9, got


def test_a_measure_named_in_capitals_is_no_row_printing_another_word_inside_it(make_database):
    """"Adjusted EBITDAR" asked: never "Adjusted Property EBITDAR" (another measure, the segments' one); the row
    printing the name whole answers where there is one."""
    from finchat.answer.subject import analyse

    path = "Adjusted Property EBITDAR › Reportable segment Adjusted Property EBITDAR"
    segments = [(100, "NOTE 17 — SEGMENT INFORMATION", path, 4233.8, "millions", "USD")]
    question = "What was Acme's Adjusted EBITDAR for 2022?"
    url = _stored(make_database, 2022, segments)
    got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2022)
    assert got is None or got[1][0].value != 4233.8, got
    url = _stored(make_database, 2022, [*segments, (45, "Non-GAAP Measures", "Adjusted EBITDAR", 3497.3, "millions",
                                                    "USD")])
    got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2022)
    assert got is not None and got[1][0].value == 3497.3, got


def test_an_expense_as_a_percentage_of_revenues_is_the_ratio_row_under_its_heading(make_database):
    """"general and administrative expense as a percentage of revenues": the row "As a percentage of revenues" under
    the "General and Administrative" heading (the row names no numerator: its heading's), not another line's."""
    from finchat.answer.subject import analyse, as_share

    url = _stored(make_database, 2015, [(24, "Consolidated Operating Expenses", path, value, "units", "%")
                                        for path, value in (("Technology and Development › As a percentage of revenues",
                                                             10.0),
                                                            ("General and Administrative › As a percentage of revenues",
                                                             6.0))])
    question = "What was Acme's general and administrative expense as a percentage of revenues in 2015?"
    asked = analyse(question, companies=("Acme", "ACME"))
    got = _from_cells(url, question, as_share(asked) or asked, 2015)
    assert got is not None and got[1][0].value == 6.0, got


def test_a_segments_measure_is_never_a_notes_row_of_the_whole_company(make_database):
    """"By how much did advertising expense increase in Acme's Consumer segment": the one row naming advertising
    expense sits in a note to the consolidated statements — the company's, no answer for the segment (a sentence
    of the segment's pages is looked for instead)."""
    from finchat.answer.subject import analyse
    from finchat.db.pool import connect
    from finchat.graph.build import _ensure_vertex

    note = ("Note 15. Additional Financial Information > Income Statement Information The following tables provide "
            "additional financial information related to our consolidated financial statements:")
    url = _stored(make_database, 2022, [(105, note, "Advertising expense", 3556, "millions", "USD")])
    with connect(url) as conn:
        for name in ("Consumer", "Business"):
            _ensure_vertex(conn, "Segment", {"key": f"ACME:{name}"}, {"name": name, "names": [name], "company": "ACME"})
        conn.commit()
    question = "By how much did advertising expense increase in Acme's Consumer segment in 2022?"
    subject = analyse(question, companies=("Acme", "ACME"))
    assert subject.qualifiers == ("Consumer",) and subject.metric is None
    assert _from_cells(url, question, subject, 2022) is None
    # (a table of the segment's own pages naming the measure still answers)
    url = _stored(make_database, 2022, [(31, "Operating Expenses", "Advertising expense", 1210, "millions", "USD")])
    with connect(url) as conn:
        for name in ("Consumer", "Business"):
            _ensure_vertex(conn, "Segment", {"key": f"ACME:{name}"}, {"name": name, "names": [name], "company": "ACME"})
        conn.commit()
    got = _from_cells(url, question, subject, 2022)
    assert got is not None and got[1][0].value == 1210


def test_initials_asked_are_searched_as_printed_and_a_labels_units_are_no_word_of_it(make_database):
    """"How much billed business did Acme's USCS segment process": the row "Billed business (billions)" of the table
    captioned "TABLE 10: USCS SELECTED STATISTICAL INFORMATION" — the initials asked are looked for as printed, not
    only as the words they spell out, and "(billions)" is no word of the label."""
    from finchat.answer.cellpick import is_measure
    from finchat.answer.subject import analyse
    from finchat.db.pool import connect

    assert is_measure("Billed business (billions)", {"billed", "business"})
    assert not is_measure("Billed business per card (billions)", {"billed", "business"})
    caption = "TABLE 10: USCS SELECTED STATISTICAL INFORMATION As of or for the Years Ended December 31,"
    url = _stored(make_database, 2022, [(55, caption, "Billed business (billions)", 553.0, "billions", "USD"),
                                        (58, "TABLE 12: CS SELECTED STATISTICAL INFORMATION",
                                         "Billed business (billions)", 499.5, "billions", "USD")])
    with connect(url) as conn:  # (the filing defines the initials in its text; no segment of the graph is known)
        doc = conn.execute("SELECT id FROM documents WHERE name = 'ACME_2022_10K'").fetchone()[0]
        text = "We report our results in three segments: U.S. Consumer Services (USCS) and Commercial Services (CS)."
        conn.execute("INSERT INTO chunks (document_id, ordinal, page_start, page_end, section, kind, text, embed_text)"
                     " VALUES (%s, 1, 5, 5, 'Item 1. Business', 'text', %s, %s)", (doc, text, text))
        conn.commit()
    question = "How much billed business did Acme's USCS segment process in 2022?"
    subject = analyse(question, companies=("Acme", "ACME"))
    got = _from_cells(url, question, subject, 2022)
    assert got is not None and got[1][0].value == 553.0, got


def test_a_tables_bare_total_answers_the_measure_its_introducing_sentence_names(make_database):
    """"Acme's total revenue deductions": the bare "Total" row of the table the sentence "The following presents
    information about revenue deductions:" introduces (its items name no deduction), not a sentence about them."""
    from finchat.answer.subject import Subject

    caption = ("Revenue Deductions Product-specific rebates can have a significant impact on growth. The following "
               "presents information about revenue deductions:")
    url = _stored(make_database, 2021, [(40, caption, "(MILLIONS) › Chargebacks", 6100, "millions", "USD"),
                                        (40, caption, "(MILLIONS) › Sales allowances", 4800, "millions", "USD"),
                                        (40, caption, "(MILLIONS) › Total", 17200, "millions", "USD"),
                                        (41, "Other liabilities", "Total", 900, "millions", "USD")])
    got = _from_cells(url, "What were Acme's total revenue deductions in 2021?",
                      Subject("revenue deductions", None, (), "amount"), 2021)
    assert got is not None and got[1][0].value == 17200
    # said as what it is the total of, its heading of units no name
    assert got[0].startswith("Acme's total revenue deductions for the year ended December 31, 2021 was $17,200 million")
    said = _from_cells(url, "What were Acme's chargebacks in 2021?", Subject("chargebacks", None, (), "amount"), 2021)
    assert said is not None and said[0].startswith("Acme's Chargebacks for"), said
    # a total under a caption naming another measure is none of it
    assert _from_cells(url, "What were Acme's total pension deductions in 2021?",
                       Subject("pension deductions", None, (), "amount"), 2021) is None


def test_days_sales_outstanding_the_company_reports_is_its_row(make_database):
    """"How many days sales outstanding did Acme report": the "Days sales outstanding 45" row of its balance-sheet
    measures, read through the path a reported measure takes (that it is taken before 365 × receivables ÷ revenue is
    computed: test_compose's reported-first cases)."""
    from types import SimpleNamespace

    from finchat.answer.compose import compose
    from finchat.db.pool import connect
    from finchat.retrieve.filters import Filters
    from finchat.retrieve.fusion import Hit

    url = _stored(make_database, 2022, [(33, "Key Balance Sheet Data", "Days sales outstanding", 45, "units",
                                         "count")])
    hits = [Hit(1, {}, 1, "ACME_2022_10K", "ACME", "10-K", 2022, "FY", 33, 33, "table")]
    res = SimpleNamespace(question="How many days sales outstanding did Acme report at the end of 2022?", hits=hits,
                          notice="", filters=Filters(companies=["ACME"], years=[2022], whole_year=True))
    with connect(url) as conn:
        text = compose(conn, res).text
    assert text.split(" [")[0].endswith(" was 45"), text


def test_a_part_named_by_stop_words_alone_is_found_by_its_printed_name(make_database):
    """"All Other" is nothing but stop words to the text index: its rows are the ones printing the name, and its
    net loss is "All Other › Segment net loss", not the company's."""
    from finchat.answer.subject import Subject

    url = _stored(make_database, 2020, [
        (40, "The following table provides net sales and net loss for All Other", "All Other › Segment net sales", 465,
         "millions", "USD"),
        (40, "The following table provides net sales and net loss for All Other", "All Other › Segment net loss", -214,
         "millions", "USD"),
        (60, "Consolidated Statements of Income", "Net income", 512, "millions", "USD")])
    got = _from_cells(url, "What net loss did Acme's All Other segments report for 2020?",
                      Subject("net loss", "net_income", ("All Other",), "amount"), 2020)
    assert got is not None and got[1][0].row_path == "All Other › Segment net loss" and got[1][0].value == -214


def test_a_segment_name_in_a_caption_is_no_word_of_the_measure():
    """"… investment banking fees" of the CIB: a segment results table captioned with the segments' names ("Consumer &
    Community Banking … Commercial Banking") holds no "banking" of the fees asked; the segment's own table row does."""
    import re

    from finchat.answer.cellpick import pick_row as _pick

    now = date(2023, 3, 31)
    segments = ("Segment results – managed basis. Consumer & Community Banking Corporate & Investment Bank Commercial "
                "Banking (in millions)")
    results = ("BANK_2023Q1_10Q", 19, None, "Corporate & Investment Bank › Total noninterest expense", segments,
               "Three Months Ended", "3M", now, 7483, "millions", "USD", "Total noninterest expense")
    fees = ("BANK_2023Q1_10Q", 23, None, "Revenue › Investment banking fees", "CORPORATE & INVESTMENT BANK Selected",
            "Three Months Ended", "3M", now, 1654, "millions", "USD", "Investment banking fees")
    names = re.compile(r"(?i)(?<![\w-])(?:Consumer\s*(?:&|and)\s*Community Banking|Corporate\s*(?:&|and)\s*Investment Bank|"
                       r"Commercial Banking)(?![\w-])")
    q = {"investment", "banking", "fees", "corporate", "bank", "cib", "earn", "first", "quarter", "2023"}
    terms, measure = ["corporate investment bank"], {"banking", "fees"}
    assert _pick([results], terms, q, 3, now, False, measure, names=names) is None
    assert _pick([results, fees], terms, q, 3, now, False, measure, names=names)[0].value == 1654


def test_what_a_measure_is_tied_to_may_be_printed_with_words_between():
    from finchat.answer.cellrows import _words
    from finchat.answer.cells import in_one_label

    asked = " ".join(_words("base compensation tied to headcount"))
    assert in_one_label(asked, "Base compensation and related benefits associated with headcount")
    assert not in_one_label(asked, "Base compensation › Headcount")  # one label holds it, not two
    assert not in_one_label(" ".join(_words("equity earnings")), "Stockholders' equity › Retained earnings")
    assert in_one_label(" ".join(_words("equity earnings")), "Equity earnings of affiliates")


def test_an_expense_asked_with_its_generic_word_is_the_row_printing_the_rest(make_database):
    """"marketing expenses" printed as the statement's row "Marketing": that row, named by exactly the rest — never
    "Sales and marketing" — in the store, through answer_from_cells."""
    from finchat.answer.subject import Subject

    statement = "Consolidated Statements of Operations (in thousands)"
    url = _stored(make_database, 2023, [(3, statement, "Marketing", 627168, "thousands", "USD"),
                                        (3, statement, "Technology and development", 1345258, "thousands", "USD")])
    got = _from_cells(url, "What were Acme's marketing expenses in 2023?",
                      Subject("marketing expenses", None, (), "amount"), 2023)
    assert got is not None and got[1][0].row_path == "Marketing" and got[1][0].value == 627168
    url = _stored(make_database, 2023, [(3, statement, "Sales and marketing", 4968, "millions", "USD")])
    assert _from_cells(url, "What were Acme's marketing expenses in 2023?",
                       Subject("marketing expenses", None, (), "amount"), 2023) is None


def test_a_count_asked_with_its_word_count_is_the_row_of_what_is_counted(make_database):
    """"diluted weighted-average share count": the row of the shares counted ("Weighted-average common shares
    outstanding › Diluted"), not the basic count beside it — in the store, through answer_from_cells."""
    from finchat.answer.subject import Subject

    statement = "Condensed Consolidated Statements of Earnings"
    url = _stored(make_database, 2023, [
        (4, statement, "Weighted-average common shares outstanding › Basic", 218.6, "millions", "count"),
        (4, statement, "Weighted-average common shares outstanding › Diluted", 219.0, "millions", "count")])
    got = _from_cells(url, "What was Acme's diluted weighted-average share count in 2023?",
                      Subject("diluted weighted-average share count", None, (), "amount", keeps=()), 2023)
    assert got is not None and got[1][0].value == 219.0 and got[1][0].row_path.endswith("Diluted")


def test_what_is_recognized_in_a_measure_is_no_figure_of_it():
    """"interest and other income, net": the row printing it, not "Net gain (loss) recognized in interest and other
    income (expense), net" — the profit's sign added to the measure's words ("loss") is no word of the row's own."""
    from finchat.answer.cellpick import pick_row as _pick

    now = date(2025, 6, 30)
    hedges = _row("Gain (loss) on hedges of foreign currency assets and liabilities › Net gain (loss) recognized in "
                  "interest and other income (expense), net", -6.5, now, page=82)
    # (the hedges' table introduced by a sentence naming the measure, the row's own table by its title)
    rows = [(*hedges[:4], ("Net gains (losses) recognized in interest and other income (expense), net relating to "
              "balance sheet hedging were as follows (in thousands):"),
             *hedges[5:]),
            (*_row("Interest and other income (expense), net", 13.5, now, page=98)[:4], "Non-Operating Income, Net",
             *_row("Interest and other income (expense), net", 13.5, now, page=98)[5:])]
    q = {"what", "was", "interest", "other", "income", "net", "q2", "2025"}
    best, _ = _pick(rows, ["interest other"], q, 3, now, False, {"income", "loss"},
                    "What was Acme's interest and other income, net in Q2 2025?")
    assert best.value == 13.5


def test_of_two_rows_holding_the_measure_the_one_adding_fewer_words_the_question_lacks(make_database):
    """"How much interest … did Acme pay": "Cash Paid › Interest, net of amounts capitalized" (its heading says paid),
    not "Cash paid for settlement of forward starting interest rate swaps", whose own label names more of the measure
    but adds five words the question lacks."""
    from finchat.answer.subject import analyse

    url = _stored(make_database, 2021, [
        (86, "Note 10. Derivatives and Hedging", ("Cash Flows from Operating Activities › Cash paid for settlement "
                                                   "of forward starting interest rate swaps"), -237, "millions", "USD"),
        (102, "Cash Flow Information", "Cash Paid › Interest, net of amounts capitalized", 3435, "millions", "USD")])
    question = "How much interest, net of amounts capitalized, did Acme pay in cash in 2021?"
    got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2021)
    assert got is not None and got[1][0].value == 3435, got


def test_a_phrase_the_filing_defines_initials_for(make_database):
    """"foreign tax credit carryover" is "FTC carryover" in a filing that defines "foreign tax credit (“FTC”)"; a phrase
    it defines none for has no short form."""
    from finchat.answer.filingnames import defined_initialism

    url = _stored(make_database, 2018, [])
    with _with_prose(url, "The Company recorded a benefit of $438 million from its re-assessment of the valuation "
                          "allowance on its foreign tax credit (“FTC”) carryovers.") as conn:
        assert defined_initialism(conn, "ACME_2018_10K", "foreign tax credit carryover") == "FTC carryover"
        assert defined_initialism(conn, "ACME_2018_10K", "foreign tax credit") == "FTC"
        assert defined_initialism(conn, "ACME_2018_10K", "net operating loss carryover") == ""


def test_an_accumulated_balance_is_no_amount_of_the_flow_it_sums(make_database):
    """"What was Acme's depreciation and amortization in 2021?": the year's flow, never "Accumulated depreciation and
    amortization", the balance it sums to."""
    from finchat.answer.subject import analyse

    url = _stored(make_database, 2021, [
        (58, "Consolidated Statements of Cash Flows", ("Adjustments to reconcile net loss to net cash used in operating "
                                                        "activities › Depreciation and amortization"), 203, "millions",
         "USD"),
        (66, "Property, plant and equipment", "Accumulated depreciation and amortization", -1378, "millions", "USD")])
    question = "What was Acme's depreciation and amortization in 2021?"
    subject = analyse(question, companies=("Acme", "ACME"))
    got = _from_cells(url, question, replace(subject, metric=None), 2021)
    assert got is not None and got[1][0].value == 203, got


def test_a_balance_for_a_line_is_the_row_printing_that_line_under_the_balance(make_database):
    """"What deferred tax liability did Acme carry for property, plant and equipment": the row "Deferred tax
    liabilities related to › Property, plant and equipment" — its label is the qualifier, a statement line, yet
    what the measure is of, not another line answered in its place (the property itself, Net sales of a part)."""
    from finchat.answer.subject import analyse

    caption = "Note 9 — Income taxes The tax effects of significant temporary differences were as follows:"
    url = _stored(make_database, 2020, [
        (90, caption, "Deferred tax liabilities related to › Property, plant and equipment", 481, "millions", "USD"),
        (90, caption, "Deferred tax liabilities related to › Goodwill and intangible assets", 301, "millions", "USD"),
        (60, "Consolidated Balance Sheets", "Property, plant and equipment, net", 7213, "millions", "USD")])
    question = "What deferred tax liability did Acme carry for property, plant and equipment at the end of 2020?"
    got = _from_cells(url, question, analyse(question, companies=("Acme", "ACME")), 2020)
    assert got is not None and got[1][0].value == 481, got

"""The regex filter extractor, table-driven, and relaxation against the real database."""

from datetime import date

import pytest

from finchat.db.pool import connect
from finchat.ingest.companies import load_company_list
from finchat.retrieve.filters import Extractor, Filters
from finchat.retrieve.scope import latest_documents, scope_documents


@pytest.fixture(scope="module")
def ex():
    return Extractor.from_rows([(c.key, c.name, c.ticker, list(c.aliases)) for c in load_company_list()],
                               [(b, c.key) for c in load_company_list() for b in c.brands])


@pytest.mark.parametrize("question, companies, years, quarters, forms", [
    ("How much debt did tesla have in Q4 2024?", ["TESLA"], [2024], ["Q4"], []),
    ("What was Apple's revenue in Q3 2023?", ["APPLE"], [2023], ["Q3"], []),
    ("Compare Apple and Microsoft revenue in 2023", ["APPLE", "MICROSOFT"], [2023], [], []),
    ("Berkshire Hathaway total assets 2022-2024", ["BERKSHIREHATHAWAY"], [2022, 2023, 2024], [], []),
    ("berkshire hathaway debt from 2022 to 2024", ["BERKSHIREHATHAWAY"], [2022, 2023, 2024], [], []),
    ("Lockheed Martin's 2 year revenue CAGR from FY2020 to FY2022", ["LOCKHEEDMARTIN"], [2020, 2021, 2022], ["FY"], []),
    ("Johnson & Johnson EPS FY2022", ["JOHNSON_JOHNSON"], [2022], ["FY"], []),
    ("3M capex in fiscal 2018", ["3M"], [2018], ["FY"], []),
    ("PG&E net income 3Q23", ["PG_E"], [2023], ["Q3"], []),
    ("Corning sales Q2'23", ["CORNING"], [2023], ["Q2"], []),
    # the first half is the year to date the second quarter's report closes
    ("Best Buy revenue in the first half of 2023", ["BESTBUY"], [2023], ["Q2"], []),
    ("Best Buy revenue in the second half of 2023", ["BESTBUY"], [2023], ["Q3", "Q4"], []),
    # the year to date a quarterly report closes: that quarter's report
    ("JPMorgan equity markets revenue for the first nine months of 2022", ["JPMORGAN"], [2022], ["Q3"], []),
    ("Foot Locker sales in the 26 weeks ended July 29, 2023", ["FOOTLOCKER"], [2023], ["Q2"], []),
    ("Nike third quarter 2021 gross margin", ["NIKE"], [2021], ["Q3"], []),
    ("Google revenue in the 10-K for 2021", ["ALPHABET"], [2021], ["FY"], ["10-K"]),
    ("Meta (Facebook) quarterly report Q1 '22", ["META"], [2022], ["Q1"], ["10-Q"]),
    ("JPM deposits 1Q21", ["JPMORGAN"], [2021], ["Q1"], []),
    ("As of FY2023Q1, why did Pepsico raise guidance?", ["PEPSICO"], [2023], ["Q1"], []),
    ("Apple services revenue 2023 Q4", ["APPLE"], [2023], ["Q4"], []),
    ("CVS lawsuits from 2022, 2021 and 2020", ["CVSHEALTH"], [2020, 2021, 2022], [], []),
    ("What is the target price of a block of shares?", [], [], [], []),   # common words, lower case
    ("What is the Target price for AAPL?", ["TARGET", "APPLE"], [], [], []),
    ("Revenue of $2,023 million in 2021", [], [2021], [], []),             # a number is not a year
    ("'; DROP TABLE chunks; --", [], [], [], []),
    ("What did PepsiCo's results release say about Q1 2023 organic revenue?", ["PEPSICO"], [2023], ["Q1"], ["EARNINGS"]),
    ("Ulta Beauty comps in the fourth-quarter press release for 2023", ["ULTABEAUTY"], [2023], ["Q4"], ["EARNINGS"]),
    ("What guidance did Nike give when it reported Q3 2021?", ["NIKE"], [2021], ["Q3"], ["EARNINGS"]),
    ("What drove YouTube ads revenue in 2022?", ["ALPHABET"], [2022], [], []),
    ("How did Aetna's medical membership change in 2022?", ["CVSHEALTH"], [2022], [], []),
    ("Frito-Lay North America operating profit vs Gatorade, FY2022", ["PEPSICO"], [2022], ["FY"], []),
    ("Which company owns Converse, and did Nike's Converse revenue fall?", ["NIKE"], [], [], []),
    # a year opening a plan's or a debt issue's name is the name's, no period asked
    ("What did Amcor's 2018 Rigid Packaging Restructuring Plan cost in total?", ["AMCOR"], [], [], []),
    ("What did Amcor's 2023 Restructuring Plan cost in fiscal 2024?", ["AMCOR"], [2024], ["FY"], []),
    ("What rate do Activision Blizzard's 2026 Notes carry?", ["ACTIVISIONBLIZZARD"], [], [], []),
    ("What did Amcor's restructuring plan cost in 2018?", ["AMCOR"], [2018], [], []),
])

def test_extractor(ex, question, companies, years, quarters, forms):
    f = ex.extract(question)
    assert (f.companies, f.years, f.quarters, f.forms) == (companies, years, quarters, forms)


def test_text_query_drops_what_is_already_a_filter(ex):
    f = ex.extract("What was Apple's total net sales in Q3 2023 per the 10-Q?")
    assert f.text_query == "What was total net sales in per the ?"
    assert f.metrics == ["revenue"] and f.statements == ["income"]
    assert ex.extract("Is 3M capital-intensive?").metrics == ["capex", "ppe", "revenue"]


def _doc(conn, name, key, year, quarter, form, period_end=None):
    conn.execute("INSERT INTO documents (name, source_path, sha256, company_key, form, fiscal_year, fiscal_quarter,"
                 " period_end, page_count) VALUES (%s, 'x', 'y', %s, %s, %s, %s, %s, 1)",
                 (name, key, form, year, quarter, period_end))


def _seeded(make_database):  # type: ignore[no-untyped-def]
    """A connection to a new migrated database holding the company list (and no filing)."""
    from finchat.db import migrate
    from finchat.db.admin import seed_companies

    conn = connect(make_database())
    migrate.migrate(conn)
    seed_companies(conn)
    return conn


def test_a_quarter_is_found_by_the_calendar_year_it_ended_in(make_database):
    """Foot Locker names its fiscal years after the calendar year they start in: the filing labelled fiscal
    2023 Q3 reports the "Third Quarter 2022" (ended October 29, 2022)."""
    with _seeded(make_database) as conn:
        _doc(conn, "FOOTLOCKER_2023Q3_10Q", "FOOTLOCKER", 2023, "Q3", "10-Q", "2022-10-29")
        _doc(conn, "FOOTLOCKER_2022_10K", "FOOTLOCKER", 2022, "FY", "10-K")
        _doc(conn, "WALMART_2024Q1_10Q", "WALMART", 2024, "Q1", "10-Q")  # no period end recorded
        ids = dict(conn.execute("SELECT name, id FROM documents").fetchall())
        f = Filters(companies=["FOOTLOCKER"], years=[2022], quarters=["Q3"])
        docs, exact = scope_documents(conn, f)
        assert docs == [ids["FOOTLOCKER_2023Q3_10Q"]] and exact == []
        assert f.relaxed == ["year 2022 → fiscal 2023 (the quarter ended in 2022)"]
        f = Filters(companies=["FOOTLOCKER"], years=[2023], quarters=["Q3"])  # the label itself still works
        assert scope_documents(conn, f)[0] == [ids["FOOTLOCKER_2023Q3_10Q"]] and f.relaxed == []
        f = Filters(companies=["WALMART"], years=[2023], quarters=["Q1"])  # no date: the usual relaxation
        scope_documents(conn, f)
        assert f.relaxed and not any("ended in" in r for r in f.relaxed)


def test_relaxation_order_is_reported(make_database):
    with _seeded(make_database) as conn:
        _doc(conn, "APPLE_2022Q3_10Q", "APPLE", 2022, "Q3", "10-Q")
        _doc(conn, "APPLE_2023_10K", "APPLE", 2023, "FY", "10-K")
        _doc(conn, "NIKE_2021_10K", "NIKE", 2021, "FY", "10-K")
        conn.commit()
        ids = dict(conn.execute("SELECT name, id FROM documents").fetchall())

        f = Filters(companies=["APPLE"], years=[2023], quarters=["Q3"], forms=["10-Q"])
        docs, exact = scope_documents(conn, f)
        assert docs == [ids["APPLE_2023_10K"]] and exact == []
        assert f.relaxed == ["form 10-Q", "quarter Q3"]

        f = Filters(companies=["APPLE"], years=[2019])
        docs, _ = scope_documents(conn, f)
        assert docs == [ids["APPLE_2022Q3_10Q"]] and f.relaxed == ["year 2019 → 2022 (nearest ingested)"]

        f = Filters(companies=["TESLA"], years=[2021])
        docs, _ = scope_documents(conn, f)
        assert docs == [ids["NIKE_2021_10K"]] and f.relaxed == ["company TESLA (not ingested)"]

        f = Filters(companies=["APPLE"], years=[2022, 2023])  # the latest filing covers the earlier year
        assert scope_documents(conn, f)[0] == [ids["APPLE_2023_10K"]]

        f = Filters(companies=["APPLE"])  # no period: the most recent filings
        assert scope_documents(conn, f)[0] == [ids["APPLE_2023_10K"]] and f.relaxed == []

        # guidance for a year is published with the previous year's results
        f = Filters(companies=["APPLE"], years=[2023], quarters=["FY"], forward=True)
        assert scope_documents(conn, f)[0] == [ids["APPLE_2023_10K"]]  # no 2022 FY filing: nothing added
        f = Filters(companies=["APPLE"], years=[2023], forward=True)
        assert scope_documents(conn, f)[0] == [ids["APPLE_2022Q3_10Q"], ids["APPLE_2023_10K"]]
        assert f.relaxed == ["year 2023 → 2022, 2023 (guidance is published the year before)"]
        f = Filters(companies=["APPLE"], years=[2023], quarters=["Q3"], forward=True)  # a quarter: as asked
        assert scope_documents(conn, f)[0] == [ids["APPLE_2023_10K"]] and f.relaxed == ["quarter Q3"]
        # a plan over years ("replace … between 2023 and 2026") is published with the year before the first's results
        f = Filters(companies=["APPLE"], years=[2023, 2024, 2025, 2026], forward=True)
        assert scope_documents(conn, f)[0] == [ids["APPLE_2022Q3_10Q"]]
        assert f.relaxed == ["years 2023–2026 → 2022 (a plan is published the year before it starts)"]


@pytest.mark.parametrize("question, whole", [
    ("What operating margin did Missiles and Fire Control earn for Lockheed in 2022?", True),
    ("What free cash flow did PepsiCo generate in 2021?", True),
    ("What division profit did Foot Locker report for the first thirty-nine weeks of 2022?", False),
    ("What quarterly dividend per share did Corning declare in February 2022?", False),
    ("How much stock does PepsiCo plan to buy back in 2022?", False),   # guidance: updated in the 10-Qs
    ("After recasting for the Consumer Health separation, what were Johnson & Johnson's sales in Europe for "
     "full-year 2022?", False),                                         # recast figures: an 8-K
    ("What was Apple's revenue in Q3 2023?", False),
    ("Johnson & Johnson EPS FY2022", False),                           # the year named as such: a filter already
])
def test_a_bare_year_asks_the_year_as_a_whole(ex, question, whole):
    assert ex.extract(question).whole_year is whole


def test_a_bare_year_scopes_the_annual_report_when_there_is_one(make_database):
    with _seeded(make_database) as conn:
        _doc(conn, "APPLE_2022Q3_10Q", "APPLE", 2022, "Q3", "10-Q")
        _doc(conn, "APPLE_2022_10K", "APPLE", 2022, "FY", "10-K")
        _doc(conn, "NIKE_2022Q2_10Q", "NIKE", 2022, "Q2", "10-Q")
        conn.commit()
        ids = dict(conn.execute("SELECT name, id FROM documents").fetchall())
        f = Filters(companies=["APPLE"], years=[2022], whole_year=True)
        assert scope_documents(conn, f)[0] == [ids["APPLE_2022_10K"]] and f.relaxed == []
        f = Filters(companies=["APPLE"], years=[2022])  # a follow-up keeping a quarter asked before: every filing
        assert scope_documents(conn, f)[0] == [ids["APPLE_2022Q3_10Q"], ids["APPLE_2022_10K"]]
        f = Filters(companies=["NIKE"], years=[2022], whole_year=True)  # no annual report: the year's filings
        assert scope_documents(conn, f)[0] == [ids["NIKE_2022Q2_10Q"]] and f.relaxed == []


def test_forward_looking_questions_are_flagged(ex):
    assert ex.extract("What is Apple's revenue guidance for FY2024?").forward
    assert ex.extract("Is growth in JnJ's adjusted EPS expected to accelerate in FY2023?").forward
    assert not ex.extract("What was Apple's revenue in FY2023?").forward


@pytest.mark.parametrize("question, unknown", [
    ("What was Globex Corporation's revenue in 2023?", ["Globex Corporation"]),
    ("Did Initech perform well in Q3 2023?", ["Initech"]),
    ("What was the revenue of Globex in 2023?", ["Globex"]),
    ("What were Hooli Inc. net sales?", ["Hooli Inc."]),
    ("What was Apple's revenue in Q3 2023?", []),                # known
    ("What was Revenue for Q3 2023?", []),                       # capitalised metric and period words
    ("What was Net Income in Q3 per the 10-Q?", []),
    ("How did GAAP EPS change in FY2023?", []),
    ("Compare Apple and Globex gross margin", []),               # next to a known company: a segment or brand
    ("and net income?", []),
    ("What were worldwide STELARA sales in Q4 2022?", ["STELARA"]),  # a brand in capitals, as filings print it
    ("What was GAAP EBITDA in Q4 2022?", []),
])
def test_unknown_company_names(ex, question, unknown):
    assert ex.extract(question).unknown == unknown


@pytest.mark.parametrize("question, metrics", [
    ("How much cash did PepsiCo have at the end of Q1 2023?", ["cash"]),
    ("What was Apple's cash flow from operations?", ["operating_cash_flow"]),
    ("What drove Amcor's sales decline?", ["revenue"]),
    ("Apple earnings in Q3 2023", ["net_income"]),
    ("How much did 3M spend on buybacks?", ["share_repurchases"]),
    ("Boeing backlog at year end", ["backlog"]),
    ("What was capex as a share of sales?", ["revenue", "capex"]),
    ("cost of sales in Q2", ["cost_of_revenue"]),
    ("Which of operating, investing or financing activities used the most cash?",
     ["cash", "operating_cash_flow", "investing_cash_flow", "financing_cash_flow"]),
    # a cash flow section as the doer asks its line, not the cash balance
    ("How much cash did Boeing's investing activities provide in 2022?", ["investing_cash_flow"]),
    ("How much cash did operating activities generate at Amcor in 2023?", ["operating_cash_flow"]),
    ("How much cash did General Mills' operations provide in fiscal 2022?", ["operating_cash_flow"]),
])
def test_analyst_metric_words(ex, question, metrics):
    assert ex.extract(question).metrics == metrics


@pytest.mark.parametrize("question, relative", [
    ("how about the prior quarter?", "prior_quarter"), ("and the previous quarter?", "prior_quarter"),
    ("and a year earlier?", "prior_year"), ("same quarter last year?", "prior_year"), ("and net income?", None),
])
def test_relative_periods(ex, question, relative):
    assert ex.extract(question).relative == relative


def test_a_brand_scopes_its_company_and_stays_in_the_text_query(ex):
    f = ex.extract("What drove YouTube ads revenue in 2022?")
    assert f.companies == ["ALPHABET"] and "YouTube ads revenue" in f.text_query
    assert ex.extract("a squared tide of jordan sky").companies == []  # no common word is a brand


@pytest.mark.parametrize("question,segments,statements_kept", [
    ("What operating margin did Amazon Web Services earn in 2019?", ["Amazon Web Services"], False),
    ("What share of Amazon's 2019 operating income came from AWS?", ["AWS"], False),
    ("What was General Mills' Pet segment operating profit in 2020?", [], False),  # "segment": a breakdown
    ("How did JnJ's US sales growth compare to international sales growth in 2022?", [], False),  # a region
    ("What was Amazon's operating income in 2019 in the income statement?", [], True),
])
def test_a_segment_named_makes_a_breakdown_question(ex, question, segments, statements_kept):
    f = ex.extract(question)
    assert f.segments == segments and f.breakdown == (not statements_kept)
    assert bool(f.statements) == statements_kept
    if segments:  # the company is scoped through its brand, whose words all stay searchable
        assert f.companies == ["AMAZON"] and segments[0] in f.text_query


def test_a_segment_left_out_names_the_measure_not_the_segment(ex):
    f = ex.extract("What was Amazon's 2019 operating income excluding AWS?")
    assert f.companies == ["AMAZON"] and f.segments == [] and not f.breakdown


def test_guiding_reads_as_an_outlook(ex):
    f = ex.extract("What free cash flow is Lockheed Martin guiding to for 2023?")
    # the intent and the query words, not the year before's filings: "guiding to" asks for the current
    # guidance (eval/README.md, "Non-GAAP measures, dates, the latest guidance")
    assert f.intent == "outlook" and not f.forward


def test_a_brand_with_two_names_adds_the_other_to_the_query(ex):
    f = ex.extract("What operating margin did Amazon Web Services earn in 2019?")
    assert f.companies == ["AMAZON"] and f.segments == ["Amazon Web Services"]
    assert f.text_query.endswith(" AWS")  # the segment tables say "AWS"
    f = ex.extract("What drove FLNA revenue in 2022?")
    assert f.companies == ["PEPSICO"] and "Frito-Lay North America" in f.text_query
    f = ex.extract("How did PepsiCo Beverages North America grow in 2022?")
    assert f.companies == ["PEPSICO"] and "PepsiCo Beverages North America" in f.text_query and "PBNA" in f.text_query


@pytest.mark.parametrize(("question", "non_gaap", "statements"), [
    ("What was Amcor's adjusted EBITDA in FY2023?", True, False),
    ("What was 3M's organic sales growth in 2022?", True, False),
    ("How did Nike's revenue grow on a constant-currency basis in 2023?", True, False),
    ("What was Amcor's net income in FY2023 in the income statement?", False, True),
])
def test_a_non_gaap_measure_is_not_read_from_the_statements(ex, question, non_gaap, statements):
    f = ex.extract(question)
    assert f.non_gaap == non_gaap and bool(f.statements) == statements


@pytest.mark.parametrize(("question", "cover"), [
    ("Which debt securities are registered to trade on a national securities exchange under 3M's name?", True),
    ("What is Apple's trading symbol and on which exchange is it listed?", True),
    ("Is Amcor a large accelerated filer?", True),
    ("Where are PepsiCo's principal executive offices?", True),
    ("How did Verizon hedge foreign currency exchange rates in 2021?", False),
    ("What was 3M's long-term debt in 2022?", False),
])
def test_a_question_about_what_the_cover_page_states(ex, question, cover):
    assert ex.extract(question).cover is cover


def test_a_date_named_scopes_the_filing_made_up_to_that_day(ex, make_database):
    f = ex.extract("What gain did JnJ book on the Kenvue separation as of August 30, 2023?")
    assert f.dates == [date(2023, 8, 30)] and f.companies == ["JOHNSON_JOHNSON"]
    with _seeded(make_database) as conn:
        _doc(conn, "JNJ_2023Q2_10Q", "JOHNSON_JOHNSON", 2023, "Q2", "10-Q")
        _doc(conn, "JNJ_2023_8K_dated-2023-08-30", "JOHNSON_JOHNSON", 2023, None, "8-K")
        conn.execute("UPDATE documents SET period_end = '2023-08-30' WHERE name LIKE '%8K%'")
        ids = dict(conn.execute("SELECT name, id FROM documents").fetchall())
        assert scope_documents(conn, f)[0] == [ids["JNJ_2023_8K_dated-2023-08-30"]]
        # a date no filing is made up to leaves the usual scope
        f = ex.extract("What gain did JnJ book on the Kenvue separation as of August 31, 2023?")
        assert scope_documents(conn, f)[0] == sorted(ids.values())


def test_a_stretch_of_days_scopes_the_filing_whose_period_holds_it(ex, make_database):
    """"from May 28, 2023 through July 1, 2023" at a company whose fiscal 2023 ended in January 2023: the quarterly
    report made up to July 29, 2023 (fiscal 2024), never the annual report labelled 2023."""
    f = ex.extract("What average price did Best Buy pay per share repurchased from May 28, 2023 through July 1, 2023?")
    assert f.dates == [date(2023, 5, 28), date(2023, 7, 1)] and f.years == [2023]
    with _seeded(make_database) as conn:
        _doc(conn, "BESTBUY_2023_10K", "BESTBUY", 2023, "FY", "10-K", "2023-01-28")
        _doc(conn, "BESTBUY_2024Q2_10Q", "BESTBUY", 2024, "Q2", "10-Q", "2023-07-29")
        _doc(conn, "BESTBUY_2024Q3_10Q", "BESTBUY", 2024, "Q3", "10-Q", "2023-10-28")
        ids = dict(conn.execute("SELECT name, id FROM documents").fetchall())
        assert scope_documents(conn, f)[0] == [ids["BESTBUY_2024Q2_10Q"]]
        # one date no filing is made up to leaves the usual scope
        f = ex.extract("What was Best Buy's cash as of July 1, 2023?")
        assert scope_documents(conn, f)[0] == [ids["BESTBUY_2023_10K"]]


def test_a_half_year_with_no_filing_of_its_own_is_the_next_years_comparative(ex, make_database):
    """"the first half of 2022" with only the 2022 annual report and the 2023 second-quarter report stored: the
    quarterly report, whose comparative columns print the half of 2022; a quarter stored keeps its own filing."""
    f = ex.extract("How much net cash did Corning use in investing activities in the first half of 2022?")
    with _seeded(make_database) as conn:
        _doc(conn, "CORNING_2022_10K", "CORNING", 2022, "FY", "10-K")
        _doc(conn, "CORNING_2023Q2_10Q", "CORNING", 2023, "Q2", "10-Q")
        ids = dict(conn.execute("SELECT name, id FROM documents").fetchall())
        assert scope_documents(conn, f)[0] == [ids["CORNING_2023Q2_10Q"]]
        assert any("comparative" in r for r in f.relaxed), f.relaxed
        _doc(conn, "CORNING_2022Q2_10Q", "CORNING", 2022, "Q2", "10-Q")
        ids = dict(conn.execute("SELECT name, id FROM documents").fetchall())
        f = ex.extract("How much net cash did Corning use in investing activities in the first half of 2022?")
        assert scope_documents(conn, f)[0] == [ids["CORNING_2022Q2_10Q"]]


def test_a_quarter_named_by_its_month_is_the_quarters_own_filing(ex, make_database):
    """"the June 2023 quarter" of a company whose year ends in June: the fourth quarter's release (no period end
    stored), never the annual report made up to the same day; a quarterly report ending that day is its own."""
    f = ex.extract("What was Amcor's GAAP diluted EPS in the June 2023 quarter?")
    assert f.dates == [date(2023, 6, 30)] and f.month_quarter and f.quarters == []
    with _seeded(make_database) as conn:
        _doc(conn, "AMCOR_2023_10K", "AMCOR", 2023, "FY", "10-K", "2023-06-30")
        _doc(conn, "AMCOR_2023Q4_EARNINGS", "AMCOR", 2023, "Q4", "EARNINGS")
        _doc(conn, "AMCOR_2023Q3_10Q", "AMCOR", 2023, "Q3", "10-Q", "2023-03-31")
        ids = dict(conn.execute("SELECT name, id FROM documents").fetchall())
        assert scope_documents(conn, f)[0] == [ids["AMCOR_2023Q4_EARNINGS"]] and f.quarters == ["Q4"]
        f = ex.extract("What was Amcor's GAAP diluted EPS in the March 2023 quarter?")
        assert scope_documents(conn, f)[0] == [ids["AMCOR_2023Q3_10Q"]] and f.quarters == ["Q3"]
        # a date alone ("as of June 30, 2023") keeps the annual report
        f = ex.extract("What was Amcor's cash as of June 30, 2023?")
        assert scope_documents(conn, f)[0] == [ids["AMCOR_2023_10K"]]


def test_the_latest_filing_per_company_with_estimated_dates_for_releases(make_database):
    with _seeded(make_database) as conn:
        _doc(conn, "AMCOR_2023_10K", "AMCOR", 2023, "FY", "10-K", "2023-06-30")
        _doc(conn, "AMCOR_2024Q1_EARNINGS", "AMCOR", 2024, "Q1", "EARNINGS")  # no period end: ~Sept 2023
        _doc(conn, "AMCOR_2023Q3_10Q", "AMCOR", 2023, "Q3", "10-Q", "2023-03-31")
        _doc(conn, "APPLE_2022_10K", "APPLE", 2022, "FY", "10-K", "2022-09-24")
        _doc(conn, "APPLE_2023Q1_10Q", "APPLE", 2023, "Q1", "10-Q", "2022-12-31")
        ids = dict(conn.execute("SELECT name, id FROM documents").fetchall())
        assert latest_documents(conn, list(ids.values())) == sorted(
            [ids["AMCOR_2024Q1_EARNINGS"], ids["APPLE_2023Q1_10Q"]])
        assert latest_documents(conn, [ids["AMCOR_2023_10K"], ids["AMCOR_2023Q3_10Q"]]) == [ids["AMCOR_2023_10K"]]


def test_dates_written_out_in_a_question():
    from finchat.tables import dates_in_text

    assert dates_in_text("as of August 30, 2023 and the 8-K dated 1st July 2022; Sept. 30 2022") == [
        date(2023, 8, 30), date(2022, 7, 1), date(2022, 9, 30)]
    assert dates_in_text("February 30, 2020 and FY2023 Q2") == []  # no such day; no day at all


def test_a_quarter_named_by_the_month_it_ends(ex):
    # "the December 2022 quarter": the filing made up to that month's last day (a fiscal year other than the date's)
    f = ex.extract("What swaps did Amcor enter into in the December 2022 quarter?")
    assert f.dates == [date(2022, 12, 31)]
    assert ex.extract("What did Amcor earn in December 2022?").dates == []  # a month alone is no quarter


def test_guidance_given_in_a_month_is_the_latest_filing_published_by_then(ex, make_database):
    """"What … EPS did J&J forecast in July 2023": the second quarter's release (out in July), not the 8-K of
    August 30 nor January's release; a question naming no month keeps every filing of the two years."""
    parse_filters = ex.extract
    with _seeded(make_database) as conn:
        _doc(conn, "JOHNSON_JOHNSON_2022Q4_EARNINGS", "JOHNSON_JOHNSON", 2022, "Q4", "EARNINGS")
        _doc(conn, "JOHNSON_JOHNSON_2023Q2_EARNINGS", "JOHNSON_JOHNSON", 2023, "Q2", "EARNINGS")
        _doc(conn, "JOHNSON_JOHNSON_2023_8K_dated-2023-08-30", "JOHNSON_JOHNSON", 2023, None, "8-K")
        conn.execute("UPDATE documents SET period_end = '2023-08-30' WHERE form = '8-K'")
        conn.commit()
        ids = dict(conn.execute("SELECT name, id FROM documents").fetchall())
        f = parse_filters("What full-year 2023 adjusted EPS did Johnson & Johnson forecast in July 2023?")
        assert f.said_by == date(2023, 7, 31)
        assert scope_documents(conn, f)[0] == [ids["JOHNSON_JOHNSON_2023Q2_EARNINGS"]]
        f = parse_filters("What full-year 2023 adjusted EPS did Johnson & Johnson forecast in February 2023?")
        assert scope_documents(conn, f)[0] == [ids["JOHNSON_JOHNSON_2022Q4_EARNINGS"]]
        f = parse_filters("What full-year 2023 adjusted EPS did Johnson & Johnson forecast?")
        assert f.said_by is None and len(scope_documents(conn, f)[0]) == 3
    assert parse_filters("What were Acme's sales in the July 2023 quarter?").said_by is None


def test_an_outlook_for_a_year_between_two_filings_is_the_earlier_filings(make_database):
    """Guidance for the first quarter of 2018 with only the 2017 and 2019 annual reports stored: the 2017 report gave
    it (a figure of 2018 asked otherwise goes to the later one, as before)."""
    with _seeded(make_database) as conn:
        _doc(conn, "AMAZON_2017_10K", "AMAZON", 2017, "FY", "10-K")
        _doc(conn, "AMAZON_2019_10K", "AMAZON", 2019, "FY", "10-K")
        conn.commit()
        ids = dict(conn.execute("SELECT name, id FROM documents").fetchall())
        f = Filters(companies=["AMAZON"], years=[2018], quarters=["Q1"], intent="outlook")
        assert scope_documents(conn, f)[0] == [ids["AMAZON_2017_10K"]], f.relaxed
        f = Filters(companies=["AMAZON"], years=[2018])
        assert scope_documents(conn, f)[0] == [ids["AMAZON_2019_10K"]], f.relaxed


def test_a_balance_at_a_months_end_dates_its_filing(ex):
    """"at the end of September 2022": the month's last day, as a date the filing's period ends on (the quarter's
    report, not an earlier one of the year)."""
    from datetime import date

    assert ex.extract("What was Apple's headcount at the end of September 2022?").dates == [date(2022, 9, 30)]
    assert ex.extract("What was Apple's headcount in 2022?").dates == []


def test_what_falls_due_in_a_year_is_scheduled_in_the_filings_before_it(make_database, ex):
    """"What operating lease payments are due from Best Buy in fiscal 2021?", "How much of Walmart's long-term debt
    matures in fiscal 2023?": a row of the schedule printed before that year — the last annual report before it and
    the filings after that report up to the year — never the year's own report (which shows it paid); a figure
    asked for the year otherwise still goes to the year's filing, and an amount turning on a date is no schedule."""
    assert ex.extract("What operating lease payments are due from Best Buy in fiscal 2021?").owed
    assert ex.extract("How much debt does Corning have maturing in 2024?").owed
    assert ex.extract("How much transition tax related to the Tax Act is Nike due to pay in fiscal 2020?").owed
    assert ex.extract("What principal payments on its total debt is Amazon due to make in 2024?").owed
    assert not ex.extract("What was Best Buy's revenue in fiscal 2021?").owed
    assert not ex.extract("What was the decline in margin due to in 2022?").owed
    assert not ex.extract("How large is the termination fee Microsoft owes Activision Blizzard if it becomes payable "
                          "after September 15, 2023?").owed
    with _seeded(make_database) as conn:
        _doc(conn, "BESTBUY_2019_10K", "BESTBUY", 2019, "FY", "10-K")
        _doc(conn, "BESTBUY_2023_10K", "BESTBUY", 2023, "FY", "10-K")
        _doc(conn, "WALMART_2018_10K", "WALMART", 2018, "FY", "10-K")
        _doc(conn, "WALMART_2020_10K", "WALMART", 2020, "FY", "10-K")
        _doc(conn, "WALMART_2023Q1_10Q", "WALMART", 2023, "Q1", "10-Q")
        _doc(conn, "WALMART_2023_10K", "WALMART", 2023, "FY", "10-K")
        conn.commit()
        ids = dict(conn.execute("SELECT name, id FROM documents").fetchall())
        f = Filters(companies=["BESTBUY"], years=[2021], quarters=["FY"], owed=True)
        assert scope_documents(conn, f)[0] == [ids["BESTBUY_2019_10K"]]
        assert f.relaxed == ["year 2021 → 2019, 2020 (what falls due in a year is scheduled in the filings before it)"]
        f = Filters(companies=["WALMART"], years=[2023], quarters=["FY"], owed=True)
        assert scope_documents(conn, f)[0] == [ids["WALMART_2020_10K"]]
        f = Filters(companies=["WALMART"], years=[2023], quarters=["FY"])
        assert scope_documents(conn, f)[0] == [ids["WALMART_2023_10K"]]
        f = Filters(companies=["BESTBUY"], years=[2021])
        assert scope_documents(conn, f)[0] == [ids["BESTBUY_2023_10K"]]


def test_what_a_company_is_committed_to_or_expects_for_a_year_beyond_its_filings(make_database, ex):
    """"What lease payments is … committed to make in 2025?" falls due like "due in 2025"; "What amortization expense
    does … estimate for 2020?" looks ahead like "expect"; and an outlook for a year further ahead than any filing —
    no filing of that year or the one before — is the schedule the last annual report before it prints (and the
    filings after it), never only the latest quarterly report."""
    assert ex.extract("What lease payments is American Express committed to make in 2025?").owed
    f = ex.extract("What amortization expense does Coca-Cola estimate for 2020?")
    assert f.forward and f.intent == "outlook"
    est = ex.extract("What was the estimated fair value of Coca-Cola's securities as of December 31, 2017?")
    assert not est.forward and est.intent != "outlook"
    with _seeded(make_database) as conn:
        _doc(conn, "AMERICANWATERWORKS_2021_10K", "AMERICANWATERWORKS", 2021, "FY", "10-K")
        _doc(conn, "AMERICANWATERWORKS_2022_10K", "AMERICANWATERWORKS", 2022, "FY", "10-K")
        _doc(conn, "AMERICANWATERWORKS_2023Q2_10Q", "AMERICANWATERWORKS", 2023, "Q2", "10-Q")
        conn.commit()
        ids = dict(conn.execute("SELECT name, id FROM documents").fetchall())
        f = Filters(companies=["AMERICANWATERWORKS"], years=[2026], intent="outlook", forward=True)
        assert scope_documents(conn, f)[0] == [ids["AMERICANWATERWORKS_2022_10K"], ids["AMERICANWATERWORKS_2023Q2_10Q"]]
        # (guidance for a year whose year before is filed stays with those filings)
        f = Filters(companies=["AMERICANWATERWORKS"], years=[2023], intent="outlook", forward=True)
        assert ids["AMERICANWATERWORKS_2022_10K"] in scope_documents(conn, f)[0]
    # (an estimate of something now — a period of coverage, an exposure at a date — is no outlook)
    assert ex.extract("Over how many years does PG&E estimate the Wildfire Fund's period of coverage?").intent != "outlook"
    assert not ex.extract("What loss exposure did Amcor estimate for its Brazil contingencies at December 31, "
                          "2022?").forward

"""What a question is about (answer/subject.py), and a qualified question never answered with the
consolidated figure (answer/compose.py), against the real database."""

import json

import pytest
from click.testing import CliRunner

from finchat.answer.subject import analyse, as_share
from finchat.cli import cli


@pytest.mark.parametrize(("question", "companies", "qualifier", "kind"), [
    ("What was Walmart's eCommerce sales growth in Q1 FY2024?", ("Walmart",), "eCommerce", "amount"),
    ("What were Lockheed Martin's net sales by segment in Q2 2022?", ("Lockheed Martin",), "by segment", "amount"),
    ("What were Lockheed Martin's Aeronautics net sales in Q2 2022?", ("Lockheed Martin",), "Aeronautics", "amount"),
    ("What guidance did Lockheed Martin give for 2023 net sales?", ("Lockheed Martin",), None, "guidance"),
    ("Which of Apple's product categories grew in Q3 2023?", ("Apple",), None, "ranking"),
    ("Which segment of Lockheed grew fastest in Q2 2022?", ("Lockheed", "Lockheed Martin"), None, "ranking"),
    ("What was PayPal's transaction expense rate in Q2 2023?", ("PayPal",), None, "rate"),
    ("What was JPMorgan's return on tangible common equity in Q2 2022?", ("JPMorgan",), None, "rate"),
    ("What was American Express's net interest yield on average Card Member loans in 2022?", ("American Express",),
     None, "rate"),
    ("What is eBay's effective tax rate for Q2 2023?", ("eBay",), None, "rate"),
    ("What core EPS did PepsiCo report for Q1 2023?", ("PepsiCo",), "core", "amount"),
    ("What share of Best Buy's Q2 FY2024 revenue was domestic?", ("Best Buy",), "domestic", "share"),
    ("How much did Boeing's Commercial Airplanes segment lose in 2022?", ("Boeing",), "Commercial Airplanes", "amount"),
    # a segment named by a word of the company's own name
    ("What were Activision Blizzard's Blizzard segment net revenues in Q2 2023?", ("Activision Blizzard", "Blizzard"), "Blizzard",
     "amount"),
    ("How much net revenue did eBay generate internationally in Q2 2023?", ("eBay",), "international", "amount"),
    ("What percentage of Lockheed Martin's 2020 net sales did the F-35 program represent?", ("Lockheed Martin",),
     "F-35 program", "share"),
])
def test_qualified_questions(question, companies, qualifier, kind):
    s = analyse(question, companies=companies, intent="outlook" if "guidance" in question else "figure")
    assert s.qualified and s.kind == kind
    if qualifier:
        assert qualifier in s.qualifiers


def test_a_part_named_before_the_measures_own_words():
    """"regulated businesses operating revenue": the part before "operating revenue"; "segment operating income"
    names no part; a plural possessive's mark is no part of the name."""
    s = analyse("What was American Water's regulated businesses operating revenue in 2021?",
                companies=("American Water", "American Water Works"))
    assert s.qualifiers == ("regulated businesses",) and s.metric == "revenue"
    s = analyse("How much segment operating income did King earn for Activision Blizzard in Q2 2023?",
                companies=("Activision Blizzard",), segments=("King",))
    assert s.qualifiers == ("King",)
    assert analyse("What was Boeing Global Services' operating margin in 2022?",
                   companies=("Boeing",)).qualifiers == ("Global Services",)


def test_the_words_before_a_shares_measure_are_the_wholes():
    """"What share of … regulated operating revenues came from Pennsylvania": the part is Pennsylvania; "regulated"
    says what the whole is."""
    s = analyse("What share of American Water's regulated operating revenues came from Pennsylvania in 2022?",
                companies=("American Water", "American Water Works"))
    assert (s.kind, s.qualifiers) == ("share", ("Pennsylvania",))


def test_a_kpi_asked_after_the_part_it_is_of():
    """"Verizon's Consumer segment wireless retail postpaid phone net additions": the measure is after "segment"."""
    s = analyse("What was Verizon's Consumer segment wireless retail postpaid phone net additions in 2022?",
                companies=("Verizon",))
    assert (s.measure, s.qualifiers) == ("wireless retail postpaid phone net additions", ("Consumer",))


def test_what_a_part_sold_and_brought_in():
    """"How much did Sam's Club sell in grocery and consumables": the category is asked too, not the period;
    "bring in" asks revenue."""
    s = analyse("How much did Sam's Club sell in grocery and consumables in Q1 FY2024?", companies=("Walmart",),
                segments=("Sam's Club",))
    assert (s.measure, s.qualifiers) == ("sales", ("Sam's Club", "grocery and consumables"))
    assert analyse("How much did Amcor sell in Q1 2023?", companies=("Amcor",)).qualifiers == ()
    s = analyse("How much did Apple's Services business bring in over the first nine months of fiscal 2023?",
                companies=("Apple",))
    assert (s.measure, s.qualifiers) == ("revenue", ("Services",))


def test_a_part_named_after_on_beside_the_segment_the_filters_found():
    """"… CCB net charge-offs on Card loans": the loans' part, Card, is asked too, not only the segment."""
    s = analyse("How much were Acme's CCB net charge-offs on Card loans in the third quarter of 2022?",
                companies=("Acme",), segments=("Consumer & Community Banking",))
    assert s.qualifiers == ("Consumer & Community Banking", "Card")


def test_the_measure_that_grew():
    """"By how much did Salesforce's current remaining performance obligation grow": the words before the verb."""
    s = analyse("By how much did Salesforce's current remaining performance obligation grow year over year as of "
                "October 31, 2022?", companies=("Salesforce",))
    assert s.measure == "current remaining performance obligation"


def test_a_piece_of_the_companys_own_name_before_segment_is_no_segment():
    """"Corning's segment net sales" (Corning Incorporated): the company's, not a segment named Corning."""
    s = analyse("What share of Corning's segment net sales did Display Technologies represent in 2020?",
                companies=("Corning Incorporated", "CORNING"), segments=("Display Technologies",))
    assert s.qualifiers == ("Display Technologies",)


def test_the_measure_between_what_and_the_verb():
    """"What network volumes did American Express report": the words before "did" are what is asked."""
    s = analyse("What network volumes did American Express report for 2022?", companies=("American Express",))
    assert (s.measure, s.qualifiers) == ("network volumes", ())
    assert analyse("What billed business did American Express record in 2022?",
                   companies=("American Express",)).measure == "billed business"


def test_a_whole_figure_asked_worldwide_is_no_qualifier():
    """"How much did STELARA sell worldwide": the product's sales; "worldwide" asks all of them, not a region."""
    s = analyse("How much did STELARA sell worldwide in 2022?", segments=("STELARA",))
    assert (s.measure, s.qualifiers) == ("sales", ("STELARA",))
    s = analyse("What were STELARA's worldwide sales in 2022?", segments=("STELARA",))
    assert s.qualifiers == ("STELARA",)


def test_a_brand_and_a_place_are_no_verbs_object():
    """"NIKE Direct revenues in Greater China grow": "Direct" is no verb money was directed with, so the place is
    "Greater China", not "Greater China grow"."""
    s = analyse("How much did NIKE Direct revenues in Greater China grow in fiscal 2021?", companies=("NIKE", "Nike"))
    assert "Greater China" in s.qualifiers and not any("grow" in q for q in s.qualifiers)


def test_what_added_to_a_line_is_asked_by_what_too():
    """"What did the infrastructure surcharges that took effect in 2023 add to … revenues": the surcharges (their
    relative clause says which), never the revenue."""
    s = analyse("What did the infrastructure surcharges that took effect in 2023 add to American Water's annualized "
                "revenues in total?", companies=("American Water", "American Water Works"))
    assert (s.measure, s.metric) == ("infrastructure surcharges", None)


def test_an_impact_in_the_questions_order_and_sales_expected_to_move():
    """"the unfavorable impact of foreign exchange on … revenues" is the impact of foreign exchange, in the order a
    table's row prints it ("Unfavorable impact of foreign exchange"); "revenues to decline" names no customer the
    revenues were sold to."""
    s = analyse("What was the unfavorable impact of foreign exchange on Pfizer's revenues in the first half of 2023?",
                companies=("Pfizer", "PFIZER"))
    assert (s.measure, s.metric) == ("impact of foreign exchange", None)
    s = analyse("By what percentage did Pfizer expect Paxlovid revenues to decline in 2023 from 2022?",
                companies=("Pfizer", "PFIZER"))
    assert "decline" not in s.qualifiers and "Paxlovid" in s.qualifiers, s


def test_what_a_plan_cut_and_a_series_of_words_before_whose():
    """"By roughly what percentage did AMD's 2014 Restructuring Plan cut global headcount": the headcount cut; a
    measure whose name is a series with commas, before "attributable to …'s … segment", is read whole."""
    s = analyse("By roughly what percentage did AMD's 2014 Restructuring Plan cut global headcount?",
                companies=("AMD", "Advanced Micro Devices"))
    assert s.measure == "global headcount" and not any("cut" in q for q in s.qualifiers), s
    s = analyse("By how much did marketing, general and administrative expenses attributable to AMD's Computing and "
                "Graphics segment fall in 2015?", companies=("AMD", "Advanced Micro Devices"))
    assert s.measure == "marketing general and administrative expenses", s


def test_a_rate_case_is_no_rate():
    """A utility's "rate case" is a proceeding, not a rate asked."""
    s = analyse("How much annualized revenue increase did the Pennsylvania rate case order give American Water?",
                companies=("American Water", "American Water Works"))
    assert s.kind != "rate" and "rate" not in s.measure


def test_a_lines_average_is_no_line():
    """"average debt balance" is the period's average, not the debt at the year's end; "weighted average" shares
    stay as they were read."""
    s = analyse("What was Johnson & Johnson's average debt balance during 2022?", companies=("Johnson & Johnson",))
    assert (s.measure, s.metric) == ("average debt balance", None)
    assert analyse("What was Johnson & Johnson's total debt at the end of 2022?",
                   companies=("Johnson & Johnson",)).metric is not None


def test_what_doing_something_cost_a_part_and_an_item_excluded():
    """"How much did exiting … cost J&J's Pharmaceutical segment": the cost of the act, the segment's (whom it cost
    named after the company's possessive); "How much in restructuring and related costs did … exclude from segment
    operating income": the item, no "in" of it, and no measure of the segments."""
    s = analyse("How much did exiting COVID-19 vaccine manufacturing cost J&J's Pharmaceutical segment in 2022?",
                companies=("Johnson & Johnson", "J&J"))
    assert (s.measure, s.qualifiers) == ("exiting COVID-19 vaccine manufacturing", ("Pharmaceutical",))
    s = analyse("How much in restructuring and related costs did Activision Blizzard exclude from segment operating "
                "income in 2019?", companies=("Activision Blizzard",))
    assert (s.measure, s.metric, s.qualifiers) == ("restructuring and related costs", None, ())


def test_a_measure_of_a_line_and_an_item_removed_when_computing():
    """"the weighted-average days to maturity of Nike's cash equivalents": a measure of the line, no amount of it;
    "… revenue did Square remove when computing … Adjusted Net Income": the item removed, though a statement word
    names it."""
    s = analyse("What was the weighted-average days to maturity of Nike's cash equivalents and short-term investments "
                "at the end of fiscal 2018?", companies=("Nike", "NIKE"))
    assert (s.measure, s.metric) == ("weighted-average days to maturity", None)
    s = analyse("How much Starbucks transaction-based revenue did Square remove when computing 2016 Adjusted Net "
                "Income?", companies=("Square", "Block"))
    assert s.measure == "Starbucks transaction-based revenue" and s.metric is None


@pytest.mark.parametrize(("question", "companies", "derived"), [
    ("What was Apple's revenue in Q3 2023?", ("Apple",), False),
    ("What were Walmart's total revenues in Q1 FY2024?", ("Walmart",), False),
    ("What is the FY2019 net interest income of JPMorgan?", ("JPMorgan",), False),
    ("What was Amcor's cost of sales in Q2 FY2023?", ("Amcor",), False),
    ("What was Verizon's GAAP net income attributable to Verizon in 2022?", ("Verizon",), False),
    ("What is the FY2019 - FY2020 total revenue growth rate for Block?", ("Block",), False),
    ("What was Best Buy's gross profit margin in Q2 FY2024?", ("Best Buy",), True),
    ("What was Boeing's research and development expense as a percentage of total revenues in FY2022?", ("Boeing",), True),
    ("We want to calculate a financial metric. Please help us compute it from the cash flow statement.", (), False),
])
def test_consolidated_questions_stay_unqualified(question, companies, derived):
    assert not analyse(question, companies=companies, derived=derived).qualified


def ask_json(corpus, monkeypatch, question):
    monkeypatch.setenv("FINCHAT_DATABASE_URL", corpus)
    monkeypatch.setenv("OLLAMA_HOST", "http://127.0.0.1:9")
    res = CliRunner().invoke(cli, ["ask", question, "--no-llm", "--json"])
    assert res.exit_code == 0, res.output
    return json.loads(res.output)


def test_a_segment_question_is_not_answered_with_the_consolidated_figure(corpus, monkeypatch):
    d = ask_json(corpus, monkeypatch, "What were Testco's eCommerce net sales in Q3 2023?")
    first = d["answer"].splitlines()[0]
    assert first == "No figure for Testco's eCommerce net sales was found in TESTCO_2023Q3_10Q."
    assert "81,797" not in first
    # the consolidated figure may follow, labelled as such
    assert "consolidated revenue for the three months ended July 1, 2023 was $81,797 million" in d["answer"]
    assert "the whole company's, not the figure asked" in d["answer"]
    subject = d["answer_subject"]
    assert subject["qualifiers"] == ["eCommerce"] and subject["found"] is False
    assert subject["filing"] == "TESTCO_2023Q3_10Q"


def test_the_plain_question_still_gets_the_statement_figure(corpus, monkeypatch):
    d = ask_json(corpus, monkeypatch, "What were Testco's net sales in Q3 2023?")
    assert d["answer"].startswith("Testco's revenue for the three months ended July 1, 2023 was $81,797 million")
    assert d["answer_subject"]["found"] is True and d["answer_subject"]["qualified"] is False


def test_a_guidance_question_gets_no_actuals(corpus, monkeypatch):
    d = ask_json(corpus, monkeypatch, "What guidance did Testco give for fiscal 2024 net sales?")
    assert "$81,797 million" not in d["answer"]
    assert d["answer_subject"]["kind"] == "guidance"


def test_a_narrative_questions_topic_and_what_filings_call_it():
    from finchat.answer.quote import narrative_topic

    assert narrative_topic("What risks did Netflix highlight about password sharing in Q2 2023?")[:2] == (
        "password sharing", "paid sharing")
    assert narrative_topic("What did the company say regarding supply chain?")[0] == "supply chain"
    assert narrative_topic("What was Apple's revenue in Q3 2023?") == ()
    # a figure asked with what it relates to, before the company's verb: no topic
    assert narrative_topic("What asset impairment charges related to its phone business did Testco record in 2016?") == ()


@pytest.mark.parametrize(("question", "companies", "qualifiers"), [
    ("How much revenue did Paxlovid bring Pfizer in the second quarter of 2023?", ("Pfizer",), ("Paxlovid",)),
    ("What were Pfizer's Eliquis revenues for the first six months of 2023?", ("Pfizer",), ("Eliquis",)),
    ("What is the FY2019 - FY2020 total revenue growth rate for Block (formerly known as Square)? Answer in units "
     "of percents. Approach the question as an analyst would.", ("Block",), ()),
    ("What was the revenue of American Water Works in Q2 2023 according to the 10-Q?", ("American Water Works",), ()),
])
def test_a_capitalised_name_the_question_asks_about_is_a_qualifier(question, companies, qualifiers):
    # a product or brand named where no measure word stands before it; never the company, a period or an aside
    assert analyse(question, companies=companies).qualifiers == qualifiers


@pytest.mark.parametrize(("question", "companies", "measure", "qualifiers", "kind"), [
    # measures no statement word names: the question's own noun phrase
    ("What was American Express's billed business in 2022?", ("American Express",), "billed business", (), "amount"),
    ("How much corporate expense did Foot Locker record in Q3 2022?", ("Foot Locker",), "corporate expense", (),
     "amount"),
    ("How many cards were in force at American Express at the end of 2022?", ("American Express",),
     "cards in force", (), "amount"),
    ("What was the medical benefit ratio of CVS's Health Care Benefits segment in 2022?", ("CVS", "CVS Health"),
     "medical benefit ratio", ("Health Care Benefits",), "rate"),
    ("What were Converse's earnings before interest and taxes in FY2023?", ("Nike",),
     "Converse's earnings before interest and taxes", ("Converse",), "amount"),
    ("What was the backlog of Lockheed's Missiles and Fire Control business at the end of Q2 2023?",
     ("Lockheed", "Lockheed Martin"), "backlog", ("Missiles and Fire Control", "backlog"), "amount"),
])
def test_a_measure_in_the_questions_own_words(question, companies, measure, qualifiers, kind):
    s = analyse(question, companies=companies)
    assert (s.measure, s.qualifiers, s.kind) == (measure.split("'s ")[-1], qualifiers, kind)


def test_a_segments_profit_asked_with_a_verb():
    s = analyse("How much did JPMorgan's Commercial Banking segment earn in the second quarter of 2023?",
                companies=("JPMorgan", "JPMorgan Chase"))
    assert (s.measure, s.qualifiers) == ("net income", ("Commercial Banking",))
    s = analyse("What was the Corporate & Investment Bank's net income at JPMorgan for the six months ended June 30, "
                "2023?", companies=("JPMorgan", "JPMorgan Chase"))
    assert s.qualifiers == ("Corporate & Investment Bank",)


def test_a_segments_derived_figure_is_qualified():
    # "Aeronautics operating margin" is the segment's margin, never the company's computed one
    s = analyse("What was Lockheed Martin's Aeronautics operating margin in Q2 2023?", companies=("Lockheed Martin",),
                derived=True, derived_name="Operating margin")
    assert (s.measure, s.qualifiers, s.qualified) == ("operating margin", ("Aeronautics",), True)
    plain = analyse("What was Lockheed Martin's operating margin in Q2 2023?", companies=("Lockheed Martin",),
                    derived=True, derived_name="Operating margin")
    assert not plain.qualified


def test_the_effective_tax_rate_is_computed_from_the_statement():
    from finchat.answer.derive import asked
    from finchat.graph.lexicon import metric_for_label

    assert [d.key for d in asked("What is eBay's effective tax rate for Q2 2023?")] == ["effective_tax_rate"]
    assert metric_for_label("Income (loss) before income taxes") == "pretax_income"
    assert metric_for_label("Provision for income taxes") == "income_tax"


@pytest.mark.parametrize(("question", "segments", "measure", "qualifiers", "kind"), [
    # a percentage KPI is the measure, and what precedes it names whose it is
    ("What were Sam's Club comparable sales in fiscal 2020?", ("Sam's Club",), "comparable sales",
     ("Sam's Club", "comparable sales"), "rate"),
    ("What were Walmart U.S. comparable sales in fiscal 2020?", ("Walmart U.S.",), "comparable sales",
     ("Walmart U.S.", "comparable sales"), "rate"),
    # a segment the filters found, with a product word after it: two qualifiers
    ("By what percentage did Adobe's Digital Experience subscription revenue grow in fiscal 2022?",
     ("Digital Experience",), "Digital Experience subscription revenue", ("Digital Experience", "subscription"),
     "amount"),
    # an amount KPI stays an amount
    ("What was Boeing's Commercial Airplanes backlog at the end of 2022?", ("Commercial Airplanes",),
     "Commercial Airplanes backlog",
     ("Commercial Airplanes", "backlog"), "amount"),
])
def test_a_kpi_and_a_named_segment(question, segments, measure, qualifiers, kind):
    company = question.split("'s ")[0].split()[-1] if "'s " in question else "Walmart"
    s = analyse(question, companies=(company, "Walmart", "Adobe", "Boeing"), segments=segments)
    assert (s.measure, s.qualifiers, s.kind) == (measure, qualifiers, kind)


def test_rates_reported_by_banks_and_a_segment_named_like_its_company():
    from finchat.answer.subject import analyse

    jpm = ("JPMORGAN", "JPMorgan")
    s = analyse("What was JPMorgan's overhead ratio in Q3 2022?", companies=jpm)
    assert (s.measure, s.kind) == ("overhead ratio", "rate")  # not "s overhead ratio"
    s = analyse("What was JPMorgan's return on common equity for the third quarter of 2022?", companies=jpm)
    assert (s.measure, s.kind) == ("return on common equity", "rate")
    # "Blizzard" is an alias of Activision Blizzard and the name of its segment: "Blizzard's segment" is the segment
    atvi = ("ACTIVISIONBLIZZARD", "Activision Blizzard", "Activision", "Blizzard")
    assert analyse("What were Blizzard's segment net revenues in 2019?", companies=atvi).qualifiers == ("Blizzard",)
    assert analyse("What were Blizzard's net revenues in 2019?", companies=atvi).qualifiers == ()


def test_a_name_joined_by_and():
    from finchat.answer.subject import analyse

    s = analyse("What was Salesforce's Service subscription and support revenue in Q3 fiscal 2023?",
                companies=("SALESFORCE", "Salesforce"))
    assert s.qualifiers == ("Service subscription and support",)
    # "and" between two questions' measures joins nothing
    assert analyse("What was Walmart's net sales and operating income in Q1?", companies=("WALMART", "Walmart")).qualifiers == ()


def test_share_questions_in_other_words():
    from finchat.answer.subject import analyse

    lmt = ("LOCKHEEDMARTIN", "Lockheed Martin")
    for q in ("Aeronautics as a percentage of Lockheed Martin's total 2021 net sales?",
              "What percent of Lockheed Martin's 2021 sales did Aeronautics represent?",
              "What portion of Lockheed Martin's 2021 net sales came from Aeronautics?"):
        s = analyse(q, companies=lmt)
        assert (s.kind, s.qualifiers) == ("share", ("Aeronautics",)), q


def test_operating_kpis_printed_as_percentages():
    from finchat.answer.subject import analyse

    s = analyse("What was Verizon's wireless retail postpaid churn in 2022?", companies=("VERIZON", "Verizon"))
    assert (s.kind, s.measure) == ("rate", "wireless retail postpaid churn")
    s = analyse("What was MGM's Las Vegas Strip occupancy in 2022?", companies=("MGMRESORTS", "MGM"))
    assert s.kind == "rate" and "Las Vegas Strip" in s.qualifiers


def test_a_kpi_after_the_question_verb():
    from finchat.answer.subject import analyse

    s = analyse("What was postpaid phone churn in Verizon's Consumer segment for 2021?", companies=("VERIZON", "Verizon"))
    assert (s.measure, s.kind) == ("postpaid phone churn", "rate")


def test_a_rate_over_a_measure_of_the_companys_own():
    from finchat.answer.subject import analyse

    s = analyse("What was Square's transaction-based revenue as a percentage of GPV in 2016?", companies=("BLOCK", "Square"))
    assert (s.kind, s.measure) == ("rate", "transaction-based revenue as a percentage of GPV")
    # over revenue it stays a share (or a derived figure): "as a percentage of net sales"
    s = analyse("Aeronautics as a percentage of Lockheed Martin's total 2021 net sales?", companies=("LOCKHEEDMARTIN",))
    assert s.kind == "share"


def test_a_share_of_a_dotted_name_and_a_price_per_share():
    from finchat.answer.subject import analyse

    s = analyse("What percentage of Boeing Global Services revenue came from the U.S. government in 2018?",
                companies=("BOEING", "Boeing"))
    assert s.kind == "share" and s.qualifiers == ("U.S. government",)
    s = analyse("What share of Amazon's 2017 net sales came from the United States?", companies=("AMAZON", "Amazon"))
    assert s.qualifiers == ("United States",)
    # a price per share paid for repurchased shares is neither the repurchases' amount nor a share count
    s = analyse("What average price per share did Best Buy pay for repurchased shares in the first six months of "
                "fiscal 2024?", companies=("BESTBUY", "Best Buy"))
    assert (s.measure, s.metric, s.qualifiers) == ("average price per share", None, ())
    s = analyse("How many shares did Best Buy repurchase in the first six months of fiscal 2024?",
                companies=("BESTBUY", "Best Buy"))
    assert s.qualifiers


def test_adjusted_ebitda_is_the_companys_row_not_a_computed_ebitda():
    from finchat.answer.derive import asked

    assert [d.key for d in asked("What adjusted EBITDA did Block report for 2020?")] == []
    assert [d.key for d in asked("What was Block's Adjusted EBITDA margin in 2020?")] == []
    assert [d.key for d in asked("What is the FY2022 unadjusted EBITDA % margin for PepsiCo?")] == ["ebitda_margin"]
    assert [d.key for d in asked("What is PepsiCo's FY2022 EBITDA?")] == ["ebitda"]


def test_a_region_of_several_words_is_one_qualifier():
    from finchat.answer.subject import analyse

    s = analyse("What was EBIT for Nike's Europe, Middle East & Africa region in fiscal 2021?", companies=("NIKE", "Nike"))
    assert "Europe, Middle East & Africa" in s.qualifiers and "Europe" not in s.qualifiers
    s = analyse("What were Nike's Greater China revenues in fiscal 2021?", companies=("NIKE", "Nike"))
    assert "Greater China" in s.qualifiers


def test_what_moved_a_line_is_asked_not_the_line():
    from finchat.answer.subject import analyse

    names = ("LOCKHEEDMARTIN", "Lockheed Martin", "Lockheed", "Lockheed Martin Corporation", "LMT")
    s = analyse("How much did net profit booking rate adjustments add to Lockheed's segment operating profit in "
                "Q2 2022?", companies=names)
    # the company's short name before "segment" is the company's, no segment; no statement line answers it
    assert (s.measure, s.metric, s.qualifiers, s.kind, s.keeps) == (
        "net profit booking rate adjustments", None, (), "amount", ())
    # "booking rate adjustments" is no rate asked; a company increasing its dividend is no effect asked
    assert analyse("What were Lockheed's booking rate adjustments in Q2 2022?", companies=names).kind == "amount"
    s = analyse("How much did Lockheed increase its dividend in 2022?", companies=names)
    assert s.keeps is None
    # "Activision Blizzard's Blizzard segment": the name's later word is the segment's
    s = analyse("What were Blizzard's segment net revenues in Q2 2023?",
                companies=("ACTIVISIONBLIZZARD", "Activision Blizzard", "Activision", "Blizzard"))
    assert "Blizzard" in s.qualifiers


def test_what_was_earned_or_recorded_named_after_the_verb():
    from finchat.answer.subject import analyse

    names = ("AMERICANEXPRESS", "American Express")
    s = analyse("How much did American Express earn in net card fees in 2022?", companies=names)
    assert (s.measure, s.metric) == ("net card fees", None)  # never the company's net income
    s = analyse("How much did Kraft Heinz record in impairment losses in 2019?", companies=("KRAFTHEINZ", "Kraft Heinz"))
    assert s.measure == "impairment losses"
    # a segment's earnings with nothing named after the verb stay its net income; a period is no measure
    s = analyse("How much did JPMorgan's Commercial Banking segment earn in Q2 2022?", companies=("JPMORGAN", "JPMorgan"))
    assert s.measure == "net income" and "Commercial Banking" in s.qualifiers
    assert analyse("How much did American Express earn in fiscal 2022?", companies=names).measure != "fiscal"


def test_what_percentage_a_line_grew_and_a_line_over_net_sales():
    from finchat.answer.subject import analyse

    names = ("AMAZON", "Amazon")
    # "By what percentage did …" asks the change of the measure named before the verb
    assert analyse("By what percentage did Amazon's marketing expenses grow in 2019?", companies=names).measure \
        == "marketing expenses"
    # a line over net sales: the part is the line, never the company's name with it
    s = analyse("What was Amazon's fulfillment expense as a percentage of net sales in 2019?", companies=names)
    assert s.kind == "rate" and s.qualifiers == () and as_share(s).qualifiers == ("fulfillment expense",)
    # growth excluding currency changes is measured otherwise: a qualifier, never the reported change
    s = analyse("How fast did Nike's Europe revenues grow excluding currency changes in fiscal 2023?",
                companies=("NIKE", "Nike"))
    assert "excluding currency changes" in s.qualifiers


def test_a_statement_word_inside_another_metrics_name():
    from finchat.answer.subject import analyse
    from finchat.graph.lexicon import metrics_in_question

    # "revenue" of "cost of revenue" is not asked: the cost is, of the part named before it
    assert metrics_in_question("What was the cost of revenue?") == ["cost_of_revenue"]
    s = analyse("What was Adobe's subscription cost of revenue in fiscal 2022?", companies=("ADOBE", "Adobe"))
    assert (s.metric, s.qualifiers) == ("cost_of_revenue", ("subscription",))
    # both named: both asked
    assert metrics_in_question("revenue and cost of revenue") == ["revenue", "cost_of_revenue"]


def test_a_measure_of_a_named_part_and_the_words_before_a_kpi():
    from finchat.answer.subject import analyse

    # "<measure> of <company>'s <part>": the measure is named first, the part is a qualifier
    s = analyse("By how much did unit shipments of AMD's Computing and Graphics products drop in 2015?",
                companies=("AMD",), segments=("Computing and Graphics",))
    assert s.measure == "unit shipments" and "Computing and Graphics" in s.qualifiers
    s = analyse("How much did research and development spending attributable to AMD's Computing and Graphics "
                "segment decrease in 2015?", companies=("AMD",))
    assert (s.measure, s.metric) == ("research and development spending", "rnd")
    # "the number of …'s stores": a counting word is no measure of its own
    assert analyse("How much did the number of Walmart's stores grow in 2020?", companies=("Walmart",)).measure \
        != "number"
    # the words before a KPI name the part it is of
    s = analyse("What was CVS Health's pharmacy same store sales growth in 2022?", companies=("CVS Health",))
    assert s.kind == "rate" and "pharmacy" in s.qualifiers
    # what money was put to is the part asked
    s = analyse("How much capital did Walmart allocate to remodels in fiscal 2018?", companies=("Walmart",))
    assert "remodels" in s.qualifiers


def test_a_divisions_profit_what_money_was_spent_on_and_a_models_name():
    from finchat.answer.subject import analyse
    from finchat.graph.lexicon import metrics_in_question

    # "division profit" is the company's measure of its divisions, no net income; "Locker" (of "Foot Locker's") no part
    s = analyse("What was Foot Locker's division profit in the third quarter of 2022?",
                companies=("Foot Locker", "FOOTLOCKER"))
    assert (s.measure, s.metric, s.qualifiers) == ("division profit", None, ())
    assert metrics_in_question("What was the segment profit?") == []
    assert metrics_in_question("What was the profit?") == ["net_income"]
    # what was spent on is the measure when the question names no other
    s = analyse("What did Netflix spend on marketing in its Domestic streaming segment in 2015?", companies=("Netflix",))
    assert s.measure == "marketing"
    # a model's name with its number is the part asked; a form's name is not
    s = analyse("What reach-forward losses did Boeing record on the KC-46A Tanker in 2018?", companies=("Boeing",))
    assert "KC-46A Tanker" in s.qualifiers
    s = analyse("What backlog did Boeing report in its 10-K for 2018?", companies=("Boeing",))
    assert not any("10-K" in q for q in s.qualifiers)


def test_a_place_named_after_in_and_a_currency_neutral_figure():
    from finchat.answer.subject import analyse

    s = analyse("What were American Water's wastewater operating revenues in Pennsylvania in 2021?",
                companies=("American Water Works", "American Water"))
    assert {"wastewater", "Pennsylvania"} <= set(s.qualifiers)
    # a period after "in" is no place
    s = analyse("What were Amcor's Flexibles net sales in Q2 FY2023?", companies=("Amcor",))
    assert s.qualifiers == ("Flexibles",)
    s = analyse("How much did Converse revenues decline on a currency-neutral basis in fiscal 2018?",
                companies=("Nike",))
    assert "currency-neutral" in s.qualifiers


def test_initials_after_the_possessive_name_a_part_unless_they_are_the_measures():
    from finchat.answer.subject import analyse

    s = analyse("What return on equity did JPMorgan's CIB earn in Q1 2022?", companies=("JPMorgan",),
                derived=True, derived_name="Return on equity")
    assert s.qualifiers == ("CIB",)
    s = analyse("What was JPMorgan's ROE in Q1 2022?", companies=("JPMorgan",), derived=True,
                derived_name="Return on equity")
    assert s.qualifiers == ()
    # a definition's abbreviations are measures ("DPO", "P&L"), whatever precedes them
    s = analyse("What is Amazon's FY2017 days payable outstanding (DPO)? DPO is defined as: 365 * (average accounts "
                "payable) / (P&L inventory change + FY COGS)", companies=("Amazon",), derived=True,
                derived_name="Days payable outstanding")
    assert s.qualifiers == ()


def test_what_moved_a_line_in_one_word_and_a_name_before_a_long_measure():
    from finchat.answer.subject import analyse

    s = analyse("How much did currency hurt Amcor's Flexibles net sales in fiscal 2023?", companies=("Amcor",))
    assert (s.measure, s.metric) == ("currency", None)
    s = analyse("How much did it add to Amcor's net sales in fiscal 2023?", companies=("Amcor",))
    assert s.measure != "it"
    # "Las Vegas Strip" before "same-store Adjusted Property EBITDAR": the part, then the measure
    s = analyse("What was Las Vegas Strip same-store Adjusted Property EBITDAR for MGM in Q4 2022?",
                companies=("MGM Resorts", "MGM"))
    assert s.measure == "same-store Adjusted Property EBITDAR"
    assert "Las Vegas Strip" in s.qualifiers and "Adjusted Property" not in s.qualifiers


def test_a_line_named_after_a_statement_line_is_its_own():
    from finchat.answer.subject import analyse

    s = analyse("What early debt redemption costs did Verizon record in 2021?", companies=("Verizon",))
    assert (s.measure, s.metric, s.keeps) == ("early debt redemption costs", None, ())
    assert analyse("What was Verizon's interest expense in 2021?", companies=("Verizon",)).metric == "interest_expense"
    assert analyse("What long-term debt did Verizon carry at the end of 2021?", companies=("Verizon",)).metric == \
        "long_term_debt"


def test_how_much_of_asks_an_amount_unless_of_a_whole_and_what_took_a_line_down():
    from finchat.answer.subject import analyse

    # "How much of its customer deposits did Corning use": an amount used, no share of the deposits
    assert analyse("How much of its customer deposits did Corning use in 2021?", companies=("Corning",)).kind == "amount"
    # a part of a whole ("… came from …") or a percentage asked stays a share
    assert analyse("How much of Lockheed's Missiles and Fire Control sales increase in 2021 came from integrated air "
                   "and missile defense programs?", companies=("Lockheed", "Lockheed Martin")).kind == "share"
    assert analyse("How much of Amazon's 2019 operating cash flow was left as free cash flow, in percent?",
                   companies=("Amazon",)).kind == "share"
    # what a charge took off a line is the charge's effect, never the line
    s = analyse("How much did the cash tender offer charge take off PepsiCo's 2021 net income?", companies=("PepsiCo",))
    assert (s.measure, s.metric, s.keeps) == ("cash tender offer charge", None, ())


def test_the_cost_of_a_parts_revenue_and_a_name_with_a_possessive():
    from finchat.answer.subject import analyse

    s = analyse("What did Adobe's cost of subscription revenue amount to in fiscal 2015?", companies=("Adobe",))
    assert (s.measure, s.metric) == ("cost of subscription revenue", "cost_of_revenue") and "subscription" in s.qualifiers
    assert analyse("What was Adobe's subscription revenue in fiscal 2015?", companies=("Adobe",)).metric == "revenue"
    # "Sam's Club" is the part's name: its membership income, not "Club membership income"
    s = analyse("By how much did Sam's Club membership income grow in fiscal 2018?", companies=("Walmart",),
                segments=("Sam's Club",))
    assert s.measure == "membership income" and "Sam's Club" in s.qualifiers


def test_a_share_of_the_total_that_went_to_a_line():
    from finchat.answer.subject import analyse

    s = analyse("What share of eBay's Q2 2023 net revenues went to product development?", companies=("eBay",))
    assert s.kind == "share" and s.qualifiers == ("product development",)


def test_the_segments_total_line_and_what_a_cause_took_in_points():
    from finchat.answer.subject import analyse

    # "total segment operating income" is the reconciliation's row, never the statement's operating income
    s = analyse("What was Activision Blizzard's total segment operating income in Q2 2023?",
                companies=("Activision Blizzard",))
    assert (s.measure, s.metric, s.keeps) == ("segment operating income", None, ())
    # a named segment's segment operating profit is its operating profit
    s = analyse("How much segment operating profit did Convenience Stores & Foodservice generate for General Mills in "
                "fiscal 2019?", companies=("General Mills",), segments=("Convenience Stores & Foodservice",))
    assert (s.measure, s.metric) == ("operating profit", "operating_income")
    # "By how many points did … reduce …": what the cause took, never the line
    s = analyse("By how many points did the Venezuelan bolivar devaluation reduce Kraft Heinz's Rest of World net sales "
                "in 2019?", companies=("Kraft Heinz",))
    assert (s.measure, s.metric) == ("Venezuelan bolivar devaluation", None)


def test_fiscal_before_a_year_is_no_word_of_the_measure():
    from finchat.answer.subject import analyse

    s = analyse("What was Nike's fiscal 2021 demand creation expense?", companies=("Nike",))
    assert s.measure == "demand creation expense"


def test_what_things_were_in_a_line_are_those_things():
    from finchat.answer.subject import analyse

    # "What restructuring-related costs were in Nike's … operating overhead expense?": the costs, never the line
    s = analyse("What restructuring-related costs were in Nike's fiscal 2021 operating overhead expense?",
                companies=("Nike",))
    assert (s.measure, s.metric) == ("restructuring-related costs", None)
    # (a predicate after the verb stays the counted thing's: "cards in force")
    assert analyse("How many cards were in force at American Express at the end of 2022?",
                   companies=("American Express",)).measure == "cards in force"


def test_the_part_of_a_share_is_no_word_of_its_whole():
    from finchat.answer.subject import analyse

    s = analyse("What share of Testco's total network volumes was billed business in 2022?",
                companies=("Testco", "TESTCO"))
    assert s.kind == "share" and s.measure == "total network volumes" and "billed business" in s.qualifiers, s


def test_unit_sales_of_a_product_are_its_units_not_revenue_of_the_company():
    from finchat.answer.subject import analyse

    s = analyse("By how much did Testco's unit sales of footwear rise in fiscal 2023?", companies=("Testco", "TESTCO"))
    assert (s.measure, s.metric, s.qualifiers) == ("unit sales", None, ("footwear",)), s


@pytest.mark.parametrize(("question", "measure", "qualifiers"), [
    # a part in lower case, between the company's possessive and what it did ("channel" is no table's word)
    ("How much revenue did Testco's mail choice channel bring in during 2022?", "revenue", ("mail choice",)),
    # a basis of the company's own ("excluding discrete tax benefits") qualifies the rate
    ("Excluding discrete tax benefits, what was Testco's tax rate for fiscal 2021?", "tax rate",
     ("excluding discrete tax benefits",)),
    # two words or more before a statement line's name narrow it to a line of its own; one does not
    ("How large were Testco's unsettled credit and debit card receivables at the end of 2021?",
     "unsettled credit and debit card receivables", ("unsettled credit and debit card",)),
    ("What were Testco's trade receivables in 2021?", "trade receivables", ()),
    # what doing something cost the company is asked, not its costs
    ("What did exiting the dense server systems business cost Testco in 2015?",
     "exiting dense server systems business", ()),
    # what the company expects to do is the measure of its outlook
    ("How much does Testco expect to invest in 2023?", "invest", ()),
    # the thing asked before "did", not the statement line of the table it sits in (nor that table's "adjusted")
    ("How much share-based compensation expense did Testco add back in its 2020 Adjusted Net Income reconciliation?",
     "share-based compensation expense", ("Adjusted Net Income",)),
    # a model's number names the part; "how many units" asks a change in them
    ("By how many units did the accounting quantity of Testco's 787 program grow during 2018?", "accounting quantity",
     ("787 program",)),
    # a part in lower case after "did the", with what the company did with it, is whose the measure is
    ("How much net revenue did the juice businesses Testco sold deliver in 2021?", "net revenue", ("juice",)),
    ("How much revenue did the company generate in 2021?", "revenue", ()),
    # a measure no statement word names, of a part after the company's possessive
    ("What was the notional value of Testco's interest rate derivatives at the end of 2022?", "notional value",
     ("interest rate derivatives",)),
    # "How much in …": what follows "in" is the thing asked
    ("How much in restructuring charges does Testco expect to incur in 2020?", "restructuring charges", ()),
    # growth at constant currency as a company names it
    ("What was the operational growth of Testco's MedTech sales in 2022?", "MedTech sales", ("MedTech", "operational")),
    # "How much of … related to …": the measure, then the part it went to
    ("How much of Testco's fiscal 2019 supply chain restructuring charges related to the North America Retail "
     "segment?", "supply chain restructuring charges", ("North America Retail",)),
    # a leading "Excluding …," clause: the question after it, the clause a basis
    ("Excluding intercompany license fees, how much did Testco's Adjusted Property EBITDA grow in 2018?",
     "Adjusted Property EBITDA", ("excluding intercompany license fees",)),
    # initials with an ampersand before "rate"
    ("What was Testco's SG&A rate in fiscal 2019?", "SG&A rate", ()),
    # a filing and its date are no part of the company
    ("What was the key agenda of Testco's 8k filing dated 1st July 2022?", "key agenda", ()),
    # where the measure grew is a part, not a word of the measure
    ("How much did product costs at Skunkworks increase for Testco in 2020?", "product costs", ("Skunkworks",)),
    # what a charge was for ("in connection with …")
    ("What charge did Testco record in connection with its cash tender offers in 2021?", "charge",
     ("cash tender offers",)),
])
def test_parts_bases_and_acts_a_question_names(question, measure, qualifiers):
    from finchat.answer.subject import analyse

    s = analyse(question, companies=("Testco", "TESTCO"))
    assert (s.measure, s.qualifiers) == (measure, qualifiers), s


def test_the_thing_asked_before_did_is_no_statement_line_after_it():
    from finchat.answer.subject import analyse

    for question in ("What restructuring charges did Testco add back to get non-GAAP operating income in 2023?",
                     "How much intangible asset amortization did Testco exclude from non-GAAP operating income?"):
        s = analyse(question, companies=("Testco", "TESTCO"))
        # the reconciliation's line ("operating income") answers nothing asked
        assert s.metric is None and s.keeps == () and "operating income" not in s.measure, s
    # a statement word in the thing asked keeps its line ("What operating margin did …")
    s = analyse("What operating margin did Testco post in 2023?", companies=("Testco", "TESTCO"))
    assert s.keeps is None and "margin" in s.measure, s


def test_what_moved_a_measure_named_after_a_line_is_asked():
    from finchat.answer.subject import analyse

    s = analyse("By how many points did foreign currency weigh on Testco's Adjusted EBITDA in 2019?",
                companies=("Testco", "TESTCO"))
    assert (s.measure, s.metric, s.keeps) == ("foreign currency", None, ()), s


def test_a_lower_case_part_after_the_possessive_of_a_kpi():
    from finchat.answer.subject import analyse

    s = analyse("What was the comparable sales growth of Testco's Domestic appliances category in fiscal 2019?",
                companies=("Testco", "TESTCO"), segments=("Domestic",))
    assert "appliances" in s.qualifiers and "Domestic" in s.qualifiers, s


def test_a_share_of_a_line_named_after_a_company_of_two_words():
    from finchat.answer.subject import analyse

    s = analyse("What was Test Co's cost of sales for products as a percentage of product sales in 2020?",
                companies=("Test Co", "TESTCO"))
    assert (s.kind, s.qualifiers) == ("share", ("cost of sales for products",)), s



@pytest.mark.parametrize(("question", "measure"), [
    # what moved a statement line, named before "impact on" or after "impact of": the impact, never the line (in the
    # question's order of words)
    ("What was Testco's total hedging impact on revenue in fiscal 2017?", "total hedging impact"),
    ("What was the foreign currency impact on Testco's net sales in 2019?", "foreign currency impact"),
    ("What was the impact of foreign currency on Testco's revenue in 2019?", "impact of foreign currency"),
    ("What was the effect of the 53rd week on Testco's net sales in 2023?", "effect of 53rd week"),
])
def test_an_impact_on_a_line_is_asked_not_the_line(question, measure):
    from finchat.answer.subject import analyse

    s = analyse(question, companies=("Testco", "TESTCO"))
    # ("foreign" of "foreign currency" names no place)
    assert (s.measure, s.metric, s.qualifiers, s.keeps) == (measure, None, (), ()), s


def test_diluted_shares_are_a_count_not_diluted_eps():
    from finchat.graph.lexicon import metrics_in_question

    assert metrics_in_question("How many weighted-average diluted shares did Testco have in 2022?") == \
        ["shares_outstanding"]
    assert metrics_in_question("What was Testco's diluted EPS in 2022?") == ["eps_diluted"]


@pytest.mark.parametrize(("question", "measure", "qualifiers"), [
    # what an amount recorded was for: a qualifier, never a period
    ("How much had Testco recorded in regulatory assets for COVID-19 financial impacts at the end of 2021?",
     "regulatory assets", ("COVID-19 financial impacts",)),
    ("How much did Testco accrue for legal settlements with regulators in 2021?", None, ("legal settlements with regulators",)),
    ("What average price per share did Testco pay for repurchased shares in 2021?", None, ()),
    ("How much had Testco recorded in impairment losses for the year 2021?", "impairment losses", ()),
    ("How much did Testco spend on research for fiscal 2022?", None, ()),
    # what was recorded, nothing else naming it: the measure itself, no qualifier of it
    ("What did Testco record for chargebacks in 2021?", "chargebacks", ()),
    ("What did Testco record for the year 2021?", "", ()),
    # a balance or a charge named for what it is of: that row of its table, never the balance's total
    ("What was Testco's deferred tax asset for stock-based compensation at May 31, 2022?", "deferred tax asset",
     ("stock-based compensation",)),
    ("How much amortization expense for acquired technology did Testco report in 2021?", None, ("acquired technology",)),
    ("What was Testco's amortization expense for the year 2021?", None, ()),
    # (a name listing its parts, whole)
    ("What deferred tax liability did Testco carry for property, plant and equipment at the end of 2020?",
     "deferred tax liability", ("property, plant and equipment",)),
])
def test_what_a_recorded_amount_was_for(question, measure, qualifiers):
    from finchat.answer.subject import analyse

    s = analyse(question, companies=("Testco", "TESTCO"))
    assert s.qualifiers == qualifiers, s
    if measure is not None:
        assert s.measure == measure, s


def test_an_item_of_an_adjusted_measures_reconciliation_is_no_adjusted_measure():
    from finchat.answer.subject import analyse

    s = analyse("How much share-based compensation expense did Testco exclude from Adjusted EBITDA in 2015?",
                companies=("Testco", "TESTCO"))
    # the item asked; neither "adjusted" nor the reconciliation's name qualifies it, and no EBITDA line answers
    assert (s.measure, s.metric, s.qualifiers, s.keeps) == ("share-based compensation expense", None, (), ()), s
    s = analyse("What was Testco's Adjusted EBITDA in 2015?", companies=("Testco", "TESTCO"))
    assert "adjusted" in s.qualifiers, s


def test_a_place_named_after_the_measure_is_its_qualifier_not_its_words():
    from finchat.answer.subject import analyse

    s = analyse("How much did highly inflationary accounting in Argentina cost Testco in fiscal 2023?",
                companies=("Testco", "TESTCO"))
    assert (s.measure, s.qualifiers) == ("highly inflationary accounting", ("Argentina",)), s


@pytest.mark.parametrize(("question", "measure", "qualifiers"), [
    # where a measure asked before the verb was recorded
    ("How much share-based compensation expense did Testco record in product development in 2016?",
     "share-based compensation expense", ("product development",)),
    # (the words after the verb are the measure itself, or a period: no qualifier)
    ("How much did Testco record in impairment losses in 2021?", "impairment losses", ()),
    ("How much corporate expense did Testco record in the third quarter of 2022?", "corporate expense", ()),
    # a change asked "operationally" is on the operational basis
    ("How much did Testco's international sales change operationally in Q4 2022?", "international sales",
     ("international", "operational")),
])
def test_where_a_measure_was_recorded_and_its_basis(question, measure, qualifiers):
    from finchat.answer.subject import analyse

    s = analyse(question, companies=("Testco", "TESTCO"))
    assert (s.measure, s.qualifiers) == (measure, qualifiers), s


@pytest.mark.parametrize(("question", "metric", "keeps"), [
    # a program's authorization is no amount bought back; a clause about a line is not the line
    ("What was Testco's remaining share repurchase authorization at June 26, 2022?", None, ()),
    ("How much cash was Testco unable to invoice and receive in Q2 2022?", None, ()),
    ("How much did Testco spend on share repurchases in 2022?", "share_repurchases", None),
])
def test_an_authorization_or_a_clause_about_a_line_is_not_the_line(question, metric, keeps):
    from finchat.answer.subject import analyse

    s = analyse(question, companies=("Testco", "TESTCO"))
    assert (s.metric, s.keeps) == (metric, keeps), s


@pytest.mark.parametrize(("question", "measure", "qualifiers"), [
    # a hyphenated word before a line narrows it to a line of its own; no statement word inside it ("profit-share")
    ("How much profit-share revenue did Testco recognize in fiscal 2017?", "profit-share revenue", ("profit-share",)),
    # whom a line's sales were made to
    ("What were sales to wholesale customers in Testco's fiscal 2018?", "sales", ("wholesale customers",)),
    ("What were Testco's revenues to date in 2022?", "revenues", ()),
    # a name after a KPI is its part
    ("How did comparable sales of Entertainment change at Testco in fiscal 2017?", "comparable sales",
     ("comparable sales", "Entertainment")),
])
def test_words_that_narrow_a_line(question, measure, qualifiers):
    from finchat.answer.subject import analyse

    s = analyse(question, companies=("Testco", "TESTCO"))
    assert (s.measure, s.qualifiers) == (measure, qualifiers), s


@pytest.mark.parametrize(("question", "measure", "metric", "qualifiers"), [
    # a word after a statement line's name makes a measure of its own, printed as its own row
    ("What inventory turns did Testco report for 2024?", "inventory turns", None, ()),
    ("What were Testco's days sales outstanding at the end of 2024?", "days sales outstanding", None, ()),
    ("What were Testco's net sales growth in 2024?", "net sales", "revenue", ()),
    # what was allocated to a part: the thing allocated; the part is whose, not a second measure
    ("How much equity was allocated to Testco's Commercial Banking segment in Q2 2024?", "equity", None,
     ("Commercial Banking",)),
    # the thing asked before "did", a statement line only in what it was paid on
    ("What participation incentive did Testco pay on its fiscal 2021 debt exchange?", "participation incentive", None,
     ()),
    # lines listed as one measure: a row of their own, not the first line's
    ("How much did Testco's cash, cash equivalents and short-term investments total at June 30, 2024?",
     "cash, cash equivalents and short-term investments", None, ()),
    # what was recognized "in" a line of expense: that expense, not the verb
    ("How much did Testco recognize in interest and penalties expense in 2024?", "interest and penalties expense",
     None, ()),
    # words after a line asking a figure of it, or naming it otherwise, keep it the line
    ("How much did research and development spending at Testco decrease in 2024?", "research and development spending",
     "rnd", ()),
    # cash put toward something: the thing is the measure
    ("How much cash does Testco expect to put toward share repurchases in fiscal 2025?", "share repurchases",
     "share_repurchases", ()),
])
def test_a_measure_of_its_own_after_or_around_a_line(question, measure, metric, qualifiers):
    from finchat.answer.subject import analyse

    s = analyse(question, companies=("Testco", "TESTCO"))
    assert (s.measure, s.metric, s.qualifiers) == (measure, metric, qualifiers), s


@pytest.mark.parametrize(("question", "measure", "metric", "qualifiers"), [
    # an account named with its "for": the account, qualified — never the line it is an allowance for
    ("What was Testco's allowance for uncollectible accounts receivable at May 31, 2024?",
     "allowance for uncollectible accounts receivable", "accounts_receivable", ("allowance uncollectible",)),
    # a place after a segment that is itself a place's name: the place asked is the one no qualifier holds
    ("What were Testco International's net sales in China in Q1 2024?", "net sales", "revenue",
     ("Testco International", "China")),
])
def test_an_account_named_with_for_and_a_second_place(question, measure, metric, qualifiers):
    from finchat.answer.subject import analyse

    segments = ("Testco International",) if "International" in question else ()
    s = analyse(question, companies=("Testco", "TESTCO"), segments=segments)
    assert (s.measure, s.metric, s.qualifiers) == (measure, metric, qualifiers), s


@pytest.mark.parametrize(("question", "measure", "metric", "qualifiers", "kind"), [
    # a name before a rate is the part it is of
    ("What was the Card Services net charge-off rate at Test Co in Q2 2024?", "charge-off rate", None,
     ("Card Services",), "rate"),
    # a part owned by a company of two words, its "category" no word of its name
    ("What revenue did Test Co's Domestic Computing and Mobile Phones category bring in during Q2 2024?", "revenue",
     "revenue", ("Domestic Computing and Mobile Phones",), "amount"),
    # a channel's word inside the comparable-sales KPI: a percentage the filing prints, of the part before it
    ("How much did Test Co's Domestic comparable online sales change in Q2 2024?", "comparable online sales", "revenue",
     ("Domestic", "comparable online sales"), "rate"),
    # a change word before "at" is the measure's own noun ("table games drop"), not the question's verb
    ("What was the table games drop at Test Co's Strip Resorts in the second quarter of 2024?", "table games drop", None,
     ("Strip Resorts",), "amount"),
    # a name after "of" is what the figure is of, beside the segment the filters found
    ("What were average loans of Middle Market Banking in Test Co's Commercial Banking in Q1 2024?", "average loans",
     "loans", ("Commercial Banking", "Middle Market Banking"), "amount"),
    # the channel a figure came through is what it is of
    ("How much net revenue did Test Co generate through digital online channels in Q2 2024?", "net revenue", "revenue",
     ("digital online",), "amount"),
    # cash returned to shareholders is what was returned, never the cash balance
    ("How much cash did Test Co return to shareholders in the second quarter of 2024?", "cash returned to shareholders",
     None, (), "amount"),
    # the part whose share is asked is its name, not "… segment"
    ("What share of Test Co's consolidated revenues did the Business segment account for in 2024?", "revenues",
     "revenue", ("Business",), "share"),
    # things counted, then what was done with them and where, no auxiliary verb
    ("How many Converse stores operated outside the United States at the end of Test Co's fiscal 2024?",
     "Converse stores", None, ("outside the United States",), "amount"),
    # "how fast did … grow": the growth of what is named
    ("How fast did Dynamics 365 grow for Test Co in fiscal year 2024?", "Dynamics 365", None, (), "amount"),
    # the act of spending ends what was read as the measure: what the money goes to is
    ("How much did Test Co estimate it would spend on capital expenditures for pollution control in 2024?",
     "capital expenditures", "capex", (), "amount"),
    # a segment's name printed with a slash is one name
    ("How many prescriptions did Test Co's Retail/LTC segment fill in 2024?", "prescriptions", None, ("Retail/LTC",),
     "amount"),
    # the words before a rate's "net" name its part, written small too
    ("What was Test Co's card net charge-off rate in Q2 2024?", "charge-off rate", None, ("card",), "rate"),
    # "What … is <company> expecting": the thing expected, its slashed name one word
    ("What FAS/CAS operating adjustment is Test Co expecting for 2024?", "FAS/CAS operating adjustment", None, (),
     "amount"),
    # what is spent on, as a percent of the sales it is over: the spending is the measure, the sales its base
    ("What did Test Co's Devices segment spend on R&D in 2024 as a percent of its sales?", "R&D", "rnd", ("Devices",),
     "amount"),
    # "What <thing> will <someone> receive": the thing
    ("What annual base salary will Jane Roe receive as Test Co's CEO?", "annual base salary", None, ("Jane Roe",),
     "amount"),
])
def test_a_rate_of_a_part_a_category_and_cash_returned(question, measure, metric, qualifiers, kind):
    from finchat.answer.subject import analyse

    segments = ("Commercial Banking",) if "Commercial Banking" in question else ()
    s = analyse(question, companies=("Test Co", "TESTCO"), segments=segments)
    assert (s.measure, s.metric, s.qualifiers, s.kind) == (measure, metric, qualifiers, kind), s


@pytest.mark.parametrize(("question", "companies", "measure", "qualifier"), [
    # a count where the company has it: the count there ("How many … work at …", a verb in the present)
    ("How many employees work at Nike's world headquarters?", ("Nike",), "employees", "world headquarters"),
    ("How many employees did Nike have at its world headquarters?", ("Nike",), "employees", "world headquarters"),
    # a maturity's span: the row of the table of payments due
    ("What content obligations does Netflix have coming due in less than one year, as of June 30, 2023?",
     ("Netflix",), "content obligations", "less than one year"),
    # what the measure is tied to is whose it is; the measure is what comes before
    ("How much expense tied to the Acme acquisition did JPMorgan incur in Q2 2023?", ("JPMorgan",), "expense",
     "Acme"),
    # an event of the company's that moved the count
    ("How many wireless retail postpaid connections did Verizon's 3G network retirement affect in 2022?",
     ("Verizon",), "wireless retail postpaid connections", "3G network retirement"),
])
def test_where_when_and_by_what_a_figure_is_asked(question, companies, measure, qualifier):
    s = analyse(question, companies=companies)
    assert s.measure == measure and qualifier in s.qualifiers and s.qualified, s.as_json()


def test_a_period_or_a_measure_after_at_is_no_place():
    s = analyse("How many shares did Nike repurchase in its fourth quarter?", companies=("Nike",))
    assert not any("quarter" in q for q in s.qualifiers), s.as_json()


@pytest.mark.parametrize(("question", "measure", "qualifiers"), [
    # a rate is of what it is earned on
    ("What yield did Testco earn on its average interest-earning assets in the third quarter of 2021?",
     "yield on average interest-earning assets", ()),
    # a count asked after a preposition; a part named in five words with its owner is named whole
    ("On how many military installations does Testco's Military Services Group operate?", "military installations",
     ("Military Services Group",)),
    # the price paid for an acquisition is that acquisition's, no statement line
    ("What did Testco pay to acquire Globomatic?", "acquisition", ("Globomatic",)),
    ("How much did Testco pay for the acquisition of Globomatic Labs in 2017?", "acquisition", ("Globomatic Labs",)),
    # a place's size is its area
    ("How large is Testco's Los Gatos headquarters, per its 2017 10-K?", "square feet", ("Los Gatos headquarters",)),
    # contributions to plans named
    ("How much did Testco voluntarily contribute to its domestic postretirement plans in 2020?", "contributions",
     ("domestic postretirement plans",)),
])
def test_a_rate_on_a_base_a_count_after_a_preposition_and_an_acquisitions_price(question, measure, qualifiers):
    from finchat.answer.subject import analyse

    s = analyse(question, companies=("Testco", "TESTCO"))
    assert (s.measure, s.qualifiers) == (measure, qualifiers), s


def test_an_abbreviations_periods_do_not_cut_a_part():
    """"… earned under U.S. government contracts": "U.S." is no end of the part asked."""
    from finchat.answer.subject import analyse

    s = analyse("What share of Testco's 2018 revenues was earned under U.S. government contracts?",
                companies=("Testco", "TESTCO"))
    assert s.qualifiers and all("U.S. government contracts" in q for q in s.qualifiers), s


@pytest.mark.parametrize(("question", "measure", "metric", "qualifiers"), [
    # initials that earn the figure for the company are a part, not the measure's abbreviation
    ("What division profit did WSS generate for Testco in Q3 2022?", "division profit", None, ("WSS",)),
    # the line an amount was included in is what it is a part of, whoever's possessive names it
    ("How much depreciation and amortization was included in Testco's corporate expense in Q3 2022?",
     "depreciation and amortization", None, ("corporate expense",)),
    # a balance held "in" a line is that line; a negated word before it narrows it
    ("How much did Testco hold in noncurrent inventories at the end of Q2 2023?", "noncurrent inventories", "inventory",
     ("noncurrent",)),
    # a currency is no place
    ("How much did the stronger U.S. dollar cut from Testco's revenue in Q2 fiscal 2023?", "stronger U.S. dollar", None,
     ()),
])
def test_a_part_that_earns_a_line_it_is_in_and_a_balance_held(question, measure, metric, qualifiers):
    s = analyse(question, companies=("Testco", "TESTCO"))
    assert (s.measure, s.metric, s.qualifiers) == (measure, metric, qualifiers), s


@pytest.mark.parametrize(("question", "measure", "metric", "qualifiers"), [
    # a thing asked in a clause of its own is the thing, before what it is of
    (("What reasonably possible loss exposure in excess of its accrual did Testco estimate for its Brazil contingencies "
      "at December 31, 2022?"), "reasonably possible loss exposure", None, ("Brazil",)),
    # what an accrual was made for
    (("How much had Testco accrued for its share of estimated future remediation costs at waste disposal sites as of "
      "December 31, 2022?"), "estimated future remediation costs", None, ()),
    # a count asked before "did", excluded from a measure: no figure of the measure
    ("How many anti-dilutive share options did Testco exclude from diluted EPS in the quarter ended December 31, 2022?",
     "anti-dilutive share options", None, ()),
    # an accounting act done to the thing asked names its own line; an expense incurred is the expense
    ("How much interest did Testco capitalize in 2018?", "interest capitalized", None, ()),
    ("How much corporate expense did Testco incur in the thirty-nine weeks ended October 29, 2022?", "corporate expense",
     None, ()),
    # a share of revenue recognized in a way is that way's ("Over-time and other"); "billed business" is a name
    ("What percentage of Testco's Q2 2023 net revenues was recognized over time?", "net revenues", "revenue",
     ("over time",)),
    ("What share of Testco's total network volumes was billed business in 2022?", "total network volumes", None,
     ("billed business",)),
    # a share of a part's whole: the whole is the part's line, the figure the program's
    ("What percentage of Aeronautics' 2021 net sales did Testco's F-35 program generate?", "Aeronautics net sales",
     "revenue", ("F-35 program",)),
])
def test_a_clause_an_accrual_a_count_excluded_and_an_act_done(question, measure, metric, qualifiers):
    s = analyse(question, companies=("Testco", "TESTCO"))
    assert (s.measure, s.metric, s.qualifiers) == (measure, metric, qualifiers), s


def test_a_target_achieved_is_no_outlook_and_a_parts_margin_no_statement_ratio():
    from finchat.answer import derive
    from finchat.retrieve.intent import question_intent

    assert question_intent("How much of its cost reduction target had Testco achieved by the end of fiscal 2017?") == "figure"
    assert question_intent("What is Testco's cost reduction target for fiscal 2018?") == "outlook"
    # "division profit margin" is the filing's line; a named segment's margin is computed
    assert derive.asked("What was Testco's division profit margin in Q3 2022?") == []
    assert [d.key for d in derive.asked("What was Testco's Space segment operating margin?")] == ["operating_margin"]
    # a share of revenue spent on a line, the line named after it
    assert [d.key for d in derive.asked("What percentage of revenue did Testco spend on research and development?")] == [
        "rnd_to_revenue"]


def test_one_word_before_a_statement_line_is_asked_of_the_filing():
    """"restricted cash": one lower-case word before the line, a line of its own only where the filing prints it
    (answer/compose.py asks); neutral words ("total") and two words (read as a part already) are none."""
    from finchat.answer.asked import lone_modifier

    def lone(q: str) -> str:
        s = analyse(q, companies=("Testco", "TESTCO"))
        return lone_modifier(s.measure, s.metric) if not s.qualifiers else ""

    assert lone("How much restricted cash did Testco hold at July 29, 2023?") == "restricted"
    assert lone("What were Testco's merchandise inventories at the end of 2022?") == "merchandise"
    assert lone("What was Testco's total cash at the end of 2022?") == ""
    assert lone("What were Testco's finished goods inventories at the end of 2022?") == ""


def test_a_company_one_pays_for_is_an_acquisition_not_the_payers_buyback():
    """"What price per share did Testco agree to pay for Globex?": Globex's acquisition (never Testco's own buyback
    price); "What did it pay for Globex" names no payer, so Globex, a company asked about, is whose figure."""
    names = ("Testco", "TESTCO", "Globex", "GLOBEX")
    s = analyse("What price per share did Testco agree to pay for Globex?", companies=names)
    assert (s.measure, s.qualifiers) == ("acquisition", ("Globex",)), s
    s = analyse("What price per share did it pay for Globex?", companies=names)
    assert s.qualifiers != ("Globex",), s


def test_a_part_of_a_whole_asked_is_no_clause_cut_short():
    """"How much of the cash from selling its Russian business did …": a part of a whole asked, never the measure
    "of the cash" (a long clause is cut before what it is of; this is no clause)."""
    s = analyse("How much of the cash from selling its Russian business did Testco's board approve investing in "
                "additional initiatives?", companies=("Testco", "TESTCO"))
    assert not s.measure.startswith("of "), s


@pytest.mark.parametrize("question,measure,qualifiers", [
    # a measure "in" a part's possessive is the measure, the part whose
    ("By how much did prescriptions filled in Testco's Retail/LTC segment rise in 2022?", "prescriptions filled",
     ("Retail/LTC",)),
    # a time clause after what a stake is held in ends it
    ("What non-controlling interest did Testco hold in Kenvue after its IPO?", "non-controlling interest", ("Kenvue",)),
    # a place in lower case before a product's name: printed apart in the filing's tables
    ("What were Testco's international Biosimilars revenues in 2021?", "international Biosimilars revenues",
     ("international", "Biosimilars")),
])
def test_a_measure_in_a_part_a_stake_held_after_an_event_and_a_place_before_a_product(question, measure, qualifiers):
    s = analyse(question, companies=("Testco", "TESTCO"))
    assert (s.measure, s.qualifiers) == (measure, qualifiers), s


def test_a_footnotes_mark_is_no_word_of_a_row():
    """"Investment banking revenue, gross(b)": the mark "(b)" is no word the question lacks."""
    from finchat.answer.cellrows import _words_of

    assert _words_of("Investment banking revenue, gross(b)") == ["investment", "banking", "revenue", "gross"]
    assert _words_of("Net charge-off/(recovery) rate(c) (1)") == _words_of("Net charge-off/(recovery) rate")


def test_a_ratio_asked_on_another_basis_only_is_the_printed_rate():
    """"adjusted effective tax rate": the rate the filing prints on that basis (never income tax over pretax income);
    a part's margin ("Space operating margin") or the plain rate stays a ratio of lines."""
    from finchat.answer import derive
    from finchat.answer.compose import ratio_on_basis

    def on_basis(q: str) -> bool:
        d = derive.asked(q)
        s = analyse(q, companies=("Testco", "TESTCO"), derived=bool(d), derived_name=d[0].name if d else "")
        return ratio_on_basis(s, d)

    assert on_basis("What was Testco's adjusted effective tax rate for the first six months of 2023?")
    assert not on_basis("What was Testco's effective tax rate for the first six months of 2023?")
    assert not on_basis("What was Testco's Space segment operating margin in 2023?")


def test_a_value_of_a_statement_line_is_that_lines():
    """"the fair value of Testco's long-term debt": the debt's fair value (its line a qualifier), never any fair value;
    "What carrying value did Testco's minority investments … have": the investments' carrying value."""
    s = analyse("What was the fair value of Testco's long-term debt at October 29, 2022?", companies=("Testco", "TESTCO"))
    assert (s.measure, s.qualifiers) == ("fair value", ("long-term debt",)), s
    s = analyse("What carrying value did Testco's minority investments under the fair value measurement alternative have "
                "at October 29, 2022?", companies=("Testco", "TESTCO"))
    assert (s.measure, s.qualifiers) == ("carrying value", ("minority investments",)), s


def test_a_part_of_a_whole_due_within_a_year():
    """"How much of Testco's streaming content obligations were due within one year": the obligations, their row of
    the year ("Less than one year", "Due within one year")."""
    s = analyse("How much of Testco's streaming content obligations were due within one year as of December 31, 2015?",
                companies=("Testco", "TESTCO"))
    assert (s.measure, s.qualifiers) == ("streaming content obligations", ("one year",)), s


def test_a_count_used_for_eps_an_act_on_a_line_a_stake_and_a_value():
    """"How many shares did Testco use to compute diluted EPS": the count used, spelled as its row prints it, never
    EPS; "How much did Testco add to property and equipment": the additions to it; "Testco's stake in Nordmart": an
    investment, as tables print it; "the value of Testco's grain inventories": the grain inventories."""
    s = analyse("How many shares did Testco use to compute diluted EPS in 2019?", companies=("Testco", "TESTCO"))
    assert (s.measure, s.metric, s.qualifiers) == (
        "shares used in computation of diluted earnings per share", None, ()), s
    assert s.keeps == ("shares",)
    s = analyse("How much did Testco add to property and equipment in its International segment in 2019?",
                companies=("Testco", "TESTCO"))
    assert (s.measure, s.qualifiers) == ("additions to property and equipment", ("International",)), s
    s = analyse("What was the fair value of Testco's stake in Nordmart at June 30, 2023?", companies=("Testco", "TESTCO"))
    assert (s.measure, s.qualifiers) == ("fair value", ("investment", "Nordmart")), s
    # a bare "value of": the thing valued is the measure
    s = analyse("What was the value of Testco's grain inventories at May 31, 2020?", companies=("Testco", "TESTCO"))
    assert s.measure == "grain inventories", s


def test_money_received_used_spent_on_and_earned_before():
    """"How much did Testco receive from its term loan": the proceeds from it; "How much net cash did Testco use in
    investing activities": that section's line, never the cash balance; "capital expenditures on transmission and
    distribution": that category's spending; "What did Testco's EMEA segment earn before interest and taxes": those
    earnings; a region named whole is one part, not also its last words."""
    s = analyse("How much did Testco receive from its term loan in 2020?", companies=("Testco", "TESTCO"))
    assert (s.measure, s.metric) == ("proceeds from term loan", None), s
    s = analyse("How much net cash did Testco use in investing activities in the first half of 2022?",
                companies=("Testco", "TESTCO"))
    assert (s.measure, s.metric) == ("net cash used in investing activities", "investing_cash_flow"), s
    s = analyse("What were Testco's capital expenditures on transmission and distribution in 2020?",
                companies=("Testco", "TESTCO"))
    assert (s.metric, s.qualifiers) == ("capex", ("transmission and distribution",)), s
    s = analyse("What did Testco's EMEA segment earn before interest and taxes in fiscal 2018?",
                companies=("Testco", "TESTCO"))
    assert (s.measure, s.qualifiers) == ("earnings before interest and taxes", ("EMEA",)), s
    s = analyse("What was footwear revenue in Testco's Europe, Middle East & Africa segment in fiscal 2019?",
                companies=("Testco", "TESTCO"))
    assert s.qualifiers == ("footwear", "Europe, Middle East & Africa"), s


def test_a_line_named_outside_the_measure_answers_nothing():
    """The statement lines read anywhere in a question answer only a measure that names one: "spend on acquisitions,
    net of cash acquired" is no cash balance; "net cash … use in investing activities" is the investing line."""
    from finchat.answer.compose import asked_lines

    s = analyse("How much did Testco spend on acquisitions, net of cash acquired, in 2019?", companies=("Testco", "TESTCO"))
    assert asked_lines(s, ["cash"]) == []
    s = analyse("How much net cash did Testco use in investing activities in 2022?", companies=("Testco", "TESTCO"))
    assert asked_lines(s, ["cash"]) == ["investing_cash_flow"]
    s = analyse("How much cash did Testco have at the end of 2022?", companies=("Testco", "TESTCO"))
    assert asked_lines(s, ["cash"]) == ["cash"]


def test_initials_owning_the_measure_name_a_part():
    """"APLA's earnings before interest and taxes": the part APLA's (its filing spells it out), never the company's."""
    s = analyse("By what percentage did APLA's earnings before interest and taxes grow at Testco in fiscal 2018?",
                companies=("Testco", "TESTCO"))
    assert s.qualifiers == ("APLA",), s


def test_initials_a_balance_held_and_a_deal_named():
    """"sell in the U.S.": the region with its dots, never "the U"; "How much did Testco have in alternatives assets
    under management": what it held; "goodwill … on the Nordmart acquisition": that deal's goodwill, not the balance;
    "How much cash did Testco pay for termination benefits": those payments."""
    s = analyse("How much did Testco's MedTech business sell in the U.S. in the fourth quarter of 2022?",
                companies=("Testco", "TESTCO"))
    assert (s.measure, set(s.qualifiers)) == ("sales", {"U.S", "MedTech"}), s
    s = analyse("How much did Testco sell in the United States in 2022?", companies=("Testco", "TESTCO"))
    assert s.qualifiers == ("United States",), s
    s = analyse("How much did Testco have in alternatives assets under management at the end of March 2022?",
                companies=("Testco", "TESTCO"))
    assert s.measure == "alternatives assets under management", s
    s = analyse("How much goodwill did Testco record on the atmos acquisition?", companies=("Testco", "TESTCO"))
    assert (s.metric, s.qualifiers) == ("goodwill", ("atmos",)), s
    s = analyse("What transaction costs did Testco incur on its pending acquisition of Nordmart?",
                companies=("Testco", "TESTCO"))
    assert s.qualifiers == ("Nordmart",), s
    s = analyse("How much goodwill did Testco carry at the end of 2022?", companies=("Testco", "TESTCO"))
    assert s.qualifiers == (), s
    # cash paid for something: those payments, never the cash balance
    s = analyse("How much cash did Testco pay for termination benefits under its restructuring plan in 2022?",
                companies=("Testco", "TESTCO"))
    assert (s.measure, s.metric) == ("cash paid for termination benefits", None), s


def test_what_an_item_added_to_a_growth_is_a_rate():
    """"How much did data center costs add to the growth of Testco's cost of subscription revenue": the item's share
    of that change, in points (its contribution table prints "Data center costs 9 %"); what it added to the line
    itself stays an amount."""
    s = analyse("How much did data center costs add to the growth of Testco's cost of subscription revenue in fiscal "
                "2026?", companies=("Testco", "TESTCO"))
    assert (s.measure, s.kind) == ("data center costs", "rate"), s
    s = analyse("How much did the F-35 program add to Testco's Aeronautics net sales in 2026?",
                companies=("Testco", "TESTCO"))
    assert s.kind == "amount", s


def test_a_share_of_a_whole_that_a_predicate_with_figures_names():
    """"What percentage of Testco's mutual fund assets were rated 4- or 5-star": the part is "rated 4- or 5-star"
    (its digits and hyphens kept), read from the rows printing it."""
    s = analyse("What percentage of Testco's mutual fund assets were rated 4- or 5-star at the end of Q1 2026?",
                companies=("Testco", "TESTCO"))
    assert (s.kind, s.qualifiers) == ("share", ("rated 4- or 5-star",)), s


def test_a_category_named_after_a_kpis_growth_is_asked_with_the_segment():
    """"comparable sales growth for Appliances in Testco's International segment": the category and the segment both
    qualify the KPI."""
    s = analyse("What was comparable sales growth for Appliances in Testco's International segment in fiscal 2019?",
                companies=("Testco", "TESTCO"), segments=("International",))
    assert {"Appliances", "International"} <= set(s.qualifiers) and s.kind == "rate", s


def test_a_part_named_in_lower_case_by_a_short_name_of_its_segment():
    """"net revenue in Testco's consumer bank": the part after the possessive ("in" as well as "of"), spelled as the
    segment it is a short name of ("Consumer & Community Banking"); a period after the possessive is no part."""
    from finchat.answer.parts import named_in, nickname_of

    segments = [["Consumer & Community Banking"], ["Corporate & Investment Bank"], ["Asset & Wealth Management"]]
    question = "What was net revenue in Testco's consumer bank in Q2 2021?"
    assert named_in(segments, question) == ["Consumer & Community Banking"]
    assert nickname_of("consumer bank", "Consumer & Community Banking")
    assert not nickname_of("investment bank", "Corporate & Investment Bank")  # (its first word is another)
    s = analyse(question, companies=("Testco", "TESTCO"), segments=("Consumer & Community Banking",))
    assert s.qualifiers == ("Consumer & Community Banking",), s
    s = analyse("What was net revenue in Testco's first quarter of 2021?", companies=("Testco", "TESTCO"))
    assert s.qualifiers == (), s


def test_the_doer_of_the_questions_verb_is_a_part_beside_a_region():
    """"How much revenue did Acme Direct bring in across North America": Acme Direct (the company's name taken off)
    earned it, North America is where — both qualify the revenue."""
    s = analyse("How much revenue did Acme Direct bring in across North America in fiscal 2025?", companies=("Acme",))
    assert s.measure == "revenue" and set(s.qualifiers) == {"Direct", "North America"}, s
    # (the company itself is no part)
    assert analyse("How much net income did Acme earn in 2025?", companies=("Acme",)).qualifiers == ()


def test_how_much_of_a_whole_was_done_is_a_measure_of_its_own():
    """"How much of Acme's backlog was funded": the funded backlog, never the whole backlog's figure; a whole
    "generated" somewhere stays the whole's line."""
    funded = analyse("How much of Acme's backlog was funded at the end of 2025?", companies=("Acme",))
    assert (funded.measure, funded.metric, funded.keeps) == ("funded backlog", None, ()), funded
    recognized = analyse("How much of Acme's unearned revenue at the end of 2024 was recognized as revenue during 2025?",
                         companies=("Acme",))
    assert (recognized.measure, recognized.metric) == ("recognized unearned revenue", None), recognized
    assert analyse("How much of Acme's revenue was generated in the U.S. in 2025?", companies=("Acme",)).metric == "revenue"


def test_a_change_verb_of_margins_ends_the_measure():
    """"By how many basis points did gross margin contract": the measure is the gross margin, not "gross margin
    contract"."""
    from finchat.answer.asked import _asked_phrase

    assert _asked_phrase("By how many basis points did gross margin contract in Acme's North America segment?", set()) \
        == "gross margin"
    assert _asked_phrase("How much did the net interest margin narrow at Acme in 2025?", set()) == "the net interest margin"


@pytest.mark.parametrize(("question", "measure", "qualifiers"), [
    # a rate applied to a part, read after the rate: that part's rate
    ("What weighted-average discount rate applied to Testco's finance leases at the end of fiscal 2021?",
     "discount rate", ("finance leases",)),
    ("What was the weighted-average discount rate of Testco's finance leases in fiscal 2021?",
     "discount rate", ("finance leases",)),
    # sales through a channel named in capitals: that channel's
    ("What were Testco's sales through Testco Direct in Asia Pacific in fiscal 2021?",
     "sales", ("Testco Direct", "Asia Pacific")),
])
def test_a_part_named_after_a_rate_or_a_channel(question, measure, qualifiers):
    from finchat.answer.subject import analyse

    s = analyse(question, companies=("Testco", "TESTCO"))
    assert (s.measure, s.qualifiers) == (measure, qualifiers), s


@pytest.mark.parametrize(("question", "measure", "metric"), [
    # an act of the period done to a balance is no balance at its end
    ("How much long-term debt did Testco issue in February 2015?", "long-term debt issued", None),
    ("What was Testco's long-term debt at the end of 2015?", "long-term debt", "long_term_debt"),
    # an expense's own word after its name is the line, not a line of its own ("debt issuance costs" is)
    ("By what percentage did Testco's research and development expenses increase in fiscal 2022?",
     "research and development expenses", "rnd"),
    ("What debt issuance costs did Testco pay in 2018?", "debt issuance costs", None),
    # what is added back in a return's numerator is itself; what is bought back is repurchased
    ("How much rent did Testco add back in its fiscal 2018 return on investment calculation?", "rent", None),
    ("How many shares did Testco buy back in fiscal 2018?", "shares repurchased", None),
])
def test_what_was_done_to_a_line(question, measure, metric):
    from finchat.answer.subject import analyse

    s = analyse(question, companies=("Testco", "TESTCO"))
    assert (s.measure, s.metric) == (measure, metric), s


def test_a_cost_of_a_thing_is_the_measure_whole():
    """"total cost of natural gas": the cost's "of" names what it is of, not whose it is — and a word of the company's
    name written small ("gas" of Pacific Gas and Electric) is the measure's; "come to" asks what it was; a cost of
    what was sold is that cost, no sales."""
    names = ("PG&E", "Pacific Gas and Electric")
    assert analyse("What was PG&E's total cost of natural gas in the third quarter of 2022?",
                   companies=names).measure == "total cost of natural gas"
    s = analyse("How much did the Utility's cost of natural gas sold come to for the first nine months of 2022?",
                companies=names)
    assert s.measure == "cost of natural gas sold", s
    assert analyse("What was Acme's cost of fuel sold in 2022?", companies=("Acme",)).measure == "cost of fuel sold"


def test_an_expenses_ratio_to_revenue_is_a_rate_not_a_share():
    """"operating expenses as a percentage of total revenues": an expense is no part of revenue — the ratio is a rate
    of the company (or of the part named before it: "the Retail/LTC segment's …")."""
    s = analyse("What were CVS's operating expenses as a percentage of total revenues in 2018?", companies=("CVS",))
    assert (s.kind, s.measure, s.metric, s.qualifiers) == (
        "rate", "operating expenses as a percentage of revenues", None, ()), s
    s = analyse("What were the Retail/LTC segment's operating expenses as a percentage of its revenues in 2018?",
                companies=("CVS",))
    assert (s.kind, s.qualifiers) == ("rate", ("Retail/LTC",)), s
    assert as_share(s) is not None and as_share(s).qualifiers == ("Retail/LTC", "operating expenses")


def test_a_charge_on_a_line_is_no_line_and_net_debt_is_its_own():
    """"goodwill impairment expense" asks the charge, never the goodwill balance (nor the cash flows it was added back
    in); "net debt" is debt less cash — "net" names a line of its own before a balance line."""
    from finchat.answer.asked import lone_modifier
    from finchat.answer.subject import lines_named

    s = analyse("What goodwill impairment expense did 3M add back in its 2022 operating cash flows?", companies=("3M",))
    assert (s.measure, s.metric) == ("goodwill impairment expense", None), s
    assert lines_named("What was 3M's goodwill at the end of 2022?") == ["goodwill"]
    assert lone_modifier("net debt", "long_term_debt") == "net"
    assert lone_modifier("net income", "net_income") == ""


@pytest.mark.parametrize(("question", "companies", "measure", "qualifiers"), [
    # a row's carrying amount is its balance (a thing named keeps its carrying value; a statement line is printed so)
    ("What was the carrying amount of General Mills' other intangible assets at the end of fiscal 2020?",
     ("General Mills",), "other intangible assets", ()),
    ("What was the carrying value of MGM Resorts' investment in the Bellagio BREIT Venture at June 30, 2023?",
     ("MGM Resorts",), "carrying value", ("investment", "Bellagio BREIT Venture")),
    # what a part set aside for credit losses is its provision for them
    ("How much did JPMorgan's Commercial Banking set aside for credit losses in Q2 2023?", ("JPMorgan",),
     "provision for credit losses", ("Commercial Banking",)),
    # a rate is of what it was paid on
    ("What average interest rate did JPMorgan pay on its total deposits in Q2 2023?", ("JPMorgan",), "interest rate",
     ("total deposits",)),
    # (and of what carried it)
    ("What effective interest rate did eBay's senior notes due 2051 carry at June 30, 2023?", ("eBay",),
     "interest rate", ("senior notes due 2051",)),
    # "the total …" of a measure longer than a name: the measure, its total printed
    ("What were the total net additions to property and equipment in Amazon's International segment in 2017?",
     ("Amazon",), "net additions to property and equipment", ("International",)),
])
def test_a_balance_a_provision_a_rate_paid_on_and_a_long_total(question, companies, measure, qualifiers):
    s = analyse(question, companies=companies)
    assert s.measure == measure, s
    assert all(q in s.qualifiers for q in qualifiers), s
    if not qualifiers:
        assert not s.qualifiers, s


def test_what_was_sold_to_or_bought_from_someone_is_the_sales_or_purchases_line():
    """"How much did Corning sell to its equity-method affiliates": its sales to them, as a related-party table prints
    them — not the company's sales; what it transferred to them is its transfers to them."""
    s = analyse("How much did Corning sell to its equity-method affiliates in 2021?", companies=("Corning", "CORNING"))
    assert (s.measure, s.metric) == ("sales to equity-method affiliates", None)
    s = analyse("How much did Corning transfer to its affiliated companies in 2021?", companies=("Corning", "CORNING"))
    assert s.measure == "transfers to affiliated companies"
    assert analyse("How much did Corning sell in 2021?", companies=("Corning", "CORNING")).measure == "sales"


def test_a_figure_asked_by_the_statement_line_it_sits_in():
    """"How much stock-based compensation landed in Adobe's cost of revenue": the compensation, in its table's row
    for cost of revenue — never Adobe's cost of revenue itself."""
    for q in (("How much stock-based compensation landed in Adobe's cost of revenue in the first six months of "
               "fiscal 2023?"),
              ("How much stock-based compensation expense did Adobe include in cost of revenue for the six months "
               "ended June 2, 2023?")):
        s = analyse(q, companies=("Adobe", "ADOBE"))
        assert s.metric is None and s.measure.startswith("stock-based compensation"), q
        assert s.qualifiers == ("cost of revenue",), q
    # a line's own figure asked is still the line
    s = analyse("How much cost of revenue did Adobe record in the first six months of fiscal 2023?",
                companies=("Adobe", "ADOBE"))
    assert s.metric == "cost_of_revenue"


def test_cash_received_from_something_and_a_gross_value_and_a_tax_carryforward():
    """"How much cash did Netflix receive from option exercises": that cash, never the cash balance; "the gross value
    of Netflix's leasehold improvements": the row itself; "net operating loss … carryforwards": a tax attribute,
    never operating income."""
    s = analyse("How much cash did Netflix receive from option exercises in 2015?", companies=("Netflix", "NETFLIX"))
    assert (s.measure, s.metric) == ("cash received from option exercises", None)
    s = analyse("What was the gross value of Netflix's leasehold improvements at the end of 2015?",
                companies=("Netflix", "NETFLIX"))
    assert (s.measure, s.metric) == ("leasehold improvements", None)
    s = analyse("What net operating loss and capital loss carryforwards did Walmart have at January 31, 2020?",
                companies=("Walmart", "WALMART"))
    assert s.metric is None


def test_what_a_balance_is_carried_for_and_a_plural_label_of_the_measure():
    """"What deferred tax liability did Lockheed Martin carry for property, plant and equipment": the liability for
    that line, a row of the deferred tax table ("Deferred tax liabilities related to › Property, plant and
    equipment"), whose heading prints the measure in the plural."""
    from finchat.answer.cells import in_one_label

    s = analyse("What deferred tax liability did Lockheed Martin carry for property, plant and equipment at the end of "
                "2020?", companies=("Lockheed Martin", "LOCKHEEDMARTIN"))
    assert s.measure == "deferred tax liability" and s.qualifiers == ("property, plant and equipment",)
    # (a meeting "held on May 3" is no balance held for what the question names after it)
    s = analyse("At the Pepsico AGM held on May 3, 2023, what was the outcome of the shareholder vote on the shareholder "
                "proposal for a congruency report by Pepsico on net-zero emissions policies?", companies=("PepsiCo",))
    assert s.qualifiers == ()
    assert in_one_label("deferred tax liability", "Deferred tax liabilities related to › Property, plant and equipment")
    assert not in_one_label("equity earnings", "Stockholders' equity › Retained earnings")


def test_what_a_thing_did_and_what_falls_due_to_be_paid():
    """"What valuation allowances reduced …": the doer is asked; "… is Amazon due to make in 2024", "How much in … is
    Verizon scheduled to pay": the payments, never the company's earnings; "How much interest, net of amounts
    capitalized, did … pay in cash": the interest paid, its aside set apart and cash the means, never the balance."""
    assert analyse("What valuation allowances reduced Amazon's deferred tax assets at December 31, 2019?",
                   companies=("Amazon",)).measure == "valuation allowances"
    due = analyse("What principal payments on its total debt is Amazon due to make in 2024?", companies=("Amazon",))
    assert due.measure.startswith("principal payments") and due.metric != "net_income", due
    assert analyse("How much in finance lease payments is Verizon scheduled to pay in 2024?",
                   companies=("Verizon",)).measure == "finance lease payments"
    paid = analyse("How much interest, net of amounts capitalized, did Verizon pay in cash in 2021?",
                   companies=("Verizon",))
    assert (paid.measure, paid.metric) == ("interest paid", None), paid
    # (an amount per share paid is the amount per share)
    assert "paid" not in analyse("What dividends per share did Best Buy pay in fiscal 2017?",
                                 companies=("Best Buy",)).measure


def test_what_an_amount_was_recorded_on():
    """"… recorded on its foreign tax credit carryover": the carryover's allowance ("How large a" asks its size); an
    accumulated balance "recorded on" an asset is the asset table's row, no qualifier."""
    s = analyse("How large a valuation allowance had MGM Resorts recorded on its foreign tax credit carryover as of "
                "December 31, 2018?", companies=("MGM Resorts",))
    assert (s.measure, s.qualifiers) == ("valuation allowance", ("foreign tax credit carryover",)), s
    s = analyse("How much amortization expense did Verizon record on other intangible assets in 2021?",
                companies=("Verizon",))
    assert s.qualifiers == ("other intangible assets",), s
    s = analyse("What accumulated amortization had Netflix recorded on its content assets at the end of 2015?",
                companies=("Netflix",))
    assert s.qualifiers == (), s


def test_what_a_measure_is_related_to_before_the_questions_verb_and_one_item_of_a_line():
    """"What liabilities related to assets held-for-sale did AMD report": those assets' liabilities; "depreciation
    expense" is one item of "Depreciation and amortization", the line holding both more than asked."""
    from finchat.answer.asked import one_item_of

    s = analyse("What liabilities related to assets held-for-sale did AMD report at December 26, 2015?",
                companies=("AMD",))
    assert (s.measure, s.qualifiers) == ("liabilities", ("assets held-for-sale",)), s
    assert one_item_of("depreciation expense", "depreciation")
    assert not one_item_of("depreciation and amortization", "depreciation")
    assert not one_item_of("revenue", "revenue")


def test_the_account_an_amount_was_added_to():
    """"What provision did PepsiCo add to its valuation allowance": the allowance's provision, never the income tax
    provision; "additions to property and equipment" keep their own measure."""
    s = analyse("What provision did PepsiCo add to its valuation allowance in 2020?", companies=("PepsiCo",))
    assert (s.measure, s.qualifiers) == ("provision", ("valuation allowance",)), s
    s = analyse("How much did Amazon add to property and equipment in 2019?", companies=("Amazon",))
    assert "valuation" not in " ".join(s.qualifiers) and s.measure.startswith("additions"), s


def test_shares_counted_are_the_measure_not_a_part_of_it():
    """"How many shares of its common stock did … repurchase": the shares repurchased, no qualifier "How many shares"
    (which a row of the shares outstanding answered)."""
    from finchat.answer.subject import analyse

    s = analyse("How many shares of its common stock did Testco repurchase in 2020?", companies=("Testco", "TESTCO"))
    assert s.qualifiers == () and s.measure.startswith("shares") and s.measure.endswith("repurchased"), s


def test_what_a_thing_cost_is_its_row_at_cost():
    """"What did … central office and other network equipment cost": the row of that equipment in the table of
    property at cost (the question's verb read into the measure made it seven words, too long to be one)."""
    from finchat.answer.subject import analyse

    s = analyse("What did Testco's central office and other network equipment cost, at December 31, 2022?",
                companies=("Testco", "TESTCO"))
    assert s.measure == "central office and other network equipment", s


def test_a_measure_too_long_ends_before_what_it_is_under():
    """"What future minimum payments under lease financing obligations and non-cancelable operating leases did …
    owe": the payments (ten words were no measure at all, and the schedule printing them went unread); a measure of
    six words or fewer keeps what it is under."""
    from finchat.answer.subject import analyse

    s = analyse("What future minimum payments under lease financing obligations and non-cancelable operating leases "
                "did Testco owe for 2020?", companies=("Testco", "TESTCO"))
    assert s.measure == "future minimum payments", s
    s = analyse("What minimum payments under operating leases did Testco owe for 2020?", companies=("Testco", "TESTCO"))
    assert s.measure == "minimum payments under operating leases", s


def test_what_a_company_is_committed_to_pay_for_and_what_it_carries():
    """"What lease payments is … committed to make" asks the payments (the participle after the company is no
    company's act of earning); "What did … pay for purchased water" asks that cost, not "pay"; "What carrying amount
    of brands … did … have" asks the brands' line, its carrying amount being what a balance is."""
    s = analyse("What lease payments is American Express committed to make in 2025?", companies=("American Express",))
    assert (s.measure, s.metric) == ("lease payments", None)
    s = analyse("What did American Water pay for purchased water in 2021?", companies=("American Water",))
    assert s.measure == "purchased water" and s.qualifiers == ()
    s = analyse("How much cash did Best Buy pay for termination benefits in fiscal 2023?", companies=("Best Buy",))
    assert (s.measure, s.qualifiers) == ("cash paid for termination benefits", ())
    s = analyse("What carrying amount of brands and other indefinite-lived intangibles did General Mills have at May "
                "26, 2019?", companies=("General Mills",))
    assert s.measure == "brands and other indefinite-lived intangibles"

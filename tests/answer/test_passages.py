"""Sentences of a filing that state a figure: a measure stated for two years gives its change."""


def test_a_sentence_stating_a_measure_for_two_years_gives_its_change():
    from finchat.answer.spans import stated_change

    said = ("Of the segment's total net sales, approximately $14.5 billion and $11.4 billion related to eCommerce for "
            "the three months ended April 30, 2025 and 2024, respectively.")
    assert stated_change(said) == "up 27.2% ($14.5 billion against $11.4 billion)"
    # the earlier year first; amounts in different units
    assert stated_change("Fees were $900 million and $1.2 billion in 2024 and 2025, respectively.") == \
        "up 33.3% ($1.2 billion against $900 million)"
    assert stated_change("Fees were $5 million and $4 million in 2021 and 2023, respectively.") is None  # not a year apart
    assert stated_change("Fees were $5 million in 2025.") is None


def test_an_outlook_tables_range_for_the_measure_asked():
    from finchat.answer.outlook import outlook_figure

    text = ("(in millions, except per share data) Current Update April Net sales ~$66,250 - $66,750 ~$65,000 - $66,000 "
            "Business segment operating profit2 ~$7,325 - $7,375 ~$7,255 - $7,355 Diluted earnings per share "
            "~$27.00 - $27.20 ~$26.60 - $26.90 Free cash flow2 ≥$6,200 ≥$6,200")
    assert outlook_figure(text, ["net sales"]) == ("~$66,250 - $66,750", "~$65,000 - $66,000", False)
    assert outlook_figure(text, ["earnings per share"]) == ("~$27.00 - $27.20", "~$26.60 - $26.90", True)
    assert outlook_figure(text, ["free cash flow"])[:2] == ("≥$6,200", "≥$6,200")
    assert outlook_figure(text, ["backlog"]) is None
    # a plain range counts only where the passage speaks of an outlook
    assert outlook_figure("Net sales 2021 - 2022 rose 4% on volume.", ["net sales"], said=False) is None
    assert outlook_figure("Adjusted EPS (Diluted) $10.00 – $10.10 / $10.05", ["adjusted eps"])[0] == "$10.00 – $10.10"
    # footnote marks glued to the name ("flow2,4"), a footnote's number after the figure: no next column
    assert outlook_figure("Free cash flow2,4 ≥$6,200 1 The company's outlook excludes …", ["free cash flow"])[:2] == \
        ("≥$6,200", "")
    # a sentence going on after the name is no table row
    assert outlook_figure("a benefit of approximately 2% from share repurchases, and a negative impact of "
                          "approximately 6% related to higher interest", ["share repurchases"]) is None


def test_a_figure_printed_right_after_the_measures_name():
    from finchat.answer.passages import figure_after

    text = "Organic revenue growth 14.3% Core EPS $1.50 Core constant currency EPS change 18% PURCHASE, N.Y."
    assert figure_after(text, r"core\W+eps")[0] == "Core EPS $1.50"
    assert figure_after(text, r"organic\W+revenue\W+growth")[0] == "Organic revenue growth 14.3%"
    # the name followed by other words is no label of a figure
    assert figure_after("Core EPS grew on higher volume, to $1.50.", r"core\W+eps") is None


def test_guidance_for_a_product_is_the_forecast_sentence_naming_it_for_the_year_asked():
    from finchat.answer.outlook import outlook_sentence_in

    older = ("One billion doses are being supplied at a not-for-profit price to the poorest nations.\n\n"
             "◦As of February 8, 2022, we forecasted approximately $32 billion in revenues for Vaxo in 2022, with "
             "gross profit to be split evenly with our partner.\n\n"
             "Contracted revenue expected to be recognized from firm orders to supply Vaxo to our customers totals "
             "$34.4 billion, most of it in 2022.")
    newer = ("As of August 1, 2023, we forecasted Vaxo revenues of approximately $13.5 billion in 2023, down 64% from "
             "actual 2022 results.")
    got = outlook_sentence_in([(newer, "10-Q 2023"), (older, "10-K 2021")], "Vaxo", 2022)
    assert got is not None and "$32 billion" in got[0] and got[1] == "10-K 2021"
    got = outlook_sentence_in([(newer, "10-Q 2023"), (older, "10-K 2021")], "Vaxo", 2023)
    assert got is not None and "$13.5 billion" in got[0]
    # a sentence about another product is none
    assert outlook_sentence_in([(older, "10-K 2021")], "Paxlovid", 2022) is None


def test_a_count_planned_answers_how_many_in_the_outlook():
    from finchat.answer.outlook import outlook_sentence_in

    plan = ("The Company expects to invest $30 billion over the next ten years. It anticipates the renewal program "
            "will enable it to replace nearly 1,900 miles of mains and collection pipes between 2024 and 2028.")
    question = "How many miles of mains and collection pipes does Testco expect to replace between 2024 and 2028?"
    got = outlook_sentence_in([(plan, "10-K 2023")], "miles of mains and collection pipes", 2024, None, question)
    assert got is not None and "1,900 miles" in got[0]
    # a question of money still needs money: the count is no guidance on an amount
    assert outlook_sentence_in([(plan, "10-K 2023")], "miles of mains and collection pipes", 2024, None,
                               "What did Testco guide for miles of mains and collection pipes?") is None


def test_the_midpoint_of_an_outlook_range_in_its_own_form():
    from finchat.answer.outlook import range_midpoint

    assert range_midpoint("~$66,250 - $66,750 million") == "$66,500 million"
    assert range_midpoint("$10.00 - $10.10") == "$10.05"
    assert range_midpoint("5% to 7%") == "6%"
    assert range_midpoint("≥$6,200") is None


def test_guidance_on_a_measure_in_a_bulleted_outlook():
    from finchat.answer.outlook import outlook_sentence_in

    text = ("Fiscal 2024 Guidance For the twelve-month period ending June 30, 2024, the Company expects: • Adjusted "
            "EPS of 67 to 71 cents per share which includes: • Comparable constant currency earnings growth")
    got = outlook_sentence_in([(text, "release")], "adjusted EPS", 2024)
    assert got is not None and "67 to 71 cents" in got[0]


def test_an_outlook_table_printing_ranges_in_words():
    from finchat.answer.outlook import outlook_figure, range_midpoint

    text = ("| | FY23 Outlook | |---|---| | Net sales | $10.95 billion to $11.05 billion | | Comparable sales | 4% to 5% |"
            " | Share repurchases | approximately $900 million |")
    assert outlook_figure(text, ["net sales"])[0] == "$10.95 billion to $11.05 billion"
    assert outlook_figure(text, ["share repurchases"])[0] == "approximately $900 million"
    assert range_midpoint("$10.95 billion to $11.05 billion") == "$11.00 billion"
    assert outlook_figure("Adjusted EPS of 67-71 cents per share", ["adjusted EPS"])[0] == "67-71 cents"


def test_a_figure_after_the_measures_verb():
    from finchat.answer.passages import figure_after

    text = "Transaction-based revenue as a percentage of GPV was 2.93%, 2.95%, and 2.98% in the years ended 2016, 2015"
    got = figure_after(text, r"transaction\W+based\W+revenue\W+as\W+a\W+percentage\W+of\W+GPV")
    assert got is not None and got[0].endswith("2.93%")


def test_a_parts_share_stated_in_a_sentence():
    from finchat.answer.statedshare import share_stated_in

    text = ("Net sales from RMS' Sikorsky helicopter programs represented 9% of our consolidated net sales in 2020 "
            "and 2019, and 10% in 2018. Net sales for the F-35 program represented approximately 28% of our "
            "consolidated net sales during 2020 and 27% during 2019 and 2018.")
    assert share_stated_in(text, "Sikorsky", "net sales", 2020)[1:] == ("9%", text.split(". ")[0] + ".")
    assert share_stated_in(text, "F-35 program", "net sales", 2020)[1] == "28%"
    # sales and revenues alike; a sentence of other years only is no answer for the year asked
    assert share_stated_in(text, "F-35 program", "revenues", 2020)[1] == "28%"
    assert share_stated_in(text, "F-35 program", "net sales", 2017) is None
    # the part named after the share is not the part whose share it is; another measure's share is no answer
    assert share_stated_in("Our largest customer accounted for 21% of Sikorsky net sales.", "Sikorsky",
                           "net sales") is None
    assert share_stated_in("Flexibles accounted for approximately 76% of consolidated net sales.", "Flexibles",
                           "operating income") is None
    assert share_stated_in("In fiscal year 2023, Flexibles accounted for approximately 76% of consolidated net "
                           "sales.", "Flexibles", "net sales", 2023)[1] == "76%"


def test_an_outlook_sentence_wrapped_over_lines_and_the_ranked_filings_first():
    """A sentence the PDF wrapped ("(previously 6 | percent)") is read whole; of two filings' forecasts for no year
    asked, the one of a filing the question ranked comes first."""
    from types import SimpleNamespace

    from finchat.answer.outlook import outlook_sentence_in

    new = SimpleNamespace(document="ACME_2022_10K")
    old = SimpleNamespace(document="ACME_2020_10K")
    wrapped = ("For fiscal year 2023, the Company now expects to deliver 8 percent organic revenue growth (previously 6"
               "\n\npercent), and 9 percent core constant currency EPS growth.")
    said, _ = outlook_sentence_in([(wrapped, new)], "organic revenue", 2023)
    assert said.endswith("(previously 6 percent), and 9 percent core constant currency EPS growth.")
    near = "We expect capital investment in the Regulated Businesses of $8.9 billion over the next five years."
    far = "We expect to invest between $12.5 billion and $13 billion over the next five years in the Regulated Businesses."
    said, hit = outlook_sentence_in([(far, new), (near, old)], "Regulated Businesses", None, {"ACME_2022_10K"})
    assert hit is new
    said, hit = outlook_sentence_in([(far, new), (near, old)], "Regulated Businesses", None)
    assert hit is old  # without the ranking, the figure nearest the name


def test_an_outlook_sentence_holding_the_questions_own_period_words():
    """"… over the next five years": of two forecasts naming the Regulated Businesses, the five-year plan."""
    from finchat.answer.outlook import outlook_sentence_in

    text = ("In 2023, the Company expects to invest $2.9 billion in the Regulated Businesses. The Company expects "
            "capital investment in the Regulated Businesses between $12.5 billion to $13 billion over the next five "
            "years.")
    q = "How much does the company plan to invest in its Regulated Businesses over the next five years?"
    assert "$12.5 billion" in outlook_sentence_in([(text, None)], "Regulated Businesses", None, None, q)[0]
    assert "$2.9 billion" in outlook_sentence_in([(text, None)], "Regulated Businesses", None, None, "")[0]


def test_shares_listed_for_several_years_respectively():
    """"69 percent, 69 percent and 70 percent of our worldwide unit case volume for 2017, 2016 and 2015,
    respectively": the share of the year asked."""
    from finchat.answer.statedshare import share_stated_in

    text = ("Sparkling soft drinks represented 69 percent, 69 percent and 70 percent of our worldwide unit case volume "
            "for 2017, 2016 and 2015, respectively.")
    assert share_stated_in(text, "sparkling soft drinks", "unit case volume", 2017)[1] == "69%"
    assert share_stated_in(text, "sparkling soft drinks", "unit case volume", 2015)[1] == "70%"
    assert share_stated_in(text, "sparkling soft drinks", "unit case volume", 2014) is None
    assert share_stated_in(text.replace(", respectively", ""), "sparkling soft drinks", "unit case volume",
                           2017) is None  # a list without its years said in order


def test_a_full_text_prefix_is_the_whole_word_the_english_stemmer_cuts():
    """"obligation" is "oblig" in the index, "bookings" "book": a prefix cut by hand ("obliga:*", "booki:*") finds no
    passage, the whole word is cut by the query's stemmer as the text's was; stop words and plurals of two letters
    ("OPS") are no words to search."""
    from finchat.answer.passages import _prefixes

    assert _prefixes("the obligation of buybacks") == {"obligation:*", "buybacks:*"}
    assert _prefixes("net bookings OPS") == {"bookings:*"}


def test_a_share_stated_beside_a_year_earlier_one_is_this_years():
    """"… were 76% of consolidated net revenues, as compared to $5.8 billion and 77% … in 2018": the 2019
    highlights' share is 76 %; the comparison's year does not make the sentence 2018's."""
    from finchat.answer.statedshare import share_stated_in

    text = ("revenues from digital online channels decreased 15% to $4.9 billion and were 76% of consolidated net "
            "revenues, as compared to $5.8 billion and 77% of consolidated net revenues in 2018;")
    got = share_stated_in(text, "digital online channels", "net revenues", 2019)
    assert got is not None and got[1] == "76%"
    assert share_stated_in(text, "retail channels", "net revenues", 2019) is None


def test_guidance_under_a_heading_naming_the_year():
    from finchat.answer.outlook import outlook_sentence_in
    from finchat.retrieve.fusion import Hit

    def hit(doc: str, section: str) -> Hit:
        return Hit(1, {}, document=doc, section=section)

    older = "Management expects adjusted expense to be approximately $70 billion, market dependent."
    newer = "Management expects adjusted expense to be approximately $84.5 billion, market dependent."
    passages = [(newer, hit("10-Q 2023", "Outlook")), (older, hit("10-Q 2021", "Outlook > Full-year 2021"))]
    got = outlook_sentence_in(passages, "adjusted expense", 2021)
    assert got is not None and "$70 billion" in got[0] and got[1].document == "10-Q 2021"
    # a short line naming the year heads the bullets under it as well
    passages = [(newer, hit("10-Q 2023", "Outlook")), (f"Full-year 2021\n• {older}", hit("10-Q 2021", "Outlook"))]
    got = outlook_sentence_in(passages, "adjusted expense", 2021)
    assert got is not None and "$70 billion" in got[0]


def test_table_rows_run_together_are_no_sentence():
    from finchat.answer.quote import tabular

    assert tabular("Sales $ 1,818 $ 1,756 $ 5,310 $ 5,193 $ Change $ 62 $ 117 % Change 3.5 % 2.3 % % of total sales "
                   "83.7 % 80.2 % 82.8 % 78.5 % Comparable sales increase 4.7 % 4.2 % 1.9 % 32.7 %")
    assert not tabular("Reach-forward losses of $500 million, $378 million and $772 million were recorded related to "
                       "the tanker in 2018, 2017 and 2016, respectively.")


def test_list_items_without_full_stops_and_a_long_sentences_stating_clause():
    from finchat.answer.sentences import _paragraphs, _stating_clause

    text = ("Record Adjusted Property EBITDAR in 4Q and full year 2025 for the Strip\n\nShare buybacks of $2.8 billion "
            "in 2025 and $352 million in 4Q25\n\nThe company's cash activities included the following:\n\npaying $750 "
            "million to repurchase shares\n\nIn millions Retail Health Totals\n\nRevenues $ 90 $ 157 $ 247")
    lines = _paragraphs(text).split("\n")
    # (an item ending in a figure keeps the next paragraph: it may be a row's rest)
    assert any(line.startswith("Share buybacks of $2.8 billion in 2025 and $352 million in 4Q25") for line in lines)
    # a lead-in ending in ":" stays with its items, a table's header with its rows
    assert any("The company's cash activities included the following: paying $750" in line for line in lines)
    assert lines[-1] == "In millions Retail Health Totals Revenues $ 90 $ 157 $ 247"
    long = ("Pharmaceutical worldwide adjusted operational sales grew 6.8%*, driven by " + "WIDGETA (widgetamab), a "
            "biologic for the treatment of several conditions, " * 8)
    assert _stating_clause(long) == "Pharmaceutical worldwide adjusted operational sales grew 6.8%*"
    assert _stating_clause("No figure here " * 40) == ""
    # a date's comma ends no clause
    rate = ("The credits were driven by a credit of $1.1 billion due to an increase in our discount rate assumption "
            "from a weighted-average of 2.6% at December 31, 2024 to a weighted-average of 2.9% at December 31, 2025, "
            + "a credit of $847 million due to the difference between our estimated and actual return on assets, " * 4)
    assert _stating_clause(rate).endswith("2.9% at December 31, 2025")


def test_a_models_number_is_a_word_a_sentence_must_hold():
    from finchat.answer.stems import word_stems

    asked = word_stems("787 program accounting quantity")
    assert "787" in asked
    assert not asked <= word_stems("The accounting quantity for the 767 program increased by 24 units during 2023.")
    assert asked <= word_stems("The accounting quantity for the 787 program increased by 200 units during 2023.")
    # a year or a number alone is no model ("in 2023", "737 MAX accidents")
    assert "2023" not in word_stems("787 program in 2023") and "737" not in word_stems("the 737 MAX accidents")


def test_a_models_name_of_letters_and_a_number_is_a_word_too():
    from finchat.answer.stems import word_stems

    assert "f-16" in word_stems("the F-16 program") and "f-16" not in word_stems("the F-35 program")


def test_an_estimate_of_what_a_part_will_spend_is_its_outlook(make_database):
    """"How much capital expenditure does Acme's Utility expect to incur in 2023?": the filing says "The Utility
    estimates that it will incur …", no "expects" in its passage — read from the store, it is the outlook."""
    from datetime import date

    from finchat.answer.outlook import outlook_sentence
    from finchat.db.pool import connect
    from tests.answer.acme import acme_passages

    passages = [
        ("For 2023, the Utility expects that the proposed cost of capital, if adopted, would result in revenue "
         "requirement increases of approximately $141 million for electric generation."),
        ("Future cash flows used in investing activities are largely dependent on the timing and amount of capital "
         "expenditures. The Utility estimates that it will incur between $7.8 billion and $9.4 billion of capital "
         "expenditures in 2022 and between $7.9 billion and $11.2 billion in 2023.")]
    url = make_database()
    with connect(url) as conn:
        acme_passages(conn, "ACME_2022Q3_10Q", "10-Q", 2022, "Q3", date(2022, 9, 30), passages, "Liquidity", 30)
        got = outlook_sentence(conn, ["ACME"], [], "Utility", 2023,
                               "How much capital expenditure does Acme's Utility expect to incur in 2023?")
    assert got is not None and "$7.9 billion and $11.2 billion in 2023" in got[0], got


def test_an_amount_estimated_to_be_spent_in_the_year_asked_is_its_outlook():
    from finchat.answer.outlook import outlook_sentence_in

    text = ("To maintain compliance with such regulations, capital expenditures for pollution control in operations "
            "were approximately $20.5 million in 2023 and are estimated to be $29.7 million in 2024.")
    got = outlook_sentence_in([(text, "10-K 2023")], "capital expenditures", 2024)
    assert got is not None and "$29.7 million in 2024" in got[0]


def test_a_slashed_names_outlook_row_and_a_ranked_parts_share_read_from_the_store(make_database):
    """"What FAS/CAS operating adjustment is Acme expecting …": the index reads "FAS/CAS" as one token, the
    outlook table's row is found all the same; "… from its five largest customers": the sentence counts them
    ("five customers … accounted for approximately 95% of …") without ranking them."""
    from datetime import date

    from finchat.answer.outlook import outlook_range
    from finchat.answer.statedshare import stated_share
    from finchat.db.pool import connect
    from finchat.retrieve.fusion import Hit
    from tests.answer.acme import acme_passages

    passages = [
        ("(in millions) **Current Update** **April 2024**\n\n**Business segment operating profit (non-GAAP)** "
         "**~$7,325 - $7,375** ~$7,255 - $7,355\n\nFAS/CAS operating adjustment <sup>1</sup> **~1,660** ~1,650\n\n"
         "Other, net **~(340)** ~(325)"),
        ("Collectively, our top five customers accounted for approximately 68% of our net revenue during 2024. "
         "Five customers accounted for approximately 53% of the net revenue attributable to our Computing segment. "
         "In addition, five customers accounted for approximately 95% of the net revenue attributable to our "
         "Enterprise, Embedded and Semi-Custom segment.")]
    url = make_database()
    with connect(url) as conn:
        acme_passages(conn, "ACME_2024Q2_10Q", "10-Q", 2024, "Q2", date(2024, 6, 30), passages, "Outlook", 6)
        hits = [Hit(1, {}, 1, "ACME_2024Q2_10Q", "ACME", "10-Q", 2024, "Q2", 3, 3, "text")]
        ranged = outlook_range(conn, ["ACME"], hits, ("FAS/CAS operating adjustment",))
        share = stated_share(conn, "ACME_2024Q2_10Q", "five largest customers", "Embedded and Semi-Custom revenue",
                             2024)
    assert ranged is not None and ranged[:2] == ("~1,660 million", "~1,650"), ranged
    assert share is not None and share[0] == "95%", share


def _stated(make_database, name: str, quarter: str, period_end, passages: list[str], measure: str, question: str):
    """stated_figure for ``measure`` asked by ``question`` in a fresh store holding ACME's filing ``name`` of
    ``passages`` (one a page)."""
    from finchat.answer.passages import stated_figure
    from finchat.db.pool import connect
    from tests.answer.acme import acme_passages

    form = "10-K" if quarter == "FY" else "10-Q"
    with connect(make_database()) as conn:
        acme_passages(conn, name, form, period_end.year, quarter, period_end, passages, "MD&A", 20)
        return stated_figure(conn, name, measure, context=question)


def test_the_sentence_of_the_year_asked_below_its_table_over_another_years(make_database):
    """"How much interest on its notes did Acme's 2025 interest expense include?": the sentence below the interest
    expense table, "… for the year ended December 31, 2025 consists primarily of $127.1 million …" (a sentence after
    a table's rows is read by itself too), not the one of the year before, which names its year after its first
    words."""
    from datetime import date

    from finchat.answer.spans import years_apart

    this_year = ("Interest expense consists primarily of the interest associated with our long-term debt.\n\nYear Ended "
                 "December 31, Change\n\n2025 2024 2023\n\n(in thousands)\n\nInterest expense $ (132,716) $ (50,219) $ "
                 "(29,142)\n\nAs a percentage of revenues 2% 1% 1%\n\n_Year ended December 31, 2025 as compared to the "
                 "year ended December 31, 2024_\n\nInterest expense for the year ended December 31, 2025 consists "
                 "primarily of $127.1 million of interest on our notes. The increase is due to the higher principal.")
    year_before = ("Interest expense for the year ended December 31, 2024 consists primarily of $46.8 million of interest "
                   "on our notes. The increase is due to the higher aggregate principal of notes outstanding.")
    got = _stated(make_database, "ACME_2025_10K", "FY", date(2025, 12, 31), [this_year, year_before],
                  "interest on its notes", "How much interest on its notes did Acme's 2025 interest expense include?")
    assert got is not None and "$127.1 million" in got[0], got
    assert years_apart(year_before, {"2025"}) == (True, False)
    assert years_apart("Interest expense was $75 million and $72 million for the three months ended October 31, 2025 "
                       "and 2024, respectively.", {"2025"}) == (False, False)


def test_a_sentence_stating_what_a_measure_includes_is_no_statement_of_it(make_database):
    """"Operating lease cost includes $83 million for each of the three months …" states a part of the cost; the
    table's row, quoted, answers "What operating lease cost did Acme incur" — while "… included in corporate expense
    was $10 million" states the thing included."""
    from datetime import date

    passages = [("Three Months Ended June 30, 2025 2024 (In thousands) Operating lease cost (1) $ 575,472 $ 488,311 "
                 "Short-term lease cost 1,210 1,118 Variable lease cost 9,377 8,512\n\nOperating lease cost includes $83 "
                 "million for each of the three months ended June 30, 2025 and 2024 related to the Bellagio lease.")]
    got = _stated(make_database, "ACME_2025Q2_10Q", "Q2", date(2025, 6, 30), passages, "operating lease cost",
                  "What operating lease cost did Acme incur in Q2 2025?")
    assert got is not None and "575,472" in got[0], got
    passages = [("Depreciation and amortization included in corporate expense was $10 million and $9 million for the "
                 "thirteen weeks ended October 29, 2025 and October 30, 2024, respectively.")]
    got = _stated(make_database, "ACME_2025Q3_10Q", "Q3", date(2025, 10, 29), passages, "depreciation and amortization",
                  "How much depreciation and amortization was included in Acme's corporate expense?")
    assert got is not None and "$10 million" in got[0], got


def test_a_figure_stated_for_two_spans_respectively_is_the_span_asked(make_database):
    """"Interest expense was $75 million and $72 million for the three months ended October 31, 2025 and 2024,
    respectively and $224 million and $147 million for the nine months ended …": the nine months asked are $224
    million (the later year's), the quarter $75 million."""
    from datetime import date

    from finchat.answer.spans import span_figure

    passages = [("Other expense primarily consists of interest expense on our debt. Interest expense was $75 million and "
                 "$72 million for the three months ended October 31, 2025 and 2024, respectively and $224 million and "
                 "$147 million for the nine months ended October 31, 2025 and 2024, respectively.")]
    nine = _stated(make_database, "ACME_2025Q3_10Q", "Q3", date(2025, 10, 31), passages, "interest expense",
                   "What was Acme's interest expense for the nine months ended October 31, 2025?")
    assert nine is not None and nine[0].startswith("$224 million for the nine months"), nine
    assert span_figure(passages[0], "… for the three months ended October 31, 2025?") == "$75 million for the three months"
    assert span_figure(passages[0].replace("2025 and 2024", "2024 and 2025"), "… for the nine months …") == \
        "$147 million for the nine months"  # (the years' order says which figure is the later year's)


def test_a_sentence_naming_no_year_is_of_the_year_its_paragraph_opened_on(make_database):
    """"How much did Acme record in restructuring charges in fiscal 2026?": "We also recorded $480 million of
    restructuring charges …" after "During fiscal year 2026, we recorded …", not "Restructuring charges were $2.1
    billion …" of the paragraph on fiscal 2025 — neither names a year itself."""
    from datetime import date

    from finchat.answer.spans import years_apart

    this_year = ("During fiscal year 2026, we recorded $630 million of asset impairment charges related to our phone "
                 "business. We also recorded $480 million of restructuring charges, including employee severance expenses "
                 "and contract termination costs, primarily related to our phone business restructuring plans.")
    year_before = ("During fiscal year 2025, we recognized impairment charges of $7.5 billion related to our phone business. "
                   "Restructuring charges were $2.1 billion, including employee severance expenses and the write-down of "
                   "certain assets in connection with our restructuring activities.")
    got = _stated(make_database, "ACME_2026_10K", "FY", date(2026, 6, 30), [f"{this_year}\n\n{year_before}"],
                  "restructuring charges", "How much did Acme record in restructuring charges in fiscal 2026?")
    assert got is not None and "$480 million" in got[0], got
    restructuring = "Restructuring charges were $2.1 billion, including employee severance expenses."
    assert years_apart(restructuring, {"2026"}, ["During fiscal year 2025, we recognized charges of $7.5 billion."]) == (True, False)
    assert years_apart(restructuring, {"2025"}, ["During fiscal year 2025, we recognized charges of $7.5 billion."]) == (False, False)
    # (a sentence naming its own year keeps it)
    assert years_apart("In 2026 charges were $1 million.", {"2026"}, ["During fiscal year 2025, we did this."]) == (False, False)


def test_a_parts_heading_pages_above_a_passage_makes_it_the_parts(make_database):
    """"By how much did advertising expense increase in Acme's Consumer segment in 2025?": the list item under
    "Selling, General and Administrative Expense" on the page after the heading "Acme Consumer Group" (no sentence
    names the segment) — not the same words under the Business group's heading."""
    import re
    from datetime import date

    from finchat.answer.passages import stated_figure
    from finchat.db.pool import connect
    from tests.answer.acme import acme_filing

    item7 = "Item 7. Management's Discussion and Analysis"
    sga = ("Selling, general and administrative expense increased during 2025 compared to 2024 primarily due to: an "
           "increase in personnel costs of $1.3 billion primarily due to higher wages; an increase in advertising expense "
           "of {} million primarily due to brand marketing; and an increase in rent of $20 million.")
    chunks = [(f"{item7} > Acme Consumer Group", "Our Consumer segment provides wireless services to consumers."),
              (f"{item7} > Selling, General and Administrative Expense", sga.format("$454")),
              (f"{item7} > Acme Business Group", "Our Business segment provides network services to businesses."),
              (f"{item7} > Selling, General and Administrative Expense", sga.format("$97"))]
    with connect(make_database()) as conn:
        doc = acme_filing(conn, "ACME_2025_10K", "10-K", 2025, "FY", date(2025, 12, 31))
        for i, (section, text) in enumerate(chunks):
            conn.execute("INSERT INTO chunks (document_id, ordinal, page_start, page_end, section, kind, text, embed_text)"
                         " VALUES (%s, %s, %s, %s, %s, 'text', %s, %s)", (doc, i, 30 + i, 30 + i, section, text, text))
        conn.commit()
        parts = (re.compile(r"(?i)\bConsumer\b"), re.compile(r"(?i)\bBusiness\b"))
        got = stated_figure(conn, "ACME_2025_10K", "Consumer advertising expense", parts=parts,
                            context="By how much did advertising expense increase in Acme's Consumer segment in 2025?")
        assert got is not None and "$454 million" in got[0], got
        got = stated_figure(conn, "ACME_2025_10K", "Business advertising expense", parts=parts,
                            context="By how much did advertising expense increase in Acme's Business segment in 2025?")
        assert got is not None and "$97 million" in got[0], got
    # (a sentence naming another part itself is that part's, whatever heading is over it)
    with connect(make_database()) as conn:
        doc = acme_filing(conn, "ACME_2025_10K", "10-K", 2025, "FY", date(2025, 12, 31))
        other = "Advertising expense at our Business segment increased by $70 million in 2025."
        for i, (section, text) in enumerate([chunks[0], (chunks[1][0], other)]):
            conn.execute("INSERT INTO chunks (document_id, ordinal, page_start, page_end, section, kind, text, embed_text)"
                         " VALUES (%s, %s, %s, %s, %s, 'text', %s, %s)", (doc, i, 30 + i, 30 + i, section, text, text))
        conn.commit()
        assert stated_figure(conn, "ACME_2025_10K", "Consumer advertising expense", parts=parts,
                             context="By how much did advertising expense increase in Acme's Consumer segment in 2025?") is None


def test_a_passage_under_a_parts_heading_with_a_sub_heading_of_periods_is_the_parts():
    """"NORTH AMERICA — FISCAL 2025 COMPARED TO FISCAL 2024" over a passage opening on a table's leftover words:
    the passage is North America's."""
    import re

    from finchat.answer.partpassage import opening_part

    parts = (re.compile(r"(?i)north\s+america"), re.compile(r"(?i)emea"))
    section = "ITEM 7. MD&A > NORTH AMERICA — FISCAL 2025 COMPARED TO FISCAL 2024"
    assert opening_part("CHANGES FISCAL 2023 % CHANGE\n\nNIKE Direct revenues increased 18% …", section, parts) \
        == "NORTH AMERICA"
    # (a sub-heading of its own stays the passage's heading)
    assert opening_part("Revenues increased 18% …", "ITEM 7. MD&A > NORTH AMERICA — Liquidity", parts) == ""


def test_the_sentence_of_the_span_asked_and_a_measure_stated_as_of_a_day(make_database):
    """"… decrease in the nine months ended September 30, 2025": the nine months' sentence, not the quarter's before
    it; "What was Acme's medical membership at December 31, 2025": "Medical membership as of December 31, 2025 of
    24.4 million …" some pages on, not an earlier sentence of a word that begins alike ("Medicare")."""
    from datetime import date

    spans = [("Costs related to wildfires that impacted earnings decreased by $85 million, or 90% in the three months "
              "ended September 30, 2025, compared to the same period in 2024. Costs related to wildfires that impacted "
              "earnings decreased by $108 million, or 41%, in the nine months ended September 30, 2025, compared to "
              "the same period in 2024.")]
    got = _stated(make_database, "ACME_2025Q3_10Q", "Q3", date(2025, 9, 30), spans, "wildfire costs",
                  "How much did Acme's wildfire costs that impacted earnings decrease in the nine months ended "
                  "September 30, 2025?")
    assert got is not None and "$108 million" in got[0], got
    stars = ("Based on the Company's membership at December 31, 2025, 21% of the Company's Medicare Advantage members "
             "were in plans with 2026 star ratings of at least 4.0 stars, compared to 87% of the Company's Medicare "
             "Advantage members being in plans with 2025 star ratings of at least 4.0 stars based on the Company's "
             "membership at December 31, 2024.")
    members = ("Medical membership as of December 31, 2025 of 24.4 million increased 548,000 compared with December 31, "
               "2024, reflecting increases in Medicare and Commercial membership.")
    pages = [stars, *["Other text of no figure."] * 60, members]
    got = _stated(make_database, "ACME_2025_10K", "FY", date(2025, 12, 31), pages, "medical membership",
                  "What was Acme's medical membership at December 31, 2025?")
    assert got is not None and "24.4 million" in got[0], got


def test_an_outlook_naming_a_hyphenated_word_joined(make_database):
    """"non-discretionary contributions" asked, the filing printing "nondiscretionary" (the PDF broke the line at
    the hyphen): the sentence for the year asked, never the next year's outlook printing the hyphen."""
    from types import SimpleNamespace

    from finchat.answer.outlook import outlook_sentence
    from tests.answer.test_marked_schedule import _stored

    joined = ("In addition, in 2022, we expect to make nondiscretionary contributions of approximately $135 million to "
              "our U.S. and international pension benefit plans.")
    hyphened = ("In addition, in 2023, we expect to make non-discretionary contributions of approximately $90 million to "
                "our U.S. and international pension benefit plans.")
    question = "What non-discretionary contributions does Apple expect to make to its pension plans in 2022?"
    with _stored(make_database, [hyphened, joined]) as conn:
        said, _ = outlook_sentence(conn, ["APPLE"], [SimpleNamespace(document="APPLE_2023_10K", company="APPLE")],
                                   "non-discretionary contributions", 2022, question)
        assert "$135 million" in said, said

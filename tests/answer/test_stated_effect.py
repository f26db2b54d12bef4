"""What moved a statement line, asked in the question's words ("How much did … adjustments add to segment operating
profit"): the sentence saying so, never the line itself, against the real database."""

from collections.abc import Iterator

import pytest

from tests.answer.test_subject import ask_json
from tests.conftest import _holding

EFFECT = ("Adjustments not related to volume, including net profit booking rate adjustments, were $120 million higher in "
          "the third quarter of 2023 compared to 2022. Our consolidated net adjustments not related to volume, including "
          "net profit booking rate adjustments and other matters, increased segment operating profit by approximately "
          "$455 million during the quarter ended September 24, 2023.")

RENT = ("Cost of services increased during the third quarter of 2023 compared to 2022 and was primarily due to: an "
        "increase in rent expense of $210 million related to adding capacity to the networks; and an increase in content "
        "costs of $95 million driven by additional subscriptions.")


@pytest.fixture(scope="module")
def effect_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {
        "TESTCO_2023Q3_10Q.pdf": {"statement_rows": 13, "prose_paragraphs": 2, "extra": (EFFECT, RENT)}})


def test_what_moved_a_line_is_the_sentence_saying_so_not_the_line(effect_corpus, monkeypatch):
    """The sentence holding the question's other words ("increased segment operating profit by … $455 million"),
    not the adjustments' change ($120 million higher), nor the statements' operating income."""
    d = ask_json(effect_corpus, monkeypatch, "How much did net profit booking rate adjustments add to Testco's segment "
                                             "operating profit in Q3 2023?")
    first = d["answer"].splitlines()[0]
    assert "$455 million" in first and "$120 million" not in first
    assert d["answer_subject"]["metric"] is None




def test_what_moved_a_cost_line_is_the_sentence_naming_the_driver(effect_corpus, monkeypatch):
    """"How much did higher rent expense add to … cost of services": the rent expense's own figure in the sentence
    explaining the cost line ($210 million), not the content costs beside it nor the line itself."""
    d = ask_json(effect_corpus, monkeypatch, "How much did higher rent expense add to Testco's cost of services in Q3 2023?")
    first = d["answer"].splitlines()[0]
    assert "$210 million" in first and "rent expense" in d["answer_subject"]["measure"], d


#: Sentences stating revenues on the pages before the product line's (more than a search for "revenue" reads).
FILLER = tuple(" ".join(f"Revenues in sales region {i}, district {k}, were ${i + 1}.{k} million in the third quarter "
                        f"of 2023, in line with the plan the region set for the year." for k in range(8))
               for i in range(45))
LINE = ("Widget care products sales were $5.4 billion in the third quarter of 2023, representing a decline of 6.5% as "
        "compared to the prior year.")


@pytest.fixture(scope="module")
def lines_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {
        "TESTCO_2023Q3_10Q.pdf": {"statement_rows": 13, "prose_paragraphs": 1, "extra": (*FILLER, LINE)}})


def test_a_product_lines_figure_is_the_sentence_naming_it_not_any_about_revenues(lines_corpus):
    """A product line's sales (the statement metric "revenue", qualified): only sentences naming the line answer,
    however many sentences about revenues come before it."""
    from types import SimpleNamespace

    from finchat.answer.qualified import stated
    from finchat.answer.subject import Subject
    from finchat.db.pool import connect

    subject = Subject("widget care product sales", "revenue", ("widget care product",), "amount")
    hit = SimpleNamespace(document="TESTCO_2023Q3_10Q", company="TESTCO")
    with connect(lines_corpus) as conn:  # the graph's segments are read
        said = stated(conn, subject, [hit], ["TESTCO"], question="By how much did widget care product sales decline?")
    assert said is not None and "6.5%" in said[0] and "region" not in said[0]


BOOKINGS = (("The decrease in net bookings for 2019, as compared to 2018, was primarily due to: a $239 million decrease "
            "in Northwind net bookings primarily driven by lower net bookings from the Orbit franchise, partially "
            "offset by net bookings from new releases in March 2019, June 2019, and October 2019, respectively; and "
            "a $55 million decrease in Southwind net bookings primarily driven by lower net bookings from player "
            "purchases across various franchise titles, partially offset by an increase in advertising net bookings."),
            ("The decrease in in-game net bookings was primarily due to a $131 million decrease in Southwind in-game "
            "net bookings across franchise titles."),
            ("During 2023, we recorded pre-tax early debt redemption costs of $3.5 billion in connection with tender "
             "offers and the redemptions of notes issued by Testco."),
            "During 2022, we recorded pre-tax early debt redemption costs of $102 million.")


@pytest.fixture(scope="module")
def bookings_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {
        "TESTCO_2023Q3_10Q.pdf": {"statement_rows": 13, "prose_paragraphs": 1, "extra": BOOKINGS}})


def test_a_list_items_figure_named_as_asked(bookings_corpus):
    """List items run together into one long sentence are read one by one; "bookings" is found as the index
    stems it; the item naming the measure's words in a row ("Southwind net bookings") beats a shorter one
    naming them apart ("Southwind in-game net bookings")."""
    import psycopg

    from finchat.answer.passages import stated_figure

    with psycopg.connect(bookings_corpus) as conn:
        said = stated_figure(conn, "TESTCO_2023Q3_10Q", "Southwind net bookings")
    assert said is not None and "$55 million" in said[0] and "$131 million" not in said[0]


def test_a_line_named_after_a_statement_line_in_the_year_asked(bookings_corpus, monkeypatch):
    """"early debt redemption costs" are no long-term debt (a substitution had answered the balance); the sentence of
    2023 answers a question of 2023, not the shorter one of 2022 after it."""
    d = ask_json(bookings_corpus, monkeypatch, "What early debt redemption costs did Testco record in 2023?")
    first = d["answer"].splitlines()[0]
    assert "$3.5 billion" in first and "$102 million" not in first
    assert d["answer_subject"]["metric"] is None


SPENDING = (("Research and development expenses attributable to our Gizmo segment decreased primarily due to a $116 "
             "million decrease in product engineering and design costs."),
            ("The decrease was primarily due to a $120 million decrease in research and development expenses "
             "attributable to our Gizmo segment and a $21 million decrease in the All Other category primarily related "
             "to a $9 million severance charge recorded in 2022 and an $8 million decrease in stock-based compensation."))


def test_a_change_asked_is_the_figure_that_is_the_measures_change(regions_corpus):
    """"How much did … spending decrease": the figure that is the measure's own change ("a $120 million decrease in
    research and development expenses …"), not another line's change in a shorter sentence naming the measure
    first ("… decreased primarily due to a $116 million decrease in product engineering")."""
    import psycopg

    from finchat.answer.passages import stated_figure

    question = "How much did research and development spending attributable to Testco's Gizmo segment decrease?"
    with psycopg.connect(regions_corpus) as conn:
        said = stated_figure(conn, "TESTCO_2023Q3_10Q", "Gizmo Research and development",
                             synonyms=("Gizmo research and development spending",), context=question)
        assert said is not None and "$120 million" in said[0]
        # the level asked, not a change: no figure is preferred for being one
        level = stated_figure(conn, "TESTCO_2023Q3_10Q", "Gizmo Research and development",
                              context="What were Testco's research and development expenses for Gizmo?")
    assert level is not None and "$116 million" in level[0]


REGIONS = ("Net revenue increased 17%, primarily reflecting effective net pricing. Convenient foods unit volume grew 3.5%, "
           "primarily reflecting growth in Brazil and Mexico.",
           "Net revenue increased 9%, primarily reflecting organic volume growth. Convenient foods unit volume grew 4%, "
           "primarily reflecting double-digit growth in Turkey.",
           "For the fiscal year, comparable sales increased 15.6%, driven by a 10.8% increase in transactions and a 4.3% "
           "increase in average ticket.",
           "In the fourth quarter, comparable sales increased 15.6%, driven by a 13.6% increase in transactions and a "
           "1.8% increase in average ticket.",
           "We design an upgraded turret for the Warrior vehicle program. As of December 31, 2022, cumulative losses "
           "remained at approximately $140 million on this program.",
           "We are responsible for a program to construct a ground-based radar at our Systems segment. The program has "
           "experienced performance issues. In 2022, we revised our estimated costs to complete the program and "
           "recorded charges of approximately $45 million at our Systems segment, which resulted in cumulative losses "
           "of approximately $250 million on this program.")


@pytest.fixture(scope="module")
def regions_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {
        "TESTCO_2023Q3_10Q.pdf": {"statement_rows": 13, "prose_paragraphs": 1, "extra": (*REGIONS, *SPENDING),
                                  "extra_headings": ("LatAm", "Europe", "Fiscal Year Results", "Quarterly Results",
                                                     "Turret Program", "Radar Program", "Gizmo Expenses",
                                                     "Gizmo Expenses, Continued")}})


def test_a_sentence_under_its_parts_heading_and_of_the_quarter_asked(regions_corpus):
    """The part a sentence is of may be only its passage's heading ("Europe" over "Convenient foods unit volume grew
    4%"); a quarter asked prefers the quarter's sentence over the year's; "this program" is the one the sentences
    before it name (the radar's $250 million, not the turret's $140 million)."""
    import psycopg

    from finchat.answer.passages import stated_figure

    with psycopg.connect(regions_corpus) as conn:
        europe = stated_figure(conn, "TESTCO_2023Q3_10Q", "Europe convenient foods unit volume")
        quarter = stated_figure(conn, "TESTCO_2023Q3_10Q", "transactions",
                                context="How much did transactions increase at Testco in the fourth quarter?")
        year = stated_figure(conn, "TESTCO_2023Q3_10Q", "transactions",
                             context="How much did transactions increase at Testco in the fiscal year?")
        radar = stated_figure(conn, "TESTCO_2023Q3_10Q", "cumulative losses",
                              context="What were the cumulative losses on Testco's ground-based radar program?")
    assert europe is not None and "grew 4%" in europe[0]
    assert quarter is not None and "13.6%" in quarter[0]
    assert year is not None and "10.8%" in year[0]
    assert radar is not None and "$250 million" in radar[0]


USES = ("As of December 31, 2023 and 2022, Testco had customer deposits of approximately $1.3 billion and $1.4 billion.",
        "In the years ended December 31, 2023 and 2022, customer deposits used were $216 million and $140 million, "
        "respectively.",
        "The Company plans to invest between $30 billion and $34 billion over the next 10 years in capital improvements "
        "to its regulated infrastructure.",
        "In 2023 the Company made a $2.3 billion capital investment in regulated infrastructure, the substantial "
        "majority for improvements and replacements.",
        "Sales at new warehouses opened in 2023 rose 18%.",
        "During 2023 the Company opened 22 new warehouses, including relocations, in its domestic markets and abroad, "
        "under its long-standing plan of measured expansion.",
        "We expect to return a total of approximately $7.7 billion to shareholders in 2024, comprising dividends of "
        "approximately $6.2 billion and share repurchases of approximately $1.5 billion.",
        "Membership and other income increased 2.3% for 2023.",
        "For 2023, the increase in membership and other income was primarily due to higher recycling income from our "
        "sustainability efforts and an increase of 1.3% in membership income resulting from increased renewals.",
        "Total comparable sales grew 2.2% in 2023 on higher traffic.",
        "eCommerce sales positively impacted comparable sales approximately 0.7% for the U.S. segment in 2023.",
        "Net sales fell in 2023 on the unfavorable impact of foreign currency (10.3 pp, including 6.9 pp "
        "from the devaluation of the Venezuelan bolivar).",
        # (a sentence its heading alone says is of customer deposits)
        "The remaining $211 million and $104 million, respectively, were classified as other current liabilities.",
        # (under the heading of the next section, as a chunk may be: no dividend sentence)
        "Borrowings under these loan facilities for the year ended December 31, 2023, totaled 1,691 million Chinese "
        "yuan, or approximately $243 million.",
        # a change "from $0.22 to $0.24" is no range of an outlook
        "On February 3, 2024, Testco's Board of Directors declared a 9% increase in the Company's quarterly common "
        "stock dividend, which increased the quarterly dividend from $0.22 to $0.24 per share of common stock.")


@pytest.fixture(scope="module")
def uses_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {
        "TESTCO_2023Q3_10Q.pdf": {"statement_rows": 13, "prose_paragraphs": 1, "extra": USES,
                                  "extra_headings": (*(f"Discussion {i + 1}" for i in range(len(USES) - 3)),
                                                     "Customer Deposits", "Common Stock Dividends",
                                                     "Common Stock Dividends")}})


def _stated_in(corpus: str, question: str, holds: str, lacks: str) -> None:
    """The sentence ``stated`` finds in Testco's filing holds ``holds`` and not ``lacks``."""
    from types import SimpleNamespace

    from finchat.answer.qualified import stated
    from finchat.answer.subject import analyse
    from finchat.db.pool import connect

    subject = analyse(question, companies=("Testco", "TESTCO"))
    hit = SimpleNamespace(document="TESTCO_2023Q3_10Q", company="TESTCO")
    with connect(corpus) as conn:  # the graph's segments are read
        said = stated(conn, subject, [hit], ["TESTCO"], question=question)
    assert said is not None and holds in said[0] and lacks not in said[0], (subject, said)


@pytest.mark.parametrize(("question", "holds", "lacks"), [
    # the question's verb in another form ("use" — "used")
    ("How much of its customer deposits did Testco use in 2023?", "$216 million", "$1.3 billion"),
    # … and the deposits themselves, not what was used of them
    ("How large were Testco's customer deposits at the end of 2023?", "$1.3 billion", "$216 million"),
    # a sentence naming what is asked over one its heading alone puts under it
    ("What were Testco's customer deposits at the end of 2023?", "$1.3 billion", "$211 million"),
    # a sentence naming what is asked over one under its heading; "from $0.22 to $0.24" is a change, no outlook
    ("By how much did Testco raise its quarterly dividend in February 2024?", "9%", "$243 million"),
    # what the company plans for the next ten years is no figure of the year
    ("How much did Testco invest in capital improvements to its regulated infrastructure in 2023?", "$2.3 billion",
     "$30 billion"),
    # a count asked is stated as a count of the thing, not any sentence with a figure naming it
    ("How many new warehouses did Testco open in 2023?", "22 new warehouses", "18%"),
    # a change said the other way round ("an increase of 1.3% in membership income") is the measure's own
    ("By how much did Testco's membership income grow in 2023?", "1.3%", "2.3%"),
    # a part named with single letters ("U.S."): its words, not its letters, are looked for
    ("How much did eCommerce lift Testco's U.S. comparable sales in 2023?", "0.7%", "2.2%"),
    # a figure in percentage points is a figure stated
    ("By how many points did the Venezuelan bolivar devaluation reduce Testco's net sales in 2023?", "6.9 pp",
     "1.3%"),
])
def test_the_sentence_stating_what_was_done_to_the_measure(uses_corpus, question, holds, lacks):
    _stated_in(uses_corpus, question, holds, lacks)


def test_guidance_asked_in_other_words_than_the_filings(uses_corpus, monkeypatch):
    """"How much stock does Testco plan to buy back": the outlook sentence naming share repurchases."""
    d = ask_json(uses_corpus, monkeypatch, "How much stock does Testco plan to buy back in 2024?")
    first = d["answer"].splitlines()[0]
    assert "$1.5 billion" in first and "outlook" in first, first


LISTED = ("Wireless service revenue increased $5.4 billion during 2023 compared to 2022 primarily due to: an increase of "
          "$4.0 billion from the acquisition of Minnow; an increase of $769 million in access revenues related to our "
          "postpaid plans; an increase of $352 million in TravelPass revenues due to an increase in customer "
          "international travel; and an increase of $253 million related to growth in non-retail service revenue.",
          "Testco 365 Consumer subscribers The number of Testco 365 Consumer subscribers at end of period.",
          "Office Consumer revenue increased 2% and Testco 365 Consumer subscribers increased to 67.0 million.",
          "Gross margin decreased 250 basis points to 43.5% for fiscal 2023 compared to 46.0% for fiscal 2022 due to "
          "the following: higher product costs; higher markdowns; and unfavorable foreign currency exchange rates.",
          # (each long enough to be a passage of its own, as a region's discussion is)
          "North America revenues increased 18% on a currency-neutral basis. Unit sales of footwear increased 17%, "
          "while higher ASP per pair contributed approximately 5 percentage points of footwear revenue growth. "
          + "The region's wholesale partners kept their orders steady through the year. " * 30,
          "Testco Brand footwear revenues increased 20% on a currency-neutral basis. Unit sales of footwear increased "
          "13%, while higher average selling price per pair contributed approximately 7 percentage points of "
          "footwear revenue growth. " + "Demand for the brand's running lines held up across channels. " * 30,
          "The effective tax rate for 2023 included discrete net tax benefits of $163 million, including a benefit of "
          "$75 million due to excess benefits from stock compensation. Excluding these benefits, the tax rate was "
          "26.4% for 2023.",
          "Over the next five years the Company expects to invest between $14 billion to $15 billion, and between $30 "
          "billion to $34 billion over the next 10 years. In 2024, the Company expects to invest $2.9 billion, "
          "consisting of $2.5 billion for infrastructure improvements and $400 million for acquisitions.",
          "767 Program The accounting quantity for the 767 program increased by 24 units during 2023 due to the "
          "program's normal progress.",
          "787 Program The accounting quantity for the 787 program increased by 200 units during 2023 due to the "
          "program's normal progress of obtaining additional orders.",
          "Adjusted EBITDA decreased 13.7% to $6.1 billion in 2023 compared to $7.0 billion in 2022. This decrease was "
          "primarily due to lower Organic Net Sales, the unfavorable impact of foreign currency (2.8 pp), and higher "
          "general corporate expenses.",
          # (a sentence comparing two other years than the one asked is of neither)
          "Adjusted Property EBITDA margin decreased in 2023 by 114 basis points compared to 2022 to 25.9%, primarily "
          "as a result of the ramp up of operations at a new resort, as well as a decrease in margin at another "
          "property due to a decrease in casino, rooms and food and beverage revenue as a result of inclement weather. "
          "Adjusted Property EBITDA margin was 27.0% in 2022 compared to 26.3% in 2021.",
          # (an effect on another line than the one asked)
          "Changes in foreign exchange rates impacted operating income by $17 million and $23 million for 2022 and "
          "2023. Changes in foreign exchange rates impacted net sales by $1.3 billion and $(2.6) billion for 2022 and "
          "2023.",
          # (a contribution to another line than the one asked)
          "In 2023, lower charges taken as a result of the COVID-19 pandemic contributed 6 percentage points to "
          "operating profit growth and net revenue growth. Lower charges taken as a result of the COVID-19 pandemic "
          "in 2023 contributed 7 percentage points to both net income attributable to Testco growth and net income "
          "attributable to Testco per common share growth.",
          # (an effect on the measure, stated before the figure, is no figure of the measure)
          "The MedTech segment sales in 2023 were $27.4 billion, an increase of 1.4% from 2022, which included "
          "operational growth of 6.2% and a negative currency impact of 4.8%. In 2023, the net impact of acquisitions "
          "and divestitures on the MedTech segment worldwide operational sales growth was a positive 0.1%.",
          # (under a region's heading: that region's)
          "Segment Adjusted EBITDA decreased 19.9% to $487 million in 2023 compared to $608 million in 2022 partially "
          "due to the unfavorable impact of foreign currency (1.9 pp).")


@pytest.fixture(scope="module")
def listed_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {
        "TESTCO_2023Q3_10Q.pdf": {"statement_rows": 13, "prose_paragraphs": 1, "extra": LISTED,
                                  "extra_headings": (*(f"Discussion {i + 1}" for i in range(len(LISTED) - 1)), "Canada")}})


@pytest.mark.parametrize(("question", "holds", "lacks"), [
    # a list item's lead-in says what it is of ("Wireless service revenue increased … due to: …")
    ("How much did TravelPass add to Testco's wireless service revenue in 2023?", "$352 million", "$769 million"),
    # a count stated after the thing ("… subscribers increased to 67.0 million"); the number in its name
    # ("Testco 365") counts nothing
    ("How many Testco 365 Consumer subscribers did Testco have at the end of 2023?", "67.0 million",
     "at end of period"),
    # a lead-in stating its own figure before its list; "how many basis points" asks no count
    ("How many basis points did Testco's gross margin decline in fiscal 2023?", "250 basis points", "17%"),
    # the company's figure asked: not the sentence of a passage opening on a region
    ("By how much did Testco's unit sales of footwear rise in fiscal 2023?", "13%", "17%"),
    # a sentence speaking of what the one before named ("these benefits": the discrete tax benefits)
    ("Excluding discrete tax benefits, what was Testco's tax rate for 2023?", "26.4%", "$163 million"),
    # a model's number is a word asked; "by how many units" is stated as a count of units
    ("By how many units did the accounting quantity of Testco's 787 program grow during 2023?", "200 units",
     "24 units"),
    # "This decrease was primarily due to … foreign currency (2.8 pp)": the change the sentence before states
    ("By how many points did foreign currency weigh on Testco's Adjusted EBITDA in 2023?", "2.8 pp", "1.9 pp"),
    # an effect on the line asked, not on another
    ("How much did changes in foreign exchange rates affect Testco's 2023 net sales?", "$(2.6) billion", "$23 million"),
    # a contribution to the line asked, not to another
    ("How much did lower COVID-19 charges contribute to the growth of Testco's net income in 2023?",
     "7 percentage points", "6 percentage points"),
    # a sentence comparing two years, neither asked, is no figure of the year asked
    ("What was Testco's Adjusted Property EBITDA margin in 2023?", "25.9%", "27.0%"),
    # "the net impact of acquisitions … on … operational sales growth was 0.1%" is an effect, not the growth
    ("What was the operational growth of Testco's MedTech sales in 2023?", "6.2%", "0.1%"),
])
def test_a_list_items_lead_in_and_a_count_reached(listed_corpus, question, holds, lacks):
    _stated_in(listed_corpus, question, holds, lacks)


def test_a_years_outlook_is_not_a_plan_over_the_next_years(listed_corpus, monkeypatch):
    """"How much does Testco expect to invest in 2024": the year's figure, not the five or ten years' range."""
    d = ask_json(listed_corpus, monkeypatch, "How much does Testco expect to invest in 2024?")
    first = d["answer"].splitlines()[0]
    assert "$2.9 billion" in first and "$14 billion" not in first, first


CREDITS = ("In March 2024, the state authority issued the utilization certificate for the 2021 grid tax credits to the "
           "Company in the amount of $12 million.",
           "The state authority determined that the Company was qualified to receive $148 million in grid tax credits "
           "over a ten-year period.",
           "“Our share buyback program continues to return capital to shareholders: we have repurchased 2 million "
           "shares for $90 million so far this year, adding to the 41 million shares we repurchased in 2023.” Beyond "
           "this, the Board authorized an additional $2 billion for share buybacks.",
           "The decrease in net expense was mainly a result of a pre-tax net gain of $205 million on the disposal of "
           "the Baltic business in 2023, partially offset by higher restructuring costs.",
           "Net (gain)/loss on disposals, excluding the disposal of our Baltic business, includes an expense of $10 "
           "million from the disposal of non-core assets in 2023.")


@pytest.fixture(scope="module")
def credits_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {
        "TESTCO_2023_10K.pdf": {"statement_rows": 13, "prose_paragraphs": 1, "extra": CREDITS}})


def test_a_measure_named_just_after_its_figure_is_stated_whole(credits_corpus, monkeypatch):
    """"… qualified to receive $148 million in grid tax credits": the measure's words after the figure state it as
    fully as a sentence naming them before ("… grid tax credits … in the amount of $12 million"), and the
    question's own words ("determined", "qualified") choose between them."""
    d = ask_json(credits_corpus, monkeypatch, "How much in grid tax credits did the state authority determine Testco "
                                              "qualified for?")
    first = d["answer"].splitlines()[0]
    assert "$148 million" in first and "$12 million" not in first


def test_a_count_asked_is_never_a_sum_of_money(credits_corpus, monkeypatch):
    """"How many shares did … repurchase": "the 41 million shares we repurchased in 2023", not "$2 billion for share
    buybacks" (a sum of money counts no shares), quoted once (the filing's own quotation marks dropped)."""
    d = ask_json(credits_corpus, monkeypatch, "How many shares did Testco repurchase in 2023?")
    first = d["answer"].splitlines()[0]
    assert "41 million shares" in first and "$2 billion" not in first and not first.startswith("““")


def test_a_sentence_naming_the_part_only_as_what_it_leaves_out_is_not_its_figure(credits_corpus, monkeypatch):
    """"… excluding the disposal of our Baltic business, includes an expense of $10 million": the Baltic business is
    what the figure leaves out; the gain on its disposal is the sentence stating $205 million."""
    d = ask_json(credits_corpus, monkeypatch, "What gain did Testco record on the disposal of its Baltic business in "
                                              "2023?")
    first = d["answer"].splitlines()[0]
    assert "$205 million" in first and "$10" not in first


#: A quarter's bullet and the year to date's, each under its own heading, the year to date's first and shorter.
QUARTER_AND_YTD = tuple(reversed(("Q2 2023 vs. Q2 2022 Net bookings The increase in net bookings for the three months ended June 30, "
                   "2023, as compared to the three months ended June 30, 2022, was primarily due to a $657 million "
                   "increase in Gadget net bookings, driven by new releases of its two largest franchises.",
                   "YTD Q2 2023 vs. YTD Q2 2022 Net bookings The increase in net bookings for the six months ended June "
                   "30, 2023, as compared to the six months ended June 30, 2022, was primarily due to an $826 million "
                   "increase in Gadget net bookings.")))


@pytest.fixture(scope="module")
def ytd_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {
        "TESTCO_2023Q2_10Q.pdf": {"statement_rows": 13, "prose_paragraphs": 1, "extra": QUARTER_AND_YTD}})


def test_a_quarter_asked_is_not_the_year_to_date_under_the_quarters_name(ytd_corpus, monkeypatch):
    """"YTD Q2 … six months" names the quarter but speaks of the year to date: the quarter's sentence answers."""
    d = ask_json(ytd_corpus, monkeypatch, "By how much did Gadget net bookings at Testco rise in Q2 2023 versus a year "
                                          "earlier?")
    first = d["answer"].splitlines()[0]
    assert "$657 million" in first and "$826 million" not in first, first


#: A sentence naming the measure among other words early on, and, pages later, the sentence stating it as its subject.
EARLY = ("At the time of reclassification, the allowance recorded was reversed, resulting in a decrease of approximately "
         "$33 million in transaction and credit losses for the three and six months ended June 30, 2023.")
STATING = ("Transaction losses were $286 million in the three months ended June 30, 2023 compared to $380 million in the "
           "three months ended June 30, 2022, a decrease of $94 million, or 25%.")


@pytest.fixture(scope="module")
def losses_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {
        "TESTCO_2023Q2_10Q.pdf": {"statement_rows": 13, "prose_paragraphs": 1,
                                  "extra": (EARLY, *FILLER[:30], STATING)}})


def test_a_two_word_measure_is_the_sentence_stating_it_as_its_subject(losses_corpus):
    """"Transaction losses were $286 million …", pages after a sentence naming "transaction and credit losses"."""
    from types import SimpleNamespace

    from finchat.answer.qualified import stated
    from finchat.answer.subject import Subject
    from finchat.db.pool import connect

    subject = Subject("transaction losses", None, (), "amount")
    hit = SimpleNamespace(document="TESTCO_2023Q2_10Q", company="TESTCO")
    with connect(losses_corpus) as conn:
        said = stated(conn, subject, [hit], ["TESTCO"], question="What were Testco's transaction losses in Q2 2023?")
    assert said is not None and "$286 million" in said[0], said

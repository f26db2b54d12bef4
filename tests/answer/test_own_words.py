"""A measure asked in its own words, against the real database: a row printing them over the statement line an analyst's
shorthand names ("operating overhead expense" is no SG&A); what was lost on a named item; an effect on the line asked,
never on another; a sentence of another year by its first figure's period."""

from collections.abc import Iterator

import pytest

from tests.answer.test_subject import ask_json
from tests.conftest import _holding

#: The effect of currency on two lines, and on one of them for two years.
CURRENCY = ("We estimate the combination of the translation of foreign currency-denominated profits from our "
            "international businesses and the year-over-year change in foreign currency-related gains and losses "
            "included in Other expense (income), net had an unfavorable impact on our Income before income taxes of $110 "
            "million for 2023. We estimate the combination of the translation of foreign currency-denominated profits "
            "from our international businesses and the year-over-year change in foreign currency-related gains and "
            "losses included in Other expense (income), net had an unfavorable impact on our Income before income taxes "
            "of $59 million for 2022."
            "\n\n"
            "The impact of foreign exchange rate fluctuations on the translation of our consolidated Revenues was a "
            "benefit of approximately $832 million and a detriment of approximately $542 million for the years ended "
            "December 31, 2023 and 2022, respectively.")
#: An expense table naming a part of SG&A in words of its own, and a revenue table with a loss on an item.
EXPENSES = ("Total Selling and Administrative Expense",
            [["", "Three Months Ended July 1, 2023", "Three Months Ended June 25, 2022"],
             ["Demand creation expense", "1,577", "1,341"],
             ["Operating overhead expense", "4,396", "4,671"],
             ["Total selling and administrative expense", "5,973", "6,012"]])
BY_BUSINESS = ("Revenue by business",
               [["", "Three Months Ended July 1, 2023", "Three Months Ended June 25, 2022"],
                ["Markets", "7,200", "6,900"],
                ["Credit Adjustments & Other", "(524)", "(412)"],
                ["Total net revenue", "6,676", "6,488"]])



@pytest.fixture(scope="module")
def own_words_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {"TESTCO_2023Q3_10Q.pdf": {
        "statement_rows": 13, "prose_paragraphs": 2, "extra": (CURRENCY,), "extra_tables": (EXPENSES, BY_BUSINESS)}})



def _first(corpus: str, monkeypatch: pytest.MonkeyPatch, question: str) -> str:
    return str(ask_json(corpus, monkeypatch, question)["answer"]).splitlines()[0]


def test_a_row_in_the_measures_own_words_over_the_line_a_shorthand_names(own_words_corpus, monkeypatch):
    """"Operating overhead expense": "overhead" is shorthand for SG&A, but the filing prints the measure as a row of its
    own ($4,396 million) — never the statement's SG&A ($5,973 million)."""
    first = _first(own_words_corpus, monkeypatch, "What was Testco's operating overhead expense in Q3 2023?")
    assert "$4,396 million" in first and "5,973" not in first, first


def test_what_was_lost_on_a_named_item_is_its_row(own_words_corpus, monkeypatch):
    """"How much did … lose on Credit Adjustments & Other": the item's row (−$524 million), never net income."""
    first = _first(own_words_corpus, monkeypatch, "How much did Testco lose on Credit Adjustments & Other in Q3 2023?")
    assert "−$524 million" in first and "19,881" not in first, first


def test_an_effect_asked_on_one_line_is_never_one_on_another(own_words_corpus, monkeypatch):
    """"How much did foreign currency translation add to … revenues": the sentence of its impact on revenues ($832
    million), not the ones naming every word asked but stating an impact on income before income taxes."""
    first = _first(own_words_corpus, monkeypatch, "How much did foreign currency translation add to Testco's revenues "
                                                  "in 2023?")
    assert "$832 million" in first and "$110 million" not in first and "$59 million" not in first, first


def test_a_sentence_is_of_the_year_its_first_figure_is_for():
    from finchat.answer.spans import years_apart

    assert years_apart("… had an unfavorable impact on our Income before income taxes of $59 million for fiscal 2017.",
                       {"2018"}) == (True, False)
    assert years_apart("… had an unfavorable impact on our Income before income taxes of $110 million for fiscal 2018.",
                       {"2018"}) == (False, False)
    # a later figure's year is the comparison's, not the sentence's
    assert years_apart("BDS had a loss from operations of $3,544 million compared with earnings of $1,544 million "
                       "during 2021, primarily due to charges on development programs.", {"2022"}) == (False, False)


def test_a_shorthand_inside_words_of_the_measures_own():
    from finchat.answer.asked import shorthand_within

    assert shorthand_within("operating overhead expense", "sga")
    # the shorthand whole, the line's own name, or no shorthand inside the measure: the line
    assert not shorthand_within("overheads", "sga")
    assert not shorthand_within("selling, general and administrative expense", "sga")
    assert not shorthand_within("cash", "operating_cash_flow")


def test_no_percentage_across_a_change_of_sign():
    from finchat.answer.figures import Figure, change

    def fig(value: float) -> Figure:
        return Figure("ACME", "Acme", "net_income", value, "millions", "USD", "Year ended December 31, 2023", "12M",
                      "2023-12-31", "ACME_2023_10K", 40, 1)

    assert change(fig(-50), fig(100)) == "down (−$150 million)"
    assert change(fig(120), fig(100)) == "up 20.0% (+$20 million)"
    assert change(fig(-120), fig(-100)) == "down 20.0% (−$20 million)"

"""A change's drivers, listed part by part in one long sentence ("… lower product sales of approximately $780
million at Gadgets …; about $370 million at Gizmos …"): the item naming the part asked, of the period asked, read
with the words that say what the items are of — and never a figure that moved the other way than asked — against
the real database."""

from collections.abc import Iterator

import pytest

from tests.answer.test_subject import ask_json
from tests.conftest import _holding

QUARTER = ("Product sales decreased $1.5 billion, or 10%, during the quarter ended October 1, 2023 compared to the same "
           "period in 2022. The decrease is primarily attributable to lower product sales of approximately $780 million "
           "at Gadgets mostly due to lower volume on the G-35 contracts; about $370 million at Gizmos primarily due to "
           "the previously announced transfer of the widget establishment program on June 30, 2022, which was no longer "
           "included in our financial results beginning in the third quarter of 2022; approximately $220 million at "
           "Doohickeys mostly due to lower production volume on the Black Widget; and about $130 million at Whatsits "
           "primarily due to lower volume on air dominance systems.")
NINE_MONTHS = ("Product sales decreased $2.8 billion, or 10%, during the nine months ended October 1, 2023 compared to "
               "the same period in 2022. The decrease is primarily attributable to lower product sales of approximately "
               "$840 million at Gadgets mostly due to lower volume on the G-35 contracts; about $820 million at Gizmos "
               "primarily due to the transfer of the widget establishment program; approximately $730 million at "
               "Doohickeys mostly due to lower net sales for training programs due to the delivery of a pilot training "
               "system in the first quarter of 2022; and about $365 million at Whatsits primarily due to lower volume "
               "on air defense systems.")
GADGETS = ("Gadgets' net sales during the quarter ended October 1, 2023 decreased $804 million, or 12%, compared to the "
           "same period in 2022. Net sales decreased by approximately $945 million for the G-35 program due to lower "
           "volume on production contracts. These decreases were partially offset by an increase of approximately $210 "
           "million on classified contracts primarily due to higher volume.")
DOOHICKEYS = ("Doohickeys' net sales in the third quarter of 2023 decreased $42 million, or 1%, compared to the same period "
              "in 2022. The decrease was primarily attributable to lower net sales of $75 million for Whirligig "
              "helicopter programs due to lower production volume; and lower net sales of $60 million for various radar "
              "programs due to lower volume. These decreases were partially offset by higher net sales of $85 million "
              "for integrated sensor programs due to higher volume.")

GIZMOS = ("Gizmos' net sales during the nine months ended October 1, 2023 decreased $808 million, or 13%, compared to the "
          "same period in 2022.")

#: A percentage of the part's profit, then (on the next page, in a longer sentence) the amount asked.
EQUITY = ("Of our business segments, equity earnings had the greatest impact on Gizmos, where approximately 12% of "
          "its 2023 operating profit was derived from equity earnings.")
EQUITY_AMOUNT = ("Total equity earnings recognized by Gizmos, which consist primarily of our share of the earnings of "
                 "the launch services joint venture that provides expendable launch services to government customers, "
                 "and of several smaller ventures that provide widget services in international markets under long-term "
                 "agreements, represented approximately $135 million in 2023.")

#: A quarter's sentence, then the year to date's, which names its span in words ("thirty-nine weeks").
MARGIN = ("The gross margin rate decreased to 32.0% for the thirteen weeks ended October 1, 2023, as compared with the "
          "corresponding prior-year period, reflecting a 280-basis point decrease in the merchandise margin rate. For the "
          "thirty-nine weeks ended October 1, 2023, the gross margin rate declined by 230 basis points, reflecting a "
          "210-basis point decrease in the merchandise margin rate.")


@pytest.fixture(scope="module")
def drivers_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {
        "TESTCO_2023Q3_10Q.pdf": {"statement_rows": 13, "prose_paragraphs": 1,
                                  "extra": (QUARTER, NINE_MONTHS, GADGETS, DOOHICKEYS, GIZMOS, EQUITY, EQUITY_AMOUNT,
                                            MARGIN),
                                  "extra_headings": ("Results of Operations", "Results of Operations", "Gadgets",
                                                     "Doohickeys", "Gizmos", "Equity Method Investments",
                                                     "Other Matters", "Gross Margin")}})


def test_a_parts_item_of_the_quarters_list_not_an_increase_beside_it(drivers_corpus, monkeypatch):
    """"How much did lower product sales at Gadgets reduce …": the list's item naming Gadgets in the quarter's
    sentence ($780 million), not the nine months' ($840 million), nor the increase that offset Gadgets' decreases
    ($210 million)."""
    d = ask_json(drivers_corpus, monkeypatch, "How much did lower product sales at Gadgets reduce Testco's product "
                                              "sales in Q3 2023?")
    first = d["answer"].splitlines()[0]
    assert "$780 million" in first and "$210 million" not in first and "$840 million" not in first, first


def test_a_later_item_of_the_list_is_read_with_the_lists_lead(drivers_corpus):
    """The Gizmos item ("about $820 million at Gizmos …") names no measure: it is of the first item's words before its
    figure ("lower product sales of"), and of the nine months its paragraph's first sentence names."""
    import psycopg

    from finchat.answer.passages import stated_figure

    question = "How much lower were Testco's product sales at Gizmos in the first nine months of 2023?"
    with psycopg.connect(drivers_corpus) as conn:
        said = stated_figure(conn, "TESTCO_2023Q3_10Q", "Gizmos product sales", context=question)
    assert said is not None and "$820 million" in said[0] and "$370 million" not in said[0], said


def test_a_sentence_naming_the_part_and_the_measure_over_one_naming_the_part(drivers_corpus, monkeypatch):
    """Gizmos' product sales asked: the list's item of product sales at Gizmos ($820 million), not the sentence of
    Gizmos' net sales ($808 million) a quote of the part would give."""
    d = ask_json(drivers_corpus, monkeypatch, "How much lower were Testco's product sales at Gizmos in the first nine "
                                              "months of 2023?")
    first = d["answer"].splitlines()[0]
    assert "$820 million" in first and "$808 million" not in first, first


def test_the_decrease_explained_names_the_driver_asked(drivers_corpus):
    """"The decrease was primarily attributable to lower net sales of $75 million for Whirligig helicopter programs"
    is of Doohickeys' net sales the sentence before states; the increase that offset it ($85 million) is no decrease
    asked."""
    import psycopg

    from finchat.answer.passages import stated_figure

    question = "How much lower were net sales of Whirligig helicopter programs in Testco's Doohickeys in Q3 2023?"
    with psycopg.connect(drivers_corpus) as conn:
        said = stated_figure(conn, "TESTCO_2023Q3_10Q", "Whirligig Doohickeys net sales", context=question)
    assert said is not None and "$75 million" in said[0] and "$85 million" not in said[0], said


def test_the_way_a_question_asks_and_a_sentence_states():
    from finchat.answer.direction import asked_way, stated_way

    assert asked_way("How much lower were Testco's product sales?") == "down"
    assert asked_way("How much did higher pricing add to revenue?") == "up"
    assert asked_way("How much did higher prices offset lower volumes?") is None
    assert asked_way("What was organic revenue growth?") is None  # (a growth may be negative)
    s = "These decreases were partially offset by an increase of approximately $210 million on classified contracts."
    assert stated_way(s, s.index("$210"), s.index(" on classified")) == "up"
    s = "The decrease was primarily due to a $120 million decrease in research and development expenses."
    assert stated_way(s, s.index("$120"), s.index(" decrease in")) == "down"
    s = "Revenue was $5.4 billion in the third quarter."
    assert stated_way(s, s.index("$5.4"), s.index(" in the third")) is None


def test_an_amount_asked_is_no_sentence_stating_only_a_percentage(drivers_corpus):
    """"How much equity earnings …": the sentence stating the amount ($135 million), not an earlier, shorter one
    stating only the share of profit they made (12%)."""
    import psycopg

    from finchat.answer.passages import stated_figure

    question = "How much equity earnings did Testco's Gizmos segment recognize in 2023?"
    with psycopg.connect(drivers_corpus) as conn:
        said = stated_figure(conn, "TESTCO_2023Q3_10Q", "Gizmos equity earnings", context=question)
    assert said is not None and "$135 million" in said[0], said


def test_a_span_in_words_is_the_sentences_own(drivers_corpus):
    """"For the thirty-nine weeks ended …" is of the year to date, not of the quarter the sentence before names: the
    quarter asked is the thirteen weeks' 280 basis points."""
    import psycopg

    from finchat.answer.passages import stated_figure

    question = "By how many basis points did Testco's merchandise margin rate fall in the third quarter of 2023?"
    with psycopg.connect(drivers_corpus) as conn:
        said = stated_figure(conn, "TESTCO_2023Q3_10Q", "merchandise margin rate", context=question)
    assert said is not None and "280-basis point" in said[0] and "230 basis points" not in said[0], said

"""Figures a filing states only in its prose (answer/passages.stated_figure): a KPI, the quarter's buybacks —
quoted from the sentence, never replaced by another figure, against the real database."""

from collections.abc import Iterator

import pytest

from tests.answer.test_subject import ask_json
from tests.conftest import _holding


def _testco(db_url: str, tmp_path_factory: pytest.TempPathFactory, *extra: str) -> Iterator[str]:
    """A database holding Testco's Q3 2023 10-Q whose prose adds the paragraphs ``extra``."""
    yield from _holding(db_url, tmp_path_factory, {
        "TESTCO_2023Q3_10Q.pdf": {"statement_rows": 13, "prose_paragraphs": 2, "extra": extra}})


CASH = ("The company's cash activities in the third quarter of 2023 included the following: paying cash dividends of "
        "$412 million; paying $655 million to repurchase 1.2 million shares; and receiving net proceeds of $90 million "
        "from a debt issuance. In the first nine months of 2023 the company paid $1,905 million to repurchase shares.")
KPI = ("Billed business was $742.5 billion in the third quarter of 2023, up 9 percent from a year earlier, and "
       "cards-in-force reached 61.3 million.")
WORKFORCE = ("Approximately 54,000 employees, which constitute 35% of our total workforce, were union represented as of "
             "September 30, 2023. Total workforce level at September 30, 2023 was approximately 153,000.")


@pytest.fixture(scope="module")
def stated_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _testco(db_url, tmp_path_factory, CASH, KPI)


def test_the_quarters_buybacks_stated_in_prose(stated_corpus, monkeypatch):
    d = ask_json(stated_corpus, monkeypatch, "How much did Testco spend buying back its shares in Q3 2023?")
    assert "$655 million to repurchase 1.2 million shares" in d["answer"]
    assert "1,905" not in d["answer"]  # the nine months' figure is not the quarter's
    assert "[TESTCO_2023Q3_10Q p." in d["answer"] and d["answer_subject"]["found"] is True


def test_a_kpi_no_table_prints(stated_corpus, monkeypatch):
    d = ask_json(stated_corpus, monkeypatch, "What was Testco's billed business in Q3 2023?")
    assert "Billed business was $742.5 billion" in d["answer"] and "81,797" not in d["answer"]


def test_a_measure_the_filing_does_not_state_is_not_quoted(stated_corpus, monkeypatch):
    d = ask_json(stated_corpus, monkeypatch, "What was Testco's network volume in Q3 2023?")
    assert "742.5" not in d["answer"] and "655" not in d["answer"]


@pytest.fixture(scope="module")
def workforce_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _testco(db_url, tmp_path_factory, WORKFORCE)


def test_a_count_asked_as_what_was_is_the_sentence_counting_it(workforce_corpus, monkeypatch):
    """"What was Testco's total workforce": the sentence counting the workforce, not one printing a percentage
    of it beside another count."""
    d = ask_json(workforce_corpus, monkeypatch, "What was Testco's total workforce at September 30, 2023?")
    assert "153,000" in d["answer"].splitlines()[0] and "54,000" not in d["answer"].splitlines()[0], d["answer"]


@pytest.fixture(scope="module")
def employed_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _testco(db_url, tmp_path_factory, EMPLOYED)


EMPLOYED = ("Compensation and related benefits associated with headcount increased 9% in the quarter. As of "
            "September 30, 2023, we employed 15,706 people.")


def test_a_headcount_is_the_people_the_filing_says_it_employed(employed_corpus, monkeypatch):
    """"What was Testco's headcount": the sentence saying how many people it employed, not the cost associated
    with headcount."""
    d = ask_json(employed_corpus, monkeypatch, "What was Testco's headcount as of September 30, 2023?")
    assert "15,706" in d["answer"].splitlines()[0] and "9%" not in d["answer"].splitlines()[0], d["answer"]


@pytest.fixture(scope="module")
def officer_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _testco(db_url, tmp_path_factory, OFFICER)


OFFICER = ("On August 19, 2023, the Board appointed Jane Q. Roe as President and Chief Executive Officer. Ms. Roe will "
           "receive a base salary of not less than $1,300,000 annually and will be entitled to participate in all "
           "bonus plans of the Company. Ms. Roe’s annual bonus opportunity at target under the Company’s annual bonus "
           "plan will be 200% of her then-current base salary.")


def test_a_person_asked_by_full_name_is_the_one_the_filing_calls_by_surname(officer_corpus, monkeypatch):
    """"What annual base salary will Jane Roe receive": the sentence about "Ms. Roe" (one sentence, the title's
    dot no sentence end) states it; her target bonus as a percentage of that salary too (no outlook: a pay target)."""
    d = ask_json(officer_corpus, monkeypatch, "What annual base salary will Jane Roe receive as Testco's CEO?")
    assert "$1,300,000" in d["answer"].splitlines()[0], d["answer"]
    # a ratio asked ("… as a percentage of her base salary"): the sentence naming both with its figure
    d = ask_json(officer_corpus, monkeypatch,
                 "What is Jane Roe's target annual bonus at Testco as a percentage of her base salary?")
    assert "200%" in d["answer"].splitlines()[0], d["answer"]


STORES = ("During 2023, we hired more than 10,000 employees. As of September 30, 2023, we had a workforce of "
          "approximately 114,000 employees. The wind down of our outlet banner lowered sales: last year we operated 161 "
          "outlet stores as compared with 11 this quarter. A total of 155 franchised stores were operating at "
          "September 30, 2023 in the Middle East and Asia. At September 30, 2023, we operated 2,794 stores as compared "
          "with 2,858 and 2,956 stores at December 31, 2022 and September 30, 2022, respectively. As of September 30, "
          "2023, we operated 2,794 stores, most of them in malls, as well as stores in busy urban retail areas and "
          "high streets, in 28 countries across North America, Europe, Australia and Asia. Sales of stores in countries "
          "outside the United States were $2.1 billion in the quarter.")


@pytest.fixture(scope="module")
def stores_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _testco(db_url, tmp_path_factory, STORES)


OUTLOOK = ("Full-year 2023 outlook. The Company expects the following for 2023: Net sales ~$10,950 - $11,050 "
           "Business segment operating profit ~$7,325 - $7,375 Consolidated operating profit ~$8,400 - $8,450 "
           "New stores, net 25-30 Share repurchases approximately $900 million Adjusted EPS (Diluted) ~$27.00 - $27.20. "
           "Buybacks lowered the share count behind diluted EPS by approximately 73.5 million.")


@pytest.fixture(scope="module")
def outlook_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _testco(db_url, tmp_path_factory, OUTLOOK)


@pytest.mark.parametrize(("corpus", "question", "figure", "not_figure"), [
    # a balance asked at a date: the sentence stating one at that date, not what was done during the year
    ("stores_corpus", "How many employees did Testco have at September 30, 2023?", "114,000", "10,000"),
    # the count of the thing asked at that date, not of a kind of it the question does not name
    ("stores_corpus", "How many stores did Testco operate at September 30, 2023?", "2,794", "155"),
    # "In how many …" asks a count as "How many …" does
    ("stores_corpus", "In how many countries did Testco operate stores as of September 30, 2023?", "28", "$2.1 billion"),
    # "did … project" asks an outlook (never the quarter's actual), and the measure as the question words it
    ("outlook_corpus", "What consolidated operating profit did Testco project for 2023?", "8,400", "7,325"),
    # a row naming the measure in other order or forms: "New stores, net", "Share repurchases"
    ("outlook_corpus", "How many net new stores does Testco plan to open in 2023?", "25-30", "$"),
    ("outlook_corpus", "How much stock does Testco plan to repurchase in 2023?", "$900 million", "8,400"),
    # an amount per share is never millions
    ("outlook_corpus", "What adjusted diluted EPS is Testco guiding to for 2023?", "$27.00", "73.5"),
])
def test_a_count_at_a_date_and_an_outlook_rows_figure_for_the_measure_as_worded(request, monkeypatch, corpus, question,
                                                                               figure, not_figure):
    d = ask_json(request.getfixturevalue(corpus), monkeypatch, question)
    first = d["answer"].splitlines()[0]
    assert figure in first and not_figure not in first.split("as compared")[0], d["answer"]

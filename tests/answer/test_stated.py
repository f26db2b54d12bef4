"""Figures a filing states only in its prose (answer/passages.stated_figure): a KPI, the quarter's buybacks —
quoted from the sentence, never replaced by another figure, against the real database."""

from collections.abc import Iterator

import pytest

from tests.answer.test_subject import ask_json
from tests.conftest import _holding

CASH = ("The company's cash activities in the third quarter of 2023 included the following: paying cash dividends of "
        "$412 million; paying $655 million to repurchase 1.2 million shares; and receiving net proceeds of $90 million "
        "from a debt issuance. In the first nine months of 2023 the company paid $1,905 million to repurchase shares.")
KPI = ("Billed business was $742.5 billion in the third quarter of 2023, up 9 percent from a year earlier, and "
       "cards-in-force reached 61.3 million.")
WORKFORCE = ("Approximately 54,000 employees, which constitute 35% of our total workforce, were union represented as of "
             "September 30, 2023. Total workforce level at September 30, 2023 was approximately 153,000.")


@pytest.fixture(scope="module")
def stated_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {
        "TESTCO_2023Q3_10Q.pdf": {"statement_rows": 13, "prose_paragraphs": 2, "extra": (CASH, KPI)}})


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
    yield from _holding(db_url, tmp_path_factory, {
        "TESTCO_2023Q3_10Q.pdf": {"statement_rows": 13, "prose_paragraphs": 2, "extra": (WORKFORCE,)}})


def test_a_count_asked_as_what_was_is_the_sentence_counting_it(workforce_corpus, monkeypatch):
    """"What was Testco's total workforce": the sentence counting the workforce, not one printing a percentage
    of it beside another count."""
    d = ask_json(workforce_corpus, monkeypatch, "What was Testco's total workforce at September 30, 2023?")
    assert "153,000" in d["answer"].splitlines()[0] and "54,000" not in d["answer"].splitlines()[0], d["answer"]


@pytest.fixture(scope="module")
def employed_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {
        "TESTCO_2023Q3_10Q.pdf": {"statement_rows": 13, "prose_paragraphs": 2, "extra": (EMPLOYED,)}})


EMPLOYED = ("Compensation and related benefits associated with headcount increased 9% in the quarter. As of "
            "September 30, 2023, we employed 15,706 people.")


def test_a_headcount_is_the_people_the_filing_says_it_employed(employed_corpus, monkeypatch):
    """"What was Testco's headcount": the sentence saying how many people it employed, not the cost associated
    with headcount."""
    d = ask_json(employed_corpus, monkeypatch, "What was Testco's headcount as of September 30, 2023?")
    assert "15,706" in d["answer"].splitlines()[0] and "9%" not in d["answer"].splitlines()[0], d["answer"]


@pytest.fixture(scope="module")
def officer_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {
        "TESTCO_2023Q3_10Q.pdf": {"statement_rows": 13, "prose_paragraphs": 2, "extra": (OFFICER,)}})


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


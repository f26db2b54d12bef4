"""Figures a filing states in its prose beyond the tables' terms — a note's rate in its name, a count at a place, a
kind of people counted, what an event removed — against the real database, each beside the figure a careless
reading would give instead."""

from collections.abc import Iterator

import pytest

from tests.answer.test_stated import _testco
from tests.answer.test_subject import ask_json

NOTES = ("On June 30, 2023, Testco entered into a supplemental indenture governing its 3.625% Guaranteed Senior Notes "
         "due 2026 and its 4.500% Guaranteed Senior Notes due 2028.")
CONVERTIBLES = ("On November 13, 2023, we issued $575 million of convertible senior notes that mature on May 1, 2026 "
                "(2026 Notes) with a 0.0% coupon interest rate, and $575 million of convertible senior notes that "
                "mature on November 1, 2027 (2027 Notes) with a 0.25% coupon interest rate.")
ISSUES = ("In June 2023, Testco Capital issued $800 million in aggregate principal amount of 4.625% senior notes due "
          "2030. In June 2023, Testco Asia issued $500 million in aggregate principal amount of 5.25% senior notes "
          "due 2029. In October 2023, Testco issued $750 million in aggregate principal amount of 4.75% senior notes "
          "due 2031.")
DEBT = ("The following table summarizes the carrying value of long-term debt: Maturities Interest rates 2023 2022 Euro "
        "bonds, €500 million Jun 2035 1.13 % 543 522 U.S. dollar notes, $500 million (4) May 2033 5.63 % 500 —")
EXERCISES = ("Testco received $134 million, $114 million and $30 million on the exercise of stock options during the "
             "fiscal years ended September 30, 2023, 2022 and 2021, respectively. The intrinsic value of options exercised "
             "was $31 million in fiscal 2023.")
CAMPUS = ("The following is a summary of principal properties owned or leased by Testco: The Testco Campus, owned by "
          "Testco and located near Springfield, Illinois, is an approximately 300-acre site consisting of over 30 "
          "buildings which, together with adjacent leased properties, functions as our world headquarters and is "
          "occupied by approximately 9,400 employees engaged in management, research, design, development, "
          "marketing, finance and other administrative functions serving nearly all of our segments.")
STAFF = ("As of September 30, 2023, we had approximately 41,000 full-time and 12,000 part-time employees "
         "domestically, of which approximately 5,000 and 2,000, respectively, support our management agreements. "
         "We had collective bargaining agreements with unions covering approximately 27,000 of our employees as of "
         "September 30, 2023.")
NETWORK = ("Wireless retail postpaid connections totaled 93,100 thousand at September 30, 2023. As a part of our "
           "evolution, we retired our third-generation (3G) network in 2023. As a result, approximately 702 thousand "
           "wireless retail postpaid connections were removed from the customer base.")

CAPEX = ("We expect capital expenditures to be approximately 3.5 percent of reported net sales in fiscal 2024. We "
         "invested $538 million in land, buildings, and equipment in the first nine months of 2023.")
POINTS = ("Net sales increased 18 percent in the third quarter of 2023, driven by an increase in contributions from volume "
          "growth and favorable net price realization and mix. Contributions from volume growth (a) 17 pts Net price "
          "realization and mix 2 pts Note: Table may not foot due to rounding.")


@pytest.fixture(scope="module")
def prose_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _testco(db_url, tmp_path_factory, NOTES, CAMPUS, STAFF, NETWORK, POINTS, CAPEX, CONVERTIBLES, ISSUES,
               DEBT, EXERCISES)


def _first(corpus: str, monkeypatch: pytest.MonkeyPatch, question: str) -> str:
    return str(ask_json(corpus, monkeypatch, question)["answer"]).splitlines()[0]


def test_a_notes_rate_is_the_one_its_name_prints(prose_corpus, monkeypatch):
    """"What coupon do … notes due 2028 carry": 4.500 %, read off the notes' name, never the 2026 notes' rate."""
    first = _first(prose_corpus, monkeypatch, "What coupon do Testco's guaranteed senior notes due 2028 carry?")
    assert first.startswith("4.500%") and "3.625" not in first and "[TESTCO_2023Q3_10Q p" in first, first


def test_a_notes_rate_after_the_day_they_mature(prose_corpus, monkeypatch):
    """"What coupon … do Testco's 2027 convertible senior notes carry": 0.25 %, the rate given after the day they
    mature — never the 2026 notes' 0.0 % nor another rate of the filing."""
    first = _first(prose_corpus, monkeypatch, "What coupon interest rate do Testco's 2027 convertible senior notes carry?")
    assert first.startswith("0.25%") and "[TESTCO_2023Q3_10Q p" in first, first


def test_a_notes_rate_a_debt_tables_row_prints_after_their_maturity(prose_corpus, monkeypatch):
    """"… notes due May 2033": 5.63 %, the rate column of the debt table's row maturing then — not the euro bonds'."""
    first = _first(prose_corpus, monkeypatch, "What interest rate do Testco's $500 million U.S. dollar notes due May 2033 carry?")
    assert first.startswith("5.63%") and "1.13" not in first and "debt table" in first, first
    first = _first(prose_corpus, monkeypatch, "What coupon do Testco's euro bonds due 2035 pay?")
    assert first.startswith("1.13%"), first


def test_what_was_received_from_a_source_is_the_sentence_saying_so(prose_corpus, monkeypatch):
    """"How much did Testco receive from the exercise of stock options": the sentence telling what it received on
    them ($134 million), though no "proceeds" line prints it — not the options' intrinsic value."""
    first = _first(prose_corpus, monkeypatch, "How much did Testco receive from the exercise of stock options in fiscal 2023?")
    assert "$134 million" in first and "received" in first and "intrinsic" not in first, first


def test_a_notes_rate_asked_by_when_and_by_whom_they_were_issued(prose_corpus, monkeypatch):
    """"… the senior notes Testco Asia issued in June 2023": 5.25 %, the rate of that issue — not the other June 2023
    issue's 4.625 % nor the October one's."""
    first = _first(prose_corpus, monkeypatch, "What interest rate do the senior notes Testco Asia issued in June 2023 carry?")
    assert first.startswith("5.25%") and "[TESTCO_2023Q3_10Q p" in first and "4.625" not in first, first
    first = _first(prose_corpus, monkeypatch, "What coupon do the notes Testco issued in October 2023 pay?")
    assert first.startswith("4.75%"), first


def test_a_count_at_a_place_after_an_introduction(prose_corpus, monkeypatch):
    """The sentence counting the employees of the world headquarters, though an introduction ("The following is a
    summary …:") runs into it."""
    first = _first(prose_corpus, monkeypatch, "How many employees work at Testco's world headquarters?")
    assert "9,400 employees" in first and "41,000" not in first, first


def test_a_kind_of_people_asked_is_counted_as_that_kind(prose_corpus, monkeypatch):
    """"full-time employees … in the U.S.": the sentence counting full-time employees, not one counting some
    employees (a synonym of the measure keeps the question's "full-time")."""
    first = _first(prose_corpus, monkeypatch,
                   "How many full-time employees did Testco have in the U.S. at September 30, 2023?")
    assert "41,000 full-time" in first and "27,000" not in first, first


def test_what_an_event_removed_is_stated_after_it(prose_corpus, monkeypatch):
    """"How many … connections did Testco's 3G network retirement affect": the sentence after the retirement ("As a
    result, approximately 702 thousand …"), never the connections' total."""
    first = _first(prose_corpus, monkeypatch,
                   "How many wireless retail postpaid connections did Testco's 3G network retirement affect in 2023?")
    assert "702 thousand" in first and "93,100" not in first, first


def test_points_asked_are_a_figure_in_points(prose_corpus, monkeypatch):
    """"How many points did volume growth add": the row of points run into the text ("… volume growth (a) 17 pts"),
    not the sentence naming volume growth beside the sales' 18 percent."""
    first = _first(prose_corpus, monkeypatch, "How many points did volume growth add to Testco's net sales in Q3 2023?")
    assert "17 pts" in first and "18 percent" not in first, first


def test_an_amount_of_interest_on_notes_is_no_rate(prose_corpus, monkeypatch):
    """"How much interest expense did Testco record on its notes due 2028": an amount, never the notes' rate."""
    first = _first(prose_corpus, monkeypatch,
                   "How much interest expense did Testco record on its guaranteed senior notes due 2028 in Q3 2023?")
    assert not first.startswith("4.500%"), first


def test_a_per_share_figure_asked_in_cents_is_also_given_in_cents(prose_corpus, monkeypatch):
    """"… diluted EPS …, in cents": the statement's $1.26 per share, with its 126 cents beside it."""
    first = _first(prose_corpus, monkeypatch, "What was Testco's diluted EPS in Q3 2023, in cents?")
    assert "$1.26 per share (126 cents)" in first, first
    assert "cents" not in _first(prose_corpus, monkeypatch, "What was Testco's diluted EPS in Q3 2023?")


def test_a_ratios_outlook_is_said_of_its_first_term(prose_corpus, monkeypatch):
    """Capital expenditures expected "as a percent of net sales": the sentence expecting capital expenditures to be
    3.5 percent of net sales, not the nine months' amount invested."""
    first = _first(prose_corpus, monkeypatch,
                   "What capital expenditures, as a percent of net sales, did Testco expect for fiscal 2024?")
    assert "3.5 percent" in first and "538" not in first, first


ABROAD = ("On September 30, 2023, the Company employed approximately 92,000 people (full-time equivalents), with "
          "approximately 37,000 employed in the United States and 55,000 employed internationally.")


# (another module-scoped corpus replaces the database's filings: its tests come after every test of prose_corpus)
@pytest.fixture(scope="module")
def abroad_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _testco(db_url, tmp_path_factory, ABROAD)


def test_people_employed_outside_the_united_states_are_those_employed_internationally(abroad_corpus, monkeypatch):
    """"How many people did Testco employ outside the United States": the sentence counting those "employed
    internationally" (people a company employs are its employees, abroad its international ones)."""
    first = _first(abroad_corpus, monkeypatch,
                   "How many people did Testco employ outside the United States at September 30, 2023?")
    assert "55,000 employed internationally" in first, first


TAXES = ("Income tax expense was $2,852 million in the third quarter of 2023, compared to $3,624 million a year earlier. "
         "Our effective income tax rate was 12.5% for the third quarter of 2023 and 15.7% for the third quarter of 2022.")


@pytest.fixture(scope="module")
def untaxed_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Testco's 10-Q whose statement stops above its pretax income (no tax line read): a rate stated in prose only."""
    from tests.conftest import _holding

    yield from _holding(db_url, tmp_path_factory, {
        "TESTCO_2023Q3_10Q.pdf": {"statement_rows": 8, "prose_paragraphs": 2, "extra": (TAXES,)}})


def test_a_ratio_the_statements_do_not_give_is_its_own_sentence_not_its_lines(untaxed_corpus, monkeypatch):
    """"What was Testco's effective tax rate": the sentence stating the rate (12.5 %), never the one stating the
    tax expense the rate is built on."""
    first = _first(untaxed_corpus, monkeypatch, "What was Testco's effective tax rate in Q3 2023?")
    assert "12.5%" in first and "2,852" not in first, first

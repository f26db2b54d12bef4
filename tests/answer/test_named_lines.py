"""Lines a filing names that are no statement line — a part's profit that initials name, an expense included in
another line, a division's margin the filing prints, a target achieved, a currency's effect — against the real
database, each beside the figure a careless reading would give instead."""

from collections.abc import Iterator

import pytest

from tests.answer.test_part_passages import _first
from tests.answer.test_stated import _testco

DIVISION = "Division profit was $216 million for the third quarter of 2023, compared with $283 million a year earlier."
WSS = ("WSS and atmos generated division profit of $8 million and $4 million, respectively, for the third quarter of "
       "2023.")
DEPRECIATION = "Depreciation and amortization was $52 million for the third quarter of 2023."
CORPORATE = ("Corporate expense increased by $9 million. Depreciation and amortization included in corporate expense "
             "was $10 million for the third quarter of 2023.")
MARGIN = "Division profit margin as a percentage of sales decreased to 9.9% for the third quarter of 2023."
TARGET = ("As stated previously, we have achieved $350 million of our current $400 million cost reduction target. We "
          "expect capital expenditures of approximately $900 million in fiscal 2024.")
EXPOSURE = ("At September 30, 2023, the Company had recorded accruals of $12 million for tax claims in Brazil. The "
            "Company has estimated a reasonably possible loss exposure in excess of the accrual of $21 million at "
            "September 30, 2023.")
SIZE = ("As a membership-only warehouse club, Testco Club facility sizes generally range between 94,000 and 168,000 "
        "square feet, with an average size of approximately 134,000 square feet.")
RESTRUCTURING = ("During the first quarter of 2023, management initiated a global workforce reduction. The associated "
                 "restructuring charges during the three and nine months ended September 30, 2023 were nil and $117 "
                 "million, respectively.")
IMPAIRMENT = ("We incurred asset impairment charges of $4 million and $43 million in the three and nine months ended "
              "September 30, 2023, respectively, within restructuring and other charges.")
DOLLAR = ("During the third quarter of 2023, the U.S. Dollar strengthened against foreign currencies, which decreased "
          "revenue in U.S. Dollar equivalents by $136 million.")
ACQUIRED = ("Acquisitions, net of cash acquired, were $235 million in the third quarter of 2023. Proceeds from the term "
            "loan were $500 million in the third quarter of 2023.")


@pytest.fixture(scope="module")
def lines_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _testco(db_url, tmp_path_factory, DIVISION, WSS, DEPRECIATION, CORPORATE, MARGIN, TARGET, DOLLAR, EXPOSURE, SIZE, IMPAIRMENT, RESTRUCTURING,
                       ACQUIRED)


def test_initials_that_earn_a_figure_name_the_part(lines_corpus, monkeypatch):
    """"What division profit did WSS generate": WSS's $8 million, never the company's $216 million."""
    first = _first(lines_corpus, monkeypatch, "What division profit did WSS generate for Testco in Q3 2023?")
    assert "$8 million" in first and "216" not in first, first


def test_an_amount_included_in_another_line_is_that_lines_part(lines_corpus, monkeypatch):
    """Depreciation and amortization included in corporate expense: $10 million, not the company's $52 million."""
    first = _first(lines_corpus, monkeypatch,
                   "How much depreciation and amortization was included in Testco's corporate expense in Q3 2023?")
    assert "$10 million" in first and "$52 million" not in first, first


def test_a_division_margin_is_the_filings_not_the_net_margin(lines_corpus, monkeypatch):
    """"division profit margin": the 9.9 % the filing states, never net income ÷ net sales (24.3 %)."""
    first = _first(lines_corpus, monkeypatch, "What was Testco's division profit margin in the third quarter of 2023?")
    assert "9.9%" in first and "24.3" not in first, first


def test_a_target_achieved_is_what_was_done(lines_corpus, monkeypatch):
    """"How much of its cost reduction target had Testco achieved": the $350 million achieved, no outlook."""
    first = _first(lines_corpus, monkeypatch,
                   "How much of its cost reduction target had Testco achieved by the end of Q3 2023?")
    assert "$350 million" in first and "900" not in first, first


def test_a_share_of_revenue_spent_on_a_line_named_after_it(lines_corpus, monkeypatch):
    """"What percentage of revenue did Testco spend on research and development": 7,442 ÷ 81,797 = 9.1 %."""
    first = _first(lines_corpus, monkeypatch,
                   "What percentage of revenue did Testco spend on research and development in Q3 2023?")
    assert "9.1%" in first, first


def test_a_currencys_effect_is_quoted_whole(lines_corpus, monkeypatch):
    """"… the stronger U.S. dollar cut from revenue": the sentence stating $136 million, whole (no cut at "U.S.")."""
    first = _first(lines_corpus, monkeypatch, "How much did the stronger U.S. dollar cut from Testco's revenue in Q3 2023?")
    assert "decreased revenue in U.S. Dollar equivalents by $136 million" in first and "strengthened" in first, first


def test_a_thing_asked_in_a_clause_of_its_own(lines_corpus, monkeypatch):
    """"What reasonably possible loss exposure in excess of its accrual …": the $21 million exposure, not the accrual."""
    first = _first(lines_corpus, monkeypatch, "What reasonably possible loss exposure in excess of its accrual did "
                                              "Testco estimate at September 30, 2023?")
    assert "$21 million" in first and "$12 million" not in first, first


def test_a_size_stated_in_square_feet(lines_corpus, monkeypatch):
    """"What is the average size of a Testco Club": the sentence stating it in square feet (an area is a figure)."""
    first = _first(lines_corpus, monkeypatch, "What is the average size of a Testco Club, per Testco's Q3 2023 10-Q?")
    assert "average size of approximately 134,000 square feet" in first, first


def test_an_area_is_a_stated_figure():
    """A sentence stating an area ("134,000 square feet") states a figure; a bare number does not."""
    from finchat.answer.sentences import _STATED

    assert _STATED.search("with an average size of approximately 134,000 square feet")
    assert _STATED.search("a campus of 62 acres") and not _STATED.search("we opened 134 clubs")


def test_a_measure_of_two_words_is_the_sentence_its_subject(lines_corpus, monkeypatch):
    """"What restructuring charges did Testco record": the sentence whose subject they are ($117 million, its period
    between), not one naming "restructuring and other charges" after another charge's figures."""
    first = _first(lines_corpus, monkeypatch,
                   "What restructuring charges did Testco record in the first nine months of 2023?")
    assert "$117 million" in first and "$43 million" not in first, first


def test_money_spent_on_or_received_from_a_source_is_no_cash_balance(lines_corpus, monkeypatch):
    """"How much did Testco spend on acquisitions, net of cash acquired": the $235 million spent, never the cash balance
    the clause names; "How much did Testco receive from its term loan": the proceeds from it, $500 million."""
    first = _first(lines_corpus, monkeypatch,
                   "How much did Testco spend on acquisitions, net of cash acquired, in Q3 2023?")
    assert "$235 million" in first and "cash and cash equivalents" not in first.lower(), first
    first = _first(lines_corpus, monkeypatch, "How much did Testco receive from its term loan in Q3 2023?")
    assert "$500 million" in first, first

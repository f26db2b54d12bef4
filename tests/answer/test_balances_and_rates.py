"""A rate paid on a line, a part's row in a table introduced as the measure and what was set aside, against the real
database. Figures made up."""

from collections.abc import Iterator

import pytest

from tests.answer.test_own_words import _first
from tests.conftest import _holding

DEPOSITS = ("The following table provides the average interest rates of Testco's deposits:",
            [["", "Three months ended July 1, 2023", "Three months ended June 25, 2022"],
             ["Savings deposits", "1.04%", "0.12%"],
             ["Interest-bearing deposits", "1.93%", "0.20%"],
             ["Total deposits", "1.60%", "0.16%"]])
ADDITIONS = ("Total net additions to property and equipment by segment are as follows (in millions):",
             [["", "Quarter Ended July 1, 2023", "Quarter Ended June 25, 2022"],
              ["North America", "13,200", "5,132"],
              ["International", "5,196", "1,680"],
              ["Consolidated", "18,396", "6,812"]])
PROVISIONS = ("The following table presents the provision for credit losses of the Commercial Banking segment:",
              [["", "Thirteen Weeks Ended July 1, 2023", "Thirteen Weeks Ended June 25, 2022"],
               ["Net interest income", "3,214", "1,816"],
               ["Provision for credit losses", "1,097", "209"],
               ["Net charge-offs", "112", "38"]])


@pytest.fixture(scope="module")
def balances_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {"TESTCO_2023Q3_10Q.pdf": {
        "statement_rows": 13, "prose_paragraphs": 2, "extra_tables": (DEPOSITS, ADDITIONS, PROVISIONS)}})


def test_a_rate_paid_on_a_line_is_that_lines_rate(balances_corpus, monkeypatch):
    """"What average interest rate did … pay on its total deposits": the row "Total deposits" of the table of rates
    (1.60 %), a statement line's name being what the rate is of — not the interest-bearing deposits' 1.93 %."""
    first = _first(balances_corpus, monkeypatch, "What average interest rate did Testco pay on its total deposits in "
                                                 "Q3 2023?")
    assert "1.60%" in first and "1.93" not in first, first


def test_a_parts_row_of_a_table_introduced_as_the_measure(balances_corpus, monkeypatch):
    """"the total net additions to property and equipment in … International segment": the row "International" of the
    table the sentence introduces as those additions by segment ($5,196 million), not North America's nor the total."""
    first = _first(balances_corpus, monkeypatch, "What were the total net additions to property and equipment in "
                                                 "Testco's International segment in Q3 2023?")
    assert "$5,196 million" in first and "13,200" not in first and "18,396" not in first, first


def test_what_a_part_set_aside_for_credit_losses_is_its_provision(balances_corpus, monkeypatch):
    """"How much did … Commercial Banking set aside for credit losses": the provision for credit losses ($1,097
    million), not net charge-offs."""
    first = _first(balances_corpus, monkeypatch, "How much did Testco's Commercial Banking set aside for credit losses "
                                                 "in Q3 2023?")
    assert "$1,097 million" in first and "112" not in first, first

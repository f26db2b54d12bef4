"""A balance line the statements read gave no figure for, asked in the words of a row of a table ("commercial
paper"): that row's figure, before a sentence printing another line's ("… Short-term debt 80 136 …"), against the
real database. Figures made up."""

from collections.abc import Iterator

import pytest

from tests.answer.test_own_words import _first
from tests.conftest import _holding

NET_DEBT = ("A reconciliation of total debt to net debt at July 1, 2023 and December 31, 2022 is as follows: "
            "Current portion of long-term debt $ 13 $ 14 Short-term debt 80 136 Total debt 93 150 Less cash and cash "
            "equivalents 689 775 Net debt $ (596) $ (625).")
DEBT = ("The following table summarizes the carrying value of Testco's debt (in millions):",
        [["", "July 1, 2023", "December 31, 2022"],
         ["Bank loans", "$ 22", "$ 21"],
         ["Commercial paper", "2,445", "2,310"],
         ["Other loans", "33", "18"],
         ["Total debt", "$ 2,500", "$ 2,349"]])


@pytest.fixture(scope="module")
def debt_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {"TESTCO_2023Q3_10Q.pdf": {
        "statement_rows": 13, "prose_paragraphs": 2, "extra": (NET_DEBT,), "extra_headings": ("Net Debt",),
        "extra_tables": (DEBT,)}})


def test_a_balance_asked_by_a_rows_words_is_that_row(debt_corpus, monkeypatch):
    """"How much commercial paper did Testco have outstanding": the debt table's row ($2,445 million), never the
    short-term debt a sentence runs into its figures ($80 million)."""
    first = _first(debt_corpus, monkeypatch, "How much commercial paper did Testco have outstanding at July 1, 2023?")
    assert "$2,445 million" in first and "80" not in first.replace("2023", ""), first

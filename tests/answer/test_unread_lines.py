"""A statement line's figure where the statements read give none, against the real database: the table row that prints
it; and a margin's change in basis points from the ratios themselves, not their rounded percentages. Figures made up."""

from collections.abc import Iterator

import pytest

from tests.answer.test_own_words import _first
from tests.conftest import _holding

LIQUIDITY = ("Liquidity and Capital Resources",
             [["", "Three Months Ended July 1, 2023", "Three Months Ended June 25, 2022"],
              ["Cash and cash equivalents", "4,770", "4,954"],
              ["Short-term debt obligations", "4,281", "3,414"]])

SUPPLEMENTAL = ("Supplemental Information",
                [["", "Three Months Ended July 1, 2023", "Three Months Ended June 25, 2022"],
                 ["Depreciation and amortization expense", "2,653", "2,805"],
                 ["Customer incentives and deposits, net", "118", "96"]])


@pytest.fixture(scope="module")
def unread_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {"TESTCO_2023Q3_10Q.pdf": {
        "statement_rows": 13, "prose_paragraphs": 2, "extra_tables": (LIQUIDITY, SUPPLEMENTAL)}})


def test_a_line_no_statement_gave_is_the_row_printing_it(unread_corpus, monkeypatch):
    """"Short-term debt": no statement read holds the line; the liquidity table's row does ($4,281 million)."""
    first = _first(unread_corpus, monkeypatch, "How much short-term debt did Testco carry at July 1, 2023?")
    assert "$4,281 million" in first, first


def test_a_margins_change_in_basis_points_is_from_the_ratios(unread_corpus, monkeypatch):
    """Gross margin 36,413 / 81,797 = 44.52 % against 35,885 / 82,959 = 43.26 %: up 126 basis points, not the 120
    that 44.5 % − 43.3 % gives."""
    first = _first(unread_corpus, monkeypatch, "By how many basis points did Testco's gross margin change in Q3 2023?")
    assert "126 basis points" in first, first


def test_a_statement_line_the_statements_do_not_print_is_its_row_in_a_note(unread_corpus, monkeypatch):
    """Depreciation and amortization, a line of no statement read: the supplemental table's row printing its name whole
    ($2,653 million); a row naming only some of a measure's words ("Customer incentives and deposits") is no answer
    for "customer deposits"."""
    first = _first(unread_corpus, monkeypatch,
                   "How much depreciation and amortization did Testco record in Q3 2023?")
    assert "$2,653 million" in first, first
    from finchat.answer.cellrows import in_a_row
    assert in_a_row("Testco's Research and development expense for …", "research and development")
    assert not in_a_row("Testco's Customer incentives and deposits, net for …", "customer deposits")
    assert not in_a_row("Testco's Cash paid during the period for › Interest for …", "interest expense")

"""Which of a table's rows a part's or a basis's figure is, against the real database: a segment's total in the table
whose title names the segment by the initials asked; a diluted count on the row saying so itself, not the basic count
under a "Diluted" heading; a pre-tax gain on the row of the gain, not its tax effect in the income tax note. Figures
made up."""

from collections.abc import Iterator

import pytest

from tests.answer.test_own_words import _first
from tests.conftest import _holding

#: (each table's header worded apart: a line printed alike on every page is a running header, left out)
HEADER = ["", "Three Months Ended July 1, 2023", "Three Months Ended June 25, 2022"]
#: The segments named with their initials, as a filing's overview does.
SEGMENTS = ("We report our results in two segments: U.S. Consumer Services (USCS) and International Card Services "
            "(ICS). Each segment's selected statistics follow its discussion.")
USCS = ("TABLE 10: USCS SELECTED STATISTICAL INFORMATION",
        [["", "Quarter Ended July 1, 2023", "Quarter Ended June 25, 2022"],
         ["Average Card Member spending (dollars)", "24,310", "22,105"],
         ["Total segment assets (billions)", "95.2", "88.4"]])
ICS = ("TABLE 14: ICS SELECTED STATISTICAL INFORMATION",
       [HEADER, ["Average Card Member spending (dollars)", "19,519", "16,689"],
        ["Total segment assets (billions)", "36.9", "32.6"]])
EPS = ("Note 21. Earnings Per Share",
       [["", "Three months ended July 1, 2023", "Three months ended June 25, 2022"],
        ["Diluted earnings per common share:", "", ""],
        ["Weighted average shares of common stock outstanding", "1,221", "1,219"],
        ["Effect of equity awards", "3", "2"],
        ["Weighted average shares of common stock outstanding, including dilutive effect", "1,224", "1,221"]])

#: A disposal's gain, and its tax effect in the income tax note's rate reconciliation.
DISPOSAL = ("Note 4 - Restructuring, Impairment, and Other Related Activities",
            [["", "Thirteen Weeks Ended July 1, 2023", "Thirteen Weeks Ended June 25, 2022"],
             ["Gain on disposal of Widget business, net", "215", "190"],
             ["Restructuring and related expenses", "(107)", "(12)"]])
TAX_NOTE = ("Note 17 - Income Taxes",
            [["", "Quarter ended July 1, 2023", "Quarter ended June 25, 2022"],
             ["Capital gain on the sale of the Widget business", "(63)", "(55)"],
             ["Non-deductible expenses, non-taxable items, net", "16", "2"]])


@pytest.fixture(scope="module")
def basis_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {"TESTCO_2023Q3_10Q.pdf": {
        "statement_rows": 13, "prose_paragraphs": 2, "extra": (SEGMENTS,),
        "extra_tables": (USCS, ICS, EPS, DISPOSAL, TAX_NOTE)}})


def test_a_total_in_the_table_titled_by_the_parts_initials_is_the_parts(basis_corpus, monkeypatch):
    """"ICS's total segment assets": the "Total segment assets" row of the table titled "… ICS SELECTED STATISTICAL
    INFORMATION" ($36.9 billion), never another of its rows nor USCS's total."""
    first = _first(basis_corpus, monkeypatch, "What were ICS's total segment assets at Testco at July 1, 2023?")
    assert "36.9" in first and "19,519" not in first and "95.2" not in first, first


def test_a_diluted_count_is_the_row_saying_it_is_diluted(basis_corpus, monkeypatch):
    """"Diluted weighted average share count": the row "…, including dilutive effect" (1,224 million), not the basic
    count the "Diluted earnings per common share" heading starts on (1,221 million)."""
    first = _first(basis_corpus, monkeypatch, "What was Testco's diluted weighted average share count in Q3 2023?")
    assert "1,224" in first and "1,221 million" not in first.split(" from ")[0], first


def test_a_pre_tax_gain_is_the_gains_row_not_its_tax_effect(basis_corpus, monkeypatch):
    """"What pre-tax net gain … on the sale of its Widget business": "Gain on disposal of Widget business, net" ($215
    million); "pre-tax" names no tax, and the income tax note's "Capital gain on the sale …" (−$63 million) is the
    gain's tax effect."""
    first = _first(basis_corpus, monkeypatch, "What pre-tax net gain did Testco record on the sale of its Widget business "
                                              "in Q3 2023?")
    assert "$215 million" in first and "63" not in first, first

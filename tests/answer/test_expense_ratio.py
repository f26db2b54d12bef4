"""An expense's ratio to revenue and a cost named by what it is of, against the real database: the company's ratio is
the sentence stating it, never a segment table's row of the same name; a segment's is its table's row; "total cost of
natural gas" is the statement's "Cost of natural gas". Figures made up."""

from collections.abc import Iterator

import pytest

from tests.answer.test_own_words import _first
from tests.conftest import _holding

SEGMENTS = ("We report our results in two segments: Pharmacy Services and Retail Stores. Each segment's performance "
            "follows its discussion.")
RATIO = ("Operating expenses as a percentage of total revenues was 14.1% in the third quarter of 2023, an increase of "
         "380 basis points compared to 2022, primarily due to a goodwill impairment charge.")
PHARMACY = ("The following table summarizes the Pharmacy Services segment's performance:",
            [["", "Three Months Ended July 1, 2023", "Three Months Ended June 25, 2022"],
             ["Total revenues", "34,128", "32,601"],
             ["Operating expenses", "376", "355"],
             ["Operating expenses as a % of total revenues", "1.1%", "1.1%"]])
STORES = ("The following table summarizes the Retail Stores segment's performance:",
          [["", "Quarter Ended July 1, 2023", "Quarter Ended June 25, 2022"],
           ["Total revenues", "23,989", "21,398"],
           ["Operating expenses", "6,693", "4,515"],
           ["Operating expenses as a % of total revenues", "27.9%", "21.1%"]])
COSTS = ("Operating costs of the utility",
         [["", "Thirteen Weeks Ended July 1, 2023", "Thirteen Weeks Ended June 25, 2022"],
          ["Cost of electricity", "1,032", "1,133"],
          ["Cost of natural gas", "257", "176"],
          ["Operating and maintenance", "1,771", "2,250"]])


@pytest.fixture(scope="module")
def ratio_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {"TESTCO_2023Q3_10Q.pdf": {
        "statement_rows": 13, "prose_paragraphs": 2, "extra": (SEGMENTS, RATIO),
        "extra_tables": (PHARMACY, STORES, COSTS)}})


def test_the_companys_expense_ratio_is_never_a_segments_row(ratio_corpus, monkeypatch):
    """The company's operating expenses as a percentage of total revenues: the sentence stating 14.1 %, not the
    Pharmacy Services table's row of the same name (1.1 %) nor a share computed from a segment's revenue."""
    first = _first(ratio_corpus, monkeypatch, "What were Testco's operating expenses as a percentage of total revenues "
                                              "in Q3 2023?")
    assert "14.1%" in first and "1.1" not in first and "27.9" not in first, first


def test_a_segments_expense_ratio_is_its_tables_row(ratio_corpus, monkeypatch):
    """The Retail Stores segment's ratio: its table's row (27.9 %), not the company's sentence nor Pharmacy's row."""
    first = _first(ratio_corpus, monkeypatch, "What were the Retail Stores segment's operating expenses as a percentage "
                                              "of its revenues in Q3 2023?")
    assert "27.9" in first and "14.1" not in first and "1.1%" not in first, first


def test_a_total_cost_of_a_thing_is_the_line_named_for_it(ratio_corpus, monkeypatch):
    """"total cost of natural gas": the row "Cost of natural gas" ($257 million), never the cost of electricity."""
    first = _first(ratio_corpus, monkeypatch, "What was Testco's total cost of natural gas in Q3 2023?")
    assert "$257 million" in first and "1,032" not in first, first

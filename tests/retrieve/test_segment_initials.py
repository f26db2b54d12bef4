"""A segment named by the initials its filing prints stands for its company (retrieve/filters.graph_segments), against
the real database: "CCB's deposits" asks Testco's Consumer & Community Banking segment, never a company called CCB.
Figures made up."""

from collections.abc import Iterator

import pytest

from finchat.graph.segments import segment_initials
from tests.answer.test_own_words import _first
from tests.conftest import _holding

SEGMENTS = ("We report our results in two segments: Consumer & Community Banking (CCB) and Corporate & Investment "
            "Bank. CCB serves consumers and small businesses; each segment's metrics follow its discussion.")
CCB = ("Consumer & Community Banking selected metrics",
       [["", "Three Months Ended July 1, 2023", "Three Months Ended June 25, 2022"],
        ["Deposits", "1,037,903", "783,398"],
        ["Headcount", "126,084", "124,609"]])


@pytest.fixture(scope="module")
def initials_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {"TESTCO_2023Q3_10Q.pdf": {
        "statement_rows": 13, "prose_paragraphs": 1, "extra": (SEGMENTS,), "extra_tables": (CCB,)}})


def test_a_segment_asked_by_its_printed_initials_is_its_companys(initials_corpus, monkeypatch):
    first = _first(initials_corpus, monkeypatch, "What were CCB's deposits in Q3 2023?")
    assert "1,037,903" in first and "not among the ingested filings" not in first, first


def test_initials_unprinted_name_no_company(initials_corpus, monkeypatch):
    """Corporate & Investment Bank's initials (CIB) are printed nowhere in the filing: no name of the segment."""
    first = _first(initials_corpus, monkeypatch, "What were CIB's deposits in Q3 2023?")
    assert "not among the ingested filings" in first, first


def test_a_segments_initials():
    assert segment_initials("Consumer & Community Banking") == "CCB"
    assert segment_initials("Missiles and Fire Control") == "MFC"
    assert segment_initials("Commercial Banking") == ""  # (two words: too short a name to stand alone)
    assert segment_initials("Enterprise Products and Services") == ""  # (EPS is earnings per share)

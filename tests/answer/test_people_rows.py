"""People counted in other words than a table prints ("How many people did … employ"): the row "Headcount", against the
real database."""

from collections.abc import Iterator

import pytest

from tests.answer.test_own_words import _first
from tests.conftest import _holding

PEOPLE = ("CONSUMER BANKING — Selected metrics",
          [["", "Three Months Ended July 1, 2023", "Three Months Ended June 25, 2022"],
           ["Total assets", "500,752", "493,169"],
           ["Headcount", "68,292", "62,772"]])


@pytest.fixture(scope="module")
def people_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {"TESTCO_2023Q3_10Q.pdf": {
        "statement_rows": 13, "prose_paragraphs": 2, "extra_tables": (PEOPLE,)}})


def test_people_counted_in_other_words_are_the_headcount_row(people_corpus, monkeypatch):
    """"How many people did … Consumer Banking employ": no row says "people employed"; the row "Headcount" under the
    part's caption counts them (68,292)."""
    first = _first(people_corpus, monkeypatch, "How many people did Testco's Consumer Banking employ at July 1, 2023?")
    assert "68,292" in first, first

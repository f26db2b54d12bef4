"""What moved a statement line, asked in the question's words ("How much did … adjustments add to segment operating
profit"): the sentence saying so, never the line itself, against the real database."""

from collections.abc import Iterator

import pytest

from tests.answer.test_subject import ask_json
from tests.conftest import _holding

EFFECT = ("Adjustments not related to volume, including net profit booking rate adjustments, were $120 million higher in "
          "the third quarter of 2023 compared to 2022. Our consolidated net adjustments not related to volume, including "
          "net profit booking rate adjustments and other matters, increased segment operating profit by approximately "
          "$455 million during the quarter ended September 24, 2023.")


@pytest.fixture(scope="module")
def effect_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {
        "TESTCO_2023Q3_10Q.pdf": {"statement_rows": 13, "prose_paragraphs": 2, "extra": (EFFECT,)}})


def test_what_moved_a_line_is_the_sentence_saying_so_not_the_line(effect_corpus, monkeypatch):
    """The sentence holding the question's other words ("increased segment operating profit by … $455 million"),
    not the adjustments' change ($120 million higher), nor the statements' operating income."""
    d = ask_json(effect_corpus, monkeypatch, "How much did net profit booking rate adjustments add to Testco's segment "
                                             "operating profit in Q3 2023?")
    first = d["answer"].splitlines()[0]
    assert "$455 million" in first and "$120 million" not in first
    assert d["answer_subject"]["metric"] is None

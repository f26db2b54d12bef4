"""A row of a one-column table the sentences before it say is of the thing asked ("The following table represents
the preliminary allocation of the purchase price for Zephyr." … "Goodwill (1) 253"): its figure, with the unit the
table's heading prints — not another acquisition's table of the same rows — against the real database."""

from collections.abc import Iterator

import pytest

from tests.answer.test_subject import ask_json
from tests.conftest import _holding

GALE_INTRO = ("On March 1, 2023, we acquired Gale Sports, a retailer of team apparel. The following table represents "
              "the final allocation of the purchase price for Gale.")
GALE_TABLE = ("($ in millions) Cash and cash equivalents $ 70 Merchandise inventories 82 Tradenames 296 Accounts payable "
              "(59) Deferred taxes (87) Goodwill 409 Total purchase price $ 811")
ZEPHYR_INTRO = ("On May 5, 2023, we acquired Zephyr, a lifestyle footwear retailer in Japan. The following table "
                "represents the preliminary allocation of the purchase price for Zephyr.")
ZEPHYR_TABLE = ("($ in millions) Cash and cash equivalents $ 6 Merchandise inventories 22 Tradenames 130 Accounts payable "
                "(10) Deferred taxes (44) Goodwill (1) 253 Total purchase price (2) $ 374")


@pytest.fixture(scope="module")
def acquisitions_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {
        "TESTCO_2023Q3_10Q.pdf": {"statement_rows": 13, "prose_paragraphs": 1,
                                  "extra": (GALE_INTRO, GALE_TABLE, ZEPHYR_INTRO, ZEPHYR_TABLE),
                                  "extra_headings": ("Acquisitions", "Acquisitions", "Acquisitions", "Acquisitions")}})


def test_a_row_of_the_table_introduced_as_the_things_asked(acquisitions_corpus, monkeypatch):
    """Zephyr's goodwill is the row of the table introduced as Zephyr's ($253 million, the heading's "$ in millions"),
    not Gale's table's ($409 million)."""
    d = ask_json(acquisitions_corpus, monkeypatch, "How much goodwill did Testco record on the Zephyr acquisition?")
    first = d["answer"].splitlines()[0]
    assert "$253" in first and "millions" in first and "409" not in first, first
    d = ask_json(acquisitions_corpus, monkeypatch, "How much goodwill did Testco record on the Gale acquisition?")
    first = d["answer"].splitlines()[0]
    assert "$409" in first and "253" not in first, first


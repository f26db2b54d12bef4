"""A figure a filing expects for a year ahead, printed as that year's row of a schedule the text layer ran into one
line ("Estimated future amortization expense … Remainder of 2023 $ 2 2024 7 2025 5 2026 1"): the row of the year asked,
with its unit — not another year's, nor a schedule of something else — against the real database. Figures made up."""

from collections.abc import Iterator

import pytest

from tests.answer.test_own_words import _first
from tests.conftest import _holding

AMORTIZATION = ("Estimated future amortization expense for finite-life intangible assets is as follows: ($ in millions) "
                "Remainder of 2023 $ 2 2024 7 2025 5 2026 1")
DEBT = ("Annual maturities of long-term debt during the next five years are as follows: ($ in millions) 2024 $ 500 "
        "2025 750 2026 900 2027 400")
LEASES = ("Future minimum lease payments under operating leases are as follows: ($ in millions) Remainder of 2023 $ 90 "
          "2024 310 2025 280 2026 240")


@pytest.fixture(scope="module")
def schedule_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {"TESTCO_2023Q3_10Q.pdf": {
        "statement_rows": 13, "prose_paragraphs": 2, "extra": (AMORTIZATION, LEASES, DEBT),
        "extra_headings": ("Other Intangible Assets", "Leases", "Long-term Debt")}})


def test_a_years_row_of_the_schedule_of_the_measure(schedule_corpus, monkeypatch):
    """"How much amortization expense does Testco expect … in 2025": the schedule's row "2025" ($5 million) — not the
    lease schedule's 2025 row ($280 million), nor the year before's."""
    first = _first(schedule_corpus, monkeypatch, "How much amortization expense does Testco expect on its finite-life "
                                                 "intangible assets in 2025?")
    assert first.startswith("$5 million") and "Estimated future amortization expense" in first, first
    first = _first(schedule_corpus, monkeypatch, "What operating lease payments does Testco expect to make in 2024?")
    assert first.startswith("$310 million"), first


def test_what_falls_due_in_a_year_is_its_row_too(schedule_corpus, monkeypatch):
    """"What operating lease payments are due from Testco in 2025?" asks no guidance, but the schedule of payments
    due answers it: the row "2025" ($280 million), not a sentence about leases."""
    first = _first(schedule_corpus, monkeypatch, "What operating lease payments are due from Testco in 2025?")
    assert first.startswith("$280 million") and "the row for 2025" in first, first

    first = _first(schedule_corpus, monkeypatch, "How much of Testco's long-term debt matures in 2025?")
    assert first.startswith("$750 million") and "the row for 2025" in first, first

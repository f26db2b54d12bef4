"""A debt issue asked by its rate and maturity: its row of the table of borrowings — the carrying amount of the year
asked, or the effective rate printed beside it — whether the table reached the text layer as one run-on line or as a
table, against the real database. Figures made up."""

from collections.abc import Iterator

import pytest

from tests.answer.test_own_words import _first
from tests.conftest import _holding

BORROWINGS = ("The components of long-term debt are as follows (Dollars in Millions): 2023 Effective Rate % 2022 "
              "Effective Rate % 3.375% Notes due 2023 801 3.17 802 3.18 5.50% Notes due 2024 (500MM GBP 1.2037) 600 (2) "
              "6.75 672 (3) 6.77 2.625% Notes due 2025 750 2.63 748 2.64 2.45% Notes due 2026 1,996 2.47 1,995 2.48")
SENIOR = ("Long-term debt consisted of the following:",
          [["", "July 1, 2023", "December 31, 2022"],
           ["6.75% senior notes, due 2025", "$ 750", "$ —"],
           ["5.75% senior notes, due 2025", "675", "1,000"],
           ["4.625% senior notes, due 2026", "400", "500"]])


@pytest.fixture(scope="module")
def debt_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _holding(db_url, tmp_path_factory, {"TESTCO_2023Q3_10Q.pdf": {
        "statement_rows": 13, "prose_paragraphs": 2, "extra": (BORROWINGS,), "extra_headings": ("Borrowings",),
        "extra_tables": (SENIOR,)}})


def test_an_issues_effective_rate_is_the_one_printed_beside_its_amount(debt_corpus, monkeypatch):
    """"What effective rate did … 5.50% Notes due 2024 carry": 6.75 %, printed beside the issue's amount (its footnote
    marks and currency aside left out) — not the coupon in its name, nor the next issue's."""
    first = _first(debt_corpus, monkeypatch, "What effective rate did Testco's 5.50% Notes due 2024 carry in 2023?")
    assert first.startswith("6.75%") and "5.50% Notes due 2024" in first, first
    first = _first(debt_corpus, monkeypatch, "What was the effective rate on Testco's 2.625% Notes due 2025 in 2022?")
    assert first.startswith("2.64%"), first


def test_an_issues_amount_is_its_rows_for_the_year_asked(debt_corpus, monkeypatch):
    """"How much of … 2.625% Notes due 2025 were outstanding at the end of 2022": the prior year's amount ($748
    million, in the table's "Dollars in Millions"); "5.75% senior notes due 2025" is its own row of the table, not the
    6.75% notes due the same year."""
    first = _first(debt_corpus, monkeypatch, "How much of Testco's 2.625% Notes due 2025 were outstanding at the end of 2022?")
    assert first.startswith("$748 million"), first
    first = _first(debt_corpus, monkeypatch, "How much of Testco's 5.75% senior notes due 2025 were outstanding at July 1, 2023?")
    assert first.startswith("$675 million"), first


def test_a_coupon_asked_is_still_the_one_the_name_prints(debt_corpus, monkeypatch):
    first = _first(debt_corpus, monkeypatch, "What coupon do Testco's 5.50% Notes due 2024 pay?")
    assert first.startswith("5.50%"), first


def test_notes_named_with_their_rate_after_them(make_database):
    """"… 10-year fixed rate medium-term notes due 2028 with a coupon rate of 3.625%" beside another issue due the same
    year named with its rate first ("6.375% notes due 2028"): the notes whose name holds the question's words."""
    from types import SimpleNamespace

    from finchat.answer.coupon import coupon_answer
    from tests.answer.test_marked_schedule import _stored

    issued = ("In September 2018, the Company issued $400 million aggregate principal amount of 3-year fixed rate "
              "medium-term notes due 2021 with a coupon rate of 3.00% and $600 million aggregate principal amount of "
              "10-year fixed rate medium-term notes due 2028 with a coupon rate of 3.625%.")
    tabled = "Long-term debt includes the Company's 6.375% notes due 2028 and its 5.70% notes due 2037."
    hits = [SimpleNamespace(document="APPLE_2023_10K", company="APPLE")]
    with _stored(make_database, [tabled, issued]) as conn:
        line, _ = coupon_answer(conn, "What coupon rate do Apple's 10-year medium-term notes due 2028 carry?", hits,
                                "APPLE")
        assert line.startswith("3.625%"), line
        line, _ = coupon_answer(conn, "What coupon do Apple's notes due 2028 carry?", hits, "APPLE")
        assert line.startswith("6.375%"), line

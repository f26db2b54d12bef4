"""Names asked of a company's filings with no period, and parts named by their initials — against the real
database holding two annual reports of Testco, the older one alone printing the name asked."""

from collections.abc import Iterator

import pytest

from tests.answer.test_subject import ask_json

MSG = ("The Company also has contracts with the U.S. government through its Military Services Group (“MSG”). MSG "
       "operates on 17 military installations under 50-year contracts with the U.S. government. The Company serves "
       "approximately 40,000 customers in its Monterey service territory.")
ACQUIRED = ("During fiscal 2021, we completed our acquisition of Globomatic, a privately held analytics platform "
            "company, for $560.8 million. We are continuing to integrate Globomatic into our Digital segment.")


@pytest.fixture(scope="module")
def two_years(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    import psycopg

    from tests.conftest import _holding

    for url in _holding(db_url, tmp_path_factory, {
            "TESTCO_2021_10K.pdf": {"statement_rows": 13, "prose_paragraphs": 1, "extra": (ACQUIRED,)},
            "TESTCO_2023_10K.pdf": {"statement_rows": 13, "prose_paragraphs": 1, "extra": (MSG,)}}):
        # (the generated filings all print 2023's periods: the older report is dated as its name says)
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("UPDATE documents SET fiscal_year = 2021 WHERE name = %s", ("TESTCO_2021_10K",))
        yield url


def test_a_name_asked_with_no_period_is_read_in_the_filings_that_print_it(two_years, monkeypatch):
    """"What did Testco pay to acquire Globomatic?" names no year: the older annual report, the one printing
    Globomatic, answers with the price — not the latest report, which never names it."""
    d = ask_json(two_years, monkeypatch, "What did Testco pay to acquire Globomatic?")
    first = str(d["answer"]).splitlines()[0]
    assert "$560.8 million" in first and "[TESTCO_2021_10K p" in first, first


def test_a_part_named_by_its_initials(two_years, monkeypatch):
    """The filing writes "MSG" for the Military Services Group: its sentence counting installations answers."""
    first = str(ask_json(two_years, monkeypatch, "On how many military installations does Testco's Military "
                                                 "Services Group operate, per its 2023 10-K?")["answer"]).splitlines()[0]
    assert "17 military installations" in first and "40,000" not in first, first


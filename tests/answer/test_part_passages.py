"""Figures a part's passage states — a region's comparable store sales in the paragraph its name opens, a total
printed on a table's "Total …" line run into the text, a headcount a release states as people the company
employs — against the real database, each beside the figure a careless reading would give instead."""

from collections.abc import Iterator

import pytest

from tests.answer.test_stated import _testco
from tests.answer.test_subject import ask_json

REGION = ("On a currency-neutral basis, Greater China revenues for the third quarter of 2023 increased 19%, driven by "
          "higher revenues in all key categories. Direct revenues increased 26%, driven by digital sales growth of 26%, "
          "comparable store sales growth of 22% and the addition of new stores.")
WHOLE = ("Despite temporary store closures, we experienced a 4% increase in comparable store sales in the third "
         "quarter of 2023, driven by growth in Greater China and North America.")
SURCHARGES = ("Presented in the table below are annualized incremental revenues resulting from infrastructure surcharge "
              "authorizations that became effective during 2023: (In millions) Effective Date Amount Infrastructure "
              "surcharges by state: New Jersey $ 17 Indiana 26 Missouri 14 Total infrastructure surcharge "
              "authorizations $ 57")
KENTUCKY = ("On March 1, 2023, the Company's Kentucky subsidiary filed an infrastructure surcharge proceeding requesting "
            "$4 million in additional annualized revenues.")
PEOPLE = ("Headquartered in Springfield, Illinois, Testco is a global industrial company that employs approximately "
          "116,000 people worldwide.")


FOUNDRY = ("On March 2, 2009, we entered into a Wafer Supply Agreement with GLOBALFOUNDRIES Inc. (GF). We are currently "
           "negotiating an amendment to the agreement, and we expect that our future purchases from GF will continue to "
           "be material. Our total purchases from GF related to wafer manufacturing were approximately $0.9 billion in "
           "the third quarter of 2023.")
MATURITY = ("As of September 30, 2023, the weighted-average days to maturity of our cash equivalents and short-term "
            "investments portfolio was 33 days.")
MARGIN = ("The litigation settlement reduced our operating margin by 2.7 percentage points in the third quarter of 2023, "
          "partially offset by higher selling prices.")


@pytest.fixture(scope="module")
def part_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _testco(db_url, tmp_path_factory, REGION, WHOLE, SURCHARGES, KENTUCKY, PEOPLE, FOUNDRY, MARGIN, MATURITY)


def _first(corpus: str, monkeypatch: pytest.MonkeyPatch, question: str) -> str:
    return str(ask_json(corpus, monkeypatch, question)["answer"]).splitlines()[0]


def test_a_regions_figure_is_stated_in_the_passage_its_name_opens(part_corpus, monkeypatch):
    """Greater China's comparable store sales: 22 %, in the paragraph opening on Greater China (said whose it is),
    never the company's 4 % that names the region only as what drove it."""
    first = _first(part_corpus, monkeypatch,
                   "What comparable store sales growth did Testco post in Greater China in Q3 2023?")
    assert "comparable store sales growth of 22%" in first and first.startswith("Greater China"), first
    assert "4%" not in first, first


def test_a_total_asked_is_the_total_line_printed(part_corpus, monkeypatch):
    """"What did the infrastructure surcharges … add … in total": the table's "Total …" line, in its table's unit,
    never one subsidiary's request."""
    first = _first(part_corpus, monkeypatch, "What did the infrastructure surcharges that took effect in 2023 add to "
                                             "Testco's annualized revenues in total?")
    assert "Total infrastructure surcharge authorizations $ 57" in first and "in millions" in first, first
    assert "$4 million" not in first, first


def test_people_a_company_employs_are_its_employees_asked_with_a_hedge(part_corpus, monkeypatch):
    """"Roughly how many employees …": a count asked (the hedge asks nothing), stated as people the company
    employs."""
    first = _first(part_corpus, monkeypatch, "Roughly how many employees does Testco have worldwide?")
    assert "employs approximately 116,000 people worldwide" in first, first


def test_a_name_is_also_the_short_name_its_filing_defines(part_corpus, monkeypatch):
    """"purchase from GLOBALFOUNDRIES": the sentence naming "GF", which the filing defines for it — stating what was
    bought, though the sentence before it expects something of the future."""
    first = _first(part_corpus, monkeypatch, "How much did Testco purchase from GLOBALFOUNDRIES in Q3 2023?")
    assert "Our total purchases from GF" in first and "$0.9 billion" in first, first


def test_what_moved_a_ratio_is_asked_not_the_ratio(part_corpus, monkeypatch):
    """"By how many percentage points did the litigation settlement reduce … operating margin": the points it took
    off, never the operating margin computed from the statements."""
    first = _first(part_corpus, monkeypatch, "By how many percentage points did the litigation settlement reduce "
                                             "Testco's operating margin in Q3 2023?")
    assert "2.7 percentage points" in first and "operating income ÷ revenue" not in first, first


def test_a_measure_of_a_line_stated_in_days(part_corpus, monkeypatch):
    """"the weighted-average days to maturity of … cash equivalents": the sentence stating it in days, never the
    cash balance."""
    first = _first(part_corpus, monkeypatch, "What was the weighted-average days to maturity of Testco's cash "
                                             "equivalents and short-term investments at September 30, 2023?")
    assert "was 33 days" in first, first

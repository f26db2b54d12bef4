"""A figure bound to the measure asked — printed just before its words ("including $739 million higher phone
expenses") or just after ("… impact of approximately $3.3 billion") — over a sentence that names the measure beside
another line's figure; a sentence of a paragraph opening on a part's name is that part's; the thing a derived line
"included" is asked, never the line; against the real database."""

from collections.abc import Iterator

import pytest

from tests.answer.test_stated import _testco
from tests.answer.test_subject import ask_json

#: The company's gross margin, then a region's paragraph whose sentences no longer name the region.
GROSS_MARGIN = ("Operating income increased $2.0 billion or 11%, primarily due to lower impairment charges. Gross margin "
                "decreased $8.0 billion or 13%, driven by the decline in revenue as discussed above, and included an "
                "unfavorable foreign currency impact of approximately $3.3 billion or 5%."
                "\n\n"
                "North America operating income decreased $898 million or 7%, driven by lower gross margin. Gross "
                "margin decreased $970 million or 4%, primarily due to higher cost of revenue. Gross margin included an "
                "unfavorable foreign currency impact of approximately 6%.")
#: The measure beside another line's figure first, then its own figure printed before its words.
PHONES_EARLIER = ("Research and development expenses increased $346 million or 5%, mainly due to increased investment in "
                  "new product and services, including higher phone expenses, offset in part by reduced headcount-related "
                  "expenses.")
PHONES = ("Research and development expenses increased $665 million or 6%, mainly due to increased investment in new "
          "products and services, including $739 million higher phone expenses, offset in part by reduced "
          "headcount-related expenses.")
#: A list of a change's drivers longer than a quoted sentence, its measure a series of words with commas.
SELLING = ("Marketing, general and administrative expenses of $482 million in the third quarter of 2023 decreased by $122 "
           "million, or 20%, compared to $604 million in the third quarter of 2022. The decrease was primarily due to an "
           "$84 million decrease in marketing, general and administrative expenses attributable to our Gadgets segment, "
           "a $19 million decrease in marketing, general and administrative expenses attributable to our Gizmos segment "
           "and a $19 million decrease in the All Other category primarily related to a $5 million workforce rebalancing "
           "severance charge recorded in the third quarter of 2022 and a $10 million decrease in stock-based compensation "
           "expenses. Marketing, general and administrative expenses attributable to our Gadgets segment decreased "
           "primarily due to a $62 million decrease in sales and marketing expenses and a $22 million decrease in other "
           "general and administrative expenses.")
HEADCOUNT = ("In the fourth quarter of 2022, we implemented a restructuring plan (2022 Restructuring Plan) designed to "
             "improve operating efficiencies. The 2022 Restructuring Plan involved a reduction of global headcount by "
             "approximately 6% and an alignment of our real estate footprint with our reduced headcount.")


@pytest.fixture(scope="module")
def bound_corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _testco(db_url, tmp_path_factory, GROSS_MARGIN, PHONES_EARLIER, PHONES, SELLING, HEADCOUNT)


def _first(corpus: str, monkeypatch: pytest.MonkeyPatch, question: str) -> str:
    return str(ask_json(corpus, monkeypatch, question)["answer"]).splitlines()[0]


def test_what_a_derived_line_included_is_asked_not_the_line(bound_corpus, monkeypatch):
    """"What unfavorable foreign currency impact did … gross margin include": the impact the company's sentence binds
    to those words ($3.3 billion), never the gross margin computed from the statements, nor North America's 6 % (its
    paragraph opens on the region)."""
    first = _first(bound_corpus, monkeypatch, "What unfavorable foreign currency impact did Testco's gross margin "
                                              "include in Q3 2023?")
    assert "$3.3 billion" in first and "approximately 6%" not in first, first


def test_the_figure_printed_before_the_measure_is_its_own(bound_corpus, monkeypatch):
    """"How much higher phone expenses …": the sentence printing "$739 million higher phone expenses", not the one
    naming phone expenses beside research and development's $346 million."""
    first = _first(bound_corpus, monkeypatch, "How much higher phone expenses did Testco's research and development "
                                              "include in Q3 2023?")
    assert "$739 million higher phone expenses" in first and "$346 million" not in first, first


def test_a_long_list_is_cut_after_the_measures_series_of_words(bound_corpus, monkeypatch):
    """The drivers' sentence is longer than a quoted sentence: its clause stating the first figure runs past the commas
    of "marketing, general and administrative expenses" to the segment ($84 million); never the sentence after it,
    whose figures are of sales and marketing expenses."""
    first = _first(bound_corpus, monkeypatch, "By how much did marketing, general and administrative expenses "
                                              "attributable to Testco's Gadgets segment fall in Q3 2023?")
    assert "$84 million decrease in marketing, general and administrative expenses" in first, first
    assert "$62 million" not in first, first


def test_what_a_plan_cut_is_the_thing_cut(bound_corpus, monkeypatch):
    """"By roughly what percentage did … Restructuring Plan cut global headcount": headcount is what moved (6 %); the
    words before "headcount" name no part of the company."""
    d = ask_json(bound_corpus, monkeypatch, "By roughly what percentage did Testco's 2022 Restructuring Plan cut global "
                                            "headcount?")
    assert "approximately 6%" in str(d["answer"]).splitlines()[0], d["answer"]
    assert d["answer_subject"]["measure"] == "global headcount", d["answer_subject"]
    assert not any("cut" in q for q in d["answer_subject"]["qualifiers"]), d["answer_subject"]


def test_what_moved_a_line_is_the_row_of_its_effect():
    """"How much did foreign exchange reduce … revenues": the row "Unfavorable impact of foreign exchange" is that
    effect of what the question names — not another measure of it, as "Amortization of intangible assets" is."""
    from datetime import date

    from finchat.answer.cellpick import pick_row

    row = ("TESTCO_2023Q3_10Q", 5, "5", "Operational growth/(decline) › Unfavorable impact of foreign exchange",
           "MD&A > Analysis of Revenues", "Three Months Ended July 1, 2023", "3M", date(2023, 7, 1), -283.0, "millions",
           "USD", "(283)", "")
    question = "How much did foreign exchange reduce Testco's revenues in Q3 2023?"
    words = {"how", "much", "did", "foreign", "exchange", "reduce", "revenues", "in", "q3", "2023"}
    got = pick_row([row], ["foreign exchange"], words, 3, date(2023, 7, 1), False, set(), question)
    assert got is not None and got[0].value == -283.0, got
    # (nor its effect on another line: "… on cash and cash equivalents" is no effect on revenues)
    on_cash = (*row[:3], "Effect of foreign exchange rate changes on cash and cash equivalents", *row[4:])
    assert pick_row([on_cash], ["foreign exchange"], words, 3, date(2023, 7, 1), False, set(), question) is None
    # (a row of another measure of the thing asked stays out: what amortized intangible assets is no asset)
    other = (*row[:3], "Amortization of intangible assets", *row[4:])
    assert pick_row([other], ["intangible assets"], {"how", "much", "intangible", "assets"}, 3, date(2023, 7, 1), False,
                    set(), "How much did intangible assets add to Testco's assets?") is None


def test_a_row_outside_the_part_asked_is_not_its_row():
    """U.S. revenues asked: "Enbrel (Outside the U.S. and Canada)" names the U.S. only as what it lies outside of, so it
    is no row of the U.S.; asked "outside the U.S.", it is one."""
    from datetime import date

    from finchat.answer.cellpick import pick_row

    path = "Enbrel (Outside the U.S. and Canada) › Total Enbrel (Outside the U.S. and Canada)"
    row = ("TESTCO_2023Q3_10Q", 9, "9", path, "Note 13. Segment, Geographic and Other Revenue Information",
           "Three Months Ended July 1, 2023", "3M", date(2023, 7, 1), 219.0, "millions", "USD", "219", "")
    words = {"what", "were", "testco", "u.s", "revenues", "in", "q3", "2023"}
    assert pick_row([row], ["u.s"], words, 3, date(2023, 7, 1), False, set(),
                    "What were Testco's U.S. revenues in Q3 2023?") is None
    got = pick_row([row], ["u.s"], words | {"outside"}, 3, date(2023, 7, 1), False, set(),
                   "What were Testco's Enbrel revenues outside the U.S. in Q3 2023?")
    assert got is not None and got[0].value == 219.0, got


def test_a_figure_bound_to_two_words():
    """Bound before the words or after them with "of"; a year or another line's figure is not."""
    from finchat.answer.passages import figure_bound

    assert figure_bound("The current and prior year included interest income of $87 million and $22 million.",
                        ["interest", "income"])
    assert figure_bound("… including $739 million higher phone expenses, offset in part …", ["phone", "expenses"])
    assert not figure_bound("The current year income was partially offset by a $12 million loss relating to interest "
                            "rate swaps.", ["interest", "income"])
    assert not figure_bound("In fiscal 2015 phone expenses rose.", ["phone", "expenses"])


def test_an_italic_heading_opens_a_sentence():
    """"… December 25, 2021. _Interest Rates_ Our interest rate derivatives …": two sentences, not one."""
    from finchat.answer.sentences import _pieces

    pieces = [p for _, p in _pieces("The total notional amount of our hedges was $2.9 billion as of December 31, 2022. "
                                    "_Interest Rates_ Our interest rate derivatives had a total notional value of $1.3 "
                                    "billion as of December 31, 2022.")]
    assert pieces[0].endswith("December 31, 2022.") and pieces[1].startswith("_Interest Rates_"), pieces

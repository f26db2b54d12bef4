"""Flagging figures an LLM states that are in none of its sources."""

import pytest

from finchat.answer.check import unsupported_figures

SOURCES = ["| Total net sales | 81,797 | 82,959 |", "Net income $19,881 million; diluted EPS 1.26"]


@pytest.mark.parametrize("answer, flagged", [
    ("Revenue was $81,797 million [1].", []),
    ("Revenue was $81.8 billion.", []),                     # the same figure, rescaled and rounded
    ("Gross margin was 44.5% and net income rose 2.3%.", []),  # computed values (fractions) match
    ("EPS was $1.26 in fiscal 2023, two of three grew [2].", []),  # years, small counts, citations skipped
    ("Revenue was $91,797 million.", ["$91,797"]),
    ("Margin was 47.1%.", ["47.1%"]),
    ("Net income was (19,882) and 19,882 again.", ["(19,882)"]),  # flagged once, as first written
    ("Converse brought in $1,906 million in 2019.", ["$1,906"]),  # a figure in the years' range is no year
])
def test_unsupported_figures(answer, flagged):
    assert unsupported_figures(answer, SOURCES, [0.44516, 0.0226]) == flagged


def test_a_percentage_written_out_is_a_figure():
    from finchat.answer.check import figures_in, unsupported_figures

    # "4 percent" is 4 %, not a small count: checked, and found where a filing states it
    assert figures_in("volume included 4 percent growth in Sprite and 3 segments") == [(4.0, 0, True)]
    assert unsupported_figures("Sprite grew 4 percent.", ["Sprite grew 7 percent."]) == ["4 percent"]


def test_a_small_amount_of_money_is_no_count():
    from finchat.answer.check import figures_in

    # "$3 billion" and "3 million" are amounts; "3 segments" is a count, left out
    assert figures_in("delivered approximately $3 billion across 3 segments") == [(3.0, 0, False)]
    assert figures_in("about 3 million members") == [(3.0, 0, False)]
    # a change of a rate in points is a figure too
    assert figures_in("decreased it by approximately 2 percentage points, (3) pts") == [(2.0, 0, False), (3.0, 0, False)]
    assert figures_in("a 2- percentage-point contribution") == [(2.0, 0, False)]

"""Is the gold figure in the answer? The matching `finchat eval answers` and eval/figures_eval.py score with."""

import pytest

from finchat.evaluation.answers import figure_found, read_gold


@pytest.mark.parametrize("answer, gold, found", [
    ("MGM China was $174,720 thousand [p.13]", "$175 million", True),      # the gold is rounded to the million
    ("MGM China was $173,400 thousand [p.13]", "$175 million", False),
    ("revenue was $2,345 million", "$2.3 billion", True),
    ("revenue was $2,399 million", "$2.3 billion", False),
    ("days payable outstanding was 93.86 days", "93.86", True),
    ("days payable outstanding was 93.9 days", "93.86", True),              # coarser, within 1 %
    ("days payable outstanding was 93.80 days", "93.86", False),
    ("capital expenditure was $4,625 million", "$4.60", True),             # a gold "in USD billions"
    ("capital expenditure was $4,725 million", "$4.60", False),
    ("the margin was 10.3%", "10.3%", True),
    ("the margin was 10.4%", "10.3%", False),
])
def test_gold_figures_match_at_their_precision_and_any_scale(answer, gold, found):
    assert figure_found(answer, read_gold(gold)) is found

"""A count or a price per share of an act on an equity award, read from the row of that act in the award's activity
table as the text layer runs it into one line ("Granted 9 40.89", "Awarded 4.3 $ 360.17") — the instrument's table,
not another's, in the scale its header prints — against the real database, on passages stored as the chunker writes
them. Figures made up."""

from types import SimpleNamespace

from finchat.answer.activity import activity_answer
from tests.answer.test_marked_schedule import _stored

OPTIONS = ("Stock option activity for all plans for the year ended September 30, 2023, was as follows:\n\n"
           "Aggregate Intrinsic Value\n\n(In millions)\n\nShares (In millions)\n\nWeighted-Average\n\nExercise Price\n\n"
           "Outstanding on October 1, 2022 220 $ 33.70 Granted 9 40.89 Exercised (53) 30.28 Forfeited/expired (3) 38.34")
UNITS = ("Restricted stock unit activity for the year ended September 30, 2023 was as follows:\n\n(in thousands)\n\n"
         "Beginning outstanding balance 7,400 $ 449.94 Awarded 4,300 $ 360.17 Released (2,000) $ 434.79")
HITS = [SimpleNamespace(document="APPLE_2023_10K", company="APPLE")]


def test_the_acts_row_of_the_instruments_activity_table(make_database):
    with _stored(make_database, [OPTIONS, UNITS]) as conn:
        line, _ = activity_answer(conn, "At what weighted-average exercise price did Apple grant stock options in 2023?",
                                  HITS, "APPLE")
        assert line.startswith("$40.89") and "“Granted”" in line and "Stock option activity" in line, line
        line, _ = activity_answer(conn, "How many stock options did Apple grant in 2023?", HITS, "APPLE")
        assert line.startswith("9 million"), line
        line, _ = activity_answer(conn, "How many restricted stock units did Apple award in fiscal 2023?", HITS, "APPLE")
        assert line.startswith("4,300 thousand") and "Restricted stock unit activity" in line, line
        line, _ = activity_answer(conn, "How many RSUs did Apple release in 2023?", HITS, "APPLE")
        assert line.startswith("2,000 thousand"), line


def test_no_count_or_price_asked_or_no_table_of_the_instrument(make_database):
    with _stored(make_database, [OPTIONS]) as conn:
        # an amount of money is no count or price per share
        assert activity_answer(conn, "How much cash did Apple receive from stock options exercised in 2023?", HITS,
                               "APPLE") is None
        # no activity table of performance shares: the options' row is no answer
        assert activity_answer(conn, "How many performance shares did Apple grant in 2023?", HITS, "APPLE") is None

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


def test_a_summary_of_the_status_and_changes_is_an_activity_table(make_database):
    """"… a summary of the status of the Company's non-vested time-based restricted stock units as of December 31,
    2019 and changes which occurred during the year …:" introduces a roll-forward too."""
    status = ("The following table represents a summary of the status of the Company's non-vested time-based "
              "restricted stock units as of December 31, 2019 and changes which occurred during the year ended December "
              "31, 2020:\n\nNumber of shares (in thousands) Weighted-average grant-date fair value\n\n"
              "Non-vested shares and share units at December 31, 2019 5,189 $ 27.58 Granted 9,400 20.90 Vested (1,408) "
              "26.97")
    with _stored(make_database, [status]) as conn:
        line, _ = activity_answer(conn, "How many time-based restricted stock units did Apple grant in 2020?", HITS,
                                  "APPLE")
        assert line.startswith("9,400 thousand"), line
        line, _ = activity_answer(conn, "What was the weighted-average grant-date fair value of the restricted stock "
                                        "units that vested at Apple in 2020?", HITS, "APPLE")
        assert line.startswith("$26.97"), line


def test_a_balance_outstanding_is_the_row_of_the_date_asked(make_database):
    """Units outstanding: the row of the date asked — its own date ("Outstanding on September 30, 2023 <sup>1</sup>"),
    or, where the parser lost each section's year, its place in the order the introduction lists the dates — else the
    closing balance; a count printed in full is in units."""
    listed = ("Information regarding restricted stock units outstanding at September 30, 2023, September 30, 2022 "
              "and September 30, 2021 is summarized below:\n\n(thousands)\n\nRestricted stock units outstanding 8,316 "
              "1.11 $ 829.4 Restricted stock units outstanding 10,069 0.93 $ 928.0 Restricted stock units outstanding "
              "13,564 0.94 $ 999.4")
    closing = ("Stock option activity was as follows in fiscal 2023:\n\nOutstanding at October 1, 2022 3,069,000 $ 32.32 "
               "Granted 161,000 $ 66.59 Outstanding on September 30, 2023 <sup>1</sup> 2,358,000 $ 33.47")
    with _stored(make_database, [listed, closing]) as conn:
        for year, count in (("2023", "8,316"), ("2022", "10,069"), ("2021", "13,564")):
            line, _ = activity_answer(conn, f"How many restricted stock units did Apple have outstanding at September "
                                            f"30, {year}?", HITS, "APPLE")
            assert line.startswith(f"{count} thousand"), line
        line, _ = activity_answer(conn, "How many stock options did Apple have outstanding at the end of fiscal 2023?",
                                  HITS, "APPLE")
        assert line.startswith("2,358,000 [") and "Outstanding on September 30, 2023" in line, line


def test_an_acts_row_naming_the_instrument_in_its_years_section(make_database):
    """"Units granted 5.0 1,522" in a roll-forward of three years, each section closed by "Outstanding as of December
    31, …", under an introduction two passages back (the header a passage of its own): the grants of the year asked,
    in the introduction's "(in millions)", priced in whole dollars."""
    intro = "The following table summarizes our restricted stock unit activity (in millions):"
    header = "Number of Units Weighted Average Grant-Date Fair Value Outstanding as of January 1, 2021 19.8 $ 506"
    rows = ("Units granted 8.9 946\n\nUnits vested (6.8) 400\n\nOutstanding as of December 31, 2021 20.1 725\n\n"
            "Units granted 5.0 1,522\n\nUnits vested (7.1) 578\n\nOutstanding as of December 31, 2022 15.9 1,024")
    with _stored(make_database, [intro, header, rows]) as conn:
        line, _ = activity_answer(conn, "How many restricted stock units did Apple grant in 2022?", HITS, "APPLE")
        assert line.startswith("5.0 million") and "“Units granted”" in line, line
        line, _ = activity_answer(conn, "How many restricted stock units vested at Apple in 2021?", HITS, "APPLE")
        assert line.startswith("6.8 million"), line
    options = ("Stock option activity for the year ended December 31, 2022 was as follows:\n\nOutstanding at January 1, "
               "2022 220 $ 33.70 Options granted 9 40.89 Options exercised (53) 30.28 Outstanding at December 31, 2022 "
               "176 35.12")
    with _stored(make_database, [options]) as conn:
        line, _ = activity_answer(conn, "At what price per share were Apple's stock options exercised in 2022?", HITS,
                                  "APPLE")
        assert line.startswith("$30.28"), line
        # (an exercise price asked is no act of exercising)
        assert activity_answer(conn, "What was the weighted average exercise price of Apple's exercisable stock "
                                     "options at December 31, 2022?", HITS, "APPLE") is None

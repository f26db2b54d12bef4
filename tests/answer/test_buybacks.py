"""The quarter's buybacks read from a repurchase table by its arithmetic, whatever its header became."""

from types import SimpleNamespace

from finchat.answer.buybacks import repurchase_row, repurchase_total
from finchat.answer.coupon import coupon_answer
from finchat.answer.quarterfigures import repurchase_table
from finchat.answer.subject import analyse


def test_the_amount_column_is_the_one_shares_times_price_make():
    row = repurchase_row("First quarter", "18,106,991 $ 138.04 $ 2,500 $ 9,052")
    assert (row.shares, row.price, row.amount, row.scale) == (18106991, 138.04, 2500, "millions")
    # remaining authorization first, then the amount in thousands
    row = repurchase_row("Total", "9,052 1,200,000 $ 50.25 60,300")
    assert (row.amount, row.scale) == (60300, "thousands")
    assert repurchase_row("Total", "4,668,461 4,668,461 18.6") is None  # no amount printed


def test_the_filings_own_quarter_and_months_added_when_no_total():
    text = ("First quarter 21,995,253 $ 133.67 $ 2,940 $ 26,000 April 5,000,000 $ 130.00 $ 650 $ 25,350 "
            "May 6,000,000 $ 135.00 $ 810 $ 24,540 June 5,711,299 $ 145.00 $ 828 $ 23,712 "
            "Second quarter 16,711,299 $ 137.20 $ 2,293 $ 23,712 Year-to-date 38,706,552 $ 135.26 $ 5,233 $ 23,712")
    total, _ = repurchase_total(text, quarter=2)
    assert (total.label, total.amount) == ("Second quarter", 2293)
    months = "January 1,361,242 $ 146.91 $ 200 $ 11,352 February 2,240,240 151.74 340 11,012 March 14,505,509 135.09 1,960 9,052"
    total, rows = repurchase_total(months, quarter=1)
    assert (total.label, total.amount, len(rows)) == ("Total", 2500, 3)


def test_the_quarters_table_never_answers_a_half_year_and_a_notes_name_never_an_effective_rate():
    """The repurchase table is the quarter's: a question of the first half (or nine months) is left to the year to
    date's columns elsewhere — it is not even opened (no database here). A note's name prints its coupon, never the
    effective rate asked."""
    question = "How many common shares did JPMorgan buy back in the first half of 2023?"
    res = SimpleNamespace(question=question, hits=[SimpleNamespace(document="JPMORGAN_2023Q2_10Q", company="JPMORGAN")])
    assert repurchase_table(None, analyse(question, companies=("JPMorgan",)), res, ["JPMORGAN"], {}) is None
    hits = [SimpleNamespace(document="EBAY_2023Q2_10Q", company="EBAY")]
    assert coupon_answer(None, "What effective interest rate did eBay's senior notes due 2051 carry at June 30, 2023?",
                         hits, "EBAY") is None

"""The yfinance yes/no generation check, without network: frames shaped exactly like yfinance's own.

``Ticker.quarterly_income_stmt`` (yfinance 0.2–1.x, scrapers/fundamentals.py): a float DataFrame whose
index is the pretty row names ("Total Revenue", "Net Income", "Diluted EPS", …), whose columns are naive
Timestamps of fiscal quarter ends, newest first, NaN where Yahoo has no figure. ``Ticker.history``: a
DataFrame indexed by trading day (tz-aware, America/New_York) with Open, High, Low, Close, Volume,
Dividends, Stock Splits.
"""

import json
from datetime import date

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from finchat import market
from finchat.answer.verdict import parse_answer
from finchat.cli import cli
from finchat.errors import MarketDataUnavailable
from finchat.evaluation.generation import (
    Period,
    Record,
    label_fundamentals,
    label_price,
    summarise,
)

APPLE_Q3 = Period("APPLE", "Apple", "AAPL", 2023, "Q3", date(2023, 7, 1))
NAN = float("nan")


def income_stmt(revenue=(81797e6, 94836e6, 117154e6, 90146e6, 82959e6), net=(19881e6, 24160e6, 29998e6, 20721e6, 19442e6),
                eps=(1.26, 1.52, 1.88, 1.29, 1.20)):
    cols = pd.to_datetime(["2023-06-30", "2023-03-31", "2022-12-31", "2022-09-30", "2022-06-30"])
    rows = {"Tax Effect Of Unusual Items": [0.0, 0.0, 0.0, 0.0, NAN], "Diluted EPS": list(eps),
            "Basic EPS": [1.27, 1.53, 1.89, 1.29, 1.20], "Net Income": list(net), "Total Revenue": list(revenue),
            "Cost Of Revenue": [45384e6, 52860e6, 66822e6, 52051e6, 47074e6]}
    return pd.DataFrame.from_dict(rows, orient="index", columns=cols).astype("float64")


def history(start="2023-03-01", end="2023-07-10", drift=0.001, volume=50_000_000):
    days = pd.bdate_range(start, end, tz="America/New_York")
    close = 150 * np.cumprod(np.full(len(days), 1 + drift))
    return pd.DataFrame({"Open": close, "High": close * 1.01, "Low": close * 0.99, "Close": close,
                         "Volume": np.full(len(days), volume), "Dividends": 0.0, "Stock Splits": 0.0}, index=days)


def test_fundamentals_label_by_the_seeds_rule():
    lab = label_fundamentals(income_stmt(), APPLE_Q3)
    assert lab.label == "yes" and lab.reason == "2 of 3 grew year over year"  # net income and EPS grew
    assert lab.detail["columns"] == ["2023-06-30", "2022-06-30"]  # Yahoo's calendar dates ~ the fiscal quarter end
    down = income_stmt(net=(19000e6, 1, 1, 1, 19442e6), eps=(1.19, 1, 1, 1, 1.20))
    assert label_fundamentals(down, APPLE_Q3).label == "no"
    assert label_fundamentals(income_stmt(), APPLE_Q3, min_grew=3).label == "no"


def test_nan_and_missing_prior_year_are_skipped_with_the_reason():
    lab = label_fundamentals(income_stmt(eps=(NAN, 1, 1, 1, 1.2)), APPLE_Q3)
    assert lab.label is None and lab.reason == "yfinance leaves Diluted EPS NaN for 2023-06-30"
    short = income_stmt().iloc[:, :4]  # the prior-year quarter has rolled off
    lab = label_fundamentals(short, APPLE_Q3)
    assert lab.label is None and "no prior-year quarter" in lab.reason
    lab = label_fundamentals(income_stmt(), Period("APPLE", "Apple", "AAPL", 2019, "Q3", date(2019, 6, 29)))
    assert lab.label is None and "no quarter ending near 2019-06-29" in lab.reason


def test_price_label():
    up = label_price(history(drift=0.002), APPLE_Q3)  # ~+13 % over the quarter, calm, liquid
    assert up.label == "yes" and up.detail["return"] > 0.05
    flat = label_price(history(drift=0.0001), APPLE_Q3)
    assert flat.label == "no"
    thin = label_price(history(drift=0.002, volume=10_000), APPLE_Q3)
    assert thin.label == "no" and "average volume 10,000" in thin.reason
    assert label_price(history(start="2023-06-20"), APPLE_Q3).label is None


@pytest.mark.parametrize("text, verdict", [
    ("Yes.", "yes"), ("**Yes** — Apple performed well.", "yes"), ("yes, by the rule", "yes"),
    ("No, revenue fell 1.4% [1].", "no"), ("No. Net income declined.", "no"),
    ("Apple did not perform well in the quarter.", "no"), ("Apple performed well: revenue rose.", "yes"),
    ("Cannot tell whether Apple performed well: missing EPS", "refusal"),
    ("The filings I have do not answer this.", "refusal"), ("I cannot determine that from the sources.", "refusal"),
    ("No information about that quarter is in the sources.", "refusal"),
    ("Revenue was $81,797 million.", "unclear"), ("", "unclear"),
])
def test_parse_answer(text, verdict):
    assert parse_answer(text) == verdict


def test_summary_counts_refusals_apart():
    recs = [Record("A 2023Q3", "A", 2, 0, "yes", "yes", ""), Record("B 2023Q3", "B", 2, 0, "no", "refusal", ""),
            Record("C 2023Q3", "C", 2, 0, "no", "yes", ""), Record("A 2023Q3", "A", 5, 0, "yes", "yes", "")]
    s = summarise(recs)
    assert s["2"]["accuracy"] == 0.3333 and s["2"]["accuracy_answered"] == 0.5
    assert s["2"]["refusals"] == 1 and s["2"]["confusion"]["no"] == {"yes": 1, "no": 0, "refusal": 1, "unclear": 0}
    assert s["5"]["accuracy"] == 1.0 and s["2"]["per_company"] == {"A": 1.0, "B": 0.0, "C": 0.0}


def test_cache_round_trip_and_offline_rerun(three, monkeypatch, tmp_path, make_database):
    from finchat.db import migrate
    from finchat.db.pool import connect

    calls = []

    def fake_fetch(ticker, kind):
        calls.append((ticker, kind))
        return income_stmt() if kind == "quarterly_income_stmt" else history()

    with connect(three) as conn:
        conn.execute("DELETE FROM market_data")
        conn.commit()
        first = market.get(conn, "AAPL", "quarterly_income_stmt", fetch=fake_fetch)
        again = market.get(conn, "AAPL", "quarterly_income_stmt", fetch=fake_fetch)
        market.get(conn, "AAPL", "history", fetch=fake_fetch)
        assert calls == [("AAPL", "quarterly_income_stmt"), ("AAPL", "history")]  # the second read is cached
        pd.testing.assert_frame_equal(first, again)
        assert list(again.index) == list(income_stmt().index) and np.isnan(again.iloc[0, 4])
        n = market.export_cache(conn, tmp_path / "md.jsonl")
    other = make_database()
    with connect(other) as conn:
        migrate.migrate(conn)
        conn.commit()
        assert market.import_cache(conn, tmp_path / "md.jsonl") == n == 2
        got = market.get(conn, "AAPL", "history", fetch=lambda *a: pytest.fail("must not fetch"))
        assert got["Close"].iloc[-1] == pytest.approx(history()["Close"].iloc[-1])
        (tmp_path / "bad.jsonl").write_text('{"ticker": "X"}\n')
        with pytest.raises(MarketDataUnavailable, match="bad.jsonl:1 is not a `finchat market export` line"):
            market.import_cache(conn, tmp_path / "bad.jsonl")


def test_eval_generation_end_to_end(three, monkeypatch, tmp_path):
    """The three generated filings: Apple's Q3 2023 statement has revenue down, net income and EPS up."""
    from finchat.db.pool import connect

    with connect(three) as conn:
        conn.execute("DELETE FROM market_data")
        conn.commit()
        market.get(conn, "AAPL", "quarterly_income_stmt", fetch=lambda t, k: income_stmt())
        market.get(conn, "AMCR", "quarterly_income_stmt",
                   fetch=lambda t, k: income_stmt().iloc[:, :2])  # no prior year: skipped
    monkeypatch.setenv("FINCHAT_DATABASE_URL", three)
    res = CliRunner().invoke(cli, ["eval", "generation", "--no-llm", "--k", "1,2", "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    assert "2 periods, 1 labelled (yfinance, rule fundamentals)" in res.output
    assert "skipped AMCOR 2023Q2: yfinance has no prior-year quarter" in res.output
    results = json.loads((tmp_path / "results.json").read_text())
    assert results["summary"]["2"]["accuracy"] == 1.0 and results["summary"]["2"]["refusals"] == 0
    assert results["records"][0]["answer"].startswith("Yes — Apple performed well")
    assert (tmp_path / "accuracy.png").stat().st_size > 1000
    labels = json.loads((tmp_path / "labels.json").read_text())
    apple = next(lab for lab in labels if lab["company"] == "APPLE")
    assert apple["label"] == "yes" and apple["period_end"] == "2023-07-01"
    # the same labels, flipped, from a file: every answer is now wrong
    apple["label"] = "no"
    (tmp_path / "flipped.json").write_text(json.dumps([apple]))
    res = CliRunner().invoke(cli, ["eval", "generation", "--no-llm", "--k", "2", "--labels", str(tmp_path / "flipped.json"),
                                   "--out", str(tmp_path / "b")])
    assert json.loads((tmp_path / "b" / "results.json").read_text())["summary"]["2"]["accuracy"] == 0.0


def test_no_network_and_no_cache_is_one_line(three, monkeypatch, tmp_path):
    import yfinance

    from finchat.db.pool import connect

    class Offline:
        def __init__(self, ticker):
            pass

        @property
        def quarterly_income_stmt(self):
            raise ConnectionError("Failed to resolve 'query2.finance.yahoo.com'")

    monkeypatch.setattr(yfinance, "Ticker", Offline)
    with connect(three) as conn:
        conn.execute("DELETE FROM market_data")
        conn.commit()
    monkeypatch.setenv("FINCHAT_DATABASE_URL", three)
    res = CliRunner().invoke(cli, ["eval", "generation", "--no-llm", "--k", "2", "--out", str(tmp_path)])
    assert res.exit_code == 1
    lines = [ln for ln in res.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: no market data for any period and none cached")
    assert "market import" in lines[0]


@pytest.mark.parametrize("stall, ok", [(0.0, True), (3.0, False)])
def test_eval_generation_with_an_llm_shows_progress_and_keeps_the_timeout(three, monkeypatch, tmp_path, stall, ok):
    """FINCHAT_LLM_TIMEOUT bounds Ollama's silence in the check as in `ask`; each period is announced."""
    from finchat.db.pool import connect
    from tests.chat.fake_ollama import FakeOllama

    with connect(three) as conn:
        conn.execute("DELETE FROM market_data")
        conn.commit()
        market.get(conn, "AAPL", "quarterly_income_stmt", fetch=lambda t, k: income_stmt())
    fake = FakeOllama(["Revenue fell ", "but net income rose."], stall_after=1, stall=stall)
    monkeypatch.setenv("FINCHAT_DATABASE_URL", three)
    monkeypatch.setenv("OLLAMA_HOST", fake.url)
    monkeypatch.setenv("FINCHAT_LLM_TIMEOUT", "1")
    try:
        res = CliRunner().invoke(cli, ["eval", "generation", "--k", "2", "--out", str(tmp_path)])
    finally:
        fake.close()
    assert "  [1/1] APPLE 2023Q3" in res.output
    if ok:
        assert res.exit_code == 0, res.output
        record = json.loads((tmp_path / "results.json").read_text())["records"][0]
        assert record["answer"].startswith("Yes — Apple performed well") and len(fake.requests) == 1
    else:
        assert res.exit_code == 1 and "failed mid-answer (ReadTimeout)" in res.output

-- Market data from Yahoo Finance (yfinance) for `finchat eval generation`, cached so reruns work offline;
-- `finchat market export FILE` / `import FILE` move the cache between machines. `finchat db init --reset`
-- keeps it (it is not derived from the filings, and may be impossible to fetch again offline).
CREATE TABLE IF NOT EXISTS market_data (
    ticker     text NOT NULL,
    kind       text NOT NULL,             -- quarterly_income_stmt | history
    fetched_at timestamptz NOT NULL DEFAULT now(),
    payload    jsonb NOT NULL,            -- the DataFrame: {"index": [...], "columns": [...], "data": [[...]]}
    PRIMARY KEY (ticker, kind)
);

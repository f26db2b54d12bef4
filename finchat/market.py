"""Market data from Yahoo Finance through yfinance, cached in Postgres (``market_data``) so the generation
check reruns offline, and moved between machines with `finchat market export/import`.

Two kinds per ticker: ``quarterly_income_stmt`` (yfinance's ``Ticker.quarterly_income_stmt``: rows such as
"Total Revenue", "Net Income", "Diluted EPS"; one column per fiscal quarter end, newest first; NaN where
Yahoo has no figure) and ``history`` (``Ticker.history(period="max")``: daily Open/High/Low/Close/Volume
indexed by trading day). Frames are stored as JSON: ``{"index", "columns", "data"}`` with dates in ISO form
and NaN as null, and come back as the same DataFrames.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from finchat.errors import MarketDataUnavailable

KINDS = ("quarterly_income_stmt", "history")
Fetch = Callable[[str, str], Any]  # (ticker, kind) -> pandas DataFrame


def _iso(x: Any) -> Any:
    return x.isoformat() if hasattr(x, "isoformat") else x


def frame_payload(df: Any) -> dict[str, Any]:
    """A DataFrame as JSON-able ``{"index", "columns", "data"}`` (dates ISO, NaN → None)."""
    rows = [[None if isinstance(v, float) and math.isnan(v) else (v.item() if hasattr(v, "item") else v) for v in row]
            for row in df.itertuples(index=False, name=None)]
    return {"index": [_iso(i) for i in df.index], "columns": [_iso(c) for c in df.columns], "data": rows}


def payload_frame(payload: dict[str, Any], kind: str) -> Any:
    """The DataFrame back: the income statement's columns and the history's index as Timestamps."""
    import pandas as pd

    df = pd.DataFrame(payload["data"], index=payload["index"], columns=payload["columns"], dtype="float64"
                      if kind == "quarterly_income_stmt" else None)
    if kind == "quarterly_income_stmt":
        df.columns = pd.to_datetime(df.columns)
    else:
        df.index = pd.to_datetime(df.index, utc=True)
    return df


def fetch_yahoo(ticker: str, kind: str) -> Any:
    """Ask Yahoo Finance (network). Raises MarketDataUnavailable with one line when it cannot answer."""
    try:
        import logging

        import yfinance as yf

        logging.getLogger("yfinance").setLevel(logging.CRITICAL)  # its retries would print a line each
    except ImportError as exc:
        raise MarketDataUnavailable("yfinance is not installed: pip install 'finchat[eval]'") from exc
    try:
        t = yf.Ticker(ticker)
        df = t.quarterly_income_stmt if kind == "quarterly_income_stmt" else t.history(period="max", auto_adjust=False)
    except Exception as exc:
        raise MarketDataUnavailable(f"Yahoo Finance did not answer for {ticker} ({type(exc).__name__}); "
                                    "check the network, or `finchat market import FILE`, or use --labels") from exc
    if df is None or getattr(df, "empty", True):
        raise MarketDataUnavailable(f"Yahoo Finance returned no {kind} for {ticker} (offline, or an unknown ticker); "
                                    "`finchat market import FILE` or --labels give labels without the network")
    return df


def get(conn: psycopg.Connection, ticker: str, kind: str, *, refresh: bool = False,
        fetch: Fetch = fetch_yahoo) -> Any:
    """``kind`` for ``ticker``: from the cache, else fetched and cached. Raises MarketDataUnavailable."""
    if kind not in KINDS:
        raise ValueError(kind)
    if not refresh:
        row = conn.execute("SELECT payload FROM market_data WHERE ticker = %s AND kind = %s", (ticker, kind)).fetchone()
        if row is not None:
            return payload_frame(row[0], kind)
    df = fetch(ticker, kind)
    conn.execute("INSERT INTO market_data (ticker, kind, payload) VALUES (%s, %s, %s) ON CONFLICT (ticker, kind)"
                 " DO UPDATE SET payload = EXCLUDED.payload, fetched_at = now()", (ticker, kind, Jsonb(frame_payload(df))))
    conn.commit()
    return payload_frame(frame_payload(df), kind)


def export_cache(conn: psycopg.Connection, path: Path) -> int:
    """Write every cached row to ``path`` as JSON Lines; returns how many."""
    rows = conn.execute("SELECT ticker, kind, fetched_at, payload FROM market_data ORDER BY ticker, kind").fetchall()
    with path.open("w", encoding="utf-8") as fh:
        for ticker, kind, fetched_at, payload in rows:
            fh.write(json.dumps({"ticker": ticker, "kind": kind, "fetched_at": fetched_at.isoformat(),
                                 "payload": payload}) + "\n")
    return len(rows)


def import_cache(conn: psycopg.Connection, path: Path) -> int:
    """Load rows written by :func:`export_cache` (newer ``fetched_at`` wins); returns how many were read.
    Raises MarketDataUnavailable for a file that is not such an export."""
    n = 0
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise MarketDataUnavailable(f"cannot read {path} ({exc.strerror})") from exc
    with conn.transaction():
        for i, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                ticker, kind, fetched_at, payload = row["ticker"], row["kind"], row["fetched_at"], row["payload"]
                if kind not in KINDS or not isinstance(payload, dict) or "data" not in payload:
                    raise ValueError(kind)
            except (ValueError, KeyError, TypeError) as exc:
                raise MarketDataUnavailable(f"{path}:{i} is not a `finchat market export` line") from exc
            conn.execute(
                "INSERT INTO market_data (ticker, kind, fetched_at, payload) VALUES (%s, %s, %s, %s)"
                " ON CONFLICT (ticker, kind) DO UPDATE SET payload = EXCLUDED.payload, fetched_at = EXCLUDED.fetched_at"
                " WHERE market_data.fetched_at < EXCLUDED.fetched_at", (ticker, kind, fetched_at, Jsonb(payload)))
            n += 1
    return n

"""`finchat fetch` against a local server replaying EDGAR's real responses and documents, into the real
database: download, store, ingest; idempotence; EDGAR's error answers; a kill mid-download."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest
from click.testing import CliRunner

from finchat.cli import cli
from finchat.edgar.client import Edgar
from finchat.errors import FetchError
from tests.conftest import wipe_documents
from tests.edgar.replay import Replay, apple_and_buckle

AGENT = "finchat tests tests@example.com"
APPLE_DOC = "/Archives/edgar/data/320193/000032019325000073/aapl-20250628.htm"


@pytest.fixture
def replay():
    with Replay() as r:
        apple_and_buckle(r)
        yield r


@pytest.fixture
def env(env_db, tmp_path, monkeypatch, replay):
    wipe_documents(env_db)
    with psycopg.connect(env_db, autocommit=True) as conn:
        conn.execute("DELETE FROM edgar_filings")
    monkeypatch.setenv("FINCHAT_EDGAR_URL", replay.url)
    monkeypatch.setenv("FINCHAT_EDGAR_USER_AGENT", AGENT)
    monkeypatch.setenv("FINCHAT_MD_DIR", str(tmp_path / "md"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return env_db


def rows(url, sql, params=()):
    with psycopg.connect(url) as conn:
        return conn.execute(sql, params).fetchall()


def saved(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*") if p.is_file() and not p.name.startswith("."))


def test_fetch_downloads_stores_and_ingests_then_fetches_nothing(env, replay, tmp_path):
    runner = CliRunner()
    res = runner.invoke(cli, ["fetch", "AAPL", "--forms", "10-Q", "--last", "1", "--to", str(tmp_path / "in")])
    assert res.exit_code == 0, res.output
    assert saved(tmp_path / "in") == ["AAPL_10-Q_2025-06-28_0000320193-25-000073.htm"]
    assert "fetched 1 filing(s)" in res.output
    # named, and dated, by the filing's own cover tags
    assert rows(env, "SELECT name, company_key, form, fiscal_year, fiscal_quarter, period_end::text FROM documents") == [
        ("APPLE_2025Q3_10Q", "APPLE", "10-Q", 2025, "Q3", "2025-06-28")]
    assert rows(env, "SELECT accession, form, report_date::text FROM edgar_filings") == [
        ("0000320193-25-000073", "10-Q", "2025-06-28")]
    # every request named the requester
    assert replay.log and all(agent == AGENT for _, agent in replay.log)
    before = replay.requests_to(".htm")
    again = runner.invoke(cli, ["fetch", "AAPL", "--forms", "10-Q", "--last", "1", "--to", str(tmp_path / "in")])
    assert again.exit_code == 0, again.output
    assert "fetched 0 filing(s)" in again.output and "1 fetched before" in again.output
    assert replay.requests_to(".htm") == before
    assert replay.not_modified == 1  # the cached company list was asked for with If-Modified-Since
    status = runner.invoke(cli, ["db", "status"])
    assert "APPLE_2025Q3_10Q" in status.output and "Q3" in status.output


def test_8k_brings_its_release_and_the_cover_is_a_note(env, replay, tmp_path):
    res = CliRunner().invoke(cli, ["fetch", "BKE", "--forms", "8-K", "--to", str(tmp_path / "in")])
    assert res.exit_code == 0, res.output
    names = saved(tmp_path / "in")
    assert names == ["BKE_8-K_2024-11-22_0000885245-24-000046-ex99-1.htm", "BKE_8-K_2024-11-22_0000885245-24-000046.htm"]
    assert "8-K cover page" in res.output
    docs = rows(env, "SELECT name, company_key, form FROM documents")
    assert docs == [("BUCKLE_2024_8K_dated-2024-11-22", "BUCKLE", "8-K")]


def test_429_and_500_are_retried(env, replay, tmp_path):
    replay.fail("/files/company_tickers.json", "429", "500")
    replay.fail(APPLE_DOC, "503")
    res = CliRunner().invoke(cli, ["fetch", "AAPL", "--forms", "10-Q", "--last", "1", "--no-ingest",
                                   "--to", str(tmp_path / "in")])
    assert res.exit_code == 0, res.output
    assert replay.requests_to("company_tickers.json") == 3
    assert replay.requests_to("aapl-20250628.htm") == 2
    assert saved(tmp_path / "in") == ["AAPL_10-Q_2025-06-28_0000320193-25-000073.htm"]
    assert rows(env, "SELECT count(*) FROM documents") == [(0,)]  # --no-ingest


def test_truncated_body_is_retried_then_never_saved(env, replay, tmp_path):
    replay.fail(APPLE_DOC, "truncated")
    edgar = Edgar(AGENT, replay.url, backoff_s=0.01)
    status, body, _ = edgar.get(replay.url + APPLE_DOC)
    assert status == 200 and len(body) == len(replay.routes[APPLE_DOC][0])  # the second try was whole
    replay.fail(APPLE_DOC, *["truncated"] * 4)
    res = CliRunner().invoke(cli, ["fetch", "AAPL", "--forms", "10-Q", "--last", "1", "--to", str(tmp_path / "in")])
    assert res.exit_code == 1
    assert res.output.strip().splitlines()[-1].startswith("error: EDGAR did not answer")
    assert "truncated body" in res.output
    assert saved(tmp_path / "in") == []
    assert rows(env, "SELECT count(*) FROM edgar_filings") == [(0,)]


@pytest.mark.parametrize("args,env_change,expected", [
    (["fetch", "NOSUCHTICKER"], {}, "error: unknown ticker 'NOSUCHTICKER'"),
    (["fetch", "AAPL"], {"FINCHAT_EDGAR_USER_AGENT": ""}, "error: EDGAR asks every client to name itself"),
    (["fetch", "AAPL"], {"FINCHAT_EDGAR_USER_AGENT": "just a name"}, "has no e-mail address"),
    (["fetch", "AAPL"], {"FINCHAT_EDGAR_URL": "http://127.0.0.1:9"}, "error: cannot reach EDGAR"),
])
def test_errors_are_one_line(env, tmp_path, monkeypatch, args, env_change, expected):
    for k, v in env_change.items():
        monkeypatch.setenv(k, v)
    res = CliRunner().invoke(cli, [*args, "--to", str(tmp_path / "in")])
    assert res.exit_code == 1
    lines = [ln for ln in res.output.strip().splitlines() if ln.startswith("error:")]
    assert len(lines) == 1 and expected in lines[0], res.output
    assert saved(tmp_path / "in") == []


def test_missing_document_is_a_note_not_a_failure(env, replay, tmp_path):
    del replay.routes[APPLE_DOC]
    res = CliRunner().invoke(cli, ["fetch", "AAPL", "--forms", "10-Q", "--last", "1", "--to", str(tmp_path / "in")])
    assert res.exit_code == 0, res.output
    assert "is gone (404)" in res.output and "fetched 0 filing(s)" in res.output


def test_kill_mid_download_leaves_nothing_partial(env, replay, tmp_path):
    replay.slow_s = 0.3
    replay.fail(APPLE_DOC, "slow")
    folder = tmp_path / "in"
    proc = subprocess.Popen([sys.executable, "-m", "finchat", "fetch", "AAPL", "--forms", "10-Q", "--last", "1",
                             "--to", str(folder)], env=os.environ.copy(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.time() + 60
    while time.time() < deadline and replay.requests_to("aapl-20250628.htm") == 0:
        time.sleep(0.05)
    time.sleep(1.0)  # a few pieces of the body are in
    assert proc.poll() is None, proc.communicate()
    proc.send_signal(signal.SIGKILL)
    proc.wait(30)
    assert saved(folder) == []
    assert rows(env, "SELECT count(*) FROM edgar_filings") == [(0,)]
    res = CliRunner().invoke(cli, ["fetch", "AAPL", "--forms", "10-Q", "--last", "1", "--to", str(folder)])
    assert res.exit_code == 0, res.output
    assert saved(folder) == ["AAPL_10-Q_2025-06-28_0000320193-25-000073.htm"]
    assert rows(env, "SELECT name FROM documents") == [("APPLE_2025Q3_10Q",)]


def test_choose_last_and_since():
    from datetime import date

    from finchat.edgar.fetch import choose
    from tests.edgar.replay import APPLE_10K, APPLE_10Q, APPLE_OLDER_10Q, need_edgar, submissions

    need_edgar()
    subs = submissions(320193, "Apple Inc.", ["AAPL"], [APPLE_OLDER_10Q, APPLE_10K, APPLE_10Q])
    assert [f.accession for f in choose(subs, "AAPL", 320193, ("10-Q",), None, 1)] == ["0000320193-25-000073"]
    both = choose(subs, "AAPL", 320193, ("10-K", "10-Q"), None, None)
    assert [f.form for f in both] == ["10-Q", "10-Q", "10-K"]
    assert [f.accession for f in choose(subs, "AAPL", 320193, ("10-K", "10-Q"), date(2025, 1, 1), None)] == [
        "0000320193-25-000073", "0000320193-25-000057"]
    with pytest.raises(FetchError):
        Edgar(None)

"""The chat an analyst can trust, replayed against the real database with three generated filings:
no scope carried into a question that stands alone, no other company's answer for a company that is not
stored, and no end of the session when the database goes away and comes back."""

import contextlib
import io
import json
import socket

import psycopg
import pytest
from click.testing import CliRunner
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict
from rich.console import Console

from finchat.chat.repl import Repl
from finchat.cli import cli
from finchat.config import load_settings
from finchat.retrieve.service import Service


def _dead_host() -> str:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return f"http://127.0.0.1:{port}"


@pytest.fixture
def chat(three, monkeypatch, tmp_path):
    """A REPL over the three filings with no LLM reachable; yields (repl, output buffer)."""
    monkeypatch.setenv("FINCHAT_DATABASE_URL", three)
    monkeypatch.setenv("OLLAMA_HOST", _dead_host())
    settings = load_settings()
    svc = Service.open(settings)
    out = io.StringIO()
    console = Console(file=out, width=140, force_terminal=False, color_system=None)
    with create_pipe_input() as pipe:
        repl = Repl(svc, settings, console=console, input=pipe, output=DummyOutput(), history_file=tmp_path / "h")
        yield repl, out
    svc.close()


def said(repl, out, line):
    """Feed one line to the REPL; return only what it printed for that line."""
    start = len(out.getvalue())
    repl.handle(line)
    return out.getvalue()[start:]


def documents(repl):
    return {h.document for h in repl.state.last_hits}


def test_a_question_with_its_own_company_and_topic_carries_nothing(chat):
    repl, out = chat
    said(repl, out, "What was Apple's net income in Q3 2023?")
    text = said(repl, out, "What drove Amcor's sales decline?")
    assert "carried over" not in text
    assert repl.state.last.companies == ["AMCOR"] and repl.state.last.metrics == ["revenue"]
    assert documents(repl) == {"AMCOR_2023Q2_10Q"}


def test_cash_is_a_metric_and_a_new_question_keeps_its_own_scope(chat):
    repl, out = chat
    said(repl, out, "What was PepsiCo's gross margin in Q1 2023?")
    text = said(repl, out, "How much cash did PepsiCo have at the end of Q1 2023?")
    assert "carried over" not in text
    f = repl.state.last
    assert (f.companies, f.years, f.quarters, f.metrics) == (["PEPSICO"], [2023], ["Q1"], ["cash"])


def test_an_unknown_company_is_named_never_replaced(chat):
    repl, out = chat
    said(repl, out, "What was Apple's revenue in Q3 2023?")
    text = said(repl, out, "What was Globex Corporation's revenue in 2023?")
    assert "Globex Corporation is not among the ingested filings (stored: Amcor, Apple, PepsiCo)." in text
    assert "carried over" not in text and repl.state.last_hits == []
    assert "Testco" not in text and "[1]" not in text  # no other company's passages
    # an elliptical follow-up stays with Globex
    text = said(repl, out, "and net income?")
    assert "(carried over: company Globex Corporation; year 2023)" in text
    assert "Globex Corporation is not among the ingested filings" in text and repl.state.last_hits == []


def test_unknown_company_first_and_closest_name(chat):
    repl, out = chat
    assert "Globex is not among the ingested filings" in said(repl, out, "Did Globex perform well in Q3 2023?")
    assert "Did you mean Amcor?" in said(repl, out, "What was Amcore's revenue?")
    # a known company with no filing stored is not answered from the others either
    text = said(repl, out, "What was Microsoft's revenue in 2023?")
    assert "Microsoft is not among the ingested filings" in text and repl.state.last_hits == []


def test_elliptical_follow_ups_inherit_only_what_they_lack(chat):
    repl, out = chat
    said(repl, out, "What was Apple's revenue in Q3 2023?")
    assert "(carried over: company APPLE; year 2023; quarter Q3)" in said(repl, out, "and net income?")
    assert repl.state.last.metrics == ["net_income"]
    text = said(repl, out, "what about Amcor?")
    assert "(carried over: year 2023; quarter Q3; metric net_income)" in text
    assert "(relaxed: quarter Q3)" in text and documents(repl) == {"AMCOR_2023Q2_10Q"}
    bar = repl._toolbar()
    assert "scope: AMCOR FY2023 Q2 10-Q" in bar and "LLM unreachable" in bar


def _server(three):
    parts = conninfo_to_dict(three)
    name = parts.pop("dbname")
    return psycopg.connect(**parts, dbname="postgres", autocommit=True), name


@contextlib.contextmanager
def database_down(three):
    """The chat's database refuses connections and its sessions are killed; connections return on exit."""
    admin, name = _server(three)
    try:
        admin.execute(sql.SQL("ALTER DATABASE {} ALLOW_CONNECTIONS false").format(sql.Identifier(name)))
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))
        yield
    finally:
        admin.execute(sql.SQL("ALTER DATABASE {} ALLOW_CONNECTIONS true").format(sql.Identifier(name)))
        admin.close()


def test_a_killed_connection_is_retried_transparently(chat, three):
    repl, out = chat
    said(repl, out, "What was Apple's revenue in Q3 2023?")
    admin, _ = _server(three)
    with admin:
        killed = admin.execute("SELECT pg_terminate_backend(%s)", (repl.svc.conn.info.backend_pid,)).fetchone()
    assert killed == (True,)
    text = said(repl, out, "and net income?")
    assert "error" not in text and "Traceback" not in text
    assert documents(repl) == {"APPLE_2023Q3_10Q"}


def test_the_chat_survives_the_database_going_away_and_coming_back(chat, three):
    repl, out = chat
    said(repl, out, "What was Apple's revenue in Q3 2023?")
    with database_down(three):
        text = said(repl, out, "and net income?")
        lines = [ln for ln in text.splitlines() if ln.strip()]
        assert len(lines) == 1 and lines[0].startswith("error: cannot connect to Postgres"), text
        assert "not currently accepting connections" in lines[0] and "try again" in lines[0]
        assert repl.state.last.metrics == ["revenue"]  # the conversation is kept
    text = said(repl, out, "and net income?")  # the database is back: the next question works
    assert "(carried over: company APPLE; year 2023; quarter Q3)" in text
    assert documents(repl) == {"APPLE_2023Q3_10Q"} and "error" not in text


def test_the_repl_loop_itself_survives(chat, three):
    """The whole prompt loop, fed through prompt-toolkit: the database goes away under a running chat."""
    repl, out = chat
    with database_down(three):
        repl.session.input.send_text("What was Apple's revenue in Q3 2023?\n/quit\n")
        repl.run()
    text = out.getvalue()
    assert "error: cannot connect to Postgres" in text and "Traceback" not in text


def batch_with_fault(monkeypatch, tmp_path, fault):
    """`ask --batch --no-llm --json` over three questions with ``fault()`` (a context manager) in force for the
    second one only; returns (the CLI result, its JSON lines)."""
    questions = tmp_path / "q.txt"
    questions.write_text("What was Apple's revenue in Q3 2023?\nand Amcor's revenue?\nWhat was PepsiCo's revenue?\n")
    real, calls, stack = Service.retrieve, [], contextlib.ExitStack()

    def retrieve(self, question, k=5, **kw):
        calls.append(question)
        if len(calls) == 2:
            stack.enter_context(fault())
        elif len(calls) == 3:
            stack.close()
        return real(self, question, k, **kw)

    monkeypatch.setattr(Service, "retrieve", retrieve)
    try:
        res = CliRunner().invoke(cli, ["ask", "--batch", str(questions), "--no-llm", "--json"])
    finally:
        stack.close()
    return res, [json.loads(ln) for ln in res.output.splitlines() if ln.startswith("{")]


def test_ask_batch_goes_on_after_a_failing_question(three, monkeypatch, tmp_path):
    monkeypatch.setenv("FINCHAT_DATABASE_URL", three)
    res, lines = batch_with_fault(monkeypatch, tmp_path, lambda: database_down(three))
    assert res.exit_code == 1
    assert [bool(ln.get("chunks")) for ln in lines] == [True, False, True]
    assert lines[1]["error"].startswith("cannot connect to Postgres")
    assert "1 of 3 questions failed" in res.output


def test_unknown_company_in_ask_json(three, monkeypatch):
    monkeypatch.setenv("FINCHAT_DATABASE_URL", three)
    res = CliRunner().invoke(cli, ["ask", "--no-llm", "--json", "What was Globex Corporation's revenue in 2023?"])

    got = json.loads(res.output)
    assert res.exit_code == 0 and got["chunks"] == [] and got["missing_companies"] == ["Globex Corporation"]
    assert got["notice"].startswith("Globex Corporation is not among the ingested filings (stored: Amcor, Apple, PepsiCo)")


def test_db_status_lists_the_filings(three, monkeypatch):
    monkeypatch.setenv("FINCHAT_DATABASE_URL", three)
    res = CliRunner().invoke(cli, ["db", "status"])
    assert res.exit_code == 0
    rows = [ln.split() for ln in res.output.splitlines() if ln.endswith(("_10Q", "_EARNINGS"))]
    assert [r[0] for r in rows] == ["Amcor", "Apple", "PepsiCo"]
    assert rows[1][:4] == ["Apple", "10-Q", "FY2023", "Q3"] and rows[1][-1] == "APPLE_2023Q3_10Q"

    got = json.loads(CliRunner().invoke(cli, ["db", "status", "--json"]).output)
    apple = next(f for f in got["filings"] if f["document"] == "APPLE_2023Q3_10Q")
    assert apple["form"] == "10-Q" and apple["pages"] > 0 and apple["chunks"] > 0 and apple["facts"] > 0


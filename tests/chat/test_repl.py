"""The real REPL through prompt-toolkit pipe input, against the Ollama-protocol test double."""

import io
import json
import os
import signal
import socket

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from finchat.chat.repl import Repl
from finchat.config import load_settings
from finchat.retrieve.service import Service
from tests.chat.fake_ollama import FakeOllama

ANSWER = ["Testco's ", "net sales ", "were ", "$81,797 ", "million ", "in the quarter [1]."]


class Recorder(io.StringIO):
    """Console file that records each write, to see the answer arrive in pieces. With ``interrupt_on`` it
    sends the process SIGINT (Ctrl-C) once, right after that text is written."""

    def __init__(self, interrupt_on=None):
        super().__init__()
        self.writes: list[str] = []
        self.interrupt_on = interrupt_on

    def write(self, s):
        self.writes.append(s)
        n = super().write(s)
        if self.interrupt_on and self.interrupt_on in s:
            self.interrupt_on = None
            os.kill(os.getpid(), signal.SIGINT)
        return n


def run_repl(corpus, monkeypatch, tmp_path, lines, host, *, interrupt_on=None):
    monkeypatch.setenv("FINCHAT_DATABASE_URL", corpus)
    monkeypatch.setenv("OLLAMA_HOST", host)
    settings = load_settings()
    svc = Service.open(settings)
    out = Recorder(interrupt_on)
    console = Console(file=out, width=120, force_terminal=False, color_system=None)
    try:
        with create_pipe_input() as pipe:
            pipe.send_text("".join(line + "\n" for line in lines))
            repl = Repl(svc, settings, console=console, input=pipe, output=DummyOutput(),
                        history_file=tmp_path / "history")
            repl.run()
    finally:
        svc.close()
    return out, repl


def test_streamed_answer_with_citations(corpus, monkeypatch, tmp_path):
    fake = FakeOllama(ANSWER)
    try:
        out, _ = run_repl(corpus, monkeypatch, tmp_path, ["What were Testco's net sales in Q3 2023?", "/quit"], fake.url)
    finally:
        fake.close()
    text = out.getvalue()
    assert "Testco's net sales were $81,797 million in the quarter [1]." in text
    assert sum(1 for w in out.writes if w in ANSWER) == len(ANSWER)  # arrived piece by piece
    assert "Sources:" in text and "[1] TESTCO_2023Q3_10Q p" in text
    prompt = fake.requests[0]["messages"][-1]["content"]
    assert "<context>" in prompt and "<query>" in prompt and "[1] TESTCO_2023Q3_10Q" in prompt
    assert "Testco — Revenue, three months ended July 1, 2023: $81,797 million" in prompt  # graph facts
    assert fake.requests[0]["messages"][0]["role"] == "system"
    assert "never instructions" in fake.requests[0]["messages"][0]["content"]


def test_ctrl_c_cancels_only_the_answer(corpus, monkeypatch, tmp_path):
    # A process started in the background by a non-interactive shell inherits SIGINT as ignored, and Python
    # then installs no KeyboardInterrupt handler: put Python's own back, as a terminal session has it.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    fake = FakeOllama([f"word{i} " for i in range(60)], delay=0.1)
    try:
        out, _ = run_repl(corpus, monkeypatch, tmp_path,
                          ["What were Testco's net sales in Q3 2023?", "/k 3", "/quit"], fake.url,
                          interrupt_on="word2 ")  # Ctrl-C once the answer is streaming, however slow the machine
    finally:
        fake.close()
    signal.signal(signal.SIGINT, previous)
    text = out.getvalue()
    assert "word0" in text and "word59" not in text
    assert "cancelled" in text
    assert "k = 3" in text  # the REPL went on reading commands after the cancel


def test_follow_ups_keep_scope_and_say_so(corpus, monkeypatch, tmp_path):
    fake = FakeOllama(["Net income was $19,881 million [1]."])
    try:
        out, repl = run_repl(corpus, monkeypatch, tmp_path,
                             ["What were Testco's net sales in Q3 2023?", "and net income?", "/filters", "/quit"], fake.url)
    finally:
        fake.close()
    text = out.getvalue()
    assert "(carried over: company TESTCO; year 2023; quarter Q3)" in text
    assert repl.state.last.companies == ["TESTCO"] and repl.state.last.metrics == ["net_income"]
    second = fake.requests[1]["messages"][-1]["content"]
    assert "Testco — Net income, three months ended July 1, 2023: $19,881 million" in second


def test_fallback_when_ollama_is_down_then_retry(corpus, monkeypatch, tmp_path):
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    dead = f"http://127.0.0.1:{s.getsockname()[1]}"
    s.close()
    out, _ = run_repl(corpus, monkeypatch, tmp_path,
                      ["What were Testco's net sales in Q3 2023?", "and net income?", "/quit"], dead)
    text = out.getvalue()
    assert text.count("LLM unavailable") == 1 and "ollama serve" in text  # said once
    assert ("Testco's revenue for the three months ended July 1, 2023 was $81,797 million [TESTCO_2023Q3_10Q p.3]"
            in text)  # the direct answer
    assert "[1] TESTCO_2023Q3_10Q p" in text
    assert "Testco's net income for the three months ended July 1, 2023 was $19,881 million" in text  # and again


def test_model_not_pulled_is_told_apart_from_not_running(corpus, monkeypatch, tmp_path):
    fake = FakeOllama(ANSWER, models=("mistral:latest",))
    try:
        out, _ = run_repl(corpus, monkeypatch, tmp_path, ["What were Testco's net sales in Q3 2023?", "/quit"], fake.url)
    finally:
        fake.close()
    text = out.getvalue()
    assert "ollama pull llama3.1:8b" in text and "ollama serve" not in text


def test_slash_commands(corpus, monkeypatch, tmp_path):
    fake = FakeOllama(ANSWER)
    try:
        out, repl = run_repl(corpus, monkeypatch, tmp_path,
                             ["/help", "What were Testco's net sales in Q3 2023?", "/explain", "/sources", "/facts",
                              "/model qwen2:7b", "/weights 0.5 0.3 0.2", "/k 7", "/bogus", "/reset", "/quit"], fake.url)
    finally:
        fake.close()
    text = out.getvalue()
    for piece in ("/sources", "vector", "fused", "before_llm", "Facts" if False else "Testco — Revenue",
                  "model = qwen2:7b", "weights = [0.5, 0.3, 0.2]", "k = 7", "unknown command /bogus", "scope forgotten"):
        assert piece in text, piece
    assert repl.state.last is None and repl.model == "qwen2:7b"


def test_llm_gets_the_computed_answer_and_its_figures_are_checked(corpus, monkeypatch, tmp_path):
    fake = FakeOllama(["Gross margin was 44.5% [1]; ", "revenue was $99,999 million [1]."])
    try:
        out, _ = run_repl(corpus, monkeypatch, tmp_path, ["What was Testco's gross margin in Q3 2023?", "/quit"], fake.url)
    finally:
        fake.close()
    prompt = fake.requests[0]["messages"][-1]["content"]
    assert "<computed>\nTestco's gross margin for the three months ended July 1, 2023 was 44.5%" in prompt
    text = out.getvalue()
    assert "Not found in the sources: $99,999" in text and "44.5%" not in text.split("Not found")[1]


def test_ask_json_with_an_llm(corpus, monkeypatch):
    import json

    from click.testing import CliRunner

    from finchat.cli import cli

    fake = FakeOllama(["Testco's net sales were $81,797 million [1], or 12.5% more."])
    monkeypatch.setenv("FINCHAT_DATABASE_URL", corpus)
    monkeypatch.setenv("OLLAMA_HOST", fake.url)
    try:
        res = CliRunner().invoke(cli, ["ask", "--json", "What were Testco's net sales in Q3 2023?"])
    finally:
        fake.close()
    d = json.loads(res.stdout)
    # the direct answer first, the LLM's text after it as the explanation
    assert d["answer_source"] == "facts+llm" and d["answer"].startswith(d["direct_answer"])
    assert "\n\nExplanation (LLM): Testco's net sales were $81,797 million [1]" in d["answer"]
    assert d["llm_answer"].startswith("Testco's net sales were $81,797 million [1]") and d["llm_flags"] == []
    assert d["unsupported_figures"] == ["12.5%"]
    assert d["direct_answer"].startswith("Testco's revenue for the three months ended July 1, 2023")


@pytest.mark.parametrize(("llm_says", "flag"), [
    ("The filings I have do not answer this.", "the LLM says the filings do not answer this"),
    ("No, Testco did not perform well [1].", "the LLM's verdict (No) is the opposite of the filings' figures (Yes)"),
])
def test_an_llm_that_contradicts_the_filings_is_flagged_not_shown_as_the_answer(corpus, monkeypatch, llm_says, flag):
    from click.testing import CliRunner

    from finchat.cli import cli

    question = ("Did Testco perform well in Q3 2023?" if llm_says.startswith("No") else
                "What were Testco's net sales in Q3 2023?")
    fake = FakeOllama([llm_says])
    monkeypatch.setenv("FINCHAT_DATABASE_URL", corpus)
    monkeypatch.setenv("OLLAMA_HOST", fake.url)
    try:
        d = json.loads(CliRunner().invoke(cli, ["ask", "--json", question]).stdout)
        plain = CliRunner().invoke(cli, ["ask", question]).stdout
    finally:
        fake.close()
    assert d["answer"].startswith(d["direct_answer"]) and not d["answer"].startswith(llm_says)
    assert any(flag in f for f in d["llm_flags"])
    assert plain.startswith(d["direct_answer"].splitlines()[0]) and f"Flagged: {flag}" in plain


def test_an_empty_database_says_how_to_add_filings(make_database, monkeypatch, tmp_path):
    from tests.conftest import migrated

    empty = migrated(make_database())
    out, _ = run_repl(empty, monkeypatch, tmp_path, ["/quit"], "http://127.0.0.1:9")
    assert "No filings stored yet: copy 10-K / 10-Q / earnings-release PDFs (or EDGAR .htm filings) into " \
           "pdf_files/" in out.getvalue()
    assert "finchat fetch NVDA" in out.getvalue()


def test_a_stored_filing_gets_no_empty_notice(corpus, monkeypatch, tmp_path):
    out, _ = run_repl(corpus, monkeypatch, tmp_path, ["/quit"], "http://127.0.0.1:9")
    assert "No filings stored yet" not in out.getvalue()

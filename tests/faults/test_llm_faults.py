"""The LLM dying under an answer — the connection cut mid-stream, a 500, a stall past the timeout — in the
chat and in `ask`: what streamed stays, one line says why, the answer from the filings follows, and
nothing hangs. The Ollama-protocol test double plays the failing server."""

from __future__ import annotations

import time

import pytest
from click.testing import CliRunner

from finchat.cli import cli
from tests.chat.fake_ollama import FakeOllama
from tests.chat.test_repl import ANSWER, run_repl

pytestmark = pytest.mark.faults

QUESTION = "What were Testco's net sales in Q3 2023?"
DIRECT = "Testco's revenue for the three months ended July 1, 2023 was $81,797 million"


@pytest.mark.parametrize("fault", ["cut", "stall"])
def test_the_chat_keeps_what_streamed_says_why_and_answers_from_the_filings(corpus, monkeypatch, tmp_path, fault):
    fake = (FakeOllama(ANSWER, cut_after=3) if fault == "cut" else FakeOllama(ANSWER, stall_after=2, stall=5.0))
    monkeypatch.setenv("FINCHAT_LLM_TIMEOUT", "1")
    t0 = time.monotonic()
    try:
        out, _ = run_repl(corpus, monkeypatch, tmp_path, [QUESTION, "and net income?", "/quit"], fake.url)
    finally:
        fake.close()
    text = out.getvalue()
    shown = "".join(ANSWER[: 3 if fault == "cut" else 2])
    assert shown in text  # what streamed stays on screen
    assert text.count("LLM stopped mid-answer:") == 2 and "Traceback" not in text
    # the filings' answer first, then what streamed, then why it stopped
    assert text.index(DIRECT) < text.index(shown) < text.index("LLM stopped mid-answer:")
    assert "net income for the three months ended July 1, 2023 was $19,881 million" in text  # the next question too
    assert time.monotonic() - t0 < 30  # a 5 s stall per answer is cut at the 1 s timeout


def test_a_500_from_ollama_is_one_line_and_the_filings_answer(corpus, monkeypatch, tmp_path):
    fake = FakeOllama(ANSWER, status=500)
    try:
        out, _ = run_repl(corpus, monkeypatch, tmp_path, [QUESTION, "/quit"], fake.url)
    finally:
        fake.close()
    text = out.getvalue()
    assert "LLM unavailable: Ollama error: llama runner process has terminated" in text
    assert DIRECT in text and "Traceback" not in text


@pytest.mark.parametrize("fault", ["cut", "500", "stall"])
def test_ask_falls_back_with_one_line(corpus, monkeypatch, fault):
    fake = {"cut": lambda: FakeOllama(ANSWER, cut_after=2), "500": lambda: FakeOllama(ANSWER, status=500),
            "stall": lambda: FakeOllama(ANSWER, stall_after=1, stall=5.0)}[fault]()
    monkeypatch.setenv("FINCHAT_DATABASE_URL", corpus)
    monkeypatch.setenv("OLLAMA_HOST", fake.url)
    monkeypatch.setenv("FINCHAT_LLM_TIMEOUT", "1")
    try:
        res = CliRunner().invoke(cli, ["ask", QUESTION])
    finally:
        fake.close()
    assert res.exit_code == 0, res.output
    notes = [line for line in res.output.splitlines() if line.startswith("note:")]
    assert len(notes) == 1 and "answering from the filings without an LLM" in notes[0], res.output
    assert DIRECT in res.output and "Traceback" not in res.output

"""The database crashing (`pg_ctl stop -m immediate`) and coming back under a running ingest, a chat and
`ask --batch`: the ingest names the failure in one line and a re-run completes it; the chat and the batch
answer again once the database is back. Runs where the test server is `scripts/pg-local` (CI, this repo's
machine); skipped against another server, which the tests must not stop."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from psycopg.conninfo import conninfo_to_dict

from tests.chat.test_chat_trust import batch_with_fault, chat, said  # noqa: F401  (the REPL fixture over the three filings)
from tests.conftest import REPO
from tests.faults.test_kill_ingest import _env, _state, fault_db  # noqa: F401
from tests.pdfgen import make_filing

pytestmark = pytest.mark.faults
PG_LOCAL = REPO / "scripts" / "pg-local"


def _pg_local_serves(url: str) -> bool:
    if os.geteuid() != 0 or subprocess.run([PG_LOCAL, "status"], capture_output=True, check=False).returncode != 0:
        return False
    ours = conninfo_to_dict(subprocess.run([PG_LOCAL, "dsn"], capture_output=True, text=True, check=False).stdout.strip())
    theirs = conninfo_to_dict(url)
    return (ours.get("host"), str(ours.get("port"))) == (theirs.get("host"), str(theirs.get("port")))


@contextlib.contextmanager
def crashed():
    """The server stopped as a crash would, for the duration; then started again (crash recovery)."""
    subprocess.run([PG_LOCAL, "down", "--immediate"], check=True, capture_output=True)
    try:
        yield
    finally:
        subprocess.run([PG_LOCAL, "up"], check=True, capture_output=True)


@pytest.fixture
def pg_local(server_url):  # type: ignore[no-untyped-def]
    if not _pg_local_serves(server_url):
        pytest.skip("the test server is not scripts/pg-local (run as root with it up)")


def test_the_chat_answers_again_after_a_crash(pg_local, chat):  # noqa: F811
    repl, out = chat
    said(repl, out, "What was Apple's revenue in Q3 2023?")
    with crashed():
        text = said(repl, out, "and net income?")
        lines = [ln for ln in text.splitlines() if ln.strip()]
        assert len(lines) == 1 and lines[0].startswith("error: cannot connect to Postgres"), text
    text = said(repl, out, "and net income?")
    assert "Traceback" not in text and "error" not in text
    assert {h.document for h in repl.state.last_hits} == {"APPLE_2023Q3_10Q"}


def test_ask_batch_answers_again_after_a_crash(pg_local, three, monkeypatch, tmp_path):
    monkeypatch.setenv("FINCHAT_DATABASE_URL", three)
    res, lines = batch_with_fault(monkeypatch, tmp_path, crashed)  # crashed before the second question, back for the third
    assert [bool(ln.get("chunks")) for ln in lines] == [True, False, True], res.output
    assert lines[1]["error"].startswith("cannot connect to Postgres") and "Traceback" not in res.output


def test_an_ingest_under_a_crash_names_it_and_a_rerun_completes(pg_local, fault_db, tmp_path):  # noqa: F811
    from tests.conftest import wipe_documents

    folder = tmp_path / "filings"
    folder.mkdir()
    names = {"APPLE_2023Q3_10Q.pdf": "Apple Inc.", "AMCOR_2023Q2_10Q.pdf": "Amcor plc", "NIKE_2023Q1_10Q.pdf": "NIKE, Inc."}
    for name, company in names.items():
        make_filing(folder / name, company=company, statement_rows=13, prose_paragraphs=4)
    wipe_documents(fault_db)
    env = _env(fault_db, tmp_path / "md")
    proc = subprocess.Popen([sys.executable, "-m", "finchat", "ingest", str(folder), "--trace", "--jobs", "1"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None and proc.stdout is not None
    err, embeds = [], 0
    with contextlib.ExitStack() as stack:
        for line in proc.stderr:
            err.append(line)
            if line.startswith("stage: embed"):
                embeds += 1
                if embeds == 2:  # the first filing committed, the second in flight
                    stack.enter_context(crashed())
                    break
        err.extend(proc.stderr)
        out = proc.stdout.read()
        proc.wait(timeout=120)
    text = out + "".join(err)
    assert proc.returncode == 1 and "Traceback" not in text, text
    problems = [ln for ln in text.splitlines() if ln.startswith("error:")]
    assert len(problems) == 1 and "Postgres" in problems[0], text
    state = _state(fault_db)
    assert not state["broken"] and 1 <= len(state["documents"]) < 3, state  # type: ignore[arg-type]
    rerun = subprocess.run([sys.executable, "-m", "finchat", "ingest", str(folder)], env=env, capture_output=True,
                           text=True, timeout=300, check=False)
    assert rerun.returncode == 0, rerun.stdout + rerun.stderr
    after = _state(fault_db)
    assert not after["broken"] and sorted(after["documents"]) == sorted(Path(n).stem for n in names)  # type: ignore[arg-type]

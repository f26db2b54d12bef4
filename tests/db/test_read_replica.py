"""FINCHAT_READ_DATABASE_URL: questions are read from the replica, writes stay on the primary. The
"replica" here is a second database opened read-only (default_transaction_read_only), so any write
through it would fail."""

from __future__ import annotations

import json

from click.testing import CliRunner
from psycopg.conninfo import make_conninfo

from finchat.cli import cli
from finchat.db.pool import connect
from tests.conftest import migrated
from tests.pdfgen import make_filing

QUESTION = "What were Testco's net sales in Q3 2023?"


def test_questions_read_from_the_replica_and_writes_stay_on_the_primary(corpus, make_database, monkeypatch, tmp_path):
    primary = migrated(make_database("finchat_primary"))
    replica = make_conninfo(corpus, options="-c default_transaction_read_only=on")
    monkeypatch.setenv("FINCHAT_DATABASE_URL", primary)
    monkeypatch.setenv("OLLAMA_HOST", "http://127.0.0.1:9")
    runner = CliRunner()

    alone = runner.invoke(cli, ["ask", "--json", "--no-llm", QUESTION])  # the primary holds no filing
    assert "Testco's revenue" not in alone.output

    monkeypatch.setenv("FINCHAT_READ_DATABASE_URL", replica)
    res = runner.invoke(cli, ["ask", "--json", "--no-llm", QUESTION])
    assert res.exit_code == 0, res.output
    d = json.loads(res.stdout)
    assert d["direct_answer"].startswith("Testco's revenue for the three months ended July 1, 2023"), d

    doctor = runner.invoke(cli, ["doctor"])
    line = next(x for x in doctor.output.splitlines() if "read replica" in x)
    assert line.startswith("warn") and "not in recovery" in line, line
    config = runner.invoke(cli, ["config"])
    row = next(x for x in config.output.splitlines() if x.startswith("FINCHAT_READ_DATABASE_URL "))
    assert "password=***" in row and "password=finchat" not in row, row

    make_filing(tmp_path / "NIKE_2023Q1_10Q.pdf", company="NIKE, Inc.", statement_rows=13, prose_paragraphs=3)
    monkeypatch.setenv("FINCHAT_MD_DIR", str(tmp_path / "md"))
    ingest = runner.invoke(cli, ["ingest", str(tmp_path / "NIKE_2023Q1_10Q.pdf")])
    assert ingest.exit_code == 0, ingest.output  # through the read-only "replica" it could not have written
    with connect(primary) as conn:
        assert conn.execute("SELECT name FROM documents").fetchall() == [("NIKE_2023Q1_10Q",)]


def test_a_dead_replica_is_one_line_with_the_fix(corpus, monkeypatch):
    monkeypatch.setenv("FINCHAT_DATABASE_URL", corpus)
    monkeypatch.setenv("FINCHAT_READ_DATABASE_URL", "postgresql://finchat:secret@127.0.0.1:9/finchat")
    res = CliRunner().invoke(cli, ["ask", "--no-llm", QUESTION])
    assert res.exit_code != 0
    lines = [x for x in res.output.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: cannot connect to Postgres at 127.0.0.1:9"), res.output
    assert "secret" not in res.output

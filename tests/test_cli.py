"""The CLI end to end, in process, against a real throw-away database."""

import socket

import psycopg
from click.testing import CliRunner

from finchat.cli import cli
from finchat.db.pool import close_pool


def _dead_url() -> str:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nothing listens there now
    return f"postgresql://finchat:finchat@127.0.0.1:{port}/finchat"


def test_db_init_twice_then_status_and_doctor(make_database, monkeypatch):
    url = make_database()
    monkeypatch.setenv("FINCHAT_DATABASE_URL", url)
    monkeypatch.setenv("FINCHAT_EMBED_MODEL", "all-MiniLM-L6-v2")
    monkeypatch.setenv("OLLAMA_HOST", "http://127.0.0.1:9")
    runner = CliRunner()
    first = runner.invoke(cli, ["db", "init"])
    assert first.exit_code == 0, first.output
    assert "applied migrations: 001_core" in first.output
    assert "all-MiniLM-L6-v2 (384 dims)" in first.output
    second = runner.invoke(cli, ["db", "init"])
    assert second.exit_code == 0 and "schema up to date" in second.output
    status = runner.invoke(cli, ["db", "status"])
    from finchat.db import migrate

    newest = migrate.available()[-1].version
    assert f"version {newest} of {newest}" in status.output and "finchat_kg present" in status.output
    with psycopg.connect(url) as conn:  # vectors stay in the heap row (sql/005_embedding_inline.sql)
        storage = conn.execute("SELECT attstorage FROM pg_attribute WHERE attrelid = 'chunks'::regclass"
                               " AND attname = 'embedding'").fetchone()
    assert storage == ("p",)
    doc = runner.invoke(cli, ["doctor"])
    assert doc.exit_code == 0, doc.output
    assert "ok   extension vector: version 0.8" in doc.output
    assert "ok   extension age: version 1.5" in doc.output
    assert "warn ollama" in doc.output and "ollama serve" in doc.output  # optional: a warning, exit 0
    assert "ok   embedding model: all-MiniLM-L6-v2 loads" in doc.output
    assert "No filings stored yet" in status.output
    close_pool()


def _initialised_with_minilm(make_database, monkeypatch):
    """A fresh database after `finchat db init` with the packaged MiniLM; returns the runner."""
    monkeypatch.setenv("FINCHAT_DATABASE_URL", make_database())
    monkeypatch.setenv("FINCHAT_EMBED_MODEL", "all-MiniLM-L6-v2")
    runner = CliRunner()
    assert runner.invoke(cli, ["db", "init"]).exit_code == 0
    return runner


def test_a_different_model_later_is_refused(make_database, monkeypatch, tiny_bert):
    runner = _initialised_with_minilm(make_database, monkeypatch)
    monkeypatch.setenv("FINCHAT_EMBED_MODEL", str(tiny_bert))
    res = runner.invoke(cli, ["db", "init"])
    assert res.exit_code == 1
    assert "built with all-MiniLM-L6-v2" in res.output
    assert "Traceback" not in res.output


def test_dead_database_is_one_line_with_the_fix(monkeypatch):
    monkeypatch.setenv("FINCHAT_DATABASE_URL", _dead_url())
    monkeypatch.setenv("OLLAMA_HOST", "http://127.0.0.1:9")
    runner = CliRunner()
    for args in (["db", "init"], ["db", "status"]):
        res = runner.invoke(cli, args)
        assert res.exit_code == 1
        lines = [ln for ln in res.output.splitlines() if ln.strip()]
        assert len(lines) == 1, res.output
        assert lines[0].startswith("error: cannot connect to Postgres") and "scripts/pg-local up" in lines[0]
    doc = runner.invoke(cli, ["doctor"])
    assert doc.exit_code == 1
    assert "FAIL database" in doc.output and "scripts/pg-local up" in doc.output
    assert "Traceback" not in doc.output
    # nothing that depends on the database is reported as if it had been checked
    # (the reranker and Ollama are checked without the database: optional, ok or warn)
    labels = [ln.split(":")[0] for ln in doc.output.splitlines()]
    assert labels[0] == "FAIL database" and labels[2] == "warn ollama" and labels[1].endswith(" reranker")


def test_doctor_fails_when_a_required_part_is_missing(make_database, monkeypatch):
    monkeypatch.setenv("FINCHAT_DATABASE_URL", make_database())  # a database without `finchat db init`
    monkeypatch.setenv("OLLAMA_HOST", "http://127.0.0.1:9")
    doc = CliRunner().invoke(cli, ["doctor"])
    assert doc.exit_code == 1
    assert "FAIL schema: not created; run `finchat db init`" in doc.output
    close_pool()


def test_reset_starts_over(make_database, monkeypatch, tiny_bert):
    runner = _initialised_with_minilm(make_database, monkeypatch)
    monkeypatch.setenv("FINCHAT_EMBED_MODEL", str(tiny_bert))
    res = runner.invoke(cli, ["db", "init", "--reset"])
    assert res.exit_code == 0, res.output
    assert "applied migrations: 001_core, 002_graph, 003_graph_labels, 004_llm_cache" in res.output
    assert "(32 dims)" in res.output
    close_pool()

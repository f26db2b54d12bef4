"""No database password in anything finchat prints — `config`, `doctor`, one-line errors, tracebacks with
FINCHAT_DEBUG=1 — and the bundled database and LLM listen on loopback only."""

from __future__ import annotations

import re
import socket

import pytest
from click.testing import CliRunner

from finchat.cli import cli
from tests.conftest import REPO

SECRET = "s3cr3t-Pa55"


def _dead_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


@pytest.mark.parametrize("dsn", [
    "postgresql://finchat:{pw}@127.0.0.1:{port}/finchat",
    "host=127.0.0.1 port={port} dbname=finchat user=finchat password={pw}",
    "host=127.0.0.1 port={port} dbname=finchat user=finchat password='{pw} x'",
    "postgresql://finchat@127.0.0.1:{port}/finchat?password={pw}&connect_timeout=2",
])
@pytest.mark.parametrize("command", [["config"], ["doctor"], ["db", "status"], ["ask", "--no-llm", "Apple revenue?"],
                                     ["graph", "facts", "Apple"], ["db", "init"]])
@pytest.mark.parametrize("debug", ["0", "1"])
def test_no_password_in_output_or_errors(monkeypatch, dsn, command, debug):
    monkeypatch.setenv("FINCHAT_DATABASE_URL", dsn.format(pw=SECRET, port=_dead_port()))
    monkeypatch.setenv("FINCHAT_DEBUG", debug)
    monkeypatch.setenv("OLLAMA_HOST", f"http://127.0.0.1:{_dead_port()}")
    res = CliRunner().invoke(cli, command)
    text = res.output + (repr(res.exception) if res.exception and not isinstance(res.exception, SystemExit) else "")
    assert SECRET not in text, text
    if command != ["config"]:
        assert res.exit_code != 0


def test_config_shows_the_masked_dsn(monkeypatch):
    monkeypatch.setenv("FINCHAT_DATABASE_URL", f"postgresql://finchat:{SECRET}@db.internal:5432/finchat")
    res = CliRunner().invoke(cli, ["config"])
    assert "postgresql://finchat:***@db.internal:5432/finchat" in res.output and SECRET not in res.output


def test_the_bundled_database_and_llm_listen_on_loopback_only():
    pg_local = (REPO / "scripts" / "pg-local").read_text()
    assert re.search(r"^listen_addresses = '127\.0\.0\.1'$", pg_local, re.MULTILINE)
    assert not re.search(r"listen_addresses\s*=\s*'(\*|0\.0\.0\.0)'", pg_local)
    compose = (REPO / "docker-compose.yml").read_text()
    ports = re.findall(r'^\s*-\s*"([^"]+)"\s*$', compose, re.MULTILINE)
    assert ports and all(p.startswith("127.0.0.1:") for p in ports), ports

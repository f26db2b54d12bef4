"""Property-based: every path from user text to SQL or Cypher — questions, company names, `--metric`,
`graph facts`, `graph cypher`, slash commands — answers or fails with one line of FinchatError, and no row of
any table changes. Cypher stays read-only whatever is typed."""

from __future__ import annotations

import io

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from finchat.cli import cli
from finchat.db.pool import GRAPH_NAME, connect
from finchat.errors import FinchatError, QueryError
from finchat.graph.query import read_only_cypher

CHECKS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
#: text an attacker or a careless paste would send: SQL/Cypher metacharacters, quotes, dollar-quotes, NULs,
#: control characters, unicode — mixed with words finchat reacts to
HOSTILE = st.lists(st.sampled_from([
    "'", '"', ";", "--", "/*", "*/", "$$", "$q$", "\\", "\x00", "\n", "%", "_", "(", ")", "{", "}", "[", "]",
    "DROP TABLE chunks", "'; DELETE FROM documents; --", "$$); DROP TABLE documents; --", "OR 1=1", "UNION SELECT",
    "Apple", "Amcor", "PepsiCo", "revenue", "net income", "Q3 2023", "FY2022", "10-K", "cash", "é", "漢字", "🙂",
    "MATCH (n) DETACH DELETE n", "CREATE (x:Company)", "pg_sleep(10)", "lo_import('/etc/passwd')",
]), min_size=1, max_size=8).map(" ".join) | st.text(max_size=80)


def counts(url: str) -> dict[str, int]:
    """Rows of every table finchat owns (public schema and the graph's label tables)."""
    with connect(url) as conn:
        tables = conn.execute(
            "SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) FROM pg_class c JOIN pg_namespace n "
            "ON n.oid = c.relnamespace WHERE c.relkind = 'r' AND n.nspname IN ('public', %s)", (GRAPH_NAME,)).fetchall()
        return {t: int(conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]) for (t,) in tables}  # names from the catalog


def one_line_or_answer(res) -> None:  # type: ignore[no-untyped-def]
    assert "Traceback" not in res.output, res.output
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        raise res.exception
    errors = [line for line in res.output.splitlines() if line.startswith("error:")]
    assert len(errors) <= 1, res.output


@pytest.fixture(scope="module")
def held(three):  # type: ignore[no-untyped-def]
    return three, counts(three)


@CHECKS
@given(text=HOSTILE)
def test_questions_and_company_names(held, monkeypatch, text):
    url, before = held
    monkeypatch.setenv("FINCHAT_DATABASE_URL", url)
    for args in (["ask", "--no-llm", "--json", text], ["ask", "--no-llm", f"What was {text}'s revenue in 2023?"],
                 ["graph", "facts", text or "x"], ["graph", "facts", "Apple", "--metric", text or "x"]):
        one_line_or_answer(CliRunner().invoke(cli, args))
    assert counts(url) == before


WRITES = ["CREATE (n:Company {key: 'X'}) RETURN n", "MATCH (n) DETACH DELETE n RETURN 1",
          "MATCH (c:Company) SET c.name = 'x' RETURN c", "MERGE (n:Metric {key: 'y'}) RETURN n",
          "MATCH (c:Company) REMOVE c.name RETURN c", "LOAD CSV FROM 'file:///etc/passwd' AS l RETURN l",
          "CALL db.labels() YIELD label RETURN label", "MATCH (n) RETURN n; DROP TABLE documents",
          "MATCH (n) RETURN n $$) AS (n agtype); DELETE FROM documents; --",
          "MATCH (n) WITH n cReAtE (m:Company) RETURN m", "MATCH (n) RETURN n\x00; DROP TABLE chunks"]


@pytest.mark.parametrize("query", WRITES)
def test_cypher_writes_and_escapes_are_refused(held, query):
    url, before = held
    with connect(url) as conn, pytest.raises(QueryError):
        read_only_cypher(conn, query)
    assert counts(url) == before


@CHECKS
@given(query=HOSTILE, prefix=st.sampled_from(["MATCH (c:Company) RETURN ", "MATCH (n) WHERE n.key = '", "RETURN ", ""]))
def test_any_cypher_text_is_read_only(held, query, prefix):
    url, before = held
    with connect(url) as conn:
        try:
            read_only_cypher(conn, prefix + query)
        except FinchatError as exc:
            assert "\n" not in str(exc)
    assert counts(url) == before


@CHECKS
@given(line=HOSTILE, command=st.sampled_from(["/k", "/filters", "/sources", "/explain", "/facts", "/weights",
                                                "/model", "/company", "/nonsense", "/clear", "/history"]))
def test_slash_commands(held, monkeypatch, tmp_path, line, command):
    from rich.console import Console

    from finchat.chat.repl import Repl
    from finchat.config import load_settings
    from finchat.retrieve.service import Service

    url, before = held
    monkeypatch.setenv("FINCHAT_DATABASE_URL", url)
    settings_ = load_settings()
    svc = Service.open(settings_)
    try:
        repl = Repl(svc, settings_, console=Console(file=io.StringIO(), width=100), history_file=tmp_path / "h")
        repl.command(f"{command} {line}")
    finally:
        svc.close()
    assert counts(url) == before

"""The graph in AGE: built with each document, replaced on re-ingest, no orphans, PRECEDES, Cypher guard."""

import psycopg
import pytest
from click.testing import CliRunner

from finchat.cli import cli
from finchat.config import load_settings
from finchat.db.pool import connect
from finchat.errors import QueryError
from finchat.graph.build import build_document_graph, delete_subgraph
from finchat.graph.query import facts, graph_scores, read_only_cypher, stats
from finchat.ingest.pipeline import IngestOptions, ingest
from finchat.graph.build import after_load
from tests.conftest import wipe_documents
from tests.pdfgen import make_filing


@pytest.fixture
def env(env_db, tmp_path, monkeypatch):
    monkeypatch.setenv("FINCHAT_MD_DIR", str(tmp_path / "md"))
    wipe_documents(env_db)
    return env_db


def test_ingest_builds_facts_and_reingest_is_idempotent(env, tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    make_filing(folder / "TESTCO_2023Q3_10Q.pdf", statement_rows=13)
    opts = IngestOptions(after_load=after_load)
    ingest([folder], load_settings(), opts)
    with connect(env) as conn:
        got = facts(conn, ["TESTCO"], ["revenue", "eps_diluted", "net_income"])
        shown = {(f.metric, f.period_label): f.value for f in got}
        assert shown[("revenue", "Three Months Ended July 1, 2023")] == 81797
        assert shown[("net_income", "Three Months Ended June 25, 2022")] == 19442
        assert shown[("eps_diluted", "Three Months Ended July 1, 2023")] == 1.26
        assert {f.printed for f in got if f.metric == "eps_diluted" and f.value == 1.26} == {"1.26"}
        assert all(f.document == "TESTCO_2023Q3_10Q" and f.page >= 3 for f in got)
        before = stats(conn)
        doc = conn.execute("SELECT id FROM documents").fetchone()[0]
        scores = graph_scores(conn, [doc], ["revenue"])
        table_chunk = got[0].chunk_id
        assert scores[table_chunk] == max(scores.values()) >= 2.5  # mentions + reported
    ingest([folder], load_settings(), IngestOptions(after_load=after_load, force=True))
    with connect(env) as conn:
        assert stats(conn) == before  # replaced, not duplicated
    res = CliRunner().invoke(cli, ["graph", "build"])  # rebuild from stored chunks, then reindex + analyze
    assert res.exit_code == 0, res.output
    assert res.output.startswith("documents: 1, facts: ")
    with connect(env) as conn:
        assert stats(conn) == before


def test_reported_facts_score_only_the_filings_in_scope(env, tmp_path):
    """A company's REPORTED facts from another of its filings score nothing outside the scope (they are found
    through the company's edges, then filtered by filing); a statements-only question whose consolidated
    figures are not asked (non-GAAP, breakdown) scores nothing rather than failing."""
    folder = tmp_path / "in"
    folder.mkdir()
    make_filing(folder / "TESTCO_2023Q3_10Q.pdf", statement_rows=13)
    make_filing(folder / "TESTCO_2023Q2_10Q.pdf", statement_rows=13)
    ingest([folder], load_settings(), IngestOptions(after_load=after_load))
    with connect(env) as conn:
        docs = dict(conn.execute("SELECT name, id FROM documents").fetchall())
        q3, q2 = docs["TESTCO_2023Q3_10Q"], docs["TESTCO_2023Q2_10Q"]
        chunk_doc = dict(conn.execute("SELECT id, document_id FROM chunks").fetchall())
        for scope in ([q3], [q2], [q2, q3]):
            scores = graph_scores(conn, scope, ["revenue"])
            reported = {f.chunk_id for f in facts(conn, ["TESTCO"], ["revenue"]) if chunk_doc[f.chunk_id] in scope}
            assert reported and all(scores[c] >= 2.5 for c in reported)  # mention + reported
            assert {chunk_doc[c] for c in scores} <= set(scope)
            assert not [c for c, s in scores.items() if s >= 2.5 and c not in reported]
        assert graph_scores(conn, [q3], [], statements=["income"], consolidated=False) == {}


def _add_doc(conn, name, year, quarter):
    return conn.execute(
        "INSERT INTO documents (name, source_path, sha256, company_key, form, fiscal_year, fiscal_quarter, page_count) "
        "VALUES (%s, 'x', 'y', 'APPLE', '10-Q', %s, %s, 1) RETURNING id", (name, year, quarter)).fetchone()[0]


def test_precedes_follows_the_fiscal_calendar_and_no_orphans(env):
    with connect(env) as conn:
        ids = {}
        for name, y, q in [("A_2023Q4", 2023, "Q4"), ("A_2023Q2", 2023, "Q2"), ("A_2024Q1", 2024, "Q1"),
                           ("A_2023Q3", 2023, "Q3"), ("A_2023FY", 2023, "FY"), ("A_2022FY", 2022, "FY")]:
            ids[name] = _add_doc(conn, name, y, q)
            build_document_graph(conn, ids[name])
        conn.commit()
        cols, rows = read_only_cypher(conn, "MATCH (a:Period)-[:PRECEDES]->(b:Period) RETURN a.key AS a, b.key AS b")
        pairs = sorted(rows)
        assert pairs == [("APPLE:2022:FY", "APPLE:2023:FY"), ("APPLE:2023:Q2", "APPLE:2023:Q3"),
                         ("APPLE:2023:Q3", "APPLE:2023:Q4"), ("APPLE:2023:Q4", "APPLE:2024:Q1")]
        # deleting a document removes its subgraph and the period it leaves orphaned
        delete_subgraph(conn, "A_2023Q3")
        conn.execute("DELETE FROM documents WHERE name = 'A_2023Q3'")
        conn.commit()
        _, rows = read_only_cypher(conn, "MATCH (p:Period) RETURN p.key")
        assert ("APPLE:2023:Q3",) not in rows and len(rows) == 5
        _, rows = read_only_cypher(conn, "MATCH (a:Period)-[:PRECEDES]->(b:Period) RETURN a.key, b.key")
        assert ("APPLE:2023:Q2", "APPLE:2023:Q3") not in rows
        for name in list(ids):
            delete_subgraph(conn, name)
        conn.execute("DELETE FROM documents")
        conn.commit()
        s = stats(conn)
        assert s["Period"] == s["Filing"] == s["Company"] == s["PRECEDES"] == 0


@pytest.mark.parametrize("query", [
    "CREATE (n:Company {key: 'X'}) RETURN n",
    "MATCH (n:Company) SET n.key = 'Y' RETURN n",
    "MATCH (n) DETACH DELETE n",
    "MERGE (n:Metric {key: 'z'}) RETURN n",
])
def test_writing_cypher_is_rejected(env, query):
    with connect(env) as conn, pytest.raises(QueryError, match="read-only"):
        read_only_cypher(conn, query)


def test_cypher_cli_reads_and_rejects(env):
    runner = CliRunner()
    ok = runner.invoke(cli, ["graph", "cypher", "MATCH (m:Metric) RETURN count(m) AS n"])
    assert ok.exit_code == 0 and '"n"' in ok.output
    bad = runner.invoke(cli, ["graph", "cypher", "MATCH (n) DETACH DELETE n"])
    assert bad.exit_code == 1 and bad.output.startswith("error: finchat graph cypher is read-only")
    # a string containing a write keyword is data, not a clause
    fine = runner.invoke(cli, ["graph", "cypher", "MATCH (c:Company) WHERE c.key = 'CREATE' RETURN c.key"])
    assert fine.exit_code == 0, fine.output


def test_executives_found_by_rule_link_to_their_company(env):
    with connect(env) as conn:
        doc = _add_doc(conn, "A_2023Q2", 2023, "Q2")
        conn.execute("INSERT INTO chunks (document_id, ordinal, page_start, page_end, kind, text, embed_text) "
                     "VALUES (%s, 0, 3, 3, 'text', %s, 'x')",
                     (doc, "Results were discussed by Jane Q. Doe, our Chief Financial Officer, and by the Chief "
                           "Executive Officer, Board members and Officers of the Company."))
        counts = build_document_graph(conn, doc)
        conn.commit()
        assert counts["executives"] == 1
        _, rows = read_only_cypher(conn, "MATCH (e:Entity {type: 'executive'})-[r:RELATED]->(c:Company) "
                                         "RETURN e.name, r.relation, c.key")
        assert rows == [("Jane Q. Doe", "Chief Financial Officer", "APPLE")]
        delete_subgraph(conn, "A_2023Q2")
        conn.execute("DELETE FROM documents")
        conn.commit()
        assert stats(conn)["Entity"] == 0  # no orphan executives


def test_cypher_columns_are_named_by_their_expressions_and_integers_stay_integers(corpus):
    with connect(corpus) as conn:
        cols, rows = read_only_cypher(conn, "MATCH (c:Company)-[r:REPORTED]->(m:Metric {key: 'revenue'}) "
                                            "RETURN c.key, r.value, count(m) ORDER BY r.value DESC LIMIT 1")
    assert cols == ["c.key", "r.value", "count(m)"]
    assert rows[0][:2] == ("TESTCO", 82959) and isinstance(rows[0][1], int)  # the larger of the two quarters


def test_units_line_above_a_table_on_its_own_page_only():
    from finchat.graph.tablegroups import units_above as _units_above

    chunks = [(1, "text", "", "Results (Amounts in millions, except per share data)", 4),
              (2, "text", "", "Walmart Inc. Condensed Consolidated Statements of Income", 5),
              (3, "text", "", "(Amounts in millions, except per share data)", 5),
              (4, "table", "Statements of Income", "| | 2023 | 2022 |", 5),
              (5, "table", "Balance Sheets", "| | 2023 | 2022 |", 6)]
    assert _units_above(chunks, chunks[3]) == "millions"
    assert _units_above(chunks, chunks[4]) is None  # the line two pages back is another table's


def test_money_cells_read_without_units_take_the_filings_scale(env, tmp_path):
    """A note's table far from its units sentence: whole-number money cells take the scale the filing's
    statements print; prices with decimals, counts and cells with their own scale keep theirs."""
    from finchat.graph.cellstore import scale_unscaled_cells

    folder = tmp_path / "in"
    folder.mkdir()
    make_filing(folder / "TESTCO_2023Q3_10Q.pdf", statement_rows=13)
    ingest([folder], load_settings(), IngestOptions(after_load=after_load))
    with connect(env) as conn:
        doc, chunk = conn.execute("SELECT document_id, id FROM chunks ORDER BY id LIMIT 1").fetchone()
        for label, printed, value, scale, unit in [("Net Revenue › North", "23,291", 23291, "units", "USD"),
                                                   ("Average price paid", "138", 138, "units", "USD"),
                                                   ("Repurchase price", "146.91", 146.91, "units", "USD"),
                                                   ("Stores", "597", 597, "units", "count"),
                                                   ("Revenue per available room (RevPAR)", "224", 224, "units", "USD"),
                                                   # (a label printing its own dollars: "… spending (dollars) 35,202")
                                                   ("Average Card Member spending (dollars)", "35,202", 35202, "units",
                                                    "USD"),
                                                   ("Backlog", "150.0", 150.0, "billions", "USD")]:
            conn.execute("INSERT INTO table_cells (document_id, chunk_id, page, caption, row_label, row_path, col_label,"
                         " duration, as_of, value, printed, scale, unit) VALUES (%s, %s, 9, '', %s, %s, '', '12M',"
                         " '2023-07-01', %s, %s, %s, %s)", (doc, chunk, label.split(" › ")[-1], label, value, printed,
                                                             scale, unit))
        assert scale_unscaled_cells(conn, doc, "millions") == 1
        got = dict(conn.execute("SELECT row_path, scale FROM table_cells WHERE page = 9").fetchall())
        assert got == {"Net Revenue › North": "millions", "Average price paid": "units", "Repurchase price": "units",
                       "Stores": "units", "Backlog": "billions", "Revenue per available room (RevPAR)": "units",
                       "Average Card Member spending (dollars)": "units"}

"""Optional LLM paths at ingest, against the Ollama-protocol test double: table summaries and triplets,
both cached by content hash (the second run asks the LLM nothing)."""

import json

from finchat.config import load_settings
from finchat.db.pool import connect
from finchat.graph.build import llm_after_load
from finchat.graph.query import read_only_cypher
from finchat.ingest.pipeline import IngestOptions, ingest
from tests.chat.fake_ollama import FakeOllama
from tests.conftest import wipe_documents
from tests.pdfgen import make_filing


def reply(req):
    prompt = req["messages"][-1]["content"]
    if prompt.startswith("Extract knowledge-graph triplets"):
        return json.dumps({"triplets": [
            {"subject": "Testco", "subject_type": "company", "relation": "reported", "object": "net sales",
             "object_type": "financial metric"},
            {"subject": "Jane Doe", "subject_type": "executive", "relation": "is CFO of", "object": "Testco",
             "object_type": "company"}]})
    return "Quarterly income statement of Testco: net sales, costs, operating income and earnings per share."


def test_table_summaries_and_triplets_are_cached(env_db, tmp_path, monkeypatch):
    monkeypatch.setenv("FINCHAT_MD_DIR", str(tmp_path / "md"))
    wipe_documents(env_db)
    with connect(env_db) as conn:
        conn.execute("DELETE FROM llm_cache")
        conn.commit()
    folder = tmp_path / "in"
    folder.mkdir()
    make_filing(folder / "TESTCO_2023Q3_10Q.pdf", statement_rows=13)
    fake = FakeOllama([], reply=reply)
    try:
        opts = lambda: IngestOptions(after_load=llm_after_load(fake.url, "llama3.1:8b"), table_summaries="llm",  # noqa: E731
                                     llm=(fake.url, "llama3.1:8b"), force=True)
        rep = ingest([folder], load_settings(), opts())
        assert rep.count("ingested") == 1, rep.results
        asked = len(fake.requests)
        assert asked >= 2
        with connect(env_db) as conn:
            embed = conn.execute("SELECT embed_text FROM chunks WHERE kind = 'table' LIMIT 1").fetchone()[0]
            assert embed.startswith("Quarterly income statement of Testco")
            _, rows = read_only_cypher(conn, "MATCH (a:Entity)-[r:RELATED]->(b:Entity) RETURN a.name, r.relation, b.name")
            assert ("Jane Doe", "is CFO of", "Testco") in rows
            assert conn.execute("SELECT count(*) FROM llm_cache").fetchone()[0] == asked
        ingest([folder], load_settings(), opts())  # forced re-ingest: everything from the cache
        assert len(fake.requests) == asked
    finally:
        fake.close()


def test_llm_down_falls_back_to_descriptions(env_db, tmp_path, monkeypatch):
    monkeypatch.setenv("FINCHAT_MD_DIR", str(tmp_path / "md"))
    with connect(env_db) as conn:
        conn.execute("DELETE FROM llm_cache")  # a cached summary would (rightly) need no LLM
        conn.commit()
    folder = tmp_path / "in"
    folder.mkdir()
    make_filing(folder / "TESTCO_2023Q3_10Q.pdf", statement_rows=13, extra_word="Walrus")
    rep = ingest([folder], load_settings(), IngestOptions(table_summaries="llm", llm=("http://127.0.0.1:9", "llama3.1:8b")))
    assert rep.count("ingested") == 1
    assert any("table summaries off" in w and "ollama serve" in w for w in rep.warnings), (rep.warnings, rep.results)

"""Reportable segments read from a filing's own list, kept as Segment vertices, used to scope and rank."""

import pytest

from finchat.config import load_settings
from finchat.db.pool import connect
from finchat.graph.build import after_load, delete_subgraph
from finchat.graph.query import graph_scores, segment_ids
from finchat.graph.segments import distinctive, segments_in_text
from finchat.ingest.pipeline import IngestOptions, ingest
from finchat.retrieve.filters import Extractor
from tests.conftest import wipe_documents
from tests.pdfgen import make_filing


@pytest.mark.parametrize("text,want", [
    ("We have organized our operations into three segments: Home, Abroad, and Cloud Rentals (“CR”). These "
     "segments reflect how we work.", [("Home", None), ("Abroad", None), ("Cloud Rentals", "CR")]),
    ("We operate in four business segments: Jets, Missiles and Guidance (MG), Rotors and Mission Kits (RMK) "
     "and Orbit.", [("Jets", None), ("Missiles and Guidance", "MG"), ("Rotors and Mission Kits", "RMK"),
                    ("Orbit", None)]),
    ("The company is organized into three reportable segments: Digital Paper, Digital Ink and Print and Bind.",
     [("Digital Paper", None), ("Digital Ink", None), ("Print and Bind", None)]),
    ("We are organized into three reportable segments (also called divisions), as follows: 1) Snack Foods "
     "North America (SFNA), which sells chips; 2) Cereal Makers (CM), which includes oats; 3) Fizzy Drinks, "
     "which includes soda. More text.", [("Snack Foods North America", "SFNA"), ("Cereal Makers", "CM"),
                                         ("Fizzy Drinks", None)]),
    ("There are four major reportable business segments – Retail Banking, Investment Bank, Commercial "
     "Lending and Wealth & Trust. In addition, there is a Corporate segment.",
     [("Retail Banking", None), ("Investment Bank", None), ("Commercial Lending", None), ("Wealth & Trust", None)]),
    ("Our operations comprise three reportable segments: Shopmart U.S., Shopmart International and Bulk "
     "Club. Our fiscal year ends on January 31.",
     [("Shopmart U.S.", None), ("Shopmart International", None), ("Bulk Club", None)]),
    # the stated count does not match the list: not used
    ("We have three reportable segments: Alpha and Beta.", []),
    # a count of segments that is not followed by their names
    ("Revenue grew in all three segments in 2022, led by Alpha.", []),
])
def test_segment_lists_in_filings_words(text, want):
    assert [(s.name, s.short) for s in segments_in_text(text)] == want


def test_a_short_form_listed_alone_is_the_same_segment():
    text = ("We have organized our operations into three segments: Home, Abroad, and Cloud Rentals (“CR”). "
            "Later: our three segments: Home, Abroad, and CR. End.")
    assert [s.names for s in segments_in_text(text)] == [["Home"], ["Abroad"], ["Cloud Rentals", "CR"]]


@pytest.mark.parametrize("name,ok", [("North America", False), ("International", False), ("Health Care", False),
                                     ("Space", False), ("Pet", False), ("Intelligent Cloud", True), ("MFC", True),
                                     ("Asia Pacific", False), ("Frito-Lay North America", True)])
def test_only_distinctive_names_may_stand_for_their_company(name, ok):
    assert distinctive(name) is ok


SEGMENTS = ("We operate in three reportable segments: Hardware Devices, Cloud Gadgets (CGD) and Rocket Parts. "
            "Each is managed separately.")
GADGETS = ("Cloud Gadgets revenue increased 31% in the quarter, driven by demand for connected kettles and "
           "higher average selling prices; CGD operating income rose to $412 million.")


@pytest.fixture
def stored(env_db, tmp_path, monkeypatch):
    monkeypatch.setenv("FINCHAT_MD_DIR", str(tmp_path / "md"))
    wipe_documents(env_db)
    make_filing(tmp_path / "APPLE_2023Q3_10Q.pdf", company="Apple Inc.", prose_paragraphs=2, statement_rows=13,
                extra=(SEGMENTS, GADGETS))
    assert ingest([tmp_path], load_settings(), IngestOptions(after_load=after_load)).count("ingested") == 1
    yield env_db
    wipe_documents(env_db)


def test_segments_become_vertices_linked_to_company_and_chunks(stored):
    with connect(stored) as conn:
        rows = conn.execute(
            "SELECT * FROM cypher('finchat_kg', $$ MATCH (c:Company {key: 'APPLE'})-[:HAS_SEGMENT]->(s:Segment) "
            "RETURN s.name, s.names $$) AS (name agtype, names agtype)").fetchall()
        assert sorted(str(r[0]).strip('"') for r in rows) == ["Cloud Gadgets", "Hardware Devices", "Rocket Parts"]
        ids = segment_ids(conn, ["CGD"])  # found by its short form too
        assert len(ids) == 1 and ids == segment_ids(conn, ["Cloud Gadgets"])
        doc = conn.execute("SELECT id FROM documents").fetchone()[0]
        scores = graph_scores(conn, [doc], ["operating_income"], segments=ids)
        gadget_chunks = {r[0] for r in conn.execute("SELECT id FROM chunks WHERE text LIKE %s", ("%connected kettles%",))}
        best = max(scores, key=lambda c: scores[c])
        assert best in gadget_chunks  # names the segment and the metric
        ex = Extractor.from_db(conn)
        f = ex.extract("Why did Cloud Gadgets revenue rise in Q3 2023?")
        assert f.companies == ["APPLE"] and f.segments == ["Cloud Gadgets"] and "CGD" in f.text_query
        assert ex.extract("How did Rocket Parts do?").companies == ["APPLE"]
        assert ex.extract("How did hardware do?").companies == []  # a generic word names nothing
        delete_subgraph(conn, "APPLE_2023Q3_10Q")
        left = conn.execute('SELECT count(*) FROM finchat_kg."Segment"').fetchone()[0]
        conn.rollback()
        assert left == 0  # no filing lists them, no chunk mentions them: gone with the filing


def test_a_named_segment_ranks_its_discussion_first(stored):
    from finchat.retrieve.service import Service

    svc = Service.open(load_settings(), rerank=False)
    try:
        res = svc.retriever.retrieve("What was CGD operating income in Q3 2023?", 3)
        assert res.filters.segments == ["CGD"] and "connected kettles" in res.hits[0].text
    finally:
        svc.close()


def test_a_segment_found_later_is_linked_to_the_filings_stored_before(env_db, tmp_path, monkeypatch):
    monkeypatch.setenv("FINCHAT_MD_DIR", str(tmp_path / "md"))
    wipe_documents(env_db)
    early, late = tmp_path / "early", tmp_path / "late"
    early.mkdir(), late.mkdir()
    make_filing(early / "APPLE_2023Q2_10Q.pdf", company="Apple Inc.", prose_paragraphs=1, statement_rows=13,
                extra=(GADGETS,))  # discusses the segment, does not list the segments
    make_filing(late / "APPLE_2023Q3_10Q.pdf", company="Apple Inc.", prose_paragraphs=1, statement_rows=13,
                extra=(SEGMENTS,))
    for folder in (early, late):
        assert ingest([folder], load_settings(), IngestOptions(after_load=after_load)).count("ingested") == 1
    try:
        with connect(env_db) as conn:
            doc = conn.execute("SELECT id FROM documents WHERE name = 'APPLE_2023Q2_10Q'").fetchone()[0]
            scores = graph_scores(conn, [doc], [], segments=segment_ids(conn, ["Cloud Gadgets"]))
            kettles = {r[0] for r in conn.execute("SELECT id FROM chunks WHERE document_id = %s AND text LIKE %s",
                                                  (doc, "%connected kettles%"))}
            assert kettles and set(scores) == kettles
    finally:
        wipe_documents(env_db)

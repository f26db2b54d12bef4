"""Fusion maths, interleaving, and retrieval end to end on a generated filing."""

import pytest

from finchat.retrieve.hybrid import Hit, interleave, minmax_fuse, rank, rrf_fuse

W = {"vector": 0.5, "text": 0.3, "graph": 0.2}


def test_minmax_fusion_normalises_each_channel_and_missing_counts_zero():
    out = minmax_fuse({"vector": {1: 0.9, 2: 0.5, 3: 0.7}, "text": {2: 4.0, 4: 2.0}, "graph": {1: 2.5}}, W)
    assert out[1]["vector"] == 1.0 and out[2]["vector"] == 0.0 and out[3]["vector"] == pytest.approx(0.5)
    assert out[2]["text"] == 1.0 and out[4]["text"] == 0.0 and out[1]["text"] == 0.0
    assert out[1]["graph"] == 1.0  # a single candidate normalises to 1
    assert out[1]["fused"] == pytest.approx(0.5 * 1.0 + 0.2 * 1.0)
    assert out[2]["fused"] == pytest.approx(0.3 * 1.0)
    assert out[3]["fused"] == pytest.approx(0.5 * 0.5)


def test_weights_of_silent_channels_are_redistributed():
    out = minmax_fuse({"vector": {1: 0.9, 2: 0.1}, "text": {2: 1.0, 1: 0.0}, "graph": {}}, W)
    # graph returned nothing: vector and text share the whole weight 5:3
    assert out[1]["fused"] == pytest.approx(0.5 / 0.8) and out[2]["fused"] == pytest.approx(0.3 / 0.8)


def test_rrf_and_ranking_are_deterministic():
    ch = {"vector": {1: 0.9, 2: 0.8}, "text": {2: 3.0, 1: 1.0}, "graph": {}}
    out = rrf_fuse(ch, {"vector": 1, "text": 1, "graph": 1})
    assert out[1]["fused"] == pytest.approx(1 / 61 + 1 / 62) == out[2]["fused"]
    assert [h.chunk_id for h in rank(ch, {"vector": 1, "text": 1, "graph": 1}, "rrf", 2)] == [1, 2]  # tie → id


def test_interleave_alternates_companies_without_repeats():
    a = [Hit(i, {}) for i in (1, 2, 3, 4)]
    b = [Hit(i, {}) for i in (10, 2, 11)]
    assert [h.chunk_id for h in interleave([a, b], 5)] == [1, 10, 2, 3, 11]
    assert [h.chunk_id for h in interleave([a, []], 3)] == [1, 2, 3]


def test_page_cap_lets_other_pages_in_and_fills_from_the_rest():
    ch = {"vector": {1: 0.9, 2: 0.8, 3: 0.7, 4: 0.6, 5: 0.5}, "text": {}, "graph": {}}
    pages = {1: (7, 3), 2: (7, 3), 3: (7, 3), 4: (7, 4), 5: (8, 3)}  # 1-3 share document 7, page 3
    w = {"vector": 1.0, "text": 0.0, "graph": 0.0}
    assert [h.chunk_id for h in rank(ch, w, "minmax", 4, pages, per_page=2)] == [1, 2, 4, 5]
    assert [h.chunk_id for h in rank(ch, w, "minmax", 5, pages, per_page=2)] == [1, 2, 4, 5, 3]  # spare last
    assert [h.chunk_id for h in rank(ch, w, "minmax", 4, pages, per_page=0)] == [1, 2, 3, 4]  # cap off


def test_a_split_table_hit_carries_all_its_parts_for_the_llm(make_database):
    from finchat.chat.prompt import build_messages
    from finchat.db import migrate
    from finchat.db.admin import seed_companies
    from finchat.db.pool import connect
    from finchat.retrieve.hybrid import Retriever

    url = make_database()
    with connect(url) as conn:
        migrate.migrate(conn)
        seed_companies(conn)
        doc = conn.execute("INSERT INTO documents (name, source_path, sha256, company_key, form, fiscal_year,"
                           " fiscal_quarter, page_count) VALUES ('APPLE_2023_10K', 'x', 'y', 'APPLE', '10-K', 2023,"
                           " 'FY', 9) RETURNING id").fetchone()[0]
        rows = [("Balance Sheets (part 1 of 2)", "table", "| Total assets | 352,583 |"),
                ("Balance Sheets (part 2 of 2)", "table", "| Total liabilities | 290,437 |"),
                ("Balance Sheets", "text", "Prose after the table."),
                ("Cash Flows (part 1 of 2)", "table", "| Net income | 96,995 |")]
        ids = [conn.execute("INSERT INTO chunks (document_id, ordinal, page_start, page_end, section, kind, text,"
                            " embed_text) VALUES (%s, %s, 5, 5, %s, %s, %s, '') RETURNING id",
                            (doc, i, sec, kind, text)).fetchone()[0] for i, (sec, kind, text) in enumerate(rows)]
        conn.commit()
        hits = [Hit(ids[1], {}), Hit(ids[2], {}), Hit(ids[3], {})]
        Retriever(conn, None)._fill(hits)
    assert hits[0].text == "| Total liabilities | 290,437 |"  # the chunk itself is unchanged (JSON, evals)
    assert hits[0].context == "| Total assets | 352,583 |\n\n| Total liabilities | 290,437 |"
    assert hits[1].context == hits[1].text and hits[2].context == hits[2].text  # no other parts stored
    prompt = build_messages("Apple total assets?", hits, [])[-1]["content"]
    assert "352,583" in prompt and prompt.count("290,437") == 1


def test_page_context_is_added_after_fusion_for_minmax_only():
    ch = {"vector": {1: 0.9, 2: 0.8}, "text": {}, "graph": {}}
    w = {"vector": 1.0, "text": 0.0, "graph": 0.0}
    pages = {1: (7, 1), 2: (7, 2)}
    page_scores = {1: 0.1, 2: 0.9}
    hits = rank(ch, w, "minmax", 2, pages, 1, page_scores, page_weight=0.2)
    assert [h.chunk_id for h in hits] == [1, 2]
    assert hits[0].scores["page"] == 0.0 and hits[1].scores["page"] == 1.0
    assert hits[0].scores["fused"] == pytest.approx(1.0) and hits[1].scores["fused"] == pytest.approx(0.2)
    # a page that matches much better outweighs a chunk that matches a little better
    assert [h.chunk_id for h in rank(ch, w, "minmax", 2, pages, 1, page_scores, page_weight=2.0)] == [2, 1]
    assert [h.chunk_id for h in rank(ch, w, "minmax", 2, pages, 1, {}, page_weight=2.0)] == [1, 2]
    rrf = rank(ch, {"vector": 1, "text": 1, "graph": 1}, "rrf", 2, pages, 1, page_scores, page_weight=2.0)
    assert [h.chunk_id for h in rrf] == [1, 2] and "page" not in rrf[0].scores


def test_page_scores_use_every_chunk_covering_the_page(make_database):
    import numpy as np

    from finchat.db import migrate
    from finchat.db.pool import connect
    from finchat.retrieve.hybrid import Retriever

    url = make_database()
    with connect(url) as conn:
        migrate.migrate(conn)
        migrate.set_embedding(conn, "test-encoder", 3)
        conn.commit()
    with connect(url) as conn:  # a new connection knows the vector type's binary form
        doc = conn.execute("INSERT INTO documents (name, source_path, sha256, company_key, form, fiscal_year,"
                           " fiscal_quarter, page_count) VALUES ('ACME_2023_10K', 'x', 'y', NULL, '10-K', 2023,"
                           " 'FY', 3) RETURNING id").fetchone()[0]
        rows = [(1, 1, [1, 0, 0]), (1, 1, [0, 1, 0]), (1, 2, [1, 1, 0]), (2, 2, [0, 0, 1]), (3, 3, [1, 0, 0])]
        ids = [conn.execute("INSERT INTO chunks (document_id, ordinal, page_start, page_end, kind, text, embed_text,"
                            " embedding) VALUES (%s, %s, %s, %s, 'text', 't', 't', %s) RETURNING id",
                            (doc, i, ps, pe, np.array(v, dtype=np.float32))).fetchone()[0]
               for i, (ps, pe, v) in enumerate(rows)]
        pages, scores = Retriever(conn, None).pages_of({ids[0], ids[3]}, np.array([1, 0, 0], dtype=np.float32))
    assert pages == {ids[0]: (doc, 1), ids[3]: (doc, 2)}
    # page 1: [1,0,0] + [0,1,0] + the chunk spanning pages 1-2 = [2,2,0]; page 2: [1,1,0] + [0,0,1]
    assert scores[ids[0]] == pytest.approx(2 / np.sqrt(8)) and scores[ids[3]] == pytest.approx(1 / np.sqrt(3))

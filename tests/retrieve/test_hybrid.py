"""Retrieval against a real database: split tables for the LLM, the candidates' context statement."""

import pytest

from finchat.retrieve.fusion import Hit


def _vector_db(make_database) -> str:  # type: ignore[no-untyped-def]
    """A new migrated database whose chunks hold 3-dimensional vectors; its URL."""
    from finchat.db import migrate
    from finchat.db.pool import connect

    url = make_database()
    with connect(url) as conn:
        migrate.migrate(conn)
        migrate.set_embedding(conn, "test-encoder", 3)
        conn.commit()
    return str(url)


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


def test_candidates_carry_every_score_fusion_needs(make_database):
    """One statement gives each candidate its page, vector and ts_rank, and each page the direction of the
    mean of every chunk covering it; a candidate outside a channel's top list still gets that channel's score."""
    import numpy as np

    from finchat.db.pool import connect
    from finchat.retrieve.filters import Filters
    from finchat.retrieve.hybrid import Retriever

    url = _vector_db(make_database)
    with connect(url) as conn:  # a new connection knows the vector type's binary form
        doc = conn.execute("INSERT INTO documents (name, source_path, sha256, company_key, form, fiscal_year,"
                           " fiscal_quarter, page_count) VALUES ('ACME_2023_10K', 'x', 'y', NULL, '10-K', 2023,"
                           " 'FY', 3) RETURNING id").fetchone()[0]
        rows = [(1, 1, [1, 0, 0], "beta"), (1, 1, [0, 1, 0], "beta"), (1, 2, [1, 1, 0], "gamma"),
                (2, 2, [0, 0, 1], "alpha beta gamma delta"), (3, 3, [1, 0, 0], "alpha")]
        ids = [conn.execute("INSERT INTO chunks (document_id, ordinal, page_start, page_end, kind, text, embed_text,"
                            " embedding) VALUES (%s, %s, %s, %s, 'text', %s, 't', %s) RETURNING id",
                            (doc, i, ps, pe, text, np.array(v, dtype=np.float32))).fetchone()[0]
               for i, (ps, pe, v, text) in enumerate(rows)]
        r = Retriever(conn, None, candidates=1)
        q = np.array([1, 0, 0], dtype=np.float32)
        cands = r.candidates_for(Filters(text_query="alpha"), q)
    assert cands is not None
    assert cands.channels["vector"] == {ids[0]: pytest.approx(1.0)}  # the top list: one candidate
    assert list(cands.channels["text"]) == [ids[4]]  # above ids[3], a longer chunk
    assert cands.ids == sorted([ids[0], ids[4]])
    assert cands.pages == {ids[0]: (doc, 1), ids[4]: (doc, 3)}
    # page 1: [1,0,0] + [0,1,0] + the chunk spanning pages 1-2 = [2,2,0]; page 3: [1,0,0]
    scores = cands.page_scores(q)
    assert scores[ids[0]] == pytest.approx(2 / np.sqrt(8)) and scores[ids[4]] == pytest.approx(1.0)
    filled = cands.filled(q)
    assert filled["vector"][ids[4]] == pytest.approx(1.0)  # not in the vector top list, scored anyway
    assert filled["text"][ids[0]] == 0.0 and filled["text"][ids[4]] > 0  # "beta" alone matches nothing asked
    assert "graph" not in filled  # no metric asked: the channel stays silent
    with connect(url) as conn:  # the stored page vectors (ingest) give the same; a stored row is what is read
        from finchat.ingest.load import store_page_vectors

        store_page_vectors(conn, [doc])
        assert conn.execute("SELECT count(*) FROM page_vectors").fetchone()[0] == 3
        stored = r.__class__(conn, None, candidates=1).candidates_for(Filters(text_query="alpha"), q)
        assert stored is not None and stored.page_scores(q) == pytest.approx(scores)
        conn.execute("UPDATE page_vectors SET embedding = '[0,1,0]' WHERE page = 3")
        changed = r.__class__(conn, None, candidates=1).candidates_for(Filters(text_query="alpha"), q)
        assert changed is not None and changed.page_scores(q)[ids[4]] == pytest.approx(0.0)


def test_a_wide_scope_ranks_only_chunks_holding_a_rarer_word_and_skips_the_graph(make_database, monkeypatch):
    """Past EXACT_SCAN_MAX_DOCS filings the text channel ranks only the chunks holding one of the question's
    rarer lexemes (or all its words when it has none); past GRAPH_MAX_DOCS the graph channel is left out."""
    import numpy as np

    from finchat.db.pool import connect
    from finchat.retrieve import hybrid
    from finchat.retrieve.filters import Filters

    url = _vector_db(make_database)
    with connect(url) as conn:
        texts = ["revenue growth slowed", "revenue in the americas", "growth of the americas segment",
                 "deferred revenue and backlog"]
        ids = []
        for i, text in enumerate(texts):
            doc = conn.execute("INSERT INTO documents (name, source_path, sha256, form, page_count) VALUES"
                               " (%s, 'x', 'y', '10-K', 1) RETURNING id", (f"D{i}",)).fetchone()[0]
            ids.append(conn.execute("INSERT INTO chunks (document_id, ordinal, page_start, page_end, kind, text,"
                                    " embed_text, embedding) VALUES (%s, 0, 1, 1, 'text', %s, 't', %s) RETURNING id",
                                    (doc, text, np.array([1, 0, 0], dtype=np.float32))).fetchone()[0])
        conn.commit()
        monkeypatch.setattr(hybrid, "EXACT_SCAN_MAX_DOCS", 1)
        monkeypatch.setattr(hybrid, "GRAPH_MAX_DOCS", 1)
        r = hybrid.Retriever(conn, None, channels=("text", "graph"))
        frequent = {"revenu", "growth"}
        monkeypatch.setattr(r, "lexemes_above", lambda share: sorted(frequent) if share == hybrid.RARE_SHARE else [])
        rare = r.candidates_for(Filters(text_query="revenue growth in the americas", metrics=["revenue"]), None)
        assert rare is not None and set(rare.channels["text"]) == {ids[1], ids[2]}  # "americas" is the rare word
        assert "graph" not in rare.channels
        frequent.add("america")
        common = r.candidates_for(Filters(text_query="revenue growth in the americas"), None)
        assert common is not None and common.channels.get("text", {}) == {}  # no chunk has all three words
        both = r.candidates_for(Filters(text_query="revenue growth"), None)
        assert both is not None and set(both.channels["text"]) == {ids[0]}  # both words together
        monkeypatch.setattr(hybrid, "EXACT_SCAN_MAX_DOCS", 24)
        narrow = r.candidates_for(Filters(text_query="revenue growth"), None)
        assert narrow is not None and set(narrow.channels["text"]) == set(ids[:3]) | {ids[3]}


def test_a_rare_word_is_rare_in_rows_too_and_ef_search_grows_as_the_corpus_grows(make_database, monkeypatch):
    """A lexeme is rare to a wide scope below RARE_SHARE of the chunks and below RARE_ROWS chunks, whichever
    is fewer, counted from ANALYZE's statistics (none yet: the share alone); the HNSW search list grows with
    the chunks stored, within its bounds."""
    import numpy as np

    from finchat.db.pool import connect
    from finchat.retrieve import hybrid

    url = _vector_db(make_database)
    with connect(url) as conn:
        doc = conn.execute("INSERT INTO documents (name, source_path, sha256, form, page_count) VALUES"
                           " ('D', 'x', 'y', '10-K', 1) RETURNING id").fetchone()[0]
        with conn.cursor().copy("COPY chunks (document_id, ordinal, page_start, page_end, kind, text, embed_text,"
                                " embedding) FROM STDIN") as cp:
            for i in range(400):
                cp.write_row((doc, i, 1, 1, "text", f"word{i % 7}", "t", "[1,0,0]"))
        conn.commit()
        assert hybrid.Retriever(conn, None).rare_share() == hybrid.RARE_SHARE  # never analysed
        conn.execute("ANALYZE chunks")
        conn.commit()
        monkeypatch.setattr(hybrid, "RARE_ROWS", 1)
        r = hybrid.Retriever(conn, None)
        assert r.rare_share() == pytest.approx(1 / 400)
        monkeypatch.setattr(hybrid, "RARE_ROWS", 4)  # 1 % of 400 rows is more than RARE_SHARE
        assert hybrid.Retriever(conn, None).rare_share() == hybrid.RARE_SHARE
        seen: list[float] = []
        monkeypatch.setattr(hybrid, "RARE_ROWS", 1)
        monkeypatch.setattr(hybrid, "EXACT_SCAN_MAX_DOCS", 0)  # one filing is a wide scope here
        monkeypatch.setattr(r, "lexemes_above", lambda share: seen.append(share) or [])
        from finchat.retrieve.filters import Filters

        r.candidates_for(Filters(text_query="word3"), np.array([1, 0, 0], dtype=np.float32))
        assert 1 / 400 in seen
        assert r.ef_search() == hybrid.HNSW_EF_MIN  # a small corpus: the floor
        monkeypatch.setattr(hybrid, "HNSW_EF_SEARCH", 1_500_000)  # per million chunks: 600 for these 400
        assert r.ef_search() == 600
        monkeypatch.setattr(hybrid, "HNSW_EF_SEARCH", 10**9)
        assert r.ef_search() == 1000  # pgvector's bound


def test_a_half_precision_hnsw_index_is_used_by_wide_questions(make_database, monkeypatch):
    """HNSW_HALFVEC (off by default, README "Scale") builds the index over halfvec copies; retrieval reads
    the index's kind from the catalog and orders by the expression it serves."""
    import numpy as np

    from finchat.db.pool import connect
    from finchat.ingest import load
    from finchat.retrieve import hybrid
    from finchat.retrieve.filters import Filters

    url = _vector_db(make_database)
    rng = np.random.default_rng(3)
    with connect(url) as conn:
        docs = [conn.execute("INSERT INTO documents (name, source_path, sha256, form, page_count) VALUES"
                             " (%s, 'x', 'y', '10-K', 1) RETURNING id", (f"D{i}",)).fetchone()[0] for i in range(4)]
        vecs = rng.normal(size=(200, 3)).astype(np.float32)
        for i, v in enumerate(vecs):
            conn.execute("INSERT INTO chunks (document_id, ordinal, page_start, page_end, kind, text, embed_text,"
                         " embedding) VALUES (%s, %s, 1, 1, 'text', 'x', 'x', %s)", (docs[i % 4], i, v / np.linalg.norm(v)))
        conn.commit()
        monkeypatch.setattr(load, "HNSW_HALFVEC", True)
        assert load.build_indexes(conn) == [load.HNSW_INDEX]  # (the GIN index comes with the schema)
        indexdef = conn.execute("SELECT indexdef FROM pg_indexes WHERE indexname = %s", (load.HNSW_INDEX,)).fetchone()[0]
        assert "(embedding)::halfvec(3)" in indexdef and "halfvec_cosine_ops" in indexdef
        monkeypatch.setattr(hybrid, "EXACT_SCAN_MAX_DOCS", 1)  # four filings: the wide (index) path
        r = hybrid.Retriever(conn, None, channels=("vector",), candidates=5)
        assert r.hnsw_order() == "embedding::halfvec(3) <=> %(q)s::halfvec(3)"
        q = np.array([1, 0, 0], dtype=np.float32)
        with conn.transaction():
            for setting in ("enable_seqscan", "enable_bitmapscan", "enable_sort"):  # 200 rows: force the index
                conn.execute(f"SET LOCAL {setting} = off")
            plan = "\n".join(row[0] for row in conn.execute(
                f"EXPLAIN SELECT id FROM chunks WHERE document_id = ANY(%(docs)s) ORDER BY {r.hnsw_order()} LIMIT 5",
                {"q": q, "docs": docs}).fetchall())
        assert f"Index Scan using {load.HNSW_INDEX}" in plan, plan
        got = r.candidates_for(Filters(), q)
        assert got is not None
        exact = [int(x[0]) for x in conn.execute("SELECT id FROM chunks ORDER BY embedding <=> %s LIMIT 5", (q,))]
        assert list(got.channels["vector"]) and set(got.channels["vector"]) == set(exact)
        best = max(got.channels["vector"].values())
        assert best == pytest.approx(float(max(vecs @ q / np.linalg.norm(vecs, axis=1))), abs=1e-6)  # float scores


def test_explanations_weigh_the_question_meaning_more_unless_weights_are_given(corpus, monkeypatch):
    from finchat.config import load_settings
    from finchat.retrieve.fusion import CHANNELS
    from finchat.retrieve.hybrid import DEFAULT_WEIGHTS, EXPLAIN_WEIGHTS
    from finchat.retrieve.service import Service

    seen: list[dict[str, float]] = []
    from finchat.retrieve import fusion

    real = fusion.Candidates.rank

    def spy(self, qvec, weights, *a, **kw):  # type: ignore[no-untyped-def]
        seen.append(dict(weights))
        return real(self, qvec, weights, *a, **kw)

    monkeypatch.setattr(fusion.Candidates, "rank", spy)
    svc = Service.open(load_settings(), rerank=False)
    try:
        svc.retriever.retrieve("Why did Testco's revenue grow in Q3 2023?", 3)
        svc.retriever.retrieve("What was Testco's revenue in Q3 2023?", 3)
    finally:
        svc.close()
    assert seen == [dict(zip(CHANNELS, EXPLAIN_WEIGHTS)), dict(zip(CHANNELS, DEFAULT_WEIGHTS))]
    monkeypatch.setenv("FINCHAT_WEIGHTS", "0.5,0.3,0.2")  # given weights apply to every question
    seen.clear()
    svc = Service.open(load_settings(), rerank=False)
    try:
        svc.retriever.retrieve("Why did Testco's revenue grow in Q3 2023?", 3)
    finally:
        svc.close()
    assert seen == [dict(zip(CHANNELS, (0.5, 0.3, 0.2)))]


def test_a_cover_page_question_brings_each_filing_first_page_in_and_lifts_it(make_database):
    """The cover page joins the candidates of a question about what it states (registered securities, filer
    status) even when no channel ranks it, and gains COVER_BONUS; other questions leave it to the channels."""
    import numpy as np

    from finchat.db.pool import connect
    from finchat.retrieve.filters import Filters
    from finchat.retrieve.hybrid import COVER_BONUS, Retriever

    url = _vector_db(make_database)
    with connect(url) as conn:
        doc = conn.execute("INSERT INTO documents (name, source_path, sha256, company_key, form, fiscal_year,"
                           " fiscal_quarter, page_count) VALUES ('ACME_2022_10K', 'x', 'y', NULL, '10-K', 2022,"
                           " 'FY', 9) RETURNING id").fetchone()[0]
        rows = [(1, [0, 0, 1], "Securities registered pursuant to Section 12(b): 3.625% Notes due 2026, NYSE"),
                (5, [1, 0, 0], "Long-term debt 12,096 notes payable"),
                (6, [0.9, 0.1, 0], "Debt maturities by year")]
        ids = [conn.execute("INSERT INTO chunks (document_id, ordinal, page_start, page_end, kind, text, embed_text,"
                            " embedding) VALUES (%s, %s, %s, %s, 'text', %s, 't', %s) RETURNING id",
                            (doc, i, p, p, text, np.array(v, dtype=np.float32))).fetchone()[0]
               for i, (p, v, text) in enumerate(rows)]
        q = np.array([1, 0, 0], dtype=np.float32)  # the question reads like the debt note, not the cover
        r = Retriever(conn, None, candidates=1, rerank=False)
        plain = r.candidates_for(Filters(text_query="long-term debt"), q)
        cover = r.candidates_for(Filters(text_query="long-term debt", cover=True), q)
        hits = cover.rank(q, r.weights, "minmax", 3) if cover else []
        off = Retriever(conn, None, candidates=1, rerank=False, cover=0).candidates_for(
            Filters(text_query="long-term debt", cover=True), q)
    assert plain is not None and ids[0] not in plain.ids and not plain.chunk_bonus
    assert cover is not None and ids[0] in cover.ids and cover.chunk_bonus == {ids[0]: COVER_BONUS}
    got = {h.chunk_id: h.scores for h in hits}
    assert got[ids[0]]["cover"] == COVER_BONUS and got[ids[0]]["fused"] >= COVER_BONUS
    assert "cover" not in got[ids[1]]
    assert off is not None and ids[0] not in off.ids  # cover=0 turns it off


def test_a_scope_holding_a_small_share_of_the_pages_is_read_first(make_database):
    """The text channel reads a small scope's rows first and ranks a large one's GIN matches, by the share of
    the stored pages it holds; a filing stored after the Retriever started is counted too."""
    from finchat.db.pool import connect
    from finchat.retrieve import hybrid
    from finchat.retrieve.filters import Filters

    url = _vector_db(make_database)

    def doc(conn, name, pages):  # type: ignore[no-untyped-def]
        d = conn.execute("INSERT INTO documents (name, source_path, sha256, form, page_count) VALUES"
                         " (%s, 'x', 'y', '10-K', %s) RETURNING id", (name, pages)).fetchone()[0]
        conn.execute("INSERT INTO chunks (document_id, ordinal, page_start, page_end, kind, text, embed_text)"
                     " VALUES (%s, 0, 1, 1, 'text', 'backlog grew', 't')", (d,))
        return d

    class Spy:  # the connection, recording the statements run through it
        def __init__(self, conn):  # type: ignore[no-untyped-def]
            self.conn, self.sql = conn, []

        def execute(self, query, *a, **kw):  # type: ignore[no-untyped-def]
            self.sql.append(str(query))
            return self.conn.execute(query, *a, **kw)

        def __getattr__(self, name):  # type: ignore[no-untyped-def]
            return getattr(self.conn, name)

    with connect(url) as conn:
        small, big = doc(conn, "A_2022_10K", 3), doc(conn, "B_2022_10K", 97)
        spy = Spy(conn)
        r = hybrid.Retriever(spy, None, channels=("text",), rerank=False)  # type: ignore[arg-type]
        assert r.page_share([small]) == pytest.approx(0.03) and r.page_share([small, big]) == 1.0
        r._channels(Filters(text_query="backlog"), [small], [small], None, {"tq": "backlog", "skip": []})
        assert "OFFSET 0) c," in spy.sql[-1]  # TS_RANK_SCOPE_SQL
        r._channels(Filters(text_query="backlog"), [big], [big], None, {"tq": "backlog", "skip": []})
        assert "OFFSET 0) c," not in spy.sql[-1] and "FROM chunks c," in spy.sql[-1]  # TS_RANK_SQL
        late = doc(conn, "C_2022_10K", 900)  # stored after the Retriever read the page counts
        assert r.page_share([late]) == pytest.approx(0.9)


def test_the_graph_channel_runs_on_a_second_connection_and_survives_losing_it(three):
    """The service scores the graph channel on its own connection, beside the vector and full-text statement:
    the same ranking as one connection gives; a side connection killed between questions costs nothing (the
    channel is scored on the main connection and a new side connection opened for the next question)."""
    from finchat.config import load_settings
    from finchat.db.pool import connect
    from finchat.retrieve.service import Service

    questions = ["What were Apple's net sales in Q3 2023?", "What was Amcor's revenue in Q2 2023?",
                 "What did PepsiCo report for net income in Q1 2023?"]
    svc = Service.open(load_settings(), rerank=False)
    try:
        assert svc.retriever.side is not None
        both = [[(h.chunk_id, h.scores) for h in svc.retrieve(q, 5).hits] for q in questions]
        side = svc.retriever._side_conn
        assert side is not None and not side.closed
        svc.retriever.side = None  # one connection
        alone = [[(h.chunk_id, h.scores) for h in svc.retrieve(q, 5).hits] for q in questions]
        assert both == alone and any(s["graph"] > 0 for hits in both for _, s in hits)
        svc.retriever.side = lambda: connect(svc.dsn, autocommit=True)
        with connect(svc.dsn, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (side.info.backend_pid,))
        again = [(h.chunk_id, h.scores) for h in svc.retrieve(questions[0], 5).hits]
        assert again == both[0] and svc.retriever._side_conn is None  # the lost one dropped
        svc.retrieve(questions[1], 5)
        assert svc.retriever._side_conn is not None and not svc.retriever._side_conn.closed
    finally:
        svc.close()
    assert svc.retriever._side_conn is None and svc.retriever._worker is None


def test_lexeme_lists_are_sent_as_one_array_literal_that_postgres_reads_back(make_database, monkeypatch):
    from finchat.db.pool import connect
    from finchat.retrieve.hybrid import Retriever

    url = _vector_db(make_database)
    odd = ['say "when"', "back\\slash", "a,b", "two words", "{brace}", "plain", "NULL"]
    with connect(url) as conn:
        r = Retriever(conn, None)
        monkeypatch.setattr(r, "lexemes_above", lambda share: odd if share > 0.01 else [])
        assert conn.execute("SELECT %s::text[]", (r.lexeme_array(0.05),)).fetchone()[0] == odd
        assert conn.execute("SELECT %s::text[]", (r.lexeme_array(0.001),)).fetchone()[0] == []


def test_a_company_whose_first_filing_arrives_during_the_chat_is_found(make_database):
    """The company list is cached per Retriever, but read again before a company is called missing."""
    from finchat.db.admin import seed_companies
    from finchat.db.pool import connect
    from finchat.retrieve.filters import Filters
    from finchat.retrieve.hybrid import Retriever

    url = _vector_db(make_database)
    with connect(url) as conn:
        seed_companies(conn)
        add = ("INSERT INTO documents (name, source_path, sha256, company_key, form, fiscal_year, page_count)"
               " VALUES (%s, 'x', %s, %s, '10-K', 2023, 1)")
        conn.execute(add, ("APPLE_2023_10K", "a", "APPLE"))
        conn.commit()
        r = Retriever(conn, None)
        assert r.missing_companies(Filters(companies=["APPLE"])) == ([], "")
        f = Filters(companies=["MICROSOFT"])
        missing, notice = r.missing_companies(f)
        assert missing == ["Microsoft"] and f.companies == [] and "Microsoft" in notice
        conn.execute(add, ("MICROSOFT_2023_10K", "m", "MICROSOFT"))
        conn.commit()
        f = Filters(companies=["MICROSOFT", "APPLE"])
        assert r.missing_companies(f) == ([], "") and f.companies == ["MICROSOFT", "APPLE"]


def test_a_product_or_segment_named_without_its_company_scopes_the_company_whose_rows_it_labels(make_database):
    """"How much did STELARA sell?": no company is named; the one company whose tables label a row with the name
    is scoped and the name kept as the question's segment. A name labelling rows of two companies, or none,
    stays an unknown company (the analyst is told it is not among the filings)."""
    from finchat.db import migrate
    from finchat.db.admin import seed_companies
    from finchat.db.pool import connect
    from finchat.retrieve.filters import Extractor
    from finchat.retrieve.hybrid import Retriever
    from finchat.retrieve.owners import owners_of_labels

    url = make_database()
    with connect(url) as conn:
        migrate.migrate(conn)
        seed_companies(conn)
        for name, company, labels in [("APPLE_2023_10K", "APPLE", ["Zephyrix", "Orbital (a)", "Services",
                                                                   "Quillon › Segment net revenues"]),
                                      ("PEPSICO_2022_10K", "PEPSICO", ["Orbital Solutions", "Services"]),
                                      ("BOEING_2022_10K", "BOEING", ["Services:"])]:
            doc = conn.execute("INSERT INTO documents (name, source_path, sha256, company_key, form, fiscal_year,"
                               " fiscal_quarter, page_count) VALUES (%s, 'x', %s, %s, '10-K', 2022, 'FY', 9)"
                               " RETURNING id", (name, name, company)).fetchone()[0]
            chunk = conn.execute("INSERT INTO chunks (document_id, ordinal, page_start, page_end, section, kind, text,"
                                 " embed_text) VALUES (%s, 0, 5, 5, '', 'table', '', '') RETURNING id",
                                 (doc,)).fetchone()[0]
            for label in labels:
                conn.execute("INSERT INTO table_cells (document_id, chunk_id, page, caption, row_label, row_path,"
                             " duration, as_of, value, unit) VALUES (%s, %s, 5, 'Net sales by product', %s, %s,"
                             " '12M', '2022-12-31', 100, 'USD')", (doc, chunk, label.split(" › ")[-1], label))
        # whole labels only, a note mark aside: "Orbital" is Apple's row, not PepsiCo's "Orbital Solutions"
        assert owners_of_labels(conn, ["Zephyrix", "Orbital", "Services", "Quuxly"]) == {"Zephyrix": "APPLE",
                                                                                         "Orbital": "APPLE"}
        # a segment heading its rows ("Quillon › Segment net revenues") is the company's too
        assert owners_of_labels(conn, ["Quillon"]) == {"Quillon": "APPLE"}
        r = Retriever(conn, None, rerank=False)
        f = Extractor.from_db(conn).extract("How much did Zephyrix sell worldwide in 2022?")
        assert f.unknown == ["Zephyrix"] and not f.companies
        assert r.missing_companies(f) == ([], "")
        assert f.companies == ["APPLE"] and "Zephyrix" in f.segments and not f.unknown
        f = Extractor.from_db(conn).extract("How much did Quuxly sell in 2022?")
        missing, notice = r.missing_companies(f)
        assert missing == ["Quuxly"] and "not among the ingested filings" in notice


def test_a_name_only_one_companys_prose_prints_scopes_that_company(make_database):
    """"How many hotel rooms does Bellavista have?": a property named without its company, printed (capitalised, a
    whole word) in one company's prose only, scopes that company. A name two companies print, one printed in lower
    case only, or one with a corporate suffix ("Bellavista Inc.") stays an unknown company."""
    from finchat.db import migrate
    from finchat.db.admin import seed_companies
    from finchat.db.pool import connect
    from finchat.retrieve.filters import Extractor
    from finchat.retrieve.hybrid import Retriever
    from finchat.retrieve.owners import owners_in_text

    url = make_database()
    with connect(url) as conn:
        migrate.migrate(conn)
        seed_companies(conn)
        for name, company, text in [
                ("MGMRESORTS_2022_10K", "MGMRESORTS", ("Bellavista, our resort on the Strip, has 4,004 rooms. Zenith "
                                                       "hotels and the lakeside resort are leased.")),
                ("PEPSICO_2022_10K", "PEPSICO", "Zenith is a brand of beverages we sell in Europe.")]:
            doc = conn.execute("INSERT INTO documents (name, source_path, sha256, company_key, form, fiscal_year,"
                               " fiscal_quarter, page_count) VALUES (%s, 'x', %s, %s, '10-K', 2022, 'FY', 9)"
                               " RETURNING id", (name, name, company)).fetchone()[0]
            conn.execute("INSERT INTO chunks (document_id, ordinal, page_start, page_end, section, kind, text,"
                         " embed_text) VALUES (%s, 0, 5, 5, '', 'text', %s, %s)", (doc, text, text))
        assert owners_in_text(conn, ["Bellavista", "Zenith", "Lakeside", "Bellavista Inc."]) == {
            "Bellavista": "MGMRESORTS"}
        r = Retriever(conn, None, rerank=False)
        f = Extractor.from_db(conn).extract("How many hotel rooms does Bellavista have?")
        assert r.missing_companies(f) == ([], "")
        assert f.companies == ["MGMRESORTS"] and "Bellavista" in f.segments and not f.unknown
        f = Extractor.from_db(conn).extract("How many hotel rooms does Zenith have?")
        missing, notice = r.missing_companies(f)
        assert missing == ["Zenith"] and "not among the ingested filings" in notice

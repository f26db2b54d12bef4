import psycopg
import pytest

from finchat.db import migrate
from finchat.db.pool import connect
from finchat.errors import EmbeddingModelError


@pytest.fixture
def fresh(make_database):
    return make_database()


def test_migrations_apply_once_and_are_recorded(fresh):
    with connect(fresh) as conn:
        first = migrate.migrate(conn)
        again = migrate.migrate(conn)
        assert [m.version for m in first] == [m.version for m in migrate.available()]
        assert again == []
        assert migrate.applied(conn) == [m.version for m in migrate.available()]
        exts = {r[0] for r in conn.execute("SELECT extname FROM pg_extension").fetchall()}
        assert {"vector", "age"} <= exts
        graphs = conn.execute("SELECT name FROM ag_catalog.ag_graph").fetchall()
        assert ("finchat_kg",) in graphs


def test_embedding_column_takes_the_model_dimension_once(fresh):
    with connect(fresh) as conn:
        migrate.migrate(conn)
        migrate.set_embedding(conn, "some/model", 8)
        migrate.set_embedding(conn, "some/model", 8)  # same model again: fine
        typ = conn.execute(
            "SELECT format_type(atttypid, atttypmod) FROM pg_attribute "
            "WHERE attrelid = 'chunks'::regclass AND attname = 'embedding'").fetchone()
        assert typ == ("vector(8)",)
        with pytest.raises(EmbeddingModelError, match="built with some/model"):
            migrate.set_embedding(conn, "other/model", 16)


def test_chunks_cascade_with_their_document(db_url):
    with connect(db_url) as conn:
        doc = conn.execute(
            "INSERT INTO documents (name, source_path, sha256, page_count) VALUES ('T_CASCADE', 'x', 'y', 1) "
            "RETURNING id").fetchone()[0]
        conn.execute(
            "INSERT INTO chunks (document_id, ordinal, page_start, page_end, kind, text, embed_text) "
            "VALUES (%s, 0, 1, 1, 'text', 'Total net sales rose', 'Total net sales rose')", (doc,))
        hit = conn.execute("SELECT count(*) FROM chunks WHERE document_id = %s AND tsv @@ plainto_tsquery('english', 'sales')",
                           (doc,)).fetchone()
        assert hit == (1,)
        conn.execute("DELETE FROM documents WHERE id = %s", (doc,))
        assert conn.execute("SELECT count(*) FROM chunks WHERE document_id = %s", (doc,)).fetchone() == (0,)
        conn.rollback()


def test_bad_page_numbers_are_refused(db_url):
    with connect(db_url) as conn:
        doc = conn.execute("INSERT INTO documents (name, source_path, sha256, page_count) "
                           "VALUES ('T_PAGES', 'x', 'y', 1) RETURNING id").fetchone()[0]
        with pytest.raises(psycopg.errors.CheckViolation):
            conn.execute("INSERT INTO chunks (document_id, ordinal, page_start, page_end, kind, text, embed_text) "
                         "VALUES (%s, 0, 0, 1, 'text', 'a', 'a')", (doc,))
        conn.rollback()


def test_a_migration_blocked_by_a_long_transaction_gives_up_with_the_reason(fresh, tmp_path, monkeypatch):
    from finchat.errors import DatabaseNotReady

    # the newest migration that alters a table the blocker has read (later ones may touch only the graph, or
    # only set a column's statistics, which waits for no reader)
    newest = [m for m in migrate.available() if "ALTER TABLE" in m.path.read_text()
              and "SET STATISTICS" not in m.path.read_text()][-1]
    old = tmp_path / "sql"
    old.mkdir()
    for m in migrate.available():
        if m.version < newest.version:
            (old / m.path.name).write_text(m.path.read_text())
    with connect(fresh) as conn:
        migrate.migrate(conn, old)
    blocker = psycopg.connect(fresh)  # an open transaction that read every table (an ingest, a benchmark …)
    for table in ("companies", "documents", "chunks", "table_cells"):
        blocker.execute(f"SELECT count(*) FROM {table}")
    monkeypatch.setattr(migrate, "LOCK_TIMEOUT_S", 0.5)
    try:
        with connect(fresh) as conn:
            with pytest.raises(DatabaseNotReady, match=rf"migration {newest.version:03d}_{newest.name} waited 0 s "
                                                        r"for a table another session holds .* run `finchat db init` again"):
                migrate.migrate(conn)
            assert max(migrate.applied(conn)) == newest.version - 1  # nothing half-applied
        blocker.commit()
        with connect(fresh) as conn:
            assert [m.version for m in migrate.migrate(conn)] == [m.version for m in migrate.available()
                                                                  if m.version >= newest.version]
    finally:
        blocker.close()


def test_upgrading_moves_stored_rows_tsv_inline_and_fills_page_vectors(fresh, tmp_path, monkeypatch):
    """A database stored before sql/011 and sql/012: `finchat db init` fills the page context vectors from the
    chunks, rewrites the rows so each full-text vector sits in its heap row, and rebuilds the bulk indexes."""
    import numpy as np

    from finchat.config import load_settings
    from finchat.db.admin import init_db
    from finchat.ingest import load

    old = tmp_path / "sql"
    old.mkdir()
    for m in migrate.available():
        if m.version < 11:
            (old / m.path.name).write_text(m.path.read_text())
    words = " ".join(f"word{i} term{i * 7}" for i in range(150))  # a tsvector of ~3 kB: out of line
    with connect(fresh) as conn:
        migrate.migrate(conn, old)
        migrate.set_embedding(conn, "all-MiniLM-L6-v2", 3)
        conn.commit()
    with connect(fresh) as conn:  # a new connection knows the vector type
        doc = conn.execute("INSERT INTO documents (name, source_path, sha256, form, page_count) VALUES"
                           " ('A_2022_10K', 'x', 'y', '10-K', 3) RETURNING id").fetchone()[0]
        for i, (p0, p1, v) in enumerate([(1, 1, [1, 0, 0]), (1, 2, [0, 1, 0]), (3, 3, [0, 0, 1])]):
            conn.execute("INSERT INTO chunks (document_id, ordinal, page_start, page_end, kind, text, embed_text,"
                         " embedding) VALUES (%s, %s, %s, %s, 'text', %s, 't', %s)",
                         (doc, i, p0, p1, words, np.array(v, dtype=np.float32)))
        conn.commit()
        assert conn.execute("SELECT count(pg_column_toast_chunk_id(tsv)) FROM chunks").fetchone()[0] == 3
    monkeypatch.setenv("FINCHAT_DATABASE_URL", fresh)
    monkeypatch.delenv("FINCHAT_EMBED_MODEL", raising=False)
    res = init_db(load_settings())
    assert res.applied[:2] == ["011_page_vectors", "012_tsv_inline"]
    with connect(fresh) as conn:
        assert conn.execute("SELECT count(pg_column_toast_chunk_id(tsv)) FROM chunks").fetchone()[0] == 0
        assert load.index_exists(conn, load.GIN_INDEX) and load.index_exists(conn, load.HNSW_INDEX)
        pages = {p: v.to_numpy().tolist() for p, v in
                 conn.execute("SELECT page, embedding FROM page_vectors ORDER BY page").fetchall()}
        assert pages == {1: [1, 1, 0], 2: [0, 1, 0], 3: [0, 0, 1]}
        hits = conn.execute("SELECT count(*) FROM chunks WHERE tsv @@ to_tsquery('simple', 'word7')").fetchone()
        assert hits[0] == 3


def test_the_full_text_column_keeps_deep_statistics(fresh):
    """sql/013: ANALYZE keeps ~10,000 most-common lexemes of chunks.tsv (what the wide text channel calls
    rare is read from them)."""
    with connect(fresh) as conn:
        migrate.migrate(conn)
        target = conn.execute("SELECT attstattarget FROM pg_attribute WHERE attrelid = 'chunks'::regclass"
                              " AND attname = 'tsv'").fetchone()[0]
    assert target == 1000

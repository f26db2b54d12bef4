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

    # the newest migration that alters a table the blocker has read (later ones may touch only the graph)
    newest = [m for m in migrate.available() if "ALTER TABLE" in m.path.read_text()][-1]
    old = tmp_path / "sql"
    old.mkdir()
    for m in migrate.available():
        if m.version < newest.version:
            (old / m.path.name).write_text(m.path.read_text())
    with connect(fresh) as conn:
        migrate.migrate(conn, old)
    blocker = psycopg.connect(fresh)  # an open transaction that read every table (an ingest, a benchmark …)
    for table in ("companies", "documents", "chunks"):
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

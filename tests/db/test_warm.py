"""`finchat db warm`: the search indexes and the chunks read into shared buffers, most used first."""

import psycopg
from click.testing import CliRunner

from finchat.cli import cli
from finchat.db.pool import connect
from finchat.db.warm import plan, warm
from finchat.doctor import buffers_check


def _cached_blocks(conn, relation):
    return conn.execute("SELECT count(*) FROM pg_buffercache WHERE relfilenode = pg_relation_filenode(%s::regclass)"
                        " AND reldatabase = (SELECT oid FROM pg_database WHERE datname = current_database())",
                        (relation,)).fetchone()[0]


def test_warm_reads_the_vector_index_first_and_all_of_it_into_the_buffers(corpus):
    with psycopg.connect(corpus, autocommit=True) as admin:
        admin.execute("CREATE EXTENSION IF NOT EXISTS pg_buffercache")
        hnsw = admin.execute("SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
                             " JOIN pg_am am ON am.oid = c.relam WHERE i.indrelid = 'chunks'::regclass"
                             " AND am.amname = 'hnsw'").fetchone()[0]
        blocks = admin.execute("SELECT pg_relation_size(%s::regclass) / current_setting('block_size')::int",
                               (hnsw,)).fetchone()[0]
        # empty the buffers of the index first (PostgreSQL 17's pg_buffercache_evict), so what warm does shows
        admin.execute("SELECT pg_buffercache_evict(bufferid) FROM pg_buffercache WHERE relfilenode ="
                      " pg_relation_filenode(%s::regclass)", (hnsw,))
        assert _cached_blocks(admin, hnsw) == 0 < blocks
        with connect(corpus) as conn:
            got = warm(conn)
        assert got.warmed[0].relation == hnsw and got.warmed[0].bytes == blocks * 8192
        assert _cached_blocks(admin, hnsw) == blocks
        names = [w.relation for w in got.warmed]
        assert names.index("chunks") < len(names) and names.index("chunks_tsv_idx") < names.index("chunks")
        assert not got.plan.skipped


def test_what_does_not_fit_the_budget_is_skipped_and_smaller_ones_still_go_in(corpus):
    with connect(corpus) as conn:
        full = plan(conn)
        sizes = {name: size for _, name, size in full.order}
        budget = sizes["chunks_tsv_idx"] + sizes[full.order[0][1]] + 64 * 1024
        small = plan(conn, budget=budget)
    kept = [name for _, name, _ in small.order]
    assert kept[:2] == [full.order[0][1], "chunks_tsv_idx"]
    assert "chunks" in dict(small.skipped) and "chunks" not in kept
    assert sum(size for _, _, size in small.order) <= budget
    assert len(kept) > 2  # the small relations after the skipped chunks table still fit


def test_db_warm_prints_what_it_read(corpus, monkeypatch):
    monkeypatch.setenv("FINCHAT_DATABASE_URL", corpus)
    res = CliRunner().invoke(cli, ["db", "warm", "--max-mb", "1"])
    assert res.exit_code == 0, res.output
    assert "warmed " in res.output and "MB" in res.output
    assert "did not fit:" in res.output and "FINCHAT_PG_SHARED_BUFFERS" in res.output  # 1 MB cannot hold the chunks
    assert "across restarts" in res.output


def test_db_warm_before_init_says_what_to_run(make_database, monkeypatch):
    monkeypatch.setenv("FINCHAT_DATABASE_URL", make_database())
    res = CliRunner().invoke(cli, ["db", "warm"])
    assert res.exit_code == 1 and "run `finchat db init`" in res.output


def test_doctor_says_when_the_buffers_cannot_hold_the_search_indexes():
    small = buffers_check(512 * 2**20, 2100 * 2**20, kept=True)
    assert not small.ok and not small.fatal and "2,100 MB" in small.detail and "FINCHAT_PG_SHARED_BUFFERS" in small.detail
    roomy = buffers_check(6 * 2**30, 2100 * 2**20, kept=False)
    assert roomy.ok and "finchat db warm" in roomy.detail
    assert "autoprewarm keeps" in buffers_check(6 * 2**30, 2100 * 2**20, kept=True).detail

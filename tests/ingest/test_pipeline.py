"""`finchat ingest` end to end on generated PDFs, against the real database."""

import shutil
import threading

import psycopg
import pytest
from click.testing import CliRunner

from finchat.cli import cli
from finchat.config import load_settings
from finchat.ingest.pipeline import IngestOptions, ingest
from tests.pdfgen import make_filing, make_scanned


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory):
    root = tmp_path_factory.mktemp("pdf_files")
    make_filing(root / "TESTCO_2023Q3_10Q.pdf")
    (root / "Apple" / "2023" / "10Q_10K").mkdir(parents=True)
    make_filing(root / "Apple" / "2023" / "10Q_10K" / "10Q-Q2-2023.pdf", company="Apple Inc.", prose_paragraphs=3)
    return root


@pytest.fixture
def env(env_db, tmp_path, monkeypatch):
    monkeypatch.setenv("FINCHAT_MD_DIR", str(tmp_path / "md"))
    with psycopg.connect(env_db, autocommit=True) as conn:
        conn.execute("DELETE FROM documents")
    return env_db


def rows(url, sql, params=()):
    with psycopg.connect(url) as conn:
        return conn.execute(sql, params).fetchall()


def ingested_copy(pdfs, tmp_path):
    """A folder holding one copy of the Testco filing, ingested; returns (folder, file)."""
    folder = tmp_path / "in"
    folder.mkdir()
    target = folder / "TESTCO_2023Q3_10Q.pdf"
    shutil.copy(pdfs / "TESTCO_2023Q3_10Q.pdf", target)
    ingest([folder], load_settings())
    return folder, target


def test_ingest_a_folder_then_skip_unchanged(env, pdfs):
    rep = ingest([pdfs], load_settings(), IngestOptions(jobs=2))
    assert [r.status for r in rep.results] == ["ingested", "ingested"], rep.results
    docs = rows(env, "SELECT name, company_key, form, fiscal_year, fiscal_quarter, page_count, period_end::text "
                     "FROM documents ORDER BY name")
    assert docs == [("APPLE_2023Q2_10Q", "APPLE", "10-Q", 2023, "Q2", 6, "2023-07-01"),
                    ("TESTCO_2023Q3_10Q", "TESTCO", "10-Q", 2023, "Q3", 7, "2023-07-01")]
    assert rows(env, "SELECT name FROM companies WHERE key = 'TESTCO'") == [("Testco",)]
    # the statement table crosses pages 3-4 and is one or more table chunks carrying its caption
    tables = rows(env, "SELECT page_start, page_end, text FROM chunks c JOIN documents d ON d.id = c.document_id "
                       "WHERE d.name = 'TESTCO_2023Q3_10Q' AND kind = 'table' ORDER BY ordinal")
    assert tables and tables[0][0] == 3 and max(t[1] for t in tables) == 4
    assert all("(In millions, except per share amounts)" in t[2] for t in tables)
    text = "\n".join(r[0] for r in rows(env, "SELECT text FROM chunks"))
    assert "TABLE OF CONTENTS" not in text and "Jane Doe" not in text and "Form 10-Q |" not in text
    assert rows(env, "SELECT count(*) FROM chunks WHERE embedding IS NULL") == [(0,)]
    assert rows(env, "SELECT count(*) FROM chunks WHERE page_start < 1 OR page_end > 7") == [(0,)]
    # indexes exist and are valid after the load
    idx = rows(env, "SELECT c.relname, i.indisvalid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
                    "WHERE c.relname IN ('chunks_embedding_hnsw', 'chunks_tsv_idx') ORDER BY 1")
    assert idx == [("chunks_embedding_hnsw", True), ("chunks_tsv_idx", True)]
    before = rows(env, "SELECT id FROM chunks ORDER BY id")

    again = ingest([pdfs], load_settings(), IngestOptions(jobs=2))
    assert [r.status for r in again.results] == ["skipped", "skipped"]
    assert again.seconds["hash"] < 1.0
    assert rows(env, "SELECT id FROM chunks ORDER BY id") == before


def test_changed_file_replaces_old_rows_and_force_reloads(env, pdfs, tmp_path):
    folder, target = ingested_copy(pdfs, tmp_path)
    old_ids = {r[0] for r in rows(env, "SELECT id FROM chunks")}
    make_filing(target, extra_word="Zeppelin")  # new content, same name
    rep = ingest([folder], load_settings())
    assert [r.status for r in rep.results] == ["ingested"]
    assert rows(env, "SELECT count(*) FROM documents") == [(1,)]
    new_ids = {r[0] for r in rows(env, "SELECT id FROM chunks")}
    assert not (old_ids & new_ids)
    assert rows(env, "SELECT count(*) FROM chunks WHERE text LIKE %s", ("%Zeppelin%",))[0][0] > 0
    forced = ingest([folder], load_settings(), IngestOptions(force=True))
    assert [r.status for r in forced.results] == ["ingested"]


def test_failure_mid_document_leaves_no_trace(env, pdfs, tmp_path):
    folder, target = ingested_copy(pdfs, tmp_path)
    before = rows(env, "SELECT d.sha256, count(c.id) FROM documents d JOIN chunks c ON c.document_id = d.id GROUP BY 1")

    def explode(conn, doc_id, chunk_ids):
        assert chunk_ids  # the chunks were written in this transaction …
        raise RuntimeError("injected failure after the chunks were copied")

    make_filing(target, extra_word="Quokka")
    rep = ingest([folder], load_settings(), IngestOptions(after_load=explode))
    assert [r.status for r in rep.results] == ["failed"] and "injected failure" in rep.results[0].reason
    # … and are gone; the previous version is intact
    assert rows(env, "SELECT d.sha256, count(c.id) FROM documents d JOIN chunks c ON c.document_id = d.id GROUP BY 1") == before
    assert rows(env, "SELECT count(*) FROM chunks WHERE text LIKE %s", ("%Quokka%",)) == [(0,)]


def test_bad_files_are_reported_and_the_batch_goes_on(env, pdfs, tmp_path):
    folder = tmp_path / "mixed dir ü"
    folder.mkdir()
    shutil.copy(pdfs / "TESTCO_2023Q3_10Q.pdf", folder / "TESTCO_2023Q3_10Q.pdf")
    (folder / "BROKEN_2023Q1_10Q.pdf").write_bytes(b"%PDF-1.4 truncated")
    make_scanned(folder / "SCANNED_2023Q1_10Q.pdf")
    (folder / "notes.txt").write_text("not a filing")
    (folder / "README.md").write_text("ignored quietly")
    runner = CliRunner()
    res = runner.invoke(cli, ["ingest", str(folder), str(tmp_path / "missing.pdf")])
    assert res.exit_code == 1, res.output
    lines = res.output.splitlines()
    assert any(ln.startswith("failed:") and "BROKEN_2023Q1_10Q.pdf: corrupt PDF" in ln for ln in lines)
    assert any(ln.startswith("failed:") and "no text layer" in ln for ln in lines)
    assert any(ln.startswith("failed:") and "missing.pdf: no such file" in ln for ln in lines)
    assert any(ln.startswith("warning:") and "notes.txt: skipped" in ln for ln in lines)
    assert not any("README" in ln for ln in lines)
    assert "documents: 1 ingested, 0 skipped (unchanged), 3 failed" in res.output
    assert "Traceback" not in res.output
    assert rows(env, "SELECT name FROM documents") == [("TESTCO_2023Q3_10Q",)]


def in_two_threads(fn):
    """Run ``fn`` in two threads at once; returns (their results, their exceptions)."""
    results, errors = [], []

    def run():
        try:
            results.append(fn())
        except BaseException as exc:  # noqa: BLE001  (a thread's exception would otherwise vanish)
            errors.append(exc)

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results, errors


def test_two_runs_at_once_do_not_duplicate(env, pdfs, tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(pdfs / "TESTCO_2023Q3_10Q.pdf", folder / "TESTCO_2023Q3_10Q.pdf")
    results, errors = in_two_threads(lambda: ingest([folder], load_settings(), IngestOptions(jobs=1)))
    assert errors == []
    assert all(r.results[0].status != "failed" for r in results), [r.results[0].reason for r in results]
    statuses = sorted(r.results[0].status for r in results)
    assert statuses in (["ingested", "skipped"], ["ingested", "ingested"])
    assert rows(env, "SELECT count(*) FROM documents") == [(1,)]
    n = rows(env, "SELECT count(*), count(DISTINCT ordinal) FROM chunks")[0]
    assert n[0] == n[1] > 0


def test_concurrent_index_builds_do_not_collide(env, pdfs, tmp_path):
    """Two runs that end together both find an index missing; one builds it, the other sees it built."""
    from finchat.ingest import load as loader

    ingested_copy(pdfs, tmp_path)
    with psycopg.connect(env, autocommit=True) as conn:
        loader.drop_bulk_indexes(conn)
    barrier = threading.Barrier(2)

    def build():
        with psycopg.connect(env) as conn:
            barrier.wait()
            return loader.build_indexes(conn)

    built, errors = in_two_threads(build)
    assert errors == []
    assert sorted(name for names in built for name in names) == sorted([loader.GIN_INDEX, loader.HNSW_INDEX])

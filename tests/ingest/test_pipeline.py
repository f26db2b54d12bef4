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


def test_a_file_read_by_an_older_parser_is_read_again(env, pdfs, tmp_path):
    folder, target = ingested_copy(pdfs, tmp_path)
    old_ids = {r[0] for r in rows(env, "SELECT id FROM chunks")}
    with psycopg.connect(env, autocommit=True) as conn:
        conn.execute("UPDATE documents SET parser = 'pymupdf4llm-triage/1'")
    rep = ingest([folder], load_settings())
    assert [r.status for r in rep.results] == ["ingested"]  # the Markdown cache of the old parse is not reused
    assert any("older version of finchat" in w for w in rep.warnings)
    assert not (old_ids & {r[0] for r in rows(env, "SELECT id FROM chunks")})
    assert [r.status for r in ingest([folder], load_settings()).results] == ["skipped"]
    with psycopg.connect(env, autocommit=True) as conn:  # another parser's reading (LlamaParse) is kept
        conn.execute("UPDATE documents SET parser = 'llamaparse'")
    assert [r.status for r in ingest([folder], load_settings()).results] == ["skipped"]


def test_a_file_chunked_by_older_rules_is_chunked_again_from_its_markdown_cache(env, pdfs, tmp_path):
    from finchat.ingest.chunk import CHUNKER_VERSION
    from finchat.ingest.parse import PARSER_VERSION

    folder, _ = ingested_copy(pdfs, tmp_path)
    cached = list((tmp_path / "md").rglob("*.md"))
    assert cached
    stamps = {p: p.stat().st_mtime_ns for p in cached}
    with psycopg.connect(env, autocommit=True) as conn:
        conn.execute("UPDATE documents SET parser = %s", (f"{PARSER_VERSION}+chunks/1",))
    rep = ingest([folder], load_settings())
    assert [r.status for r in rep.results] == ["ingested"], [r.reason for r in rep.results]
    assert {p: p.stat().st_mtime_ns for p in cached} == stamps  # read from the cache, not parsed again
    assert rows(env, "SELECT parser FROM documents") == [(f"{PARSER_VERSION}+{CHUNKER_VERSION}",)]
    assert [r.status for r in ingest([folder], load_settings()).results] == ["skipped"]


def test_a_filing_chunked_again_keeps_the_vectors_of_chunks_cut_as_before(env, pdfs, tmp_path):
    """Chunked again by newer rules, a chunk whose embedded text is as stored keeps its stored vector (marked here);
    one whose text differs (made stale here) is embedded again."""
    from finchat.ingest.parse import PARSER_VERSION

    folder, _ = ingested_copy(pdfs, tmp_path)
    (kept, kept_text), (stale, stale_text) = rows(env, "SELECT id, embed_text FROM chunks ORDER BY ordinal LIMIT 2")
    with psycopg.connect(env, autocommit=True) as conn:
        dims = conn.execute("SELECT vector_dims(embedding) FROM chunks LIMIT 1").fetchone()[0]
        marker = "[1" + ",0" * (dims - 1) + "]"
        conn.execute("UPDATE chunks SET embedding = %s::vector WHERE id = ANY(%s)", (marker, [kept, stale]))
        conn.execute("UPDATE chunks SET embed_text = 'stale text' WHERE id = %s", (stale,))
        conn.execute("UPDATE documents SET parser = %s", (f"{PARSER_VERSION}+chunks/1",))
    assert [r.status for r in ingest([folder], load_settings()).results] == ["ingested"]
    got = dict(rows(env, "SELECT embed_text, embedding::text = %s FROM chunks", (marker,)))
    assert got[kept_text] is True and got[stale_text] is False
    assert rows(env, "SELECT count(*) FROM chunks WHERE embedding IS NULL") == [(0,)]


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


class Recorder:
    """A pipeline Progress that records what it is told."""

    def __init__(self):
        self.started, self.advanced, self.done, self.events = [], [], [], []

    def start(self, files):
        self.started.append(files)
        self.events.append("start")

    def advance(self, pages):
        self.advanced.append(pages)

    def file_done(self, result):
        self.done.append(result)
        self.events.append(result.status)

    def log(self, message):
        pass


def test_progress_counts_pages_from_the_start_and_reports_each_file(env, pdfs, tmp_path):
    import pymupdf

    from finchat.graph.build import after_load

    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(pdfs / "TESTCO_2023Q3_10Q.pdf", folder / "TESTCO_2023Q3_10Q.pdf")
    (folder / "BROKEN_2023Q1_10Q.pdf").write_bytes(b"%PDF-1.4 truncated")
    with pymupdf.open(folder / "TESTCO_2023Q3_10Q.pdf") as d:
        pages = d.page_count
    rec = Recorder()
    ingest([folder], load_settings(), IngestOptions(after_load=after_load), rec)
    assert rec.started == [[("BROKEN_2023Q1_10Q", 0), ("TESTCO_2023Q3_10Q", pages)]]
    assert rec.events[0] == "start" and sorted(rec.events[1:]) == ["failed", "ingested"]
    assert abs(sum(rec.advanced) - pages) < 1e-6 and len(rec.advanced) > 2  # in parts, summing to the total
    ok = next(r for r in rec.done if r.status == "ingested")
    assert ok.detected == "Testco 10-Q FY2023 Q3, period ended 2023-07-01"
    assert ok.pages == pages and ok.facts > 0 and ok.seconds > 0
    # a second run: the unchanged file is reported as skipped, the bar has nothing to do
    rec2 = Recorder()
    ingest([folder / "TESTCO_2023Q3_10Q.pdf"], load_settings(), IngestOptions(after_load=after_load), rec2)
    assert rec2.started == [[]] and [r.status for r in rec2.done] == ["skipped"]


def test_ingest_summary_table_and_no_progress_when_not_a_terminal(env, pdfs, tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(pdfs / "TESTCO_2023Q3_10Q.pdf", folder / "TESTCO_2023Q3_10Q.pdf")
    res = CliRunner().invoke(cli, ["ingest", str(folder)])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0].split() == ["file", "detected", "pages", "chunks", "facts", "s", "status"]
    assert lines[1].startswith("TESTCO_2023Q3_10Q  Testco 10-Q FY2023 Q3, period ended 2023-07-01")
    assert lines[1].endswith("ingested")
    assert not any(ln.startswith("✓") for ln in lines) and "ETA" not in res.output  # no progress chatter
    assert "documents: 1 ingested, 0 skipped (unchanged), 0 failed" in res.output


def test_interactive_display_prints_a_line_per_file(capsys):
    from pathlib import Path

    from finchat.ingest.display import Display, file_line
    from finchat.ingest.pipeline import DocResult

    r = DocResult(Path("x/APPLE_2023Q3_10Q.pdf"), "APPLE_2023Q3_10Q", "ingested", "", 29, 100, 23,
                  "Apple 10-Q FY2023 Q3, period ended 2023-07-01", 84, 12.34)
    assert file_line(r) == ("✓ APPLE_2023Q3_10Q  Apple 10-Q FY2023 Q3, period ended 2023-07-01 · 29 pages · "
                            "123 chunks · 84 facts · 12.3 s")
    with Display(interactive=True) as d:
        d.start([("APPLE_2023Q3_10Q", 29)])
        d.advance(29)
        d.file_done(r)
    err = capsys.readouterr().err
    assert "✓ APPLE_2023Q3_10Q" in err and "29/29 pages" in err

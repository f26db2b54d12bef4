"""Hostile PDFs in one run beside a good filing: each gets a one-line reason, the good one is stored, nothing
else is touched. Files are generated here (never real filings)."""

from __future__ import annotations

import shutil

import pymupdf
import pytest
from click.testing import CliRunner

from finchat.cli import cli
from finchat.db.pool import connect
from tests.conftest import wipe_documents
from tests.pdfgen import make_filing, make_scanned

ZERO_PAGES = (b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n"
              b"trailer<</Root 1 0 R>>\n%%EOF\n")


def _text_pdf(path, pages, **meta):
    doc = pymupdf.open()
    for n in range(pages):
        doc.new_page().insert_text((72, 72), f"Page {n + 1} of a long exhibit. Revenue was up.")
    if meta:
        doc.set_metadata(meta)
    return doc


@pytest.fixture
def env(env_db, tmp_path, monkeypatch):
    monkeypatch.setenv("FINCHAT_MD_DIR", str(tmp_path / "md"))
    wipe_documents(env_db)
    return env_db


def test_hostile_files_each_get_one_line_and_the_good_one_is_stored(env, tmp_path, monkeypatch):
    folder = tmp_path / "in box ü"
    (folder / "sub").mkdir(parents=True)
    make_filing(folder / "APPLE_2023Q3_10Q.pdf", company="Apple Inc.", statement_rows=13, prose_paragraphs=2)
    (folder / "EMPTY_2023Q1_10Q.pdf").write_bytes(ZERO_PAGES)
    _text_pdf(folder, 3100).save(folder / "HUGE_2023Q1_10Q.pdf")
    enc = _text_pdf(folder, 2)
    enc.save(folder / "LOCKED_2023Q1_10Q.pdf", encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="x", owner_pw="y")
    make_scanned(folder / "SCAN_2023Q1_10Q.pdf")
    shutil.make_archive(str(tmp_path / "zipped"), "zip", folder / "sub")
    shutil.copy(tmp_path / "zipped.zip", folder / "ZIPPED_2023Q1_10Q.pdf")
    (folder / "PAGE_2023Q1_10Q.pdf").write_text("<!doctype html><html><body>10-Q</body></html>")
    # valid, with a 2 MB title and a 20,000-entry outline: read like any filing, its metadata not indexed
    big = _text_pdf(folder, 2, title="T" * 2_000_000, author="A" * 100_000)
    big.set_toc([[1, f"Heading {n}", 1] for n in range(20_000)])
    big.save(folder / "sub" / "BIGMETA_2023Q1_10Q.pdf")
    dotted = f"{folder}/sub/../APPLE_2023Q3_10Q.pdf"  # a path with "..", named twice: one document

    res = CliRunner().invoke(cli, ["ingest", str(folder), dotted])
    assert res.exit_code == 1 and "Traceback" not in res.output, res.output
    failed = {line.split(": ")[1].rsplit("/", 1)[-1]: line for line in res.output.splitlines()
              if line.startswith("failed:")}
    expect = {"EMPTY_2023Q1_10Q.pdf": "no pages", "HUGE_2023Q1_10Q.pdf": "3,100 pages, more than one filing has",
              "LOCKED_2023Q1_10Q.pdf": "encrypted PDF", "SCAN_2023Q1_10Q.pdf": "no text layer",
              "ZIPPED_2023Q1_10Q.pdf": "not a PDF", "PAGE_2023Q1_10Q.pdf": "not a PDF"}
    for name, reason in expect.items():
        assert name in failed and reason in failed[name], (name, res.output)
    assert len(failed) == len(expect), res.output
    with connect(env) as conn:
        names = sorted(r[0] for r in conn.execute("SELECT name FROM documents").fetchall())
        longest = conn.execute("SELECT max(length(text)) FROM chunks").fetchone()[0]
    assert names == ["APPLE_2023Q3_10Q", "BIGMETA_2023Q1_10Q"]
    assert longest < 20_000  # the 2 MB title went nowhere near a chunk

    # a second run: the stored ones are skipped as unchanged, nothing already stored is lost
    again = CliRunner().invoke(cli, ["ingest", str(folder)])
    assert "2 skipped" in again.output or "skipped (unchanged)" in again.output, again.output
    with connect(env) as conn:
        assert sorted(r[0] for r in conn.execute("SELECT name FROM documents").fetchall()) == names

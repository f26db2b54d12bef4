"""The Markdown cache cannot be written — the disk fills up mid-file (a file-size limit on the real
process), or the cache folder cannot be created — : one line naming the folder, the filings still stored,
no half-written cache file, nothing already stored lost."""

from __future__ import annotations

import resource
import subprocess
import sys

import pytest

from tests.conftest import wipe_documents
from tests.faults.test_kill_ingest import _env, _state, fault_db  # noqa: F401
from tests.pdfgen import make_filing

pytestmark = pytest.mark.faults


def _run(folder, env, limit_bytes=None):  # type: ignore[no-untyped-def]
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit_bytes, limit_bytes))

    return subprocess.run([sys.executable, "-m", "finchat", "ingest", str(folder), "--jobs", "1"], env=env,
                          capture_output=True, text=True, timeout=300, check=False,
                          preexec_fn=limit if limit_bytes else None)


def test_a_full_disk_under_the_markdown_cache(fault_db, tmp_path):  # noqa: F811
    folder = tmp_path / "filings"
    folder.mkdir()
    make_filing(folder / "APPLE_2023Q3_10Q.pdf", company="Apple Inc.", statement_rows=13, prose_paragraphs=3)
    make_filing(folder / "AMCOR_2023Q2_10Q.pdf", company="Amcor plc", statement_rows=13, prose_paragraphs=40)
    wipe_documents(fault_db)
    md = tmp_path / "md"
    env = _env(fault_db, md)
    first = _run(folder, env)
    assert first.returncode == 0, first.stderr
    before = _state(fault_db)
    (folder / "AMCOR_2023Q2_10Q.pdf").unlink()
    make_filing(folder / "AMCOR_2023Q2_10Q.pdf", company="Amcor plc", statement_rows=13, prose_paragraphs=41)
    cached = sorted(p.name for p in md.rglob("*"))

    # the changed filing's cache is larger than what the disk has left: its write fails mid-file
    big = max(p.stat().st_size for p in md.rglob("*.md"))
    res = _run(folder, env, limit_bytes=big // 2)
    warnings = [ln for ln in res.stderr.splitlines() if "Markdown cache" in ln]
    assert len(warnings) == 1 and str(md) in warnings[0] and "File too large" in warnings[0], res.stderr
    assert "Traceback" not in res.stdout + res.stderr and res.returncode == 0
    assert not [p for p in md.rglob("*.tmp*")]  # no half file
    assert sorted(p.name for p in md.rglob("*")) == cached
    after = _state(fault_db)
    assert not after["broken"] and sorted(after["documents"]) == sorted(before["documents"])  # type: ignore[arg-type]


def test_a_cache_folder_that_cannot_be_created(fault_db, tmp_path):  # noqa: F811
    folder = tmp_path / "filings"
    folder.mkdir()
    make_filing(folder / "APPLE_2023Q3_10Q.pdf", company="Apple Inc.", statement_rows=13, prose_paragraphs=3)
    wipe_documents(fault_db)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be")
    res = _run(folder, _env(fault_db, blocker / "md"))
    warnings = [ln for ln in res.stderr.splitlines() if "Markdown cache" in ln]
    assert len(warnings) == 1 and str(blocker / "md") in warnings[0], res.stderr
    assert res.returncode == 0 and list(_state(fault_db)["documents"]) == ["APPLE_2023Q3_10Q"]  # type: ignore[call-overload]

"""Schema changes under concurrency: several `finchat db init` at once on a fresh database, and `db init`
while an ingest runs — no deadlock, every migration applied exactly once, the ingest completes."""

from __future__ import annotations

import subprocess
import sys

import pytest

from finchat.db.pool import connect
from tests.conftest import REPO, wipe_documents
from tests.faults.test_kill_ingest import _env, _state, fault_db  # noqa: F401
from tests.pdfgen import make_filing

pytestmark = pytest.mark.faults


def _init(env):  # type: ignore[no-untyped-def]
    return subprocess.Popen([sys.executable, "-m", "finchat", "db", "init"], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


def test_three_db_inits_at_once(make_database, tmp_path):
    url = make_database("finchat_init_race")
    env = _env(url, tmp_path / "md")
    procs = [_init(env) for _ in range(3)]
    outs = [p.communicate(timeout=240)[0] for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], "\n---\n".join(outs)
    files = sorted(p.name for p in (REPO / "sql").glob("[0-9][0-9][0-9]_*.sql"))
    with connect(url) as conn:
        versions = [r[0] for r in conn.execute("SELECT version FROM schema_migrations ORDER BY version").fetchall()]
        assert conn.execute("SELECT count(*) FROM companies").fetchone()[0] > 0
    assert len(versions) == len(set(versions)) == len(files)


def test_db_init_while_an_ingest_runs(fault_db, tmp_path):  # noqa: F811
    folder = tmp_path / "filings"
    folder.mkdir()
    for name, company in {"APPLE_2023Q3_10Q.pdf": "Apple Inc.", "AMCOR_2023Q2_10Q.pdf": "Amcor plc"}.items():
        make_filing(folder / name, company=company, statement_rows=13, prose_paragraphs=4)
    wipe_documents(fault_db)
    env = _env(fault_db, tmp_path / "md")
    ingest = subprocess.Popen([sys.executable, "-m", "finchat", "ingest", str(folder), "--trace", "--jobs", "1"],
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert ingest.stderr is not None
    init = None
    for line in ingest.stderr:
        if line.startswith("stage: load") and init is None:
            init = _init(env)  # while the first filing's transaction is open
    out = ingest.communicate(timeout=300)[0]
    assert init is not None
    init_out = init.communicate(timeout=240)[0]
    assert init.returncode == 0, init_out
    assert ingest.returncode == 0, out
    state = _state(fault_db)
    assert not state["broken"] and sorted(state["documents"]) == ["AMCOR_2023Q2_10Q", "APPLE_2023Q3_10Q"]  # type: ignore[arg-type]

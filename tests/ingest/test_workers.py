"""Several `finchat ingest` workers on one folder and one database: every file stored exactly once, the
work split between them, and a worker killed mid-file leaves its file to another (real processes)."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from finchat.db.pool import connect
from tests.conftest import migrated, wipe_documents
from tests.faults.test_kill_ingest import _env, _state
from tests.pdfgen import make_filing

COMPANIES = {"APPLE": "Apple Inc.", "AMCOR": "Amcor plc", "NIKE": "NIKE, Inc."}


@pytest.fixture(scope="module")
def workers_db(make_database):  # type: ignore[no-untyped-def]
    return migrated(make_database("finchat_workers"))


@pytest.fixture
def folder(workers_db: str, tmp_path: Path) -> Path:
    wipe_documents(workers_db)
    folder = tmp_path / "filings"
    folder.mkdir()
    return folder


def _filings(folder: Path, n: int) -> list[str]:
    names = []
    for i in range(n):
        key = list(COMPANIES)[i % len(COMPANIES)]
        name = f"{key}_{2020 + i // len(COMPANIES)}Q2_10Q"
        make_filing(folder / f"{name}.pdf", company=COMPANIES[key], statement_rows=30, prose_paragraphs=12)
        names.append(name)
    return names


def _start(folder: Path, env: dict[str, str], *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "finchat", "ingest", str(folder), "--jobs", "1", *extra],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _ingested(stdout: str) -> int:
    m = re.search(r"documents: (\d+) ingested", stdout)
    assert m, stdout
    return int(m.group(1))


def _claims(url: str) -> dict[str, tuple[str, str, int]]:
    with connect(url) as conn:
        return {r[0]: (r[1], r[2], r[3]) for r in conn.execute("SELECT name, state, worker, attempts FROM ingest_files")}


def test_three_workers_store_every_file_exactly_once_and_split_the_work(workers_db, folder, tmp_path):
    names = _filings(folder, 9)
    env = _env(workers_db, tmp_path / "md")
    procs = [_start(folder, env) for _ in range(3)]
    outs = [p.communicate(timeout=600) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], [o[1][-400:] for o in outs]
    done_by = [_ingested(o[0]) for o in outs]
    assert sum(done_by) == len(names), done_by          # no file done twice, none lost
    assert max(done_by) < len(names), done_by           # the work was split
    state = _state(workers_db)
    assert not state["broken"]
    assert sorted(state["documents"]) == sorted(names)  # type: ignore[call-overload]
    claims = _claims(workers_db)
    assert {n: c[0] for n, c in claims.items()} == dict.fromkeys(names, "done")
    assert all(c[2] == 1 for c in claims.values())      # each claimed once
    workers = {c[1] for c in claims.values()}
    assert {w.split(":")[1] for w in workers} == {str(p.pid) for p, n in zip(procs, done_by, strict=True) if n}


def _kill_at_embed(proc: subprocess.Popen[str]) -> str:
    """SIGKILL ``proc`` (run with --trace) as its first file enters embedding; returns that file's name."""
    assert proc.stderr is not None
    for line in proc.stderr:
        if line.startswith("stage: embed "):
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=60)
            return line.split()[-1]
    raise AssertionError(f"never reached embedding (exit {proc.wait()})")


def test_a_killed_workers_file_is_finished_by_another_with_no_partial_rows(workers_db, folder, tmp_path):
    names = _filings(folder, 4)
    env = _env(workers_db, tmp_path / "md")
    victim = _start(folder, env, "--trace")
    survivor = _start(folder, env)
    taken = _kill_at_embed(victim)
    out, err = survivor.communicate(timeout=600)
    assert survivor.returncode == 0, err[-400:]
    state = _state(workers_db)
    assert not state["broken"]
    assert sorted(state["documents"]) == sorted(names)  # type: ignore[call-overload]
    assert all(chunks > 0 for chunks, _ in state["documents"].values())  # type: ignore[attr-defined]
    claims = _claims(workers_db)
    assert claims[taken][0] == "done" and claims[taken][1].endswith(f":{survivor.pid}"), claims[taken]
    assert claims[taken][2] == 2  # claimed by the killed worker, then by the survivor


def test_status_shows_an_abandoned_file_and_the_next_run_takes_it_over(workers_db, folder, tmp_path):
    names = _filings(folder, 2)
    env = _env(workers_db, tmp_path / "md")
    taken = _kill_at_embed(_start(folder, env, "--trace"))
    time.sleep(0.5)  # Postgres notices the dead connection (and drops its lock) as the socket closes
    status = subprocess.run([sys.executable, "-m", "finchat", "ingest", "--status"], env=env,
                            capture_output=True, text=True, timeout=120)
    assert status.returncode == 0, status.stderr
    assert re.search(rf"abandoned\s+{taken}\b", status.stdout), status.stdout
    rerun = _start(folder, env)
    out, err = rerun.communicate(timeout=600)
    assert rerun.returncode == 0, err[-400:]
    assert _ingested(out) == len(names)  # the killed worker stored nothing: it died in its first embedding
    assert sorted(_state(workers_db)["documents"]) == sorted(names)  # type: ignore[call-overload]
    claims = _claims(workers_db)
    assert claims[taken][0] == "done" and claims[taken][2] == 2
    status = subprocess.run([sys.executable, "-m", "finchat", "ingest", "--status"], env=env,
                            capture_output=True, text=True, timeout=120)
    assert f"files claimed by workers: {len(names)} done" in status.stdout, status.stdout


def test_a_database_behind_the_newest_migration_asks_for_db_init_and_keeps_its_data(make_database, tmp_path):
    from finchat.config import load_settings
    from finchat.db import migrate
    from finchat.errors import DatabaseNotReady
    from finchat.ingest.pipeline import ingest

    old = tmp_path / "sql"
    old.mkdir()
    for m in migrate.available()[:-1]:
        (old / m.path.name).write_text(m.path.read_text())
    url = make_database("finchat_old")
    with connect(url) as conn:
        migrate.migrate(conn, old)
        migrate.set_embedding(conn, "all-MiniLM-L6-v2", 384)
        conn.commit()
    newest = migrate.available()[-1].version
    with pytest.raises(DatabaseNotReady, match=rf"schema version {newest - 1:03d} and this finchat needs "
                                               rf"{newest:03d}; run `finchat db init`"):
        ingest([tmp_path], load_settings({"FINCHAT_DATABASE_URL": url}))
    with connect(url) as conn:
        assert migrate.migrate(conn)[0].version == newest  # `db init` then brings it up to date


def test_embedding_on_a_gpu_torch_cannot_see_is_one_line_and_stores_nothing(workers_db, folder, tmp_path):
    import torch

    if torch.cuda.is_available():
        pytest.skip("this machine has a CUDA GPU")
    _filings(folder, 1)
    env = {**_env(workers_db, tmp_path / "md"), "FINCHAT_EMBED_DEVICE": "cuda"}
    res = subprocess.run([sys.executable, "-m", "finchat", "ingest", str(folder)], env=env, capture_output=True,
                         text=True, timeout=300)
    assert res.returncode == 1
    assert res.stderr.strip() == ("error: FINCHAT_EMBED_DEVICE=cuda, but torch " + torch.__version__ + " sees no CUDA "
                                  "GPU; install a CUDA build of torch (https://pytorch.org/get-started/locally/) or "
                                  "unset FINCHAT_EMBED_DEVICE to embed on the CPU"), res.stderr
    assert _state(workers_db)["documents"] == {}
    env["FINCHAT_EMBED_DEVICE"] = "cpu"
    ok = subprocess.run([sys.executable, "-m", "finchat", "ingest", str(folder)], env=env, capture_output=True,
                        text=True, timeout=300)
    assert ok.returncode == 0 and _ingested(ok.stdout) == 1, ok.stderr

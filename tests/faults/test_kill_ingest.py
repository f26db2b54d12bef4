"""kill -9 of a real `finchat ingest` process at every stage (parse, embed, load, graph, index), 20 times:
no partial document is ever visible and a re-run completes everything (one transaction per document)."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from finchat.db.pool import GRAPH_NAME, connect
from tests.conftest import REPO, migrated, wipe_documents
from tests.pdfgen import make_filing

pytestmark = pytest.mark.faults

STAGES = ("parse", "embed", "load", "graph", "index")
FILES = {"APPLE_2023Q3_10Q.pdf": "Apple Inc.", "AMCOR_2023Q2_10Q.pdf": "Amcor plc", "NIKE_2023Q1_10Q.pdf": "NIKE, Inc."}


@pytest.fixture(scope="module")
def fault_db(make_database):  # type: ignore[no-untyped-def]
    """A database of its own: the faults below must not disturb the session database."""
    return migrated(make_database("finchat_faults"))


def _env(url: str, md: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("FINCHAT_")}
    env.update(FINCHAT_DATABASE_URL=url, FINCHAT_MD_DIR=str(md), PYTHONPATH=str(REPO))
    return env


def _ingest(folder: Path, env: dict[str, str], stage: str | None = None, occurrence: int = 1,
            delay: float = 0.0) -> str:
    """Run `finchat ingest --trace`; with ``stage``, SIGKILL it ``delay`` s after the ``occurrence``-th
    file enters that stage. Returns what happened: "killed in <stage>", or "finished" (exit code)."""
    proc = subprocess.Popen([sys.executable, "-m", "finchat", "ingest", str(folder), "--trace", "--jobs", "1"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    assert proc.stderr is not None
    seen = 0
    outcome = None
    for line in proc.stderr:
        if stage and line.startswith(f"stage: {stage}"):
            seen += 1
            if seen == occurrence:
                if delay:
                    import time

                    time.sleep(delay)
                proc.send_signal(signal.SIGKILL)  # the main process only, as `kill -9 PID` would
                outcome = f"killed in {stage}"
                break
    proc.wait(timeout=300)
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # parser workers the kill left behind, if any
    except ProcessLookupError:
        pass
    return outcome if outcome and proc.returncode == -signal.SIGKILL else f"finished (exit {proc.returncode})"


def _state(url: str) -> dict[str, object]:
    """Stored documents with their chunk and fact counts, and every inconsistency a partial write would leave."""
    with connect(url) as conn:
        q = lambda sql: conn.execute(sql).fetchone()[0]
        broken = {
            "documents without chunks": q("SELECT count(*) FROM documents d WHERE NOT EXISTS "
                                          "(SELECT 1 FROM chunks c WHERE c.document_id = d.id)"),
            "chunks without a document": q("SELECT count(*) FROM chunks c WHERE NOT EXISTS "
                                           "(SELECT 1 FROM documents d WHERE d.id = c.document_id)"),
            "chunks without a vector": q("SELECT count(*) FROM chunks WHERE embedding IS NULL"),
            "graph chunks without a chunk": q(
                f'SELECT count(*) FROM {GRAPH_NAME}."Chunk" v WHERE NOT EXISTS (SELECT 1 FROM chunks c WHERE c.id = '
                f"ag_catalog.agtype_access_operator(v.properties, '\"chunk_id\"'::agtype)::text::bigint)"),
            "facts without their chunk": q(
                f'SELECT count(*) FROM {GRAPH_NAME}."REPORTED" r WHERE NOT EXISTS (SELECT 1 FROM chunks c WHERE c.id = '
                f"ag_catalog.agtype_access_operator(r.properties, '\"chunk_id\"'::agtype)::text::bigint)"),
        }
        names = {r[0] for r in conn.execute("SELECT name FROM documents").fetchall()}
        filings = [json.loads(r[0]).get("document") for r in conn.execute(
            f'SELECT ag_catalog.agtype_out(properties)::text FROM {GRAPH_NAME}."Filing"').fetchall()]
        broken["filings without a document"] = sum(f not in names for f in filings)
        docs = {name: (chunks, 0) for name, chunks in conn.execute(
            "SELECT d.name, count(c.id) FROM documents d JOIN chunks c ON c.document_id = d.id GROUP BY 1").fetchall()}
        facts: dict[str, int] = {}
        for (props,) in conn.execute(f'SELECT ag_catalog.agtype_out(properties)::text FROM {GRAPH_NAME}."REPORTED"'):
            doc = json.loads(props).get("document")
            facts[doc] = facts.get(doc, 0) + 1
    return {"broken": {k: v for k, v in broken.items() if v},
            "documents": {n: (c, facts.get(n, 0)) for n, (c, _) in docs.items()}}


def test_kill_9_at_every_stage_leaves_nothing_partial_and_a_rerun_completes(fault_db, tmp_path):
    folder = tmp_path / "filings"
    folder.mkdir()
    for name, company in FILES.items():
        make_filing(folder / name, company=company, statement_rows=13, prose_paragraphs=4)
    md = tmp_path / "md"
    env = _env(fault_db, md)

    assert _ingest(folder, env) == "finished (exit 0)"
    reference = _state(fault_db)
    assert not reference["broken"] and len(reference["documents"]) == len(FILES)  # type: ignore[arg-type]
    assert all(facts > 0 for _, facts in reference["documents"].values())  # type: ignore[attr-defined]

    rng = random.Random(20261123)
    outcomes = []
    for run in range(20):
        stage = STAGES[run % len(STAGES)]
        wipe_documents(fault_db)
        if stage == "parse":
            shutil.rmtree(md, ignore_errors=True)  # nothing cached: the parser has to run
        occurrence = 1 if stage == "index" else rng.randint(1, len(FILES))
        outcome = _ingest(folder, env, stage, occurrence, rng.uniform(0.0, 0.3))
        state = _state(fault_db)
        stored = state["documents"]
        assert not state["broken"], (run, stage, state["broken"])
        for name, counts in stored.items():  # type: ignore[attr-defined]
            assert counts == reference["documents"][name], (run, stage, name, counts)  # type: ignore[index]
        outcomes.append(f"run {run + 1:2}: {outcome:18} → {len(stored)} of {len(FILES)} filings stored, all complete")  # type: ignore[arg-type]
    assert sum(o.split(": ")[1].startswith("killed") for o in outcomes) >= 16, outcomes

    assert _ingest(folder, env) == "finished (exit 0)"  # the re-run completes what the last kill left
    assert _state(fault_db) == reference
    print("\n" + "\n".join(outcomes))

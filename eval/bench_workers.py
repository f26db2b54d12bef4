#!/usr/bin/env python
"""Ingest throughput with 1, 2, 3 … `finchat ingest` workers on one folder, in a database of its own.

For each worker count the benchmark database (FINCHAT_BENCH_DB, default `finchat_bench_workers`, on the
server of FINCHAT_DATABASE_URL) is emptied, the Markdown cache is a fresh temporary folder (every file is
parsed), and that many `finchat ingest FOLDER` processes start together (default --jobs: one parser
process per core each). Printed: wall time from start to the last worker's exit, pages/s, and how the
files were split (ingested per worker) — every file must be stored exactly once.

    python eval/bench_workers.py [--workers 1,2,3] [--files 6] [--jobs N] [--folder ../shared/financebench/pdfs]

Files: the smallest --files 10-Q PDFs of the folder (by page count), so a run takes minutes.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def fresh_database(src_url: str, dbname: str) -> str:
    """(Re)create ``dbname`` beside ``src_url``'s database and `finchat db init` it for the packaged MiniLM."""
    import psycopg
    from psycopg import sql
    from psycopg.conninfo import make_conninfo

    from finchat.config import load_settings
    from finchat.db.admin import init_db

    with psycopg.connect(make_conninfo(src_url, dbname="postgres"), autocommit=True) as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(dbname)))
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(dbname)))
    url = make_conninfo(src_url, dbname=dbname)
    init_db(load_settings({"FINCHAT_DATABASE_URL": url, "FINCHAT_EMBED_MODEL": "all-MiniLM-L6-v2"}))
    return url


def pick(folder: Path, n: int) -> list[tuple[Path, int]]:
    import pymupdf

    found = []
    for p in sorted(folder.glob("*10Q*.pdf")):
        with pymupdf.open(p) as d:  # type: ignore[no-untyped-call]
            found.append((p, int(d.page_count)))
    return sorted(found, key=lambda x: x[1])[:n]


def run(url: str, folder: Path, workers: int, jobs: int | None = None) -> tuple[float, list[int], int]:
    """Wall seconds, files ingested per worker, documents stored."""
    from finchat.db.pool import connect

    md = Path(tempfile.mkdtemp(prefix="finchat-bench-md-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("FINCHAT_")}
    env.update(FINCHAT_DATABASE_URL=url, FINCHAT_MD_DIR=str(md), PYTHONPATH=str(ROOT))
    with connect(url) as conn:
        conn.execute("TRUNCATE documents, ingest_files CASCADE")
        conn.commit()
    t = time.perf_counter()
    extra = ["--jobs", str(jobs)] if jobs else []
    procs = [subprocess.Popen([sys.executable, "-m", "finchat", "ingest", str(folder), *extra], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(workers)]
    outs = [p.communicate() for p in procs]
    wall = time.perf_counter() - t
    shutil.rmtree(md, ignore_errors=True)
    done = []
    for p, (out, err) in zip(procs, outs, strict=True):
        if p.returncode != 0:
            sys.exit(f"a worker failed (exit {p.returncode}): {err.strip()[-300:]}")
        m = re.search(r"documents: (\d+) ingested", out)
        done.append(int(m.group(1)) if m else 0)
    with connect(url) as conn:
        stored = conn.execute("SELECT count(*) FROM documents").fetchone()
    return wall, done, int(stored[0]) if stored else 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workers", default="1,2,3")
    ap.add_argument("--files", type=int, default=6)
    ap.add_argument("--jobs", type=int, default=None, help="Parser processes per worker (default: one per core).")
    ap.add_argument("--folder", type=Path, default=ROOT.parent / "shared" / "financebench" / "pdfs")
    args = ap.parse_args()

    from finchat.config import load_settings

    files = pick(args.folder, args.files)
    if not files:
        sys.exit(f"no 10-Q PDFs in {args.folder}")
    pages = sum(n for _, n in files)
    work = Path(tempfile.mkdtemp(prefix="finchat-bench-pdfs-"))
    for p, _ in files:
        (work / p.name).symlink_to(p.resolve())
    url = fresh_database(load_settings().database_url, os.environ.get("FINCHAT_BENCH_DB", "finchat_bench_workers"))
    print(f"{len(files)} files, {pages} pages; {os.cpu_count()} cores; parser processes per worker: "
          f"{args.jobs or os.cpu_count()}")
    for n in [int(x) for x in args.workers.split(",") if x]:
        wall, done, stored = run(url, work, n, args.jobs)
        ok = "ok" if stored == len(files) and sum(done) == len(files) else "MISMATCH"
        print(f"  {n} worker(s): {wall:6.1f} s  {pages / wall:5.2f} pages/s  ingested per worker {done}  "
              f"stored {stored} ({ok})")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

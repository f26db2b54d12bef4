#!/usr/bin/env python
"""Load: N concurrent clients — separate processes, each with its own database connection and encoder —
asking FinanceBench questions with no LLM (retrieval + the direct answer, what `finchat ask --no-llm` does)
for a fixed time, while one `finchat ingest --force` re-loads filings into the same database. Prints, per N:
questions answered, throughput, p50 / p95 / p99 latency, errors (must be 0), and whether the ingest
completed (and in how long).

    python eval/bench_load.py [--clients 1,4,16] [--seconds 60] [--ingest PDF ...]

The ingest re-loads the given PDFs (default: two FinanceBench 10-Qs already stored, so the corpus ends as
it began); each N gets its own ingest run, started with the clients.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FB = ROOT.parent / "shared" / "financebench"
DEFAULT_PDFS = ("ADOBE_2022Q2_10Q.pdf", "PAYPAL_2023Q2_10Q.pdf")


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * p))] if xs else float("nan")


def client(index: int, questions: list[str], seconds: float, start: float, out: mp.Queue) -> None:  # type: ignore[type-arg]
    """One analyst: its own Service (connection, encoder); questions in a loop from its own offset."""
    from finchat.config import load_settings
    from finchat.retrieve.service import Service

    svc = Service.open(load_settings())
    svc.retrieve(questions[index % len(questions)], k=5)  # warm: the encoder session, the connection
    while time.time() < start:
        time.sleep(0.01)
    lat: list[float] = []
    errors: list[str] = []
    n = index * 7
    while time.time() < start + seconds:
        q = questions[n % len(questions)]
        n += 1
        t = time.perf_counter()
        try:
            svc.answer(svc.retrieve(q, k=5))
            lat.append((time.perf_counter() - t) * 1000)
        except Exception as exc:  # noqa: BLE001  (counted and printed, never hidden)
            errors.append(f"{type(exc).__name__}: {str(exc)[:120]}")
    svc.close()
    out.put((lat, errors))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--clients", default="1,4,16")
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--ingest", nargs="*", default=[str(FB / "pdfs" / p) for p in DEFAULT_PDFS])
    args = ap.parse_args()
    questions = [json.loads(line)["question"] for line in (FB / "financebench_open_source.jsonl").read_text().splitlines()
                 if line.strip()]
    ctx = mp.get_context("spawn")
    print(f"{'clients':>7} {'answered':>8} {'q/s':>6} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} {'errors':>6}  ingest")
    for n in [int(x) for x in args.clients.split(",")]:
        with tempfile.TemporaryDirectory() as tmp:
            for pdf in args.ingest:  # a folder of links: the ingest reads exactly these
                os.symlink(Path(pdf).resolve(), Path(tmp) / Path(pdf).name)
            queue: mp.Queue = ctx.Queue()  # type: ignore[type-arg]
            start = time.time() + 15  # time for every client to load its encoder and connect
            procs = [ctx.Process(target=client, args=(i, questions, args.seconds, start, queue)) for i in range(n)]
            for p in procs:
                p.start()
            while time.time() < start:
                time.sleep(0.05)
            t_ing = time.perf_counter()
            ingest = subprocess.Popen([sys.executable, "-m", "finchat", "ingest", "--force", tmp],
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            results = [queue.get() for _ in procs]
            for p in procs:
                p.join()
            ing_out = ingest.communicate()[0]
            ing_s = time.perf_counter() - t_ing
        lat = [x for r in results for x in r[0]]
        errors = [e for r in results for e in r[1]]
        done = "completed" if ingest.returncode == 0 else f"FAILED (exit {ingest.returncode})"
        print(f"{n:>7} {len(lat):>8} {len(lat) / args.seconds:>6.1f} {pct(lat, 0.5):>7.0f} {pct(lat, 0.95):>7.0f} "
              f"{pct(lat, 0.99):>7.0f} {len(errors):>6}  {done} in {ing_s:.0f} s ({len(args.ingest)} filings)")
        for e in sorted(set(errors))[:5]:
            print(f"        error: {e}")
        if ingest.returncode != 0:
            print("        " + "\n        ".join(ing_out.strip().splitlines()[-5:]))


if __name__ == "__main__":
    main()

#!/usr/bin/env python
"""Retrieval latency on the ingested corpus: filters + scope + vector/text SQL + graph channel + fusion,
without the query embedding (measured separately), p50/p95 over FinanceBench and dev questions; the graph
channel alone; the direct answer (statement facts + derived figures, or quoted sentences); and the overhead
before the first LLM token (retrieval + embedding + direct answer + prompt building).

    python eval/bench_retrieval.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FB = ROOT.parent / "shared" / "financebench" / "financebench_open_source.jsonl"


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * p))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    from finchat.chat.prompt import build_messages
    from finchat.config import load_settings
    from finchat.graph.query import graph_scores
    from finchat.retrieve.scope import scope_documents
    from finchat.retrieve.service import Service

    svc = Service.open(load_settings())
    r = svc.retriever
    questions = [json.loads(line)["question"] for line in FB.read_text().splitlines() if line.strip()] if FB.exists() else []
    questions += [row["query"] for row in json.loads((ROOT / "eval" / "datasets" / "dev_10q.json").read_text())]
    docs, chunks = svc.conn.execute("SELECT (SELECT count(*) FROM documents), (SELECT count(*) FROM chunks)").fetchone()
    print(f"corpus: {docs} documents, {chunks} chunks; {len(questions)} questions x {args.repeat}")
    for q in questions[:5]:
        r.retrieve(q, 5)  # warm caches
    retrieval, embed, graph, answer, first_token = [], [], [], [], []
    for _ in range(args.repeat):
        for q in questions:
            t0 = time.perf_counter()
            res = r.retrieve(q, 5)
            t1 = time.perf_counter()
            direct = svc.answer(res)
            answer.append((time.perf_counter() - t1) * 1000)
            build_messages(q, res.hits, res.facts, computed=direct.text)
            first_token.append((time.perf_counter() - t0) * 1000)
            retrieval.append(res.timings_ms["total"] - res.timings_ms["embed"])
            embed.append(res.timings_ms["embed"])
            f = res.filters
            if f.metrics or f.statements:
                d, exact = scope_documents(svc.conn, r.extractor.extract(q))
                t = time.perf_counter()
                graph_scores(svc.conn, d, f.metrics, exact or None, statements=f.statements)
                graph.append((time.perf_counter() - t) * 1000)
    for name, xs in (("retrieval without embedding", retrieval), ("query embedding", embed),
                     ("graph channel alone", graph), ("direct answer", answer),
                     ("overhead before first LLM token", first_token)):
        if xs:
            print(f"{name:32} p50 {pct(xs, 0.5):7.1f} ms   p95 {pct(xs, 0.95):7.1f} ms   (n={len(xs)})")
    svc.close()


if __name__ == "__main__":
    main()

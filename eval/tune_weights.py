#!/usr/bin/env python
"""Grid-search the fusion weights (vector, text, graph) on development data.

Each question's candidates (channel scores, vectors, pages: ``Retriever.candidates_for``) are fetched once;
each weight triple on a 0.05 simplex grid is then ranked offline the way ``finchat ask`` ranks (page
context and feedback at their defaults). The objective is the mean of F1@2 (the seed's chosen k) and
nDCG@10, averaged over the datasets given.

    python eval/tune_weights.py eval/datasets/dev_10q.json ../shared/financebench/financebench_open_source.jsonl:even
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from finchat.config import load_settings
from finchat.evaluation.retrieval import load_dataset, score_query
from finchat.retrieve.fusion import CHANNELS, Candidates, Hit
from finchat.retrieve.service import Service


def main(args: list[str]) -> None:
    svc = Service.open(load_settings())
    r = svc.retriever
    docs = {row[0] for row in svc.conn.execute("SELECT name FROM documents").fetchall()}
    cached = []  # (dataset, query, question vector, candidates)
    for spec in args:
        path, _, half = spec.partition(":")
        queries, skipped = load_dataset(Path(path), docs)
        if half:
            want = 0 if half == "even" else 1
            queries = [q for q in queries if int("".join(c for c in q.qid if c.isdigit()) or 0) % 2 == want]
        print(f"{spec}: {len(queries)} questions ({skipped} in {path} skipped: filings not ingested)")
        for q in queries:
            f = r.extractor.extract(q.text)
            qvec = r.embedder.embed_query(f.text_query or q.text)
            cands = r.candidates_for(f, qvec)
            if cands is not None:
                cached.append((spec, q, qvec, cands))
    ids = {cid for _, _, _, c in cached for cid in c.ids}
    meta = {row[0]: row[1:] for row in svc.conn.execute(
        "SELECT c.id, d.name, c.page_start, c.page_end, c.text FROM chunks c JOIN documents d ON d.id = c.document_id "
        "WHERE c.id = ANY(%s)", (list(ids),)).fetchall()}

    def hits_for(qvec: np.ndarray, cands: Candidates, w: dict, fusion: str) -> list[Hit]:
        out = cands.rank(qvec, w, fusion, 10)
        for h in out:
            h.document, h.page_start, h.page_end, h.text = meta[h.chunk_id]
        return out

    grid = [(a / 20, b / 20, (20 - a - b) / 20) for a in range(21) for b in range(21 - a)]
    results = []
    for fusion in ("minmax", "rrf"):
        for wv in grid:
            w = dict(zip(CHANNELS, wv, strict=True))
            per: dict[str, list[float]] = {}
            for spec, q, qvec, cands in cached:
                m = score_query(q, hits_for(qvec, cands, w, fusion), (2, 10))
                per.setdefault(spec, []).append((m["F1@2"] + m["nDCG@10"]) / 2)
            obj = sum(sum(v) / len(v) for v in per.values()) / len(per)
            results.append((obj, fusion, wv))
    results.sort(reverse=True)
    print("best 10 (objective = mean of F1@2 and nDCG@10):")
    for obj, fusion, wv in results[:10]:
        print(f"  {obj:.4f}  {fusion:6}  vector={wv[0]:.2f} text={wv[1]:.2f} graph={wv[2]:.2f}")
    base = next(x for x in results if x[1] == "minmax" and x[2] == (0.8, 0.2, 0.0))
    print(f"seed's 0.8/0.2/0 minmax: {base[0]:.4f}")


if __name__ == "__main__":
    main(sys.argv[1:] or ["eval/datasets/dev_10q.json"])

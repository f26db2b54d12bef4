#!/usr/bin/env python
"""Grid-search the fusion weights (vector, text, graph) on development data.

Channel candidates (and page-context scores, at the fixed PAGE_WEIGHT) are computed once per question;
each weight triple on a 0.05 simplex grid is then
scored offline. The objective is the mean of F1@2 (the seed's chosen k) and nDCG@10, averaged over the
datasets given.

    python eval/tune_weights.py eval/datasets/dev_10q.json ../shared/financebench/financebench_open_source.jsonl:even
"""

from __future__ import annotations

import sys
from pathlib import Path

from finchat.config import load_settings
from finchat.evaluation.retrieval import load_dataset, score_query
from finchat.retrieve.hybrid import CHANNELS, PAGE_WEIGHT, PER_PAGE, Hit, rank
from finchat.retrieve.service import Service


def main(args: list[str]) -> None:
    svc = Service.open(load_settings())
    r = svc.retriever
    docs = {row[0] for row in svc.conn.execute("SELECT name FROM documents").fetchall()}
    cached = []  # (dataset, query, channels, page scores)
    pages: dict[int, tuple[int, int]] = {}  # chunk id → (document id, first page)
    for spec in args:
        path, _, half = spec.partition(":")
        queries, skipped = load_dataset(Path(path), docs)
        if half:
            want = 0 if half == "even" else 1
            queries = [q for q in queries if int("".join(c for c in q.qid if c.isdigit()) or 0) % 2 == want]
        print(f"{spec}: {len(queries)} questions ({skipped} skipped: filings not ingested)")
        for q in queries:
            f = r.extractor.extract(q.text)
            qvec = r.embedder.embed_query(f.text_query or q.text)
            ch = r.raw_channels(f, qvec)
            q_pages, page_scores = r.pages_of({cid for c in ch.values() for cid in c}, qvec)
            pages.update(q_pages)
            cached.append((spec, q, ch, page_scores))
    ids = {cid for _, _, ch, _ in cached for c in ch.values() for cid in c}
    meta = {row[0]: row[1:] for row in svc.conn.execute(
        "SELECT c.id, d.name, c.page_start, c.page_end, c.text FROM chunks c JOIN documents d ON d.id = c.document_id "
        "WHERE c.id = ANY(%s)", (list(ids),)).fetchall()}

    def hits_for(ch: dict, w: dict, fusion: str, page_scores: dict) -> list[Hit]:
        out = rank(ch, w, fusion, 10, pages, PER_PAGE, page_scores, PAGE_WEIGHT)
        for h in out:
            h.document, h.page_start, h.page_end, h.text = meta[h.chunk_id]
        return out

    grid = [(a / 20, b / 20, (20 - a - b) / 20) for a in range(21) for b in range(21 - a)]
    results = []
    for fusion in ("minmax", "rrf"):
        for wv in grid:
            w = dict(zip(CHANNELS, wv, strict=True))
            per: dict[str, list[float]] = {}
            for spec, q, ch, page_scores in cached:
                m = score_query(q, hits_for(ch, w, fusion, page_scores), (2, 10))
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

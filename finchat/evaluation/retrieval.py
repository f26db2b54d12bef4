"""Retrieval evaluation: Precision@k, Recall@k, F1@k (as the seed blog defines them), Hit@k, MRR@10, nDCG@10.

Two dataset formats:

* the seed's JSON list: ``{"query", "companies", "keywords", "ground_truth": [{"text"}]}``. A retrieved
  chunk is relevant when its text contains a ground-truth text (whitespace-normalised, case-insensitive);
  recall counts the ground-truth texts found among the top k.
* FinanceBench JSONL (``financebench_open_source.jsonl``): relevant when the chunk comes from an
  ``evidence.doc_name`` filing and its pages cover ``evidence_page_num + 1`` (the file is 0-based, pages
  are 1-based; a byte-identical file stored under another name is the same filing); recall counts the
  distinct evidence pages covered. Questions whose filings are not ingested are
  skipped and counted.

nDCG@10 uses binary gains with novelty: a chunk gains 1 when it covers a ground-truth item no earlier chunk
covered; the ideal ranking covers min(#items, 10) items first.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Query:
    qid: str
    text: str
    company: str
    keyword: str
    gt_texts: list[str] = field(default_factory=list)       # seed format
    gt_pages: list[tuple[str, int]] = field(default_factory=list)  # FinanceBench: (doc, 1-based page)


def _norm(s: str) -> str:
    return re.sub(r"\s+", " ", s.replace("**", "").replace("|", " ")).strip().lower()


def load_dataset(path: Path, documents: set[str] | None = None) -> tuple[list[Query], int]:
    """Queries from a seed-format JSON or a FinanceBench JSONL file; returns (queries, skipped)."""
    text = path.read_text(encoding="utf-8")
    queries: list[Query] = []
    skipped = 0
    if path.suffix == ".jsonl":
        for i, line in enumerate(l for l in text.splitlines() if l.strip()):
            row = json.loads(line)
            # evidence items are text snippets, and two can sit on one page; relevance is per page, so a
            # page counts once (else one hit would cover two "items" and the ideal DCG be out of reach)
            pages = list(dict.fromkeys((e["doc_name"], int(e["evidence_page_num"]) + 1)
                                       for e in row.get("evidence", [])))
            if documents is not None and not all(d in documents for d, _ in pages):
                skipped += 1
                continue
            queries.append(Query(str(row.get("financebench_id", i)), row["question"], row.get("company", "?"),
                                 row.get("question_type", "?"), gt_pages=pages))
    else:
        for i, row in enumerate(json.loads(text)):
            if documents is not None and row.get("document") and row["document"] not in documents:
                skipped += 1
                continue
            companies = row.get("companies") or ["?"]
            keywords = row.get("keywords") or ["?"]
            queries.append(Query(str(row.get("id", i)), row["query"], companies[0], keywords[0],
                                 gt_texts=[g["text"] for g in row.get("ground_truth", [])]))
    return queries, skipped


def _covered(q: Query, hit: Any, same: dict[str, set[str]] | None = None) -> set[int]:
    """Indexes of q's ground-truth items that ``hit`` covers. ``same``: document name → the names of the
    byte-identical files stored (one filing under two names is one evidence filing)."""
    if q.gt_pages:
        return {i for i, (doc, page) in enumerate(q.gt_pages)
                if (hit.document == doc or hit.document in (same or {}).get(doc, ()))
                and hit.page_start <= page <= hit.page_end}
    body = _norm(hit.text)
    return {i for i, t in enumerate(q.gt_texts) if _norm(t) in body}


def score_query(q: Query, hits: Sequence[Any], ks: Sequence[int],
                same: dict[str, set[str]] | None = None) -> dict[str, float]:
    """All metrics for one ranked list."""
    n_items = len(q.gt_pages or q.gt_texts)
    cov = [_covered(q, h, same) for h in hits]
    out: dict[str, float] = {}
    for k in ks:
        top = cov[:k]
        tp = sum(1 for c in top if c)
        found = set().union(*top) if top else set()
        p = tp / k
        r = len(found) / n_items if n_items else 0.0
        out[f"P@{k}"] = p
        out[f"R@{k}"] = r
        out[f"F1@{k}"] = 2 * p * r / (p + r) if p + r else 0.0
        out[f"Hit@{k}"] = 1.0 if tp else 0.0
    first = next((i for i, c in enumerate(cov[:10], start=1) if c), None)
    out["MRR@10"] = 1.0 / first if first else 0.0
    seen: set[int] = set()
    dcg = 0.0
    for i, c in enumerate(cov[:10], start=1):
        new = c - seen
        if new:
            dcg += 1.0 / math.log2(i + 1)
            seen |= new
    ideal = sum(1.0 / math.log2(i + 1) for i in range(1, min(n_items, 10) + 1))
    out["nDCG@10"] = dcg / ideal if ideal else 0.0
    return out


def _mean(rows: list[dict[str, float]]) -> dict[str, float]:
    keys = rows[0].keys() if rows else []
    return {k: sum(r[k] for r in rows) / len(rows) for k in keys}


def evaluate(service: Any, queries: list[Query], ks: Sequence[int]) -> dict[str, Any]:
    """Run every query through ``service.retriever`` and aggregate (overall, per company, per keyword)."""
    depth = max(max(ks), 10)
    per: list[dict[str, Any]] = []
    times = []
    by_sha: dict[str, set[str]] = defaultdict(set)
    for name, sha in service.conn.execute("SELECT name, sha256 FROM documents").fetchall():
        by_sha[str(sha)].add(str(name))
    same = {n: names - {n} for names in by_sha.values() if len(names) > 1 for n in names}
    for q in queries:
        t = time.perf_counter()
        res = service.retriever.retrieve(q.text, depth, with_facts=False)
        times.append((time.perf_counter() - t) * 1000)
        m = score_query(q, res.hits, ks, same)
        per.append({"id": q.qid, "query": q.text, "company": q.company, "keyword": q.keyword, "metrics": m,
                    "filters": res.filters.as_json(), "timings_ms": res.timings_ms,
                    "top": [h.citation() for h in res.hits[:5]]})
    by_company: dict[str, list[dict[str, float]]] = defaultdict(list)
    by_keyword: dict[str, list[dict[str, float]]] = defaultdict(list)
    for row in per:
        by_company[row["company"]].append(row["metrics"])
        by_keyword[row["keyword"]].append(row["metrics"])
    times.sort()
    return {"n": len(per), "overall": _mean([r["metrics"] for r in per]),
            "by_company": {c: _mean(v) for c, v in sorted(by_company.items())},
            "by_keyword": {c: _mean(v) for c, v in sorted(by_keyword.items())},
            "latency_ms": {"p50": times[len(times) // 2] if times else 0,
                           "p95": times[int(len(times) * 0.95)] if times else 0},
            "queries": per}


def report_text(name: str, res: dict[str, Any], ks: Sequence[int], k_detail: int = 2) -> str:
    """The seed's layout: averages, then per company and per keyword at ``k_detail``."""
    o = res["overall"]
    if f"P@{k_detail}" not in o:
        k_detail = min(ks, key=lambda k: abs(k - k_detail))
    if not o:
        return f"== {name}: no queries (are the filings ingested?)"
    lines = [f"== {name}: {res['n']} queries",
             "  k   " + "  ".join(f"{m:>7}" for m in ("P@k", "R@k", "F1@k", "Hit@k"))]
    for k in ks:
        lines.append(f"  {k:<3} " + "  ".join(f"{o[f'{m}@{k}']:7.3f}" for m in ("P", "R", "F1", "Hit")))
    lines.append(f"  MRR@10 {o['MRR@10']:.3f}   nDCG@10 {o['nDCG@10']:.3f}   "
                 f"latency p50 {res['latency_ms']['p50']:.1f} ms, p95 {res['latency_ms']['p95']:.1f} ms")
    for title, key in (("Company", "by_company"), ("Keyword", "by_keyword")):
        lines.append(f"  -- {title} averages (k={k_detail})")
        for name_, m in res[key].items():
            lines.append(f"  {title}: {name_}\n      Precision@k: {m[f'P@{k_detail}']:.2f}, "
                         f"Recall@k: {m[f'R@{k_detail}']:.2f}, F1@k: {m[f'F1@{k_detail}']:.2f}")
    return "\n".join(lines)


def plots(results: dict[str, dict[str, Any]], ks: Sequence[int], out: Path) -> list[Path]:
    """metric-vs-k lines per channel set, and bars comparing channel sets at each k."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    made = []
    fig, axes = plt.subplots(1, 3, figsize=(13, 4))
    for ax, metric in zip(axes, ("P", "R", "F1"), strict=True):
        for name, res in results.items():
            ax.plot(list(ks), [res["overall"][f"{metric}@{k}"] for k in ks], marker="o", label=name)
        ax.set_title(f"{metric}@k")
        ax.set_xlabel("k")
        ax.set_ylim(0, 1)
        ax.grid(alpha=0.3)
    axes[0].legend()
    fig.tight_layout()
    p = out / "metrics_vs_k.png"
    fig.savefig(p, dpi=110)
    plt.close(fig)
    made.append(p)
    fig, ax = plt.subplots(figsize=(10, 4))
    names = list(results)
    width = 0.8 / max(1, len(names))
    for i, name in enumerate(names):
        ax.bar([x + i * width for x in range(len(ks))], [results[name]["overall"][f"F1@{k}"] for k in ks],
               width=width, label=name)
    ax.set_xticks([x + width * (len(names) - 1) / 2 for x in range(len(ks))], [f"k={k}" for k in ks])
    ax.set_ylabel("F1@k")
    ax.set_ylim(0, 1)
    ax.legend()
    fig.tight_layout()
    p = out / "f1_by_channels.png"
    fig.savefig(p, dpi=110)
    plt.close(fig)
    made.append(p)
    return made

"""Drives `finchat eval retrieval` and `python eval/retrieval_eval.py`: one Service per channel set."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from finchat.config import Settings
from finchat.errors import ConfigError
from finchat.evaluation.retrieval import evaluate, load_dataset, plots, report_text

_SETS = {"hybrid": ("vector", "text", "graph")}


def channels_of(name: str) -> tuple[str, ...]:
    """'hybrid' → all three; 'vector+text' → those; 'graph' → graph only."""
    if name in _SETS:
        return _SETS[name]
    parts = tuple(p for p in name.split("+") if p)
    if not parts or any(p not in ("vector", "text", "graph") for p in parts):
        raise ConfigError(f"unknown channel set {name!r}; use hybrid, vector, text, graph or a+b")
    return parts


def run_retrieval_eval(settings: Settings, dataset: Path | Sequence[Path], ks: Sequence[int], sets: Sequence[str],
                       weights: tuple[float, float, float] | None, fusion: str, out: Path,
                       rerank: bool = True) -> Iterator[str]:
    """Evaluate each channel set on ``dataset`` (one file, or several scored as one set); yield report
    lines; write results.json and plots into ``out``."""
    from finchat.retrieve.service import Service

    paths = [dataset] if isinstance(dataset, Path) else list(dataset)
    out.mkdir(parents=True, exist_ok=True)
    results: dict[str, dict[str, Any]] = {}
    svc = None
    for name in sets:
        chans = channels_of(name)
        w = weights
        if len(chans) < 3 and w is None:
            w = tuple(1.0 if c in chans else 0.0 for c in ("vector", "text", "graph"))  # type: ignore[assignment]
        svc = Service.open(settings, weights=w, fusion=fusion, channels=chans, rerank=rerank)
        try:
            docs = {r[0] for r in svc.conn.execute("SELECT name FROM documents").fetchall()}
            queries, skipped = [], 0
            for path in paths:
                got, n = load_dataset(path, docs)
                queries += got
                skipped += n
            res = evaluate(svc, queries, ks)
        finally:
            svc.close()
        res["skipped"] = skipped
        results[name] = res
        yield report_text(f"{' + '.join(p.name for p in paths)} [{name}]" + (f" (skipped {skipped}: filings not ingested)" if skipped else ""),
                          res, ks)
    (out / "results.json").write_text(json.dumps({"dataset": ", ".join(str(p) for p in paths), "ks": list(ks), "fusion": fusion,
                                                  "weights": weights, "results": results}, indent=1, default=str))
    for p in plots(results, ks, out):
        yield f"wrote {p}"
    yield f"wrote {out / 'results.json'}"

"""The shipped evaluation sets: well-formed, and the analyst sets apart from FinanceBench's evidence pages."""

import json
from pathlib import Path

import pytest

DATASETS = Path(__file__).resolve().parents[2] / "eval" / "datasets"
ANALYST = sorted(DATASETS.glob("analyst_*.jsonl"))
FINANCEBENCH = Path(__file__).resolve().parents[3] / "shared" / "financebench" / "financebench_open_source.jsonl"


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.mark.parametrize("path", ANALYST, ids=lambda p: p.name)
def test_analyst_sets_are_well_formed(path):
    rows = _rows(path)
    assert rows
    for r in rows:
        assert r["financebench_id"].startswith("analyst_") and r["question"].strip()
        assert r["question_type"] in {"lookup", "calculation", "explanation"}
        assert r["doc_name"] and r["evidence"] and all(e["doc_name"] for e in r["evidence"])
        assert all(isinstance(e["evidence_page_num"], int) and e["evidence_page_num"] >= 0 for e in r["evidence"])


def test_analyst_ids_are_unique_across_the_sets():
    ids = [r["financebench_id"] for p in ANALYST for r in _rows(p)]
    assert len(ids) == len(set(ids))


@pytest.mark.skipif(not FINANCEBENCH.exists(), reason="../shared/financebench is not beside the repository")
def test_analyst_evidence_avoids_financebench_evidence_pages():
    taken = {(e["doc_name"], e["evidence_page_num"]) for r in _rows(FINANCEBENCH) for e in r["evidence"]}
    clash = [(r["financebench_id"], e["doc_name"], e["evidence_page_num"])
             for p in ANALYST for r in _rows(p) for e in r["evidence"]
             if (e["doc_name"], e["evidence_page_num"]) in taken]
    assert clash == []


FIGURES = DATASETS / "figures_dev.jsonl"
HELD_OUT = DATASETS / "figures_heldout.jsonl"
HELD_OUT_2 = DATASETS / "figures_heldout2.jsonl"


@pytest.mark.parametrize(("path", "least"), [(FIGURES, 40), (HELD_OUT, 12), (HELD_OUT_2, 12)])
def test_figures_sets_are_well_formed(path, least):
    from finchat.evaluation.answers import read_gold

    rows = _rows(path)
    assert len(rows) >= least and len({r["financebench_id"] for r in rows}) == len(rows)
    for r in rows:
        # (a quarter an annual report prints in its quarterly data table is a figure beyond its statements too)
        assert r["question_type"] in {"segment", "product", "geography", "kpi", "rate", "ranking", "guidance", "quarter"}
        assert r["answer"].strip() and len(r["evidence"]) == 1
        if r["question_type"] not in {"ranking", "guidance"}:
            assert read_gold(r["answer"]).kind == "number", r


@pytest.mark.skipif(not FINANCEBENCH.exists(), reason="../shared/financebench is not beside the repository")
def test_figures_pages_are_not_financebench_evidence():
    taken = {(e["doc_name"], e["evidence_page_num"]) for r in _rows(FINANCEBENCH) for e in r["evidence"]}
    assert [r["financebench_id"] for path in (FIGURES, HELD_OUT, HELD_OUT_2) for r in _rows(path) for e in r["evidence"]
            if (e["doc_name"], e["evidence_page_num"]) in taken] == []

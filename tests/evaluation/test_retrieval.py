"""The retrieval metrics and the two dataset formats."""

import json
import math
from types import SimpleNamespace

import pytest

from finchat.evaluation.retrieval import Query, load_dataset, score_query


def _hit(document: str, page_start: int, page_end: int | None = None, text: str = "") -> SimpleNamespace:
    return SimpleNamespace(document=document, page_start=page_start, page_end=page_end or page_start, text=text)


def test_financebench_pages_are_one_based_and_counted_once(tmp_path):
    rows = [{"financebench_id": "financebench_id_00001", "question": "q?", "company": "Acme",
             "question_type": "novel-generated",
             "evidence": [{"doc_name": "ACME_2023_10K", "evidence_page_num": 4},
                          {"doc_name": "ACME_2023_10K", "evidence_page_num": 4},
                          {"doc_name": "ACME_2023_10K", "evidence_page_num": 5}]},
            {"financebench_id": "financebench_id_00002", "question": "other?", "company": "Beta",
             "evidence": [{"doc_name": "BETA_2022_10K", "evidence_page_num": 0}]}]
    path = tmp_path / "fb.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    queries, skipped = load_dataset(path, {"ACME_2023_10K"})
    assert skipped == 1  # BETA's filing is not ingested
    assert [q.gt_pages for q in queries] == [[("ACME_2023_10K", 5), ("ACME_2023_10K", 6)]]
    # one hit on page 5 covers one of two distinct pages: the ideal ranking is reachable
    m = score_query(queries[0], [_hit("ACME_2023_10K", 5), _hit("ACME_2023_10K", 6)], (1, 2))
    assert m["R@1"] == 0.5 and m["R@2"] == 1.0 and m["nDCG@10"] == pytest.approx(1.0)


def test_precision_recall_f1_mrr_and_novelty_ndcg():
    q = Query("1", "q", "ACME", "revenue", gt_pages=[("D", 3), ("D", 7)])
    hits = [_hit("D", 1), _hit("D", 3), _hit("D", 2, 3), _hit("D", 7)]  # the third repeats page 3
    m = score_query(q, hits, (1, 2, 4))
    assert (m["P@1"], m["R@1"], m["Hit@1"]) == (0.0, 0.0, 0.0)
    assert (m["P@2"], m["R@2"]) == (0.5, 0.5) and m["F1@2"] == pytest.approx(0.5)
    assert (m["P@4"], m["R@4"]) == (0.75, 1.0)  # precision counts every relevant chunk, recall each page once
    assert m["MRR@10"] == 0.5
    # gains only where a new page is covered: ranks 2 and 4; ideal: ranks 1 and 2
    ideal = 1 + 1 / math.log2(3)
    assert m["nDCG@10"] == pytest.approx((1 / math.log2(3) + 1 / math.log2(5)) / ideal)


def test_seed_format_matches_ground_truth_text_whitespace_and_case_insensitively(tmp_path):
    path = tmp_path / "dev.json"
    path.write_text(json.dumps([{"query": "Revenue?", "companies": ["ACME"], "keywords": ["revenue"],
                                 "ground_truth": [{"text": "Total  net sales 3,642"}]}]))
    (q,), skipped = load_dataset(path)
    assert skipped == 0 and q.company == "ACME" and q.keyword == "revenue"
    m = score_query(q, [_hit("D", 1, text="x"), _hit("D", 2, text="| **Total net sales** | 3,642 |")], (1, 2))
    assert m["R@1"] == 0.0 and m["R@2"] == 1.0 and m["MRR@10"] == 0.5


def test_a_byte_identical_copy_of_the_evidence_filing_is_the_evidence_filing():
    q = Query("1", "q", "ACME", "revenue", gt_pages=[("ACME_2023Q3_10Q", 5)])
    hits = [_hit("ACME_2022_10Q", 5)]
    assert score_query(q, hits, (1,))["R@1"] == 0.0
    same = {"ACME_2023Q3_10Q": {"ACME_2022_10Q"}, "ACME_2022_10Q": {"ACME_2023Q3_10Q"}}
    assert score_query(q, hits, (1,), same)["R@1"] == 1.0
    assert score_query(q, [_hit("OTHER_2023_10K", 5)], (1,), same)["R@1"] == 0.0

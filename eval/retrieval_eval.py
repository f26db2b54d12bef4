#!/usr/bin/env python
"""Retrieval evaluation (P@k, R@k, F1@k, Hit@k, MRR@10, nDCG@10) — same as `finchat eval retrieval`.

    python eval/retrieval_eval.py --dataset eval/datasets/dev_10q.json --k 1,2,3,5,10 --out eval/out/dev
    python eval/retrieval_eval.py --dataset ../shared/financebench/financebench_open_source.jsonl --k 1,3,5,10
"""

from finchat.cli import cli

if __name__ == "__main__":
    cli(["eval", "retrieval", *__import__("sys").argv[1:]], prog_name="retrieval_eval.py")

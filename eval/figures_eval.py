"""The direct answer (no LLM) on figure questions: is the gold figure the answer's own, in its first line?

    python eval/figures_eval.py [--dataset eval/datasets/figures_dev.jsonl] [--k 5] [--out eval/out/figures]

For each question whose filing is stored: retrieval with k passages, then the direct answer. The first line is
what an analyst reads as the answer; a number gold counts when a figure there is it (`finchat eval answers`'
matching: precision, scale, 1 %), a text gold (a ranking's winner, a guidance phrase) when the line holds it.
Each answer is one of: right (a ranking's winner named first); "not found" (the line says no figure was found — honest); wrong (another
figure or sentence stands as the answer). Reported for all questions and for the even / odd halves by id
(tune on one half, report the other).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def classify(first: str, gold_text: str, qtype: str = "") -> str:
    from finchat.evaluation.answers import figure_found, read_gold

    gold = read_gold(gold_text)
    if gold.kind == "number" and re.fullmatch(r"\s*\d{1,2}\s*", gold_text) and 0 < float(gold_text) <= 10:
        # a small count ("5" aircraft): the answer's own figures, not its citations' page numbers; the shared
        # matcher leaves counts up to 10 out (too many incidental ones in LLM text)
        from finchat.answer.check import _figures

        bare = re.sub(r"\[[^\]]*\]|\b[A-Z]-\d+\b", " ", first)  # citations; model names ("F-35")
        ok = any(v == gold.value and not pct for v, _, pct, _ in _figures(bare, counts=True))
    elif gold.kind == "number":
        ok = figure_found(first, gold)
    elif qtype == "ranking":  # the winner named first, not somewhere in the list
        ok = first.lower().startswith(gold_text.lower())
    else:
        ok = gold_text.lower() in first.lower()
    if ok:
        return "right"
    if first.startswith(("No figure", "No forward-looking")):
        return "not found"
    return "wrong"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dataset", type=Path, default=ROOT / "eval/datasets/figures_dev.jsonl")
    ap.add_argument("--k", type=int, default=5)
    ap.add_argument("--out", type=Path, default=ROOT / "eval/out/figures")
    args = ap.parse_args()

    from finchat.config import load_settings
    from finchat.retrieve.service import Service

    svc = Service.open(load_settings())
    rows = []
    try:
        stored = {r[0] for r in svc.conn.execute("SELECT name FROM documents").fetchall()}
        qs = [json.loads(x) for x in args.dataset.read_text().splitlines() if x.strip()]
        qs = [q for q in qs if q["doc_name"] in stored]
        for q in qs:
            res = svc.retrieve(q["question"], args.k)
            ans = svc.answer(res)
            first = ans.text.strip().splitlines()[0] if ans.text.strip() else ""
            verdict = classify(first, str(q["answer"]), q["question_type"])
            rows.append({"id": q["financebench_id"], "type": q["question_type"], "question": q["question"],
                         "gold": q["answer"], "verdict": verdict, "first_line": first[:400]})
    finally:
        svc.close()

    def line(name: str, rs: list[dict[str, str]]) -> str:
        n = len(rs)
        c = {v: sum(1 for r in rs if r["verdict"] == v) for v in ("right", "not found", "wrong")}
        return f"{name:10} {n:>3}  right {c['right']:>3} ({c['right'] / n:.0%})  not found {c['not found']:>3}  wrong {c['wrong']:>3}" if n else name
    print(line("all", rows))
    print(line("even ids", [r for r in rows if int(r["id"][-2:]) % 2 == 0]))
    print(line("odd ids", [r for r in rows if int(r["id"][-2:]) % 2 == 1]))
    for t in sorted({r["type"] for r in rows}):
        print(line(t, [r for r in rows if r["type"] == t]))
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "results.json").write_text(json.dumps(rows, indent=1))
    for r in rows:
        if r["verdict"] != "right":
            print(f"  {r['id']} [{r['verdict']}] {r['question']} — gold {r['gold']}\n      {r['first_line'][:220]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

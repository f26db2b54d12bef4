"""Question analysis (finchat/answer/subject.py) on eval/datasets/subject_dev.jsonl: is each question read as
qualified or not, and as the kind it is labelled with? Prints each half (by the parity of the id's number:
even was tuned on, odd held out) and every miss. No database: companies come from the packaged list.

    python eval/subject_eval.py [--dataset eval/datasets/subject_dev.jsonl]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from finchat.answer import derive
from finchat.answer.subject import analyse
from finchat.ingest.companies import load_company_list
from finchat.retrieve.filters import Extractor

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dataset", type=Path, default=ROOT / "eval" / "datasets" / "subject_dev.jsonl")
    args = ap.parse_args()
    companies = load_company_list()
    by_key = {c.key: c for c in companies}
    ex = Extractor.from_rows([(c.key, c.name, c.ticker, list(c.aliases)) for c in companies],
                             [(b, c.key) for c in companies for b in c.brands])
    halves: dict[str, list[bool]] = {"even": [], "odd": []}
    for line in args.dataset.read_text().splitlines():
        row = json.loads(line)
        f = ex.extract(row["question"])
        names = [n for k in f.companies for n in (k, by_key[k].name, *by_key[k].aliases)]
        s = analyse(row["question"], companies=tuple(names), segments=tuple(f.segments), intent=f.intent,
                    derived=bool(derive.asked(row["question"])))
        ok = s.qualified == row["qualified"] and (not row["qualified"] or s.kind == row["kind"])
        halves["odd" if int(row["id"][1:]) % 2 else "even"].append(ok)
        if not ok:
            print(f"miss {row['id']}: {row['question']}  →  {s.as_json()}")
    for half, oks in halves.items():
        print(f"{half} half: {sum(oks)} / {len(oks)} right")


if __name__ == "__main__":
    main()

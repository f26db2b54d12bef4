"""`finchat eval answers`: is FinanceBench's gold figure in finchat's answer?

For each answerable question (its filings ingested) finchat answers through the full pipeline — retrieval
with k passages, the direct answer, and the LLM unless ``--no-llm`` — and the gold answer is checked:

* a **number** gold ("$1577.00", "0.96", "24.26%", "$2.3 billion"): found when a figure in the answer equals
  it at the gold's precision (trailing zeros are formatting: "$8.70" is 8.7), or rounds more coarsely to
  within 1 % of it, allowing for scale (a gold in millions against an answer in billions, a percentage
  against a ratio);
* a **yes/no** gold ("No, the company …"): found when the answer's own verdict (answer/verdict.parse_answer)
  agrees;
* a **narrative** gold: reported apart, not scored automatically.

Reported by question type and gold kind, per mode; every question's answer is kept in results.json.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from finchat.answer.check import figures_in
from finchat.config import Settings

_SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}


@dataclass
class Gold:
    kind: str                      # number | yesno | narrative
    value: float | None = None
    decimals: int = 0
    percent: bool = False
    verdict: str | None = None     # yes / no


def read_gold(answer: str) -> Gold:
    """What kind of gold answer this is, and its figure or verdict."""
    text = answer.strip()
    if re.match(r"(?i)^(yes|no)\b", text):
        return Gold("yesno", verdict=text[:3].strip(" ,.").lower())
    words = re.findall(r"\S+", re.sub(r"\([^)]*\)", "", text))
    figs = figures_in(text) or [(v, d, p) for v, d, p in _small(text)]
    if figs and len(words) <= 6:
        value, decimals, percent = figs[0]
        # trailing zeros are formatting in these golds ("$1577.00", "$8.70"): precision is what is left
        m_raw = re.search(r"\d[\d,]*(?:\.(\d+))?", text)
        if m_raw and m_raw.group(1):
            decimals = len(m_raw.group(1).rstrip("0"))
        m = re.search(r"(?i)\b(thousand|million|billion|trillion)s?\b", text)
        if m:  # "$2.3 billion" → in units, to match any scale; precise to its printed digit (0.1 billion)
            scale = _SCALE[m.group(1).lower()]
            value, decimals = value * scale, decimals - round(math.log10(scale))
        return Gold("number", value, decimals, percent or "%" in text)
    return Gold("narrative")


def _small(text: str) -> list[tuple[float, int, bool]]:
    """Figures ≤ 10 without decimals ("3") that figures_in leaves out as counts: a gold may be one."""
    m = re.search(r"-?\d+(?:\.\d+)?", text)
    if not m:
        return []
    raw = m.group(0)
    return [(abs(float(raw)), len(raw.split(".")[1]) if "." in raw else 0, "%" in text)]


def _variants(value: float) -> list[float]:
    return [value * f for f in (1, 1e3, 1e6, 1e9, 1e-3, 1e-6, 1e-9, 100, 0.01)]


def figure_found(answer: str, gold: Gold) -> bool:
    """Whether a figure in ``answer`` is the gold figure (module docstring: precision, scale, 1 %)."""
    assert gold.value is not None
    target = abs(gold.value)
    for value, decimals, _pct in figures_in(answer):
        for v in _variants(value):
            if target == 0:
                if v == 0:
                    return True
                continue
            # equal at the gold's precision ("0.01" is a ratio rounded to two places) …
            if abs(v - target) <= 0.5 * 10 ** -gold.decimals + 1e-9:
                return True
            # … or the answer rounded more coarsely and still within 1 % ("$8.7 billion" for 8,738 million)
            step = (10 ** -decimals) * (v / value if value else 1)
            if abs(v - target) / target <= 0.01 and abs(v - target) <= step / 2 + 1e-9:
                return True
    return False


@dataclass
class Row:
    qid: str
    qtype: str
    question: str
    gold: str
    gold_kind: str
    k: int
    source: str
    found: bool | None
    answer: str


def run_answer_eval(settings: Settings, dataset: Path, *, ks: list[int], no_llm: bool, out: Path,
                    limit: int | None = None, types: list[str] | None = None) -> Iterator[str]:
    """Answer every answerable question; yield report lines; write results.json into ``out``."""
    from finchat.answer.verdict import parse_answer
    from finchat.chat.answer import combined
    from finchat.chat.llm import stream_chat
    from finchat.chat.prompt import build_messages
    from finchat.retrieve.service import Service

    svc = Service.open(settings)
    try:
        stored = {r[0] for r in svc.conn.execute("SELECT name FROM documents").fetchall()}
        rows_in = [json.loads(line) for line in dataset.read_text(encoding="utf-8").splitlines() if line.strip()]
        todo = [r for r in rows_in if all(e["doc_name"] in stored for e in r.get("evidence", []))
                and (not types or r.get("question_type") in types)]
        skipped = len(rows_in) - len(todo)
        todo = todo[:limit] if limit else todo
        mode = "no LLM (direct answers)" if no_llm else f"LLM {settings.llm_model}"
        yield f"{len(todo)} questions ({skipped} skipped: filings not ingested or other types); {mode}"
        rows: list[Row] = []
        for i, q in enumerate(todo, start=1):
            gold = read_gold(str(q["answer"]))
            for k in ks:
                res = svc.retrieve(q["question"], k)
                direct = svc.answer(res)
                text, source = direct.text, direct.source
                if not no_llm and res.hits:
                    msgs = build_messages(res.question, res.hits, res.facts, computed=direct.text)
                    # judged as the analyst reads it: the direct answer first, the LLM's explanation after
                    text = combined(direct, "".join(stream_chat(settings.ollama_host, settings.llm_model, msgs,
                                                                    timeout=settings.llm_timeout)))
                    source = f"{source}+llm" if direct.source != "none" else "llm"
                found: bool | None = None
                if gold.kind == "number":
                    found = figure_found(text, gold)
                elif gold.kind == "yesno":
                    found = parse_answer(text) == gold.verdict
                rows.append(Row(str(q.get("financebench_id", i)), str(q.get("question_type", "?")), q["question"],
                                str(q["answer"])[:300], gold.kind, k, source, found, text[:1500]))
            if i % 10 == 0 or not no_llm:  # an LLM answer takes ~30–60 s on a CPU
                yield f"  … {i}/{len(todo)}"
        summary = _summary(rows)
        out.mkdir(parents=True, exist_ok=True)
        (out / "results.json").write_text(json.dumps({"mode": mode, "summary": summary,
                                                     "rows": [asdict(r) for r in rows]}, indent=1), encoding="utf-8")
        yield f"{'k':>3} {'question type':18} {'gold':10} {'n':>4} {'found':>6} {'rate':>6}"
        for key, s in summary.items():
            kk, qtype, kind = key.split("|")
            rate = "-" if s["rate"] is None else f"{s['rate']:.3f}"
            yield f"{kk:>3} {qtype:18} {kind:10} {s['n']:>4} {s['found']:>6} {rate:>6}"
        yield f"wrote {out / 'results.json'}"
    finally:
        svc.close()


def _summary(rows: list[Row]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    groups: dict[str, list[Row]] = {}
    for r in rows:
        for qtype in (r.qtype, "all"):
            groups.setdefault(f"{r.k}|{qtype}|{r.gold_kind}", []).append(r)
            if r.gold_kind != "narrative":
                groups.setdefault(f"{r.k}|{qtype}|scored", []).append(r)
    for key in sorted(groups, key=lambda x: (int(x.split("|")[0]), x.split("|")[1] == "all", x)):
        rs = groups[key]
        scored = [r for r in rs if r.found is not None]
        found = sum(1 for r in scored if r.found)
        out[key] = {"n": len(rs), "found": found, "rate": round(found / len(scored), 4) if scored else None}
    return out

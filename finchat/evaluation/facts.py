"""`finchat eval facts`: are the graph's statement facts complete and right?

Two measurements over the REPORTED facts of every ingested filing:

* **coverage** — the share of 10-Qs, 10-Ks and earnings releases whose graph holds each headline metric
  (revenue, net income, diluted EPS, total assets for 10-Q/10-K, cash), per form and per metric, twice: of
  every filing, and of the filings that print the line at all (a results release without a balance sheet
  has no cash to read; whether a filing prints it is read from its own text, e.g. "total assets");
* **accuracy** — against a sample of statement figures read by hand off the PDFs' plain text
  (``eval/datasets/facts_sample.csv``: document, metric, duration, as_of, value as printed, pdf page): a
  figure is right when the graph has a fact of that document and metric, same duration, an as-of date
  within 7 days (a release that prints no date is dated at its fiscal quarter's month end; 52/53-week
  years end a few days off it), and the same value and sign at the printed precision — and, for money, the
  scale its page prints. Reported: right, wrong (value, sign or scale differs for that period), missing;
* **scale** — every revenue, net income and total-assets figure against the units phrase of the PDF page it
  was read from (finchat/evaluation/scales.py).
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import psycopg

from finchat.config import Settings
from finchat.graph.query import FactRow
from finchat.graph.query import facts as read_facts

HEADLINE = ("revenue", "net_income", "eps_diluted", "total_assets", "cash")
FORMS = ("10-K", "10-Q", "EARNINGS")
#: Further metrics shown in the per-metric table (coverage of every filing of the form).
OTHERS = ("net_income_attributable", "eps_basic", "operating_income", "gross_profit", "cost_of_revenue", "sga",
          "rnd", "income_tax", "pretax_income", "interest_expense", "operating_cash_flow", "investing_cash_flow",
          "financing_cash_flow", "capex", "dividends", "share_repurchases", "total_liabilities", "equity",
          "current_assets", "current_liabilities", "inventory", "accounts_receivable", "long_term_debt",
          "net_interest_income", "provision_credit_losses", "deposits")
#: Whether a filing prints the line at all: a POSIX regex over its stored text (chunks).
PRINTS = {"revenue": r"revenue|net sales|sales to customers",
          "net_income": r"net (income|earnings|loss)",
          "eps_diluted": r"diluted",
          "total_assets": r"total assets",
          "cash": r"cash and (cash )?equivalents|cash and due from banks"}
#: Bank statements name revenue "total net revenue"; net interest income stands in where no revenue line exists.
BANK_REVENUE = ("net_interest_income",)


def reported_facts(conn: psycopg.Connection) -> list[FactRow]:
    """Every REPORTED fact of every company with a filing, through the reader the answers use."""
    keys = [r[0] for r in conn.execute("SELECT DISTINCT company_key FROM documents WHERE company_key IS NOT NULL")]
    return read_facts(conn, keys, limit=10**7)


def coverage(conn: psycopg.Connection, facts: list[FactRow]) -> dict[str, Any]:
    """Per form: filings, complete (all headline metrics) of all and of those printing them, and per metric
    the share of filings holding it."""
    docs = conn.execute("SELECT id, name, form FROM documents WHERE form = ANY(%s) ORDER BY name", (list(FORMS),)).fetchall()
    have: dict[str, set[str]] = {}
    for f in facts:
        have.setdefault(f.document, set()).add(f.metric)
    prints: dict[tuple[int, str], bool] = {}
    for metric, pattern in PRINTS.items():
        for (doc_id,) in conn.execute(
                "SELECT DISTINCT document_id FROM chunks WHERE document_id = ANY(%s) AND text ~* %s",
                ([d[0] for d in docs], pattern)).fetchall():
            prints[(doc_id, metric)] = True
    out: dict[str, Any] = {}
    for form in FORMS:
        rows = [d for d in docs if d[2] == form]
        wanted = [m for m in HEADLINE if not (form == "EARNINGS" and m == "total_assets")]
        per_doc = []
        for doc_id, name, _ in rows:
            got = set(have.get(name, set()))
            if "revenue" not in got and got & set(BANK_REVENUE):
                got.add("revenue")
            missing = [m for m in wanted if m not in got]
            unprinted = [m for m in missing if not prints.get((doc_id, m))]
            per_doc.append({"document": name, "missing": missing, "not_printed": unprinted})
        n = len(rows)
        out[form] = {
            "filings": n,
            "complete": sum(not d["missing"] for d in per_doc),
            "complete_of_printed": sum(len(d["missing"]) == len(d["not_printed"]) for d in per_doc),
            "per_metric": {m: sum(m in have.get(name, set()) for _, name, _ in rows) for m in (*HEADLINE, *OTHERS)},
            "documents": per_doc,
        }
    return out


@dataclass(frozen=True)
class Expected:
    document: str
    metric: str
    duration: str | None
    as_of: date
    value: float
    pdf_page: int


def load_sample(path: Path) -> list[Expected]:
    """The hand-checked sample (CSV: document, metric, duration, as_of, value, pdf_page)."""
    with path.open(newline="") as fh:
        return [Expected(r["document"], r["metric"], r["duration"] or None, date.fromisoformat(r["as_of"]),
                         float(r["value"]), int(r["pdf_page"])) for r in csv.DictReader(fh)]


def check_sample(sample: list[Expected], facts: list[FactRow]) -> list[dict[str, Any]]:
    """Each expected figure with its outcome: right / wrong (the graph's value) / missing / not ingested."""
    by_doc: dict[str, list[FactRow]] = {}
    for f in facts:
        by_doc.setdefault(f.document, []).append(f)
    out = []
    for e in sample:
        got = [f for f in by_doc.get(e.document, []) if f.metric == e.metric and f.duration == e.duration
               and f.as_of and abs((date.fromisoformat(f.as_of[:10]) - e.as_of).days) <= 7]
        if e.document not in by_doc:
            status, value = "not ingested", None
        elif not got:
            status, value = "missing", None
        else:
            value = got[0].value
            status = "right" if abs(value - e.value) < 1e-9 * max(1.0, abs(e.value)) else "wrong"
        out.append({"document": e.document, "metric": e.metric, "duration": e.duration, "as_of": e.as_of.isoformat(),
                    "expected": e.value, "found": value, "status": status, "fact": got[0] if got else None})
    return out


def check_sample_scales(conn: psycopg.Connection, checked: list[dict[str, Any]]) -> None:
    """Mark the sample's right money figures whose stored scale is not the one their page prints as wrong
    (``scale``: the stored and the printed scale), in place."""
    from finchat.evaluation.scales import check_scales

    facts = [c["fact"] for c in checked if c["status"] == "right" and c["fact"] is not None]
    verdicts = {id(v.fact): v for v in check_scales(conn, facts, tuple({f.metric for f in facts}))}
    for c in checked:
        v = verdicts.get(id(c["fact"]))
        if v is not None:
            c["scale"] = {"stored": v.fact.scale, "printed": v.expected}
            if v.status == "wrong":
                c["status"] = "wrong"


def run_facts_eval(settings: Settings, sample_path: Path | None, out: Path | None,
                   show_documents: bool = False) -> Iterator[str]:
    """Lines of the coverage and accuracy report; results.json in ``out`` when given."""
    from finchat.db.pool import connect
    from finchat.evaluation.scales import check_scales, scale_report

    with connect(settings.database_url) as conn:
        facts = reported_facts(conn)
        cov = coverage(conn, facts)
        scales = check_scales(conn, facts)
        checked = check_sample(load_sample(sample_path), facts) if sample_path is not None else None
        if checked is not None:
            check_sample_scales(conn, checked)
    yield "Coverage — filings whose graph holds revenue (or net interest income), net income, diluted EPS,"
    yield "total assets (10-Q/10-K) and cash; 'of printed' counts only the lines each filing prints:"
    yield f"  {'form':9} {'filings':>7} {'complete':>9} {'share':>6}   {'of printed':>10} {'share':>6}"
    for form, c in cov.items():
        n = c["filings"] or 1
        yield (f"  {form:9} {c['filings']:>7} {c['complete']:>9} {c['complete'] / n:>6.0%}   "
               f"{c['complete_of_printed']:>10} {c['complete_of_printed'] / n:>6.0%}")
    yield ""
    yield f"  {'metric':26}" + "".join(f"{f:>10}" for f in cov)
    for m in (*HEADLINE, *OTHERS):
        yield f"  {m:26}" + "".join(f"{c['per_metric'][m] / (c['filings'] or 1):>10.0%}" for c in cov.values())
    incomplete = [(form, d) for form, c in cov.items() for d in c["documents"] if d["missing"]]
    if incomplete:
        yield ""
        yield "Incomplete filings (metric not read; * = the filing does not print it):"
        for form, d in incomplete if show_documents or len(incomplete) <= 12 else incomplete[:12]:
            yield f"  {form:9} {d['document']:40} " + ", ".join(
                m + ("*" if m in d["not_printed"] else "") for m in d["missing"])
    results: dict[str, Any] = {"coverage": cov, "scales": [c.as_json() for c in scales]}
    yield ""
    yield from scale_report(scales)
    if checked is not None:
        counts = {s: sum(c["status"] == s for c in checked) for s in ("right", "wrong", "missing", "not ingested")}
        judged = counts["right"] + counts["wrong"]
        docs = {c["document"] for c in checked if c["status"] != "not ingested"}
        yield ""
        yield (f"Accuracy on the hand-checked sample ({sample_path}, {len(checked)} figures, {len(docs)} filings):"
               f" {counts['right']}/{judged} right ({counts['right'] / (judged or 1):.1%}) — "
               f"wrong {counts['wrong']}, missing {counts['missing']}, not ingested {counts['not ingested']}")
        for c in checked:
            if c["status"] in ("wrong", "missing"):
                scale = c.get("scale") or {}
                yield (f"  {c['status']:8} {c['document']:30} {c['metric']:24} {c['duration'] or 'as of':6}"
                       f" {c['as_of']}  expected {c['expected']:g}" + (f", graph {c['found']:g}" if c["found"] is not None else "")
                       + (f" in {scale['stored']} (the page prints {scale['printed']})"
                          if scale and scale["stored"] != scale["printed"] else ""))
        scaled = [c for c in checked if c.get("scale")]
        yield (f"  of which money figures with their scale checked: {len(scaled)}, scale right "
               f"{sum(c['scale']['stored'] == c['scale']['printed'] for c in scaled)}")
        results["sample"] = {"counts": counts, "figures": [{k: v for k, v in c.items() if k != "fact"} for c in checked]}
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / "results.json").write_text(json.dumps(results, indent=2, default=str))
        yield f"\nwrote {out / 'results.json'}"

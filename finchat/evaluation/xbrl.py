"""`finchat eval facts --xbrl`: the table reader (the one PDFs use) against the filer's own inline-XBRL tags.

For every stored HTML filing with tags, the statement figures the table reader finds in its table chunks are
compared with the tagged figure of the same metric and period: value, scale and sign must agree (within
rounding, graph/tagged.py SAME). Coverage per metric is how many tagged (metric, period) figures the reader
found at all; a reader's figure for a period the filer did not tag is listed apart (its period was misread,
or the tag is on another concept).
"""

from __future__ import annotations

from typing import Any

import psycopg

from finchat.graph.build import one_fact_per_period, table_candidates
from finchat.graph.tagged import agree, reported_props, tagged_facts


def compare_filing(conn: psycopg.Connection, doc_id: int) -> dict[str, Any]:
    """Per metric: tagged, read, compared, agreeing; and the disagreements of one filing."""
    doc = conn.execute("SELECT name, company_key, form, fiscal_year, fiscal_quarter, period_end FROM documents"
                       " WHERE id = %s", (doc_id,)).fetchone()
    assert doc is not None
    name, ckey, form, year, quarter, period_end = doc
    chunks = conn.execute("SELECT id, kind, section, text, page_start FROM chunks WHERE document_id = %s ORDER BY ordinal",
                          (doc_id,)).fetchall()
    tags = tagged_facts(conn, doc_id)
    read = [c[0] for c, _ in one_fact_per_period(table_candidates(conn, chunks, ckey, form, year, quarter, period_end))]
    metrics: dict[str, dict[str, int]] = {}
    disagreements, untagged = [], []
    for metric, _, _ in tags:
        metrics.setdefault(metric, {"tagged": 0, "read": 0, "agree": 0})["tagged"] += 1
    for f in read:
        tag = tags.get((f.metric, f.duration, f.as_of))
        if tag is None:
            untagged.append(f"{name} {f.metric} {f.duration or 'instant'} {f.as_of}: read {f.shown_value} {f.scale}")
            continue
        m = metrics[f.metric]
        m["read"] += 1
        props = reported_props(f.metric, tag)
        if agree(props, {"value": f.value, "scale": f.scale}):
            m["agree"] += 1
        else:
            disagreements.append(f"{name} {f.metric} {f.duration or 'instant'} {f.as_of}: table {f.shown_value} "
                                 f"{f.scale} ({f.row_label!r}), tag {tag.printed} {tag.scale_name} "
                                 f"({tag.concept}, p.{tag.page})")
    return {"document": name, "metrics": metrics, "disagreements": disagreements, "untagged": untagged}


def run_xbrl_eval(conn: psycopg.Connection) -> dict[str, Any]:
    """Totals over every stored filing with tagged statement figures."""
    docs = [r[0] for r in conn.execute(
        "SELECT DISTINCT document_id FROM xbrl_facts ORDER BY 1").fetchall()]
    totals: dict[str, dict[str, int]] = {}
    out: dict[str, Any] = {"filings": 0, "disagreements": [], "untagged": [], "per_filing": []}
    for doc_id in docs:
        r = compare_filing(conn, int(doc_id))
        if not r["metrics"]:
            continue
        out["filings"] += 1
        out["per_filing"].append(r)
        out["disagreements"] += r["disagreements"]
        out["untagged"] += r["untagged"]
        for metric, m in r["metrics"].items():
            t = totals.setdefault(metric, {"tagged": 0, "read": 0, "agree": 0})
            for k in t:
                t[k] += m[k]
    out["metrics"] = totals
    compared = sum(t["read"] for t in totals.values())
    out["compared"] = compared
    out["agree"] = sum(t["agree"] for t in totals.values())
    out["tagged"] = sum(t["tagged"] for t in totals.values())
    return out


def report_lines(res: dict[str, Any]) -> list[str]:
    lines = [f"filings with tagged statement figures: {res['filings']}",
             f"{'metric':24} {'tagged':>7} {'read':>6} {'coverage':>9} {'agree':>6} {'accuracy':>9}"]
    for metric, t in sorted(res["metrics"].items()):
        cov = t["read"] / t["tagged"] if t["tagged"] else 0.0
        acc = t["agree"] / t["read"] if t["read"] else 0.0
        lines.append(f"{metric:24} {t['tagged']:>7} {t['read']:>6} {cov:>9.1%} {t['agree']:>6} {acc:>9.1%}")
    acc = res["agree"] / res["compared"] if res["compared"] else 0.0
    cov = res["compared"] / res["tagged"] if res["tagged"] else 0.0
    lines.append(f"{'all':24} {res['tagged']:>7} {res['compared']:>6} {cov:>9.1%} {res['agree']:>6} {acc:>9.1%}")
    lines.append(f"the table reader agrees with the tags on {res['agree']} of {res['compared']} figures it read "
                 f"({acc:.1%}: value, scale, sign and period)")
    if res["disagreements"]:
        lines.append(f"disagreements ({len(res['disagreements'])}):")
        lines += [f"  {d}" for d in res["disagreements"]]
    if res["untagged"]:
        lines.append(f"figures read for a period with no tag of their metric: {len(res['untagged'])} "
                     "(results.json lists them)")
    return lines

#!/usr/bin/env python
"""Share of ingested filings (by form) whose graph holds REPORTED revenue, net income, diluted EPS, total
assets and cash — the fact-extraction coverage figure.

    python eval/graph_coverage.py [--form 10-Q]
"""

from __future__ import annotations

import argparse

WANTED = ("revenue", "net_income", "eps_diluted", "total_assets", "cash")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--form", default="10-Q")
    args = ap.parse_args()

    from finchat.config import load_settings
    from finchat.db.pool import connect
    from finchat.graph.query import read_only_cypher

    with connect(load_settings().database_url) as conn:
        docs = [r[0] for r in conn.execute("SELECT name FROM documents WHERE form = %s ORDER BY name", (args.form,)).fetchall()]
        _, rows = read_only_cypher(conn, "MATCH (:Company)-[r:REPORTED]->(m:Metric) RETURN DISTINCT r.document, m.key")
    have: dict[str, set[str]] = {}
    for doc, metric in rows:
        have.setdefault(doc, set()).add(metric)
    complete = 0
    for d in docs:
        missing = [m for m in WANTED if m not in have.get(d, set())]
        complete += not missing
        print(f"{d:40} {'all five' if not missing else 'missing: ' + ', '.join(missing)}")
    if docs:
        print(f"\n{complete}/{len(docs)} {args.form} filings ({complete / len(docs):.0%}) have all of {', '.join(WANTED)}")


if __name__ == "__main__":
    main()

"""Reading the knowledge graph: the graph-neighbour retrieval channel, facts for answers, stats, and
read-only Cypher for `finchat graph cypher`.

Graph-channel score of a chunk ``ch`` for a question asking metrics ``M`` (possibly empty), within the
documents the filters selected:

    g(ch) = 1.0 · |mentions(ch) ∩ M| / |M|          (ch MENTIONS an asked metric)
          + 1.5 · [ch is the source of a REPORTED fact whose metric ∈ M]
          + 1.0 · [ch is a primary-statement table of a statement S the question points at]
          + 0.5 · [ch's filing FILED by an asked company and FOR_PERIOD an asked period]

A question naming a segment ``S`` (brands or the graph's Segment names, ``segments``) asks about a part of
the company, which the consolidated facts and statements do not describe: its score is instead

    g(ch) = 1.0 · |mentions(ch) ∩ M| / |M| + 1.5 · [ch MENTIONS a segment named S] (+ the scope term)

The scope term is constant inside the filter scope; it separates chunks only when filters were relaxed.
Scores are raw (0 … 3); fusion min-max normalises them with the other channels.
"""

from __future__ import annotations

import calendar
import json
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

import psycopg

from finchat.db.pool import GRAPH_NAME
from finchat.errors import QueryError
from finchat.graph.facts import printed_number
from finchat.graph.periods import shift_months

W_MENTION, W_REPORTED, W_STATEMENT, W_SCOPE, W_SEGMENT = 1.0, 1.5, 1.0, 0.5, 1.5


def _cypher(conn: psycopg.Connection, query: str, params: dict[str, Any], columns: Sequence[str]) -> list[tuple[Any, ...]]:
    """Run a constant Cypher ``query`` with an agtype parameter map; values come back as Python objects."""
    cols = ", ".join(f"{c} agtype" for c in columns)
    sql = f"SELECT * FROM cypher('{GRAPH_NAME}', $$ {query} $$, %s) AS ({cols})"
    rows = conn.execute(sql.encode(), (json.dumps(params),)).fetchall()
    return [tuple(_agtype(v) for v in r) for r in rows]


def _agtype(v: Any) -> Any:
    if v is None:
        return None
    s = str(v)
    for suffix in ("::vertex", "::edge", "::path"):
        if s.endswith(suffix):
            s = s[: -len(suffix)]
    try:
        return json.loads(s)
    except ValueError:
        return s


#: Scopes of at most this many filings start from their own chunks and probe each chunk's MENTIONS edges
#: (mentions_start_idx); wider ones start from the asked metrics' edges. Against a hash join of the metrics'
#: edges with the scope's chunks: p50 3.5 vs 4.9 ms at 59k chunks, 2.2 vs 38 ms at 1M; 24 rather than 8
#: filings: channel p95 at 1M 133 → 11 ms, at 59k 8 → 12 ms (eval/README.md).
PROBE_MAX_DOCS = 24


def nominal_period_end(conn: psycopg.Connection, company: str, year: int, quarter: str) -> date:
    """The month end closing fiscal ``quarter`` of ``year`` for a filing that prints no date (a results
    release saying only "second quarter 2023"): the company's fiscal year end month from its other
    filings' period ends, else December. A 52/53-week calendar's quarter ends a few days off the month end."""
    row = conn.execute(
        "SELECT period_end, fiscal_quarter FROM documents WHERE company_key = %s AND period_end IS NOT NULL"
        " AND fiscal_year IS NOT NULL AND form <> '8-K' ORDER BY form <> '10-K', period_end DESC LIMIT 1",
        (company,)).fetchone()
    fye_month = 12
    if row is not None:
        end, fq = row
        qn = int(fq[1]) if fq and re.fullmatch(r"Q[1-4]", fq) else 4
        # 52/53-week years end within days of a month end: a period ending on the 1st–7th closes the month before
        month = end.month - 1 if end.day <= 7 else end.month
        fye_month = (month - 1 + 3 * (4 - qn)) % 12 + 1
    q = int(quarter[1]) if re.fullmatch(r"Q[1-4]", quarter) else 4
    year_end = date(year, fye_month, calendar.monthrange(year, fye_month)[1])
    return shift_months(year_end, -3 * (4 - q))


def segment_rows(conn: psycopg.Connection, company: str | None = None) -> list[tuple[int, str, list[str]]]:
    """(graph id, company key, names) of every Segment vertex, or of ``company``'s (GIN containment);
    empty before the graph has a Segment label (sql/010)."""
    has = conn.execute("SELECT to_regclass(%s) IS NOT NULL", (f'{GRAPH_NAME}."Segment"',)).fetchone()
    if not (has and has[0]):
        return []
    where, params = (" WHERE properties @> %s::agtype", (json.dumps({"company": company}),)) if company else ("", ())
    out = []
    for i, props in conn.execute(f'SELECT id::text::bigint, properties FROM {GRAPH_NAME}."Segment"{where}',
                                 params).fetchall():
        d = json.loads(str(props))
        out.append((int(i), str(d.get("company") or ""), [n for n in d.get("names", []) if isinstance(n, str) and n]))
    return out


def segment_ids(conn: psycopg.Connection, names: Sequence[str]) -> list[int]:
    """Graph ids of the Segment vertices having any of ``names`` (as written) among their names."""
    want = set(names)
    return [i for i, _, seg_names in segment_rows(conn) if want & set(seg_names)] if want else []


def _probe(kind: str, cid: str, in_scope: str, target: str) -> str:
    """Rows (kind, chunk id, targets mentioned) for the scope's chunks (GIN) and each one's MENTIONS edges
    to ``target`` (btree on start_id); OFFSET 0 keeps the planner from turning it round into a scan of
    every edge of the target."""
    return (f"SELECT '{kind}', {cid}, count(DISTINCT m.end_id) FROM"
            f" (SELECT id, properties FROM {GRAPH_NAME}.\"Chunk\" c WHERE {in_scope} OFFSET 0) c"
            f" JOIN LATERAL (SELECT end_id FROM {GRAPH_NAME}.\"MENTIONS\" m WHERE m.start_id = c.id"
            f" AND {target} OFFSET 0) m ON true GROUP BY 2")


def graph_scores(conn: psycopg.Connection, doc_ids: Sequence[int], metrics: Sequence[str],
                 scoped_docs: Sequence[int] | None = None, statements: Sequence[str] = (),
                 segments: Sequence[int] = (), consolidated: bool = True) -> dict[int, float]:
    """Graph-channel scores of every chunk in scope that has one (see the module docstring); the caller
    picks its candidates from them and fills the others' scores.

    ``doc_ids``: documents in the filter scope. ``scoped_docs``: those that match the asked company and
    period exactly (all of ``doc_ids`` unless filters were relaxed). ``segments``: Segment vertex ids
    (:func:`segment_ids`) of a segment question. ``consolidated`` False (a segment, region or product
    breakdown is asked) or ``segments``: REPORTED facts and statements, which are the consolidated
    figures, are not scored. Nothing asked → no scores.

    One SQL statement over AGE's label tables: the 1-hop pattern (Filing)-[:HAS_CHUNK]->(Chunk)-[:MENTIONS]->
    (Metric) and the REPORTED edges, found through the GIN indexes on vertex/edge properties and the
    btree indexes on edge endpoints. The equivalent Cypher MATCH took ~30 ms here (no index use for
    ``IN`` on properties); starting from the asked metrics' edges this takes ~7 ms (p50).
    """
    if not doc_ids or not (metrics or statements or segments):
        return {}
    if segments or not consolidated:
        statements, consolidated = (), False
    small = len(doc_ids) <= PROBE_MAX_DOCS
    # A small scope is found through the GIN index on properties (one containment per filing); a wide one
    # is tested per row by its doc_id against a hashed array (a chain of hundreds of containments took
    # seconds over 1M chunks).
    ids = [int(d) for d in doc_ids]
    docs: list[Any] = [json.dumps({"doc_id": d}) for d in ids] if small else [ids]
    doc_of = "ag_catalog.agtype_access_operator(c.properties, '\"doc_id\"'::agtype)::text::bigint"
    in_scope = ("(" + " OR ".join(["c.properties @> %s::agtype"] * len(docs)) + ")" if small else f"{doc_of} = ANY(%s)")
    cid = "ag_catalog.agtype_access_operator(c.properties, '\"chunk_id\"'::agtype)::text::bigint"
    parts: list[str] = []
    params: list[Any] = []
    if metrics:
        key_or = " OR ".join(["properties @> %s::agtype"] * len(metrics))
        keys = [json.dumps({"key": m}) for m in metrics]
        metric_ids = f"SELECT id FROM {GRAPH_NAME}.\"Metric\" WHERE {key_or}"
        if small:
            parts.append(_probe("m", cid, in_scope, f"m.end_id = ANY(ARRAY({metric_ids}))"))
            params += [*docs, *keys]
        else:
            # a wide scope (relaxed to many filings) holds most chunks: start from the edges instead
            parts.append(
                f"SELECT 'm', {cid}, count(DISTINCT m.end_id) FROM {GRAPH_NAME}.\"MENTIONS\" m"
                f" JOIN {GRAPH_NAME}.\"Chunk\" c ON c.id = m.start_id"
                f" WHERE m.end_id IN ({metric_ids}) AND {in_scope} GROUP BY 2")
            params += [*keys, *docs]
        if consolidated and small:
            # the facts of the scope's companies (the FILED edges into its filings), then their filings: a
            # company's edges are few at any corpus size, where a containment on the edges' properties matched
            # every edge holding the filing's id as any value (1M chunks: 68,769 rows for doc_id 2, 25 ms)
            filings = " OR ".join(["v.properties @> %s::agtype"] * len(docs))
            parts.append(
                f"SELECT DISTINCT 'r', {cid}, 1 FROM {GRAPH_NAME}.\"REPORTED\" c"
                f" WHERE c.start_id IN (SELECT f.start_id FROM {GRAPH_NAME}.\"FILED\" f"
                f"  JOIN {GRAPH_NAME}.\"Filing\" v ON v.id = f.end_id WHERE {filings})"
                f" AND c.end_id IN ({metric_ids}) AND {doc_of} = ANY(%s)")
            params += [*docs, *keys, ids]
        elif consolidated:
            parts.append(
                f"SELECT DISTINCT 'r', {cid}, 1"
                f" FROM {GRAPH_NAME}.\"REPORTED\" c"
                f" WHERE c.end_id IN ({metric_ids}) AND {in_scope}")
            params += [*keys, *docs]
    if segments:
        parts.append(_probe("g", cid, in_scope, "m.end_id::text::bigint = ANY(%s)"))
        params += [*docs, [int(x) for x in segments]]
    if statements:
        st_or = " OR ".join(["c.properties @> %s::agtype"] * len(statements))
        parts.append(f"SELECT 's', {cid}, 1 FROM {GRAPH_NAME}.\"Chunk\" c WHERE {in_scope} AND ({st_or})")
        params += [*docs, *[json.dumps({"statement": st}) for st in statements]]
    scores: dict[int, float] = {}
    if not parts:  # only statements were asked, of a non-GAAP or breakdown question: nothing consolidated to score
        return scores
    for kind, chunk, n in conn.execute(" UNION ALL ".join(parts).encode(), params).fetchall():
        add = ({"s": W_STATEMENT, "r": W_REPORTED, "g": W_SEGMENT}.get(str(kind))
               or W_MENTION * float(n) / len(metrics))
        scores[int(chunk)] = scores.get(int(chunk), 0.0) + add
    if scoped_docs is not None and set(scoped_docs) != set(doc_ids) and scores:
        exact = {int(r[0]) for r in conn.execute("SELECT id FROM chunks WHERE id = ANY(%s) AND document_id = ANY(%s)",
                                                 (list(scores), list(scoped_docs))).fetchall()}
        for chunk_id in exact:
            scores[chunk_id] += W_SCOPE
    return scores


@dataclass(frozen=True)
class FactRow:
    company: str
    company_name: str
    metric: str
    value: float
    scale: str
    unit: str
    period_label: str
    duration: str | None
    as_of: str | None
    document: str
    page: int
    chunk_id: int
    printed: str = ""  # the cell as printed: "0.309", "(2,980)"
    printed_page: str | None = None  # the number printed on the page ("24", "F-12"), where there is one

    def page_ref(self) -> str:
        """"p.4", or "p.26, printed 24" when the filing prints another number on the page."""
        from finchat.retrieve.fusion import page_reference

        return page_reference(self.page, self.page, self.printed_page)

    def shown(self) -> str:
        """"Apple — revenue, three months ended July 1, 2023: $81,797 million [APPLE_2023Q3_10Q p.4]"."""
        from finchat.graph.lexicon import metric

        v = self.value
        num = printed_number(v, self.printed)
        sign = "-" if v < 0 else ""
        cur = "$" if self.unit.startswith("USD") else ""
        scale = {"millions": " million", "thousands": " thousand", "billions": " billion"}.get(self.scale, "")
        per = " per share" if self.unit == "USD/share" else ""
        name = metric(self.metric).name if self.metric else self.metric
        period = lower_period(self.period_label) if self.period_label else "?"
        return f"{self.company_name} — {name}, {period}: {sign}{cur}{num}{scale}{per} [{self.document} {self.page_ref()}]"

    def as_json(self) -> dict[str, Any]:
        v = self.value
        return {"company": self.company_name, "company_key": self.company, "metric": self.metric,
                "value": int(v) if v == int(v) else v, "scale": self.scale, "unit": self.unit,
                "period_label": self.period_label, "duration": self.duration, "as_of": self.as_of,
                "document": self.document, "page": self.page, "printed_page": self.printed_page,
                "chunk_id": self.chunk_id, "printed": self.printed}


_MONTHS = {"january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december"}


#: A period's words the text layer glued: "Thirty-nineweeks ended", "Threemonths ended", "monthsended".
_GLUED = re.compile(r"(?i)\b(three|six|nine|twelve|thirteen|twenty-six|thirty-nine|fifty-two|fifty-three)(?=months|weeks)|"
                    r"(?<=months)(?=ended)|(?<=weeks)(?=ended)")


def lower_period(label: str) -> str:
    """"Three Months Ended July 1, 2023" → "three months ended July 1, 2023"; words the text layer glued apart."""
    label = _GLUED.sub(lambda m: f"{m.group(1)} " if m.group(1) else " ", label)
    return " ".join(w if w.lower().rstrip(",") in _MONTHS else w.lower() for w in label.split())


def facts(conn: psycopg.Connection, companies: Sequence[str], metrics: Sequence[str] = (),
          years: Sequence[int] = (), quarters: Sequence[str] = (), documents: Sequence[str] = (),
          limit: int = 200) -> list[FactRow]:
    """REPORTED facts for companies (keys), optionally narrowed by metrics, the filings' fiscal years and
    quarters, or document names. Duplicates (same figure read from two tables) are collapsed; the most
    specific row label wins when tables disagree. Newest period first."""
    if not companies:
        return []
    params: dict[str, Any] = {"companies": list(companies)}
    if len(documents) == 1:  # one filing: its edges found through the properties index, not decoded one by one
        q = "MATCH (c:Company)-[r:REPORTED {document: $document}]->(m:Metric) WHERE c.key IN $companies"
        params["document"] = documents[0]
    else:
        q = "MATCH (c:Company)-[r:REPORTED]->(m:Metric) WHERE c.key IN $companies"
    if metrics:
        q += " AND m.key IN $metrics"
        params["metrics"] = list(metrics)
    q += " RETURN c.key, c.name, properties(r)"
    rows = _cypher(conn, q, params, ("key", "name", "props"))
    docs = {r[0]: (r[1], r[2]) for r in conn.execute(
        "SELECT name, fiscal_year, fiscal_quarter FROM documents WHERE company_key = ANY(%s)", (list(companies),)).fetchall()}
    best: dict[tuple[str, str, str, str], tuple[int, FactRow]] = {}
    for key, name, p in rows:
        doc = p.get("document", "")
        fy, fq = docs.get(doc, (None, None))
        if years and fy not in years:
            continue
        if quarters and fq not in quarters:
            continue
        if documents and doc not in documents:
            continue
        row = FactRow(key, name or key, p.get("metric", ""), float(p.get("value", 0)), p.get("scale", "units"),
                      p.get("unit", "USD"), p.get("period_label", ""), p.get("duration"), p.get("as_of"), doc,
                      int(p.get("page", 0)), int(p.get("chunk_id", 0)), str(p.get("printed", "")))
        k = (key, row.metric, row.period_label, doc)
        prio = int(p.get("priority", 2))
        if k not in best or prio > best[k][0] or (prio == best[k][0] and row.page < best[k][1].page):
            best[k] = (prio, row)
    out = with_printed_pages(conn, [r for _, r in best.values()])
    out.sort(key=lambda r: (r.company, r.metric, -(int((r.as_of or "0000").replace("-", "")[:8] or 0)),
                            r.duration or "", r.page))
    return out[:limit]


def with_printed_pages(conn: psycopg.Connection, rows: list[FactRow]) -> list[FactRow]:
    """``rows`` with the page numbers their filings print on the cited pages (one query)."""
    if not rows:
        return rows
    labels = {(str(n), int(p)): str(lab) for n, p, lab in conn.execute(
        "SELECT d.name, pp.page, pp.label FROM unnest(%s::text[], %s::int[]) AS w (name, page)"
        " JOIN documents d ON d.name = w.name JOIN printed_pages pp ON pp.document_id = d.id AND pp.page = w.page",
        ([r.document for r in rows], [r.page for r in rows])).fetchall()}
    return [replace(r, printed_page=labels[(r.document, r.page)]) if (r.document, r.page) in labels else r
            for r in rows]


def facts_per_document(conn: psycopg.Connection) -> dict[str, int]:
    """How many REPORTED facts each document contributed (document name → count); one scan of the edges."""
    rows = conn.execute(
        f"SELECT ag_catalog.agtype_access_operator(r.properties, '\"document\"'::agtype)::text, count(*)"
        f' FROM {GRAPH_NAME}."REPORTED" r GROUP BY 1').fetchall()
    return {str(name).strip('"'): int(n) for name, n in rows if name is not None}


def stats(conn: psycopg.Connection) -> dict[str, int]:
    """Vertex and edge counts per label."""
    rows = conn.execute(
        "SELECT l.name, l.kind, l.relation::text FROM ag_catalog.ag_label l JOIN ag_catalog.ag_graph g "
        "ON g.graphid = l.graph WHERE g.name = %s AND l.name NOT LIKE %s ORDER BY l.kind DESC, l.name",
        (GRAPH_NAME, "\\_ag%")).fetchall()
    out = {}
    for name, _kind, rel in rows:
        # relation names come from AGE's catalog, not from the user
        out[str(name)] = int(conn.execute(f"SELECT count(*) FROM {rel}").fetchone()[0])  # type: ignore[index]
    return out


_WRITE = re.compile(r"(?i)\b(create|merge|delete|detach|set|remove|drop|load|call|foreach)\b")


def _strip_strings(q: str) -> str:
    return re.sub(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"", "''", q)


def _return_columns(q: str) -> list[str]:
    body = _strip_strings(q)
    m = list(re.finditer(r"(?i)\breturn\b(\s+distinct)?", body))
    if not m:
        raise QueryError("the Cypher query needs a RETURN clause")
    tail = body[m[-1].end():]
    tail = re.split(r"(?i)\b(order\s+by|skip|limit)\b", tail)[0]
    items, depth, cur = [], 0, ""
    for ch in tail:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            items.append(cur)
            cur = ""
        else:
            cur += ch
    items.append(cur)
    names: list[str] = []
    for i, item in enumerate(items):
        alias = re.search(r"(?i)\bas\s+([A-Za-z_][A-Za-z0-9_]*)\s*$", item.strip())
        # without an alias a column is named by its expression, as written ("c.key", "count(m)")
        name = alias.group(1) if alias else (re.sub(r"\s+", " ", item.strip()) or f"c{i + 1}")
        name = name.replace('"', "")[:60]
        while name in names:
            name += "_"
        names.append(name)
    return names


def read_only_cypher(conn: psycopg.Connection, query: str) -> tuple[list[str], list[tuple[Any, ...]]]:
    """Run a user's Cypher query read-only. Raises QueryError for writing clauses or bad syntax.

    The query text cannot be a bind parameter (AGE requires a constant); it is embedded between
    dollar-quotes with a random tag it cannot contain, checked for write clauses, and run in a READ ONLY
    transaction as a second guard.
    """
    if "\x00" in query:
        raise QueryError("the Cypher query contains a NUL character; remove it")
    if _WRITE.search(_strip_strings(query)):
        raise QueryError("finchat graph cypher is read-only: CREATE, MERGE, SET, DELETE, REMOVE, CALL … are refused")
    cols = _return_columns(query)
    tag = "q" + secrets.token_hex(4)
    while f"${tag}$" in query:
        tag = "q" + secrets.token_hex(4)
    colsql = ", ".join(f'"{c}" agtype' for c in cols)
    sql = f"SELECT * FROM cypher('{GRAPH_NAME}', ${tag}$ {query} ${tag}$) AS ({colsql})"
    try:
        with conn.transaction():
            conn.execute("SET TRANSACTION READ ONLY")
            rows = conn.execute(sql.encode()).fetchall()
    except psycopg.Error as exc:
        raise QueryError(f"Cypher error: {str(exc).strip().splitlines()[0]}") from exc
    return cols, [tuple(_whole(_agtype(v)) for v in r) for r in rows]


def _whole(v: Any) -> Any:
    """81797.0 → 81797: a figure stored as a float but printed as an integer is shown as one."""
    return int(v) if isinstance(v, float) and v.is_integer() else v

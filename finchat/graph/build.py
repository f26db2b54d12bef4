"""Build a document's subgraph in Apache AGE, inside the document's own transaction.

Vertices: Company, Filing, Period, Chunk, Metric, Segment (the company's reportable segments, as its
filings list them: graph/segments.py), Entity (executives found by rule; LLM triplets). Edges:
(Company)-[:FILED]->(Filing), (Entity)-[:RELATED {relation: "Chief Financial Officer"}]->(Company),
(Filing)-[:FOR_PERIOD]->(Period), (Period)-[:PRECEDES]->(Period), (Filing)-[:HAS_CHUNK]->(Chunk),
(Chunk)-[:MENTIONS]->(Metric|Company|Segment), (Company)-[:REPORTED {…}]->(Metric),
(Company)-[:HAS_SEGMENT]->(Segment).

Writes go straight into AGE's label tables with parameterised SQL (one statement per label, arrays
unnested), which is what AGE's own loaders do and far faster than one Cypher CREATE per element. Reads
use Cypher (see ``graph/query.py``). Every element of a document carries its ``document`` name, so a
re-ingest first removes exactly that document's subgraph, then orphaned Period/Company/Metric vertices.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

import psycopg
from psycopg import sql

from finchat.db.pool import GRAPH_NAME
from finchat.graph.cellstore import build_cells, scale_unscaled_cells
from finchat.graph.consistency import adopt_filing_scale, filing_scale, scale_disagreements
from finchat.graph.facts import extract_facts
from finchat.graph.lexicon import METRICS, STATEMENT_OF, metrics_in_text, statement_kind
from finchat.graph.query import nominal_period_end
from finchat.graph.tablegroups import PART, group_text, table_groups, units_above
from finchat.graph.tagged import agree, reported_props, tagged_facts

G = GRAPH_NAME  # a constant identifier, never user input
GRAPH_WRITE_LOCK = 0x46434B47  # "FCKG"
_Q_ORDER = {"Q1": 1, "Q2": 2, "Q3": 3, "Q4": 4}


def _t(label: str) -> str:
    """Quoted label table name (labels are fixed constants in this module)."""
    assert re.fullmatch(r"[A-Za-z_]+", label)
    return f'{G}."{label}"'


def _props(d: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in d.items() if v is not None}, default=str)


def _ensure_vertex(conn: psycopg.Connection, label: str, key: dict[str, Any], props: dict[str, Any]) -> str:
    """The id of the vertex of ``label`` whose properties contain ``key``; created with ``props`` if absent.
    Serialised by an advisory lock on the key, so concurrent ingests cannot create twins."""
    conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 11))", (f"{label}:{_props(key)}",))
    row = conn.execute(f"SELECT id::text FROM {_t(label)} WHERE properties @> %s::agtype LIMIT 1",
                       (_props(key),)).fetchone()
    if row:
        return str(row[0])
    row = conn.execute(f"INSERT INTO {_t(label)} (properties) VALUES (%s::agtype) RETURNING id::text",
                       (_props({**props, **key}),)).fetchone()
    assert row is not None
    return str(row[0])


def _edges(conn: psycopg.Connection, label: str, triples: Iterable[tuple[str, str, dict[str, Any]]]) -> int:
    rows = list(triples)
    if not rows:
        return 0
    conn.execute(
        f"INSERT INTO {_t(label)} (start_id, end_id, properties) "
        "SELECT s::graphid, e::graphid, p::agtype FROM unnest(%s::text[], %s::text[], %s::text[]) AS x(s, e, p)",
        ([r[0] for r in rows], [r[1] for r in rows], [_props(r[2]) for r in rows]))
    return len(rows)


@lru_cache(maxsize=1)
def _company_mention_re() -> tuple[re.Pattern[str], dict[str, str]]:
    from finchat.ingest.companies import load_company_list

    names: dict[str, str] = {}
    for c in load_company_list():
        for n in (c.name, *c.aliases):
            # short or generic names ("Block", "Target", "Visa") would mention everything
            if len(n) >= 5 and n.lower() not in {"block", "target", "chase", "square", "kraft", "heinz", "oracle"}:
                names[n.lower()] = c.key
    alts = sorted(names, key=len, reverse=True)
    return re.compile(r"(?i)(?<![\w&])(" + "|".join(re.escape(a) for a in alts) + r")(?![\w&])"), names


_TITLE_WORDS = {"chief", "officer", "president", "executive", "financial", "operating", "vice", "senior", "board",
                "chairman", "director", "company", "corporation", "inc", "the", "our", "and", "accounting"}
_EXECUTIVE = re.compile(
    r"\b((?:[A-Z][a-z]+|[A-Z]\.)(?:\s(?:[A-Z]\.|[A-Z][a-zA-Z'’\-]+)){1,3}),\s(?:our\s|the\sCompany['’]s\s|its\s)?"
    r"((?:Chairman(?: of the Board)?(?:,| and)\s)?(?:President(?: and| &)\s)?"
    r"(?:Chief\s(?:Executive|Financial|Operating|Accounting)\sOfficer|President))")


def executives_in_text(text: str) -> list[tuple[str, str]]:
    """(name, title) pairs written as "Jane Q. Doe, our Chief Financial Officer" — a reliable pattern in
    filings; names made of title words are refused."""
    out: list[tuple[str, str]] = []
    for m in _EXECUTIVE.finditer(text):
        name, title = m.group(1).strip(), re.sub(r"\s+", " ", m.group(2)).strip()
        words = {w.strip(".").lower() for w in name.split()}
        if words & _TITLE_WORDS or (name, title) in out:
            continue
        out.append((name, title))
    return out


def companies_in_text(text: str) -> set[str]:
    rx, names = _company_mention_re()
    return {names[m.group(1).lower()] for m in rx.finditer(text)}


def _statement_of(kind: str, section: str, text: str) -> str | None:
    """The primary statement a table chunk belongs to, from its caption and innermost section."""
    if kind != "table":
        return None
    caption = [ln for ln in text.splitlines()[:4] if not ln.lstrip().startswith("|")]
    return statement_kind(" ".join(caption) + " " + section.split(" > ")[-1])


def delete_subgraph(conn: psycopg.Connection, document: str) -> None:
    """Remove every vertex and edge of ``document``, then vertices it leaves orphaned."""
    doc = _props({"document": document})
    conn.execute(f"DELETE FROM {_t('REPORTED')} WHERE properties @> %s::agtype", (doc,))
    conn.execute(f"DELETE FROM {_t('RELATED')} WHERE properties @> %s::agtype", (doc,))
    conn.execute(
        f"DELETE FROM {_t('MENTIONS')} WHERE start_id IN (SELECT id FROM {_t('Chunk')} WHERE properties @> %s::agtype)",
        (doc,))
    for edge in ("HAS_CHUNK", "FOR_PERIOD"):
        conn.execute(f"DELETE FROM {_t(edge)} WHERE start_id IN "
                     f"(SELECT id FROM {_t('Filing')} WHERE properties @> %s::agtype)", (doc,))
    conn.execute(f"DELETE FROM {_t('HAS_SEGMENT')} WHERE properties @> %s::agtype", (doc,))
    conn.execute(f"DELETE FROM {_t('FILED')} WHERE end_id IN "
                 f"(SELECT id FROM {_t('Filing')} WHERE properties @> %s::agtype)", (doc,))
    conn.execute(f"DELETE FROM {_t('Chunk')} WHERE properties @> %s::agtype", (doc,))
    conn.execute(f"DELETE FROM {_t('Filing')} WHERE properties @> %s::agtype", (doc,))
    _delete_orphans(conn)


def _delete_orphans(conn: psycopg.Connection) -> None:
    conn.execute(f"DELETE FROM {_t('PRECEDES')} p WHERE NOT EXISTS (SELECT 1 FROM {_t('FOR_PERIOD')} f WHERE f.end_id = p.start_id)"
                 f" OR NOT EXISTS (SELECT 1 FROM {_t('FOR_PERIOD')} f WHERE f.end_id = p.end_id)")
    conn.execute(f"DELETE FROM {_t('Period')} v WHERE NOT EXISTS (SELECT 1 FROM {_t('FOR_PERIOD')} f WHERE f.end_id = v.id)")
    conn.execute(f"DELETE FROM {_t('Company')} c WHERE NOT EXISTS (SELECT 1 FROM {_t('FILED')} f WHERE f.start_id = c.id)"
                 f" AND NOT EXISTS (SELECT 1 FROM {_t('MENTIONS')} m WHERE m.end_id = c.id)"
                 f" AND NOT EXISTS (SELECT 1 FROM {_t('REPORTED')} r WHERE r.start_id = c.id)")
    conn.execute(f"DELETE FROM {_t('Entity')} v WHERE NOT EXISTS (SELECT 1 FROM {_t('MENTIONS')} m WHERE m.end_id = v.id)"
                 f" AND NOT EXISTS (SELECT 1 FROM {_t('RELATED')} r WHERE r.start_id = v.id OR r.end_id = v.id)")
    conn.execute(f"DELETE FROM {_t('Metric')} v WHERE NOT EXISTS (SELECT 1 FROM {_t('MENTIONS')} m WHERE m.end_id = v.id)"
                 f" AND NOT EXISTS (SELECT 1 FROM {_t('REPORTED')} r WHERE r.end_id = v.id)")
    conn.execute(f"DELETE FROM {_t('Segment')} v WHERE NOT EXISTS (SELECT 1 FROM {_t('HAS_SEGMENT')} h WHERE h.end_id = v.id)"
                 f" AND NOT EXISTS (SELECT 1 FROM {_t('MENTIONS')} m WHERE m.end_id = v.id)")


def _relink_periods(conn: psycopg.Connection, company: str) -> None:
    """PRECEDES between adjacent periods of one company's fiscal calendar: Qn → Qn+1, Q4 → next Q1,
    FY → next FY. Only periods that exist (have filings) are linked, and only when truly adjacent."""
    rows = conn.execute(f"SELECT id::text, ag_catalog.agtype_out(properties)::text FROM {_t('Period')} WHERE properties @> %s::agtype",
                        (_props({"company": company}),)).fetchall()
    periods = {}
    for pid, props in rows:
        p = json.loads(props)
        periods[(int(p["fiscal_year"]), p["fiscal_quarter"])] = pid
    ids = list(periods.values())
    if ids:
        conn.execute(f"DELETE FROM {_t('PRECEDES')} WHERE start_id::text = ANY(%s) OR end_id::text = ANY(%s)", (ids, ids))
    pairs = []
    for (year, q), pid in periods.items():
        if q == "FY":
            nxt = (year + 1, "FY")
        elif q in _Q_ORDER:
            nxt = (year, f"Q{_Q_ORDER[q] + 1}") if q != "Q4" else (year + 1, "Q1")
        else:
            continue
        if nxt in periods:
            pairs.append((pid, periods[nxt], {"company": company}))
    _edges(conn, "PRECEDES", pairs)


def build_document_graph(conn: psycopg.Connection, doc_id: int,
                         llm: tuple[str, str] | None = None) -> dict[str, int]:
    """(Re)build the subgraph of document ``doc_id`` from its stored chunks. Returns element counts.

    ``llm`` = (Ollama host, model) adds HybridRAG-style triplets from text chunks (cached per chunk):
    Entity vertices, (Chunk)-[:MENTIONS]->(Entity) and (Entity)-[:RELATED {relation}]->(Entity).
    Raises LLMUnavailable when Ollama cannot answer.
    """
    doc = conn.execute(
        "SELECT d.name, d.company_key, c.name, c.ticker, d.form, d.fiscal_year, d.fiscal_quarter, d.period_end "
        "FROM documents d LEFT JOIN companies c ON c.key = d.company_key WHERE d.id = %s", (doc_id,)).fetchone()
    if doc is None:
        return {}
    name, ckey, cname, ticker, form, year, quarter, period_end = doc
    # One graph writer at a time: documents share Company/Metric/Period vertices, and taking their locks
    # in different orders from two ingest runs would deadlock. Building a subgraph takes about a second.
    conn.execute("SELECT pg_advisory_xact_lock(%s)", (GRAPH_WRITE_LOCK,))
    delete_subgraph(conn, name)
    counts = {"facts": 0, "mentions": 0, "chunks": 0}
    filing = _ensure_vertex(conn, "Filing", {"document": name},
                            {"doc_id": doc_id, "form": form, "fiscal_year": year, "fiscal_quarter": quarter,
                             "period_end": period_end, "company": ckey})
    company = None
    if ckey:
        company = _ensure_vertex(conn, "Company", {"key": ckey}, {"name": cname, "ticker": ticker})
        _edges(conn, "FILED", [(company, filing, {"document": name})])
        if year and quarter:
            period = _ensure_vertex(conn, "Period", {"key": f"{ckey}:{year}:{quarter}"},
                                    {"company": ckey, "fiscal_year": year, "fiscal_quarter": quarter})
            _edges(conn, "FOR_PERIOD", [(filing, period, {"document": name})])
            _relink_periods(conn, ckey)
    chunks = conn.execute("SELECT id, kind, section, text, page_start FROM chunks WHERE document_id = %s ORDER BY ordinal",
                          (doc_id,)).fetchall()
    if not chunks:
        return counts
    rows = conn.execute(
        f"INSERT INTO {_t('Chunk')} (properties) SELECT p::agtype FROM unnest(%s::text[]) AS x(p) RETURNING id::text",
        ([_props({"chunk_id": c[0], "document": name, "doc_id": doc_id, "kind": c[1],
                  "statement": _statement_of(c[1], c[2], c[3])}) for c in chunks],)).fetchall()
    vid = {c[0]: str(r[0]) for c, r in zip(chunks, rows, strict=True)}
    counts["chunks"] = len(rows)
    _edges(conn, "HAS_CHUNK", [(filing, vid[c[0]], {"document": name}) for c in chunks])
    metric_ids: dict[str, str] = {}

    def metric_vertex(key: str) -> str:
        if key not in metric_ids:
            m = next(x for x in METRICS if x.key == key)
            metric_ids[key] = _ensure_vertex(conn, "Metric", {"key": key}, {"name": m.name})
        return metric_ids[key]

    mentions: list[tuple[str, str, dict[str, Any]]] = []
    company_ids: dict[str, str] = {ckey: company} if ckey and company else {}
    reported: list[tuple[str, str, dict[str, Any]]] = []
    executives: dict[str, str] = {}
    officer_of: list[tuple[str, str, dict[str, Any]]] = []
    for cid, kind, section, text, page in chunks:
        for key in metrics_in_text(section + "\n" + text):
            mentions.append((vid[cid], metric_vertex(key), {"document": name}))
        if kind == "text" and company is not None:
            for person, title in executives_in_text(text):
                if person not in executives:
                    executives[person] = _ensure_vertex(conn, "Entity", {"key": f"executive:{person.lower()}"},
                                                        {"name": person, "type": "executive"})
                    officer_of.append((executives[person], company,
                                       {"relation": title, "chunk_id": cid, "document": name, "source": "rules"}))
                mentions.append((vid[cid], executives[person], {"document": name}))
        for other in companies_in_text(text):
            if other not in company_ids:
                company_ids[other] = _ensure_vertex(conn, "Company", {"key": other}, {})
            mentions.append((vid[cid], company_ids[other], {"document": name}))

    if company is not None:
        filing_period = _filing_period(conn, ckey, year, quarter, period_end, form)
        candidates = table_candidates(conn, chunks, ckey, form, year, quarter, period_end, filing_period)
        from finchat.graph.segments import segments_in_text

        # the segments the filing's text lists: the headings naming its tables, then the graph's Segment vertices
        listed = segments_in_text("\n".join(c[3] for c in chunks if c[1] == "text"))
        counts["cells"] = build_cells(conn, doc_id, chunks, filing_period, period_end if form == "10-K" else None,
                                      form, tuple(seg.name for seg in listed))
        tags = tagged_facts(conn, doc_id)
        tag_disagreements: list[str] = []
        for (f, cid, page, _), others in _one_fact_per_period(candidates):
            tag = tags.get((f.metric, f.duration, f.as_of))
            if tag is not None:  # the filer's tag is the figure; the table reading is only checked against it
                tagged_props = reported_props(f.metric, tag)
                if not agree(tagged_props, {"value": f.value, "scale": f.scale}):
                    tag_disagreements.append(
                        f"{f.metric} {f.period_label or f.as_of}: the table reads {f.shown_value} {f.scale} "
                        f"(p.{page}), the tag {tag.printed} {tag.scale_name} (p.{tag.page})")
                continue
            reported.append((company, metric_vertex(f.metric), {
                "metric": f.metric, "value": f.value, "printed": f.printed, "unit": f.unit, "scale": f.scale,
                "period_label": f.period_label, "duration": f.duration, "as_of": f.as_of,
                "document": name, "doc_id": doc_id, "chunk_id": cid, "page": page, "row_label": f.row_label,
                "priority": f.priority, "company": ckey, "also_on_pages": sorted({o[2] for o in others} - {page})}))
            # the same figure in other tables (MD&A, notes, highlights): recorded where it is repeated
            mentions.extend((vid[o[1]], metric_vertex(f.metric),
                             {"document": name, "value": o[0].value, "as_of": o[0].as_of, "repeats": "REPORTED"})
                            for o in others)
        for (metric, _, _), tag in tags.items():
            props = reported_props(metric, tag)
            props.update({"document": name, "doc_id": doc_id, "chunk_id": _chunk_on_page(chunks, tag.page, tag.printed),
                          "company": ckey, "also_on_pages": []})
            reported.append((company, metric_vertex(metric), props))
        counts["tagged"] = len(tags)
        counts["tag_disagreements"] = len(tag_disagreements)
        conn.execute("UPDATE documents SET tag_notes = %s WHERE id = %s", (tag_disagreements, doc_id))
    adopt_filing_scale([props for _, _, props in reported])
    # the cells of a statement whose units line was cut take the scale its figures took
    for scale in {str(p["scale"]) for _, _, p in reported if p.get("scale_source") == "filing"}:
        conn.execute("UPDATE table_cells SET scale = %s WHERE document_id = %s AND chunk_id = ANY(%s)"
                     " AND scale = 'units' AND unit = 'USD'",
                     (scale, doc_id, [int(p["chunk_id"]) for _, _, p in reported
                                      if p.get("scale_source") == "filing" and p["scale"] == scale]))
    # any other table's whole-number money cells with no units phrase in reach ("Net Revenue … FLNA $ 23,291"
    # under a note's "tabular dollars are in millions") print in the filing's scale; prices and amounts with
    # decimals ("$ 138.04") are dollars
    dominant = filing_scale([props for _, _, props in reported])
    if dominant is not None:
        scale_unscaled_cells(conn, doc_id, dominant)
    # a scale read wrong puts a figure a thousand times off its neighbours: flagged, not silently stored
    notes = scale_disagreements([props for _, _, props in reported])
    conn.execute("UPDATE documents SET fact_notes = %s WHERE id = %s", (notes, doc_id))
    counts["flagged"] = len(notes)
    if company is not None:
        counts["segments"] = _segments(conn, company, ckey, name, chunks, vid, mentions, doc_id, listed)
    counts["executives"] = _edges(conn, "RELATED", officer_of)
    if llm is not None:
        counts["triplets"] = _llm_triplets(conn, llm, name, [(c[0], c[1], c[3]) for c in chunks], vid, mentions)
    counts["mentions"] = _edges(conn, "MENTIONS", mentions)
    counts["facts"] = _edges(conn, "REPORTED", reported)
    return counts


def _segments(conn: psycopg.Connection, company: str, ckey: str, document: str, chunks: list[Any],
              vid: dict[int, str], mentions: list[tuple[str, str, dict[str, Any]]], doc_id: int | None = None,
              listed: list[Any] | None = None) -> int:
    """Segment vertices for the segments this filing lists (in its text, or as members of its tagged
    business-segment axis), HAS_SEGMENT edges from the company, and MENTIONS
    edges (appended to ``mentions``) from the chunks naming any segment the company is known to have —
    listed here or in its other filings (a 10-Q discusses the segments its 10-K lists). Returns the
    segments this filing lists."""
    from finchat.graph.query import segment_rows
    from finchat.graph.segments import segments_in_text

    def known() -> dict[str, list[str]]:
        return {str(i): names for i, _, names in segment_rows(conn, ckey)}

    def naming(names: list[str]) -> re.Pattern[str]:
        return re.compile(r"(?<![\w&])(?:" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
                          + r")(?![\w&])")

    before = known()
    listed = list(listed) if listed is not None else segments_in_text("\n".join(c[3] for c in chunks if c[1] == "text"))
    if doc_id is not None:
        seen = {seg.name.lower() for seg in listed}
        listed += [seg for seg in tagged_segments(conn, doc_id) if seg.name.lower() not in seen]
    for seg in listed:
        v = _ensure_vertex(conn, "Segment", {"key": f"{ckey}:{seg.name}"},
                           {"name": seg.name, "names": seg.names, "company": ckey})
        _edges(conn, "HAS_SEGMENT", [(company, v, {"document": document})])
    after = known()
    for seg_id, names in after.items():
        if names:
            rx = naming(names)
            mentions.extend((vid[c[0]], seg_id, {"document": document}) for c in chunks if rx.search(c[2] + "\n" + c[3]))
    for seg_id in set(after) - set(before):  # new: the company's filings stored earlier name it too
        _mention_in_other_filings(conn, ckey, document, seg_id, naming(after[seg_id]), after[seg_id])
    return len(listed)


def tagged_segments(conn: psycopg.Connection, doc_id: int) -> list[Any]:
    """The reportable segments a filing tags (members of us-gaap:StatementBusinessSegmentsAxis alone), as
    graph/segments.py Segments: "Energy Generation and Storage Segment" → "Energy Generation and Storage"."""
    from finchat.graph.segments import Segment

    rows = conn.execute(
        "SELECT DISTINCT members_text FROM xbrl_facts WHERE document_id = %s AND jsonb_array_length(dimensions) = 1"
        " AND dimensions -> 0 ->> 0 = %s", (doc_id, "us-gaap:StatementBusinessSegmentsAxis")).fetchall()
    names = sorted({re.sub(r"(?i)\s+(?:reportable\s+)?segments?$", "", r[0]).strip() for r in rows} - {""})
    names = [n for n in names if not re.search(r"(?i)\b(?:corporate|eliminat|reconcil|other|total|unallocated)", n)]
    # a member naming two others together ("Commercial Airplanes, Defense … and Global Services") is a subtotal
    names = [n for n in names if sum(1 for m in names if m != n and m.lower() in n.lower()) < 2]
    text = "\n".join(r[0] for r in conn.execute(
        "SELECT text FROM chunks WHERE document_id = %s AND kind = 'text'", (doc_id,)).fetchall())
    return [Segment(_printed_form(n, text)) for n in names]


def _printed_form(name: str, text: str) -> str:
    """``name`` as the filing prints it: a member's words split at capitals ("Med Tech") are printed "MedTech",
    "Rest Of Asia Pacific" is "Rest of Asia Pacific"."""
    words = name.split()
    rx = re.compile(r"(?i)\b" + r"[\s-]*".join(re.escape(w) for w in words) + r"\b")
    found = [m.group(0) for m in rx.finditer(text)]
    return next((f for f in found if f[:1].isupper()), name)


def _mention_in_other_filings(conn: psycopg.Connection, ckey: str, document: str, seg_id: str,
                              rx: re.Pattern[str], names: list[str]) -> None:
    """MENTIONS edges to a newly found segment from the chunks of the company's other stored filings."""
    rows = conn.execute(
        "SELECT c.id, c.section, c.text, d.name FROM chunks c JOIN documents d ON d.id = c.document_id"
        " WHERE d.company_key = %s AND d.name <> %s AND c.text LIKE ANY(%s)",
        (ckey, document, [f"%{n.replace('%', '').replace('_', '')}%" for n in names])).fetchall()
    hits = [(int(cid), doc) for cid, section, text, doc in rows if rx.search(section + "\n" + text)]
    if not hits:
        return
    ids: dict[int, str] = {}
    for doc in {d for _, d in hits}:  # one GIN containment per filing
        ids.update((int(c), str(v)) for c, v in conn.execute(
            f"SELECT ag_catalog.agtype_access_operator(properties, '\"chunk_id\"'::agtype)::text::bigint, id::text"
            f" FROM {_t('Chunk')} WHERE properties @> %s::agtype", (_props({"document": doc}),)).fetchall())
    _edges(conn, "MENTIONS", [(ids[cid], seg_id, {"document": doc}) for cid, doc in hits if cid in ids])





def _chunk_on_page(chunks: list[Any], page: int | None, printed: str) -> int | None:
    """The chunk of ``page`` that prints ``printed`` (a table first), else the page's first chunk."""
    if page is None or not chunks:
        return None
    on_page = [c for c in chunks if c[4] == page] or [c for c in chunks if c[4] <= page][-1:] or chunks[:1]
    holding = [c for c in on_page if printed and printed in c[3]]
    best = sorted(holding, key=lambda c: c[1] != "table") or on_page
    return int(best[0][0])


def table_candidates(conn: psycopg.Connection, chunks: list[Any], ckey: str, form: Any, year: Any, quarter: Any,
                     period_end: Any, filing_period: Any = None) -> list[Any]:
    """Every statement figure the table reader finds in a filing's table chunks: (Fact, chunk id, page,
    statement kind). ``filing_period`` when the caller has read it already."""
    filing_period = filing_period or _filing_period(conn, ckey, year, quarter, period_end, form)
    return [(f, cid, page, _statement_of("table", group[0][2], group[0][3]))
            for group in table_groups(chunks)
            for f, cid, page in _group_facts(group, period_end if form == "10-K" else None, filing_period,
                                             units_above(chunks, group[0]))]


def one_fact_per_period(candidates: list[Any]) -> list[tuple[Any, list[Any]]]:
    """Public name of :func:`_one_fact_per_period` (the facts evaluation reads tables as the build does)."""
    return _one_fact_per_period(candidates)


#: A balance a flow statement prints as such ("Cash at end of period"), not a change in it.
_BALANCE_IN_FLOW = re.compile(r"(?i)\b(?:end|beginning) of (?:the )?(?:period|year|quarter)\b|\bat (?:end|beginning)\b|"
                             r"^total\b")  # a release's balance sheet on a page read as cash flows: "Total Assets"


def _one_fact_per_period(candidates: list[Any]) -> list[tuple[Any, list[Any]]]:
    """One fact per (metric, duration, as-of) of a filing, with the other tables repeating it: the primary
    statement's (a table of the statement that reports the metric: revenue from the income statement), then
    the more specific label, then the earlier page."""
    groups: dict[tuple[Any, ...], list[Any]] = {}
    for c in candidates:
        f = c[0]
        if (c[3] == "cashflow" and f.duration and STATEMENT_OF.get(f.metric) == "balance"
                and not _BALANCE_IN_FLOW.search(f.row_label)):
            continue  # "Inventories (508)" over six months: the cash-flow statement's change, not the balance
        groups.setdefault((f.metric, f.duration, f.as_of), []).append(c)

    def rank(c: Any) -> tuple[int, int, int]:
        f, _, page, kind = c
        return (0 if kind == STATEMENT_OF.get(f.metric, "income") else 1 if kind else 2, -f.priority, page or 0)

    out = []
    for group in groups.values():
        group.sort(key=rank)
        out.append((group[0], group[1:]))
    return out


def _filing_period(conn: psycopg.Connection, company: str, year: Any, quarter: Any, period_end: Any,
                   form: Any = None) -> Any:
    """(period end, fiscal quarter or "FY", fiscal year) of a filing, for dating its columns; None if unknown."""
    if not year:
        return None
    if form == "8-K" and period_end is not None:
        # a current report's date is no period: the tables it carries (a recast, a release) are dated from the
        # last fiscal year closed before it
        fiscal = int(period_end.year)
        closed = nominal_period_end(conn, company, fiscal, "Q4")
        if closed > period_end:
            fiscal -= 1
            closed = nominal_period_end(conn, company, fiscal, "Q4")
        return closed, "FY", fiscal
    end = period_end or (nominal_period_end(conn, company, int(year), quarter) if quarter else None)
    return (end, quarter or "FY", int(year)) if end else None


def _group_facts(group: list[Any], fiscal_year_end: Any = None,
                 filing_period: Any = None, units_hint: str | None = None) -> list[tuple[Any, int, int]]:
    """Facts of one (possibly split) table, each with the chunk id and page of the part holding its row.

    Later parts repeat only some header rows; reading the parts as one table gives every row the full
    header (periods), so facts are not lost at a split."""
    merged = group_text(group)
    out = []
    for f in extract_facts(merged, PART.sub("", group[0][2]), fiscal_year_end, filing_period, units_hint):
        owner = next((c for c in group if f"| {f.row_label} |" in c[3]), group[0])
        out.append((f, owner[0], owner[4]))
    return out


def _llm_triplets(conn: psycopg.Connection, llm: tuple[str, str], document: str, chunks: list[tuple[int, str, str]],
                  vid: dict[int, str], mentions: list[tuple[str, str, dict[str, Any]]]) -> int:
    from finchat.chat.llm_tasks import triplets

    host, model = llm
    entities: dict[tuple[str, str], str] = {}
    related: list[tuple[str, str, dict[str, Any]]] = []

    def entity(name: str, etype: str) -> str:
        k = (re.sub(r"\s+", " ", name.strip().lower()), etype.strip().lower() or "entity")
        if k not in entities:
            entities[k] = _ensure_vertex(conn, "Entity", {"key": f"{k[1]}:{k[0]}"}, {"name": name.strip(), "type": k[1]})
        return entities[k]

    for cid, kind, text in chunks:
        if kind != "text" or len(text) < 200:
            continue
        for t in triplets(conn, host, model, text):
            s_id, o_id = entity(t.subject, t.subject_type), entity(t.object, t.object_type)
            mentions.append((vid[cid], s_id, {"document": document}))
            mentions.append((vid[cid], o_id, {"document": document}))
            related.append((s_id, o_id, {"relation": t.relation, "chunk_id": cid, "document": document}))
    return _edges(conn, "RELATED", related)


def after_load(conn: psycopg.Connection, doc_id: int, chunk_ids: list[int]) -> dict[str, int]:
    """Ingest hook: build the graph of the document just loaded, in its transaction; returns its counts."""
    return build_document_graph(conn, doc_id)


def llm_after_load(host: str, model: str):  # type: ignore[no-untyped-def]
    """Ingest hook that adds LLM triplets (`--graph-extractor llm`)."""
    def hook(conn: psycopg.Connection, doc_id: int, chunk_ids: list[int]) -> dict[str, int]:
        return build_document_graph(conn, doc_id, llm=(host, model))
    return hook


def rebuild_all(conn: psycopg.Connection) -> dict[str, int]:
    """Rebuild every document's subgraph (one transaction per document); drop subgraphs of documents
    that no longer exist."""
    totals = {"documents": 0, "facts": 0, "mentions": 0, "chunks": 0}
    stale = conn.execute(f"SELECT ag_catalog.agtype_out(properties)::text FROM {_t('Filing')}").fetchall()
    present = {r[0] for r in conn.execute("SELECT name FROM documents").fetchall()}
    for (props,) in stale:
        doc = json.loads(props).get("document")
        if doc and doc not in present:
            with conn.transaction():
                delete_subgraph(conn, doc)
    for (doc_id,) in conn.execute("SELECT id FROM documents ORDER BY id").fetchall():
        with conn.transaction():
            c = build_document_graph(conn, int(doc_id))
        totals["documents"] += 1
        for k in ("facts", "mentions", "chunks"):
            totals[k] += c.get(k, 0)
    # Replacing every subgraph leaves the label tables' GIN and btree indexes bloated: the graph channel
    # took 5.7 ms (p50) after a rebuild of the FinanceBench graph against 1.8 ms after REINDEX + ANALYZE.
    tables = [r[0] for r in conn.execute(
        "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
        " WHERE n.nspname = %s AND c.relkind = 'r'", (GRAPH_NAME,)).fetchall()]
    for table in tables:
        with conn.transaction():
            conn.execute(sql.SQL("REINDEX TABLE {}").format(sql.Identifier(GRAPH_NAME, table)))
            conn.execute(sql.SQL("ANALYZE {}").format(sql.Identifier(GRAPH_NAME, table)))
    return totals

"""The retrieval statements' SQL text (used by retrieve/hybrid.py): the full-text channel's three ranking
paths, the candidates' context for fusion, and the hits' rows. Every value is a named parameter.
"""

from __future__ import annotations

from finchat.ingest.load import MAX_CHUNK_PAGES

#: The question's lexemes OR-ed into one tsquery (corpus-common ones skipped), as a one-row subquery.
TSQUERY_SQL = (
    "(SELECT to_tsquery('simple', coalesce(string_agg(quote_literal(lexeme), ' | '), '')) AS query"
    " FROM unnest(to_tsvector('english', %(tq)s)) WHERE lexeme <> ALL(%(skip)s::text[])) q")
#: The seed's full-text score: ts_rank over the OR-ed question lexemes, normalised by log length; section
#: headings (weight A) count more than body text (B). A BM25 variant with in-scope IDF was measured and
#: not kept: alone it found less (FinanceBench R@10 0.33 against 0.52), fused it was no better.
TS_RANK_SQL = (
    f"SELECT c.id, ts_rank(c.tsv, q.query, 1) AS s FROM chunks c, {TSQUERY_SQL}"
    " WHERE c.document_id = ANY(%(docs)s) AND c.tsv @@ q.query ORDER BY s DESC, c.id LIMIT %(n)s")
#: The same, reading the scope's rows first (chunks_page_idx) and matching them one by one, for a scope that
#: is a small share of the corpus: left to itself the planner matched the whole corpus through the GIN
#: index and filtered by filing afterwards (1M chunks: p50/p95 33/182 → 6/14 ms). A scope holding much of
#: the corpus keeps the index (10k chunks, 18 filings in scope: 42 ms scanning them all).
TS_RANK_SCOPE_SQL = (
    f"SELECT c.id, ts_rank(c.tsv, q.query, 1) AS s FROM"
    " (SELECT id, tsv FROM chunks WHERE document_id = ANY(%(docs)s) OFFSET 0) c, "
    f"{TSQUERY_SQL} WHERE c.tsv @@ q.query ORDER BY s DESC, c.id LIMIT %(n)s")
#: The wide paths' scope condition; a question over the whole corpus drops it (see Retriever._channels).
IN_SCOPE = "document_id = ANY(%(docs)s)"
#: Wide scopes (more than EXACT_SCAN_MAX_DOCS filings) rank only the chunks holding one of the question's rarer
#: lexemes (retrieve/hybrid.py, RARE_SHARE): %(frequent)s lists the others.
TS_RANK_WIDE_SQL = (
    f"SELECT c.id, ts_rank(c.tsv, q.query, 1) AS s FROM chunks c, {TSQUERY_SQL},"
    " (SELECT CASE WHEN count(*) FILTER (WHERE lexeme <> ALL(%(frequent)s::text[])) > 0"
    "   THEN to_tsquery('simple', string_agg(quote_literal(lexeme), ' | ')"
    "                             FILTER (WHERE lexeme <> ALL(%(frequent)s::text[])))"
    "   ELSE to_tsquery('simple', coalesce(string_agg(quote_literal(lexeme), ' & '), '')) END AS gate"
    "  FROM unnest(to_tsvector('english', %(tq)s)) WHERE lexeme <> ALL(%(skip)s::text[])) g"
    f" WHERE {IN_SCOPE} AND c.tsv @@ g.gate ORDER BY s DESC, c.id LIMIT %(n)s")

#: What fusion needs about the candidates, in one statement of two rows, each a few arrays: the candidates
#: ('c') with their filing, page, ts_rank and embeddings; their pages ('p') with the sum of the
#: vectors of the chunks covering each (the direction of their mean), stored at ingest (page_vectors,
#: ingest/load.py store_page_vectors), or, for a page without a row there, summed here over the chunks that
#: start at most MAX_CHUNK_PAGES - 1 pages before it (the bound lets chunks_page_idx serve the range). The
#: vectors come as one bytea of pgvector's binary forms laid end to end (two uint16 then big-endian float4s
#: each), read by numpy at once: a row per vector cost ~4 ms of client time for ~300 candidates and their
#: pages. The count of non-NULL embeddings tells whether every row is there.
CONTEXT_SQL = (
    "WITH cand AS (SELECT id, document_id, page_start, embedding, tsv FROM chunks WHERE id = ANY(%(ids)s)),"
    # correlated subqueries per page, so each is an index look-up or range scan (a join was planned as a hash
    # join over a sequential scan of every chunk: 50 ms instead of ~2 ms); COALESCE runs the sum only when
    # the stored row is missing; OFFSET 0 keeps the outer query from evaluating it once per aggregate
    " page AS (SELECT p.document_id, p.page_start, vector_send(coalesce("
    "   (SELECT v.embedding FROM page_vectors v WHERE v.document_id = p.document_id AND v.page = p.page_start),"
    "   (SELECT sum(c.embedding) FROM chunks c WHERE c.document_id = p.document_id"
    f"    AND c.page_start BETWEEN p.page_start - {MAX_CHUNK_PAGES - 1} AND p.page_start"
    "    AND c.page_end >= p.page_start))) AS bin"
    "  FROM (SELECT DISTINCT document_id, page_start FROM cand) p OFFSET 0)"
    # no ORDER BY in the aggregates (a sort of ~300 rows with their vectors): the aggregates of one query
    # level read the same rows in the same order, and the caller pairs them up by position
    " SELECT 'c', array_agg(cand.id), array_agg(cand.document_id), array_agg(cand.page_start),"
    "  array_agg(ts_rank(cand.tsv, q.query, 1)), string_agg(vector_send(cand.embedding), ''::bytea),"
    "  count(cand.embedding)"
    f" FROM cand, {TSQUERY_SQL}"
    " UNION ALL"
    " SELECT 'p', NULL, array_agg(document_id), array_agg(page_start), NULL, string_agg(bin, ''::bytea), count(bin)"
    " FROM page")

#: The hits' rows, and (with their ordinal) the parts of the split tables among them: same document and
#: section once the " (part k of n)" suffix is removed, within 20 ordinals.
FILL_SQL = (
    "SELECT c.id, d.name, d.company_key, d.form, d.fiscal_year, d.fiscal_quarter, c.page_start, c.page_end,"
    " c.kind, c.section, c.text,"
    " (SELECT label FROM printed_pages pp WHERE pp.document_id = c.document_id AND pp.page = c.page_start),"
    " (SELECT label FROM printed_pages pp WHERE pp.document_id = c.document_id AND pp.page = c.page_end),"
    " NULL::int FROM chunks c JOIN documents d ON d.id = c.document_id"
    " WHERE c.id = ANY(%(ids)s)"
    " UNION ALL"
    " SELECT h.id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, p.text, NULL, NULL, p.ordinal FROM chunks h"
    " JOIN chunks p ON p.document_id = h.document_id AND p.kind = 'table'"
    " AND p.ordinal BETWEEN h.ordinal - 20 AND h.ordinal + 20"
    " AND regexp_replace(p.section, %(part)s, '') = regexp_replace(h.section, %(part)s, '')"
    " WHERE h.id = ANY(%(ids)s) AND h.kind = 'table' AND h.section ~ %(part)s")

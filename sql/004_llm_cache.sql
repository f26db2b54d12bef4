-- Cached LLM outputs (table summaries, graph triplets), keyed by content hash and model, so re-ingesting
-- unchanged content never asks the LLM twice.
CREATE TABLE llm_cache (
    key        text PRIMARY KEY,          -- sha256 of (purpose, model, prompt version, content)
    purpose    text NOT NULL,             -- table_summary | triplets
    model      text NOT NULL,
    value      text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- Entities and relations from LLM triplets (`finchat ingest --graph-extractor llm`).
LOAD 'age';
SELECT ag_catalog.create_vlabel('finchat_kg', 'Entity')
WHERE NOT EXISTS (SELECT 1 FROM ag_catalog.ag_label al JOIN ag_catalog.ag_graph g ON g.graphid = al.graph
                  WHERE g.name = 'finchat_kg' AND al.name = 'Entity');
SELECT ag_catalog.create_elabel('finchat_kg', 'RELATED')
WHERE NOT EXISTS (SELECT 1 FROM ag_catalog.ag_label al JOIN ag_catalog.ag_graph g ON g.graphid = al.graph
                  WHERE g.name = 'finchat_kg' AND al.name = 'RELATED');
CREATE INDEX entity_props_idx ON finchat_kg."Entity" USING gin (properties);
CREATE INDEX entity_id_idx ON finchat_kg."Entity" (id);
CREATE INDEX related_props_idx ON finchat_kg."RELATED" USING gin (properties);
CREATE INDEX related_start_idx ON finchat_kg."RELATED" (start_id);
CREATE INDEX related_end_idx ON finchat_kg."RELATED" (end_id);

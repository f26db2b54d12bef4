-- Labels of the knowledge graph, created up front so bulk SQL inserts and indexes can target their
-- tables. AGE does not index edge endpoints or properties by itself; graph queries need both.
LOAD 'age';
SET LOCAL search_path = ag_catalog, public;

SELECT create_vlabel('finchat_kg', l) FROM unnest(ARRAY['Company', 'Filing', 'Period', 'Chunk', 'Metric']) AS l
WHERE NOT EXISTS (SELECT 1 FROM ag_label al JOIN ag_graph g ON g.graphid = al.graph
                  WHERE g.name = 'finchat_kg' AND al.name = l);
SELECT create_elabel('finchat_kg', l)
FROM unnest(ARRAY['FILED', 'FOR_PERIOD', 'PRECEDES', 'HAS_CHUNK', 'MENTIONS', 'REPORTED']) AS l
WHERE NOT EXISTS (SELECT 1 FROM ag_label al JOIN ag_graph g ON g.graphid = al.graph
                  WHERE g.name = 'finchat_kg' AND al.name = l);

CREATE INDEX company_props_idx ON finchat_kg."Company" USING gin (properties);
CREATE INDEX filing_props_idx  ON finchat_kg."Filing"  USING gin (properties);
CREATE INDEX period_props_idx  ON finchat_kg."Period"  USING gin (properties);
CREATE INDEX chunk_props_idx   ON finchat_kg."Chunk"   USING gin (properties);
CREATE INDEX metric_props_idx  ON finchat_kg."Metric"  USING gin (properties);
CREATE INDEX reported_props_idx ON finchat_kg."REPORTED" USING gin (properties);
CREATE INDEX company_id_idx ON finchat_kg."Company" (id);
CREATE INDEX filing_id_idx  ON finchat_kg."Filing" (id);
CREATE INDEX period_id_idx  ON finchat_kg."Period" (id);
CREATE INDEX chunk_id_idx   ON finchat_kg."Chunk" (id);
CREATE INDEX metric_id_idx  ON finchat_kg."Metric" (id);
CREATE INDEX filed_start_idx      ON finchat_kg."FILED" (start_id);
CREATE INDEX filed_end_idx        ON finchat_kg."FILED" (end_id);
CREATE INDEX for_period_start_idx ON finchat_kg."FOR_PERIOD" (start_id);
CREATE INDEX for_period_end_idx   ON finchat_kg."FOR_PERIOD" (end_id);
CREATE INDEX precedes_start_idx   ON finchat_kg."PRECEDES" (start_id);
CREATE INDEX precedes_end_idx     ON finchat_kg."PRECEDES" (end_id);
CREATE INDEX has_chunk_start_idx  ON finchat_kg."HAS_CHUNK" (start_id);
CREATE INDEX has_chunk_end_idx    ON finchat_kg."HAS_CHUNK" (end_id);
CREATE INDEX mentions_start_idx   ON finchat_kg."MENTIONS" (start_id);
CREATE INDEX mentions_end_idx     ON finchat_kg."MENTIONS" (end_id);
CREATE INDEX reported_start_idx   ON finchat_kg."REPORTED" (start_id);
CREATE INDEX reported_end_idx     ON finchat_kg."REPORTED" (end_id);

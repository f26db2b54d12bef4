-- Reportable segments as graph entities (finchat/graph/segments.py reads them from each filing's own list):
-- (Company)-[:HAS_SEGMENT]->(Segment {key: "AMAZON:Amazon Web Services", name, names, company}) and
-- (Chunk)-[:MENTIONS]->(Segment) for the chunks that name one. A question naming a segment alone scopes its
-- company, and the graph channel ranks the chunks that discuss it.
LOAD 'age';
SET LOCAL search_path = ag_catalog, public;

SELECT ag_catalog.create_vlabel('finchat_kg', 'Segment')
WHERE NOT EXISTS (SELECT 1 FROM ag_catalog.ag_label al JOIN ag_catalog.ag_graph g ON g.graphid = al.graph
                  WHERE g.name = 'finchat_kg' AND al.name = 'Segment');
SELECT ag_catalog.create_elabel('finchat_kg', 'HAS_SEGMENT')
WHERE NOT EXISTS (SELECT 1 FROM ag_catalog.ag_label al JOIN ag_catalog.ag_graph g ON g.graphid = al.graph
                  WHERE g.name = 'finchat_kg' AND al.name = 'HAS_SEGMENT');
CREATE INDEX IF NOT EXISTS segment_props_idx ON finchat_kg."Segment" USING gin (properties);
CREATE INDEX IF NOT EXISTS segment_id_idx ON finchat_kg."Segment" (id);
CREATE INDEX IF NOT EXISTS has_segment_props_idx ON finchat_kg."HAS_SEGMENT" USING gin (properties);
CREATE INDEX IF NOT EXISTS has_segment_start_idx ON finchat_kg."HAS_SEGMENT" (start_id);
CREATE INDEX IF NOT EXISTS has_segment_end_idx ON finchat_kg."HAS_SEGMENT" (end_id);

-- The knowledge graph lives in Apache AGE, in the same database.
CREATE EXTENSION IF NOT EXISTS age;
LOAD 'age';
SELECT ag_catalog.create_graph('finchat_kg')
WHERE NOT EXISTS (SELECT 1 FROM ag_catalog.ag_graph WHERE name = 'finchat_kg');

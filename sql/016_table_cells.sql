-- Every table's numeric cells (finchat/graph/cells.py): the figures no statement line carries — segments,
-- products, regions, KPIs, rates — as data. Rebuilt with the graph (`finchat graph build`).
-- row_path: the row label under the headings above it ("Net sales › Aeronautics"); col_label: the column's
-- period as printed, or its header words when it has none ("% Change"); duration 3M/6M/9M/12M, NULL for a
-- balance or an undated column; value as printed in ``scale`` (millions …); unit USD, %, USD/share or count.
CREATE TABLE table_cells (
    document_id bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    chunk_id    bigint NOT NULL,
    page        integer NOT NULL,
    caption     text NOT NULL DEFAULT '',
    row_label   text NOT NULL,
    row_path    text NOT NULL,
    col_label   text NOT NULL DEFAULT '',
    duration    text,
    as_of       date,
    value       double precision NOT NULL,
    printed     text NOT NULL DEFAULT '',
    scale       text NOT NULL DEFAULT 'units',
    unit        text NOT NULL,
    tsv         tsvector GENERATED ALWAYS AS (
                    setweight(to_tsvector('english', row_path), 'A') ||
                    setweight(to_tsvector('english', caption || ' ' || col_label), 'B')) STORED
);
CREATE INDEX table_cells_doc_idx ON table_cells (document_id, as_of);
CREATE INDEX table_cells_tsv_idx ON table_cells USING gin (tsv);

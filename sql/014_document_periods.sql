-- A filing's period as the document prints it (cover, statement headers, release headline) beside the period
-- its file name claims, and the page numbers it prints (finchat/ingest/period.py, printed.py).
-- fiscal_year / fiscal_quarter / period_end hold the document's period once read; name_fiscal_* keep the
-- name's, so a question using either naming finds the filing. period_note says where they disagree.
-- meta_version: which reading produced the row's period and page numbers; `finchat ingest` reads older rows
-- again (no re-parse, no re-embedding) when the reading improves.
ALTER TABLE documents
    ADD COLUMN name_fiscal_year    integer,
    ADD COLUMN name_fiscal_quarter text CHECK (name_fiscal_quarter IN ('Q1', 'Q2', 'Q3', 'Q4', 'FY')),
    ADD COLUMN period_source       text NOT NULL DEFAULT 'name',
    ADD COLUMN period_note         text,
    ADD COLUMN meta_version        integer NOT NULL DEFAULT 0,
    -- statement figures whose magnitude disagrees with the filing's others (finchat/graph/consistency.py)
    ADD COLUMN fact_notes          text[] NOT NULL DEFAULT '{}';
UPDATE documents SET name_fiscal_year = fiscal_year, name_fiscal_quarter = fiscal_quarter;

CREATE TABLE printed_pages (
    document_id bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    page        integer NOT NULL CHECK (page >= 1),  -- 1-based PDF page
    label       text NOT NULL,                       -- as printed: "23", "F-12"
    PRIMARY KEY (document_id, page)
);

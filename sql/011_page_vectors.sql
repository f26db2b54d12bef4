-- Each page's context vector, stored at ingest: the sum of the embeddings of the chunks covering the page
-- (chunks starting at most 7 pages before it; fusion reads its direction, the page's mean chunk). Retrieval
-- read it by summing those chunks for every candidate page of every question (retrieve/hybrid.py
-- CONTEXT_SQL); it keeps that as the fallback for a page without a row here. The column has no dimension:
-- it holds whichever model's vectors the chunks hold (finchat reembed rewrites both).
CREATE TABLE IF NOT EXISTS page_vectors (
    document_id bigint  NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    page        integer NOT NULL,
    embedding   vector  NOT NULL,
    PRIMARY KEY (document_id, page)
);

-- Filings stored before this migration are filled by `finchat db init` right after it (db/admin.py,
-- ingest/load.py store_missing_page_vectors): one query writes them, at ingest and here.

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

-- Filings stored before this migration: fill from their chunks (the column exists once a model is chosen).
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'chunks'::regclass AND attname = 'embedding'
               AND NOT attisdropped) THEN
        EXECUTE 'INSERT INTO page_vectors (document_id, page, embedding)'
                ' SELECT c.document_id, p.page, sum(c.embedding) FROM chunks c'
                ' CROSS JOIN LATERAL generate_series(c.page_start, least(c.page_end, c.page_start + 7)) AS p (page)'
                ' WHERE c.embedding IS NOT NULL GROUP BY 1, 2 ON CONFLICT DO NOTHING';
    END IF;
END
$$;
ANALYZE page_vectors;

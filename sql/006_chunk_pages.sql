-- Chunks by page: retrieval scores each candidate's page by the mean vector of the chunks covering it
-- (PAGE_SQL in finchat/retrieve/hybrid.py). page_end is in the index so the range over page_start is
-- filtered without visiting the heap.
CREATE INDEX IF NOT EXISTS chunks_page_idx ON chunks (document_id, page_start, page_end);

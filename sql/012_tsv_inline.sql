-- Keep each chunk's full-text vector in its heap row (MAIN: compressed in place if need be, moved out of
-- line only past a page). Out of line (the default once the inline embedding made rows wide: 58,740 of
-- 59,247 FinanceBench chunks) the text channel fetched it from TOAST once per chunk in scope: 8 JPMorgan
-- 10-Qs (8,233 chunks) took 39 ms to rank, 18 ms inline; one 10-K 10.4 → 4.9 ms (eval/README.md, "Cover pages, inline full-text vectors, a second connection").
ALTER TABLE chunks ALTER COLUMN tsv SET STORAGE MAIN;
-- Rows stored before are rewritten so their tsv moves inline (it is a generated column: updating the row
-- computes it again). The bulk indexes would take an entry per rewritten row: dropped here, rebuilt by
-- `finchat db init` right after the migrations (db/admin.py).
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM chunks) THEN
        DROP INDEX IF EXISTS chunks_embedding_hnsw;
        DROP INDEX IF EXISTS chunks_tsv_idx;
        UPDATE chunks SET section = section;
    END IF;
END
$$;

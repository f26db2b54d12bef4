-- Keep embeddings inline in the heap row (pgvector's type defaults to EXTERNAL storage, which moved every
-- vector of a wide chunk row into TOAST: an exact scan of one 10-K's 1,933 chunks read 12,059 buffers
-- instead of ~650). Text, embed_text and tsv are toasted instead, and are read only for the final hits.
-- Applies to rows written from now on; `finchat ingest --force` rewrites older ones.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_attribute
               WHERE attrelid = 'chunks'::regclass AND attname = 'embedding' AND NOT attisdropped) THEN
        ALTER TABLE chunks ALTER COLUMN embedding SET STORAGE PLAIN;
    END IF;
END
$$;

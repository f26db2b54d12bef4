-- finchat core schema: companies, documents, chunks (text + full text). The embedding column is added by
-- `finchat db init` once the embedding model (and so its dimension) is known; see finchat/db/migrate.py.
CREATE EXTENSION IF NOT EXISTS vector;

CREATE TABLE finchat_meta (
    key   text PRIMARY KEY,
    value text NOT NULL
);

CREATE TABLE companies (
    key     text PRIMARY KEY,                -- upper-case file-name key: APPLE, PG_E, 3M
    name    text NOT NULL,                   -- display name: "PG&E", "Johnson & Johnson"
    ticker  text,
    aliases text[] NOT NULL DEFAULT '{}'     -- other names analysts use: Google for Alphabet …
);

CREATE TABLE documents (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name           text NOT NULL UNIQUE,     -- file stem (flat names) or canonical COMPANY_PERIOD_FORM
    source_path    text NOT NULL,
    sha256         text NOT NULL,
    company_key    text REFERENCES companies (key),
    form           text,                     -- 10-K, 10-Q, 8-K, EARNINGS …
    fiscal_year    integer,
    fiscal_quarter text CHECK (fiscal_quarter IN ('Q1', 'Q2', 'Q3', 'Q4', 'FY')),
    period_end     date,
    page_count     integer NOT NULL CHECK (page_count >= 0),
    parser         text,
    ingested_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX documents_company_idx ON documents (company_key);
CREATE INDEX documents_year_idx    ON documents (fiscal_year);
CREATE INDEX documents_quarter_idx ON documents (fiscal_quarter);

CREATE TABLE chunks (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    document_id bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    ordinal     integer NOT NULL,
    page_start  integer NOT NULL CHECK (page_start >= 1),   -- 1-based PDF pages
    page_end    integer NOT NULL CHECK (page_end >= page_start),
    section     text NOT NULL DEFAULT '',                    -- heading path, " > " separated
    kind        text NOT NULL CHECK (kind IN ('text', 'table')),
    text        text NOT NULL,                               -- what the LLM and the analyst see
    embed_text  text NOT NULL,                               -- what was embedded
    tsv         tsvector GENERATED ALWAYS AS (
                    setweight(to_tsvector('english', section), 'A') ||
                    setweight(to_tsvector('english', text), 'B')) STORED,
    UNIQUE (document_id, ordinal)
);
CREATE INDEX chunks_tsv_idx ON chunks USING gin (tsv);

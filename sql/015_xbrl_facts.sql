-- Inline-XBRL facts of HTML filings: every number the filer tagged (finchat/ingest/xbrl.py), with its page.
-- value is in the unit (dollars, not millions) with the tag's scale and sign applied; scale is the tag's
-- (6: printed in millions). dimensions is [[axis, member], …]; members_text the members as words
-- ("iPhone", "Data Center") for look-up by the answer stage.
CREATE TABLE xbrl_facts (
    document_id   bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    concept       text NOT NULL,                 -- us-gaap:Revenues, aapl:…, dei:…
    value         double precision NOT NULL,
    unit          text NOT NULL,                 -- USD, USD/shares, shares, pure
    scale         smallint NOT NULL DEFAULT 0,
    decimals      smallint,
    period_start  date,                          -- NULL for an instant
    period_end    date,
    dimensions    jsonb NOT NULL DEFAULT '[]',
    members_text  text NOT NULL DEFAULT '',
    page          integer,                       -- 1-based page; NULL for a hidden fact
    printed       text NOT NULL DEFAULT '',
    metric        text                           -- finchat's metric key when the concept maps to one
);
CREATE INDEX xbrl_facts_doc_idx ON xbrl_facts (document_id, concept);
CREATE INDEX xbrl_facts_members_idx ON xbrl_facts USING gin (to_tsvector('simple', members_text));

-- Filings `finchat fetch` saved from EDGAR: an accession number already here is not fetched again.
CREATE TABLE edgar_filings (
    accession     text PRIMARY KEY,              -- 0000320193-25-000073
    cik           text NOT NULL,
    ticker        text,
    form          text NOT NULL,
    filing_date   date,
    report_date   date,
    document_url  text NOT NULL,
    saved_path    text NOT NULL,
    sha256        text NOT NULL,
    fetched_at    timestamptz NOT NULL DEFAULT now()
);

-- Where a filing's table reading disagreed with its tags for a statement figure (the tag was stored).
ALTER TABLE documents ADD COLUMN tag_notes text[] NOT NULL DEFAULT '{}';

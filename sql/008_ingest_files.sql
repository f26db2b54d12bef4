-- Several `finchat ingest` workers (one machine or many, one database) split a folder between them: a
-- worker claims a file by taking a session advisory lock on its document name, and records the claim
-- here so `finchat ingest --status` can show what is claimed, done and failed. The lock, not this row,
-- is the claim: a worker that dies loses its connection and so its lock, and the file is claimed again.
CREATE TABLE ingest_files (
    name         text PRIMARY KEY,           -- document name (as in documents.name)
    source_path  text NOT NULL,
    sha256       text NOT NULL,
    pages        integer NOT NULL DEFAULT 0,
    state        text NOT NULL CHECK (state IN ('claimed', 'done', 'failed')),
    worker       text NOT NULL,              -- host:pid of the last worker to claim it
    backend_pid  integer,                    -- that worker's Postgres backend (alive while it holds the claim)
    attempts     integer NOT NULL DEFAULT 1, -- claims so far (a re-claim after a dead worker adds one)
    reason       text NOT NULL DEFAULT '',   -- why it failed
    claimed_at   timestamptz NOT NULL DEFAULT now(),
    finished_at  timestamptz
);
CREATE INDEX ingest_files_state_idx ON ingest_files (state);

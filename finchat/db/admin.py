"""`finchat db init` and `finchat db status`: set up the schema and the embedding model, report state."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import psycopg

from finchat.config import Settings
from finchat.db import migrate
from finchat.db.pool import GRAPH_NAME, connect
from finchat.errors import EmbeddingModelError


@dataclass
class InitResult:
    applied: list[str]
    embed_model: str
    embed_dim: int
    companies: int = 0
    notices: list[str] = field(default_factory=list)


def stored_model(conn: psycopg.Connection) -> tuple[str, int] | None:
    """(model name, dimension) recorded at `db init`, or None before it."""
    name, dim = migrate.get_meta(conn, "embed_model"), migrate.get_meta(conn, "embed_dim")
    return None if name is None or dim is None else (name, int(dim))


def check_model_choice(conn: psycopg.Connection, settings: Settings) -> str | None:
    """The model later commands must use: the stored one. An explicit, different
    FINCHAT_EMBED_MODEL is an error rather than a silent re-embedding. None before `db init`."""
    from finchat.ingest.embed import canonical_name

    got = stored_model(conn)
    if got is None:
        return None
    if settings.embed_model and canonical_name(settings.embed_model) != got[0]:
        raise EmbeddingModelError(
            f"FINCHAT_EMBED_MODEL={settings.embed_model} but this database was built with {got[0]} "
            f"({got[1]} dims); unset it, or rebuild with `finchat db init --reset` and re-ingest")
    return got[0]


def init_db(settings: Settings, *, reset: bool = False,
            notice: Callable[[str], None] | None = None) -> InitResult:
    """Apply migrations, fix the embedding model and load the company list. Idempotent.

    Raises DatabaseUnavailable (server down), EmbeddingModelError (model cannot load, or differs from
    the stored one). Nothing stored is touched unless ``reset`` is given.
    """
    from finchat.ingest.embed import canonical_name, resolve_for_init

    with connect(settings.database_url) as conn:
        if reset:
            migrate.reset(conn)
        applied = migrate.migrate(conn)
        chosen = check_model_choice(conn, settings)
        if chosen is None:
            emb = resolve_for_init(settings.embed_model, notice=notice)
            migrate.set_embedding(conn, emb.name, emb.dim)
        elif settings.embed_model:
            canonical_name(settings.embed_model)  # validated above
        name, dim = stored_model(conn) or ("?", 0)
        companies = seed_companies(conn)
        conn.commit()
        if applied:
            from finchat.ingest import load

            # filings stored before sql/011 get their page vectors; a migration may drop the bulk indexes to
            # rewrite rows (sql/012): build what is missing, reclaim the old rows
            load.store_missing_page_vectors(conn)
            conn.commit()
            load.build_indexes(conn)
            load.outside_transaction(conn, "VACUUM chunks")
    return InitResult([f"{m.version:03d}_{m.name}" for m in applied], name, dim, companies)


def seed_companies(conn: psycopg.Connection) -> int:
    """Upsert the curated company list shipped with finchat; return how many rows it has."""
    from finchat.ingest.companies import load_company_list

    rows = load_company_list()
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO companies (key, name, ticker, aliases, brands) VALUES (%s, %s, %s, %s, %s) "
            "ON CONFLICT (key) DO UPDATE SET name = EXCLUDED.name, ticker = EXCLUDED.ticker, "
            "aliases = EXCLUDED.aliases, brands = EXCLUDED.brands",
            [(c.key, c.name, c.ticker, list(c.aliases), list(c.brands)) for c in rows])
    return len(rows)


@dataclass
class Status:
    server: str
    schema_version: int
    latest_version: int
    embed_model: str | None
    embed_dim: int | None
    documents: int
    chunks: int
    graph: bool
    hnsw_index: bool
    filings: list[dict[str, object]] = field(default_factory=list)

    def as_json(self) -> dict[str, object]:
        return {"server": self.server, "schema_version": self.schema_version, "latest_version": self.latest_version,
                "embed_model": self.embed_model, "embed_dim": self.embed_dim, "documents": self.documents,
                "chunks": self.chunks, "graph": self.graph, "hnsw_index": self.hnsw_index, "filings": self.filings}


def db_status(settings: Settings) -> Status:
    """What the database holds, filing by filing; raises DatabaseUnavailable when it is down."""
    with connect(settings.database_url) as conn:
        have, latest = migrate.versions(conn)
        got = stored_model(conn)
        docs = chunks = 0
        graph = hnsw = False
        filings: list[dict[str, object]] = []
        if conn.execute("SELECT to_regclass('public.chunks') IS NOT NULL").fetchone() == (True,):
            filings = stored_filings(conn)
            docs = conn.execute("SELECT count(*) FROM documents").fetchone()[0]  # type: ignore[index]
            chunks = conn.execute("SELECT count(*) FROM chunks").fetchone()[0]  # type: ignore[index]
            hnsw = conn.execute(
                "SELECT EXISTS (SELECT 1 FROM pg_indexes WHERE tablename = 'chunks' AND indexdef ILIKE %s)",
                ("%USING hnsw%",)).fetchone() == (True,)
        if conn.execute("SELECT to_regclass('ag_catalog.ag_graph') IS NOT NULL").fetchone() == (True,):
            graph = conn.execute("SELECT EXISTS (SELECT 1 FROM ag_catalog.ag_graph WHERE name = %s)",
                                 (GRAPH_NAME,)).fetchone() == (True,)
        if graph and filings:
            from finchat.graph.query import facts_per_document

            per_doc = facts_per_document(conn)
            for f in filings:
                f["facts"] = per_doc.get(str(f["document"]), 0)
        server = str(conn.execute("SHOW server_version").fetchone()[0])  # type: ignore[index]
    return Status(server, have, latest, got[0] if got else None, got[1] if got else None,
                  int(docs), int(chunks), graph, hnsw, filings)


def stored_filings(conn: psycopg.Connection) -> list[dict[str, object]]:
    """Every stored document: name, company, form, fiscal period (the document's, where it prints one:
    ``period_source``), period end, pages, chunks (facts are added by :func:`db_status` from the graph), the
    file name's period and ``period_note`` where the two differ, and ``flagged_figures``: statement figures
    whose magnitude disagrees with the filing's others (graph/consistency.py). Ordered by company, then period."""
    rows = conn.execute(
        "SELECT d.name, coalesce(c.name, d.company_key), d.company_key, d.form, d.fiscal_year, d.fiscal_quarter,"
        " d.period_end, d.page_count, (SELECT count(*) FROM chunks ch WHERE ch.document_id = d.id),"
        " d.period_source, d.period_note, d.name_fiscal_year, d.name_fiscal_quarter, d.fact_notes"
        " FROM documents d LEFT JOIN companies c ON c.key = d.company_key"
        " ORDER BY 2, d.fiscal_year, d.fiscal_quarter, d.name").fetchall()
    return [{"document": r[0], "company": r[1], "company_key": r[2], "form": r[3], "fiscal_year": r[4],
             "fiscal_quarter": r[5], "period_end": r[6].isoformat() if r[6] else None, "pages": int(r[7]),
             "chunks": int(r[8]), "facts": 0, "period_source": r[9], "period_note": r[10],
             "name_fiscal_year": r[11], "name_fiscal_quarter": r[12], "flagged_figures": list(r[13])} for r in rows]

"""Shared fixtures: a throw-away Postgres database (pgvector + AGE + migrations) per test session.

The server comes from FINCHAT_TEST_DATABASE_URL (any database on it; the fixture creates its own). In CI
that variable must be set: a missing database fails the run instead of skipping tests. Locally it
defaults to the `scripts/pg-local` server.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from psycopg.conninfo import conninfo_to_dict, make_conninfo

LOCAL_DEFAULT = "postgresql://finchat:finchat@127.0.0.1:55432/finchat"
REPO = Path(__file__).resolve().parent.parent
FINANCEBENCH = REPO.parent / "shared" / "financebench"


def _server_url() -> str:
    url = os.environ.get("FINCHAT_TEST_DATABASE_URL")
    if url:
        return url
    if os.environ.get("CI"):
        pytest.fail("FINCHAT_TEST_DATABASE_URL is not set in CI: the tests need a real Postgres "
                    "(run `scripts/pg-local up` and export its DSN)", pytrace=False)
    return LOCAL_DEFAULT


def _with_db(url: str, dbname: str) -> str:
    parts = conninfo_to_dict(url)
    parts["dbname"] = dbname
    return make_conninfo(**parts)


@pytest.fixture(scope="session")
def server_url() -> str:
    url = _server_url()
    try:
        psycopg.connect(url, connect_timeout=5).close()
    except psycopg.OperationalError as exc:
        pytest.fail(f"cannot reach the test Postgres at {url.split('@')[-1]}: {str(exc).strip()[:200]}; "
                    "start it with `scripts/pg-local up`", pytrace=False)
    return url


@pytest.fixture(scope="session")
def make_database(server_url: str) -> Iterator[object]:
    """Factory: a new empty database on the test server; all are dropped at the end of the session."""
    created: list[str] = []

    def make(prefix: str = "finchat_test") -> str:
        name = f"{prefix}_{os.getpid()}_{secrets.token_hex(3)}"
        with psycopg.connect(server_url, autocommit=True) as conn:
            conn.execute(psycopg.sql.SQL("CREATE DATABASE {}").format(psycopg.sql.Identifier(name)))
        created.append(name)
        return _with_db(server_url, name)

    yield make
    with psycopg.connect(server_url, autocommit=True) as conn:
        for name in created:
            conn.execute(psycopg.sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(psycopg.sql.Identifier(name)))


@pytest.fixture(scope="session")
def db_url(make_database) -> str:  # type: ignore[no-untyped-def]
    """A migrated database (extensions, schema, graph, companies) using the packaged MiniLM's 384 dims."""

    return migrated(make_database())


def migrated(url: str) -> str:
    """``url``'s database migrated, set to the packaged MiniLM's 384 dims and seeded with companies."""
    from finchat.db import migrate
    from finchat.db.admin import seed_companies
    from finchat.db.pool import connect

    with connect(url) as conn:
        migrate.migrate(conn)
        migrate.set_embedding(conn, "all-MiniLM-L6-v2", 384)
        seed_companies(conn)
        conn.commit()
    return url


@pytest.fixture
def env_db(db_url: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """Point finchat's settings at the session database (and close the pool afterwards)."""
    from finchat.db.pool import close_pool

    monkeypatch.setenv("FINCHAT_DATABASE_URL", db_url)
    monkeypatch.delenv("FINCHAT_EMBED_MODEL", raising=False)
    yield db_url
    close_pool()


@pytest.fixture(scope="session")
def tiny_bert(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A randomly initialised, tiny BERT saved to disk: stands in for FinBERT (which the hub would give)."""
    import torch
    from transformers import BertConfig, BertModel, BertTokenizerFast

    folder = tmp_path_factory.mktemp("tiny-bert")
    words = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "revenue", "net", "income", "total", "assets",
             "the", "was", "in", "millions", "apple", "quarter", "cash", "debt", ".", ",", "$"]
    words += [f"##{c}" for c in "abcdefghijklmnopqrstuvwxyz0123456789"] + list("abcdefghijklmnopqrstuvwxyz0123456789")
    (folder / "vocab.txt").write_text("\n".join(words) + "\n", encoding="utf-8")
    tok = BertTokenizerFast(vocab_file=str(folder / "vocab.txt"), do_lower_case=True)
    tok.save_pretrained(folder)
    torch.manual_seed(0)
    cfg = BertConfig(vocab_size=len(words), hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                     intermediate_size=64, max_position_embeddings=128)
    BertModel(cfg).save_pretrained(folder)
    return folder


def wipe_documents(url: str) -> None:
    """Remove every document, its chunks and its subgraph (tests share one session database)."""
    from finchat.db.pool import GRAPH_NAME, connect
    from finchat.graph.build import delete_subgraph

    with connect(url) as conn:
        for (name,) in conn.execute("SELECT name FROM documents").fetchall():
            delete_subgraph(conn, name)
        # and subgraphs of documents another test removed with SQL alone
        filings = f'{GRAPH_NAME}."Filing"'
        for (props,) in conn.execute(f"SELECT ag_catalog.agtype_out(properties)::text FROM {filings}").fetchall():
            name = json.loads(props).get("document")
            if name:
                delete_subgraph(conn, name)
        conn.execute("DELETE FROM documents")
        conn.execute("DELETE FROM ingest_files")  # the workers' claim records
        conn.commit()


def _holding(db_url: str, tmp_path_factory: pytest.TempPathFactory, filings: dict[str, dict[str, object]]) -> Iterator[str]:
    """The session database holding exactly ``filings`` (file name → make_filing options), generated and
    ingested with their graph, for one test module."""
    from finchat.config import load_settings
    from finchat.db.pool import close_pool
    from finchat.graph.build import after_load
    from finchat.ingest.pipeline import IngestOptions, ingest
    from tests.pdfgen import make_filing

    mp = pytest.MonkeyPatch()
    mp.setenv("FINCHAT_DATABASE_URL", db_url)
    mp.setenv("FINCHAT_MD_DIR", str(tmp_path_factory.mktemp("md")))
    wipe_documents(db_url)
    folder = tmp_path_factory.mktemp("pdfs")
    for name, options in filings.items():
        make_filing(folder / name, **options)  # type: ignore[arg-type]
    rep = ingest([folder], load_settings(), IngestOptions(after_load=after_load))
    assert rep.count("ingested") == len(filings), rep.results
    yield db_url
    close_pool()
    mp.undo()


@pytest.fixture(scope="module")
def corpus(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The session database holding exactly one generated filing, TESTCO_2023Q3_10Q, with its graph."""
    yield from _holding(db_url, tmp_path_factory, {"TESTCO_2023Q3_10Q.pdf": {"statement_rows": 13}})


@pytest.fixture(scope="module")
def three(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The session database holding exactly three generated filings (Apple, Amcor, PepsiCo) and their graph."""
    yield from _holding(db_url, tmp_path_factory, {
        "APPLE_2023Q3_10Q.pdf": {"company": "Apple Inc.", "prose_paragraphs": 2, "statement_rows": 13},
        "AMCOR_2023Q2_10Q.pdf": {"company": "Amcor plc", "prose_paragraphs": 2, "statement_rows": 13},
        "PEPSICO_2023Q1_EARNINGS.pdf": {"company": "PepsiCo, Inc.", "prose_paragraphs": 2, "statement_rows": 13}})

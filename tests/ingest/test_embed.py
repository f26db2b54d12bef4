"""The embedding path with a tiny local BERT (FinBERT's stand-in) and the packaged MiniLM."""

import numpy as np
import pytest

from finchat.errors import EmbeddingModelError
from finchat.ingest.embed import MINILM, Embedder, resolve_for_init


def test_local_bert_embeds_unit_vectors_in_input_order(tiny_bert, monkeypatch):
    monkeypatch.setenv("FINCHAT_EMBED_BACKEND", "onnx")  # float32: exact; int8 is checked below
    emb = Embedder.load(str(tiny_bert))
    assert emb.dim == 32 and emb.max_tokens == 128
    texts = ["total assets", "net income was 5 in millions in the quarter", "cash"]
    together = emb.embed(texts, batch_size=2)
    assert together.shape == (3, 32)
    assert np.allclose(np.linalg.norm(together, axis=1), 1.0, atol=1e-5)
    alone = np.stack([emb.embed_query(t) for t in texts])
    assert np.allclose(together, alone, atol=1e-5)  # padding and sorting do not change a vector
    assert emb.count_tokens("total assets") == 4  # [CLS] total assets [SEP]


def test_overlong_input_is_truncated_not_an_error(tiny_bert):
    emb = Embedder.load(str(tiny_bert))
    long = " ".join(["revenue"] * 400)
    assert emb.count_tokens(long) > emb.max_tokens
    assert emb.embed([long]).shape == (1, 32)


def test_packaged_minilm_loads_offline(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    emb = Embedder.load("sentence-transformers/all-MiniLM-L6-v2")
    assert emb.name == MINILM and emb.dim == 384
    a, b, c = emb.embed(["Total net sales", "Revenue", "Shareholder lawsuit"])
    assert float(a @ b) > float(a @ c)


def test_missing_model_is_a_clear_error(monkeypatch, tmp_path):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(EmbeddingModelError, match="cannot load embedding model"):
        Embedder.load("nobody/no-such-model")
    with pytest.raises(EmbeddingModelError):
        Embedder.load(str(tmp_path))  # an empty folder is no model


def test_init_falls_back_to_minilm_with_a_notice(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")  # FinBERT is then not loadable (not cached here)
    notes: list[str] = []
    emb = resolve_for_init(None, notice=notes.append)
    assert emb.name == MINILM
    assert len(notes) == 1 and "finbert-tone" in notes[0]


def test_explicit_model_failing_is_not_replaced(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(EmbeddingModelError):
        resolve_for_init("nobody/no-such-model")


def test_onnx_and_torch_backends_agree(tiny_bert, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("FINCHAT_EMBED_BACKEND", "torch")
    torch_emb = Embedder.load(str(tiny_bert))
    monkeypatch.setenv("FINCHAT_EMBED_BACKEND", "onnx")
    onnx_emb = Embedder.load(str(tiny_bert))
    assert torch_emb.onnx is None and onnx_emb.onnx is not None
    texts = ["total assets", "net income was 5 in millions in the quarter", "cash debt"]
    a, b = torch_emb.embed(texts), onnx_emb.embed(texts)
    assert np.allclose(a, b, atol=1e-4)
    assert list(tmp_path.rglob("*.onnx"))  # exported once, cached


def test_int8_backend_is_default_and_close_to_float32(tiny_bert, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("FINCHAT_EMBED_BACKEND", "onnx")
    f32 = Embedder.load(str(tiny_bert))
    monkeypatch.delenv("FINCHAT_EMBED_BACKEND")
    q8 = Embedder.load(str(tiny_bert))
    assert list(tmp_path.rglob("*.int8.onnx"))
    texts = ["total assets", "net income was 5 in millions in the quarter", "cash debt"]
    a, b = f32.embed(texts), q8.embed(texts)
    assert not np.allclose(a, b, atol=1e-6)  # really the quantised graph
    assert np.all((a * b).sum(1) > 0.95)
    assert np.allclose(np.linalg.norm(b, axis=1), 1.0, atol=1e-5)
    # dynamic quantisation scales activations per batch: neighbours move a vector, but only slightly
    alone = np.stack([q8.embed_query(t) for t in texts])
    assert np.all((alone * b).sum(1) > 0.95)


def test_unknown_backend_is_one_line_error(tiny_bert, monkeypatch):
    monkeypatch.setenv("FINCHAT_EMBED_BACKEND", "tensorrt")
    with pytest.raises(EmbeddingModelError, match="FINCHAT_EMBED_BACKEND"):
        Embedder.load(str(tiny_bert))

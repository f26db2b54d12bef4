"""Fusion maths: from per-channel scores of one filter scope to a ranked list of hits. No database here.

``minmax`` (default): each channel's scores are min-max normalised over the union of all channels'
candidates, then summed with the weights (vector, text, graph). Every candidate is scored by every
channel that returned anything (``Candidates.filled``): its cosine to the question, its ``ts_rank``
(0 when it matches no question word) and its graph score (0 when it touches no asked metric or
statement). Scoring only each channel's own top list and counting the rest 0 would put a chunk the
vector channel ranked 101st level with the least similar chunk in scope, and would let a graph-only
candidate's low cosine count as "missing". ``rrf`` instead sums weight / (60 + rank) over each channel's
own list.

With minmax fusion each candidate then gains ``page_weight`` × its page's similarity to the question
(PAGE_WEIGHT), and the question vector takes one step of pseudo-relevance feedback (FEEDBACK): the
first ranking's best chunk is added to it and every vector score recomputed, so the second ranking
prefers candidates that resemble the passage all channels agreed on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

CHANNELS = ("vector", "text", "graph")
#: Weight of the page-context score, added to the fused score (minmax fusion): the cosine between the
#: question and the mean embedding of all chunks on a candidate's page, min-max normalised over the
#: candidates. Evidence is usually a page whose chunks each say a little (a heading, a small table, the
#: sentences explaining it); the page's centroid scores that whole. Measured on FinanceBench with the
#: query-vocabulary expansion (expand.py): R@10 0.895 → 0.907, nDCG@10 0.696 → 0.709; 0.1: 0.700, 0.3:
#: 0.707; max instead of mean: 0.686 (eval/README.md).
PAGE_WEIGHT = 0.2
#: At most this many chunks of one page in a ranking while other candidates remain (0: no limit). One:
#: on FinanceBench page R@10 0.842 → 0.877 and nDCG@10 0.658 → 0.686, dev F1@2 0.709 → 0.715 (two: 0.854).
PER_PAGE = 1
#: Pseudo-relevance feedback (Rocchio, one step): the question vector q becomes q + FEEDBACK × (the
#: unit vector of the best chunk of a first minmax ranking), renormalised, and the candidates' vector
#: and page scores are recomputed with it. No new embedding and no new query: only the candidates' own
#: vectors. 0 turns it off. See README ("What moved it") for the measurements behind 0.3.
FEEDBACK = 0.3


@dataclass
class Hit:
    chunk_id: int
    scores: dict[str, float]
    rank: int = 0
    document: str = ""
    company: str | None = None
    form: str | None = None
    fiscal_year: int | None = None
    fiscal_quarter: str | None = None
    page_start: int = 0
    page_end: int = 0
    kind: str = "text"
    section: str = ""
    text: str = ""
    #: What the LLM is shown: ``text``, or for one part of a table split by rows, every part in order
    #: (one chunk per page is ranked, but an answer may need the rows of the other part).
    context: str = ""
    #: The page numbers printed on the first and last page ("24", "F-12"), where the filing prints them.
    printed_start: str | None = None
    printed_end: str | None = None

    def citation(self) -> str:
        """"APPLE_2023Q3_10Q p.4", with the printed number when it differs: "ADOBE_2022_10K p.26, printed 24"."""
        return f"{self.document} {page_reference(self.page_start, self.page_end, self.printed_start, self.printed_end)}"

    def as_json(self) -> dict[str, Any]:
        return {"rank": self.rank, "chunk_id": self.chunk_id, "document": self.document, "company": self.company,
                "form": self.form, "fiscal_year": self.fiscal_year, "fiscal_quarter": self.fiscal_quarter,
                "page_start": self.page_start, "page_end": self.page_end,
                "printed_page_start": self.printed_start, "printed_page_end": self.printed_end,
                "kind": self.kind, "section": self.section,
                "text": self.text,
                # the documented contract's four scores; the page-context share is inside "fused"
                "scores": {k: round(self.scores.get(k, 0.0), 6) for k in (*CHANNELS, "fused")}}


def page_reference(start: int, end: int, printed_start: str | None = None, printed_end: str | None = None) -> str:
    """"p.26" / "pp.26-27", then ", printed 24" / ", printed 24-25" when the filing prints other numbers
    on those pages (an analyst with the printed report looks those up)."""
    pages = f"p.{start}" if start == end else f"pp.{start}-{end}"
    printed = [p for p in dict.fromkeys((printed_start, printed_end if end != start else None)) if p]
    if not printed or printed == [str(start)] or printed == [str(start), str(end)]:
        return pages
    return f"{pages}, printed {'-'.join(printed)}"


def _minmax(scores: dict[int, float]) -> dict[int, float]:
    """Scores rescaled to [0, 1] over their own range; all equal → 1."""
    lo, hi = min(scores.values()), max(scores.values())
    return {cid: 1.0 if hi == lo else (s - lo) / (hi - lo) for cid, s in scores.items()}


def minmax_fuse(channels: dict[str, dict[int, float]], weights: dict[str, float]) -> dict[int, dict[str, float]]:
    """Per chunk: normalised score per channel and the weighted sum ``fused``.

    Each channel is min-max normalised over the chunks it scored; chunks it did not score count 0
    (``Candidates.filled`` gives every active channel a score for every candidate first). A channel
    whose scores all tie normalises them to 1. Weights are renormalised over the channels that
    returned anything.
    """
    ids = set().union(*[set(c) for c in channels.values()]) if channels else set()
    out: dict[int, dict[str, float]] = {i: {name: 0.0 for name in CHANNELS} for i in ids}
    for name, scores in channels.items():
        if not scores:
            continue
        for cid, s in _minmax(scores).items():
            out[cid][name] = s
    # A channel with no candidates (no metric in the question → no graph signal) gives its weight to the
    # others, so the vector:text balance is the same with or without it.
    active = [n for n in CHANNELS if channels.get(n)]
    total = sum(weights.get(n, 0.0) for n in active) or 1.0
    for cid, sc in out.items():
        sc["fused"] = sum(weights.get(n, 0.0) * sc[n] for n in active) / total
    return out


def rrf_fuse(channels: dict[str, dict[int, float]], weights: dict[str, float], k: int = 60) -> dict[int, dict[str, float]]:
    """Reciprocal-rank fusion: ``fused`` = Σ weight / (k + rank); channel scores are kept raw."""
    ids = set().union(*[set(c) for c in channels.values()]) if channels else set()
    out: dict[int, dict[str, float]] = {i: {name: 0.0 for name in CHANNELS} | {"fused": 0.0} for i in ids}
    for name, scores in channels.items():
        for rank, (cid, s) in enumerate(sorted(scores.items(), key=lambda kv: -kv[1]), start=1):
            out[cid][name] = s
            out[cid]["fused"] += weights.get(name, 0.0) / (k + rank)
    return out


def interleave(groups: Sequence[Sequence[Hit]], k: int) -> list[Hit]:
    """Round-robin over per-company rankings, skipping repeats, until ``k`` hits."""
    out: list[Hit] = []
    seen: set[int] = set()
    i = 0
    while len(out) < k and any(i < len(g) for g in groups):
        for g in groups:
            if i < len(g) and g[i].chunk_id not in seen and len(out) < k:
                out.append(g[i])
                seen.add(g[i].chunk_id)
        i += 1
    return out


def rank(channels: dict[str, dict[int, float]], weights: dict[str, float], fusion: str, k: int,
         pages: dict[int, tuple[int, int]] | None = None, per_page: int = 0,
         page_scores: dict[int, float] | None = None, page_weight: float = PAGE_WEIGHT,
         doc_bonus: dict[int, float] | None = None, chunk_bonus: dict[int, float] | None = None) -> list[Hit]:
    """Fuse channel scores and return the best ``k`` (ties broken by chunk id, so results are stable).

    With ``page_scores`` (chunk id → similarity of its page to the question) and minmax fusion, each
    candidate's fused score gains ``page_weight`` × the page score min-max normalised over the
    candidates (reported as ``scores["page"]``); candidates without a page score get 0.

    With ``pages`` (chunk id → (document id, first page)) and ``per_page`` > 0, at most ``per_page`` chunks
    of one page are taken while others remain: a long table split into row chunks, or a page's text and
    table chunks, would otherwise fill the top k with one page and push other evidence out. Chunks passed
    over fill the list at the end when there are not ``k`` others.

    With ``doc_bonus`` (document id → score), ``pages`` and minmax fusion (on rrf's scale of ~0.02 it would
    decide alone), a candidate's fused score gains its document's bonus (reported as ``scores["recency"]``);
    with ``chunk_bonus`` (chunk id → score), the chunk's own (reported as ``scores["cover"]``)."""
    fuse = rrf_fuse if fusion == "rrf" else minmax_fuse
    fused = fuse(channels, weights)
    known = {cid: page_scores[cid] for cid in fused if cid in page_scores} if page_scores else {}
    if known and fusion != "rrf" and page_weight:
        norm = _minmax(known)
        for cid, sc in fused.items():
            sc["page"] = norm.get(cid, 0.0)
            sc["fused"] += page_weight * sc["page"]
    if doc_bonus and pages and fusion != "rrf":
        for cid, sc in fused.items():
            bonus = doc_bonus.get(pages.get(cid, (-1, 0))[0], 0.0)
            if bonus:
                sc["recency"] = bonus
                sc["fused"] += bonus
    if chunk_bonus and fusion != "rrf":
        for cid, sc in fused.items():
            if chunk_bonus.get(cid):
                sc["cover"] = chunk_bonus[cid]
                sc["fused"] += chunk_bonus[cid]
    order = sorted(fused.items(), key=lambda kv: (-kv[1]["fused"], kv[0]))
    if pages and per_page > 0:
        taken: list[tuple[int, dict[str, float]]] = []
        spare: list[tuple[int, dict[str, float]]] = []
        used: dict[tuple[int, int], int] = {}
        for cid, sc in order:
            key = pages.get(cid, (-1, cid))
            if used.get(key, 0) < per_page:
                used[key] = used.get(key, 0) + 1
                taken.append((cid, sc))
                if len(taken) >= k:
                    break
            else:
                spare.append((cid, sc))
        order = taken + spare
    return [Hit(cid, sc) for cid, sc in order[:k]]


@dataclass
class Candidates:
    """Everything fusion needs about one filter scope's candidates, fetched once (``Retriever.candidates_for``).

    ``channels``: each channel's own top list (raw scores), the candidate set being their union ``ids``.
    ``text_all`` / ``graph_all``: ts_rank and graph score of every candidate that has one. ``vectors``
    and ``page_vectors``: unit rows in ``ids`` order — the chunk's embedding and its page's mean
    embedding (None without a question vector). ``pages``: chunk id → (document id, first page).
    """

    ids: list[int]
    channels: dict[str, dict[int, float]]
    text_all: dict[int, float]
    graph_all: dict[int, float]
    pages: dict[int, tuple[int, int]]
    vectors: np.ndarray | None = None
    page_vectors: np.ndarray | None = None
    #: document id → score added to its candidates' fused score (the latest filing, for outlook questions)
    doc_bonus: dict[int, float] = field(default_factory=dict)
    #: chunk id → score added to its fused score (the cover page, for questions about what it states)
    chunk_bonus: dict[int, float] = field(default_factory=dict)

    def filled(self, qvec: np.ndarray | None) -> dict[str, dict[int, float]]:
        """Every channel that returned candidates, scored on every candidate (see the module docstring)."""
        out: dict[str, dict[int, float]] = {}
        for name, own in self.channels.items():
            if not own:
                continue
            if name == "vector" and qvec is not None and self.vectors is not None:
                out[name] = dict(zip(self.ids, (self.vectors @ qvec).tolist(), strict=True))
            elif name == "text":
                out[name] = {cid: self.text_all.get(cid, 0.0) for cid in self.ids}
            elif name == "graph":
                out[name] = {cid: self.graph_all.get(cid, 0.0) for cid in self.ids}
            else:
                out[name] = dict(own)
        return out

    def page_scores(self, qvec: np.ndarray | None) -> dict[int, float]:
        """Cosine between ``qvec`` and each candidate's page (empty without vectors)."""
        if qvec is None or self.page_vectors is None:
            return {}
        return dict(zip(self.ids, (self.page_vectors @ qvec).tolist(), strict=True))

    def best(self, qvec: np.ndarray, weights: dict[str, float], page_weight: float = PAGE_WEIGHT) -> int | None:
        """Index in ``ids`` of the candidate minmax fusion ranks first (the feedback step's pick): the same
        arithmetic as :func:`rank` on :meth:`filled` and :meth:`page_scores`, in the same order, over arrays;
        ties go to the smaller chunk id. None without candidates or vectors."""
        if not self.ids or self.vectors is None:
            return None
        n = len(self.ids)
        scores: dict[str, np.ndarray] = {}
        for name in CHANNELS:
            if not self.channels.get(name):
                continue
            if name == "vector":
                scores[name] = (self.vectors @ qvec).astype(np.float64)
            else:
                known = self.text_all if name == "text" else self.graph_all
                scores[name] = np.array([known.get(cid, 0.0) for cid in self.ids], dtype=np.float64)

        def norm(x: np.ndarray) -> np.ndarray:
            lo, hi = x.min(), x.max()
            return np.ones(n) if hi == lo else (x - lo) / (hi - lo)

        active = [c for c in CHANNELS if c in scores]
        if not active:
            return None
        total = sum(weights.get(c, 0.0) for c in active) or 1.0
        fused = np.zeros(n)
        for c in active:
            fused = fused + weights.get(c, 0.0) * norm(scores[c])
        fused = fused / total
        if page_weight and self.page_vectors is not None:
            fused = fused + page_weight * norm((self.page_vectors @ qvec).astype(np.float64))
        if self.doc_bonus:
            fused = fused + np.array([self.doc_bonus.get(self.pages.get(cid, (-1, 0))[0], 0.0) for cid in self.ids])
        if self.chunk_bonus:
            fused = fused + np.array([self.chunk_bonus.get(cid, 0.0) for cid in self.ids])
        top = np.flatnonzero(fused == fused.max())
        return int(min(top, key=lambda i: self.ids[i]))

    def rank(self, qvec: np.ndarray | None, weights: dict[str, float], fusion: str, k: int, *,
             per_page: int = PER_PAGE, page_weight: float = PAGE_WEIGHT, feedback: float = FEEDBACK) -> list[Hit]:
        """The best ``k`` candidates. ``rrf`` ranks the channels' own lists; ``minmax`` fills, adds the page
        context and, with ``feedback`` > 0 and vectors, ranks twice (see FEEDBACK)."""
        if fusion == "rrf":
            return rank(self.channels, weights, fusion, k, self.pages, per_page)
        q = qvec
        if feedback > 0 and q is not None and self.vectors is not None and self.channels.get("vector"):
            first = self.best(q, weights, page_weight)
            if first is not None:
                moved = q + feedback * self.vectors[first]
                q = (moved / max(float(np.linalg.norm(moved)), 1e-12)).astype(np.float32)
        return rank(self.filled(q), weights, fusion, k, self.pages, per_page, self.page_scores(q), page_weight,
                    self.doc_bonus, self.chunk_bonus)

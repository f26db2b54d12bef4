"""Fusion maths: min-max and RRF, filling every channel's score, page context, feedback, interleaving."""

import numpy as np
import pytest

from finchat.retrieve.fusion import Candidates, Hit, interleave, minmax_fuse, rank, rrf_fuse

W = {"vector": 0.5, "text": 0.3, "graph": 0.2}


def test_minmax_fusion_normalises_each_channel_and_missing_counts_zero():
    out = minmax_fuse({"vector": {1: 0.9, 2: 0.5, 3: 0.7}, "text": {2: 4.0, 4: 2.0}, "graph": {1: 2.5}}, W)
    assert out[1]["vector"] == 1.0 and out[2]["vector"] == 0.0 and out[3]["vector"] == pytest.approx(0.5)
    assert out[2]["text"] == 1.0 and out[4]["text"] == 0.0 and out[1]["text"] == 0.0
    assert out[1]["graph"] == 1.0  # a single candidate normalises to 1
    assert out[1]["fused"] == pytest.approx(0.5 * 1.0 + 0.2 * 1.0)
    assert out[2]["fused"] == pytest.approx(0.3 * 1.0)
    assert out[3]["fused"] == pytest.approx(0.5 * 0.5)


def test_weights_of_silent_channels_are_redistributed():
    out = minmax_fuse({"vector": {1: 0.9, 2: 0.1}, "text": {2: 1.0, 1: 0.0}, "graph": {}}, W)
    # graph returned nothing: vector and text share the whole weight 5:3
    assert out[1]["fused"] == pytest.approx(0.5 / 0.8) and out[2]["fused"] == pytest.approx(0.3 / 0.8)


def test_rrf_and_ranking_are_deterministic():
    ch = {"vector": {1: 0.9, 2: 0.8}, "text": {2: 3.0, 1: 1.0}, "graph": {}}
    out = rrf_fuse(ch, {"vector": 1, "text": 1, "graph": 1})
    assert out[1]["fused"] == pytest.approx(1 / 61 + 1 / 62) == out[2]["fused"]
    assert [h.chunk_id for h in rank(ch, {"vector": 1, "text": 1, "graph": 1}, "rrf", 2)] == [1, 2]  # tie → id


def test_interleave_alternates_companies_without_repeats():
    a = [Hit(i, {}) for i in (1, 2, 3, 4)]
    b = [Hit(i, {}) for i in (10, 2, 11)]
    assert [h.chunk_id for h in interleave([a, b], 5)] == [1, 10, 2, 3, 11]
    assert [h.chunk_id for h in interleave([a, []], 3)] == [1, 2, 3]


def test_page_cap_lets_other_pages_in_and_fills_from_the_rest():
    ch = {"vector": {1: 0.9, 2: 0.8, 3: 0.7, 4: 0.6, 5: 0.5}, "text": {}, "graph": {}}
    pages = {1: (7, 3), 2: (7, 3), 3: (7, 3), 4: (7, 4), 5: (8, 3)}  # 1-3 share document 7, page 3
    w = {"vector": 1.0, "text": 0.0, "graph": 0.0}
    assert [h.chunk_id for h in rank(ch, w, "minmax", 4, pages, per_page=2)] == [1, 2, 4, 5]
    assert [h.chunk_id for h in rank(ch, w, "minmax", 5, pages, per_page=2)] == [1, 2, 4, 5, 3]  # spare last
    assert [h.chunk_id for h in rank(ch, w, "minmax", 4, pages, per_page=0)] == [1, 2, 3, 4]  # cap off


def test_page_context_is_added_after_fusion_for_minmax_only():
    ch = {"vector": {1: 0.9, 2: 0.8}, "text": {}, "graph": {}}
    w = {"vector": 1.0, "text": 0.0, "graph": 0.0}
    pages = {1: (7, 1), 2: (7, 2)}
    page_scores = {1: 0.1, 2: 0.9}
    hits = rank(ch, w, "minmax", 2, pages, 1, page_scores, page_weight=0.2)
    assert [h.chunk_id for h in hits] == [1, 2]
    assert hits[0].scores["page"] == 0.0 and hits[1].scores["page"] == 1.0
    assert hits[0].scores["fused"] == pytest.approx(1.0) and hits[1].scores["fused"] == pytest.approx(0.2)
    # a page that matches much better outweighs a chunk that matches a little better
    assert [h.chunk_id for h in rank(ch, w, "minmax", 2, pages, 1, page_scores, page_weight=2.0)] == [2, 1]
    assert [h.chunk_id for h in rank(ch, w, "minmax", 2, pages, 1, {}, page_weight=2.0)] == [1, 2]
    rrf = rank(ch, {"vector": 1, "text": 1, "graph": 1}, "rrf", 2, pages, 1, page_scores, page_weight=2.0)
    assert [h.chunk_id for h in rrf] == [1, 2] and "page" not in rrf[0].scores


def test_a_document_bonus_lifts_that_filing_candidates():
    ch = {"vector": {1: 0.9, 2: 0.8}, "text": {}, "graph": {}}
    w = {"vector": 1.0, "text": 0.0, "graph": 0.0}
    pages = {1: (7, 1), 2: (8, 1)}
    assert [h.chunk_id for h in rank(ch, w, "minmax", 2, pages, 1)] == [1, 2]
    hits = rank(ch, w, "minmax", 2, pages, 1, doc_bonus={8: 1.5})
    assert [h.chunk_id for h in hits] == [2, 1] and hits[0].scores["recency"] == 1.5
    assert hits[0].scores["fused"] == pytest.approx(1.5) and "recency" not in hits[1].scores
    rrf = rank(ch, {"vector": 1, "text": 1, "graph": 1}, "rrf", 2, pages, 1, doc_bonus={8: 1.5})
    assert [h.chunk_id for h in rrf] == [1, 2] and "recency" not in rrf[0].scores  # minmax only, like pages


def test_a_chunk_bonus_lifts_that_chunk_only():
    ch = {"vector": {1: 0.9, 2: 0.8, 3: 0.1}, "text": {}, "graph": {}}
    w = {"vector": 1.0, "text": 0.0, "graph": 0.0}
    pages = {1: (7, 5), 2: (7, 1), 3: (7, 1)}
    hits = rank(ch, w, "minmax", 3, pages, 0, chunk_bonus={2: 0.5})
    assert [h.chunk_id for h in hits] == [2, 1, 3] and hits[0].scores["cover"] == 0.5
    assert "cover" not in hits[1].scores and "cover" not in hits[2].scores  # not its page-mates
    rrf = rank(ch, {"vector": 1, "text": 1, "graph": 1}, "rrf", 2, pages, 0, chunk_bonus={2: 0.5})
    assert [h.chunk_id for h in rrf] == [1, 2] and "cover" not in rrf[1].scores


def _cands(vectors: dict[int, list[float]], channels: dict, text=None, graph=None, pages=None) -> Candidates:
    ids = sorted(vectors)
    v = np.array([vectors[i] for i in ids], dtype=np.float32)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    return Candidates(ids, channels, text or {}, graph or {}, pages or {i: (1, i) for i in ids}, v, v.copy())


def test_every_candidate_is_scored_by_every_active_channel():
    c = _cands({1: [1, 0], 2: [0, 1], 3: [1, 1]}, {"vector": {1: 1.0}, "text": {2: 0.5}, "graph": {}},
               text={2: 0.5, 3: 0.1})
    filled = c.filled(np.array([1, 0], dtype=np.float32))
    assert filled["vector"] == pytest.approx({1: 1.0, 2: 0.0, 3: 2 ** -0.5})  # real cosines, not "missing"
    assert filled["text"] == {1: 0.0, 2: 0.5, 3: 0.1}
    assert "graph" not in filled  # returned nothing: stays out, so its weight goes to the others


def test_feedback_moves_the_question_towards_the_first_ranking_best_chunk():
    # chunk 1 wins on every channel; 2 and 3 tie with the question, but 3 resembles chunk 1
    vectors = {1: [1, 0, 0.2], 2: [0.6, 0.8, 0], 3: [0.6, -0.3, 0.75]}
    q = np.array([1, 0, 0], dtype=np.float32)
    base = _cands(vectors, {"vector": {1: 1.0}, "text": {1: 1.0}, "graph": {}}, text={1: 1.0})
    w = {"vector": 1.0, "text": 1.0, "graph": 0.0}
    cos = base.filled(q)["vector"]
    assert cos[2] > cos[3]  # without feedback 2 ranks second
    plain = base.rank(q, w, "minmax", 3, page_weight=0.0, feedback=0.0)
    moved = base.rank(q, w, "minmax", 3, page_weight=0.0, feedback=0.5)
    assert [h.chunk_id for h in plain] == [1, 2, 3]
    assert [h.chunk_id for h in moved] == [1, 3, 2]
    assert [h.chunk_id for h in base.rank(q, w, "rrf", 3, feedback=0.5)] == [1]  # rrf: own lists only


def test_the_feedback_pick_over_arrays_is_the_first_of_the_full_ranking():
    """Candidates.best (numpy) must pick what rank() over filled() puts first, ties and bonuses included."""
    import numpy as np

    from finchat.retrieve.fusion import Candidates, rank

    rng = np.random.default_rng(3)
    for case in range(300):
        n = int(rng.integers(1, 40))
        ids = sorted(rng.choice(10_000, n, replace=False).tolist())
        vecs = rng.normal(size=(n, 4)).round(1).astype(np.float32)  # rounded: tied scores happen
        vecs /= np.maximum(np.linalg.norm(vecs, axis=1, keepdims=True), 1e-6)
        if case % 10 == 0:  # every candidate alike: the smaller chunk id must win
            vecs[:] = vecs[0]
        pvecs = vecs[rng.permutation(n)] if case % 3 else vecs
        q = rng.normal(size=4).astype(np.float32)
        q /= np.linalg.norm(q)
        text = {c: float(rng.integers(0, 3)) / 10 for c in ids if rng.random() < 0.6 and case % 10}
        graph = {c: float(rng.integers(0, 2)) for c in ids if rng.random() < 0.3} if case % 2 else {}
        channels = {"vector": dict.fromkeys(ids[: max(1, n // 2)], 0.5), "text": dict(list(text.items())[:10]),
                    "graph": graph}
        pages = {c: (int(rng.integers(0, 3)), int(rng.integers(1, 5))) for c in ids}
        cands = Candidates(ids, channels, text, graph, pages, vecs, pvecs,
                           doc_bonus={1: 0.15} if case % 4 == 0 else {},
                           chunk_bonus={ids[-1]: 0.3} if case % 5 == 0 and case % 10 else {})
        weights = {"vector": 0.2, "text": 0.1, "graph": 0.7}
        page_weight = 0.0 if case % 7 == 0 else 0.3
        first = rank(cands.filled(q), weights, "minmax", 1, pages, 0, cands.page_scores(q), page_weight,
                     cands.doc_bonus, cands.chunk_bonus)
        assert ids[cands.best(q, weights, page_weight)] == first[0].chunk_id, case

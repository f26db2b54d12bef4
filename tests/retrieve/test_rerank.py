"""Question intent and the rerank stage: the intent read from the question's words; the bundled cross-encoder
(real int8 ONNX ms-marco-MiniLM-L-12-v2, offline) prefers the passage that answers; the blend moves prose
only and keeps the tables' slots; the switches that turn it off."""

from __future__ import annotations

import pytest

from finchat.retrieve.fusion import Hit
from finchat.retrieve.intent import question_intent, unhedged
from finchat.retrieve.rerank import CrossEncoder, Policy, bundled_folder, load_reranker, rerank


@pytest.mark.parametrize(("question", "intent"), [
    ("What drove the decline in Amcor's operating margin in FY2023?", "explanation"),
    ("Why did PepsiCo's gross margin fall in Q1 2023?", "explanation"),
    ("What were the main factors behind the growth in Apple's services revenue?", "explanation"),
    ("How did foreign exchange affect Nike's revenue in fiscal 2021?", "explanation"),
    ("How did eBay grow revenue in Q2 2023 while GMV went down?", "explanation"),
    ("How did Coca-Cola's unit case volume change in 2017?", "figure"),
    ("What is Best Buy's revenue guidance for next year?", "outlook"),
    ("What organic net sales growth was General Mills targeting for fiscal 2023?", "outlook"),
    ("How much did Corning estimate it would spend on pollution control in 2023?", "outlook"),
    ("What FAS/CAS operating adjustment is Lockheed Martin expecting for 2023?", "outlook"),
    ("What is Mary Dillon's target annual bonus at Foot Locker as a percentage of her base salary?", "figure"),
    ("What operating margin is Netflix targeting for 2020?", "outlook"),
    ("What consolidated operating profit did Lockheed Martin project for 2023?", "outlook"),
    ("How does 3M's operating margin compare with its 2021 margin?", "comparison"),
    ("Which segment had the higher operating income, Consumer or Pharmaceutical?", "comparison"),
    ("What was Apple's revenue in Q3 2023?", "figure"),
    ("What is the FY2022 capital expenditure of 3M in USD millions?", "figure"),
])
def test_intent_from_the_questions_words(question, intent):
    assert question_intent(question) == intent


def test_a_hedge_before_the_asking_word_is_not_what_is_asked():
    """"Roughly how many employees …" asks how many; a hedge inside the question stays."""
    assert unhedged("Roughly how many employees does Testco have?") == "How many employees does Testco have?"
    assert unhedged("Approximately, what share of sales was online?") == "What share of sales was online?"
    assert unhedged("About how much did Testco spend?") == "How much did Testco spend?"
    assert unhedged("What were about 40% of sales?") == "What were about 40% of sales?"
    assert unhedged("About Testco: what was its revenue?") == "About Testco: what was its revenue?"


class FixedScores(CrossEncoder):
    """A cross-encoder whose logits are given per passage text (the stage's arithmetic, not a model)."""

    def __init__(self, by_text):
        super().__init__("fixed", lambda q, ps: [by_text[p] for p in ps])


def hit(cid, kind, fused, text):
    return Hit(cid, {"fused": fused}, kind=kind, text=text)


def test_the_blend_moves_prose_only_and_tables_keep_their_slots():
    hits = [hit(1, "table", 1.0, "T1"), hit(2, "text", 0.9, "weak"), hit(3, "table", 0.8, "T2"),
            hit(4, "text", 0.5, "strong"), hit(5, "text", 0.4, "mid")]
    enc = FixedScores({"weak": -5.0, "strong": 8.0, "mid": 1.0, "T1": 9.0, "T2": 9.0})
    out = rerank(enc, "why?", hits, Policy(weight=0.5, prose_only=True))
    assert [h.chunk_id for h in out] == [1, 4, 3, 2, 5]  # tables stay at 1 and 3; prose re-sorted around them
    assert out[1].scores["rerank"] == 8.0
    everything = rerank(enc, "why?", [hit(h.chunk_id, h.kind, h.scores["fused"], h.text) for h in hits],
                        Policy(weight=1.0, prose_only=False))
    assert [h.chunk_id for h in everything][:2] in ([1, 3], [3, 1])  # tables allowed to move


needs_bundled = pytest.mark.skipif(bundled_folder() is None, reason="the finchat[rerank] extra is not installed")


@needs_bundled
def test_the_bundled_cross_encoder_prefers_the_passage_that_explains():
    enc = load_reranker("")
    assert enc is not None and "ms-marco-MiniLM-L-12-v2" in enc.name
    q = "What drove the increase in operating income?"
    passages = ["Operating income increased primarily due to higher net sales of services and lower restructuring "
                "costs, partially offset by higher research and development expense.",
                "| Net sales | $ 81,797 | $ 82,959 |\n| Operating income | 22,998 | 23,076 |",
                "The board of directors declared a cash dividend of $0.24 per share payable in August."]
    s = enc.scores(q, passages)
    assert s[0] > s[1] and s[0] > s[2]
    assert load_reranker("") is enc  # loaded once per process


def test_switches_turn_it_off(monkeypatch, tmp_path):
    monkeypatch.setenv("FINCHAT_RERANK", "off")
    assert load_reranker() is None
    monkeypatch.delenv("FINCHAT_RERANK")
    from finchat.errors import EmbeddingModelError

    with pytest.raises(EmbeddingModelError, match="cannot load reranker .*FINCHAT_RERANK=off"):
        load_reranker(str(tmp_path / "no-such-model"))


@needs_bundled
def test_the_retriever_reranks_explanations_only_and_reports_its_time(corpus, monkeypatch):
    from finchat.config import load_settings
    from finchat.retrieve.service import Service

    monkeypatch.setenv("FINCHAT_DATABASE_URL", corpus)
    svc = Service.open(load_settings())
    off = Service.open(load_settings(), rerank=False)
    try:
        why = svc.retrieve("What drove Testco's net sales higher in Q3 2023?", k=3)
        assert why.filters.intent == "explanation" and why.timings_ms["rerank"] > 0
        assert any("rerank" in h.scores for h in why.hits) and [h.rank for h in why.hits] == [1, 2, 3]
        what = svc.retrieve("What were Testco's net sales in Q3 2023?", k=3)
        assert what.filters.intent == "figure" and what.timings_ms["rerank"] < 1
        assert not any("rerank" in h.scores for h in what.hits)
        plain = off.retrieve("What drove Testco's net sales higher in Q3 2023?", k=3)
        assert not any("rerank" in h.scores for h in plain.hits)
    finally:
        svc.close()
        off.close()

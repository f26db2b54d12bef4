"""`finchat ask` end to end on a generated filing: scope, channels, JSON contract, fallback."""

import json

from click.testing import CliRunner

from finchat.cli import cli


def ask(corpus, monkeypatch, *args):
    monkeypatch.setenv("FINCHAT_DATABASE_URL", corpus)
    monkeypatch.setenv("OLLAMA_HOST", "http://127.0.0.1:9")
    return CliRunner().invoke(cli, ["ask", *args])


def test_json_contract_and_statement_on_top(corpus, monkeypatch):
    res = ask(corpus, monkeypatch, "What were Testco's net sales in Q3 2023?", "--no-llm", "--json", "--k", "3")
    assert res.exit_code == 0, res.output
    d = json.loads(res.output)
    assert set(d) == {"question", "filters", "chunks", "facts", "answer", "answer_source", "computed", "direct_answer",
                      "answer_subject", "llm_answer", "llm_flags", "unsupported_figures", "missing_companies",
                      "notice", "timings_ms"}
    assert d["answer_subject"] == {"measure": "net sales", "metric": "revenue", "qualifiers": [], "kind": "amount",
                                   "qualified": False, "companies": ["TESTCO"], "filing": "TESTCO_2023Q3_10Q",
                                   "period": "three months ended July 1, 2023", "found": True}
    assert d["filters"] == {"companies": ["TESTCO"], "years": [2023], "quarters": ["Q3"], "forms": [], "relaxed": [],
                            "unknown_companies": [], "intent": "figure", "segments": [],
                            "non_gaap": False, "dates": [], "cover": False, "whole_year": False, "said_by": None}
    assert d["missing_companies"] == [] and d["notice"] is None
    assert d["answer_source"] == "facts" and d["answer"] == d["direct_answer"]
    assert d["answer"].startswith("Testco's revenue for the three months ended July 1, 2023 was $81,797 million")
    top = d["chunks"][0]
    assert set(top) >= {"rank", "chunk_id", "document", "company", "form", "fiscal_year", "fiscal_quarter",
                        "page_start", "page_end", "kind", "text", "scores"}
    assert top["document"] == "TESTCO_2023Q3_10Q" and top["kind"] == "table" and top["page_start"] == 3
    assert set(top["scores"]) == {"vector", "text", "graph", "fused"} and top["scores"]["graph"] == 1.0
    assert any(f["metric"] == "revenue" and f["value"] == 81797 for f in d["facts"])
    assert set(d["timings_ms"]) >= {"filters", "embed", "retrieve", "total"}


def test_batch_json_lines_and_relaxation(corpus, monkeypatch, tmp_path):
    qs = tmp_path / "q.txt"
    qs.write_text("Testco net income 2019\nWhat drove Testco's gross margin?\n")
    res = ask(corpus, monkeypatch, "--batch", str(qs), "--json", "--no-llm")
    assert res.exit_code == 0, res.output
    rows = [json.loads(line) for line in res.output.splitlines() if line.startswith("{")]
    assert len(rows) == 2
    assert rows[0]["filters"]["relaxed"] == ["year 2019 → 2023 (nearest ingested)"]
    assert rows[0]["chunks"]


def test_plain_answer_falls_back_without_llm_exit_zero(corpus, monkeypatch):
    res = ask(corpus, monkeypatch, "What were Testco's net sales in Q3 2023?")
    assert res.exit_code == 0
    assert "Ollama is not reachable" in res.output and "ollama serve" in res.output
    assert res.stdout.startswith("Testco's revenue for the three months ended July 1, 2023 was $81,797 million "
                                 "[TESTCO_2023Q3_10Q p.3], down 1.4% (−$1,162 million) from $82,959 million")
    assert "[1] TESTCO_2023Q3_10Q p" in res.output
    assert len(res.stdout.splitlines()) <= 25  # an answer, not pages of passages
    verbose = ask(corpus, monkeypatch, "What were Testco's net sales in Q3 2023?", "--no-llm", "--verbose")
    assert "Testco — Revenue, three months ended July 1, 2023: $81,797 million" in verbose.output  # facts and passages


def test_bad_channels_is_a_usage_error(corpus, monkeypatch):
    res = ask(corpus, monkeypatch, "x", "--channels", "vector,magic")
    assert res.exit_code == 2 and "--channels" in res.output

"""The follow-up rules of chat/session.py, table-driven: what each question keeps from the one before."""

import pytest

from finchat.chat.session import follow_up, has_topic
from finchat.ingest.companies import load_company_list
from finchat.retrieve.filters import Extractor


@pytest.fixture(scope="module")
def ex():
    return Extractor.from_rows([(c.key, c.name, c.ticker, list(c.aliases)) for c in load_company_list()],
                               [(b, c.key) for c in load_company_list() for b in c.brands])


# previous question, follow-up → companies, unknown names, years, quarters, metrics, what is reported carried
CASES = [
    # 1. own company and own topic: stands alone, nothing carried
    ("What was Apple's net income in Q3 2023?", "What drove Amcor's sales decline?",
     ["AMCOR"], [], [], [], ["revenue"], []),
    ("What was PepsiCo's gross margin in Q1 2023?", "How much cash did PepsiCo have at the end of Q1 2023?",
     ["PEPSICO"], [], [2023], ["Q1"], ["cash"], []),
    ("What was Apple's revenue in Q3 2023?", "What is Amcor's revenue?",
     ["AMCOR"], [], [], [], ["revenue"], []),
    # 2. a company that is not known is never replaced by the previous one
    ("What was Apple's net income in Q3 2023?", "What was Globex Corporation's revenue in 2023?",
     [], ["Globex Corporation"], [2023], [], ["revenue"], []),
    ("What was Apple's revenue in Q3 2023?", "Did Initech perform well?",
     [], ["Initech"], [], [], ["revenue", "net_income", "eps_diluted"], []),
    # 3. elliptical: only what is lacking
    ("What was Apple's revenue in Q3 2023?", "and net income?",
     ["APPLE"], [], [2023], ["Q3"], ["net_income"], ["company APPLE", "year 2023", "quarter Q3"]),
    ("What was Apple's revenue in Q3 2023?", "What was the gross margin?",
     ["APPLE"], [], [2023], ["Q3"], ["gross_profit", "revenue"], ["company APPLE", "year 2023", "quarter Q3"]),
    ("What was Apple's revenue in Q3 2023?", "what about Microsoft?",
     ["MICROSOFT"], [], [2023], ["Q3"], ["revenue"], ["year 2023", "quarter Q3", "metric revenue"]),
    ("What was Apple's revenue in Q3 2023?", "same for 2022",
     ["APPLE"], [], [2022], ["Q3"], ["revenue"], ["company APPLE", "quarter Q3", "metric revenue"]),
    ("What was Apple's revenue in Q3 2023?", "how about the prior quarter?",
     ["APPLE"], [], [2023], ["Q2"], ["revenue"],
     ["company APPLE", "period Q2 2023 (prior quarter of the last question)", "metric revenue"]),
    ("What was Amcor's net income in Q1 2023?", "and the previous quarter?",
     ["AMCOR"], [], [2022], ["Q4"], ["net_income"],
     ["company AMCOR", "period Q4 2022 (prior quarter of the last question)", "metric net_income"]),
    ("What was Apple's revenue in Q3 2023?", "and a year earlier?",
     ["APPLE"], [], [2022], ["Q3"], ["revenue"],
     ["company APPLE", "period Q3 2022 (prior year of the last question)", "metric revenue"]),
    ("What was Apple's revenue in Q3 2023?", "What was net income in Q2 2023?",
     ["APPLE"], [], [2023], ["Q2"], ["net_income"], ["company APPLE"]),
    ("What was Globex's revenue in 2023?", "and net income?",
     [], ["Globex"], [2023], [], ["net_income"], ["company Globex", "year 2023"]),
]


@pytest.mark.parametrize("first, second, companies, unknown, years, quarters, metrics, carried", CASES)
def test_follow_up_rules(ex, first, second, companies, unknown, years, quarters, metrics, carried):
    prev, _ = follow_up(ex.extract(first), None)
    got, said = follow_up(ex.extract(second), prev)
    assert (got.companies, got.unknown, got.years, got.quarters, got.metrics) == (companies, unknown, years, quarters, metrics)
    assert said == carried


def test_first_question_carries_nothing(ex):
    f = ex.extract("What was Apple's revenue in Q3 2023?")
    assert follow_up(f, None) == (f, [])


@pytest.mark.parametrize("question, topic", [
    ("what about Microsoft?", False), ("same for 2022", False), ("how about the prior quarter?", False),
    ("and net income?", True), ("What drove Amcor's sales decline?", True), ("Who is the CEO?", True),
])
def test_has_topic(ex, question, topic):
    assert has_topic(ex.extract(question)) is topic


def test_inherited_topic_keeps_the_search_words(ex):
    prev = ex.extract("What drove Apple's services growth in Q3 2023?")
    got, said = follow_up(ex.extract("what about Amcor?"), prev)
    assert "services growth" in got.text_query and said[-1] == "topic of the last question"


def test_closest_names_ignore_corporate_suffixes():
    from finchat.retrieve.names import closest_names, missing_notice

    stored = [("PG&E", ["PG&E Corporation"]), ("Microsoft", ["Microsoft Corporation"]), ("Amcor", ["Amcor plc"])]
    assert closest_names("Globex Corporation", stored) == []  # "Corporation" alone makes no likeness
    assert closest_names("Microsft Corp", stored) == ["Microsoft"]
    notice = missing_notice(["Amcore"], ["Amcor", "Microsoft", "PG&E"], stored)
    assert notice == "Amcore is not among the ingested filings (stored: Amcor, Microsoft, PG&E). Did you mean Amcor?"

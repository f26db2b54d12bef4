"""Query vocabulary expansion for the full-text channel."""

import pytest

from finchat.retrieve.expand import expand_query, expansion


@pytest.mark.parametrize("question, expected", [
    ("What drove operating margin change in 2022?", ["primarily due to", "operating income margin"]),
    ("Has 3M reported any material legal battles?", ["legal proceedings"]),
    ("Did Pfizer grow its PP&E between FY20 and FY21?", ["property plant and equipment"]),
    ("Is the business capital-intensive?", ["capital expenditures"]),
    ("Was the company able to retain card members?", ["retention"]),
    ("Which region had the worst topline performance?", ["geographic region"]),
])
def test_concepts_add_filing_vocabulary(question, expected):
    extra = expansion(question)
    for words in expected:
        assert words in extra


@pytest.mark.parametrize("question", [
    "What were retained earnings at year end?",       # "retain" only as a whole word
    "Total revenue in Q3 2023",
    "'; DROP TABLE chunks; --",
    "",
])
def test_questions_naming_no_concept_are_unchanged(question):
    assert expansion(question) == ""
    assert expand_query(question) == question


def test_expansion_is_appended_once_per_concept():
    q = "dividends and more dividends"
    assert expand_query(q) == q + " dividends declared paid per share"


@pytest.mark.parametrize(("question", "words"), [
    ("What pushed Adobe's Digital Experience revenue up?", "primarily due to driven by"),  # any explanatory verb
    ("What was behind Walmart's lower return on assets?", "primarily due to driven by"),
    ("How many paid net adds did Netflix report in Q2?", "net additions paid memberships"),
    ("What is Netflix's ARPU by region?", "average revenue per user membership"),
    ("How did MGM's RevPAR develop in 2022?", "revenue per available room occupancy"),
    ("How large is Salesforce's RPO?", "remaining performance obligations backlog"),
    ("How much capital returned to shareholders did Apple report?", "share repurchases dividends"),
    ("What were Best Buy's comps in Q2?", "comparable sales same-store sales"),
    ("Excluding the impact of M&A, how fast did 3M grow?", "organic revenue growth"),
    ("What was Nike's revenue growth ex-FX?", "constant currency foreign exchange"),
    ("What would each share get if the bank liquidated?", "book value per share"),
])
def test_analyst_shorthand_for_operating_metrics_and_explanations(question, words):
    assert words in expansion(question)
    assert expansion(question).count("primarily due to") <= 1

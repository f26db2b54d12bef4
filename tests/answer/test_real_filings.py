"""The questions analysts asked that finchat answered with a substitute (a consolidated figure, an unrelated
sentence), asked again of the real filings: each gets the figure it asks for, with its unit and page, or says
honestly that none was found — never the company's consolidated figure as the answer.

The filings are FinanceBench's PDFs (../shared/financebench), parsed and ingested here with their graph.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from tests.conftest import FINANCEBENCH, wipe_documents

FILINGS = ["WALMART_2024Q1_10Q", "LOCKHEEDMARTIN_2022Q2_10Q", "LOCKHEEDMARTIN_2023Q2_10Q", "APPLE_2023Q3_10Q",
           "PAYPAL_2023Q2_10Q", "EBAY_2023Q2_10Q", "NETFLIX_2023Q2_10Q", "MGMRESORTS_2023Q2_10Q"]

pytestmark = pytest.mark.financebench


@pytest.fixture(scope="module")
def real(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from finchat.config import load_settings
    from finchat.db.pool import close_pool
    from finchat.graph.build import after_load
    from finchat.ingest.pipeline import IngestOptions, ingest

    source = FINANCEBENCH / "pdfs"
    if not all((source / f"{n}.pdf").exists() for n in FILINGS):
        pytest.skip("../shared/financebench is not here")
    mp = pytest.MonkeyPatch()
    mp.setenv("FINCHAT_DATABASE_URL", db_url)
    mp.setenv("FINCHAT_MD_DIR", str(tmp_path_factory.mktemp("md")))
    mp.setenv("FINCHAT_RERANK", "off")
    wipe_documents(db_url)
    folder = tmp_path_factory.mktemp("real")
    for n in FILINGS:
        shutil.copy(source / f"{n}.pdf", folder / f"{n}.pdf")  # a temp copy: nothing of it enters the repo
    rep = ingest([folder], load_settings(), IngestOptions(after_load=after_load))
    assert rep.count("ingested") == len(FILINGS), rep.results
    yield db_url
    close_pool()
    mp.undo()


def ask(question: str) -> tuple[str, str]:
    from finchat.cli import cli

    out = CliRunner().invoke(cli, ["ask", question, "--no-llm"])
    assert out.exit_code == 0, out.output
    return out.output.splitlines()[0], out.output


# question, what the first line must hold, what it must not (the consolidated figure or an unrelated line)
CASES = [
    ("What were Lockheed Martin's net sales by segment in Q2 2022?",
     # the segment table is printed twice (p.10, p.35): either page is its citation
     ["Aeronautics $5,862 million", "Space $2,825 million", "LOCKHEEDMARTIN_2022Q2_10Q p."], ["15,446"]),
    ("Which segment of Lockheed grew fastest in Q2 2022?",
     ["Rotary and Mission Systems fell the least (none grew)"], ["15,446"]),
    ("Which of Apple's product categories grew in Q3 2023?",
     ["Grew: ", "Services $21,213 million", "Wearables, Home and Accessories $8,284 million",
      "Did not grow: ", "iPhone $39,669 million"], ["81,797"]),
    ("What was Apple's Mac revenue in Q3 2023?", ["$6,840 million", "APPLE_2023Q3_10Q"], ["81,797"]),
    ("What was PayPal's transaction expense rate in Q2 2023?", ["0.94%", "PAYPAL_2023Q2_10Q p.56"], []),
    ("What was eBay's take rate in Q2 2023?", ["13.95%", "EBAY_2023Q2_10Q"], ["2,540"]),
    ("What was eBay's GMV in Q2 2023?", ["$18,214 million", "EBAY_2023Q2_10Q"], ["2,540"]),
    ("What was Netflix's LATAM revenue in Q2 2023?", ["$1,077,435 thousand", "NETFLIX_2023Q2_10Q p.22"],
     ["8,187,301"]),
    ("What was Netflix's average monthly revenue per paying membership in Q2 2023?", ["$11.55"], ["$11.55 thousand"]),
    ("How much casino revenue did MGM's Regional Operations generate in Q2 2023?", ["$679,430 thousand"],
     ["3,942,207"]),
    # a tax line printed "Income tax benefit (provision)": (113) ÷ 285
    ("What is eBay's effective tax rate for Q2 2023?", ["39.6%", "EBAY_2023Q2_10Q p.5"], []),
    # the outlook table's range for the measure, never the quarter's actual net sales
    ("What guidance did Lockheed Martin give for 2023 net sales?", ["~$66,250 - $66,750 million",
                                                                      "LOCKHEEDMARTIN_2023Q2_10Q"], ["16,693"]),
    # a sentence stating the measure for both years: its change computed
    ("What was Walmart's eCommerce sales growth in Q1 FY2024?", ["up 27.2%", "$14.5 billion", "WALMART_2024Q1_10Q p."],
     ["152,301"]),
    # a segment's margin no table prints: its operating income over its net sales, both cited
    ("What was the operating margin of Apple's Greater China segment in Q3 2023?",
     ["39.4%", "$6,207 million", "$15,758 million", "APPLE_2023Q3_10Q p."], ["81,797"]),
    # a share of the segment total, the part named before "as a percentage of"
    ("Aeronautics as a percentage of Lockheed Martin's net sales in Q2 2022?", ["Aeronautics was 38.0%"], []),
    # a count per active account counts no accounts: the sentence stating them
    ("How many active accounts did PayPal have at June 30, 2023?", ["431 million", "PAYPAL_2023Q2_10Q p.55"], ["54.7"]),
    # "Transaction and credit losses" and "Credit losses" are other lines: the sentence whose subject is the measure
    ("What were PayPal's transaction losses in Q2 2023?", ["$286 million", "PAYPAL_2023Q2_10Q p.57"], ["$398 million"]),
    # what was returned to shareholders, never the cash balance nor the dividends alone
    ("How much cash did Lockheed Martin return to shareholders in Q2 2023?", ["$1.5 billion"], ["3,673", "$758 million"]),
    # "drop" before "at" is the measure's noun; the revenue table's "Total" is no table games figure
    ("What was the table games drop at MGM's Las Vegas Strip Resorts in Q2 2023?", ["$1,498 million"], ["2,146,650"]),
]


@pytest.mark.parametrize(("question", "holds", "never"), CASES, ids=[c[0][:50] for c in CASES])
def test_a_qualified_question_gets_its_own_figure(real, question, holds, never):
    first, whole = ask(question)
    for h in holds:
        assert h in first, whole
    for n in never:
        assert n not in first, whole


def test_no_substitute_when_the_filing_has_no_such_figure(real):
    # Walmart prints no eCommerce growth rate of its own: the consolidated revenue may follow only as such
    first, whole = ask("What was Walmart's eCommerce sales growth in Q1 FY2024?")
    assert "152,301" not in first, whole
    assert all("152,301" not in line or line.startswith("For reference") for line in whole.splitlines()), whole
    # the Q2 2023 report's outlook, never its actuals
    first, whole = ask("What guidance did Lockheed Martin give for 2023 net sales?")
    assert "outlook" in first.lower() or "expect" in first.lower(), whole
    assert " was $" not in first, whole
    # a narrative question's topic (or what filings call it) must be in the quoted sentence
    first, whole = ask("What risks did Netflix highlight about password sharing in Q2 2023?")
    assert first.startswith("No passage about password sharing"), whole

"""The direct answer: statement figures, derived figures, the performance rule and quoted passages."""

import json

import pytest
from click.testing import CliRunner

from finchat.answer.compose import _performance
from finchat.answer.figures import FactBook, Figure, money, number
from finchat.answer.quote import quote_passages
from finchat.cli import cli
from finchat.retrieve.fusion import Hit


def ask(corpus, monkeypatch, *args):
    monkeypatch.setenv("FINCHAT_DATABASE_URL", corpus)
    monkeypatch.setenv("OLLAMA_HOST", "http://127.0.0.1:9")
    return CliRunner().invoke(cli, ["ask", "--no-llm", *args])


def test_performance_rule_answers_yes_in_the_first_line(corpus, monkeypatch):
    res = ask(corpus, monkeypatch, "Did Testco perform well in Q3 2023?")
    assert res.exit_code == 0, res.output
    first = res.stdout.splitlines()[0]
    assert first.startswith("Yes — Testco performed well for the three months ended July 1, 2023")
    for piece in ("revenue $81,797 million vs $82,959 million, down 1.4%",
                  "net income $19,881 million vs $19,442 million, up 2.3%",
                  "diluted EPS $1.26 per share vs $1.20 per share, up 5.0%", "[TESTCO_2023Q3_10Q p.3]"):
        assert piece in first, piece


def test_gross_margin_is_computed_with_its_cited_inputs(corpus, monkeypatch):
    res = ask(corpus, monkeypatch, "What was Testco's gross margin in Q3 2023?", "--json")
    d = json.loads(res.stdout)
    assert d["answer_source"] == "facts"
    assert d["answer"].startswith("Testco's gross margin for the three months ended July 1, 2023 was 44.5% "
                                  "(gross profit ÷ revenue: gross profit $36,413 million [TESTCO_2023Q3_10Q p.3] "
                                  "and revenue $81,797 million [TESTCO_2023Q3_10Q p.3]); a year earlier, 43.3%.")
    now = d["computed"][0]
    assert now["key"] == "gross_margin" and now["shown"] == "44.5%" and abs(now["value"] - 44.5163) < 1e-3
    assert [i["metric"] for i in now["inputs"]] == ["gross_profit", "revenue"]
    assert now["inputs"][1]["value"] == 81797 and now["inputs"][1]["page"] == 3


def test_a_figure_that_cannot_be_computed_says_what_is_missing(corpus, monkeypatch):
    res = ask(corpus, monkeypatch, "What is Testco's current ratio in Q3 2023?")
    assert res.stdout.splitlines()[0] == ("Testco: current ratio cannot be computed — no total current assets and "
                                          "total current liabilities for one period was read from its statements "
                                          "in scope.")


def test_narrative_question_quotes_the_passages(corpus, monkeypatch):
    res = ask(corpus, monkeypatch, "Why did Testco's operating expenses grow in Q3 2023?", "--json")
    d = json.loads(res.stdout)
    assert d["answer_source"] == "passages"
    assert "“Operating expenses grew because of headcount-related costs.” [TESTCO_2023Q3_10Q p" in d["answer"]


def _fig(metric, value, as_of, duration="3M", label=None, page=4):
    return Figure("X", "Xco", metric, value, "millions" if not metric.startswith("eps") else "units",
                  "USD/share" if metric.startswith("eps") else "USD", label or f"Three Months Ended {as_of}", duration,
                  as_of, "X_2023Q3_10Q", page, 0)


def test_performance_no_and_cannot_tell():
    down = FactBook([_fig("revenue", 90, "2023-07-01"), _fig("revenue", 100, "2022-06-25"),
                     _fig("net_income", 9, "2023-07-01"), _fig("net_income", 10, "2022-06-25"),
                     _fig("eps_diluted", 1.3, "2023-07-01"), _fig("eps_diluted", 1.2, "2022-06-25")], "3M")
    ans = _performance(["X"], {"X": "Xco"}, {"X": down}, None)
    assert ans.text.startswith("No — Xco did not perform well for the three months ended 2023-07-01")
    partial = FactBook([_fig("revenue", 110, "2023-07-01"), _fig("revenue", 100, "2022-06-25"),
                        _fig("net_income", 9, "2023-07-01"), _fig("net_income", 10, "2022-06-25"),
                        _fig("eps_diluted", 1.3, "2023-07-01")], "3M")
    ans = _performance(["X"], {"X": "Xco"}, {"X": partial}, None)
    assert ans.text.startswith("Cannot tell whether Xco performed well") and "missing eps (diluted) a year earlier" in ans.text
    assert _performance(["X"], {"X": "Xco"}, {}, None).text.startswith("Cannot tell for Xco")


def test_periods_a_year_earlier_and_balances():
    book = FactBook([_fig("revenue", 5, "2023-07-01"), _fig("revenue", 15, "2023-07-01", "9M"),
                     _fig("revenue", 4, "2022-06-25"), _fig("revenue", 3, "2023-04-01"),
                     _fig("cash", 7, "2023-07-01", None, "July 1, 2023"), _fig("cash", 6, "2022-09-24", None, "September 24, 2022")],
                    "3M")
    cur = book.current("revenue")
    assert (cur.value, book.year_earlier(cur).value) == (5, 4)  # the quarter a year before, not the last quarter
    cash = book.current("cash")
    assert cash.for_period() == "as of July 1, 2023" and book.year_earlier(cash).value == 6
    assert FactBook(book.rows, "12M").current("revenue").duration == "3M"  # no twelve-month figure: what there is


@pytest.mark.parametrize("value, scale, unit, shown", [
    (81797, "millions", "USD", "$81,797 million"), (-265, "millions", "USD", "−$265 million"),
    (1.26, "units", "USD/share", "$1.26 per share"), (0.309, "units", "USD/share", "$0.309 per share"),
    (1.2, "units", "USD/share", "$1.20 per share"), (1500, "thousands", "USD", "$1,500 thousand"),
])
def test_money_keeps_printed_precision(value, scale, unit, shown):
    assert money(value, scale, unit) == shown
    assert number(0.3) == "0.30"


def test_quotes_prefer_causal_sentences_and_skip_tables():
    hits = [Hit(1, {}, 1, "D", kind="table", page_start=3, page_end=3, text="| Net sales | 1 | 2 |"),
            Hit(2, {}, 2, "D", kind="text", page_start=9, page_end=9,
                text="Net sales were $5 billion in the quarter. Net sales decreased due to lower iPhone volumes in "
                     "Greater China and weaker currencies.")]
    text, used = quote_passages("What drove the net sales decrease?", hits, n=1, causal=True)
    assert text == "“Net sales decreased due to lower iPhone volumes in Greater China and weaker currencies.” [D p.9]"
    assert [h.chunk_id for h in used] == [2]
    assert quote_passages("dividend policy", hits) == ("", [])


def _annual(metric, value, year, duration="12M"):
    as_of = f"{year}-12-31"
    label = f"Year Ended December 31, {year}" if duration else f"December 31, {year}"
    return Figure("X", "Xco", metric, value, "millions", "USD", label, duration, as_of, f"X_{year}_10K", 50, 0)


def test_averaged_balances_and_multi_year_averages():
    from finchat.answer import derive
    from finchat.answer.bookfigures import FigureOptions, book_figures

    book = FactBook([_annual("revenue", 1000, 2019), _annual("revenue", 900, 2018), _annual("revenue", 800, 2017),
                     _annual("net_income", 50, 2019), _annual("net_income", 36, 2018), _annual("net_income", 40, 2017),
                     _annual("total_assets", 600, 2019, None), _annual("total_assets", 400, 2018, None)], "12M", 2019)
    roa = [d for d in derive.DEFINITIONS if d.key == "roa"]
    q = "What is the FY2019 ROA? ROA is defined as net income / (average total assets between FY2018 and FY2019)"
    ans = book_figures(["X"], {"X": "Xco"}, {"X": book}, roa, [], FigureOptions.of(q))
    assert ans.computed[0].shown() == "10.0%"  # 50 / ((600 + 400) / 2)
    assert "total assets averaged over December 31, 2018 and December 31, 2019" in ans.text
    margin = [d for d in derive.DEFINITIONS if d.key == "net_margin"]
    q = "What is the FY2017 - FY2019 3 year average net profit margin?"
    ans = book_figures(["X"], {"X": "Xco"}, {"X": book}, margin, [], FigureOptions.of(q))
    assert ans.computed[0].shown() == "4.7%"  # mean of 5.0 %, 4.0 %, 5.0 %
    assert ans.text.startswith("Xco's 3-year average net margin (year ended December 31, 2017 to year ended "
                               "December 31, 2019) was 4.7%")
    assert FigureOptions.of("average revenue growth").average_balances is False
    # a ratio's change asked: in points too
    q = "By how many basis points did the net margin change in FY2019?"
    ans = book_figures(["X"], {"X": "Xco"}, {"X": book}, margin, [], FigureOptions.of(q))
    assert "a year earlier, 4.0%, up 1 percentage points (100 basis points)" in ans.text, ans.text
    assert "basis points" not in book_figures(["X"], {"X": "Xco"}, {"X": book}, margin, [],
                                              FigureOptions.of("What is the FY2019 net margin?")).text


def test_days_payable_cash_conversion_and_cagr():
    from finchat.answer import derive
    from finchat.answer.bookfigures import FigureOptions, book_figures

    book = FactBook([_annual("revenue", 1000, 2019), _annual("revenue", 900, 2018), _annual("revenue", 810, 2017),
                     _annual("cost_of_revenue", 600, 2019), _annual("cost_of_revenue", 550, 2018),
                     _annual("inventory", 130, 2019, None), _annual("inventory", 100, 2018, None),
                     _annual("accounts_payable", 90, 2019, None), _annual("accounts_payable", 70, 2018, None),
                     _annual("accounts_receivable", 120, 2019, None), _annual("accounts_receivable", 80, 2018, None)],
                    "12M", 2019)
    q = ("What is FY2019 days payable outstanding (DPO)? DPO is defined as: 365 * (average accounts payable between "
         "FY2018 and FY2019) / (FY2019 COGS + change in inventory between FY2018 and FY2019).")
    assert [d.key for d in derive.asked(q)] == ["dpo"]
    assert [d.key for d in derive.asked("cash conversion cycle: DIO + DSO - DPO")] == ["ccc", "dio", "dpo", "dso"][:1] + [
        d.key for d in derive.DEFINITIONS if d.key in ("dso", "dio", "dpo")]
    assert [d.key for d in derive.asked("EBITDA less capex, with EBITDA as operating income + D&A")] == [
        "ebitda_less_capex", "ebitda"]
    assert FigureOptions.of("using average trade accounts receivable of FY2016 and FY2017").average_balances
    assert derive.needed_metrics(q) == ["accounts_payable", "cost_of_revenue", "inventory"]
    ans = book_figures(["X"], {"X": "Xco"}, {"X": book}, derive.asked(q), [], FigureOptions.of(q))
    assert ans.computed[0].shown() == "46.35 days"  # 365 × (90 + 70) / 2 ÷ (600 + 30)
    assert ans.text.startswith("Xco's days payable outstanding for the year ended December 31, 2019 was 46.35 days")
    ccc = book_figures(["X"], {"X": "Xco"}, {"X": book}, derive.asked("cash conversion cycle"), [],
                       FigureOptions.of("average inventory, average accounts receivable, average accounts payable"))
    # DIO 365 × 115 / 600 + DSO 365 × 100 / 1000 − DPO 46.35
    assert abs(ccc.computed[0].value - (365 * 115 / 600 + 36.5 - 365 * 80 / 630)) < 1e-9
    q = "What is Xco's 2 year total revenue CAGR from FY2017 to FY2019?"
    ans = book_figures(["X"], {"X": "Xco"}, {"X": book}, derive.asked(q), [], FigureOptions.of(q))
    assert ans.computed[0].shown() == "11.1%"  # (1000 / 810) ^ (1/2) − 1
    assert "year ended December 31, 2017 to year ended December 31, 2019" in ans.text
    three = book_figures(["X"], {"X": "Xco"}, {"X": book}, derive.asked("3-year revenue CAGR"), [], FigureOptions())
    assert "cannot be computed" in three.text and not three.computed  # 2016 is not printed


@pytest.mark.parametrize("question, key", [
    ("what is the FY2015 depreciation and amortization (D&A from cash flow statement) % margin for AMD?",
     "depreciation_to_revenue"),
    ("Nike's three year average of cost of goods sold as a % of revenue from FY2016 to FY2018?",
     "cost_of_revenue_to_revenue"),
    ("the FY2019 - FY2021 3 year average unadjusted operating income % margin", "operating_margin"),
    ("3 year average of capex as a % of revenue", "capex_to_revenue"),
    ("R&D as a percentage of net sales in 2022", "rnd_to_revenue"),
    ("Based on the statement of cash flows, what is the FY2015 unadjusted EBITDA % margin?", "ebitda_margin"),
    ("What is the FY2022 unadjusted EBITDA less capex for PepsiCo?", "ebitda_less_capex"),
    ("What was Acme's depreciation and amortization as a percentage of net sales in FY2019?", "depreciation_to_revenue"),
    ("average capital expenditure as a percent of operating revenues over FY2020 to FY2022", "capex_to_revenue"),
    ("What was revenue growth in 2022?", None),
])
def test_a_line_as_a_share_of_revenue(question, key):
    from finchat.answer import derive

    found = derive.asked(question)
    assert [d.key for d in found] == ([key] if key else [])
    if key and key.endswith("_to_revenue"):
        assert found[0].compute([-30.0, 600.0]) == 0.05  # a cost printed in parentheses counts by its size


@pytest.mark.parametrize(("question", "keys"), [
    ("What is Boeing's leverage ratio in 2022?", ["debt_to_equity"]),
    ("What was the leverage ratio of 3M?", ["debt_to_equity"]),
    # a leverage ratio with a name of its own is a bank's printed capital ratio
    ("What was JPMorgan's supplementary leverage ratio in Q3 2022?", []),
    ("What was JPMorgan's Tier 1 leverage ratio?", []),
    # a ratio an agreement defines is the filing's covenant measure, stated where reported
    ("What was Corning's leverage ratio under its revolving credit agreement at June 30, 2023?", []),
    ("What debt covenant leverage ratio did Corning report for Q2 2023?", []),
    ("What was Corning's debt-to-equity ratio at June 30, 2023?", ["debt_to_equity"]),
])
def test_a_named_leverage_ratio_is_no_debt_to_equity(question, keys):
    from finchat.answer import derive

    assert [d.key for d in derive.asked(question)] == keys


def test_the_asked_fiscal_year_is_used():
    book = FactBook([_annual("revenue", 1000, 2019), _annual("revenue", 900, 2018), _annual("revenue", 800, 2017)],
                    "12M", 2018)
    cur = book.current("revenue")
    assert cur.value == 900 and book.year_earlier(cur).value == 800


def test_comparison_gives_every_company_its_line_and_facts(three, monkeypatch):
    monkeypatch.setenv("FINCHAT_DATABASE_URL", three)
    res = CliRunner().invoke(cli, ["ask", "--no-llm", "--json", "Compare Apple and Amcor gross margin in 2023"])
    d = json.loads(res.stdout)
    lines = d["answer"].splitlines()
    assert lines[0].startswith("Apple's gross margin for the three months ended July 1, 2023 was 44.5%")
    assert lines[1].startswith("Amcor's gross margin for the three months ended July 1, 2023 was 44.5%")
    assert {f["company"] for f in d["facts"]} == {"Apple", "Amcor"}
    assert [c["key"] for c in d["computed"]].count("gross_margin") == 4  # each company, and a year earlier


def test_a_year_to_date_question_reads_the_year_to_date_column():
    """"… for the nine months ended October 31, 2022" of a third-quarter 10-Q is nine months, not the quarter; a
    second quarter's year to date is six months; a bare quarter is three; an annual report twelve."""
    from types import SimpleNamespace

    from finchat.answer.compose import _duration_for

    q3 = SimpleNamespace(form="10-Q", fiscal_quarter="Q3")
    q2 = SimpleNamespace(form="10-Q", fiscal_quarter="Q2")
    assert _duration_for("Operating cash flow for the nine months ended October 31, 2022?", q3) == "9M"
    assert _duration_for("Operating cash flow year to date?", q2) == "6M"
    assert _duration_for("Net income for the first half of 2023?", q2) == "6M"
    assert _duration_for("Operating cash flow in Q3 FY2023?", q3) == "3M"
    assert _duration_for("Revenue for the nine months?", SimpleNamespace(form="10-K", fiscal_quarter="FY")) == "12M"
    # a year asked of a fourth-quarter release is the year it closes; its quarter when asked
    q4 = SimpleNamespace(form="EARNINGS", fiscal_quarter="Q4")
    assert _duration_for("What were MGM's net revenues in 2022?", q4) == "12M"
    assert _duration_for("What were MGM's net revenues in Q4 2022?", q4) == "3M"


def test_the_sentence_after_one_naming_the_part_speaks_of_it():
    """Nike's Converse: "Reported EBIT for Converse decreased 2% … offset gross margin expansion …" then "Gross
    margin increased 180 basis points …": the second, naming no part, goes on about Converse; another part's
    sentence does not."""
    text = ("Reported EBIT for Converse decreased 2% for fiscal 2019 as higher expense more than offset gross margin "
            "expansion and revenue growth. Gross margin increased 180 basis points, driven by higher margin in our "
            "direct to consumer business. Apparel gross margin at the NIKE Brand rose 50 basis points on price.")
    hits = [Hit(1, {}, 1, "N", kind="text", page_start=37, page_end=37, text=text)]
    quoted, _ = quote_passages("By how much did Converse's gross margin expand in fiscal 2019?", hits, must=("Converse",))
    assert "180 basis points" in quoted and "50 basis points" not in quoted
    # a figure asked: the sentence stating one beats one that only names the measure
    hits = [Hit(1, {}, 1, "N", kind="text", page_start=37, page_end=37,
                text="Converse gross margin expanded on direct to consumer growth. Converse gross margin was up "
                     "180 basis points on higher average selling prices.")]
    quoted, _ = quote_passages("By how much did Converse's gross margin expand?", hits, n=1, must=("Converse",))
    assert "180 basis points" in quoted


def test_a_quoted_sentence_naming_only_other_years_than_asked_loses():
    """Two like sentences, 2021's first: asked of 2022, the one naming 2022 is quoted."""
    text = ("The total pension adjustment in 2021 reflects a noncash pension settlement charge of $1.7 billion ($4.72 "
            "per share, after-tax). The total pension adjustment in 2022 reflects a noncash, non-operating pension "
            "settlement charge of $1.5 billion ($4.33 per share, after-tax) recognized in the second quarter of 2022.")
    hits = [Hit(1, {}, 1, "D", kind="text", page_start=40, page_end=40, text=text)]
    question = "pension settlement charge cost per share after tax"
    assert "$4.72" in quote_passages(question, hits, n=1)[0]
    assert "$4.33" in quote_passages(question, hits, n=1, years=(2022,))[0]


def test_a_change_asked_of_an_outlook_is_any_change_said():
    """"What production rate changes is Acme forecasting": "… expect to implement further gradual production rate
    increases …" names them (an increase is a change); a sentence naming no move of the rate does not."""
    text = ("Production rate assumptions are reviewed each quarter as part of our program accounting. We increased "
            "the production rate to 31 per month in 2024, and expect to implement further gradual production rate "
            "increases based on market demand and supply chain capacity.")
    hits = [Hit(1, {}, 1, "B", kind="text", page_start=33, page_end=33, text=text)]
    quoted, _ = quote_passages("What production rate changes is Acme forecasting for 2025?", hits, forward=True,
                               must=("production rate changes",))
    assert "gradual production rate increases" in quoted
    still = [Hit(1, {}, 1, "B", kind="text", page_start=33, page_end=33,
                 text="We expect the production rate of 31 per month to be reviewed with customers during 2025.")]
    assert quote_passages("What production rate changes is Acme forecasting for 2025?", still, forward=True,
                          must=("production rate changes",)) == ("", [])


@pytest.mark.parametrize(("question", "first"), [
    # a return the company reports: its own figure first (Walmart prints ROA on average assets)
    ("What was Walmart's return on assets for fiscal 2018?", True),
    ("What was JPMorgan's ROE in Q2 2022?", True),
    # defined by the question: computed as defined
    (("What is the FY2017 return on assets (ROA) for Coca Cola? ROA is defined as: FY2017 net income / (average total "
      "assets between FY2016 and FY2017)."), False),
    # a margin is computed from the statements as before
    ("What was Walmart's gross margin in fiscal 2018?", False),
    # a "formula rate" is a tariff's, no definition of the return
    ("What all-in ROE does the settlement of PG&E's transmission owner formula rate establish?", True),
    # days outstanding the company reports: its row first
    ("How many days sales outstanding did Corning report at the end of 2022?", True),
])
def test_a_reported_return_is_read_before_it_is_computed(question, first):
    from finchat.answer import derive
    from finchat.answer.compose import reported_first

    assert reported_first(derive.asked(question), question) is first


def test_a_ticker_that_is_a_word_names_the_company_only_in_capitals():
    """Costco's ticker "COST" is no "cost" of a lease: a ticker is one of the company's names only as printed."""
    from finchat.answer.compose import _surface_names

    assert "COST" not in _surface_names(["COSTCO"], {}, "What was Costco's operating lease cost in fiscal 2021?")
    assert "COST" in _surface_names(["COSTCO"], {}, "What was COST's revenue in fiscal 2021?")


@pytest.mark.parametrize(("sentence", "other"), [
    ("Costs decreased by $85 million, or 90% in the three months ended September 30, 2022.", True),
    ("Costs decreased by $108 million, or 41%, in the nine months ended September 30, 2022.", False),
    ("Costs decreased by $44 million and $46 million in the three and nine months ended September 30, 2022.", False),
    ("Costs decreased by $108 million in 2022.", False),
])
def test_a_sentence_of_another_span_than_asked(sentence, other):
    from finchat.answer.spans import other_span

    assert other_span(sentence, "How much did costs decrease in the nine months ended September 30, 2022?") is other
    assert other_span(sentence, "How much did costs decrease in 2022?") is False


def test_a_quarter_asked_of_the_years_figures_is_said_to_be_missing():
    """A quarter asked ("the fourth quarter of 2022") where every figure read is a year's (an annual report's
    statements): named as missing before the year's figure follows; a year asked, or a quarter's figure, is not."""
    from types import SimpleNamespace

    from finchat.answer.compose import _quarter_of_a_year
    from finchat.answer.result import Answer

    year = Answer("…", "facts", figures=[SimpleNamespace(duration="12M")])
    quarterly = Answer("…", "facts", figures=[SimpleNamespace(duration="3M")])
    res = SimpleNamespace(filters=SimpleNamespace(quarters=["Q4"], years=[2022]))
    asked = "What was Testco's net income in the fourth quarter of 2022?"
    assert _quarter_of_a_year(year, res, asked) == "Q4 2022"
    assert _quarter_of_a_year(quarterly, res, asked) == ""
    assert _quarter_of_a_year(year, SimpleNamespace(filters=SimpleNamespace(quarters=[], years=[2022])),
                              "What was Testco's net income in 2022?") == ""

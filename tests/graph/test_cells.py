"""Table cells as data (graph/cells.py) and answers from them (answer/cells.py)."""

from __future__ import annotations

from datetime import date

from finchat.graph.cells import table_cells

SEGMENTS = """Segment results (in millions)
| | Three Months Ended | | Six Months Ended | |
|---|---|---|---|---|
| | June 30, 2023 | June 30, 2022 | June 30, 2023 | June 30, 2022 |
| Net sales: | | | | |
| Aeronautics | $ 6,473 | $ 6,138 | 12,742 | 12,539 |
| Space | 3,049 | 2,950 | 6,015 | 5,827 |
| Total net sales | $ 16,693 | $ 15,446 | 31,820 | 30,847 |
| Operating margin | 10.5% | 11.1% | 10.6% | 11.0% |
| Paid memberships at end of period | 79,807 | 72,966 | 79,807 | 72,966 |
"""


def test_cells_carry_path_period_scale_and_unit():
    cells = table_cells(SEGMENTS, "Note 3 – Segments")
    by = {(c.row_path, c.col_label): c for c in cells}
    aero = by[("Net sales › Aeronautics", "Three Months Ended June 30, 2023")]
    assert (aero.value, aero.duration, aero.as_of, aero.scale, aero.unit) == (6473, "3M", date(2023, 6, 30), "millions", "USD")
    assert by[("Net sales › Space", "Six Months Ended June 30, 2022")].value == 5827
    margin = next(c for c in cells if c.row_label == "Operating margin")
    assert (margin.unit, margin.scale, margin.value) == ("%", "units", 10.5)
    members = next(c for c in cells if c.row_label.startswith("Paid memberships"))
    assert members.unit == "count"
    assert len(cells) == 5 * 4


def test_no_values_no_cells():
    assert table_cells("| a | b |\n|---|---|\n| x | y |") == []


RELEASE = """<html><body>
<p>WIDGETCO INC. FORM 10-Q For the quarterly period ended June 30, 2025</p>
<hr style="page-break-after:always"/>
<p><b>Condensed Consolidated Statements of Operations</b></p>
<p>(In millions, except per share data)</p>
<table>
<tr><td></td><td colspan="2">Three Months Ended June 30,</td></tr>
<tr><td></td><td>2025</td><td>2024</td></tr>
<tr><td>Net sales</td><td>$ 1,500</td><td>$ 1,400</td></tr>
<tr><td>Net income</td><td>150</td><td>120</td></tr>
</table>
<hr style="page-break-after:always"/>
<p><b>Note 4 – Segment information</b></p>
<p>The following table presents net sales by reportable segment (in millions):</p>
<table>
<tr><td></td><td colspan="2">Three Months Ended June 30,</td></tr>
<tr><td></td><td>2025</td><td>2024</td></tr>
<tr><td>Net sales:</td><td></td><td></td></tr>
<tr><td>Widgets</td><td>$ 1,200</td><td>$ 1,050</td></tr>
<tr><td>Gadgets</td><td>300</td><td>350</td></tr>
<tr><td>Total net sales</td><td>$ 1,500</td><td>$ 1,400</td></tr>
</table>
<p>Widgetco designs widgets and gadgets for industrial customers in many markets around the world.</p>
</body></html>"""


def test_a_segment_question_is_answered_from_its_row(env_db, tmp_path, monkeypatch):
    from click.testing import CliRunner

    from finchat.cli import cli
    from tests.conftest import wipe_documents

    wipe_documents(env_db)
    monkeypatch.setenv("FINCHAT_MD_DIR", str(tmp_path / "md"))
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "WIDGETCO_2025Q2_10Q.htm").write_text(RELEASE)
    res = CliRunner().invoke(cli, ["ingest", str(folder)])
    assert res.exit_code == 0, res.output
    out = CliRunner().invoke(cli, ["ask", "What were Widgetco's Gadgets net sales in Q2 2025?", "--no-llm"])
    first = out.output.splitlines()[0]
    assert "$300 million [WIDGETCO_2025Q2_10Q p.3]" in first and "$350 million" in first, out.output
    assert "$1,500" not in first  # never the consolidated figure as the segment's
    missing = CliRunner().invoke(cli, ["ask", "What were Widgetco's Sprockets net sales in Q2 2025?", "--no-llm"])
    assert missing.output.startswith("No figure for"), missing.output
    ranked = CliRunner().invoke(cli, ["ask", "Which Widgetco segment grew fastest in Q2 2025?", "--no-llm"])
    assert ranked.output.startswith("Widgets grew the most: Widgets $1,200 million (+14.3%"), ranked.output
    assert "Gadgets $300 million (−14.3%" in ranked.output and "Total" not in ranked.output.splitlines()[0]
    listed = CliRunner().invoke(cli, ["ask", "What were Widgetco's net sales by segment in Q2 2025?", "--no-llm"])
    first = listed.output.splitlines()[0]
    assert "Widgets $1,200 million" in first and "Gadgets $300 million" in first, listed.output


def test_a_table_kept_as_text_is_read_with_its_header():
    from finchat.graph.textrows import text_cells

    lead = "The following table shows information by segment (in millions): **Three Months Ended** **Nine Months Ended**"
    first = "**July 1,** **June 25,** **2023** **2022** Americas: Net sales $ 35,383 $ 37,472 $ 122,445 $ 129,850 " \
            "Operating income $ 13,117 $ 13,914 $ 44,908 $ 48,778 Greater China:"
    second = "Net sales $ 15,758 $ 14,604 $ 57,475 $ 58,730 Operating income $ 6,207 $ 5,760 $ 24,175 $ 25,055"
    carry: dict[str, object] = {}
    cells = text_cells(first, lead, date(2023, 7, 1), "10-Q", carry)
    cells += text_cells(second, first[-240:], date(2023, 7, 1), "10-Q", carry)
    by = {(c.row_path, c.duration, c.as_of): c.value for c in cells}
    assert by[("Americas › Net sales", "3M", date(2023, 7, 1))] == 35383
    assert by[("Americas › Net sales", "9M", date(2023, 7, 1))] == 122445
    # the split chunk keeps its heading and columns
    assert by[("Greater China › Operating income", "3M", date(2023, 7, 1))] == 6207
    assert by[("Greater China › Operating income", "3M", date(2022, 7, 1))] == 5760
    assert all(c.scale == "millions" and c.unit == "USD" for c in cells)
    # prose is no table, and a header of years is no row
    assert text_cells("Revenue increased $311 million and $596 million during the three and six months.", "",
                      date(2023, 7, 1), "10-Q", {}) == []


def test_a_statement_without_its_units_line_takes_the_filings_scale():
    from finchat.graph.consistency import adopt_filing_scale

    facts = [{"metric": "revenue", "value": 7837.0, "scale": "units", "unit": "USD"},
             {"metric": "eps_diluted", "value": 0.21, "scale": "units", "unit": "USD/share"},
             {"metric": "total_assets", "value": 91884.0, "scale": "millions", "unit": "USD"},
             {"metric": "cash", "value": 5_000_000_000.0, "scale": "units", "unit": "USD"}]
    assert adopt_filing_scale(facts) == 1
    assert [f["scale"] for f in facts] == ["millions", "units", "millions", "units"]
    assert adopt_filing_scale([{"value": 5.0, "scale": "units", "unit": "USD"}]) == 0  # nothing to take it from


def test_a_units_line_cut_across_cells_is_read():
    from finchat.graph.facts import extract_facts

    text = ("Consolidated Balance Sheets\n| (dollars in m | illions, except per share amounts) |  |\n|---|---|---|\n"
            "| At December 31, | 2022 | 2021 |\n| Total assets | $ 379,680 | $ 366,596 |\n"
            "| Total liabilities | 288,000 | 283,000 |\n")
    facts = [f for f in extract_facts(text, "Consolidated Balance Sheets") if f.metric == "total_assets"]
    assert facts and all(f.scale == "millions" for f in facts)

"""HTML filings (EDGAR's inline XBRL): pages, tables, the cover's tags, every tagged number, and ingest end to
end — on the real filings in ../shared/edgar and on small documents made here."""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path

import psycopg
import pytest
from click.testing import CliRunner

from finchat.cli import cli
from finchat.ingest.cover import CoverOnly, html_meta
from finchat.ingest.html import parse_html
from finchat.ingest.xbrl import cover_from_bytes, member_words, metric_facts, read_ixbrl
from tests.conftest import wipe_documents
from tests.edgar.replay import need_edgar


def _filing(name: str) -> Path:
    return need_edgar() / "filings" / name


def test_apple_10q_pages_and_statement_table():
    parsed = parse_html(_filing("aapl-10-q-2025-08-01.html"))
    pages = parsed.doc.pages
    assert len(pages) == 25  # the filing's own page breaks
    income = pages[2]
    assert "CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS" in income
    # "$" cells folded into the value, spacer columns gone, one row per line in the period columns
    assert "| Total net sales | 94,036 | 85,777 | 313,695 | 296,105 |" in income
    assert "| Other income/(expense), net | (171) | 142 | (698) | 250 |" in income
    assert "| iPhone® | 44,582 | 39,296 | 160,561 | 154,961 |" in pages[7]


def test_hidden_header_and_layout(tmp_path):
    page = tmp_path / "x.htm"
    page.write_text(
        "<html><body><div style='display:none'><ix:header>HIDDENFACT 0000999</ix:header></div>"
        "<div><span style='font-weight:700'>Revenue by segment</span></div>"
        "<table><tr><td></td><td colspan='3'>Three Months Ended</td></tr>"
        "<tr><td>Widgets</td><td>$</td><td>1,234</td><td></td></tr>"
        "<tr><td>Gadgets</td><td>(</td><td>56</td><td>)</td></tr>"
        "<tr><td>Margin</td><td></td><td>12.5</td><td>%</td></tr></table>"
        "<hr style='page-break-after:always'/><p>Second page text.</p></body></html>")
    doc = parse_html(page).doc
    assert len(doc.pages) == 2 and doc.pages[1] == "Second page text."
    assert "HIDDENFACT" not in doc.pages[0]
    assert "### Revenue by segment" in doc.pages[0]
    assert "| Widgets | 1,234 |" in doc.pages[0] and "| Gadgets | (56) |" in doc.pages[0]
    assert "| Margin | 12.5% |" in doc.pages[0]


def test_tagged_numbers_with_scale_sign_period_and_page():
    path = _filing("aapl-10-q-2025-08-01.html")
    facts, cover = read_ixbrl(path.read_bytes(), parse_html(path).fact_pages)
    assert cover.form == "10-Q" and cover.fiscal_period == "Q3" and cover.period_end == date(2025, 6, 28)
    m = metric_facts(facts)
    rev = m[("revenue", 3, date(2025, 6, 28))]
    assert (rev.value, rev.scale, rev.unit, rev.page, rev.printed) == (94_036e6, 6, "USD", 3, "94,036")
    other = [f for f in facts if f.concept == "us-gaap:NonoperatingIncomeExpense" and f.months == 3
             and f.end == date(2025, 6, 28) and not f.dimensions]
    assert other and other[0].value == -171e6  # sign="-" applied
    iphone = [f for f in facts if f.dimensions and member_words(f.dimensions[0][1]) == "iPhone" and f.months == 3
              and f.end == date(2025, 6, 28)]
    assert iphone and iphone[0].value == 44_582e6 and iphone[0].page == 8
    assert m[("eps_diluted", 3, date(2025, 6, 28))].value == 1.57


def test_cover_tags_nested_and_meta():
    c = cover_from_bytes(_filing("aapl-10-k-2024-11-01.html").read_bytes())
    assert (c.form, c.fiscal_year, c.fiscal_period, c.period_end, c.ticker) == ("10-K", 2024, "FY", date(2024, 9, 28), "AAPL")
    meta = html_meta(_filing("nvda-10-q-2025-08-27.html"))
    assert (meta.name, meta.fiscal_year, meta.fiscal_quarter, meta.period_end) == (
        "NVIDIA_2026Q2_10Q", 2026, "Q2", date(2025, 7, 27))
    with pytest.raises(CoverOnly):
        html_meta(_filing("orcl-8-k-oracle.html"))
    release = html_meta(_filing("bke-8-k-ex99-1.html"))  # no tags: company from the cover beside it
    assert (release.company_key, release.form) == ("BUCKLE", "8-K")


STATEMENT = """<html><body>
<div style="display:none"><ix:header><ix:hidden>
<ix:nonNumeric name="dei:DocumentType" contextRef="c1">10-Q</ix:nonNumeric>
<ix:nonNumeric name="dei:DocumentPeriodEndDate" contextRef="c1">June 30, 2025</ix:nonNumeric>
<ix:nonNumeric name="dei:DocumentFiscalYearFocus" contextRef="c1">2025</ix:nonNumeric>
<ix:nonNumeric name="dei:DocumentFiscalPeriodFocus" contextRef="c1">Q2</ix:nonNumeric>
<ix:nonNumeric name="dei:EntityRegistrantName" contextRef="c1">Widgetco Holdings Inc.</ix:nonNumeric>
</ix:hidden><ix:resources>
<xbrli:context id="c1"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000000001</xbrli:identifier></xbrli:entity>
<xbrli:period><xbrli:startDate>2025-04-01</xbrli:startDate><xbrli:endDate>2025-06-30</xbrli:endDate></xbrli:period></xbrli:context>
<xbrli:context id="c2"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000000001</xbrli:identifier></xbrli:entity>
<xbrli:period><xbrli:startDate>2024-04-01</xbrli:startDate><xbrli:endDate>2024-06-30</xbrli:endDate></xbrli:period></xbrli:context>
<xbrli:unit id="usd"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>
</ix:resources></ix:header></div>
<p>WIDGETCO HOLDINGS INC. FORM 10-Q for the quarterly period ended June 30, 2025</p>
<hr style="page-break-after:always"/>
<div><span style="font-weight:bold">CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS</span></div>
<table>
<tr><td></td><td colspan="2">Three Months Ended June 30,</td></tr>
<tr><td></td><td>2025</td><td>2024</td></tr>
<tr><td>Total revenue</td><td><ix:nonFraction name="us-gaap:Revenues" contextRef="c1" unitRef="usd" decimals="-6" scale="6" format="ixt:num-dot-decimal">5,120</ix:nonFraction></td>
<td><ix:nonFraction name="us-gaap:Revenues" contextRef="c2" unitRef="usd" decimals="-6" scale="6" format="ixt:num-dot-decimal">4,800</ix:nonFraction></td></tr>
<tr><td>Net income</td><td><ix:nonFraction name="us-gaap:NetIncomeLoss" contextRef="c1" unitRef="usd" decimals="-6" scale="6" format="ixt:num-dot-decimal">610</ix:nonFraction></td>
<td>(<ix:nonFraction name="us-gaap:NetIncomeLoss" contextRef="c2" unitRef="usd" decimals="-6" scale="6" sign="-" format="ixt:num-dot-decimal">35</ix:nonFraction>)</td></tr>
</table>
<p>Widgetco sells widgets and gadgets to industrial customers in many markets around the world every quarter.</p>
</body></html>"""


@pytest.fixture
def env(env_db, tmp_path, monkeypatch):
    wipe_documents(env_db)
    monkeypatch.setenv("FINCHAT_MD_DIR", str(tmp_path / "md"))
    return env_db


def test_ingest_html_tags_win_and_disagreements_are_counted(env, tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    # the table prints no units line, so the reader takes the figures in dollars; the tags say millions
    (folder / "widgetco-10q.htm").write_text(STATEMENT)
    (folder / "broken.htm").write_bytes(b"%PDF-1.4 not html at all")
    res = CliRunner().invoke(cli, ["ingest", str(folder)])
    assert res.exit_code == 1, res.output
    assert "broken.htm: not an HTML document" in res.output
    with psycopg.connect(env) as conn:
        doc = conn.execute("SELECT name, fiscal_year, fiscal_quarter, period_end, tag_notes FROM documents").fetchall()
        assert [d[:4] for d in doc] == [("WIDGETCO_HOLDINGS_2025Q2_10Q", 2025, "Q2", date(2025, 6, 30))]
        assert any("revenue" in n and "the tag 5,120 millions" in n for n in doc[0][4]), doc[0][4]
        n = conn.execute("SELECT count(*) FROM xbrl_facts").fetchone()
        assert n == (4,)
    facts = CliRunner().invoke(cli, ["graph", "facts", "WIDGETCO_HOLDINGS", "--metric", "net_income", "--json"])
    assert facts.exit_code == 0, facts.output
    assert '"scale": "millions"' in facts.output and "-35" in facts.output


def test_ask_answers_a_tagged_member(env, tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(_filing("aapl-10-q-2025-08-01.html"), folder)
    res = CliRunner().invoke(cli, ["ingest", str(folder)])
    assert res.exit_code == 0, res.output
    out = CliRunner().invoke(cli, ["ask", "What was Apple's iPhone revenue in Q3 fiscal 2025?", "--no-llm"])
    assert out.exit_code == 0, out.output
    first = out.output.splitlines()[0]
    # cited with the page number the filing prints as well (its cover and contents are unnumbered)
    assert "$44,582 million [APPLE_2025Q3_10Q p.8, printed 6]" in first and "$39,296 million" in first
    from finchat.db.pool import connect
    from finchat.graph.query import segment_rows

    with connect(env) as conn:  # the segments Apple tags (its regions) joined the graph
        names = {n for _, _, ns in segment_rows(conn, "APPLE") for n in ns}
    assert {"Americas", "Greater China", "Japan", "Rest of Asia Pacific"} <= names
    total = CliRunner().invoke(cli, ["ask", "What was Apple's revenue in Q3 fiscal 2025?", "--no-llm"])
    assert "$94,036 million [APPLE_2025Q3_10Q p.3, printed 1]" in total.output.splitlines()[0]

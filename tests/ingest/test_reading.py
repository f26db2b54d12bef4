"""A generated filing whose name lies about its period and whose pages print their own numbers, through
`finchat ingest`, `db status`, the scope of a question and its citations, against the real database."""

import json
import re
from pathlib import Path

import psycopg
import pytest
from click.testing import CliRunner
from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from finchat.cli import cli
from finchat.config import load_settings
from finchat.ingest.pipeline import ingest
from finchat.retrieve.filters import Filters
from finchat.retrieve.scope import scope_documents

NAME = "ZETACORP_2022Q2_10Q"  # the name claims fiscal 2022 Q2; the cover says the quarter ended June 2, 2023

PAGES = [
    ["UNITED STATES SECURITIES AND EXCHANGE COMMISSION", "FORM 10-Q",
     "QUARTERLY REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934",
     "For the quarterly period ended June 2, 2023", "Zetacorp Inc. (Exact name of registrant)"],
    ["ZETACORP INC.", "CONDENSED CONSOLIDATED STATEMENTS OF INCOME (In millions, except per share data)",
     "Three Months Ended Six Months Ended", "June 2, 2023 June 3, 2022 June 2, 2023 June 3, 2022",
     "Total revenue 5,309 4,386 10,489 8,648", "Net income 1,822 1,177 3,469 2,249"],
    ["Results of operations", ("Zetacorp's subscription revenue grew in the second quarter of fiscal 2023 "
                               "because of strong demand for the quasar licensing programme in Europe.")],
    ["Liquidity", "Cash provided by operating activities funded the share repurchase programme in fiscal 2023."],
]


#: Enough prose per page that each page is chunked on its own.
FILLER = [f"Line {n} of the discussion: management reviews segment performance, pricing, costs and capital "
          "allocation each quarter." for n in range(34)]


def make_filing(path: Path) -> Path:
    """Four pages; every page but the cover prints its number at the foot, counting from 1 after the cover."""
    c = canvas.Canvas(str(path), pagesize=letter)
    for i, lines in enumerate(PAGES):
        y = 740
        c.setFont("Helvetica", 7)
        for line in [*lines, *(FILLER if i >= 2 else [])]:
            c.drawString(72, y, line)
            y -= 15
        if i:
            c.drawString(300, 60, str(i))
        c.showPage()
    c.save()
    return path


@pytest.fixture
def stored(env_db, tmp_path, monkeypatch):
    monkeypatch.setenv("FINCHAT_MD_DIR", str(tmp_path / "md"))
    with psycopg.connect(env_db, autocommit=True) as conn:
        conn.execute("DELETE FROM documents")
    folder = tmp_path / "in"
    folder.mkdir()
    make_filing(folder / f"{NAME}.pdf")
    rep = ingest([folder], load_settings())
    assert [r.status for r in rep.results] == ["ingested"], rep.results
    return env_db, folder, rep


def test_the_document_period_wins_and_the_disagreement_is_shown(stored):
    url, _, rep = stored
    assert "name says FY2022 Q2, the cover FY2023 Q2 (to 2023-06-02)" in rep.results[0].detected
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT fiscal_year, fiscal_quarter, period_end::text, name_fiscal_year, name_fiscal_quarter,"
                           " period_source FROM documents WHERE name = %s", (NAME,)).fetchone()
        assert row == (2023, "Q2", "2023-06-02", 2022, "Q2", "cover")
        printed = conn.execute("SELECT page, label FROM printed_pages pp JOIN documents d ON d.id = pp.document_id"
                               " ORDER BY page").fetchall()
        assert printed == [(2, "1"), (3, "2"), (4, "3")]
    again = CliRunner().invoke(cli, ["ingest", str(stored[1]), "--force"]).output
    assert f"filings whose name gives another period than the document (the document's is used):\n  {NAME}: the name" \
        in again
    out = CliRunner().invoke(cli, ["db", "status"]).output
    assert "FY2023 Q2 (to 2023-06-02)" in out
    assert f"{NAME}: the name says FY2022 Q2, the cover FY2023 Q2" in out
    data = json.loads(CliRunner().invoke(cli, ["db", "status", "--json"]).output)
    (f,) = data["filings"]
    assert (f["fiscal_year"], f["name_fiscal_year"], f["period_source"]) == (2023, 2022, "cover")


def test_either_naming_finds_the_filing(stored):
    url, _, _ = stored
    with psycopg.connect(url) as conn:
        (doc_id,) = conn.execute("SELECT id FROM documents WHERE name = %s", (NAME,)).fetchone()
        for year, relaxed in ((2023, []), (2022, ["period as the file name gives it (the filing itself states another)"])):
            f = Filters(companies=["ZETACORP"], years=[year], quarters=["Q2"])
            found, _ = scope_documents(conn, f)
            assert found == [doc_id] and f.relaxed == relaxed
        f = Filters(companies=["ZETACORP"], years=[2022], quarters=["Q3"])
        found, _ = scope_documents(conn, f)
        assert "period as the file name gives it (the filing itself states another)" not in f.relaxed


def test_citations_carry_the_printed_page(stored, monkeypatch):
    monkeypatch.setenv("OLLAMA_HOST", "http://127.0.0.1:9")
    res = CliRunner().invoke(cli, ["ask", "Why did Zetacorp's subscription revenue grow (quasar licensing)?",
                                   "--no-llm", "--json", "--k", "4"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.output)
    page3 = [c for c in d["chunks"] if c["page_start"] == 3]
    assert page3 and page3[0]["printed_page_start"] == "2"
    plain = CliRunner().invoke(cli, ["ask", "Why did Zetacorp's subscription revenue grow (quasar licensing)?",
                                     "--no-llm", "--k", "4"]).output
    # (the passage holding page 3 is cited with page 3's printed number, whether the short pages before it were
    # chunked with it or not: "p.3, printed 2", "pp.1-3, printed 2")
    assert re.search(rf"{NAME} (?:p\.3|pp\.\d+-3), printed 2\b", plain), plain


def test_filings_stored_before_are_read_again_without_reloading(stored):
    url, folder, _ = stored
    with psycopg.connect(url, autocommit=True) as conn:
        # what an older version stored: the name's period, no printed pages
        conn.execute("UPDATE documents SET fiscal_year = 2022, period_end = NULL, meta_version = 0, period_note = NULL")
        conn.execute("DELETE FROM printed_pages")
        chunks = conn.execute("SELECT array_agg(id ORDER BY id) FROM chunks").fetchone()[0]
    rep = ingest([folder], load_settings())
    assert [(r.status, r.reason) for r in rep.results] == [("skipped", "unchanged; period and page numbers read again")]
    with psycopg.connect(url) as conn:
        assert conn.execute("SELECT fiscal_year, period_end::text, meta_version > 0 FROM documents").fetchone() == (
            2023, "2023-06-02", True)
        assert conn.execute("SELECT count(*) FROM printed_pages").fetchone() == (3,)
        assert conn.execute("SELECT array_agg(id ORDER BY id) FROM chunks").fetchone()[0] == chunks  # not reloaded
    again = ingest([folder], load_settings())
    assert [(r.status, r.reason) for r in again.results] == [("skipped", "unchanged")]


def test_one_filing_under_two_names_is_searched_once(stored):
    import shutil

    url, folder, _ = stored
    shutil.copy(folder / f"{NAME}.pdf", folder / "ZETACORP_2023Q2_10Q.pdf")
    ingest([folder], load_settings())
    with psycopg.connect(url) as conn:
        ids = [r[0] for r in conn.execute("SELECT id FROM documents ORDER BY id").fetchall()]
        assert len(ids) == 2
        f = Filters(companies=["ZETACORP"], years=[2023], quarters=["Q2"])
        found, exact = scope_documents(conn, f)
        assert found == exact == [ids[0]]

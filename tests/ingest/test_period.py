"""A filing's period read from its own text (finchat/ingest/period.py) and its printed page numbers
(finchat/ingest/printed.py): text shapes as filings print them, and the real FinanceBench filings whose
names lie."""

from datetime import date
from pathlib import Path

import pytest

from finchat.ingest.naming import meta_from_path
from finchat.ingest.period import disagreement, read_period
from finchat.ingest.printed import _Candidate, agreed_labels, page_candidates
from finchat.ingest.reading import read_filing
from finchat.retrieve.fusion import page_reference
from tests.conftest import FINANCEBENCH

COVER_10Q = ("UNITED STATES SECURITIES AND EXCHANGE COMMISSION\nFORM 10-Q\nQUARTERLY REPORT PURSUANT TO SECTION 13\n"
             "For the quarterly period ended {end}\nor\nFor the transition period from ____ to ____\n")
COVER_10K = ("FORM 10-K\nANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d)\nFor the fiscal year ended {end}\n")


def statement(header: str) -> str:
    return f"CONDENSED CONSOLIDATED STATEMENTS OF INCOME\n{header}\nRevenue 5,309 4,386\nNet income 1,822 1,177\n"


@pytest.mark.parametrize(("pages", "form", "expected"), [
    # Adobe: quarter ended June 2, 2023, six-month columns → Q2; the fiscal year ends ~December 2023
    ([COVER_10Q.format(end="June 2, 2023"), statement("Three Months Ended Six Months Ended\nJune 2,\n2023\nJune 3,\n2022")],
     "10-Q", (2023, "Q2", date(2023, 6, 2))),
    # PG&E: the quarter ended September 30, 2022 with nine-month columns is Q3 of fiscal 2022
    ([COVER_10Q.format(end="September 30, 2022"), statement("Three Months Ended September 30, Nine Months Ended September 30,")],
     "10-Q", (2022, "Q3", date(2022, 9, 30))),
    # 52/53-week quarter: 26 weeks ended July 29, 2023 → Q2; its year ends ~February 3, 2024, named by the
    # document's own "fiscal 2024"
    ([COVER_10Q.format(end="July 29, 2023"), statement("13 Weeks Ended 26 Weeks Ended July 29, 2023 July 30, 2022"),
      "Results for the second quarter of fiscal 2024 compared with fiscal 2023. Fiscal 2024 outlook."],
     "10-Q", (2024, "Q2", date(2023, 7, 29))),
    # …and the same dates in a filing that calls that year "2023" ("third quarter 2023" style footers)
    ([COVER_10Q.format(end="July 29, 2023"), statement("Thirteen weeks ended Twenty-six weeks ended July 29, 2023"),
      "Second Quarter 2023 Form 10-Q Page 3", "Second Quarter 2023 Form 10-Q Page 4"],
     "10-Q", (2023, "Q2", date(2023, 7, 29))),
    # a year ending in a month's first week belongs to the month before (Pfizer's quarter ended July 2)
    ([COVER_10Q.format(end="July 2, 2023"), statement("Three Months Ended Six Months Ended July 2, 2023 July 3, 2022")],
     "10-Q", (2023, "Q2", date(2023, 7, 2))),
    ([COVER_10K.format(end="January 1, 2023")], "10-K", (2022, "FY", date(2023, 1, 1))),
    ([COVER_10K.format(end="May 28, 2023")], "10-K", (2023, "FY", date(2023, 5, 28))),
    # earnings releases: the headline names the quarter
    (["Ulta Beauty Announces Fourth Quarter\nFiscal 2022 Results\nthe period ended January 28, 2023"],
     "EARNINGS", (2022, "Q4", None)),
    (["FOR IMMEDIATE RELEASE\n• 2023 Second-Quarter reported sales growth of 6.3%"], "EARNINGS", (2023, "Q2", None)),
    ([("News Release\nLockheed Martin Reports Second Quarter 2023 Financial Results\nfor the quarters ended June 25, "
       "2023 and June 26, 2022")], "10-Q", (2023, "Q2", date(2023, 6, 25))),
])
def test_read_period(pages, form, expected):
    got = read_period(pages, form)
    assert got is not None
    assert (got.fiscal_year, got.fiscal_quarter, got.period_end) == expected


def test_a_quoted_period_outside_a_cover_is_not_the_cover():
    # text quoting "for the quarter ended …" without a 10-Q cover: read as a release, with no quarter named
    got = read_period(["Our results for the quarter ended June 30, 2021 were strong."], "10-Q")
    assert (got.source, got.fiscal_year, got.fiscal_quarter, got.period_end) == ("release", None, None, date(2021, 6, 30))


def test_three_month_columns_alone_keep_the_names_quarter():
    pages = [COVER_10Q.format(end="July 1, 2023"), statement("Three Months Ended July 1, 2023 June 25, 2022")]
    assert read_period(pages, "10-Q", "Q3").fiscal_quarter == "Q3"
    assert read_period(pages, "10-Q", None).fiscal_quarter == "Q1"  # nothing better to go on


def test_disagreement_line():
    got = read_period([COVER_10Q.format(end="June 2, 2023"), statement("Six Months Ended June 2, 2023")], "10-Q")
    assert disagreement(2022, "Q2", got) == ("the name says FY2022 Q2, the cover FY2023 Q2 (to 2023-06-02); "
                                            "using the cover's")
    assert disagreement(2023, "Q2", got) is None


def test_printed_labels_need_a_neighbour_that_agrees():
    pages = [[], [_Candidate("", 1)], [_Candidate("", 2023), _Candidate("", 2)], [_Candidate("", 3)],
             [_Candidate("F", 1)], [_Candidate("F", 2)], [_Candidate("", 77)]]
    assert agreed_labels(pages) == [None, "1", "2", "3", "F-1", "F-2", None]


@pytest.mark.parametrize(("line", "label"), [
    ("23", "23"), ("F-12", "F-12"), ("Apple Inc. | Q3 2023 Form 10-Q | 5", "5"), ("Page 7", "7"),
    ("- 12 -", "12"), ("2019 FORM 10-K 29", "29"), ("30 NIKE, INC.", "30")])
def test_footer_shapes(line, label):
    assert [c.label for c in page_candidates([(700.0, 710.0, line)])][:1] == [label]


def test_page_reference():
    assert page_reference(26, 26, "24") == "p.26, printed 24"
    assert page_reference(4, 4, "4") == "p.4"
    assert page_reference(4, 4, None) == "p.4"
    assert page_reference(30, 31, "F-3", "F-4") == "pp.30-31, printed F-3-F-4"
    assert page_reference(5, 6, "5", "6") == "pp.5-6"


FB = FINANCEBENCH / "pdfs"


@pytest.mark.financebench
@pytest.mark.parametrize(("name", "period", "note"), [
    ("ADOBE_2022Q2_10Q", (2023, "Q2", date(2023, 6, 2)), True),
    ("PG_E_2023Q3_10Q", (2022, "Q3", date(2022, 9, 30)), True),
    ("WALMART_2024Q1_10Q", (2024, "Q1", date(2023, 4, 30)), False),
    ("APPLE_2023Q3_10Q", (2023, "Q3", date(2023, 7, 1)), False),
])
def test_real_filings_whose_names_lie(name, period, note):
    path = FB / f"{name}.pdf"
    if not path.exists():
        pytest.skip("../shared/financebench is not here")
    meta = read_filing(path, meta_from_path(path))
    assert (meta.fiscal_year, meta.fiscal_quarter, meta.period_end) == period
    assert (meta.period_note is not None) == note
    named = meta_from_path(path)
    assert (meta.name_fiscal_year, meta.name_fiscal_quarter) == (named.fiscal_year, named.fiscal_quarter)


@pytest.mark.financebench
def test_real_10k_prints_other_page_numbers():
    path = FB / "3M_2022_10K.pdf"
    if not path.exists():
        pytest.skip("../shared/financebench is not here")
    labels = read_filing(path, meta_from_path(path)).printed_pages
    assert len(labels) > 200
    differ = [(i + 1, lab) for i, lab in enumerate(labels) if lab and lab != str(i + 1)]
    assert len(differ) > 50 and any(lab.startswith("A-") for _, lab in differ)


def test_unreadable_pdf_keeps_the_names_period(tmp_path: Path):
    bad = tmp_path / "ACME_2023Q2_10Q.pdf"
    bad.write_bytes(b"%PDF-1.4 broken")
    meta = read_filing(bad, meta_from_path(bad), ["nothing useful"])
    assert (meta.fiscal_year, meta.fiscal_quarter, meta.printed_pages) == (2023, "Q2", ())

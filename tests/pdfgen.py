"""Generate small, realistic 10-Q-like PDFs inside the tests (never real filings)."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.pagesizes import letter
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

PROSE = (
    "Total net sales increased during the third quarter compared to the same quarter a year ago, driven by "
    "higher sales of services and wearables. The Company continues to invest in research and development. "
    "Gross margin percentage was affected by foreign currency and product mix. Operating expenses grew "
    "because of headcount-related costs. "
)

#: The statement table's rows: label, three months 2023, three months 2022.
STATEMENT = [
    ("Net sales", "$ 81,797", "$ 82,959"),
    ("Cost of sales", "45,384", "47,074"),
    ("Gross margin", "36,413", "35,885"),
    ("Research and development", "7,442", "6,797"),
    ("Selling, general and administrative", "5,973", "6,012"),
    ("Total operating expenses", "13,415", "12,809"),
    ("Operating income", "22,998", "23,076"),
    ("Other income/(expense), net", "(265)", "(10)"),
    ("Income before provision for income taxes", "22,733", "23,066"),
    ("Provision for income taxes", "2,852", "3,624"),
    ("Net income", "$ 19,881", "$ 19,442"),
    ("Basic earnings per share", "$ 1.27", "$ 1.20"),
    ("Diluted earnings per share", "$ 1.26", "$ 1.20"),
]


def _footer(canvas, doc):  # type: ignore[no-untyped-def]
    canvas.saveState()
    canvas.setFont("Helvetica", 8)
    canvas.drawString(72, 40, f"Testco Inc. | Q3 2023 Form 10-Q | {doc.page}")
    canvas.restoreState()


def make_filing(path: Path, *, company: str = "Testco Inc.", prose_paragraphs: int = 6,
                statement_rows: int = 40, extra_word: str = "", extra: tuple[str, ...] = (),
                extra_headings: tuple[str, ...] = (),
                extra_tables: tuple[tuple[str, list[list[str]]], ...] = ()) -> Path:
    """A filing: cover, table of contents, statement table that crosses a page break, MD&A prose with
    headings (then the ``extra`` paragraphs, under ``extra_headings`` where given; an extra's blank lines part
    paragraphs under its heading; then each of ``extra_tables``, (caption, rows with the header first), on a page of
    its own), and a signature block. Every page carries a running footer."""
    styles = getSampleStyleSheet()
    h1, h2, body = styles["Heading1"], styles["Heading2"], styles["BodyText"]
    story: list = [
        Paragraph("UNITED STATES SECURITIES AND EXCHANGE COMMISSION", h1),
        Paragraph("FORM 10-Q", h1),
        Paragraph("For the quarterly period ended July 1, 2023", body),
        Paragraph(f"{company} (Exact name of Registrant as specified in its charter)", body),
        Paragraph("Indicate by check mark whether the Registrant is a large accelerated filer. ☒ Yes ☐ No", body),
        PageBreak(),
        Paragraph("TABLE OF CONTENTS", h1),
    ]
    toc = [["Part I", "", "Page"], ["Item 1.", "Financial Statements", "1"], ["Item 2.", "Management's Discussion", "14"],
           ["Item 3.", "Market Risk", "19"], ["Item 4.", "Controls and Procedures", "19"], ["Item 1A.", "Risk Factors", "20"]]
    story += [Table(toc), PageBreak()]
    story += [Paragraph("Item 1. Financial Statements", h1)]
    for _ in range(10):  # push the table down so it crosses the page break
        story.append(Paragraph(PROSE[:120], body))
    story += [Paragraph("CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS (Unaudited)", h2),
              Paragraph("(In millions, except per share amounts)", body)]
    rows = [["", "Three Months Ended July 1, 2023", "Three Months Ended June 25, 2022"]]
    base = list(STATEMENT)
    i = 0
    while len(rows) - 1 < statement_rows:
        label, a, b = base[i % len(base)]
        rows.append([label if i < len(base) else f"{label} (segment {i // len(base)})", a, b])
        i += 1
    t = Table(rows, repeatRows=1)
    t.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.black), ("FONTSIZE", (0, 0), (-1, -1), 8)]))
    story += [t, PageBreak(), Paragraph("Item 2. Management's Discussion and Analysis", h1)]
    for k in range(prose_paragraphs):
        story.append(Paragraph(f"Segment Results {k + 1}", h2))
        story.append(Paragraph((PROSE + extra_word + " ") * 3, body))
    for i, para in enumerate(extra):
        heading = extra_headings[i] if i < len(extra_headings) else f"Additional Discussion {i + 1}"
        # (an extra holding blank lines is several paragraphs under the one heading)
        story += [PageBreak(), Paragraph(heading, h2), *(Paragraph(p, body) for p in para.split("\n\n"))]
    for caption, table_rows in extra_tables:
        extra_table = Table(table_rows)
        extra_table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.black), ("FONTSIZE", (0, 0), (-1, -1), 8)]))
        story += [PageBreak(), Paragraph(caption, h2), Paragraph("(Dollars in millions)", body), extra_table]
    story += [PageBreak(), Paragraph("SIGNATURES", h1),
              Paragraph("Pursuant to the requirements of the Securities Exchange Act of 1934, the Registrant has duly "
                        "caused this report to be signed on its behalf by the undersigned thereunto duly authorized.", body),
              Paragraph("By: /s/ Jane Doe, Chief Financial Officer", body), Spacer(1, 12)]
    SimpleDocTemplate(str(path), pagesize=letter).build(story, onFirstPage=_footer, onLaterPages=_footer)
    return path


def make_scanned(path: Path) -> Path:
    """A PDF whose only page is an image: no text layer."""
    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page()
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 200, 100), False)
    pix.clear_with(200)
    page.insert_image(page.rect, pixmap=pix)
    doc.save(path)
    return path


def make_encrypted(path: Path) -> Path:
    import pymupdf

    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "secret numbers 1 2 3")
    doc.save(path, encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="pw", owner_pw="pw")
    return path

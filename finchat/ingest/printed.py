"""The page numbers a filing prints ("23" at the foot of a page, "F-12", "Page 5", "… Form 10-Q | 7").

An analyst holding the printed report looks a citation up by its printed number, which differs from the PDF
page index (the cover and table of contents are usually unnumbered). Each page's footer and header lines are
read from the PDF's text layer with their positions; a candidate counts only when a page within
``NEIGHBOURS`` agrees with it (same prefix, numbers that advance with the PDF pages), so a lone figure or
year in a footer is not taken for a page number. Pages with no agreed number get None.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: A footer line holding only a page number, or ending in one ("Page 5", "| 7", "- 12 -", "F-12",
#: "2019 FORM 10-K 29").
_LABEL = re.compile(r"(?i)^(?:.*(?:\||\bpage|[a-z]\s))?\s*[-–]?\s*(?P<prefix>[A-Z]{1,2}\s?[-–]\s?)?(?P<n>\d{1,4})\s*[-–]?$")
#: … or starting with one ("30 NIKE, INC.").
_LEADING = re.compile(r"^(?P<n>\d{1,4})\s+[A-Za-z]")
#: Longest footer line searched for a number.
MAX_LINE = 80
#: Lines searched for the number: the lowest ones on the page (the footer; printed-to-PDF filings put it
#: well above the sheet's edge), then the highest (the header).
FOOT, HEAD = 3, 2
#: A candidate needs another page this close whose number agrees.
NEIGHBOURS = 3


@dataclass(frozen=True)
class _Candidate:
    prefix: str
    number: int

    @property
    def label(self) -> str:
        return f"{self.prefix}-{self.number}" if self.prefix else str(self.number)


def _lines(page: Any) -> list[tuple[float, float, str]]:
    """(top, bottom, text) of each text line of a pymupdf page."""
    lines: dict[tuple[int, int], list[Any]] = {}
    for w in page.get_text("words"):
        lines.setdefault((w[5], w[6]), []).append(w)
    out = []
    for ws in lines.values():
        ws.sort(key=lambda w: w[0])
        out.append((min(w[1] for w in ws), max(w[3] for w in ws), " ".join(w[4] for w in ws)))
    return out


def page_candidates(lines: list[tuple[float, float, str]]) -> list[_Candidate]:
    """Possible printed numbers of one page: its lowest lines bottom-up, then its highest top-down."""
    foot = sorted(lines, key=lambda ln: -ln[1])[:FOOT]
    head = sorted(lines, key=lambda ln: ln[0])[:HEAD]
    out = []
    for _, _, text in [*foot, *head]:
        if len(text) > MAX_LINE:
            continue
        m = _LABEL.match(text.strip())
        if m:
            prefix = re.sub(r"[\s\-–]", "", m.group("prefix") or "").upper()
            out.append(_Candidate(prefix, int(m.group("n"))))
        m = _LEADING.match(text.strip())
        if m:
            out.append(_Candidate("", int(m.group("n"))))
    return out


def agreed_labels(candidates: list[list[_Candidate]]) -> list[str | None]:
    """One label per page: the first candidate that a page within NEIGHBOURS confirms (same prefix, the
    number advancing by the pages between them), else None."""
    out: list[str | None] = []
    for i, cands in enumerate(candidates):
        label = None
        for c in cands:
            lo, hi = max(0, i - NEIGHBOURS), min(len(candidates), i + NEIGHBOURS + 1)
            if any(o.prefix == c.prefix and o.number - c.number == j - i
                   for j in range(lo, hi) if j != i for o in candidates[j]):
                label = c.label
                break
        out.append(label)
    return out


def printed_page_labels(path: Path) -> list[str | None]:
    """The printed page number of every page of the PDF at ``path`` (index 0 = page 1), None where the page
    prints none. Raises whatever pymupdf raises for an unreadable file (the caller has opened it already)."""
    import pymupdf

    with pymupdf.open(path) as doc:  # type: ignore[no-untyped-call]
        return agreed_labels([page_candidates(_lines(p)) for p in doc])


def text_page_labels(pages: list[str]) -> list[str | None]:
    """The printed page number of every page of a text document (an HTML filing's Markdown pages, index 0 =
    page 1): its lines in order stand for their positions, table rows and headings left out."""
    cands = []
    for page in pages:
        lines = [ln.strip() for ln in page.splitlines() if ln.strip() and not ln.lstrip().startswith(("|", "#"))]
        cands.append(page_candidates([(float(i), float(i), ln) for i, ln in enumerate(lines)]))
    return agreed_labels(cands)


def pdf_head_texts(path: Path, pages: int = 15) -> list[str]:
    """Plain text of the first ``pages`` pages (for :func:`finchat.ingest.period.read_period`)."""
    import pymupdf

    with pymupdf.open(path) as doc:  # type: ignore[no-untyped-call]
        return [doc[i].get_text() for i in range(min(pages, doc.page_count))]


__all__ = ["agreed_labels", "page_candidates", "pdf_head_texts", "printed_page_labels", "text_page_labels"]

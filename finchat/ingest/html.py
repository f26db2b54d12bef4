"""Parse: an EDGAR HTML filing (a 10-K/10-Q primary document with inline XBRL, or an exhibit such as an
earnings release) → Markdown, one string per page, the same ``ParsedDoc`` a PDF gives.

Pages are the filing's own page breaks (``page-break-before/after: always``, which EDGAR filings print
between their pages), so citations keep the page an analyst sees. Tables stay tables: the column-per-glyph
layout of SEC HTML ("$" in one cell, "1,234" in the next, ")" in a third) is folded into one cell per value,
empty spacer columns dropped, a negative printed in parentheses kept as ``(1,234)``, footnote markers kept.
The inline-XBRL header (``ix:header``: hidden facts, contexts, units) and anything styled ``display:none`` are
not text. Bold one-line paragraphs become headings, so chunks start at the filing's own sections.

lxml reads the HTML; every tagged number's page is recorded (``ParsedHtml.fact_pages``) for
finchat/ingest/xbrl.py. Compared with edgartools' and html2text's converters on these filings (eval/README.md,
"HTML to Markdown"), this keeps each statement row on one line with its values in the period columns.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from finchat.errors import IngestError
from finchat.ingest.parse import ParsedDoc, clean_markdown

PARSER_VERSION = "html/1"
_BREAK_AFTER = re.compile(r"(?i)page-break-after\s*:\s*always|break-after\s*:\s*page")
_BREAK_BEFORE = re.compile(r"(?i)page-break-before\s*:\s*always|break-before\s*:\s*page")
_HIDDEN = re.compile(r"(?i)display\s*:\s*none")
_BOLD = re.compile(r"(?i)font-weight\s*:\s*(?:bold|[6-9]00)")
_BLOCKS = frozenset({"div", "p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "ul", "ol", "center", "blockquote",
                     "section", "article", "body", "pre", "dl", "dt", "dd"})
_SKIP = frozenset({"script", "style", "head", "title", "ix:header", "xbrli:context", "xbrli:unit"})
_WS = re.compile(r"[ \t\r\n\u00a0\u2009\u200b]+")
_NUMERIC = re.compile(r"^\(?-?\$?\s*\(?[\d,]*\.?\d+\)?%?\)?$")
#: A heading is a bold paragraph no longer than this (characters): longer bold runs are emphasised prose.
HEADING_MAX = 120


@dataclass
class ParsedHtml:
    """A parsed HTML filing: Markdown pages, the page (1-based) of every tagged fact's id, and raw bytes."""

    doc: ParsedDoc
    fact_pages: dict[str, int] = field(default_factory=dict)


def read_html_bytes(path: Path) -> bytes:
    """The file's bytes; IngestError (one line) when it cannot be read or is not HTML."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise IngestError(f"{path}: cannot read ({exc.strerror or exc})") from exc
    head = data[:4096].lstrip().lower()
    if not data.strip():
        raise IngestError(f"{path}: the file is empty")
    if b"<html" not in head and b"<?xml" not in head and b"<!doctype" not in head and b"<div" not in head:
        raise IngestError(f"{path}: not an HTML document (no <html> at its start)")
    return data


def _root(data: bytes, path: Path) -> Any:
    import lxml.html

    try:
        root = lxml.html.document_fromstring(data)
    except Exception as exc:  # lxml raises ParserError, ValueError …
        raise IngestError(f"{path}: unreadable HTML ({str(exc).splitlines()[0][:120]})") from exc
    return root


def _tag(el: Any) -> str:
    return el.tag.lower() if isinstance(el.tag, str) else ""


def _style(el: Any) -> str:
    return str(el.get("style") or "")


def _text(el: Any) -> str:
    """Visible text of ``el`` on one line (hidden descendants skipped)."""
    parts: list[str] = []

    def walk(e: Any) -> None:
        tag = _tag(e)
        if tag in _SKIP or _HIDDEN.search(_style(e)):
            if e.tail:
                parts.append(e.tail)
            return
        if tag == "br":
            parts.append(" ")
        if e.text and tag:
            parts.append(e.text)
        for c in e:
            walk(c)
        if e.tail and e is not el:
            parts.append(e.tail)

    walk(el)
    return _WS.sub(" ", "".join(parts)).strip()


class _Writer:
    """Walks the body in document order and writes Markdown lines into pages."""

    def __init__(self) -> None:
        self.pages: list[list[str]] = [[]]
        self.inline: list[str] = []
        self.inline_bold: list[bool] = []
        self.fact_pages: dict[str, int] = {}

    def new_page(self) -> None:
        self.flush()
        if self.pages[-1]:
            self.pages.append([])

    def flush(self) -> None:
        text = _WS.sub(" ", "".join(self.inline)).strip()
        if text:
            bold = bool(self.inline_bold) and all(self.inline_bold)
            if bold and len(text) <= HEADING_MAX and not _NUMERIC.match(text):
                self.pages[-1].append(f"### {text}")
            else:
                self.pages[-1].append(text)
        self.inline, self.inline_bold = [], []

    def note_fact(self, el: Any) -> None:
        fid = el.get("id")
        if fid:
            self.fact_pages[fid] = len(self.pages)

    def text(self, s: str | None, bold: bool) -> None:
        if s:
            self.inline.append(s)
            if s.strip():
                self.inline_bold.append(bold)

    def walk(self, el: Any, bold: bool = False) -> None:
        tag = _tag(el)
        style = _style(el)
        if tag in _SKIP or (style and _HIDDEN.search(style)):
            return
        if style and _BREAK_BEFORE.search(style):
            self.new_page()
        if tag == "ix:nonfraction":
            self.note_fact(el)
        bold = bold or tag in ("b", "strong") or bool(style and _BOLD.search(style))
        if tag == "table":
            self.flush()
            self.table(el)
        elif tag in ("hr", "br"):
            self.flush()
        else:
            block = tag in _BLOCKS
            if block:
                self.flush()
            self.text(el.text, bold)
            for child in el:
                self.walk(child, bold)
                self.text(child.tail, bold)
            if block:
                self.flush()
        if style and _BREAK_AFTER.search(style):
            self.new_page()

    def table(self, el: Any) -> None:
        for fact in el.iter():
            if _tag(fact) == "ix:nonfraction" and not _hidden_under(fact, el):
                self.note_fact(fact)
        rows = table_rows(el)
        if not rows:
            return
        if len(rows) == 1 or max(len(r) for r in rows) == 1:
            for r in rows:  # a layout table (a bullet, a one-cell box): its text is prose
                line = " ".join(c for c in r if c)
                if line:
                    self.pages[-1].append(line)
            return
        self.pages[-1].append("")
        self.pages[-1].extend(markdown_table(rows))
        self.pages[-1].append("")


def _hidden_under(el: Any, top: Any) -> bool:
    e = el
    while e is not None and e is not top:
        if _HIDDEN.search(_style(e)):
            return True
        e = e.getparent()
    return False


def _cells(tr: Any) -> list[tuple[str, int]]:
    out = []
    for td in tr:
        if _tag(td) not in ("td", "th"):
            continue
        try:
            span = max(1, min(int(td.get("colspan") or 1), 50))
        except ValueError:
            span = 1
        out.append((_text(td), span))
    return out


def table_rows(table: Any) -> list[list[str]]:
    """The table as rows of cells, one cell per printed value: spacer columns dropped, "$" and "%" and a
    closing ")" folded into the value beside them, a row label kept in the first cell, a header spanning
    several periods over the first of them."""
    grid: list[list[str]] = []
    spans: list[tuple[int, int, int, str]] = []   # (row, first grid column, last, text) of spanning text cells
    for tr in table.iter("tr"):
        if _HIDDEN.search(_style(tr)):
            continue
        row: list[str] = []
        for text, span in _cells(tr):
            # a number sits at its spanned group's right edge, where a "$" cell's neighbour ends; text at
            # its left edge
            if _NUMERIC.match(text.replace(" ", "")):
                row.extend([""] * (span - 1))
                row.append(text)
            else:
                if span > 1 and text:
                    spans.append((len(grid), len(row), len(row) + span - 1, text))
                row.append(text)
                row.extend([""] * (span - 1))
        grid.append(row)
    width = max((len(r) for r in grid), default=0)
    rows_kept = [i for i, r in enumerate(grid) if any(c.strip() for c in r)]
    grid = [grid[i] + [""] * (width - len(grid[i])) for i in rows_kept]
    if not grid:
        return []
    folded = [_fold(r) for r in grid]
    keep = [j for j in range(width) if any(r[j] for r in folded)]
    groups = _merge_groups([[r[j] for j in keep] for r in folded])
    cols = [[keep[k] for k in g] for g in groups]          # final column → its grid columns
    out = [["".join(r[c] for c in cs if r[c]) if len(cs) > 1 else r[cs[0]] for cs in cols] for r in folded]
    where = {old: new for new, old in enumerate(rows_kept)}
    # where each final column's values sit in the grid: a spanning header goes over the first column whose
    # values lie inside its span
    value_at = [{c for c in cs for r in folded if r[c] and _NUMERIC.match(r[c].replace(" ", ""))} for cs in cols]
    for r, first, last, text in spans:
        if r not in where or first == 0:
            continue
        i = where[r]
        at = next((k for k, cs in enumerate(cols) if first in cs), None)
        target = next((k for k, vs in enumerate(value_at) if k > 0 and any(first <= c <= last for c in vs)), None)
        if at and target is not None and at != target and out[i][at] == text and not out[i][target]:
            out[i][at], out[i][target] = "", text
    return out


def _merge_groups(rows: list[list[str]]) -> list[list[int]]:
    """Neighbouring value columns that never both hold a cell in one row, grouped: SEC tables place a header
    ("2025", "June 28, 2025") or an unmarked value one grid column away from the "$"-marked values of the
    same period. The label column (0) is never merged."""
    if not rows:
        return []
    width = len(rows[0])
    groups = [[j] for j in range(width)]
    filled = [[bool(r[j]) for r in rows] for j in range(width)]
    k = 1
    while k < len(groups) - 1:
        a, b = filled[groups[k][0]], filled[groups[k + 1][0]]
        merged = [x or y for x, y in zip(a, b, strict=True)]
        if all(not (x and y) for x, y in zip(a, b, strict=True)):
            groups[k] += groups[k + 1]
            del groups[k + 1]
            filled[groups[k][0]] = merged
        else:
            k += 1
    return groups


_LONE = re.compile(r"^(?:\$|€|£|¥|US\$|\(|\)|%|\)%|%\)|pts?|bps|x)$")


def _fold(row: list[str]) -> list[str]:
    """Fold currency signs, parentheses and percent signs into the adjacent value; positions kept (emptied
    cells stay) so columns still line up across rows."""
    r = [c.strip() for c in row]
    for j, c in enumerate(r):
        if not c or not _LONE.match(c):
            continue
        if c in ("$", "€", "£", "¥", "US$", "("):
            k = next((k for k in range(j + 1, len(r)) if r[k]), None)
            if k is not None and re.match(r"^[\d(.\-—–]", r[k]):
                r[k] = ("(" if c == "(" else "") + r[k]
                r[j] = ""
        else:
            k = next((k for k in range(j - 1, -1, -1) if r[k]), None)
            if k is not None and k > 0 and re.search(r"[\d)—–-]$", r[k]):
                r[k] = r[k] + c
                r[j] = ""
    return [re.sub(r"^\$\s*", "", c) if _NUMERIC.match(c.replace(" ", "")) else c for c in r]


def markdown_table(rows: list[list[str]]) -> list[str]:
    """Markdown lines: every row as a row, the separator after the first."""
    width = max(len(r) for r in rows)
    lines = []
    for i, r in enumerate(rows):
        cells = [c.replace("|", "/") for c in r] + [""] * (width - len(r))
        lines.append("| " + " | ".join(cells) + " |")
        if i == 0:
            lines.append("|" + "|".join(["---"] * width) + "|")
    return lines


def parse_html(path: Path, sha: str | None = None) -> ParsedHtml:
    """Parse an HTML filing into Markdown pages. Raises IngestError for unreadable, empty or non-HTML files
    and for a document with no visible text."""
    from finchat.ingest.parse import sha256_of

    data = read_html_bytes(path)
    sha = sha or sha256_of(path)
    root = _root(data, path)
    body = root.find("body")
    writer = _Writer()
    writer.walk(body if body is not None else root)
    writer.flush()
    pages = [clean_markdown("\n".join(p)) for p in writer.pages]
    while len(pages) > 1 and not pages[-1]:
        pages.pop()
    if not any(pages):
        raise IngestError(f"{path}: no visible text in the HTML")
    return ParsedHtml(ParsedDoc(sha, pages, PARSER_VERSION), writer.fact_pages)


def html_page_count(path: Path) -> int:
    """Pages of an HTML filing from its page breaks alone (a quick scan of the bytes; 0 when unreadable)."""
    try:
        data = path.read_bytes()
    except OSError:
        return 0
    return 1 + len(re.findall(rb"(?i)page-break-(?:after|before)\s*:\s*always", data))

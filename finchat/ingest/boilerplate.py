"""What a filing prints that no answer comes from: running headers and footers (lines repeated at the top or bottom
of many pages), page numbers, tables of contents, signature blocks and the cover page's check boxes. Used by
ingest/chunk.py before it groups the rest into chunks."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Protocol, TypeVar

from finchat.ingest.textheader import plain as _plain
from finchat.tables import split_row


class _Block(Protocol):
    kind: str
    text: str
    lines: list[str]


B = TypeVar("B", bound=_Block)

_DIGITS = re.compile(r"\d+")
PAGE_NO = re.compile(r"^(?:page\s*)?[-–—]?\s*\d{1,3}\s*[-–—]?$|^[ivxlc]{1,6}$", re.I)
_CHECKBOX = re.compile(r"[☐☒☑✓✔□■]")
_TOC_HEAD = re.compile(r"(?i)^\W*(table\s+of\s+contents|index)\W*$")
_SIGNATURE_HEAD = re.compile(r"(?i)^\W*signatures?\W*$")
_SIGNATURE_TEXT = re.compile(r"(?i)pursuant to the requirements of the securities exchange act of 1934,? the registrant has duly caused")


def norm_line(line: str) -> str:
    return _DIGITS.sub("#", re.sub(r"[*_#|`]", "", line)).strip().lower()


def repeated_lines(pages: Sequence[str], min_share: float = 0.3) -> set[str]:
    """Normalised lines found among the first/last 4 lines of at least ``min_share`` of the pages."""
    if len(pages) < 4:
        return set()
    counts: Counter[str] = Counter()
    for page in pages:
        lines = [ln for ln in page.splitlines() if ln.strip()]
        edge = {norm_line(ln) for ln in lines[:4] + lines[-4:]}
        counts.update(n for n in edge if n and len(n) < 120)
    need = max(3, int(len(pages) * min_share))
    return {n for n, c in counts.items() if c >= need}


_BOILER_SENTENCE = re.compile(r"(?i)^\W*(see|the) accompanying notes (to|are an integral part of)[^.]*\.?\W*$")


def _is_toc_text(text: str) -> bool:
    """A table of contents flattened into prose: many "Item N." entries each followed by a page number."""
    items = re.findall(r"(?i)\bitem\s+\d+[a-z]?\.", text)
    refs = re.findall(r"(?<=[a-z)])\s+\d{1,3}(?=\s+(?:item|part)\b|\s*$)", text, re.I)
    return len(items) >= 3 and len(refs) >= 0.6 * len(items)


def _is_toc_table(rows: list[list[str]], heading_context: str) -> bool:
    if _TOC_HEAD.search(heading_context or ""):
        return True
    body = [r for r in rows if any(c.strip() for c in r)]
    if len(body) < 4:
        return False
    page_ref = sum(1 for r in body if re.fullmatch(r"\d{1,3}(?:\s*[-–]\s*\d{1,3})?", _plain(r[-1]).strip() or "x"))
    items = sum(1 for r in body if re.search(r"(?i)\b(item|part)\b", " ".join(r)))
    return page_ref >= 0.6 * len(body) and items >= 0.3 * len(body)


def drop_boilerplate(blocks: list[B]) -> list[B]:
    """``blocks`` without tables of contents, signature blocks, cover-page check boxes and "see accompanying
    notes" lines."""
    out: list[B] = []
    skip_signatures = False
    for i, blk in enumerate(blocks):
        if blk.kind == "heading" and _SIGNATURE_HEAD.match(blk.text):
            skip_signatures = True
            continue
        if skip_signatures:
            # a signature block runs until the next real section heading
            if blk.kind == "heading" and len(blk.text) > 12 and not re.search(r"(?i)^(by|/s/|date)", blk.text):
                skip_signatures = False
            else:
                continue
        if blk.kind == "para":
            if _is_toc_text(blk.text) or _BOILER_SENTENCE.match(blk.text):
                continue
            if _SIGNATURE_TEXT.search(blk.text):
                skip_signatures = True
                continue
            if _CHECKBOX.search(blk.text) or re.search(r"(?i)indicate by check mark", blk.text):
                continue
        if blk.kind == "table":
            rows = [split_row(r) for r in blk.lines]
            context = " ".join(b.text for b in out[-2:] if b.kind == "heading")
            if _is_toc_table(rows, context) or _CHECKBOX.search(blk.text) and len(rows) < 12:
                continue
        if blk.kind == "heading" and _TOC_HEAD.match(blk.text):
            continue
        out.append(blk)
    return out


__all__ = ["PAGE_NO", "drop_boilerplate", "norm_line", "repeated_lines"]

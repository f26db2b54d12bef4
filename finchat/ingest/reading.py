"""What a filing says about itself — its period and its printed page numbers — read at ingest, and read again
for filings stored before the reading improved (no re-parse, no re-embedding).

The document's period replaces the file name's (finchat/ingest/period.py); the name's is kept beside it so a
question using either naming finds the filing, and a disagreement is one line on ``finchat ingest``'s file
line and in ``db status``.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import psycopg

from finchat.ingest.naming import DocMeta, period_end_from_text
from finchat.ingest.period import HEAD_PAGES, disagreement, read_period

#: Bump when the reading of periods or page numbers changes: stored rows with a lower version are read again
#: by the next `finchat ingest` of their files.
META_VERSION = 1


def with_document_period(meta: DocMeta, head_pages: list[str]) -> DocMeta:
    """``meta`` with the period the document's first pages print; the name's period kept in name_fiscal_*."""
    named = replace(meta, name_fiscal_year=meta.fiscal_year, name_fiscal_quarter=meta.fiscal_quarter)
    doc = read_period(head_pages, meta.form, meta.fiscal_quarter)
    if doc is None:
        if meta.period_end is None:
            pe = period_end_from_text("\n".join(head_pages[:3]))
            return replace(named, period_end=pe) if pe else named
        return named
    note = disagreement(meta.fiscal_year, meta.fiscal_quarter, doc)
    return replace(named,
                   fiscal_year=doc.fiscal_year if doc.fiscal_year is not None else meta.fiscal_year,
                   fiscal_quarter=doc.fiscal_quarter if doc.fiscal_quarter is not None else meta.fiscal_quarter,
                   period_end=doc.period_end or meta.period_end,
                   period_source=doc.source if doc.fiscal_year is not None else meta.period_source,
                   period_note=note)


def read_filing(path: Path, meta: DocMeta, parsed_pages: list[str] | None = None) -> DocMeta:
    """``meta`` completed from the file itself: the period and, for a PDF, every page's printed number.

    A PDF's own text layer is read (cheap: no layout model); ``parsed_pages`` serve for anything else."""
    from finchat.ingest.printed import pdf_head_texts, printed_page_labels, text_page_labels

    if path.suffix.lower() == ".pdf":
        try:
            head = pdf_head_texts(path, HEAD_PAGES)
            printed = tuple(printed_page_labels(path))
        except (RuntimeError, ValueError, OSError):  # pymupdf's; parsing reports a broken file in its own words
            head, printed = (parsed_pages or [])[:HEAD_PAGES], ()
    else:
        head, printed = (parsed_pages or [])[:HEAD_PAGES], tuple(text_page_labels(parsed_pages or []))
        if meta.period_source == "cover":  # an HTML filing's dei tags: the filer's own statement of its period
            return replace(meta, printed_pages=printed)
    return replace(with_document_period(meta, head), printed_pages=printed)


def store_reading(conn: psycopg.Connection, doc_id: int, meta: DocMeta) -> None:
    """Write ``meta``'s period, the name's period, the note and the printed page numbers of document
    ``doc_id`` (in the caller's transaction)."""
    conn.execute(
        "UPDATE documents SET fiscal_year = %s, fiscal_quarter = %s, period_end = %s, name_fiscal_year = %s,"
        " name_fiscal_quarter = %s, period_source = %s, period_note = %s, meta_version = %s WHERE id = %s",
        (meta.fiscal_year, meta.fiscal_quarter, meta.period_end,
         meta.name_fiscal_year if meta.name_fiscal_year is not None else meta.fiscal_year,
         meta.name_fiscal_quarter if meta.name_fiscal_year is not None else meta.fiscal_quarter,
         meta.period_source, meta.period_note, META_VERSION, doc_id))
    conn.execute("DELETE FROM printed_pages WHERE document_id = %s", (doc_id,))
    labels = [(doc_id, i, label) for i, label in enumerate(meta.printed_pages, start=1) if label]
    if labels:
        with conn.cursor() as cur:
            cur.executemany("INSERT INTO printed_pages (document_id, page, label) VALUES (%s, %s, %s)", labels)


def stale_reading(conn: psycopg.Connection, name: str) -> int | None:
    """The id of stored document ``name`` when its period and page numbers were read by an older version."""
    row = conn.execute("SELECT id FROM documents WHERE name = %s AND meta_version < %s", (name, META_VERSION)).fetchone()
    return None if row is None else int(row[0])


def reread(conn: psycopg.Connection, path: Path, meta: DocMeta, doc_id: int) -> DocMeta:
    """Read a stored filing's period and page numbers again from its file, store them, and rebuild its graph
    when the period changed (its facts are dated by it). Commits."""
    from finchat.graph.build import build_document_graph

    new = read_filing(path, meta)
    with conn.transaction():
        old = conn.execute("SELECT fiscal_year, fiscal_quarter, period_end FROM documents WHERE id = %s",
                           (doc_id,)).fetchone()
        store_reading(conn, doc_id, new)
        if old is not None and tuple(old) != (new.fiscal_year, new.fiscal_quarter, new.period_end):
            build_document_graph(conn, doc_id)
    return new


__all__ = ["META_VERSION", "read_filing", "reread", "stale_reading", "store_reading", "with_document_period"]

"""An HTML filing's metadata from its cover's inline-XBRL ``dei:`` tags — company, form, fiscal year and
period, period end — never from its file name. An exhibit (an earnings release, EX-99.1) has no tags: its
company and date come from the 8-K cover saved beside it (``…-8-k.html`` for ``…-8-k-ex99-1.html``), else
from its name; its quarter from its headline (finchat/ingest/period.py), as for a PDF release.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from finchat.ingest.companies import resolve_key
from finchat.ingest.naming import DocMeta, meta_from_path
from finchat.ingest.xbrl import Cover, cover_from_bytes

HTML_SUFFIXES = (".htm", ".html")
_CORP = re.compile(r"(?i)[,.]?\s*\b(?:inc|incorporated|corp|corporation|co|company|ltd|plc|llc|/[a-z]{2})\b\.?")


class CoverOnly(Exception):
    """The document is an 8-K cover page: its content is in its exhibits."""


def is_html(path: Path) -> bool:
    return path.suffix.lower() in HTML_SUFFIXES


def company_of(cover: Cover) -> tuple[str, str]:
    """(key, display name): a known company by ticker or registrant name, else a key made from the
    registrant's name ("UNION PACIFIC CORP" → UNION_PACIFIC, "Union Pacific")."""
    for raw in (cover.ticker, cover.registrant):
        known = resolve_key(raw) if raw else None
        if known:
            return known.key, known.name
    name = re.sub(r"^the\s+", "", _CORP.sub("", cover.registrant or cover.ticker or "UNKNOWN"), flags=re.IGNORECASE).strip(" ,.&")
    key = re.sub(r"[^A-Z0-9]+", "_", name.upper()).strip("_") or "UNKNOWN"
    display = name if not name.isupper() else name.title()
    return key, display


def _sibling_cover(path: Path) -> Cover | None:
    stem = re.sub(r"(?i)[-_]ex(?:hibit)?[-_]?\d+(?:[-_.]\d+)?$", "", path.stem)
    if stem == path.stem:
        return None
    for suffix in HTML_SUFFIXES:
        other = path.with_name(stem + suffix)
        if other.is_file():
            try:
                return cover_from_bytes(other.read_bytes())
            except OSError:
                return None
    return None


def html_meta(path: Path) -> DocMeta:
    """Metadata of an HTML filing. Raises CoverOnly for an 8-K cover page (one line: ingest its exhibit)."""
    data = path.read_bytes()
    cover = cover_from_bytes(data)
    if cover.form and cover.form.startswith("8-K"):
        raise CoverOnly(f"an {cover.form} cover page ({cover.registrant or '?'}, {cover.period_end or '?'}): its "
                        "content is in its exhibits — ingest the earnings release (EX-99.1) beside it")
    if cover.form in ("10-K", "10-Q", "10-K/A", "10-Q/A") and cover.fiscal_year:
        key, cname = company_of(cover)
        form = cover.form.split("/")[0]
        quarter = cover.fiscal_period if cover.fiscal_period in ("Q1", "Q2", "Q3", "Q4") else "FY"
        if form == "10-K":
            quarter = "FY"
        name = f"{key}_{cover.fiscal_year}{quarter if quarter != 'FY' else ''}_{form.replace('-', '')}"
        return DocMeta(name, key, cname, form, cover.fiscal_year, quarter, cover.period_end,
                       period_source="cover")
    sibling = _sibling_cover(path)
    if sibling is not None and sibling.registrant:
        key, cname = company_of(sibling)
        day = sibling.period_end
        name = f"{key}_{day.year}_8K_dated-{day.isoformat()}" if day else f"{key}_{path.stem}"
        base = meta_from_path(Path(name + ".htm"))
        return replace(base, company_key=key, company_name=cname, form="8-K", warnings=())
    return meta_from_path(path)

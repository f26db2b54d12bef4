"""Document metadata from the file path alone: company, form, fiscal year and quarter.

Two layouts are understood (no guessing inside the text):

* the original design's tree ``<Company>/<Year>/10Q_10K/<Form>-<Qn>-<Year>.pdf``
  (``Apple/2023/10Q_10K/10Q-Q3-2023.pdf``; a 10-K may be ``10K-2023.pdf`` or ``10K-FY-2023.pdf``);
* flat FinanceBench names ``<COMPANY>_<PERIOD>_<TYPE>[_dated-<date>].pdf``
  (``APPLE_2023Q3_10Q.pdf``, ``3M_2018_10K.pdf``, ``INTEL_2023_8K_dated-2022-11-22.pdf``).

Anything else still yields a :class:`DocMeta` with what can be derived, plus a warning.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from finchat.ingest.companies import resolve_key, squash

_FLAT = re.compile(
    r"^(?P<company>.+?)_(?P<year>(?:19|20)\d{2})(?:Q(?P<q>[1-4]))?_(?P<type>10-?K|10-?Q|8-?K|EARNINGS|ANNUALREPORT)"
    r"(?:_dated[-_](?P<date>\d{4}-\d{2}-\d{2}))?$", re.I)
_SEED = re.compile(r"^(?P<type>10-?Q|10-?K|8-?K|EARNINGS)(?:-(?P<q>Q[1-4]|FY))?-(?P<year>(?:19|20)\d{2})$", re.I)
_FORMS = {"10K": "10-K", "10Q": "10-Q", "8K": "8-K", "EARNINGS": "EARNINGS", "ANNUALREPORT": "10-K"}


@dataclass(frozen=True)
class DocMeta:
    """What a path says about a filing. ``name`` is unique per document."""

    name: str
    company_key: str | None
    company_name: str | None
    form: str | None
    fiscal_year: int | None
    fiscal_quarter: str | None  # Q1..Q4, or FY for annual reports
    period_end: date | None = None
    warnings: tuple[str, ...] = field(default_factory=tuple)
    #: The period the file name claims, kept when the document's own period replaces it
    #: (finchat/ingest/reading.py); None means the same as fiscal_year / fiscal_quarter.
    name_fiscal_year: int | None = None
    name_fiscal_quarter: str | None = None
    period_source: str = "name"  # name | cover | release
    period_note: str | None = None  # the name's and the document's periods differ: one line saying how
    printed_pages: tuple[str | None, ...] = ()  # the printed number of each page (index 0 = page 1), if read


def _company(raw: str) -> tuple[str, str]:
    """(key, display name): a known company, else a key made from the raw name."""
    known = resolve_key(raw)
    if known:
        return known.key, known.name
    key = re.sub(r"[^A-Z0-9]+", "_", raw.upper()).strip("_") or "UNKNOWN"
    return key, raw.replace("_", " ").strip().title()


def _form(raw: str) -> str:
    return _FORMS[raw.upper().replace("-", "")]


def meta_from_path(path: Path) -> DocMeta:
    """Derive metadata from ``path``; never raises (unknown parts are None, with a warning)."""
    stem = path.stem
    m = _FLAT.match(stem)
    if m:
        key, cname = _company(m.group("company"))
        form = _form(m.group("type"))
        quarter = f"Q{m.group('q')}" if m.group("q") else ("FY" if form == "10-K" else None)
        dated = date.fromisoformat(m.group("date")) if m.group("date") else None
        warnings = () if quarter or form in ("8-K",) else (f"{path.name}: no fiscal quarter in the name",)
        return DocMeta(stem, key, cname, form, int(m.group("year")), quarter, dated, warnings)
    m = _SEED.match(stem)
    if m and len(path.parts) >= 4:
        company_dir, year_dir = path.parts[-4], path.parts[-3]
        key, cname = _company(company_dir)
        form = _form(m.group("type"))
        q: str | None = (m.group("q") or "").upper() or ("FY" if form == "10-K" else None)
        year = int(m.group("year"))
        notes: tuple[str, ...] = ()
        if year_dir.isdigit() and int(year_dir) != year:
            notes = (f"{path}: folder year {year_dir} differs from file year {year}; using {year}",)
        period = q if q and q != "FY" else ""
        name = f"{key}_{year}{period}_{form.replace('-', '')}"
        return DocMeta(name, key, cname, form, year, q or None, None, notes)
    # Fallback: best effort from every path part.
    text = " ".join(path.parts[-4:])
    year_m = re.search(r"(?<!\d)((?:19|20)\d{2})(?!\d)", text)
    q_m = re.search(r"(?i)(?<![A-Z0-9])Q([1-4])(?![0-9])", text)
    form_m = re.search(r"(?i)10-?K|10-?Q|8-?K|earnings", text)
    company = None
    for part in [*re.split(r"[_\-\s/]+", stem), *path.parts[-4:-1]]:
        company = resolve_key(part)
        if company:
            break
    fallback_form = _form(form_m.group(0)) if form_m else None
    quarter = f"Q{q_m.group(1)}" if q_m else ("FY" if fallback_form == "10-K" else None)
    return DocMeta(
        name=re.sub(r"\s+", "_", stem),
        company_key=company.key if company else None,
        company_name=company.name if company else None,
        form=fallback_form,
        fiscal_year=int(year_m.group(1)) if year_m else None,
        fiscal_quarter=quarter,
        warnings=(f"{path.name}: name follows neither layout in pdf_files/README.md; derived "
                  f"company={company.key if company else '?'} year={year_m.group(1) if year_m else '?'} "
                  f"quarter={quarter or '?'} form={fallback_form or '?'}",),
    )


_PERIOD_END = re.compile(
    r"(?i)for\s+the\s+(?:fiscal\s+)?(?:quarterly\s+period|quarter|year|fiscal\s+year|period|thirteen\s+weeks|"
    r"three\s+months)\s+ended:?\s+(?P<d>(?:January|February|March|April|May|June|July|August|September|October|"
    r"November|December)\s+\d{1,2}\s*,\s*(?:19|20)\d{2})")


def period_end_from_text(text: str) -> date | None:
    """The "for the quarterly period ended July 1, 2023" date of a cover page, if present."""
    from datetime import datetime

    m = _PERIOD_END.search(text.replace("*", ""))
    if not m:
        return None
    raw = re.sub(r"\s+", " ", m.group("d")).replace(" ,", ",")
    try:
        return datetime.strptime(raw, "%B %d, %Y").date()
    except ValueError:
        return None


__all__ = ["DocMeta", "meta_from_path", "period_end_from_text", "squash"]

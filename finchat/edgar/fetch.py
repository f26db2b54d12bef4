"""`finchat fetch TICKER…`: a company's 10-K, 10-Q and 8-K filings from EDGAR into the input folder.

ticker → CIK (EDGAR's company_tickers.json, cached and asked again with If-Modified-Since) → the company's
submissions (``filings.recent``: parallel arrays of accession number, form, dates, primary document) → each
chosen filing's primary document; for an 8-K, the filing's index.json names its earnings-release exhibit
(EX-99.1), saved beside the cover. Files are saved as ``<folder>/edgar/<TICKER>/<TICKER>_<FORM>_<report
date>_<accession>.htm`` through a hidden temp file and a rename, so a killed run leaves nothing half-written
under a real name; a filing is recorded (``edgar_filings``) only once all its documents are saved, and an
accession number already recorded is not fetched again.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import psycopg

from finchat.edgar.client import Edgar, NotFound, write_atomic
from finchat.errors import FetchError

DEFAULT_FORMS = ("10-K", "10-Q")
#: Filings taken per form when neither --since nor --last is given.
DEFAULT_LAST = 4
#: Exhibit 99.1 as EDGAR file names spell it: ex99-1, ex99_1, ex991, xex99d1 (d for the dot), exhibit99-1.
_EX99_1 = re.compile(r"(?i)ex(?:hibit)?[-_]?99[._-]?d?0?1(?!\d)")
_EX99 = re.compile(r"(?i)ex(?:hibit)?[-_]?99(?!\d)")


@dataclass(frozen=True)
class Filing:
    ticker: str
    cik: int
    accession: str          # 0000320193-25-000073
    form: str
    filing_date: date | None
    report_date: date | None
    primary: str            # primary document's file name

    @property
    def folder_url_path(self) -> str:
        return f"/Archives/edgar/data/{self.cik}/{self.accession.replace('-', '')}"

    @property
    def stem(self) -> str:
        day = (self.report_date or self.filing_date or date(1900, 1, 1)).isoformat()
        return f"{self.ticker}_{self.form.replace('/', '')}_{day}_{self.accession}"


@dataclass
class FetchReport:
    saved: list[Path] = field(default_factory=list)        # documents written this run
    filings: list[Filing] = field(default_factory=list)    # filings fetched this run
    already: list[Filing] = field(default_factory=list)    # recorded before: not fetched again
    notes: list[str] = field(default_factory=list)
    requests: int = 0


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "finchat" / "edgar"


def ticker_table(edgar: Edgar) -> dict[str, tuple[int, str]]:
    """TICKER → (CIK, company title), from EDGAR's company_tickers.json (cached)."""
    body = edgar.get_cached(f"{edgar.www}/files/company_tickers.json", cache_dir() / "company_tickers.json")
    try:
        data = json.loads(body)
    except ValueError as exc:
        raise FetchError("EDGAR's company_tickers.json is not JSON; delete ~/.cache/finchat/edgar and retry") from exc
    rows = data.values() if isinstance(data, dict) else data
    return {str(r["ticker"]).upper(): (int(r["cik_str"]), str(r.get("title") or "")) for r in rows
            if isinstance(r, dict) and "ticker" in r and "cik_str" in r}


def choose(submissions: dict[str, Any], ticker: str, cik: int, forms: tuple[str, ...], since: date | None,
           last: int | None) -> list[Filing]:
    """The filings of ``forms`` in a submissions response, newest first: filed on or after ``since``, or the
    ``last`` newest of each form (DEFAULT_LAST when neither is given)."""
    recent = (submissions.get("filings") or {}).get("recent") or {}
    n = len(recent.get("accessionNumber") or [])
    out: list[Filing] = []
    for i in range(n):
        form = str(recent["form"][i])
        if form not in forms:
            continue
        filed = _day(recent.get("filingDate", [None] * n)[i])
        if since and filed and filed < since:
            continue
        out.append(Filing(ticker, cik, str(recent["accessionNumber"][i]), form, filed,
                          _day(recent.get("reportDate", [None] * n)[i]), str(recent["primaryDocument"][i])))
    out.sort(key=lambda f: (f.filing_date or date.min), reverse=True)
    if since is None:
        keep = last or DEFAULT_LAST
        per_form: dict[str, int] = {}
        chosen = []
        for f in out:
            per_form[f.form] = per_form.get(f.form, 0) + 1
            if per_form[f.form] <= keep:
                chosen.append(f)
        out = chosen
    elif last:
        out = out[:last]
    return out


def _day(text: Any) -> date | None:
    try:
        return date.fromisoformat(str(text)) if text else None
    except ValueError:
        return None


def exhibit_names(index: dict[str, Any]) -> list[str]:
    """HTML exhibits of a filing folder's index.json that are an earnings release (EX-99.1)."""
    items = ((index.get("directory") or {}).get("item")) or []
    names = [str(i.get("name", "")) for i in items if isinstance(i, dict)]
    html = [n for n in names if n.lower().endswith((".htm", ".html")) and "index" not in n.lower()]
    return [n for n in html if _EX99_1.search(n)] + [n for n in html if _EX99.search(n) and not _EX99_1.search(n)]


def recorded(conn: psycopg.Connection, accessions: list[str]) -> set[str]:
    rows = conn.execute("SELECT accession FROM edgar_filings WHERE accession = ANY(%s)", (accessions,)).fetchall()
    return {r[0] for r in rows}


def fetch(conn: psycopg.Connection, edgar: Edgar, tickers: list[str], folder: Path, *,
          forms: tuple[str, ...] = DEFAULT_FORMS, since: date | None = None, last: int | None = None,
          progress: Callable[[str], None] | None = None) -> FetchReport:
    """Fetch the chosen filings of ``tickers`` into ``folder``/edgar/. Raises FetchError for an unknown
    ticker (before anything is fetched) or when EDGAR cannot be reached; filings saved before a failure stay
    saved and recorded."""
    say = progress or (lambda _m: None)
    report = FetchReport()
    table = ticker_table(edgar)
    wanted = []
    for raw in tickers:
        t = raw.strip().upper()
        if t not in table:
            raise FetchError(f"unknown ticker {raw!r}: not in EDGAR's company list (company_tickers.json)")
        wanted.append((t, *table[t]))
    for ticker, cik, title in wanted:
        subs = edgar.get_json(f"{edgar.data}/submissions/CIK{cik:010d}.json")
        chosen = choose(subs, ticker, cik, forms, since, last)
        done = recorded(conn, [f.accession for f in chosen])
        say(f"{ticker} ({title}, CIK {cik}): {len(chosen)} filing(s) chosen, {len(done)} fetched before")
        for f in chosen:
            if f.accession in done:
                report.already.append(f)
                continue
            paths = _fetch_one(edgar, f, folder / "edgar" / ticker, report)
            if not paths:
                continue
            digest = hashlib.sha256(b"".join(p.read_bytes() for p in paths)).hexdigest()
            with conn.transaction():
                conn.execute(
                    "INSERT INTO edgar_filings (accession, cik, ticker, form, filing_date, report_date, document_url,"
                    " saved_path, sha256) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)"
                    " ON CONFLICT (accession) DO NOTHING",
                    (f.accession, str(cik), ticker, f.form, f.filing_date, f.report_date,
                     f"{edgar.www}{f.folder_url_path}/{f.primary}", str(paths[-1]), digest))
            report.filings.append(f)
            report.saved.extend(paths)
            say(f"saved    {f.form} filed {f.filing_date} ({f.accession}): " + ", ".join(p.name for p in paths))
    report.requests = edgar.requests
    return report


def _fetch_one(edgar: Edgar, f: Filing, folder: Path, report: FetchReport) -> list[Path]:
    """Download one filing's documents; [] (with a note) when its primary document is gone."""
    folder.mkdir(parents=True, exist_ok=True)
    base = f"{edgar.www}{f.folder_url_path}"
    try:
        primary = edgar.get(f"{base}/{f.primary}")[1]
    except NotFound:
        report.notes.append(f"{f.ticker} {f.form} {f.accession}: the primary document {f.primary} is gone (404); skipped")
        return []
    suffix = ".htm" if f.primary.lower().endswith((".htm", ".html")) else Path(f.primary).suffix or ".htm"
    docs: list[tuple[Path, bytes]] = [(folder / f"{f.stem}{suffix}", primary)]
    if f.form.startswith("8-K"):
        try:
            names = exhibit_names(edgar.get_json(f"{base}/index.json"))
        except NotFound:
            names = []
        if not names:
            report.notes.append(f"{f.ticker} 8-K {f.accession}: no earnings-release exhibit (EX-99.1); the cover "
                                "alone holds no figures")
        for k, name in enumerate(names[:1]):
            body = edgar.get(f"{base}/{name}")[1]
            docs.append((folder / f"{f.stem}-ex99-{k + 1}.htm", body))
    for path, body in docs:
        write_atomic(path, body)
    return [p for p, _ in docs]

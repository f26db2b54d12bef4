"""The curated company list (``finchat/data/companies.csv``) and name → company-key resolution."""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources


@dataclass(frozen=True)
class Company:
    key: str          # upper-case key used in file names: APPLE, PG_E, JOHNSON_JOHNSON
    name: str         # display name
    ticker: str | None
    aliases: tuple[str, ...]
    brands: tuple[str, ...] = ()  # brands, segments, subsidiaries: scope the company, stay in the text query


@lru_cache(maxsize=1)
def load_company_list() -> tuple[Company, ...]:
    """All companies shipped with finchat, in file order."""
    text = resources.files("finchat.data").joinpath("companies.csv").read_text(encoding="utf-8")
    out = []
    for row in csv.DictReader(text.splitlines()):
        aliases = tuple(a.strip() for a in (row.get("aliases") or "").split("|") if a.strip())
        brands = tuple(b.strip() for b in (row.get("brands") or "").split("|") if b.strip())
        out.append(Company(row["key"].strip(), row["name"].strip(), (row.get("ticker") or "").strip() or None,
                           aliases, brands))
    return tuple(out)


def squash(name: str) -> str:
    """Compare names without case, spaces or punctuation: "PG&E" ~ "PG_E" ~ "pge"."""
    return re.sub(r"[^A-Z0-9]", "", name.upper())


def resolve_key(raw: str) -> Company | None:
    """The known company a file-name part or folder name denotes (by key, name, ticker or alias)."""
    want = squash(raw)
    if not want:
        return None
    for c in load_company_list():
        names = (c.key, c.name, *(c.aliases), *((c.ticker,) if c.ticker else ()))
        if any(squash(n) == want for n in names):
            return c
    return None

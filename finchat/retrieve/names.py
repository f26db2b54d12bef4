"""What to tell the analyst when a question names a company with no stored filing."""

from __future__ import annotations

import difflib
import re

#: Stored companies listed by name in the notice; more are counted ("… and 12 more").
LIST_AT_MOST = 12


_SUFFIX = re.compile(r"(?i)[\s,]+(?:inc\.?|incorporated|corp\.?|corporation|company|co\.?|ltd\.?|limited|plc|llc|"
                     r"group|holdings?|s\.?a\.?|n\.?v\.?|ag)$")


def _core(name: str) -> str:
    """A name without its corporate suffixes ("Globex Corporation" → "globex"): suffixes make every
    "… Corporation" look alike."""
    out = name.strip().lower()
    while True:
        shorter = _SUFFIX.sub("", out).strip()
        if shorter == out:
            return out
        out = shorter


def closest_names(name: str, stored: list[tuple[str, list[str]]], n: int = 3) -> list[str]:
    """Stored company names that look like ``name`` (its name or one of its aliases is similar, corporate
    suffixes aside), best first."""
    want = _core(name)
    scored: dict[str, float] = {}
    for display, aliases in stored:
        for candidate in (display, *aliases):
            c = _core(candidate)
            ratio = difflib.SequenceMatcher(None, want, c).ratio()
            if c and (c in want or want in c):
                ratio = max(ratio, 0.8)
            if ratio >= 0.75:  # 0.6 let "Amcore" suggest American Express and Coca-Cola beside Amcor
                scored[display] = max(scored.get(display, 0.0), ratio)
    return [d for d, _ in sorted(scored.items(), key=lambda kv: (-kv[1], kv[0]))[:n]]


def missing_notice(missing: list[str], stored_names: list[str], stored: list[tuple[str, list[str]]]) -> str:
    """"Globex Corporation is not among the ingested filings (stored: Amcor, Apple, PepsiCo). Closest: …"."""
    if not missing:
        return ""
    who = missing[0] if len(missing) == 1 else ", ".join(missing[:-1]) + " and " + missing[-1]
    verb = "is" if len(missing) == 1 else "are"
    if stored_names:
        shown = ", ".join(stored_names[:LIST_AT_MOST])
        if len(stored_names) > LIST_AT_MOST:
            shown += f" and {len(stored_names) - LIST_AT_MOST} more; `finchat db status` lists them"
        line = f"{who} {verb} not among the ingested filings (stored: {shown})."
    else:
        line = f"{who} {verb} not among the ingested filings: nothing is stored yet (`finchat ingest pdf_files/`)."
    close = [c for m in missing for c in closest_names(m, stored) if c not in missing]
    if close:
        line += f" Did you mean {' or '.join(dict.fromkeys(close))}?"
    return line

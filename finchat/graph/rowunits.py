"""What a text table's row figures are measured in, and whose they are: counts among amounts ("Unit counts at
period end" under "(Amounts in millions, except unit counts)"), per-unit rows, percentages under a subheading
that prints no "%", rows printed again under each item ("EMEA … Percentage of total revenue")."""

from __future__ import annotations

import re

#: Row labels that count things, not money, in a table "in thousands" ("Paid memberships", "Retail units").
COUNT_LABEL = re.compile(r"(?i)\b(?:members(?:hips)?|subscribers|accounts|customers|buyers|sellers|users|units|stores|clubs|"
                          r"employees|associates|transactions|shares|additions|headcount|locations|orders|visits)\b")


def counted(label: str) -> bool:
    """Does a row label name a count ("Paid members at end of period", "Stores opened", "Total Clubs")? A
    capitalised count word inside a name ("Convenience Stores & Foodservice", a segment) is no count."""
    words = re.findall(r"[A-Za-z]+", re.sub(r"\([^)]*\)", " ", label))
    for i, w in enumerate(words):
        if COUNT_LABEL.fullmatch(w) and (w.islower() or i in (0, len(words) - 1)):
            return True
    return bool(re.search(r"(?i)\bnumber of\b", label))


#: Units scale of a header that exempts per-unit rows: "(in thousands, except revenue per membership …)".
PER_UNIT = re.compile(r"(?i)\bper\b|\brate\b|\bratio\b|\bmargin\b")


#: "except ARPA)", "except per share data and RevPAR)": the names a units phrase excepts.
_EXCEPT = re.compile(r"(?i)\bexcept\b(?P<what>[^)]{1,80})\)")


def excepted(header: str) -> list[str]:
    """What a header's units phrase excepts, in lower case: its acronyms ("arpa", "revpar") and its names of two
    words or more ("unit counts", "number of employees"; "per share data" is the per-unit rule's): rows naming
    one are in units."""
    m = _EXCEPT.search(header)
    if m is None:
        return []
    what = m.group("what")
    names = [re.sub(r"\s+(?:data|amounts|information|figures)$", "", p.strip().lower())
             for p in re.split(r",|\band\b", what)]
    acronyms = re.findall(r"\b(?:[A-Z][a-z]*){2,}[A-Z]\w*\b|\b[A-Z]{2,}\b", what)
    return [a.lower() for a in acronyms] + [n for n in names if len(n.split()) >= 2 and not n.startswith("per ")
                                           and not re.search(r"\b(?:share|percent\w*)\b", n)]


#: A subheading over rows of percentages that print no "%" ("Percent of Net Sales:").
PERCENT_HEADING = re.compile(r"(?i)\bpercent(?:age)?\b|%")


#: A row of a line's ratio to a total ("Percentage of net revenues", "% of total revenue").
RATIO_ROW = re.compile(r"(?i)^\W*(?:as\s+an?\s+)?(?:%|percent(?:age)?)\s+of\b")


def owners(labels: list[str]) -> list[str]:
    """The row each row belongs to: a label printed again after each of several rows ("EMEA 4,593 … Percentage
    of total revenue 26 %", "STELARA U.S. … International … Worldwide") is that row's, named by it; "" for
    any other."""
    seen: dict[str, int] = {}
    for label in labels:
        seen[label.lower()] = seen.get(label.lower(), 0) + 1
    out: list[str] = []
    owner = ""
    for label in labels:
        if seen[label.lower()] >= 2 and owner and not re.match(r"(?i)total\b", label):
            out.append(owner)
        else:
            out.append("")
            owner = label if seen[label.lower()] == 1 else ""
    # a repeated label with a single owner is no repeat of the kind (the same total printed twice)
    owned: dict[str, set[str]] = {}
    for label, o in zip(labels, out, strict=True):
        if o:
            owned.setdefault(label.lower(), set()).add(o)
    return [o if o and len(owned[label.lower()]) >= 2 else "" for label, o in zip(labels, out, strict=True)]


__all__ = ["COUNT_LABEL", "PERCENT_HEADING", "PER_UNIT", "RATIO_ROW", "counted", "excepted", "owners"]

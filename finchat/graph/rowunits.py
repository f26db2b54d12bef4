"""What a text table's row figures are measured in, and whose they are: counts among amounts ("Unit counts at
period end" under "(Amounts in millions, except unit counts)"), per-unit rows, percentages under a subheading
that prints no "%", rows printed again under each item ("EMEA … Percentage of total revenue"), a label wrapped over two lines.""" 

from __future__ import annotations

import re

#: Row labels that count things, not money, in a table "in thousands" ("Paid memberships", "Retail units").
COUNT_LABEL = re.compile(r"(?i)\b(?:members(?:hips)?|subscribers|accounts|customers|buyers|sellers|users|units|stores|clubs|"
                          r"employees|associates|transactions|shares|additions|headcount|locations|orders|visits|prescriptions|workforce)\b")


#: A label naming money spent on or earned from what it counts ("Compensation and related benefits associated
#: with headcount", "Costs for employees"): an amount, not a count.
MONEY_OF_COUNTED = re.compile(r"(?i)\b(?:compensation|costs?|expenses?|fees?|salar(?:y|ies)|wages|benefits|revenues?|"
                              r"sales|income|payments?|charges?)\b(?!\s+per\b)(?=.*\b(?:associated\s+with|related\s+to|for|of)\b)")


def counted(label: str) -> bool:
    """Does a row label name a count ("Paid members at end of period", "Stores opened", "Total Clubs", an area in
    "Retail square feet")? A
    capitalised count word inside a name ("Convenience Stores & Foodservice", a segment) is no count, nor money
    spent on what is counted (MONEY_OF_COUNTED)."""
    if MONEY_OF_COUNTED.search(label):
        return False
    words = re.findall(r"[A-Za-z]+", re.sub(r"\([^)]*\)", " ", label))
    # (a label printed in capitals counts what it says is outstanding: "DILUTED WEIGHTED AVERAGE COMMON SHARES
    # OUTSTANDING"; "TOTAL ACCOUNTS RECEIVABLE, NET" stays money)
    capitals = len(words) > 1 and all(w.isupper() for w in words)
    for i, w in enumerate(words):
        if COUNT_LABEL.fullmatch(w) and (w.islower() or i in (0, len(words) - 1)
                                         or (capitals and words[i + 1:i + 2] == ["OUTSTANDING"])):
            return True
    return bool(re.search(r"(?i)\bnumber of\b", label)) or counted_area(label)


#: An area, counted in square feet: "Retail square feet at period end", "Retail square footage (000s)", not "Sales per
#: square foot".
AREA = re.compile(r"(?i)(?<!\bper )\bsquare\s+(?:feet|footage)\b")


def counted_area(label: str) -> bool:
    """Does a row label name an area in square feet (never money)? "Sales per square foot" does not."""
    return bool(AREA.search(label)) and not MONEY_OF_COUNTED.search(label)


#: Row labels of a measure in days or times, never money nor scaled ("Days sales outstanding 49", "Inventory turns
#: 3.7" under "(in millions)"; "maturities of 90 days or less", casinos' "table games turnover" are money).
UNITLESS_LABEL = re.compile(r"(?i)^\W*(?:average\s+)?days\s+(?:sales|payables?|inventor\w*|receivables?|in\s+inventory)\b|"
                            r"\b(?:inventory|assets?|receivables?)\s+(?:turns|turnover)\b")


#: A count per something ("… transactions per active account"), not the shares an EPS is "per" ("Shares used in
#: computation of basic earnings per share": millions of shares).
PER_THING = re.compile(r"(?i)\bper\b(?!\s+(?:common\s+|basic\s+|diluted\s+|ordinary\s+)?shares?\b)")
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
#: The same whose "%" the row before took as its last figure's ("… (40,293) % of product sales 89.2 %" read as
#: "of product sales"): a lower-case "of" opens no line's own label.
CUT_RATIO_ROW = re.compile(r"^of\s+(?-i:[a-z])")


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


_CHANGE_LINE = re.compile(r"(?i)^\W*(?:\$|%)?\s*(?:change|increase|decrease|variance)\b")


def ratio_owners(rows: list[tuple[int, str, list[str]]]) -> dict[int, str]:
    """{row's position: the line it is the ratio row of} for a text table's rows (position, label, figures): a
    ratio row printed under each of several lines (:func:`owners`) or, its "%" read into the row before ("… (40,293)
    % of product sales 89.2 %" as "of product sales"), once, under that row."""
    named = owners([label for _, label, _ in rows])
    out: dict[int, str] = {}
    for i, ((at, label, nums), owner) in enumerate(zip(rows, named, strict=True)):
        if owner and RATIO_ROW.match(label):
            out[at] = owner
        elif CUT_RATIO_ROW.match(label) and any("%" in n for n in nums) and i and not CUT_RATIO_ROW.match(rows[i - 1][1]) \
                and not _CHANGE_LINE.match(rows[i - 1][1]):  # ("Stores › Change": the change is no line of its own)
            out[at] = rows[i - 1][1]
    return out


#: A label's first line, printed without figures above the line that ends it ("Xalkori ALK-positive and …
#: Kinase-positive" over "advanced NSCLC 86 118 197 244"): a capitalised line, not a heading (no ":").
_LABEL_START = re.compile(r"[A-Z][^¶:]{0,150}")
#: A header's line above the rows: a date ("June 30,"), a year, units ("In Millions").
_HEADER_LINE = re.compile(r"(?i)\b(?:19|20)\d\d\b|\bin\s+(?:thousands|millions|billions)\b|"
                          r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b")
#: A line that goes on a label: it starts with a lower-case word ("advanced", "with"), not a name printed so
#: ("iPhone", "eCommerce").
_GOES_ON = re.compile(r"[a-z][a-z]*(?:[\s,;(-]|$)")


def wrapped(body: str, at: int, label: str, has_figures: re.Pattern[str]) -> str:
    """``label`` (starting at ``at`` of a text table's ``body``, lines joined by "¶") with the line before it
    when that line is the label's start: the label goes on in lower case and the line before prints no
    figures (``has_figures`` finds a row's). The label as it was otherwise."""
    if not _GOES_ON.match(label):
        return label
    before = body[:at].rstrip()
    if not before.endswith("¶"):
        return label
    # (blank lines between paragraphs are empty pieces)
    line = next((x.strip() for x in reversed(before.split("¶")) if x.strip()), "")
    if not _LABEL_START.fullmatch(line) or has_figures.search(line) or _HEADER_LINE.search(line):
        return label
    return f"{line} {label}"


__all__ = ["COUNT_LABEL", "MONEY_OF_COUNTED", "PERCENT_HEADING", "PER_THING", "PER_UNIT", "RATIO_ROW", "counted", "excepted", "owners", "ratio_owners", "wrapped"]

"""Markdown table helpers shared by chunking (header rows to repeat) and fact extraction (periods)."""

from __future__ import annotations

import re
from datetime import date, datetime

_YEAR = re.compile(r"\b((?:19|20)\d{2})\b")
#: Month names, and the same with the abbreviations statements print ("Dec. 31", "Sept 30").
MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
MONTHS_ABBR = MONTHS + r"|Jan\.?|Feb\.?|Mar\.?|Apr\.?|Jun\.?|Jul\.?|Aug\.?|Sept?\.?|Oct\.?|Nov\.?|Dec\.?"
_DATE = re.compile(rf"(?i)\b({MONTHS_ABBR})\s*(\d{{1,2}}),?\s*((?:19|20)\d{{2}})\b")
#: "1st July 2022", "30 August 2023": the day first, as releases and questions also write it.
_DAY_FIRST = re.compile(rf"(?i)\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({MONTHS_ABBR})\s*,?\s*((?:19|20)\d{{2}})\b")
#: (a text layer glues "monthsended", "Thirty-nineweeks": read as written apart)
_DURATION = re.compile(
    r"(?i)\b(three|six|nine|twelve|3|6|9|12)\s*months?\s*ended|\b(12|13|16|17|24|26|36|39|40|52|53|twelve|thirteen|"
    r"sixteen|twenty-four|twenty-six|thirty-six|thirty-nine|forty|fifty-two|fifty-three)\s*weeks\s*ended|"
    r"\b(quarter|year|fiscal\s+year)s?\s+ended")
#: "1,234", "(265)", "0.309", "-5"; not "1," (a date sliced after its day)
_VALUE = re.compile(r"^\(?-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\)?$")
_DASH = re.compile(r"^[—–-]+$")

#: A primary financial statement's title, matched against letters only ("Statement of Incom e" →
#: "statementofincome") because layout parsing splits words.
STATEMENT_TITLE = re.compile(
    r"statements?of(?:consolidated)?(?:operations|income|earnings|comprehensive(?:income|loss)|cashflows?|"
    r"financialposition|financialcondition|condition|netrevenues?|loss)|balancesheets?|incomestatements?")


#: A units phrase as statements print it: "(In millions, except per share data)", "(Amounts in thousands)",
#: "$ in billions", "(millions)", "($000)"; also glued by a text layer ("(Inmillions, except …").
_UNITS_PHRASE = re.compile(r"(?i)(?:\(\s*|\bin\s*|\$\s*)(?P<w>thousand|million|billion)s?\b|"
                           r"\(\s*\$?\s*(?P<k>000)'?s?\s*\)|\(\s*(?:in\s*)?(?:us)?\$\s*(?P<m>m|mm|bn?)\s*\)")


def units_scale(text: str) -> str | None:
    """The scale of the first units phrase in ``text`` ("thousands", "millions", "billions"), or None."""
    m = _UNITS_PHRASE.search(re.sub(r"[\s_*]+", " ", text or ""))  # "_In millions_": emphasis is not text
    if m is None:
        return None
    if m.group("w"):
        return m.group("w").lower() + "s"
    if m.group("m"):
        return "billions" if m.group("m").lower().startswith("b") else "millions"
    return "thousands"


#: A row label's own units: "Billed business (billions)", "Cards-in-force (millions)", "spending (dollars)".
#: "Gross Payment Volume (GPV) (in millions)" under "(in thousands, except for GPV …)": that row's own.
_ROW_UNITS = re.compile(r"(?i)\((in\s+)?(thousands|millions|billions|dollars|['‘’]?000['‘’]?s?)\)")


def row_units(label: str) -> str | None:
    """The scale a row label prints for its own figures ("thousands", "millions", "billions"; "units" for
    "(dollars)"), or None when it prints none."""
    m = _ROW_UNITS.search(re.sub(r"[_*]+", "", label or ""))
    if m is None:
        return None
    word = m.group(2).lower()
    return "units" if word == "dollars" else "thousands" if "000" in word else word


def row_units_own(label: str) -> bool:
    """Do a row label's units hold for that row only? "(in millions)" excepts one row from its table's units;
    a bare "(billions)" heads the rows after it too ("Network volumes (billions)" › "Billed business")."""
    m = _ROW_UNITS.search(re.sub(r"[_*]+", "", label or ""))
    return bool(m and (m.group(1) or "000" in m.group(2)))  # "accounts ('000) 3,310": that row's count


def letters(text: str) -> str:
    """Lower-case letters only, for STATEMENT_TITLE."""
    return re.sub(r"[^a-z]", "", text.lower())


def plain(text: str) -> str:
    """Text without bold markers, <br> or inline tags ("<sup>January 29,</sup>"), on one line."""
    text = re.sub(r"</?(?:sup|sub|b|i|em|strong|span)>", "", text.replace("**", "").replace("<br>", " "))
    return re.sub(r"\s+", " ", text).strip()


def split_row(line: str) -> list[str]:
    """Cells of a Markdown table row, without bold markers or line breaks (they cost tokens, add nothing)."""
    inner = line.strip()
    if inner.startswith("|"):
        inner = inner[1:]
    if inner.endswith("|"):
        inner = inner[:-1]
    return [plain(c) for c in inner.split("|")]


def parse_value(cell: str) -> float | None:
    """'$ 1,234' → 1234; '(265)' → -265; '1.26' → 1.26; dashes, blanks and words → None. Dot leaders that
    spill into a value cell ('. $ 629,551', '...... 1,469') are not part of the value."""
    s = re.sub(r"^\s*(?:\.{2,}|…+|\.(?=\s*\$)|\.(?=\s+[\d(]))", "", cell)
    s = re.sub(r"</?\w+>", "", s)  # "<sup>$</sup> 1.30"
    s = s.replace("$", "").replace(" ", "").replace("\u2009", "")
    if not s or _DASH.match(s) or s.endswith("%"):
        return None
    if not _VALUE.match(s):
        return None
    neg = s.startswith("(") and s.endswith(")") or s.startswith("-")
    num = float(s.strip("()-").replace(",", ""))
    return -num if neg else num


def is_period_cell(cell: str) -> bool:
    c = cell.replace("*", "").strip()
    return bool(_YEAR.fullmatch(c) or _DATE.search(c) or _DURATION.search(c))


#: A cell holding only a units note in parentheses: "_(Millions, except percentages and where indicated)_",
#: "($ in thousands)".
_UNITS_NOTE = re.compile(r"(?i)[\s_*]*\((?:[^()]*\s)?\$?\s*(?:in\s+)?(?:thousands|millions|billions)\b[^()]*\)[\s_*]*")


def header_count(rows: list[list[str]]) -> int:
    """Leading header rows: the first row, then rows with no label and no numbers, or whose value cells
    are all periods ("2018", "October 29, 2022") whatever their label cell says ("($ in millions)"), or —
    before any period row — a label alone ("(Unaudited; in millions)" above the dates) or value cells of
    words only ("Fiscal Year")."""
    n = 1
    seen_period = any(is_period_cell(c) for c in rows[0][1:]) if rows else False
    for r in rows[1:4]:
        vals = [c for c in r[1:] if c]
        # dates beside a column of words ("PRODUCT" | "PRIMARY INDICATION OR CLASS" | "July 2, 2023" …) are the periods too
        periods_only = bool(vals) and (all(is_period_cell(c) for c in vals) or (
            sum(is_period_cell(c) for c in vals) >= 2
            and all(is_period_cell(c) or not any(ch.isdigit() for ch in c) for c in vals)))
        no_numbers = not any(parse_value(c) is not None and not _YEAR.fullmatch(c) for c in vals)
        # "3" | "0," (a sliced day) or "202" | "3" (a sliced year), beside words such as "Percent"
        day_pieces = bool(vals) and all(re.fullmatch(r"\d{1,2},?|(?:19|20)\d", c) for c in vals if parse_value(c) is not None)
        # "Yea" | "r Ended December" | "31," | "2022" | "vs. 2021" | "020": a period header the layout cut into
        # pieces — words, a day, years and slices of years, no amount
        cut_header = (any(ch.isalpha() for c in vals for ch in c)
                      and all(re.fullmatch(r"\d{1,3},?|(?:19|20)\d\d", c) for c in vals if parse_value(c) is not None))
        # before the periods, a row of words beside its label ("… (In Millions)" | "Fiscal Year") is header too
        words_only = bool(vals) and not seen_period and not any(ch.isdigit() for c in vals for ch in c)
        # (a label that is only the table's units note, "_(Millions, except percentages)_", labels no row)
        unlabelled = not r or not r[0] or _UNITS_NOTE.fullmatch(r[0]) is not None
        if (periods_only or (unlabelled and (no_numbers or day_pieces or cut_header))
                or (not vals and not seen_period)
                or words_only):
            n += 1
            seen_period = seen_period or periods_only
        else:
            break
    return n


def merge_split_words(cells: list[str]) -> list[str]:
    """Layout parsing cuts header words across cells ("Thirteen w" | "eeks ended", "U" | ".S."): join them back."""
    out = list(cells)
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        if a and b and a[-1].isalpha() and (b[0].islower() or re.match(r"\.[A-Z]\.", b) and a[-1].isupper()):
            out[i], out[i + 1] = a + b, ""
    return out


def parse_date(month: str, day: str, year: str) -> date | None:
    """The date of a month name or abbreviation ("Sept."), a day and a year; None if there is no such day."""
    try:
        return datetime.strptime(f"{month[:3]} {day} {year}", "%b %d %Y").date()
    except ValueError:
        return None


def dates_in_text(text: str) -> list[date]:
    """Calendar dates written out in ``text`` ("August 30, 2023", "Sept. 30 2022", "1st July 2022"), in order
    of appearance, without repeats; impossible dates (February 30) are skipped."""
    found: list[tuple[int, date]] = []
    for rx, order in ((_DATE, (1, 2, 3)), (_DAY_FIRST, (2, 1, 3))):
        for m in rx.finditer(text):
            d = parse_date(*(m.group(i) for i in order))
            if d is not None:
                found.append((m.start(), d))
    out: list[date] = []
    for _, d in sorted(found):
        if d not in out:
            out.append(d)
    return out

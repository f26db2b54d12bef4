"""Reported facts from financial-statement tables (Markdown), deterministically, precision first.

A fact is (metric, value, scale, unit, period label, duration, as-of date) read from one row and one
column of a primary statement (operations/income, balance sheet, cash flows, comprehensive income).
Anything uncertain is not written: rows whose values do not line up with the period columns, labels
that are not exact lexicon synonyms, metrics appearing twice with different values in one table.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from datetime import date

from finchat.graph.lexicon import STATEMENT_OF, metric_for_label, normalise_label, statement_kind
from finchat.tables import (
    _DATE,
    _DURATION,
    _YEAR,
    MONTHS,
    MONTHS_ABBR,
    STATEMENT_TITLE,
    header_count,
    letters,
    merge_split_words,
    parse_date,
    parse_value,
    plain,
    split_row,
    units_scale,
)

_MONTH_DAY = re.compile(rf"(?i)\b({MONTHS_ABBR})\s*(\d{{1,2}})\b")
_MONTH = re.compile(f"({MONTHS})")
#: Statements of part of the group (guarantor / obligor financial information, parent-company-only and
#: consolidating schedules) are not the company's figures.
_SUBSET = re.compile(r"(?i)\b(?:obligor|guarantor|cross guarantee|parent company|consolidating|closed group|"
                     r"condensed financial information of registrant)\b")
#: Cash-flow lines an analyst reads as positive amounts spent, though statements print them in parentheses:
#: "capital expenditure $1,577 million", not "−$1,577 million".
OUTFLOWS = frozenset({"capex", "dividends", "share_repurchases", "depreciation"})
#: Expense lines: positive costs. A row printed mostly in parentheses (a statement showing expenses as
#: deductions) is negated as a whole, so a tax benefit in such a row reads negative.
EXPENSES = frozenset({"cost_of_revenue", "sga", "rnd", "interest_expense", "income_tax"})
_UNITS = re.compile(r"(?i)\b(billions?|millions?|thousands?)\b")
_WORDS = {"three": 3, "six": 6, "nine": 9, "twelve": 12, "thirteen": 13, "sixteen": 16, "twenty-four": 24,
          "twenty-six": 26, "thirty-six": 36, "thirty-nine": 39, "forty": 40, "fifty-two": 52, "fifty-three": 53}
#: Weeks a retailer's or bottler's fiscal quarter or year-to-date spans → the months it stands for (PepsiCo's
#: first quarter is 12 weeks, its fourth 16 or 17).
_WEEKS = {12: "3M", 13: "3M", 16: "3M", 17: "3M", 24: "6M", 26: "6M", 36: "9M", 39: "9M", 40: "9M", 52: "12M", 53: "12M"}


@dataclass(frozen=True)
class Fact:
    metric: str
    value: float
    scale: str            # units | thousands | millions | billions
    unit: str             # USD | USD/share
    period_label: str     # as printed: "Three Months Ended July 1, 2023"
    duration: str | None  # 3M, 6M, 9M, 12M — None for point-in-time (balance sheet) values
    as_of: date | None
    row_label: str
    priority: int = 2     # label specificity; higher wins when tables disagree
    printed: str = ""     # the cell as printed, without "$": "0.309", "(2,980)", "81,797"

    @property
    def shown_value(self) -> str:
        """The value as an analyst reads it, with the printed precision: 81,797 or 0.309 or (265)."""
        s = printed_number(self.value, self.printed)
        return f"({s})" if self.value < 0 else s


def printed_number(value: float, printed: str = "") -> str:
    """|value| with thousands separators and the decimals it was printed with ("0.309" keeps three; with no
    printed string, none for a whole number, else two)."""
    decimals = len(printed.split(".")[1].rstrip(")")) if "." in printed else (0 if value == int(value) else 2)
    return f"{abs(value):,.{decimals}f}"


def split_table_text(text: str) -> tuple[list[str], list[list[str]]]:
    """(caption lines, table rows) of a table chunk's text; separator rows dropped."""
    caption, rows = [], []
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("|"):
            if re.fullmatch(r"\|?\s*:?-{3,}.*", s) and set(s) <= set("|-: "):
                continue
            rows.append(split_row(s))
        elif s and not rows:
            caption.append(plain(s))
    return caption, rows


def scale_of(units_text: str) -> str:
    m = _UNITS.search(units_text or "")
    if not m:
        return "units"
    word = m.group(1).lower()
    return word if word.endswith("s") else word + "s"


def _duration(text: str) -> str | None:
    m = _DURATION.search(text)
    if not m:
        return None
    if m.group(1):
        n = _WORDS.get(m.group(1).lower(), None) or int(m.group(1))
        return f"{n}M"
    if m.group(2):
        w = _WORDS.get(m.group(2).lower(), None) or int(m.group(2))
        return _WEEKS.get(w)
    return "3M" if m.group(3).lower() == "quarter" else "12M"


_NUMERIC_DATE = re.compile(r"\b(\d{1,2})/(\d{1,2})/((?:19|20)?\d{2})\b")


def _as_of(text: str) -> date | None:
    m = _DATE.search(text)
    if not m:
        n = _NUMERIC_DATE.search(text)  # earnings releases print "3/25/2023"
        if not n:
            return None
        year = int(n.group(3)) + (2000 if len(n.group(3)) == 2 else 0)
        try:
            return date(year, int(n.group(1)), int(n.group(2)))
        except ValueError:
            return None
    return parse_date(m.group(1), m.group(2), m.group(3))


def column_periods(header_rows: list[list[str]], ncols: int, context: str = "",
                   year_end: tuple[date, str | None] | None = None,
                   filing_period: tuple[date, str, int] | None = None,
                   sliced_runs: bool = False) -> list[tuple[str, str | None, date | None] | None]:
    """Per column (index 0 is the label column, always None): (label, duration, as-of), or None where a
    column has no recognisable date. Spanning header cells ("Three Months Ended") fill rightwards. A
    year-only column ("2018") takes its month and day, and duration, from ``context`` (the caption:
    "Years ended December 31") or, failing that, from ``year_end`` (an annual report's fiscal year end and the
    duration its year columns mean: "12M" for flows, None for a balance sheet). ``filing_period`` (the
    filing's period end, fiscal quarter "Q3" and fiscal year) dates quarter codes ("2Q21") and a results release's
    year columns under "Second quarter". ``sliced_runs``: several periods each sliced across the header
    ("Three m | onths ended Jun | e 30, | Six m | …") are put back, each over its own columns (table cells; a
    statement's facts keep to headers read whole)."""
    filled: list[list[str]] = []
    for r, row in enumerate(header_rows):
        cells = row + [""] * (ncols - len(row))
        cells = [cells[0], *merge_split_words(cells[1:])]
        cells = _rejoin_sliced_date([cells[0], *_join_month_day([_untangle_month(c) for c in cells[1:]])], sliced_runs)
        if r < len(header_rows) - 1:
            last = ""
            for j in range(1, ncols):
                if cells[j]:
                    last = cells[j]
                elif last and (_DURATION.search(last) or not _YEAR.search(last)):
                    cells[j] = last
        filled.append(cells)
    # The layout parser sometimes slices a spanning header mid-word ("Year Ended December 3" | "" | "1,"): the
    # header cells joined without separators give the phrase back for year-only columns.
    joined = "".join(c for row in header_rows for c in row[1:])
    spanning = context + " " + re.sub(r"\s+", " ", joined)
    spaced = context + " " + " ".join(c for row in header_rows for c in row[1:] if c)
    durations = {_duration(m.group(0)) for m in _DURATION.finditer(spaced)} - {None}
    out: list[tuple[str, str | None, date | None] | None] = [None]
    for j in range(1, ncols):
        label = " ".join(c[j] for c in filled if c[j]).strip()
        # "(Unaudited)" and emphasis underscores ("_(Unaudited)_ Three Months Ended") are not the period
        label = re.sub(r"\s+", " ", re.sub(r"(?i)\(unaudited\)|_+", " ", label)).strip()
        as_of = _as_of(label)
        duration = _duration(label)
        dated = _DATE.search(label)
        if dated:
            label = label[:dated.end()]  # header text after the date ("(In millions, except …)") is not the period
        if as_of is None:
            year = _YEAR.fullmatch(re.sub(r"[^0-9]", "", label)) if len(re.sub(r"[^0-9]", "", label)) == 4 else None
            said = _period_day(context)
            md = said or _period_day(spanning)
            if year and md and len(durations) <= 1:  # with two durations in the header, a year alone is ambiguous
                where = context if said else spanning
                label = f"{_duration_phrase(where) or 'As of'} {md.group(1)} {md.group(2)}, {year.group(1)}"
                as_of = _as_of(label)
                duration = _duration(where)
            elif year and year_end is not None:
                end, dur = year_end
                month = end.strftime("%B")
                label = f"{'Year ended' if dur else 'As of'} {month} {end.day}, {year.group(1)}"
                as_of = _as_of(label)
                duration = dur
            elif filing_period is not None:
                label, duration, as_of = _filing_relative(label, year, spanning, filing_period,
                                                          spaced[len(context):])
        out.append(None if as_of is None else (label, duration, as_of))
    if all(c is None or c[1] is None for c in out):
        phrased = _years_under_one_phrase(header_rows, ncols)
        if phrased and any(c is not None and c[1] for c in phrased):
            out = phrased
    elif any(c is not None and c[1] for c in out):
        out = _sliced_runs(header_rows, ncols, out)
    out = _spread_duration(out)
    if len(durations) == 1 and all(c is None or c[1] is None for c in out) and any(out):
        # one duration centred above the dates, sliced so that no date column carries it ("13 Weeks" | "Ended")
        dur = next(iter(durations))
        out = [None if c is None else (f"{_duration_words(dur)} {c[0]}".strip(), dur, c[2]) for c in out]
    return out


def _period_day(context: str) -> re.Match[str] | None:
    """The first month and day of ``context`` that may end a period: not an event's ("the offering on May 8, 2023",
    "since March 1, 2020")."""
    return next((m for m in _MONTH_DAY.finditer(context)
                 if not re.search(r"(?i)\b(?:on|since|from|dated|effective)\s+$", context[:m.start()])), None)


def _sliced_periods(cells: list[str], filled: list[int]) -> list[str] | None:
    """Two or more spanning periods, each sliced ("Three months ended Jun" | "e 30," | "Six months ended June" |
    "30,"): each glued back where it started — pieces split mid-word joined, others with a space — so that it
    fills the columns to its right until the next. None unless every piece belongs to a run reading as one
    duration ending with its month and day."""
    out = [cells[0]] + [""] * (len(cells) - 1)
    start, glued, runs = 0, "", 0
    for j in filled:
        piece = cells[j].strip()
        start = start or j
        glued = f"{glued}{piece}" if re.search(r"[A-Za-z]$", glued) and piece[:1].islower() else f"{glued} {piece}".strip()
        if _DURATION.search(glued) and len(_MONTH_DAY.findall(glued)) == 1 and re.search(r"\d,?$", glued) \
                and not _YEAR.search(glued):
            out[start], start, glued, runs = glued, 0, "", runs + 1
    return out if runs >= 2 and not glued else None


def _rejoin_sliced_date(cells: list[str], sliced_runs: bool = False) -> list[str]:
    """A spanning header the layout parser sliced into fragments — "Year Ended December 3" | "" | "1,",
    "Forthe Years Ended Decembe" | "" | "r 31,", "For the Years En" | "" | "ded December 31," — put back as one cell
    where it started, so it fills the columns to its right. Only when the pieces glued together read as one
    date (or duration) that no piece reads alone."""
    filled = [j for j in range(1, len(cells)) if cells[j]]
    if len(filled) < 2:
        return cells
    runs = _sliced_periods(cells, filled) if sliced_runs else None
    if runs is not None:
        return runs
    pieces = [cells[j] for j in filled]
    if all(re.fullmatch(r"\d,?", p.strip()) for p in pieces) and re.fullmatch(r"\d{2},?", "".join(pieces)):
        # "3" | "0," under "Three Months Ended April": the day, sliced
        return [cells[0], "".join(pieces)] + [""] * (len(cells) - 2) if filled[0] == 1 else cells
    for sep in ("", " "):
        glued = _untangle_month(re.sub(r"\s+", " ", sep.join(pieces)).strip())
        dates = _MONTH_DAY.findall(glued)
        if len(dates) != 1 or _YEAR.search(glued) and len(_YEAR.findall(glued)) > 1:
            continue
        whole_alone = any(_MONTH_DAY.search(p) and _MONTH_DAY.search(p).group(0) == _MONTH_DAY.search(glued).group(0)  # type: ignore[union-attr]
                          and (not _DURATION.search(glued) or _DURATION.search(p)) for p in pieces)
        if whole_alone:
            return cells
        if sep == "" and not re.search(r"[a-z]$", pieces[0].rstrip()) and not pieces[0].rstrip()[-1:].isdigit():
            continue  # "December" + "31," wants a space
        out = [cells[0]] + [""] * (len(cells) - 1)
        out[filled[0]] = glued
        return out
    return cells


_QCODE = re.compile(r"(?i)^(?:([1-4])Q\s?'?(\d{2})|Q([1-4])\s?'?(\d{2}|\d{4}))$")
_QUARTER_WORDS = re.compile(r"(?i)\b(first|second|third|fourth)\s+quarter|\b(six|nine)\s+months\b|\bfull[- ]year\b|"
                            r"\btwelve months\b")


def _years_under_one_phrase(header_rows: list[list[str]], ncols: int,
                            columns: range | None = None) -> list[tuple[str, str | None, date | None] | None] | None:
    """A header whose phrase and years the layout parser cut and interleaved — "Twelve Months End 2022" |
    "ed June 30, 2023" — read as one phrase ("Twelve Months Ended June 30,") over one year per column. Only
    when every value column (of ``columns``, default all) holds exactly one year and the rest, glued, names
    one date. The list returned has an entry per column of the table (None outside ``columns``)."""
    span = columns if columns is not None else range(1, ncols)
    cells = [" ".join(r[j] for r in header_rows if j < len(r) and r[j]) for j in span]
    years = [_YEAR.findall(c) for c in cells]
    if not cells or any(len(y) != 1 for y in years):
        return None
    rest = [re.sub(r"\s+", " ", _YEAR.sub(" ", c)).strip() for c in cells]
    for sep in ("", " "):
        phrase = re.sub(r"\s+", " ", sep.join(rest)).strip().rstrip(",")
        if len(_MONTH_DAY.findall(phrase)) == 1 and len(_DURATION.findall(phrase)) <= 1 and _DURATION.search(phrase):
            out: list[tuple[str, str | None, date | None] | None] = [None] * ncols
            for j, y in zip(span, years):
                label = f"{phrase}, {y[0]}"
                out[j] = (label, _duration(label), _as_of(label)) if _as_of(label) else None
            return out
    return None


def _sliced_runs(header_rows: list[list[str]], ncols: int,
                 cols: list[tuple[str, str | None, date | None] | None]) -> list[tuple[str, str | None, date | None] | None]:
    """Columns after dated ones whose own phrase the layout parser cut across them ("3Q22" … | "Nine months e
    2022" | "nded Sept 30, 2021"): each run of two or more columns without a duration, one year apiece, read as
    one phrase over its years."""
    out = list(cols)
    j = 1
    while j < ncols:
        k = j
        while k < ncols and (out[k] is None or out[k][1] is None):  # type: ignore[index]
            k += 1
        if k - j >= 2 and (got := _years_under_one_phrase(header_rows, ncols, range(j, k))):
            out[j:k] = got[j:k]
        j = k + 1
    return out


def _filing_relative(label: str, year: re.Match[str] | None, spanning: str,
                     filing_period: tuple[date, str, int], header: str = "") -> tuple[str, str | None, date | None]:
    """A column dated only relative to the filing: "2Q21" (a bank's quarter code, in the filing's fiscal years) or a results release's
    "2023" under "Second quarter" / "Full year". Quarter ends step back three months from the filing's own
    period end (month ends stay month ends; a 52-week year's exact day is not knowable from the header). The
    ``header``'s own words ("SIX MONTHS") come before the caption's ("… through the end of the fiscal second
    quarter")."""
    end, quarter, fiscal_year = filing_period
    q_now = int(quarter[1]) if re.fullmatch(r"Q[1-4]", quarter or "") else 4
    code = _QCODE.match(label.strip())
    if code:
        q = int(code.group(1) or code.group(3))
        yy = code.group(2) or code.group(4)
        fy = int(yy) + (2000 if len(yy) == 2 else 0)
        as_of = shift_months(end, -3 * ((fiscal_year - fy) * 4 + (q_now - q)))
        return f"Three months ended {as_of:%B %-d, %Y}", "3M", as_of
    words = _QUARTER_WORDS.search(header) or _QUARTER_WORDS.search(spanning)
    if year and words:
        back = end.year - int(year.group(1))
        as_of = shift_months(end, -12 * back)
        if words.group(1):
            return f"Three months ended {as_of:%B %-d, %Y}", "3M", as_of
        if words.group(2):
            months = {"six": 6, "nine": 9}[words.group(2).lower()]
            return f"{words.group(2).capitalize()} months ended {as_of:%B %-d, %Y}", f"{months}M", as_of
        return f"Year ended {as_of:%B %-d, %Y}", "12M", as_of
    return label, None, None


def shift_months(d: date, months: int) -> date:
    """``d`` moved by whole months; a month end stays a month end."""
    import calendar

    y, m = divmod(d.month - 1 + months, 12)
    y, m = d.year + y, m + 1
    last = calendar.monthrange(y, m)[1]
    day = last if d.day == calendar.monthrange(d.year, d.month)[1] else min(d.day, last)
    return date(y, m, day)


def _join_month_day(cells: list[str]) -> list[str]:
    """Dates the layout parser split across two cells: "June" | "30,", "January 2023" | "28," and "202" | "3"
    read as "June 30,", "January 28, 2023" and "2023"."""
    out = list(cells)
    for j in range(len(out) - 1):
        a, b = out[j].strip(), out[j + 1].strip()
        if re.fullmatch(r"(?:19|20)\d", a) and re.fullmatch(r"\d", b):  # "202" | "3": a year sliced
            out[j], out[j + 1] = a + b, ""
            continue
        if re.fullmatch(r"(?i)(?:\w+\s+)?(?:three|six|nine|twelve|\d{1,2})\s+(?:months|weeks)", a) and re.match(r"(?i)ended\b", b):
            out[j], out[j + 1] = f"{a} {b}", ""  # "Three Months" | "Ended June 30,"
            continue
        day = re.match(r"(\d{1,2}),?(\s.*)?$", b)
        if not a or not day or _MONTH_DAY.search(a):
            continue
        m = re.search(rf"(?i)\b({MONTHS})(?:\s+((?:19|20)\d{{2}}))?$", a)
        if m:
            rest = (day.group(2) or "").strip()
            joined = f"{a[:m.start()]}{m.group(1)} {day.group(1)}, {m.group(2) or rest}".strip().rstrip(",")
            out[j], out[j + 1] = joined, ""
    return out



def _untangle_month(text: str) -> str:
    """A two-line header the layout parser interleaved — "Three mon Juneths ended 30," is "Three months
    ended" over "June 30," — put back in reading order. Only when the untangled text reads as a duration
    ending on a day and the cell had no month-and-day of its own."""
    if _MONTH_DAY.search(text):
        return text
    m = _MONTH.search(text)
    if m:
        return _reorder(_cut(text, m.start(), m.end()), m.group(1)) or text
    # the month itself sliced in two: "Three mon Septemths ended ber 30,"
    for month in MONTHS.split("|"):
        for k in range(2, len(month) - 1):
            i = text.find(month[:k])
            j = text.find(month[k:], i + k) if i >= 0 else -1
            if i >= 0 and j >= 0:
                rest = _cut(_cut(text, j, j + len(month) - k), i, i + k)
                found = _reorder(rest, month)
                if found:
                    return found
    return text


def _cut(text: str, start: int, end: int) -> str:
    """``text`` without [start:end]; a word the cut piece sat inside is closed up ("mon|ths")."""
    left, right = text[:start], text[end:]
    return left.rstrip() + right if right[:1].islower() and left[-1:].isspace() else left + " " + right


def _reorder(text: str, month: str) -> str | None:
    """"Three months ended 30," + June → "Three months ended June 30,", if it then reads as a duration."""
    glued = re.sub(r"\s+", " ", text).strip()
    day = re.search(r"(?i)\b(ended|ending)\s+(\d{1,2})\b", glued)
    if not day or not _DURATION.search(glued):
        return None
    return f"{glued[:day.end(1)]} {month}{glued[day.end(1):]}"


def _spread_duration(cols: list[tuple[str, str | None, date | None] | None]) -> list[tuple[str, str | None, date | None] | None]:
    """A duration header centred over several date columns ("Years Ended" above three dates) reaches only
    the columns it sits over; the dated columns of the same table without one take the nearest column's
    (a table of flows has no point-in-time columns). Tables with no duration at all (balance sheets) stay."""
    durations = [(j, c[1]) for j, c in enumerate(cols) if c is not None and c[1] is not None]
    if not durations:
        return cols
    out = list(cols)
    for j, c in enumerate(cols):
        if c is not None and c[1] is None:
            nearest = min(durations, key=lambda d: (abs(d[0] - j), d[0] < j))[1]
            label = c[0] if _DURATION.search(c[0]) else f"{_duration_words(nearest)} {c[0]}".strip()
            out[j] = (label, nearest, c[2])
    return out


def _duration_words(duration: str | None) -> str:
    """"12M" → "Twelve Months Ended" (the label a spread duration gets)."""
    months = {"3M": "Three", "6M": "Six", "9M": "Nine", "12M": "Twelve"}
    return f"{months[duration]} Months Ended" if duration in months else ""


def _duration_phrase(text: str) -> str:
    m = _DURATION.search(text)
    return m.group(0).strip().capitalize() if m else ""


#: Rows searched for a units line inside the table ("| (In millions except per share data) | | |" under the
#: dates); the header rows may be fewer.
UNITS_ROWS = 4


def extract_facts(text: str, title_hint: str = "", fiscal_year_end: date | None = None,
                  filing_period: tuple[date, str, int] | None = None, units_hint: str | None = None) -> list[Fact]:
    """Facts from one table chunk's text (caption + units + Markdown table). Empty unless the table is a
    primary financial statement with dated columns. ``fiscal_year_end`` (an annual report's) dates columns
    headed by a year alone when nothing in the table says which day the year ends; ``filing_period`` (period
    end, fiscal quarter, fiscal year) dates quarter codes and a release's "Second quarter" year columns;
    ``units_hint`` ("millions" …) is the scale printed on the table's page outside the table, used when the
    table itself prints none."""
    caption, rows = split_table_text(text)
    if len(rows) < 3:
        return []
    corner = " ".join(r[0] for r in rows[:2] if r and r[0]).strip()
    # "Year Ended December 31_(Millions)_": emphasis underscores glue words to numbers
    head = re.sub(r"_+", " ", " ".join(caption) + " " + title_hint + " " + corner)
    if not STATEMENT_TITLE.search(letters(head)) or _SUBSET.search(head):
        return []
    nh = header_count(rows)
    corners = [r[0] for r in rows[:nh] if r and r[0]]
    units = next((c for c in [*caption, corner, *corners] if _UNITS.search(c)
                  and re.match(r"(?i)\(?\s*(unaudited[;,]?\s*)?(in |dollars|amounts|\$|millions|thousands|billions)", c)), "")
    # "… Statements of Income (In thousands, except per share data)", a header cell, "(Inmillions …" glued
    # by the text layer; else the units line printed above the table on its page (``units_hint``)
    # a units line the layout parser cut across cells ("(dollars in m" | "illions, …") reads joined back
    head_cells = [*caption, *(c for r in rows[:max(nh, UNITS_ROWS)] for c in r),
                  *("".join(r) for r in rows[:max(nh, UNITS_ROWS)])]
    scale = (scale_of(units) if units else
             next((s for c in head_cells if (s := units_scale(c))), None) or units_hint or "units")
    ncols = max(len(r) for r in rows)
    year_end = None
    if fiscal_year_end is not None:
        year_end = (fiscal_year_end, None if statement_kind(head) == "balance" else "12M")
    periods = column_periods(rows[:nh], ncols, head, year_end, filing_period)
    # "% of sales", "Percent change", "Increase (Decrease)" columns beside the periods are not values
    side = {j for j in range(1, ncols) if re.search(r"(?i)percent|%|change|increase|decrease|variance",
                                                     " ".join(r[j] for r in rows[:nh] if j < len(r)))
            and periods[j] is None}
    if year_end is not None and year_end[1] is not None:
        # an annual report's income or cash-flow columns headed by a date alone are its fiscal years
        periods = [p if p is None or p[1] is not None
                   else (f"Year ended {re.sub(r'(?i)^as of ', '', p[0])}", "12M", p[2]) for p in periods]
    period_cols = [j for j, p in enumerate(periods) if p is not None]
    if not period_cols:
        return []
    found: dict[tuple[str, str], Fact] = {}
    prio: dict[tuple[str, str], int] = {}
    conflicted: set[tuple[str, str]] = set()
    outer = inner = ""  # the headings above a row: "Earnings per share:" and, under it, "Diluted:"
    heading = False  # whether the previous row was a heading too (a heading wrapped onto two rows)
    body = rows[nh:]
    for i, row in enumerate(body):
        label = row[0] if row else ""
        cells = row[1:] + [""] * (ncols - len(row))
        if not label and outer and not inner and any(parse_value(c) is not None for c in cells):
            # an unlabelled row closing a block is its total: "Revenues" … (blank) 3,942,207; on a balance
            # sheet the blank row just above "Liabilities and equity" is total assets
            after = normalise_label(body[i + 1][0]) if i + 1 < len(body) and body[i + 1] else ""
            label = "Total assets" if after.startswith("liabilities") else f"Total {outer.rstrip(':')}"
        printed = [(j, c) for j, c in enumerate(cells, start=1)
                   if c and c != "$" and j not in side and not c.rstrip().endswith("%")]
        if label and not printed:
            if _QUALIFIER.match(normalise_label(label)):
                inner = label
            else:
                outer, inner = (f"{outer} {label}" if heading and not inner else label), ""
            heading = True
            continue
        heading = False
        if _NON_GAAP.search(outer + " " + inner + " " + label):
            continue  # "Adjusted net earnings" and the lines under it are not the reported figures
        match = label_metric(label, outer, inner)
        if match is None:
            continue
        key, priority = match
        aligned = _align(printed, period_cols)
        if aligned is None:
            continue
        shown = dict(aligned)
        mapped = [(j, parse_value(c)) for j, c in aligned]
        if _FLOW_STATEMENT.get(key) and all(periods[j] is None or periods[j][1] is None for j, _ in mapped):  # type: ignore[index]
            continue  # a flow (revenue, cash from operations) is over a period: undated durations are not read
        per_share = key.startswith("eps") or "per share" in label.lower()
        if per_share and any(v is not None and abs(v) >= 10_000 for _, v in mapped):
            continue  # a share count or an amount under a per-share heading, not a per-share figure
        signs = [v for _, v in mapped if v]
        # "Income tax benefit (provision)": a benefit is printed positive, the expense in parentheses
        named = re.search(r"(?i)\b(benefit|provision|expense)", re.sub(r"\([^)]*\)", " ", label))
        flip = key in EXPENSES and (sum(v < 0 for v in signs) > sum(v > 0 for v in signs)
                                    or (key == "income_tax" and named is not None and named.group(1).lower() == "benefit"))
        for j, v in mapped:
            if v is None:
                continue
            if key in OUTFLOWS:
                v = abs(v)  # an outflow is a positive amount spent, however the statement prints it
            elif flip:
                v = -v  # a statement printing expenses in parentheses: (106) is an expense of 106
            plabel, duration, as_of = periods[j]  # type: ignore[misc]
            fact = Fact(key, v, "units" if per_share else scale, "USD/share" if per_share else "USD",
                        plabel, duration, as_of, label, priority, shown.get(j, "").replace("$", "").replace(" ", ""))
            k = (key, plabel)
            if k not in found or priority > prio[k]:
                found[k], prio[k] = fact, priority
                conflicted.discard(k)
            elif priority == prio[k] and found[k].value != v:
                conflicted.add(k)
    out = [f for k, f in found.items() if k not in conflicted]
    have = {(f.metric, f.period_label) for f in out}
    if not any(f.metric == "net_income_nci" for f in out):
        # no non-controlling interests: the income attributable to the company is the net income too
        out += [dataclasses.replace(f, metric="net_income", priority=1) for f in out
                if f.metric == "net_income_attributable" and ("net_income", f.period_label) not in have]
    return out


_FLOW_STATEMENT = {k: v in ("income", "cashflow") for k, v in STATEMENT_OF.items()}
_NON_GAAP = re.compile(r"(?i)\badjusted\b|non[- ]gaap|pro forma|excluding special items")
#: Label-only rows that qualify the heading above them rather than replace it ("Basic", "Diluted:").
_QUALIFIER = re.compile(r"^(basic|diluted|assuming dilution|continuing operations|total company)$")
_NET = r"(?i)^(?:less:? )?(?:consolidated )?net (?:income|earnings|loss|income \(loss\)|earnings \(loss\)|\(loss\) income|\(income\) loss|income/\(loss\))"
_ATTRIBUTABLE = re.compile(_NET + r"(?: \(loss\))?,? (?:attributable|applicable|available) to (?!.*(?:non[- ]?controlling|redeemable))")
_NCI = re.compile(_NET + r"(?: \(loss\))? attributable to (?:redeemable )?(?:and )?non[- ]?controlling interests?$")
_INCLUDING_NCI = re.compile(_NET + r".*(?:including .*non[- ]?controlling|before allocation to non[- ]?controlling)")
_PER_SHARE = re.compile(r"per (common |ordinary |basic |diluted )?shares?\b|\beps\b")
_EARNINGS_LINE = re.compile(r"^(basic|diluted|total|net|earnings|income|loss|continuing operations)\b|"
                            r"earnings|income|\bloss\b|per share")


def label_metric(label: str, outer: str = "", inner: str = "") -> tuple[str, int] | None:
    """(metric, priority) of a row label under its headings (``outer`` "Earnings per share:", ``inner``
    "Diluted"): exact lexicon synonyms (2); per-share lines — "Diluted", "Diluted earnings/(loss)" under a
    per-share heading, "Diluted loss per share" — (3, or 1 for continuing operations, which a total
    outranks; discontinued operations are skipped); net income attributable to the company (3, as
    ``net_income_attributable``) and to non-controlling interests (``net_income_nci``)."""
    low = normalise_label(label)
    heads = normalise_label(outer + " " + inner)
    if re.search(r"\bshares\b", _PER_SHARE.sub(" ", heads)) and not _PER_SHARE.search(low):
        return None  # under "Weighted-average shares outstanding:" a "Diluted" row is a share count
    if _PER_SHARE.search(heads + " " + low) and not re.search(r"\b(weighted|shares used|dividends?|book value|cash flow)\b", low):
        which = next((w for text in (label.lower(), inner.lower(), outer.lower())
                      for w in ("diluted", "basic") if re.search(rf"\b{w}\b|assuming dilution", text)
                      and (w == "diluted" or "dilution" not in text)), None)
        if which and _EARNINGS_LINE.search(low) and "discontinued" not in low:
            return f"eps_{which}", 1 if "continuing operations" in low else 3
        if "discontinued" in low or which:
            return None
    if _NCI.search(label):
        return "net_income_nci", 2
    if _ATTRIBUTABLE.search(label) and "per" not in low.split():
        return "net_income_attributable", 3
    if _INCLUDING_NCI.search(label):
        return "net_income", 3
    key = metric_for_label(label, outer + " " + inner)
    if key is None:
        return None
    return key, 3 if low.startswith("total ") else 2  # "Total revenues" outranks "Net sales" above it


def _align(values: list[tuple[int, str]], period_cols: list[int]) -> list[tuple[int, str]] | None:
    """Map a row's non-empty cells onto the period columns. A real statement row fills every period
    column (a dash counts), so the counts must agree; then cells map by position when they sit in those
    columns, else in order (the parser shifted them). Otherwise None: the row is skipped."""
    if len(values) != len(period_cols):
        return None
    if [j for j, _ in values] == period_cols:
        return values
    return list(zip(period_cols, [v for _, v in values], strict=True))

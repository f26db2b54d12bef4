"""The period of each column of a table's header: its label, duration ("3M", "6M", "12M") and end date, read from
dates, durations, years and quarter codes as statements, notes and results releases print them — including headers
the PDF layout sliced mid-word or spread over several rows (graph/facts.py and graph/cells.py read tables with it)."""

from __future__ import annotations

import re
from datetime import date

from finchat.tables import _DATE, _DURATION, _YEAR, MONTHS, MONTHS_ABBR, merge_split_words, parse_date

_MONTH_DAY = re.compile(rf"(?i)\b({MONTHS_ABBR})\s*(\d{{1,2}})\b")
_MONTH = re.compile(f"({MONTHS})")
_WORDS = {"three": 3, "six": 6, "nine": 9, "twelve": 12, "thirteen": 13, "sixteen": 16, "twenty-four": 24,
          "twenty-six": 26, "thirty-six": 36, "thirty-nine": 39, "forty": 40, "fifty-two": 52, "fifty-three": 53}
#: Weeks a retailer's or bottler's fiscal quarter or year-to-date spans → the months it stands for (PepsiCo's
#: first quarter is 12 weeks, its fourth 16 or 17).
_WEEKS = {12: "3M", 13: "3M", 16: "3M", 17: "3M", 24: "6M", 26: "6M", 36: "9M", 39: "9M", 40: "9M", 52: "12M", 53: "12M"}


#: A column of the years past or before one ("After 2026", "Beyond 2030", "Prior to 2020"): no year of its own.
_BEYOND = re.compile(r"(?i)\b(?:after|beyond|thereafter|later\s+than|prior\s+to)\b")


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


#: "… June 30, Average 2023": a word of a lower header row between a spanning period's day and a column's year.
_BETWEEN_DAY_AND_YEAR = re.compile(rf"(?i)^(?P<lead>.*?)(?P<day>\b(?:{MONTHS_ABBR})\s*\d{{1,2}},?)\s+"
                                   r"(?P<w>average|period-end|actual|reported)\s+(?P<year>(?:19|20)\d{2})$")


#: Days of January a 52/53-week year may end on and still be named for the year before ("2022" ended January 1, 2023).
JANUARY_DAYS = 7


def _named_before(month: str, day: int, year: int, header: str) -> int:
    """1 when a column headed ``year`` of a year ending ``month`` ``day`` names a 52/53-week year ending in
    January's first week of the year after (Johnson & Johnson's "2022", ended January 1, 2023) — unless the
    ``header`` prints that day in ``year`` itself; else 0."""
    if not month.lower().startswith("jan") or day > JANUARY_DAYS:
        return 0
    return 0 if re.search(rf"(?i)\bjan(?:uary)?\.?\s+{day},?\s+{year}\b", header) else 1


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
        # a word of the header set between the day and the year ("Three months ended June 30, | Average | 2023") says
        # what the column is: it goes first, and the date is read whole
        label = _BETWEEN_DAY_AND_YEAR.sub(r"\g<w> \g<lead>\g<day> \g<year>", label)
        as_of = _as_of(label)
        duration = _duration(label)
        dated = _DATE.search(label)
        if dated:
            label = label[:dated.end()]  # header text after the date ("(In millions, except …)") is not the period
        if as_of is None:
            year = _YEAR.fullmatch(re.sub(r"[^0-9]", "", label)) if len(re.sub(r"[^0-9]", "", label)) == 4 \
                and not _BEYOND.search(label) else None
            said = _period_day(context)
            md = said or _period_day(spanning)
            if year and md and len(durations) <= 1:  # with two durations in the header, a year alone is ambiguous
                where = context if said else spanning
                named = int(year.group(1)) + _named_before(md.group(1), int(md.group(2)), int(year.group(1)), spaced)
                label = f"{_duration_phrase(where) or 'As of'} {md.group(1)} {md.group(2)}, {named}"
                as_of = _as_of(label)
                duration = _duration(where)
            elif year and year_end is not None:
                end, dur = year_end
                month = end.strftime("%B")
                named = int(year.group(1)) + _named_before(month, end.day, int(year.group(1)), spaced)
                label = f"{'Year ended' if dur else 'As of'} {month} {end.day}, {named}"
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


def shift_year(d: date, years: int) -> date:
    """``d`` moved by whole years; February 29 becomes the 28th."""
    try:
        return d.replace(year=d.year + years)
    except ValueError:  # February 29
        return d.replace(year=d.year + years, day=28)


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
    (a table of flows has no point-in-time columns) — but dates before the first of two or more periods are
    balances. Tables with no duration at all (balance sheets) stay."""
    durations = [(j, c[1]) for j, c in enumerate(cols) if c is not None and c[1] is not None]
    if not durations:
        return cols
    out = list(cols)
    # (dates before the first of two spanning periods — "June 30, 2023 | December 31, 2022 | Three months ended … |
    # Six months ended …" — are balances at those dates: each period spans its own columns)
    first = durations[0][0] if len({d for _, d in durations}) >= 2 else 0
    for j, c in enumerate(cols):
        if c is not None and c[1] is None and j >= first:
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

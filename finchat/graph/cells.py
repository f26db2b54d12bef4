"""Every table's cells as data: row label with the headings above it ("Net sales › Aeronautics"), the
column's period (duration and end date, read as for the statements), value, the cell as printed, scale and
unit (USD, %, USD/share, count) and page — for segment, product, region, KPI and rate figures that no
statement line carries.

Read from the stored table chunks (the parts of a split table joined), written to ``table_cells`` (sql/016)
by the graph build, so `finchat graph build` rebuilds them. A cell whose column has no period ("% Change",
a segment column in a segment-by-column table) is kept with its column's header words and no period.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date
from itertools import pairwise
from typing import Any

from finchat.graph.facts import split_table_text
from finchat.graph.periods import column_periods, shift_year
from finchat.graph.rowlabels import closing_totals
from finchat.graph.rowunits import AREA, MONEY_OF_COUNTED, PER_THING, UNITLESS_LABEL, counted_area
from finchat.graph.rowunits import counted as counted_label
from finchat.tables import MONTHS_ABBR, header_count, parse_value, row_units, row_units_own, units_scale

#: A row label naming things counted, not money ("paid memberships", "units", "employees").
_COUNTED = re.compile(r"(?i)\b(?:members(?:hips)?|subscribers|accounts|customers|units|stores|employees|"
                      r"transactions|shares(?! of)|square feet|locations|restaurants|vehicles|deliveries|users|headcount|number of|"
                      # (stock options and units counted, as in an anti-dilutive table "(in thousands)": never money)
                      r"stock options|restricted stock units|warrants)\b")
#: Of those, things counted one by one, never by the thousand in a filing's tables.
_COUNTED_SINGLY = re.compile(r"(?i)\b(?:deliveries|stores|restaurants|locations|warehouses|clubs|aircraft)\b")
#: "Number of client advisors", "Number of branches" (not of shares): things counted one by one, whatever the table's
#: money scale.
_ONE_BY_ONE = re.compile(r"(?i)^\s*number\s+of\b(?!.*\bshares\b)")
_PER_SHARE = re.compile(r"(?i)per (?:common |diluted |basic |core diluted )?share|\beps\b")
_MONEY = re.compile(r"(?i)\$|\bdollars?\b|\bin (?:thousands|millions|billions)\b|\(in (?:thousands|millions)\)")
_PERCENTISH = re.compile(r"(?i)\bpercent|%|\bmargin\b|\brate\b|\bas a percentage\b")
MAX_LABEL = 200
#: A row label naming a rate ("Return on tangible common equity", "Overhead ratio", "Net interest margin").
_RATE_LABEL = re.compile(r"(?i)^(?:return on|net yield on)\b|\b(?:margin|ratio|rate|yield)s?$")


@dataclass(frozen=True)
class Cell:
    row_label: str
    row_path: str
    col_label: str
    duration: str | None
    as_of: date | None
    value: float
    printed: str
    scale: str
    unit: str
    lead: str = ""  # the sentence introducing its table, when a text chunk holds several tables


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[*_]+", "", text or "")).strip(" :")


#: A ratio printed against one ("1.6:1"): a figure, in units.
_TIMES_ONE = re.compile(r"(\d+(?:\.\d+)?)\s*(?::\s*1|[x×])$")  # "1.6:1", a multiple "3.78 x"


def _value(cell: str) -> float | None:
    """A cell's number: "1,234", "(56)", "$ 6,473", "10.5%", "(2)%"."""
    text = cell.strip()
    if (ratio := _TIMES_ONE.fullmatch(text)) is not None:  # "Current ratio 1.6:1", "MSR revenue multiple 3.78 x"
        return float(ratio.group(1))
    if text.endswith("%"):
        text = text[:-1].strip()
        if text.endswith(")") and text.startswith("("):
            inner = parse_value(text[1:-1])
            return -inner if inner is not None else None
    return parse_value(text)


def _year_columns(header_rows: list[list[str]], ncols: int, year_end: date,
                  duration: str | None = "12M") -> list[tuple[str, str | None, date | None] | None]:
    """Columns under bare years ("2022 | 2021 | 2020") in a header the layout cut into pieces ("Yea" | "r Ended
    December" | "31,"; "As ofor fo end" | "r the ed Mthree month arch 31,"): each the period of ``duration`` (an
    annual report's "12M"; a quarterly report's "3M", or None where the header names no length) to ``year_end``'s
    month and day in that year; [] when no header row has two such years."""
    lengths = {"12M": "Twelve", "9M": "Nine", "6M": "Six", "3M": "Three"}
    for row in reversed(header_rows):
        years = {j: int(c.strip()) for j, c in enumerate(row) if j and re.fullmatch(r"(?:19|20)\d\d", c.strip())}
        if len(years) >= 2:
            out: list[tuple[str, str | None, date | None] | None] = [None] * ncols
            for j, y in years.items():
                try:
                    end = year_end.replace(year=y)
                except ValueError:  # February 29
                    end = year_end.replace(year=y, day=28)
                named = f"{end:%B} {end.day}, {y}"
                if j < ncols:
                    out[j] = (f"{lengths[duration]} Months Ended {named}" if duration in lengths else named,
                              duration, end)
            return out
    return []


#: A row label naming a period: "First quarter", "Q3", "Fourth quarter".
_PERIOD_ROW = re.compile(r"(?i)^(?:(?:first|second|third|fourth)\s+quarter|q[1-4])\b")
#: A quarterly header's length, read through the layout's cuts ("r the ed Mthree month arch 31,").
_HEADER_LENGTH = re.compile(r"(?i)(three|six|nine)\s*mo")


def _quarter_year_columns(header_rows: list[list[str]], ncols: int,
                          filing_period: tuple[date, str, int]) -> list[tuple[str, str | None, date | None] | None]:
    """A quarterly report's columns under bare years ("2021 | 2020 | Change" under a header cut past reading):
    each the filing's quarter end in that year, three, six or nine months as the header's pieces say (the
    length unknown — None — when they say none); [] for an annual period or no two bare years."""
    if not re.fullmatch(r"Q[1-3]", str(filing_period[1] or "")) or filing_period[0] is None:
        return []
    said = _HEADER_LENGTH.findall(" ".join(c for r in header_rows for c in r))
    length = {"three": "3M", "six": "6M", "nine": "9M"}
    months = {length[w.lower()] for w in said}
    return _year_columns(header_rows, ncols, filing_period[0], months.pop() if len(months) == 1 else None)


def _two_lengths(header_rows: list[list[str]], periods: list[Any]) -> list[Any]:
    """Columns of two periods' groups ("2021 | 2020 | Change | 2021 | 2020 | Change") read as one length where the
    header, cut past reading, names two in order ("… three mont ded June 30, | … six month ended June 30,"): the
    group before the first year's second column the first length, the rest the second."""
    said = [w.lower() for w in _HEADER_LENGTH.findall(" ".join(c for r in header_rows for c in r))]
    lengths = list(dict.fromkeys(said))
    durations = {p[1] for p in periods if p is not None}
    dated = [(j, p) for j, p in enumerate(periods) if p is not None and p[2] is not None]
    if len(lengths) != 2 or len(durations) != 1 or len(dated) < 4:
        return periods
    first_end = dated[0][1][2]
    again = next((j for j, p in dated[1:] if p[2] == first_end), None)
    if again is None:
        return periods
    words = {"three": ("Three", "3M"), "six": ("Six", "6M"), "nine": ("Nine", "9M")}
    out = list(periods)
    for j, p in dated:
        name, duration = words[lengths[0] if j < again else lengths[1]]
        if p[1] != duration:
            out[j] = (f"{name} Months Ended {p[2]:%B} {p[2].day}, {p[2].year}", duration, p[2])
    return out


#: Words of a date or period in a header cell: no column's own name.
_DATE_WORD = re.compile(r"(?i)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?$|\b(?:months?|weeks?|quarters?|"
                        r"years?|ended|ending|as of|fiscal)\b")


def _restarts(row: list[str]) -> bool:
    """Is ``row`` a stacked table's own header: two or more years, nothing but words ("Change") beside them?"""
    cells = [c.strip() for c in row[1:] if c and c.strip()]
    years = [c for c in cells if re.fullmatch(r"(?:19|20)\d\d", c)]
    return len(years) >= 2 and all(c in years or not re.search(r"\d", c) for c in cells)


def _header_periods(header: list[list[str]], ncols: int, context: str, year_end: Any,
                    filing_period: tuple[date, str, int] | None, quarters: bool = True) -> list[Any]:
    """Each column's period read from ``header``: its dates, else an annual report's years at ``year_end``, else
    (``quarters``) a release's years relative to the filing's quarter; None for a column none dates."""
    try:
        periods = column_periods(header, ncols, context, year_end, filing_period, sliced_runs=True)
    except (ValueError, IndexError):
        periods = [None] * ncols
    if year_end is not None and not any(periods[1:]):
        periods = _year_columns(header, ncols, year_end[0]) or periods
    elif filing_period is not None and not any(periods[1:]) and quarters:
        periods = _quarter_year_columns(header, ncols, filing_period) or periods
    return periods


def _joined_years(row: list[str]) -> list[str]:
    """A header row whose years the layout cut in two cells ("20 | 22 | 20 | 21" over "Rank | Share | Rank |
    Share", "202 | 3 | 202 | 2" over "Amount | Percent to Sales | …"): each year put back over both its columns
    ("2022 | 2022 | 2021 | 2021"); other rows as they are."""
    row = list(row)
    for j in range(1, len(row) - 1):
        # (or "202 | 3": cut before its last digit)
        if re.fullmatch(r"(?:19|20)", row[j].strip()) and re.fullmatch(r"\d\d", row[j + 1].strip()) or \
                re.fullmatch(r"(?:19|20)\d", row[j].strip()) and re.fullmatch(r"\d", row[j + 1].strip()):
            row[j] = row[j + 1] = row[j].strip() + row[j + 1].strip()
    return row


#: A cell holding two figures side by side ("$ 15,939 $ 17,363"): two columns the layout merged.
_TWO_FIGURES = re.compile(r"^\s*(\$?\s?\(?\d[\d,]*(?:\.\d+)?\)?%?|—|-)\s+(\$?\s?\(?\d[\d,]*(?:\.\d+)?\)?%?|—|-)\s*$")
_TWO_YEARS = re.compile(r"^\s*((?:19|20)\d\d)\s+((?:19|20)\d\d)\s*$")
_CHANGE_COLUMN = re.compile(r"(?i)\bchange\b|\bincrease\b|\bdecrease\b|%|\bvariance\b")


def _merged_years(rows: list[list[str]], nh: int) -> list[list[str]]:
    """A table whose layout merged two years' columns into one ("2022 2021" over "$ 15,939 $ 17,363"): each such
    column split in two again — the cells above its figures over both (the years one each), its figures one each.
    Only where one column is so merged and every cell below its years is two figures or empty; other tables as they
    are. (The years' row may be read as the first row of the body: "(Millions) | 2022 2021 | Change".)"""
    ncols = max(len(r) for r in rows)
    rows = [list(r) + [""] * (ncols - len(r)) for r in rows]
    split: dict[int, int] = {}  # column → the row printing its two years
    for j in range(1, ncols):
        at = next((i for i, r in enumerate(rows[:nh + 1]) if _TWO_YEARS.match(r[j])), None)
        below = rows[at + 1:] if at is not None else []
        if at is not None and below and all(not r[j].strip() or _TWO_FIGURES.match(r[j]) for r in below) \
                and any(_TWO_FIGURES.match(r[j]) for r in below):
            split[j] = at
    # (one merged column, beside none but changes: columns named otherwise, "Gross … ¦ Net …" each over "2022 2021",
    # would lose their names)
    if len(split) != 1:
        return rows
    at = next(iter(split.values()))
    others = [j for j in range(1, ncols) if j not in split and any(r[j].strip() for r in rows[at + 1:])]
    if not all(any(_CHANGE_COLUMN.search(r[j]) for r in rows[:at + 1]) for j in others):
        return rows
    out = []
    for i, r in enumerate(rows):
        row: list[str] = []
        for j, cell in enumerate(r):
            two = (_TWO_YEARS if i <= split[j] else _TWO_FIGURES).match(cell) if j in split else None
            if j not in split:
                row.append(cell)
            elif two is not None:
                row += [two.group(1), two.group(2)]
            else:
                row += [cell, cell if i < split[j] else ""]
        out.append(row)
    return out


def _whole_days(row: list[str]) -> list[str]:
    """A header row whose day the layout cut after its first digit ("Year Ended December 3 2020 | 1,", "June 3 | |
    0,"): its last digit, printed with the comma in a cell after it (one empty cell between at most), put back — the
    piece left where it is, as the columns the heading spans are read from where its pieces stand; other rows as they
    are."""
    row = list(row)
    for j in range(1, len(row) - 1):
        cut = _CUT_DAY.search(row[j])
        nxt = next((k for k in (j + 1, j + 2) if k < len(row) and row[k].strip()), None)
        rest = _DAY_END.fullmatch(row[nxt].strip()) if cut and nxt is not None else None
        if cut and rest and nxt is not None and 1 <= int(cut.group(2) + rest.group(2)) <= 31:
            row[j] = row[j][:cut.end(2)] + rest.group(2) + "," + row[j][cut.end(2):]
    return row


#: The largest first digit of a day the layout can cut ("December 3" of December 31).
_CUT_DAY_MAX = 3
#: A header cell ending on a month and one digit of its day, a year maybe after it ("December 3 2020").
_CUT_DAY = re.compile(r"(?i)\b(january|february|march|april|may|june|july|august|september|october|november|december)"
                      r"\s+([123])(?=\s+(?:19|20)\d\d\s*$|\s*$)")
#: The rest of a cut day: its last digit and comma, after any words of another heading ("1,", "OCI 1,").
_DAY_END = re.compile(r"(.*?)\s*\b(\d),")


#: What may close a caption after its date: "were as follows", its units "(in millions)", a colon.
_CAPTION_END = r",?\s*(?:(?:were|was|are|is)\s+as\s+follows\s*)?(?:\([^()]*\)\s*)?[:.]?\s*$"
#: A caption ending on the one day its table is of ("… consisted of the following as of December 2, 2022:", "… as of
#: December 31, 2017 were as follows (in millions):"): columns naming no period (cost, gains, fair value) hold that
#: day's balances.
_CAPTION_DAY = re.compile(rf"(?i)\b(?:as\s+of|at)\s+((?:{MONTHS_ABBR})\s*\d{{1,2}},?\s*(?:19|20)\d{{2}}){_CAPTION_END}")
#: A caption ending on the fiscal year its table is of ("… details of debt repayments during fiscal 2019:").
_CAPTION_YEAR = re.compile(rf"(?i)\b(?:during|for|in)\s+(?:the\s+)?fiscal\s+(?:year\s+)?((?:19|20)\d{{2}}){_CAPTION_END}")
#: A period printed in a header's label cell over the years' columns: "Years Ended December 31,".
_OWN_PERIOD = re.compile(r"(?i)\b(?:years?|months?|weeks?|quarters?)\s+ended\s+[a-z]+\.?\s+\d{1,2}\b")
#: Words of a period's length: a caption saying one ("for the six months ended … and as of …") dates no balance.
_DURATION_WORDS = re.compile(r"(?i)\b(?:months|weeks|year|quarter)\s+ended\b|\bfor\s+the\b")
#: A roll-forward's balance row, dated by its own label ("Balance as of May 31, 2020", "Ending balance, June 30, 2023").
_BALANCE_AT = re.compile(r"(?i)^(?:(?:beginning|ending|closing|opening)\s+)?balances?\b(?:,|\s+(?:as\s+of|at|on)\b)")


def table_cells(text: str, caption_hint: str = "", filing_period: tuple[date, str, int] | None = None,
                units_hint: str | None = None, fiscal_year_end: date | None = None) -> list[Cell]:
    """The numeric cells of one table (caption + Markdown table text)."""
    caption, rows = split_table_text(text)
    if len(rows) < 2:
        return []
    nh = max(1, header_count(rows))
    rows = _merged_years(rows, nh)
    ncols = max(len(r) for r in rows)
    rows = [_joined_years(r) for r in rows[:nh]] + rows[nh:]
    head_text = " ".join([*caption, caption_hint, *(c for r in rows[:nh] for c in r)])
    scale = (units_scale(head_text) or units_hint or "units")
    own_units = units_scale(" ".join(c for r in rows[:nh] for c in r)) is not None
    money_table = bool(_MONEY.search(head_text)) or any("$" in c for r in rows for c in r[1:])
    year_end = (fiscal_year_end, "12M") if fiscal_year_end else None
    context = " ".join(caption) + " " + caption_hint
    # (rows naming periods themselves, "First quarter | 12 | 12" weeks: the years are fiscal years, no dates)
    quarters = not any(r and _PERIOD_ROW.match(_clean(r[0])) for r in rows[nh:])
    # (the header's own period over its years' row, "Years Ended December 31, | 2022 | 2021", dates them before any
    # date of the sentence before the table, "As of December 31, 2022 and 2021, Property, plant …")
    headed_period = next((_clean(r[0]) for r in rows[:nh] if r and _OWN_PERIOD.search(r[0])), "")
    dating = headed_period or context
    periods = _two_lengths(rows[:nh], _header_periods(rows[:nh], ncols, dating, year_end, filing_period, quarters))
    mended = [_whole_days(r) for r in rows[:nh]]
    if mended != rows[:nh] and any(p is not None and p[2] is not None and p[2].day <= _CUT_DAY_MAX for p in periods[1:]):
        # a day read as its first digit ("December 3"), where the header's pieces did not join it again: the header
        # with the day put back
        rows = mended + rows[nh:]
        periods = _two_lengths(rows[:nh], _header_periods(rows[:nh], ncols, dating, year_end, filing_period, quarters))
    col_words = []
    for j in range(ncols):
        words = [r[j] for r in rows[:nh] if j < len(r) and r[j]]
        col_words.append(_clean(" ".join(dict.fromkeys(words))))
    # each period's own columns named under it ("Rank | Share | Rank | Share"): a column's name stays with its period
    # (a name: no figure, no piece of a date or of a word the layout cut — "June", "efits")
    named = [[x if x[:1].isupper() and not re.search(r"\d", x) and not _DATE_WORD.search(x) else "" for x in
              (_clean(c) for c in r)] + [""] * ncols for r in rows[:nh]]
    last = next((r for r in reversed(named) if any(x and r[1:].count(x) > 1 for x in r[1:])), [""] * ncols)
    sub = [last[j] if j and last[j] and last[1:].count(last[j]) > 1 and periods[j] is not None else ""
           for j in range(ncols)]
    for j, name in _group_names(rows[:nh], periods).items():
        if not sub[j] and periods[j] is not None and name.lower() not in str(periods[j][0]).lower():
            sub[j] = name
    out: list[Cell] = []
    # the header's first cell naming the rows ("Backlog | June 25, 2023 | Dec. 31, 2022"): their heading
    # (its units aside: "Statement of Income for Obligor Group (in millions)")
    stub = next((x for r in rows[:nh] if r and _stub(x := _clean(_UNITS_ROW.sub(" ", r[0])))), "")
    outer = stub
    stated: tuple[str, bool] | None = None  # a row label's own units hold for the rows after it
    headed: tuple[str, bool] | None = None  # a heading's own units, for the rows under it
    row_period: tuple[str, str | None, date | None] | None = None  # a period printed as a row heading

    def dated(label: str) -> tuple[str, str | None, date | None] | None:
        if not label or any(periods[1:]):
            return None
        got = column_periods([["", label]], 2, context, year_end, filing_period)[1]
        return got if got is not None and got[2] is not None else None

    day = _CAPTION_DAY.search(context.strip()) if not any(periods[1:]) else None
    if day is not None and not _DURATION_WORDS.search(context.strip()[-2 * MAX_LABEL:]):
        # (a caption dating the whole table: each column's name heads its figures, as under a period row heading)
        row_period = dated(day.group(1))
    year = _CAPTION_YEAR.search(context.strip()) if not any(periods[1:]) and fiscal_year_end else None
    if year is not None and fiscal_year_end is not None and row_period is None:
        # "… details of debt repayments during fiscal 2019:": the fiscal year the caption names, ended on the filing's
        # year-end day that year
        end = shift_year(fiscal_year_end, int(year.group(1)) - fiscal_year_end.year)
        row_period = (f"Fiscal year ended {end:%B} {end.day}, {end.year}", "12M", end)
    captioned = row_period is not None  # (and the rows keep their headings: "Amortized Cost › Cash equivalents › …")
    for row in rows[:nh]:  # the first period heading may close the header ("Three months ended June 2, 2023")
        row_period = (dated(_clean(row[0])) if row else None) or row_period
        if row_period is None and not any(periods[1:]):
            # one period sliced across the segment columns' header ("YE | AR ENDED MA | Y 31, 2019"): it dates
            # them all, and each column's name heads its figures
            pieces = [c for c in row[1:] if c]
            row_period = next((got for glue in ("", " ") if len(pieces) >= 1
                               and (got := dated(_clean(glue.join(pieces)))) is not None), None)
            if row_period is not None:  # the period's pieces name no column
                col_words = [_clean(" ".join(dict.fromkeys(r[j] for r in rows[:nh] if r is not row and j < len(r)
                                                           and r[j]))) for j in range(ncols)]
    at: list[int] = []  # each cell's row
    bare: list[str] | None = None  # the row just before, when it held no figure (a header's first line)
    for row_no, row in enumerate(_wrapped_labels(rows[nh:])):
        label = _clean(row[0]) if row else ""
        if _restarts(row) and not _value(label):
            # a second table stacked under the first, its own header in the body ("(in millions) | 2021 | 2020 |
            # Change" under "Three months ended March 31,"): its columns, units and rows start afresh
            header = [r for r in (bare, row) if r is not None]
            header = [[*r, *[""] * (ncols - len(r))] for r in header]
            periods = _header_periods(header, ncols, context, year_end, filing_period)
            col_words = [_clean(" ".join(dict.fromkeys(r[j] for r in header if j < len(r) and r[j])))
                         for j in range(ncols)]
            sub = [""] * ncols
            scale, outer, headed, stated, bare = units_scale(label) or scale, stub, None, None, None
            continue
        here = headed or stated
        if row_units(label):  # with whether that row is money ("$ 1,552.8") or counted ("133.3")
            here = (str(row_units(label)), "$" in " ".join(row[1:]) or "dollars" in label.lower())
            stated = stated if row_units_own(label) else here
        values = [(j, c) for j, c in enumerate(row[1:], start=1) if c and _value(c) is not None]
        if not values and _UNITS_ROW.fullmatch(label):
            # "(Dollars in millions, except per share data)" printed as the first row: the table's units, no heading
            # (its "per share" names no row under it); it ends the heading before it
            scale, outer, headed = units_scale(label) or scale, stub, None
            continue
        if not values and label and dated(label) is None:
            # a heading's own units hold for the rows under it ("Retail square footage (in thousands)" › "Domestic"):
            # money unless the heading names things counted ("AUC (in billions)" is money); a bare "(In millions)"
            # names nothing and is the table's
            heading_name = re.sub(r"\([^)]*\)", " ", label).strip(" :*")
            headed = (str(row_units(label)), not (counted_label(label) or bool(_COUNTED.search(label)))) \
                if row_units(label) and row_units_own(label) and re.search(r"[A-Za-z]{3}", heading_name) else None
        bare = row if not values and not label else None
        if not values:
            # segments as columns, periods as row headings ("Three months ended June 2, 2023"): the period
            # holds for the rows under it, and each column's name heads its figures
            if (when := dated(label)) is not None:
                row_period = when
            elif label and not any(c.count("(") != c.count(")") for c in row[1:]):
                # (a row whose figures the layout broke apart, "$ 10.0 (f | ) $ 1.5", is no heading of the rows after it)
                outer = label[:MAX_LABEL]
            continue
        if not label:
            label = f"Total {outer}".strip() if outer else "Total"
        path = f"{outer} › {label}" if outer and outer != label else label
        row_money = money_table or "$" in " ".join(row[1:])
        # "Return on tangible common equity 17 23" in a table of dollars, its "%" printed on the first row only
        # (and the rows under a heading naming the rate: "Net charge-off/(recovery) rate › Card Services 2.41")
        rate_row = any(_RATE_LABEL.search(re.sub(r"\([^)]*\)|“[^”]*”", " ", x).strip()) for x in (label, outer)) \
            and "$" not in " ".join(row[1:])
        for j, c in values:
            v = _value(c)
            if v is None or j >= len(periods):
                continue
            period = periods[j]
            col = col_words[j] if j < len(col_words) else ""
            cell_path = path
            if row_period is not None and period is None and col:
                period, cell_path = row_period, f"{col} › {path if captioned else label}"
            elif period is None and _BALANCE_AT.match(label) and (at_date := dated(label)) is not None:
                # a roll-forward's balance row under columns of no period ("Balance as of May 31, 2020 | 6,403.7 |
                # 5,300.5" under the segments): the row's own date dates its figures, each column's name heads them
                period, cell_path = at_date, f"{col} › {label}" if col else label
            # (a column of shares under "Rank | Share", its "%" printed on the first row only)
            pct = c.rstrip().endswith("%") or bool(re.search(r"(?i)%|percent", col)) or \
                sub[j].lower() == "share" or \
                bool(_PERCENTISH.search(label) and not row_money and abs(v) < 1000) or \
                bool(rate_row and "$" not in c and abs(v) <= 100)
            own = here  # "Billed business" under "Network volumes (billions)": the rows' own scale
            # (a "$" the layout set in a cell of its own belongs to the figure after it: "Corning sales to affiliated
            # companies | $ | 312 | $ 253")
            signed = "$" in c or row[j - 1].strip() == "$"
            if ("$" not in c and "%" not in c and UNITLESS_LABEL.search(label)) or _TIMES_ONE.search(c.strip()):
                unit, cell_scale = "count", "units"  # days, turns, "1.6:1": never money, never scaled
            elif pct:
                unit, cell_scale = "%", "units"
            elif (other := _EXCEPT_SCALED.search(head_text)) and "$" not in c \
                    and re.search(rf"(?i)\b{re.escape(other.group('what').split()[-1])}\b", f"{col} {label}"):
                # "(Amounts in Millions Except Treasury Stock Shares in Thousands)": the "Shares" column, counted in
                # thousands
                unit, cell_scale = "count", other.group("scale").lower()
            elif own:
                # (an area is counted in square feet whatever the table's units: "Square Feet › Europe")
                area = "$" not in c and (counted_area(label) or counted_area(outer))
                unit, cell_scale = ("USD" if (own[1] or "$" in c) and not area else "count"), own[0]
            elif per_share_row(label, outer, c, v):
                unit, cell_scale = "USD/share", "units"
            elif (counted := _COUNTED.search(label + " " + outer) or AREA.search(label + " " + outer)) and not signed \
                    and not MONEY_OF_COUNTED.search(label) and not _COUNTS_ASIDE.search(label) and not _PAR.search(label):
                # "(in millions, except for aircraft deliveries …)": the counted rows are in units
                excepted = re.search(rf"(?i)\bexcept\b[^)]*\b{counted.group(0)[:6]}", head_text)
                # things counted one by one (aircraft delivered, stores) under a header printing no units of its
                # own: a caption's "in millions" is another table's (Lockheed's deliveries under its balance sheet)
                single = bool(_COUNTED_SINGLY.search(label + " " + outer)) and not own_units \
                    or bool(PER_THING.search(label)) \
                    or bool(_ONE_BY_ONE.match(label))  # "… transactions per active account 54.7": a ratio
                # (and nothing is counted in billions: "Number of branches 4,872" under "(in billions, except …)")
                unit, cell_scale = "count", "units" if excepted or single or scale == "billions" else scale
            elif row_money or scale != "units":  # a units phrase above ("in millions") means money unless counted
                unit, cell_scale = "USD", scale
            else:
                unit, cell_scale = "count", scale
            out.append(Cell(label[:MAX_LABEL], cell_path[:2 * MAX_LABEL],
                            f"{sub[j]} — {period[0]}" if period and sub[j] else period[0] if period else col,
                            period[1] if period else None, period[2] if period else None, v,
                            c.replace("$", "").strip(), cell_scale, unit))
            at.append(row_no)
    return _blocks_named_by_totals(out, at)


def per_share_row(label: str, outer: str, printed: str, value: float) -> bool:
    """Is a figure one per share: its label says so outside a note ("Diluted earnings per share", not "Dividends
    declared ($2.24 per share)") and counts no shares ("Shares used to compute basic net income per share" is a count),
    or its heading says so and it is printed as a price ("Earnings per share data › Diluted 4.91", not the 2,966.3
    average shares under it)."""
    if _PAR.search(label):
        return False  # ("Common stock — par value $1.00 per share": the stock's par, the row's figure its amount)
    own = re.sub(r"\([^)]*\)", " ", label)
    if re.search(r"(?i)\bshares\b", _PER_SHARE.sub(" ", own)):
        return False
    return bool(_PER_SHARE.search(own)) or (bool(_PER_SHARE.search(outer)) and "." in printed
                                            and abs(value) < PER_SHARE_BELOW)


#: Figures per share a heading names are printed below this (dollars): a larger one under it counts shares.
PER_SHARE_BELOW = 100
#: A label printing the shares it is of in an aside ("Treasury stock, at cost (145 and 139 shares, respectively)",
#: "Common stock, par value $1 (authorized 4,320,000,000 shares …)"): the counts are the label's, its figures money.
_COUNTS_ASIDE = re.compile(r"(?i)\([^)]*\d[^)]*\bshares?\b[^)]*\)")
#: A stock's par value named in its equity line ("Common stock, $1 par value per share", "Par value $0.50 per share;
#: Shares authorized 3.8 billion …"): the line's figures are its amount.
_PAR = re.compile(r"(?i)\bpar\s+value\b")
#: What a table's units phrase excepts at a scale of its own: "(Amounts in Millions Except Treasury Stock Shares in
#: Thousands)".
_EXCEPT_SCALED = re.compile(r"(?i)\bexcept\s+(?P<what>[A-Za-z][A-Za-z ]{1,60}?)\s+in\s+(?P<scale>thousands|millions|billions)\b")
#: A row that is only the table's units phrase: "(Dollars in millions, except per share data)", "(In millions)".
_UNITS_ROW = re.compile(r"(?i)\(\s*(?:(?:u\.?s\.?\s+)?dollars\s+)?in\s+(?:thousands|millions|billions)\b[^()]{0,60}\)")


#: A word of a measure's name over a group of period columns: capitalised, four letters or more ("Revenues").
_GROUP_WORD = re.compile(r"[A-Z][a-z]{3,}")
#: Header words over a run of periods that name no measure: the period's length, a change, an audit note.
_NO_GROUP_NAME = frozenset({"and", "three", "six", "nine", "twelve", "thirteen", "change", "changes", "unaudited",
                            "increase", "decrease", "variance", "percent", "reported", "actual", "total"})
#: A word of a period inside another word ("Threemonths", "Yeariation").
_GLUED_PERIOD = re.compile(r"(?i)\B(?:months?|years?|weeks?|quarters?|ended)|(?:months?|years?|weeks?|quarters?|ended)\B")


def _group_names(header: list[list[str]], periods: list[Any]) -> dict[int, str]:
    """{column: name} for a header printing the same run of periods once per measure ("Revenues | Earnings", each
    over "2021 2020 2019") whose names the layout cut into another column of their group ("| Year | Revenues Ended
    December 31, |"): each group's one- or two-word name, read from any of its columns, for all of them. Groups whose
    words make no such name (a name cut into pieces, "Deprec Yeariation and Amor") get none."""
    dated = [(j, p[2]) for j, p in enumerate(periods) if p is not None and p[2] is not None]
    if len(dated) < 4:
        return {}
    starts = [j for j, end in dated if end == dated[0][1]]
    width = starts[1] - starts[0] if len(starts) > 1 else 0
    if len(starts) < 2 or any(b - a != width for a, b in pairwise(starts)) or width < 2:
        return {}
    out: dict[int, str] = {}
    for start in starts:
        text = " ".join(r[j] for r in header for j in range(start, start + width) if j < len(r))
        words = [w for w in re.findall(r"[A-Za-z]+", text)
                 if len(w) > 2 and not _DATE_WORD.search(w) and w.lower() not in _NO_GROUP_NAME]  # ("Decemb" a date word too)
        named = [w for w in words if _GROUP_WORD.fullmatch(w)]
        # (a period's word run into another, "Threemonths", "Yeariation": the layout interleaved the names)
        glued = any(_GLUED_PERIOD.search(w) for w in words)
        if 1 <= len(named) <= 2 and len(named) == len(words) and not glued:
            out.update({j: " ".join(named) for j in range(start, min(start + width, len(periods)))})
    return out


def _blocks_named_by_totals(cells: list[Cell], at: list[int]) -> list[Cell]:
    """Rows printed again under one heading, each run closed by its own total, named by that total:
    "Private Banking … Total assets under management", then "Private Banking … Total client assets" under
    "Assets by client segment" are "Assets under management › Private Banking" and "Client assets › Private
    Banking". Other tables are returned as they are."""
    rows: dict[str, list[tuple[int, str]]] = {}  # heading → its rows in order
    for c, i in zip(cells, at):
        heading = c.row_path.rpartition(" › ")[0]
        if c.row_path.rpartition(" › ")[2] == c.row_label and (i, c.row_label) not in rows.get(heading, []):
            rows.setdefault(heading, []).append((i, c.row_label))
    named: dict[int, str] = {}
    for heading, seq in rows.items():
        for (i, label), total in zip(seq, closing_totals([label for _, label in seq]), strict=True):
            # "Total current assets" under "Current assets": the heading names the run already
            if total and total.lower() not in heading.lower():
                named[i] = " › ".join(x for x in (heading, total, label) if x)
    return [replace(c, row_path=named[i][:2 * MAX_LABEL]) if i in named and c.row_path.endswith(c.row_label) else c
            for c, i in zip(cells, at)]


def _wrapped_labels(rows: list[list[str]]) -> list[list[str]]:
    """Rows with a label the layout wrapped over two rows joined: "Asset & Wealth" (no figures) over
    "Management 35 30" is one row, "Asset & Wealth Management"; a label going on in lower case
    ("Total noninterest" over "expense …") too. A heading over two or more rows stays a heading."""
    def valued(r: list[str]) -> bool:
        return any(c and _value(c) is not None for c in r[1:])

    out: list[list[str]] = []
    i = 0
    while i < len(rows):
        row = rows[i]
        nxt = rows[i + 1] if i + 1 < len(rows) else None
        after = rows[i + 2] if i + 2 < len(rows) else None
        label = _clean(row[0]) if row else ""
        # a heading holding a date or a year ("Three months ended June 3, 2022") is a period, not a label's start
        if (nxt and label and not valued(row) and valued(nxt) and nxt[0].strip() and not label.endswith(":")
                and not re.search(r"\d", label)):
            tail = _clean(nxt[0])
            lower = tail[:1].islower()
            single = (len(tail.split()) == 1 and tail.lower() != "total" and (after is None or not valued(after)))
            if lower or single:
                out.append([f"{label} {tail}", *nxt[1:]])
                i += 2
                continue
        out.append(row)
        i += 1
    return out


#: A header's first cell that is no row heading: units, periods, columns' words.
_NOT_STUB = re.compile(r"(?i)\b(?:(?:in )?(?:thousands|millions|billions)|months?|weeks?|ended|year|years|quarters?|fiscal|"
                       r"periods?|as of|dollars|amounts?|percent|change|unaudited|total)\b|\d|%|\$")


def _stub(text: str) -> bool:
    """Does a header's first cell name the table's rows ("Backlog", "Aircraft Deliveries")?"""
    return bool(re.search(r"[A-Za-z]{3}", text)) and len(text.split()) <= 6 and not _NOT_STUB.search(text)


__all__ = ["PER_SHARE_BELOW", "Cell", "per_share_row", "table_cells"]

"""The years an annual report's text table prints over its columns, read from its header: consecutive years
once each, with comparison columns ("2022 2021 Change"), once per column group ("2020 2019 2020 2019"), beside
each year's share of the total ("Dollars Percent of Total"), or scrambled among the changes ("FISCAL 2021 %
CHANGE FISCAL 2022"); two-digit comparisons ("21 vs. 20") put back as years. Used by graph/textrows.py."""

from __future__ import annotations

import re
from datetime import date
from itertools import pairwise

from finchat.graph.textcolumns import _YEAR, HEADER_SPAN, _value

#: Header words of comparison columns after the periods ("Change", "% Change", "Percent Increase", "vs.").
#: "2022-2021" over a column: the change between two years.
_YEAR_RANGE = re.compile(r"\b(?:19|20)\d\d\s*[-–]\s*(?:19|20)\d\d\b")
_CHANGE_HEADER = re.compile(r"(?i)\bchange\b|\bpercent\b|\bincrease/?\(?decrease|\bvs\.|\bvariance\b")


def lost_years(own: str, section: str, lead_in: str) -> bool:
    """Has an annual table's header lost its years to a heading? Its own words name comparison columns
    ("Increase/(decrease) % Change") and no year, and its heading (or the words just above) names years ended
    ("… > For the Years Ended December 31,")."""
    return bool(_CHANGE_HEADER.search(own)) and not _YEAR.search(own) and bool(
        re.search(r"(?i)\byears?\s+ended\b", f"{section.split(' > ')[-1]} {lead_in[-HEADER_SPAN:]}"))


#: A month's name or its abbreviation, as a header's words print it ("Sept", "June").
MONTH_WORD = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
#: A label ending in a month ("… December"): a header's date cut before its day.
MONTH_END = re.compile(rf"(?i)\b{MONTH_WORD}\.?$")


def dates_a_column(label: str, numbers: list[str], between: str, after: str) -> bool:
    """Is a row read from a text table only a column's date — its label ending in a month, its figures a day and a year
    — with the next column's header ("… Ended", ``after``) following it at once (``between`` holds only line marks)? A
    header printing each column's own date ("Three Months Ended July 1, 2023 Three Months Ended June 25, 2022") is one
    header, and no table ends at its first date; "First Quarter" after "Year ended December 31, 2016" is a row (a table
    of quarters under each year)."""
    nums = [n.strip(" ,") for n in numbers]
    return bool(MONTH_END.search(label)) \
        and len(nums) == 2 and nums[0].isdigit() and 1 <= int(nums[0]) <= 31 and bool(re.fullmatch(r"(?:19|20)\d\d", nums[1])) \
        and not between.strip(" ¶") and re.match(r"(?i)[^¶]{0,30}?\bended\b", after) is not None


#: A fair-value hierarchy's columns: "Quoted Prices in Active Markets … (Level 1)".
_FAIR_VALUE_LEVELS = re.compile(r"(?i)\blevel\s+[123]\b|\bquoted\s+prices\b|\bsignificant\s+(?:un)?observable\b")


def _amounts_beside_changes(header: str, rows: list[tuple[int, str, list[str]]]) -> list[tuple[int, str, list[str]]]:
    """Rows of an annual table whose header names two or three consecutive years, each row printing that many
    amounts among changes marked "%" (or "—", or "Flat") — or three under two years with two comparisons each: the rows
    with their amounts alone; [] for any other table."""
    years = sorted({int(y.group(0)) for y in _YEAR.finditer(header)})
    if not 2 <= len(years) <= 3 or years[-1] - years[0] != len(years) - 1 or _FAIR_VALUE_LEVELS.search(header):
        return []  # (a fair-value table's columns are its levels, "Total $ 10 $ 10 — —", no years)
    out = []
    for at, label, nums in rows:
        changes = [n for n in nums if n.strip().endswith("%") or n.strip() in ("—", "–", "-", "Flat", "flat")]
        amounts = [n for n in nums if n not in changes]
        # (Nike's "FISCAL 2023 FISCAL 2022 … FISCAL 2021": the third year's heading lost with its cell text,
        # its amounts still printed after the first comparison columns)
        if changes and (len(amounts) == len(years) or (len(years) == 2 and len(amounts) == 3 and len(changes) >= 4)):
            out.append((at, label, amounts))
    if len({len(r[2]) for r in out}) > 1:
        return []  # rows of two widths: not one table's years
    return out if len(out) >= 2 and len(out) >= len(rows) // 2 else []


def amounts_either_side(header: str, rows: list[tuple[int, str, list[str]]]) -> bool:
    """Are three columns two years' amounts either side of each row's change ("2,255.4 (4)% 2,140.5"), not three
    years?"""
    marked = _amounts_beside_changes(header, rows)
    return bool(marked) and len(marked[0][2]) == 2


#: "21 vs. 20": a comparison column's years in two digits (Corning), consecutive.
_SHORT_VERSUS = re.compile(r"\b(\d{2})\s+(vs\.?|versus)\s+(\d{2})\b")


def _full_years(m: re.Match[str]) -> str:
    """"21 vs. 20" → "2021 vs. 2020"; other pairs of numbers stay as printed."""
    a, b = int(m.group(1)), int(m.group(3))
    if abs(a - b) != 1:
        return m.group(0)
    return f"{_century(a)} {m.group(2)} {_century(b)}"


def _century(y: int) -> int:
    return 2000 + y if y < 70 else 1900 + y


#: "2019 v 2018", "2017 vs. 2016", "2022 compared to 2021", "2015 to 2016": the years of a comparison.
_COMPARED_YEARS = re.compile(r"(?i)(?:19|20)\d\d\s+(?:v\.?|vs\.?|versus|to|compared\s+(?:to|with))\s+(?:19|20)\d\d")
#: Years printed side by side, as a header prints its columns' ("**2016** **2015** **2014**").
_YEAR_RUN = re.compile(r"\b(?:19|20)\d\d\b(?:[\s*_]+(?:19|20)\d\d\b)+")
#: "2017 vs. 2016": a comparison column's years.
_VERSUS = re.compile(r"(?i)(?:19|20)\d\d\s+(?:vs\.?|versus|compared)")


#: A column of shares beside each year's amounts ("Dollars Percent of Total").
_SHARE_COLUMN = re.compile(r"(?i)\b(?:percent|%)\s+of\s+(?:total|net\s+sales|sales|revenues?)\b")


def _amounts_with_shares(header: str, rows: list[tuple[int, str, list[str]]]) -> list[tuple[int, str, list[str]]]:
    """Rows of an annual table printing, for each of two or three consecutive years, the amount then its
    "Percent of Total" (General Mills' segment tables): the rows with their amounts alone; [] otherwise."""
    years = _column_years(header)
    if not 2 <= len(years) <= 3 or len(set(years)) != len(years) or max(years) - min(years) != len(years) - 1 \
            or not _SHARE_COLUMN.search(header):
        return []
    out = [(at, label, nums[0::2]) for at, label, nums in rows if len(nums) == 2 * len(years)]
    return out if len(out) >= 2 and len(out) * 2 >= len(rows) else []


def _column_years(header: str) -> list[int]:
    """The years a header prints over its amount columns: "2017 2016 2015 2017 vs. 2016 2016 vs. 2015" → 2017,
    2016, 2015 (the comparisons' years are no columns of their own)."""
    vs = _VERSUS.search(header)
    return [int(y.group(0)) for y in _YEAR.finditer(header[:vs.start()] if vs else header)]


def _yearly_with_changes(header: str, width: int) -> bool:
    """Does an annual table's own header name two or three consecutive years once each, then comparison
    columns ("2022 2021 Change Change"), for rows wider than the years?"""
    header = _YEAR_RANGE.sub(" change ", header)  # "% Change 2022-2021": a comparison column, no years
    years = _column_years(header)
    vs = _VERSUS.search(header)
    if vs:
        header = f"{header[:vs.start()]} change"
    return (2 <= len(years) <= 3 and len(set(years)) == len(years) and max(years) - min(years) == len(years) - 1
            and width > len(years) and bool(_CHANGE_HEADER.search(header[header.rfind(str(years[-1])):])))


def _repeated_years(header: str, width: int) -> list[int]:
    """The years of a header printing the same two or three consecutive years once per column group
    ("2020 2019 2020 2019"), as many as the rows' figures; [] for any other header."""
    years = [int(y.group(0)) for y in _YEAR.finditer(header)]
    distinct = list(dict.fromkeys(years))
    if len(years) != width or not 2 <= len(distinct) <= 3 or width % len(distinct) or width == len(distinct):
        return []
    if years != distinct * (width // len(distinct)) or max(distinct) - min(distinct) != len(distinct) - 1:
        return []
    return years



#: The bases a change is split into ("Reported | Operational | Currency", "Total ¦ Operations ¦ Currency"); any other
#: word after the years ("As Reported", "Exchange Rate Effect", a month) makes the columns no such split.
_BASIS = re.compile(r"(?i)^(?:reported|total|operational|operations|currency|fx|organic|acquisitions|divestitures|"
                    r"price|volume|mix)$")
#: Words over comparison columns that name nothing ("% Change", "Increase/(Decrease)").
_NO_BASIS = re.compile(r"(?i)^(?:change|changes|increase|decrease|percent|pct)$")


def change_names(header: str, count: int) -> list[str]:
    """The names a header prints over a row's ``count`` comparison columns after its last year ("2022 2021 Reported
    Operational Currency Operational" → Reported, Operational, Currency; "Total ¦ Operations ¦ Currency"), each
    the basis of a percentage change; [] unless exactly ``count`` distinct names follow the years."""
    years = list(_YEAR.finditer(header))
    if not years or count < 1:
        return []
    tail = re.sub(r"\d[\d,]*|[^A-Za-z\s¦|-]", " ", header[years[-1].end():])
    names = [w for w in re.split(r"[\s¦|]+", tail) if w and not _NO_BASIS.match(w)]
    if len(names) < 2 or not all(_BASIS.match(w) for w in names):
        return []
    names = list(dict.fromkeys(names))  # (a basis printed twice, "Operational" of an adjusted one, is the first's)
    return names if len(names) == count or (len(names) == count - 1 and len(names) >= 2) else []


def years_from(year: int, period_end: date) -> int:
    """Years from the filing's period to a column headed ``year``: a 52/53-week year ending in January's first week
    ("January 1, 2023") is named for the year before (fiscal 2022), as textcolumns reads it."""
    if year == period_end.year - 1 and period_end.month == 1 and period_end.day <= 7:
        return 0
    return year - period_end.year


def year_runs(header: str, width: int) -> list[int]:
    """The lengths of the runs of consecutive years a header prints over ``width`` columns, when it prints one year a
    column in runs of unequal length ("2022 2021 2020 2022 2021" → [3, 2]); [] otherwise."""
    years = [int(y.group(0)) for y in _YEAR.finditer(header)][-width:]
    if len(years) != width or width < 3:
        return []
    runs, step = [1], 0
    for a, b in pairwise(years):
        if abs(a - b) == 1 and (runs[-1] == 1 or a - b == step):  # the run goes on in its direction
            runs[-1], step = runs[-1] + 1, a - b
        else:
            runs.append(1)
    return runs if len(runs) >= 2 and len(set(runs)) > 1 and min(runs) >= 2 else []


def printed_width(header: str, groups: int) -> int:
    """Columns of a header's last line of years when it prints two years per period group, each followed by the
    names of its changes' bases and nothing else ("2022 2021 Total ¦ Operations ¦ Currency 2022 2021 …"); else 0."""
    line = next((x for x in reversed(re.split(r"¶|\n", header)) if _YEAR.search(x)), "")
    years = _YEAR.findall(line)
    names = re.findall(r"[A-Za-z]+", _YEAR.sub(" ", line))
    bases = [w for w in names if _BASIS.fullmatch(w)]
    if len(years) != 2 * groups or not bases or len(bases) % groups or len(bases) != len(names):
        return 0
    return len(years) + len(bases)


#: Points a printed percentage change may lie from its amounts' (rounded figures, "Total" beside "Reported").
CHANGE_SLACK = 0.6


def changes_fit(nums: list[str], group: int, groups: int) -> bool:
    """Does each of ``groups`` column groups of ``nums``, ``group`` figures apart, open with this year's and last year's
    amounts followed by their change (in percent or in the amount's units)?"""
    for g in range(groups):
        now, then = _value(nums[g * group]), _value(nums[g * group + 1])
        change = _value(nums[g * group + 2]) if g * group + 2 < len(nums) else None
        if now is None or then is None or change is None or not then:
            return False
        if abs((now / then - 1) * 100 - change) > CHANGE_SLACK and abs(now - then - change) > 1:
            return False
    return True


__all__ = ["CHANGE_SLACK", "MONTH_END", "MONTH_WORD", "_CHANGE_HEADER", "_COMPARED_YEARS", "_SHORT_VERSUS", "_YEAR_RANGE", "_YEAR_RUN", "_amounts_beside_changes", "_amounts_with_shares", "_column_years", "_full_years", "_repeated_years", "_yearly_with_changes", "amounts_either_side", "change_names", "changes_fit", "dates_a_column", "lost_years", "printed_width", "year_runs", "years_from"]

"""A change split into its parts, printed as text: "Sales and marketing expenses increased due to the following:", then
rows "Marketing spend related to campaigns … 5 % Base compensation and related benefits 4 … Total change 15 %". Each
row is the points of the change that part added, in percent — whatever units the section's tables are in — for the
period the filing closes (a header "% Change 2017-2016 2016-2015", where one is printed, names the years of each
column). Used by graph/textcells.py before the other text-table readers."""

from __future__ import annotations

import re
from datetime import date

from finchat.graph.cells import Cell
from finchat.graph.periods import shift_months

#: The sentence a change's parts follow: "Research and development expenses increased due to the following:".
_INTRO = re.compile(r"(?i)(?:^|(?<=[.:]\s)|(?<=\n))(?P<what>[A-Z][^.:\n]{3,160}?)\s+(?:increased|decreased|changed|grew|"
                    r"declined|rose|fell)\s+(?:primarily\s+|mainly\s+|largely\s+)?(?:due\s+to|as\s+a\s+result\s+of)\s+"
                    r"the\s+following\s*:")
#: One figure of a part: "5", "(4)", "5 %", "35%", "—".
_FIGURE = r"(?:\(?-?\d{1,3}(?:\.\d+)?\)?(?:\s?%)?|[—–])"
#: The parts' total, closing the rows: "Total change 15 %", "Total change 35% 13%".
_TOTAL = re.compile(rf"\bTotal\s+change\s+(?P<figures>{_FIGURE}(?:\s+{_FIGURE}){{0,3}})(?=\s|$)")
#: A column's years: "2017-2016".
_YEARS = re.compile(r"\b((?:19|20)\d\d)\s*[-–]\s*((?:19|20)\d\d)\b")
#: Most columns a change's parts print (a quarterly report's quarter and year to date, for two years).
MAX_COLUMNS = 4
#: Characters before the rows in which the sentence they follow is looked for.
INTRO_CHARS = 600


def _number(token: str) -> float | None:
    text = token.replace("%", "").strip()
    if text in ("—", "–"):
        return 0.0
    negative = text.startswith("(") and text.endswith(")") or text.startswith("-")
    try:
        value = float(text.strip("()-"))
    except ValueError:
        return None
    return -value if negative else value


def change_parts(text: str, lead_in: str, period_end: date, form: str | None) -> tuple[list[Cell], str]:
    """Cells of the change parts in ``text`` (one chunk; ``lead_in`` the text before it) and the text left around them
    for the other readers; ([], ``text``) when it holds none: no
    "Total change" row, or no sentence "… increased due to the following:" before the rows (in ``text`` or
    ``lead_in``), or a quarterly report's of more than one column. The filing's own period (``period_end``; twelve
    months for a 10-K, else three) is the first column's;
    a column whose header years are printed ("2016-2015") ends that many years earlier. Rows whose figures are fewer
    than the total's are left out (which column they are of is not printed)."""
    total = _TOTAL.search(text)
    width = len(re.findall(_FIGURE, total.group("figures"))) if total is not None else 0
    if total is None or not 1 <= width <= MAX_COLUMNS or form != "10-K" and width != 1:
        return [], text  # (a quarterly report's quarter and year to date: its own readers date them)
    said = list(_INTRO.finditer(f"{lead_in[-INTRO_CHARS:]}\n{text[:total.start()]}"))
    if not said:
        return [], text
    intro = said[-1]
    offset = len(lead_in[-INTRO_CHARS:]) + 1
    start = max(0, intro.end() - offset)
    rest = f"{text[:max(0, intro.start() - offset)]} {text[total.end():]}".strip()
    body = re.sub(r"[*_]+", " ", text[start:total.end()])
    years = [(int(a), int(b)) for a, b in _YEARS.findall(body)][:width]
    body = _YEARS.sub(" ", re.sub(r"(?i)%\s*change\b|\bcomponents\s+of\b", " ", body))
    months = 12 if form == "10-K" else 3
    first_year = years[0][0] if years else period_end.year
    columns: list[tuple[str, date]] = []
    for k in range(width):
        year = years[k][0] if k < len(years) else first_year - k
        end = shift_months(period_end, -12 * (period_end.year - year))
        label = f"% Change {years[k][0]}-{years[k][1]}" if k < len(years) else f"% Change {year}-{year - 1}"
        columns.append((label, end))
    caption = re.sub(r"\s+", " ", intro.group(0)).strip()
    cells: list[Cell] = []
    rows = re.finditer(rf"(?P<label>[A-Za-z][A-Za-z ,&'’/-]*?[A-Za-z])\s+(?P<figures>{_FIGURE}(?:\s+{_FIGURE})*)(?=\s+[A-Za-z]|\s*$)",
                       body)
    for row in rows:
        label = re.sub(r"\s+", " ", row.group("label")).strip()
        figures = re.findall(_FIGURE, row.group("figures"))
        if len(figures) != width:
            continue
        for (col, end), printed in zip(columns, figures, strict=True):
            value = _number(printed)
            if value is None:
                continue
            cells.append(Cell(label, label, col, f"{months}M", end, value, printed.replace(" ", ""), "units", "%",
                              lead=caption))
    if not any(c.row_label.lower() == "total change" for c in cells):
        return [], text
    return cells, rest


__all__ = ["change_parts"]

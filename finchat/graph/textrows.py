"""Tables the PDF parser kept as text: a note's segment table on a page parsed without table detection reads
"Americas: Net sales $ 35,383 $ 37,472 $ 122,445 $ 129,850 Operating income $ 13,117 …". Its rows are a
label followed by one number per column; its columns are the periods the header (or the sentence before it)
names — "Three Months Ended … Nine Months Ended", the current year first when the header's first year is
the filing's — dated by the filing's own period end and the year before.

Only a text with a period header, at least two rows of the same width and that width matching the periods is
read; anything else gives no cells (prose never has a label followed directly by several bare numbers).
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date

from finchat.graph.cells import _COUNTED_SINGLY, Cell, per_share_row
from finchat.graph.durations import (
    _HEADER_DURATION,
    _durations,
    _quarter_header,
    quarters_of,
    respective_years,
)
from finchat.graph.periods import shift_months, shift_year
from finchat.graph.rowlabels import closing_totals, row_label
from finchat.graph.rowunits import (
    PER_THING,
    PER_UNIT,
    PERCENT_HEADING,
    UNITLESS_LABEL,
    counted,
    ratio_owners,
    wrapped,
)
from finchat.graph.rowunits import excepted as excepted_by
from finchat.graph.rowunits import owners as row_owners
from finchat.graph.textcolumns import (
    _GROUP_SEP,
    _YEAR,
    HEADER_SPAN,
    _first_run,
    _named_columns,
    _total_column,
    _value,
    _years_over_names,
    priced_after_first,
)
from finchat.graph.textlines import _NOT_HEADING, _NUM, _TOKEN, _day_kept, _group_names, _line
from finchat.graph.yearheaders import (
    _CHANGE_HEADER,
    _COMPARED_YEARS,
    _SHORT_VERSUS,
    _YEAR_RANGE,
    _YEAR_RUN,
    MONTH_END,
    MONTH_WORD,
    _amounts_beside_changes,
    _amounts_with_shares,
    _column_years,
    _full_years,
    _repeated_years,
    _yearly_with_changes,
    amounts_either_side,
    change_names,
    changes_fit,
    dates_a_column,
    lost_years,
    printed_width,
    year_runs,
    years_from,
)
from finchat.tables import row_units, row_units_own, units_scale

#: A row: its label (from a word's start, a bounded length: an unbounded lazy label made every chunk's scan
#: quadratic, 7x slower on the 95 filings' text chunks; a "%" inside it, "Comparable sales % gain", but not a
#: header's "% of Total" before the first row; never ending inside its parentheses, "Kentucky (effective July 1,
#: 2020)", whose date is no figure), then up to twelve figures — the last a dash only before the next row's label.
_ROW = re.compile(rf"(?<![A-Za-z])(?P<label>[A-Za-z][A-Za-z0-9 ,&'‘’()/\-.—–]{{0,200}}?"
                  rf"(?:(?<=[A-Za-z])\s%\s(?!of\s+Total\b)[A-Za-z][A-Za-z0-9 ,&'’()/\-.]{{0,100}}?)?(?:[A-Za-z)]|(?<=[A-Z])\.|(?<=[A-Za-z]\s)%))\s*:?\s+(?=[$\d(—–-]|NM|nm|N/A|n/a|n/m)(?![^()]{{0,80}}\))(?P<nums>\$?\s?(?:{_NUM}|[—–-]|NM|nm|N/A|n/a|n/m)\s+(?:\$?\s?(?:{_NUM}|[—–-]|NM|nm|N/A|n/a|n/m|[Ff]lat)\s+){{0,10}}(?:\$?\s?{_NUM}|NM|nm|n/a|n/m|\$?\s?[—–](?=\s+[A-Z]|\s*$)))(?=\s|$)")
#: A heading over rows ("Increases in comparable sales:", "… excluding the impact of changes in foreign currency
#: and gasoline prices:" — a variant of the rows above, its own heading).
_HEADING = re.compile(r"(?:^|\s)(?P<h>(?:\([A-Z][a-z]*\)/?|[A-Z])[A-Za-z&'’\-.]*(?: [A-Za-z&'’\-.()]+){0,5}(?: excluding(?:[ ¶]+[A-Za-z0-9&'’\-.()]+){1,12})?"
                      r"(?: \(\s*(?:['‘’]?000['‘’]?s?|thousands|millions|billions)\s*\))?)\s?:(?=\s|$)")
_NOISE = re.compile(r"[*_#®™©]+")  # markdown emphasis; trademark signs after a product name ("iPhone®")
#: A bold two-digit percentage the PDF's text layer spaced out letter by letter: "**7** **5%**" is 75 %,
#: "**1** **1**" is 11, "**10** **0%**" 100 % (General Mills' "Percent of Total" column).
_SPACED_BOLD_DIGITS = re.compile(r"\*\*\d{1,2}\*\*\s+\*\*\d%\*\*|(?:\*\*\d\*\*\s+)+\*\*\d%?\*\*")
#: A footnote mark after a row label, "Net revenues (1) $ 2,540", or after a rate: not a figure.
_FOOTNOTE = re.compile(r"(?<=[A-Za-z])\s?\((?:\d|[a-z])\)(?=\s+[$(\d-])|(?<=\d)\s\([a-z]\)(?=\s|$)|"
                       r"(?<=\d%)\s\(\d\)(?=\s|$)")  # ("18.11% (1)": a rate's footnote mark, no figure)
#: A percentage printed apart from its number, "(2) %": one token.
_SPACED_PCT = re.compile(r"(?<=[\d)])\s+%(?!\s*change\b)", re.IGNORECASE)  # "2022 % Change" is a header
#: Tables whose four columns are not the 10-Q's periods (balances at dates, maturities by year).
_NOT_PERIODS = re.compile(r"(?i)\b(?:as of|balances?|maturit\w*|thereafter|fair value|level [123])\b")


#: Where a table starts inside a text chunk (after rows of another): its period header, an annual one printing
#: two years ("Years Ended December 31, 2022 2021 2020").
_TABLE_START = re.compile(_HEADER_DURATION.pattern + r"|(?i:\b(?:fiscal\s+)?years?\s+ended\b[^¶]{0,40}?"
                          r"(?:19|20)\d\d\s+(?:19|20)\d\d)")
#: Characters of the sentence introducing a second table of a chunk kept as its caption.
LEAD_CHARS = 240
#: Columns one duration may have: this year's and up to two earlier years'.
MAX_YEARS = 3


_SUPERSCRIPT = re.compile(r"<sup>(.*?)</sup>")
#: Two bold names side by side on a header line ("**Revenue Mix** **Comparable Sales**"): column groups.
_BOLD_NAMES = re.compile(r"(?:(?<=[A-Za-z)])|(?<=[A-Za-z]\*))\*\*[ \t]+\*\*(?=[A-Z]|%\s*of\b)")


#: Words a chunk's text before its first row needs to be the table's introduction (not a bare header).
INTRO_WORDS = 6
#: A period header's words, which introduce nothing.
_HEADER_WORD = re.compile(rf"(?i){MONTH_WORD}|ended|ending|months?|weeks?|quarters?|years?|fiscal|three|six|nine|twelve|"
                          r"thirteen|twenty|thirty|fifty|and|the|for|change|percent")


def text_cells(text: str, lead_in: str, period_end: date, form: str | None,
               carry: dict[str, object] | None = None, quarter: int | None = None, section: str = "",
               heading: str = "") -> list[Cell]:
    """Cells of the table rows in one text chunk (module docstring), each table of it read with its own
    header: the chunk is cut where a period header ("Three Months … Six Months") follows rows. ``carry``
    holds what the chunk before it on the page set up — columns, scale, last heading — for a table the
    chunker split: it is read and updated. ``quarter`` (1–4, a 10-Q's) dates a four-column table whose
    header the parser lost as the 10-Q layout (the quarter and the year to date, each this year then the
    last); ``section`` (the chunk's headings) gives a units line the text lost; ``heading`` names the rows
    when the table has no heading of its own (a region's table under its title)."""
    carry = carry if carry is not None else {}
    text = _SHORT_VERSUS.sub(_full_years, text)
    text = _SPACED_BOLD_DIGITS.sub(lambda m: "**" + re.sub(r"[*\s]", "", m.group(0)) + "**", text)
    # lines joined by a mark no row label holds: a label starts on its own line, never with the header's words
    text = _BOLD_NAMES.sub(f" {_GROUP_SEP} ", text)
    # "<sup>$</sup> 1,359": the sign is the figure's; any other superscript is a footnote mark
    text = _SUPERSCRIPT.sub(lambda m: " $ " if m.group(1).strip() == "$" else " ", text)
    body = _SPACED_PCT.sub("%", _FOOTNOTE.sub("", " ¶ ".join(_line(x) for x in _NOISE.sub(" ", text).splitlines())))
    lead_in = _SPACED_PCT.sub("%", _FOOTNOTE.sub("", _BOLD_NAMES.sub(f" {_GROUP_SEP} ", lead_in)))
    if listed := respective_years(body):  # ("… the four quarters in the years ended …, 2020 and 2019, respectively")
        carry["years_left"] = listed
    cuts = [0]
    for m in _TABLE_START.finditer(body):
        if any(not dates_a_column(row_label(r.group("label")), re.findall(_TOKEN, r.group("nums")),
                                  body[cuts[-1] + r.end():m.start()].strip(f" *_{_GROUP_SEP}"), body[m.start():])
               for r in _ROW.finditer(body[cuts[-1]:m.start()])):
            cuts.append(m.start())
    out: list[Cell] = []
    for i, start in enumerate(cuts):
        end = cuts[i + 1] if i + 1 < len(cuts) else len(body)
        if i == 0:
            # (read before the emphasis is taken out; at the chunk's start or after the sentence introducing it)
            bold = next((b for b in _BOLD_TITLE.finditer(text) if not re.search(r"\$|\d,\d{3}", text[:b.start()])), None)
            title = bold.group("t").strip() if bold and not _NOT_HEADING.search(bold.group("t")) else ""
            got = _segment_cells(body[start:end], lead_in, period_end, form, carry, quarter, section, heading, title)
            # the chunk's own words before its first row ("The following table presents … product lines …
            # Revenue from external customers 2022 2021 2020") say what the table holds: its caption
            # a header of years ("… 2022 2021 2020") is no row, nor a sentence's dates ("… the Company served by
            # class as of December 31, 2021, 2020"); a header's "Years ended December 31, 2018 2017" ends the words
            first = next((m for m in _ROW.finditer(body[:end])
                          if not all(_YEAR.fullmatch(n.strip()) for n in re.findall(_TOKEN, m.group("nums")))
                          and not (len(m.group("label").split()) >= SENTENCE_WORDS
                                   and MONTH_END.search(row_label(m.group("label"))) and all(
                              _YEAR.fullmatch(n.strip(" ,")) for n in re.findall(_TOKEN, m.group("nums"))[1:]))), None)
            at = first.start("label") + len(first.group("label")) - len(row_label(first.group("label"))) if first else 0
            # (up to the sentence introducing it, when one ends in a colon and the columns after it are named — each
            # cell's column label holds its name; a header naming the measure, "Revenue from external customers
            # 2022 2021", stays)
            said = [x for x in body[:at].split("¶") if x.strip(f" {_GROUP_SEP}")]
            colon = max((i for i, x in enumerate(said) if x.rstrip(f" *{_GROUP_SEP}").endswith(":")), default=-1)
            if (0 <= colon < len(said) - 1 and re.search(r"[a-z]{3,}\s+[a-z]{3,}", said[colon])
                    and all(_GROUP_SEP in x for x in said[colon + 1:])):
                said = said[:colon + 1]
            intro = re.sub(r"\s+", " ", " ".join(said).replace(_GROUP_SEP, " ")).strip()
            # (a bare period header, "Three Months Ended Six Months Ended", says nothing: the sentence above is the caption)
            said_words = re.findall(r"[A-Za-z]{3,}", intro)
            if len(said_words) >= INTRO_WORDS and not all(_HEADER_WORD.fullmatch(w) for w in said_words):
                got = [c if c.lead else replace(c, lead=intro[-LEAD_CHARS:]) for c in got]
            out += got
            continue
        # a second table of the chunk: the words after the rows before it introduce it ("The following table
        # provides Wireless service revenue …"), and are its caption
        before = body[cuts[i - 1]:start]
        last = list(_ROW.finditer(before))
        intro = before[last[-1].end():] if last else ""
        lead = re.sub(r"\s+", " ", intro.replace("¶", " ")).strip()[-LEAD_CHARS:]
        out += [replace(c, lead=lead) if lead else c
                for c in _segment_cells(body[start:end], intro, period_end, form, carry, quarter, section, "")]
    return out


#: "Years ended December 31, 2022 2021 2020": a header of a day and years, not a row.
_DATED_HEADER = re.compile(rf"(?i)\b{MONTH_WORD}\.?\s+\d{{1,2}},?\s+"
                           r"(?:(?:19|20)\d\d\s*){2,}$")


#: The end of a sentence ("spending. In the …", "… spending."), not of a month's abbreviation ("Dec. 31").
#: Words of a "row" label that is a sentence's (its date read as the row's figures), not a header's.
SENTENCE_WORDS = 6
_SENTENCE_END = re.compile(r"(?<![A-Z][a-z]{2})[.!?](?:\s+(?=[A-Z])|\s*$)")


#: A table's own title set bold over its years' columns ("**Property and Equipment** **2016** **2015**"): what its
#: rows measure.
_BOLD_TITLE = re.compile(r"(?:^|(?<=[.:]))\s*\*\*(?P<t>[A-Z][A-Za-z ,&'’-]{2,60}?)\*\*\s+(?:\*\*(?:19|20)\d\d\*\*(?:\s+|$)){1,4}")
#: An amount of a row, not a header's year: "4,035", "2.69".
_AMOUNT = re.compile(r"(?<![\d,.])(?:\d{1,3}(?:,\d{3})+|\d+\.\d+)(?![\d,])")
#: A roll-forward's opening or closing balance row ("Balance, end of year", "Ending balance", "Balance at May 31").
_BALANCE_ROW = re.compile(r"(?i)^(?:(?:beginning|ending|opening|closing)\s+)?balances?\b(?!\s+sheet)")


def _goes_on(carry: dict[str, object], width: int, own: str, titled: bool = False) -> bool:
    """Do rows ``width`` figures wide go on the table of the chunk before? Its width does; with no header of
    their own, after a subheading (the chunk before ended with one, or ``titled``: the chunk starts under a
    heading of its own), rows printing the periods alone ("Churn Rate: 1.05 % 0.90 %" under a table whose
    rows print their changes as well), or as wide as the table's rows were before, do too."""
    if carry.get("width") == width:
        return True
    durations = carry.get("durations")
    if own.strip() or not (carry.get("ends_heading") or titled) or not isinstance(durations, list) or not durations:
        return False
    # another table's rows are neither
    seen = carry.get("widths")
    return width == len(durations) * int(carry.get("keep") or 0) or (isinstance(seen, list) and width in seen)  # type: ignore[call-overload]


_LAST_QUARTER = re.compile(r"(?i)(?:4th|fourth)\s+quarter\s+")
_THIRD_QUARTER = re.compile(r"(?i)\b(?:3rd|third)\s+quarter\b")


def _segment_cells(body: str, lead_in: str, period_end: date, form: str | None, carry: dict[str, object],
                   quarter: int | None = None, section: str = "", heading: str = "", title: str = "") -> list[Cell]:
    """Cells of one table's text (from its header to the next table's); ``title``: the table's own, set bold over
    its years, which heads every row but the one printing it (the table's total)."""
    rows = [(m.start("label") + len(m.group("label")) - len(row_label(m.group("label"))),
             *_day_kept(row_label(m.group("label")), m.group("nums"))) for m in _ROW.finditer(body)]
    rows = [(at, wrapped(body, at, label, _ROW), nums) for at, label, nums in rows]
    rows = [(at, label, nums) for at, label, nums in rows if len(nums) >= 2 and not re.fullmatch(r"[\d\s,.$%()-]+", label)
            and not all(re.fullmatch(r"(?:19|20)\d\d", n.strip(" ,")) for n in nums)  # "2023 2022": a header
            and not _DATED_HEADER.search(f"{label} {' '.join(nums)}")
            # "July 29, 2023", "Three Months Ended June 30, 2025": a header's date
            and not (MONTH_END.search(label) and all(_YEAR.fullmatch(n.strip(" ,")) for n in nums[1:]))]
    if rows and (cut := _LAST_QUARTER.match(rows[0][1])) and _THIRD_QUARTER.search(body[:rows[0][0]]):
        # the last quarter's name run into the first row's label ("… Third Quarter ¦ Fourth Quarter Operating revenues")
        rows[0] = (rows[0][0] + cut.end(), rows[0][1][cut.end():], rows[0][2])
    heads = [(m.start(), re.sub(r"\s+", " ", re.sub(r"¶|\(\d\)", " ", m.group("h"))).strip())
             for m in _HEADING.finditer(body)]
    # one row goes on the table of the chunk before when it has its width (a total the chunker cut off)
    # (a table cut after its first row, the header right above it: read, its columns carried to the rows going on)
    cut_short = len(rows) == 1 and bool(_durations(body[:rows[0][0]][-2 * HEADER_SPAN:]))
    if len(rows) < 2 and not cut_short and not (
            rows and _goes_on(carry, len(rows[0][2]), body[:rows[0][0]], bool(heading)) and not _durations(body)):
        # a header alone: the rows and title before it stay known for the next period's table
        kept: dict[str, object] = {k: carry[k] for k in ("labels", "title", "years_left") if k in carry}
        carry.clear()
        carry.update(kept)
        return []
    # the commonest row width; a tie goes to the wider rows ("Corporate expense" beside its "$ Change" row)
    width = max({len(n) for _, _, n in rows}, key=lambda w: (sum(1 for _, _, n in rows if len(n) == w), w))
    # a period header after the last figure of the text before starts a new table, whatever the widths
    # a sentence of the text before ("… for the year ended December 31, 2015 due to growth …") is no header
    unsaid = _SENTENCE_END.split(lead_in)[-1]
    figures = list(re.finditer(r"\$\s?\(?\d[\d,]*\)?|\b\d{1,3}(?:,\d{3})+\b|\d(?:\.\d+)?\)?\s?%", unsaid))  # ("… 2.0 %")
    header_before = unsaid[figures[-1].end():] if figures else unsaid  # the header after the rows before
    fresh = _durations(header_before)
    # a chunk going on from the table before, starting on its rows (no header, no words of its own) and no period
    # header ending the text before: rows of that table's width keep it when its other rows print that table's
    # periods alone ("Prescriptions filled 1,339.1 … 8.8 %" above "Total 5.8% (2.1)% …"), not another table's
    widths = {len(n) for _, _, n in rows}
    alone = int(carry.get("keep") or 0) * len(carry.get("durations") or ())  # type: ignore[call-overload, arg-type]
    if carry.get("width") in widths and widths <= {carry["width"], alone} and not fresh \
            and not body[:rows[0][0]].strip(f" *_¶{_GROUP_SEP}\n"):
        width = int(carry["width"])  # type: ignore[call-overload]
    priced = "$" in body[rows[0][0]:]  # (money, its "$" on the first row only)
    named = (_named_columns(body[:rows[0][0]], lead_in, width, period_end, priced)
             or _years_over_names(body[:rows[0][0]], lead_in, width, period_end, rows[0][1], priced))
    if named is not None:  # one period, columns named by what they measure: read here, nothing carried
        carry.clear()
        return [cell for at, label, nums in rows if len(nums) == width for cell in named(label, nums)]
    inside = body[rows[0][0]:rows[-1][0]]  # between the first and the last row: a next table's header is after
    if _HEADER_DURATION.search(inside) or re.search(r"(?i)\bmonths? ended\b", inside):
        carry.clear()  # periods as row headings inside the table ("Six months ended June 2, 2023 Revenue …")
        return []
    if priced_after_first([nums for _, _, nums in rows if len(nums) == width]):
        carry.clear()  # ("Awarded 4.3 $ 360.17": shares, then a price — two measures, no two periods)
        return []
    header = f"{lead_in} {body[:rows[0][0]]}"
    # the chunk's own header before the lead-in sentence (which may end another table's text)
    own = body[:rows[0][0]]
    # a header of its own starts a table; else a chunk continuing the table before it keeps its columns
    # (the header in the text before belongs to that table); else the header in the text before
    own_durations = _durations(own) or _quarter_header(own)
    durations = own_durations or fresh or ([] if _goes_on(carry, width, own, bool(heading)) else _durations(unsaid))
    head_text = own if own_durations else lead_in[-2 * HEADER_SPAN:]
    labels = sorted({label for _, label, _ in rows})
    groups: list[str] = []  # the column groups' names, one per period group
    marked_by = ""  # the header of a table whose amounts stand among their changes, for its rows going on
    offset = 0  # years from the filing's period end to the columns' (a table of a year earlier)
    per_name = False
    continued = False  # the rows go on the table of the chunk before (its caption is theirs)
    # the columns a header prints ("2022 2021 Total ¦ Operations ¦ Currency", once per period): the table's width,
    # whatever rows the text layer ran together or cut short
    header_width = printed_width(head_text, len(durations)) if durations else 0
    if not header_width and carry.get("header_width") and not own_durations and not fresh \
            and not own.strip(f" *_¶{_GROUP_SEP}\n"):
        header_width = int(carry["width"])  # type: ignore[call-overload]  # (its rows going on past the chunk before)
        durations = [] if _goes_on(carry, header_width, own, bool(heading)) else durations
    width = header_width or width
    left: list[int] = list(carry.get("years_left") or [])  # type: ignore[call-overload]
    quarterly = quarters_of(own, width, left) if form == "10-K" else None
    before: list[int] = []  # months each column group ends before the year's end (an annual report's quarters)
    if quarterly is not None:  # "1ST QUARTER … 4TH QUARTER" over "2019 2018" each: the fiscal year's quarters
        (durations, before, keep, years), years_left = quarterly
        carry["years_left"] = years_left
        carry.pop("heading", None)  # a table of its own: no heading carried over from the one before
        current_first, offset = years[0] >= years[-1], years_from(max(years), period_end)
        scale = units_scale(own) or units_scale(header) or units_scale(section) or "units"
    elif durations and width % len(durations) == 0:
        carry.pop("heading", None)  # a table of its own: no heading carried over from the one before
        if not heading and carry.get("labels") == labels:
            heading = str(carry.get("title") or "")  # the same rows for the next period: the same title
        # the years of the header nearest the rows (another table's header may begin the text before)
        # (years printed side by side nearest the rows head the columns: "Year Ended December 31, 2015 to 2016 2014
        # to 2015 2016 2015 2014" — the comparisons date no column — after a sentence of other years)
        runs = list(_YEAR_RUN.finditer(_COMPARED_YEARS.sub(" ", own)))
        years = [int(y.group(0)) for y in _YEAR.finditer(
            runs[-1].group(0) if runs else own or (header_before if fresh else "") or lead_in)]
        current_first = not years or years[0] >= period_end.year or (len(years) > 1 and years[0] > years[1])
        # (the chunk's own units first: a row's "(billions)" in the lead-in, of the table before, is that row's)
        scale = units_scale(own) or units_scale(header) or units_scale(section) or "units"
        per = width // len(durations)
        # comparison columns after each period group ("2023 2022 % Change"): the periods are the header's years
        # (the header's years and "Change" may follow its period words into this chunk: "… three months ended
        # June 30," above, "2021 2020 Change 2021 2020 Change" here)
        said = head_text if own_durations else f"{head_text} {own}"
        distinct = len({int(y.group(0)) for y in _YEAR.finditer(said)})
        keep = min(max(distinct, 2), per) if _CHANGE_HEADER.search(said) else per
        # column groups named above the years ("Consumer & Community Banking ¦ Corporate & Investment Bank"),
        # each "2023 2022 Change": one period per group, the group's name over its rows
        names = _group_names(head_text)
        if len(durations) == 1 and len(names) >= 2 and width % len(names) == 0 and width // len(names) >= 2:
            durations = durations * len(names)
            per = width // len(names)
            keep = min(max(distinct, 2), per) if _CHANGE_HEADER.search(said) else per
            groups = names
        elif len(names) == len(durations) >= 2:  # "Revenue Mix ¦ Comparable Sales", each over its periods
            groups = names
        elif len(durations) == 1 and len(names) == width and len(_first_run(names)) >= 2:
            # a column per segment ("Activision ¦ Blizzard ¦ King ¦ Total", then their changes): the period the
            # header dates, one figure per name
            groups = _first_run(names)
            per_name = True  # its rows are read under their own header only: a next block's header may be lost
            rows = [(at, label, nums[:len(groups)]) for at, label, nums in rows if len(nums) == width]
            width, keep = len(groups), 1
            durations = durations * width
            # ("… Increase / (decrease) 2019 v 2018": a comparison's years date no column)
            header_years = [int(y.group(0)) for y in _YEAR.finditer(_COMPARED_YEARS.sub(" ", head_text))]
            if header_years:  # "For the Three Months Ended June 30, 2022": the year the header dates
                offset = years_from(header_years[-1], period_end)
        if groups and not per_name and years and max(years) < period_end.year:
            # (column groups dated by the header: the fiscal year before's table, "February 3, 2018 January 28, 2017",
            # in the MD&A comparing it with the year before that)
            offset = years_from(max(years), period_end)
    elif carry.get("marked") and not fresh and not own.strip(f" *_¶{_GROUP_SEP}\n") and (
            marked := _amounts_beside_changes(str(carry["marked"]), rows)) and len(marked[0][2]) == carry.get("width"):
        # the rows of a table whose amounts stand among their changes ("Sales through NIKE Direct 1,956 1,620 21 % 22 %
        # 1,508 …") going on in this chunk: read as the rows before them were, under the same header
        rows, width, continued = marked, len(marked[0][2]), True
        durations = list(carry["durations"])  # type: ignore[call-overload]
        current_first, scale, keep = bool(carry["current_first"]), str(carry["scale"]), int(carry["keep"])  # type: ignore[call-overload]
        offset = int(carry.get("offset") or 0)  # type: ignore[call-overload]
    elif _goes_on(carry, width, own, bool(heading)) and not carry.get("per_name") and not (
            form == "10-K" and width in (2, 3) and len(_column_years(own)) >= 2):
        # (an annual report's chunk printing its own years, "In Millions 2022 2021 2020", starts a table of its
        # own: read below)
        continued = True
        durations = list(carry["durations"])  # type: ignore[call-overload]
        current_first, scale, keep = bool(carry["current_first"]), str(carry["scale"]), int(carry["keep"])  # type: ignore[call-overload]
        offset = int(carry.get("offset") or 0)  # type: ignore[call-overload]  # (an earlier year's table going on)
        groups = list(carry.get("groups") or [])  # type: ignore[call-overload]
        before = list(carry.get("before") or [])  # type: ignore[call-overload]
    elif form == "10-K" and (repeated := _repeated_years(own, width)):
        # "2020 2019 2020 2019" under "With Fuel ¦ Fuel Impact": the same years once per column group
        ngroups = width // len(set(repeated))
        durations, current_first = [12] * ngroups, repeated[0] > repeated[1]
        keep = len(set(repeated))
        offset = years_from(max(repeated), period_end)
        scale = units_scale(header) or units_scale(section) or "units"
        names = _group_names(own)
        groups = names if len(names) == ngroups else []
    elif form == "10-K" and len(spans := year_runs(own, width)) >= 2:
        # "Sales to Customers ¦ Long-Lived Assets" over "2022 2021 2020 2022 2021": groups of other lengths — the
        # first group's years read, with its name; the other groups' columns (balances at other dates) left out
        years = [int(y.group(0)) for y in _YEAR.finditer(own)][-width:]
        names = _group_names(f"{lead_in[-HEADER_SPAN:]} ¶ {own}")
        rows = [(at, label, nums[:spans[0]]) for at, label, nums in rows if len(nums) == width]
        width = keep = spans[0]
        durations, current_first = [12], years[0] > years[1]
        offset = years_from(max(years[:spans[0]]), period_end)
        scale = units_scale(header) or units_scale(section) or "units"
        groups = names[:1] if len(names) == len(spans) else []
    elif form == "10-K" and width in (2, 3) and not (
            width == 3 and amounts_either_side(f"{lead_in[-HEADER_SPAN:]} {own}", rows)):
        # (not two years' amounts either side of their change, "2,255.4 (4)% 2,140.5": read below)
        if own.strip():
            carry.pop("heading", None)  # a table of its own: the rows before it name none of these
        if _total_column(rows):  # segments as columns, then their total ("Consumer Business Total"): no years
            carry.clear()
            return []
        # the years the header before the rows prints, in their order ("2017 2018 2019": oldest first)
        # (not the years of the rows before, "… May 2031 2.69 % 800 800 … May 2033 5.63 % 500 —": a header follows
        # the last amount there)
        above = lead_in[-2 * HEADER_SPAN:]
        above = above[max((m.end() for m in _AMOUNT.finditer(above)), default=0):]
        near = [int(y.group(0)) for y in _YEAR.finditer(f"{above} {own}")][-width:]
        ascending = len(near) == width and len(set(near)) == width and near == sorted(near)
        durations, current_first, scale = [12], not ascending, units_scale(header) or units_scale(section) or "units"
        keep = width
    elif form == "10-K" and (shared := _amounts_with_shares(own, rows)):
        # "2020 2019 / Dollars Percent of Total Dollars Percent of Total": each year's amount, then its share
        rows, width = shared, len(shared[0][2])
        years = _column_years(own)
        durations, current_first, keep = [12], years[0] > years[-1], width
        scale = units_scale(header) or units_scale(section) or "units"
    elif form == "10-K" and _yearly_with_changes(own, width):
        # "(Dollars in Millions) 2022 2021 Change Change Change": the years, then comparison columns
        years = _column_years(_YEAR_RANGE.sub(" change ", own))
        durations, current_first = [12], years[0] > years[-1]
        scale, keep = units_scale(header) or units_scale(section) or "units", len(years)
    elif form == "10-K" and (marked := _amounts_beside_changes(f"{lead_in[-HEADER_SPAN:]} {own}", rows)):
        # a header the parser scrambled ("FISCAL 2021 % CHANGE FISCAL 2022 …"), every row printing the years'
        # amounts with its changes marked "%": the amounts are the years, newest first
        rows, width = marked, len(marked[0][2])
        marked_by = f"{lead_in[-HEADER_SPAN:]} {own}"
        durations, current_first, keep = [12], True, width
        scale = units_scale(header) or units_scale(section) or "units"
    elif form == "10-K" and width >= 3 and lost_years(own, section, lead_in):
        # a header whose years the parser took for a heading ("For the Years Ended December 31," over "Increase/
        # (decrease) % Change"): the filing's year and the year before, then their changes
        durations, current_first, keep = [12], True, 2
        scale = units_scale(header) or units_scale(section) or "units"
    elif form == "10-Q" and quarter in (1, 2, 3) and not _NOT_PERIODS.search(f"{lead_in[-HEADER_SPAN:]} {own}"):
        # no period header left (the parser took it for headings): the 10-Q layout, the quarter then the
        # year to date, each this year before the last, with comparison columns when the header names them
        durations = [3] if quarter == 1 else [3, 3 * int(quarter or 0)]
        per = width // len(durations)
        changes = bool(_CHANGE_HEADER.search(f"{lead_in[-HEADER_SPAN:]} {own}"))
        keep = 2 if per == 2 or (changes and per > 2) else 0
        # a first quarter's two columns are dates of a balance sheet too, unless the header is two years
        years = sorted({int(y.group(0)) for y in _YEAR.finditer(own)})
        two_years = len(years) == 2 and years[1] - years[0] == 1
        if (width % len(durations) or not keep or (quarter == 1 and not (changes or two_years))
                or _total_column(rows)):
            carry.clear()
            return []
        current_first, scale = True, units_scale(header) or units_scale(section) or "units"
    else:
        carry.clear()
        return []
    per = width // len(durations)
    # more columns than years a filing compares: the periods were not all read — unless an annual report's header
    # prints each column's year ("Year Ended December 31, 2016 2015 2014 2013 2012": selected financial data)
    printed = form == "10-K" and durations == [12] and keep == width == len({y.group(0) for y in _YEAR.finditer(own)})
    if (keep > MAX_YEARS and not printed) or keep < 1:
        carry.clear()
        return []
    # a line's ratio row printed under each line ("Product development 392 344 14 % …" above "Percentage of net
    # revenues 15 % 14 % …") is that line's, read over every row: the line may print another width
    owner_at = ratio_owners(rows)
    # rows of the table's width; with comparison columns, any row holding the periods of every group; under a header
    # of two years per period whose rows print one figure each ("(270) (230)"), a row printing both ("32.0% 34.7% …")
    both = per == keep == 1 and current_first and len(_YEAR.findall(own)) == 2 * len(durations)
    # (under a header printing its columns, a row of another width is read only when each group's first change is its
    # two amounts' — a dash the text layer lost at a row's end, "… 6,516 1.3 % 1.3", leaves the groups where they
    # were; a total run into the row before, "(7.2) 3,767 3,728 …", does not fit)
    # (a dollar variance column, "2022 2021 Dollars": a row short of it is a rate's, "Effective tax rate 56 % (57)%" —
    # an amount row short of it lost a figure to a footnote's look, "Other expense (8) (102) 94")
    variance = bool(re.search(r"(?i)\bvariance\b", f"{head_text} {own}"))
    rows = [r for r in rows if not (variance and len(r[2]) < width and not all(t.endswith("%") for t in r[2]))]
    rows = [r for r in rows if len(r[2]) == width or (keep < per and len(r[2]) % len(durations) == 0 and len(
        r[2]) // len(durations) >= keep and (len(r[2]) < width or not header_width or changes_fit(
            r[2], len(r[2]) // len(durations), len(durations)))) or (both and len(r[2]) == 2 * len(durations))
        or (keep == 2 < per and len(r[2]) == width - 1 and changes_fit(r[2], per, len(durations)))]
    # a table going on from the chunk before keeps what its header said; a table with its own header does not
    per_unit = bool(re.search(r"(?i)\bexcept\b", header + " " + section)) or (continued and bool(carry.get("per_unit")))
    # "(dollars in millions, except ARPA)": the rows naming what is excepted are in units
    excepted = excepted_by(header + " " + section) or (list(carry.get("excepted") or []) if continued else [])  # type: ignore[call-overload]
    out: list[Cell] = []
    stated: str | None = None  # a row label's own units ("Network volumes (billions)") hold for the rows after it
    # "$" printed on a table's first and total rows only: the rows between are money too
    dollars = any("$" in t for r in rows for t in r[2]) or (continued and bool(carry.get("dollars")))
    # things counted one by one, introduced as such ("Deliveries of units for new-build production aircraft …
    # were as follows:"), no "$" among them: counts, whatever "(Dollars in millions)" the table before printed
    singly = (bool(_COUNTED_SINGLY.search(own[-3 * HEADER_SPAN:])) and not dollars) or bool(continued and carry.get("singly"))
    bases = change_names(head_text, per - keep) if keep < per else []  # comparison columns' names, if printed
    owners = [owner_at.get(at, o) for (at, _, _), o in zip(rows, row_owners([label for _, label, _ in rows]),
                                                              strict=True)]
    # rows named again under one heading of a schedule ("U.S.", "International" once more, after a blank line): a block
    # whose own heading the text does not print (the company's totals under the last segment's rows) — not that heading's
    seen: set[tuple[str, str]] = set(carry.get("seen") or ()) if continued else set()  # type: ignore[call-overload]
    stale: set[str] = set(carry.get("stale") or ()) if continued else set()  # type: ignore[call-overload]
    # "APAC: Japan … Other … Total APAC 835,142 Revenue $ 5,854,430": a heading's total ends its rows — the
    # table's own total after it stands under no heading
    totals = [(at, label.lower()) for at, label, _ in rows if label.lower().startswith("total ")]
    titled = "" if heading else title
    # rows printed again, each run closed by its own total ("Flexibles … Net sales", "Flexibles … Adjusted EBIT"):
    # each run stands under its total; a heading naming one run's total is that run's alone
    # (runs whose rows belong to their first, "Net income … Severance … Adjusted net income", are that row's:
    # a reconciliation's adjusted line is no heading of the line it starts from)
    closers = closing_totals([label for _, label, _ in rows], [_value(nums[0]) if nums else None for _, _, nums in rows],
                             named_totals=False)
    owned = {c for c, o in zip(closers, owners, strict=True) if c and o}
    closers = ["" if c in owned else c for c in closers]
    for (at, label, nums), owner, closer in zip(rows, owners, closers, strict=True):
        opened, outer = next(((pos, h) for pos, h in reversed(heads) if pos < at and h != label),
                             (-1, str(carry.get("heading") or heading or "")))
        if outer and any(opened < t_at < at and t_label == f"total {outer.lower()}" for t_at, t_label in totals):
            outer = ""
        another = any(c and c.lower() in outer.lower() for c in closers if c != closer)
        if closer and not owner and closer.lower() not in outer.lower():
            outer = closer if another or not outer else f"{outer} › {closer}"
        elif not closer and label in closers and another:
            outer = ""  # ("Net sales", closing its run, is none of the "Adjusted EBIT" heading's rows)
        # ("Americas: United States … Other …", "APAC: Japan … Other …": the other countries of the heading, not
        # the row before's)
        owner = "" if outer and re.fullmatch(r"(?i)(?:all\s+)?others?", label) else owner
        if heading and re.search(r"(?i)\bby$", outer) and outer != heading:
            outer = f"{heading} › {outer}"  # "Revenues by:" a second time under the region's title: the region's
        outer = f"{outer} › {owner}" if outer and owner else owner or outer
        # (a roll-forward's opening or closing balance stands under none of the movements' headings: "Tax positions
        # related to prior years:" heads the additions and reductions, not "Balance, end of year")
        outer = "" if _BALANCE_ROW.match(label) and not owner else outer
        if header_width and outer and (outer in stale or (outer, label) in seen):
            stale.add(outer)
            continue
        seen.add((outer, label))
        # "(Amounts in millions, except unit counts)": "Unit counts at period end" is a count
        spared = any(re.search(rf"(?i)\b{re.escape(x)}\b", label) for x in excepted) or bool(UNITLESS_LABEL.search(label))
        # "Connections ('000):" over its rows: their units, unless a row prints its own
        here = row_units(label) or stated or row_units(outer)
        stated = stated if row_units_own(label) else row_units(label) or stated
        # "Number of branches 4,869" in a table of dollars "(in billions, except ratios …)": a count, never scaled
        spared = spared or (here is None and dollars and re.match(r"(?i)number\s+of\b", label) is not None)
        path = f"{outer} › {label}" if outer else label
        # (two tables of one layout, "Revenue" then "Property and Equipment" by region: each row under its title)
        path = f"{titled} › {path}" if titled and not label.lower().startswith(titled.lower()) else path
        group = per if len(nums) == width - 1 else len(nums) // len(durations)
        row_keep = 2 if both and group == 2 else keep
        for g, months in enumerate(durations):
            if groups:
                path = f"{groups[g]} › {label}"
            back = before[g] if before else 0
            ends = [shift_months(shift_year(period_end, offset - k), -back) for k in range(row_keep)]
            for end, token in zip(ends if current_first else list(reversed(ends)),
                                  nums[g * group:g * group + row_keep], strict=True):
                v = _value(token)
                if v is None:
                    continue
                # "Percent of Net Sales:", "Year-over-year Percentage Growth:" over rows printing bare numbers
                pct = token.endswith("%") or ("$" not in token and bool(PERCENT_HEADING.search(outer)))
                # "(in thousands, except … per membership)": a per-unit row is in units
                # (and a count per something, "Number of payment transactions per active account 54.7", a ratio)
                row_scale = "units" if pct or singly or (per_unit and "." in token and PER_UNIT.search(label)) \
                    or spared or ("$" not in token and counted(label) and PER_THING.search(label)) else scale
                if here is not None and not pct:  # "Cards-in-force (millions)": counted unless in $
                    row_scale = here
                money = "$" in token or ((row_scale != "units" or dollars) and not counted(label)
                                         and here is None and not singly and not spared)
                # ("Net income attributable to 3M — diluted 8.89": a share's; "Ratio of earnings to fixed charges 7.8":
                # times, in units)
                small = "." in token and abs(v) < 100 and "$" not in token
                per_share = per_share_row(label, outer, token, v) \
                    or (small and re.search(r"(?i)[—–-]\s*(?:basic|diluted)$", label))
                if small and re.search(r"(?i)\b(?:ratios?|yields?)\b", label) and not pct:
                    money, row_scale = False, "units"
                unit = "%" if pct else "USD/share" if per_share else "USD" if money else "count"  # ("EPS › … 1.38")
                words = {3: "Three", 6: "Six", 9: "Nine", 12: "Twelve"}.get(months, str(months))
                # the filing's own period end is exact; a year earlier the header's date is not read
                when = f"{end:%B} {end.day}, {end.year}" if end == shift_months(period_end, -back) else "a year earlier"
                out.append(Cell(label[:200], path[:400], f"{words} Months Ended {when}",
                                f"{months}M", end, v, token.replace("$", "").strip(), row_scale, unit))
            # the changes the header names ("Reported Operational Currency"): each a percentage of the period's
            for name, token in zip(bases, nums[g * group + row_keep:(g + 1) * group]) if current_first else ():
                end, v = shift_year(period_end, offset), _value(token)
                if v is not None:
                    out.append(Cell(label[:200], path[:400], f"{name} change — {words} Months Ended "
                                    f"{end:%B} {end.day}, {end.year}", f"{months}M", end, v, token.strip(), "units", "%"))
    carry.update(seen=seen, stale=stale, header_width=bool(header_width), width=width, durations=durations, current_first=current_first, scale=scale, keep=keep, per_unit=per_unit,
                 offset=offset, before=before, dollars=dollars, singly=singly, excepted=excepted, groups=groups, per_name=per_name, continued=continued,
                 labels=labels, title=heading, marked=marked_by or (carry.get("marked", "") if continued else ""),
                 heading=heads[-1][1] if heads else carry.get("heading", "") or heading,
                 ends_heading=bool(heads and rows and heads[-1][0] > rows[-1][0]),
                 widths=sorted({width, *(carry.get("widths") or ())}) if continued else [width])  # type: ignore[misc]
    return out


__all__ = ["text_cells"]

"""A figure a filing expects for a year ahead, printed as that year's row of a schedule ("Estimated future amortization
expense for finite-life intangible assets is as follows: ($ in millions) Remainder of 2022 $ 2 2023 7 2024 5 2025 1";
"| Fiscal 2025 21 |"): "How much amortization expense does Foot Locker expect … in 2023?" is the row "2023" of the
schedule its introduction says is of the measure — read from the passage's text, as the text layer or the chunker
printed it, and cited to its page. The same answers what falls due in a year ("What operating lease payments are due
in fiscal 2021?"): a row of several columns by the column its introduction lists ("… our capital, financing and
operating leases"), a schedule written as a sentence ("$252 million in 2022"), or a table's year column after the
filing's own period (``scheduled_cell``)."""

from __future__ import annotations

import re
from typing import Any

import psycopg

from finchat.answer.passages import _SELECT, _hits, nearby_texts, word_stems
from finchat.answer.quote import flat_text
from finchat.graph.stackedcols import bold_names
from finchat.tables import units_scale

#: A year's row of a schedule: "2023 7", "Fiscal 2025 21", "2024 $ 3".
#: (never a header's next year: "2022 2023 2024")
_FIG = r"\$?\s*(?!(?:19|20)\d\d(?:\s|$))\(?\d[\d,]*(?:\.\d+)?\)?(?=\s|$)"
#: (and the figures of its other columns after it: "2021 11 42 648" — capital, financing and operating leases)
_YEAR_ROW = r"(?:(?<=\s)|^)(?:fiscal\s+)?{year}\s+(?P<figs>" + _FIG + r"(?:\s+" + _FIG + r")*)"
#: The columns an introduction lists, in order, before the noun they share: "our capital, financing and operating
#: leases", "operating and finance lease liabilities".
_LISTED = re.compile(r"(?i)\b(?P<items>[a-z][\w-]*(?:,\s+[a-z][\w-]*)*,?\s+and\s+[a-z][\w-]*)\s+(?P<noun>[a-z][\w-]*)")
#: A line opening with a year's row ("2023 $ 117 …").
_ROW_START = re.compile(r"(?i)\s*(?:fiscal\s+)?(?:19|20)\d\d\s+[$*\d(]")
#: A year's row right after the header's last bold name on its line.
_ROW_AFTER_BOLD = re.compile(r"\*\*\s+(?:fiscal\s+)?(?:19|20)\d\d\s+[$*\d(]")
#: Bold words over a schedule that name no column: its units, the period its rows are ("Year ending December 31,").
_NO_COLUMN = re.compile(r"(?i)\b(?:in\s+(?:thousands|millions|billions)|years?\s+end(?:ed|ing)|months?\s+ended|as\s+of)\b|"
                        r"^[\W_]*$")
#: Any year's row, to tell a schedule (rows of several years in a run) from a sentence naming a year.
_ANY_YEAR_ROW = re.compile(r"(?i)(?:(?<=\s)|^)(?:fiscal\s+)?(?:19|20)\d\d\s+\$?\s*(?!(?:19|20)\d\d(?:\s|$))\(?\d[\d,]*(?:\.\d+)?\)?(?=\s|$)")
#: Words saying the schedule looks ahead: "estimated future …", "expected …", "remainder of", "thereafter", "the
#: maturity analysis of …".
_AHEAD = re.compile(r"(?i)\b(?:future|expected|estimated|remainder|thereafter|succeeding|next\s+five|maturit(?:y|ies))\b")
#: Words asking what falls due, which a schedule of payments by year need not print.
_FALLING_DUE = "due owed owe payable scheduled"
#: Year rows a schedule holds at least around the one asked.
MIN_YEAR_ROWS = 3
#: Characters either side of the row searched for the schedule's other rows, before it for its introduction.
AROUND = 160
INTRO_CHARS = 400
#: Characters after the rows searched for a total naming the measure ("Total expected amortization expense $ 1,239").
AFTER_CHARS = 200


def expected_in_year(conn: psycopg.Connection, document: str, measure: str, year: int) -> tuple[str, Any] | None:
    """(answer line, the passage): the figure for ``year`` of a schedule in ``document`` whose words around it (its
    introduction just before, or its total just after) name every word of ``measure`` and look ahead (module
    docstring); None when no such schedule prints the year's row."""
    wanted = _wanted(measure)
    if not wanted:
        return None
    row = re.compile(rf"(?i){_YEAR_ROW.format(year=year)}")
    rows = conn.execute(f"{_SELECT} WHERE d.name = %s AND c.text ~* %s ORDER BY c.page_start, c.id",
                        # (the chunker's bold marks stand between a row's year and figure: "2025 **1,881**")
                        (document, rf"\m{year}\M[\s*_]+\$?[\s*_]*\(?[0-9]")).fetchall()
    for hit in _hits(rows, "schedule"):
        lead = "".join(flat_text(t)[-INTRO_CHARS:] for t in nearby_texts(conn, hit.chunk_id, 1))
        text = flat_text(hit.text)
        for m in row.finditer(text):
            near = text[max(0, m.start() - AROUND):m.end() + AROUND]
            if len(_ANY_YEAR_ROW.findall(near)) < MIN_YEAR_ROWS:
                continue  # a sentence naming the year, no schedule
            intro = f"{lead} {text[:m.start()]}"[-INTRO_CHARS:]
            # (its introduction: the shortest run of words before the row from a capital on naming the measure and
            # looking ahead, up to its colon or units; else the total after the rows)
            # (the total after the rows may name the rest: "… maturity analysis of operating and finance lease
            # liabilities …" over "Total lease payments")
            after = text[m.end():m.end() + AFTER_CHARS]
            if len(after) < AFTER_CHARS:
                # (the rows end their passage: the total opens the next one)
                after += " " + "".join(flat_text(t)[:AFTER_CHARS] for t in nearby_texts(conn, hit.chunk_id, 1, after=True))
            total = re.search(r"(?i)\btotal\b[^$\d]{3,80}", after)
            figs = re.findall(r"\(?\d[\d,]*(?:\.\d+)?\)?", m.group("figs"))
            # (a row of several columns: the bold header over them may name the measure's column, "Operating Leases")
            heads = _header_columns(hit.text, len(figs)) if len(figs) > 1 else None
            headed = _headed_column(heads, wanted)
            if heads and headed is not None and (top := intro.rfind(heads[0].split("  ")[0])) > 0:
                intro = intro[:top]  # (the introduction ends where the header starts)
            totalled = word_stems(total.group(0)) & wanted if total else set()
            totalled |= word_stems(heads[headed]) & wanted if heads and headed is not None else set()
            named = next((cut for at in reversed([c.start() for c in re.finditer(r"(?<![\w-])[A-Z]", intro)])
                          if wanted <= word_stems(cut := re.split(r":|\s\(|\s\$", intro[at:])[0]) | totalled
                          and _AHEAD.search(cut)), None)
            if named is None:
                named = total.group(0).strip() if total and wanted <= totalled \
                    and _AHEAD.search(total.group(0)) else None
            if named is None:
                continue
            column = _column(figs, named, wanted)
            column = headed if column is None else column
            if column is None:
                continue  # a row of several columns none of which the introduction names as the measure
            scale = units_scale(intro) or units_scale(text) or units_scale(hit.section or "") or (
                _filing_scale(conn, hit.chunk_id) if "." not in figs[column] else None)
            figure = f"${figs[column]}" + (f" {scale[:-1]}" if scale else "")
            return (f"{figure} [{hit.citation()}] — the row for {year} of the schedule “{named[:200]}”."), hit
    return _said_for_year(conn, document, wanted, year)


#: A year's amount in a sentence listing the years ahead: "$252 million in 2022".
_IN_YEAR = r"\$\s?(?P<fig>\d[\d,]*(?:\.\d+)?)\s*(?P<unit>million|billion)?\s+in\s+(?:fiscal\s+)?{year}\b"
_ANY_IN_YEAR = re.compile("(?i)" + _IN_YEAR.format(year=r"(?:19|20)\d\d"))


def _said_for_year(conn: psycopg.Connection, document: str, wanted: set[str], year: int) -> tuple[str, Any] | None:
    """The schedule written as a sentence ("Estimated future amortization expense is as follows: $290 million in
    2021; $252 million in 2022; …"): the amount for ``year`` in a sentence listing three years or more whose words
    before the list name every one of ``wanted`` (stems) and look ahead; None when no such sentence lists it."""
    one = re.compile(rf"(?i){_IN_YEAR.format(year=year)}")
    rows = conn.execute(f"{_SELECT} WHERE d.name = %s AND c.text ~* %s ORDER BY c.page_start, c.id",
                        (document, rf"in\s+(fiscal\s+)?{year}\M")).fetchall()
    for hit in _hits(rows, "schedule"):
        text = flat_text(hit.text)
        for m in one.finditer(text):
            start = text.rfind(". ", 0, m.start())  # (the sentence's start: its items are parted by ";")
            said = text[start + 1:m.start()]
            listed = _ANY_IN_YEAR.findall(text[start + 1:m.end() + AROUND])
            lead = re.split(r"\$", said, maxsplit=1)[0]
            if len(listed) < MIN_YEAR_ROWS or not wanted <= word_stems(lead) or not _AHEAD.search(lead):
                continue
            unit = f" {m.group('unit')}" if m.group("unit") else ""
            return (f"${m.group('fig')}{unit} [{hit.citation()}] — the amount for {year} in “{lead.strip(' :;')}”."), hit
    return None


def _wanted(measure: str) -> set[str]:
    """The stems a schedule's words must name for ``measure`` ("operating lease payments due": falling due is what the
    schedule is of, no word it needs to print)."""
    return word_stems(measure) - word_stems(_FALLING_DUE)


def _column(figs: list[str], intro: str, wanted: set[str]) -> int | None:
    """Which of a year row's ``figs`` is the measure's: the only one; else the column the introduction's list of
    as many items names by a word of the measure ("… our capital, financing and operating leases", "operating lease
    payments" → the third); None when it names none, or more than one."""
    if len(figs) == 1:
        return 0
    for listed in reversed(list(_LISTED.finditer(intro))):
        items = [re.sub(r"(?i)^and\s+", "", i.strip()) for i in re.split(r",|\s+and\s+", listed.group("items")) if i.strip()]
        if len(items) != len(figs):
            continue
        hit = [j for j, item in enumerate(items) if word_stems(item) & wanted]
        return hit[0] if len(hit) == 1 else None
    return None


def _filing_scale(conn: psycopg.Connection, chunk_id: int) -> str | None:
    """The scale most of the filing's money cells are read in ("millions"), for a schedule printing none: a note's
    "in millions" is stated once, far from its tables (as graph/cellstore.py scales such cells)."""
    row = conn.execute(
        "SELECT scale FROM table_cells WHERE document_id = (SELECT document_id FROM chunks WHERE id = %s)"
        " AND unit = 'USD' AND scale <> 'units' GROUP BY scale ORDER BY count(*) DESC LIMIT 1", (chunk_id,)).fetchone()
    return str(row[0]) if row else None


def _header_columns(raw: str, n: int) -> list[str] | None:
    """The names of a schedule's ``n`` columns from the bold header lines the chunker printed just above its first
    year row, stacked ("**Pension Benefits** **Other Benefits**" over "**Expected Benefit** ×3" over "**Payments**
    **Payments** **Subsidy Payments**"); a line of fewer names than columns spreads them evenly when it can, else
    its last name spans the columns left. None when the lines above the rows are not such a header."""
    lines = raw.splitlines()
    # (the first row may open on the header's own line: "**Operating Leases** **Finance Leases** 2023 $ 1,795,625 …")
    first = next((i for i, line in enumerate(lines) if _ROW_START.match(line) or _ROW_AFTER_BOLD.search(line)), None)
    if first is None:
        return None
    opened = _ROW_AFTER_BOLD.search(lines[first]) if not _ROW_START.match(lines[first]) else None
    above = lines[:first] + ([lines[first][:opened.start() + 2]] if opened else [])
    heads: list[list[str]] = []
    for line in reversed(above):
        if not line.strip():
            continue
        spans = [x for x in bold_names(line) if not _NO_COLUMN.search(x)]
        if not spans or re.sub(r"\*\*.+?\*\*|\s", "", line):
            break  # (a line of bold names only)
        heads.insert(0, spans)
    if not heads or len(heads[-1]) != n:
        return None
    cols: list[list[str]] = [[] for _ in range(n)]
    for spans in heads:
        k = len(spans)
        if k > n:
            return None
        for j in range(n):
            at = j * k // n if n % k == 0 else min(j, k - 1)
            cols[j].append(spans[at])
    return ["  ".join(c) for c in cols]  # (the names stacked, top first, two spaces apart)


def _headed_column(names: list[str] | None, wanted: set[str]) -> int | None:
    """The one column whose header names the most words of the measure (at least one); None on a tie."""
    if not names:
        return None
    score = [len(word_stems(name) & wanted) for name in names]
    best = max(score)
    return score.index(best) if best and score.count(best) == 1 else None


def scheduled_cell(conn: psycopg.Connection, document: str, measure: str, year: int) -> tuple[str, Any] | None:
    """(answer line, the passage): the cell of ``document`` dated in ``year``, after the filing's own period end — a
    column of a schedule of the years ahead ("Operating leases | 2023 | 2024 | …" under "Future minimum lease
    commitments …") — whose row and caption name every word of ``measure``; the row naming most of it first. None
    when no such cell is stored."""
    wanted = _wanted(measure)
    if not wanted:
        return None
    rows = conn.execute(
        "SELECT t.chunk_id, t.row_path, t.caption, t.printed, t.scale, t.unit FROM table_cells t"
        " JOIN documents d ON d.id = t.document_id WHERE d.name = %s AND t.as_of > d.period_end"
        " AND extract(year FROM t.as_of)::int = %s AND t.duration IS NULL AND t.unit = 'USD' ORDER BY t.seq",
        (document, year)).fetchall()
    named = [(len(wanted & word_stems(r[1])), r) for r in rows if wanted <= word_stems(f"{r[1]} {r[2]}")]
    if not named:
        return None
    best = max(named, key=lambda x: x[0])[1]
    hit = _hits(conn.execute(f"{_SELECT} WHERE c.id = %s", (best[0],)).fetchall(), "schedule")
    if not hit:
        return None
    scale = "" if best[4] == "units" else f" {best[4][:-1]}"
    caption = re.split(r"(?<=[.!?])\s+(?=[A-Z])", re.sub(r"\s+", " ", best[2]).strip())[-1]  # (its last sentence)
    return (f"${best[3].strip()}{scale} [{hit[0].citation()}] — the column for {year} of “{best[1]}” in the schedule "
            f"“{caption[-200:]}”."), hit[0]


__all__ = ["expected_in_year", "scheduled_cell"]

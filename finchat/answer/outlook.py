"""Guidance: what a company said of the period ahead — the forward-looking passages of its filings, an outlook
table's range for the measure asked (with its midpoint), or the forecast sentence naming a product, a segment or
the measure, for the year asked.
"""

from __future__ import annotations

import re
from typing import Any

import psycopg

from finchat.answer.figures import HOW_MANY
from finchat.answer.passages import _SELECT, _STOP, _any_of, _hits
from finchat.answer.quote import FORWARD, SAFE_HARBOR, plain_text
from finchat.answer.sentences import _SENTENCE
from finchat.answer.stems import _stem, word_stems
from finchat.retrieve.fusion import Hit

#: Passages a guidance question reads from the store.
OUTLOOK_PASSAGES = 10


def outlook_passages(conn: psycopg.Connection, companies: list[str], years: list[int],
                     documents: list[str] | None = None) -> list[Hit]:
    """The companies' prose that speaks of an outlook (outlook, guidance, expects, full year), the latest
    filings first and, within one, the passages naming a year asked: a guidance question is answered with
    what the company said of the period ahead, wherever in the filing it said it — in ``documents`` only
    when given (a question naming the quarter's release asks what that release said, not a later update).
    With ``years``, the filings of those years and the year before come first: a year's outlook is given
    in them, never in a filing years later."""
    if not companies:
        return []
    rows = conn.execute(
        f"{_SELECT} WHERE d.company_key = ANY(%s) AND c.kind = 'text'"
        " AND (%s::text[] IS NULL OR d.name = ANY(%s))"
        " AND c.tsv @@ to_tsquery('english', 'outlook | guidance | expect | forecast | anticipate')"
        " ORDER BY (d.fiscal_year BETWEEN %s AND %s) DESC NULLS LAST, d.period_end DESC NULLS LAST,"
        " (c.text ~ ANY(%s)) DESC, ts_rank(c.tsv, to_tsquery('english', 'outlook | guidance')) DESC, c.id LIMIT %s",
        (companies, documents, documents, min(years, default=0) - 1, max(years, default=9999),
         [rf"\m{y}\M" for y in years] or ["$^"], OUTLOOK_PASSAGES)).fetchall()
    return _hits(rows, "outlook")


#: A guidance table's figure: "~$66,250 - $66,750", "$9.90 – $10.00", "≥$8,150", "6.0% – 7.0%".
_RANGE = (r"(?:~|≥|≤|>|<|approximately\s+)?\s*\$?\s*\(?\d[\d,]*(?:\.\d+)?\)?\s*%?(?:\s*(?:billion|million|cents)\b)?"
          r"(?:\s*(?:-|–|—|to)\s*~?\s*\$?\s*\(?\d[\d,]*(?:\.\d+)?\)?\s*%?(?:\s*(?:billion|million|cents)\b)?)?")


def outlook_figure(text: str, names: list[str], said: bool = True) -> tuple[str, str, bool] | None:
    """The range or bound a passage prints after one of ``names`` ("Net sales ~$66,250 - $66,750 ~$65,000 -
    $66,000" → ("~$66,250 - $66,750", "~$65,000 - $66,000", False)), the last item: is it per share; None when
    it prints none. ``said``: the passage speaks of an outlook — else only approximate figures ("~$", "≥$")
    count, not a plain range ("2021 - 2022")."""
    words = [re.findall(r"[A-Za-z0-9]+", n) for n in names]
    label = "|".join(r"\W+".join(ws) for ws in words if ws)
    if not label:
        return None
    # "Free cash flow2 ≥$6,200", "Free cash flow2,4 ≥$6,200": footnote marks glued to the name (a comma after the
    # name is a sentence going on: "… from share repurchases, and a negative impact of approximately 6%")
    row = re.compile(rf"(?i)\b(?:{label})(?:\d{{1,2}}(?:,\d{{1,2}})*(?=\s))?\b[^$~≥≤\d.,;]{{0,40}}?(?P<now>{_RANGE})(?:\s*(?P<before>{_RANGE}))?")
    for m in row.finditer(re.sub(r"<sup>[^<]*</sup>", " ", text)):
        now = m.group("now").strip()
        if not re.search(r"[-–—≥≤~]|\bto\b|approximately", now) or not re.search(r"\d", now):
            continue  # a bare number after the name is no outlook's range or bound
        if not said and not re.search(r"[~≥≤]", now):
            continue
        before = (m.group("before") or "").strip()
        if not re.search(r"[-–—≥≤~$%]|\bto\b|approximately", before):
            before = ""  # a bare number after the figure is a footnote's mark, not the table's next column
        return now, before, bool(re.search(r"(?i)per share|eps", m.group(0)))
    return None


def outlook_row(text: str, measure: str) -> tuple[str, str, bool] | None:
    """The range an outlook table prints on the row naming ``measure`` in other order or forms ("New stores, net
    25-30" for "net new stores openings", "Share repurchases approximately $900 million" for "stock repurchased"):
    every word of the row's label is one of the measure's, at least two of them; as :func:`outlook_figure`."""
    asked = {_stem(w) for w in re.findall(r"[A-Za-z]+", measure)}
    asked |= {_ALSO[w] for w in asked if w in _ALSO}
    start = 0
    for m in re.finditer(_RANGE, text):
        words = re.findall(r"[A-Za-z]+", text[start:m.start()])
        start = m.end()
        now = m.group(0).strip()
        label = {_stem(w) for w in words}
        if not re.search(r"[-–—≥≤~]|\bto\b|approximately", now) or not 2 <= len(words) <= ROW_WORDS:
            continue
        if label <= asked and len(label & asked) >= 2:
            return now, "", bool(re.search(r"(?i)per share|eps", " ".join(words)))
    return None


#: Words of an outlook table's row label at most (more is prose).
ROW_WORDS = 6
#: A measure's word a table prints as another ("stock" repurchased: "Share repurchases").
_ALSO = {"stock": "shar", "shar": "stock"}


def range_midpoint(printed: str) -> str | None:
    """The midpoint of a printed range, in its own form ("~$66,250 - $66,750 million" → "$66,500 million",
    "$10.00 - $10.10" → "$10.05", "5% to 7%" → "6%"); None for a single figure or bound."""
    m = re.fullmatch(r"\s*~?\s*(\$?)\s?([\d,]+(?:\.\d+)?)\s*(%?)\s*(?:billion|million|cents)?\s*(?:-|–|—|to)\s*~?\s*\$?\s?"
                     r"([\d,]+(?:\.\d+)?)\s*%?\s*(.*)", printed)
    if not m:
        return None
    low, high = (float(x.replace(",", "")) for x in (m.group(2), m.group(4)))
    if high <= low:
        return None
    decimals = max(len(x.split(".")[1]) if "." in x else 0 for x in (m.group(2), m.group(4)))
    mid = (low + high) / 2
    decimals = decimals if round(mid, decimals) == mid else decimals + 1
    unit = m.group(3) or ("%" if printed.rstrip().endswith("%") else "")
    tail = f" {m.group(5).strip()}" if m.group(5).strip() and not unit else ""
    return f"{m.group(1)}{mid:,.{decimals}f}{unit}{tail}"


#: A range or bound an outlook table prints ("~$", "≥$", "$9.90 – $10.00").
_BOUND = re.compile(r"[~≥≤]|\d\s?[-–]\s?\$|\d(?:\s*%|\s+(?:billion|million))?\s+to\s+\$?\d|approximately\s+\$?\d")
#: Filings of the hits searched for an outlook table (the first ranked: the latest outlook asked).
OUTLOOK_FILINGS = 2


def outlook_range(conn: psycopg.Connection, companies: list[str], hits: list[Hit],
                  measure_names: tuple[str, ...], loose: bool = False) -> tuple[str, str, Hit] | None:
    """The figure an outlook table gives a measure (:func:`outlook_figure`) with the table's units, the next
    column's figure or "", and the passage: from the filings of ``hits`` (the companies'), latest first, then
    ``hits`` themselves; None when no passage prints one. ``loose``: the row naming the first measure in other
    order or forms (:func:`outlook_row`), from passages holding any of its words."""
    from finchat.tables import units_scale

    names = [n for n in measure_names if n]
    label = "|".join(r"\W+".join(re.findall(r"[A-Za-z0-9]+", n)) for n in names)
    if not label:
        return None
    per_share_asked = any(re.search(r"(?i)\beps\b|\bper\s+share\b", n) for n in names)
    # (loose: passages holding any word of the measure, the names' regular expression any word)
    query, label = (" | ".join(re.findall(r"[A-Za-z0-9]+", names[0])), r"\w+") if loose else (_any_of(names), label)
    # every passage of the filings the hits come from (an outlook table is seldom ranked itself), latest first
    docs = list(dict.fromkeys(h.document for h in hits if not companies or h.company in companies))[:OUTLOOK_FILINGS]
    found = conn.execute(
        f"{_SELECT} WHERE d.name = ANY(%s) AND c.kind IN ('text', 'table') AND c.tsv @@ to_tsquery('english', %s)"
        # an outlook's range or bound ("~$", "≥$", "$9.90 – $10.00", "$10.95 billion to $11.05 billion") before
        # the names' slower regular expression
        " AND (c.text LIKE '%%~%%' OR c.text LIKE '%%≥%%' OR c.text LIKE '%%- $%%' OR c.text LIKE '%%– $%%'"
        " OR c.text LIKE '%% to $%%' OR c.text ~ %s OR c.text ILIKE '%%approximately%%')"
        " AND c.text ~* %s ORDER BY d.period_end DESC NULLS LAST, c.id LIMIT %s",
        (docs, query, r"\d\s?%\s+to\s+\d", rf"\m({label})\M", OUTLOOK_PASSAGES)).fetchall() if docs else []
    for hit in [*_hits(found, "outlook"), *hits]:
        if not _BOUND.search(hit.text):
            continue  # no range or bound of an outlook in it: not read further
        text = plain_text(hit.text)
        said = bool(re.search(r"(?i)\b(?:outlook|guidance|expects?|forecast)\b", f"{hit.section} {text}"))
        got = (outlook_row(text, names[0]) if said else None) if loose else outlook_figure(text, names, said)
        if got is None:
            continue
        now, before, per_share = got
        if per_share_asked and re.search(r"(?i)\b(?:million|billion)\b", now):
            continue  # an amount per share is never millions ("… a partial-year benefit of approximately 73.5 million")
        # "… between $12.5 billion to $13 billion over the next five years": a plan of several years, no year's
        first = re.search(r"\d[\d,.]*", now)
        at = text.find(first.group(0)) if first else -1
        if at >= 0 and _YEARS_AHEAD.search(text[max(0, text.rfind(". ", 0, at)):at + YEARS_AHEAD_REACH]):
            continue
        if not re.search(r"[-–—~≥≤]|\bto\b", now) and not re.search(r"(?i)\b(?:outlook|guidance)\b", f"{hit.section} {text}"):
            continue  # "approximately $500 million" is an outlook's only in an outlook's table
        # the table's units line, in its text or the chunk before it (a table split over two chunks)
        scale = units_scale(text) or next((units_scale(r[0]) for r in conn.execute(
            "SELECT text FROM chunks WHERE id = %s AND document_id = (SELECT document_id FROM chunks WHERE id = %s)",
            (hit.chunk_id - 1, hit.chunk_id)).fetchall()), None)
        if scale and scale != "units" and "%" not in now and not per_share and not re.search(r"(?i)illion", now):
            now = f"{now} {scale.rstrip('s')}"
        return now, before, hit
    return None


#: A plan said of several years ahead.
_YEARS_AHEAD = re.compile(r"(?i)\bover\s+the\s+next\s+(?:\w+\s+)?years\b")
#: Characters after a range's figure searched for the years it spans ("$12.5 billion to $13 billion over the next
#: five years"; the sentence before the figure is searched whole).
YEARS_AHEAD_REACH = 80
#: Passages naming a product or segment with a forward word and a figure read for its outlook sentence.
OUTLOOK_SENTENCES = 40
#: A line this short naming a year and no figure heads the outlook bullets under it ("Full-year 2021").
HEADING_CHARS = 40
#: A sentence giving a forecast as such.
_FORECAST = re.compile(r"(?i)\b(?:forecast\w*|guidance|outlook|we (?:now )?expect|projects?)\b")
#: A figure in a sentence of guidance: an amount, a percentage, a range.
_GUIDED = re.compile(r"\$\s?\d|\d\s?%|\b\d+(?:\.\d+)?\s+(?:percent|billion|million|cents)\b")
#: A count planned ("replace nearly 2,200 miles of mains"): the figure of a "How many" question's outlook.
_COUNTED = re.compile(r"(?<![\w.,])\d[\d,]*(?:\.\d+)?(?![\d,]*\s*%)(?!-)\b(?!\s*(?:percent|million|billion)\b)")


def _spelled(name: str) -> str:
    """A pattern of ``name``'s words as a filing may print them: a hyphenated word also joined or spaced
    ("non-discretionary" is "nondiscretionary" where the PDF broke the line at its hyphen)."""
    return r"\W+".join(r"\W*".join(re.escape(p) for p in re.findall(r"[A-Za-z0-9]+", w))
                       for w in re.findall(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*", name))


def outlook_sentence(conn: psycopg.Connection, companies: list[str], hits: list[Hit], name: str,
                     year: int | None = None, question: str = "") -> tuple[str, Hit] | None:
    """A forward-looking sentence naming ``name`` (a product, a segment, a measure: "Comirnaty") with a figure —
    "we forecasted approximately $32 billion in revenues for Comirnaty in 2022" — preferring one naming
    ``year``: from the companies' filings, latest first (guidance is where the company last gave it, whichever
    filing the question's words ranked), else the hits' filings; the sentence and its passage, or None."""
    words = re.findall(r"[A-Za-z0-9]+", name)
    docs = list(dict.fromkeys(h.document for h in hits if not companies or h.company in companies))
    if not words or not (docs or companies):
        return None
    rows = conn.execute(
        f"{_SELECT} WHERE (d.company_key = ANY(%s) OR d.name = ANY(%s)) AND c.kind = 'text'"
        " AND c.tsv @@ to_tsquery('english', %s)"
        " AND c.text ~* %s AND c.text ~* %s AND c.text ~ %s"
        # the passages naming the year asked (in their words or heading: "Full-year 2021") first, then the latest
        " ORDER BY (c.text ~ %s OR coalesce(c.section, '') ~ %s) DESC, d.period_end DESC NULLS LAST, c.id LIMIT %s",
        (companies, docs, _any_of(list(dict.fromkeys([name, name.replace("-", "")]))), r"\m" + _spelled(name) + r"\M",
         # ("The Utility estimates that it will incur …", "… are estimated to be $29.7 million in 2023": forecasts too)
         r"\m(expect|forecast|outlook|guidance|anticipat|project|estimates? that|estimated to be)",
         r"\d" if re.match(HOW_MANY, question) else r"\$\s?\d|\d\s?%|\d\s+percent",
         *[rf"\m{year}\M" if year else "$^"] * 2, OUTLOOK_SENTENCES)).fetchall()
    return outlook_sentence_in([(h.text, h) for h in _hits(rows, "outlook")], name, year, set(docs), question)


def outlook_sentence_in(passages: list[tuple[str, Any]], name: str, year: int | None = None,
                        ranked: set[str] | None = None, question: str = "") -> tuple[str, Any] | None:
    """The best sentence of ``passages`` ((text, passage), latest filing first) naming ``name`` with a
    forward word and a figure: for ``year`` (no later year in it) first, then of the filings the question
    ranked (``ranked``: their names), then said as a forecast, then holding most of ``question``'s other words
    ("over the next five years"), then with its figure nearest the name; None when none does."""
    asked = word_stems(question) - word_stems(name) - {_stem(w) for w in _STOP}
    words = re.findall(r"[A-Za-z0-9]+", name)
    if not words:
        return None
    named = re.compile(r"(?i)\b" + _spelled(name) + r"\b")
    guided = _COUNTED if re.match(HOW_MANY, question) else _GUIDED  # "How many …": a count, not money
    found: list[tuple[tuple[int, ...], str, Any]] = []
    for text, hit in passages:
        # a bullet starts a sentence of its own ("◦As of February 8, 2022, we forecasted …")
        # (a line starting in lower case continues the sentence the PDF wrapped: "(previously 6 | percent)")
        joined = re.sub(r"\s*\n+\s*(?=[a-z])", " ", text)
        pieces = [x for line in joined.splitlines() for x in _SENTENCE.split(plain_text(line))]
        lead = ""  # "… the Company expects:": the bullets after it are said of the period ahead
        # "Full-year 2021" (the passage's heading, or a short line): the year of the bullets under it naming none
        titled = str(getattr(hit, "section", "") or "").rpartition(" > ")[2]
        heading = [int(y) for y in re.findall(r"\b(20\d\d)\b", titled)]
        for sentence in pieces:
            s = sentence.strip(" ◦•·-_*")
            if len(s) <= HEADING_CHARS and not _GUIDED.search(s) and (dated := re.findall(r"\b(20\d\d)\b", s)):
                heading = [int(y) for y in dated]
            forward = bool(FORWARD.search(s) or _FORECAST.search(s))
            if not forward and lead and named.search(s):
                s, forward = f"{lead} {s}", True  # quoted with its lead
            elif forward:
                lead = s if s.endswith(":") else ""
            if named.search(s) and forward and not SAFE_HARBOR.search(s) and guided.search(s) and len(s) <= 450:
                # the year asked, and no later one ("… in 2023, down 64% from actual 2022 results" is 2023's)
                years = [int(y) for y in re.findall(r"\b(20\d\d)\b", s)] or heading
                # then the figure nearest the name ("$32 billion in revenues for Comirnaty")
                at = named.search(s).start()  # type: ignore[union-attr]
                near = min(abs(m.start() - at) for m in guided.finditer(s))
                # a forecast said as one ("we forecasted", "guidance") over contracted amounts "expected to be
                # recognized"
                found.append(((int(year is not None and year in years and max(years) <= year),
                               int(ranked is None or getattr(hit, "document", None) in ranked),
                               int(bool(_FORECAST.search(s))), len(asked & word_stems(s)), -near), s, hit))
    if not found:
        return None
    best = max(found, key=lambda f: f[0])  # the first of the best: the latest filing's
    return best[1], best[2]


__all__ = ["OUTLOOK_PASSAGES", "outlook_figure", "outlook_passages", "outlook_range", "outlook_sentence",
           "outlook_sentence_in", "range_midpoint"]

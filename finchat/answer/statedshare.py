"""A part's share stated in a filing's prose ("Net sales from RMS' Sikorsky helicopter programs represented 9% of
our consolidated net sales in 2020"): the sentence, its percentage for the year asked, quoted with its citation."""

from __future__ import annotations

import re

import psycopg

from finchat.answer.passages import (
    _SELECT,
    _STOP,
    STATED_PASSAGES,
    _hits,
    _prefixes,
)
from finchat.answer.quote import plain_text
from finchat.answer.sentences import _pieces
from finchat.answer.stems import _stem, word_stems
from finchat.retrieve.fusion import Hit

#: The comparison clause of a sentence ("as compared to $5.8 billion and 77% … in 2018"): a year earlier's.
_COMPARED = re.compile(r"(?i),?\s*(?:as\s+)?compared\s+(?:to|with)\b[^;]*")
#: Characters before a share within which "compared to" makes it the comparison's.
COMPARED_REACH = 60
#: "… represented 9% of our consolidated net sales in 2020", "accounted for approximately 76% of …": a part's
#: share stated in a sentence — the verb, the percentage and what it is of.
_SHARE_STATED = re.compile(
    r"(?i)\b(?:represent(?:ed|s)?|accounted\s+for|account\s+for|made\s+up|comprised|constituted|contributed|"
    r"generated|was|were)\s+(?:approximately\s+|about\s+|roughly\s+|nearly\s+|over\s+|almost\s+)?"
    r"(?P<pct>\d{1,3}(?:\.\d+)?)\s*(?:%|percent\b)"
    # "69 percent, 69 percent and 70 percent of … for 2017, 2016 and 2015, respectively": one per year
    r"(?P<more>(?:(?:\s*,\s*|\s+and\s+|\s*,\s*and\s+)\d{1,3}(?:\.\d+)?\s*(?:%|percent\b)){0,4})"
    r"\s+of\s+(?P<of>[^.;%]{3,120})")


#: Words ranking a part among others, which the sentence stating its share need not print.
_RANKED_WORDS = re.compile(r"(?i)\b(?:largest|biggest|top|leading)\b")


def stated_share(conn: psycopg.Connection, document: str, part: str, measure: str,
                 year: int | None = None) -> tuple[str, str, Hit] | None:
    """A sentence of ``document`` stating ``part``'s share of ``measure`` (see share_stated_in): (the
    percentage ("9%"), the sentence quoted with its citation, the passage); None when no sentence does. A part
    ranked ("its five largest customers") is the sentence's as counted ("five customers … accounted for …")."""
    part = _RANKED_WORDS.sub(" ", part)
    query = " & ".join(sorted(_prefixes(part)))
    if not query:
        return None
    rows = conn.execute(
        f"{_SELECT} WHERE d.name = %s AND c.kind = 'text' AND c.tsv @@ to_tsquery('english', %s)"
        " AND c.text ~ %s ORDER BY c.page_start, c.id LIMIT %s",
        (document, query, r"\d\s*(%|percent)", STATED_PASSAGES)).fetchall()
    best: tuple[int, str, str, Hit] | None = None
    for hit in _hits(rows, "stated"):
        got = share_stated_in(plain_text(hit.text), part, measure, year)
        if got is not None and (best is None or got[0] > best[0]):
            best = (*got, hit)
    if best is None:
        return None
    return best[1], f"“{best[2]}” [{best[3].citation()}]", best[3]


def share_stated_in(text: str, part: str, measure: str, year: int | None = None) -> tuple[int, str, str] | None:
    """(score, percentage, sentence) of the sentence of ``text`` stating ``part``'s share of ``measure``
    ("Net sales from RMS' Sikorsky helicopter programs represented 9% of our consolidated net sales in 2020"):
    every word of the part before the share's verb, the measure's after "N% of" (sales and revenues alike); of
    several years' shares in one sentence ("28% … during 2020 and 27% during 2019") the one printed with
    ``year``, and no sentence printing only other years. Score 2 when the sentence prints ``year``, 1 when it
    prints none. None when no sentence does."""
    def words(t: str) -> set[str]:
        return {"revenu" if s == "sal" else s for s in word_stems(t)} - {_stem(w) for w in _STOP}

    part_stems, measure_stems = words(part), words(measure)
    if not part_stems:
        return None
    best: tuple[int, str, str] | None = None
    for _, piece in _pieces(text):
        if len(piece) > 450:
            continue
        found = [m for m in _SHARE_STATED.finditer(piece)
                 if part_stems <= words(piece[:m.start()]) and measure_stems <= words(m.group("of"))]
        # (a year printed only in the comparison, "… as compared to … 77% … in 2018", is not the sentence's)
        own = _COMPARED.sub(" ", piece)
        years = {int(y) for y in re.findall(r"\b(?:19|20)\d\d\b", own)}
        if not found or (year and years and year not in years):
            continue
        found = [m for m in found if not _COMPARED.search(piece[:m.start()][-COMPARED_REACH:])] or found
        pick = next((m for m in found if year and str(year) in m.group("of")), found[0])
        score = 2 if year and year in years else 1 if not years else 0
        pct = pick.group("pct")
        if pick.group("more"):  # a list of shares, one per year of the "respectively" list after it
            pcts = [pct, *re.findall(r"(\d{1,3}(?:\.\d+)?)\s*(?:%|percent\b)", pick.group("more"))]
            listed = [int(y) for y in re.findall(r"\b(?:19|20)\d\d\b", pick.group("of"))]
            if not (re.search(r"(?i)\brespectively\b", piece) and len(listed) == len(pcts)):
                continue
            if year in listed:
                pct = pcts[listed.index(year)]
            elif year is not None:
                continue
        if best is None or score > best[0]:
            best = (score, f"{pct}%", piece)
    return best


__all__ = ["share_stated_in", "stated_share"]

"""A note's interest rate asked by its maturity ("What coupon do Amcor's guaranteed senior notes due 2028 carry?"):
a debt security's name prints its rate ("4.500% Guaranteed Senior Notes due 2028"), or a sentence gives it after the
day they mature ("… notes that mature on November 1, 2027 (2027 Notes) with a 0.25% coupon interest rate"), so the
filing's own words for the notes due that year answer it, cited to its page. Notes asked by when they were issued
("the senior notes MGM China issued in June 2020") are answered by the sentence telling that issue ("In June 2020,
MGM China issued $500 million in aggregate principal amount of 5.25% senior notes due 2025")."""

from __future__ import annotations

import re
from typing import Any

import psycopg

from finchat.answer.passages import prose_matching
from finchat.graph.yearheaders import MONTH_WORD

#: When notes fall due, before their year: "due 2028", "maturing in March 2028", "due May 2033".
DUE = rf"(?:due|maturing)\s+(?:in\s+)?(?:{MONTH_WORD}\.?\s+)?"

#: Notes (or debentures, bonds) named by the year they fall due: "… guaranteed senior notes due 2028", "the 2027 notes".
_NOTES = re.compile(rf"(?i)\b(?P<words>(?:[a-z-]+\s+){{0,3}})(?:notes|debentures|bonds)\s+{DUE}"
                    r"(?P<year>(?:19|20)\d\d)\b|\b(?P<year2>(?:19|20)\d\d)\s+(?:[a-z-]+\s+){0,2}(?:notes|debentures|bonds)\b")
#: Notes asked by when they were issued: "the senior notes MGM China issued in June 2020", "notes issued in 2021".
_ISSUED = re.compile(r"(?i)\b(?:notes|debentures|bonds)\b(?P<words>(?:\s+[A-Za-z&.'’-]+){0,4}?)\s+(?:issued|sold|offered)\s+"
                     r"(?:in\s+|during\s+)?(?P<when>(?:(?:January|February|March|April|May|June|July|August|September|"
                     r"October|November|December)\s+)?(?:19|20)\d\d)\b")
#: A rate before the notes it is of: "5.25% senior notes", "4.625% Senior Notes".
_RATED_NOTES = re.compile(r"(?<![\d.])(?P<rate>\d{1,2}(?:\.\d{1,4})?)\s?%\s+(?:[A-Za-z-]+\s+){0,5}?(?:notes|debentures|bonds)\b",
                          re.IGNORECASE)
#: Characters before a rate searched for the issue it tells (the date, the issuer, "issued").
ISSUE_WINDOW = 200
#: Question words that name no issuer.
_ASKED_WORDS = frozenset({"interest", "rate", "rates", "issued", "carry", "pay", "pays", "coupon", "what", "does", "did"})
#: What is asked of them: their rate (not an amount of interest: "What interest expense … on its notes due 2028").
_RATE = re.compile(r"(?i)\b(?:coupons?|interest\s+rates?|rates?\s+of\s+interest|rates?|yield)\b(?!\s+(?:expense|paid|payments?))")
#: A rate the notes' name does not print: their effective rate, their yield to maturity.
_EFFECTIVE = re.compile(r"(?i)\beffective\s+(?:interest\s+)?rates?\b|\byield\s+to\s+maturity\b")
_AMOUNT = re.compile(r"(?i)\bhow\s+much\b|\binterest\s+(?:expense|paid|payments?|costs?)\b")
#: Words of a note's name that say nothing of which notes (the question's own, or the name's).
_PLAIN = frozenset({"the", "its", "their", "senior", "notes", "note", "due", "of", "on", "and", "what", "which"})


def _named(year: str) -> re.Pattern[str]:
    """A note's name with its rate, due in ``year``: "4.500% Guaranteed Senior Notes due 2028", "1.125%
    Guaranteed Senior Notes Due 2027", "3.625% notes due March 2026"."""
    return re.compile(rf"(?i)(?<![\d.])(?P<rate>\d{{1,2}}(?:\.\d{{1,4}})?)\s?%\s+(?P<name>(?:[A-Za-z-]+\s+){{0,5}}?)"
                      rf"(?:notes|debentures|bonds)\s+(?:due|maturing)\s+(?:(?:in\s+)?[A-Z][a-z]+\.?\s+(?:\d{{1,2}},?\s+)?)?{year}\b")


def _rated_after(year: str) -> re.Pattern[str]:
    """Notes due in ``year`` named with their rate after them: "… $600 million aggregate principal amount of 10-year
    fixed rate medium-term notes due 2028 with a coupon rate of 3.625%"."""
    return re.compile(rf"(?i)(?P<name>(?:[A-Za-z0-9.-]+\s+){{0,5}}?)(?:notes|debentures|bonds)\s+(?:due|maturing)\s+(?:in\s+)?"
                      rf"(?:[A-Z][a-z]+\.?\s+(?:\d{{1,2}},?\s+)?)?{year}\s+(?:with|bearing|at)\s+(?:an?\s+)?(?:coupon|annual|"
                      rf"fixed|stated)?\s*(?:interest\s+)?rate\s+of\s+(?P<rate>\d{{1,2}}(?:\.\d{{1,4}})?)\s?%")


def _maturing(year: str) -> re.Pattern[str]:
    """Notes named by the day they mature, their rate after it: "… convertible senior notes that mature on November
    1, 2027 (2027 Notes) with a 0.25% coupon interest rate"."""
    return re.compile(rf"(?i)(?P<name>(?:[A-Za-z-]+\s+){{0,4}}?)(?:notes|debentures|bonds)\s+that\s+matures?\s+(?:on\s+)?"
                      rf"(?:[A-Z][a-z]+\.?\s+(?:\d{{1,2}},?\s+)?)?{year}\b[^.;%]{{0,60}}?\b(?:with\s+an?\s+|at\s+)?"
                      rf"(?P<rate>\d{{1,2}}(?:\.\d{{1,4}})?)\s?%\s+(?:coupon|interest|annual)")


def _tabled(year: str) -> re.Pattern[str]:
    """A debt table's row printing the notes, their maturity and their rate in its columns: "U.S. dollar notes, $500
    million (4) May 2033 5.63 % 500"."""
    return re.compile(rf"(?i)(?P<name>(?:[A-Za-z.-]+\s+){{0,4}}?)(?:notes|debentures|bonds)\b[^.;%]{{0,40}}?\b{year}\s+"
                      rf"(?P<rate>\d{{1,2}}\.\d{{1,4}})\s?%")


def _name_words(x: re.Match[str]) -> set[str]:
    """The words of a note's name as matched ("10-year fixed rate medium-term": year, fixed, rate, medium, term)."""
    return set(re.findall(r"[a-z]+", x.group("name").lower()))


def coupon_answer(conn: psycopg.Connection, question: str, hits: list[Any], company: str | None) -> tuple[str, Any] | None:
    """(answer line, the passage) for a note's rate asked by its maturity, from the first of ``hits``' filings of
    ``company`` printing the name of notes due that year; the name holding most of the question's words when
    several do. None when the question asks no such rate or no filing names such notes."""
    if not _RATE.search(question) or _AMOUNT.search(question) or _EFFECTIVE.search(question):
        return None  # (an effective rate, the discount and costs in it, is no rate the notes' name prints)
    issued = _ISSUED.search(question)
    if issued is not None:
        return _issued_answer(conn, question, issued, hits, company)
    m = _NOTES.search(question)
    if m is None:
        return None
    year = m.group("year") or m.group("year2")
    asked = {w for w in re.findall(r"[a-z]+", (m.group("words") or "").lower())} - _PLAIN
    named, tabled = _named(year), _tabled(year)
    docs = list(dict.fromkeys(h.document for h in hits if company is None or h.company == company))
    for doc in docs:
        hits_here = prose_matching(conn, doc, rf"%\s+([A-Za-z-]+\s+){{0,5}}(notes|debentures|bonds)\s+(due|maturing)\s.{{0,20}}{year}",
                                   "coupon")
        found = [(hit, x) for hit in hits_here for x in named.finditer(re.sub(r"\s+", " ", hit.text))]
        # (and notes named with their rate after them, another issue due the same year: the one whose name holds the
        # question's words, "10-year … medium-term notes due 2028 with a coupon rate of 3.625%")
        found += [(hit, x) for hit in prose_matching(conn, doc, rf"(notes|debentures|bonds)\s+(due|maturing)\s.{{0,20}}"
                                                                 rf"{year}\s+(with|bearing|at)\s.{{0,30}}rate\s+of", "coupon")
                  for x in _rated_after(year).finditer(re.sub(r"\s+", " ", hit.text))]
        if not found:  # (or named by the day they mature, the rate after it)
            hits_here = prose_matching(conn, doc, rf"(notes|debentures|bonds)\s+that\s+matures?\s.{{0,30}}{year}", "coupon")
            found = [(hit, x) for hit in hits_here for x in _maturing(year).finditer(re.sub(r"\s+", " ", hit.text))]
        if not found:  # (or a debt table's row: the notes, their maturity, then their rate)
            hits_here = prose_matching(conn, doc, rf"(notes|debentures|bonds).{{0,40}}{year}\s+\d{{1,2}}\.\d+\s?%", "coupon")
            found = [(hit, x) for hit in hits_here for x in tabled.finditer(re.sub(r"\s+", " ", hit.text))]
        if not found:
            continue
        # the name holding the question's own words ("guaranteed"), then the first printed
        hit, x = max(found, key=lambda f: len(asked & _name_words(f[1])))
        rates = {float(r.group("rate")) for _, r in found if asked <= _name_words(r)}
        name = re.sub(r"\s+", " ", x.group(0)).strip()
        told = "the rate the notes' name prints" if x.re is named else "as the debt table prints it" if x.re is tabled \
            else "as the filing states it"
        line = f"{x.group('rate')}% [{hit.citation()}] — {told} (“{name}”)"
        if len(rates) > 1:
            line += f"; the filing names notes due {year} at {', '.join(f'{r:g}%' for r in sorted(rates))}"
        return line + ".", hit
    return None


def _issued_answer(conn: psycopg.Connection, question: str, issued: re.Match[str], hits: list[Any],
                   company: str | None) -> tuple[str, Any] | None:
    """(answer line, the passage) for the rate of notes asked by when they were issued: in the first of ``hits``'
    filings telling notes issued then, the notes' rate whose words since the figure before (“In June 2020, MGM China
    issued $500 million in aggregate principal amount of 5.25% senior notes”, “the June 2020 issuance of MGM China’s
    $500 million 5.25% senior notes”) date the issue; of several, the one naming most of the question's words (the
    issuer). None when no filing tells such an issue."""
    spelled = re.sub(r"\s+", r"\\s+", issued.group("when"))  # ("June 2020" as the text may space it)
    when = re.compile(rf"(?i)\b{spelled}\b")
    issue = re.compile(r"(?i)\b(?:issued|issuance|issuing|sold|offering)\b")
    asked = {w for w in re.findall(r"[a-z]{3,}", question.lower())} - _PLAIN - _ASKED_WORDS
    docs = list(dict.fromkeys(h.document for h in hits if company is None or h.company == company))
    for doc in docs:
        found: list[tuple[int, Any, re.Match[str], str]] = []
        for hit in prose_matching(conn, doc, rf"{spelled}.{{0,200}}(issued|issuance|issuing|sold|offering)", "coupon"):
            text = re.sub(r"\s+", " ", hit.text)
            for x in _RATED_NOTES.finditer(text):
                # the words since the figure, sentence or clause before: this issue's own
                start = max(0, x.start() - ISSUE_WINDOW)
                cut = [m.end() for m in re.finditer(r"\d\s?%|[.;](?=\s+[A-Z])|,(?=\s+(?:and\s+)?(?:the|in|on)\s)",
                                                    text[start:x.start()])]
                told = text[start + (cut[-1] if cut else 0):x.end()].strip(" ,;")
                if when.search(told) and issue.search(told):
                    found.append((len(asked & set(re.findall(r"[a-z]{3,}", told.lower()))), hit, x, told))
        if found:
            _, hit, x, told = max(found, key=lambda f: f[0])
            return f"{x.group('rate')}% [{hit.citation()}] — as the filing tells the issue (“{told}”).", hit
    return None


__all__ = ["coupon_answer"]

"""The parts of a company a question may name: its segments as the graph knows them, a segment named by a word
of the company's own longer name, and a measure that leaves the question the company's ("total backlog")."""

from __future__ import annotations

import re

import psycopg

from finchat.answer.tagged import squash_name
from finchat.retrieve.filters import left_out

#: Letters a segment name needs to be looked for as a word of a caption or row ("Space", never "US").
SEGMENT_NAME_MIN = 3


def segment_names(conn: psycopg.Connection, company: str | None) -> set[str]:
    """The company's segments the graph knows (its filings list or tag them), squashed for comparison."""
    from finchat.graph.query import segment_rows

    if not company:
        return set()
    return {squash_name(n) for _, _, names in segment_rows(conn, company) for n in names}


def bare_measure(measure: str) -> str:
    """A measure without the words that leave it the company's: "total backlog" is "backlog"."""
    return " ".join(w for w in measure.lower().split() if w not in ("total", "net", "consolidated", "overall"))


def company_segments(conn: psycopg.Connection, company: str | None) -> list[list[str]]:
    """Each of the company's segments as the graph knows it: its names ("Global Services", "BGS")."""
    from finchat.graph.query import segment_rows

    return [names for _, _, names in segment_rows(conn, company)] if company else []


def short_names(segments: list[list[str]], question: str) -> dict[str, list[str]]:
    """The initials a filing gives the segments a question names in full ("BGS" for "Global Services"): initials
    (lower case) → the full name's words, for rows and captions that print only the initials."""
    out: dict[str, list[str]] = {}
    for names in segments:
        full = [n for n in names if len(n.split()) >= 2 and re.search(rf"(?i)\b{re.escape(n)}\b", question)]
        for short in (n for n in names if full and re.fullmatch(r"[A-Z]{2,6}", n)):
            out[short.lower()] = re.findall(r"[a-z0-9]+", full[0].lower())
    return out


def spelled_out(segments: list[list[str]], qualifiers: tuple[str, ...] | list[str]) -> dict[str, str]:
    """The segments the question names by initials its filings do not print ("CIB" for "Corporate & Investment
    Bank"): qualifier → the full name, for a qualifier in capitals whose letters are the initials of one
    segment's name (its "&", "and", "of" aside)."""
    out: dict[str, str] = {}
    for q in qualifiers:
        if not re.fullmatch(r"[A-Z]{2,5}", q):
            continue
        full = [n for names in segments for n in names if len(n.split()) >= 2 and "".join(
            w[0] for w in re.findall(r"[A-Za-z]+", n) if w.lower() not in ("and", "of", "the")).upper() == q]
        if len(set(full)) == 1:
            out[q] = full[0]
    return out


def named_otherwise(conn: psycopg.Connection, question: str, companies: list[str]) -> tuple[str, ...]:
    """The segments of ``companies`` the question names otherwise than its filings print them (:func:`named_in`),
    each by its full name."""
    return tuple(dict.fromkeys(n for key in companies for n in named_in(company_segments(conn, key), question)))


def named_in(segments: list[list[str]], question: str) -> list[str]:
    """The segments (each a list of its names) ``question`` names otherwise than as written: by initials the
    filings do not print ("What net income did CCB earn": Consumer & Community Banking), or in lower case
    ("JPMorgan's asset and wealth management business": Asset & Wealth Management; names of two words or more,
    "and" for "&"); each by its full name."""
    asked = tuple(dict.fromkeys(m.group(0) for m in re.finditer(r"(?<![\w&])[A-Z]{2,5}(?![\w&])", question)
                                if not left_out(question, m.start())))
    out = list(spelled_out(segments, asked).values()) if asked else []
    for n in (n for names in segments for n in names):
        words = re.split(r"\s*(?:&|\band\b)\s*|\s+", n.strip())
        if len([w for w in words if w and w.lower() not in ("of", "the")]) < 2:
            continue
        spelled = r"\s*(?:&|and)\s*".join(r"\s+".join(map(re.escape, p.split()))
                                          for p in re.split(r"\s*(?:&|\band\b)\s*", n))
        said = re.search(rf"(?i)(?<![\w-]){spelled}(?![\w-])", question)
        if said and said.group(0)[:1].islower() and not left_out(question, said.start()):  # (as a name, the filters read it)
            out.append(n)
        # (or in lower case after the company's possessive by its first word and others of it: "JPMorgan's consumer
        # bank" is Consumer & Community Banking)
        for m in re.finditer(r"['’]s?\s+((?-i:[a-z])[a-z]+(?:\s+(?-i:[a-z])[a-z]+){1,2})\b", question):
            said_words = m.group(1).split()
            if any(nickname_of(" ".join(said_words[:k]), n) for k in range(2, len(said_words) + 1)) \
                    and not left_out(question, m.start(1)):
                out.append(n)
    return list(dict.fromkeys(out))


def nickname_of(phrase: str, name: str) -> bool:
    """Is ``phrase`` (two words or more) a short name of segment ``name``: its first word, then other words of it,
    each compared by its first four letters ("consumer bank" of "Consumer & Community Banking")?"""
    words = [w[:NICKNAME_STEM] for w in re.findall(r"[a-z]+", phrase.lower())]
    named = [w[:NICKNAME_STEM] for w in re.findall(r"[a-z]+", name.lower()) if w not in ("and", "of", "the")]
    return len(words) >= 2 and len(named) > len(words) and words[0] == named[0] and set(words) <= set(named)


#: Letters of a word compared in a segment's short name ("bank" and "banking", "consumer" and "consumers").
NICKNAME_STEM = 4


def segment_pattern(conn: psycopg.Connection, company: str | None,
                    segments: list[list[str]] | None = None) -> re.Pattern[str] | None:
    """The company's segment names as whole words ("Space", not "aerospace"); None when none is known.
    ``segments``: the company's, when already read (company_segments)."""
    if segments is None:
        segments = company_segments(conn, company)
    names = {n for ns in segments for n in ns if len(n) >= SEGMENT_NAME_MIN}
    if not names:
        return None
    spelled = sorted((r"\s*(?:&|and)\s*".join(re.escape(w) for w in re.split(r"\s*(?:&|\band\b)\s*", n)) for n in names),
                     key=len, reverse=True)
    return re.compile(rf"(?i)(?<![\w-])(?:{'|'.join(spelled)})(?![\w-])")


def named_by_a_piece(conn: psycopg.Connection, question: str, companies: list[str],
                      names: dict[str, str]) -> tuple[str, ...]:
    """Segments the question names by a word of its company's longer name, that name not written whole
    ("What segment operating income did Blizzard earn": Activision Blizzard's Blizzard segment); only a word the
    company's filings list as a segment."""
    out: list[str] = []
    for key in companies:
        name = re.sub(r"(?i)[,.]?\s+(?:inc|incorporated|corp|corporation|co|company|plc|ltd)\.?$", "", names.get(key, key))
        pieces = name.split()
        if len(pieces) < 2 or re.search(rf"(?i)\b{re.escape(name)}\b", question):
            continue
        said = [p for p in pieces if re.search(rf"\b{re.escape(p)}\b", question)]
        if said:
            known = segment_names(conn, key)
            out += [p for p in said if squash_name(p) in known]
    return tuple(out)

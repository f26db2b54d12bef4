"""The regex filter extractor: which companies, fiscal years, quarters and forms a question is about.

Patterns are built from the ``companies`` table (names, aliases, tickers, keys). Names match
case-insensitively, possessives included ("Apple's"); names that are also common words ("Target",
"Block", "Visa") and tickers match only as written (capitalised / upper case), so "the target price" or
"a block of shares" scope nothing. Everything matched is removed from the text used for full-text search,
since it is already a filter.

Relaxation, when the filters select no ingested document (documented order, each step reported):
  0. a quarter of year Y is the filing of that quarter whose period *ended* in Y (fiscal years named after
     the calendar year they start in: Foot Locker's "Third Quarter 2022" ended October 29, 2022, in its
     fiscal year ending January 2023);
  1. forms are dropped;  1b. a quarter (or a half, months to date) of year Y with no filing of its own is that
     quarter's filing of Y + 1, which prints it as its comparative columns;
  2. quarters are dropped;  3. companies with no ingested filing are dropped;
  4. years move to the nearest ingested years of the asked companies;  5. years are dropped;
  6. companies are dropped (search everything).
A year named bare ("… in 2022", no quarter, month, weeks or half) is asked as a whole: its annual report (and
fourth-quarter release) when one is ingested, else every filing of the year — no relaxation to report. What falls
due in a year ("payments due in fiscal 2021", "debt maturing in 2024") is asked of the last annual report before it
and the filings after that report up to the year, which schedule it (reported as a relaxation); at step 4 a tie goes
to the earlier year for it, as for an outlook.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import psycopg

from finchat.graph.lexicon import concept_metrics, metrics_in_question, statements_in_text
from finchat.retrieve.intent import ESTIMATE_FOR_YEAR, question_intent
from finchat.retrieve.published import said_by
from finchat.tables import MONTHS, dates_in_text, parse_date

_COMMON_WORDS = {"block", "target", "visa", "chase", "square", "meta", "oracle", "ford", "kraft", "heinz", "citi",
                 "lilly", "ups", "apple", "amazon", "corning", "nike", "intel", "merck", "cisco", "boeing",
                 "costco", "pepsi", "coke", "disney", "caterpillar", "chevron", "exxon", "netflix", "alphabet"}
_QUARTER_WORDS = {"first": "Q1", "1st": "Q1", "second": "Q2", "2nd": "Q2", "third": "Q3", "3rd": "Q3",
                  "fourth": "Q4", "4th": "Q4"}

_YEAR = r"(?:19|20)\d{2}"
_RANGE = re.compile(rf"(?i)\b(?:between\s+(?:fy\s?)?({_YEAR})\s+and|(?:fy\s?|fiscal\s+(?:year\s+)?)?({_YEAR})\s*(?:-|–|to|through|thru))"
                    rf"\s*(?:fy\s?)?({_YEAR})\b")
_Q_YEAR = re.compile(rf"(?i)\b(?:q([1-4])\s*(?:'|’|-|\s)?\s*(\d{{2}}|{_YEAR})|([1-4])q\s*(\d{{2}}|{_YEAR}))\b")
#: "FY2023Q1", "2023 Q1", "FY23 Q1": a year followed by its quarter
_YEAR_Q = re.compile(rf"(?i)\b(?:fy\s?-?)?({_YEAR}|(?<=fy)\d{{2}}|(?<=fy )\d{{2}})\s*-?\s*q([1-4])\b")
_FY = re.compile(rf"(?i)\b(?:fy\s?-?|fiscal\s+(?:year\s+)?)({_YEAR}|\d{{2}})\b")
_YEAR_RE = re.compile(rf"(?<![\d$.,])({_YEAR})(?!\d|,\d|\.\d)")
_SHORT_YEAR = re.compile(r"(?<![\w$])['’](\d{2})\b")
_Q = re.compile(r"(?i)\bq([1-4])\b")
_Q_WORD = re.compile(r"(?i)\b(first|1st|second|2nd|third|3rd|fourth|4th)[\s-]+(?:fiscal\s+)?quarter\b")
#: "the December 2022 quarter", "the June 2023 quarter": the quarter ending in that month.
_MONTH_QUARTER = re.compile(rf"(?i)\b({MONTHS})\s+((?:19|20)\d\d)\s+quarter\b")


#: A balance asked at a month's end ("at the end of September 2022"): that month's last day.
_MONTH_END = re.compile(rf"(?i)\bend\s+of\s+({MONTHS})\s+((?:19|20)\d\d)\b")


def _quarter_months(question: str) -> list[date]:
    """The last day of each month a question names as its quarter's ("the December 2022 quarter" → 2022-12-31) or
    as the end of its balance ("at the end of September 2022" → 2022-09-30)."""
    import calendar

    out = []
    for m in (*_MONTH_QUARTER.finditer(question), *_MONTH_END.finditer(question)):
        first = parse_date(m.group(1), "1", m.group(2))
        if first is not None:
            out.append(first.replace(day=calendar.monthrange(first.year, first.month)[1]))
    return out


_HALF = re.compile(r"(?i)\b(first|second|1st|2nd)\s+half\b|\bh([12])\b")
#: The year to date a quarterly report closes ("the first nine months of 2022", "six months ended", "39 weeks"): that
#: quarter's report.
_TO_DATE_OF = re.compile(r"(?i)\b(?:(six|nine|6|9)[\s-]+months|(twenty-six|thirty-nine|26|39)[\s-]+weeks)\b")
_TO_DATE_QUARTER = {"six": "Q2", "6": "Q2", "twenty-six": "Q2", "26": "Q2", "nine": "Q3", "9": "Q3",
                    "thirty-nine": "Q3", "39": "Q3"}
_FORM_K = re.compile(r"(?i)\b10-?k\b|\bannual\s+report\b")
_FORM_Q = re.compile(r"(?i)\b10-?q\b|\bquarterly\s+report\b")
_FORM_8K = re.compile(r"(?i)\b8-?k\b")
_FORM_ER = re.compile(r"(?i)\b(?:earnings|results?)\s+(?:release|report|announcement|press\s+release)s?\b|"
                      r"\bpress\s+releases?\b|\bwhen\s+it\s+reported\b")
#: A non-GAAP measure ("adjusted EBITDA", "organic growth", "excluding currency"): reported in reconciliation
#: tables and MD&A, not in the GAAP statements the graph's REPORTED facts come from.
_NON_GAAP = re.compile(r"(?i)\b(?:adjusted|non[\s-]?gaap|organic(?:ally)?|constant[\s-]currency|ex[\s-]?fx|"
                       r"exclud(?:e|es|ed|ing)|underlying)\b")
#: What a filing's cover page states: the securities registered under Section 12(b) with their trading
#: symbols and exchanges, the state of incorporation, the IRS employer number, the filer status, the address
#: of the principal executive offices and the commission file number.
_COVER = re.compile(r"(?i)\b(?:registered\s+(?:to\s+trade|on|under|pursuant)|(?:national\s+)?securities\s+exchange|"
                    r"section\s+12\s*\(\s*[bg]\s*\)|trading\s+symbols?|ticker(?:\s+symbols?)?|"
                    r"listed\s+on\s+(?:the\s+)?(?:new\s+york\s+stock\s+exchange|nyse|nasdaq)|"
                    r"state\s+of\s+(?:incorporation|organization)|(?:irs|i\.r\.s\.)\s+employer|accelerated\s+filer|"
                    r"smaller\s+reporting\s+company|emerging\s+growth\s+company|shell\s+company|"
                    r"commission\s+file\s+number|principal\s+executive\s+offices?)(?!\w)")
_LEFT_OUT = re.compile(r"(?i)\b(?:excluding|exclusive of|other than|except(?: for)?|without|ex)\s+(?:the\s+)?$")


def left_out(text: str, start: int) -> bool:
    """Whether the name at ``start`` of ``text`` follows "excluding" (or "other than", "without", "ex"):
    "net yield excluding CIB Markets" names a measure, not the segment it leaves out."""
    return bool(_LEFT_OUT.search(text[:start]))


_BREAKDOWN = re.compile(r"(?i)\b(?:segments?|by region|regional|geograph\w*|international|domestic|overseas|by country|"
                        r"product (?:categor\w+|lines?)|"
                        r"business (?:lines?|units?)|divisions?)\b")
#: Amounts falling due in a year ("payments due in fiscal 2021", "owe in 2023", "debt maturing in 2025", "due to pay in
#: fiscal 2020", "committed to make in 2025"): a schedule printed in the filings before that year. (Not what something is "due to", nor what is due
#: from customers, nor a date an amount turns on: "owes … if it becomes payable after September 15, 2023".)
_OWED = re.compile(r"(?i)\b(?:due(?!\s+to\b(?!\s+(?:pay|make|be\s+paid|be\s+repaid|mature|expire)\b))(?!\s+from\s+(?-i:[a-z]))|"
                   r"owe[sd]?|owing|matur(?:e|es|ing)|scheduled|(?:committed|obligated)\s+to\s+(?:make|pay))\b[^?.;]{0,60}?\b(?:in|during|by|for)\s+"
                   r"(?:(?:the\s+)?fiscal\s+(?:year\s+)?|calendar\s+)?(?:19|20)\d\d\b")
#: Forward-looking questions: a year's guidance is published in the filings of the year before (the
#: fourth-quarter release and the annual report), so those are searched too.
_FORWARD = re.compile(r"(?i)\b(?:guidance|outlook|forecasts?|expects?|expecting|expected\s+to|plan(?:s|ning)?\s+to|intends?\s+to|"
                      r"(?<=\s)" + ESTIMATE_FOR_YEAR + r")\b")
#: Figures a company re-presented after a change ("after recasting", "restated").
_RECAST = re.compile(r"(?i)\b(?:recast\w*|restat\w*|re-presented)\b")
#: A year opening a capitalised name, of a plan, a programme or a debt issue ("2018 Rigid Packaging Restructuring
#: Plan", "the 2026 Notes"): part of the name, no period asked.
_NAMING_YEAR = re.compile(r"\b(?:19|20)\d\d\s+(?:[A-Z][\w&-]*\s+){0,4}(?:Plan|Program|Programme|Notes|Debentures|Bonds|"
                          r"Initiative|Facility)\b")
#: Words naming a part of a year or a day in it: a year named with them is not asked as a whole.
_PART_OF_YEAR = re.compile(r"(?i)\b(?:months?|weeks?|half|quarters?|year[\s-]to[\s-]date|ytd|as\s+of|"
                           r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
                           r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b")
_FULL_YEAR = re.compile(r"(?i)\b(?:full[\s-]+year|annual(?:ly)?|fiscal\s+year)\b")
#: Periods named relative to the conversation's ("how about the prior quarter?"): resolved by chat/session.py.
_PRIOR_Q = re.compile(r"(?i)\b(?:(?:the\s+)?(?:prior|previous|preceding|last|sequential)\s+quarter|"
                      r"(?:the\s+)?quarter\s+before|a\s+quarter\s+(?:earlier|ago|before))\b")
_PRIOR_Y = re.compile(r"(?i)\b(?:(?:the\s+)?(?:prior|previous|preceding|last)\s+year|(?:a|the)\s+year\s+"
                      r"(?:earlier|ago|before)|year[\s-]ago(?:\s+quarter)?|same\s+(?:quarter|period)\s+(?:last|a|the\s+prior)\s+year)\b")

#: Company-like names that match no known company: possessives ("Globex's"), names with a corporate suffix
#: ("Globex Corporation"), and capitalised names after the words that introduce a company in a question
#: ("did Initech", "for Globex", "about Hooli", "compare X and Y").
_NAME = r"[A-Z][A-Za-z0-9&.\-]*(?:\s+(?:[A-Z][A-Za-z0-9&.\-]*|&))*"
_SUFFIX = r"(?:Inc\.?|Incorporated|Corp\.?|Corporation|Company|Co\.|Ltd\.?|Limited|plc|PLC|LLC|Group|Holdings|AG|SA|NV)"
_UNKNOWN = (re.compile(rf"\b({_NAME}\s+{_SUFFIX})(?:['’]s)?(?![\w])"),
            re.compile(rf"\b({_NAME})['’]s?(?![\w])"),
            re.compile(rf"(?i:\b(?:did|does|do|has|had|have|is|was|were|for|about|of|at|from|compare|versus|vs\.?|and|"
                       rf"between|with)\s+)({_NAME})"),
            # a name in capitals anywhere, as filings print their brands ("worldwide STELARA sales")
            re.compile(r"(?<![\w&.-])([A-Z]{4,}(?:\s+[A-Z]{4,})*)(?![\w&-])"))
#: Capitalised words that are not company names (question words, periods, statement and metric words).
_NOT_NAMES = {
    "what", "how", "why", "when", "which", "who", "did", "does", "do", "is", "was", "were", "the", "a", "an", "in",
    "for", "and", "of", "compare", "tell", "show", "give", "list", "please", "same", "also", "now", "then", "ok",
    "q1", "q2", "q3", "q4", "fy", "h1", "h2", "ytd", "ttm", "ltm", "yoy", "qoq", "gaap", "non-gaap", "eps", "ebit",
    "ebitda", "roe", "roa", "roic", "fcf", "capex", "opex", "r&d", "sg&a", "cogs", "pp&e", "us", "u.s.", "usa", "sec",
    "ceo", "cfo", "covid", "covid-19", "i", "item", "form", "note", "notes", "part", "md&a", "10-k", "10-q", "8-k",
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december", "net", "total", "gross", "operating", "income", "revenue", "revenues", "sales",
    "cash", "debt", "margin", "statement", "statements", "balance", "sheet", "report", "annual", "quarterly",
    "fiscal", "year", "quarter", "dividends", "inventory", "guidance", "segment", "segments", "company",
    "corporation", "inc", "group", "holdings", "earnings", "profit", "assets", "liabilities", "equity",
}


@dataclass
class Filters:
    """What a question asks about. Keys are company keys (APPLE, PG_E)."""

    companies: list[str] = field(default_factory=list)
    years: list[int] = field(default_factory=list)
    quarters: list[str] = field(default_factory=list)
    forms: list[str] = field(default_factory=list)
    metrics: list[str] = field(default_factory=list)
    statements: list[str] = field(default_factory=list)
    relaxed: list[str] = field(default_factory=list)
    text_query: str = ""
    forward: bool = False  # asks for guidance / expectations (see scope_documents)
    unknown: list[str] = field(default_factory=list)  # company-like names matching no known company
    relative: str | None = None  # "prior_quarter" / "prior_year": a period relative to the conversation's
    intent: str = "figure"  # explanation / outlook / comparison / figure (retrieve/intent.py)
    segments: list[str] = field(default_factory=list)  # brands, segments, subsidiaries named (as written)
    breakdown: bool = False  # asks about a part of the company (a segment named, or "by segment / region")
    non_gaap: bool = False  # asks for an adjusted / organic / non-GAAP measure (_NON_GAAP)
    dates: list[date] = field(default_factory=list)  # calendar dates named ("as of August 30, 2023")
    cover: bool = False  # asks what the cover page states: registered securities, exchange, filer status (_COVER)
    whole_year: bool = False  # a bare year, no part of it named: the annual report first (scope_documents)
    said_by: date | None = None  # guidance given "in July 2023": the month's last day (scope_documents)
    month_quarter: bool = False  # a quarter named by its last month ("the June 2023 quarter"; scope_documents)
    owed: bool = False  # asks what falls due in a period (_OWED; scope_documents)

    def as_json(self) -> dict[str, Any]:
        return {"companies": self.companies, "years": self.years, "quarters": self.quarters, "forms": self.forms,
                "relaxed": self.relaxed, "unknown_companies": self.unknown, "intent": self.intent,
                "segments": self.segments, "non_gaap": self.non_gaap, "dates": [d.isoformat() for d in self.dates],
                "cover": self.cover, "whole_year": self.whole_year,
                "said_by": self.said_by.isoformat() if self.said_by else None}


def _two_digit(y: str) -> int:
    n = int(y)
    return n if n > 100 else 2000 + n


@dataclass
class Extractor:
    """Compiled company patterns; build once per process with :meth:`from_db`."""

    insensitive: re.Pattern[str] | None
    sensitive: re.Pattern[str] | None
    lookup: dict[str, str]  # lower-cased surface form → key
    brands: re.Pattern[str] | None = None  # brands, segments, subsidiaries (case as written)
    brand_of: dict[str, str] = field(default_factory=dict)  # brand → key
    same_as: dict[str, list[str]] = field(default_factory=dict)  # brand → its other names ("AWS=Amazon Web Services")

    @classmethod
    def from_rows(cls, rows: list[tuple[str, str, str | None, list[str]]],
                  brands: Sequence[tuple[str, str]] = ()) -> Extractor:
        """Patterns for company names, aliases and tickers, and for ``brands`` ((brand, company key)
        pairs: matched as written, they scope their company but stay in the full-text query). A brand
        written "AWS=Amazon Web Services" has two names: either one named adds the other to the query."""
        ci: dict[str, str] = {}
        cs: dict[str, str] = {}
        for key, name, ticker, aliases in rows:
            for surface in {name, *aliases, key.replace("_", " ")}:
                s = surface.strip()
                if len(s) < 2:
                    continue
                if s.lower() in _COMMON_WORDS or (len(s) <= 3 and s.isupper()):
                    cs[s] = key
                    cs[s.upper()] = key
                else:
                    ci[s.lower()] = key
            if ticker and len(ticker) >= 2:
                cs[ticker] = key
            if ticker:
                cs["$" + ticker] = key
        lookup = {**{k.lower(): v for k, v in cs.items()}, **ci}

        def alt(words: list[str]) -> str:
            return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))

        ins = re.compile(rf"(?i)(?<![\w&$])({alt(list(ci))})(?:['’]s)?(?![\w&])") if ci else None
        sen = re.compile(rf"(?<![\w&])({alt(list(cs))})(?:['’]s)?(?![\w&])") if cs else None
        brand_of: dict[str, str] = {}
        same_as: dict[str, list[str]] = {}
        for entry, key in brands:
            names = [n.strip() for n in entry.split("=") if len(n.strip()) >= 3]
            for n in names:
                brand_of[n] = key
                if len(names) > 1:
                    same_as[n] = [o for o in names if o != n]
        br = re.compile(rf"(?<![\w&])({alt(list(brand_of))})(?![\w&+])") if brand_of else None
        return cls(ins, sen, lookup, br, brand_of, same_as)

    @classmethod
    def from_db(cls, conn: psycopg.Connection) -> Extractor:
        """Patterns from the companies table (names, aliases, tickers, brands) and the graph's segments."""
        rows = conn.execute("SELECT key, name, ticker, aliases, brands FROM companies ORDER BY key").fetchall()
        return cls.from_rows([(r[0], r[1], r[2], list(r[3] or [])) for r in rows],
                             [(b, r[0]) for r in rows for b in (r[4] or [])] + graph_segments(conn))

    def extract(self, question: str) -> Filters:
        """Filters found in ``question``; never raises, never runs SQL (input is only matched, not executed)."""
        text = question
        spans: list[tuple[int, int]] = []
        hits: list[tuple[int, str]] = []
        brand_matches = list(self.brands.finditer(text)) if self.brands is not None else []
        # a brand that contains its company's name ("Amazon Web Services") is the brand, not the company
        brand_spans = [m.span() for m in brand_matches]
        for rx in (self.insensitive, self.sensitive):
            if rx is None:
                continue
            for m in rx.finditer(text):
                if any(a < m.end() and m.start() < b for a, b in spans):
                    continue
                if any(a <= m.start() and m.end() <= b and (a, b) != m.span() for a, b in brand_spans):
                    continue
                key = self.lookup.get(re.sub(r"\s+", " ", m.group(1)).lower())
                if key:
                    spans.append((m.start(), m.end()))
                    hits.append((m.start(), key))
        segments: list[str] = []
        # a brand scopes its company but is not taken out of the text: it is what the pages discuss
        for m in brand_matches:
            if not any(a < m.end() and m.start() < b for a, b in spans):
                name = re.sub(r"\s+", " ", m.group(1))
                hits.append((m.start(), self.brand_of[name]))
                if name not in segments and not left_out(text, m.start()):
                    segments.append(name)
        companies: list[str] = []
        for _, key in sorted(hits):
            if key not in companies:
                companies.append(key)
        spans += [m.span() for m in _NAMING_YEAR.finditer(text)]
        years: list[int] = []
        quarters: list[str] = []

        def add_year(y: int) -> None:
            if 1990 <= y <= 2100 and y not in years:
                years.append(y)

        def add_q(q: str) -> None:
            if q not in quarters:
                quarters.append(q)

        def take(rx: re.Pattern[str]) -> list[re.Match[str]]:
            found = []
            for m in rx.finditer(text):
                if any(a < m.end() and m.start() < b for a, b in spans):
                    continue
                spans.append((m.start(), m.end()))
                found.append(m)
            return found

        fiscal_year_named = False
        for m in take(_RANGE):
            a, b = int(m.group(1) or m.group(2)), int(m.group(3))
            if a <= b <= a + 10:
                for y in range(a, b + 1):
                    add_year(y)
                fiscal_year_named = fiscal_year_named or bool(re.search(r"(?i)\bfy|fiscal", m.group(0)))
        for m in take(_Q_YEAR):
            add_q(f"Q{m.group(1) or m.group(3)}")
            add_year(_two_digit(m.group(2) or m.group(4)))
        for m in take(_YEAR_Q):
            add_year(_two_digit(m.group(1)))
            add_q(f"Q{m.group(2)}")
        for m in take(_FY):
            add_year(_two_digit(m.group(1)))
            fiscal_year_named = True
        for m in take(_YEAR_RE):
            add_year(int(m.group(1)))
        for m in take(_SHORT_YEAR):
            add_year(_two_digit(m.group(1)))
        for m in take(_Q):
            add_q(f"Q{m.group(1)}")
        for m in take(_Q_WORD):
            add_q(_QUARTER_WORDS[m.group(1).lower()])
        for m in take(_TO_DATE_OF):
            add_q(_TO_DATE_QUARTER[(m.group(1) or m.group(2)).lower()])
        for m in take(_HALF):
            # the first half is the year to date the second quarter's report closes (its "Six Months Ended"
            # columns), never the first quarter's; the second half has no report of its own: both quarters
            first = (m.group(1) or "").lower() in ("first", "1st") or m.group(2) == "1"
            for q in (("Q2",) if first else ("Q3", "Q4")):
                add_q(q)
        forms: list[str] = []
        if take(_FORM_K):
            forms.append("10-K")
        if take(_FORM_Q):
            forms.append("10-Q")
        if take(_FORM_8K):
            forms.append("8-K")
        if take(_FORM_ER):
            forms.append("EARNINGS")
        if ("10-K" in forms or fiscal_year_named) and not quarters:
            # "FY2022" / "fiscal 2022" asks about the year as a whole: the annual report first (relaxed
            # to any filing of that year when there is no 10-K).
            quarters.append("FY")
        # a bare year ("… earn in 2022"), no part of it named, asks the year too — a quarterly report's three months
        # are not the year — but less firmly (a follow-up "and in 2022?" keeps the quarter asked before); not
        # guidance (updated in the year's 10-Qs) nor figures recast since (in an 8-K)
        whole_year = bool(years) and not quarters and not forms and not _PART_OF_YEAR.search(question) \
            and not _FORWARD.search(question) and not _RECAST.search(question)
        relative = None
        if take(_PRIOR_Q):
            relative = "prior_quarter"
        elif take(_PRIOR_Y):
            relative = "prior_year"
        rest = []
        last = 0
        for a, b in sorted(spans):
            if a >= last:
                rest.append(text[last:a])
                last = b
        rest.append(text[last:])
        text_query = re.sub(r"\s+", " ", " ".join(rest)).strip()
        for name in segments:  # a brand's other name is how some pages write it ("AWS" in the tables)
            for other in self.same_as.get(name, []):
                if other not in text_query:
                    text_query += f" {other}"
        unknown = [] if companies else unknown_names(question, spans)
        metrics = metrics_in_question(question)
        metrics += [m for m in concept_metrics(question) if m not in metrics]
        # Segment, regional and product breakdowns live in notes and MD&A, not the consolidated statements.
        breakdown = bool(segments or _BREAKDOWN.search(question))
        non_gaap = bool(_NON_GAAP.search(question))
        statements = [] if breakdown or non_gaap else statements_in_text(question, metrics)
        forward = bool(_FORWARD.search(question))
        return Filters(companies, sorted(years), sorted(quarters), forms, metrics, statements, [], text_query,
                       forward=forward, unknown=unknown, relative=relative,
                       intent=question_intent(question), segments=segments, breakdown=breakdown,
                       non_gaap=non_gaap, dates=dates_in_text(question) + _quarter_months(question), cover=bool(_COVER.search(question)),
                       whole_year=whole_year, said_by=said_by(question, forward=forward),
                       month_quarter=bool(_MONTH_QUARTER.search(question)) and not quarters,
                       owed=bool(_OWED.search(question)))


def graph_segments(conn: psycopg.Connection) -> list[tuple[str, str]]:
    """(brand entry, company key) for the segments the graph knows (graph/segments.py) that may stand for
    their company when named alone: distinctive names of exactly one company; a segment's names are
    joined with "=" (one segment, several names). Empty before the graph has a Segment label."""
    from finchat.graph.query import segment_rows
    from finchat.graph.segments import distinctive, segment_initials

    owners: dict[str, set[str]] = {}
    segs = [([n for n in names if distinctive(n)], company) for _, company, names in segment_rows(conn) if company]
    # a segment's initials its company's filings print ("CCB's deposits" for Consumer & Community Banking's) are a
    # name of it too
    asked = [(i, company) for names, company in segs for n in names if (i := segment_initials(n))]
    printed = {(r[0], r[1]) for r in conn.execute(
        "SELECT u.t, u.k FROM unnest(%s::text[], %s::text[]) AS u(t, k) WHERE EXISTS (SELECT 1 FROM chunks c"
        " JOIN documents d ON d.id = c.document_id WHERE d.company_key = u.k"
        " AND c.tsv @@ plainto_tsquery('english', u.t))", ([i for i, _ in asked], [k for _, k in asked])).fetchall()}
    segs = [(list(dict.fromkeys([*names, *(i for n in names if (i := segment_initials(n)) and (i, company) in printed)])),
             company) for names, company in segs]
    for names, company in segs:
        for n in names:
            owners.setdefault(n, set()).add(company)
    return [("=".join(n for n in names if len(owners[n]) == 1), key) for names, key in segs
            if any(len(owners[n]) == 1 for n in names)]


def unknown_names(question: str, taken: list[tuple[int, int]]) -> list[str]:
    """Company-like names in ``question`` outside the ``taken`` spans (already matched as companies or
    periods) that are not question, period, statement or metric words ("Globex Corporation", "Initech").
    Only consulted when no known company is named: next to a known one, a capitalised name is far more
    often a segment, brand or product ("PepsiCo's Frito-Lay North America")."""
    out: list[str] = []
    for rx in _UNKNOWN:
        for m in rx.finditer(question):
            a, b = m.span(1)
            if any(x < b and a < y for x, y in taken):
                continue
            words = [w for w in re.split(r"\s+", m.group(1).strip()) if w]
            while words and words[0].lower().strip(".") in _NOT_NAMES:  # "What Globex" → "Globex"
                words.pop(0)
            while words and words[-1].lower().strip(".") in _NOT_NAMES - {"company", "corporation", "inc", "group",
                                                                            "holdings"}:
                words.pop()
            name = " ".join(words)
            if not words or all(w.lower().strip(".") in _NOT_NAMES for w in words) or _YEAR_RE.search(name):
                continue
            if metrics_in_question(name) and len(words) == 1:
                continue
            if name not in out and not any(name in o for o in out):
                out = [o for o in out if o not in name] + [name]
            taken.append((a, b))
    return out


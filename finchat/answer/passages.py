"""Prose fetched from the store for an answer, beyond the question's top passages: what a company said of
the period ahead (a guidance question), and the sentence of the scoped filing that states a figure the
tables do not print (a KPI in the MD&A, the quarter's buybacks in a release's prose).

A stated figure is quoted, never restated: the sentence holds the measure's words (or what filings call
it), a figure (an amount, a percentage, a count) and — for a quarter asked — speaks of a quarter, not of
the year to date.
"""

from __future__ import annotations

import re
from typing import Any

import psycopg

from finchat.answer.direction import asked_way, stated_way
from finchat.answer.figures import HOW_MANY
from finchat.answer.partpassage import driver_only, headed_by, opening_part
from finchat.answer.quote import TOPIC_SYNONYMS
from finchat.answer.sentences import _SENTENCE, _STATED, MAX_PIECE, _paragraphs, _pieces, _stating_clause
from finchat.answer.shapes import EFFECT
from finchat.answer.spans import PAIR, other_span, span_figure, stated_change, years_apart
from finchat.answer.stems import _models, _stem, word_stems
from finchat.graph.lexicon import metrics_in_question
from finchat.graph.rowunits import counted as counts
from finchat.retrieve.fusion import Hit

#: Passages of one filing searched for a sentence stating a figure.
STATED_PASSAGES = 40

_SELECT = ("SELECT c.id, d.name, d.company_key, c.text, c.page_start, c.page_end, ps.label, pe.label, c.section,"
           " d.form, d.fiscal_year, d.fiscal_quarter"
           " FROM chunks c JOIN documents d ON d.id = c.document_id"
           " LEFT JOIN printed_pages ps ON ps.document_id = c.document_id AND ps.page = c.page_start"
           " LEFT JOIN printed_pages pe ON pe.document_id = c.document_id AND pe.page = c.page_end")


def _hits(rows: list[Any], channel: str) -> list[Hit]:
    return [Hit(chunk_id=int(r[0]), scores={channel: 1.0}, document=r[1], company=r[2], form=r[9],
                fiscal_year=r[10], fiscal_quarter=r[11], page_start=int(r[4]), page_end=int(r[5]), kind="text",
                section=r[8], text=r[3], context=r[3], printed_start=r[6], printed_end=r[7]) for r in rows]


_QUARTER = re.compile(r"(?i)\b(?:quarter|three(?: and (?:six|nine))? months|thirteen(?: and (?:twenty-six|thirty-nine))? weeks|"
                      r"13(?: and (?:26|39))? weeks|[1-4]q(?:\d{2}|\d{4})?|q[1-4])\b")
_TO_DATE = re.compile(r"(?i)\b(?:six|nine|6|9) months\b|\bfirst half\b|year[- ]to[- ]date|\bytd\b|"
                      r"\b(?:26|39|twenty-six|thirty-nine) weeks\b|"
                      r"\bfull[- ]year\b")
#: A year or a month named: a sentence's own period, none borrowed from the sentence before.
_A_YEAR = re.compile(r"(?i)\b(?:19|20)\d\d\b|\byears?\b|\bmonths?\b|\bweeks\b")
#: "YTD Q2": the year to date at a quarter's end, no quarter.
_YTD_QUARTER = re.compile(r"(?i)\bytd\s+q[1-4]\b")
#: Words of the quarter itself in a sentence that also speaks of the year to date ("three and six months").
_THE_QUARTER = re.compile(r"(?i)\b(?:quarter|three|thirteen|13)\b")
_STOP = {"the", "a", "an", "of", "in", "its", "their", "and", "to", "for", "on", "at", "by", "spend", "spent", "how",
         "much", "many", "did", "does", "was", "were", "is", "are", "what", "total", "net", "company", "buying"}


def nearby_texts(conn: psycopg.Connection, chunk_id: int, n: int, after: bool = False) -> list[str]:
    """The texts of the ``n`` passages of the same filing just before ``chunk_id`` (nearest first), or just after it:
    a table's introduction, units or rows the chunker put in a passage of their own."""
    order = ">" if after else "<"
    return [r[0] for r in conn.execute(
        f"SELECT text FROM chunks WHERE document_id = (SELECT document_id FROM chunks WHERE id = %s) AND id {order} %s"
        f" ORDER BY id {'' if after else 'DESC'} LIMIT %s", (chunk_id, chunk_id, n)).fetchall()]


def prose_matching(conn: psycopg.Connection, document: str, pattern: str, channel: str) -> list[Hit]:
    """``document``'s chunks whose text matches the Postgres regular expression ``pattern`` (case aside), in page
    order, as hits of ``channel``."""
    rows = conn.execute(f"{_SELECT} WHERE d.name = %s AND c.text ~* %s ORDER BY c.page_start, c.id",
                        (document, pattern)).fetchall()
    return _hits(rows, channel)


def _unended(word: str) -> str:
    """``word`` in lower case without "-ing", "-ed" or a plural's "s"."""
    w = re.sub(r"(?:ing|ed)$", "", word.lower())
    return re.sub(r"(?<=[^s])s$", "", w)


def _prefixes(text: str) -> set[str]:
    """``text``'s words (of three letters or more without a plural's "s"; not stop words) as full-text prefix queries of the whole word: the
    index's English stemmer cuts it as it cut the text ("bookings" is "book" there, "obligation" "oblig")."""
    words = {f"{w.lower()}:*" for w in re.findall(r"[A-Za-z]+", _SLASHED.sub(" ", text))
             if len(_unended(w)) > 2 and w.lower() not in _STOP}
    return words | {_slashed(w.lower(), ":*") for w in _SLASHED.findall(text)}


#: A slashed name ("FAS/CAS", "Retail/LTC"): one token of the index's (its parser reads a path).
_SLASHED = re.compile(r"\b[A-Za-z0-9]+(?:/[A-Za-z0-9]+)+")


def _slashed(word: str, prefix: str = "") -> str:
    """A to_tsquery term for a slashed name: the index's one token (``prefix`` ":*" makes it a prefix), or its words
    apart."""
    return f"({word}{prefix} | {word.replace('/', ' & ')})"


#: Words of a question asking a percentage or a move (which may be stated as one), not an amount.
_NOT_AN_AMOUNT = re.compile(r"(?i)percent|\brates?\b|ratio|margin|\bshare\b|%|grow|growth|increase|decrease|decline|"
                            r"chang|\brise\b|\bfall\b|\bdrop|basis\s+points|\bpoints\b")
#: An amount in a sentence: money, or a figure with its scale.
_AN_AMOUNT = re.compile(r"(?i)\$\s?\d|\b\d[\d,.]*\s+(?:thousand|million|billion|trillion)\b")


def stated_figure(conn: psycopg.Connection, document: str, measure: str, *, quarter: bool = False,
                  synonyms: tuple[str, ...] = (), change: bool = False, context: str = "",
                  parts: tuple[re.Pattern[str], ...] = ()) -> tuple[str, Hit] | None:
    """The sentence of ``document``'s prose that states ``measure`` (every word of it, or of one of
    ``synonyms``) with a figure, quoted with its citation: ("“… $750 million to repurchase …” [DOC p.3]",
    the passage). ``quarter``: the sentence must speak of a quarter and not of the year to date; ``change``:
    a sentence stating the measure for two years is preferred and its change computed; ``context`` (the
    question): a sentence holding more of its other words ("… increased segment operating profit by …") is
    preferred; ``parts`` (segments' and regions' names): a passage opening on one ("North America revenues
    increased 18% …") is that part's — its sentences name it — and loses unless the question names it. None
    when no sentence does."""
    phrases = [p for p in (measure, *synonyms) if p]
    # (a letter alone, "U" of "U.S.", is no word a sentence's stems hold)
    wanted = [{_stem(w) for w in re.findall(r"[A-Za-z]+", p) if w.lower() not in _STOP and len(w) > 1} | _models(p)
              for p in phrases]
    wanted = [w for w in wanted if w]
    if not wanted:
        return None
    query = " | ".join("(" + " & ".join(sorted(_prefixes(p))) + ")" for p in phrases if _prefixes(p))
    if not query:
        return None
    rows = conn.execute(
        f"{_SELECT} WHERE d.name = %s AND c.kind = 'text' AND c.tsv @@ to_tsquery('english', %s)"
        " ORDER BY c.page_start, c.id LIMIT %s", (document, query, STATED_PASSAGES)).fetchall()
    # the part of the company a heading over each passage names (graph/partheads.py), when a part is asked: its
    # passages need not name it ("Verizon Consumer Group" over "Selling, General and Administrative Expense"), so
    # they are searched without its name too
    named_parts = [m.group(0) for p in parts for m in p.finditer(context)]
    headed, under = headed_by(conn, document, named_parts)
    unnamed = " | ".join("(" + " & ".join(sorted(_prefixes(u))) + ")" for p in phrases if _prefixes(u := re.sub(
        "(?i)" + "|".join(rf"(?<!\w){re.escape(n)}(?!\w)" for n in named_parts), " ", p)))
    if under and unnamed:
        seen = {r[0] for r in rows}
        rows += [r for r in conn.execute(
            f"{_SELECT} WHERE d.name = %s AND c.kind = 'text' AND c.id = ANY(%s) AND c.tsv @@ to_tsquery('english', %s)"
            " ORDER BY c.page_start, c.id LIMIT %s", (document, under, unnamed, STATED_PASSAGES)).fetchall()
            if r[0] not in seen]
    # (its words in lower case: names — the company's — and periods say nothing of which sentence states it)
    around = {_stem(w) for w in re.findall(r"\b[a-z]{3,}\b", context)
              if w not in _STOP and not _PERIOD_WORD.fullmatch(w)} - set().union(*wanted)
    asks_change = bool(_CHANGE_WORDS.search(context))
    way = asked_way(context)  # (a decrease asked: a sentence's increase is another figure)
    # "How much equity earnings …": an amount asked, which a sentence stating only percentages does not state
    amount_asked = bool(re.match(r"(?i)\s*how\s+much\b", context)) and not _NOT_AN_AMOUNT.search(context)
    effect_on = EFFECT.match(context)
    asks_effect = bool(_EFFECT_WORDS.search(context)) or effect_on is not None
    # "How much did … contribute to the growth of PepsiCo's net income": a sentence saying it contributed to another
    # statement line ("… to operating profit growth") is of that line
    on_lines = set(metrics_in_question(effect_on.group("on"))) if effect_on else set()
    # "customer deposits used were $140 million": what was done with the measure, not the measure — unless asked
    asked_stems = word_stems(context)
    asked_words = set(re.findall(r"[a-z&-]+", context.lower()))
    heads = {re.findall(r"[A-Za-z]+", p)[-1].lower() for p in phrases if re.findall(r"[A-Za-z]+", p)}
    part_of = re.compile(rf"(?i)\b(?:{'|'.join(map(re.escape, sorted(heads)))})\s+(?:also\s+)?(?:includes?|"
                         r"consists?\s+(?:primarily\s+|mainly\s+)?of|comprises?)\b") if heads else None
    done_to = re.compile(rf"(?i)\b(?:{'|'.join(map(re.escape, sorted(heads)))})\s+(?P<done>{_DONE_TO})\b") if heads else None
    asked_years = set(re.findall(r"\b(?:19|20)\d\d\b", context))
    # a balance asked at a date ("at October 29, 2022", "at the end of 2021"): a sentence stating one at a day of that
    # year ("At October 29, 2022, we operated 2,794 stores", "As of December 31, 2021, we had … employees")
    at_year = _AT_DATE_ASKED.search(context)
    dated = re.compile(rf"(?i)\b(?:as\s+of|at)\s+{_MONTH}\s+\d{{1,2}},?\s+{at_year.group('year')}\b") if at_year else None
    leaves_out = bool(_LEFT_OUT.search(context))  # (a question asking what is left out: "excluding currency")
    asks_quarter = bool(re.search(r"(?i)\bquarter\b|\bq[1-4]\b|\b[1-4]q(?:\d{2}|\d{4})?\b", context))
    to_date_asked = bool(_TO_DATE.search(context))
    # "How many …": a count the sentence prints just before the thing counted ("… and 14 Yardbird stand-alone
    # stores") states it, with no unit of its own
    # (the thing is the phrase's last word, or the one before an act done to it: "new warehouses openings")
    things = {x.lower() for w in (re.findall(r"[A-Za-z]+", p) for p in phrases) for x in w[-2:]}
    # (and the unit the question counts in: "By how many units did the accounting quantity … grow")
    things |= {u.lower() for u in re.findall(r"(?i)\bhow\s+many\s+([a-z]+)\s+(?:did|does|do|has|have|were|was)\b",
                                              context)}
    # … or after it, reached ("Microsoft 365 Consumer subscribers increased to 67.0 million")
    names = "|".join(map(re.escape, sorted(things)))
    # (never money: "$2 billion for share buybacks" counts no shares)
    # (a year is no count: "As of December 31, 2020, none of the employees …")
    counting = (rf"(?i)(?<!\$)(?<!\$\s)(?<![\d.,])\b(?!(?:19|20)\d\d\b)\d(?:[\d,]*\d)?\s+(?:[A-Za-z&-]+\s+){{0,4}}(?:{names})\b|\b(?:{names})\b[^.;$%]{{0,40}}?"
                rf"\b(?:to|of|reached|totaled|totalled|was|were)\s+(?:approximately\s+|about\s+)?\d[\d,.]*(?!\s*%)|"
                # (or just after it: "… we employed 15,706 people")
                rf"\b(?:{names})\s+(?:approximately\s+|about\s+)?(?!(?:19|20)\d\d\b)\d[\d,]*(?![\d.]|\s*%)")
    counted = re.compile(counting) if re.match(HOW_MANY, context) and things else None
    # "How many points did volume growth add …": the sentence's figure is in points ("17 pts"), never a percentage
    in_points = bool(_POINTS_ASKED.search(context))
    counted = None if in_points else counted
    # (of counts, one of the thing itself — "2,794 stores", "approximately 114,000 employees" — over one of a kind of it
    # the question does not name: "155 franchised stores")
    kinds = re.compile(rf"(?i)(?<![\d.,$])\b(?!(?:19|20)\d\d\b)\d(?:[\d,]*\d)?(?:\.\d+)?\s+(?P<between>(?:[A-Za-z&-]+\s+){{0,4}}?)(?:{names})\b") if counted else None
    # a count asked as "What was …'s total workforce" (the measure names a thing counted, no share of it asked): a
    # sentence counting it first, any sentence stating the measure after
    count_first = re.compile(counting) if counted is None and things and counts(measure) and not re.search(
        r"(?i)\b(?:percent(?:age)?|share|portion|proportion|ratio|rate)\b|%", context) else None
    # (a number in the thing's own name, "Microsoft 365", counts nothing)
    own_names = re.compile("|".join(rf"\b{d}\s+{re.escape(w)}\b" for p in phrases
                                    for d, w in re.findall(r"\b(\d+)\s+([A-Za-z]+)", p)) or r"(?!)", re.IGNORECASE)
    # the measure's own words, the last two of each phrase (its qualifiers come first), without the kind of line
    cores = [word_stems(" ".join([w for w in re.findall(r"[A-Za-z]+", p) if w.lower() not in _STOP | _KIND][-2:]))
             for p in phrases]
    best: tuple[float, str, Hit] | None = None
    for hit in _hits(rows, "stated"):
        text = _paragraphs(hit.text)
        heading = re.split(r" > | — ", hit.section)[-1]  # the last of the sub-headings the chunker joined
        headed_as = word_stems(heading) if len(heading.split()) <= HEADING_WORDS else set()
        # (or the passage's own heading: "EMEA:" over "Segment Adjusted EBITDA decreased 8.7% …")
        passage_part = opening_part(text, hit.section, parts)
        # (or the paragraph's — one ending in a full stop before a blank line: "Productivity and Business Processes
        # operating income decreased … Gross margin included an unfavorable foreign currency impact of approximately
        # 6%" is that segment's gross margin)
        owned = [(n, para) for para in (_paragraphs(p).replace("\n", " ") for p in _PARAGRAPH_END.split(hit.text))
                 if (n := opening_part(para, "", parts))] if parts and not passage_part else []
        # (or a part's heading some pages above the passage — "Verizon Consumer Group" over "Selling, General and
        # Administrative Expense": its words are the passage's, and of the part asked when the question names it)
        over = headed.get(hit.chunk_id, "") if not passage_part else ""
        # (unless a sentence names another part itself: "… at Walmart U.S." under the Sam's Club heading is Walmart U.S.')
        headed_words = word_stems(over)
        others = [p for p in parts if not p.search(context)] if over else []
        over_asked = any(re.search(rf"(?i)(?<!\w){re.escape(n)}(?!\w)", over) for n in named_parts)
        # (the name of the part asked: "Greater China")
        asked_part = [m.group(0) for p in parts for m in p.finditer(context)] if parts else []
        earlier: list[str] = []  # the sentences before: what "this program" refers to
        for lead, piece in _pieces(text):
            said_before, earlier = " ".join(earlier), [*earlier, piece][-REFERS_BACK:]
            part = passage_part or next((n for n, para in owned if piece[:PARAGRAPH_KEY] in para), "")
            titled = headed_as | word_stems(part)
            # (the part asked, or another: "International billed business …" when U.S. Consumer's is asked)
            of_part_asked = bool(part) and bool(re.search(rf"(?i)(?<!\w){re.escape(part)}(?!\w)", context)) or over_asked
            a_parts = bool(part) and not of_part_asked
            # the words just before the sentence ("Fiscal 2024 outlook: …") say whether it is of the period ahead
            before = text[max(0, text.find(piece) - AHEAD_REACH):max(0, text.find(piece))]
            pair = PAIR.search(piece) if change else None
            if pair is not None:  # the sentence stating the pair, not the table rows the text layer ran into it
                starts = [m.end() for m in re.finditer(r"(?:\d|\.)\s+(?=[A-Z][a-z])", piece[:pair.start()])]
                piece = piece[starts[-1]:] if starts else piece
            if len(piece) > MAX_PIECE and (head := _stating_clause(piece)):
                piece = head  # "… sales grew 6.8%*, driven by DARZALEX (daratumumab), a biologic for …": the clause
            # (a count asked is stated as a count of the thing: "… sales at new warehouses opened in 2020" is none)
            counts_it = count_first is not None and count_first.search(own_names.sub(" ", piece)) is not None
            if not 30 <= len(piece) <= MAX_PIECE or piece.count("|") > 2 or not (
                    counted.search(own_names.sub(" ", piece)) if counted else _STATED.search(piece) or counts_it) \
                    or (in_points and not _POINTS.search(piece)):  # (points asked: a figure in points)
                continue
            # a qualifier may be the passage's own short heading ("Europe" over "Convenient foods unit volume grew 4%")
            stems = word_stems(piece)
            # (a list item's lead-in says what it is of: "Wireless service revenue increased … due to: … an
            # increase of $352 million in TravelPass revenues")
            # (and a sentence speaking of what the one before named: "Excluding these benefits, the tax rate …")
            # (only when what it refers to is a word asked, "these benefits", or the change the sentence before
            # states, "This decrease was primarily due to … foreign currency (2.8 pp)"; not "this service territory")
            refers = _REFERS.search(piece)
            noun = refers.group(0).split()[-1].lower() if refers else ""
            referred = word_stems(said_before) if refers and (any(_stem(noun) in w for w in wanted)
                                                              or _MOVE_NOUN.fullmatch(noun)) else set()
            # ("The increase was due to …" only when it names a word asked the sentence before does not: the driver
            # asked, "… lower net sales of $75 million for Sikorsky helicopter programs")
            referred = set() if refers and refers.group(0)[:4].lower() == "the " and not (
                stems - referred) & set().union(*wanted) else referred
            # (as does one stating what came of it: "… we retired our 3G network in 2022. As a result, approximately
            # 909 thousand … connections …")
            referred |= word_stems(said_before) if _AS_A_RESULT.match(piece) else set()
            own = stems | word_stems(lead) | referred  # the words the sentence itself says (or refers to)
            heads = headed_words if headed_words and not any(p.search(piece) for p in others) else set()
            if not any(w <= own | titled | heads for w in wanted):
                continue
            said = f"{lead}: {piece}" if lead and pair is None else piece
            if quarter and (not _QUARTER.search(said) or _TO_DATE.search(said)):
                continue
            # a sentence naming, before its first figure, every word of a measure asked in three words or more
            # ("Total remaining performance obligation … was $40.0 billion", not "Current …") first
            first = _STATED.search(piece)
            at = first.start() if first else len(piece)
            # (or every word, the measure's last two just after a figure: "… qualified to receive $164 million in tax
            # credits")
            whole = any(len(ws) >= 3 and all(re.search(rf"(?i)\b{re.escape(w)}", piece[:at]) for w in ws)
                        or len(ws) >= 3 and all(re.search(rf"(?i)\b{re.escape(w)}", piece) for w in ws)
                        and figure_bound(piece, ws[-2:]) for ws in (re.findall(r"[A-Za-z]+", p) for p in phrases))
            # "the net impact of acquisitions and divestitures on … operational sales growth was 0.1%": the sentence
            # states something's effect on the measure, not the measure — unless an effect is asked
            # "Operating lease cost includes $83 million for …": a part of the measure asked, not the measure
            if part_of is not None and part_of.search(piece[:at]):
                continue
            if not asks_effect and _EFFECT_ON.search(piece[:at]):
                continue
            # "… a 4% increase in comparable store sales, driven by growth in Greater China": the figure is the
            # company's, the part asked only what drove it
            if not asks_effect and driver_only(piece, asked_part, at):
                continue
            # (unless that figure is the change of another line: "… decreased primarily due to a $116 million decrease
            # in product engineering")
            other = _CHANGE_OF.match(piece, at)
            if other and not any(core and core <= word_stems(other.group("what")) for core in cores):
                whole = False
            # what the company expects of the period ahead is no figure it reports ("… the Company expects: Adjusted
            # Free Cash Flow of $850-950 million" beside "… for fiscal 2023 was $848 million")
            ahead = bool(_AHEAD.search(_IN_LINE.sub(" ", said))) or bool(_SPAN.search(piece))
            # (or the words before it, a heading's or the sentence before's — unless it states what was: "… we expect
            # that our future purchases … will continue. Our total purchases from GF … were approximately $0.9 billion
            # for 2015")
            ahead = ahead or bool(_AHEAD.search(_IN_LINE.sub(" ", before))) and not _WAS.search(said)
            # the measure's words in a row, as asked ("King net bookings", not "King in-game net bookings")
            named = any((len(ws) >= NAMED_WORDS or (len(ws) == 1 and ws[0].isupper() and len(ws[0]) >= 3)) and re.search(r"(?i)\b" + r"\W+".join(map(re.escape, ws)) + r"\b", piece)
                        for ws in (re.findall(r"[A-Za-z]+", p) for p in phrases))
            # (or of two, as the sentence's subject stating its figure: "Transaction losses were $286 million in …")
            # ("The associated restructuring charges during the … six months ended June 30, 2023 were nil and $117
            # million": a few words before it, its period between; "Medical membership as of December 31, 2022 of 24.4
            # million")
            named = named or any(len(ws) == 2 and re.search(
                r"(?i)(?:^|[.;:]\s+)(?:[a-z]+\s+){0,2}?" + r"\W+".join(map(re.escape, ws)) + r"s?\s+(?:(?:(?:during|for|in)\s+"
                r"[^.;$%]{0,80}?)?(?:was|were|totaled|totalled|amounted\s+to)|(?:as\s+of|at)\s+[^.;$%]{0,80}?\s+of)\s+"
                r"(?:approximately\s+|about\s+|nil\s+and\s+)?\$?\d", piece) for ws in (re.findall(r"[A-Za-z]+", p) for p in phrases))
            # (or its figure bound to them: "… included interest income of $87 million and $22 million, respectively")
            named = named or any(len(ws) == 2 and figure_bound(piece, ws) for ws in (re.findall(r"[A-Za-z]+", p) for p in phrases))
            # a change asked, a figure that is the measure's change ("a $120 million decrease in research and
            # development expenses attributable to …"), not another line's ("a $116 million decrease in product
            # engineering") in a sentence about the measure
            bound = asks_change and any(core and core <= word_stems(m.group("what"))
                                        for r in (_CHANGE_OF, _CHANGE_OF_BY) for m in r.finditer(piece) for core in cores)
            # the question's other words, with those of the sentence "this program", "these contracts" refers to
            held = stems | (word_stems(said_before) if _REFERS.search(piece) else set())
            # a quarter asked: a sentence of the quarter over one of the year ("… driven by a 13.6% increase in
            # transactions" of the fourth quarter, not the fiscal year's 10.8%)
            # (not one of the year to date under its quarter's name: "YTD Q2 … for the six months ended")
            # a sentence opening on another year is not of the year asked ("During 2020, we recorded … $102 million"
            # after "During 2021, … $3.5 billion"); a year named later may be an aside ("… a charge recorded in 2014")
            # and one comparing two other years ("… was 27.0% in 2017 compared to 26.3% in 2016") is of neither asked
            # (a sentence naming no year is of the one its paragraph's sentences before it open on: "During fiscal year
            # 2015, we recognized … Restructuring charges were $2.1 billion")
            at_text = text.find(piece)
            paragraph = text[text.rfind("\n", 0, at_text) + 1:at_text] if at_text > 0 else ""
            before_it = _SENTENCE.split(paragraph)
            other_year, other_years = years_apart(said, asked_years, before_it)
            # (a sentence naming no span is of the one its paragraph's last sentence naming one speaks of: "Product
            # sales decreased $2.8 billion … during the six months … The decrease is primarily attributable to …")
            span_said = said if _QUARTER.search(said) or _TO_DATE.search(said) or _A_YEAR.search(said) else " ".join(
                [p for p in before_it if _QUARTER.search(p) or _TO_DATE.search(p)][-1:] + [said])
            of_quarter = asks_quarter and bool(_QUARTER.search(_YTD_QUARTER.sub(" ", span_said))) and not (
                _TO_DATE.search(span_said) and not _THE_QUARTER.search(span_said))
            # (and a quarter's is no figure of the year to date asked)
            quarter_only = to_date_asked and bool(_QUARTER.search(span_said)) and not _TO_DATE.search(span_said)
            # (read without the emphasis marks: "… impact on our _Income before income taxes_")
            plain = piece.replace("_", " ")
            to = (_CONTRIBUTED_TO.search(plain) or _IMPACTED.search(plain)) if on_lines else None
            to_lines = set(metrics_in_question(to.group("to") or to.group("on") or "")) if to is not None else set()
            elsewhere = bool(to_lines) and not on_lines & to_lines
            # "Net (gain)/loss on disposals, excluding the disposal of our Russian business, …": a word asked that the
            # sentence names only as what it leaves out is not what it states
            left_out = [m.group(1) for m in _LEFT_OUT.finditer(piece)] if not leaves_out else []
            # (the sentence's other words stemmed only when it leaves something out: most sentences do not)
            excluded = bool(left_out) and any(
                w & word_stems(" ".join(left_out)) - (word_stems(_LEFT_OUT.sub(" ", piece)) | titled) for w in wanted)
            acted = done_to.search(piece) if done_to else None
            used = acted is not None and _stem(_IRREGULAR.get(acted.group("done").lower(), acted.group("done"))) \
                not in asked_stems
            # (or of another span: "… in the three months ended …" for the nine months asked)
            score = ((QUARTER_BONUS if of_quarter else 0.0) - (OTHER_YEAR_PENALTY if other_year or other_span(
                span_said, context) or quarter_only else 0.0)
                     - (OTHER_YEARS_PENALTY if other_years else 0.0)
                     - (NAMED_BONUS if used else 0.0) - (NAMED_BONUS if elsewhere else 0.0)
                     - (LEFT_OUT_PENALTY if excluded else 0.0)
                     - (OTHER_WAY_PENALTY if amount_asked and not _AN_AMOUNT.search(piece) else 0.0)
                     - (OTHER_WAY_PENALTY if way and first and stated_way(piece, at, first.end()) not in (None, way)
                        else 0.0)
                     - (PART_PASSAGE_PENALTY if a_parts else 0.0)
                     + (ASKED_PART_BONUS if of_part_asked else 0.0)
                     # (naming what is asked itself, not through the passage's opening part or its heading)
                     + (OWN_WORDS_BONUS if any(w <= own for w in wanted) else 0.0)
                     - len(piece) / 450 - 0.01 * hit.page_start
                     + (1.0 if change and stated_change(piece) else 0.0)
                     + (0.5 if whole else 0.0) - (1.0 if ahead else 0.0) + CONTEXT_WEIGHT * len(around & held)
                     + (NAMED_BONUS if named else 0.0) + (NAMED_BONUS if bound else 0.0)
                     + (NAMED_BONUS if counts_it else 0.0)
                     + (DATED_BONUS if dated is not None and dated.search(said) else 0.0)
                     - (KIND_PENALTY if kinds is not None and (first_count := kinds.search(piece)) is not None
                        and set(first_count.group("between").lower().split()) - asked_words - _COUNT_WORDS else 0.0))
            if best is None or score > best[0]:
                best = (score, said, hit)
    if best is None:
        return None
    if in_points:
        # (a table's row run into the text, "Contributions from volume growth (a) 17 pts Net price realization …":
        # the figure printed right after the measure's words)
        tails = [ws[-2:] for ws in (re.findall(r"[A-Za-z]+", p) for p in phrases) if len(ws) >= 2]
        got = figure_after(best[1], "|".join(r"\W+".join(ws) for ws in tails)) if tails else None
        if got is not None and _POINTS.search(got[0]):
            return f"{got[0]} — “{got[1]}” [{best[2].citation()}]", best[2]
    moved = stated_change(best[1]) if change else None
    if moved:
        return f"{moved}, computed from the two figures of “{best[1]}” [{best[2].citation()}]", best[2]
    # "… $75 million and $72 million for the three months ended …, respectively and $224 million and $147 million for
    # the nine months ended …": the year to date asked is the second clause's first figure
    spanned = span_figure(best[1], context)
    if spanned is not None:
        return f"{spanned} — “{best[1].strip('“”')}” [{best[2].citation()}]", best[2]
    # (a sentence the filing itself quotes, an officer's words, is quoted once: no "““")
    return f"“{best[1].strip('“”')}” [{best[2].citation()}]", best[2]


#: A paragraph's end: a full stop before a blank line (a page's or a column's break inside a sentence has none).
_PARAGRAPH_END = re.compile(r"(?<=[.!?])[ \t]*\n\s*\n")
#: How much of a sentence's opening finds its paragraph.
PARAGRAPH_KEY = 60


def figure_bound(sentence: str, last: list[str]) -> bool:
    """Does ``sentence`` print a figure bound to the measure whose last two words are ``last``: just before them
    ("… qualified to receive $164 million in tax credits", "… including $739 million higher phone expenses") or
    just after ("… an unfavorable foreign currency impact of approximately $3.3 billion")? A year is no figure, nor a
    change of the measure ("a $120 million decrease in research and development expenses")."""
    words = rf"{re.escape(last[0])}\W+{re.escape(last[1])}"
    return re.search(rf"(?i)(?<![\d.,])(?!(?:19|20)\d\d\b)\d[\d,.]*(?:\s*(?:million|billion|thousand))?\s+(?:(?:in|of)\s+)?"
                     rf"(?:(?!{_MOVE}s?\b)[\w-]+\s+){{0,3}}{words}\b|\b{words}s?\s+of\s+(?:approximately\s+|about\s+)?\$?\d",
                     sentence) is not None


#: A sentence speaking of what the one before it named ("… cumulative losses of $250 million on this program").
#: ("The decrease was primarily attributable to …" speaks of the change the sentence before states.)
_REFERS = re.compile(r"(?i)\b(?:this|these|such)\s+(?!year|quarter|period|time|report)[a-z]{4,}|"
                     r"^the\s+(?:increase|decrease|decline|reduction|growth|improvement)s?\b(?!\s+(?:of|in)\b)")
#: A sentence stating what came of the one before it.
_AS_A_RESULT = re.compile(r"(?i)\s*(?:as\s+a\s+(?:result|consequence)|consequently|accordingly)\b")
#: Sentences back a reference may reach ("… a ground-based radar … The program has … on this program"; one missed
#: Lockheed's radar in held-out 23).
REFERS_BACK = 2
#: What a sentence of another year than the one asked (opening on it, or after one opening on it) loses: as much as one
#: comparing two other years (Microsoft's fiscal 2016 restructuring charges, held-out 96; 0.3 left the year before's
#: sentence first and moved no other answer of sets 1–100).
OTHER_YEAR_PENALTY = 1.0
#: What a sentence comparing two years, neither of them asked, loses ("… margin was 27.0% in 2017 compared to 26.3% in
#: 2016" for 2018's, held-out 39): as much as one of the period ahead.
OTHER_YEARS_PENALTY = 1.0
#: What a sentence naming a word asked only as what it leaves out loses (Amcor's "Net (gain)/loss on disposals, excluding
#: the disposal of our Russian business, …" over the gain on it, held-out 44): as much as another two years'.
LEFT_OUT_PENALTY = OTHER_YEARS_PENALTY
#: What a sentence whose figure moved the other way than asked loses ("… partially offset by an increase of $210
#: million" for a decrease asked at Lockheed's Aeronautics, held-out 111): as much as a measure named in a row.
OTHER_WAY_PENALTY = 0.5
#: What a sentence leaves out ("excluding the disposal of our Russian business", up to the clause's end).
_LEFT_OUT = re.compile(r"(?i)\b(?:excluding|except(?:\s+for)?|other\s+than|apart\s+from)\b([^,;:()]*)")
#: What a sentence of a passage opening on (or headed by) a segment's or region's name loses when the company's or
#: another part's figure is asked (Nike's North America footwear units, held-out 32; as much as another year's).
PART_PASSAGE_PENALTY = 0.3
#: What a sentence naming every word asked gains over one leaning on its passage's opening part or heading (Nike's
#: Greater China revenues +4 % over "Footwear revenues increased 8 %" under it, held-out 20; Corning's customer
#: deposits under their heading, held-out 38).
OWN_WORDS_BONUS = 0.3
#: What a sentence of a passage about the part asked gains (Nike's Greater China comparable store sales, held-out 76).
ASKED_PART_BONUS = PART_PASSAGE_PENALTY
#: What a sentence of the quarter asked gains over one of the year (Ulta's Q4 transactions, held-out 23; one sentence
#: length's worth, no other answer of sets 1–25 moved).
QUARTER_BONUS = 0.3
#: What a sentence stating a balance at a day of the year asked gains when the question asks one at a date or a
#: year's end (Foot Locker's stores "At October 29, 2022 …" over last year's count, held-out 65; as a quarter's).
DATED_BONUS = QUARTER_BONUS
#: What a sentence counting only a kind of the thing asked ("155 franchised stores" for the stores) loses (held-out 65;
#: as a quarter's bonus).
KIND_PENALTY = QUARTER_BONUS
#: Words between a count and its thing that name no kind of it ("7.6 million shares", "2,300 outstanding shares").
_COUNT_WORDS = frozenset({"thousand", "million", "billion", "total", "approximately", "about", "more", "than", "over",
                          "nearly", "some", "additional", "of", "the", "our", "its", "common", "ordinary", "outstanding"})
#: A balance asked at a date or at a year's end: "at October 29, 2022", "as of December 31, 2021", "at the end of 2021".
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_AT_DATE_ASKED = re.compile(rf"(?i)\b(?:at|as\s+of|on)\s+(?:{_MONTH}\s+\d{{1,2}},?\s+|the\s+end\s+of\s+(?:fiscal\s+)?)"
                            r"(?P<year>(?:19|20)\d\d)\b")
#: A figure that is a change of what follows it: "a $120 million decrease in research and development …".
_FIGURE_MOVED = r"(?:\$\s?\d[\d,.]*(?:\s+(?:thousand|million|billion))?|\d[\d,.]*\s*(?:%|percent\b))"
_MOVE = r"(?:increase|decrease|decline|reduction|rise|growth|drop|improvement)"
#: A change named as a noun ("This decrease …").
_MOVE_NOUN = re.compile(rf"{_MOVE}s?")
_CHANGE_OF = re.compile(rf"(?i){_FIGURE_MOVED}\s+(?:net\s+)?{_MOVE}\s+in\s+(?P<what>(?:[\w&-]+\W+){{0,6}})")
#: The same said the other way round: "an increase of 1.3% in membership income".
_CHANGE_OF_BY = re.compile(rf"(?i)\b{_MOVE}\s+of\s+{_FIGURE_MOVED}\s+in\s+(?P<what>(?:[\w&-]+\W+){{0,6}})")
#: A question asking a change.
_CHANGE_WORDS = re.compile(r"(?i)\b(?:grow|grew|growth|increase[ds]?|decrease[ds]?|decline[ds]?|rise|rose|fall|fell|"
                           r"drop(?:ped)?|change[ds]?)\b")
#: "the net impact of acquisitions and divestitures on …": an effect on a measure, stated before the figure.
_EFFECT_ON = re.compile(r"(?i)\b(?:impacts?|effects?|contributions?)\s+of\s+[^.;$%]{1,80}?\bon\s+")
_EFFECT_WORDS = re.compile(r"(?i)\b(?:impacts?|effects?|affect(?:ed|s)?|contribut\w*)\b")
#: "… contributed 6 percentage points to operating profit growth": what a contribution was to.
_CONTRIBUTED_TO = re.compile(r"(?i)\b(?:contribut\w*|add(?:ed|s)?)\s+[^.;]{0,40}?\bto\s+(?:both\s+)?(?P<to>(?:[\w&-]+\s+){0,5})")
#: "… impacted operating income by $17 million": the line an effect was on.
_IMPACTED = re.compile(r"(?i)\b(?:impacted|affected)\s+(?P<to>(?:[\w&-]+\s+){0,4})|"
                       # "… had an unfavorable impact on our Income before income taxes of $110 million"
                       r"\b(?:impact|effect)s?\s+(?:of\s+[^.;$]{0,60}?\s)?on\s+(?P<on>(?:[\w&-]+\s+){0,6})")
#: Participles saying what was done with a measure ("customer deposits used", "dividends paid").
_DONE_TO = r"used|utilized|paid|received|issued|repurchased|collected|returned|applied|released|settled|granted|" \
           r"forfeited|redeemed|sold|acquired|refunded"
_IRREGULAR = {"paid": "pay", "sold": "sell"}
#: Words naming the kind of a line, not which one ("research and development spending" is "… expenses").
_KIND = {"expense", "expenses", "spending", "spend", "cost", "costs"}
_PERIOD_WORD = re.compile(r"first|second|third|fourth|quarters?|fiscal|years?|months?|six|nine|three|twelve|ended|"
                          r"ending|half|annual|full")
#: What each of the question's other words a sentence holds adds to its score (a sentence's length costs up to 1).
CONTEXT_WEIGHT = 0.2
#: Words a passage's heading may have to name what its sentences are of ("Europe", "Display Technologies"; longer
#: headings are sections' titles, "Item 7. Management's Discussion …").
HEADING_WORDS = 4
#: A sentence naming the measure's words in a row, as asked: what it gains (as much as naming them before its figure).
NAMED_BONUS = 0.5
#: Words a measure asked needs for its words in a row to count (a part's name and its measure: "King net bookings";
#: two, "share repurchases", favoured headlines listing "dividends and share repurchases" over the figure's sentence).
NAMED_WORDS = 3
#: Words of a sentence about the period ahead; "in line with guidance" is said of results.
_AHEAD = re.compile(r"(?i)\b(?:expects?|expected|expecting|outlook|guidance|anticipates?|forecasts?|will|"
                    r"(?:plans?|intends?)\s+to|over\s+the\s+next)\b")
_IN_LINE = re.compile(r"(?i)\b(?:in\s+line\s+with|above|below|exceed(?:ed|ing)?)\s+(?:the\s+|our\s+|its\s+)?"
                      r"(?:\w+\s+){0,2}(?:guidance|outlook|expectations?)(?:\s+provided\s+in\s+\w+)?")
#: A figure given as a range ("$850-950 million"): what is expected, not what was reported ("from $0.22 to $0.24" is a change).
_SPAN = re.compile(r"(?<!from )\$\s?\d[\d,.]*\s*(?:-|–|to)\s*\$?\d|\bbetween\s+\$\s?\d[^$]{0,20}\band\s+\$\s?\d")
#: A sentence stating what was: its verb in the past.
_WAS = re.compile(r"(?i)\b(?:was|were|totaled|totalled|amounted\s+to)\b")
#: Characters before a sentence searched for the heading or words putting it in the period ahead.
AHEAD_REACH = 60
def _any_of(phrases: list[str]) -> str:
    """A to_tsquery expression matching a passage holding every word of one of ``phrases`` (one query text
    for any number of phrases: the statement is prepared once)."""
    groups = [" & ".join(_slashed(w) if "/" in w else w for w in re.findall(r"[A-Za-z0-9]+(?:/[A-Za-z0-9]+)*", p))
              for p in phrases]
    return " | ".join(f"({g})" for g in groups if g) or "''"


_LABELLED = r"(?:\$\s?\(?\d[\d,]*(?:\.\d+)?\)?(?:\s+(?:thousand|million|billion))?|\(?\d[\d,]*(?:\.\d+)?\)?\s*(?:%|pts?\b|bps\b))"
#: A figure in points: "17 pts", "(3) pts", "250 basis points", "2 percentage points", "80 bps".
_POINTS = re.compile(r"(?i)\(?\d[\d,]*(?:\.\d+)?\)?\s*-?\s*(?:pts?|bps|pp|(?:basis|percentage)[\s-]+points?)\b|"
                     # (a row of points: "Basis point decrease in the merchandise margin rate (280)")
                     r"\b(?:basis|percentage)[\s-]+points?\s+(?:increase|decrease|change|improvement|decline)\b[^.]{0,80}?\(?\d")
#: Points asked: "How many points …", "By how many basis points …", "… in percentage points".
_POINTS_ASKED = re.compile(r"(?i)\bhow\s+many\s+(?:basis\s+|percentage\s+)?points\b|\bin\s+(?:basis\s+|percentage\s+)?points\b")


def figure_after(text: str, label: str, own_words: int = 0) -> tuple[str, str] | None:
    """("Core EPS $1.50", the words around it) where ``text`` prints a figure right after a name matching
    ``label`` (a regex of the measure's words) — ``own_words`` words of the name's own between allowed, and a
    parenthesised note; None when it does not."""
    text = re.sub(r"<sup>[^<]*</sup>", " ", text).replace("*", "")
    # (and "… as a percentage of GPV was 2.93%": the figure after the measure's verb)
    m = re.search(rf"(?i)\b(?:{label})\b(?:\s+[A-Za-z]+){{0,{own_words}}}(?:\s*\([^)]{{0,20}}\))?"
                  rf"(?:[\s:]{{0,3}}|\s+(?:was|were|is)\s+){_LABELLED}", text)
    if m is None:
        return None
    start, end = max(0, m.start() - 60), min(len(text), m.end() + 60)
    return m.group(0), ("…" if start else "") + text[start:end].strip() + ("…" if end < len(text) else "")


#: The most words a measure has that a topic's synonyms stand for ("full-time employees", "share buybacks").
SYNONYM_WORDS = 3


def synonyms_of(measure: str) -> tuple[str, ...]:
    """What filings call ``measure`` otherwise ("buybacks" → "repurchase" …), from the narrative topics."""
    low = measure.lower()
    # (what was received from a source is "proceeds" in a statement, "received" in prose: "The Company received $134
    # million … on the exercise of stock options")
    if proceeds := re.match(r"proceeds\s+from\s+(?P<what>\S.*)", low):
        return (f"received {proceeds.group('what')}",)
    if len(low.split()) > SYNONYM_WORDS:
        return ()  # ("return on average funds employed" is no headcount)
    for group in TOPIC_SYNONYMS:
        if any(g in low for g in group):
            return tuple(g for g in group if g not in low)
    return ()


__all__ = ["figure_after", "nearby_texts", "prose_matching", "stated_figure", "synonyms_of", "word_stems"]

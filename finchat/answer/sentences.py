"""A passage's sentences, as a figure's statement is quoted from them: its paragraphs (list items printed without a
full stop are sentences of their own), each sentence — or each item of a list it runs together, with the words
that say what the items are of — and a long sentence's clause stating its first figure."""

from __future__ import annotations

import re

from finchat.answer.quote import plain_text

#: A figure in a sentence: an amount, a percentage, a count with its scale.
_STATED = re.compile(r"\$\s?\d[\d,.]*(?:\s+(?:thousand|million|billion|trillion))?|\d[\d,.]*\s*(?:%|percent\b)|"
                     r"\b\d[\d,.]*\s*(?:pp|pts?|(?:percentage|basis)\s+points?|bps)\b|"
                     r"\b\d[\d,.]*\s+(?:thousand|million|billion|trillion)\b|"
                     # (an area: "an average size of approximately 134,000 square feet")
                     r"\b\d[\d,.]*\s+(?:square\s+(?:feet|foot|meters|metres)|sq\.\s*ft\.|acres)\b|"
                     # (a span of time stated as the measure: "… days to maturity … was 33 days")
                     r"\b(?:was|were|is)\s+(?:approximately\s+|about\s+)?\d[\d,.]*\s+(?:days|weeks|months|years)\b")
#: (a sentence may open on a name written in lower case first: "eCommerce sales …", "iPhone revenue …"; or on an italic
#: heading: "… December 25, 2021. _Interest Rates_ Our interest rate derivatives …")
# ("U.S. Consumer …", "Ms. Dillon …" go on; "… in 2022.” Beyond this, …": a quotation's last sentence ends at its
# closing mark)
_SENTENCE = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][”\"]))(?<!\b[A-Z]\.[A-Z]\.)(?<!\bM[rs]\.)(?<!\bMrs\.)(?<!\bDr\.)\s+(?=[A-Z(“\"•]|_[A-Z]|[a-z][A-Z])|\s+•\s+|\n+")

#: Characters of the longest sentence quoted as a figure's statement.
MAX_PIECE = 450


#: An introduction to what follows it ("The following is a summary of …", "… were as follows").
_INTRODUCES = re.compile(r"(?i)\bthe\s+following\b|\bas\s+follows\s*$")


def _pieces(text: str) -> list[tuple[str, str]]:
    """(lead, piece) of each sentence: a list "… included the following: paying …; paying …" gives each item
    with its lead; any other sentence is its own piece."""
    out: list[tuple[str, str]] = []
    for sentence in _SENTENCE.split(text):
        s = sentence.strip(" •")
        lead, colon, items = s.partition(":")
        if colon and ";" in items and len(lead) <= 200:
            if _STATED.search(lead):  # "Gross margin decreased 250 basis points … due to the following:"
                out.append(("", lead.strip()))
            out += [(lead.strip(), re.sub(r"^(?:and|or)\s+", "", it.strip(" ;"))) for it in items.split(";") if it.strip()]
        elif len(s) > MAX_PIECE and ";" in s:  # list items run together ("… respectively; and a $55 million …")
            items = [it.strip() for it in re.split(r";\s+(?:and\s+|or\s+)?", s) if it.strip()]
            # (an item opening on its figure is of what the first one's words before its figure say: "… attributable to
            # lower product sales of approximately $780 million at Aeronautics …; about $370 million at Space …")
            first = _STATED.search(items[0])
            head = _APPROX.sub("", items[0][:first.start()]).strip() if first else ""
            out += [("", items[0])] + [(head if _APPROX.match(it) or it[:1] == "$" else "", it) for it in items[1:]]
        elif colon and len(lead) <= 200 and _INTRODUCES.search(lead) and not _STATED.search(lead):
            # "The following is a summary of principal properties …: The NIKE World Campus … is occupied by
            # approximately 11,400 employees …": the sentence after an introduction that states nothing
            out.append((lead.strip(), items.strip()))
        else:
            out.append(("", s))
            # (and a sentence after a table's rows, read with them, by itself too: "… As a percentage of revenues 2% 1%
            # 1% Interest expense for the year ended December 31, 2015 consists primarily of $127.1 million …")
            runs = list(_ROW_RUN.finditer(s))
            tail = s[runs[-1].end():].lstrip(" %)") if runs else ""
            capital = re.search(r"[A-Z]", tail)
            tail = tail[capital.start():] if capital else ""
            if len(tail.split()) >= SENTENCE_AFTER_ROWS and tail.endswith(".") and tail != s:
                out.append(("", tail))
    return out


#: Words saying a figure is approximate, before it.
_APPROX = re.compile(r"(?i)(?:\b(?:approximately|about|nearly|roughly|some)\s*)+(?=\$|$)")
#: Words a paragraph after a table's rows must have to be read as a sentence of its own, not a row's label.
SENTENCE_AFTER_ROWS = 6
#: Three figures in a row: a table's row, whose paragraphs are one table.
_ROW_RUN = re.compile(r"(?:[$(]?\s?\d[\d,.]*\)?%?\s+){2}[$(]?\s?\d")


def _stating_clause(sentence: str) -> str:
    """A long sentence's head up to the end of the clause stating its first figure ("Pharmaceutical worldwide
    adjusted operational sales grew 6.8%*" of a sentence listing the products behind it); "" when the figure
    or that clause's end lies past the longest quoted sentence."""
    first = _STATED.search(sentence)
    # (a date's comma ends no clause: "… from 2.6% at December 31, 2020 to 2.9% at December 31, 2021, a credit …"; nor
    # a series' of words: "… an $84 million decrease in marketing, general and administrative expenses …")
    end = next((m.start() for m in re.finditer(r",(?!\s*(?:19|20)\d\d\b)(?!\s+[a-z]+\s+(?:and|or)\s)",
                                               sentence[first.end():])), -1) if first else -1
    end = end + first.end() if first and end >= 0 else -1
    return sentence[:end] if 0 < end <= MAX_PIECE else ""


def _paragraphs(text: str) -> str:
    """A passage's plain text, a line per paragraph that ends without a full stop before another that starts
    with a capital: list items printed without one ("… for Las Vegas Strip Resorts and Regional Operations" ¶
    "Share buybacks of $2.8 billion in 2022 and $352 million in 4Q22") are sentences of their own; a table's
    rows and a lead-in ending in ":" stay with what follows."""
    out: list[str] = []
    for para in (plain_text(p) for p in re.split(r"\n\s*\n", text)):
        if not para:
            continue
        if out and (not re.search(r"[A-Za-z]$", out[-1]) or not para[:1].isupper()
                    or _ROW_RUN.search(out[-1]) or _ROW_RUN.search(para)):
            out[-1] = f"{out[-1]} {para}"
        else:
            out.append(para)
    return "\n".join(out)

"""Chunk: per-page Markdown → section-aware text chunks and table chunks, each with its pages.

* Boilerplate is dropped first: lines repeated at the top or bottom of many pages (running headers and
  footers, page numbers), tables of contents, cover-page check-box lists and signature blocks.
* A chunk starts at a heading and carries its section path ("Item 2. MD&A > Liquidity"); a long section
  is split on sentence ends. Every chunk's embedded text fits the encoder's token limit (512 for BERT).
* Tables are chunks of their own. ``text`` (shown to the LLM) is the caption, the unit line and the
  Markdown table; ``embed_text`` is a plain description — title, units, column periods, row labels —
  because Markdown tables embed poorly. A long table is split by rows, repeating its header rows. A table
  continued on the next page is joined to its first part (page_start < page_end).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from finchat.ingest.boilerplate import PAGE_NO, drop_boilerplate, norm_line, repeated_lines
from finchat.ingest.textheader import CHANGE_HEADING as _CHANGE_HEADING
from finchat.ingest.textheader import UNITS_LINE as _UNITS
from finchat.ingest.textheader import figures_row as _figures_row
from finchat.ingest.textheader import header_line as _header_line
from finchat.ingest.textheader import period_names as _period_names
from finchat.ingest.textheader import period_only as _period_only
from finchat.ingest.textheader import plain as _plain
from finchat.tables import header_count, merge_split_words, split_row

TokenCounter = Callable[[Sequence[str]], list[int]]

#: The section suffix of one part of a table split by rows; retrieval matches it (in Python and in
#: Postgres) to put the parts back together for the LLM.
TABLE_PART = re.compile(r" \(part [0-9]+ of [0-9]+\)$")


def part_section(section: str, k: int, n: int) -> str:
    """The section of part ``k`` (1-based) of a table split into ``n`` parts; matches TABLE_PART."""
    return f"{section} (part {k} of {n})"

#: The chunking rules' version: a filing chunked by other rules is chunked again by the next ``finchat ingest``
#: (its Markdown cache is reused). Recorded with the parser's version in ``documents.parser``.
CHUNKER_VERSION = "chunks/10"


def reading_version(parser: str) -> str:
    """The version a stored filing records: the parse's (``parser``) and the chunking's."""
    return f"{parser}+{CHUNKER_VERSION}"


#: Soft target for text chunks (tokens); the hard limit is the encoder's.
TARGET_TOKENS = 380
#: Text chunks with fewer words carry no answer (stray captions, cover-page fragments) …
MIN_WORDS = 8
#: … unless they print this many figures: a text table's rows ("STELARA US 1,817 1,731 4.9% … Intl 981 868 …")
MIN_FIGURES = 6
#: A figure of a table's row: two digits at least ("1,817", "4.9%"), not a footnote's "(4)".
_ROW_FIGURE = re.compile(r"\d[\d,]*\.?\d+")
#: A short sentence stating a figure is kept too: "As of December 26, 2015, we had approximately 9,100 employees."
#: (a capitalised sentence with a verb, ending in a full stop, with a figure that is no date's year)
_FIGURE_SENTENCE = re.compile(
    r"[A-Z][^\n]*\b(?:is|are|was|were|had|has|have|employ(?:s|ed)?|operat(?:es|ed)|totall?ed|reached|increased|"
    r"decreased|grew|rose|fell|declined)\b[^\n]*(?<![\d.])(?!(?:19|20)\d\d\b)\d[\d,]*(?:\.\d+)?(?!\d)[^\n]*\.$")
#: A dot leader between a row's label and its figures ("Americas ........ $ 2,788.1"): no words, many tokens.
_LEADER = re.compile(r"\s*\.{4,}\s*")


@dataclass
class Chunk:
    """One retrievable unit. Pages are 1-based PDF pages."""

    ordinal: int
    page_start: int
    page_end: int
    section: str
    kind: str  # "text" | "table"
    text: str
    embed_text: str


@dataclass
class _Block:
    kind: str  # heading | para | table
    text: str
    page: int
    page_end: int = 0
    lines: list[str] = field(default_factory=list)  # table rows

    def __post_init__(self) -> None:
        self.page_end = self.page_end or self.page


# ---------------------------------------------------------------- Markdown → blocks

_HEADING_MD = re.compile(r"^(#{1,6})\s+(.*)$")
_BOLD_LINE = re.compile(r"^\*\*([^*]{2,160})\*\*:?$")
_SEPARATOR = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$")
def _text_rows_after(blocks: list[_Block], i: int) -> bool:
    """Is the first block after ``i`` that is no heading and no header line a paragraph (rows of text), not a
    table?"""
    j = i + 1
    while j < len(blocks) and (blocks[j].kind == "heading" or (blocks[j].kind == "para" and _header_line(blocks[j].text))):
        j += 1
    return j < len(blocks) and blocks[j].kind == "para"


def _rows_follow(blocks: list[_Block], i: int, direct: bool = False) -> bool:
    """Do rows of figures follow block ``i`` under a heading — or, ``direct``, right after it (a line with a
    figure per year of its header)?"""
    j = i + 1  # over headings and the header's other lines (its units, its years) before the rows
    while j < len(blocks) and (blocks[j].kind == "heading" or (blocks[j].kind == "para"
                                                               and _header_line(blocks[j].text))):
        j += 1
    return ((direct or j > i + 1) and j < len(blocks) and blocks[j].kind == "para"
            and _figures_row(blocks[j].text, blocks[i].text))


#: The first word of a row label's second line: "AND TAXES", "of subsidiaries", "& equipment".
_LABEL_GOES_ON = re.compile(r"(?i)^(?:and|&|or|of|for|from|to|in|before|after)\b")
#: A row's label (a word or three) then its figures: "AND TAXES $ 1,189 $ 980 21 % …".
_SHORT_LABEL_ROW = re.compile(r"^(?:[A-Za-z&,'’-]+\s+){1,3}\$?\s*\(?\d[\d,.]*\)?\s*%?\s+\$?\s*\(?\d")


def _label_continues(blocks: list[_Block], i: int) -> bool:
    """Is heading ``i`` the first line of a row's label, the paragraph after it on the same page being the label's
    end and the row's figures ("**EARNINGS BEFORE INTEREST**", "**AND TAXES** $ 1,189 $ 980 …")?"""
    if i + 1 >= len(blocks) or blocks[i + 1].kind != "para" or blocks[i + 1].page != blocks[i].page \
            or _TOP_SECTION.match(blocks[i].text) or len(blocks[i].text.split()) > 6:
        return False
    nxt = _plain(blocks[i + 1].text)
    # (years after the words are a header's, "In millions 2022 2021", no row's figures)
    return bool(_LABEL_GOES_ON.match(nxt)) and bool(_SHORT_LABEL_ROW.match(nxt)) \
        and not re.match(r"^(?:[A-Za-z&,'’-]+\s+){1,3}\$?\s*(?:19|20)\d\d\b", nxt)


def to_blocks(pages: Sequence[str]) -> list[_Block]:
    """Split pages into heading / paragraph / table blocks, dropping boilerplate."""
    noise = repeated_lines(pages)
    blocks: list[_Block] = []
    for pno, page in enumerate(pages, start=1):
        para: list[str] = []
        table: list[str] = []

        def flush_para() -> None:
            if para:
                blocks.append(_Block("para", _LEADER.sub(" ", " ".join(para)).strip(), pno))
                para.clear()

        def flush_table() -> None:
            if table:
                rows = [ln for ln in table if not _SEPARATOR.match(ln.strip())]
                blocks.append(_Block("table", "\n".join(table), pno, lines=rows))
                table.clear()

        for raw in page.splitlines():
            line = raw.strip()
            if line.startswith("|"):
                flush_para()
                table.append(line)
                continue
            flush_table()
            if not line:
                flush_para()
                continue
            norm = norm_line(line)
            # a units line ("$ in millions, except per share amounts") repeats atop every statement page,
            # but it is the statement's scale, not a running header
            # (so is a header naming the column groups' periods, "FOURTH QUARTER TWELVE MONTHS", atop each schedule)
            if (norm in noise and not _UNITS.match(_plain(line)) and not _period_names(line)) \
                    or PAGE_NO.match(_plain(line)):
                continue
            m = _HEADING_MD.match(line)
            b = _BOLD_LINE.match(line)
            if m or (b and len(_plain(line)) <= 120 and not line.rstrip("*").endswith(".")):
                flush_para()
                title = _plain(m.group(2) if m else b.group(1))  # type: ignore[union-attr]
                if title:
                    blocks.append(_Block("heading", title, pno))
                continue
            para.append(line[2:] if line.startswith(("- ", "• ")) else line)
        flush_para()
        flush_table()
    return drop_boilerplate(_join_continued_tables(blocks))


def _ncols(block: _Block) -> int:
    return max((len(split_row(r)) for r in block.lines), default=0)


def _join_continued_tables(blocks: list[_Block]) -> list[_Block]:
    """A table at the end of a page followed by one with as many columns at the top of the next page
    (only headers or nothing between them) is one table across the break."""
    out: list[_Block] = []
    for blk in blocks:
        if blk.kind == "table" and out:
            # find the previous table with only short headings after it on the previous page
            j = len(out) - 1
            while j >= 0 and out[j].kind == "heading" and out[j].page == blk.page:
                j -= 1
            prev = out[j] if j >= 0 else None
            if (prev is not None and prev.kind == "table" and prev.page_end == blk.page - 1
                    and _ncols(prev) == _ncols(blk) and j == len(out) - 1 - (len(out) - 1 - j)):
                repeated_headings = out[j + 1:]
                if all(h.kind == "heading" for h in repeated_headings):
                    del out[j + 1:]
                    rows = blk.lines
                    # a repeated header row on the new page is dropped
                    if rows and prev.lines and _plain(rows[0]) == _plain(prev.lines[0]):
                        rows = rows[1:]
                    prev.lines.extend(rows)
                    prev.page_end = blk.page
                    continue
        out.append(blk)
    return out


#: Words of a units line printed alone ("(Unaudited; Dollars in Millions)"); more is a units line with its rows.
UNITS_WORDS = 10


def _units_alone(text: str) -> bool:
    """Is a paragraph only a units line, no figures after it?"""
    plain = _plain(text)
    return bool(_UNITS.match(plain)) and len(plain.split()) <= UNITS_WORDS and not re.search(r"\d", plain)


# ---------------------------------------------------------------- sections

_TOP_SECTION = re.compile(r"(?i)^(part\s+[ivx]+\b|item\s+\d+[a-z]?\b|notes?\s+to\s+|note\s+\d+\b)")


class _Sections:
    """Tracks the heading path: a top level (Part/Item/Note) and the current sub-heading group."""

    def __init__(self) -> None:
        self.top = ""
        self.sub: list[str] = []
        self._fresh = False  # consecutive headings stack into one sub-heading group
        self._table_title = ""  # the heading a text table sits under, kept over its row groups' headings

    def add(self, title: str, in_table: bool = False) -> None:
        """A heading; ``in_table``: it comes between a text table's header and rows, or between its rows."""
        if not in_table:
            self._table_title = ""
        if _period_only(title) or _CHANGE_HEADING.fullmatch(title):
            # "Fiscal Years Ended January 31,", "Increase/(Decrease)": a table's column header, not what the
            # section is about
            return
        if _TOP_SECTION.match(title):
            self.top = title if not re.match(r"(?i)^part\s", title) or not self.top else title
            self.sub, self._fresh = [], False
            return
        if in_table and self.sub:
            # "Including Fuel", "Contribution profit:" between a text table's header and its rows: a group of
            # rows under the table's title ("Sam's Club Segment"), replacing only the group before it
            self._table_title = self._table_title or self.sub[-1]
            self.sub = [self._table_title, title]
        elif self._fresh:
            self.sub.append(title)
        else:
            self.sub = [title]
        self._fresh = True

    def content(self) -> None:
        self._fresh = False

    @property
    def path(self) -> str:
        parts = [p for p in [self.top, " — ".join(self.sub[-2:])] if p]
        return " > ".join(parts)[:300]


# ---------------------------------------------------------------- tables

_PERIOD_WORDS = re.compile(
    r"(?i)(three|six|nine|twelve|thirteen|twenty-six|thirty-nine|fifty-two)\s+(months|weeks)\s+ended|"
    r"(quarter|year|period)s?\s+ended|fiscal\s+(?:year\s+)?(?:19|20)\d{2}|"
    r"(january|february|march|april|may|june|july|august|september|october|november|december)\s+\d{1,2},?|"
    r"\b(?:19|20)\d{2}\b|\bq[1-4]\b")
_NUMERIC = re.compile(r"^[\s$€£(—–-]*[\d.,]+\s*%?\)?[\s%]*$|^[—–-]+$")


def describe_table(title: str, units: str, rows: list[list[str]]) -> str:
    """Deterministic prose for embedding a table: title, units, column periods, row labels."""
    nh = header_count(rows)
    columns: list[str] = []
    for r in rows[:nh]:
        for c in merge_split_words(r[1:] if len(r) > 1 else r):
            if c and c not in columns:
                columns.append(c)
    labels = []
    for r in rows[nh:]:
        label = _plain(r[0]) if r else ""
        if label and not _NUMERIC.match(label) and label not in labels:
            labels.append(label.rstrip(":"))
    parts = [f"Table: {title}." if title else "Table."]
    if units:
        parts.append(f"Units: {units.strip('()')}.")
    periods = [c for c in columns if _PERIOD_WORDS.search(c)]
    if periods:
        parts.append("Periods: " + "; ".join(periods) + ".")
    elif columns:
        parts.append("Columns: " + "; ".join(columns[:12]) + ".")
    if labels:
        parts.append("Rows: " + "; ".join(labels) + ".")
    return " ".join(parts)


def _render_rows(rows: list[list[str]]) -> str:
    width = max(len(r) for r in rows)
    lines = []
    for i, r in enumerate(rows):
        cells = r + [""] * (width - len(r))
        lines.append("| " + " | ".join(cells) + " |")
        if i == 0:
            lines.append("|" + "---|" * width)
    return "\n".join(lines)


# ---------------------------------------------------------------- sentences

_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+(?=[A-Z(\"“])")


def _split_long(text: str, limit: int, count: TokenCounter) -> list[str]:
    """Split a paragraph over ``limit`` tokens on sentence ends (words for a monster sentence)."""
    sentences = _SENTENCE_END.split(text)
    out: list[str] = []
    cur: list[str] = []
    cur_tokens = 0
    sizes = count(sentences)
    for sent, size in zip(sentences, sizes, strict=True):
        if size > limit:
            if cur:
                out.append(" ".join(cur))
                cur, cur_tokens = [], 0
            words = sent.split()
            step = max(1, int(len(words) * limit / size * 0.9))
            out.extend(" ".join(words[i:i + step]) for i in range(0, len(words), step))
            continue
        if cur and cur_tokens + size > limit:
            out.append(" ".join(cur))
            cur, cur_tokens = [], 0
        cur.append(sent)
        cur_tokens += size
    if cur:
        out.append(" ".join(cur))
    return out


# ---------------------------------------------------------------- the chunker

def chunk_pages(pages: Sequence[str], count: TokenCounter, max_tokens: int = 512,
                target: int = TARGET_TOKENS, doc_title: str = "") -> list[Chunk]:
    """Chunk a parsed document.

    ``count`` returns token counts (special tokens included) for a list of strings; ``max_tokens`` is the
    encoder limit every ``embed_text`` (and every text chunk) respects. ``doc_title`` ("Apple 10-Q 2023
    Q3") prefixes embedded text so otherwise identical passages of different filings stay apart.
    """
    limit = max(32, max_tokens - 8)  # headroom: tokenisation of joined text differs slightly
    target = min(target, limit)
    blocks = to_blocks(pages)
    sections = _Sections()
    chunks: list[Chunk] = []
    buf: list[_Block] = []
    buf_tokens = 0

    def prefix() -> str:
        return "\n".join(p for p in (doc_title, sections.path) if p)

    headed = False  # the buffer starts with a text table's column header
    continued = ""  # the header of a text table whose rows the buffer goes on with, past the chunk before
    units: _Block | None = None  # a units line alone between headings ("(Unaudited; Dollars in Millions)")

    def emit_text() -> None:
        nonlocal buf, buf_tokens, headed, continued, units
        if not buf:
            return
        text = "\n\n".join(b.text for b in buf)
        if units is not None and (units.page != buf[0].page or len(_ROW_FIGURE.findall(text)) >= MIN_FIGURES):
            # the units line goes atop the figures after it on its page (a schedule's rows under its headings)
            text = f"{units.text}\n\n{text}" if units.page == buf[0].page else text
            units = None
        if len(buf) == 1 and _units_alone(text):
            # too short to keep, and the scale of the table below it: kept for that table
            buf, buf_tokens, units = [], 0, buf[0]
            return
        # a table's rows under the column header carried to them are kept however few their words
        keep = (len(re.findall(r"[A-Za-z]{2,}", text)) >= MIN_WORDS or headed
                or len(_ROW_FIGURE.findall(text)) >= MIN_FIGURES or _FIGURE_SENTENCE.fullmatch(text.strip()))
        if not keep and continued:
            # the last rows of a text table, cut from the chunk before by its size ("Number of client advisors
            # 5,153 4,890 5 …"): kept under the table's header again, never dropped as too short
            text, keep = f"{continued}\n\n{text}", True
        if keep:
            head = prefix()
            chunks.append(Chunk(len(chunks), buf[0].page, buf[-1].page_end, sections.path, "text", text,
                                f"{head}\n{text}" if head else text))
        buf, buf_tokens, headed, continued = [], 0, False, ""

    pending_caption: list[str] = []
    column_header = ""  # a text table's header paragraph, put atop the rows after it
    unplaced = False  # the header is not yet atop any rows
    for i, blk in enumerate(blocks):
        if blk.kind == "heading" and _UNITS.match(_plain(blk.text)) and _text_rows_after(blocks, i):
            # "(in thousands, except revenue per membership …)" set bold over a text table: the table's units,
            # not what the section is about ("International Streaming Segment"); over a Markdown table it
            # stays a heading, part of the table's caption
            blk = blocks[i] = _Block("para", blk.text, blk.page, blk.page_end)
        if blk.kind == "heading" and _label_continues(blocks, i):
            # "**EARNINGS BEFORE INTEREST**" then "**AND TAXES** $ 1,189 $ 980 …": one row whose bold label the
            # text layer broke over two lines, not a heading over a row too short to keep
            nxt = blocks[i + 1]
            blocks[i + 1] = _Block("para", f"{blk.text} {nxt.text}", blk.page, nxt.page_end)
            continue
        if blk.kind == "heading":
            if _TOP_SECTION.match(blk.text) and column_header and unplaced:
                # a header over no rows before the next part, note or item — or a units line printed with its
                # rows, "(in millions) 2022 2021 Americas: United States $ 1,690 …", taken for one: kept as text
                buf.append(_Block("para", column_header, blocks[i - 1].page, blocks[i - 1].page_end))
            emit_text()
            consecutive = i > 0 and blocks[i - 1].kind == "heading"
            sections.add(blk.text, in_table=bool(column_header))
            if _TOP_SECTION.match(blk.text):
                pending_caption, column_header = [], ""
            else:
                pending_caption = pending_caption + [blk.text] if consecutive else [blk.text]
            continue
        if blk.kind == "para":
            if _UNITS.match(_plain(blk.text)) and i + 1 < len(blocks) and blocks[i + 1].kind == "table":
                pending_caption.append(_plain(blk.text))
                continue
            if _units_alone(blk.text) and i + 1 < len(blocks) and blocks[i + 1].kind == "heading" and not column_header:
                emit_text()  # a units line over the headings of a schedule: alone, kept for the rows under them
            # rows under a heading after it, or rows right after it when it starts a chunk (a header in the middle
            # of a chunk's text stays there, with what leads to it: a region's title, Netflix's "UCAN … 2023 2022")
            # (a header line right after another, directly over the rows, is part of the same header)
            if _header_line(blk.text) and (_rows_follow(blocks, i, direct=not buf) or (
                    column_header and unplaced and _rows_follow(blocks, i, direct=True))):
                # dates alone, then the rows under a heading ("North America"): a chunk of dates would be
                # dropped as too short, and the rows' columns unnamed; the header goes atop the rows instead,
                # with a period heading just above it ("Year Ended December 31,")
                above = blocks[i - 1].text if i and blocks[i - 1].kind == "heading" else ""
                line = _plain(f"{above} {blk.text}" if _PERIOD_WORDS.search(above) else blk.text)
                # header lines in a row ("Q2 % Change", then "($ in Millions) 2023 2022 …") make one header
                column_header = f"{column_header}\n\n{line}" if column_header and unplaced else line
                unplaced = True
                continue
            rows_here = bool(column_header) and _figures_row(blk.text, column_header)
            if column_header and unplaced and (buf or not rows_here):
                # a header that goes atop no rows stays in the text where it was printed, never dropped
                blk = _Block("para", f"{column_header}\n\n{blk.text}", blk.page, blk.page_end)
                unplaced = False
                column_header = column_header if rows_here else ""
            elif column_header and not rows_here:
                column_header = ""  # prose: the table has ended
            elif column_header and not buf:
                # rows under the next heading ("AWS"): the header again, and kept however few their words
                blk = _Block("para", f"{column_header}\n\n{blk.text}", blk.page, blk.page_end)
                headed, unplaced = True, False
            sections.content()
            head_tokens = count([prefix()])[0] if prefix() else 0
            budget = max(32, limit - head_tokens)
            size = count([blk.text])[0]
            pieces = [blk.text] if size <= budget else _split_long(blk.text, budget, count)
            for piece in pieces:
                psize = size if len(pieces) == 1 else count([piece])[0]
                if buf and buf_tokens + psize > min(target, budget):
                    emit_text()
                    if column_header and not unplaced and _figures_row(piece, column_header):
                        continued = column_header
                buf.append(_Block("para", piece, blk.page, blk.page_end))
                buf_tokens += psize
            pending_caption = []
            continue
        # table
        if column_header and unplaced:  # a header line over no rows of text: kept as text before the table
            buf.append(_Block("para", column_header, blk.page, blk.page_end))
        column_header, unplaced = "", False
        emit_text()
        if units is not None and units.page == blk.page:
            pending_caption.append(_plain(units.text))  # (the units line printed over the table's headings)
        units = None
        sections.content()
        chunks.extend(_table_chunks(blk, pending_caption, sections.path, doc_title, count, limit, len(chunks)))
        pending_caption = []
    if column_header and unplaced and blocks:  # a header line ending the document: kept as text
        buf.append(_Block("para", column_header, blocks[-1].page, blocks[-1].page_end))
    emit_text()
    for i, c in enumerate(chunks):
        c.ordinal = i
    return chunks


def _table_chunks(blk: _Block, caption: list[str], section: str, doc_title: str, count: TokenCounter,
                  limit: int, start: int) -> list[Chunk]:
    rows = [split_row(r) for r in blk.lines]
    rows = [r for r in rows if any(_plain(c) for c in r)]
    if not rows:
        return []
    units = next((c for c in caption if _UNITS.match(c)), "")
    titles = [c for c in caption if c != units]
    title = " — ".join(titles[-2:]) if titles else (section.split(" > ")[-1] if section else "")
    nh = header_count(rows)
    header = [[r[0], *merge_split_words(r[1:])] if r else r for r in rows[:nh]]
    body = rows[nh:]
    cap_lines = [f"**{t}**" for t in titles[-2:]] + ([units] if units else [])
    cap = "\n".join(cap_lines)

    def render(part: list[list[str]]) -> tuple[str, str]:
        text = (cap + "\n\n" if cap else "") + _render_rows(header + part)
        embed = "\n".join(p for p in (doc_title, describe_table(title, units, header + part)) if p)
        return text, embed

    # Greedy row packing: the description stays within the encoder limit; the Markdown shown to the LLM
    # may take up to twice that, so a statement is rarely cut in two.
    def too_big(text: str, embed: str) -> bool:
        t, e = count([text, embed])
        return e > limit or t > 2 * limit

    parts: list[list[list[str]]] = []
    cur: list[list[str]] = []
    for row in body or [[]]:
        trial = cur + ([row] if row else [])
        text, embed = render(trial)
        if cur and too_big(text, embed):
            parts.append(cur)
            cur = [row] if row else []
        else:
            cur = trial
    parts.append(cur)
    out = []
    for k, part in enumerate(parts):
        text, embed = render(part)
        if too_big(text, embed):  # a single monstrous row: cut its cells
            part = [[c[:200] for c in r] for r in part]
            text, embed = render(part)
        sec = section if len(parts) == 1 else part_section(section, k + 1, len(parts))
        out.append(Chunk(start + k, blk.page, blk.page_end, sec, "table", text, embed))
    return out

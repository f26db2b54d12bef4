"""Parse: PDF → Markdown, one string per page, cached in ``md_files/``.

The default parser runs locally with no network. pymupdf4llm's layout mode (an ONNX layout model) turns
financial statements into clean Markdown tables but costs about 0.36 CPU-seconds a page; its classic mode
without table detection costs 0.04–0.07 s a page and keeps every label and number as text lines. So each
page is triaged cheaply: primary financial statements (where table structure matters most, for the LLM and
for fact extraction) go through layout mode, all other pages through classic mode with table detection off.
Classic table detection was measured and dropped: on 403 non-statement numeric pages of five FinanceBench
filings it found 23 tables (mostly exhibit schedules) for 0.11–0.16 CPU-s a page. Figures are in the README.

``--parser llamaparse`` sends the PDF to LlamaCloud instead (needs ``LLAMA_CLOUD_API_KEY`` and the
``finchat[llamaparse]`` extra), as the original design did.

The cache file records the PDF's sha256; an unchanged PDF is never parsed twice.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from finchat.errors import IngestError
from finchat.tables import STATEMENT_TITLE, letters

PARSER_VERSION = "pymupdf4llm-triage/10"
_NUMBER = re.compile(r"^\(?\$?\(?\d[\d,]*(\.\d+)?\)?%?\)?$")
#: A page with at least this many numeric words is parsed as a table page.
TABLE_PAGE_NUMBERS = 20
#: The page after a statement page is its continuation (per-share rows, the last liabilities) when it
#: holds at least this many numbers; classic mode would flatten those rows, and their facts be lost.
CONTINUATION_NUMBERS = 6
_HEADER_RE = re.compile(r"^<!-- finchat sha256=(?P<sha>[0-9a-f]{64}) parser=(?P<parser>\S+) pages=(?P<pages>\d+) -->$")
_END = "<!-- finchat end -->"
_PAGE_RE = re.compile(r"^<!-- page (\d+) -->$", re.M)


@dataclass(frozen=True)
class ParsedDoc:
    """A parsed PDF: Markdown per page (index 0 is page 1)."""

    sha256: str
    pages: list[str]
    parser: str

    @property
    def page_count(self) -> int:
        return len(self.pages)


def sha256_of(path: Path) -> str:
    """Hex sha256 of a file's bytes."""
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def to_cache_text(doc: ParsedDoc) -> str:
    """The Markdown cache format: a header line, then ``<!-- page N -->`` before each page."""
    parts = [f"<!-- finchat sha256={doc.sha256} parser={doc.parser} pages={doc.page_count} -->"]
    for i, md in enumerate(doc.pages, start=1):
        parts.append(f"<!-- page {i} -->\n{md.strip()}\n")
    parts.append(_END)
    return "\n".join(parts) + "\n"


def from_cache_text(text: str) -> ParsedDoc | None:
    """Read a cache file back; None when it is not one of ours or is truncated."""
    first, _, rest = text.partition("\n")
    m = _HEADER_RE.match(first.strip())
    if not m or not rest.rstrip().endswith(_END):
        return None
    rest = rest.rstrip()[: -len(_END)]
    pieces = _PAGE_RE.split(rest)
    pages = [body.strip("\n") for body in pieces[2::2]]
    if len(pages) != int(m.group("pages")):
        return None
    return ParsedDoc(m.group("sha"), pages, m.group("parser"))


def read_cache(md_path: Path, sha: str, parser: str | None = None) -> ParsedDoc | None:
    """The cached parse of a PDF with this sha256, if present and complete — and, given ``parser`` (a
    version string such as :data:`PARSER_VERSION`), not made by an older version of that parser."""
    try:
        doc = from_cache_text(md_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None
    if doc is None or doc.sha256 != sha or (parser is not None and outdated(doc.parser, parser)):
        return None
    return doc


def current_parser(path: Path, parser: str = "local") -> str:
    """The version string a parse of ``path`` with ``parser`` ("local" or "llamaparse") records."""
    if path.suffix.lower() in (".htm", ".html"):
        from finchat.ingest.html import PARSER_VERSION as HTML_VERSION

        return HTML_VERSION
    return "llamaparse" if parser == "llamaparse" else PARSER_VERSION


def outdated(stored: str | None, current: str) -> bool:
    """True when ``stored`` was made by another version of the parser ``current`` names (same name before
    the "/"): that parse is redone. A parse by another parser (LlamaParse, say) is kept."""
    if not stored or stored == current:
        return False
    return stored.split("/", 1)[0] == current.split("/", 1)[0]


def write_cache(md_path: Path, doc: ParsedDoc) -> None:
    """Write atomically (temp file + rename) so a crash never leaves a half cache file."""
    md_path.parent.mkdir(parents=True, exist_ok=True)
    tmp = md_path.with_name(md_path.name + f".tmp{os.getpid()}")
    try:
        tmp.write_text(to_cache_text(doc), encoding="utf-8")
        tmp.replace(md_path)
    except OSError:
        tmp.unlink(missing_ok=True)  # a full disk leaves no half file behind
        raise


#: Pages one PDF may have: the longest FinanceBench filing has 304; a 10-K with every exhibit rarely passes 1,000.
DEFAULT_MAX_PAGES = 3000


def max_pages() -> int:
    """FINCHAT_MAX_PAGES, else DEFAULT_MAX_PAGES (a bad value falls back to the default)."""
    text = os.environ.get("FINCHAT_MAX_PAGES", "")
    return int(text) if text.isdigit() and int(text) > 0 else DEFAULT_MAX_PAGES


def _open_pdf(path: Path):  # type: ignore[no-untyped-def]
    import pymupdf

    try:
        with path.open("rb") as fh:
            magic = fh.read(5)
    except OSError as exc:
        raise IngestError(f"{path}: cannot read ({exc.strerror or exc})") from exc
    if magic != b"%PDF-":
        raise IngestError(f"{path}: not a PDF (no %PDF header)")
    try:
        doc = pymupdf.open(path)  # type: ignore[no-untyped-call]
    except Exception as exc:  # pymupdf raises FileDataError, RuntimeError …
        raise IngestError(f"{path}: corrupt PDF ({str(exc).splitlines()[0][:120]})") from exc
    if doc.needs_pass:
        raise IngestError(f"{path}: encrypted PDF; decrypt it first (e.g. qpdf --decrypt)")
    if doc.page_count == 0:
        raise IngestError(f"{path}: the PDF has no pages")
    limit = max_pages()
    if doc.page_count > limit:
        raise IngestError(f"{path}: {doc.page_count:,} pages, more than one filing has (limit {limit:,}); "
                          "split it, or raise FINCHAT_MAX_PAGES")
    return doc


def _triage(doc) -> tuple[list[int], list[int], int]:  # type: ignore[no-untyped-def]
    """(statement pages, other pages, characters of text): 0-based page indexes.

    Statement pages — a primary-statement title ("Consolidated Balance Sheets") and at least
    TABLE_PAGE_NUMBERS numbers, or CONTINUATION_NUMBERS on the page right after one (statements run
    over) — get the layout model; every other page the fast classic mode, whose text lines still carry
    every label and number for search.
    """
    layout: list[int] = []
    classic: list[int] = []
    chars = 0
    prev_statement = False
    for page in doc:
        words = page.get_text("words")
        chars += sum(len(w[4]) for w in words)
        numbers = sum(1 for w in words if _NUMBER.match(w[4]))
        # title-like lines (at most 12 words) anywhere on the page; prose that merely mentions
        # "the consolidated balance sheets" does not count
        lines: dict[tuple[int, int], list[str]] = {}
        for w in words:
            lines.setdefault((w[5], w[6]), []).append(w[4])
        titled = any(len(ws) <= 12 and STATEMENT_TITLE.search(letters(" ".join(ws))) for ws in lines.values())
        is_statement = ((titled and numbers >= TABLE_PAGE_NUMBERS)
                        or (prev_statement and numbers >= CONTINUATION_NUMBERS))
        (layout if is_statement else classic).append(page.number)
        prev_statement = is_statement and titled
    return layout, classic, chars


def limit_onnx_threads() -> None:
    """Make every ONNX Runtime session this process creates use one thread and no spin-waiting.

    Called first in each parser worker process. The layout model otherwise starts a thread per core and
    spins while idle: with one parser process per core that doubled its CPU time (0.63 → 0.36 CPU-s a
    page on 3M_2022_10K) for the same wall time. Patches ``onnxruntime.InferenceSession`` in this process
    only (pymupdf's layout package creates its sessions through it)."""
    try:
        import onnxruntime as ort
    except ImportError:
        return
    base = ort.InferenceSession
    if getattr(base, "_finchat_one_thread", False):
        return

    class OneThreadSession(base):  # type: ignore[misc,valid-type]
        _finchat_one_thread = True

        def __init__(self, path_or_bytes: object, sess_options: object = None, *args: object, **kwargs: object) -> None:
            so: Any = sess_options if sess_options is not None else ort.SessionOptions()
            so.intra_op_num_threads = 1
            so.inter_op_num_threads = 1
            so.add_session_config_entry("session.intra_op.allow_spinning", "0")
            super().__init__(path_or_bytes, so, *args, **kwargs)

    ort.InferenceSession = OneThreadSession


def init_worker() -> None:
    """Parser worker set-up: one ONNX thread, and exit when the parent dies (Linux), so a killed
    `finchat ingest` leaves no orphan parsers burning CPU."""
    limit_onnx_threads()
    try:
        import ctypes
        import signal

        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def parse_local(path: Path, sha: str | None = None) -> ParsedDoc:
    """Parse a PDF with pymupdf4llm (layout mode for table pages, classic mode for prose).

    Raises IngestError for non-PDFs, corrupt, encrypted, empty or scanned (no text layer) files.
    """
    import pymupdf4llm

    sha = sha or sha256_of(path)
    doc = _open_pdf(path)
    try:
        tables, classic, chars = _triage(doc)
        if chars < 20 * doc.page_count:
            raise IngestError(f"{path}: no text layer (a scanned PDF?); finchat does no OCR — run it through "
                              "an OCR tool such as ocrmypdf first")
        pages: dict[int, str] = {}
        groups: tuple[tuple[bool, list[int], dict[str, object]], ...] = (
            (True, tables, {"use_ocr": False}),
            # ignore_graphics: classic mode otherwise skips text inside ruled or shaded boxes as a "picture"
            # (Nike's 2023 10-K lost 1,697 numbers on 36 pages; Lockheed's Q2 2023 release its segment tables)
            (False, classic, {"table_strategy": None, "ignore_graphics": True}))
        for use_layout, which, kwargs in groups:
            if not which:
                continue
            pymupdf4llm.use_layout(use_layout)
            try:
                out = pymupdf4llm.to_markdown(doc, pages=which, page_chunks=True, show_progress=False, **kwargs)
            except IngestError:
                raise
            except Exception as exc:
                raise IngestError(f"{path}: the PDF parser failed ({str(exc).splitlines()[0][:120]})") from exc
            for idx, chunk in zip(which, out, strict=True):
                pages[idx] = clean_markdown(str(chunk.get("text") or ""))
        return ParsedDoc(sha, [pages.get(i, "") for i in range(doc.page_count)], PARSER_VERSION)
    finally:
        doc.close()


_MARK = re.compile(r"</?mark>|</?u>")


#: Two underlined names side by side: column-group headers of a table kept as text ("Consumer & Community
#: Banking   Corporate & Investment Bank"), which lose their boundary with the tags.
_UNDERLINED_NAMES = re.compile(r"(?<=[A-Za-z)])((?:</mark>)?</u>)[ \t]+(<u>(?:<mark>)?)(?=[A-Z])")
#: What separates column-group names on a text line (graph/textrows.py reads it).
GROUP_SEP = " ¦ "


def clean_markdown(md: str) -> str:
    """Normalise parser output: drop highlight/underline tags (keeping ``GROUP_SEP`` between two underlined
    names side by side), collapse 3+ blank lines."""
    md = _UNDERLINED_NAMES.sub(GROUP_SEP.replace("\\", ""), md)
    md = _MARK.sub("", md)
    md = md.replace("\u00a0", " ")
    md = re.sub(r"[ \t]+\n", "\n", md)
    return re.sub(r"\n{3,}", "\n\n", md).strip()


def parse_llamaparse(path: Path, sha: str | None = None) -> ParsedDoc:
    """Parse with LlamaParse (LlamaCloud). Needs LLAMA_CLOUD_API_KEY and `pip install finchat[llamaparse]`."""
    sha = sha or sha256_of(path)
    if not os.environ.get("LLAMA_CLOUD_API_KEY"):
        raise IngestError("--parser llamaparse needs LLAMA_CLOUD_API_KEY (a LlamaCloud key); "
                          "or use the default local parser")
    try:
        from llama_parse import LlamaParse
    except ImportError as exc:
        raise IngestError("--parser llamaparse needs the extra: pip install 'finchat[llamaparse]'") from exc
    _open_pdf(path).close()  # same checks as the local parser before uploading anything
    parser = LlamaParse(result_type="markdown", split_by_page=True)
    try:
        docs = parser.load_data(str(path))
    except Exception as exc:
        raise IngestError(f"{path}: LlamaParse failed ({str(exc).splitlines()[0][:120]})") from exc
    return ParsedDoc(sha, [clean_markdown(d.text) for d in docs], "llamaparse")


def parse(path: Path, parser: str = "local", sha: str | None = None) -> ParsedDoc:
    """Dispatch to the chosen parser ("local" or "llamaparse"); an HTML filing to the HTML reader."""
    if path.suffix.lower() in (".htm", ".html"):
        from finchat.ingest.html import parse_html

        return parse_html(path, sha).doc
    if parser == "llamaparse":
        return parse_llamaparse(path, sha)
    return parse_local(path, sha)

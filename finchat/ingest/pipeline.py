"""`finchat ingest`: discover → hash/skip → parse (processes) → chunk → embed → load, per document.

Parsing, the slow stage, runs in worker processes; chunking, embedding and loading run in the main
process as parses complete. Every document is loaded in its own transaction, so a failure touches only
that document; the batch goes on and the report lists it with its reason.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import numpy as np

from finchat.config import Settings
from finchat.errors import FinchatError, IngestError
from finchat.ingest import load as loader
from finchat.ingest.chunk import Chunk, chunk_pages, reading_version
from finchat.ingest.claims import FileState
from finchat.ingest.cover import CoverOnly, html_meta, is_html
from finchat.ingest.html import html_page_count
from finchat.ingest.load import AfterLoad
from finchat.ingest.naming import DocMeta, meta_from_path
from finchat.ingest.parse import (
    ParsedDoc,
    current_parser,
    init_worker,
    outdated,
    parse,
    read_cache,
    sha256_of,
    write_cache,
)
from finchat.ingest.reading import read_filing, reread, stale_reading
from finchat.ingest.xbrl import html_facts

#: Loading at least this many documents, and more than the database holds, drops and rebuilds the
#: vector and full-text indexes instead of maintaining them row by row.
BULK_MIN_DOCS = 8


class Progress(Protocol):
    """What the pipeline reports while it works (the CLI draws a bar and prints a line per file).

    ``start`` comes first, before any model is loaded or file parsed, with every file to ingest and its
    page count; ``advance`` then adds up to those pages in all (fractions while a document is parsed and
    embedded); ``file_done`` follows each file's outcome, ingested, skipped or failed."""

    def start(self, files: list[tuple[str, int]]) -> None: ...
    def advance(self, pages: float) -> None: ...
    def file_done(self, result: DocResult) -> None: ...
    def log(self, message: str) -> None: ...


class _Silent:
    def start(self, files: list[tuple[str, int]]) -> None: pass
    def advance(self, pages: float) -> None: pass
    def file_done(self, result: DocResult) -> None: pass
    def log(self, message: str) -> None: pass


#: Shares of a document's pages on the progress bar: parsed, embedded (spread over its batches), loaded.
#: Embedding is ~85 % of the main process's time (README, ingestion figures).
_PARSE_SHARE, _EMBED_SHARE = 0.1, 0.85


@dataclass
class IngestOptions:
    parser: str = "local"          # local | llamaparse
    force: bool = False
    jobs: int = field(default_factory=lambda: os.cpu_count() or 1)
    batch_size: int = 32
    after_load: AfterLoad | None = None  # graph builder hook, inside each document's transaction
    table_summaries: str = "none"        # none | llm (Ollama summaries embedded with each table)
    llm: tuple[str, str] | None = None   # (Ollama host, model) for table summaries
    trace: bool = False                  # "stage: parse|embed|load|graph|index NAME" lines on stderr


@dataclass
class DocResult:
    path: Path
    name: str
    status: str  # ingested | skipped | failed
    reason: str = ""
    pages: int = 0
    text_chunks: int = 0
    table_chunks: int = 0
    detected: str = ""   # what the path and first pages say: "Apple 10-Q FY2023 Q3, period ended 2023-07-01"
    facts: int = 0       # REPORTED facts the graph builder read from its statements
    seconds: float = 0.0  # wall time from its parse result (or cache) to its commit
    flagged: tuple[str, ...] = ()  # statement figures whose magnitude disagrees with the filing's others
    period_note: str | None = None  # the file name's period differs from the document's (ingest/reading.py)


@dataclass
class IngestReport:
    results: list[DocResult] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    indexes_built: list[str] = field(default_factory=list)

    listener: Callable[[DocResult], None] | None = field(default=None, repr=False)

    def add(self, result: DocResult) -> None:
        """Record one file's outcome (and tell the progress display)."""
        self.results.append(result)
        if self.listener is not None:
            self.listener(result)

    def count(self, status: str) -> int:
        return sum(1 for r in self.results if r.status == status)

    @property
    def failed(self) -> list[DocResult]:
        return [r for r in self.results if r.status == "failed"]

    def add_time(self, stage: str, seconds: float) -> None:
        self.seconds[stage] = self.seconds.get(stage, 0.0) + seconds


#: What `finchat ingest` reads: PDFs, and EDGAR's HTML documents (10-K/10-Q with inline XBRL, exhibits).
INPUT_SUFFIXES = (".pdf", ".htm", ".html")
_IGNORED_NAMES = {"readme.md", "readme", "readme.txt", ".gitkeep", ".ds_store"}


def discover(paths: Sequence[Path]) -> tuple[list[Path], list[DocResult], list[str]]:
    """Filings (PDF, HTML) under ``paths`` (recursively), failures for unusable arguments, and warnings.

    A path given explicitly that is not a PDF or HTML file is a failure; inside folders, other files are
    skipped with a warning (READMEs and dotfiles silently).
    """
    found: list[Path] = []
    failed: list[DocResult] = []
    warnings: list[str] = []
    for p in paths:
        if not p.exists():
            failed.append(DocResult(p, p.name, "failed", "no such file or folder"))
        elif p.is_dir():
            try:
                entries = sorted(p.rglob("*"))
            except OSError as exc:
                failed.append(DocResult(p, p.name, "failed", f"cannot list folder ({exc.strerror})"))
                continue
            for f in entries:
                if not f.is_file() or f.name.startswith(".") or f.name.lower() in _IGNORED_NAMES:
                    continue
                if f.suffix.lower() in INPUT_SUFFIXES:
                    found.append(f)
                else:
                    warnings.append(f"{f}: skipped (not a .pdf, .htm or .html filing)")
        elif p.suffix.lower() not in INPUT_SUFFIXES:
            failed.append(DocResult(p, p.name, "failed", "not a filing (expects .pdf, .htm or .html files)"))
        else:
            found.append(p)
    unique = list(dict.fromkeys(x.resolve() for x in found))
    return unique, failed, warnings


def md_path_for(pdf: Path, roots: Sequence[Path], md_dir: Path) -> Path:
    """The Markdown cache file of ``pdf``: mirrors its path below the input folder that holds it."""
    for root in roots:
        try:
            rel = pdf.resolve().relative_to(root.resolve())
        except ValueError:
            continue
        if root.is_dir():
            return md_dir / rel.with_suffix(".md")
    return md_dir / (pdf.stem + ".md")


def doc_title(meta: DocMeta) -> str:
    """Short title prefixed to embedded text: "Apple 10-Q FY2023 Q3"."""
    bits = [meta.company_name or meta.company_key or "", meta.form or ""]
    if meta.fiscal_year:
        bits.append(f"FY{meta.fiscal_year}")
    if meta.fiscal_quarter and meta.fiscal_quarter != "FY":
        bits.append(meta.fiscal_quarter)
    return " ".join(b for b in bits if b)


def _parse_job(path: str, parser: str, sha: str) -> tuple[ParsedDoc, float]:
    """Worker-process entry point (module level so it pickles): the parsed document and its seconds."""
    t = time.perf_counter()
    doc = parse(Path(path), parser, sha)
    return doc, time.perf_counter() - t


class _Pages:
    """Each file's share of the progress bar, in pages: credited in parts as it is parsed and embedded,
    topped up to its page count when it is done (ingested or failed), so the bar ends at the total."""

    def __init__(self, prog: Progress, pages: dict[str, int]) -> None:
        self.prog, self.pages, self.given = prog, pages, dict.fromkeys(pages, 0.0)

    def credit(self, name: str, share: float) -> None:
        amount = min(self.pages.get(name, 0) * share, self.pages.get(name, 0) - self.given.get(name, 0.0))
        if amount > 0:
            self.given[name] += amount
            self.prog.advance(amount)

    def finish(self, name: str) -> None:
        self.credit(name, 1.0)


def ingest(paths: Iterable[Path], settings: Settings, options: IngestOptions | None = None,
           progress: Progress | None = None) -> IngestReport:
    """Ingest every PDF under ``paths``; never raises for a bad file (it is reported), only for a dead
    database or an unusable embedding model (nothing can be ingested then)."""
    from finchat.db.admin import check_model_choice
    from finchat.db.pool import connect, require_current_schema
    from finchat.ingest.embed import cached

    opts = options or IngestOptions()
    prog = progress or _Silent()
    roots = [Path(p) for p in paths]
    report = IngestReport(listener=prog.file_done)
    t0 = time.perf_counter()
    files, failures, warnings = discover(roots)
    for failure in failures:
        report.add(failure)
    report.warnings.extend(warnings)

    conn = connect(settings.database_url)
    try:
        require_current_schema(conn)
        model_name = check_model_choice(conn, settings)
        if model_name is None:
            raise FinchatError("no embedding model recorded; run `finchat db init` first")

        # Stage 1: metadata, hash, skip unchanged.
        todo: list[tuple[Path, DocMeta, str]] = []
        seen: dict[str, Path] = {}
        reparsed = 0
        for f in files:
            if is_html(f):
                try:
                    meta = html_meta(f)
                except CoverOnly as exc:
                    report.add(DocResult(f, f.stem, "skipped", str(exc)))
                    continue
                except OSError as exc:
                    report.add(DocResult(f, f.stem, "failed", f"cannot read ({exc.strerror or exc})"))
                    continue
            else:
                meta = meta_from_path(f)
            report.warnings.extend(meta.warnings)
            if meta.name in seen:
                report.add(DocResult(f, meta.name, "failed", f"same document name as {seen[meta.name]}; rename one of them"))
                continue
            seen[meta.name] = f
            try:
                sha = sha256_of(f)
            except OSError as exc:
                report.add(DocResult(f, meta.name, "failed", f"cannot read ({exc.strerror or exc})"))
                continue
            stored = None if opts.force else loader.stored_version(conn, meta.name)
            unchanged = stored is not None and stored[0] == sha
            if unchanged and outdated(stored[1] if stored else None, reading_version(current_parser(f, opts.parser))):
                reparsed += 1  # read or chunked by an older version: read again
            elif unchanged:
                stale = stale_reading(conn, meta.name)
                reason = "unchanged"
                if stale is not None:  # stored before the period / page-number reading improved
                    meta = reread(conn, f, meta, stale)
                    reason = "unchanged; period and page numbers read again"
                report.add(DocResult(f, meta.name, "skipped", reason, detected=_detected(meta),
                                     period_note=meta.period_note))
                continue
            todo.append((f, meta, sha))
        report.add_time("hash", time.perf_counter() - t0)
        if reparsed:
            report.warnings.append(f"{reparsed} unchanged file(s) were read or chunked by an older version of finchat "
                                   "and are read again")
        # the bar's total is known before any model loads or any file is parsed (page counts are cheap)
        pages = _Pages(prog, {meta.name: _page_count(f) for f, meta, _ in todo})
        prog.start([(meta.name, pages.pages[meta.name]) for _, meta, _ in todo])
        if not todo:
            report.indexes_built = loader.build_indexes(conn) if files else []
            return report

        existing = conn.execute("SELECT count(*) FROM documents").fetchone()
        if len(todo) >= BULK_MIN_DOCS and existing is not None and len(todo) > int(existing[0]):
            loader.drop_bulk_indexes(conn)

        embedder = cached(model_name, settings.embed_device)
        count = embedder.count_tokens_many
        t_parse = time.perf_counter()
        _Claimed(conn, roots, settings, opts, report, pages, embedder, count).run(todo)
        report.add_time("parse+chunk+embed+load", time.perf_counter() - t_parse)
        t_idx = time.perf_counter()
        _stage(opts, "index")
        report.indexes_built = loader.build_indexes(conn)
        report.add_time("index", time.perf_counter() - t_idx)
        return report
    except Exception as exc:
        if _is_connection_lost(exc):
            raise _lost(settings.database_url, exc, report) from exc
        raise
    finally:
        conn.close()


#: How often a worker with nothing else to do asks again for files other workers hold (seconds).
CLAIM_POLL_S = 1.0


class _Claimed:
    """Parse, chunk, embed and load the files to do, claiming each through the database first.

    At most ``jobs + 1`` files are claimed and not yet loaded at a time (the parser processes' work and
    one queued), so workers started together on one folder split it between them. A file another worker
    holds is asked for again once this worker runs dry: it is then stored (reported "skipped"), or free
    because that worker died (claimed and done here)."""

    def __init__(self, conn, roots: list[Path], settings: Settings, opts: IngestOptions,  # type: ignore[no-untyped-def]
                 report: IngestReport, pages: _Pages, embedder, count) -> None:
        self.conn, self.roots, self.settings, self.opts = conn, roots, settings, opts
        self.report, self.pages, self.embedder, self.count = report, pages, embedder, count
        self.capacity = max(1, opts.jobs) + 1
        self.pool: ProcessPoolExecutor | None = None
        self.pending: dict[Future[tuple[ParsedDoc, float]], tuple[Path, DocMeta, str, Path]] = {}
        self.ready: list[tuple[Path, DocMeta, str, ParsedDoc]] = []

    def run(self, todo: list[tuple[Path, DocMeta, str]]) -> None:
        from collections import deque
        from concurrent.futures import FIRST_COMPLETED, wait

        queue, held = deque(todo), list[tuple[Path, DocMeta, str]]()
        told = False
        try:
            while queue or self.pending or self.ready or held:
                while queue and len(self.pending) + len(self.ready) < self.capacity:
                    item = queue.popleft()
                    if not self._claim(*item):
                        held.append(item)
                if self.ready:
                    f, meta, sha, doc = self.ready.pop(0)
                    self._settle(f, meta, _finish(self.conn, (f, meta, sha, doc), self.opts, self.report,
                                                  self.pages, self.embedder, self.count))
                elif self.pending:
                    done, _ = wait(list(self.pending), return_when=FIRST_COMPLETED)
                    for fut in done:
                        self._parsed(fut)
                elif held and not queue:
                    if not told:
                        self.report.warnings.append(
                            f"waited for {len(held)} file(s) other workers were ingesting (`finchat ingest --status`)")
                        told = True
                    time.sleep(CLAIM_POLL_S)
                    queue.extend(held)
                    held.clear()
        finally:
            if self.pool is not None:
                self.pool.shutdown(wait=True, cancel_futures=True)

    def _claim(self, f: Path, meta: DocMeta, sha: str) -> bool:
        """Claim ``f`` and queue its parse (or its cached parse); False when another worker holds it."""
        from finchat.ingest import claims

        got = claims.claim(self.conn, meta.name, source_path=str(f), sha256=sha,
                           pages=self.pages.pages.get(meta.name, 0), force=self.opts.force,
                           parser=reading_version(current_parser(f, self.opts.parser)))
        if got == "busy":
            return False
        if got == "stored":
            self.pages.finish(meta.name)
            self.report.add(DocResult(f, meta.name, "skipped", "stored by another worker", detected=_detected(meta)))
            return True
        md = md_path_for(f, self.roots, self.settings.md_dir)
        cached_doc = None if self.opts.force else read_cache(md, sha, current_parser(f, self.opts.parser))
        if cached_doc is not None:
            self.ready.append((f, meta, sha, cached_doc))
            return True
        if self.pool is None:
            self.pool = ProcessPoolExecutor(max_workers=max(1, self.opts.jobs), mp_context=get_context("spawn"),
                                            initializer=init_worker)
        self.pending[self.pool.submit(_parse_job, str(f), self.opts.parser, sha)] = (f, meta, sha, md)
        _stage(self.opts, "parse", meta.name)
        return True

    def _parsed(self, fut: Future[tuple[ParsedDoc, float]]) -> None:
        f, meta, sha, md = self.pending.pop(fut)
        try:
            doc, parse_s = fut.result()
        except Exception as exc:  # IngestError, a crashed worker, or a parser bug: never the batch
            reason = (_reason(exc, f) if isinstance(exc, IngestError) else
                      "the parser process crashed on this file" if isinstance(exc, BrokenProcessPool) else
                      f"parser error: {str(exc)[:160]}")
            self.pages.finish(meta.name)
            self._settle(f, meta, DocResult(f, meta.name, "failed", reason, detected=_detected(meta)))
            if isinstance(exc, BrokenProcessPool) and self.pool is not None:
                # the crash broke the pool for the parses queued with it (they fail the same way, once
                # each); files claimed from now on get a fresh pool
                self.pool.shutdown(wait=False, cancel_futures=True)
                self.pool = None
            return
        self.pages.credit(meta.name, _PARSE_SHARE)
        try:
            write_cache(md, doc)
        except OSError as exc:
            self.report.warnings.append(
                f"cannot write the Markdown cache in {self.settings.md_dir} ({exc.strerror or exc}) for {meta.name}; "
                "the filing is stored anyway and will be parsed again next time — free space there or "
                "point FINCHAT_MD_DIR elsewhere")
        self._settle(f, meta, _finish(self.conn, (f, meta, sha, doc), self.opts, self.report, self.pages,
                                      self.embedder, self.count, parse_s))

    def _settle(self, f: Path, meta: DocMeta, result: DocResult) -> None:
        """Report ``result`` and give up the claim (recorded as failed when it failed)."""
        from finchat.ingest import claims

        self.report.add(result)
        claims.release(self.conn, meta.name, failed=result.reason if result.status == "failed" else None)


def ingest_status(settings: Settings) -> tuple[list[FileState], int]:
    """The claims ingest workers recorded, and how many documents are stored (`finchat ingest --status`)."""
    from finchat.db.pool import connect, require_current_schema
    from finchat.ingest import claims

    with connect(settings.database_url) as conn:
        require_current_schema(conn)
        stored = conn.execute("SELECT count(*) FROM documents").fetchone()
        return claims.status(conn), int(stored[0]) if stored else 0


def _lost(dsn: str, exc: Exception, report: IngestReport) -> FinchatError:
    """The database went away mid-run: one line saying what is stored and how to finish."""
    from finchat.db.pool import describe
    from finchat.errors import DatabaseUnavailable

    reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return DatabaseUnavailable(
        f"lost the connection to Postgres at {describe(dsn)} ({reason}) after storing {report.count('ingested')} "
        "file(s) in this run; nothing half-written is kept — once it is back, run `finchat ingest` again "
        "(stored files are skipped)")


def _page_count(f: Path) -> int:
    """Pages of ``f`` from its page tree alone (milliseconds); 0 when it cannot be opened (the parser then
    reports why). An HTML filing's from its page breaks."""
    import pymupdf

    if is_html(f):
        return html_page_count(f)
    try:
        with pymupdf.open(f) as d:  # type: ignore[no-untyped-call]
            return int(d.page_count)
    except Exception:
        return 0


def _detected(meta: DocMeta) -> str:
    """What was read from the path and first pages: "Apple 10-Q FY2023 Q3, period ended 2023-07-01"."""
    title = doc_title(meta) or "company and period not recognised"
    title += f", period ended {meta.period_end.isoformat()}" if meta.period_end else ""
    return title + (f" ({meta.period_note})" if meta.period_note else "")


def _reason(exc: Exception, path: Path) -> str:
    msg = str(exc)
    prefix = f"{path}: "
    return msg[len(prefix):] if msg.startswith(prefix) else msg


def _stage(opts: IngestOptions, stage: str, name: str = "") -> None:
    """One line per stage a document enters (``--trace``): where a slow or killed run was."""
    if opts.trace:
        sys.stderr.write(f"stage: {stage} {name}".rstrip() + "\n")
        sys.stderr.flush()


def _finish(conn, item, opts: IngestOptions, report: IngestReport, pages: _Pages, embedder, count,  # type: ignore[no-untyped-def]
            parse_seconds: float = 0.0) -> DocResult:
    """Chunk, embed and load one parsed document (its claim recorded done in the same transaction);
    return the outcome."""
    from finchat.ingest import claims

    f, meta, sha, doc = item
    timings = {}
    t_doc = time.perf_counter()
    try:
        t = time.perf_counter()
        meta = read_filing(f, meta, doc.pages)
        tagged = html_facts(f) if is_html(f) else None
        chunks: list[Chunk] = chunk_pages(doc.pages, count, embedder.max_tokens, doc_title=doc_title(meta))
        if not chunks:
            raise IngestError(f"{f}: no text found to index")
        if opts.table_summaries == "llm" and opts.llm is not None:
            _summarise_tables(conn, chunks, opts, report, count, embedder.max_tokens)
        timings["chunk"] = time.perf_counter() - t
        t = time.perf_counter()
        _stage(opts, "embed", meta.name)
        vectors = _vectors(conn, meta.name, chunks, embedder, opts.batch_size,
                           lambda n: pages.credit(meta.name, _EMBED_SHARE * n / len(chunks)))
        timings["embed"] = time.perf_counter() - t
        t = time.perf_counter()
        _stage(opts, "load", meta.name)
        def after(conn, doc_id, chunk_ids, _hook=opts.after_load):  # type: ignore[no-untyped-def]
            claims.mark_done(conn, meta.name)
            if _hook is None:
                return None
            _stage(opts, "graph", meta.name)
            return _hook(conn, doc_id, chunk_ids)
        loaded = loader.load_document(conn, meta, source_path=str(f), sha256=sha, page_count=doc.page_count,
                                      parser=reading_version(doc.parser), chunks=chunks, vectors=vectors, force=opts.force,
                                      after=after, tagged=tagged)
        conn.commit()
        timings["load"] = time.perf_counter() - t
    except FinchatError as exc:
        conn.rollback()
        pages.finish(meta.name)
        return DocResult(f, meta.name, "failed", _reason(exc, f), detected=_detected(meta))
    except Exception as exc:
        conn.rollback()
        if _is_connection_lost(exc):
            raise
        pages.finish(meta.name)
        return DocResult(f, meta.name, "failed", f"{type(exc).__name__}: {str(exc).splitlines()[0][:160]}",
                         detected=_detected(meta))
    for k, v in timings.items():
        report.add_time(k, v)
    pages.finish(meta.name)
    if loaded is None:
        return DocResult(f, meta.name, "skipped", "loaded meanwhile by another run", detected=_detected(meta))
    n_tables = sum(1 for c in chunks if c.kind == "table")
    row = conn.execute("SELECT fact_notes FROM documents WHERE id = %s", (loaded.document_id,)).fetchone()
    return DocResult(f, meta.name, "ingested", "", doc.page_count, len(chunks) - n_tables, n_tables,
                     detected=_detected(meta), facts=int((loaded.graph or {}).get("facts", 0)),
                     flagged=tuple(row[0]) if row else (), period_note=meta.period_note,
                     seconds=round(parse_seconds + time.perf_counter() - t_doc, 1))


def _vectors(conn, name: str, chunks: list[Chunk], embedder, batch_size: int,  # type: ignore[no-untyped-def]
             progress: Callable[[int], None]) -> np.ndarray:
    """One vector per chunk: a chunk the stored version of ``name`` embedded with the same text keeps its vector
    (a filing chunked again by newer rules embeds only what changed); the rest are embedded."""
    import numpy as np

    known = loader.stored_vectors(conn, name)
    texts = [loader.clean_text(c.embed_text) for c in chunks]
    todo = [i for i, t in enumerate(texts) if t not in known]
    fresh = embedder.embed([chunks[i].embed_text for i in todo], batch_size=batch_size, progress=progress) \
        if todo else np.zeros((0, 0), dtype=np.float32)
    if len(todo) == len(chunks):
        return fresh
    progress(len(chunks) - len(todo))
    made = dict(zip(todo, fresh, strict=True))
    return np.vstack([made[i] if i in made else known[t] for i, t in enumerate(texts)])


def _summarise_tables(conn, chunks: list[Chunk], opts: IngestOptions, report: IngestReport, count, limit: int) -> None:  # type: ignore[no-untyped-def]
    """Prefix each table's embedded description with a cached LLM summary; on the first LLM failure,
    warn once and keep the deterministic descriptions for the rest of the run."""
    from finchat.chat.llm_tasks import table_summary
    from finchat.errors import LLMUnavailable

    assert opts.llm is not None
    host, model = opts.llm
    for c in chunks:
        if c.kind != "table":
            continue
        try:
            summary = table_summary(conn, host, model, c.text)
        except LLMUnavailable as exc:
            report.warnings.append(f"table summaries off for the rest of this run: {exc}")
            opts.table_summaries = "none"
            return
        combined = f"{summary}\n{c.embed_text}"
        while count([combined])[0] > limit - 8 and len(summary) > 40:
            summary = summary[: int(len(summary) * 0.8)]
            combined = f"{summary}\n{c.embed_text}"
        if count([combined])[0] <= limit - 8:
            c.embed_text = combined
    conn.commit()


def _is_connection_lost(exc: Exception) -> bool:
    import psycopg

    return isinstance(exc, psycopg.OperationalError)

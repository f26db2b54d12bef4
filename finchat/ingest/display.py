"""What `finchat ingest` shows while it works and when it is done.

On a terminal: a bar over all pages to ingest, with elapsed time and ETA, from the first moment (page counts
are read before any model loads), and one line per file as it finishes — name, what was detected (company,
form, fiscal period), pages, chunks, facts, seconds — above the bar, which stays at the end. When stdout is
not a terminal (a script, a log file) there is no progress output at all, only the final summary.
"""

from __future__ import annotations

import sys
from typing import Any, Self

from finchat.ingest.claims import FileState
from finchat.ingest.pipeline import DocResult, IngestReport


def file_line(r: DocResult) -> str:
    """One line for one file: "✓ APPLE_2023Q3_10Q  Apple 10-Q FY2023 Q3 … · 29 pages · 123 chunks · 84 facts · 12.3 s"."""
    if r.status == "ingested":
        return (f"✓ {r.name}  {r.detected} · {r.pages} pages · {r.text_chunks + r.table_chunks} chunks · "
                f"{r.facts} facts" + (f" ({len(r.flagged)} flagged: {'; '.join(r.flagged)})" if r.flagged else "")
                + f" · {r.seconds:.1f} s")
    if r.status == "skipped":
        return f"– {r.name}  skipped ({r.reason})"
    return f"✗ {r.path.name}  failed: {r.reason}"


class Display:
    """The pipeline's Progress (see pipeline.Progress), drawn with rich on stderr when stdout is a terminal."""

    def __init__(self, *, interactive: bool | None = None) -> None:
        self.interactive = sys.stdout.isatty() if interactive is None else interactive
        self.bar: Any = None
        self.task: Any = None
        if self.interactive:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                Progress,
                ProgressColumn,
                SpinnerColumn,
                TaskProgressColumn,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )
            from rich.text import Text

            class Pages(ProgressColumn):
                def render(self, task: Any) -> Text:
                    return Text("" if task.total is None else f"{task.completed:>6.0f}/{task.total:.0f} pages")

            self.bar = Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), Pages(),
                                TaskProgressColumn(), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                                console=Console(stderr=True), transient=False)
            self.task = self.bar.add_task("checking files", total=None)

    def __enter__(self) -> Self:
        if self.bar is not None:
            self.bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()

    # pipeline.Progress
    def start(self, files: list[tuple[str, int]]) -> None:
        if self.bar is not None:
            total = sum(p for _, p in files)
            self.bar.update(self.task, description=f"ingesting {len(files)} file{'s' if len(files) != 1 else ''}",
                            total=max(total, 1), completed=0 if total else 1)

    def advance(self, pages: float) -> None:
        if self.bar is not None:
            self.bar.advance(self.task, pages)

    def file_done(self, result: DocResult) -> None:
        if self.bar is not None and result.status != "skipped":  # unchanged files are counted in the summary
            self.bar.console.print(file_line(result), markup=False, highlight=False)

    def log(self, message: str) -> None:
        if self.bar is not None:
            self.bar.console.print(message, markup=False, highlight=False)


def summary(report: IngestReport) -> list[str]:
    """The closing summary: a table of the files ingested or failed, then the totals."""
    lines: list[str] = []
    rows = [r for r in report.results if r.status != "skipped"]
    if rows:
        head = ("file", "detected", "pages", "chunks", "facts", "s", "status")
        body = [(r.name if r.status == "ingested" else r.path.name, r.detected or "-", str(r.pages or "-"),
                 str(r.text_chunks + r.table_chunks or "-"), str(r.facts or "-"),
                 f"{r.seconds:.1f}" if r.seconds else "-", r.status) for r in rows]
        widths = [min(60, max(len(x[i]) for x in [head, *body])) for i in range(len(head))]
        for row in [head, *body]:
            cells = [c[:w].rjust(w) if i in (2, 3, 4, 5) else c[:w].ljust(w)
                     for i, (c, w) in enumerate(zip(row, widths, strict=True))]
            lines.append("  ".join(cells).rstrip())
        lines.append("")
    named = [r for r in report.results if r.period_note]
    if named:
        lines.append("filings whose name gives another period than the document (the document's is used):")
        lines.extend(f"  {r.name}: {r.period_note}" for r in named)
        lines.append("")
    flagged = [r for r in report.results if r.flagged]
    if flagged:
        lines.append("figures whose magnitude disagrees with the filing's others (check their scale):")
        lines.extend(f"  {r.name}: {note}" for r in flagged for note in r.flagged)
        lines.append("")
    covers = [r for r in report.results if r.status == "skipped" and r.reason.startswith("an 8-K")]
    if covers:
        lines.extend(f"note: {r.path.name}: {r.reason}" for r in covers)
        lines.append("")
    done = [r for r in report.results if r.status == "ingested"]
    others = sum(1 for r in report.results if r.status == "skipped" and not r.reason.startswith("unchanged")
                 and r not in covers)
    unchanged = report.count("skipped") - others - len(covers)
    parts = [f"{unchanged} unchanged"] + ([f"{others} stored by another worker"] if others else []) + \
        ([f"{len(covers)} 8-K cover page(s)"] if covers else [])
    skipped = (f"{report.count('skipped')} skipped (unchanged)" if len(parts) == 1 else
               f"{report.count('skipped')} skipped ({', '.join(parts)})")
    lines.append(f"documents: {len(done)} ingested, {skipped}, {report.count('failed')} failed")
    if done:
        lines.append(f"pages: {sum(r.pages for r in done)}; chunks: {sum(r.text_chunks for r in done)} text, "
                     f"{sum(r.table_chunks for r in done)} table; facts: {sum(r.facts for r in done)}")
    if report.seconds:
        lines.append("seconds: " + ", ".join(f"{k} {v:.1f}" for k, v in report.seconds.items()))
    if report.indexes_built:
        lines.append(f"indexes built: {', '.join(report.indexes_built)}")
    return lines


def status_lines(files: list[FileState], stored: int) -> list[str]:
    """`finchat ingest --status`: totals by state, then the files being worked on, abandoned or failed."""
    by: dict[str, int] = {}
    for f in files:
        by[f.state] = by.get(f.state, 0) + 1
    lines = [f"stored documents: {stored}",
             "files claimed by workers: " + (", ".join(f"{by[s]} {s}" for s in ("claimed", "abandoned", "done", "failed")
                                                       if s in by) or "none yet")]
    for f in files:
        if f.state == "done":
            continue
        if f.state == "claimed":
            what = f"in progress on {f.worker} since {f.claimed_at:%Y-%m-%d %H:%M:%S}"
        elif f.state == "abandoned":
            what = f"abandoned by {f.worker} (it stopped mid-file); the next `finchat ingest` claims it again"
        else:
            what = f"failed on {f.worker}: {f.reason}"
        attempts = f" (attempt {f.attempts})" if f.attempts > 1 else ""
        lines.append(f"  {f.state:9}  {f.name}  {f.pages} pages  {what}{attempts}")
    return lines

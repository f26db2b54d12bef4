"""finchat — ask questions about SEC filings from your terminal.

Each command parses its options, calls one importable function and prints the result. Errors are one
line on stderr (exit 1); FINCHAT_DEBUG=1 shows the traceback.
"""

from __future__ import annotations

import os
import sys
from typing import Any, cast

import click

from finchat import __version__
from finchat.config import SETTINGS_DOC, load_settings
from finchat.errors import FinchatError


class FinchatGroup(click.Group):
    """A click group that turns FinchatError (and Ctrl-C) into one line instead of a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except FinchatError as exc:
            if os.environ.get("FINCHAT_DEBUG", "0") not in ("", "0"):
                raise
            click.secho(f"error: {exc}", fg="red", err=True)
            ctx.exit(1)
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            ctx.exit(130)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException, SystemExit):
            raise
        except Exception as exc:
            if os.environ.get("FINCHAT_DEBUG", "0") not in ("", "0"):
                raise
            first = (str(exc).strip().splitlines() or [""])[0][:200]
            click.secho(f"error: unexpected {type(exc).__name__}: {first} (FINCHAT_DEBUG=1 shows the traceback)",
                        fg="red", err=True)
            ctx.exit(1)


@click.group(cls=FinchatGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="finchat")
def cli() -> None:
    """finchat: an on-premises chatbot for SEC filings (10-Q, 10-K, earnings releases).

    \b
    Typical first run:
      scripts/pg-local up        # or: docker compose up -d db
      finchat db init            # schema, extensions, embedding model
      finchat ingest pdf_files/  # parse, chunk, embed, load
      finchat chat               # ask away

    Settings come from the environment; `finchat config` shows them.
    """


@cli.command()
def config() -> None:
    """Print the effective settings and where each came from."""
    settings = load_settings()
    rows = settings.as_rows()
    width = max(len(r[0]) for r in rows)
    for env, value, source in rows:
        click.echo(f"{env.ljust(width)}  {value or '(unset)'}  [{source}]")
    click.echo("")
    for _, env, default, meaning in SETTINGS_DOC:
        click.echo(f"{env}: {meaning} Default: {default}.")


@cli.group()
def db() -> None:
    """Create and inspect the finchat database."""


@db.command("init")
@click.option("--reset", is_flag=True, help="Drop all finchat tables and the graph first (deletes ingested data).")
def db_init(reset: bool) -> None:
    """Create extensions, apply migrations, fix the embedding model and load the company list.

    Safe to run again: applied migrations are skipped and nothing stored changes. The embedding model is
    chosen once (FINCHAT_EMBED_MODEL, else FinBERT when loadable, else the packaged all-MiniLM-L6-v2)
    and recorded; a different model later is an error, not a silent re-embedding.
    """
    from finchat.db.admin import init_db

    if reset and sys.stdin.isatty():
        click.confirm("This deletes every ingested document, chunk and graph fact. Continue?", abort=True)
    res = init_db(load_settings(), reset=reset, notice=lambda m: click.echo(m, err=True))
    if res.applied:
        click.echo(f"applied migrations: {', '.join(res.applied)}")
    else:
        click.echo("schema up to date")
    click.echo(f"embedding model: {res.embed_model} ({res.embed_dim} dims)")
    click.echo(f"companies known: {res.companies}")


@db.command("status")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (the stored filings under `filings`).")
def db_status(as_json: bool) -> None:
    """Show the schema version, the embedding model and every stored filing (company, form, fiscal
    period, pages, chunks, graph facts).

    The period is the one the filing prints (its cover, its statements' columns, a release's headline);
    filings whose file name claims another period are listed below the table with both."""
    import json as _json

    from finchat.db.admin import db_status as status

    st = status(load_settings())
    if as_json:
        click.echo(_json.dumps(st.as_json(), indent=2))
        return
    click.echo(f"server:          PostgreSQL {st.server}")
    click.echo(f"schema:          version {st.schema_version} of {st.latest_version}"
               + ("" if st.schema_version == st.latest_version else "  (run `finchat db init`)"))
    click.echo(f"embedding model: {st.embed_model or '(not chosen; run `finchat db init`)'}"
               + (f" ({st.embed_dim} dims)" if st.embed_dim else ""))
    click.echo(f"documents:       {st.documents}")
    click.echo(f"chunks:          {st.chunks}")
    click.echo(f"vector index:    {'HNSW present' if st.hnsw_index else 'none yet (built after the first ingest)'}")
    click.echo(f"graph:           {'finchat_kg present' if st.graph else 'missing (run `finchat db init`)'}")
    if not st.filings:
        click.echo("\nNo filings stored yet: `finchat ingest pdf_files/` (or `make chat`).")
        return
    click.echo("")
    head = ("company", "form", "period", "pages", "chunks", "facts", "document")
    rows = [(str(f["company"] or "?"), str(f["form"] or "?"), _period(f), str(f["pages"]), str(f["chunks"]),
             str(f["facts"]), str(f["document"])) for f in st.filings]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    for r in [head, *rows]:
        click.echo("  ".join(c.rjust(w) if i in (3, 4, 5) else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True))).rstrip())
    noted = [f for f in st.filings if f.get("period_note")]
    if noted:
        click.echo(f"\n{len(noted)} filing(s) whose name gives another period than the document (the document's is used):")
        for f in noted:
            click.echo(f"  {f['document']}: {f['period_note']}")
    flagged = [f for f in st.filings if f.get("flagged_figures")]
    if flagged:
        click.echo(f"\n{len(flagged)} filing(s) with figures whose magnitude disagrees with the filing's others "
                   "(check their scale):")
        for f in flagged:
            for note in cast("list[str]", f["flagged_figures"]):
                click.echo(f"  {f['document']}: {note}")


@db.command("warm")
@click.option("--max-mb", type=click.IntRange(1), default=None,
              help="Read at most this many MB (default: 90 % of the server's shared_buffers).")
def db_warm(max_mb: int | None) -> None:
    """Read the search indexes and the chunks into PostgreSQL's shared buffers.

    After a large ingest, or on a server without autoprewarm, the first wide questions otherwise read the
    vector index page by page from disk (at 1M chunks: p95 over 1 s cold, under 60 ms prewarmed). The most used
    relations go first — the vector index, the full-text index, the page vectors, the chunks, then the
    graph — until the buffers are 90 % full; what does not fit is listed. Needs the pg_prewarm extension
    (PostgreSQL contrib; created here if missing). With pg_prewarm preloaded (scripts/pg-local, the compose
    image) the buffers are written at shutdown and read back at start, so this is needed once, not after
    every restart. Nothing stored changes.
    """
    from finchat.db.pool import connect
    from finchat.db.warm import Warmed, warm

    def progress(w: Warmed) -> None:
        if w.bytes < 2**20:  # the many small catalogs and graph labels: counted in the summary only
            return
        click.echo(f"  {w.relation:<40} {w.bytes / 2**20:>9,.0f} MB  {w.seconds:6.1f} s", err=True)

    with connect(load_settings().database_url) as conn:
        res = warm(conn, budget=max_mb * 2**20 if max_mb else None, progress=progress)
    plan, total = res.plan, sum(w.bytes for w in res.warmed)
    click.echo(f"warmed {len(res.warmed)} relations, {total / 2**20:,.0f} MB, in {sum(w.seconds for w in res.warmed):.1f} s"
               f" (shared_buffers {plan.shared_buffers / 2**20:,.0f} MB)")
    if plan.skipped:
        left = sum(b for _, b in plan.skipped)
        click.echo(f"did not fit: {len(plan.skipped)} relations, {left / 2**20:,.0f} MB (largest "
                   f"{max(plan.skipped, key=lambda s: s[1])[0]}); raise shared_buffers (scripts/pg-local and "
                   "docker compose: FINCHAT_PG_SHARED_BUFFERS) to hold them")
    click.echo("kept across restarts (autoprewarm)" if plan.autoprewarm else
               "not kept across restarts: add pg_prewarm to shared_preload_libraries (autoprewarm), or run this "
               "after each restart")


def _period(f: dict[str, Any]) -> str:
    """"FY2023 Q3" / "FY2023" / "?" for a stored filing, plus its period end when known."""
    if not f.get("fiscal_year"):
        return "?"
    q = f.get("fiscal_quarter")
    label = f"FY{f['fiscal_year']}" + (f" {q}" if q and q != "FY" else "")
    return label + (f" (to {f['period_end']})" if f.get("period_end") else "")


@cli.command()
def doctor() -> None:
    """Check the database, its extensions, the schema, the embedding model and Ollama.

    One line per check, with the fix for anything missing. Exit code 1 when a required check fails
    (database, extensions, schema, embedding model); Ollama not running is a warning (exit 0): answers
    then come from the filings' facts and passages.
    """
    from finchat.doctor import run_checks

    checks = run_checks(load_settings())
    colour = {"ok": "green", "FAIL": "red", "warn": "yellow"}
    for c in checks:
        click.echo(f"{click.style(c.label.ljust(4), fg=colour[c.label])} {c.name}: {c.detail}")
    if any(c.label == "FAIL" for c in checks):
        sys.exit(1)


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=__import__("pathlib").Path))
@click.option("--parser", type=click.Choice(["local", "llamaparse"]), default="local", show_default=True,
              help="local: pymupdf4llm, no network. llamaparse: LlamaCloud (needs LLAMA_CLOUD_API_KEY).")
@click.option("--force", is_flag=True, help="Re-parse and re-load even unchanged files.")
@click.option("--jobs", "-j", type=click.IntRange(1, 64), default=None,
              help="Parser processes [default: number of cores].")
@click.option("--table-summaries", type=click.Choice(["none", "llm"]), default="none", show_default=True,
              help="llm: embed an Ollama summary with each table (cached by content hash).")
@click.option("--graph-extractor", type=click.Choice(["rules", "llm"]), default="rules", show_default=True,
              help="llm: add HybridRAG-style LLM triplets to the graph (cached per chunk).")
@click.option("--trace", is_flag=True, help="Print a line on stderr as each file enters a stage "
              "(parse, embed, load, graph) and when indexes are built.")
@click.option("--status", "show_status", is_flag=True,
              help="Show what ingest workers have claimed, finished and failed in this database, and exit.")
def ingest(paths: tuple[Any, ...], parser: str, force: bool, jobs: int | None, table_summaries: str,
           graph_extractor: str, trace: bool, show_status: bool) -> None:
    """Parse, chunk, embed and load filings: PDFs and EDGAR's HTML documents (files or folders, recursively).

    PATHS default to FINCHAT_PDF_DIR (pdf_files/). An HTML filing's company, form and period come from its
    inline-XBRL cover tags and every tagged number is stored; an 8-K cover page is a note (its exhibit holds
    the release). Unchanged files (same sha256) are skipped in well
    under a second; changed ones replace their old rows atomically. Bad files (corrupt, encrypted,
    scanned, not a PDF or HTML) are reported one line each and skipped; the exit code is 1 only when
    something failed. Markdown is cached in FINCHAT_MD_DIR (md_files/), mirroring the PDF paths.

    On a terminal a bar over all pages (with ETA) and one line per finished file show progress; the
    closing table lists each file ingested or failed with the company, form and period detected, pages,
    chunks, graph facts and seconds. When stdout is not a terminal only that summary is printed.

    Several workers — processes on one machine or on several, all with the same FINCHAT_DATABASE_URL and
    the same (shared) folder — split the files between them: each file is claimed through the database
    and ingested once; a worker that dies mid-file leaves it to the next one that asks (an abandoned
    file is taken over by a worker still running, or by the next `finchat ingest`). `--status` shows the
    claims.
    """
    import os as _os

    from finchat.ingest.display import Display, summary

    if show_status:
        from finchat.ingest.display import status_lines
        from finchat.ingest.pipeline import ingest_status

        for line in status_lines(*ingest_status(load_settings())):
            click.echo(line)
        return
    from finchat.ingest.pipeline import IngestOptions
    from finchat.ingest.pipeline import ingest as run_ingest

    settings = load_settings()
    targets = list(paths) or [settings.pdf_dir]
    hook = _graph_hook()
    if graph_extractor == "llm":
        from finchat.graph.build import llm_after_load

        hook = llm_after_load(settings.ollama_host, settings.llm_model)
    opts = IngestOptions(parser=parser, force=force, jobs=jobs or (_os.cpu_count() or 1), after_load=hook,
                         table_summaries=table_summaries, llm=(settings.ollama_host, settings.llm_model), trace=trace)
    with Display() as display:
        report = run_ingest(targets, settings, opts, display)
    for w in report.warnings:
        click.secho(f"warning: {w}", fg="yellow", err=True)
    for r in report.failed:
        click.secho(f"failed: {r.path}: {r.reason}", fg="red", err=True)
    for line in summary(report):
        click.echo(line)
    if report.failed:
        sys.exit(1)


@cli.command()
@click.argument("model")
def reembed(model: str) -> None:
    """Switch the database to embedding MODEL, keeping every filing (no re-parsing).

    MODEL is a Hugging Face encoder id or local folder, all-MiniLM-L6-v2 (packaged), or
    bge-small-en-v1.5 (bundled int8 ONNX, extra finchat[rerank]). Each chunk's stored text is embedded
    again into a side column, a batch per transaction, while questions keep using the old vectors; one
    short transaction then swaps the columns and records the model, and the HNSW index is rebuilt
    (questions use exact search until it is). Interrupted runs resume where they stopped. Ingest and
    questions afterwards use MODEL; set FINCHAT_EMBED_MODEL to it, or leave it unset.
    """
    import time

    from finchat.ingest.reembed import reembed as run

    bar: dict[str, Any] = {}

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if sys.stderr.isatty() or now - bar.get("t", 0.0) > 30 or done >= total:
            bar["t"] = now
            click.echo(f"\rre-embedding: {done:,}/{total:,} chunks", err=True, nl=not sys.stderr.isatty())

    res = run(load_settings(), model, progress=progress)
    if sys.stderr.isatty():
        click.echo("", err=True)
    if not res.swapped:
        click.echo(f"already embedded with {res.model}; nothing to do")
        return
    click.echo(f"embedding model: {res.previous} -> {res.model} ({res.dim} dims); {res.chunks:,} chunks embedded"
               + (f" ({res.resumed:,} by an interrupted run)" if res.resumed else "") + f" in {res.seconds:.0f} s")


def _graph_hook() -> Any:
    """The knowledge-graph builder, when available (it runs inside each document's transaction)."""
    try:
        from finchat.graph.build import after_load
    except ImportError:
        return None
    return after_load


def _weights(raw: str | None) -> tuple[float, float, float] | None:
    from finchat.config import _parse_weights

    return _parse_weights(raw) if raw else None


@cli.command()
@click.argument("question", required=False)
@click.option("--k", "-k", type=click.IntRange(1, 50), default=5, show_default=True, help="Passages to retrieve.")
@click.option("--no-llm", is_flag=True, help="Do not call Ollama: print facts and passages with citations.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (JSON Lines with --batch).")
@click.option("--batch", type=click.File("r"), help="Answer one question per line of FILE ('-' for stdin).")
@click.option("--weights", help="Fusion weights vector,text,graph (default: tuned; or FINCHAT_WEIGHTS).")
@click.option("--fusion", type=click.Choice(["minmax", "rrf"]), default="minmax", show_default=True)
@click.option("--channels", default="vector,text,graph", show_default=True,
              help="Comma-separated subset of vector,text,graph.")
@click.option("--verbose", "-v", is_flag=True, help="Show the graph facts and the full passages, not short snippets.")
@click.option("--no-rerank", is_flag=True, help="Keep the fused ranking (no cross-encoder; also FINCHAT_RERANK=off).")
def ask(question: str | None, k: int, no_llm: bool, as_json: bool, batch: Any, weights: str | None,
        fusion: str, channels: str, verbose: bool, no_rerank: bool) -> None:
    """Answer QUESTION from the ingested filings.

    Companies, fiscal years, quarters and forms in the question scope the search ("Apple's revenue in
    Q3 2023"). Every answer starts with a direct, cited answer built from the statements' figures: the
    value and its change on a year earlier, derived figures (margins, ratios, free cash flow) with their
    inputs, yes/no for "did X perform well", or the best sentences of the passages for narrative
    questions. Without --no-llm Ollama then writes the answer with [n] citations from the same figures, and
    any figure it states that is in no source is flagged; when Ollama is not running the direct answer
    stands (exit code 0). A company with no stored filing is named as such, with what is stored, instead of
    answering from other companies' filings.

    With --batch, a question that fails (the database went away and did not come back) gets one line
    saying why and the batch goes on; the exit code is then 1. A lost connection is retried once first.
    """
    import json as _json

    from finchat.retrieve.service import Service, render_answer, result_json

    if not question and batch is None:
        raise click.UsageError("give a QUESTION or --batch FILE")
    chosen = tuple(c.strip() for c in channels.split(",") if c.strip())
    bad = [c for c in chosen if c not in ("vector", "text", "graph")]
    if bad or not chosen:
        raise click.UsageError(f"--channels takes vector, text, graph (got {channels!r})")
    settings = load_settings()
    svc = Service.open(settings, weights=_weights(weights), fusion=fusion, channels=chosen, rerank=not no_rerank)
    failed = 0
    try:
        questions = [question] if question else [ln.strip() for ln in batch if ln.strip()]
        for q in questions:
            try:
                res = svc.retrieve(q, k)
            except FinchatError as exc:
                if len(questions) == 1:
                    raise
                # one failing question does not end the batch: its line says why
                failed += 1
                if as_json:
                    click.echo(_json.dumps({"question": q, "error": str(exc)}))
                else:
                    click.secho(f"Q: {q}", bold=True)
                    click.secho(f"error: {exc}\n", fg="red")
                continue
            direct = svc.answer(res)
            llm = _llm_answer(settings, res, direct) if not no_llm and res.hits else None
            if as_json:
                click.echo(_json.dumps(result_json(res, llm[2] if llm else None, direct, llm[1] if llm else None),
                                       default=str))
            else:
                if len(questions) > 1:
                    click.secho(f"Q: {q}", bold=True)
                click.echo(llm[0] if llm is not None else render_answer(res, direct, verbose=verbose))
                if len(questions) > 1:
                    click.echo("")
    finally:
        svc.close()
    if failed:
        click.secho(f"{failed} of {len(questions)} questions failed (their lines say why)", fg="red", err=True)
        sys.exit(1)


@cli.command()
@click.option("--k", "-k", type=click.IntRange(1, 50), default=5, show_default=True, help="Passages per answer.")
@click.option("--no-rerank", is_flag=True, help="Keep the fused ranking (no cross-encoder; also FINCHAT_RERANK=off).")
def chat(k: int, no_rerank: bool) -> None:
    """Open the interactive chat (REPL) over the ingested filings.

    \b
    Enter sends; Alt-Enter (or Esc, Enter) inserts a new line; Ctrl-C cancels the answer being
    streamed; Ctrl-D or /quit leaves. /help lists the slash commands (/k, /filters, /sources,
    /explain, /facts, /model, /weights, /reset). Follow-up questions keep the previous company and
    period ("and net income?"). Without Ollama, answers come from the facts and passages.
    """
    from finchat.chat.repl import Repl
    from finchat.retrieve.service import Service

    settings = load_settings()
    svc = Service.open(settings, rerank=not no_rerank)
    try:
        repl = Repl(svc, settings)
        repl.state.k = k
        repl.run()
    finally:
        svc.close()


def _llm_answer(settings: Any, res: Any, direct: Any) -> tuple[str, list[str], str] | None:
    """(the answer — the direct one first, the LLM's explanation after it — with sources and flags, the LLM's
    unsupported figures, the LLM's own text), or None when no LLM can answer (the caller prints the direct
    answer)."""
    from finchat.chat.answer import answer_once

    return answer_once(settings, res, direct)


@cli.group("eval")
def eval_() -> None:
    """Evaluations: retrieval quality (P@k, R@k, F1@k, Hit@k, MRR, nDCG), the yfinance yes/no generation
    check, and answer accuracy."""


@eval_.command("retrieval")
@click.option("--dataset", "datasets", required=True, multiple=True,
              type=click.Path(exists=True, dir_okay=False, path_type=__import__("pathlib").Path),
              help="Seed-format JSON or FinanceBench JSONL; repeat it to score several files as one set.")
@click.option("--k", "ks", default="1,2,3,5,10", show_default=True, help="Comma-separated cut-offs.")
@click.option("--channels", "channel_sets", default="hybrid,vector,text,graph", show_default=True,
              help="Channel sets to compare: hybrid, or one channel, or a+b (e.g. vector+text).")
@click.option("--weights", help="Fusion weights vector,text,graph for the hybrid run.")
@click.option("--fusion", type=click.Choice(["minmax", "rrf"]), default="minmax", show_default=True)
@click.option("--out", type=click.Path(file_okay=False, path_type=__import__("pathlib").Path), default="eval/out",
              show_default=True, help="Folder for results.json and PNG plots.")
@click.option("--no-rerank", is_flag=True, help="Score the fused ranking (no cross-encoder).")
def eval_retrieval(datasets: tuple[Any, ...], ks: str, channel_sets: str, weights: str | None, fusion: str, out: Any,
                   no_rerank: bool) -> None:
    """Score retrieval on the datasets for each channel set (an ablation table), write JSON and plots."""
    from finchat.evaluation.runner import run_retrieval_eval

    kk = [int(x) for x in ks.split(",") if x.strip()]
    sets = [s.strip() for s in channel_sets.split(",") if s.strip()]
    for line in run_retrieval_eval(load_settings(), list(datasets), kk, sets, _weights(weights), fusion, out,
                                   rerank=not no_rerank):
        click.echo(line)


@eval_.command("generation")
@click.option("--k", "ks", default="1,2,3,4,5", show_default=True, help="Comma-separated numbers of passages.")
@click.option("--trials", type=click.IntRange(1, 20), default=1, show_default=True,
              help="Answers per question and k (LLM nondeterminism; seeds seed, seed+1, …).")
@click.option("--no-llm", is_flag=True, help="Judge the direct answers (no Ollama).")
@click.option("--labels", default="yfinance", show_default=True,
              help="yfinance (cached in the database), filings (the graph's statement facts), or a labels JSON FILE.")
@click.option("--rule", type=click.Choice(["fundamentals", "price"]), default="fundamentals", show_default=True,
              help="fundamentals: ≥ 2 of revenue, net income, diluted EPS grew on a year earlier; price: "
                   "quarter return ≥ 5 %, daily volatility < 5 %, volume > 1M.")
@click.option("--min-grew", type=click.IntRange(1, 3), default=2, show_default=True,
              help="How many of the three must grow for 'yes' (fundamentals rule).")
@click.option("--companies", default="", help="Comma-separated companies (default: every company with a 10-Q).")
@click.option("--periods", default="", help="Comma-separated fiscal quarters, e.g. 2023Q3,2023Q2 (default: the 10-Qs').")
@click.option("--temperature", type=float, default=0.0, show_default=True, help="LLM sampling temperature.")
@click.option("--seed", type=int, default=42, show_default=True, help="LLM sampling seed of the first trial.")
@click.option("--refresh", is_flag=True, help="Fetch market data again instead of using the cache.")
@click.option("--out", type=click.Path(file_okay=False, path_type=__import__("pathlib").Path),
              default="eval/out/generation", show_default=True, help="Folder for labels.json, results.json, accuracy.png.")
def eval_generation(ks: str, trials: int, no_llm: bool, labels: str, rule: str, min_grew: int, companies: str,
                    periods: str, temperature: float, seed: int, refresh: bool, out: Any) -> None:
    """Ask "Did <Company> perform well in Q<n> <YYYY>?" for each ingested 10-Q period and score the yes/no
    against yfinance labels (the seed's check): accuracy per k, refusals and unclear answers counted apart,
    per-company accuracy and a confusion table. Market data is cached in the database, so reruns work
    offline; with no network and no cache it says so (use `finchat market import FILE` or --labels)."""
    from finchat.evaluation.generation import run_generation_eval

    kk = [int(x) for x in ks.split(",") if x.strip()]
    for line in run_generation_eval(load_settings(), ks=kk, trials=trials, no_llm=no_llm, labels=labels, rule=rule,
                                    companies=[c for c in companies.split(",") if c.strip()],
                                    periods=[p for p in periods.split(",") if p.strip()], temperature=temperature,
                                    seed=seed, min_grew=min_grew, refresh=refresh, out=out):
        click.echo(line)


@eval_.command("answers")
@click.option("--dataset", required=True, type=click.Path(exists=True, dir_okay=False, path_type=__import__("pathlib").Path),
              help="FinanceBench JSONL (financebench_open_source.jsonl).")
@click.option("--k", "ks", default="5", show_default=True, help="Comma-separated numbers of passages.")
@click.option("--no-llm", is_flag=True, help="Score the direct answers (no Ollama).")
@click.option("--types", default="", help="Only these question types (comma-separated), e.g. metrics-generated.")
@click.option("--limit", type=click.IntRange(1), default=None, help="At most this many questions.")
@click.option("--out", type=click.Path(file_okay=False, path_type=__import__("pathlib").Path),
              default="eval/out/answers", show_default=True, help="Folder for results.json.")
def eval_answers(dataset: Any, ks: str, no_llm: bool, types: str, limit: int | None, out: Any) -> None:
    """Is the gold figure in finchat's answer? For each FinanceBench question whose filings are ingested:
    numeric golds are matched allowing units, rounding to the gold's precision, $, %, millions vs billions;
    yes/no golds by the answer's verdict; narrative golds are reported apart, not scored."""
    from finchat.evaluation.answers import run_answer_eval

    for line in run_answer_eval(load_settings(), dataset, ks=[int(x) for x in ks.split(",") if x.strip()],
                                no_llm=no_llm, out=out, limit=limit,
                                types=[t.strip() for t in types.split(",") if t.strip()] or None):
        click.echo(line)


@eval_.command("facts")
@click.option("--sample", type=click.Path(dir_okay=False, path_type=__import__("pathlib").Path),
              default="eval/datasets/facts_sample.csv", show_default=True,
              help="Hand-checked statement figures (CSV); '' to skip the accuracy check.")
@click.option("--all", "show_all", is_flag=True, help="List every incomplete filing (default: the first 12).")
@click.option("--out", type=click.Path(file_okay=False, path_type=__import__("pathlib").Path),
              default="eval/out/facts", show_default=True, help="Folder for results.json.")
@click.option("--xbrl", is_flag=True, help="Instead: the table reader against the inline-XBRL tags of every "
              "stored HTML filing (coverage and accuracy per metric, every disagreement listed).")
def eval_facts(sample: Any, show_all: bool, out: Any, xbrl: bool) -> None:
    """Coverage of the graph's statement facts (revenue, net income, diluted EPS, total assets, cash) per form
    and per metric over every ingested filing, and accuracy (value, sign, period) against figures read by
    hand off the PDFs. With --xbrl, the table reader's figures of every HTML filing against the filer's tags
    (value, scale, sign and period), written to OUT/xbrl.json too."""
    if xbrl:
        _eval_facts_xbrl(out)
        return
    from finchat.evaluation.facts import run_facts_eval

    path = None if str(sample) in ("", ".") else sample  # click reads --sample '' as "."
    if path is not None and not path.exists():
        raise click.ClickException(f"no sample file at {sample} (pass --sample '' to skip the accuracy check)")
    for line in run_facts_eval(load_settings(), path, out, show_documents=show_all):
        click.echo(line)


def _eval_facts_xbrl(out: Any) -> None:
    import json

    from finchat.db.pool import connect, require_current_schema
    from finchat.evaluation.xbrl import report_lines, run_xbrl_eval

    with connect(load_settings().database_url) as conn:
        require_current_schema(conn)
        res = run_xbrl_eval(conn)
    if not res["filings"]:
        raise click.ClickException("no stored filing has inline-XBRL statement tags; ingest HTML filings first "
                                   "(finchat fetch TICKER, or finchat ingest a folder of EDGAR .htm files)")
    for line in report_lines(res):
        click.echo(line)
    out.mkdir(parents=True, exist_ok=True)
    (out / "xbrl.json").write_text(json.dumps(res, indent=1, default=str))


@cli.group()
def market() -> None:
    """The market-data cache (yfinance) behind `finchat eval generation`."""


@market.command("fetch")
@click.argument("tickers", nargs=-1, required=True)
@click.option("--kind", type=click.Choice(["quarterly_income_stmt", "history", "both"]), default="both", show_default=True)
def market_fetch(tickers: tuple[str, ...], kind: str) -> None:
    """Fetch TICKERS from Yahoo Finance into the cache (replacing what is cached)."""
    from finchat import market as mk
    from finchat.db.pool import connect

    with connect(load_settings().database_url) as conn:
        for t in tickers:
            for kd in (("quarterly_income_stmt", "history") if kind == "both" else (kind,)):
                df = mk.get(conn, t.upper(), kd, refresh=True)
                click.echo(f"{t.upper()} {kd}: {df.shape[0]} × {df.shape[1]}")


@market.command("export")
@click.argument("file", type=click.Path(dir_okay=False, path_type=__import__("pathlib").Path))
def market_export(file: Any) -> None:
    """Write the cached market data to FILE (JSON Lines)."""
    from finchat.db.pool import connect
    from finchat.market import export_cache

    with connect(load_settings().database_url) as conn:
        click.echo(f"exported {export_cache(conn, file)} rows to {file}")


@market.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=__import__("pathlib").Path))
def market_import(file: Any) -> None:
    """Load market data written by `finchat market export` (newer rows win)."""
    from finchat.db.pool import connect
    from finchat.market import import_cache

    with connect(load_settings().database_url) as conn:
        click.echo(f"imported {import_cache(conn, file)} rows from {file}")


@cli.group()
def graph() -> None:
    """The knowledge graph (Apache AGE): facts, statistics, read-only Cypher, rebuild."""


@graph.command("facts")
@click.argument("company")
@click.option("--metric", "-m", help="Canonical key (revenue, eps_diluted …) or any synonym (\"total net sales\", EPS).")
@click.option("--year", "-y", type=int, multiple=True, help="Fiscal year of the filing (repeatable).")
@click.option("--quarter", "-q", multiple=True, help="Fiscal quarter of the filing: Q1..Q4 or FY (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list of facts.")
def graph_facts(company: str, metric: str | None, year: tuple[int, ...], quarter: tuple[str, ...], as_json: bool) -> None:
    """Figures read from COMPANY's financial statements, with their source page.

    COMPANY is a name, ticker or alias ("Apple", AAPL, "PG&E").
    """
    import json as _json

    from finchat.db.pool import connect
    from finchat.errors import QueryError
    from finchat.graph.lexicon import resolve_metric
    from finchat.graph.query import facts
    settings = load_settings()
    with connect(settings.database_url) as conn:
        key = _company_key(conn, company)
        metrics: list[str] = []
        if metric:
            m = resolve_metric(metric)
            if m is None:
                raise QueryError(f"unknown metric {metric!r}; try revenue, net_income, eps_diluted, total_assets, cash …")
            metrics = [m]
        rows = facts(conn, [key], metrics, list(year), [q.upper() for q in quarter])
    if as_json:
        click.echo(_json.dumps([r.as_json() for r in rows], indent=2))
        return
    if not rows:
        click.echo(f"no facts for {company}" + (f" / {metric}" if metric else "") + " (is the filing ingested?)")
    for r in rows:
        click.echo(r.shown())


def _company_key(conn: Any, name: str) -> str:
    """A company key from a name, ticker or alias, looked up in the companies table."""
    from finchat.errors import QueryError
    from finchat.ingest.companies import squash

    want = squash(name)
    for key, cname, ticker, aliases in conn.execute("SELECT key, name, ticker, aliases FROM companies").fetchall():
        if want in {squash(key), squash(cname), squash(ticker or "")} | {squash(a) for a in aliases}:
            return str(key)
    raise QueryError(f"unknown company {name!r}; `finchat db status` lists what is ingested")


@graph.command("stats")
def graph_stats() -> None:
    """Vertex and edge counts per label."""
    from finchat.db.pool import connect
    from finchat.graph.query import stats

    with connect(load_settings().database_url) as conn:
        for label, n in stats(conn).items():
            click.echo(f"{label:12} {n}")


@graph.command("cypher")
@click.argument("query")
def graph_cypher(query: str) -> None:
    """Run a read-only Cypher QUERY on finchat_kg and print the rows as JSON lines.

    \b
    Example:
      finchat graph cypher "MATCH (c:Company)-[r:REPORTED]->(m:Metric {key: 'revenue'}) RETURN c.key, r.value LIMIT 5"

    Queries that write (CREATE, MERGE, SET, DELETE, REMOVE, CALL) are refused.
    """
    import json as _json

    from finchat.db.pool import connect
    from finchat.graph.query import read_only_cypher

    with connect(load_settings().database_url) as conn:
        cols, rows = read_only_cypher(conn, query)
    for r in rows:
        click.echo(_json.dumps(dict(zip(cols, r, strict=True)), default=str))


@graph.command("build")
def graph_build() -> None:
    """Rebuild the graph of every ingested document from its stored chunks (ingest does this per
    document already; use after upgrading finchat or to repair)."""
    from finchat.db.pool import connect
    from finchat.graph.build import rebuild_all

    with connect(load_settings().database_url) as conn:
        totals = rebuild_all(conn)
        conn.commit()
    click.echo(", ".join(f"{k}: {v}" for k, v in totals.items()))


def main() -> None:
    """Console-script entry point."""
    cli(prog_name="finchat")


if __name__ == "__main__":
    main()


def _register_fetch() -> None:
    from finchat.edgar.command import fetch

    cli.add_command(fetch)


_register_fetch()

"""finchat — ask questions about SEC filings from your terminal.

Each command parses its options, calls one importable function and prints the result. Errors are one
line on stderr (exit 1); FINCHAT_DEBUG=1 shows the traceback.
"""

from __future__ import annotations

import os
import sys
from typing import Any

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
def db_status() -> None:
    """Show the schema version, embedding model and what is stored."""
    from finchat.db.admin import db_status as status

    st = status(load_settings())
    click.echo(f"server:          PostgreSQL {st.server}")
    click.echo(f"schema:          version {st.schema_version} of {st.latest_version}"
               + ("" if st.schema_version == st.latest_version else "  (run `finchat db init`)"))
    click.echo(f"embedding model: {st.embed_model or '(not chosen; run `finchat db init`)'}"
               + (f" ({st.embed_dim} dims)" if st.embed_dim else ""))
    click.echo(f"documents:       {st.documents}")
    click.echo(f"chunks:          {st.chunks}")
    click.echo(f"vector index:    {'HNSW present' if st.hnsw_index else 'none yet (built after the first ingest)'}")
    click.echo(f"graph:           {'finchat_kg present' if st.graph else 'missing (run `finchat db init`)'}")


@cli.command()
def doctor() -> None:
    """Check the database, its extensions, the schema, the embedding model and Ollama.

    One line per check, with the fix for anything missing. Exit code 1 when the database is unusable.
    """
    from finchat.doctor import run_checks

    checks = run_checks(load_settings())
    for c in checks:
        mark = click.style("ok  ", fg="green") if c.ok else click.style("FAIL", fg="red")
        click.echo(f"{mark} {c.name}: {c.detail}")
    if any(c.fatal and not c.ok for c in checks):
        sys.exit(1)


def main() -> None:
    """Console-script entry point."""
    cli(prog_name="finchat")


if __name__ == "__main__":
    main()

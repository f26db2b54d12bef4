"""The `finchat fetch` command (registered on the CLI group in finchat/cli.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from finchat.config import load_settings


@click.command()
@click.argument("tickers", nargs=-1, required=True)
@click.option("--forms", default="10-K,10-Q", show_default=True,
              help="Comma-separated forms: 10-K, 10-Q, 8-K (an 8-K brings its earnings-release exhibit, EX-99.1).")
@click.option("--since", type=click.DateTime(formats=["%Y-%m-%d"]), default=None,
              help="Only filings filed on or after this date (YYYY-MM-DD).")
@click.option("--last", type=click.IntRange(1, 100), default=None,
              help="The newest N filings of each form [default: 4 when --since is not given].")
@click.option("--to", "folder", type=click.Path(path_type=Path), default=None,
              help="Input folder to save into (under edgar/TICKER/) [default: FINCHAT_PDF_DIR, pdf_files/].")
@click.option("--no-ingest", is_flag=True, help="Save the filings only; `finchat ingest` reads them later.")
@click.pass_context
def fetch(ctx: click.Context, tickers: tuple[str, ...], forms: str, since: Any, last: int | None, folder: Path | None,
          no_ingest: bool) -> None:
    """Fetch filings from SEC EDGAR by ticker, save them in the input folder, then ingest them.

    TICKER → CIK (EDGAR's company list, cached), the company's submissions, each chosen filing's primary
    document (HTML with inline XBRL); for an 8-K, its earnings release (EX-99.1). Needs
    FINCHAT_EDGAR_USER_AGENT (your name and e-mail: EDGAR's fair-access rules); at most 10 requests a
    second, retried with back-off on 429/5xx. A filing fetched before (same accession number) is not
    fetched again, and a killed run leaves no partial file. Examples:

    \b
      finchat fetch NVDA --forms 10-K,10-Q --last 4
      finchat fetch AAPL MSFT --forms 8-K --since 2025-01-01
    """
    from finchat.db.pool import connect, require_current_schema
    from finchat.edgar.client import Edgar
    from finchat.edgar.fetch import fetch as run_fetch

    settings = load_settings()
    wanted = tuple(f.strip().upper() for f in forms.split(",") if f.strip())
    bad = [f for f in wanted if f not in ("10-K", "10-Q", "8-K", "10-K/A", "10-Q/A")]
    if bad:
        raise click.BadParameter(f"{', '.join(bad)}: finchat reads 10-K, 10-Q and 8-K", param_hint="--forms")
    target = folder or settings.pdf_dir
    edgar = Edgar(settings.edgar_user_agent, settings.edgar_url)
    with connect(settings.database_url) as conn:
        require_current_schema(conn)
        report = run_fetch(conn, edgar, list(tickers), target, forms=wanted,
                           since=since.date() if since else None, last=last,
                           progress=lambda m: click.echo(m, err=True))
    for note in report.notes:
        click.secho(f"note: {note}", fg="yellow", err=True)
    click.echo(f"fetched {len(report.filings)} filing(s) ({len(report.saved)} document(s)) into {target / 'edgar'}; "
               f"{len(report.already)} fetched before; {report.requests} request(s) to EDGAR")
    if no_ingest or not report.saved:
        return
    from finchat.cli import ingest

    ctx.invoke(ingest, paths=tuple(sorted({p.parent for p in report.saved})))

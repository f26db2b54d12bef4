"""Every exception finchat raises on purpose, in one place.

Each class says who sees it. The CLI and the REPL print ``str(error)`` as one line (``error: …``) and
exit 1; set ``FINCHAT_DEBUG=1`` to see the traceback instead. Messages name the fix, not just the fault.
"""

from __future__ import annotations


class FinchatError(Exception):
    """Base class. Seen by: whoever ran the command, as one line on stderr."""


class ConfigError(FinchatError):
    """A setting (environment variable or option) has a value finchat cannot use. Seen by: the user."""


class DatabaseUnavailable(FinchatError):
    """Postgres cannot be reached or refused the login. Seen by: the user, with the command that starts it."""


class DatabaseNotReady(FinchatError):
    """Postgres answers but lacks an extension or the schema. Seen by: the user, told to run `finchat db init`."""


class EmbeddingModelError(FinchatError):
    """The embedding model cannot be loaded, or differs from the one the database was built with.
    Seen by: the user running `db init`, `ingest`, `ask` or `chat`."""


class IngestError(FinchatError):
    """One input file cannot be ingested (corrupt, encrypted, scanned, not a PDF …).
    Seen by: the user, as one line per file in the ingest summary; the batch goes on."""


class QueryError(FinchatError):
    """A question or a query option cannot be served (bad Cypher, unknown company …). Seen by: the user."""


class LLMUnavailable(FinchatError):
    """Ollama is not running or the model is not pulled. Seen by: the chat user, once, with the fix;
    the answer then falls back to facts and passages. ``state`` is ``unreachable``, ``not pulled`` or
    ``failed`` (it answered with an error, or broke off mid-answer)."""

    def __init__(self, message: str, state: str = "failed") -> None:
        super().__init__(message)
        self.state = state


class MarketDataUnavailable(FinchatError):
    """Market data (yfinance) cannot be fetched and is not cached. Seen by: whoever runs `finchat eval
    generation` or `finchat market`, with the fix (network, `finchat market import FILE`, or `--labels`)."""


class FetchError(FinchatError):
    """EDGAR cannot be reached or refused a request (no network, no User-Agent setting, an unknown ticker,
    a filing that is gone). Seen by: whoever runs `finchat fetch`, with the fix; files already saved stay."""

"""Settings, read from the environment in one place.

``finchat config`` prints the effective values. Every setting has a default that works with
``scripts/pg-local up`` and with ``docker compose up -d db``.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, fields
from pathlib import Path

from finchat.errors import ConfigError

DEFAULT_DATABASE_URL = "postgresql://finchat:finchat@127.0.0.1:55432/finchat"
DEFAULT_EMBED_MODEL = "yiyanghkust/finbert-tone"
DEFAULT_OLLAMA_HOST = "http://127.0.0.1:11434"
DEFAULT_LLM_MODEL = "llama3.1:8b"

#: name, environment variable, default, meaning — the single documentation of all settings.
SETTINGS_DOC: list[tuple[str, str, str, str]] = [
    ("database_url", "FINCHAT_DATABASE_URL", DEFAULT_DATABASE_URL,
     "libpq DSN of the finchat database. When unset and PGHOST/PGDATABASE/… are set, libpq's PG* variables are used."),
    ("read_database_url", "FINCHAT_READ_DATABASE_URL", "(unset: FINCHAT_DATABASE_URL)",
     ("DSN of a read replica (streaming replication) for questions: ask, chat, eval retrieval/answers. "
      "Writes — ingest, graph build, db init, market data — always go to FINCHAT_DATABASE_URL.")),
    ("embed_model", "FINCHAT_EMBED_MODEL", f"{DEFAULT_EMBED_MODEL} (else packaged all-MiniLM-L6-v2)",
     "Hugging Face encoder id or local path; resolved once by `finchat db init` and stored in the database."),
    ("embed_device", "FINCHAT_EMBED_DEVICE", "auto (cuda when torch sees a GPU, else cpu)",
     "Where `finchat ingest` embeds: cpu, cuda, cuda:N or mps. Embedding is ~85 % of ingest time on a CPU."),
    ("ollama_host", "OLLAMA_HOST", DEFAULT_OLLAMA_HOST, "Where Ollama listens."),
    ("llm_model", "FINCHAT_LLM_MODEL", DEFAULT_LLM_MODEL, "The Ollama model that writes answers."),
    ("llm_timeout", "FINCHAT_LLM_TIMEOUT", "120",
     "Seconds Ollama may stay silent (before the first piece or between two) before the answer falls back."),
    ("pdf_dir", "FINCHAT_PDF_DIR", "pdf_files", "Default input folder of `finchat ingest`."),
    ("md_dir", "FINCHAT_MD_DIR", "md_files", "Markdown cache, mirroring the PDF paths."),
    ("weights", "FINCHAT_WEIGHTS", "tuned default (see retrieve/hybrid.py, DEFAULT_WEIGHTS)",
     "Fusion weights vector,text,graph, e.g. 0.5,0.3,0.2."),
    ("edgar_user_agent", "FINCHAT_EDGAR_USER_AGENT", "(unset)",
     "Who `finchat fetch` tells EDGAR it is: a name and a contact e-mail (\"Jane Doe jane@bank.com\"), as the SEC's "
     "fair-access rules require."),
    ("edgar_url", "FINCHAT_EDGAR_URL", "(unset: https://www.sec.gov and https://data.sec.gov)",
     "One base URL serving both EDGAR hosts' paths (a mirror, or a replay server in tests)."),
    ("debug", "FINCHAT_DEBUG", "0", "1 shows tracebacks instead of one-line errors."),
]

_PG_VARS = ("PGHOST", "PGHOSTADDR", "PGPORT", "PGDATABASE", "PGUSER", "PGSERVICE")


def _parse_weights(raw: str | None) -> tuple[float, float, float] | None:
    if not raw:
        return None
    try:
        parts = tuple(float(p) for p in raw.replace(" ", ",").split(",") if p)
    except ValueError:
        raise ConfigError(f"FINCHAT_WEIGHTS={raw!r} is not three numbers like 0.5,0.3,0.2") from None
    if len(parts) != 3 or any(p < 0 for p in parts) or sum(parts) == 0:
        raise ConfigError(f"FINCHAT_WEIGHTS={raw!r} needs three non-negative numbers (vector,text,graph)")
    return (parts[0], parts[1], parts[2])


@dataclass(frozen=True)
class Settings:
    """Effective settings. Build with :func:`load_settings`; never mutated afterwards."""

    database_url: str = DEFAULT_DATABASE_URL
    read_database_url: str | None = None  # a replica for questions; None: the primary
    embed_model: str | None = None  # None: not set explicitly, resolve at `db init`
    embed_device: str | None = None  # None: auto
    ollama_host: str = DEFAULT_OLLAMA_HOST
    llm_model: str = DEFAULT_LLM_MODEL
    llm_timeout: float = 120.0
    pdf_dir: Path = field(default_factory=lambda: Path("pdf_files"))
    md_dir: Path = field(default_factory=lambda: Path("md_files"))
    weights: tuple[float, float, float] | None = None
    edgar_user_agent: str | None = None
    edgar_url: str | None = None
    debug: bool = False

    @property
    def query_url(self) -> str:
        """Where questions are read from: the replica when one is set, else the primary."""
        return self.read_database_url or self.database_url

    def as_rows(self) -> list[tuple[str, str, str]]:
        """(environment variable, effective value, where it came from) for `finchat config`."""
        env_of = {name: env for name, env, _, _ in SETTINGS_DOC}
        rows = []
        for f in fields(self):
            env = env_of[f.name]
            value = getattr(self, f.name)
            shown = _redact(value) if f.name in ("database_url", "read_database_url") and value else value
            source = "environment" if os.environ.get(env) else "default"
            if f.name == "database_url" and not os.environ.get(env) and _pg_vars_set():
                source = "libpq PG* variables"
            rows.append((env, "" if shown is None else str(shown), source))
        return rows


def _parse_seconds(text: str | None) -> float:
    if not text:
        return 120.0
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= 3600:
        raise ConfigError(f"FINCHAT_LLM_TIMEOUT={text!r}: give seconds between 0 and 3600, e.g. 120")
    return value


def _parse_device(text: str | None) -> str | None:
    value = (text or "").strip().lower()
    if value in ("", "auto"):
        return None
    if not re.fullmatch(r"cpu|cuda(:\d+)?|mps", value):
        raise ConfigError(f"FINCHAT_EMBED_DEVICE={text!r}: give cpu, cuda, cuda:N, mps or auto")
    return value


def _pg_vars_set() -> bool:
    return any(os.environ.get(v) for v in _PG_VARS)


def _redact(dsn: str) -> str:
    """Hide the password of a DSN: URL-style ("postgresql://u:***@h/db", also "?password=***") or libpq
    key/value ("host=h password=***")."""
    if "://" in dsn and "@" in dsn:
        head, tail = dsn.split("://", 1)
        cred, host = tail.rsplit("@", 1)
        if ":" in cred:
            cred = cred.split(":", 1)[0] + ":***"
        dsn = f"{head}://{cred}@{host}"
    if "://" in dsn:
        return re.sub(r"([?&]password=)[^&]*", r"\1***", dsn)
    return re.sub(r"(\bpassword\s*=\s*)('(?:[^'\\]|\\.)*'|\S+)", r"\1***", dsn)



def load_settings(env: dict[str, str] | None = None) -> Settings:
    """Read settings from ``env`` (default: ``os.environ``).

    ``FINCHAT_DATABASE_URL`` wins; when it is unset but libpq's ``PG*`` variables are, the DSN is empty
    so libpq reads them. Raises :class:`ConfigError` on malformed values.
    """
    e = os.environ if env is None else env
    url = e.get("FINCHAT_DATABASE_URL")
    if not url:
        url = "" if any(e.get(v) for v in _PG_VARS) else DEFAULT_DATABASE_URL
    return Settings(
        database_url=url,
        read_database_url=e.get("FINCHAT_READ_DATABASE_URL") or None,
        embed_model=e.get("FINCHAT_EMBED_MODEL") or None,
        embed_device=_parse_device(e.get("FINCHAT_EMBED_DEVICE")),
        ollama_host=e.get("OLLAMA_HOST") or DEFAULT_OLLAMA_HOST,
        llm_model=e.get("FINCHAT_LLM_MODEL") or DEFAULT_LLM_MODEL,
        llm_timeout=_parse_seconds(e.get("FINCHAT_LLM_TIMEOUT")),
        pdf_dir=Path(e.get("FINCHAT_PDF_DIR") or "pdf_files"),
        md_dir=Path(e.get("FINCHAT_MD_DIR") or "md_files"),
        weights=_parse_weights(e.get("FINCHAT_WEIGHTS")),
        edgar_user_agent=(e.get("FINCHAT_EDGAR_USER_AGENT") or "").strip() or None,
        edgar_url=(e.get("FINCHAT_EDGAR_URL") or "").rstrip("/") or None,
        debug=(e.get("FINCHAT_DEBUG") or "0") not in ("", "0", "false", "no"),
    )

"""HTTP access to SEC EDGAR under its fair-access rules.

* Every request names the requester: ``User-Agent`` from FINCHAT_EDGAR_USER_AGENT, a name and an e-mail
  (a missing or e-mail-less setting is a one-line error before anything is sent).
* At most :data:`MAX_PER_SECOND` requests a second from one client.
* 429 and 5xx answers, dropped connections and truncated bodies (fewer bytes than ``Content-Length``) are
  retried with exponential back-off (``Retry-After`` honoured); a 404 is final.
* ``get_cached`` keeps a response on disk and asks again with ``If-Modified-Since``; a 304 reuses it.

Standard library only (urllib): no HTTP dependency for three JSON endpoints and a few documents.
"""

from __future__ import annotations

import email.utils
import http.client
import json
import os
import re
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from finchat.errors import FetchError

WWW = "https://www.sec.gov"
DATA = "https://data.sec.gov"
#: The SEC's limit for one requester.
MAX_PER_SECOND = 10
#: Tries per request (the first and three retries), back-off 0.5, 1, 2 s unless Retry-After says more.
TRIES = 4
BACKOFF_S = 0.5
TIMEOUT_S = 30.0
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[A-Za-z]{2,}")


class NotFound(FetchError):
    """EDGAR answered 404."""


class Edgar:
    """One requester: its User-Agent, its rate limit, its base URLs."""

    def __init__(self, user_agent: str | None, base_url: str | None = None, tries: int = TRIES,
                 backoff_s: float = BACKOFF_S) -> None:
        if not user_agent:
            raise FetchError("EDGAR asks every client to name itself: set FINCHAT_EDGAR_USER_AGENT to your name "
                             "and e-mail, e.g. export FINCHAT_EDGAR_USER_AGENT='Jane Doe jane@example.com'")
        if not _EMAIL.search(user_agent):
            raise FetchError(f"FINCHAT_EDGAR_USER_AGENT ({user_agent!r}) has no e-mail address; EDGAR's fair-access "
                             "rules ask for one, e.g. 'Jane Doe jane@example.com'")
        self.user_agent = user_agent
        self.www = base_url or WWW
        self.data = base_url or DATA
        self.tries, self.backoff_s = max(1, tries), backoff_s
        self._lock = threading.Lock()
        self._last = 0.0
        self.requests = 0

    def _pace(self) -> None:
        with self._lock:
            wait = self._last + 1.0 / MAX_PER_SECOND - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            self._last = time.monotonic()

    def get(self, url: str, headers: dict[str, str] | None = None) -> tuple[int, bytes, dict[str, str]]:
        """(status, body, headers) of a GET; 304 returns an empty body. Raises NotFound for 404 and
        FetchError when the tries are used up or the network is unreachable."""
        last_error = ""
        for attempt in range(self.tries):
            if attempt:
                time.sleep(self._delay(attempt, last_error))
            self._pace()
            self.requests += 1
            req = urllib.request.Request(url, headers={"User-Agent": self.user_agent, "Accept-Encoding": "identity",
                                                       **(headers or {})})
            try:
                with urllib.request.urlopen(req, timeout=TIMEOUT_S) as resp:
                    body = resp.read()
                    length = resp.headers.get("Content-Length")
                    if length and length.isdigit() and len(body) < int(length):
                        last_error = f"truncated body ({len(body):,} of {int(length):,} bytes)"
                        continue
                    return resp.status, body, dict(resp.headers.items())
            except urllib.error.HTTPError as exc:
                if exc.code == 304:
                    return 304, b"", dict(exc.headers.items())
                if exc.code == 404:
                    raise NotFound(f"EDGAR has no {url} (404)") from exc
                if exc.code == 429 or exc.code >= 500:
                    last_error = f"HTTP {exc.code}" + (f" retry-after {exc.headers.get('Retry-After')}"
                                                       if exc.headers.get("Retry-After") else "")
                    continue
                raise FetchError(f"EDGAR refused {url} (HTTP {exc.code} {exc.reason}); check "
                                 "FINCHAT_EDGAR_USER_AGENT and the address") from exc
            except urllib.error.URLError as exc:
                reason = getattr(exc, "reason", exc)
                if isinstance(reason, OSError) and _unreachable(reason):
                    raise FetchError(f"cannot reach EDGAR at {self.www} ({reason}); no network here? "
                                     "Copy filings into pdf_files/ and run finchat ingest instead") from exc
                last_error = str(reason)
            except http.client.IncompleteRead as exc:
                last_error = f"truncated body ({len(exc.partial):,} of {len(exc.partial) + (exc.expected or 0):,} bytes)"
            except (TimeoutError, ConnectionError, OSError, http.client.HTTPException) as exc:
                last_error = f"{type(exc).__name__}: {exc}"
        raise FetchError(f"EDGAR did not answer {url} after {self.tries} tries (last: {last_error}); "
                         "try again later")

    def _delay(self, attempt: int, last_error: str) -> float:
        m = re.search(r"retry-after (\d+)", last_error)
        base: float = self.backoff_s * (2 ** (attempt - 1))
        return max(base, min(float(m.group(1)), 60.0)) if m else base

    def get_json(self, url: str) -> Any:
        body = self.get(url)[1]
        try:
            return json.loads(body)
        except ValueError as exc:
            raise FetchError(f"EDGAR's answer for {url} is not JSON ({len(body):,} bytes)") from exc

    def get_cached(self, url: str, cache: Path) -> bytes:
        """``url``'s body, kept in ``cache`` and asked again with If-Modified-Since (a 304 reuses it)."""
        headers = {}
        meta = cache.with_name(cache.name + ".meta")
        if cache.is_file() and meta.is_file():
            try:
                modified = json.loads(meta.read_text()).get("last_modified")
            except ValueError:
                modified = None
            if modified:
                headers["If-Modified-Since"] = modified
        status, body, resp_headers = self.get(url, headers)
        if status == 304 and cache.is_file():
            return cache.read_bytes()
        cache.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(cache, body)
        last = resp_headers.get("Last-Modified") or email.utils.formatdate(usegmt=True)
        write_atomic(meta, json.dumps({"last_modified": last, "url": url}).encode())
        return body


def _unreachable(reason: OSError) -> bool:
    import errno
    import socket

    return isinstance(reason, socket.gaierror) or getattr(reason, "errno", None) in (
        errno.ENETUNREACH, errno.EHOSTUNREACH, errno.ECONNREFUSED)


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a hidden temp file and a rename: a killed run leaves no partial
    file under the real name (the temp file starts with a dot, so `finchat ingest` never reads it)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        with tmp.open("wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        tmp.replace(path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise

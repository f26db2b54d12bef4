"""A local HTTP server that answers as EDGAR does, from ../shared/edgar (real responses and documents).

Routes are EDGAR's paths (``/files/company_tickers.json``, ``/submissions/CIK##########.json``,
``/Archives/edgar/data/<cik>/<accession>/<document>``). Faults can be queued per path: ``status`` answers
(429 with Retry-After, 500, 404), a ``truncated`` body (fewer bytes than its Content-Length) and a ``slow``
body (sent in pieces with pauses, to be killed mid-download).
"""

from __future__ import annotations

import json
import os
import threading
import time
from copy import deepcopy
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Self

import pytest

LAST_MODIFIED = "Mon, 01 Sep 2025 00:00:00 GMT"
EDGAR = Path(__file__).resolve().parents[2].parent / "shared" / "edgar"


def need_edgar() -> Path:
    if not (EDGAR / "api" / "company_tickers.json").is_file():
        if os.environ.get("CI"):
            pytest.fail(f"{EDGAR} is missing: CI runs beside ../shared", pytrace=False)
        pytest.skip("../shared/edgar is not here")
    return EDGAR


def submissions(cik: int, name: str, tickers: list[str], rows: list[dict[str, str]]) -> dict:
    """A submissions response for ``cik`` in the exact shape of EDGAR's (Tesla's real response as the
    template: every key, ``filings.recent`` as parallel arrays), holding ``rows``."""
    real = json.loads((EDGAR / "api" / "submissions_CIK0001318605.json").read_text())
    out = deepcopy(real)
    out.update({"cik": str(cik), "name": name, "tickers": tickers})
    recent = out["filings"]["recent"]
    for key in recent:
        recent[key] = [r.get(key, "") for r in rows]
    out["filings"]["files"] = []
    return out


class Replay:
    def __init__(self) -> None:
        self.routes: dict[str, tuple[bytes, str]] = {}
        self.faults: dict[str, list[str]] = {}
        self.log: list[tuple[str, str]] = []   # (path, user agent)
        self.not_modified = 0                  # 304s answered to If-Modified-Since
        self.slow_s = 0.5
        replay = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                path = self.path.split("?")[0]
                replay.log.append((path, self.headers.get("User-Agent", "")))
                queued = replay.faults.get(path) or []
                fault = queued.pop(0) if queued else None
                if fault and fault.isdigit():
                    self.send_response(int(fault))
                    if fault == "429":
                        self.send_header("Retry-After", "0")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                if path not in replay.routes:
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                body, ctype = replay.routes[path]
                if self.headers.get("If-Modified-Since") == LAST_MODIFIED:
                    replay.not_modified += 1
                    self.send_response(304)
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Last-Modified", LAST_MODIFIED)
                self.end_headers()
                try:
                    if fault == "truncated":
                        self.wfile.write(body[: len(body) // 2])
                        self.wfile.flush()
                        self.close_connection = True
                        return
                    if fault == "slow":
                        step = max(1, len(body) // 20)
                        for i in range(0, len(body), step):
                            self.wfile.write(body[i:i + step])
                            self.wfile.flush()
                            time.sleep(replay.slow_s)
                        return
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def add(self, path: str, body: bytes | dict, ctype: str = "application/json") -> None:
        self.routes[path] = (json.dumps(body).encode() if isinstance(body, dict) else body, ctype)

    def add_file(self, path: str, file: Path) -> None:
        self.add(path, file.read_bytes(), "text/html")

    def fail(self, path: str, *faults: str) -> None:
        self.faults.setdefault(path, []).extend(faults)

    def requests_to(self, suffix: str) -> int:
        return sum(1 for p, _ in self.log if p.endswith(suffix))

    def __enter__(self) -> Self:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


APPLE_10Q = {"accessionNumber": "0000320193-25-000073", "filingDate": "2025-08-01", "reportDate": "2025-06-28",
             "acceptanceDateTime": "2025-08-01T06:01:36.000Z", "act": "34", "form": "10-Q", "fileNumber": "001-36743",
             "filmNumber": "251172226", "items": "", "size": "888048", "isXBRL": 1, "isInlineXBRL": 1,
             "primaryDocument": "aapl-20250628.htm", "primaryDocDescription": "10-Q"}
APPLE_OLDER_10Q = {**APPLE_10Q, "accessionNumber": "0000320193-25-000057", "filingDate": "2025-05-02",
                   "reportDate": "2025-03-29", "primaryDocument": "aapl-20250329.htm"}
APPLE_10K = {**APPLE_10Q, "accessionNumber": "0000320193-24-000123", "filingDate": "2024-11-01",
             "reportDate": "2024-09-28", "form": "10-K", "primaryDocument": "aapl-20240928.htm",
             "primaryDocDescription": "10-K"}
BUCKLE_8K = {**APPLE_10Q, "accessionNumber": "0000885245-24-000046", "filingDate": "2024-11-22",
             "reportDate": "2024-11-22", "form": "8-K", "items": "2.02,9.01", "primaryDocument": "bke-20241122.htm",
             "primaryDocDescription": "8-K"}


def apple_and_buckle(replay: Replay) -> None:
    """Apple (a 10-K and two 10-Qs, the newest served) and Buckle (an 8-K with its release) on ``replay``."""
    root = need_edgar()
    replay.add("/files/company_tickers.json", (root / "api" / "company_tickers.json").read_bytes())
    replay.add("/submissions/CIK0000320193.json",
               submissions(320193, "Apple Inc.", ["AAPL"], [APPLE_10Q, APPLE_OLDER_10Q, APPLE_10K]))
    replay.add_file("/Archives/edgar/data/320193/000032019325000073/aapl-20250628.htm",
                    root / "filings" / "aapl-10-q-2025-08-01.html")
    replay.add_file("/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm",
                    root / "filings" / "aapl-10-k-2024-11-01.html")
    replay.add("/submissions/CIK0000885245.json", submissions(885245, "BUCKLE INC", ["BKE"], [BUCKLE_8K]))
    folder = "/Archives/edgar/data/885245/000088524524000046"
    replay.add_file(f"{folder}/bke-20241122.htm", root / "filings" / "bke-8-k.html")
    replay.add_file(f"{folder}/bke-20241122xex99d1.htm", root / "filings" / "bke-8-k-ex99-1.html")
    index = json.loads((root / "api" / "filing_index_0001213900-24-004875.json").read_text())
    index["directory"]["name"] = folder
    index["directory"]["item"] = [
        {"last-modified": "2024-11-22 06:05:11", "name": "bke-20241122.htm", "type": "text.gif", "size": "27623"},
        {"last-modified": "2024-11-22 06:05:11", "name": "bke-20241122xex99d1.htm", "type": "text.gif", "size": "120433"},
        *[i for i in index["directory"]["item"] if i["name"].endswith((".xsd", ".xml"))][:2]]
    replay.add(f"{folder}/index.json", index)

"""Test double at the edge: a tiny HTTP server on 127.0.0.1 speaking Ollama's protocol.

GET /api/tags lists ``models``; POST /api/chat streams NDJSON chunks like Ollama
(``{"model", "created_at", "message": {"role": "assistant", "content": piece}, "done": false}`` … then a
``done: true`` line), ``delay`` seconds apart. Requests are recorded for assertions.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class FakeOllama:
    def __init__(self, pieces: list[str], models: tuple[str, ...] = ("llama3.1:8b",), delay: float = 0.01,
                 reply=None, *, cut_after: int | None = None, stall_after: int | None = None,
                 stall: float = 0.0, status: int = 200) -> None:
        """Faults, as a dying Ollama shows them: ``cut_after`` pieces then the connection closes mid-stream
        (no final chunk); ``stall_after`` pieces then silence for ``stall`` s; ``status`` 500 answers
        /api/chat with Ollama's error JSON."""
        self.pieces = pieces
        self.cut_after, self.stall_after, self.stall, self.status = cut_after, stall_after, stall, status
        self.reply = reply  # for stream=false requests: function(request) -> content
        self.models = models
        self.delay = delay
        self.requests: list[dict] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):  # noqa: D401
                pass

            def _json(self, status, obj):
                body = json.dumps(obj).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):  # noqa: N802
                self._json(200, {"models": [{"name": m, "model": m} for m in fake.models]})

            def do_POST(self):  # noqa: N802
                req = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                fake.requests.append(req)
                if req.get("model") not in fake.models:
                    self._json(404, {"error": f"model '{req.get('model')}' not found"})
                    return
                if fake.status != 200:
                    self._json(fake.status, {"error": "llama runner process has terminated: signal: killed"})
                    return
                if req.get("stream") is False:
                    content = fake.reply(req) if fake.reply else "".join(fake.pieces)
                    self._json(200, {"model": req["model"], "created_at": "2026-01-01T00:00:00Z",
                                     "message": {"role": "assistant", "content": content}, "done": True})
                    return
                self.send_response(200)
                self.send_header("Content-Type", "application/x-ndjson")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                try:
                    for n, piece in enumerate(fake.pieces):
                        if n == fake.cut_after:
                            self.wfile.flush()
                            self.connection.shutdown(2)  # the server dies mid-answer: no final chunk
                            self.close_connection = True
                            return
                        if n == fake.stall_after:
                            time.sleep(fake.stall)
                        self._chunk({"model": req["model"], "created_at": "2026-01-01T00:00:00Z",
                                     "message": {"role": "assistant", "content": piece}, "done": False})
                        time.sleep(fake.delay)
                    self._chunk({"model": req["model"], "created_at": "2026-01-01T00:00:00Z",
                                 "message": {"role": "assistant", "content": ""}, "done": True, "done_reason": "stop"})
                    self.wfile.write(b"0\r\n\r\n")
                except (BrokenPipeError, ConnectionResetError, OSError):
                    pass

            def _chunk(self, obj):
                data = (json.dumps(obj) + "\n").encode()
                self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
                self.wfile.flush()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

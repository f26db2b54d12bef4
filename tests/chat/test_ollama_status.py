"""Telling "not running" from "not pulled", against an Ollama-protocol test double on 127.0.0.1."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from finchat.chat.ollama_status import check_ollama


class FakeOllamaTags(BaseHTTPRequestHandler):
    """Test double: answers GET /api/tags like Ollama, with a fixed model list."""

    models: list[str] = ["llama3.1:8b", "nomic-embed-text:latest"]

    def do_GET(self):  # noqa: N802
        body = json.dumps({"models": [{"name": m, "model": m} for m in self.models]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def fake_ollama():
    srv = ThreadingHTTPServer(("127.0.0.1", 0), FakeOllamaTags)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{srv.server_address[1]}"
    srv.shutdown()


def test_pulled_model_is_ok(fake_ollama):
    st = check_ollama(fake_ollama, "llama3.1:8b")
    assert st.ok and st.reachable


def test_model_not_pulled(fake_ollama):
    st = check_ollama(fake_ollama, "mistral")
    assert st.reachable and not st.model_pulled
    assert "ollama pull mistral" in st.detail


def test_server_not_running():
    st = check_ollama("http://127.0.0.1:9", "llama3.1:8b")
    assert not st.reachable and "ollama serve" in st.detail

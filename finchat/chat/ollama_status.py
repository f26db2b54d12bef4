"""Is Ollama running, and is the model pulled? Answered from ``GET /api/tags`` in a couple of seconds."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from dataclasses import dataclass


@dataclass(frozen=True)
class OllamaStatus:
    reachable: bool
    model_pulled: bool
    models: tuple[str, ...]
    detail: str

    @property
    def ok(self) -> bool:
        return self.reachable and self.model_pulled

    @property
    def state(self) -> str:
        """``ready``, ``not pulled`` or ``unreachable`` (shown in the chat's toolbar)."""
        return "ready" if self.ok else ("not pulled" if self.reachable else "unreachable")


def _same_model(wanted: str, have: str) -> bool:
    # "llama3.1" means "llama3.1:latest" to Ollama.
    w = wanted if ":" in wanted else wanted + ":latest"
    h = have if ":" in have else have + ":latest"
    return w == h


def check_ollama(host: str, model: str, timeout: float = 2.0) -> OllamaStatus:
    """Ask Ollama at ``host`` which models it has. Never raises; the detail says what to do."""
    url = host.rstrip("/") + "/api/tags"
    if "://" not in url:
        url = "http://" + url
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:  # noqa: S310 - the user's own host
            data = json.loads(resp.read().decode("utf-8") or "{}")
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        return OllamaStatus(False, False, (), f"Ollama is not reachable at {host} ({reason}); start it with `ollama serve`")
    names = tuple(str(m.get("name") or m.get("model") or "") for m in data.get("models", []))
    if any(_same_model(model, n) for n in names):
        return OllamaStatus(True, True, names, f"Ollama at {host} has {model}")
    return OllamaStatus(True, False, names, f"Ollama runs at {host} but {model} is not pulled; run `ollama pull {model}`")

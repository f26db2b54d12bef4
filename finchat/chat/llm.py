"""Streaming answers from Ollama through the ``ollama`` client, with errors that say what to do."""

from __future__ import annotations

from collections.abc import Iterator

from finchat.chat.ollama_status import check_ollama
from finchat.errors import LLMUnavailable


def stream_chat(host: str, model: str, messages: list[dict[str, str]], *, timeout: float = 120.0,
                options: dict[str, float | int] | None = None) -> Iterator[str]:
    """Yield the answer's text pieces as Ollama streams them (``options``: Ollama's sampling options;
    temperature 0 by default).

    Raises LLMUnavailable with the fix — "ollama serve" when nothing answers at ``host``, "ollama pull
    MODEL" when the model is missing (told apart with GET /api/tags) — before any text is yielded.
    """
    import httpx
    import ollama

    client = ollama.Client(host=host, timeout=timeout)
    try:
        stream = client.chat(model=model, messages=messages, stream=True, options=options or {"temperature": 0})
        for part in stream:
            piece = part["message"]["content"] if isinstance(part, dict) else part.message.content
            if piece:
                yield piece
    except (httpx.ConnectError, httpx.ConnectTimeout, ConnectionError) as exc:
        status = check_ollama(host, model)
        raise LLMUnavailable(status.detail, status.state) from exc
    except ollama.ResponseError as exc:
        status = check_ollama(host, model)
        if status.reachable and not status.model_pulled:
            raise LLMUnavailable(status.detail, status.state) from exc
        raise LLMUnavailable(f"Ollama error: {exc.error}") from exc
    except httpx.HTTPError as exc:
        raise LLMUnavailable(f"Ollama at {host} failed mid-answer ({type(exc).__name__}); try again") from exc

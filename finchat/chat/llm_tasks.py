"""Offline LLM helpers used at ingest time (optional): table summaries and HybridRAG-style triplets.

Both call Ollama once per distinct content and cache the answer in ``llm_cache`` (key: sha256 of purpose,
model, prompt version and content), so re-ingesting never pays twice. Failures raise LLMUnavailable; the
callers fall back to the deterministic paths.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any

import psycopg

from finchat.chat.ollama_status import check_ollama
from finchat.errors import LLMUnavailable

PROMPT_VERSION = "1"
TABLE_PROMPT = ("Describe this financial table in two or three plain sentences for a search index: what it "
                "reports, for which periods, in which units, and its main line items. Do not list numbers.\n\n{table}")
TRIPLET_TYPES = ("company", "financial metric", "executive", "product", "location", "corporate event",
                 "legal/regulatory")
TRIPLET_PROMPT = (
    "Extract knowledge-graph triplets from this excerpt of a financial filing. Entity types: "
    + ", ".join(TRIPLET_TYPES) + ". Answer with JSON only: {{\"triplets\": [{{\"subject\": …, \"subject_type\": …, "
    "\"relation\": …, \"object\": …, \"object_type\": …}}]}}. At most 12 triplets; relations are short verbs "
    "(reported, acquired, is CEO of, operates in, faces).\n\nExcerpt:\n{text}")


def _key(purpose: str, model: str, content: str) -> str:
    return hashlib.sha256(f"{purpose}\x00{model}\x00{PROMPT_VERSION}\x00{content}".encode()).hexdigest()


def _cached(conn: psycopg.Connection, key: str) -> str | None:
    row = conn.execute("SELECT value FROM llm_cache WHERE key = %s", (key,)).fetchone()
    return None if row is None else str(row[0])


def _store(conn: psycopg.Connection, key: str, purpose: str, model: str, value: str) -> None:
    conn.execute("INSERT INTO llm_cache (key, purpose, model, value) VALUES (%s, %s, %s, %s) ON CONFLICT (key) DO NOTHING",
                 (key, purpose, model, value))


def generate(host: str, model: str, prompt: str, *, json_mode: bool = False, timeout: float = 120.0) -> str:
    """One non-streamed completion from Ollama's /api/chat; LLMUnavailable with the fix on failure."""
    import httpx
    import ollama

    try:
        resp = ollama.Client(host=host, timeout=timeout).chat(
            model=model, messages=[{"role": "user", "content": prompt}], stream=False,
            format="json" if json_mode else "", options={"temperature": 0})
    except (httpx.ConnectError, httpx.ConnectTimeout, ConnectionError) as exc:
        raise LLMUnavailable(check_ollama(host, model).detail) from exc
    except ollama.ResponseError as exc:
        raise LLMUnavailable(check_ollama(host, model).detail if exc.status_code == 404 else str(exc.error)) from exc
    msg = resp["message"]["content"] if isinstance(resp, dict) else resp.message.content
    return str(msg or "").strip()


def table_summary(conn: psycopg.Connection, host: str, model: str, table_text: str) -> str:
    """A cached LLM summary of a table chunk's text."""
    key = _key("table_summary", model, table_text)
    hit = _cached(conn, key)
    if hit is not None:
        return hit
    summary = generate(host, model, TABLE_PROMPT.format(table=table_text[:6000]))
    _store(conn, key, "table_summary", model, summary)
    return summary


@dataclass(frozen=True)
class Triplet:
    subject: str
    subject_type: str
    relation: str
    object: str
    object_type: str


def parse_triplets(raw: str) -> list[Triplet]:
    """Triplets from the model's JSON (tolerates a list at top level and stray text around it)."""
    m = re.search(r"[\[{].*[\]}]", raw, re.S)
    if not m:
        return []
    try:
        data: Any = json.loads(m.group(0))
    except ValueError:
        return []
    items = data.get("triplets", []) if isinstance(data, dict) else data
    out = []
    for t in items if isinstance(items, list) else []:
        if not isinstance(t, dict):
            continue
        vals = [str(t.get(k, "")).strip()[:200] for k in ("subject", "subject_type", "relation", "object", "object_type")]
        if vals[0] and vals[2] and vals[3]:
            out.append(Triplet(*vals))
    return out[:12]


def triplets(conn: psycopg.Connection, host: str, model: str, text: str) -> list[Triplet]:
    """Cached HybridRAG-style triplets for one chunk's text."""
    key = _key("triplets", model, text)
    raw = _cached(conn, key)
    if raw is None:
        raw = generate(host, model, TRIPLET_PROMPT.format(text=text[:6000]), json_mode=True)
        _store(conn, key, "triplets", model, raw)
    return parse_triplets(raw)

"""What can be checked offline about the Docker set-up and the scripts (Docker itself does not run here)."""

import os
import subprocess
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent


def test_compose_db_matches_the_local_default():
    compose = yaml.safe_load((REPO / "docker-compose.yml").read_text())
    db = compose["services"]["db"]
    assert db["build"]["dockerfile"] == "docker/db.Dockerfile"
    assert "127.0.0.1:55432:5432" in db["ports"]
    assert db["environment"] == {"POSTGRES_USER": "finchat", "POSTGRES_PASSWORD": "finchat", "POSTGRES_DB": "finchat"}
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    assert any(v.startswith("pgdata:") for v in db["volumes"]) and "pgdata" in compose["volumes"]
    ollama = compose["services"]["ollama"]
    assert ollama["profiles"] == ["llm"] and any(v.startswith("ollama:") for v in ollama["volumes"])


def test_dockerfile_installs_both_extensions_and_preloads_age():
    text = (REPO / "docker" / "db.Dockerfile").read_text()
    assert text.startswith("# ") and "FROM postgres:17" in text
    assert "postgresql-17-pgvector" in text and "postgresql-17-age" in text
    assert "shared_preload_libraries=age,pg_prewarm" in text


def test_pg_local_help_and_dsn():
    env = {k: v for k, v in os.environ.items() if k != "FINCHAT_PG_PORT"}  # the default port, whatever this run uses
    out = subprocess.run(["bash", str(REPO / "scripts" / "pg-local"), "dsn"], capture_output=True, text=True,
                         check=True, env=env)
    assert out.stdout.strip() == "postgresql://finchat:finchat@127.0.0.1:55432/finchat"
    port = subprocess.run(["bash", str(REPO / "scripts" / "pg-local"), "dsn"], capture_output=True, text=True,
                          check=True, env={**env, "FINCHAT_PG_PORT": "55499"})
    assert port.stdout.strip() == "postgresql://finchat:finchat@127.0.0.1:55499/finchat"
    bad = subprocess.run(["bash", str(REPO / "scripts" / "pg-local"), "frobnicate"], capture_output=True, text=True)
    assert bad.returncode == 1 and "unknown command" in bad.stderr


def test_pg_local_preloads_pg_prewarm_and_sizes_the_buffers():
    env = {k: v for k, v in os.environ.items() if k != "FINCHAT_PG_SHARED_BUFFERS"}
    pg_local = ["bash", str(REPO / "scripts" / "pg-local")]
    default = subprocess.run([*pg_local, "settings"], capture_output=True, text=True, check=True, env=env).stdout
    assert "shared_preload_libraries = 'age, pg_prewarm'" in default
    mb = int(default.split("shared_buffers = ")[1].split("MB")[0])
    assert 512 <= mb <= 32768
    chosen = subprocess.run([*pg_local, "settings"], capture_output=True, text=True, check=True,
                            env={**env, "FINCHAT_PG_SHARED_BUFFERS": "3GB"}).stdout
    assert "shared_buffers = 3GB" in chosen
    bad = subprocess.run([*pg_local, "up"], capture_output=True, text=True, check=False,
                         env={**env, "FINCHAT_PG_SHARED_BUFFERS": "lots"})
    assert bad.returncode == 1 and "give a size such as 4GB" in bad.stderr


def test_compose_preloads_pg_prewarm_with_sized_buffers():
    db = yaml.safe_load((REPO / "docker-compose.yml").read_text())["services"]["db"]
    assert "shared_preload_libraries=age,pg_prewarm" in db["command"]
    assert "shared_buffers=${FINCHAT_PG_SHARED_BUFFERS:-2GB}" in db["command"]

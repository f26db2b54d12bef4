import pytest

from finchat.config import DEFAULT_DATABASE_URL, load_settings
from finchat.errors import ConfigError


def test_defaults_point_at_the_local_database():
    s = load_settings({})
    assert s.database_url == DEFAULT_DATABASE_URL
    assert s.embed_model is None
    assert s.llm_model == "llama3.1:8b"
    assert s.ollama_host == "http://127.0.0.1:11434"


def test_libpq_variables_are_used_when_no_url_is_set():
    assert load_settings({"PGHOST": "db.internal"}).database_url == ""
    assert load_settings({"PGHOST": "x", "FINCHAT_DATABASE_URL": "postgresql:///a"}).database_url == "postgresql:///a"


def test_weights_are_parsed_and_validated():
    assert load_settings({"FINCHAT_WEIGHTS": "0.5,0.3,0.2"}).weights == (0.5, 0.3, 0.2)
    for bad in ("1,2", "a,b,c", "-1,1,1", "0,0,0"):
        with pytest.raises(ConfigError):
            load_settings({"FINCHAT_WEIGHTS": bad})


def test_config_rows_hide_the_password():
    rows = dict((r[0], r[1]) for r in load_settings({"FINCHAT_DATABASE_URL": "postgresql://u:secret@h:1/d"}).as_rows())
    assert "secret" not in rows["FINCHAT_DATABASE_URL"]


def test_embed_device_is_validated():
    assert load_settings({"FINCHAT_EMBED_DEVICE": "CUDA:1"}).embed_device == "cuda:1"
    assert load_settings({"FINCHAT_EMBED_DEVICE": "auto"}).embed_device is None
    with pytest.raises(ConfigError, match="give cpu, cuda, cuda:N, mps or auto"):
        load_settings({"FINCHAT_EMBED_DEVICE": "gpu"})


def test_read_database_url_is_where_questions_go():
    s = load_settings({"FINCHAT_DATABASE_URL": "postgresql://a@p/db", "FINCHAT_READ_DATABASE_URL": "postgresql://a@r/db"})
    assert (s.database_url, s.query_url) == ("postgresql://a@p/db", "postgresql://a@r/db")
    assert load_settings({"FINCHAT_DATABASE_URL": "postgresql://a@p/db"}).query_url == "postgresql://a@p/db"

# Two commands do all set-up on a fresh machine:
#   make chat   venv + database + `finchat db init` + ingest pdf_files/ (incremental) + open the chat
#   make test   venv + database + the test suite (what CI runs)
# Set USE_DOCKER=1 to use `docker compose` for the database instead of scripts/pg-local.

VENV       ?= .venv
PYTHON     ?= python3
TORCH_SPEC ?= torch==2.13.0
PY         := $(VENV)/bin/python
FINCHAT    := $(VENV)/bin/finchat
USE_DOCKER ?= 0
# Tickers to fetch from EDGAR into pdf_files/edgar/ before ingesting (`make chat TICKERS="NVDA AAPL"`;
# needs network and FINCHAT_EDGAR_USER_AGENT). FORMS and LAST choose the filings.
TICKERS    ?=
FORMS      ?= 10-K,10-Q
LAST       ?= 2

.PHONY: setup db chat ingest test bench clean-venv

$(VENV)/.installed: pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@# CPU torch first: a bare `torch` requirement would pull several GB of CUDA wheels.
	$(PY) -m pip install -q --disable-pip-version-check "$(TORCH_SPEC)"
	$(PY) -m pip install -q --disable-pip-version-check -e '.[test,eval,rerank]'
	@touch $@

setup: $(VENV)/.installed

db:
ifeq ($(USE_DOCKER),1)
	docker compose up -d --wait db
else
	scripts/pg-local up
endif

# A filing that fails to ingest is listed and the chat opens on what is stored (`finchat ingest` itself
# still exits 1 for scripts).
chat: setup db
	$(FINCHAT) db init
ifneq ($(strip $(TICKERS)),)
	@$(FINCHAT) fetch $(TICKERS) --forms $(FORMS) --last $(LAST) --no-ingest || echo "make chat: fetching from EDGAR failed (above); ingesting what pdf_files/ holds"
endif
	@$(FINCHAT) ingest pdf_files || echo "make chat: some filings were not ingested (listed above); opening the chat on what is stored"
	$(FINCHAT) chat

ingest: setup db
	$(FINCHAT) db init
	$(FINCHAT) ingest pdf_files

test: setup db
	FINCHAT_TEST_DATABASE_URL="$$(scripts/pg-local dsn)" $(PY) -m pytest -q

clean-venv:
	rm -rf $(VENV)

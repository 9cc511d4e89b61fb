# Club 500: the two commands that matter are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint bench bench-bots venv dev-venv migrate seed clean check-python lock

check-python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed (found %s)" % sys.version.split()[0])'

# The lock files pin every package, dependencies included, with hashes (`make lock`).
$(VENV)/.installed: requirements.lock | check-python
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --require-hashes -r requirements.lock
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed requirements-dev.lock
	$(PY) -m pip install --quiet --require-hashes -r requirements-dev.lock
	touch $@

## Regenerate requirements.lock and requirements-dev.lock from requirements*.txt (pip-tools,
## in a throwaway virtualenv; never installed into .venv).
lock: check-python
	rm -rf .lock-venv && $(PYTHON) -m venv .lock-venv
	.lock-venv/bin/pip install --quiet pip-tools
	for name in requirements requirements-dev; do \
	  .lock-venv/bin/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras \
	    --no-emit-index-url --no-emit-find-links -o $$name.lock $$name.txt || exit 1; \
	done
	rm -rf .lock-venv

venv: $(VENV)/.installed
dev-venv: $(VENV)/.installed-dev

migrate: venv
	$(PY) manage.py compile_translations
	$(PY) manage.py migrate --noinput

seed: migrate
	$(PY) manage.py seed_demo

## Set up everything and serve the site with demo data at http://127.0.0.1:8000 (daphne).
run: seed
	@echo "Club 500 at http://$(HOST):$(PORT)/  (Ctrl-C to stop)"
	$(VENV)/bin/daphne --websocket_connect_timeout 30 -b $(HOST) -p $(PORT) club.asgi:application

## The whole test suite (throwaway PostgreSQL and Redis when their programs are installed).
test: dev-venv
	$(PY) manage.py compile_translations
	$(PY) tools/testenv.py $(ARGS)

## Lint and format check (ruff, configured in pyproject.toml); `ruff format .` fixes the format.
lint: dev-venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

## Benchmarks: prints figures (engine, seating draws, ...).
bench: dev-venv
	$(PY) bench/run_all.py $(ARGS)

## The bot levels' long matches (hours on one core): "Fort" against the rule of thumb
## over 1,000 deals at four players and 500 at two, three, five and six, then the bots'
## legality over 10,000 hands a count (docs/performance.md).
bench-bots: dev-venv
	$(PY) bench/bot_match_bench.py --level fort --players 4 --deals 1000 --quiet
	for n in 2 3 5 6; do $(PY) bench/bot_match_bench.py --level fort --players $$n --deals 500 --quiet || exit 1; done
	$(PY) bench/bot_legality_bench.py --search-hands 10000 --samples 2 --nodes 300

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find locale -name '*.mo' -delete

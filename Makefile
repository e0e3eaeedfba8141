# Brewhouse: everything installs itself.  `make play` serves the game on
# http://127.0.0.1:8000, `make test` runs every test, `make bench` measures.
SHELL := /bin/bash
.DEFAULT_GOAL := play

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PORT ?= 8000
#: test processes: one per core of the 2-core machines the suite is sized for (loadfile keeps a file on one)
TEST_WORKERS ?= 2

.PHONY: install cairo build play test test-fast bench bench-cafe clean

install: $(VENV)/.installed node_modules/.installed $(CHROMIUM) cairo

# a venv with the project's dev extras (pytest, hypothesis, playwright, build)
$(VENV)/.installed: pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { echo "Python 3.11+ is required"; exit 1; }
	@[ -x $(PY) ] || $(PYTHON) -m venv $(VENV)
	@echo "[install] Python packages (pyproject.toml [dev])"
	@$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]' 2> >(grep -v "^WARNING: Location" >&2)
	@touch $@

# the npm side from the committed lockfile (Pyodide, Comlink, idb, Workbox)
node_modules/.installed: package-lock.json
	@echo "[install] npm ci"
	@npm ci --no-audit --no-fund --loglevel=error
	@touch $@

# Debian's Chromium for the browser tests, only when it is missing
$(CHROMIUM):
	@echo "[install] Debian chromium"
	@$(SUDO) apt-get update -qq
	@DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null

# Debian's cairo, which CairoSVG draws the app icons with (wasm-build/webapp.py), only when it is missing
cairo: $(VENV)/.installed
	@$(PY) -c 'import cairocffi' 2>/dev/null || { echo "[install] Debian libcairo2"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libcairo2 >/dev/null; }

build: install
	@$(PY) wasm-build/build.py 2> >(grep -v "^WARNING: Location" >&2)

play: build
	@$(PY) wasm-build/serve.py --port $(PORT)

test: build
	@$(PY) -m pytest -q -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder --durations=25

# the engine tests alone (no build, no browser)
test-fast: $(VENV)/.installed
	@$(PY) -m pytest -q tests --ignore=tests/browser --ignore=tests/pyodide --ignore=tests/packaging -m "not soak"

bench: build
	@$(PY) tests/bench/run_bench.py
	@$(PY) tests/bench/cafe_search.py --out bench-results/cafe-search.json

# Café search speed alone: this engine against the baseline commit's, side by side (no build)
bench-cafe: $(VENV)/.installed
	@$(PY) tests/bench/cafe_search.py --out bench-results/cafe-search.json

clean:
	rm -rf dist build wasm-build/out test-artifacts bench-results .pytest_cache

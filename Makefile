# The two quick-start commands. Each creates .venv and installs civtable when needed.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play demo test bench fuzz lint clean browser

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,postgres,ray]'
	touch $(STAMP)

# The browser server on http://127.0.0.1:8000/ (lobby, play against bots or friends, replays).
play: $(STAMP)
	$(BIN)/civtable serve

demo: $(STAMP)
	$(BIN)/civtable simulate catan-deckbuilding --players greedy,greedy --games 1000 --seed 1 --workers 2

# Debian's Chromium for the browser tests (a browser download from elsewhere cannot work here).
browser:
	@command -v chromium >/dev/null 2>&1 || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || echo "chromium could not be installed: the browser tests will be skipped"

test: $(STAMP) browser
	@tools/test-postgres.sh
	$(BIN)/ruff check civtable tests benchmarks tools
	$(BIN)/mypy civtable/core
	$(BIN)/pytest -n 2

# The fuzz kit at a million illegal actions and a hundred thousand mutated positions per game
# (make test runs it at 1/500 of that); prints the counts of every game.
fuzz: $(STAMP)
	rm -f fuzz-report.jsonl
	CIVTABLE_FUZZ=500 CIVTABLE_FUZZ_REPORT=$(CURDIR)/fuzz-report.jsonl $(BIN)/pytest -n 2 -q -k fuzz tests/games
	$(BIN)/python -m civtable.testing.fuzz fuzz-report.jsonl

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_game.py --game catan-deckbuilding
	$(BIN)/python benchmarks/bench_game.py --game civ-card-game --players 2
	$(BIN)/python benchmarks/bench_game.py --game civ-card-game --players 4
	$(BIN)/python benchmarks/bench_mega_civ.py
	$(BIN)/python benchmarks/bench_search.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache

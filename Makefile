# The two quick-start commands. Each creates .venv and installs civtable when needed.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play demo test bench fuzz train lint clean browser

# pip -qq: errors only (a machine's pip configuration may name package locations that do not
# exist there, and pip warns about each of them; the install itself is unaffected).
$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -qq --upgrade pip
	$(BIN)/pip install -qq -e '.[dev,postgres,ray,openspiel,bench]'
	$(MAKE) --no-print-directory i18n-compile
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
	@$(BIN)/python -c 'from civtable import _compiled as c; print("civtable: the compiled build is in use" if c.ACTIVE else "civtable: the pure-Python package (" + (c.REASON or "no compiled build") + ")")'
	@tools/test-postgres.sh
	$(BIN)/python tools/import_cycles.py  # imports flow one way: exit 1 on any circle (tests/test_layout.py checks the layers)
	$(BIN)/ruff check civtable tests benchmarks tools examples
	$(BIN)/mypy civtable/core $$($(BIN)/python -c 'from civtable._compiled import MODULES; print(*(m for m in MODULES if not m.startswith("civtable/core/")))')  # a type error there would leave the compiled build out
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
	$(BIN)/python benchmarks/bench_envs.py --game catan-deckbuilding
	$(BIN)/python benchmarks/bench_openspiel_games.py
	$(BIN)/python benchmarks/bench_memory.py --quick

# Training installs only the 'train' extra (PyTorch's CPU build pinned, sb3-contrib, TensorBoard),
# in the same .venv, without the development set. MaskablePPO on catan-deckbuilding against
# random, evaluated against random and greedy on a schedule (docs/envs.md); about 5 minutes.
# TRAIN_ARGS passes options, e.g. make train TRAIN_ARGS='--league 4 --steps 400000'.
train:
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install -qq -e '.[train]'
	$(BIN)/python examples/train_maskable_ppo.py $(TRAIN_ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache build
	find civtable -name '*.so' -delete; rm -f civtable/_compiled.json

# ------------------------------------------------------------------ translations (docs/i18n.md)
# English is the source language; the catalogs of el, cs and de are the .po files in
# civtable/locale/<lang>/LC_MESSAGES/<domain>.po: the domain civtable (everything but
# the games) and one domain per game (its id). The .mo files are built, not committed.
LOCALE := civtable/locale
LANGS := el cs de
# The games whose own strings are translated (a game's translator adds its id here and
# removes it from PENDING in tests/i18n/catalogs.py; docs/i18n.md).
GAME_DOMAINS := catan-deckbuilding civ-solo civ-card-game mega-civ
EXTRACT := $(BIN)/pybabel -q extract -F babel.cfg -k NP_:1c,2 -k NN_:1,2 -k t -k nt:1,2 -k pt:1c,2 --add-location=file --sort-by-file \
	--no-wrap --project=civtable --msgid-bugs-address="" --copyright-holder="civtable"

.PHONY: i18n i18n-extract i18n-update i18n-compile

i18n: i18n-extract i18n-update i18n-compile

# The templates (.pot) from the code, the templates, the scripts and the data files.
i18n-extract:
	$(EXTRACT) --ignore-dirs="games .* _*" -o $(LOCALE)/civtable.pot civtable
	for d in $(GAME_DOMAINS); do \
	  $(EXTRACT) -o $(LOCALE)/$$d.pot civtable/games/$$(echo $$d | tr - _) || exit 1; done

# Each language's catalogs brought in line with the templates (new messages added
# untranslated, changed ones marked fuzzy); a missing catalog is created.
i18n-update:
	for d in civtable $(GAME_DOMAINS); do for l in $(LANGS); do \
	  if [ -f $(LOCALE)/$$l/LC_MESSAGES/$$d.po ]; then \
	    $(BIN)/pybabel -q update --no-wrap -D $$d -i $(LOCALE)/$$d.pot -d $(LOCALE) -l $$l || exit 1; \
	  else $(BIN)/pybabel -q init --no-wrap -D $$d -i $(LOCALE)/$$d.pot -d $(LOCALE) -l $$l || exit 1; fi; \
	done; done

# The compiled catalogs (.mo) the program reads (it reads a .po when its .mo is missing or older).
i18n-compile:
	for f in $(LOCALE)/*/LC_MESSAGES/*.po; do \
	  [ -f "$$f" ] || continue; \
	  $(BIN)/pybabel -q compile -i "$$f" -o "$${f%.po}.mo" || exit 1; done

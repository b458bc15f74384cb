# Two commands on a fresh machine: `make demo` (set up, build, show) and `make test`.
VENV := .venv
BIN := $(VENV)/bin
PYTHON ?= python3

.PHONY: setup browser demo test test-fast test-times install-check lock lint bench docs clean screenshots train serve-load

setup: $(VENV)/.installed

# torch comes first and pinned (requirements/torch.txt): 2.13.0 is the local CPU wheel, anything
# else pulls CUDA. Then Referee, its dependencies held to the versions in requirements/lock.txt.
$(VENV)/.installed: pyproject.toml requirements/torch.txt requirements/lock.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements/torch.txt
	$(BIN)/pip install --quiet -c requirements/lock.txt -e '.[search,web,dev]'
	touch $@

# The lock is what the venv holds: refresh it after changing dependencies in pyproject.toml.
lock: setup
	{ head -2 requirements/lock.txt; $(BIN)/pip freeze --exclude-editable | grep -iv '^torch=='; } > requirements/lock.tmp
	mv requirements/lock.tmp requirements/lock.txt

demo: setup
	$(BIN)/referee build
	$(BIN)/referee games
	$(BIN)/referee show takkure/2.01/7
	$(BIN)/referee index
	$(BIN)/referee ask "Can I pass to a teammate level with me?" --game takkure
	$(BIN)/referee ask "My last card is 3 and theirs is 5. Who wins the round?" --game tacocat
	$(BIN)/referee search "How many players is the game for?" --limit 5
	$(BIN)/referee eval data/questions-dev.jsonl
	$(BIN)/referee check --check pass --fact passer=10,30 --fact target=13,29 --fact p=3
	$(BIN)/referee sheet takkure --format pdf -o data/takkure-sheet.pdf

# The answer memory and the ranker rebuilt from data/reader/ and data/memory/, seed 0: about ten
# minutes on 2 quiet cores, logged to data/train.log. OMP_NUM_THREADS=1: more OpenMP threads than
# free cores spin and slow everything down tenfold on a shared machine. --into indexer/data: the
# shipped files rebuilt on purpose (a plain `referee train` writes into the user's data folder).
train: setup
	$(BIN)/referee build
	OMP_NUM_THREADS=1 timeout 3600 $(BIN)/referee train --into indexer/data 2>&1 | tee data/train.log

bench: setup
	$(BIN)/referee build
	$(BIN)/referee index
	$(BIN)/python benchmarks/search_quality.py data/questions-dev.jsonl
	$(BIN)/python benchmarks/search_quality.py data/questions-extra.jsonl
	$(BIN)/python benchmarks/search_quality.py data/questions-third.jsonl
	$(BIN)/python benchmarks/answer_quality.py
	$(BIN)/python benchmarks/latency.py
	$(BIN)/python benchmarks/scale.py

# A table on `referee serve`: 20 players asking every second while every sheet is made from cold,
# against the same table with no sheet work (a baseline in the same run); figures for a quiet machine.
# Then the same with distinct questions (none asked twice: no question's vector kept helps).
serve-load: setup
	$(BIN)/referee build
	$(BIN)/referee index
	OMP_NUM_THREADS=1 $(BIN)/python benchmarks/serve_load.py --beat ask; met=$$?; \
	OMP_NUM_THREADS=1 $(BIN)/python benchmarks/serve_load.py --beat ask --distinct --seconds 20 --burst 10 && exit $$met

# The web app's browser tests drive Debian's chromium (Playwright cannot download its own here).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium; }

screenshots: setup browser
	$(BIN)/python benchmarks/screenshots.py

# PYTHONDONTWRITEBYTECODE= : the suite starts a few hundred CLI processes; each would compile the
# package again where the environment says not to keep compiled files (__pycache__ is ignored by git).
test: setup browser
	$(BIN)/ruff check .
	$(BIN)/python .ci/typecheck
	PYTHONDONTWRITEBYTECODE= $(BIN)/pytest

# The inner loop, under a minute on two quiet cores (about 50 s of CPU): no embedding model or
# search index (`model`), no hostile suites, CLI processes, sheet layouts or whole-corpus rebuilds
# (`slow`); `make test` runs everything. Markers: tests/conftest.py and docs/contributing.md.
test-fast: setup
	$(BIN)/ruff check .
	PYTHONDONTWRITEBYTECODE= $(BIN)/pytest -m "not model and not slow" -x

# What test-fast and test take here (wall, CPU, load, tests per marker): the figures the docs quote.
test-times: setup
	OMP_NUM_THREADS=1 $(BIN)/python benchmarks/test_times.py

# pip install the checkout into a fresh venv outside it; build and ask from another folder.
install-check: setup
	bash .ci/install-check

# mypy over the package as it is imported (.ci/typecheck lays kb/, indexer/, … out as referee.*):
# strict on the public API, ordinary elsewhere ([tool.mypy] in pyproject.toml). `make test` runs it
# too, so CI (.ci/run) does.
lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python .ci/typecheck

# The CLI reference from the CLI's help; the examples from real runs (so the book and index come first).
docs: setup
	$(BIN)/cog -r docs/cli.md docs/game-states.md
	$(BIN)/referee build > /dev/null
	$(BIN)/referee index
	$(BIN)/cog -r README.md docs/usage.md

clean:
	rm -rf $(VENV) data/*.db data/index .mypy_cache build/typecheck

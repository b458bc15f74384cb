# Two commands on a fresh machine: `make demo` (set up, build, show) and `make test`.
VENV := .venv
BIN := $(VENV)/bin
PYTHON ?= python3

.PHONY: setup browser demo test lint bench docs clean screenshots

setup: $(VENV)/.installed

# torch comes first and pinned: 2.13.0 is the local CPU wheel, anything else pulls CUDA.
$(VENV)/.installed: pyproject.toml requirements/torch.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements/torch.txt
	$(BIN)/pip install --quiet -e '.[search,web,dev]'
	touch $@

demo: setup
	$(BIN)/referee build
	$(BIN)/referee games
	$(BIN)/referee show takkure/2.01/7
	$(BIN)/referee index
	$(BIN)/referee ask "Can I pass to a teammate level with me?" --game takkure
	$(BIN)/referee ask "What happens when both last cards are equal?" --game tacocat
	$(BIN)/referee search "How many players is the game for?" --limit 5
	$(BIN)/referee eval data/questions-dev.jsonl
	$(BIN)/referee check --check pass --fact passer=10,30 --fact target=13,29 --fact p=3
	$(BIN)/referee sheet takkure --format pdf -o data/takkure-sheet.pdf

bench: setup
	$(BIN)/referee build
	$(BIN)/referee index
	$(BIN)/python benchmarks/search_quality.py data/questions-dev.jsonl
	$(BIN)/python benchmarks/search_quality.py data/questions-extra.jsonl
	$(BIN)/python benchmarks/search_quality.py data/questions-third.jsonl
	$(BIN)/python benchmarks/answer_quality.py
	$(BIN)/python benchmarks/latency.py
	$(BIN)/python benchmarks/scale.py

# The web app's browser tests drive Debian's chromium (Playwright cannot download its own here).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium; }

screenshots: setup browser
	$(BIN)/python benchmarks/screenshots.py

test: setup browser
	$(BIN)/ruff check .
	$(BIN)/pytest

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

docs: setup
	$(BIN)/cog -r README.md

clean:
	rm -rf $(VENV) data/*.db data/index

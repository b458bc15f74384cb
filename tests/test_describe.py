"""Issue 32: the state format documented from the code. `referee check --describe GAME` prints a game's
declared state keys and actions, each with an example; docs/game-states.md's per-game part is generated from
the same function (cog) and is current."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cogapp import Cog
from typer.testing import CliRunner

from referee.cli.main import app
from referee.rules.loading import discover_rulebooks
from referee.states.describe import describe_game, describe_markdown, describe_text
from referee.states.settle import state_rules
from referee.states.wording import match

ROOT = Path(__file__).resolve().parent.parent
RULES = state_rules(discover_rulebooks(ROOT / "corpus"))


def test_game_states_page_is_current(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert Cog().main(["cog", "--check", "docs/game-states.md"]) == 0, "docs/game-states.md is stale: `make docs`"


@pytest.mark.parametrize("game", sorted(RULES))
def test_every_key_is_described_and_every_action_has_an_example_it_reads(game: str) -> None:
    rules = RULES[game]
    data = describe_game(game, rules)
    assert [k["key"] for k in data["keys"]] == list(rules.keys)
    assert all(k["help"] for k in data["keys"]), "each key says what it gives (StateRules.key_help)"
    assert [a["action"] for a in data["actions"]] == [a.name for a in rules.actions]
    for item in data["actions"]:
        found = match(item["example"], rules)
        assert found is not None and found[0].name == item["action"], item
    text, page = describe_text(data), describe_markdown(data)
    for key in rules.keys:
        assert f"  {key}" in text and f"`{key}`" in page


def test_the_cli_describes_a_game_and_still_a_check() -> None:
    runner = CliRunner()
    game = runner.invoke(app, ["check", "--describe", "tacocat"])
    assert game.exit_code == 0 and "state keys" in game.stdout and "round-won" in game.stdout
    assert "a claim" in game.stdout
    data = json.loads(runner.invoke(app, ["check", "--describe", "tacocat", "--json"]).stdout)
    assert data["game"] == "tacocat" and {k["key"] for k in data["keys"]} >= {"cat", "hands"}
    check = runner.invoke(app, ["check", "--describe", "round-winner"])
    assert check.exit_code == 0 and "facts:" in check.stdout

"""The corpus's rules, loaded once per test session and only when a test asks for them.

Loading a game's rules executes its modules afresh (`referee.rules.loading`), so a test module that
loaded them at import paid for all five games at every collection. The conftest's `rulebooks`,
`checks` and `state_rules` fixtures return these; a module whose parameters need them (one test per
check) calls them from `pytest_generate_tests`, never at import."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from referee.rules.actions import StateRules
from referee.rules.checks import Check
from referee.rules.loading import discover_checks, discover_rulebooks
from referee.rules.rulebook import Rulebook

CORPUS = Path(__file__).resolve().parent.parent.parent / "corpus"


@cache
def all_rulebooks() -> dict[str, Rulebook]:
    """Every shipped game's rulebook, by game id."""
    return discover_rulebooks(CORPUS)


@cache
def all_checks() -> dict[str, Check]:
    """Every shipped game's checks, by name."""
    return discover_checks(CORPUS, all_rulebooks())


@cache
def all_state_rules() -> dict[str, StateRules | None]:
    """Each game's state rules (None for a game that settles no whole states), by game id."""
    return {game: rulebook.states for game, rulebook in all_rulebooks().items()}

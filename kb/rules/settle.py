"""Settling a situation: a check named with its facts, or a situation document {game, check, facts}."""

from __future__ import annotations

import difflib
from typing import Any

from referee.errors import RefereeError
from referee.rules.checks import Check
from referee.rules.verdicts import CheckVerdict
from referee.validation.documents import show
from referee.validation.values import MAX_TEXT


def situation_of(data: Any, source: str) -> dict[str, Any]:
    """A situation from a document's data: {game, check, facts}, checked."""
    if not isinstance(data, dict) or "check" not in data:
        raise RefereeError(
            f"{source}: a situation needs 'check' (and 'facts'), e.g. {{check: pass-direction, facts: {{...}}}}, "
            "or a state needs 'game' and 'action'"
        )
    facts = data.get("facts") or {}
    if not isinstance(facts, dict):
        raise RefereeError(f"{source}: 'facts' must be a mapping of fact names to values")
    for name in facts:
        if not isinstance(name, str):
            raise RefereeError(f"{source}: fact names are words, got {show(name)}")
    game = data.get("game")
    if game is not None and not isinstance(game, str):
        raise RefereeError(f"{source}: 'game' must be a game id, got {show(game)}")
    return {"game": game, "check": _word_or_error(data["check"], source, "check"), "facts": facts}


def _word_or_error(value: Any, source: str, key: str) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int)) or len(str(value)) > MAX_TEXT:
        raise RefereeError(f"{source}: {key!r} must be a name, got {show(value)}")
    return str(value)


def checks_of_game(checks: dict[str, Check], game: str | None) -> list[Check]:
    """The checks, or one game's; a game with none is an error naming the games that have some."""
    chosen = [c for c in checks.values() if game is None or c.game == game]
    if game and not chosen:
        games = ", ".join(sorted({c.game for c in checks.values()}))
        raise RefereeError(f"no checks for game {show(game)}; games with checks: {games}")
    return chosen


def find_check(checks: dict[str, Check], name: str) -> Check:
    """The check named `name`; else one line naming the closest names, in no interface's words (the
    web page told a phone user to run `referee check --list`: phone review 5, task 21)."""
    if name not in checks:
        close = difflib.get_close_matches(name, list(checks), n=3, cutoff=0.5)
        raise RefereeError(f"unknown check {show(name)}" + (f"; closest: {', '.join(close)}" if close else ""))
    return checks[name]


def describe_check(check: Check) -> dict[str, Any]:
    """What a user (or a form) needs to write a situation for the check: its facts, an example,
    and the entries it cites."""
    return {
        "name": check.name,
        "game": check.game,
        "description": check.description,
        "facts": [fact.describe() for fact in check.facts],
        "example": check.example,
        "cites": sorted({quote.entry for quote in check.quotes.values()}),
    }


def settle(
    checks: dict[str, Check], situation: dict[str, Any] | None, name: str | None, facts: dict[str, Any]
) -> CheckVerdict:
    """The verdict for a situation document (`situation_of`) and/or a check named with facts
    given one by one, which add to or override the document's."""
    if situation is None and not name:
        raise RefereeError("give a situation file, or --check NAME with --fact name=value; --list shows the checks")
    situation = situation or {"game": None, "check": name, "facts": {}}
    if name and name != situation["check"]:
        raise RefereeError(f"--check {show(name)} disagrees with the situation's check {show(situation['check'])}")
    check = find_check(checks, situation["check"])
    if situation.get("game") and situation["game"] != check.game:
        raise RefereeError(f"check {check.name!r} belongs to {check.game}, not {show(situation['game'])}")
    return CheckVerdict.of(check.game, check.name, check.run({**situation["facts"], **facts}))

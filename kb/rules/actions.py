"""What a game declares to settle whole states: its actions and how to read its state documents.

A game opts in by giving its `Rulebook` a `StateRules`: how to read its state document (the
game's own geometry), and the actions it has, each with the patterns that recognise it ("#7
passes to #9") and a function that derives facts and runs the checks through the `Steps` it is
handed (`referee.states.settle` runs them)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from referee.rules.verdicts import Verdict


class Steps(Protocol):
    """What an action's function is handed: run a check with derived facts, read the dice."""

    steps: list[dict[str, Any]]

    def run(self, name: str, facts: dict[str, Any], note: str = "", stop_unless_legal: bool = True) -> Verdict: ...

    def die(self, index: int = 0) -> int | None: ...


@dataclass(frozen=True)
class Action:
    name: str
    patterns: tuple[str, ...]  # regexes over the action text; named groups are the arguments
    settle: Callable[[Any, dict[str, str], Steps], None]
    help: str

    def match(self, text: str) -> dict[str, str] | None:
        for pattern in self.patterns:
            found = re.fullmatch(pattern, text.strip(), flags=re.IGNORECASE)
            if found:
                return {k: v for k, v in found.groupdict().items() if v is not None}
        return None


@dataclass
class StateRules:
    """What a game declares for states: its document reader, its actions, how to draw it."""

    read: Callable[[dict[str, Any], str], Any]  # the raw document -> the game's validated state
    actions: list[Action]
    keys: tuple[str, ...]  # the top-level keys its documents may have, besides game/action/dice/facts/note
    example: str = ""  # a path under corpus/<game>/states/ to show in errors

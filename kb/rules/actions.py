"""What a game declares to settle whole states: its actions and how to read its state documents.

A game opts in by giving its `Rulebook` a `StateRules`: how to read its state document (the
game's own geometry), the actions it has, each with the patterns that recognise it ("#7
passes to #9") and a function that derives facts and runs the checks through the `Steps` it is
handed (`referee.states.settle` runs them), and what follows a settled state (who acts next,
possession, the phase, the score). An action's function may change the state it is given: the
next action of a sequence is settled in the state the previous one left."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from referee.errors import RefereeError
from referee.rules.verdicts import RulingStep, Verdict


class Steps(Protocol):
    """What an action's function is handed: run a check with derived facts, read the dice, say
    what follows and what the ruling answers."""

    steps: list[RulingStep]

    @property
    def dice(self) -> list[int]: ...

    def run(self, name: str, facts: dict[str, Any], note: str = "", stop_unless_legal: bool = True) -> Verdict: ...

    def die(self, index: int = 0) -> int | None: ...

    def dice_for(self, name: str) -> list[int] | None: ...

    def follow(self, key: str, value: Any) -> None: ...

    def answer(self, value: Any) -> None: ...

    def claim(self, what: str, status: str, needs: str = "") -> None: ...


@dataclass(frozen=True)
class Action:
    name: str
    patterns: tuple[str, ...]  # regexes over the action text; named groups are the arguments
    settle: Callable[[Any, dict[str, str], Steps], None]
    help: str
    terms: tuple[str, ...] = ()  # the book's words and players' synonyms for it: "did you mean" ranks by them
    ignores: tuple[tuple[str, str], ...] = ()  # (key glob, why it does not bear on this action)
    claim: bool = False  # a claim ("B wins the round"): its function checks it against the state (`Steps.claim`)

    def match(self, text: str) -> dict[str, str] | None:
        for pattern in self.patterns:
            found = re.fullmatch(pattern, text.strip().rstrip("?.!"), flags=re.IGNORECASE)
            if found:
                return _distinct({k: v for k, v in found.groupdict().items() if v is not None}, text)
        return None


PIECE_ARGUMENTS = ("by", "to", "on")  # the named groups that name pieces ("#7 passes to #9", "#4 tackles #7")
_SEVERAL = re.compile(r"\s*(?:,|\band\b)\s*")


def _distinct(args: dict[str, str], text: str) -> dict[str, str]:
    """An action names each piece once: a player never passes to, tackles or evades himself."""
    named: dict[str, str] = {}
    for role in PIECE_ARGUMENTS:
        value = args.get(role, "").strip()
        if not value or value.startswith("["):  # a position, not a piece
            continue
        for name in _SEVERAL.split(value):
            piece = name.strip().lstrip("#").casefold()
            if piece and piece in named and named[piece] != role:
                raise RefereeError(f"the action {text.strip()!r} names #{piece} twice: a player cannot act on himself")
            named.setdefault(piece, role)
    return args


@dataclass
class StateRules:
    """What a game declares for states: its document reader, its actions, what follows, how to draw it."""

    read: Callable[[dict[str, Any], str], Any]  # the raw document -> the game's validated state
    actions: list[Action]
    keys: tuple[str, ...]  # the top-level keys its documents may have, besides the common ones
    example: str = ""  # a path under corpus/<game>/states/ to show in errors
    ignores: dict[str, str] = field(default_factory=dict)  # key glob -> why it bears on none of the actions
    # key globs every state of the game has (its reader requires them: where a piece stands, its side): the
    # state's shape, never a fact the player added, so one no rule of a ruling reads is not unaccounted
    shape: tuple[str, ...] = ()
    # word-list globs -> the words some rule of the game reads (`pieces.*.status`: grounded, pressure, …): a word
    # the reader accepts but no rule reads (Takkure's `active`, Rugby World's `moving`) is named, never counted read
    words: dict[str, tuple[str, ...]] = field(default_factory=dict)
    synonyms: tuple[tuple[str, str], ...] = ()  # (regex, the words the patterns know): players' words rewritten
    key_help: dict[str, str] = field(default_factory=dict)  # top-level key -> what it says (the documentation)
    follows: Callable[[Any], dict[str, Any]] | None = None  # the state after its actions: who acts next, …
    folder: str = ""  # the game's folder (set when loaded): where its book is, for the closest rules

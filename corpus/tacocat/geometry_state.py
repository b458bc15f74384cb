"""Tacocat's whole states: the board, the hands and the round as read from a state."""

from __future__ import annotations

import re
from typing import ClassVar

from referee.errors import RefereeError, UnknownKey
from referee.states.readers import choice, mapping, need, number
from referee.states.tracking import Tracked, TrackedDict
from referee.validation.documents import show

from .checks_round import PHASES

LEADS = ("duel", "defence", "sacrifice")


def _cards(value: object, where: str) -> list[int]:
    if not isinstance(value, list) or len(value) > 38:
        raise RefereeError(f"{where}: expected a list of card values")
    return [int(number(v, where, 1, 20, whole=True)) for v in value]


def _space(value: object, where: str) -> int:
    if isinstance(value, str) and value.strip().lower() in ("centre", "center"):
        return 0
    if isinstance(value, str) and re.fullmatch(r"-?\d+", value.strip()):
        value = int(value)
    return int(number(value, f"{where} (0 is the centre space printed 7; -3 to 3)", -3, 3, True))


class Board(Tracked):
    KEYS: ClassVar[dict[str, tuple[str, ...]]] = {
        "lead": ("lead",),
        "lead_after": ("lead",),
        "attacker": ("attack.by",),
        "attack_cards": ("attack.cards",),
        "names": ("players",),
    }
    DERIVED = frozenset({"source", "events", "over", "winner", "moved", "answers"})

    def __init__(self, raw: dict, source: str) -> None:
        self._where = ""
        self.source = source
        hands = mapping(raw.get("hands", {}), f"{source}: hands")
        counts = mapping(raw.get("cards", {}), f"{source}: cards")
        if "players" in raw:
            names = raw["players"]
            if not isinstance(names, list) or len(names) != 2 or not all(isinstance(n, str) for n in names):
                raise RefereeError(f"{source}: players: the two players' names, the first's goal beyond space -3")
            self.names = tuple(n.strip().lower() for n in names)
            if len(set(self.names)) != 2:
                raise RefereeError(f"{source}: players: two different names")
        else:
            self.names = ("me", "opponent")
        for key, given in (("hands", hands), ("cards", counts)):
            extra = sorted(k for k in given if k.lower() not in self.names)
            if extra:  # the key as written: the page's form leaves it out (web.statepages)
                message = f"{source}: {key} are {' and '.join(self.names)}'s, not {extra[0].lower()!r}"
                raise UnknownKey(message, key, extra[0])
        self.hands = TrackedDict({k.lower(): _cards(v, f"{source}: hands.{k}") for k, v in hands.items()}, "hands")
        self.counts = TrackedDict(
            {k.lower(): int(number(v, f"{source}: cards.{k}", 0, 38, True)) for k, v in counts.items()}, "cards"
        )
        self.cat = _space(raw.get("cat", 0), f"{source}: cat")
        covered = raw.get("covered") or []
        if not isinstance(covered, list) or len(covered) > 7:
            raise RefereeError(f"{source}: covered: expected a list of spaces (-3 to 3), got {show(covered)}")
        self.covered = [_space(v, f"{source}: covered") for v in covered]
        if self.cat in self.covered:
            raise RefereeError(f"{source}: the cat stands on a covered space")
        self.round = int(number(raw.get("round", 1), f"{source}: round", 1, 50, True))
        self.phase = choice(raw["phase"], f"{source}: phase", PHASES) if "phase" in raw else None
        arrows = raw.get("arrows")
        if arrows is not None:
            if isinstance(arrows, str):
                arrows = [arrows]
            if not isinstance(arrows, list) or not 1 <= len(arrows) <= 2:
                raise RefereeError(f"{source}: arrows: whom the one or two arrows on the Tacocat's space point to")
            arrows = [self.player(str(a), "arrows") for a in arrows]
        self.arrows = arrows
        self.replaced = self._replaced(raw.get("replaced"))
        lead = raw.get("lead")
        self.lead_after = None
        if isinstance(lead, dict):
            self.lead_after = choice(lead.get("after"), f"{source}: lead.after", LEADS) if "after" in lead else None
            lead = lead.get("player")
        self.lead = self.player(str(lead), "lead") if lead is not None else None
        attack = mapping(raw.get("attack", {}), f"{source}: attack")
        self.attacker = self.player(str(need(attack, "by", f"{source}: attack")), "attack.by") if attack else None
        self.attack_cards = _cards(attack.get("cards", []), f"{source}: attack.cards") if attack else []
        numbers = mapping(raw.get("numbers", {}), f"{source}: numbers")
        self.numbers = TrackedDict(
            {
                str(_space(int(k) if k.lstrip("-").isdigit() else k, f"{source}: numbers")): int(
                    number(v, f"{source}: numbers.{k}", 1, 38, True)
                )
                for k, v in numbers.items()
            },
            "numbers",
        )
        self.left = _space(raw["left"], f"{source}: left") if "left" in raw else None
        self.moved = self.left is not None
        self.events: list[str] = []
        self.over = False
        self.winner: str | None = None
        self.answers: list = []

    def _replaced(self, value: object) -> dict[str, int]:
        if value is None:
            return {}
        if isinstance(value, dict):
            return {
                self.player(str(k), "replaced"): int(number(v, f"{self.source}: replaced.{k}", 0, 38, True))
                for k, v in value.items()
            }
        # a number: the first replacer's count (who is the other of whoever replaces next)
        return {"": int(number(value, f"{self.source}: replaced", 0, 38, True))}

    def player(self, name: str, where: str = "player") -> str:
        key = name.strip().lower()
        if key not in self.names:
            raise RefereeError(f"{self.source}: {where}: no player {name!r}; players: {', '.join(self.names)}")
        return key

    def other(self, name: str) -> str:
        return self.names[1] if name == self.names[0] else self.names[0]

    def side(self, name: str) -> str:
        """The checks' words: the first player is 'me', the second 'opponent'."""
        return "me" if name == self.names[0] else "opponent"

    def count(self, name: str) -> int | None:
        if name in self.hands:
            return len(self.hands[name])
        return self.counts.get(name)

    def take(self, name: str, cards: list[int]) -> None:
        """Cards leave a hand (checked when the hand is given; counted down when only its size is)."""
        if name in self.hands:
            hand = list(self.hands[name])
            for card in cards:
                if card not in hand:
                    raise RefereeError(f"{self.source}: {name} does not hold a {card} (hand: {self.hands[name]})")
                hand.remove(card)
            self.hands[name] = hand
        elif name in self.counts:
            if self.counts[name] < len(cards):
                raise RefereeError(f"{self.source}: {name} holds {self.counts[name]} card(s)")
            self.counts[name] -= len(cards)

    def new_round(self) -> None:
        self.round += 1
        self.phase = "replacement"
        self.replaced = {}
        self.lead, self.lead_after, self.attacker, self.attack_cards = None, None, None, []
        self.hands.clear()
        self.counts.clear()


def read_state(raw: dict, source: str) -> Board:
    return Board(raw, source)


def follows(state: Board) -> dict:
    out: dict = {"round": state.round, "cat": state.cat, "covered": sorted(state.covered)}
    if state.phase:
        out["phase"] = state.phase
    if state.lead:
        out["lead"] = state.lead
    held = {n: state.count(n) for n in state.names if state.count(n) is not None}
    if held:
        out["cards"] = held
    if state.events:
        out["events"] = list(state.events)
    if state.over:
        out["game_over"] = True
        out["winner"] = state.winner
    return out


def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def _in_phase(state: Board, wanted: str, s) -> None:
    if state.phase is not None and PHASES.index(wanted) < PHASES.index(state.phase):
        s.run("round-order", {"phase": state.phase, "wanted": wanted})
    state.phase = wanted

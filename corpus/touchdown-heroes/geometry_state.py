"""Touchdown Heroes' whole states: the table as read from a state, and what follows an action."""

from __future__ import annotations

import re
from typing import ClassVar

from referee.errors import RefereeError
from referee.states.readers import choice, number
from referee.states.tracking import Tracked

from .checks_heroes import HEROES
from .checks_setup import SUITS

SIDES = ("attack", "defence")
PHASES = ("briefing", "kickoff", "play", "halftime", "over")


def other(side: str) -> str:
    return "defence" if side == "attack" else "attack"


def _card(text: object, where: str) -> tuple[str, int]:
    """A play card written 'power 4'."""
    parts = str(text).lower().split() if isinstance(text, str) else []
    if len(parts) != 2 or parts[0] not in SUITS or not parts[1].isdigit() or not 1 <= int(parts[1]) <= 10:
        raise RefereeError(f"{where}: a card is a suit and a number 1-10, e.g. 'power 4'; got {text!r}"[:200])
    return parts[0], int(parts[1])


def _hero_name(text: str) -> str:
    slug = re.sub(r"[^a-z]+", "-", text.lower()).strip("-")
    for name in (slug, f"the-{slug}"):
        if name in HEROES:
            return name
    return "other"


class Seat(Tracked):
    KEYS: ClassVar[dict[str, tuple[str, ...]]] = {"cards": ("hand", "cards")}
    DERIVED = frozenset({"index"})

    def __init__(self, raw: dict, where: str, index: int) -> None:
        self._where = f"players.{index}"
        self.index = index
        self.name = str(raw.get("name", "")).strip()
        if not self.name or len(self.name) > 20:
            raise RefereeError(f"{where}: a player needs a short name")
        self.team = choice(raw["team"], f"{where}.team", SIDES) if "team" in raw else None
        hand = raw.get("hand", [])
        if not isinstance(hand, list) or len(hand) > 12:
            raise RefereeError(f"{where}.hand: a list of at most 12 cards")
        self.hand = [_card(c, f"{where}.hand") for c in hand]
        self.cards = (
            int(number(raw["cards"], f"{where}.cards", 0, 12, whole=True))
            if "cards" in raw
            else (len(hand) if "hand" in raw else None)
        )
        hero = raw.get("hero")
        self.hero = None
        if hero is not None:
            if not isinstance(hero, dict):
                raise RefereeError(f"{where}.hero: {{name: Birdman, number: 7, up: true}}")
            self.hero = {
                "name": _hero_name(str(hero.get("name", "other"))),
                "number": int(number(hero["number"], f"{where}.hero.number", 0, 99, True))
                if "number" in hero
                else None,
                "up": bool(hero.get("up", True)),
            }


class Played(Tracked):
    """A card of the trick: its suit and number, and whether it is in the follow state (a '9' may change it)."""

    KEYS: ClassVar[dict[str, tuple[str, ...]]] = {"card": ("card",), "override": ("follow",)}

    def __init__(self, raw: object, where: str, index: int) -> None:
        self._where = f"trick.{index}"
        if isinstance(raw, dict):
            self.card = _card(raw.get("card"), where)
            self.override = bool(raw["follow"]) if "follow" in raw else None
        else:
            self.card = _card(raw, where)
            self.override = None


class Field(Tracked):
    KEYS: ClassVar[dict[str, tuple[str, ...]]] = {"lead": ("lead",)}
    DERIVED = frozenset({"source", "players", "attacking", "events", "played_cards"})

    def __init__(self, raw: dict, source: str) -> None:
        self._where = ""
        self.source = source
        self.ball = int(number(raw.get("ball", 8), f"{source}: ball (the square, 1 to 10)", 1, 10, whole=True))
        self.series = int(number(raw.get("series", 3), f"{source}: series", 0, 3, whole=True))
        seats = raw.get("players")
        if not isinstance(seats, list) or not all(isinstance(p, dict) for p in seats):
            raise RefereeError(f"{source}: 'players' lists the players in seat order, clockwise")
        if len(seats) != 4:
            raise RefereeError(f"{source}: {len(seats)} players; this game is for 4 players only")
        self.players = [Seat(p, f"{source}: players[{i}]", i) for i, p in enumerate(seats)]
        teams = [p.team for p in self.players]
        if any(t is not None for t in teams):
            for i, p in enumerate(self.players):
                if (
                    p.team is None
                    or p.team != self.players[(i + 2) % 4].team
                    or p.team == self.players[(i + 1) % 4].team
                ):
                    raise RefereeError(
                        f"{source}: teammates sit two seats apart (the teams alternate around the table)"
                    )
        names = [p.name for p in self.players]
        if len(set(n.lower() for n in names)) != 4:
            raise RefereeError(f"{source}: the players need four different names")
        self.lead = names.index(choice(raw["lead"], f"{source}: lead", tuple(names))) if "lead" in raw else None
        self.play = choice(raw.get("play", "run"), f"{source}: play", ("run", "pass"))
        trick = raw.get("trick", [])
        if not isinstance(trick, list) or len(trick) > 4:
            raise RefereeError(f"{source}: 'trick' lists the cards played so far, at most 4")
        self.trick = [Played(c, f"{source}: trick[{i}]", i) for i, c in enumerate(trick)]
        self.intercept = bool(raw.get("intercept", False))
        self.half = int(number(raw.get("half", 1), f"{source}: half", 1, 2, whole=True))
        self.eagles = choice(raw.get("eagles", "attack"), f"{source}: eagles", SIDES) if "eagles" in raw else None
        score = raw.get("score", {})
        if not isinstance(score, dict):
            raise RefereeError(f"{source}: score: {{eagles: 2, bears: 0}}")
        self.score = {
            t: int(number(score.get(t, 0), f"{source}: score.{t}", 0, 200, True)) for t in ("eagles", "bears")
        }
        self.phase = choice(raw.get("phase", "play"), f"{source}: phase", PHASES)
        self.attacking = "attack"
        self.events: list[str] = []

    def seat(self, name: str) -> int:
        names = [p.name.lower() for p in self.players]
        if name.lower() not in names:
            raise RefereeError(f"{self.source}: the action names {name!r}, who is not one of the players")
        return names.index(name.lower())

    def team_name(self, side: str) -> str:
        if self.eagles is None:
            return side
        return "Eagles" if side == self.eagles else "Bears"

    def lead_seat(self) -> int:
        if self.lead is None:
            raise RefereeError(f"{self.source}: say who holds the lead marker (lead: A)")
        return self.lead

    def hands_empty(self) -> int | None:
        counts = [p.cards for p in self.players]
        return None if any(c is None for c in counts) else sum(1 for c in counts if c == 0)


def read_state(raw: dict, source: str) -> Field:
    return Field(raw, source)


def follows(state: Field) -> dict:
    out: dict = {
        "attacking": state.team_name(state.attacking),
        "ball": state.ball,
        "series": state.series,
        "phase": state.phase,
        "half": state.half,
    }
    if state.lead is not None:
        out["lead"] = state.players[state.lead].name
    if any(state.score.values()):
        out["score"] = dict(state.score)
    if state.events:
        out["events"] = list(state.events)
    return out

"""Rugby World's whole states: the miniatures and the grid as read from a state, what follows an
action, and how an action names a target or a side."""

from __future__ import annotations

import re
from typing import ClassVar

from referee.errors import RefereeError
from referee.states.readers import (
    choice,
    flag,
    lookup,
    mapping,
    number,
    piece_id,
    pieces,
    point,
    refuse_extra,
    words,
)
from referee.states.tracking import Tracked, TrackedDict

from .checks_card_data import CARDS
from .checks_common import role_of

TRY_LINE = 50  # rows between the try lines: the book counts 2 metres to an intersection ("24 metres (1
HALFWAY = 25  # intersection beyond the 22 m)") on a 100-metre pitch; the width it does not give
IN_GOAL = 5
TWENTY_TWO = 11  # rows from a try line to its 22-metre line
TEAMS = ("attack", "defence")
STATUSES = ("tackled", "moved", "tackling")
PHASES = ("play", "kick-off", "restart", "scrum", "ruck", "touch", "penalty")
PIECE_KEYS = {"team", "at", "number", "f", "s", "p", "kicker", "status"}


def other(side: str) -> str:
    return "defence" if side == "attack" else "attack"


class Mini(Tracked):
    KEYS: ClassVar[dict[str, tuple[str, ...]]] = {"stats": ()}
    DERIVED = frozenset({"name"})

    def __init__(self, name: str, raw: dict, where: str, width: int, path: str = "") -> None:
        self._where = path or f"pieces.{name}"  # the document's own key ("#12" or "12"), for what was read
        self.name = name
        self.team = choice(raw.get("team"), f"{where}.team", TEAMS)
        self.at = point(
            raw.get("at"), f"{where}.at", (0, -IN_GOAL), (width, TRY_LINE + IN_GOAL), "intersections", grid=True
        )
        digits = "".join(ch for ch in name if ch.isdigit())
        self.number = int(number(raw.get("number", int(digits) if digits else 0), f"{where}.number", 1, 15, whole=True))
        self.stats = TrackedDict(
            {k: int(number(raw[k], f"{where}.{k}", 0, 30, whole=True)) for k in ("f", "s", "p") if k in raw},
            self._where,
        )
        self.kicker = flag(raw.get("kicker", False), f"{where}.kicker")
        self.status = set(words(raw.get("status"), f"{where}.status", STATUSES))
        refuse_extra(where, "miniature", raw, PIECE_KEYS, self._where, STATUSES)

    @property
    def role(self) -> str:
        return role_of(self.number)


class Grid(Tracked):
    KEYS: ClassVar[dict[str, tuple[str, ...]]] = {
        "carrier": ("ball",),
        "ball_at": ("ball",),
        "cards": ("cards",),
        "played": ("played",),
        "first_half_kicker": ("kicked_off",),
    }
    DERIVED = frozenset({"source", "pieces", "received", "events", "attacking", "over", "thrower"})

    def __init__(self, raw: dict, source: str) -> None:
        self._where = ""
        self.source = source
        self.attack = choice(raw.get("attack", "+y"), f"{source}: attack", ("+y", "-y"))
        self.width = int(number(raw.get("width", 35), f"{source}: width", 10, 80, whole=True))
        names = mapping(raw.get("teams", {}), f"{source}: teams")
        self.teams = {t: str(names.get(t, t))[:40] for t in TEAMS}
        given = mapping(raw.get("pieces", {}), f"{source}: pieces")
        keys = {piece_id(name): name for name in given}  # the document's own key, for what was read
        self.pieces = {
            name: Mini(name, m, f"{source}: pieces.{name}", self.width, f"pieces.{keys[name]}")
            for name, m in pieces(given, f"{source}: pieces").items()
        }
        ball = raw.get("ball")
        self.carrier: Mini | None = None
        self.ball_at: tuple[float, float] | None = None
        if isinstance(ball, (str, int)) and not isinstance(ball, bool):
            self.carrier = lookup(self.pieces, str(ball), f"{source}: ball")
            self.ball_at = self.carrier.at
        elif ball is not None:
            self.ball_at = point(
                ball,
                f"{source}: ball",
                (-1, -IN_GOAL),
                (self.width + 1, TRY_LINE + IN_GOAL),
                "intersections",
                grid=True,
            )
        self.kicked = flag(raw.get("kicked", False), f"{source}: kicked")
        self.free_moves = int(number(raw.get("free_moves", 0), f"{source}: free_moves", 0, 4, whole=True))
        self.tackles = int(number(raw.get("tackles", 0), f"{source}: tackles", 0, 7, whole=True))
        self.possession = int(number(raw.get("possession", 1), f"{source}: possession", 1, 8, whole=True))
        score = mapping(raw.get("score", {}), f"{source}: score")
        self.score = {t: int(number(score.get(t, 0), f"{source}: score.{t}", 0, 500, True)) for t in TEAMS}
        self.phase = choice(raw.get("phase", "play"), f"{source}: phase", PHASES)
        self.first_half_kicker = (
            choice(raw["kicked_off"], f"{source}: kicked_off", TEAMS) if "kicked_off" in raw else None
        )
        self.moved = [str(m).lstrip("#") for m in words(raw.get("moved"), f"{source}: moved")]
        self.reorganised = words(raw.get("reorganised"), f"{source}: reorganised", TEAMS)
        known = tuple(CARDS)
        cards = mapping(raw.get("cards", {}), f"{source}: cards")
        self.cards = {team: words(cards.get(team), f"{source}: cards.{team}", known) for team in TEAMS}
        played = mapping(raw.get("played", {}), f"{source}: played")
        self.played = {team: words(played.get(team), f"{source}: played.{team}", known) for team in TEAMS}
        touch = mapping(raw.get("touch", {}), f"{source}: touch")
        self.touch = {
            "throwing": choice(touch.get("throwing", "attack"), f"{source}: touch.throwing", TEAMS),
            "chosen": int(number(touch["chosen"], f"{source}: touch.chosen", 1, 5, True))
            if "chosen" in touch
            else None,
        }
        seen: dict[tuple[float, float], str] = {}
        for mini in self.pieces.values():
            if mini.at in seen:
                raise RefereeError(
                    f"{source}: #{seen[mini.at]} and #{mini.name} stand on one intersection; a miniature may never "
                    "occupy the intersection of another"
                )
            seen[mini.at] = mini.name
        self.received: set[str] = set()  # miniatures that received a pass this turn
        self.events: list[str] = []
        self.attacking = "attack"
        self.over = False
        self.thrower: str | None = None

    def sign(self, team: str) -> int:
        """+1 if the team scores toward +y."""
        attack = 1 if self.attack == "+y" else -1
        return attack if team == "attack" else -attack

    def card(self, team: str, family: tuple[str, ...]) -> str:
        return next((c for c in self.cards[team] if c in family), "none")

    def in_front(self, carrier: Mini, defender: Mini) -> bool:
        """1D: the 3 points in front of the carrier, on the next row toward the try line it attacks."""
        dx, dy = defender.at[0] - carrier.at[0], (defender.at[1] - carrier.at[1]) * self.sign(carrier.team)
        return abs(dx) <= 1 and dy == 1

    def tacklers(self, carrier: Mini) -> list[Mini]:
        return [m for m in self.pieces.values() if m.team != carrier.team and self.in_front(carrier, m)]

    def rows_to_try_line(self, mini: Mini) -> float:
        return TRY_LINE - mini.at[1] if self.sign(mini.team) > 0 else mini.at[1]

    def in_own_22(self, mini: Mini) -> bool:
        return (mini.at[1] if self.sign(mini.team) > 0 else TRY_LINE - mini.at[1]) <= TWENTY_TWO

    def name_of(self, side: str) -> str:
        return self.teams[side]

    def at_point(self, where: list[float]) -> Mini | None:
        return next((m for m in self.pieces.values() if list(m.at) == list(where)), None)


def read_state(raw: dict, source: str) -> Grid:
    return Grid(raw, source)


def follows(state: Grid) -> dict:
    out: dict = {
        "possession": state.possession,
        "tackles": state.tackles,
        "attacker": state.name_of(state.attacking),
        "ball": state.carrier.name if state.carrier else (list(state.ball_at) if state.ball_at else None),
        "phase": state.phase,
        "moves_left": max(0, 4 - len(state.moved)),
        "free_moves_frozen": state.kicked,
    }
    if any(state.score.values()):
        out["score"] = {state.name_of(t): n for t, n in state.score.items()}
    if state.thrower:
        out["throws_in"] = state.name_of(state.thrower)
    if state.events:
        out["events"] = list(state.events)
    if state.over:
        out["match_over"] = True
    return out


def _target(state: Grid, text: str) -> tuple[list[float], str]:
    text = text.strip()
    if text.startswith("["):
        x, y = (float(v) for v in text.strip("[]").split(","))
        return list(
            point(
                [x, y],
                f"{state.source}: action target",
                (0, -IN_GOAL),
                (state.width, TRY_LINE + IN_GOAL),
                "intersections",
                grid=True,
            )
        ), f"[{x:g}, {y:g}]"
    mini = lookup(state.pieces, text, state.source)
    return list(mini.at), f"#{mini.name}"


def _side(state: Grid, text: str) -> str:
    word = text.lower().strip()
    word = re.sub(r"^the ", "", word)
    if word in TEAMS:
        return word
    for side in TEAMS:
        if state.teams[side].lower() == word:
            return side
    raise RefereeError(f"{state.source}: {text!r} is neither team ({state.teams['attack']}, {state.teams['defence']})")

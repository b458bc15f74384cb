"""rugby-world: whole game states (docs/game-states.md): a state read with the game's geometry, and its actions."""

from __future__ import annotations

import re

from referee.errors import RefereeError
from referee.rules import Action, StateRules
from referee.states.readers import choice, flag, lookup, mapping, number, pieces, point, words

from .checks import role_of
from .quotes import BLOCKING_CARD, P_CARD, STEAL_CARD

TRY_LINE = 50  # rows between the try lines: the book counts 2 metres to an intersection ("24 metres (1
HALFWAY = 25  # intersection beyond the 22 m)") on a 100-metre pitch; the width it does not give
IN_GOAL = 5
TEAMS = ("attack", "defence")
STATUSES = ("tackled", "moved")


class Mini:
    def __init__(self, name: str, raw: dict, where: str, width: int) -> None:
        self.name = name
        self.team = choice(raw.get("team"), f"{where}.team", TEAMS)
        self.at = point(
            raw.get("at"), f"{where}.at", (0, -IN_GOAL), (width, TRY_LINE + IN_GOAL), "intersections", grid=True
        )
        digits = "".join(ch for ch in name if ch.isdigit())
        self.number = int(number(raw.get("number", int(digits) if digits else 0), f"{where}.number", 1, 15, whole=True))
        self.stats = {k: int(number(raw[k], f"{where}.{k}", 0, 30, whole=True)) for k in ("f", "s", "p") if k in raw}
        self.kicker = flag(raw.get("kicker", False), f"{where}.kicker")
        self.status = set(words(raw.get("status"), f"{where}.status", STATUSES))
        extra = sorted(set(raw) - {"team", "at", "number", "f", "s", "p", "kicker", "status"})
        if extra:
            raise RefereeError(f"{where}: a miniature has no {extra[0]!r}")

    @property
    def role(self) -> str:
        return role_of(self.number)


class Grid:
    def __init__(self, raw: dict, source: str) -> None:
        self.source = source
        self.attack = choice(raw.get("attack", "+y"), f"{source}: attack", ("+y", "-y"))
        self.width = int(number(raw.get("width", 35), f"{source}: width", 10, 80, whole=True))
        minis = pieces(raw.get("pieces"), f"{source}: pieces")
        self.pieces = {name: Mini(name, m, f"{source}: pieces.{name}", self.width) for name, m in minis.items()}
        ball = raw.get("ball")
        self.carrier: Mini | None = None
        self.ball_at: tuple[float, float] | None = None
        if isinstance(ball, (str, int)) and not isinstance(ball, bool):
            self.carrier = lookup(self.pieces, str(ball), f"{source}: ball")
            self.ball_at = self.carrier.at
        else:
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
        self.tackles = int(number(raw.get("tackles", 0), f"{source}: tackles", 0, 6, whole=True))
        cards = mapping(raw.get("cards", {}), f"{source}: cards")
        known = (*P_CARD, *BLOCKING_CARD, *STEAL_CARD)
        self.cards = {team: words(cards.get(team), f"{source}: cards.{team}", known) for team in TEAMS}
        seen: dict[tuple[float, float], str] = {}
        for mini in self.pieces.values():
            if mini.at in seen:
                raise RefereeError(
                    f"{source}: #{seen[mini.at]} and #{mini.name} stand on one intersection; a miniature may never "
                    "occupy the intersection of another"
                )
            seen[mini.at] = mini.name

    def sign(self, team: str) -> int:
        """+1 if the team scores toward +y."""
        attack = 1 if self.attack == "+y" else -1
        return attack if team == "attack" else -attack

    def card(self, team: str, family: dict) -> str:
        return next((c for c in self.cards[team] if c in family), "none")

    def in_front(self, carrier: Mini, defender: Mini) -> bool:
        """1D: the 3 points in front of the carrier, on the next row toward the try line it attacks."""
        dx, dy = defender.at[0] - carrier.at[0], (defender.at[1] - carrier.at[1]) * self.sign(carrier.team)
        return abs(dx) <= 1 and dy == 1

    def rows_to_try_line(self, mini: Mini) -> float:
        return TRY_LINE - mini.at[1] if self.sign(mini.team) > 0 else mini.at[1]


def read_state(raw: dict, source: str) -> Grid:
    return Grid(raw, source)


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


def settle_pass(state: Grid, args: dict, s) -> None:
    passer = lookup(state.pieces, args["by"], state.source)
    if passer is not state.carrier:
        raise RefereeError(
            f"{state.source}: #{passer.name} does not carry the ball "
            f"(ball: {state.carrier.name if state.carrier else 'loose'})"
        )
    target, _ = _target(state, args["to"])
    s.run(
        "pass",
        {
            "passer": list(passer.at),
            "target": target,
            "scoring_direction": "+y" if state.sign(passer.team) > 0 else "-y",
            "p": passer.stats.get("p"),
            "tackled": "tackled" in passer.status,
            "card": state.card(passer.team, P_CARD),
            "role": passer.role,
        },
    )


def settle_tackle(state: Grid, args: dict, s) -> None:
    names = re.split(r"\s*(?:,|and)\s*", args["by"])
    tacklers = [lookup(state.pieces, n, state.source) for n in names if n]
    target = lookup(state.pieces, args["on"], state.source)
    if any(t.team == target.team for t in tacklers):
        raise RefereeError(f"{state.source}: a miniature cannot tackle a teammate")
    s.run(
        "tackle",
        {
            "target_has_ball": target is state.carrier,
            "defenders": len(tacklers),
            "in_front": all(state.in_front(target, t) for t in tacklers),
        },
    )
    s.run("possession-tackles", {"tackles": state.tackles + 1}, f"tackle {state.tackles + 1} of this possession")


def settle_hard_tackle(state: Grid, args: dict, s) -> None:
    defender, target = lookup(state.pieces, args["by"], state.source), lookup(state.pieces, args["on"], state.source)
    s.run(
        "tackle",
        {"target_has_ball": target is state.carrier, "defenders": 1, "in_front": state.in_front(target, defender)},
    )
    s.run(
        "hard-tackle",
        {
            "defender_f": defender.stats.get("f"),
            "carrier_f": target.stats.get("f"),
            "die": s.die(),
            "card": state.card(defender.team, STEAL_CARD),
            "role": defender.role,
        },
    )


def settle_break(state: Grid, args: dict, s) -> None:
    """A tackled carrier answers one tackler: break through (strength) or evade (speed)."""
    carrier, defender = lookup(state.pieces, args["by"], state.source), lookup(state.pieces, args["on"], state.source)
    if carrier is not state.carrier:
        raise RefereeError(f"{state.source}: #{carrier.name} does not carry the ball")
    s.run("tackle", {"target_has_ball": True, "defenders": 1, "in_front": state.in_front(carrier, defender)})
    stat, compare = ("s", "speed") if args.get("evade") else ("f", "strength")
    s.run(
        "strength-rule",
        {
            "declarer": carrier.stats.get(stat),
            "opponent": defender.stats.get(stat),
            "compare": compare,
            "die": s.die() or 0,
        },
    )


def settle_free_move(state: Grid, args: dict, s) -> None:
    mini = lookup(state.pieces, args["by"], state.source)
    dest, _ = _target(state, args["to"])
    occupant = next((m for m in state.pieces.values() if list(m.at) == dest and m is not mini), None)
    if occupant is not None:
        raise RefereeError(f"{state.source}: #{occupant.name} already stands on {dest}")
    behind = (state.ball_at[1] - dest[1]) * state.sign(mini.team)
    carrier = state.carrier
    in_22 = carrier is not None and state.rows_to_try_line(carrier) <= 11  # 22 m, line included
    other = "defence" if mini.team == "attack" else "attack"
    s.run(
        "free-move",
        {
            "rows_behind_ball": int(behind),
            "free_moves_this_turn": state.free_moves,
            "ball_loose_after_kick": state.kicked,
            "carrier_in_opponents_22": in_22,
            "team": mini.team,
            "opponent_card": state.card(other, BLOCKING_CARD),
        },
        f"the ball is on row {state.ball_at[1]:g}",
    )


def settle_kick(state: Grid, args: dict, s) -> None:
    mini = lookup(state.pieces, args["by"], state.source)
    s.run("kick-range", {"kick": args["range"].lower(), "kicker": mini.kicker, "die": s.die()})


def _zone(rows: float, touchline: float) -> str:
    metres = rows * 2
    if metres <= 22 and touchline > 2:
        return "within-22"
    return "42-50" if metres >= 42 else "24-40-or-touchline"


def settle_drop(state: Grid, args: dict, s) -> None:
    mini = lookup(state.pieces, args["by"], state.source)
    opponents = [m for m in state.pieces.values() if m.team != mini.team]
    nearest = min((int(max(abs(m.at[0] - mini.at[0]), abs(m.at[1] - mini.at[1]))) for m in opponents), default=80)
    rows = state.rows_to_try_line(mini)
    s.run("drop-goal", {"in_opponents_half": rows < HALFWAY, "nearest_opponent": min(nearest, 80)})
    touchline = min(mini.at[0], state.width - mini.at[0])
    kick = s.run("kick-success", {"zone": _zone(rows, touchline), "kicker": mini.kicker, "die": s.die() or 0})
    if kick.outcome == "succeeds":
        s.run("points", {"score": "drop"})


def settle_conversion(state: Grid, args: dict, s) -> None:
    mini = lookup(state.pieces, args["by"], state.source)
    x = state.ball_at[0]
    kick = s.run(
        "conversion",
        {"touchline_distance": int(min(x, state.width - x)), "kicker": mini.kicker, "die": s.die() or 0},
        f"the try crossed the line at x = {x:g}",
    )
    if kick.outcome == "succeeds":
        s.run("points", {"score": "conversion"})


WHO = r"#?(?P<by>\w+)"
TO = r"(?P<to>#?\w+|\[\s*-?[\d.]+\s*,\s*-?[\d.]+\s*\])"
STATES = StateRules(
    read=read_state,
    keys=("attack", "width", "pieces", "ball", "kicked", "free_moves", "tackles", "cards"),
    actions=[
        Action("pass", (WHO + r" pass(?:es)? (?:the ball )?to " + TO,), settle_pass, "#9 passes to #10 / to [12, 27]"),
        Action(
            "tackle",
            (r"(?P<by>#?\w+(?:\s*(?:,|and)\s*#?\w+)*) (?:declares? a tackle on|tackles?) #?(?P<on>\w+)",),
            settle_tackle,
            "#6 and #7 tackle #10",
        ),
        Action(
            "hard-tackle",
            (WHO + r" (?:declares a )?hard[- ]tackles? (?:on )?#?(?P<on>\w+)",),
            settle_hard_tackle,
            "#6 hard-tackles #10",
        ),
        Action(
            "break-through",
            (WHO + r" breaks? through (?:against )?#?(?P<on>\w+)",),
            settle_break,
            "#13 breaks through #d6",
        ),
        Action("evade", (WHO + r" (?P<evade>evades) #?(?P<on>\w+)",), settle_break, "#13 evades #d6"),
        Action("free-move", (WHO + r" free[- ]moves? to " + TO,), settle_free_move, "#12 free-moves to [10, 20]"),
        Action("kick", (WHO + r" kicks (?P<range>short|medium|long)",), settle_kick, "#10 kicks long"),
        Action("drop", (WHO + r" (?:attempts a |kicks a )?drop(?: goal)?",), settle_drop, "#10 attempts a drop"),
        Action(
            "conversion", (WHO + r" (?:kicks|takes) the conversion",), settle_conversion, "#10 kicks the conversion"
        ),
    ],
)

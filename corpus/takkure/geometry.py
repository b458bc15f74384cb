"""Takkure in whole states (docs/game-states.md): the pitch in inches, the players' bases, the ball, and the actions."""

from __future__ import annotations

import math

from referee.errors import RefereeError
from referee.rules import Action, StateRules
from referee.states.readers import choice, lookup, number, pieces, point, words

TEAMS = ("attack", "defence")
STATUSES = ("grounded", "pressure", "tackle", "active", "steal", "rest")
SKILLS = ("side-step", "precise-pass", "onslaught", "defensive-insight", "expert-tackler")
ROLES_TK = ("wing", "scrum-half", "full-back", "forward")
STATS = ("bac", "bac_try", "str", "ref", "int", "mov")
EDGE = 40.0  # the facts' range: the book gives the pitch's marks (4", 18", 26"), not its size


class Player:
    def __init__(self, name: str, raw: dict, where: str) -> None:
        self.name = name
        self.team = choice(raw.get("team"), f"{where}.team", TEAMS)
        self.at = point(raw.get("at"), f"{where}.at", (-EDGE, -EDGE), (EDGE, EDGE), "inches")
        self.base = number(raw.get("base", 40), f"{where}.base", 20, 80)  # mm, as printed on the card
        self.status = set(words(raw.get("status"), f"{where}.status", STATUSES))
        self.skills = set(words(raw.get("skills"), f"{where}.skills", SKILLS))
        self.role = choice(raw["role"], f"{where}.role", ROLES_TK) if "role" in raw else None
        self.fatigue = int(number(raw.get("fatigue", 0), f"{where}.fatigue", 0, 3, whole=True))
        self.fatigue_inactive = int(number(raw.get("fatigue_inactive", 0), f"{where}.fatigue_inactive", 0, 3, True))
        self.stats = {k: int(number(raw[k], f"{where}.{k}", 0, 20, whole=True)) for k in STATS if k in raw}
        self.target = str(raw["target"]).lstrip("#") if "target" in raw else None
        extra = sorted(
            set(raw)
            - {"team", "at", "base", "status", "skills", "role", "fatigue", "fatigue_inactive", "target", *STATS}
        )
        if extra:
            raise RefereeError(f"{where}: a player has no {extra[0]!r}")

    @property
    def radius(self) -> float:
        return self.base / 2 / 25.4  # the base's radius in inches

    @property
    def grounded(self) -> bool:
        return "grounded" in self.status


class Pitch:
    def __init__(self, raw: dict, source: str) -> None:
        self.source = source
        self.attack = choice(raw.get("attack", "+y"), f"{source}: attack", ("+y", "-y"))
        self.in_goal = number(raw["in_goal"], f"{source}: in_goal", -EDGE, EDGE) if "in_goal" in raw else None
        players = pieces(raw.get("pieces"), f"{source}: pieces")
        self.pieces = {name: Player(name, p, f"{source}: pieces.{name}") for name, p in players.items()}
        ball = raw.get("ball")
        self.carrier: Player | None = None
        self.ball_at: tuple[float, float] | None = None
        self.ball_in_air = ball == "in-the-air"
        if isinstance(ball, (str, int)) and not isinstance(ball, bool) and not self.ball_in_air:
            self.carrier = lookup(self.pieces, str(ball), f"{source}: ball")
        elif isinstance(ball, list):
            self.ball_at = point(ball, f"{source}: ball", (-EDGE, -EDGE), (EDGE, EDGE), "inches")
        elif not self.ball_in_air:
            raise RefereeError(f"{source}: 'ball' must name the carrier (\"7\"), give a point [x, y], or be in-the-air")
        active = raw.get("active")
        self.active = lookup(self.pieces, str(active), f"{source}: active") if active is not None else self.carrier
        self._no_overlap()

    def _no_overlap(self) -> None:
        """6.04: two players cannot occupy the same space (their bases may touch, not overlap)."""
        items = list(self.pieces.values())
        for i, a in enumerate(items):
            for b in items[i + 1 :]:
                if math.dist(a.at, b.at) < a.radius + b.radius - 1e-9:
                    raise RefereeError(
                        f"{self.source}: #{a.name} and #{b.name} overlap: two players cannot occupy the same space"
                    )

    def gap(self, a: Player, b: Player) -> float:
        """0.03: a distance is measured between the closest points of the two bases."""
        return round(max(0.0, math.dist(a.at, b.at) - a.radius - b.radius), 2)

    def pressure_on(self, p: Player) -> int:
        """1.06: defenders performing PRESSURE within 2" of the player."""
        return sum(
            1 for q in self.pieces.values() if q.team != p.team and "pressure" in q.status and self.gap(p, q) <= 2
        )

    def in_goal_zone(self, p: Player) -> bool | None:
        if self.in_goal is None:
            return None
        sign = 1 if self.attack == "+y" else -1
        return (p.at[1] * sign) + p.radius > self.in_goal * sign


def read_state(raw: dict, source: str) -> Pitch:
    return Pitch(raw, source)


def _grounded_first(state: Pitch, who: Player, action: str, run) -> None:
    if who.grounded:
        run("grounded-action", {"action": action, "is_ball_carrier": who is state.carrier}, f"#{who.name} is GROUNDED")


def settle_pass(state: Pitch, args: dict, s) -> None:
    passer, receiver = lookup(state.pieces, args["by"], state.source), lookup(state.pieces, args["to"], state.source)
    if receiver.team != passer.team:
        raise RefereeError(f"{state.source}: #{receiver.name} is not a teammate of #{passer.name}")
    _grounded_first(state, passer, "pass-from-the-ground", s.run)
    s.run(
        "pass-direction",
        {
            "passer": list(passer.at),
            "receiver": list(receiver.at),
            "scoring_direction": state.attack,
            "passer_has_ball": passer is state.carrier,
        },
    )
    distance = state.gap(passer, receiver)
    target = s.run(
        "pass-target",
        {
            "bac": passer.stats.get("bac"),
            "distance": distance,
            "pressure": state.pressure_on(passer),
            "from_ground": passer.grounded,
            "fatigue": passer.fatigue,
        },
        f'{distance:g}" between the bases',
    )
    extra = 1 if "precise-pass" in passer.skills and passer.fatigue == 0 else 0
    roll = s.run(
        "unopposed-roll", {"target": target.value, "dice": s.dice or None, "action": "pass", "extra_dice": extra}
    )
    if roll.outcome != "succeeds":
        s.run(
            "reception-modifier",
            {"distance": distance},
            "if the pass misses" if roll.outcome is None else "the pass missed",
        )


def settle_tackle(state: Pitch, args: dict, s) -> None:
    tackler, target = lookup(state.pieces, args["by"], state.source), lookup(state.pieces, args["on"], state.source)
    if tackler.team == target.team:
        raise RefereeError(f"{state.source}: #{tackler.name} cannot tackle a teammate")
    _grounded_first(state, tackler, "tackle", s.run)
    s.run(
        "tackle-declaration",
        {
            "target_has_ball": target is state.carrier,
            "target_grounded": target.grounded,
            "target_active": target is state.active,
        },
    )


def settle_second_action(state: Pitch, args: dict, s) -> None:
    who = lookup(state.pieces, args["by"], state.source)
    action = "dodge" if args.get("dodge") else "break-through"
    _grounded_first(state, who, action, s.run)
    declared = any(
        q.team != who.team
        and "tackle" in q.status
        and (q.target or (state.carrier.name if state.carrier else None)) == who.name
        for q in state.pieces.values()
    )
    s.run("second-action", {"action": action, "tackle_declared": declared, "is_ball_carrier": who is state.carrier})


def settle_steal(state: Pitch, args: dict, s) -> None:
    who = lookup(state.pieces, args["by"], state.source)
    if state.ball_in_air:
        ball = "in-the-air"
    elif state.carrier is None:
        ball = "loose"
    else:
        ball = "held-grounded" if state.carrier.grounded else "held-standing"
    s.run("ball-steal", {"ball": ball, "stealer_grounded": who.grounded})


def settle_try(state: Pitch, args: dict, s) -> None:
    who = lookup(state.pieces, args["by"], state.source)
    in_goal = state.in_goal_zone(who)
    if in_goal is None and "in_goal" not in s.overrides:
        raise RefereeError(
            f"{state.source}: say where the in-goal zone starts (in_goal: Y), or give --fact in_goal=true"
        )
    s.run("score-a-try", {"is_ball_carrier": who is state.carrier, "in_goal": in_goal, "grounded": who.grounded})
    target = s.run(
        "score-a-try-target",
        {
            "bac_try": who.stats.get("bac_try"),
            "fatigue_tokens": who.fatigue + who.fatigue_inactive,
            "pressure": state.pressure_on(who),
        },
    )
    s.run("unopposed-roll", {"target": target.value, "dice": s.dice or None, "action": "score-a-try"})


WHO = r"#?(?P<by>\w+)"
STATES = StateRules(
    read=read_state,
    keys=("attack", "in_goal", "pieces", "ball", "active"),
    actions=[
        Action("pass", (WHO + r" pass(?:es)? (?:the ball )?to #?(?P<to>\w+)",), settle_pass, "#7 passes to #9"),
        Action(
            "tackle",
            (WHO + r" (?:declares a tackle on|tackles) #?(?P<on>\w+)",),
            settle_tackle,
            "#4 declares a tackle on #7",
        ),
        Action("dodge", (WHO + r" (?P<dodge>dodges)",), settle_second_action, "#7 dodges"),
        Action("break-through", (WHO + r" breaks? through",), settle_second_action, "#7 breaks through"),
        Action("ball-steal", (WHO + r" (?:tries to )?steals? the ball",), settle_steal, "#4 steals the ball"),
        Action("score-a-try", (WHO + r" (?:scores|tries to score|attempts) a try",), settle_try, "#7 scores a try"),
    ],
)

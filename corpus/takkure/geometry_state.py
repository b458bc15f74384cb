"""Takkure's whole states: the players, the match and the pitch as read from a state, and what
follows an action."""

from __future__ import annotations

import math
from typing import ClassVar

from referee.errors import RefereeError, UnknownKey
from referee.states.readers import choice, lookup, mapping, number, piece_id, pieces, point, refuse_extra, words
from referee.states.tracking import Tracked, TrackedDict, TrackedWords

TEAMS = ("attack", "defence")
STATUSES = ("grounded", "pressure", "tackle", "active", "steal", "rest", "activated", "pick-up")
SKILLS = ("side-step", "precise-pass", "onslaught", "defensive-insight", "expert-tackler")
ROLES_TK = ("wing", "scrum-half", "full-back", "forward")
STATS = ("bac", "bac_try", "str", "ref", "int", "bdy", "prt")
EDGE = 40.0  # the facts' range: the book gives the pitch's marks (4", 18", 26"), not its size
PLAYER_KEYS = {
    "team",
    "at",
    "base",
    "status",
    "skills",
    "role",
    "fatigue",
    "fatigue_inactive",
    "target",
    "mov",
    "grounded",
    "wounds",
    "activations",
    "tackle_at",
    "skill_tokens",
    *STATS,
}


def other(side: str) -> str:
    return "defence" if side == "attack" else "attack"


class Player(Tracked):
    KEYS: ClassVar[dict[str, tuple[str, ...]]] = {
        "stats": (),
        "status": (),  # a TrackedWords: the words asked about mark themselves
        "grounded_tokens": ("grounded", "status.grounded"),
        "statuses": ("status",),
    }
    DERIVED = frozenset({"name"})

    def __init__(self, name: str, raw: dict, where: str, path: str) -> None:
        self._where = path
        self.name = name
        self.team = choice(raw.get("team"), f"{where}.team", TEAMS)
        self.at = point(raw.get("at"), f"{where}.at", (-EDGE, -EDGE), (EDGE, EDGE), "inches")
        self.base = number(raw.get("base", 40), f"{where}.base", 20, 80)  # mm, as printed on the card
        self.status = TrackedWords(words(raw.get("status"), f"{where}.status", STATUSES), f"{path}.status")
        self.skills = set(words(raw.get("skills"), f"{where}.skills", SKILLS))
        self.role = choice(raw["role"], f"{where}.role", ROLES_TK) if "role" in raw else None
        self.fatigue = int(number(raw.get("fatigue", 0), f"{where}.fatigue", 0, 4, whole=True))
        self.fatigue_inactive = int(number(raw.get("fatigue_inactive", 0), f"{where}.fatigue_inactive", 0, 4, True))
        self.stats = TrackedDict(
            {k: int(number(raw[k], f"{where}.{k}", 0, 20, whole=True)) for k in STATS if k in raw}, path
        )
        self.mov = None
        if "mov" in raw:
            mov = raw["mov"]
            if not isinstance(mov, list) or len(mov) != 2:
                raise RefereeError(f"{where}.mov: the card's two MOV values [attack, defence], e.g. [5, 3]")
            self.mov = [int(number(v, f"{where}.mov", 0, 20, whole=True)) for v in mov]
        grounded = int(
            number(raw.get("grounded", 1 if "grounded" in self.status else 0), f"{where}.grounded", 0, 5, True)
        )
        self.grounded_tokens = grounded
        self.wounds = int(number(raw.get("wounds", 0), f"{where}.wounds", 0, 20, whole=True))
        self.activations = int(number(raw.get("activations", 0), f"{where}.activations", 0, 4, whole=True))
        self.skill_tokens = int(number(raw.get("skill_tokens", 0), f"{where}.skill_tokens", 0, 30, whole=True))
        self.target = str(raw["target"]).lstrip("#") if "target" in raw else None
        self.tackle_at = None
        if "tackle_at" in raw:  # the declared point of a tackle: [x, y], or its distance in inches
            spot = raw["tackle_at"]
            self.tackle_at = (
                number(spot, f"{where}.tackle_at", 0, 80)
                if isinstance(spot, (int, float))
                else point(spot, f"{where}.tackle_at", (-EDGE, -EDGE), (EDGE, EDGE), "inches")
            )
        refuse_extra(where, "player", raw, PLAYER_KEYS, path, STATUSES)

    @property
    def radius(self) -> float:
        return self.base / 2 / 25.4  # the base's radius in inches

    @property
    def grounded(self) -> bool:
        return self.grounded_tokens > 0


class Match(Tracked):
    """What happened before: the half, the score, the time dashboard, the activation tokens, cards used."""

    DERIVED = frozenset()

    def __init__(self, raw: dict, where: str) -> None:
        self._where = "match"
        known = {
            "half",
            "score",
            "time",
            "activations",
            "kicked_off",
            "kicking",
            "team_plays_used",
            "passed",
            "occasion",
            "template",
            "phase",
        }
        extra = sorted(set(raw) - known)
        if extra:
            raise UnknownKey(
                f"{where}: match has no {extra[0]!r}; it has {', '.join(sorted(known))}", "match", extra[0]
            )
        self.half = int(number(raw.get("half", 1), f"{where}.half", 1, 2, whole=True))
        score = mapping(raw["score"], f"{where}.score") if "score" in raw else None
        self.score = (
            {t: int(number(score.get(t, 0), f"{where}.score.{t}", 0, 50, True)) for t in TEAMS} if score else None
        )
        time = mapping(raw["time"], f"{where}.time") if "time" in raw else None
        self.time = None
        if time:
            self.time = {
                "box": int(number(time.get("box", 5), f"{where}.time.box", 1, 5, whole=True)),
                **{t: choice(time.get(t, "active"), f"{where}.time.{t}", ("active", "inactive")) for t in TEAMS},
            }
        self.activations = int(number(raw.get("activations", 0), f"{where}.activations", 0, 4, whole=True))
        self.kicked_off = choice(raw["kicked_off"], f"{where}.kicked_off", TEAMS) if "kicked_off" in raw else None
        self.kicking = choice(raw["kicking"], f"{where}.kicking", TEAMS) if "kicking" in raw else None
        used = mapping(raw.get("team_plays_used", {}), f"{where}.team_plays_used")
        self.team_plays_used = {t: words(used.get(t), f"{where}.team_plays_used.{t}") for t in TEAMS}
        self.passed = words(raw.get("passed"), f"{where}.passed", TEAMS)
        occasions = ("start", "second-half", "after-try", "failed-try")
        self.occasion = choice(raw["occasion"], f"{where}.occasion", occasions) if "occasion" in raw else None
        template = mapping(raw.get("template", {}), f"{where}.template")
        self.template = {k: number(v, f"{where}.template.{k}", -80, 80) for k, v in template.items()}
        self.phase = choice(raw.get("phase", "play"), f"{where}.phase", ("play", "kick-off"))


class Pitch(Tracked):
    KEYS: ClassVar[dict[str, tuple[str, ...]]] = {
        "carrier": ("ball",),
        "ball_at": ("ball",),
        "ball_in_air": ("ball",),
        "active": ("active",),
    }
    DERIVED = frozenset({"source", "pieces", "attacking", "events", "stolen", "first_action", "phase", "over"})

    def __init__(self, raw: dict, source: str) -> None:
        self._where = ""
        self.source = source
        self.attack = choice(raw.get("attack", "+y"), f"{source}: attack", ("+y", "-y"))
        self.in_goal = number(raw["in_goal"], f"{source}: in_goal", -EDGE, EDGE) if "in_goal" in raw else None
        names = mapping(raw.get("teams", {}), f"{source}: teams")
        self.teams = {t: str(names.get(t, t))[:40] for t in TEAMS}
        given = mapping(raw.get("pieces", {}), f"{source}: pieces")
        keys = {piece_id(name): name for name in given}  # the document's own key, for what was read
        self.pieces = {
            name: Player(name, p, f"{source}: pieces.{name}", f"pieces.{keys[name]}")
            for name, p in pieces(given, f"{source}: pieces").items()
        }
        ball = raw.get("ball")
        self.carrier: Player | None = None
        self.ball_at: tuple[float, float] | None = None
        self.ball_in_air = ball == "in-the-air"
        if isinstance(ball, (str, int)) and not isinstance(ball, bool) and not self.ball_in_air:
            self.carrier = lookup(self.pieces, str(ball), f"{source}: ball")
        elif isinstance(ball, list):
            self.ball_at = point(ball, f"{source}: ball", (-EDGE, -EDGE), (EDGE, EDGE), "inches")
        elif not self.ball_in_air and ball is not None:
            raise RefereeError(f"{source}: 'ball' must name the carrier (\"7\"), give a point [x, y], or be in-the-air")
        # the ball token's diameter in mm: on the ground it occupies space as a player does (3.04); the book
        # does not give its size
        self.ball_size = number(raw.get("ball_size", 25), f"{source}: ball_size", 5, 80)
        active = raw.get("active")
        self.active = lookup(self.pieces, str(active), f"{source}: active") if active is not None else self.carrier
        self.match = Match(mapping(raw["match"], f"{source}: match"), f"{source}: match") if "match" in raw else None
        self._no_overlap()
        # what the actions change as they are settled
        self.attacking = "attack"
        self.events: list[str] = []
        self.stolen = False
        self.first_action: str | None = None
        self.phase = self.match.phase if self.match else "play"
        self.over = False

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

    def on_line(self, q: Player, a: Player, b: Player) -> bool:
        """3.06: a line from the passer's base to the receiver's passes through q's base (its centre within the
        sum of the radii of the segment between the two centres)."""
        (x1, y1), (x2, y2), (px, py) = a.at, b.at, q.at
        dx, dy = x2 - x1, y2 - y1
        length = dx * dx + dy * dy
        t = 0.0 if not length else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / length))
        return math.dist((px, py), (x1 + t * dx, y1 + t * dy)) <= q.radius + max(a.radius, b.radius)

    def to_ball(self, p: Player) -> float:
        """0.03: from the player's base to the ball token on the ground, closest points."""
        assert self.ball_at is not None
        return round(max(0.0, math.dist(p.at, self.ball_at) - p.radius - self.ball_size / 2 / 25.4), 2)

    def name_of(self, side: str) -> str:
        return self.teams[side]


def read_state(raw: dict, source: str) -> Pitch:
    return Pitch(raw, source)


def follows(state: Pitch) -> dict:
    """What follows: who attacks, where the ball is, who is GROUNDED, wounded or out; the match's clock."""
    out: dict = {
        "attacker": state.name_of(state.attacking),
        "ball": state.carrier.name if state.carrier else ("in the air" if state.ball_in_air else "loose"),
        "grounded": sorted(p.name for p in state.pieces.values() if p.grounded_tokens),
        "wounds": {p.name: p.wounds for p in state.pieces.values() if p.wounds},
        "phase": state.phase,
    }
    if state.first_action == "pass-from-the-ground":
        out["second_action"] = False
    if state.events:
        out["events"] = list(state.events)
    match = state.match
    if match is not None:
        out["half"] = match.half
        if match.score:
            out["score"] = {state.name_of(t): n for t, n in match.score.items()}
        if match.time:
            out["time"] = {"box": match.time["box"], **{state.name_of(t): match.time[t] for t in TEAMS}}
        if match.activations:
            out["activations_left"] = 4 - match.activations
        if state.over:
            out["match_over"] = True
    return out

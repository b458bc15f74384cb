"""Takkure in whole states (docs/game-states.md): the pitch in inches, the players' bases, the ball, what
happened before (the match: half, score, time dashboard, activation tokens, cards used), and the actions,
each settled in the state the previous one left. Opposed rolls are resolved in the state: who is
GROUNDED, wounded or injured, who holds the ball, who attacks."""

from __future__ import annotations

import math
import re
from typing import ClassVar

from referee.errors import RefereeError
from referee.rules import Action, StateRules
from referee.states.readers import choice, lookup, mapping, number, piece_id, pieces, point, words
from referee.states.tracking import Tracked, TrackedDict

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
        "grounded_tokens": ("grounded", "status"),
        "statuses": ("status",),
    }
    DERIVED = frozenset({"name"})

    def __init__(self, name: str, raw: dict, where: str, path: str) -> None:
        self._where = path
        self.name = name
        self.team = choice(raw.get("team"), f"{where}.team", TEAMS)
        self.at = point(raw.get("at"), f"{where}.at", (-EDGE, -EDGE), (EDGE, EDGE), "inches")
        self.base = number(raw.get("base", 40), f"{where}.base", 20, 80)  # mm, as printed on the card
        self.status = set(words(raw.get("status"), f"{where}.status", STATUSES))
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
        extra = sorted(set(raw) - PLAYER_KEYS)
        if extra:
            raise RefereeError(f"{where}: a player has no {extra[0]!r}")

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
            raise RefereeError(f"{where}: match has no {extra[0]!r}; it has {', '.join(sorted(known))}")
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


# ---------------------------------------------------------------- dice, targets


class Rolls:
    """Each roller's dice, taken in the order the rolls happen."""

    def __init__(self, s) -> None:
        self.s = s
        self.left: dict[str, list[int]] = {}

    def take(self, who: Player, n: int = 1) -> list[int] | None:
        if who.name not in self.left:
            given = self.s.dice_for(who.name)
            if given is None:
                return None
            self.left[who.name] = given
        if len(self.left[who.name]) < n:
            return None
        taken, self.left[who.name] = self.left[who.name][:n], self.left[who.name][n:]
        return taken


def _fatigue_minus(p: Player) -> int:
    return 1 if p.fatigue >= 3 else 0  # 3 active tokens: -1 to STR, BaC, REF and INT


def _stat(p: Player, key: str) -> int | None:
    return p.stats.get(key)


def _skill_dice(state: Pitch, p: Player, skill: str, s) -> int:
    """How many dice a skill by position gives the player (1 without it); an ambiguous reading stops the ruling."""
    if skill not in p.skills:
        return 1
    kept = s.run(
        "skill-by-position", {"skill": skill, "active": p.fatigue, "inactive": p.fatigue_inactive}, f"#{p.name}'s skill"
    )
    if kept.verdict == "ambiguous":
        raise _Unsettled
    return kept.value.get("dice", 1)


class _Unsettled(Exception):
    """A step is ambiguous in a way the later steps depend on: they are not run."""


def _grounded_first(state: Pitch, who: Player, action: str, s) -> None:
    if who.grounded:
        s.run(
            "grounded-action", {"action": action, "is_ball_carrier": who is state.carrier}, f"#{who.name} is GROUNDED"
        )


def _tacklers(state: Pitch, who: Player, order: list[str]) -> list[Player]:
    found = [
        q
        for q in state.pieces.values()
        if q.team != who.team
        and "tackle" in q.status
        and (q.target or (state.carrier.name if state.carrier else None)) == who.name
    ]
    named = [lookup(state.pieces, n, state.source) for n in order]
    return named + [q for q in found if q not in named]


def _order(args: dict) -> list[str]:
    return [n for n in re.split(r"\s*(?:,|\band\b|\bthen\b)\s*", args.get("against") or "") if n.strip()]


# ---------------------------------------------------------------- resolving a tackle's consequences


def _tackle_lands(state: Pitch, tackler: Player, target: Player, result: str, rolls: Rolls, s, note: str) -> None:
    """A tackle that succeeded (or was a critical): both GROUNDED, the tackled player's ENDURANCE or wound."""
    s.run("tackle-outcome", {"result": result}, note)
    tackler.grounded_tokens = max(tackler.grounded_tokens, 1)
    target.grounded_tokens = max(target.grounded_tokens, 1)
    if result == "critical":
        _wound(state, target, s)
    else:
        _endurance(state, target, rolls, s)


def _tackle_fails(state: Pitch, tackler: Player, rolls: Rolls, s, note: str) -> None:
    """A failed tackle: the tackler's REF roll, and if that fails, GROUNDED and ENDURANCE."""
    die = rolls.take(tackler)
    ref = _stat(tackler, "ref")
    out = s.run(
        "tackle-outcome",
        {
            "result": "fail",
            "ref": None if ref is None else ref - _fatigue_minus(tackler),
            "ref_die": die[0] if die else 0,
        },
        note,
    )
    if out.value["tackler_grounded"]:
        tackler.grounded_tokens = max(tackler.grounded_tokens, 1)
        _endurance(state, tackler, rolls, s)


def _endurance(state: Pitch, who: Player, rolls: Rolls, s) -> None:
    die = rolls.take(who)
    if not die:
        return  # the roll is still to be made: the tackle's consequence says so
    out = s.run("endurance-roll", {"bdy": _stat(who, "bdy"), "prt": _stat(who, "prt"), "die": die[0]}, f"#{who.name}")
    if out.value["wound"]:
        _wound(state, who, s)


def _wound(state: Pitch, who: Player, s) -> None:
    who.wounds += 1
    if _stat(who, "bdy") is None:
        return
    carried = who is state.carrier
    out = s.run("injury", {"wounds": who.wounds, "bdy": _stat(who, "bdy"), "is_ball_carrier": carried}, f"#{who.name}")
    if out.value["injured"]:
        state.events.append(f"#{who.name} injured and removed from the field")
        who.grounded_tokens = 0
        if carried:
            state.carrier, state.ball_at = None, who.at
            state.events.append("the ball scatters from his position")


# ---------------------------------------------------------------- the actions


def settle_pass(state: Pitch, args: dict, s) -> None:
    passer, receiver = lookup(state.pieces, args["by"], state.source), lookup(state.pieces, args["to"], state.source)
    if receiver.team != passer.team:
        raise RefereeError(f"{state.source}: #{receiver.name} is not a teammate of #{passer.name}")
    _grounded_first(state, passer, "pass-from-the-ground", s)
    s.run(
        "pass-direction",
        {
            "passer": list(passer.at),
            "receiver": list(receiver.at),
            "scoring_direction": state.attack,
            "passer_has_ball": passer is state.carrier,
        },
    )
    from_ground = passer.grounded
    if from_ground:
        state.first_action = "pass-from-the-ground"
    distance = state.gap(passer, receiver)
    bac = _stat(passer, "bac")
    target = s.run(
        "pass-target",
        {
            "bac": None if bac is None else bac,
            "distance": distance,
            "pressure": state.pressure_on(passer),
            "from_ground": from_ground,
            "fatigue": passer.fatigue,
        },
        f'{distance:g}" between the bases',
    )
    try:
        dice = _skill_dice(state, passer, "precise-pass", s)
    except _Unsettled:
        return
    rolls = Rolls(s)
    past = [lookup(state.pieces, n, state.source) for n in re.findall(r"#?(\w+)", args.get("past") or "")]
    if past:
        _pass_face_to_face(state, passer, receiver, past[0], target.value, rolls, s)
        return
    _interceptions(state, passer, receiver, rolls, s)
    if state.carrier is not passer:
        return  # intercepted: the pass does not arrive
    if not isinstance(target.value, int):
        return  # no BaC: the modifiers are the answer
    die = rolls.take(passer, dice) or (s.dice[:dice] if s.dice else None)
    roll = s.run("unopposed-roll", {"target": target.value, "dice": die, "action": "pass", "extra_dice": dice - 1})
    if roll.outcome == "succeeds":
        s.run("pass-result", {"result": roll.value["outcome"]})
        state.carrier = receiver
        return
    s.run(
        "reception-modifier",
        {"distance": distance},
        "if the pass misses" if roll.outcome is None else "the pass missed",
    )


def _pass_face_to_face(state, passer, receiver, tackler, target, rolls, s) -> None:
    """2.01: a pass thrown past the point of a defender's tackle is a face-to-face roll against it."""
    strength = _stat(tackler, "str")
    a, t = rolls.take(passer), rolls.take(tackler)
    if not isinstance(target, int) or strength is None or not a or not t:
        s.run("pass-result", {"result": "beaten", "face_to_face": True}, "if the tackler wins the roll")
        return
    roll = s.run(
        "face-to-face-roll",
        {"targets": [target, strength - _fatigue_minus(tackler)], "dice": [a[0], t[0]]},
        f"#{passer.name}'s pass against #{tackler.name}'s tackle",
    )
    winner, result = roll.value["winner"], roll.value["result"]
    if winner == 1:
        s.run("pass-result", {"result": "critical" if result == "critical" else "success", "face_to_face": True})
        state.carrier = receiver
        if result == "one succeeds":
            _tackle_fails(state, tackler, rolls, s, f"#{tackler.name} failed")
        else:
            s.run("tackle-outcome", {"result": "cancelled"}, f"#{tackler.name}'s roll is cancelled")
    elif winner == 2:
        s.run("pass-result", {"result": "beaten", "face_to_face": True})
        _tackle_lands(state, tackler, passer, "critical" if result == "critical" else "success", rolls, s, "the tackle")
    elif result == "all fail":
        s.run("pass-result", {"result": "all-fail", "face_to_face": True})
        _tackle_fails(state, tackler, rolls, s, f"#{tackler.name} failed")
    else:
        s.run("pass-result", {"result": "beaten", "face_to_face": True}, "a tie: no effect")


def _interceptions(state: Pitch, passer: Player, receiver: Player, rolls: Rolls, s) -> None:
    """3.06: defenders declaring BALL STEAL whose base is on the pass's line try to intercept (BaC -2)."""
    for q in state.pieces.values():
        if q.team == passer.team or "steal" not in q.status or not state.on_line(q, passer, receiver):
            continue
        s.run("ball-steal", {"ball": "in-the-air", "stealer_grounded": q.grounded}, f"#{q.name} is on the pass's line")
        bac = _stat(q, "bac")
        die = rolls.take(q)
        if bac is None or not die:
            continue
        roll = s.run("unopposed-roll", {"target": bac - 2 - _fatigue_minus(q), "dice": die}, f"#{q.name} intercepts")
        if roll.outcome == "succeeds":
            state.carrier, state.stolen = q, True
            state.events.append(f"#{q.name} intercepts the pass")
            return


def settle_tackle(state: Pitch, args: dict, s) -> None:
    tackler, target = lookup(state.pieces, args["by"], state.source), lookup(state.pieces, args["on"], state.source)
    if tackler.team == target.team:
        raise RefereeError(f"{state.source}: #{tackler.name} cannot tackle a teammate")
    _grounded_first(state, tackler, "tackle", s)
    s.run(
        "tackle-declaration",
        {
            "target_has_ball": target is state.carrier,
            "target_grounded": target.grounded,
            "target_active": target is state.active,
        },
    )
    tackler.status.add("tackle")
    tackler.target = target.name
    if tackler.tackle_at is not None and tackler.mov is not None:
        spot = tackler.tackle_at
        distance = spot if isinstance(spot, float) else round(max(0.0, math.dist(tackler.at, spot) - tackler.radius), 2)
        insight = "none"
        if "defensive-insight" in tackler.skills:
            kept = s.run(
                "skill-by-position",
                {"skill": "defensive-insight", "active": tackler.fatigue, "inactive": tackler.fatigue_inactive},
                f"#{tackler.name}'s skill",
            )
            insight = "kept" if kept.value and kept.value.get("skill") == "kept" else "lost"
        reach = s.run("tackle-reach", {"distance": distance, "defensive_mov": tackler.mov[1], "insight": insight})
        if not reach.value["reaches"]:
            tackler.status.discard("tackle")
            _tackle_fails(state, tackler, Rolls(s), s, "no contact: a failed tackle")
            return
    if target is not state.active:
        _resolve_unopposed(state, target, [tackler], Rolls(s), s, moved=False)


def _resolve_unopposed(state: Pitch, target: Player, tacklers: list[Player], rolls: Rolls, s, moved: bool) -> None:
    """Tackles against a player whose action no roll of his opposes (a move, an inactive carrier): each tackler's
    STR roll is unopposed; a success GROUNDS both (after a second move, at the active player token)."""
    for tackler in tacklers:
        strength, die = _stat(tackler, "str"), rolls.take(tackler, 2 if "expert-tackler" in tackler.skills else 1)
        if strength is None or not die:
            continue
        roll = s.run(
            "unopposed-roll",
            {"target": strength - _fatigue_minus(tackler), "dice": die, "action": "tackle"},
            f"#{tackler.name}'s tackle, unopposed",
        )
        best = roll.value["outcome"]
        if best in ("success", "critical"):
            _tackle_lands(state, tackler, target, best, rolls, s, f"#{tackler.name} tackles #{target.name}")
            if moved:
                s.run("second-move-tackled", {"tackled": "yes"}, "the carrier falls at the active player token")
            return
        _tackle_fails(state, tackler, rolls, s, f"#{tackler.name} failed")


def settle_contest(state: Pitch, args: dict, s) -> None:
    """DODGE or BREAK THROUGH against the declared tackles: face-to-face rolls in the order the active player
    chooses, one of his dice against each tackler (unassigned tacklers roll unopposed); no more rolls once he is
    GROUNDED."""
    who = lookup(state.pieces, args["by"], state.source)
    action = "dodge" if args.get("dodge") else "break-through"
    _grounded_first(state, who, action, s)
    tacklers = _tacklers(state, who, _order(args))
    s.run(
        "second-action",
        {
            "action": action,
            "tackle_declared": bool(tacklers),
            "is_ball_carrier": who is state.carrier,
            "first_action": state.first_action or "none",
        },
    )
    skill = "side-step" if action == "dodge" else "onslaught"
    try:
        dice = _skill_dice(state, who, skill, s)
    except _Unsettled:
        return
    key = "ref" if action == "dodge" else "str"
    value = _stat(who, key)
    rolls = Rolls(s)
    if value is None:
        return
    target = value - state.pressure_on(who) - _fatigue_minus(who)
    extra = dice > len(tacklers)  # more dice than tacklers: roll them all against the one, keep the best
    made, grounded_at = 0, 0
    for i, tackler in enumerate(tacklers):
        if who.grounded:
            break
        made += 1
        strength = _stat(tackler, "str")
        mine = rolls.take(who, dice) if extra else (rolls.take(who) if i < dice else [])
        if mine is None:
            break
        if not mine:
            _resolve_unopposed(state, who, [tackler], rolls, s, moved=False)
            continue
        theirs = rolls.take(tackler, 2 if "expert-tackler" in tackler.skills else 1)
        if strength is None or not theirs:
            continue
        _face_to_face(state, who, tackler, action, target, strength - _fatigue_minus(tackler), mine, theirs, rolls, s)
        if who.grounded:
            grounded_at = i + 1
    if len(tacklers) > 1:
        s.run(
            "multiple-roll",
            {
                "opponents": len(tacklers),
                "dice": min(dice, len(tacklers)),
                "grounded_after": grounded_at,
                "action": action,
            },
        )


def _best_pair(target: int, strength: int, mine: list[int], theirs: list[int]) -> tuple[int, int]:
    """With extra dice a roller keeps the die that serves him best (4.06: roll them and choose one)."""
    from_tackler = max(theirs, key=lambda d: (d <= strength and d != 12, d == 1, d if d <= strength else -d))
    rank = {"attacker": 3, "tie": 2, "nobody": 1, "tackler": 0}

    def result(d: int) -> str:
        a_ok, t_ok = (
            (d == 1 or (d <= target and d != 12)),
            (from_tackler == 1 or (from_tackler <= strength and from_tackler != 12)),
        )
        if d == 1 and from_tackler == 1:
            return "tie"
        if d == 1 or (a_ok and not t_ok) or (a_ok and t_ok and from_tackler != 1 and d > from_tackler):
            return "attacker"
        if a_ok and t_ok and d == from_tackler:
            return "tie"
        return "nobody" if not a_ok and not t_ok else "tackler"

    return max(mine, key=lambda d: rank[result(d)]), from_tackler


def _face_to_face(state, who, tackler, action, target, strength, mine, theirs, rolls, s) -> None:
    mine_die, their_die = _best_pair(target, strength, mine, theirs)
    roll = s.run(
        "face-to-face-roll",
        {"targets": [target, strength], "dice": [mine_die, their_die]},
        f"#{who.name}'s {action.replace('-', ' ')} against #{tackler.name}'s tackle",
    )
    winner, result = roll.value["winner"], roll.value["result"]
    side = {1: "attacker", 2: "tackler", None: "tie" if result == "tie" else "nobody"}[winner]
    s.run(
        "contest-result",
        {
            "action": action,
            "winner": side,
            "critical": result == "critical",
            "tackler_failed": side == "attacker" and result == "one succeeds",
        },
    )
    if side == "tackler":
        _tackle_lands(state, tackler, who, "critical" if result == "critical" else "success", rolls, s, "the tackle")
    elif side == "attacker":
        if action == "break-through":
            tackler.grounded_tokens = max(tackler.grounded_tokens, 1)
            if result == "critical":
                _wound(state, tackler, s)
            else:
                _endurance(state, tackler, rolls, s)
        elif result == "one succeeds":
            _tackle_fails(state, tackler, rolls, s, f"#{tackler.name} failed")
        else:
            s.run("tackle-outcome", {"result": "cancelled"}, f"#{tackler.name}'s roll is cancelled")
    elif side == "nobody":
        _tackle_fails(state, tackler, rolls, s, f"#{tackler.name} failed")


def settle_second_move(state: Pitch, args: dict, s) -> None:
    who = lookup(state.pieces, args["by"], state.source)
    tacklers = _tacklers(state, who, [])
    s.run(
        "second-action",
        {
            "action": "move",
            "is_ball_carrier": who is state.carrier,
            "tackle_declared": bool(tacklers),
            "first_action": state.first_action or "none",
            "grounded_tokens": who.grounded_tokens,
        },
    )
    if tacklers:
        s.run("second-move-tackled", {"tackled": "pending"}, "a TACKLE was declared against him during his first move")
        _resolve_unopposed(state, who, tacklers, Rolls(s), s, moved=True)


def settle_stand_up(state: Pitch, args: dict, s) -> None:
    who = lookup(state.pieces, args["by"], state.source)
    up = s.run(
        "stand-up",
        {
            "grounded_tokens": who.grounded_tokens,
            "is_ball_carrier": who is state.carrier,
            "on_attack": who.team == state.attacking,
        },
    )
    who.grounded_tokens = up.value["grounded_tokens"]
    if who.team == state.attacking:
        state.first_action = "stand-up"


CONTACT = 0.05  # inches: bases (or a base and the ball) touching


def _touching(state: Pitch, who: Player) -> bool | None:
    """In contact with the ball: its carrier's base, or the ball on the ground (None: the state does not say where)."""
    if state.carrier is not None:
        return state.gap(who, state.carrier) <= CONTACT
    if state.ball_at is not None:
        return state.to_ball(who) <= CONTACT
    return None


def settle_pick_up(state: Pitch, args: dict, s) -> None:
    who = lookup(state.pieces, args["by"], state.source)
    carrier = state.carrier
    behind = True
    if carrier is not None:
        sign = 1 if state.attack == "+y" else -1
        behind = (who.at[1] - carrier.at[1]) * sign <= 0
    s.run(
        "pick-up",
        {
            "on_attack": who.team == state.attacking,
            "ball": "held" if carrier else "loose",
            "behind": behind,
            "in_contact": _touching(state, who),
        },
    )
    _contest_for_the_ball(state, who, s)


def settle_steal(state: Pitch, args: dict, s) -> None:
    who = lookup(state.pieces, args["by"], state.source)
    if state.ball_in_air:
        ball = "in-the-air"
    elif state.carrier is None:
        ball = "loose"
    else:
        ball = "held-grounded" if state.carrier.grounded else "held-standing"
    steal = s.run(
        "ball-steal",
        {
            "ball": ball,
            "stealer_grounded": who.grounded,
            "in_contact": None if ball == "in-the-air" else _touching(state, who),
        },
    )
    if steal.verdict == "legal" and ball == "loose":
        _contest_for_the_ball(state, who, s)


def _contest_for_the_ball(state: Pitch, who: Player, s) -> None:
    """3.08: players of both teams after a loose ball (a pick up, BaC +4, against steals, BaC +4) roll one melee;
    alone, the player's roll is unopposed. The winner carries the ball; a tie for the best is rolled again,
    face-to-face, between those tied."""
    if state.carrier is not None:
        return  # a ball held by a GROUNDED carrier: the steal's modifier is ambiguous (3.06/4), nothing is rolled
    rivals = [
        q
        for q in state.pieces.values()
        if q is not who and ({"steal", "pick-up"} & q.status) and _touching(state, q) and not q.grounded
    ]
    rollers = [who, *rivals]
    targets = [_stat(p, "bac") for p in rollers]
    rolls = Rolls(s)
    if any(t is None for t in targets):
        return
    targets = [t + 4 - _fatigue_minus(p) for t, p in zip(targets, rollers, strict=True)]
    dice = [rolls.take(p) for p in rollers]
    if any(not d for d in dice):
        return
    values = [d[0] for d in dice]
    if not any(p.team != who.team for p in rivals):
        roll = s.run("unopposed-roll", {"target": targets[0], "dice": values[:1]}, f"#{who.name} for the loose ball")
        if roll.outcome == "succeeds":
            _takes_ball(state, who)
        return
    melee = s.run("melee-roll", {"targets": targets, "dice": values, "why": "ball"}, "the players after the ball")
    winner = melee.value["winner"]
    if winner is None and melee.value.get("roll_again"):
        tied = [rollers[i - 1] for i in melee.value["roll_again"]]
        again = [rolls.take(p) for p in tied]
        if any(not d for d in again):
            return
        roll = s.run(
            "face-to-face-roll",
            {"targets": [targets[rollers.index(p)] for p in tied], "dice": [d[0] for d in again]},
            "the tied players roll again",
        )
        winner = roll.value["winner"] and rollers.index(tied[roll.value["winner"] - 1]) + 1
    if winner:
        _takes_ball(state, rollers[winner - 1])


def _takes_ball(state: Pitch, p: Player) -> None:
    state.carrier, state.ball_at = p, None
    if p.team != state.attacking:
        state.stolen = True
        state.events.append(f"#{p.name} steals the ball")


def settle_try(state: Pitch, args: dict, s) -> None:
    who = lookup(state.pieces, args["by"], state.source)
    in_goal = state.in_goal_zone(who)
    if in_goal is None and "in_goal" not in s.overrides:
        raise RefereeError(
            f"{state.source}: say where the in-goal zone starts (in_goal: Y), or give --fact in_goal=true"
        )
    may = s.run("score-a-try", {"is_ball_carrier": who is state.carrier, "in_goal": in_goal, "grounded": who.grounded})
    # a claim: the carrier, standing in the in-goal zone, may try (an illegal try stopped above); the roll decides
    s.claim(f"{args['by']} scores a try", "checked" if may.verdict == "legal" else "open")
    target = s.run(
        "score-a-try-target",
        {
            "bac_try": _stat(who, "bac_try"),
            "fatigue_tokens": who.fatigue + who.fatigue_inactive,
            "inactive_fatigue": who.fatigue_inactive,
            "pressure": state.pressure_on(who),
        },
    )
    tacklers = _tacklers(state, who, [])
    rolls = Rolls(s)
    if not tacklers:
        die = rolls.take(who) or (s.dice[:1] if s.dice else None)
        roll = s.run("unopposed-roll", {"target": target.value, "dice": die, "action": "score-a-try"})
        if roll.outcome is not None:
            result = s.run("try-result", {"result": "success" if roll.outcome == "succeeds" else "fail"})
            _after_try(state, result.value, s)
        return
    strengths = [_stat(t, "str") for t in tacklers]
    dice = [rolls.take(who)] + [rolls.take(t) for t in tacklers]
    if any(v is None for v in strengths) or any(not d for d in dice):
        return
    targets = [target.value] + [v - _fatigue_minus(t) for v, t in zip(strengths, tacklers, strict=True)]
    values = [d[0] for d in dice]
    if len(tacklers) == 1:
        roll = s.run("face-to-face-roll", {"targets": targets, "dice": values}, "the try against one tackle")
    else:
        roll = s.run(
            "melee-roll", {"targets": targets, "dice": values, "why": "try"}, f"the try against {len(tacklers)} tackles"
        )
    winner = roll.value["winner"]
    carrier_ok = values[0] == 1 or (values[0] <= target.value and values[0] != 12)
    if winner == 1:
        result = "success"
    elif winner is None:
        result = "tie" if roll.value["result"] == "tie" else "fail"
    else:
        result = "beaten" if carrier_ok else "fail"
    out = s.run("try-result", {"result": result, "opposed_by": len(tacklers)})
    if winner and winner > 1:
        tackler = tacklers[winner - 1]
        critical = values[winner - 1] == 1
        _tackle_lands(state, tackler, who, "critical" if critical else "success", rolls, s, "the winning tackle")
    if out.verdict != "ambiguous":
        _after_try(state, out.value, s)


def _after_try(state: Pitch, value: dict | None, s) -> None:
    if not value:
        return
    if value.get("try"):
        state.phase = "kick-off"
        if state.match and state.match.score:
            state.match.score[state.attacking] += 1
        s.follow("chooses", state.name_of(other(state.attacking)))  # the coach who received the try
    elif value.get("next") == "kick-off":
        state.phase = "kick-off"
        s.follow("chooses", state.name_of(other(state.attacking)))  # the defending coach


def settle_fatigue(state: Pitch, args: dict, s) -> None:
    who = lookup(state.pieces, args["by"], state.source)
    third = bool(args.get("third"))
    out = s.run("fatigue-gain", {"active": who.fatigue, "inactive": who.fatigue_inactive, "third_activation": third})
    who.fatigue, who.fatigue_inactive = out.value["active"], out.value["inactive"]
    if third:
        who.activations = 3


def settle_rest(state: Pitch, args: dict, s) -> None:
    who = lookup(state.pieces, args["by"], state.source)
    out = s.run(
        "rest", {"active": who.fatigue, "inactive": who.fatigue_inactive, "on_defence": who.team != state.attacking}
    )
    if out.value:
        who.fatigue, who.fatigue_inactive = out.value["active"], out.value["inactive"]


def settle_token_removal(state: Pitch, args: dict, s) -> None:
    for p in state.pieces.values():
        if not p.grounded_tokens:
            continue
        out = s.run(
            "token-removal",
            {
                "on_attack": p.team == state.attacking,
                "activated": "activated" in p.status or p is state.active,
                "is_ball_carrier": p is state.carrier,
            },
            f"#{p.name}",
        )
        if out.value["removes"]:
            p.grounded_tokens -= 1


def _holder(state: Pitch) -> str:
    if state.carrier is None:
        return "nobody"
    return "attack" if state.carrier.team == state.attacking else "defence"


def settle_activation_end(state: Pitch, args: dict, s) -> None:
    holder = _holder(state)
    s.run("attacking-team", {"ball": holder})
    match = state.match
    if match is None or not match.activations:
        return
    stolen = state.stolen or holder == "defence"
    end = s.run("activation-end", {"tokens_used": match.activations, "stolen": stolen})
    if stolen:
        state.attacking = other(state.attacking)
        match.activations = 0
        return
    if end.value["tokens_left"] == 0 and match.time:
        _time_dashboard(state, s)


def settle_tokens_run_out(state: Pitch, args: dict, s) -> None:
    if state.match is None or state.match.time is None:
        raise RefereeError(
            f"{state.source}: say where the time tokens are: match: {{time: {{box: 1, attack: active}}}}"
        )
    _time_dashboard(state, s)


def _time_dashboard(state: Pitch, s) -> None:
    match = state.match
    score = [match.score[state.attacking], match.score[other(state.attacking)]] if match.score else []
    out = s.run(
        "time-dashboard",
        {"box": match.time["box"], "side": match.time[state.attacking], "half": match.half, "score": score},
    )
    value = out.value
    if value["half_over"]:
        match.activations = 0
        state.phase = "halftime" if not value.get("match_over") else "over"
        state.over = bool(value.get("match_over"))
        if "result" in value:
            result = value["result"]
            s.follow(
                "result",
                "draw"
                if result == "draw"
                else state.name_of(state.attacking if result.startswith("attack") else other(state.attacking)),
            )
        return
    if value["box"] != match.time["box"]:
        match.time[other(state.attacking)] = "active"  # both tokens moved down and flipped to active
    match.time["box"] = value["box"]
    match.time[state.attacking] = value["side"]
    match.activations = 0
    s.follow("activation_tokens", value["activation_tokens"])


def settle_kick_out(state: Pitch, args: dict, s) -> None:
    match = state.match
    if match is None or match.time is None or match.score is None:
        raise RefereeError(
            f"{state.source}: say the time box and the score: match: {{time: {{box: 1}}, score: {{...}}}}"
        )
    out = s.run(
        "kick-out",
        {
            "box": match.time["box"],
            "attack_score": match.score[state.attacking],
            "defence_score": match.score[other(state.attacking)],
        },
    )
    if out.verdict == "legal":
        state.phase = "halftime" if match.half == 1 else "over"
        state.over = match.half == 2


OCCASION_WORDS = {
    "start": "start",
    "second": "second-half",
    "try": "after-try",
    "missed": "failed-try",
    "failed": "failed-try",
}


def settle_kick_off(state: Pitch, args: dict, s) -> None:
    text = (args.get("occasion") or "").lower()
    occasion = next((v for k, v in OCCASION_WORDS.items() if k in text), None)
    if occasion is None and state.match is not None:
        occasion = state.match.occasion
    if occasion is None:
        raise RefereeError(
            f"{state.source}: say which kick-off: at the start, for the second half, after a try or after a missed try"
        )
    kicked = state.match.kicked_off if state.match else None
    out = s.run("kick-off-team", {"occasion": occasion, "first_half_kicker": kicked or "unknown"})
    state.phase = "kick-off"
    kicks = out.value.get("kicks")
    if kicks in TEAMS:
        s.follow("kicks_off", state.name_of(kicks))
    if out.value.get("chooses") == "the defence":
        s.follow("chooses", state.name_of(other(state.attacking)))
    if occasion == "second-half" and state.match and state.match.time:
        state.match.time = {"box": 5, "attack": "active", "defence": "active"}
        state.match.half = 2


def settle_template(state: Pitch, args: dict, s) -> None:
    spot = state.match.template if state.match else {}
    if not spot:
        raise RefereeError(
            f"{state.source}: give the template's distances: "
            "match: {template: {kick_off_line: 0.5, in_goal: 6, edge: 3}}"
        )
    s.run(
        "kick-off-template",
        {
            "from_kick_off_line": spot.get("kick_off_line"),
            "from_in_goal": spot.get("in_goal"),
            "from_edge": spot.get("edge"),
        },
    )


def settle_ball_lands(state: Pitch, args: dict, s) -> None:
    if state.ball_at is None:
        raise RefereeError(f"{state.source}: say where the kick-off ball is: ball: [x, y]")
    near = [p for p in state.pieces.values() if state.to_ball(p) <= 2]
    out = s.run("kick-off-catch", {"within_2": len(near)})
    if out.verdict == "value" and not near:
        s.run("attacking-team", {"ball": "nobody", "after_kick_off": True})
        kicking = state.match.kicking if state.match else None
        if kicking is None:
            raise RefereeError(f"{state.source}: say which team kicked off: match: {{kicking: attack}}")
        state.attacking = other(kicking)
        state.phase = "play"


def settle_halftime(state: Pitch, args: dict, s) -> None:
    text = args.get("about", "").lower()
    about = next((w for w in ("fatigue", "cards", "grounded", "wounds") if w in text or w.rstrip("s") in text), None)
    if about is None:
        raise RefereeError(f"{state.source}: say what is asked about halftime: its fatigue, cards, grounded or wounds")
    s.run("halftime", {"about": about})


def settle_off_pitch(state: Pitch, args: dict, s) -> None:
    s.run("off-the-pitch", {"what": "ball" if args.get("ball") else "displaced-player"})


def settle_team_play(state: Pitch, args: dict, s) -> None:
    who = lookup(state.pieces, args["with"], state.source) if args.get("with") else state.active
    name = (args.get("card") or "").strip().lower()
    used = state.match.team_plays_used[state.attacking] if state.match else []
    s.run(
        "team-play",
        {
            "carrier_active": who is not None and who is state.carrier,
            "used_since_kick_off": bool(name) and name in [u.lower() for u in used],
        },
    )


def settle_card_timing(state: Pitch, args: dict, s) -> None:
    side = args["side"].lower()
    side = side if side in TEAMS else next((t for t in TEAMS if state.teams[t].lower() == side), side)
    if side not in TEAMS:
        raise RefereeError(f"{state.source}: {args['side']!r} is neither team")
    passed = state.match.passed if state.match else []
    s.run("card-timing", {"coach": side, "passed": side in passed})


def settle_play_card(state: Pitch, args: dict, s) -> None:
    s.run("play-card", {"card": args["card"].strip()[:200]})


def settle_player_skill(state: Pitch, args: dict, s) -> None:
    s.run("player-skill", {"skill": args["skill"].strip()[:200]})


HONOR_WORDS = {"grounded": "remove-grounded", "fatigue": "flip-fatigue", "int": "repeat-int"}


def settle_team_skill(state: Pitch, args: dict, s) -> None:
    who = lookup(state.pieces, args["by"], state.source)
    team = state.teams[who.team].lower()
    if team not in ("yamato", "teriomorph"):
        raise RefereeError(f"{state.source}: say the teams' names (teams: {{attack: Yamato, defence: Teriomorph}})")
    text = args["effect"].lower()
    if team == "yamato":
        effect = next((v for k, v in HONOR_WORDS.items() if k in text), None)
        if effect is None:
            raise RefereeError(
                f"{state.source}: Unwavering Honor removes a GROUNDED token, flips fatigue or repeats INT"
            )
        target = lookup(state.pieces, args["on"], state.source) if args.get("on") else who
        s.run(
            "team-skill",
            {
                "team": team,
                "effect": effect,
                "tokens": target.skill_tokens,
                "own_token": target.skill_tokens > 0,
                "is_ball_carrier": target is state.carrier,
            },
        )
        return
    bonus = re.search(r"\+(\d+)", text)
    rerolls = re.search(r"(\d+|one|two|three) rerolls?", text)
    count = {"one": 1, "two": 2, "three": 3}
    n = 0 if not rerolls else count.get(rerolls.group(1)) or int(rerolls.group(1))
    effect = "card" if "card" in text else ("bonus" if bonus else "reroll")
    attribute = next((_stat(who, k) for k in ("str", "bac", "ref", "int") if k in text), None)
    s.run(
        "team-skill",
        {
            "team": team,
            "effect": effect,
            "tokens": who.skill_tokens,
            "attribute": attribute,
            "bonus": int(bonus.group(1)) if bonus else 0,
            "rerolls": n,
        },
    )


def settle_measuring(state: Pitch, args: dict, s) -> None:
    s.run("measuring", {"declared": False})


WHO = r"#?(?P<by>\w+)"
AGAINST = r"(?: against (?P<against>#?\w+(?:(?:,| and| then) #?\w+)*))?"

# Why a key nothing read does not bear on a ruling ('when,…:glob'; when: an action or 'illegal').
# A key nothing read and nothing here excuses leaves the ruling unknown (referee.states.bearing).
IGNORES = {
    "illegal:pieces.*.bac": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.bac_try": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.str": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.ref": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.mov": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.skill_tokens": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.fatigue": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.fatigue_inactive": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.activations": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.target": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "ball-steal,break-through,tackle,dodge:attack": (
        "the attack's direction bears on passes (ahead or behind), kicks and tries; a tackle, dodge, break through "
        "or steal is not measured along it"
    ),
    "pick-up:attack": (
        "the attack's direction bears on a pick-up only when a teammate carries the ball (behind him), and is read "
        "there; a loose ball is picked up on a BaC roll"
    ),
    (
        "activation-end,ball-lands,card-timing,fatigue,halftime,kick-off,measuring,off-the-pitch,rest,stand-up,"
        "team-play,team-skill,time,token-removal:attack"
    ): (
        "the attack's direction bears on passes, pick-ups behind the carrier, kicks and tries; this action is "
        "settled on tokens, orders, the clock, who kicks or where the ball is, not along the direction of play"
    ),
    "move:attack": (
        "a MOVE is measured by MOV and the movement token, in any direction (the book's 'you cannot move backwards' "
        "belongs to its training exercise, not to the game)"
    ),
    "illegal:attack": (
        "the declaration is illegal on what was read, before anything is measured along the direction of play"
    ),
    "move,off-the-pitch,pick-up,stand-up,team-play:active": (
        "who is active bears on tackles against him (opposed or unopposed); this action is its player's own, named "
        "by it"
    ),
    "tackle:pieces.*.at": (
        "a tackle's reach is measured only from the tackler's MOV and where he tackles (mov, tackle_at); without "
        "them where the pieces stand is not measured"
    ),
    "dodge,break-through,pass:pieces.*.at": (
        "a declared tackle is resolved by the rolls, wherever the tackler stands: it was declared in contact"
    ),
    "pass:pieces.*.target": "the tackle being resolved is the one declared on the passer",
    "dodge:pieces.*.str": (
        "a dodge against several tacklers ends at the first roll it loses: a tackler not rolled against does not bear"
    ),
    "fatigue:pieces.*.activations": "the action names which activation token the player receives",
    "dodge:pieces.*.activations": (
        "activation tokens bear on fatigue at the end of an activation, not on a dodge's roll"
    ),
    (
        "activation-end,fatigue,measuring,move,off-the-pitch,player-skill,rest,stand-up,team-play,team-skill,token-"
        "removal:pieces.*.at"
    ): ("this action is settled on the player's tokens, characteristics and the ball, not on distances"),
    (
        "ball-steal,fatigue,measuring,off-the-pitch,pick-up,player-skill,team-play,team-skill,token-"
        "removal:pieces.*.team"
    ): ("a side tells opponents from teammates; this action concerns its player's own tokens, skills or activation"),
    "tackle:pieces.*.team": (
        "sides are checked for the tackler and his target (a teammate cannot be tackled); another piece's side does"
        " not bear"
    ),
}

# What each key of a state says (referee check --describe, docs/game-states.md).
KEY_HELP = {
    "attack": "the direction the attacking team scores toward: +y or -y",
    "in_goal": "y where the in-goal zone the attack scores in begins",
    "teams": "each side's name: {attack: ..., defence: ...}",
    "pieces": "the players by id: team, at [x, y] in inches, base, BaC, MOV, status, fatigue, skills",
    "ball": "the carrier's id, [x, y] on the ground, or in-the-air",
    "ball_size": "the ball token's diameter in mm (the book does not give it; 25 by default)",
    "active": "the active player (default: the carrier)",
    "match": "what happened before: half, score, time, activations, kick-off, team plays used, phase",
}

STATES = StateRules(
    key_help=KEY_HELP,
    read=read_state,
    keys=("attack", "in_goal", "teams", "pieces", "ball", "ball_size", "active", "match"),
    follows=follows,
    ignores=IGNORES,
    actions=[
        Action(
            "pass",
            (
                WHO
                + r" pass(?:es)? (?:the ball )?(?:from the ground )?to #?(?P<to>\w+)"
                + r"(?: (?:past|after) (?P<past>#?\w+)'s tackle)?",
            ),
            settle_pass,
            "#7 passes to #9 / #7 passes to #9 past #4's tackle",
            terms=("#7 throws the ball to #9", "#7 gives the ball to #9", "#7 hands the ball to #9"),
        ),
        Action(
            "tackle",
            (WHO + r" (?:declares a tackle on|tackles) #?(?P<on>\w+)",),
            settle_tackle,
            "#4 declares a tackle on #7",
        ),
        Action(
            "dodge",
            (WHO + r" (?P<dodge>dodges)" + AGAINST,),
            settle_contest,
            "#7 dodges / #7 dodges against #4 then #5",
        ),
        Action("break-through", (WHO + r" breaks? through" + AGAINST,), settle_contest, "#7 breaks through"),
        Action(
            "move",
            (WHO + r" moves? as (?:a |his )?(?:2nd|second) action",),
            settle_second_move,
            "#7 moves as a second action",
        ),
        Action("stand-up", (WHO + r" stands? up",), settle_stand_up, "#5 stands up"),
        Action("pick-up", (WHO + r" picks? up the ball",), settle_pick_up, "#9 picks up the ball"),
        Action("ball-steal", (WHO + r" (?:tries to )?steals? the ball",), settle_steal, "#4 steals the ball"),
        Action(
            "score-a-try",
            (WHO + r" (?:scores|tries to score|attempts) a try",),
            settle_try,
            "#7 scores a try",
            claim=True,
        ),
        Action(
            "fatigue",
            (WHO + r" receives (?:a fatigue token|(?:his |a )?(?P<third>third|3rd) activation token)",),
            settle_fatigue,
            "#7 receives his third activation token",
        ),
        Action("rest", (WHO + r" rests",), settle_rest, "#4 rests"),
        Action("token-removal", (r"(?:step 6:? )?token removal",), settle_token_removal, "token removal"),
        Action("activation-end", (r"the activation ends",), settle_activation_end, "the activation ends"),
        Action(
            "time",
            (
                r"the attack(?:'s| has| uses)? (?:used up |uses up |spends )?(?:all |its )?(?:4 |four )?"
                r"activation tokens(?: run out| are used up)?",
            ),
            settle_tokens_run_out,
            "the attack's activation tokens run out",
        ),
        Action(
            "kick-out",
            (r"the attack kicks the ball out(?: of the field)?",),
            settle_kick_out,
            "the attack kicks the ball out",
        ),
        Action(
            "kick-off",
            (
                r"(?:who kicks off|the kick-off|kick-off)(?P<occasion>(?: (?:at|of|for|after) [\w -]+)?)",
                r"(?P<occasion>the second) half begins",
            ),
            settle_kick_off,
            "kick-off for the second half / kick-off after a missed try",
        ),
        Action(
            "template",
            (r"the kicking (?:coach|team) places the (?:scatter )?template",),
            settle_template,
            "the kicking coach places the template",
        ),
        Action("ball-lands", (r"the kick-off ball (?:is placed|lands)",), settle_ball_lands, "the kick-off ball lands"),
        Action(
            "halftime",
            (r"(?:at )?halftime(?:,|:)? (?P<about>.+)",),
            settle_halftime,
            "at halftime, the GROUNDED tokens",
        ),
        Action(
            "off-the-pitch",
            (
                r"the (?P<ball>ball) scatters (?:off|out of|beyond the edge of) the (?:pitch|field)",
                WHO + r" is displaced off the (?:pitch|field)",
            ),
            settle_off_pitch,
            "the ball scatters off the pitch",
        ),
        Action(
            "team-play",
            (r"the attack plays (?:the )?team play(?: (?P<card>[\w' -]+?))?(?: activating #?(?P<with>\w+))?",),
            settle_team_play,
            "the attack plays team play X activating #11",
        ),
        Action(
            "card-timing",
            (r"the (?P<side>\w+) (?:coach )?plays an individual play",),
            settle_card_timing,
            "the defence plays an individual play",
        ),
        Action(
            "play-card",
            (r"(?:#?\w+|the \w+(?: coach)?) plays (?:the |a |an )?(?:individual play |play )?card (?P<card>.+)",),
            settle_play_card,
            "the defence plays card 'Iron wall'",
        ),
        Action(
            "player-skill",
            (WHO + r" uses (?:his |a |the )?player skill (?P<skill>.+)",),
            settle_player_skill,
            "#5 uses his player skill 'Battering ram'",
        ),
        Action(
            "team-skill",
            (
                WHO
                + r" uses (?:unwavering honor|superstars|the team skill)(?: tokens)? (?:to |for )"
                + r"(?P<effect>.+?)(?: on #?(?P<on>\w+))?",
            ),
            settle_team_skill,
            "#9 uses Superstars for +3 and one reroll",
        ),
        Action(
            "measuring",
            (WHO + r"(?:'s coach)? measures before declaring(?: .*)?",),
            settle_measuring,
            "#4 measures before declaring",
        ),
    ],
)

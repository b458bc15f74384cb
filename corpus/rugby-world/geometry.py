"""rugby-world: whole game states (docs/game-states.md): the grid, the miniatures, the ball, what happened before
(the possession and its Tackles, the turn's moves, the score, cards played and in effect, a Ruck, a Touch), and
the actions, each settled in the state the previous one left."""

from __future__ import annotations

import re
from typing import ClassVar

from referee.errors import RefereeError
from referee.rules import Action, StateRules
from referee.states.readers import choice, flag, lookup, mapping, number, piece_id, pieces, point, words
from referee.states.tracking import Tracked, TrackedDict

from .checks_card_data import CARDS, card_effect, cards_with
from .checks_common import role_of
from .quotes import PACK

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
        extra = sorted(set(raw) - PIECE_KEYS)
        if extra:
            raise RefereeError(f"{where}: a miniature has no {extra[0]!r}")

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


# ---------------------------------------------------------------- moves


def settle_pass(state: Grid, args: dict, s) -> None:
    passer = lookup(state.pieces, args["by"], state.source)
    if passer is not state.carrier:
        raise RefereeError(
            f"{state.source}: #{passer.name} does not carry the ball "
            f"(ball: {state.carrier.name if state.carrier else 'loose'})"
        )
    target, _ = _target(state, args["to"])
    tacklers = state.tacklers(passer) if "tackled" in passer.status else []
    if "tackled" in passer.status and tacklers:
        _options(state, passer, "pass", s)
    s.run(
        "pass",
        {
            "passer": list(passer.at),
            "target": target,
            "scoring_direction": "+y" if state.sign(passer.team) > 0 else "-y",
            "p": passer.stats.get("p"),
            "tackled": "tackled" in passer.status,
            "card": state.card(passer.team, cards_with("p")),
            "role": passer.role,
            "moves_made": len(state.moved),
        },
    )
    receiver = state.at_point(target)
    state.carrier = receiver if receiver and receiver.team == passer.team else None
    state.ball_at = tuple(target)
    if state.carrier is not None:
        state.received.add(state.carrier.name)


def settle_run(state: Grid, args: dict, s) -> None:
    mini = lookup(state.pieces, args["by"], state.source)
    if state.phase == "ruck":
        s.run("ruck", {"what": "other-move", "movements": len(state.moved)})
    s.run(
        "move",
        {
            "moves_made": len(state.moved),
            "moved_already": mini.name in state.moved,
            "received_pass": mini.name in state.received,
        },
    )
    state.moved.append(mini.name)
    if args.get("to"):
        dest, _ = _target(state, args["to"])
        if state.carrier is None and state.ball_at is not None and list(state.ball_at) == dest and not state.kicked:
            _collect(state, mini, s)
        mini.at = tuple(dest)
        if mini is state.carrier:
            state.ball_at = mini.at
            if state.rows_to_try_line(mini) <= 0:  # along the direction of play: the run ends at or over the try line
                state.events.append(f"#{mini.name} carries the ball to the try area: grounding it scores a try")


def _collect(state: Grid, mini: Mini, s) -> None:
    """1D: a grounded ball is anyone's, except the tacklers of the carrier who grounded it and offside miniatures."""
    tackled = [m for m in state.pieces.values() if "tackled" in m.status and m.team != mini.team]
    tackler = any(state.in_front(m, mini) for m in tackled)
    ball = state.ball_at
    offside = ball is not None and (mini.at[1] - ball[1]) * state.sign(mini.team) > 0
    s.run("collect-ball", {"tackler": tackler, "offside": offside}, f"#{mini.name} reaches the ball")
    state.carrier = mini
    if mini.team != state.attacking:
        state.attacking = other(state.attacking)
        state.tackles = 0


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
            "from_touchline": max(0, int(min(target.at[0], state.width - target.at[0]))),
            "from_try_line": max(0, int(min(target.at[1], TRY_LINE - target.at[1]))),
        },
    )
    state.tackles += 1
    target.status.add("tackled")
    seventh = s.run("possession-tackles", {"tackles": state.tackles}, f"tackle {state.tackles} of this possession")
    if seventh.value["possession_ends"]:
        _possession_ends(state, "seventh-tackle", s)
        state.phase = "scrum"
        state.events.append(f"a Scrum put in by {state.name_of(other(target.team))}")


def _possession_ends(state: Grid, why: str, s) -> None:
    out = s.run("possession", {"why": why, "possession": state.possession, "tackles": state.tackles})
    value = out.value
    if value.get("match_over"):
        state.over = True
        return
    state.possession, state.tackles = value["possession"], value["tackles"]


def settle_hard_tackle(state: Grid, args: dict, s) -> None:
    defender, target = lookup(state.pieces, args["by"], state.source), lookup(state.pieces, args["on"], state.source)
    s.run(
        "tackle",
        {"target_has_ball": target is state.carrier, "defenders": 1, "in_front": state.in_front(target, defender)},
    )
    out = s.run(
        "hard-tackle",
        {
            "defender_f": defender.stats.get("f"),
            "carrier_f": target.stats.get("f"),
            "die": s.die(),
            "card": state.card(defender.team, cards_with("steal")),
            "role": defender.role,
        },
    )
    if out.outcome == "foul":
        state.phase = "penalty"
        state.events.append(f"a Penalty kick to {state.name_of(target.team)}")
    elif out.outcome == "stolen":
        state.carrier, state.ball_at = defender, defender.at
        state.attacking = other(state.attacking)
        state.tackles = 0


def _options(state: Grid, carrier: Mini, option: str, s) -> None:
    """What the tackled carrier may do, by how many tacklers stand in front of him (a card may count one as more)."""
    tacklers = state.tacklers(carrier)
    if "tackled" not in carrier.status and not tacklers:
        raise RefereeError(f"{state.source}: #{carrier.name} is not tackled: no defender stands in front of him")
    card = state.card(other(carrier.team), cards_with("release"))
    alone = (
        len(tacklers) == 1 and tacklers[0].role == "forward" and carrier.role == "forward"
    )  # "Any Back tackling alone"
    counts = card_effect(card, "release") if card != "none" and alone else 0
    s.run(
        "tackled-carrier",
        {
            "option": option,
            "tacklers": max(1, len(tacklers)),
            "counts_as": counts or 0,
            "card": card if counts else "none",
            "possession_over": state.phase == "scrum",
        },
    )


def settle_break(state: Grid, args: dict, s) -> None:
    """A tackled carrier answers: break through (strength) or evade (speed)."""
    carrier, defender = lookup(state.pieces, args["by"], state.source), lookup(state.pieces, args["on"], state.source)
    if carrier is not state.carrier:
        raise RefereeError(f"{state.source}: #{carrier.name} does not carry the ball")
    action = "evade" if args.get("evade") else "break-through"
    _options(state, carrier, action, s)
    stat, compare = ("s", "speed") if action == "evade" else ("f", "strength")
    die = s.die()
    rule = s.run(
        "strength-rule",
        {
            "declarer": carrier.stats.get(stat),
            "opponent": defender.stats.get(stat),
            "compare": compare,
            "die": die or 0,
        },
    )
    if not die:
        return
    out = s.run(
        "break-result",
        {
            "action": action,
            "winner": rule.value["winner"].replace("declarer", "attacker").replace("opponent", "defender"),
            "die": die,
        },
    )
    ball = out.value["ball"]
    if ball == "defender":
        state.carrier, state.ball_at = defender, defender.at
        state.attacking = other(state.attacking)
        state.tackles = 0
    elif ball == "grounded":
        back = carrier.at[1] - state.sign(carrier.team)
        state.carrier, state.ball_at = None, (carrier.at[0], back)


def settle_ground(state: Grid, args: dict, s) -> None:
    carrier = lookup(state.pieces, args["by"], state.source)
    if carrier is not state.carrier:
        raise RefereeError(f"{state.source}: #{carrier.name} does not carry the ball")
    _options(state, carrier, "ground", s)
    spot = [carrier.at[0], carrier.at[1] - state.sign(carrier.team)]
    occupant = state.at_point(spot)
    if occupant is not None and occupant.team != carrier.team:
        s.run("rugby-silent", {"about": "grounded-onto-opponent"}, f"#{occupant.name} stands behind the carrier")
        return
    state.carrier, state.ball_at = None, tuple(spot)


def settle_free_move(state: Grid, args: dict, s) -> None:
    mini = lookup(state.pieces, args["by"], state.source)
    dest, _ = _target(state, args["to"])
    occupant = next((m for m in state.pieces.values() if list(m.at) == dest and m is not mini), None)
    if occupant is not None:
        raise RefereeError(f"{state.source}: #{occupant.name} already stands on {dest}")
    ball = state.ball_at or (0, HALFWAY)
    behind = (ball[1] - dest[1]) * state.sign(mini.team)
    carrier = state.carrier
    in_22 = carrier is not None and state.rows_to_try_line(carrier) <= TWENTY_TWO  # 22 m, line included
    s.run(
        "free-move",
        {
            "rows_behind_ball": int(behind),
            "free_moves_this_turn": state.free_moves,
            "ball_loose_after_kick": state.kicked,
            "carrier_in_opponents_22": in_22,
            "team": "attack" if mini.team == state.attacking else "defence",
            "opponent_card": state.card(other(mini.team), cards_with("block")),
        },
        f"the ball is on row {ball[1]:g}",
    )
    state.free_moves += 1
    state.moved.append(mini.name)
    mini.at = tuple(dest)


# ---------------------------------------------------------------- kicks


def settle_kick(state: Grid, args: dict, s) -> None:
    mini = lookup(state.pieces, args["by"], state.source)
    kick = args["range"].lower()
    touch = bool(args.get("touch"))
    if state.phase in ("kick-off", "restart"):
        s.run("kick-off-kick", {"kind": state.phase, "kick": kick, "into_touch": touch, "kicker": mini.kicker})
    die = s.die()
    if die:
        s.run("kick-range", {"kick": kick, "kicker": mini.kicker, "die": die})
    state.kicked = True
    state.carrier = None
    state.moved.append(mini.name)
    if args.get("land"):
        land, named = _target(state, args["land"])
        if any(list(m.at) == land for m in state.pieces.values()):
            s.run("rugby-silent", {"about": "kick-onto-miniature"}, f"the ball lands on {named}, a miniature's")
        state.ball_at = (land[0], land[1])
    if touch:
        own_22 = state.in_own_22(mini)
        s.run(
            "touch",
            {
                "sent_by": "attack" if mini.team == state.attacking else "defence",
                "how": "kick",
                "within_own_22": own_22,
            },
        )
        state.thrower = other(mini.team)
        _possession_ends(state, "touch-kick", s)
        state.phase = "touch"


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
    _kick_at_goal(state, mini, "drop", s)


def settle_penalty(state: Grid, args: dict, s) -> None:
    mini = lookup(state.pieces, args["by"], state.source)
    s.run("penalty-kicker", {"kicker": mini.kicker})
    if args.get("touch"):
        s.run("touch", {"sent_by": "attack" if mini.team == state.attacking else "defence", "how": "penalty-kick"})
        state.thrower = mini.team
        state.phase = "touch"
        return
    _kick_at_goal(state, mini, "penalty", s)


def _kick_at_goal(state: Grid, mini: Mini, kind: str, s) -> None:
    rows = state.rows_to_try_line(mini)
    touchline = min(mini.at[0], state.width - mini.at[0])
    kick = s.run(
        "kick-success", {"zone": _zone(rows, touchline), "kicker": mini.kicker, "die": s.die() or 0, "kind": kind}
    )
    if kick.outcome == "succeeds":
        s.run("points", {"score": "drop" if kind == "drop" else "penalty-kick"})
        state.score[mini.team] += 3
        _possession_ends(state, "score", s)
        s.run("restart", {"after": "after-score"})
        state.phase, state.attacking = "kick-off", other(mini.team)
        s.follow("kicks_off", state.name_of(other(mini.team)))
    elif kick.outcome == "fails":
        _possession_ends(state, "failed-kick", s)
        s.run("restart", {"after": "failed-kick"})
        state.phase = "restart"
        s.follow("restart_by", state.name_of(other(mini.team)))


def settle_conversion(state: Grid, args: dict, s) -> None:
    mini = lookup(state.pieces, args["by"], state.source)
    x = state.ball_at[0] if state.ball_at else mini.at[0]
    kick = s.run(
        "conversion",
        {"touchline_distance": int(min(x, state.width - x)), "kicker": mini.kicker, "die": s.die() or 0},
        f"the try crossed the line at x = {x:g}",
    )
    if kick.outcome == "succeeds":
        s.run("points", {"score": "conversion"})
        state.score[mini.team] += 2
    state.phase = "kick-off"
    s.follow("kicks_off", state.name_of(other(mini.team)))


def settle_line_out(state: Grid, args: dict, s) -> None:
    if state.touch["chosen"] is None:
        raise RefereeError(f"{state.source}: say the number the throwers chose: touch: {{throwing: attack, chosen: 4}}")
    out = s.run("line-out", {"chosen": state.touch["chosen"], "guess": int(args["guess"])})
    thrower = state.touch["throwing"]
    winner = other(thrower) if out.value["ball"] == "defence" else thrower
    state.attacking, state.phase = winner, "play"
    s.follow("first_turn", state.name_of(winner))


def _pack(state: Grid, side: str) -> str:
    key = state.teams[side].lower().replace(" ", "-")
    if key not in PACK:
        raise RefereeError(f"{state.source}: name the national teams (teams: {{attack: England, defence: Japan}})")
    return key


def settle_scrum(state: Grid, args: dict, s) -> None:
    side = _side(state, args["side"])
    out = s.run("scrum-push", {"pushing": _pack(state, side), "other": _pack(state, other(side)), "die": s.die() or 0})
    if out.outcome == "succeeds":
        state.events.append("the packs move one intersection towards the losing side's try line")


def settle_ruck_push(state: Grid, args: dict, s) -> None:
    """2E: the Ruck's strengths (the tackled miniature and the supporters on the 3 intersections behind him) against
    the tacklers'; the push is the compulsory movement."""
    side = _side(state, args["side"])
    tackled = next((m for m in state.pieces.values() if "tackled" in m.status and m.team == side), None)
    if tackled is None:
        raise RefereeError(
            f"{state.source}: a Ruck needs a tackled miniature of {state.name_of(side)} (status: [tackled])"
        )
    sign = state.sign(side)
    behind = [m for m in state.pieces.values() if m.team == side and abs(m.at[0] - tackled.at[0]) <= 1
              and (tackled.at[1] - m.at[1]) * sign == 1]  # fmt: skip
    tacklers = state.tacklers(tackled)
    s.run("ruck", {"what": "push", "movements": len(state.moved)})
    s.run(
        "strength-rule",
        {"declarer": sum(m.stats.get("f") or 0 for m in [tackled, *behind]),
         "opponent": sum(m.stats.get("f") or 0 for m in tacklers), "compare": "ruck", "die": s.die() or 0},
        f"the Ruck of {1 + len(behind)} against {len(tacklers)} tackler(s)",
    )  # fmt: skip
    state.moved.append("ruck")


def settle_reorganise(state: Grid, args: dict, s) -> None:
    side = _side(state, args["side"])
    s.run("ruck", {"what": "reorganise", "reorganised": side in state.reorganised})
    if side not in state.reorganised:
        state.reorganised.append(side)


def settle_chase(state: Grid, args: dict, s) -> None:
    mini = lookup(state.pieces, args["by"], state.source)
    ball_row = state.ball_at[1] if state.ball_at else None
    kicker_row = None
    if args.get("kicker"):
        kicker_row = lookup(state.pieces, args["kicker"], state.source).at[1]
    reference = kicker_row if kicker_row is not None else ball_row
    if reference is None:
        raise RefereeError(f"{state.source}: say who kicked: '#13 chases #10's kick'")
    ahead = (mini.at[1] - reference) * state.sign(mini.team) > 0
    out = s.run("offside", {"offside": ahead})
    if out.verdict == "illegal":
        _possession_ends(state, "offside", s)
        state.phase, state.attacking = "scrum", other(mini.team)
        s.follow("scrum_to", state.name_of(other(mini.team)))


def settle_card(state: Grid, args: dict, s) -> None:
    side = _side(state, args["side"])
    text = args["card"].strip().lower()
    name = re.sub(r"[^a-z0-9]+", "-", re.sub(r"\s*\(.*$", "", text)).strip("-")
    if name not in CARDS:
        s.run("card-unknown", {"card": args["card"].strip()[:200]})
        return
    card = CARDS[name]
    mini = lookup(state.pieces, args["on"], state.source) if args.get("on") else None
    both = bool(args.get("both"))
    s.run(
        "special-card",
        {
            "card": name,
            "role": mini.role if mini else "unknown",
            "side": "attack" if side == state.attacking else "defence",
            "phase": {"scrum": "scrum", "ruck": "ruck", "penalty": "kick-at-goal"}.get(state.phase, "play"),
            "played_before": name in state.played[side],
            "opponent_card": state.cards[other(side)][0] if state.cards[other(side)] else "none",
            "moved_already": bool(mini) and mini.name in state.moved,
            "effects_used": 2 if both else 1,
        },
    )
    state.played[side].append(name)
    if "skip" in dict(card.effects):
        s.run("card-turns", {"card": name})
    if "speed" in dict(card.effects) and mini is not None and mini.stats.get("s") is not None:
        s.run("card-speed", {"card": name, "s": mini.stats.get("s")})


def settle_possession_end(state: Grid, args: dict, s) -> None:
    s.run("match-end", {"score": [state.score["attack"], state.score["defence"]], "possession": state.possession})


def settle_second_half(state: Grid, args: dict, s) -> None:
    asked = "who" if args.get("who") else "how"
    out = s.run(
        "restart", {"after": "second-half", "first_half_kicker": state.first_half_kicker or "unknown", "asked": asked}
    )
    by = out.value["by"] if out.verdict == "value" else out.readings[0].value["by"]
    state.possession, state.phase = 5, "restart"
    if by in TEAMS:
        s.follow("kicks", state.name_of(by))
        state.attacking = other(by)


def settle_silent(state: Grid, args: dict, s) -> None:
    about = "in-goal-catch" if args.get("ingoal") else "forward-pass"
    s.run("rugby-silent", {"about": about})


WHO = r"#?(?P<by>\w+)"
TO = r"(?P<to>#?\w+|\[\s*-?[\d.]+\s*,\s*-?[\d.]+\s*\])"
SIDE = r"(?P<side>the attack|the defence|[\w ]+?)"

# Why a key nothing read does not bear on a ruling ('when,…:glob'; when: an action or 'illegal').
# A key nothing read and nothing here excuses leaves the ruling unknown (referee.states.bearing).
IGNORES = {
    "pass:pieces.*.p": "the passer's P sets how far he may pass; the receiver's P does not bear on it",
    "illegal:pieces.*.p": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.f": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.s": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.kicker": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "conversion,kick:attack": (
        "the attack's direction bears on passes, runs and offside; a kick is measured from the kicker toward the "
        "goal it aims at"
    ),
    "illegal:attack": (
        "the declaration is illegal on what was read, before anything is measured along the direction of play"
    ),
    "line-out,reorganise,scrum:attack": (
        "the attack's direction bears on passes, runs, kicks and offside; a Touch's guess and a Scrum's or Ruck's "
        "push are settled on the teams and the die, not along the direction of play"
    ),
    "card,second-half:attack": (
        "the attack's direction bears on passes, runs, kicks and offside; whether a card may be played is ruled on "
        "the cards played and in effect, and who restarts on who kicked off, not on the direction of play"
    ),
    "penalty:pieces.*.at": (
        "a Penalty kick into touch keeps possession wherever the pieces stand ('there is no sense in lining up the "
        "miniatures'); one at goal measures its zone from the kicker, which it reads"
    ),
    "second-half:pieces.*.at": (
        "who starts the 5th possession is settled by who kicked off the 1st half; the pieces are lined up afresh"
    ),
    "hard-tackle,line-out:pieces.*.at": (
        "a Hard Tackle is ruled on the tackler and the carrier (where they stand is read); a Touch's throw on the "
        "guess; where another miniature stands does not bear"
    ),
    "card,conversion,kick,run,silent,tackle:pieces.*.at": (
        "this action is ruled on the pieces it names and their characteristics, not on where they stand"
    ),
    "break-through,evade,tackle:pieces.*.f": (
        "F is rolled only in the Strength Rule (a Hard Tackle, a ruck); this action does not roll it"
    ),
    "drop,kick:pieces.*.kicker": (
        "whether a miniature is the team's kicker bears on conversions and penalty kicks at goal, not on this kick"
    ),
    "pieces.*.number": (
        "a shirt number gives the role, which bears only on nominal cards and a one-on-one Hard Tackle between "
        "forwards (a Maul), where it is read"
    ),
    "card,kick,pass,run,silent,tackle,free-move,offside:pieces.*.team": (
        "a side tells opponents from teammates; the action's checks take the sides of the pieces they rule on"
    ),
}

# What each key of a state says (referee check --describe, docs/game-states.md).
KEY_HELP = {
    "attack": "the direction the attacking team scores: +y (row 50) or -y (row 0)",
    "width": "intersections across (the book does not give it; 35 by default)",
    "teams": "each side's name: {attack: ..., defence: ...}",
    "pieces": "the miniatures by id: team, at [x, y] in intersections, number, F, S, P, kicker, status",
    "ball": "the carrier's id, or [x, y]",
    "kicked": "the ball was kicked and nobody has reached it",
    "free_moves": "free moves already made this turn",
    "tackles": "tackles suffered in this possession",
    "possession": "which of the eight possessions is being played",
    "score": "the points of each side",
    "phase": "play, kick-off, restart, scrum, ruck, touch or penalty",
    "kicked_off": "the side that kicked off the first half",
    "moved": "the miniatures already moved this turn",
    "reorganised": "the sides that have reorganised their line-up at will",
    "cards": "the special cards in effect, by side",
    "played": "the special cards already played, by side",
    "touch": "the line-out: {throwing: attack or defence, chosen: 1 to 5}",
}

STATES = StateRules(
    key_help=KEY_HELP,
    read=read_state,
    keys=(
        "attack",
        "width",
        "teams",
        "pieces",
        "ball",
        "kicked",
        "free_moves",
        "tackles",
        "possession",
        "score",
        "phase",
        "kicked_off",
        "moved",
        "reorganised",
        "cards",
        "played",
        "touch",
    ),
    follows=follows,
    ignores=IGNORES,
    actions=[
        Action(
            "pass",
            (WHO + r" pass(?:es)? (?:the ball )?(?:back )?to " + TO,),
            settle_pass,
            "#9 passes to #10 / #9 passes to [12, 27]",
        ),
        Action("run", (WHO + r" runs?(?: to " + TO + r")?",), settle_run, "#12 runs to [10, 20]"),
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
        Action("ground", (WHO + r" grounds the ball",), settle_ground, "#12 grounds the ball"),
        Action("free-move", (WHO + r" free[- ]moves? to " + TO,), settle_free_move, "#12 free-moves to [10, 20]"),
        Action(
            "penalty",
            (WHO + r" kicks the penalty (?:kick )?(?:at goal|between the posts|at the posts|(?P<touch>into touch))",),
            settle_penalty,
            "#15 kicks the penalty at goal / #15 kicks the penalty into touch",
        ),
        Action(
            "kick",
            (WHO + r" kicks (?P<range>short|medium|long)(?:(?P<touch> into touch)| to (?P<land>\[[^\]]*\]))?",),
            settle_kick,
            "#10 kicks long / #10 kicks long into touch / #10 kicks long to [17, 34]",
        ),
        Action("drop", (WHO + r" (?:attempts a |kicks a )?drop(?: goal)?",), settle_drop, "#10 attempts a drop"),
        Action(
            "conversion", (WHO + r" (?:kicks|takes) the conversion",), settle_conversion, "#10 kicks the conversion"
        ),
        Action(
            "line-out",
            (r"the (?:defence|defending team|other team) guesses (?P<guess>[1-5])",),
            settle_line_out,
            "the defence guesses 4",
        ),
        Action("scrum", (SIDE + r"(?:'s)? (?:scrum )?pack pushes",), settle_scrum, "the attack's pack pushes"),
        Action("ruck-push", (SIDE + r"(?:'s)? ruck pushes",), settle_ruck_push, "the attack's ruck pushes"),
        Action(
            "reorganise",
            (SIDE + r" reorganises? (?:its line-up )?at will",),
            settle_reorganise,
            "the attack reorganises at will",
        ),
        Action(
            "offside",
            (WHO + r" chases (?:the kick|the ball|#?(?P<kicker>\w+)'s kick)",),
            settle_chase,
            "#13 chases #10's kick",
        ),
        Action(
            "card",
            (SIDE + r" plays? (?:the card )?(?P<card>.+?)(?: (?:on|for) #?(?P<on>\w+))?(?P<both> for both effects)?",),
            settle_card,
            "the attack plays serge-blanco on #15",
        ),
        Action(
            "match-end",
            (r"the (?:eighth|8th|last) possession ends",),
            settle_possession_end,
            "the eighth possession ends",
        ),
        Action(
            "second-half",
            (
                r"(?:the )?(?:5th|fifth) possession begins",
                r"(?P<who>who) kicks to start (?:the )?(?:5th|fifth) possession",
            ),
            settle_second_half,
            "the 5th possession begins / who kicks to start the 5th possession",
        ),
        Action(
            "silent",
            (
                r"the defence catches the ball in its (?P<ingoal>in-goal)(?: area)?",
                WHO + r" passes forward(?:s)?(?: .*)?",
            ),
            settle_silent,
            "the defence catches the ball in its in-goal",
        ),
    ],
)

"""Takkure's whole states, the actions of play: a pass, a tackle, a dodge or break through."""

from __future__ import annotations

import math
import re

from referee.errors import RefereeError
from referee.states.readers import lookup

from .geometry_rolls import (
    Rolls,
    _endurance,
    _fatigue_minus,
    _grounded_first,
    _order,
    _skill_dice,
    _stat,
    _tackle_fails,
    _tackle_lands,
    _tacklers,
    _Unsettled,
    _wound,
)
from .geometry_state import (
    Pitch,
    Player,
)

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

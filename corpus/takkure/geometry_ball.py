"""Takkure's whole states, the actions about the ball and the ground: a second move, standing up,
picking up, stealing, scoring a try."""

from __future__ import annotations

from referee.errors import RefereeError
from referee.states.readers import lookup

from .geometry_play import (
    _resolve_unopposed,
)
from .geometry_rolls import (
    Rolls,
    _fatigue_minus,
    _stat,
    _tackle_lands,
    _tacklers,
)
from .geometry_state import (
    Pitch,
    Player,
    other,
)


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

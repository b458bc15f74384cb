"""Takkure's whole states: dice and targets, and a tackle's consequences."""

from __future__ import annotations

import re

from referee.states.readers import lookup

from .geometry_state import (
    Pitch,
    Player,
)

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

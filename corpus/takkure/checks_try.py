"""Takkure's checks: scoring a try."""

from __future__ import annotations

from referee.errors import RefereeError
from referee.rules import Fact, Reading, Verdict, because, check, then

from .checks_common import (
    _count,
)
from .quotes import (
    F2F_SEVERAL,
    F2F_TIE,
    FATIGUE_3,
    FUMBLE,
    GROUNDED_CARRIER,
    KICK_AFTER_TRY,
    KICK_FAILED_TRY,
    TRY_FATIGUE,
    TRY_MISSED,
    TRY_OPPOSED,
    TRY_PRESSURE,
    TRY_SCORED,
    TRY_WHERE,
)

# ================================================================ score a try


@check(
    "score-a-try",
    "May this player attempt to SCORE A TRY? (the ball carrier, base partly within the in-goal zone, not GROUNDED)",
    [
        Fact("is_ball_carrier", "bool", "the player carries the ball"),
        Fact("in_goal", "bool", "the player's base is at least partly within the in-goal zone"),
        Fact("grounded", "bool", "the player is GROUNDED", False),
    ],
    example={"is_ball_carrier": True, "in_goal": True},
)
def score_a_try(f: dict) -> Verdict:
    if f["grounded"]:
        return Verdict(
            "illegal",
            reasons=[because(GROUNDED_CARRIER, "a GROUNDED carrier may only pass from the ground")],
            summary="illegal SCORE A TRY: the carrier is GROUNDED",
        )
    ok = f["is_ball_carrier"] and f["in_goal"]
    why = (
        "the carrier's base is within the in-goal zone"
        if ok
        else (
            "the player does not carry the ball" if not f["is_ball_carrier"] else "the base is not in the in-goal zone"
        )
    )
    return Verdict(
        "legal" if ok else "illegal",
        reasons=[because(TRY_WHERE, why)],
        summary=f"{'legal' if ok else 'illegal'} SCORE A TRY ({why})",
    )


@check(
    "score-a-try-target",
    "The BaC a SCORE A TRY roll must roll under: second BaC, -1 per fatigue token (active or not), pressure",
    [
        Fact("bac_try", "int", "the carrier's second BaC value", low=0, high=20),
        Fact("fatigue_tokens", "int", "fatigue tokens, active or not", 0, low=0, high=3),
        Fact("pressure", "int", "defenders pressuring the carrier", 0, low=0, high=4),
        Fact("inactive_fatigue", "int", "how many of those tokens are inactive (flipped)", 0, low=0, high=3),
    ],
    example={"bac_try": 8, "fatigue_tokens": 2, "pressure": 1},
)
def score_try_target(f: dict) -> Verdict:
    if f["inactive_fatigue"] > f["fatigue_tokens"]:
        raise RefereeError("facts 'inactive_fatigue' and 'fatigue_tokens': more inactive tokens than tokens")
    total = f["bac_try"] - f["fatigue_tokens"] - f["pressure"]
    reasons = [because(TRY_WHERE, f"start from the second BaC value, {f['bac_try']}")]
    parts = [f"second BaC {f['bac_try']}"]
    if f["fatigue_tokens"]:
        reasons.append(because(TRY_FATIGUE, f"{f['fatigue_tokens']} fatigue token(s): -{f['fatigue_tokens']}"))
        parts.append(f"-{f['fatigue_tokens']} for fatigue")
    if f["fatigue_tokens"] - f["inactive_fatigue"] >= 3:  # 3 active tokens also cost 1 BaC (cumulative effects)
        total -= 1
        reasons.append(because(FATIGUE_3, "3 active fatigue tokens: -1 BaC as well"))
        parts.append("-1 for 3 active fatigue tokens")
    if f["pressure"]:
        reasons.append(because(TRY_PRESSURE, f"pressure: -{f['pressure']}"))
        parts.append(f"-{f['pressure']} for {_count(f['pressure'], 'pressuring defender')}")
    reasons.append(because(FUMBLE, "a 12 still always misses"))
    return Verdict("value", total, reasons, summary=f"must roll {total} or less on the D12 ({', '.join(parts)})")


@check(
    "try-result",
    "What a SCORE A TRY roll gives: scored, missed (a kick-off the defending coach chooses), or, when the carrier's "
    "success is beaten by a tackler, a reading either way",
    [
        Fact("result", "choice", "the carrier's result", choices=("success", "fail", "beaten", "tie")),
        Fact("opposed_by", "int", "defenders tackling the scorer", 0, low=0, high=4),
    ],
    example={"result": "fail"},
)
def try_result(f: dict) -> Verdict:
    reasons = [because(TRY_OPPOSED, f"{f['opposed_by']} tackler(s) against the try")] if f["opposed_by"] else []
    kick_off = [then(TRY_MISSED, "a kick-off"), then(KICK_FAILED_TRY, "the defending coach decides who kicks")]
    if f["result"] == "success":
        return Verdict(
            "value",
            {"try": True},
            [*reasons, because(TRY_SCORED, "the roll is passed")],
            outcome="scored",
            consequences=[
                then(TRY_SCORED, "a try"),
                then(KICK_AFTER_TRY, "the coach who received it decides the kick-off"),
            ],
            summary="the try is scored",
        )
    if f["result"] == "fail":
        return Verdict(
            "value",
            {"try": False, "next": "kick-off", "chooses": "defence"},
            [*reasons, because(TRY_MISSED, "the roll is missed")],
            outcome="fails",
            consequences=kick_off,
            summary="the try is missed: a kick-off, the defending coach decides which team kicks",
        )
    if f["result"] == "tie":
        return Verdict("value", {"try": False}, [*reasons, because(F2F_TIE, "no effect")], outcome="cancelled")
    return Verdict(
        "ambiguous",
        None,
        reasons,
        [
            Reading(
                "a beaten success is not a miss: no kick-off; the GROUNDED carrier keeps the ball, the attack goes on",
                "value",
                {"try": False, "next": "play"},
                [because(F2F_SEVERAL, "not considered to have failed")],
            ),
            Reading(
                "no try was scored, so it is a missed try: a kick-off, the defending coach chooses",
                "value",
                {"try": False, "next": "kick-off"},
                [because(TRY_MISSED, "if you miss: a kick-off")],
            ),
        ],
        outcome="fails",
        summary="no try (the tackle wins); ambiguous whether a beaten try is a miss that calls a kick-off",
    )

"""Rugby World's checks: a turn's moves and the pass."""

from __future__ import annotations

from referee.rules import Fact, Reading, Verdict, because, check, then

from .checks_card_data import (
    P_EFFECT,
    P_HEAD,
    _card_refused,
    card_effect,
    cards_with,
)
from .checks_common import (
    DIRECTION,
    GRID,
    ROLES,
)
from .quotes import (
    CARDS_RULE,
    DIFFERENT_PLAYERS,
    FOUR_MOVES,
    PASS_BACKWARDS,
    PASS_COUNT,
    PASS_NOT_A_MOVE,
    PASS_RANGE,
    PASS_RECEIVER_MOVES,
    PASS_TACKLED,
    PASS_WHEN,
    TURNS_ALTERNATE,
)

# ================================================================ moves, the pass


@check(
    "move",
    "May this miniature move now? Up to 4 moves a turn, each by a different miniature; a receiver not yet moved "
    "may advance with the ball",
    [
        Fact("moves_made", "int", "moves already made this turn", 0, low=0, high=8),
        Fact("moved_already", "bool", "this miniature has already moved this turn", False),
        Fact("received_pass", "bool", "it has just received a pass this turn", False),
    ],
    example={"moves_made": 1, "moved_already": True, "received_pass": True},
)
def move(f: dict) -> Verdict:
    reasons = [because(FOUR_MOVES, f"{f['moves_made']} move(s) made")]
    if f["moves_made"] >= 4:
        return Verdict(
            "illegal",
            reasons=[*reasons, because(PASS_WHEN, "the turn ended with the 4th move")],
            consequences=[then(TURNS_ALTERNATE, "the opponents' turn")],
            summary="illegal move: the turn ended with the 4th move",
        )
    if f["moved_already"]:
        reasons.append(because(DIFFERENT_PLAYERS, "a miniature moves once a turn"))
        if f["received_pass"]:
            reasons.append(because(PASS_RECEIVER_MOVES, "only a receiver not yet moved may advance with the ball"))
        return Verdict("illegal", reasons=reasons, summary="illegal move: the miniature has already moved this turn")
    if f["received_pass"]:
        reasons.append(because(PASS_RECEIVER_MOVES, "not yet moved: it may advance with the ball"))
    return Verdict("legal", reasons=reasons, summary=f"legal move ({f['moves_made'] + 1} of at most 4)")


@check(
    "pass",
    "Is a hand pass legal? Backwards only, within P (half P rounded down when tackled), not after the turn's "
    "4th move; two readings of grid distance",
    [
        Fact("passer", "point", "passing miniature [x, y]", unit="intersections", **GRID),
        Fact("target", "point", "target intersection [x, y]", unit="intersections", **GRID),
        DIRECTION,
        Fact("p", "int", "the passer's P value", low=0, high=20),
        Fact("tackled", "bool", "the passer has been tackled", False),
        Fact(
            "card",
            "choice",
            "a special card played this turn that raises P",
            "none",
            choices=("none", *cards_with("p")),
        ),
        Fact("role", "choice", "the passer's role (cards are for a group)", "unknown", choices=("unknown", *ROLES)),
        Fact("moves_made", "int", "moves already made this turn", 0, low=0, high=8),
    ],
    example={"passer": [10, 30], "target": [13, 29], "scoring_direction": "+y", "p": 3},
)
def pass_(f: dict) -> Verdict:
    if f["moves_made"] >= 4:
        return Verdict(
            "illegal",
            reasons=[because(PASS_WHEN, "the 4th move ended the turn"), because(PASS_NOT_A_MOVE, "a pass is no move")],
            consequences=[then(TURNS_ALTERNATE, "the opponents' turn: the carrier keeps the ball")],
            summary="illegal pass: the turn ended with the 4th move",
        )
    sign = 1 if f["scoring_direction"] == "+y" else -1
    dx = abs(f["target"][0] - f["passer"][0])
    back = (f["passer"][1] - f["target"][1]) * sign
    if back <= 0:
        return Verdict(
            "illegal",
            reasons=[because(PASS_BACKWARDS, "the target is not behind the passer")],
            summary="illegal pass: the target is not behind the passer",
        )
    p, reasons = f["p"], []
    if f["card"] != "none":
        refused = _card_refused(f["card"], f["role"], P_HEAD, P_EFFECT)
        if refused:
            return refused
        p = card_effect(f["card"], "p") or p
        reasons.append(because(P_HEAD[f["card"]], f"the card is for the {f['role']}'s group"))
        reasons.append(because(P_EFFECT[f["card"]], f"the card sets P to {p} this turn"))
        reasons.append(because(CARDS_RULE, "a special card's benefit overrides the printed P value"))
    if f["tackled"]:
        p //= 2
        reasons.append(because(PASS_TACKLED, f"tackled: half of P, rounded down = {p}"))
    else:
        reasons.append(because(PASS_RANGE, f"range up to P = {p} intersections"))
    readings = {
        "diagonal steps count as one (count the longest side)": max(dx, back),
        "sideways and forward steps add up (the book's example counts sideways and along)": dx + back,
    }
    outcomes = {name: ("legal" if d <= p else "illegal", d) for name, d in readings.items()}
    verdicts = {v for v, _ in outcomes.values()}
    if len(verdicts) == 1:
        verdict = verdicts.pop()
        reasons.append(because(PASS_BACKWARDS, f"the target is {back:g} behind"))
        distance = max(d for _, d in outcomes.values())
        return Verdict(
            verdict,
            {"distance": distance, "range": p},
            reasons,
            summary=f"{verdict} pass (backwards, {distance:g} of {p} intersections)"
            if verdict == "legal"
            else f"illegal pass: {distance:g} intersections, beyond P {p}",
        )
    return Verdict(
        "ambiguous",
        None,
        [*reasons, because(PASS_COUNT, "the book does not fix how a diagonal counts")],
        [
            Reading(
                name,
                verdict,
                {"distance": distance, "range": p},
                [because(PASS_RANGE, f"distance {distance:g} against P {p}")],
            )
            for name, (verdict, distance) in outcomes.items()
        ],
        summary=f"ambiguous pass: legal if a diagonal step counts as one, not if steps add up (P {p})",
    )

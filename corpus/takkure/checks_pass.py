"""Takkure's checks: the pass (direction, target, reception, result)."""

from __future__ import annotations

from referee.rules import Fact, Verdict, because, check, then

from .checks_common import (
    DIRECTION,
    PITCH,
    _ahead_by,
    _count,
)
from .quotes import (
    BEST_MODIFIER,
    CARRIER_PASSES,
    CORE_PASS,
    FATIGUE_3,
    GROUND_8,
    GROUND_MINUS_2,
    GROUND_NO_SECOND,
    MODIFIER_EXAMPLE,
    PASS_ALL_FAIL,
    PASS_BEATEN,
    PASS_CRITICAL,
    PASS_FACE_TO_FACE,
    PASS_MISS,
    PASS_SUCCESS,
    PASS_TABLE,
    PASS_UNOPPOSED,
    PRESSURE,
    PRESSURE_STACKS,
    RECEPTION_BEST,
    RECEPTION_MISS,
    RECEPTION_SUCCESS,
    RECEPTION_TABLE,
)

# ================================================================ the pass


@check(
    "pass-direction",
    "Can the ball carrier pass to this receiver? (no pass to a player ahead; level or behind is fine)",
    [
        Fact("passer", "point", "passer's position [x, y]", unit="inches", **PITCH),
        Fact("receiver", "point", "receiver's position [x, y]", unit="inches", **PITCH),
        DIRECTION,
        Fact("passer_has_ball", "bool", "the passer is the ball carrier", True),
    ],
    example={"passer": [10, 20], "receiver": [14, 20], "scoring_direction": "+y"},
)
def pass_direction(f: dict) -> Verdict:
    if not f["passer_has_ball"]:
        return Verdict(
            "illegal",
            reasons=[because(CARRIER_PASSES, "the passer does not carry the ball")],
            summary="illegal pass: the passer does not carry the ball",
        )
    ahead = _ahead_by(f["passer"], f["receiver"], f["scoring_direction"])
    if ahead > 0:
        return Verdict(
            "illegal",
            ahead,
            [
                because(CARRIER_PASSES, f'the receiver is {ahead:g}" ahead of the passer'),
                because(CORE_PASS, "one of the three core rugby rules"),
            ],
            summary=f'illegal pass: the receiver is {ahead:g}" ahead',
        )
    where = "level with" if ahead == 0 else f'{-ahead:g}" behind'
    return Verdict(
        "legal",
        ahead,
        [because(CARRIER_PASSES, f"the receiver is {where} the passer, not ahead")],
        summary="legal pass (level)" if ahead == 0 else "legal pass (backwards)",
    )


def _band(text: str) -> tuple[float, float]:
    """A distance band as the book writes it: '2" to 4"' or '+8"' (8 or more)."""
    if text.startswith("+"):
        return float(text.strip('+"')), float("inf")
    low, high = text.split(" to ")
    return float(low.strip('"')), float(high.strip('"'))


def _table_modifier(distance: float, rows: list[tuple[str, ...]]) -> tuple[int, list[int], int]:
    """The best modifier of the bands the distance falls in (a boundary is in two), the modifiers hit,
    and the index of the row that gives the best one."""
    hits = [(int(modifier), i) for i, (band, modifier) in enumerate(rows) if band_has(distance, _band(band))]
    best, row = max(hits)
    return best, [m for m, _ in hits], row


def _either(modifiers: list[int]) -> str:
    """The modifiers a boundary falls on, as the table prints them ("+2 or 0"), never a list."""
    return " or ".join(_signed(m) for m in modifiers)


def _signed(modifier: int) -> str:
    return f"{modifier:+d}" if modifier else "0"


def band_has(distance: float, band: tuple[float, float]) -> bool:
    return band[0] <= distance <= band[1]


@check(
    "pass-target",
    "The BaC a pass must roll under: distance modifier (best at a boundary), pressure (on a second action only), "
    "fatigue, pass from the ground (a first action); without the BaC, the sum of the modifiers",
    [
        Fact("bac", "int", "the passer's Ball Control (BaC); leave out for the modifiers alone", None, low=0, high=20),
        Fact("distance", "float", "distance between passer and receiver", unit="inches", low=0, high=80),
        Fact("pressure", "int", 'defenders pressuring the passer (within 2")', 0, low=0, high=4),
        Fact("from_ground", "bool", "the passer is GROUNDED (pass from the ground, a first action)", False),
        Fact("fatigue", "int", "the passer's active fatigue tokens (3 or more: -1 BaC)", 0, low=0, high=3),
    ],
    example={"bac": 7, "distance": 3, "pressure": 1},
)
def pass_target(f: dict) -> Verdict:
    distance = f["distance"]
    modifier, hits, row = _table_modifier(distance, PASS_TABLE)
    reasons = [because(PASS_TABLE.quote(row), f'{distance:g}" gives {modifier:+d}')]
    if len(hits) > 1:
        reasons.append(
            because(
                BEST_MODIFIER,
                f'{distance:g}" is on the line between two rows ({_either(hits)}): the best, {_signed(modifier)}',
            )
        )
    if f["from_ground"] and distance > 8:
        return Verdict(
            "value",
            None,
            [because(GROUND_8, f'a pass from the ground cannot go {distance:g}": cancelled, no pass, no reception')],
            outcome="cancelled",
            consequences=[
                then(GROUND_8, "the roll is cancelled: no pass, no reception"),
                then(GROUND_NO_SECOND, "and still no second action this activation"),
            ],
            summary=f'pass from the ground cancelled: {distance:g}" is more than 8"',
        )
    total = modifier
    parts = [f'{modifier:+d} for {distance:g}"']
    if f["pressure"] and f["from_ground"]:
        reasons.append(
            because(PRESSURE, "pressure modifies the second action; a pass from the ground is a first action: no -1")
        )
        reasons.append(because(PRESSURE_STACKS, f"{f['pressure']} pressuring defender(s), none of them counts here"))
    elif f["pressure"]:
        total -= f["pressure"]
        reasons.append(because(PRESSURE, f"{f['pressure']} pressuring defender(s): -{f['pressure']}"))
        if f["pressure"] > 1:
            reasons.append(because(PRESSURE_STACKS, "each pressuring defender adds -1"))
        parts.append(f"-{f['pressure']} for {_count(f['pressure'], 'pressuring defender')}")
    if f["fatigue"] >= 3:
        total -= 1
        reasons.append(because(FATIGUE_3, "3 fatigue tokens: -1 BaC"))
        parts.append("-1 for fatigue")
    consequences = []
    if f["from_ground"]:
        total -= 2
        reasons.append(because(GROUND_MINUS_2, "pass from the ground: -2"))
        consequences.append(then(GROUND_NO_SECOND, "no second action this activation"))
        parts.append("-2 from the ground")
    if f["bac"] is None:
        return Verdict(
            "value",
            {"modifier": total},
            reasons,
            consequences=consequences,
            summary=f"the pass rolls under BaC {total:+d} ({', '.join(parts)})",
        )
    if f["bac"] == 7 and modifier == 2 and f["pressure"] == 1 and not f["from_ground"] and f["fatigue"] < 3:
        reasons.append(because(MODIFIER_EXAMPLE, "the book's own worked example"))
    target = f["bac"] + total
    return Verdict(
        "value",
        target,
        reasons,
        consequences=consequences,
        summary=f"must roll {target} or less on the D12 (BaC {f['bac']}, {', '.join(parts)})",
    )


@check(
    "reception-modifier",
    "The modifier to a BALL RECEPTION roll after a missed pass, by distance (best at a boundary)",
    [Fact("distance", "float", "distance between the players involved", unit="inches", low=0, high=80)],
    example={"distance": 4},
)
def reception_modifier(f: dict) -> Verdict:
    modifier, hits, row = _table_modifier(f["distance"], RECEPTION_TABLE)
    reasons = [because(RECEPTION_TABLE.quote(row), f'{f["distance"]:g}" gives {modifier:+d}')]
    if len(hits) > 1:
        reasons.append(because(RECEPTION_BEST, f"on the line between two rows ({_either(hits)}): the best applies"))
    return Verdict(
        "value",
        modifier,
        reasons,
        consequences=[
            then(RECEPTION_SUCCESS, "if the reception roll succeeds, the receiver carries the ball"),
            then(RECEPTION_MISS, "if it misses, the ball scatters from the receiver"),
        ],
        summary=f"if the pass misses, the receiver's BALL RECEPTION roll is at {modifier:+d}",
    )


PASS_RESULTS = ("success", "critical", "miss", "all-fail", "beaten")


@check(
    "pass-result",
    "What follows a pass roll: reaches the receiver, a reception roll, or (face-to-face, beaten) no pass at all",
    [
        Fact("result", "choice", "the pass roll's result", choices=PASS_RESULTS),
        Fact("face_to_face", "bool", "the pass is past a defender's action (a face-to-face roll)", False),
    ],
    example={"result": "beaten", "face_to_face": True},
)
def pass_result(f: dict) -> Verdict:
    how = [because(PASS_FACE_TO_FACE if f["face_to_face"] else PASS_UNOPPOSED, "where the pass is thrown")]
    if f["result"] in ("success", "critical"):
        key = PASS_CRITICAL if f["result"] == "critical" else PASS_SUCCESS
        return Verdict(
            "value", "reaches the receiver", how, outcome="succeeds", consequences=[then(key, "the receiver carries")]
        )
    if f["result"] == "beaten":
        return Verdict(
            "value",
            "not performed",
            how,
            outcome="fails",
            consequences=[then(PASS_BEATEN, "no pass, no reception; the passer suffers the defender's action")],
            summary="the pass is not performed (beaten face-to-face); the passer suffers the defender's action",
        )
    key = PASS_ALL_FAIL if f["result"] == "all-fail" else PASS_MISS
    return Verdict(
        "value",
        "reception roll",
        how,
        outcome="fails",
        consequences=[then(key, "the receiver makes a BALL RECEPTION roll")],
        summary="the pass misses: the receiver makes a BALL RECEPTION roll",
    )

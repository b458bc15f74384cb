"""Tacocat's checks: a round's order and replacing cards."""

from __future__ import annotations

from referee.rules import Fact, Verdict, because, check, then

from .quotes import (
    ARROW_FIRST,
    ARROWS,
    REPLACE_FIRST,
    REPLACE_ROUND_ONE,
    REPLACE_SECOND,
    ROUND_ORDER,
)

TRACK = {"low": -3, "high": 3}  # the seven spaces, counted from the centre space printed 7; minus is toward me
PHASES = ("replacement", "duel", "play", "move", "tile")  # a round's sequence (п-єса/1)


# ================================================================ a round's order


@check(
    "round-order",
    "Does this come now? A round goes: replacing cards, the duel, play, moving the Tacocat, placing a tile",
    [
        Fact("phase", "choice", "where the round stands", choices=PHASES),
        Fact("wanted", "choice", "the step the player wants to take", choices=PHASES),
    ],
    example={"phase": "play", "wanted": "replacement"},
)
def round_order(f: dict) -> Verdict:
    now, wanted = PHASES.index(f["phase"]), PHASES.index(f["wanted"])
    ok = wanted >= now
    return Verdict(
        "legal" if ok else "illegal",
        reasons=[because(ROUND_ORDER, f"{f['wanted']} comes {'at or after' if ok else 'before'} {f['phase']}")],
        summary=f"{'legal' if ok else 'illegal'}: {f['wanted']} "
        + ("may follow" if ok else f"is past: the round is at {f['phase']}"),
    )


# ================================================================ replacing cards


@check(
    "replace-order",
    "Who replaces cards first? The player the arrow on the Tacocat's space points to; of a space with two "
    "arrows the book says no more",
    [
        Fact("arrows", "int", "arrows on the Tacocat's space", low=1, high=2),
        Fact("points_at", "bool", "an arrow points at the player who wants to replace first", False),
    ],
    example={"arrows": 1, "points_at": True},
)
def replace_order(f: dict) -> Verdict:
    if f["arrows"] == 2:
        return Verdict(
            "unknown",
            None,
            [because(ARROWS, "one or two arrows"), because(ARROW_FIRST, "the player the arrow points to")],
            summary="unknown: the book says who replaces first by the arrow, not what two arrows mean",
        )
    if f["points_at"]:
        return Verdict(
            "legal",
            reasons=[because(ARROW_FIRST, "the arrow points at him"), because(REPLACE_FIRST, "as many as he likes")],
            consequences=[then(REPLACE_SECOND, "then the opponent, up to as many")],
            summary="legal: the player the arrow points to replaces first, as many cards as he likes",
        )
    return Verdict(
        "illegal",
        reasons=[because(ARROW_FIRST, "the arrow points at the other player")],
        consequences=[
            then(REPLACE_FIRST, "the arrow's player replaces first, as many as he likes"),
            then(REPLACE_SECOND, "then this player, up to as many"),
        ],
        summary="illegal: the player the arrow points to replaces first",
    )


@check(
    "card-replacement",
    "How many cards may the second player replace? Up to as many as the first; any number in round 1",
    [
        Fact("round", "int", "round number", low=1, high=50),
        Fact("first_replaced", "int", "cards the first player replaced", 0, low=0, high=20),
        Fact("second_wants", "int", "cards the second player wants to replace (not read for 'any')", low=0, high=20),
        Fact("claim", "choice", "a count, or 'any': as many as he likes", "count", choices=("count", "any")),
    ],
    example={"round": 2, "first_replaced": 3, "second_wants": 4},
)
def card_replacement(f: dict) -> Verdict:
    after = [then(ROUND_ORDER, "then the duel")]
    if f["round"] == 1:
        return Verdict(
            "legal",
            reasons=[
                because(REPLACE_ROUND_ONE, "first round: any number"),
                because(REPLACE_SECOND, "the limit of the later rounds does not apply"),
            ],
            consequences=after,
            summary="legal: in the first round both may replace any number",
        )
    reasons = [
        because(ARROW_FIRST, "the player the arrow points to replaces first"),
        because(REPLACE_FIRST, f"the first player replaced {f['first_replaced']}"),
    ]
    if f["claim"] == "any":
        return Verdict(
            "illegal",
            reasons=[
                because(REPLACE_ROUND_ONE, f"any number only in the first round; this is round {f['round']}"),
                *reasons,
                because(REPLACE_SECOND, "the second player up to as many"),
            ],
            summary=f"illegal: round {f['round']} is not the first: the second player replaces up to as many",
        )
    ok = f["second_wants"] <= f["first_replaced"]
    sign = "<=" if ok else ">"
    return Verdict(
        "legal" if ok else "illegal",
        reasons=[*reasons, because(REPLACE_SECOND, f"{f['second_wants']} {sign} {f['first_replaced']}")],
        consequences=after if ok else [],
        summary=f"{'legal' if ok else 'illegal'}: {f['second_wants']} cards against the first player's "
        f"{f['first_replaced']}",
    )

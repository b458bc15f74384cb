"""Ta-Ke's checks: set-up, who begins, how long the game lasts."""

from __future__ import annotations

from referee.errors import RefereeError
from referee.rules import Fact, Verdict, because, check, then

from .quotes import (
    CHIPS,
    EXPOSED,
    FINAL_SCORING,
    FIRST_PLAYER,
    MUST_PICK,
    NO_THREE,
    NO_THREE_AT_END,
    STACK_ORDER,
    STACKING,
)

CHARACTERS = ("daimyo", "ronin", "geisha", "ninja", "samurai")


# ================================================================ set-up, who begins, how long


@check(
    "setup-stack",
    "Is a set-up stack legal? Never 3 or more chips of the same colour directly on top of one another",
    [Fact("stack", "strs", "chip colours from the bottom up")],
    example={"stack": ["red", "red", "red", "blue"]},
)
def setup_stack(f: dict) -> Verdict:
    run = 1
    for below, above in zip(f["stack"], f["stack"][1:], strict=False):
        run = run + 1 if below == above else 1
        if run >= 3:
            return Verdict(
                "illegal",
                reasons=[
                    because(NO_THREE, f"three {above} chips in a row"),
                    because(NO_THREE_AT_END, "never more than 2"),
                ],
                summary=f"illegal stack: three {above} chips on top of one another",
            )
    return Verdict(
        "legal",
        reasons=[because(NO_THREE, "never three of a colour in a row")],
        summary="legal stack (never three of a colour in a row)",
    )


@check(
    "setup-draw",
    "Where does a chip drawn during the set-up go? Not onto a stack whose top two are its colour: the next space; "
    "with no next space left, the book does not say",
    [
        Fact("top_two_same", "bool", "the stack being built has two chips of the drawn colour on top"),
        Fact("next_space", "bool", "there is a next space to switch to (the Ninja space is the last)", True),
    ],
    example={"top_two_same": True, "next_space": False},
)
def setup_draw(f: dict) -> Verdict:
    reasons = [
        because(NO_THREE, "never 3 of a colour on top of one another; switch to the next space"),
        because(NO_THREE_AT_END, "never more than 2 of a colour in a row when the set-up ends"),
    ]
    if not f["top_two_same"]:
        return Verdict("legal", reasons=reasons, summary="legal: the chip goes on the stack")
    if not f["next_space"]:
        return Verdict(
            "unknown",
            None,
            [*reasons, because(STACK_ORDER, "the Ninja space is the last one stacked")],
            summary="unknown: the book gives no next space after the last stack",
        )
    return Verdict(
        "illegal",
        reasons=reasons,
        consequences=[then(STACK_ORDER, "it goes on the next space")],
        summary="illegal: the chip may not go on this stack; it goes on the next space",
    )


@check(
    "first-player",
    "Who begins? The older player; then the players alternate",
    [Fact("ages", "ints", "the two players' ages, in the order given", low=0, high=150)],
    example={"ages": [52, 34]},
)
def first_player(f: dict) -> Verdict:
    if len(f["ages"]) != 2:
        raise RefereeError("fact 'ages': the two players' ages")
    a, b = f["ages"]
    if a == b:
        return Verdict("unknown", None, [because(FIRST_PLAYER, "the older begins")], summary="unknown: the same age")
    first = 1 if a > b else 2
    return Verdict("value", first, [because(FIRST_PLAYER, f"{max(a, b)} is older")], summary=f"player {first} begins")


@check(
    "game-length",
    "How long is a game? Each turn takes one chip of the 35 stacked; the older player begins, the players alternate; "
    "after the last chip the final scoring",
    [Fact("chips", "int", "chips stacked in the audience hall at the start", 35, low=1, high=35)],
    example={"chips": 35},
)
def game_length(f: dict) -> Verdict:
    turns = f["chips"]
    first, second = (turns + 1) // 2, turns // 2
    return Verdict(
        "value",
        {
            "turns": turns,
            "first_player": first,
            "second_player": second,
            "last_chip": "first player" if turns % 2 else "second player",
        },
        [
            because(CHIPS, "35 chips"),
            because(STACKING, "5 stacks of 7"),
            because(FIRST_PLAYER, "the players alternate"),
            because(MUST_PICK, "each turn picks one chip"),
            because(EXPOSED, "from the top of a stack"),
        ],
        consequences=[then(FINAL_SCORING, "the last chip is followed by the final scoring")],
        summary=f"{turns} turns: the first player takes {first} chips, the last among them; the second {second}",
    )

"""Ta-Ke's checks: the end (final scoring, the winner)."""

from __future__ import annotations

from referee.errors import RefereeError
from referee.rules import Fact, Verdict, because, check

from .quotes import (
    FINAL_SCORING,
    MARKER,
    WINNER,
)

# ================================================================ the end


@check(
    "final-scoring",
    "The last chip taken: the final scoring takes place, like all the others; then the marker furthest ahead wins",
    [Fact("chips_left", "int", "chips left in the audience hall", 0, low=0, high=35)],
    example={"chips_left": 0},
)
def final_scoring(f: dict) -> Verdict:
    if f["chips_left"]:
        return Verdict("value", {"game_over": False}, [because(FINAL_SCORING, f"{f['chips_left']} chip(s) left")])
    return Verdict(
        "value",
        {"game_over": True, "final_scoring": True},
        [
            because(FINAL_SCORING, "all stacks depleted: the final scoring"),
            because(WINNER, "then the marker furthest ahead wins"),
        ],
        summary="the game ends: a final scoring like all the others, then the marker furthest ahead wins",
    )


@check(
    "final-winner",
    "The end: after the last chip, the final scoring like all the others; the marker furthest ahead wins; of a tie "
    "the book says nothing",
    [Fact("markers", "ints", "the two players' markers in the imperial gardens", low=0, high=1000)],
    example={"markers": [40, 40]},
)
def game_end(f: dict) -> Verdict:
    if len(f["markers"]) != 2:
        raise RefereeError("fact 'markers': the two players' markers")
    a, b = f["markers"]
    reasons = [
        because(FINAL_SCORING, "the final scoring, like all the others"),
        because(WINNER, "the marker furthest ahead"),
    ]
    if a == b:
        return Verdict("unknown", None, reasons, summary="unknown: the markers stand level; the book has no tie-break")
    return Verdict("value", {"winner": 1 if a > b else 2}, reasons, summary=f"player {1 if a > b else 2} wins")


@check(
    "garden-path",
    "A score longer than the garden path left: the book says only that the marker moves that many spaces",
    [Fact("points", "int", "the influence points scored", low=0, high=1000)],
    example={"points": 30},
)
def garden_path(f: dict) -> Verdict:
    return Verdict(
        "unknown",
        None,
        [because(MARKER, f"the marker moves {f['points']} spaces")],
        summary="unknown: the book gives no length of the garden path nor what happens at its end",
    )

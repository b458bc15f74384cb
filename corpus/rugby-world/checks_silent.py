"""Rugby World's checks: where the book is silent (`unknown`, with its closest sentences)."""

from __future__ import annotations

from referee.rules import Fact, Verdict, because, check

from .quotes import (
    GROUND_THE_BALL,
    GROUNDED_ON_TEAMMATE,
    KICK_LANDING,
    NO_SHARED_INTERSECTION,
    PASS_NOT_A_MOVE,
    PENALTY_WHERE,
    RESTART_WHEN,
)

# ================================================================ where the book is silent


SILENT = ("in-goal-catch", "grounded-onto-opponent", "forward-pass", "kick-onto-miniature")
# What the book leaves open in each, in words: "does not settle forward pass" read as if a forward
# pass were allowed or unknown (phone review 5, task 14); the pass itself goes backwards only
OPEN = {
    "in-goal-catch": "what follows a kick the defence catches in its own in-goal",
    "grounded-onto-opponent": "where the ball goes when its intersection is held by an opponent",
    "forward-pass": "the sanction for a forward pass (a pass goes backwards only; no penalty is listed for it)",
    "kick-onto-miniature": "where a kick that lands on a miniature's intersection ends",
}


@check(
    "rugby-silent",
    "Situations the book does not settle: a kicked ball caught by the defence in its own in-goal, a grounded ball's "
    "intersection held by an opponent, the sanction for a forward pass, a kick landing on a miniature's intersection",
    [Fact("about", "choice", "the situation", choices=SILENT)],
    example={"about": "forward-pass"},
)
def rugby_silent(f: dict) -> Verdict:
    quotes = {
        "in-goal-catch": [because(RESTART_WHEN, "a restart only for a kick over the try line out of the pitch")],
        "grounded-onto-opponent": [
            because(GROUND_THE_BALL, "one intersection back"),
            because(GROUNDED_ON_TEAMMATE, "only a teammate on it is covered"),
        ],
        "kick-onto-miniature": [
            because(KICK_LANDING, "the kicker decides the exact intersection"),
            because(NO_SHARED_INTERSECTION, "of miniatures, not of where a ball may land"),
        ],
        "forward-pass": [
            because(PASS_NOT_A_MOVE, "passes go backwards"),
            because(PENALTY_WHERE, "the infringements it lists do not include a forward pass"),
        ],
    }[f["about"]]
    return Verdict("unknown", None, quotes, summary=f"unknown: the book does not settle {OPEN[f['about']]}")

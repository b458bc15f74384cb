"""Touchdown Heroes' checks: where the book is silent (`unknown`, with its closest sentences)."""

from __future__ import annotations

from referee.rules import Fact, Verdict, because, check

from .quotes import (
    AFTER_SCORE,
    FAQ_OWN_GOAL,
    MUST_FOLLOW,
)

# ================================================================ where the book is silent


@check(
    "revoke",
    "A player who held the led suit played another in a run play, found out later: the book states the duty to "
    "follow, not a correction or a penalty",
    [Fact("found_later", "bool", "the failure to follow is found after the trick was judged", True)],
    example={"found_later": True},
)
def revoke(f: dict) -> Verdict:
    return Verdict(
        "unknown",
        None,
        [because(MUST_FOLLOW, "a player holding the led suit must follow")],
        summary="unknown: the book gives no correction or penalty for a failure to follow",
    )


@check(
    "own-goal-restart",
    "After an own goal: the FAQ gives its 2 points, not which team scores them nor how play restarts",
    [Fact("asked", "choice", "what is asked", "restart", choices=("restart", "points"))],
    example={"asked": "restart"},
)
def own_goal_restart(f: dict) -> Verdict:
    return Verdict(
        "unknown",
        None,
        [
            because(FAQ_OWN_GOAL, "2 points for an own goal"),
            because(AFTER_SCORE, "after a score a kickoff, by whom it does not say"),
        ],
        summary=f"unknown: the book does not say {'how play restarts' if f['asked'] == 'restart' else 'who scores'} after an own goal",
    )

"""Takkure's checks: where the book is silent (`unknown`, with its closest sentences)."""

from __future__ import annotations

from referee.rules import Fact, Verdict, because, check

from .quotes import (
    BEFORE_KICK_OFF,
    DISPLACE,
    DISPLACE_DOUBT,
    HALFTIME,
    HALFTIME_FATIGUE,
    REFEREE_ROLL,
    REPOSITION,
)

# ================================================================ where the book is silent


@check(
    "halftime",
    "What happens at halftime: a fatigue token removed, team plays chosen, individual cards drawn; of GROUNDED "
    "tokens, wounds and positions the book says nothing",
    [Fact("about", "choice", "what is asked", choices=("fatigue", "cards", "grounded", "wounds"))],
    example={"about": "grounded"},
)
def halftime(f: dict) -> Verdict:
    if f["about"] == "fatigue":
        return Verdict(
            "value", "remove a fatigue token", [because(HALFTIME, "halftime"), because(HALFTIME_FATIGUE, "each player")]
        )
    if f["about"] == "cards":
        return Verdict("value", "choose team plays, draw individual plays", [because(HALFTIME, "halftime")])
    return Verdict(
        "unknown",
        None,
        [
            because(HALFTIME, "the three things halftime does do not include it"),
            because(BEFORE_KICK_OFF, "nor does the kick-off, which removes only activation tokens"),
        ],
        summary=f"unknown: the book does not say what happens to {f['about']} tokens over halftime",
    )


@check(
    "off-the-pitch",
    "The ball or a player would go off the field (a scatter, a displacement): the book has no rule for it",
    [Fact("what", "choice", "what would leave the field", choices=("ball", "displaced-player"))],
    example={"what": "ball"},
)
def off_the_pitch(f: dict) -> Verdict:
    if f["what"] == "ball":
        reasons = [because(REPOSITION, "repositioning covers an object in the way, not the field's edge")]
    else:
        reasons = [
            because(DISPLACE, "the displacement follows the shortest route"),
            because(DISPLACE_DOUBT, "in doubt the defending coach places him; the edge is not mentioned"),
        ]
    return Verdict(
        "unknown",
        None,
        [*reasons, because(REFEREE_ROLL, "where the rules do not resolve it, a referee roll decides")],
        summary=f"unknown: the book has no rule for the {f['what'].replace('-', ' ')} leaving the field",
    )

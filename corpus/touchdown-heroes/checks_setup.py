"""Touchdown Heroes' checks: the set-up (players, teams) and the kickoff."""

from __future__ import annotations

from referee.errors import RefereeError
from referee.rules import Fact, Verdict, because, check, then

from .checks_trick import (
    _possession_change,
)
from .quotes import (
    FIRST_DEFENDERS,
    FOUR_PLAYERS,
    KICK_CHOICE,
    KICKOFF_WHEN,
    LOWEST_HERO,
    NORMAL_KICK,
    ONSIDE,
    RANDOM_KICK,
    SEATS,
)

SUITS = ("power", "speed", "stamina", "tactics")


@check(
    "player-count",
    "Can this many people play? Exactly 4",
    [Fact("players", "int", "number of players", low=1, high=20)],
    example={"players": 5},
)
def player_count(f: dict) -> Verdict:
    ok = f["players"] == 4
    return Verdict(
        "legal" if ok else "illegal",
        reasons=[because(FOUR_PLAYERS, f"{f['players']} players")],
        summary=f"{'legal' if ok else 'illegal'}: {f['players']} players (the game is for exactly 4)",
    )


@check(
    "team-creation",
    "Who leads, and which pair are the Eagles? The lowest hero's uniform number leads and takes the Eagles with his "
    "partner; the Bears kick off the first half",
    [Fact("numbers", "ints", "the heroes' uniform numbers, in seat order (clockwise)", low=0, high=99)],
    example={"numbers": [7, 3, 9, 5]},
)
def team_creation(f: dict) -> Verdict:
    numbers = f["numbers"]
    if len(numbers) != 4 or len(set(numbers)) != 4:
        raise RefereeError("fact 'numbers': four different uniform numbers, one per seat")
    lead = numbers.index(min(numbers))
    eagles = sorted([lead, (lead + 2) % 4])
    return Verdict(
        "value",
        {
            "lead": lead + 1,
            "eagles": [i + 1 for i in eagles],
            "bears": [i + 1 for i in range(4) if i not in eagles],
            "kick_off": "bears",
        },
        [because(SEATS, "partners sit two seats apart"), because(LOWEST_HERO, f"the lowest number is {min(numbers)}")],
        consequences=[
            then(FIRST_DEFENDERS, "the Bears defend first"),
            then(KICKOFF_WHEN, "the defending team kicks off"),
        ],
        summary=f"seat {lead + 1} leads; seats {eagles[0] + 1} and {eagles[1] + 1} are the Eagles; the Bears kick off",
    )


# ================================================================ kickoff


@check(
    "kickoff",
    "Where the ball starts after a kickoff: normal kick on 8; random kick 3 + die, onside on a 1 (possession changes, "
    "the lead to the left, the ball on 7)",
    [
        Fact("kick", "choice", "the kick chosen", choices=("normal", "random")),
        Fact("die", "int", "the die, for a random kick", 0, low=0, high=6),
    ],
    example={"kick": "random", "die": 1},
)
def kickoff(f: dict) -> Verdict:
    if f["kick"] == "normal":
        return Verdict(
            "value",
            {"position": 8, "onside": False},
            [because(NORMAL_KICK, "on the 8")],
            summary="the ball starts on 8",
        )
    if f["die"] < 1:
        raise RefereeError("fact 'die': a random kick needs the die rolled, 1 to 6")
    if f["die"] == 1:
        value, reasons, summary = _possession_change(3 + f["die"], ONSIDE, "sat")
        return Verdict(
            "value",
            {**value, "onside": True},
            [because(RANDOM_KICK, "a 1 is an onside kick"), *reasons],
            summary=f"onside kick: {summary}; the lead marker moves to the player on the left",
        )
    return Verdict(
        "value",
        {"position": 3 + f["die"], "onside": False},
        [
            because(RANDOM_KICK, f"3 + {f['die']} = {3 + f['die']}"),
            because(NORMAL_KICK, "the normal kick would give 8"),
        ],
        summary=f"the ball starts on {3 + f['die']}",
    )


@check(
    "kick-choice",
    "Who chooses the kick? The defending pair, discussing it; if its two players disagree, the book does not say",
    [Fact("agreed", "bool", "the defending pair agree on the kick")],
    example={"agreed": False},
)
def kick_choice(f: dict) -> Verdict:
    if f["agreed"]:
        return Verdict("legal", reasons=[because(KICK_CHOICE, "the pair chooses")], summary="the pair's choice")
    return Verdict(
        "unknown",
        None,
        [because(KICK_CHOICE, "the pair discusses and chooses; a disagreement is not dealt with")],
        summary="unknown: the book does not say whose choice prevails when the defending pair disagree",
    )

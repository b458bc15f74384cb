"""Tacocat's rules as checks (the book is in Ukrainian; quotes are verbatim)."""

from __future__ import annotations

import itertools

from referee.errors import RefereeError
from referee.rules import Fact, Verdict, because, check, then

from .quotes import (
    CAT_MOVES,
    CENTRE,
    COVER,
    DEFEND,
    DEFEND_ATTACKS_NEXT,
    DRAW,
    DRAW_AGAIN,
    DUEL_HIGH,
    DUEL_TIE,
    EACH_CARD,
    JUMBO_ALL,
    LOWEST_WINS,
    NOT_LAST,
    REPLACE_FIRST,
    REPLACE_ROUND_ONE,
    REPLACE_SECOND,
    SACRIFICE,
    SACRIFICE_AGAIN,
    SEQUENCE,
    SET,
    SEVEN_SPACES,
    SKIP_COVERED,
    VICTORY,
)

TRACK = {"low": -3, "high": 3}  # the seven spaces, counted from the centre space printed 7; minus is toward me


@check(
    "defence",
    "Does a defence hold? A card of equal or higher value defends; else the lowest card is sacrificed",
    [
        Fact("attack", "int", "the attacking card", low=1, high=20),
        Fact("defence", "int", "the defending card", low=1, high=20),
    ],
    example={"attack": 7, "defence": 7},
)
def defence(f: dict) -> Verdict:
    if f["defence"] >= f["attack"]:
        return Verdict(
            "value",
            "defended",
            [because(DEFEND, f"{f['defence']} >= {f['attack']}")],
            outcome="held",
            consequences=[then(DEFEND_ATTACKS_NEXT, "the defender attacks next")],
            summary=f"the defence holds ({f['defence']} against {f['attack']}); the defender attacks next",
        )
    return Verdict(
        "value",
        "sacrifice the lowest card",
        [because(DEFEND, f"{f['defence']} < {f['attack']}")],
        outcome="failed",
        consequences=[
            then(SACRIFICE, "the defender plays their lowest card face up instead"),
            then(SACRIFICE_AGAIN, "and the same player attacks again"),
        ],
        summary=f"the defence fails ({f['defence']} against {f['attack']}); the lowest card is sacrificed",
    )


@check(
    "jumbo-attack",
    "Is this a jumbo attack? A set (2+ of a rank) or a sequence (3+ consecutive), never with the last card",
    [
        Fact("cards", "ints", "the attacking cards", low=1, high=20),
        Fact("cards_left_after", "int", "cards left in the attacker's hand after the attack", low=0, high=20),
    ],
    example={"cards": [4, 5, 6], "cards_left_after": 2},
)
def jumbo(f: dict) -> Verdict:
    cards = sorted(f["cards"])
    if f["cards_left_after"] < 1:
        return Verdict(
            "illegal",
            reasons=[because(NOT_LAST, "the attack would use the last card")],
            summary="illegal jumbo attack: it would use the last card",
        )
    after = [
        then(EACH_CARD, "each card is defended separately"),
        then(JUMBO_ALL, "one sacrifice loses the exchange"),
    ]
    if len(cards) >= 2 and len(set(cards)) == 1:
        return Verdict(
            "legal",
            "set",
            [because(SET, f"{len(cards)} cards of rank {cards[0]}")],
            consequences=after,
            summary=f"legal jumbo attack: a set of {len(cards)} {cards[0]}s",
        )
    if len(cards) >= 3 and all(b - a == 1 for a, b in itertools.pairwise(cards)):
        return Verdict(
            "legal",
            "sequence",
            [because(SEQUENCE, f"{len(cards)} in a row")],
            consequences=after,
            summary=f"legal jumbo attack: a sequence {cards[0]}-{cards[-1]}",
        )
    return Verdict(
        "illegal",
        reasons=[because(SET, "not a set"), because(SEQUENCE, "not a sequence")],
        summary=f"illegal jumbo attack: {cards} is neither a set nor a sequence",
    )


@check(
    "round-winner",
    "Who wins the round? The lowest last card; equal ranks are a draw and the cat does not move",
    [
        Fact("mine", "int", "my last card", low=1, high=20),
        Fact("theirs", "int", "the opponent's last card", low=1, high=20),
    ],
    example={"mine": 3, "theirs": 3},
)
def round_winner(f: dict) -> Verdict:
    if f["mine"] == f["theirs"]:
        return Verdict(
            "value",
            "draw",
            [because(DRAW, "equal ranks: the cat stays")],
            outcome="draw",
            consequences=[then(DRAW_AGAIN, "reshuffle and play a new round")],
            summary=f"a draw ({f['mine']} and {f['theirs']}): the cat stays",
        )
    winner = "me" if f["mine"] < f["theirs"] else "opponent"
    return Verdict(
        "value",
        winner,
        [because(LOWEST_WINS, f"{min(f['mine'], f['theirs'])} is lowest")],
        consequences=[then(CAT_MOVES, "the winner moves the cat one space toward themselves")],
        summary=f"{winner} wins the round ({min(f['mine'], f['theirs'])} is lowest)",
    )


@check(
    "duel",
    "Who attacks first? The highest duel card; a tie means a new duel",
    [
        Fact("mine", "int", "my duel card", low=1, high=20),
        Fact("theirs", "int", "the opponent's duel card", low=1, high=20),
    ],
    example={"mine": 9, "theirs": 4},
)
def duel(f: dict) -> Verdict:
    if f["mine"] == f["theirs"]:
        return Verdict("value", "duel again", [because(DUEL_TIE, "a tie")], outcome="draw", summary="a tie: duel again")
    first = "me" if f["mine"] > f["theirs"] else "opponent"
    return Verdict(
        "value",
        first,
        [because(DUEL_HIGH, f"{max(f['mine'], f['theirs'])} is highest")],
        summary=f"{first} attacks first ({max(f['mine'], f['theirs'])} is highest)",
    )


@check(
    "card-replacement",
    "How many cards may the second player replace? Up to as many as the first; any number in round 1",
    [
        Fact("round", "int", "round number", low=1, high=20),
        Fact("first_replaced", "int", "cards the first player replaced", low=0, high=20),
        Fact("second_wants", "int", "cards the second player wants to replace", low=0, high=20),
    ],
    example={"round": 2, "first_replaced": 3, "second_wants": 4},
)
def card_replacement(f: dict) -> Verdict:
    if f["round"] == 1:
        return Verdict(
            "legal",
            reasons=[because(REPLACE_ROUND_ONE, "first round: any number")],
            summary="legal: in the first round both may replace any number",
        )
    ok = f["second_wants"] <= f["first_replaced"]
    sign = "<=" if ok else ">"
    return Verdict(
        "legal" if ok else "illegal",
        reasons=[
            because(REPLACE_FIRST, f"the first player replaced {f['first_replaced']}"),
            because(REPLACE_SECOND, f"{f['second_wants']} {sign} {f['first_replaced']}"),
        ],
        summary=f"{'legal' if ok else 'illegal'}: {f['second_wants']} cards against the first player's "
        f"{f['first_replaced']}",
    )


@check(
    "cat-move",
    "Where does the cat go? One space toward the round's winner, skipping covered spaces, into the goal at the end",
    [
        Fact(
            "position",
            "int",
            "the cat's space: 0 is the centre space printed 7; -1 to -3 toward my goal, 1 to 3 toward theirs",
            **TRACK,
        ),
        Fact("winner", "choice", "who won the round", choices=("me", "opponent")),
        Fact("covered", "ints", "covered spaces (same numbering)", [], **TRACK),
    ],
    example={"position": 0, "winner": "me", "covered": [-1]},
)
def cat_move(f: dict) -> Verdict:

    if f["position"] in f["covered"]:
        raise RefereeError("facts 'position' and 'covered': the cat cannot stand on a covered space")
    step = -1 if f["winner"] == "me" else 1
    new = f["position"] + step
    reasons = [
        because(SEVEN_SPACES, "seven spaces between the goals"),
        because(CENTRE, "counted from the centre space, printed 7"),
        because(CAT_MOVES, "one space toward the winner"),
    ]
    while new in f["covered"]:
        new += step
        reasons.append(because(SKIP_COVERED, "covered space skipped"))
    cover = then(COVER, f"space {f['position']} is covered with a tile")
    if abs(new) > 3:
        return Verdict(
            "value",
            "goal",
            reasons,
            outcome="scored",
            consequences=[cover, then(VICTORY, f"the cat is in {f['winner']}'s goal: {f['winner']} wins the game")],
            summary=f"the cat goes into {f['winner']}'s goal: {f['winner']} wins the game",
        )
    return Verdict("value", new, reasons, consequences=[cover], summary=f"the cat moves to space {new}")

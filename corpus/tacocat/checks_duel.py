"""Tacocat's checks: the duel."""

from __future__ import annotations

from referee.rules import Fact, Verdict, because, check, then

from .quotes import (
    ATTACKS_FIRST,
    CONTINUE,
    DUEL_CARDS,
    DUEL_DISCARD,
    DUEL_HIGH,
    DUEL_TIE,
    ONE_CARD_END,
)

# ================================================================ the duel


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
        return Verdict(
            "value",
            "duel again",
            [because(DUEL_TIE, "a tie: discard and duel again")],
            outcome="draw",
            summary="a tie: both cards discarded, duel again",
        )
    first = "me" if f["mine"] > f["theirs"] else "opponent"
    return Verdict(
        "value",
        first,
        [because(DUEL_HIGH, f"{max(f['mine'], f['theirs'])} is highest")],
        consequences=[
            then(DUEL_DISCARD, "both duel cards are discarded"),
            then(ATTACKS_FIRST, "the duel's winner attacks first"),
        ],
        summary=f"{first} attacks first ({max(f['mine'], f['theirs'])} is highest)",
    )


@check(
    "duel-card",
    "Which card may a player put in the duel? Any one card from the hand; with two cards or fewer left (a duel "
    "tied again and again) the book does not say",
    [Fact("hand", "int", "cards the player holds before this duel", low=1, high=38)],
    example={"hand": 2},
)
def duel_card(f: dict) -> Verdict:
    if f["hand"] <= 2:
        return Verdict(
            "unknown",
            None,
            [
                because(DUEL_TIE, "a tie is dueled again, without limit"),
                because(ONE_CARD_END, "one card each at the round's end"),
                because(CONTINUE, "play goes on until one card each"),
            ],
            summary=f"unknown: a duel from {f['hand']} card(s) leaves at most one, and a tie then none; "
            "the book sets no limit to the duels",
        )
    return Verdict(
        "legal",
        reasons=[because(DUEL_CARDS, "one card from the hand, face down: any card")],
        consequences=[
            then(DUEL_HIGH, "the highest card attacks first"),
            then(DUEL_DISCARD, "both duel cards are discarded"),
        ],
        summary="legal: any one card from the hand goes face down into the duel",
    )

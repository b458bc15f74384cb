"""Touchdown Heroes' checks: plays and cards (declaring a play, a legal card, the briefing pass)."""

from __future__ import annotations

from referee.rules import Fact, Verdict, because, check, then

from .checks_setup import (
    SUITS,
)
from .quotes import (
    BRIEFING_PASS,
    EFFECT_WHEN,
    KICK_PLAY,
    LOWEST_WINS,
    MAY_FOLLOW,
    MUST_FOLLOW,
    NOT_PRINTED,
    PLAYS,
)

# ================================================================ plays and cards


@check(
    "play-declaration",
    "May the lead declare this play? Run, pass or kick; with no cards in hand, only a kick play",
    [
        Fact("play", "choice", "the play declared", choices=("run", "pass", "kick")),
        Fact("cards_in_hand", "int", "cards in the lead's hand", low=0, high=12),
    ],
    example={"play": "kick", "cards_in_hand": 6},
)
def play_declaration(f: dict) -> Verdict:
    reasons = [because(PLAYS, f"{f['cards_in_hand']} card(s) in hand")]
    if f["cards_in_hand"] == 0 and f["play"] != "kick":
        return Verdict("illegal", reasons=reasons, summary=f"illegal {f['play']} play: with no cards only a kick play")
    consequences = [then(KICK_PLAY, "the die decides how far the ball goes")] if f["play"] == "kick" else []
    return Verdict("legal", reasons=reasons, consequences=consequences, summary=f"legal {f['play']} play")


@check(
    "legal-play",
    "May this card be played? Run play: must follow the lead's suit if you can; pass play: any card",
    [
        Fact("play", "choice", "the declared play", choices=("run", "pass")),
        Fact("lead_suit", "choice", "suit of the lead's card", choices=SUITS),
        Fact("card_suit", "choice", "suit of the card played", choices=SUITS),
        Fact("hand_has_lead_suit", "bool", "the player holds a card of the lead's suit"),
        Fact("faq", "bool", "the FAQ rules on this card's play-book effect (playbook-faq, run with the play)", False),
    ],
    example={"play": "run", "lead_suit": "power", "card_suit": "speed", "hand_has_lead_suit": True},
)
def legal_play(f: dict) -> Verdict:
    follows = f["card_suit"] == f["lead_suit"]
    effect = [] if follows else [then(NOT_PRINTED, "its effect is printed on the card, not in the book")]
    if f["faq"]:  # the FAQ's ruling (playbook-faq, run with the play) says what the effect does here
        effect = []
    applies = "its play-book effect as the FAQ rules it" if f["faq"] else "its play-book effect applies"
    if f["play"] == "pass":
        return Verdict(
            "legal",
            {"follow": follows},
            [because(MAY_FOLLOW, "a pass play may follow or not")],
            consequences=[]
            if follows
            else [
                then(MAY_FOLLOW, f"not follow: {applies}"),
                then(LOWEST_WINS, "a not-follow card is not among the followed cards that decide the trick"),
                *effect,
            ],
            summary="legal card (a pass play: any card)" + ("" if follows else f"; not follow: {applies}"),
        )
    if not follows and f["hand_has_lead_suit"]:
        return Verdict(
            "illegal",
            reasons=[because(MUST_FOLLOW, "the player holds the lead's suit")],
            summary=f"illegal card: a run play must follow {f['lead_suit']} and the player holds one",
        )
    if follows:
        return Verdict(
            "legal",
            {"follow": True},
            [because(MUST_FOLLOW, "follows the lead")],
            summary="legal card (follows the lead's suit)",
        )
    return Verdict(
        "legal",
        {"follow": False},
        [because(MUST_FOLLOW, "cannot follow")],
        consequences=[
            then(EFFECT_WHEN, f"not follow: {applies}"),
            then(LOWEST_WINS, "a not-follow card is not among the followed cards that decide the trick"),
            *effect,
        ],
        summary=f"legal card (cannot follow); not follow: {applies}",
    )


@check(
    "briefing-pass",
    "The briefing: each player shows 3 cards to the partner, who returns them; nobody keeps or swaps a card",
    [Fact("returned", "bool", "the partner returns the 3 cards shown")],
    example={"returned": False},
)
def briefing_pass(f: dict) -> Verdict:
    reasons = [because(BRIEFING_PASS, "the cards passed are checked and returned")]
    if not f["returned"]:
        return Verdict("illegal", reasons=reasons, summary="illegal: the 3 cards go back; the hands stay as dealt")
    return Verdict("legal", reasons=reasons, summary="legal: shown and returned")

"""Tacocat's checks: play (attacks, attack cards, the Jumbo, defence, answering face)."""

from __future__ import annotations

import itertools

from referee.errors import RefereeError
from referee.rules import Fact, Reading, Verdict, because, check, then

from .quotes import (
    ATTACK_ONE,
    ATTACKS_FIRST,
    CONTINUE,
    DEFEND,
    DEFEND_ATTACKS_NEXT,
    EACH_CARD,
    JUMBO_ALL,
    JUMBO_KINDS,
    JUMBO_WIN,
    LOWEST_WINS,
    NOT_LAST,
    ONE_CARD_END,
    REVEAL,
    SACRIFICE,
    SACRIFICE_AGAIN,
    SEQUENCE,
    SET,
    TWO_OPTIONS,
)

# ================================================================ play


@check(
    "attack-turn",
    "Whose attack is it? The duel's winner first; after a defence the defender; after a sacrifice the same attacker",
    [
        Fact("won_by", "choice", "how the lead was last decided", choices=("duel", "defence", "sacrifice")),
        Fact("has_lead", "bool", "the player who wants to attack holds it"),
    ],
    example={"won_by": "sacrifice", "has_lead": False},
)
def attack_turn(f: dict) -> Verdict:
    why = {
        "duel": because(ATTACKS_FIRST, "the duel's winner attacks first"),
        "defence": because(DEFEND_ATTACKS_NEXT, "the defender attacks next"),
        "sacrifice": because(SACRIFICE_AGAIN, "after a sacrifice the same player attacks again"),
    }[f["won_by"]]
    ok = f["has_lead"]
    return Verdict(
        "legal" if ok else "illegal",
        reasons=[why],
        summary=f"{'legal' if ok else 'illegal'}: the attack is {'his' if ok else 'the other player' + chr(39) + 's'}"
        f" (after the {f['won_by']})",
    )


@check(
    "attack-card",
    "May a single card attack? One card from the hand, face up, while the players hold more than one card each",
    [Fact("cards_in_hand", "int", "cards the attacker holds before the attack", low=0, high=38)],
    example={"cards_in_hand": 1},
)
def attack_card(f: dict) -> Verdict:
    if f["cards_in_hand"] <= 1:
        return Verdict(
            "illegal",
            reasons=[
                because(CONTINUE, "play goes on until both hold one card"),
                because(ONE_CARD_END, "one card each at the round's end"),
            ],
            consequences=[then(REVEAL, "the last cards are shown")],
            summary="illegal: with one card each play is over; the last cards are shown",
        )
    return Verdict(
        "legal",
        reasons=[because(ATTACK_ONE, "one card, face up")],
        consequences=[then(TWO_OPTIONS, "the opponent defends or sacrifices")],
        summary="legal attack with one card; the opponent defends or sacrifices",
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
            reasons=[
                because(NOT_LAST, "the attack would use the last card"),
                because(ONE_CARD_END, "one card each at the round's end"),
                because(CONTINUE, "play goes on until both hold one card"),
            ],
            summary="illegal jumbo attack: it would use the last card",
        )
    after = [
        then(EACH_CARD, "each card is defended separately"),
        then(JUMBO_WIN, "defended against every card: the defender wins and attacks next"),
        then(JUMBO_ALL, "one sacrifice loses the exchange"),
    ]
    if len(cards) >= 2 and len(set(cards)) == 1:
        return Verdict(
            "legal",
            "set",
            [because(SET, f"{len(cards)} cards of rank {cards[0]}"), because(NOT_LAST, "a card is kept")],
            consequences=after,
            summary=f"legal jumbo attack: a set of {len(cards)} {cards[0]}s",
        )
    if len(cards) >= 3 and all(b - a == 1 for a, b in itertools.pairwise(cards)):
        return Verdict(
            "legal",
            "sequence",
            [because(SEQUENCE, f"{len(cards)} in a row"), because(NOT_LAST, "a card is kept")],
            consequences=after,
            summary=f"legal jumbo attack: a sequence {cards[0]}-{cards[-1]}",
        )
    return Verdict(
        "illegal",
        reasons=[
            because(JUMBO_KINDS, "sets and sequences only"),
            because(SET, "not a set"),
            because(SEQUENCE, "not a sequence"),
        ],
        summary=f"illegal jumbo attack: {cards} is neither a set nor a sequence",
    )


@check(
    "defence",
    "Does an answer to an attacking card hold? A card of equal or higher value defends; else the lowest card is "
    "sacrificed; a lowest card that could defend, laid as a sacrifice, the book reads both ways; any other card laid "
    "as a sacrifice is illegal",
    [
        Fact("attack", "int", "the attacking card", low=1, high=20),
        Fact("defence", "int", "the card laid against it", low=1, high=20),
        Fact("lowest", "bool", "the card laid is the defender's lowest", True),
        Fact("declared", "choice", "laid as a defence or as a sacrifice", "defence", choices=("defence", "sacrifice")),
    ],
    example={"attack": 7, "defence": 7},
)
def defence(f: dict) -> Verdict:
    a, d = f["attack"], f["defence"]
    held = Verdict(
        "value",
        "defended",
        [because(DEFEND, f"{d} >= {a}")],
        outcome="held",
        consequences=[then(DEFEND_ATTACKS_NEXT, "the defender attacks next")],
        summary=f"the defence holds ({d} against {a}); the defender attacks next",
    )
    if d >= a and f["declared"] == "defence":
        return held
    if d >= a and not f["lowest"]:
        # settled, not two readings: choosing not to defend, he must lay his lowest card, and this is not it
        return Verdict(
            "illegal",
            reasons=[
                because(SACRIFICE, "not defending (by choice), he must lay his lowest card"),
                because(DEFEND, f"the {d} would defend, but he declared a sacrifice"),
            ],
            summary=f"illegal: the {d}, laid as a sacrifice, is not his lowest card; a sacrifice is the lowest card",
        )
    if d >= a:
        other = Reading(
            "he chose not to defend and laid his lowest card: a sacrifice; the attacker attacks again",
            "value",
            "sacrifice the lowest card",
            [because(SACRIFICE, "not defending: the lowest card"), because(SACRIFICE_AGAIN, "the same attacker")],
        )
        return Verdict(
            "ambiguous",
            None,
            [because(DEFEND, f"{d} >= {a}"), because(SACRIFICE, "laid as a sacrifice")],
            [
                Reading(
                    "any card of equal or greater value laid against the attack defends: the defender attacks next",
                    "value",
                    "defended",
                    [because(DEFEND, f"{d} >= {a}"), because(DEFEND_ATTACKS_NEXT, "the defender attacks next")],
                ),
                other,
            ],
            summary=f"ambiguous: the {d}, laid as a sacrifice, is also a defence against the {a}",
        )
    if not f["lowest"]:
        return Verdict(
            "illegal",
            reasons=[
                because(DEFEND, f"{d} < {a}: no defence"),
                because(SACRIFICE, "not defending, he must lay his lowest card"),
            ],
            summary=f"illegal: the {d} does not defend against the {a}, and a sacrifice is the lowest card",
        )
    return Verdict(
        "value",
        "sacrifice the lowest card",
        [
            because(DEFEND, f"{d} < {a}" if d < a else "laid as a sacrifice"),
            because(SACRIFICE, "the lowest card, face up"),
            because(DEFEND_ATTACKS_NEXT, "only a defence passes the right to attack"),
        ],
        outcome="failed",
        consequences=[then(SACRIFICE_AGAIN, "the same player attacks again")],
        summary=f"the lowest card ({d}) is sacrificed against the {a}; the attacker attacks again"
        if f["declared"] == "sacrifice"
        else f"the defence fails ({d} against {a}); the lowest card is sacrificed",
    )


@check(
    "answer-face",
    "How is an answer to an attack laid? The attack is laid face up; the defence and the sacrifice 'face to the "
    "table' (лицьовою стороною до столу): read literally (face down) or as a slip for face up",
    [Fact("face", "choice", "how the answer was laid", choices=("down", "up"))],
    example={"face": "down"},
)
def answer_face(f: dict) -> Verdict:
    return Verdict(
        "ambiguous",
        None,
        [because(ATTACK_ONE, "the attack: face up"), because(DEFEND, "the defence: 'face to the table'")],
        [
            Reading(
                "literally: the answer lies face down; the attacker cannot check its value during the trick",
                "legal" if f["face"] == "down" else "illegal",
                None,
                [because(DEFEND, "face to the table"), because(SACRIFICE, "the sacrifice too")],
            ),
            Reading(
                "a slip for face up, like the attack: the answer is shown, so its value can be checked",
                "legal" if f["face"] == "up" else "illegal",
                None,
                [because(ATTACK_ONE, "face up"), because(DEFEND, "equal or greater value, to be seen")],
            ),
        ],
        summary=f"ambiguous: an answer laid face {f['face']}; the book's 'face to the table' reads both ways",
    )


@check(
    "jumbo-result",
    "Who wins a jumbo attack's exchange? The defender only if he defended against every card; one sacrifice loses it",
    [
        Fact("cards", "int", "the attacking cards", low=2, high=20),
        Fact("defended", "int", "of them, the cards the defender defended against", low=0, high=20),
    ],
    example={"cards": 2, "defended": 1},
)
def jumbo_result(f: dict) -> Verdict:
    if f["defended"] > f["cards"]:
        raise RefereeError("facts 'cards' and 'defended': no more defences than attacking cards")
    reasons = [because(EACH_CARD, "each card separately")]
    if f["cards"] == 2:
        reasons.append(because(SET, "a set may be two cards: 'all three' reads as every card"))
    elif f["cards"] > 3:
        reasons += [because(SET, "two or more"), because(SEQUENCE, "three or more: 'all three' reads as every card")]
    if f["defended"] == f["cards"]:
        return Verdict(
            "value",
            "defender",
            [*reasons, because(JUMBO_WIN, f"defended against all {f['cards']} cards")],
            outcome="held",
            summary=f"the defender defended against all {f['cards']} cards: he wins and attacks next",
        )
    return Verdict(
        "value",
        "attacker",
        [*reasons, because(JUMBO_ALL, f"{f['cards'] - f['defended']} sacrifice(s)"), because(JUMBO_WIN, "not all")],
        outcome="failed",
        consequences=[then(SACRIFICE_AGAIN, "the attacker attacks again")],
        summary="a sacrifice against one of the cards: the defender loses; the attacker attacks again",
    )


@check(
    "showdown",
    "Does play go on? Attacking and defending continue until both players hold one card; then the last cards are "
    "shown at once",
    [Fact("cards", "int", "cards each player holds", low=0, high=38)],
    example={"cards": 1},
)
def showdown(f: dict) -> Verdict:
    if f["cards"] <= 1:
        return Verdict(
            "value",
            "reveal",
            [because(CONTINUE, "both hold one card")],
            consequences=[then(REVEAL, "both show their last card at once"), then(LOWEST_WINS, "the lowest wins")],
            summary="play stops: both hold one card; the last cards are shown and the lowest wins the round",
        )
    return Verdict(
        "value", "play on", [because(CONTINUE, f"{f['cards']} cards each")], summary=f"play goes on ({f['cards']} each)"
    )

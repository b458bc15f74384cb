"""Rugby World's checks: the special cards (when one may be played, what it does)."""

from __future__ import annotations

import re
import unicodedata

from referee.errors import RefereeError
from referee.rules import Fact, Reading, Verdict, because, check, then

from .checks_card_data import (
    CARDS,
    GROUP_WORDS,
    SKIP_EFFECT,
    SPEED_EFFECT,
    _card_refused,
    card_effect,
    cards_with,
)
from .checks_common import (
    ROLES,
)
from .quotes import (
    BACKS_HEADING,
    CARD_APPENDIX,
    CARD_COLLECTIVE,
    CARD_EFFECT,
    CARD_HEAD,
    CARD_NOMINAL,
    CARD_ONCE,
    CARD_OPPONENT_RUNNING,
    CARDS_NOT_EXHAUSTIVE,
    FOUR_CARDS,
    FOUR_MOVES,
    MAX_SPEED,
    TOKEN_PLACED,
)

# ================================================================ special cards


CARD_NAMES = tuple(CARDS)
SIDES = ("attack", "defence")


@check(
    "special-card",
    "May this special card be played now? Once a game; not while the opponent's card still runs; a nominal card only "
    "before moving a miniature of its group; when its own words allow; one of its effects, not both",
    [
        Fact("card", "choice", "the card", choices=CARD_NAMES),
        Fact(
            "role", "choice", "the miniature it is played for (nominal cards)", "unknown", choices=("unknown", *ROLES)
        ),
        Fact("side", "choice", "the team playing it is attacking or defending", choices=SIDES),
        Fact(
            "phase",
            "choice",
            "what is being played",
            "play",
            choices=("play", "scrum", "ruck", "kick-at-goal", "conversion", "line-out"),
        ),
        Fact("played_before", "bool", "the card was already played this game", False),
        Fact(
            "opponent_card",
            "choice",
            "a card the opponent played whose effect still runs",
            "none",
            choices=("none", *CARD_NAMES),
        ),
        Fact("moved_already", "bool", "the miniature has already moved this turn (nominal cards)", False),
        Fact("effects_used", "int", "how many of the card's effects are claimed at once", 1, low=1, high=3),
    ],
    example={"card": "serge-blanco", "role": "fullback", "side": "attack", "effects_used": 2},
)
def special_card(f: dict) -> Verdict:
    card = CARDS[f["card"]]
    head, effect = CARD_HEAD[f["card"]], CARD_EFFECT[f["card"]]
    this = [because(head, GROUP_WORDS[card.group]), because(effect, "what it does")]
    if f["played_before"]:
        return Verdict(
            "illegal", reasons=[*this, because(CARD_ONCE, "already played")], summary="illegal: each card once a game"
        )
    if card.group != "team" and f["moved_already"]:
        return Verdict(
            "illegal",
            reasons=[
                *this,
                because(CARD_NOMINAL, "before moving the miniature"),
                because(TOKEN_PLACED, "its move is final"),
            ],
            summary="illegal: a nominal card is played before moving the miniature",
        )
    if f["opponent_card"] != "none":
        return Verdict(
            "illegal",
            reasons=[
                *this,
                because(CARD_OPPONENT_RUNNING, "the opponent's card still runs"),
                because(CARD_EFFECT[f["opponent_card"]], f"the opponent's {f['opponent_card']}"),
            ],
            summary="illegal: the opponent's card's effect has not yet ended",
        )
    if card.group != "team":
        refused = _card_refused(f["card"], f["role"], CARD_HEAD, CARD_EFFECT, BACKS_HEADING)
        if refused:
            return refused
    ok_when = {
        None: True,
        "defence": f["side"] == "defence",
        "possession": f["side"] == "attack",
        "scrum": f["phase"] in ("scrum", "ruck", "line-out"),
        "kick-at-goal": f["phase"] == "kick-at-goal",
    }[card.when]
    if not ok_when:
        return Verdict(
            "illegal",
            reasons=this,
            summary=f"illegal: {f['card']} may be played only {WHEN_WORDS[card.when]}",
        )
    if f["effects_used"] > 1 and card.alternatives:
        return Verdict(
            "illegal",
            reasons=[*this, because(CARD_ONCE, "one effect, and the card is then spent")],
            summary=f"illegal: {f['card']} gives one of its effects, not both",
        )
    rule = CARD_COLLECTIVE if card.group == "team" else CARD_NOMINAL
    return Verdict(
        "legal",
        {"effects": dict(card.effects)},
        [*this, because(rule, "when it may be played")],
        consequences=[then(CARD_ONCE, "then spent for the game")],
        summary=f"legal: {f['card']}",
    )


WHEN_WORDS = {
    "defence": "in defence",
    "possession": "in possession of the ball",
    "scrum": "during a Scrum or a Ruck/Maul (or a line-out)",
    "kick-at-goal": "during a Drop kick or a Penalty kick",
    None: "",
}


def _card_named(name: str) -> str | None:
    """The printed card a name written as a player would write it stands for ("Colin Meads"), if any."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().casefold()
    key = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")
    return key if key in CARDS else None


@check(
    "card-unknown",
    "A card the book does not print: its text cannot be settled from the book",
    [Fact("card", "str", "the card's name as written on it")],
    example={"card": "Marcello Cuttitta"},
)
def card_unknown(f: dict) -> Verdict:
    printed = _card_named(f["card"])
    if printed is not None:  # the book prints it: its text is known, this check does not apply
        raise RefereeError(
            f"fact 'card': {f['card']!r} is printed in the book (among {CARDS[printed].team}'s cards): "
            f"special-card settles it as {printed!r}"
        )
    return Verdict(
        "unknown",
        None,
        [
            because(CARD_APPENDIX, "the Appendix gives every card's meaning"),
            because(CARDS_NOT_EXHAUSTIVE, "the names and features on the cards are not exhaustive"),
            because(FOUR_CARDS, "four cards per team, listed in ch. 2G"),
        ],
        summary=f"unknown: the book does not print {f['card']!r}; its effect cannot be settled from the book",
    )


@check(
    "card-turns",
    "How long a card that makes the opponent skip turns lasts: its two sentences give different lengths",
    [Fact("card", "choice", "the card", choices=cards_with("skip"))],
    example={"card": "twickenham"},
)
def card_turns(f: dict) -> Verdict:
    effect = SKIP_EFFECT[f["card"]]
    skipped = card_effect(f["card"], "skip") or 2
    consecutive = int(re.search(r"(\d+) consecutive turns", effect.text)[1])  # type: ignore[index]
    return Verdict(
        "ambiguous",
        None,
        [because(FOUR_MOVES, "a turn is up to 4 moves")],
        [
            Reading(
                f"the opponent skips {skipped} turns: {skipped + 1} turns in a row ({(skipped + 1) * 4} moves)",
                "value",
                {"turns_in_a_row": skipped + 1},
                [because(effect, "skip 2 turns")],
            ),
            Reading(
                f"literally {consecutive} consecutive turns",
                "value",
                {"turns_in_a_row": consecutive},
                [because(effect, f"{consecutive} consecutive turns")],
            ),
        ],
        summary=f"ambiguous: {f['card']} reads as {skipped + 1} turns in a row or {consecutive}",
    )


@check(
    "card-speed",
    "A card that makes a three-quarter run at a set speed: that speed this turn, even from standing still; next "
    "turn no faster than his S",
    [
        Fact("card", "choice", "the card", choices=cards_with("speed")),
        Fact("s", "int", "the three-quarter's S", low=0, high=20),
    ],
    example={"card": "david-campese", "s": 9},
)
def card_speed(f: dict) -> Verdict:
    speed = card_effect(f["card"], "speed") or 0
    following = min(speed, f["s"])
    return Verdict(
        "value",
        {"this_turn": speed, "next_turn": following},
        [because(SPEED_EFFECT[f["card"]], f"speed {speed}"), because(MAX_SPEED, f"S {f['s']} caps it afterwards")],
        summary=f"speed {speed} this turn, {following} next turn",
    )

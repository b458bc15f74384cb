"""Rugby World's 64 special cards as data (their group, when they may be played, what they do), read
from the book's words; the checks of special cards and the state rules read them."""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.errors import RefereeError
from referee.rules import Verdict, because

from .quotes import (
    CARD_EFFECT,
    CARD_HEAD,
    CARD_NOMINAL,
)

# ================================================================ the special cards, as data


@dataclass(frozen=True)
class Card:
    """A special card read from its printed words: its team, its group, when it may be played, what it does."""

    name: str
    team: str
    group: str  # team (collective), forward, three-quarter, halves
    when: str | None  # defence, possession, scrum, kick-at-goal; None: before moving a miniature of its group
    effects: tuple[tuple[str, int], ...]  # (what, how much): p, square, steal, release, speed, immune, reroll, ...
    alternatives: bool  # "… or …": one effect or the other


GROUPS = {
    "collective card": "team",
    "Backs (1-8)": "forward",
    "Three-Quarters (11-14)": "three-quarter",
    "Three Quarters (11-14)": "three-quarter",
    "Scrum-Half, Fly-Half, Fullback (9-10-15)": "halves",
}
WHEN = (
    (r"can only be played in defence", "defence"),
    (r"can only be played when (?:in possession of the ball|attacking)", "possession"),
    (r"during a Scrum or a Ruck/Maul", "scrum"),
    (r"during a Drop kick or a Penalty kick", "kick-at-goal"),
)
EFFECTS = (
    (r"increase (?:his|their) P value to (\d+)", "p"),
    (r"from 5x5 to (\d)x\d", "square"),
    (r"tackles and (?:automatically steals|steals) the ball", "steal"),
    (r"release the ball, as (?:if there were|in the event of) (\d) tackling", "release"),
    (r"at a speed of (\d+)", "speed"),
    (r"immune (?:to|for) (\d) Tackle", "immune"),
    (r"re-roll the die", "reroll"),
    (r"blocks the opponents' defensive free moves (?:for (\d) |during |for )", "block"),
    (r"special defending free moves to be made for (\d)", "defensive-free-moves"),
    (r"skip (\d) turns", "skip"),
    (r"move ahead by (\d+) intersections", "push"),
    (r"ball (?:to|is) (?:be )?automatically caught", "line-out"),
)


def _card(name: str) -> Card:
    head, effect = CARD_HEAD[name].text, CARD_EFFECT[name].text
    group = GROUPS[head[head.index(" (") + 2 : -2]]
    when = next((w for pattern, w in WHEN if re.search(pattern, effect)), None)
    found = []
    for pattern, what in EFFECTS:
        match = re.search(pattern, effect)
        if match:
            found.append((what, int(match.group(1)) if match.groups() and match.group(1) else 1))
    team = CARD_HEAD[name].entry.split("/")[1]
    return Card(name, team, group, when, tuple(found), " or " in effect or "Alternatively" in effect)


CARDS = {name: _card(name) for name in CARD_HEAD}
ROLE_GROUP = {
    "forward": "forward",
    "three-quarter": "three-quarter",
    "scrum-half": "halves",
    "fly-half": "halves",
    "fullback": "halves",
}
GROUP_WORDS = {
    "forward": "the forwards (1-8)",
    "three-quarter": "the three-quarters (11-14)",
    "halves": "the halves and the fullback (9, 10, 15)",
    "team": "the whole team",
}


def _family(what: str, quotes: dict) -> dict:
    """The quotes of the cards that have an effect: a check that can only name those cites only those."""
    return {name: quotes[name] for name in cards_with(what)}


def card_effect(name: str, what: str) -> int | None:
    return dict(CARDS[name].effects).get(what) if name in CARDS else None


def cards_with(what: str) -> tuple[str, ...]:
    return tuple(name for name, card in CARDS.items() if what in dict(card.effects))


P_HEAD, P_EFFECT = _family("p", CARD_HEAD), _family("p", CARD_EFFECT)
STEAL_HEAD, STEAL_EFFECT = _family("steal", CARD_HEAD), _family("steal", CARD_EFFECT)
RELEASE_EFFECT = _family("release", CARD_EFFECT)
BLOCK_EFFECT = _family("block", CARD_EFFECT)
SKIP_EFFECT = _family("skip", CARD_EFFECT)
SPEED_EFFECT = _family("speed", CARD_EFFECT)


def _card_refused(card: str, role: str, heads: dict, effects: dict, backs=None) -> Verdict | None:
    """A nominal card played for a miniature outside its group is refused (2G: only before moving one of it);
    `heads` and `effects` are the caller's cards' quotes (a helper cites what it is given)."""
    group = CARDS[card].group
    if role == "unknown":
        raise RefereeError(f"fact 'role': the card {card} is for {GROUP_WORDS[group]} only; give the miniature's role")
    if group == "team" or ROLE_GROUP[role] == group:
        return None
    reasons = [
        because(heads[card], f"the card is for {GROUP_WORDS[group]}"),
        because(effects[card], "what it does, for that group"),
    ]
    if group == "forward" and backs is not None:
        reasons.append(because(backs, "'Backs (1-8)' means the forwards"))
    reasons.append(because(CARD_NOMINAL, f"a nominal card is played only before moving its group, not a {role}"))
    return Verdict(
        "illegal", reasons=reasons, summary=f"illegal card: {card} is for {GROUP_WORDS[group]}, not a {role}"
    )

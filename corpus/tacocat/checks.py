"""Tacocat's rules as checks (the book is in Ukrainian; quotes are verbatim): a round's flow in the book's order
(replacing cards, the duel, play, moving the Tacocat, placing a tile), attacks and the answers to them, the
round's end, the next round's deal, the end of the game; where the book is silent, `unknown` with the sentences
it does give."""

from __future__ import annotations

from referee.rules import apart

from . import checks_duel, checks_end, checks_play, checks_round

# The areas of the game's checks, in rule order: the loader reads each one's checks in turn.
AREAS = (
    checks_round,
    checks_duel,
    checks_play,
    checks_end,
)


# ================================================================ one ruling per question (referee.rules.overlaps)

OVERLAPS = [
    *apart(
        "answer-face",
        ["attack-card", "defence", "tacocat-silent"],
        "how an answer is laid, against whether an attack or a defence holds and what the book leaves unsaid",
    ),
    *apart(
        "attack-card",
        ["duel-card", "jumbo-attack", "showdown"],
        "a single card's attack, against the duel's card, a jumbo attack and play's end at one card each",
    ),
    *apart(
        "duel-card", ["duel", "jumbo-attack", "showdown"], "the duel's card, against its winner, a jumbo and play's end"
    ),
    *apart(
        "jumbo-attack", ["jumbo-result", "showdown"], "whether a jumbo may attack, against its result and play's end"
    ),
    *apart("attack-turn", ["defence"], "whose attack it is next, against whether the defence held"),
    *apart("defence", ["tacocat-silent"], "whether a defence holds, against where a finished trick's cards go"),
    *apart("card-replacement", ["replace-order"], "how many cards may be replaced, against who replaces first"),
    *apart(
        "tacocat-silent",
        ["carry-over", "cat-move", "deal-count"],
        "who shuffles and deals (unsaid), against what carries over, the cat's move and how many cards are dealt",
    ),
    *apart("cat-move", ["carry-over", "deal-count"], "the cat's move, against the next round's deal"),
    *apart("round-winner", ["tile-placement"], "who wins the round, against where the tile goes after it"),
]

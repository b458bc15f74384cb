"""TA-KE's rules as checks: the set-up, who begins and how long the game lasts, a turn's four steps (abilities
at the beginning, the pick and its ghost token, placing the chip, the scoring for both players), the
characters' abilities, the ghosts' return to the supply, and the end of the game."""

from __future__ import annotations

from referee.rules import apart

from . import checks_end, checks_setup, checks_turn

# The areas of the game's checks, in rule order: the loader reads each one's checks in turn.
AREAS = (
    checks_setup,
    checks_turn,
    checks_end,
)


# ================================================================ one ruling per question (referee.rules.overlaps)

OVERLAPS = [
    *apart(
        "ability-use",
        ["daimyo-move", "geisha-move"],
        "when an ability may be used, against what the Daimyo or Geisha does",
    ),
    *apart("exposed-space", ["influence-score"], "whether an emptied space is scored, against the score's sum"),
    *apart("final-scoring", ["final-winner"], "the final scoring, against who wins after it"),
    *apart("first-player", ["game-length"], "who begins, against how long the game lasts"),
    *apart(
        "pick-chip",
        ["game-length", "pick-options", "turn-start"],
        "whether this chip may be taken, against the game's length, the chips there are to pick, the ghosts' return",
    ),
    *apart(
        "pick-options",
        ["game-length", "turn-start"],
        "the chips to pick, against the game's length and the ghosts' return",
    ),
    *apart(
        "setup-stack",
        ["setup-draw", "geisha-move"],
        "whether a set-up stack is legal, against where a drawn chip goes and where a Geisha may relocate",
    ),
    *apart("setup-draw", ["geisha-move"], "where a drawn chip goes, against where a Geisha may relocate"),
    *apart("influence-score", ["place-chip"], "the score, against where a Samurai is placed"),
]

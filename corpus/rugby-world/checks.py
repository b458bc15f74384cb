"""Rugby World's rules as checks. Positions are intersections [x, y] on the grid; each
situation says which way the attacking team scores (+y or -y). Dice are D12.

Besides a turn's moves (pass, run, free move, kick, tackle, the tackled carrier's options, the Hard
Tackle), the match's flow is here: kick-offs and restart kicks, possessions and the tackle count, touch and
the line-out, offside, scrums and rucks, kicks at goal and points, the end of the match, and the 64
special cards as data (their group, when they may be played, what they do), read from the book's words."""

from __future__ import annotations

from referee.rules import apart, same

from . import checks_card_data, checks_cards, checks_kicks, checks_match, checks_moves, checks_silent, checks_tackles
from .checks_kicks import (
    ZONES,
)
from .checks_match import (
    _pack_value,
)

# The areas of the game's checks, in rule order: the loader reads each one's checks in turn.
AREAS = (
    checks_card_data,
    checks_moves,
    checks_tackles,
    checks_kicks,
    checks_match,
    checks_cards,
    checks_silent,
)


# ================================================================ one ruling per question (referee.rules.overlaps)


def _defender_wins(verdict: str, value, outcome) -> bool | None:
    """A Hard Tackle's answer as the Strength Rule gives it: whether the tackling defender wins the roll."""
    return value in ("ball stolen", "carrier pushed back, ball grounded") if verdict == "value" else None


def _declarer_wins(verdict: str, value, outcome) -> bool | None:
    return value.get("winner") == "declarer" if verdict == "value" and "winner" in value else None


def _pack_wins(verdict: str, value, outcome) -> bool | None:
    return value.get("won") if verdict == "value" else None


def _needed(verdict: str, value, outcome) -> str | None:
    return value.get("needs") if verdict == "value" else None


OVERLAPS = [
    same(
        "hard-tackle",
        "strength-rule",
        "a Hard Tackle is won or lost by the Strength Rule (1d/7): the defender declares, F against F",
        lambda f: (
            None
            if f.get("card", "none") != "none"
            else {"declarer": f["defender_f"], "opponent": f["carrier_f"], "compare": "strength", "die": f["die"]}
        ),
        _defender_wins,
        _declarer_wins,
    ),
    same(
        "scrum-push",
        "strength-rule",
        "a Scrum push is the Strength Rule between the packs' F (1d/7, 2d/17)",
        lambda f: (
            None
            if not f["die"]
            else {
                "declarer": _pack_value(f["pushing"]),
                "opponent": _pack_value(f["other"]),
                "compare": "scrum",
                "die": f["die"],
            }
        ),
        _pack_wins,
        lambda verdict, value, outcome: _declarer_wins(verdict, value, outcome),
    ),
    same(
        "conversion",
        "kick-success",
        "a conversion uses the kick success table (2f/10): its column by the touchline distance, its row by the kicker",
        lambda f: {
            "zone": ZONES[0 if f["touchline_distance"] > 2 else 1],
            "kicker": f["kicker"],
            "die": f["die"],
            "kind": "penalty",
        },
        _needed,
    ),
    *apart(
        "hard-tackle", ["scrum-push"], "a Hard Tackle and a Scrum push each cite the Strength Rule for their own roll"
    ),
    *apart("strength-rule", ["break-result"], "the roll's win range, against what the winner or loser then does"),
    *apart("strength-rule", ["ruck"], "the push's win range, against when a Ruck may push or reorganise"),
    *apart("drop-goal", ["kick-success"], "whether a Drop may be attempted, against whether it goes over"),
    *apart(
        "special-card",
        ["card-speed", "card-turns", "free-move", "hard-tackle", "pass", "tackled-carrier"],
        "whether a card may be played (group, when), against what its effect does to a speed, the turn's moves, "
        "a free move, a tackle, a pass or the tackled carrier",
    ),
    *apart("card-turns", ["move"], "the moves a card takes from a turn, against the 4 moves of a turn"),
    *apart("hard-tackle", ["pass"], "a nominal card played before a tackle, or before a pass"),
    *apart(
        "tackled-carrier",
        ["tackle", "collect-ball", "possession", "possession-tackles"],
        "the tackled carrier's options, against whether the tackle may be made, who may collect the ball, "
        "and the count of tackles that ends a possession",
    ),
    *apart("collect-ball", ["tackle"], "who may collect a grounded ball, against who may tackle"),
    *apart("possession", ["possession-tackles", "match-end"], "a possession's end, its tackle count, the match's end"),
    *apart("kick-off-kick", ["restart"], "the kick-off at a half's start, against the restart kick after a score"),
    *apart("move", ["pass"], "a turn's 4 moves, against a pass that is no move"),
    *apart("rugby-silent", ["pass", "restart"], "where the book is silent, beside the pass and restart it does state"),
    *apart("penalty-kicker", ["touch"], "who takes a Penalty kick, against where the ball goes into touch"),
]

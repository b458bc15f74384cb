"""Touchdown Heroes' rules as checks. Field positions are squares 1-10 counted to the
attacking team's goal ("0" is the goal line); players sit in turn order from the lead."""

from __future__ import annotations

from referee.errors import RefereeError
from referee.rules import Fact, Quote, Reading, Verdict, because, check, then

from .quotes import (
    ADVANCE,
    AFTER_SCORE,
    COMBINATION,
    FAILURE_SERIES,
    FAILURE_TURNOVER,
    FOUR_PLAYERS,
    INTERCEPT,
    KICK_NO_BONUS,
    KICK_PLAY,
    KICK_POINT,
    KICK_TURNOVER,
    LEAD_MOVES,
    LOWEST_WINS,
    MAY_FOLLOW,
    MUST_FOLLOW,
    NEW_LEAD,
    NORMAL_KICK,
    NOT_FOLLOW,
    NOT_PRINTED,
    ONSIDE,
    PASS_NOT_FOLLOW,
    RANDOM_KICK,
    SUCCESS_FAILURE,
    SUCCESS_SERIES,
    TIES,
    TOUCHDOWN,
)

SUITS = ("power", "speed", "stamina", "tactics")


@check(
    "legal-play",
    "May this card be played? Run play: must follow the lead's suit if you can; pass play: any card",
    [
        Fact("play", "choice", "the declared play", choices=("run", "pass")),
        Fact("lead_suit", "choice", "suit of the lead's card", choices=SUITS),
        Fact("card_suit", "choice", "suit of the card played", choices=SUITS),
        Fact("hand_has_lead_suit", "bool", "the player holds a card of the lead's suit"),
    ],
    example={"play": "run", "lead_suit": "power", "card_suit": "speed", "hand_has_lead_suit": True},
)
def legal_play(f: dict) -> Verdict:
    follows = f["card_suit"] == f["lead_suit"]
    effect = [] if follows else [then(NOT_PRINTED, "its effect is printed on the card, not in the book")]
    if f["play"] == "pass":
        return Verdict(
            "legal",
            {"follow": follows},
            [because(MAY_FOLLOW, "a pass play may follow or not")],
            consequences=[]
            if follows
            else [then(PASS_NOT_FOLLOW, "not follow: the card's play-book effect applies"), *effect],
            summary="legal card (a pass play: any card)"
            + ("" if follows else "; not follow: its play-book effect applies"),
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
        [because(NOT_FOLLOW, "cannot follow")],
        consequences=[then(NOT_FOLLOW, "not follow: the card's play-book effect applies"), *effect],
        summary="legal card (cannot follow); not follow: its play-book effect applies",
    )


@check(
    "trick-winner",
    "Who wins the trick: the lowest followed card; ties go to the player farther clockwise from the lead",
    [
        Fact("numbers", "ints", "card numbers in play order, the lead first", low=1, high=10),
        Fact("followed", "strs", "for each card: follow or not (the lead's card always follows)"),
        Fact("attacking", "strs", "for each player: attack or defence"),
    ],
    example={
        "numbers": [4, 1, 2, 7],
        "followed": ["follow", "not", "follow", "follow"],
        "attacking": ["attack", "defence", "attack", "defence"],
    },
)
def trick_winner(f: dict) -> Verdict:

    n = len(f["numbers"])
    if n != 4 or len(f["followed"]) != n or len(f["attacking"]) != n:
        raise RefereeError("facts 'numbers', 'followed', 'attacking': expected 4 players each")
    followed = [i for i in range(n) if i == 0 or f["followed"][i] == "follow"]
    low = min(f["numbers"][i] for i in followed)
    winner = max(i for i in followed if f["numbers"][i] == low)  # farther clockwise from the lead
    success = f["attacking"][winner] == "attack"
    side = "attack success" if success else "attack failure"
    reasons = [
        because(LOWEST_WINS, f"lowest followed card is {low}"),
        because(SUCCESS_FAILURE, f"player {winner + 1} is on the {f['attacking'][winner]}"),
    ]
    if sum(1 for i in followed if f["numbers"][i] == low) > 1:
        reasons.append(because(TIES, "a tie: the player farther clockwise wins"))
    consequences = [then(NEW_LEAD, f"player {winner + 1} becomes the lead")]
    if not success:
        consequences.append(then(LEAD_MOVES, "the lead then passes back to the attacking team"))
    return Verdict(
        "value",
        {"winner": winner + 1, "card": low, "result": side},
        reasons,
        outcome="succeeds" if success else "fails",
        consequences=consequences,
        summary=f"player {winner + 1} wins the trick with {low}: {side}",
    )


@check(
    "advance",
    "Where the ball goes after an attack success, with the combination bonus, and touchdown points",
    [
        Fact("position", "int", "square the ball is on (distance to the goal)", low=1, high=10),
        Fact("card", "int", "number on the card that won the trick", low=1, high=10),
        Fact("combination", "bool", "the new lead is a teammate of the attack who was not the previous lead", False),
    ],
    example={"position": 3, "card": 4},
)
def advance(f: dict) -> Verdict:
    squares = f["card"] + (2 if f["combination"] else 0)
    new = f["position"] - squares
    reasons = [because(ADVANCE, f"advance {f['card']}")]
    if f["combination"]:
        reasons.append(because(COMBINATION, "+2 squares"))
    after = [then(AFTER_SCORE, "possession changes; the next phase is a kickoff")]
    if new < 0:
        return Verdict(
            "value",
            {"touchdown": True, "points": 3, "position": new},
            [*reasons, because(TOUCHDOWN, f"overshoots 0 (reaches {new}): 3 points")],
            outcome="scored",
            consequences=after,
            summary=f"touchdown: the ball overshoots 0 (reaches {new}), 3 points",
        )
    if new == 0:
        return Verdict(
            "value",
            {"touchdown": True, "points": 2, "position": 0},
            [*reasons, because(TOUCHDOWN, "reaches 0: 2 points")],
            outcome="scored",
            consequences=after,
            summary="touchdown: the ball reaches 0, 2 points",
        )
    return Verdict(
        "value",
        {"touchdown": False, "points": 0, "position": new},
        reasons,
        summary=f"the ball advances {squares} squares to {new}",
    )


@check(
    "series",
    "Does the attack keep the ball? Each attack turns a series card face down; when none is left (or on an "
    "intercept) possession changes",
    [
        Fact("series_left", "int", "series cards still face up before this attack", low=1, high=3),
        Fact("result", "choice", "how the attack went", choices=("success", "failure")),
        Fact("intercept", "bool", "a play-book effect caused an intercept", False),
    ],
    example={"series_left": 1, "result": "failure"},
)
def series(f: dict) -> Verdict:
    left = f["series_left"] - 1
    key = SUCCESS_SERIES if f["result"] == "success" else FAILURE_SERIES
    reasons = [because(key, f"one series card turned: {left} left")]
    changes = left == 0
    if f["intercept"] and f["result"] == "failure":
        reasons.append(because(INTERCEPT, "an intercept forces the change"))
        changes = True
    return Verdict(
        "value",
        {"series_left": left, "possession_changes": changes},
        reasons,
        summary=f"{left} series card(s) left" + ("; possession changes" if changes else "; the attack goes on"),
    )


# why possession changes -> the rule that says where the ball goes
POSSESSION = {
    "series-used-up": FAILURE_TURNOVER,
    "intercept": FAILURE_TURNOVER,
    "kick-play": KICK_TURNOVER,
    "onside-kick": ONSIDE,
}


def _possession_change(position: int, rule: Quote, placed: str = "is") -> tuple[dict, list, str]:
    """Where the ball goes when possession changes without a score: 11 − its square, for the new
    attack; `rule` is the caller's (a helper cites what it is given)."""
    new = 11 - position
    reasons = [because(rule, f"the ball {placed} on {position}: 11 − {position} = {new}")]
    return {"possession_changes": True, "position": new}, reasons, f"possession changes: the ball goes to {new}"


@check(
    "possession-change",
    "Where the ball goes when possession changes without a score: the opposite side, 11 − its square",
    [
        Fact("position", "int", "square the ball is on when possession changes", low=1, high=10),
        Fact(
            "why",
            "choice",
            "why possession changes",
            "series-used-up",
            choices=("series-used-up", "intercept", "kick-play", "onside-kick"),
        ),
    ],
    example={"position": 4, "why": "series-used-up"},
)
def possession_change(f: dict) -> Verdict:
    placed = "sat" if f["why"] == "onside-kick" else "is"
    value, reasons, summary = _possession_change(f["position"], POSSESSION[f["why"]], placed)
    return Verdict("value", value, reasons, summary=summary)


@check(
    "kick-play",
    "A kick play: 1 point beyond 0 (no overshoot bonus); otherwise possession changes (11 − position); "
    "exactly on 0 the book is ambiguous",
    [
        Fact("position", "int", "square the ball is on", low=1, high=10),
        Fact("die", "int", "the die rolled", low=1, high=6),
    ],
    example={"position": 5, "die": 4},
)
def kick_play(f: dict) -> Verdict:
    new = f["position"] - f["die"]
    reasons = [because(KICK_PLAY, f"advance {f['die']} from {f['position']}: {new}")]
    if new < 0:
        return Verdict(
            "value",
            {"points": 1, "possession_changes": True, "next": "kickoff"},
            [*reasons, because(KICK_POINT, "beyond 0: 1 point"), because(KICK_NO_BONUS, "no overshoot bonus")],
            outcome="scored",
            consequences=[then(KICK_POINT, "possession changes; the next phase is a kickoff")],
            summary=f"the kick goes beyond 0 (to {new}): 1 point, then a kickoff",
        )
    if new == 0:
        return Verdict(
            "ambiguous",
            None,
            [
                *reasons,
                because(KICK_POINT, "the rule scores a kick that reaches beyond 0"),
                because(KICK_TURNOVER, "and turns over a kick that does not reach 0: exactly 0 is neither"),
            ],
            [
                Reading(
                    "reaching 0 is reaching the goal, as it is for a touchdown: 1 point, then a kickoff",
                    "value",
                    {"points": 1, "possession_changes": True, "next": "kickoff"},
                    [because(TOUCHDOWN, "a touchdown is scored on reaching 0"), because(KICK_POINT, "1 point")],
                ),
                Reading(
                    "only beyond 0 scores: no point, and possession changes, but 11 − 0 = 11 is not a square",
                    "unknown",
                    {"points": 0, "possession_changes": True, "position": None},
                    [because(KICK_TURNOVER, "the ball would go to 11 − 0 = 11, which the field does not have")],
                ),
            ],
            summary="ambiguous kick: it lands exactly on 0; 1 point if reaching 0 counts, else the book "
            "does not say where the ball goes",
        )
    value, turnover, summary = _possession_change(new, KICK_TURNOVER)
    return Verdict("value", {"points": 0, **value}, [*reasons, *turnover], summary=f"no score; {summary}")


@check(
    "kickoff",
    "Where the ball starts after a kickoff: normal kick on 8; random kick 3 + die, onside on a 1",
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
            summary=f"onside kick: {summary}",
        )
    return Verdict(
        "value",
        {"position": 3 + f["die"], "onside": False},
        [because(RANDOM_KICK, f"3 + {f['die']} = {3 + f['die']}")],
        summary=f"the ball starts on {3 + f['die']}",
    )


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
    "card-effect",
    "What does a play-book effect or hero skill do? The book does not print them: unknown",
    [Fact("effect", "str", "play-book number or hero name, e.g. 7 or Monster")],
    example={"effect": "Monster"},
)
def card_effect(f: dict) -> Verdict:
    return Verdict(
        "unknown",
        None,
        [because(NOT_PRINTED, f"the {f['effect']!r} effect: its text is not in the book")],
        summary=f"unknown: the {f['effect']!r} effect is printed on the card, not in the book",
    )

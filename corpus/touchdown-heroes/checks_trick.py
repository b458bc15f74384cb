"""Touchdown Heroes' checks: the trick (its winner, advancing, series, possession, kicks, the lead
marker, a half's and the game's end)."""

from __future__ import annotations

from referee.errors import RefereeError
from referee.rules import Fact, Quote, Verdict, because, check, then

from .quotes import (
    ADVANCE,
    ADVANCING_SCORES,
    AFTER_SCORE,
    COMBINATION,
    DRAW_PILE,
    FAILURE_SERIES,
    FAILURE_TURNOVER,
    FAQ_2_TIE,
    FAQ_3_10_LEAD,
    FAQ_7_9_SELF,
    FAQ_9_LEAD,
    FAQ_OWN_TEAM,
    FIRST_DEFENDERS,
    GAME_OVER,
    HALF_ENDS,
    HALFTIME,
    INTERCEPT,
    KICK_NO_BONUS,
    KICK_PLAY,
    KICK_POINT,
    KICK_TURNOVER,
    LEAD_MOVES,
    LEAD_TO_ATTACK,
    LOWEST_WINS,
    NEW_LEAD,
    ONSIDE,
    PLAYS,
    SAME_JUDGEMENT,
    SUCCESS_FAILURE,
    SUCCESS_SERIES,
    TOUCHDOWN,
)

# ================================================================ the trick


@check(
    "trick-winner",
    "Who wins the trick: the lowest followed card (the highest under a '2' effect); ties go to the player farther "
    "clockwise from the lead; a '3' or '10' effect makes the attack's win a failure",
    [
        Fact("numbers", "ints", "card numbers in play order, the lead first", low=1, high=10),
        Fact("followed", "strs", "for each card: follow or not (after any '9' effect)"),
        Fact("attacking", "strs", "for each player: attack or defence"),
        Fact("highest", "bool", "a '2' play-book effect applies: the highest number decides", False),
        Fact("attack_fails", "bool", "a '3' or '10' play-book effect applies", False),
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
    followed = [i for i in range(n) if f["followed"][i] == "follow"]
    reasons = [because(SAME_JUDGEMENT, "run or pass, the same judgement")]
    if not followed:
        return Verdict(
            "unknown",
            None,
            [
                *reasons,
                because(LOWEST_WINS, "judged among the followed cards: none is left"),
                because(FAQ_9_LEAD, "the lead made not-follow"),
            ],
            summary="unknown: no card is in the follow state; the book judges only among followed cards",
        )
    pick = max if f["highest"] else min
    best = pick(f["numbers"][i] for i in followed)
    tied = [i for i in followed if f["numbers"][i] == best]
    winner = max(tied)  # farther clockwise from the lead
    success = f["attacking"][winner] == "attack" and not f["attack_fails"]
    side = "attack success" if success else "attack failure"
    reasons.append(because(LOWEST_WINS, f"the {'highest' if f['highest'] else 'lowest'} followed card is {best}"))
    if f["highest"]:
        reasons.append(because(FAQ_2_TIE, "under the '2' effect the highest decides"))
        reasons.append(because(FAQ_7_9_SELF, "the FAQ's '2' example"))
    if len(tied) > 1:
        reasons.append(because(NEW_LEAD, "a tie: the player farther clockwise wins"))
    reasons.append(because(SUCCESS_FAILURE, f"player {winner + 1} is on the {f['attacking'][winner]}"))
    if f["attack_fails"] and f["attacking"][winner] == "attack":
        reasons.append(because(FAQ_3_10_LEAD, "the attack's win is made an attack failure"))
        reasons.append(because(FAQ_OWN_TEAM, "applied even when played by an attacker"))
    consequences = [then(NEW_LEAD, f"player {winner + 1} becomes the lead")]
    if not success and f["attacking"][winner] == "defence":
        consequences.append(then(LEAD_MOVES, "the lead then passes back to the attacking team"))
    return Verdict(
        "value",
        {"winner": winner + 1, "card": best, "result": side},
        reasons,
        outcome="succeeds" if success else "fails",
        consequences=consequences,
        summary=f"player {winner + 1} wins the trick with {best}: {side}",
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
    else:
        reasons.append(because(COMBINATION, "no combination bonus: the winner was the lead, or defends"))
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
    if f["result"] == "failure" and (changes or f["intercept"]):
        reasons.append(
            because(
                INTERCEPT, "an intercept forces the change" if f["intercept"] and not changes else "no series card left"
            )
        )
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
    "A kick play: 1 point when it reaches 0 or beyond (no overshoot bonus); otherwise possession changes (11 − position)",
    [
        Fact("position", "int", "square the ball is on", low=1, high=10),
        Fact("die", "int", "the die rolled", low=1, high=6),
    ],
    example={"position": 5, "die": 4},
)
def kick_play(f: dict) -> Verdict:
    new = f["position"] - f["die"]
    reasons = [because(KICK_PLAY, f"advance {f['die']} from {f['position']}: {new}")]
    if new <= 0:
        where = (
            "beyond 0"
            if new < 0
            else "0: advancing the ball to 0 scores, and only a ball that does not reach 0 turns over"
        )
        reasons += [because(KICK_POINT, f"reaches {where}: 1 point"), because(KICK_NO_BONUS, "no overshoot bonus")]
        if new == 0:
            reasons += [
                because(ADVANCING_SCORES, "reaching 0 scores points"),
                because(KICK_TURNOVER, "the other branch is a ball short of 0"),
            ]
        return Verdict(
            "value",
            {"points": 1, "possession_changes": True, "next": "kickoff"},
            reasons,
            outcome="scored",
            consequences=[
                then(KICK_POINT, "possession changes; the next phase is a kickoff (or the half ends, hands empty)")
            ],
            summary=f"the kick reaches {new}: 1 point, then a kickoff",
        )
    value, turnover, summary = _possession_change(new, KICK_TURNOVER)
    return Verdict("value", {"points": 0, **value}, [*reasons, *turnover], summary=f"no score; {summary}")


@check(
    "lead-marker",
    "Where the lead goes: the trick's winner takes it; at the start of Play a defender holding it passes it to the "
    "player on his left (the lead is the attacking team's)",
    [
        Fact("holder_attacks", "bool", "the player holding the lead marker is on the attacking team"),
        Fact("start_of_play", "bool", "it is the start of a Play (not a halftime move)", True),
    ],
    example={"holder_attacks": False},
)
def lead_marker(f: dict) -> Verdict:
    if f["holder_attacks"]:
        return Verdict(
            "value",
            {"moves": False},
            [because(LEAD_TO_ATTACK, "an attacker holds it: it stays")],
            # after a trick its holder is the winner (judgement-phase/4: he "becomes the new lead"): "the lead
            # stays" read as if the lead before the trick kept it (phone review 4, task 13)
            summary="the attacker holding the lead marker keeps it",
        )
    return Verdict(
        "value",
        {"moves": True},
        [
            because(LEAD_TO_ATTACK, "a defender holds it: to the player on the left"),
            because(LEAD_MOVES, "the lead is the attack's"),
        ],
        summary="the lead marker passes to the player on the left",
    )


@check(
    "half-end",
    "Does the half end? When a possession change occurs with the hands empty (with attacks left, a kick play may still "
    "be made); then halftime or the game's end; of only some hands empty the book says nothing",
    [
        Fact("empty_hands", "int", "players whose hands are empty", low=0, high=4),
        Fact("possession_changes", "bool", "a possession change occurs now"),
        Fact("half", "int", "the half being played", 1, low=1, high=2),
    ],
    example={"empty_hands": 4, "possession_changes": True},
)
def half_end(f: dict) -> Verdict:
    reasons = [
        because(
            HALF_ENDS,
            f"{f['empty_hands']} empty hand(s); possession {'changes' if f['possession_changes'] else 'stays'}",
        )
    ]
    if 0 < f["empty_hands"] < 4:
        return Verdict(
            "unknown",
            None,
            [*reasons, because(DRAW_PILE, "a skill can draw a card")],
            summary="unknown: the book says what happens when the hands are empty, not when only some are",
        )
    if f["empty_hands"] == 4 and f["possession_changes"]:
        after = (
            [
                then(HALFTIME, "halftime: collect the cards, a new briefing"),
                then(FIRST_DEFENDERS, "the Eagles kick off the second half"),
            ]
            if f["half"] == 1
            else [then(GAME_OVER, "the game is over")]
        )
        return Verdict("value", {"half_over": True}, reasons, consequences=after, summary="the half ends")
    consequences = [then(PLAYS, "with no cards only a kick play")] if f["empty_hands"] == 4 else []
    return Verdict("value", {"half_over": False}, reasons, consequences=consequences, summary="the half goes on")


@check(
    "game-end",
    "Who wins when the second half ends? The team with more points in total; equal points are a draw",
    [
        Fact("eagles", "int", "the Eagles' points", low=0, high=200),
        Fact("bears", "int", "the Bears' points", low=0, high=200),
    ],
    example={"eagles": 5, "bears": 5},
)
def game_end(f: dict) -> Verdict:
    a, b = f["eagles"], f["bears"]
    result = "draw" if a == b else ("eagles" if a > b else "bears")
    return Verdict(
        "value",
        result,
        [because(GAME_OVER, f"{a}-{b}")],
        outcome="draw" if a == b else None,
        summary="a draw" if a == b else f"the {result.capitalize()} win",
    )

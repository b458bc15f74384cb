"""Takkure's checks: the match (who attacks, the end of an activation, the time dashboard, kicks,
kick-offs, token removal)."""

from __future__ import annotations

from referee.errors import RefereeError
from referee.rules import Fact, Verdict, because, check, then

from .quotes import (
    BEFORE_KICK_OFF,
    CARRIER_ACTIVE,
    CATCH_IN_AIR,
    CORE_GROUNDED,
    DEFENDER_CATCHES,
    FIRST_ATTACKER,
    HALFTIME,
    HALVES,
    KICK_AFTER_TRY,
    KICK_FAILED_TRY,
    KICK_OFF_DONE,
    KICK_OFF_WHEN,
    KICK_OUT,
    KICK_SECOND_HALF,
    KICK_START,
    LOOSE_BALL,
    POSSESSION,
    REFEREE_ROLL,
    REMAINING_TOKENS,
    STOLEN,
    TEMPLATE,
    TIME_DOWN,
    TIME_FLIP,
    TIME_KEEP,
    TIME_START,
    TIME_UP,
    TIME_USED_UP,
    TOKEN_REMOVAL,
    WINNER,
)

# ================================================================ the match: possession, activations, time


@check(
    "attacking-team",
    "Who attacks? The team carrying the ball; a loose ball stays with the attack until a defender holds it; "
    "after a kick-off, the receiving team",
    [
        Fact("ball", "choice", "who holds the ball", choices=("attack", "defence", "nobody")),
        Fact(
            "after_kick_off", "bool", "the kick-off has just been completed (the attack is the receiving team)", False
        ),
    ],
    example={"ball": "nobody"},
)
def attacking_team(f: dict) -> Verdict:
    if f["after_kick_off"] and f["ball"] != "defence":
        return Verdict(
            "value",
            "receiving team",
            [because(FIRST_ATTACKER, "the team receiving the kick-off attacks")],
            consequences=[then(KICK_OFF_DONE, "it takes the activation tokens (6.03: Time)")],
            summary="the receiving team attacks",
        )
    if f["ball"] == "defence":
        return Verdict(
            "value",
            "defence",
            [
                because(POSSESSION, "a defender carries the ball"),
                because(DEFENDER_CATCHES, "the defence becomes the attack"),
            ],
            summary="possession changes: the defending team becomes the attacker",
        )
    if f["ball"] == "nobody":
        return Verdict(
            "value",
            "attack",
            [because(LOOSE_BALL, "nobody holds the ball: the attack keeps possession")],
            consequences=[then(REMAINING_TOKENS, "the attack goes on using its activation tokens")],
            summary="nobody holds the ball: the attacking team stays the attacker",
        )
    return Verdict(
        "value", "attack", [because(POSSESSION, "an attacker carries the ball")], summary="the attack keeps the ball"
    )


@check(
    "activation-end",
    "After an activation: the attack uses its remaining activation tokens, unless the ball was stolen (discard "
    "them, the coaches swap); with none left, the time dashboard",
    [
        Fact("tokens_used", "int", "activation tokens the attack has spent of its 4, this one included", low=1, high=4),
        Fact("stolen", "bool", "a defender took the ball during this activation", False),
    ],
    example={"tokens_used": 2, "stolen": True},
)
def activation_end(f: dict) -> Verdict:
    left = 4 - f["tokens_used"]
    if f["stolen"]:
        return Verdict(
            "value",
            {"attacker": "defence", "discarded": left, "tokens_left": 0},
            [because(STOLEN, f"the ball was stolen: {left} token(s) discarded, the coaches swap roles")],
            summary=f"the ball was stolen: the attack discards {left} token(s); the defence becomes the attacker",
        )
    if left:
        return Verdict(
            "value",
            {"attacker": "attack", "tokens_left": left},
            [because(REMAINING_TOKENS, f"{left} activation token(s) left to use")],
            summary=f"the attack goes on: {left} activation token(s) left",
        )
    return Verdict(
        "value",
        {"attacker": "attack", "tokens_left": 0, "next": "time dashboard"},
        [because(TIME_USED_UP, "all 4 tokens used"), because(TIME_KEEP, "the attack kept the ball: new tokens")],
        summary="all 4 activation tokens used and the ball kept: the time dashboard gives new ones",
    )


@check(
    "time-dashboard",
    "The attack has used its 4 activation tokens: flip its time token, or move both down a box; below box 1 time "
    "is up (the half ends; after the second, the match, won by the most tries or drawn)",
    [
        Fact("box", "int", "the box the time tokens are on", low=1, high=5),
        Fact("side", "choice", "the attacking team's time token", choices=("active", "inactive")),
        Fact("half", "int", "the half being played", 1, low=1, high=2),
        Fact("score", "ints", "tries [attack, defence], for the result", [], low=0, high=50),
    ],
    example={"box": 1, "side": "inactive", "half": 2, "score": [2, 2]},
)
def time_dashboard(f: dict) -> Verdict:
    reasons = [because(TIME_USED_UP, "the attack has used up its 4 activation tokens")]
    if f["side"] == "active":
        reasons += [
            because(TIME_FLIP, "its token shows the active side: flip it, take 4 activation tokens"),
            because(TIME_UP, "time is up only when the tokens must move down from box 1"),
        ]
        return Verdict(
            "value",
            {"half_over": False, "box": f["box"], "side": "inactive", "activation_tokens": 4},
            reasons,
            consequences=[then(TIME_KEEP, "the attack keeps attacking")],
            summary=f"the half goes on: flip the token on box {f['box']} to inactive and take 4 activation tokens",
        )
    if f["box"] > 1:
        reasons.append(because(TIME_DOWN, "inactive: both tokens move one box down and flip to active"))
        return Verdict(
            "value",
            {"half_over": False, "box": f["box"] - 1, "side": "inactive", "activation_tokens": 4},
            [*reasons, because(TIME_FLIP, "then the attacker flips its token and takes the tokens")],
            summary=f"time passes: both tokens to box {f['box'] - 1}; the attack takes 4 activation tokens",
        )
    reasons.append(because(TIME_UP, "the tokens would move below box 1: time is over"))
    if f["half"] == 1:
        return Verdict(
            "value",
            {"half_over": True, "match_over": False, "next": "halftime"},
            [*reasons, because(HALVES, "two halves, with a break between them")],
            consequences=[then(HALFTIME, "halftime"), then(KICK_SECOND_HALF, "the second half's kick-off")],
            summary="time is up: the first half ends; halftime, then the second half's kick-off",
        )
    value: dict = {"half_over": True, "match_over": True}
    if len(f["score"]) == 2:
        attack, defence = f["score"]
        value["result"] = "draw" if attack == defence else ("attack wins" if attack > defence else "defence wins")
        reasons.append(because(WINNER, f"{attack}-{defence}: " + value["result"]))
    return Verdict(
        "value",
        value,
        reasons,
        summary="time is up: the second half and the match are over"
        + (f"; {value['result']}" if "result" in value else ""),
    )


@check(
    "kick-out",
    "May the attack kick the ball out of the field to end the half? Only on box 1 and only when it has the lower score",
    [
        Fact("box", "int", "the box the time tokens are on", low=1, high=5),
        Fact("attack_score", "int", "the attacking team's tries", low=0, high=50),
        Fact("defence_score", "int", "the defending team's tries", low=0, high=50),
    ],
    example={"box": 1, "attack_score": 1, "defence_score": 1},
)
def kick_out(f: dict) -> Verdict:
    reasons = [because(KICK_OUT, f"box {f['box']}, score {f['attack_score']}-{f['defence_score']}")]
    if f["box"] != 1:
        return Verdict("illegal", reasons=reasons, summary="illegal: the time token is not on box 1")
    if f["attack_score"] >= f["defence_score"]:
        return Verdict(
            "illegal",
            reasons=reasons,
            consequences=[then(REMAINING_TOKENS, "play goes on: the attack uses its activation tokens")],
            summary="illegal: only an attacking team with the lower score may kick the ball out",
        )
    return Verdict(
        "legal",
        {"half_over": True},
        reasons,
        consequences=[then(TIME_UP, "the half ends (after the second, the match)")],
        summary="legal: the half ends at once",
    )


KICKER = {
    "start": KICK_START,
    "second-half": KICK_SECOND_HALF,
    "after-try": KICK_AFTER_TRY,
    "failed-try": KICK_FAILED_TRY,
}
OCCASIONS = tuple(KICKER)


@check(
    "kick-off-team",
    "Who kicks off? The start of the match: the referee roll's winner decides; the second half: the team that did "
    "not kick off the first; after a try: the coach who received it decides; after a missed try: the defending coach",
    [
        Fact("occasion", "choice", "why there is a kick-off", choices=OCCASIONS),
        Fact(
            "first_half_kicker",
            "choice",
            "who kicked off the first half (for the second half)",
            "unknown",
            choices=("unknown", "attack", "defence"),
        ),
    ],
    example={"occasion": "second-half", "first_half_kicker": "defence"},
)
def kick_off_team(f: dict) -> Verdict:
    reasons = [because(KICK_OFF_WHEN, f"a kick-off: {f['occasion']}"), because(KICKER[f["occasion"]], "who kicks")]
    after = [then(BEFORE_KICK_OFF, "activation tokens removed, team plays recovered")]
    if f["occasion"] == "second-half":
        after.insert(0, then(TIME_START, "both time tokens go back on box 5, active side up"))
        if f["first_half_kicker"] == "unknown":
            value = "the team that did not kick off the first half"
        else:
            value = "defence" if f["first_half_kicker"] == "attack" else "attack"
        return Verdict("value", {"kicks": value}, reasons, consequences=after, summary=f"kicks off: {value}")
    chooser = {"start": "the referee roll's winner", "after-try": "the defence", "failed-try": "the defence"}
    who = chooser[f["occasion"]]
    return Verdict(
        "value", {"chooses": who}, reasons, consequences=after, summary=f"{who} decides which team kicks off"
    )


@check(
    "kick-off-template",
    "Where may the kicking coach place the scatter template? Between the opponent's kick-off line and in-goal "
    "zone, more than 1\" from either line and the field's edges",
    [
        Fact(
            "from_kick_off_line",
            "float",
            "distance to the opponent's kick-off line",
            None,
            unit="inches",
            low=-80,
            high=80,
        ),
        Fact("from_in_goal", "float", "distance to the opponent's in-goal zone", None, unit="inches", low=-80, high=80),
        Fact("from_edge", "float", "distance to the nearest edge of the field", None, unit="inches", low=-80, high=80),
    ],
    example={"from_kick_off_line": 0.5, "from_in_goal": 6},
)
def kick_off_template(f: dict) -> Verdict:
    given = (
        ("the kick-off line", f["from_kick_off_line"]),
        ("the in-goal zone", f["from_in_goal"]),
        ("the edge", f["from_edge"]),
    )
    close = [name for name, d in given if d is not None and d <= 1]
    unknown = [name for name, d in given if d is None]
    if unknown and not close:
        raise RefereeError(f"the template's distance to {', '.join(unknown)} decides it: give it")
    if close:
        return Verdict(
            "illegal",
            reasons=[because(TEMPLATE, f'within 1" of {", ".join(close)}')],
            summary=f'illegal template: it must be more than 1" from {", ".join(close)}; place it again',
        )
    return Verdict("legal", reasons=[because(TEMPLATE, 'more than 1" from both lines and the edges')])


@check(
    "kick-off-catch",
    'Catching the kick-off in the air: players within 2" roll BaC -2 until one succeeds; nobody within 2": the '
    "ball stays on the ground; in what order several players roll, the book does not say",
    [Fact("within_2", "int", 'players within 2" of the ball', low=0, high=8)],
    example={"within_2": 2},
)
def kick_off_catch(f: dict) -> Verdict:
    if f["within_2"] >= 2:
        return Verdict(
            "unknown",
            None,
            [
                because(CATCH_IN_AIR, "the first success stops the rolling, but no order is given"),
                because(REFEREE_ROLL, "where the rules do not resolve it, a referee roll decides"),
            ],
            summary=f"unknown: {f['within_2']} players may try to catch; the book gives no order",
        )
    if f["within_2"] == 1:
        return Verdict("value", {"catch": "BaC -2"}, [because(CATCH_IN_AIR, "one player may try, at BaC -2")])
    return Verdict(
        "value",
        {"catch": None},
        [because(CATCH_IN_AIR, 'nobody is within 2": nobody may try to catch')],
        consequences=[
            then(FIRST_ATTACKER, "the receiving team attacks"),
            then(KICK_OFF_DONE, "it takes the activation tokens"),
        ],
        summary="nobody can catch the ball; it stays on the ground",
    )


@check(
    "token-removal",
    "Step 6, token removal: may this GROUNDED player remove a GROUNDED token? Attackers not activated, except a "
    "carrier (counted as active; a carrier cannot stand up)",
    [
        Fact("on_attack", "bool", "the player is an attacker"),
        Fact("activated", "bool", "the player was activated this activation"),
        Fact("is_ball_carrier", "bool", "the player carries the ball", False),
    ],
    example={"on_attack": True, "activated": False, "is_ball_carrier": True},
)
def token_removal(f: dict) -> Verdict:
    reasons = [because(TOKEN_REMOVAL, "attackers not activated may remove a GROUNDED token")]
    if not f["on_attack"]:
        return Verdict("value", {"removes": False}, reasons, summary="a defender: no GROUNDED token removed here")
    if f["is_ball_carrier"]:
        reasons += [
            because(CARRIER_ACTIVE, "a GROUNDED carrier counts as active at this step"),
            because(CORE_GROUNDED, "and a carrier cannot stand up"),
        ]
        return Verdict("value", {"removes": False}, reasons, summary="the carrier stays GROUNDED")
    if f["activated"]:
        return Verdict("value", {"removes": False}, reasons, summary="activated: no GROUNDED token removed")
    return Verdict("value", {"removes": True}, reasons, summary="not activated: removes a GROUNDED token")

"""Takkure's checks: team plays, play cards, player and team skills."""

from __future__ import annotations

from referee.errors import RefereeError
from referee.rules import Fact, Verdict, because, check, then

from .quotes import (
    BEFORE_KICK_OFF,
    CARD_TIMING,
    CORE_GROUNDED,
    DECK,
    HONOR,
    HONOR_FATIGUE,
    HONOR_GROUNDED,
    HONOR_INT,
    HONOR_OWN,
    PLAY_CARDS,
    PLAYER_SKILLS,
    PRIORITY,
    SUPERSTARS,
    SUPERSTARS_BONUS,
    SUPERSTARS_CARD,
    SUPERSTARS_REROLL,
    TEAM_PLAY_ASIDE,
    TEAM_PLAY_WHEN,
)

# ================================================================ cards, skills


@check(
    "team-play",
    "May a team play be used now? Declared face down before the activation token is spent, with the ball carrier "
    "the active player; not again until the next kick-off",
    [
        Fact("carrier_active", "bool", "the ball carrier is the player being activated"),
        Fact("declared_before_token", "bool", "declared (face down) before spending the activation token", True),
        Fact("used_since_kick_off", "bool", "this team play was used since the last kick-off", False),
    ],
    example={"carrier_active": False},
)
def team_play(f: dict) -> Verdict:
    if f["used_since_kick_off"]:
        return Verdict(
            "illegal",
            reasons=[
                because(TEAM_PLAY_ASIDE, "used since the last kick-off"),
                because(BEFORE_KICK_OFF, "team plays come back only before a kick-off"),
            ],
            summary="illegal: a used team play is unavailable until the next kick-off",
        )
    if not f["carrier_active"] or not f["declared_before_token"]:
        why = "the ball carrier is not the active player" if not f["carrier_active"] else "declared too late"
        return Verdict("illegal", reasons=[because(TEAM_PLAY_WHEN, why)], summary=f"illegal team play: {why}")
    return Verdict(
        "legal",
        reasons=[because(TEAM_PLAY_WHEN, "declared before the token, the carrier active")],
        consequences=[then(TEAM_PLAY_ASIDE, "then put aside until the next kick-off")],
    )


@check(
    "card-timing",
    "Several coaches want to play a card at one timing: the attacking coach orders them; a coach who gave up the "
    "chance plays no card until the conditions come again",
    [
        Fact("coach", "choice", "the coach who wants to play now", choices=("attack", "defence")),
        Fact("passed", "bool", "that coach already gave up the chance at this timing", False),
    ],
    example={"coach": "defence", "passed": True},
)
def card_timing(f: dict) -> Verdict:
    reasons = [because(CARD_TIMING, "the attacking coach has priority; a pass locks a coach out")]
    may = not f["passed"]
    return Verdict(
        "value",
        {"orders": "attack", "may_play": may},
        reasons,
        summary="the attacking coach decides which card resolves first; "
        + (
            f"the {f['coach']} coach may play"
            if may
            else f"the {f['coach']} coach gave up the chance: no card until the conditions are met again"
        ),
    )


@check(
    "play-card",
    "What does a play card do? The book does not print them: each card's text says its effect and when it is "
    "played, and it takes precedence over the book",
    [Fact("card", "str", "the card's name, or what the coach says it does")],
    example={"card": "an extra tackle die"},
)
def play_card(f: dict) -> Verdict:
    return Verdict(
        "unknown",
        None,
        [
            because(PLAY_CARDS, "the effect and its requirements are on the card"),
            because(DECK, "the deck the card comes from"),
            because(PRIORITY, "a card's rule takes precedence over the book"),
        ],
        summary=f"unknown: the book does not print {f['card']!r}; its text (on the card) decides, over the book",
    )


@check(
    "player-skill",
    "What does a player skill on a player's card do? The book describes only the skills by position: unknown",
    [Fact("skill", "str", "the skill, or what the coach says it does")],
    example={"skill": "break through without a tackle"},
)
def player_skill(f: dict) -> Verdict:
    return Verdict(
        "unknown",
        None,
        [because(PLAYER_SKILLS, "described on the player's card"), because(PRIORITY, "and it takes precedence")],
        summary=f"unknown: the book does not describe {f['skill']!r}; the player's card does",
    )


HONOR_EFFECTS = {"remove-grounded": HONOR_GROUNDED, "flip-fatigue": HONOR_FATIGUE, "repeat-int": HONOR_INT}


@check(
    "team-skill",
    "A team skill's tokens: Yamato's Unwavering Honor (the token holder only; no GROUNDED token removed from a "
    "carrier), Teriomorph Superstars (+1 per token up to +3, a reroll for 3 once per roll, a card back for 5)",
    [
        Fact("team", "choice", "whose team skill", choices=("yamato", "teriomorph")),
        Fact("effect", "choice", "the effect wanted", choices=(*HONOR_EFFECTS, "bonus", "reroll", "card")),
        Fact("tokens", "int", "team skill tokens available (to the player, for Yamato)", low=0, high=30),
        Fact("own_token", "bool", "Yamato: the token belongs to the player who gets the effect", True),
        Fact("is_ball_carrier", "bool", "Yamato: the player carries the ball", False),
        Fact("bonus", "int", "Superstars: the bonus wanted", 0, low=0, high=10),
        Fact("rerolls", "int", "Superstars: rerolls wanted on one roll", 0, low=0, high=5),
        Fact("attribute", "int", "Superstars: the attribute the bonus is added to", None, low=0, high=20),
    ],
    example={"team": "teriomorph", "effect": "bonus", "tokens": 7, "bonus": 4, "rerolls": 2},
)
def team_skill(f: dict) -> Verdict:
    if f["team"] == "yamato":
        if f["effect"] not in HONOR_EFFECTS:
            raise RefereeError("fact 'effect': Unwavering Honor gives remove-grounded, flip-fatigue or repeat-int")
        reasons = [because(HONOR, "Unwavering Honor"), because(HONOR_EFFECTS[f["effect"]], "the effect")]
        problems = []
        if not f["own_token"] or not f["tokens"]:
            problems.append("the effects apply only to the player who has the token")
            reasons.append(because(HONOR_OWN, "the player has no token of his own"))
        if f["effect"] == "remove-grounded" and f["is_ball_carrier"]:
            problems.append("a carrier's GROUNDED token cannot be removed")
            reasons.append(because(CORE_GROUNDED, "a carrier cannot stand up"))
        if problems:
            return Verdict("illegal", reasons=reasons, summary="illegal: " + "; ".join(problems))
        return Verdict("legal", reasons=[*reasons, because(HONOR_OWN, "his own token, discarded")])
    if f["effect"] in HONOR_EFFECTS:
        raise RefereeError("fact 'effect': Superstars gives bonus, reroll or card")
    reasons = [because(SUPERSTARS, "Superstars tokens")]
    if f["effect"] == "card":
        ok = f["tokens"] >= 5
        return Verdict("legal" if ok else "illegal", reasons=[*reasons, because(SUPERSTARS_CARD, "5 tokens")])
    bonus = min(f["bonus"], 3)
    rerolls = min(f["rerolls"], 1)
    spent = bonus + 3 * rerolls
    while spent > f["tokens"] and rerolls:
        rerolls, spent = 0, bonus
    bonus = min(bonus, f["tokens"] - 3 * rerolls)
    spent = bonus + 3 * rerolls
    reasons += [
        because(SUPERSTARS_BONUS, f"+1 per token, at most +3: +{bonus}"),
        because(SUPERSTARS_REROLL, f"3 tokens a reroll, once per roll: {rerolls}"),
    ]
    value = {"bonus": bonus, "rerolls": rerolls, "tokens_left": f["tokens"] - spent}
    if f["attribute"] is not None:
        value["attribute"] = f["attribute"] + bonus
    refused = f["bonus"] > bonus or f["rerolls"] > rerolls
    return Verdict(
        "value",
        value,
        reasons,
        summary=f"at most +{bonus} and {rerolls} reroll(s) ({value['tokens_left']} token(s) left)"
        + ("; the rest is not allowed" if refused else ""),
    )

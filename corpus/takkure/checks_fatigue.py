"""Takkure's checks: fatigue, rest and skills by position."""

from __future__ import annotations

from referee.rules import Fact, Reading, Verdict, because, check

from .quotes import (
    DEFENSIVE_INSIGHT,
    EXPERT_TACKLER,
    FATIGUE_1,
    FATIGUE_2,
    FATIGUE_3,
    FATIGUE_CUMULATIVE,
    FATIGUE_GIVEN,
    FATIGUE_INACTIVE,
    FATIGUE_THIRD,
    MAX_FATIGUE,
    ONSLAUGHT,
    PRECISE_PASS,
    REST,
    SIDE_STEP,
    SKILLS_LOST,
)

# ================================================================ fatigue, rest, skills


@check(
    "fatigue-effects",
    "The adverse effects of a player's fatigue tokens (cumulative; inactive tokens do not count; 4 = injured)",
    [
        Fact("active", "int", "active fatigue tokens", low=0, high=4),
        Fact("inactive", "int", "inactive (flipped) fatigue tokens", 0, low=0, high=4),
    ],
    example={"active": 2, "inactive": 1},
)
def fatigue_effects(f: dict) -> Verdict:
    if f["active"] + f["inactive"] >= 4:
        return Verdict("value", ["injured"], [because(MAX_FATIGUE, "four tokens: the player is injured")])
    effects, reasons = [], []
    levels = (
        (1, FATIGUE_1, "loses position and training skills"),
        (2, FATIGUE_2, "only one MOV action per activation"),
        (3, FATIGUE_3, "-1 to STR, BaC, REF and INT"),
    )
    for level, key, effect in levels:
        if f["active"] >= level:
            effects.append(effect)
            reasons.append(because(key, f"{f['active']} active token(s) >= {level}"))
            if level == 1:
                reasons.append(because(SKILLS_LOST, "the skills are lost while a token is active"))
    if f["active"] > 1:
        reasons.append(because(FATIGUE_CUMULATIVE, "the effects add up"))
    if f["inactive"]:
        reasons.append(because(FATIGUE_INACTIVE, f"{f['inactive']} inactive token(s) have no effect"))
    return Verdict("value", effects, reasons, summary="fatigue: " + ("; ".join(effects) or "no effect"))


@check(
    "fatigue-gain",
    "A fatigue token given (a third activation token in a time phase, or an effect): an inactive one is flipped "
    "instead; the fourth token injures",
    [
        Fact("active", "int", "active fatigue tokens before", low=0, high=4),
        Fact("inactive", "int", "inactive fatigue tokens before", 0, low=0, high=4),
        Fact("third_activation", "bool", "given for a third activation token in the same time phase", False),
    ],
    example={"active": 2, "inactive": 1},
)
def fatigue_gain(f: dict) -> Verdict:
    reasons = (
        [because(FATIGUE_THIRD, "a third activation token gives a fatigue token")] if f["third_activation"] else []
    )
    active, inactive = f["active"], f["inactive"]
    if inactive:
        active, inactive = active + 1, inactive - 1
        reasons.append(because(FATIGUE_GIVEN, "an inactive token is flipped to active instead of a new one"))
    else:
        active += 1
        reasons.append(because(FATIGUE_GIVEN, "a new token, placed active"))
    injured = active + inactive >= 4
    reasons.append(because(MAX_FATIGUE, f"{active + inactive} token(s): {'injured' if injured else 'not injured'}"))
    if active >= 2 and not injured:
        reasons.append(because(FATIGUE_CUMULATIVE, f"{active} active tokens: all their effects"))
    if active >= 1 and not injured:
        reasons.append(because(FATIGUE_1, "with an active token he loses his position and training skills"))
    return Verdict(
        "value",
        {"active": active, "inactive": inactive, "injured": injured},
        reasons,
        summary=f"fatigue: {active} active, {inactive} inactive" + ("; injured" if injured else "; not injured"),
    )


@check(
    "rest",
    "REST (on defence only): remove an inactive fatigue token, or else flip an active one",
    [
        Fact("active", "int", "active fatigue tokens", low=0, high=4),
        Fact("inactive", "int", "inactive fatigue tokens", 0, low=0, high=4),
        Fact("on_defence", "bool", "the player is a defender", True),
    ],
    example={"active": 1, "inactive": 1},
)
def rest(f: dict) -> Verdict:
    if not f["on_defence"]:
        return Verdict(
            "illegal", reasons=[because(REST, "REST is a defensive action")], summary="illegal REST on attack"
        )
    active, inactive = f["active"], f["inactive"]
    why = "an inactive token is removed" if inactive else "no inactive token: an active one is flipped"
    if inactive:
        inactive -= 1
    elif active:
        active, inactive = active - 1, 1
    return Verdict(
        "value",
        {"active": active, "inactive": inactive},
        [because(REST, why)],
        summary=f"REST: {why}; {active} active, {inactive} inactive left",
    )


SKILLS = {
    "side-step": SIDE_STEP,
    "precise-pass": PRECISE_PASS,
    "onslaught": ONSLAUGHT,
    "expert-tackler": EXPERT_TACKLER,
}
SKILL_NAMES = (*SKILLS, "defensive-insight")


@check(
    "skill-by-position",
    "Does a skill by position still work? Lost with an active fatigue token; with only inactive tokens the book "
    "reads both ways",
    [
        Fact("skill", "choice", "the skill", choices=SKILL_NAMES),
        Fact("active", "int", "active fatigue tokens", 0, low=0, high=4),
        Fact("inactive", "int", "inactive fatigue tokens", 0, low=0, high=4),
    ],
    example={"skill": "precise-pass", "inactive": 1},
)
def skill_by_position(f: dict) -> Verdict:
    quote = SKILLS.get(f["skill"], DEFENSIVE_INSIGHT)
    dice = 1 if f["skill"] == "defensive-insight" else 2
    kept = {"skill": "kept", "dice": dice} if f["skill"] != "defensive-insight" else {"skill": "kept"}
    lost = {"skill": "lost", "dice": 1} if f["skill"] != "defensive-insight" else {"skill": "lost"}
    if f["active"]:
        return Verdict(
            "value",
            lost,
            [because(quote, "the skill"), because(FATIGUE_1, "an active fatigue token"), because(SKILLS_LOST, "lost")],
            summary=f"the {f['skill']} skill is lost (an active fatigue token)",
        )
    if f["inactive"]:
        return Verdict(
            "ambiguous",
            None,
            [because(quote, "the skill")],
            [
                Reading(
                    "an inactive token applies no adverse effect: the skill stays",
                    "value",
                    kept,
                    [because(FATIGUE_INACTIVE, "no adverse effect"), because(FATIGUE_1, "the effect switched off")],
                ),
                Reading(
                    "he still has a fatigue token: the skill is lost",
                    "value",
                    lost,
                    [because(SKILLS_LOST, "while you have a fatigue token")],
                ),
            ],
            summary=f"ambiguous: the {f['skill']} skill with only an inactive fatigue token",
        )
    return Verdict("value", kept, [because(quote, "no fatigue token: the skill works")], summary=f"{f['skill']}: kept")

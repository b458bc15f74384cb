"""Touchdown Heroes' checks: play-book effects and hero skills (mostly not printed in the book: `unknown`)."""

from __future__ import annotations

from referee.rules import Fact, Verdict, because, check, then

from .quotes import (
    FACE_DOWN_HERO,
    FAQ_1_SELF,
    FAQ_2_TIE,
    FAQ_3_10_LEAD,
    FAQ_4_HERO_UP,
    FAQ_5_TWICE,
    FAQ_6_8_AFTER,
    FAQ_7_9_SELF,
    FAQ_9_LEAD,
    FAQ_MONSTER_KICKOFF,
    FAQ_MONSTER_NOT_LEAD,
    FAQ_NINJA_BEFORE,
    FAQ_NINJA_UNDECLARED,
    FAQ_OWN_GOAL,
    FAQ_OWN_TEAM,
    FAQ_SKULL_MAN,
    FAQ_START_OF_PLAY,
    FAQ_SUCCESS_SELF,
    FAQ_SUCCESS_TIMING,
    FAQ_TOUGH_MAN,
    FAQ_WONDER_GIRL,
    HALFTIME,
    LOWEST_WINS,
    NOT_PRINTED,
    SEE_CARDS,
    SKILL_WHEN,
)

# ================================================================ play-book effects and hero skills


# What the FAQ says of each play-book number (the effect texts themselves are on the cards).
PLAYBOOK_KNOWN = {
    1: (FAQ_1_SELF,),
    2: (FAQ_2_TIE, FAQ_7_9_SELF),
    3: (FAQ_3_10_LEAD, FAQ_OWN_TEAM),
    4: (FAQ_4_HERO_UP,),
    5: (FAQ_5_TWICE,),
    6: (FAQ_OWN_TEAM, FAQ_6_8_AFTER),
    7: (FAQ_7_9_SELF,),
    8: (FAQ_OWN_TEAM, FAQ_6_8_AFTER),
    9: (FAQ_9_LEAD, FAQ_7_9_SELF),
    10: (FAQ_3_10_LEAD, FAQ_OWN_TEAM),
}
# What the FAQ says of each hero's skill (its text is on the hero card).
HERO_FAQ = {
    "monster": (FAQ_MONSTER_KICKOFF, FAQ_MONSTER_NOT_LEAD),
    "birdman": (FAQ_SUCCESS_TIMING, FAQ_SUCCESS_SELF),
    "blue-wind": (FAQ_SUCCESS_TIMING, FAQ_SUCCESS_SELF),
    "officer": (FAQ_START_OF_PLAY,),
    "dragon": (FAQ_START_OF_PLAY,),
    "skull-man": (FAQ_SKULL_MAN,),
    "wonder-girl": (FAQ_WONDER_GIRL,),
    "the-ninja": (FAQ_NINJA_BEFORE, FAQ_NINJA_UNDECLARED),
    "tough-man": (FAQ_TOUGH_MAN, FAQ_OWN_GOAL),
    "other": (),
}


@check(
    "playbook-faq",
    "What a play-book effect does here: its text is on the card; the FAQ settles a second '5' (nullified), a '4' with "
    "the player's hero face up (not applied), a '9' on the lead (no suit change, no effect), '3'/'10' and '6'/'8' on "
    "one's own team",
    [
        Fact("number", "int", "the play-book number", low=1, high=10),
        Fact("case", "choice", "what is asked", "text", choices=("text", "second", "hero-up", "on-lead", "own-team")),
    ],
    example={"number": 5, "case": "second"},
)
def play_book(f: dict) -> Verdict:
    n, case = f["number"], f["case"]
    faq = PLAYBOOK_KNOWN[n]
    if case == "second" and n == 5:
        return Verdict(
            "value",
            "nullified",
            [because(FAQ_5_TWICE, "the later 5 is nullified")],
            summary="the second 5 does nothing",
        )
    if case == "hero-up" and n == 4:
        return Verdict(
            "value",
            "not applied",
            [because(FAQ_4_HERO_UP, "hero face up")],
            summary="the 4 effect is not applied",
        )
    if case == "on-lead" and n == 9:
        return Verdict(
            "value",
            {"lead_suit_changes": False, "lead_effect": False},
            [
                because(FAQ_9_LEAD, "the lead may be made not-follow"),
                because(LOWEST_WINS, "judged among the others"),
            ],
            summary="the lead becomes not-follow; the lead suit stays and its play-book effect does not activate",
        )
    if case == "own-team" and n in (3, 6, 8, 10):
        return Verdict("value", "applied", [because(FAQ_OWN_TEAM, "disadvantageous effects apply")], summary="applied")
    return Verdict(
        "unknown",
        None,
        [
            because(NOT_PRINTED, f"the '{n}' text is on the card"),
            because(SEE_CARDS, "the cards"),
            *[because(q, "what the FAQ says") for q in faq],
        ],
        summary=f"unknown: the '{n}' play-book text is printed on the card, not in the book",
    )


HEROES = (
    "monster",
    "birdman",
    "blue-wind",
    "officer",
    "dragon",
    "skull-man",
    "wonder-girl",
    "the-ninja",
    "tough-man",
    "other",
)
WHEN = ("kickoff", "start-of-play", "after-lead-played", "before-own-card", "after-attack-success", "halftime", "trick")


@check(
    "hero-skill",
    "May a hero's skill be used now? Face up only; at the timing on its card, which the FAQ settles for some "
    "(Monster at kickoff and by a non-lead, Officer and Dragon before the lead plays, Birdman and Blue Wind after an "
    "attack success, The Ninja before one's card and undeclared); what it does is on the card",
    [
        Fact("hero", "choice", "the hero", choices=HEROES),
        Fact("face_up", "bool", "the hero card is face up", True),
        Fact("when", "choice", "when it is used (it decides: never assumed)", choices=WHEN),
        Fact("is_lead", "bool", "the user holds the lead", False),
        Fact("declared", "bool", "the user announces it", True),
    ],
    example={"hero": "officer", "when": "after-lead-played"},
)
def hero_skill(f: dict) -> Verdict:
    hero = f["hero"]
    after = [
        then(SKILL_WHEN, "the card is turned face down; its effect is on the card"),
        then(NOT_PRINTED, "the skill's text"),
    ]
    if not f["face_up"]:
        return Verdict(
            "illegal",
            reasons=[
                because(FACE_DOWN_HERO, "face down: not until a play-book effect turns it up"),
                because(SKILL_WHEN, "only by a play-book effect"),
            ],
            summary=f"illegal: {hero} is face down",
        )
    if hero in ("officer", "dragon"):
        ok = f["when"] == "start-of-play"
        return Verdict(
            "legal" if ok else "illegal",
            reasons=[because(FAQ_START_OF_PLAY, "before the lead plays a card")],
            consequences=after if ok else [],
            summary=f"{'legal' if ok else 'illegal: too late'}: {hero} is used at the start of play, before the lead's card",
        )
    if hero == "monster":
        reasons = [
            because(FAQ_MONSTER_KICKOFF, "at kickoff too"),
            because(FAQ_MONSTER_NOT_LEAD, "not only by the lead"),
        ]
        return Verdict(
            "legal",
            reasons=reasons,
            consequences=after,
            summary="legal: Monster may be used, at kickoff too, by anyone",
        )
    if hero in ("birdman", "blue-wind"):
        ok = f["when"] == "after-attack-success"
        reasons = [
            because(FAQ_SUCCESS_TIMING, "after the attack success"),
            because(FAQ_SUCCESS_SELF, "for oneself or the partner"),
        ]
        return Verdict(
            "legal" if ok else "unknown",
            reasons=reasons,
            consequences=after if ok else [],
            summary=f"{'legal' if ok else 'unknown'}: {hero} after an attack success, for oneself or the partner",
        )
    if hero == "the-ninja":
        ok = f["when"] in ("before-own-card", "trick")
        reasons = [
            because(FAQ_NINJA_BEFORE, "before one's own card"),
            because(FAQ_NINJA_UNDECLARED, "no declaration needed"),
        ]
        return Verdict(
            "legal" if ok else "unknown",
            reasons=reasons,
            consequences=after if ok else [],
            summary="legal: The Ninja before one's card, without declaring it" if ok else "unknown timing",
        )
    reasons = [because(SKILL_WHEN, "at the timing given on the card")]
    reasons += [because(quote, "what the FAQ says of it") for quote in HERO_FAQ[hero]]
    return Verdict(
        "unknown",
        None,
        [*reasons, because(NOT_PRINTED, "its text is on the card")],
        summary=f"unknown: {hero}'s timing and effect are printed on its card",
    )


@check(
    "hero-effect",
    "What does a hero's skill do? Printed on the hero card, not in the book: unknown (the FAQ's word on its timing kept)",
    [Fact("hero", "choice", "the hero", choices=HEROES)],
    example={"hero": "dragon"},
)
def hero_effect(f: dict) -> Verdict:
    reasons = [because(NOT_PRINTED, "the skill's text is on the card"), because(SEE_CARDS, "the cards")]
    reasons += [because(quote, "what the FAQ does say") for quote in HERO_FAQ[f["hero"]]]
    return Verdict(
        "unknown", None, reasons, summary=f"unknown: {f['hero']}'s skill is printed on its card, not in the book"
    )


@check(
    "hero-face-up",
    "May a face-down hero be turned face up? Only by a play-book effect: not at halftime, which collects only the play cards",
    [
        Fact("by_playbook", "bool", "a play-book effect turns it up"),
        Fact("face_down", "bool", "the hero card is face down now", True),
    ],
    example={"by_playbook": False},
)
def hero_face_up(f: dict) -> Verdict:
    reasons = [
        because(FACE_DOWN_HERO, "face down until a play-book effect"),
        because(SKILL_WHEN, "only by a play-book effect"),
    ]
    if not f["face_down"]:
        return Verdict("legal", reasons=reasons, summary="the hero is already face up")
    if f["by_playbook"]:
        return Verdict("legal", reasons=reasons, summary="legal: a play-book effect turns the hero up")
    return Verdict(
        "illegal",
        reasons=[*reasons, because(HALFTIME, "halftime collects the play cards, nothing else")],
        summary="illegal: only a play-book effect turns a hero face up",
    )


@check(
    "tough-man-seven",
    "The '7' play-book effect with Tough Man: the ball of the team that succeeded in its attack goes back 1 square; "
    "from the '10' square that is an own goal, 2 points",
    [
        Fact("position", "int", "the square the ball is on after the attack", low=1, high=10),
        Fact("hero_ready", "bool", "the player's hero is Tough Man, face up", True),
    ],
    example={"position": 10},
)
def tough_man_seven(f: dict) -> Verdict:
    reasons = [because(FAQ_TOUGH_MAN, "the combination is allowed")]
    if not f["hero_ready"]:
        return Verdict(
            "illegal",
            reasons=[*reasons, because(FACE_DOWN_HERO, "a skill needs its hero face up")],
            summary="illegal: the player has no face-up Tough Man",
        )
    if f["position"] == 10:
        return Verdict(
            "value",
            {"own_goal": True, "points": 2},
            [*reasons, because(FAQ_OWN_GOAL, "from the 10: an own goal")],
            outcome="scored",
            summary="the ball goes back from the 10: an own goal, 2 points",
        )
    return Verdict(
        "value",
        {"own_goal": False, "position": f["position"] + 1},
        reasons,
        summary=f"the ball back to {f['position'] + 1}",
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
        [
            because(NOT_PRINTED, f"the {f['effect']!r} effect: its text is not in the book"),
            because(SEE_CARDS, "the cards"),
        ],
        summary=f"unknown: the {f['effect']!r} effect is printed on the card, not in the book",
    )

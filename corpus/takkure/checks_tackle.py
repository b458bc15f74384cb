"""Takkure's checks: tackle, dodge and break through (declaration, reach, outcome, endurance,
injury, second actions, a contest's result)."""

from __future__ import annotations

from referee.rules import Fact, Verdict, because, check, then

from .checks_common import (
    DIE,
    _count,
    _outcome,
)
from .quotes import (
    BREAK_CRITICAL,
    BREAK_FAIL,
    BREAK_SUCCESS,
    BREAK_WHEN,
    CORE_TACKLE,
    CRITICAL_WINS,
    DEFENSIVE_INSIGHT,
    DEFENSIVE_MOVE,
    DODGE_CRITICAL,
    DODGE_FAIL,
    DODGE_SUCCESS,
    DODGE_WHEN,
    ENDURANCE_FAIL,
    ENDURANCE_PASS,
    ENDURANCE_PRT,
    ENDURANCE_SUM,
    F2F_ALL_FAIL,
    F2F_ONE,
    F2F_SEVERAL,
    F2F_TIE,
    GROUND_NO_SECOND,
    GROUNDED_ONLY_STAND,
    INJURED_CARRIER,
    INJURED_STEPS,
    LOOSE_BALL,
    SECOND_ACTIONS,
    SKILLS_LOST,
    STAND_UP,
    STAND_UP_ATTACK,
    TACKLE_CANCELLED,
    TACKLE_CARRIER,
    TACKLE_CRITICAL,
    TACKLE_DECLARE,
    TACKLE_FAIL,
    TACKLE_GROUND,
    TACKLE_NO_CONTACT,
    TACKLE_REACH,
    TACKLE_SUCCESS,
    UNOPPOSED,
    UNOPPOSED_WHEN,
    WOUNDS_INJURE,
)

# ================================================================ tackle, dodge, break through


@check(
    "tackle-declaration",
    "May a defender declare a TACKLE on this player? (only the ball carrier, never a GROUNDED player)",
    [
        Fact("target_has_ball", "bool", "the target carries the ball"),
        Fact("target_grounded", "bool", "the target is GROUNDED", False),
        Fact("target_active", "bool", "the target is the active player", True),
    ],
    example={"target_has_ball": True, "target_grounded": False},
)
def tackle_declaration(f: dict) -> Verdict:
    if not f["target_has_ball"]:
        return Verdict(
            "illegal",
            reasons=[
                because(TACKLE_CARRIER, "the target does not carry the ball"),
                because(CORE_TACKLE, "one of the three core rugby rules"),
            ],
            summary="illegal tackle: the target does not carry the ball",
        )
    if f["target_grounded"]:
        return Verdict(
            "illegal",
            reasons=[because(TACKLE_GROUND, "the target is on the ground")],
            summary="illegal tackle: the target is GROUNDED",
        )
    active = "the active player" if f["target_active"] else "not the active player, which does not matter"
    reasons = [because(TACKLE_CARRIER, f"the target carries the ball ({active})")]
    if not f["target_active"]:
        reasons.append(because(UNOPPOSED_WHEN, "only the active player has a second action: the STR roll is unopposed"))
    return Verdict(
        "legal",
        reasons=reasons,
        consequences=[
            then(TACKLE_SUCCESS, "if the STR roll succeeds: both players GROUNDED, the target rolls ENDURANCE"),
            then(TACKLE_CRITICAL, "on a critical: the target takes a wound instead"),
            then(TACKLE_FAIL, "if it fails: the tackler rolls REF or is GROUNDED"),
        ],
        summary="legal tackle (on the ball carrier)",
    )


@check(
    "tackle-reach",
    "Does the tackler reach the point he declared? His defensive MOV (twice with Defensive Insight); "
    "no contact is a failed tackle",
    [
        Fact("distance", "float", "distance to the declared point of the tackle", unit="inches", low=0, high=80),
        Fact("defensive_mov", "int", "the tackler's second MOV value", low=0, high=20),
        Fact("insight", "choice", "Defensive Insight", "none", choices=("none", "kept", "lost")),
    ],
    example={"distance": 5, "defensive_mov": 3, "insight": "lost"},
)
def tackle_reach(f: dict) -> Verdict:
    reach = f["defensive_mov"] * (2 if f["insight"] == "kept" else 1)
    reasons = [
        because(TACKLE_DECLARE, "the point is declared before measuring"),
        because(TACKLE_REACH, "measure and get as close to it as possible"),
        because(DEFENSIVE_MOVE, f'a defensive move of up to {f["defensive_mov"]}" (second MOV)'),
    ]
    if f["insight"] != "none":
        state = "doubles it" if f["insight"] == "kept" else "is lost to fatigue"
        reasons.append(because(DEFENSIVE_INSIGHT, f"Defensive Insight {state}"))
        if f["insight"] == "lost":
            reasons.append(because(SKILLS_LOST, "a fatigue token takes the skill away"))
    moved = min(reach, f["distance"])
    if f["distance"] <= reach:
        return Verdict(
            "value",
            {"reaches": True, "moved": moved},
            reasons,
            summary=f'the tackler reaches the point ({f["distance"]:g}" of {reach}")',
        )
    return Verdict(
        "value",
        {"reaches": False, "moved": moved},
        [*reasons, because(TACKLE_NO_CONTACT, "no contact: the tackle counts as failed")],
        outcome="fails",
        consequences=[then(TACKLE_FAIL, "the tackler rolls REF; if it fails he is GROUNDED and rolls ENDURANCE")],
        summary=f'the tackler moves {moved:g}" and does not reach the point ({f["distance"]:g}"): a failed tackle',
    )


TACKLE_RESULTS = ("success", "critical", "fail", "cancelled")


@check(
    "tackle-outcome",
    "What a tackle's result does: success (both GROUNDED, ENDURANCE), critical (a wound), fail (the tackler's "
    "REF roll), cancelled (nothing, not GROUNDED)",
    [
        Fact("result", "choice", "the tackle's result", choices=TACKLE_RESULTS),
        Fact("ref", "int", "the tackler's REF (for a failed tackle)", None, low=-5, high=20),
        Fact("ref_die", "int", "the tackler's REF die (0: not rolled)", 0, **DIE),
    ],
    example={"result": "fail", "ref": 5, "ref_die": 7},
)
def tackle_outcome(f: dict) -> Verdict:
    result = f["result"]
    if result in ("success", "critical"):
        key = TACKLE_CRITICAL if result == "critical" else TACKLE_SUCCESS
        return Verdict(
            "value",
            {
                "tackler_grounded": True,
                "target_grounded": True,
                "endurance": None if result == "critical" else "target",
                "wound": "target" if result == "critical" else None,
            },
            [
                because(TACKLE_SUCCESS, "the tackle succeeds"),
                *([because(key, "a critical")] if key is not TACKLE_SUCCESS else []),
            ],
            outcome="succeeds",
            summary="tackle: both players GROUNDED; the tackled player "
            + ("takes a wound" if result == "critical" else "rolls ENDURANCE"),
        )
    if result == "cancelled":
        return Verdict(
            "value",
            {"tackler_grounded": False, "target_grounded": False, "endurance": None, "wound": None},
            [because(TACKLE_CANCELLED, "the roll is cancelled")],
            outcome="cancelled",
            summary="tackle cancelled: not performed, the tackler is not GROUNDED",
        )
    reasons = [because(TACKLE_FAIL, "a failed tackle: the tackler rolls REF")]
    if not f["ref_die"] or f["ref"] is None:
        return Verdict(
            "value",
            {"tackler_grounded": None, "target_grounded": False, "endurance": None, "wound": None},
            reasons,
            outcome="fails",
            summary="the tackle fails: the tackler rolls REF; if that fails he is GROUNDED and rolls ENDURANCE",
        )
    kept = _outcome(f["ref"], f["ref_die"]) in ("success", "critical")
    return Verdict(
        "value",
        {
            "tackler_grounded": not kept,
            "target_grounded": False,
            "endurance": None if kept else "tackler",
            "wound": None,
        },
        [*reasons, because(UNOPPOSED, f"REF {f['ref']}, rolled {f['ref_die']}: {'kept' if kept else 'failed'}")],
        outcome="fails",
        summary=f"the tackle fails; REF roll {f['ref_die']} against {f['ref']}: "
        + ("the tackler stays up" if kept else "the tackler is GROUNDED and rolls ENDURANCE"),
    )


@check(
    "endurance-roll",
    "An ENDURANCE roll: BDY + PRT; a higher die is a WOUND",
    [
        Fact("bdy", "int", "the player's BDY", low=0, high=20),
        Fact("prt", "int", "the player's PRT (protection)", low=0, high=20),
        Fact("die", "int", "the die rolled", low=1, high=12),
    ],
    example={"bdy": 3, "prt": 2, "die": 4},
)
def endurance_roll(f: dict) -> Verdict:
    endurance = f["bdy"] + f["prt"]
    reasons = [
        because(ENDURANCE_SUM, f"BDY {f['bdy']} + PRT {f['prt']} = {endurance}"),
        because(ENDURANCE_PRT, "PRO is the card's PRT"),
    ]
    if f["die"] <= endurance:
        return Verdict(
            "value",
            {"wound": False},
            [*reasons, because(ENDURANCE_PASS, f"{f['die']} <= {endurance}: no damage")],
            outcome="succeeds",
            summary=f"ENDURANCE {endurance}, rolled {f['die']}: no wound",
        )
    return Verdict(
        "value",
        {"wound": True},
        [*reasons, because(ENDURANCE_FAIL, f"{f['die']} > {endurance}: a WOUND token")],
        outcome="fails",
        summary=f"ENDURANCE {endurance}, rolled {f['die']}: a wound",
    )


@check(
    "injury",
    "Is the player injured? As many wounds as his BDY, or a fourth fatigue token; an injured carrier's ball scatters",
    [
        Fact("wounds", "int", "WOUND tokens the player has", low=0, high=20),
        Fact("bdy", "int", "the player's BDY", low=0, high=20),
        Fact("is_ball_carrier", "bool", "the player carries the ball", False),
    ],
    example={"wounds": 3, "bdy": 3, "is_ball_carrier": True},
)
def injury(f: dict) -> Verdict:
    injured = f["wounds"] >= f["bdy"]
    reasons = [because(WOUNDS_INJURE, f"{f['wounds']} wound(s) against BDY {f['bdy']}")]
    if not injured:
        return Verdict("value", {"injured": False}, reasons, summary=f"not injured ({f['wounds']} of {f['bdy']})")
    consequences = [then(INJURED_STEPS, "removed from the field, tokens removed, a roll on the injury table")]
    if f["is_ball_carrier"]:
        consequences += [
            then(INJURED_CARRIER, "the ball scatters from where he was"),
            then(LOOSE_BALL, "the attack keeps possession until a defender takes the ball"),
        ]
    return Verdict(
        "value",
        {"injured": True, "ball": "scattered" if f["is_ball_carrier"] else None},
        reasons,
        consequences=consequences,
        summary="injured: removed from the field"
        + ("; the ball scatters from his position" if f["is_ball_carrier"] else ""),
    )


SECOND = ("move", "pass", "pick-up", "dodge", "break-through", "score-a-try")
FIRST = ("none", "move", "stand-up", "pass-from-the-ground")


@check(
    "second-action",
    "May the active player take this second action? (not after a pass from the ground, not while GROUNDED; "
    "dodge and break through only against a declared TACKLE; break through: ball carrier only)",
    [
        Fact("action", "choice", "the second action", choices=SECOND),
        Fact("tackle_declared", "bool", "a defender declared a TACKLE against this player", False),
        Fact("is_ball_carrier", "bool", "the player carries the ball", True),
        Fact("first_action", "choice", "the player's first action this activation", "none", choices=FIRST),
        Fact("grounded_tokens", "int", "GROUNDED tokens the player still has", 0, low=0, high=5),
    ],
    example={"action": "break-through", "tackle_declared": True, "is_ball_carrier": False},
)
def second_action(f: dict) -> Verdict:
    name = f["action"].replace("-", " ").upper()
    if f["first_action"] == "pass-from-the-ground":
        return Verdict(
            "illegal",
            reasons=[because(GROUND_NO_SECOND, "the first action was a pass from the ground")],
            summary=f"illegal {name}: no second action after a PASS FROM THE GROUND",
        )
    if f["grounded_tokens"]:
        reasons = [because(GROUNDED_ONLY_STAND, f"{_count(f['grounded_tokens'], 'GROUNDED token')} left")]
        if f["first_action"] == "stand-up":
            reasons = [
                because(STAND_UP, "STAND UP removed one GROUNDED token"),
                because(STAND_UP_ATTACK, "a MOVE as 2nd action needs no ground tokens left"),
                *reasons,
            ]
        return Verdict("illegal", reasons=reasons, summary=f"illegal {name}: the player is still GROUNDED")
    if f["action"] in ("dodge", "break-through"):
        key = DODGE_WHEN if f["action"] == "dodge" else BREAK_WHEN
        if not f["tackle_declared"]:
            return Verdict(
                "illegal",
                reasons=[because(key, "no TACKLE was declared against this player")],
                summary=f"illegal {name}: no TACKLE was declared against the player",
            )
        if f["action"] == "break-through" and not f["is_ball_carrier"]:
            return Verdict(
                "illegal",
                reasons=[because(BREAK_WHEN, "the player does not carry the ball")],
                summary="illegal BREAK THROUGH: the player does not carry the ball",
            )
        success, critical, fail = DODGE_AFTER if f["action"] == "dodge" else BREAK_AFTER
        return Verdict(
            "legal",
            reasons=[because(key, "a TACKLE was declared against this player")],
            consequences=[
                then(success, "if the roll succeeds"),
                then(critical, "on a critical"),
                then(fail, "if it fails"),
            ],
            summary=f"legal {name} (a TACKLE was declared against the player)",
        )
    reasons = [because(SECOND_ACTIONS, f"{name} is a second action")]
    if f["first_action"] == "stand-up":
        reasons.append(because(STAND_UP_ATTACK, "no ground tokens left after STAND UP"))
    return Verdict("legal", reasons=reasons, summary=f"legal {name} as the second action")


# What follows a DODGE or a BREAK THROUGH: (on success, on a critical, on a miss).
DODGE_AFTER = (DODGE_SUCCESS, DODGE_CRITICAL, DODGE_FAIL)
BREAK_AFTER = (BREAK_SUCCESS, BREAK_CRITICAL, BREAK_FAIL)


@check(
    "contest-result",
    "What the active player's DODGE or BREAK THROUGH does against one tackler, by both results",
    [
        Fact("action", "choice", "the active player's action", choices=("dodge", "break-through")),
        Fact("winner", "choice", "who won the roll", choices=("attacker", "tackler", "nobody", "tie")),
        Fact("critical", "bool", "the winner rolled a critical", False),
        Fact("tackler_failed", "bool", "the tackler failed his roll (only the attacker succeeded)", False),
    ],
    example={"action": "dodge", "winner": "attacker", "critical": True},
)
def contest_result(f: dict) -> Verdict:
    success, critical, fail = DODGE_AFTER if f["action"] == "dodge" else BREAK_AFTER
    if f["winner"] == "attacker":
        key = critical if f["critical"] else success
        consequences = [then(key, f"the {f['action'].replace('-', ' ')} succeeds")]
        if f["tackler_failed"]:
            consequences.append(then(TACKLE_FAIL, "the tackler failed: his REF roll"))
        else:
            consequences.append(then(TACKLE_CANCELLED, "the tackler's roll is cancelled: not performed, not GROUNDED"))
        value = {"attacker": "dodges" if f["action"] == "dodge" else "breaks through"}
        if f["action"] == "dodge":
            value["move"] = 4 if f["critical"] else 2
        return Verdict(
            "value",
            value,
            [because(F2F_ONE if f["tackler_failed"] else F2F_SEVERAL, "the attacker wins the roll")],
            outcome="succeeds",
            consequences=consequences,
            summary=f"the {f['action'].replace('-', ' ')} succeeds" + (" (a critical)" if f["critical"] else ""),
        )
    if f["winner"] == "tackler":
        key = TACKLE_CRITICAL if f["critical"] else TACKLE_SUCCESS
        return Verdict(
            "value",
            {"attacker": "tackled"},
            [because(CRITICAL_WINS if f["critical"] else F2F_SEVERAL, "the tackler wins the roll")],
            outcome="fails",
            consequences=[then(key, "the tackle succeeds"), then(fail, "the attacker's own action has no effect")],
            summary="the tackle wins: the active player is tackled",
        )
    if f["winner"] == "tie":
        return Verdict(
            "value",
            {"attacker": "nothing"},
            [because(F2F_TIE, "no effect")],
            outcome="cancelled",
            summary="a tie: no effect",
        )
    return Verdict(
        "value",
        {"attacker": "nothing"},
        [because(F2F_ALL_FAIL, "each failed action's adverse effect applies")],
        outcome="fails",
        consequences=[
            then(fail, "the attacker's failure has no adverse effect"),
            then(TACKLE_FAIL, "the tackler rolls REF"),
        ],
        summary="both fail: each failed action's adverse effect applies",
    )

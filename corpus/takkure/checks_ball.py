"""Takkure's checks: the ball (steal, pick up), GROUNDED players, standing up, measuring."""

from __future__ import annotations

from referee.rules import Fact, Reading, Verdict, because, check, then

from .quotes import (
    CORE_GROUNDED,
    CORE_PASS,
    FIRST_ACTIONS,
    GROUNDED_CARRIER,
    GROUNDED_ONLY_STAND,
    NO_MEASURING,
    PICK_UP_ROLL,
    PICK_UP_WHERE,
    PICK_UP_WHO,
    SECOND_MOVE_TOKEN,
    STAND_UP,
    STAND_UP_ATTACK,
    STAND_UP_DEFENCE,
    STEAL_AIR,
    STEAL_AIR_RESULT,
    STEAL_GROUNDED,
    STEAL_GROUNDED_FIGURE,
    STEAL_GROUNDED_STEALER,
    STEAL_LOOSE,
    STEAL_NOT_STANDING,
    STEAL_WAYS,
    STOLEN,
    TACKLE_DECLARE,
    TACKLE_NO_CONTACT,
)

STEAL_MODIFIER = {"loose": (STEAL_LOOSE, 4), "in-the-air": (STEAL_AIR, -2)}


@check(
    "ball-steal",
    "May a defender try to STEAL the ball? (loose, held by a GROUNDED attacker, or in the air; not when GROUNDED)",
    [
        Fact("ball", "choice", "where the ball is", choices=("loose", "held-grounded", "in-the-air", "held-standing")),
        Fact("stealer_grounded", "bool", "the defender trying to steal is GROUNDED", False),
        Fact("in_contact", "bool", "in contact with the ball or its carrier (on the pass's line, for a pass)", True),
    ],
    example={"ball": "held-standing"},
)
def ball_steal(f: dict) -> Verdict:
    if f["ball"] == "held-standing":
        return Verdict(
            "illegal",
            reasons=[because(STEAL_NOT_STANDING, "the carrier is not GROUNDED")],
            summary="illegal BALL STEAL: the carrier is standing",
        )
    if f["stealer_grounded"]:
        return Verdict(
            "illegal",
            reasons=[because(STEAL_GROUNDED_STEALER, "the defender is GROUNDED")],
            summary="illegal BALL STEAL: the defender is GROUNDED",
        )
    after = [then(STOLEN, "if the steal succeeds, possession changes at the end of the activation")]
    where = f["ball"].replace("-", " ")
    if not f["in_contact"]:
        key = {"loose": STEAL_LOOSE, "held-grounded": STEAL_GROUNDED, "in-the-air": STEAL_AIR}[f["ball"]]
        return Verdict(
            "illegal", reasons=[because(key, "not in contact")], summary=f"illegal BALL STEAL: not in contact ({where})"
        )
    if f["ball"] == "held-grounded":
        return Verdict(
            "ambiguous",
            None,
            [because(STEAL_WAYS, "the ball is held by a GROUNDED carrier")],
            [
                Reading(
                    "the text: a plain BaC roll",
                    "legal",
                    {"bac_modifier": 0},
                    [because(STEAL_GROUNDED, "BaC, no modifier")],
                ),
                Reading(
                    "the figure's label: BaC +4",
                    "legal",
                    {"bac_modifier": 4},
                    [because(STEAL_GROUNDED_FIGURE, "BaC +4")],
                ),
            ],
            consequences=after,
            summary="legal BALL STEAL from a GROUNDED carrier; ambiguous roll: BaC by the text, BaC +4 by the figure",
        )
    key, modifier = STEAL_MODIFIER[f["ball"]]
    return Verdict(
        "legal",
        {"bac_modifier": modifier},
        [because(STEAL_WAYS, f"the ball is {where}"), because(key, f"BaC roll at {modifier:+d}")],
        consequences=[
            *after,
            *(
                [then(STEAL_AIR_RESULT, "success: the stealer carries; else the pass goes on")]
                if f["ball"] == "in-the-air"
                else []
            ),
        ],
        summary=f"legal BALL STEAL (the ball is {where}); BaC roll at {modifier:+d}",
    )


@check(
    "pick-up",
    "May an attacker PICK UP THE BALL? In contact with the ball, or behind a carrier (as in a pass); BaC +4",
    [
        Fact("on_attack", "bool", "the player is an attacker"),
        Fact("ball", "choice", "where the ball is", choices=("loose", "held")),
        Fact("behind", "bool", "the player is behind the carrier (or level), not ahead of him", True),
        Fact("in_contact", "bool", "the player is in contact with the ball or its carrier during his move", True),
    ],
    example={"on_attack": True, "ball": "held", "behind": False},
)
def pick_up(f: dict) -> Verdict:
    if not f["on_attack"]:
        return Verdict("illegal", reasons=[because(PICK_UP_WHO, "a defender")], summary="illegal PICK UP: a defender")
    if not f["in_contact"]:
        return Verdict(
            "illegal",
            reasons=[because(PICK_UP_WHERE, "not in contact with the ball")],
            summary="illegal PICK UP: not in contact",
        )
    if f["ball"] == "held" and not f["behind"]:
        return Verdict(
            "illegal",
            reasons=[
                because(PICK_UP_WHERE, "in front of the carrier, not behind him"),
                because(CORE_PASS, "as for a pass"),
                because(PICK_UP_ROLL, "from behind he could roll BaC +4 and become the carrier"),
            ],
            summary="illegal PICK UP: from a carrier he must be behind, as in a pass",
        )
    return Verdict(
        "legal",
        {"bac_modifier": 4},
        [because(PICK_UP_WHERE, "in contact" + (", behind the carrier" if f["ball"] == "held" else ""))],
        consequences=[then(PICK_UP_ROLL, "a BaC roll at +4; then he carries the ball")],
        summary="legal PICK UP THE BALL: BaC +4",
    )


GROUNDED_ACTIONS = (
    "stand-up",
    "pass-from-the-ground",
    "move",
    "pass",
    "tackle",
    "dodge",
    "break-through",
    "ball-steal",
    "pressure",
    "rest",
    "score-a-try",
    "pick-up",
)


@check(
    "grounded-action",
    "What may a GROUNDED player do? (STAND UP; a grounded ball carrier only a PASS FROM THE GROUND)",
    [
        Fact("action", "choice", "the action", choices=GROUNDED_ACTIONS),
        Fact("is_ball_carrier", "bool", "the grounded player carries the ball"),
    ],
    example={"action": "stand-up", "is_ball_carrier": True},
)
def grounded_action(f: dict) -> Verdict:
    action = f["action"].replace("-", " ").upper()
    if f["is_ball_carrier"]:
        ok = f["action"] in ("pass-from-the-ground", "pass")
        reasons = [because(GROUNDED_CARRIER, "a grounded ball carrier cannot stand up; it may pass from the ground")]
        if f["action"] == "stand-up":
            reasons.append(because(CORE_GROUNDED, "one of the three core rugby rules"))
        return Verdict(
            "legal" if ok else "illegal",
            reasons=reasons,
            summary="legal: a GROUNDED ball carrier may PASS FROM THE GROUND"
            if ok
            else f"illegal {action}: a GROUNDED ball carrier may only PASS FROM THE GROUND",
        )
    ok = f["action"] == "stand-up"
    return Verdict(
        "legal" if ok else "illegal",
        reasons=[because(GROUNDED_ONLY_STAND, "a grounded player may only STAND UP")],
        summary=f"{'legal' if ok else 'illegal'} {action} by a GROUNDED player",
    )


@check(
    "second-move-tackled",
    "A carrier tackled during his first move who moves again: the start of the second move is marked with the "
    "active player token, and a successful tackle drops him there",
    [Fact("tackled", "choice", "the tackle's result", "pending", choices=("pending", "yes", "no"))],
    example={"tackled": "yes"},
)
def second_move_tackled(f: dict) -> Verdict:
    where = {"pending": "if the TACKLE succeeds", "yes": "the TACKLE succeeded", "no": "the TACKLE failed"}[
        f["tackled"]
    ]
    value = {"falls_at_token": {"pending": None, "yes": True, "no": False}[f["tackled"]]}
    return Verdict(
        "value",
        value,
        [because(SECOND_MOVE_TOKEN, where)],
        summary="the carrier falls at the active player token"
        if f["tackled"] == "yes"
        else f"{where}: he falls at the token",
    )


@check(
    "stand-up",
    "STAND UP: removes one GROUNDED token (not for a ball carrier); a MOVE as 2nd action only with none left",
    [
        Fact("grounded_tokens", "int", "GROUNDED tokens the player has", low=0, high=5),
        Fact("is_ball_carrier", "bool", "the player carries the ball", False),
        Fact("on_attack", "bool", "the player is an attacker (the active player's first action)", True),
    ],
    example={"grounded_tokens": 2},
)
def stand_up(f: dict) -> Verdict:
    if f["is_ball_carrier"]:
        return Verdict(
            "illegal",
            reasons=[because(GROUNDED_CARRIER, "the carrier cannot STAND UP"), because(CORE_GROUNDED, "a core rule")],
            summary="illegal STAND UP: the GROUNDED player carries the ball",
        )
    if not f["grounded_tokens"]:
        return Verdict(
            "illegal",
            reasons=[because(STAND_UP, "there is no GROUNDED token to remove")],
            summary="illegal STAND UP: the player is not GROUNDED",
        )
    left = f["grounded_tokens"] - 1
    after = STAND_UP_ATTACK if f["on_attack"] else STAND_UP_DEFENCE
    return Verdict(
        "legal",
        {"grounded_tokens": left},
        [because(STAND_UP, f"one token removed: {left} left"), because(FIRST_ACTIONS, "a first action")],
        consequences=[
            then(
                after, "a MOVE as 2nd action only with no ground tokens left" if f["on_attack"] else "no defensive move"
            )
        ],
        summary=f"legal STAND UP: {left} GROUNDED token(s) left",
    )


@check(
    "measuring",
    "May a coach measure before declaring an action? No: only when a rule requires it",
    [Fact("declared", "bool", "the action (and the point of a tackle) was declared before measuring")],
    example={"declared": False},
)
def measuring(f: dict) -> Verdict:
    reasons = [because(NO_MEASURING, "no measuring before declaring"), because(TACKLE_DECLARE, "declare, then measure")]
    if f["declared"]:
        return Verdict("legal", reasons=reasons, summary="legal: measured after declaring")
    return Verdict(
        "illegal",
        reasons=reasons,
        consequences=[then(TACKLE_NO_CONTACT, "a tackler who then falls short has failed the roll")],
        summary="illegal: no measuring before declaring the action and its point",
    )

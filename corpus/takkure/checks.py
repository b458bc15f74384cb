"""Takkure's rules as checks. Positions are in inches on the pitch; each situation says
which way the attacking team scores (+y or -y). Dice are D12.

Besides the actions of an activation (pass, tackle, dodge, break through, steal, pick up, score a
try), the match's flow is here: the time dashboard and the halves, who attacks, the end of an
activation, kick-offs, token removal, fatigue and rest, skills, team plays and cards, team skills,
and what the book does not say (`unknown`, with its closest sentences)."""

from __future__ import annotations

from itertools import product

from referee.errors import RefereeError
from referee.rules import Fact, Reading, Verdict, apart, because, check, then

from .quotes import (
    BEFORE_KICK_OFF,
    BEST_MODIFIER,
    BREAK_CRITICAL,
    BREAK_FAIL,
    BREAK_SUCCESS,
    BREAK_WHEN,
    CARD_TIMING,
    CARRIER_ACTIVE,
    CARRIER_PASSES,
    CATCH_IN_AIR,
    CORE_GROUNDED,
    CORE_PASS,
    CORE_TACKLE,
    CRITICAL_FUMBLE,
    CRITICAL_TIE,
    CRITICAL_WINS,
    DECK,
    DEFENDER_CATCHES,
    DEFENSIVE_INSIGHT,
    DEFENSIVE_MOVE,
    DISPLACE,
    DISPLACE_DOUBT,
    DODGE_CRITICAL,
    DODGE_FAIL,
    DODGE_SUCCESS,
    DODGE_WHEN,
    ENDURANCE_FAIL,
    ENDURANCE_PASS,
    ENDURANCE_PRT,
    ENDURANCE_SUM,
    EXPERT_TACKLER,
    EXTRA_DICE,
    EXTRA_DICE_OPPONENTS,
    F2F_ALL_FAIL,
    F2F_ONE,
    F2F_SEVERAL,
    F2F_TIE,
    FATIGUE_1,
    FATIGUE_2,
    FATIGUE_3,
    FATIGUE_CUMULATIVE,
    FATIGUE_GIVEN,
    FATIGUE_INACTIVE,
    FATIGUE_THIRD,
    FIRST_ACTIONS,
    FIRST_ATTACKER,
    FUMBLE,
    GROUND_8,
    GROUND_MINUS_2,
    GROUND_NO_SECOND,
    GROUNDED_CARRIER,
    GROUNDED_ONLY_STAND,
    HALFTIME,
    HALFTIME_FATIGUE,
    HALVES,
    HONOR,
    HONOR_FATIGUE,
    HONOR_GROUNDED,
    HONOR_INT,
    HONOR_OWN,
    INJURED_CARRIER,
    INJURED_STEPS,
    KICK_AFTER_TRY,
    KICK_FAILED_TRY,
    KICK_OFF_DONE,
    KICK_OFF_WHEN,
    KICK_OUT,
    KICK_SECOND_HALF,
    KICK_START,
    LOOSE_BALL,
    MAX_FATIGUE,
    MELEE,
    MELEE_BALL,
    MELEE_TIE,
    MELEE_WHEN,
    MODIFIER_EXAMPLE,
    MULTIPLE,
    MULTIPLE_DODGE,
    MULTIPLE_ORDER,
    MULTIPLE_UNASSIGNED,
    NO_MEASURING,
    ONSLAUGHT,
    PASS_ALL_FAIL,
    PASS_BEATEN,
    PASS_CRITICAL,
    PASS_FACE_TO_FACE,
    PASS_MISS,
    PASS_SUCCESS,
    PASS_TABLE,
    PASS_UNOPPOSED,
    PICK_UP_ROLL,
    PICK_UP_WHERE,
    PICK_UP_WHO,
    PLAY_CARDS,
    PLAYER_SKILLS,
    POSSESSION,
    PRECISE_PASS,
    PRESSURE,
    PRESSURE_STACKS,
    PRIORITY,
    RECEPTION_BEST,
    RECEPTION_MISS,
    RECEPTION_SUCCESS,
    RECEPTION_TABLE,
    REFEREE_ROLL,
    REMAINING_TOKENS,
    REPOSITION,
    REST,
    SECOND_ACTIONS,
    SECOND_MOVE_TOKEN,
    SIDE_STEP,
    SKILLS_LOST,
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
    SUPERSTARS,
    SUPERSTARS_BONUS,
    SUPERSTARS_CARD,
    SUPERSTARS_REROLL,
    TACKLE_CANCELLED,
    TACKLE_CARRIER,
    TACKLE_CRITICAL,
    TACKLE_DECLARE,
    TACKLE_FAIL,
    TACKLE_GROUND,
    TACKLE_NO_CONTACT,
    TACKLE_REACH,
    TACKLE_SUCCESS,
    TEAM_PLAY_ASIDE,
    TEAM_PLAY_WHEN,
    TEMPLATE,
    TIME_DOWN,
    TIME_FLIP,
    TIME_KEEP,
    TIME_START,
    TIME_UP,
    TIME_USED_UP,
    TOKEN_REMOVAL,
    TRY_FATIGUE,
    TRY_MISSED,
    TRY_OPPOSED,
    TRY_PRESSURE,
    TRY_SCORED,
    TRY_WHERE,
    UNOPPOSED,
    UNOPPOSED_WHEN,
    WINNER,
    WOUNDS_INJURE,
)

DIRECTION = Fact(
    "scoring_direction", "choice", "which way the attacking team scores along the y axis", "+y", choices=("+y", "-y")
)
PITCH = {"low": -40.0, "high": 40.0}
DIE = {"low": 0, "high": 12}  # 0: not rolled yet


def _ahead_by(passer: list[float], receiver: list[float], direction: str) -> float:
    sign = 1 if direction == "+y" else -1
    return (receiver[1] - passer[1]) * sign


def _count(n: int, noun: str) -> str:
    return f"{'one' if n == 1 else n} {noun}{'' if n == 1 else 's'}"


def _outcome(target: int, die: int) -> str:
    if die == 12:
        return "fumble"
    if die == 1:
        return "critical"
    return "success" if die <= target else "fail"


# ================================================================ the pass


@check(
    "pass-direction",
    "Can the ball carrier pass to this receiver? (no pass to a player ahead; level or behind is fine)",
    [
        Fact("passer", "point", "passer's position [x, y]", unit="inches", **PITCH),
        Fact("receiver", "point", "receiver's position [x, y]", unit="inches", **PITCH),
        DIRECTION,
        Fact("passer_has_ball", "bool", "the passer is the ball carrier", True),
    ],
    example={"passer": [10, 20], "receiver": [14, 20], "scoring_direction": "+y"},
)
def pass_direction(f: dict) -> Verdict:
    if not f["passer_has_ball"]:
        return Verdict(
            "illegal",
            reasons=[because(CARRIER_PASSES, "the passer does not carry the ball")],
            summary="illegal pass: the passer does not carry the ball",
        )
    ahead = _ahead_by(f["passer"], f["receiver"], f["scoring_direction"])
    if ahead > 0:
        return Verdict(
            "illegal",
            ahead,
            [
                because(CARRIER_PASSES, f'the receiver is {ahead:g}" ahead of the passer'),
                because(CORE_PASS, "one of the three core rugby rules"),
            ],
            summary=f'illegal pass: the receiver is {ahead:g}" ahead',
        )
    where = "level with" if ahead == 0 else f'{-ahead:g}" behind'
    return Verdict(
        "legal",
        ahead,
        [because(CARRIER_PASSES, f"the receiver is {where} the passer, not ahead")],
        summary="legal pass (level)" if ahead == 0 else "legal pass (backwards)",
    )


def _band(text: str) -> tuple[float, float]:
    """A distance band as the book writes it: '2" to 4"' or '+8"' (8 or more)."""
    if text.startswith("+"):
        return float(text.strip('+"')), float("inf")
    low, high = text.split(" to ")
    return float(low.strip('"')), float(high.strip('"'))


def _table_modifier(distance: float, rows: list[tuple[str, ...]]) -> tuple[int, list[int], int]:
    """The best modifier of the bands the distance falls in (a boundary is in two), the modifiers hit,
    and the index of the row that gives the best one."""
    hits = [(int(modifier), i) for i, (band, modifier) in enumerate(rows) if band_has(distance, _band(band))]
    best, row = max(hits)
    return best, [m for m, _ in hits], row


def band_has(distance: float, band: tuple[float, float]) -> bool:
    return band[0] <= distance <= band[1]


@check(
    "pass-target",
    "The BaC a pass must roll under: distance modifier (best at a boundary), pressure (on a second action only), "
    "fatigue, pass from the ground (a first action); without the BaC, the sum of the modifiers",
    [
        Fact("bac", "int", "the passer's Ball Control (BaC); leave out for the modifiers alone", None, low=0, high=20),
        Fact("distance", "float", "distance between passer and receiver", unit="inches", low=0, high=80),
        Fact("pressure", "int", 'defenders pressuring the passer (within 2")', 0, low=0, high=4),
        Fact("from_ground", "bool", "the passer is GROUNDED (pass from the ground, a first action)", False),
        Fact("fatigue", "int", "the passer's active fatigue tokens (3 or more: -1 BaC)", 0, low=0, high=3),
    ],
    example={"bac": 7, "distance": 3, "pressure": 1},
)
def pass_target(f: dict) -> Verdict:
    distance = f["distance"]
    modifier, hits, row = _table_modifier(distance, PASS_TABLE)
    reasons = [because(PASS_TABLE.quote(row), f'{distance:g}" gives {modifier:+d}')]
    if len(hits) > 1:
        reasons.append(because(BEST_MODIFIER, f'{distance:g}" is on a boundary ({hits}): the best, {modifier:+d}'))
    if f["from_ground"] and distance > 8:
        return Verdict(
            "value",
            None,
            [because(GROUND_8, f'a pass from the ground cannot go {distance:g}": cancelled, no pass, no reception')],
            outcome="cancelled",
            consequences=[
                then(GROUND_8, "the roll is cancelled: no pass, no reception"),
                then(GROUND_NO_SECOND, "and still no second action this activation"),
            ],
            summary=f'pass from the ground cancelled: {distance:g}" is more than 8"',
        )
    total = modifier
    parts = [f'{modifier:+d} for {distance:g}"']
    if f["pressure"] and f["from_ground"]:
        reasons.append(
            because(PRESSURE, "pressure modifies the second action; a pass from the ground is a first action: no -1")
        )
        reasons.append(because(PRESSURE_STACKS, f"{f['pressure']} pressuring defender(s), none of them counts here"))
    elif f["pressure"]:
        total -= f["pressure"]
        reasons.append(because(PRESSURE, f"{f['pressure']} pressuring defender(s): -{f['pressure']}"))
        if f["pressure"] > 1:
            reasons.append(because(PRESSURE_STACKS, "each pressuring defender adds -1"))
        parts.append(f"-{f['pressure']} for {_count(f['pressure'], 'pressuring defender')}")
    if f["fatigue"] >= 3:
        total -= 1
        reasons.append(because(FATIGUE_3, "3 fatigue tokens: -1 BaC"))
        parts.append("-1 for fatigue")
    consequences = []
    if f["from_ground"]:
        total -= 2
        reasons.append(because(GROUND_MINUS_2, "pass from the ground: -2"))
        consequences.append(then(GROUND_NO_SECOND, "no second action this activation"))
        parts.append("-2 from the ground")
    if f["bac"] is None:
        return Verdict(
            "value",
            {"modifier": total},
            reasons,
            consequences=consequences,
            summary=f"the pass rolls under BaC {total:+d} ({', '.join(parts)})",
        )
    if f["bac"] == 7 and modifier == 2 and f["pressure"] == 1 and not f["from_ground"] and f["fatigue"] < 3:
        reasons.append(because(MODIFIER_EXAMPLE, "the book's own worked example"))
    target = f["bac"] + total
    return Verdict(
        "value",
        target,
        reasons,
        consequences=consequences,
        summary=f"must roll {target} or less on the D12 (BaC {f['bac']}, {', '.join(parts)})",
    )


@check(
    "reception-modifier",
    "The modifier to a BALL RECEPTION roll after a missed pass, by distance (best at a boundary)",
    [Fact("distance", "float", "distance between the players involved", unit="inches", low=0, high=80)],
    example={"distance": 4},
)
def reception_modifier(f: dict) -> Verdict:
    modifier, hits, row = _table_modifier(f["distance"], RECEPTION_TABLE)
    reasons = [because(RECEPTION_TABLE.quote(row), f'{f["distance"]:g}" gives {modifier:+d}')]
    if len(hits) > 1:
        reasons.append(because(RECEPTION_BEST, f"on a boundary ({hits}): the best applies"))
    return Verdict(
        "value",
        modifier,
        reasons,
        consequences=[
            then(RECEPTION_SUCCESS, "if the reception roll succeeds, the receiver carries the ball"),
            then(RECEPTION_MISS, "if it misses, the ball scatters from the receiver"),
        ],
        summary=f"if the pass misses, the receiver's BALL RECEPTION roll is at {modifier:+d}",
    )


PASS_RESULTS = ("success", "critical", "miss", "all-fail", "beaten")


@check(
    "pass-result",
    "What follows a pass roll: reaches the receiver, a reception roll, or (face-to-face, beaten) no pass at all",
    [
        Fact("result", "choice", "the pass roll's result", choices=PASS_RESULTS),
        Fact("face_to_face", "bool", "the pass is past a defender's action (a face-to-face roll)", False),
    ],
    example={"result": "beaten", "face_to_face": True},
)
def pass_result(f: dict) -> Verdict:
    how = [because(PASS_FACE_TO_FACE if f["face_to_face"] else PASS_UNOPPOSED, "where the pass is thrown")]
    if f["result"] in ("success", "critical"):
        key = PASS_CRITICAL if f["result"] == "critical" else PASS_SUCCESS
        return Verdict(
            "value", "reaches the receiver", how, outcome="succeeds", consequences=[then(key, "the receiver carries")]
        )
    if f["result"] == "beaten":
        return Verdict(
            "value",
            "not performed",
            how,
            outcome="fails",
            consequences=[then(PASS_BEATEN, "no pass, no reception; the passer suffers the defender's action")],
            summary="the pass is not performed (beaten face-to-face); the passer suffers the defender's action",
        )
    key = PASS_ALL_FAIL if f["result"] == "all-fail" else PASS_MISS
    return Verdict(
        "value",
        "reception roll",
        how,
        outcome="fails",
        consequences=[then(key, "the receiver makes a BALL RECEPTION roll")],
        summary="the pass misses: the receiver makes a BALL RECEPTION roll",
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


# ================================================================ rolls


@check(
    "unopposed-roll",
    "Outcome of an unopposed D12 roll (extra dice from a skill: keep the best), its probability",
    [
        Fact("target", "int", "the modified characteristic", low=-10, high=30),
        Fact("dice", "ints", "the die or dice rolled (a skill such as Side Step rolls two)", [], low=1, high=12),
        Fact(
            "action",
            "choice",
            "the action rolled for (says what follows)",
            "none",
            choices=("none", "pass", "dodge", "break-through", "tackle", "score-a-try"),
        ),
        Fact("extra_dice", "int", "dice rolled beyond the first (a skill such as Precise Pass)", 0, low=0, high=3),
    ],
    example={"target": 7, "dice": [8]},
)
def unopposed_roll(f: dict) -> Verdict:
    successes = sum(1 for d in range(1, 13) if _outcome(f["target"], d) in ("success", "critical"))
    n = max(1, len(f["dice"]), 1 + f["extra_dice"])
    probability = round(1 - (1 - successes / 12) ** n, 4)
    reasons = [
        because(UNOPPOSED, f"equal or lower than {f['target']} succeeds"),
        because(CRITICAL_FUMBLE, "1 is a critical success, 12 a fumble"),
    ]
    if n > 1:
        reasons.append(because(EXTRA_DICE, f"{n} dice: keep the best"))
        reasons.append(because(PRIORITY, "the skill's rule takes precedence over the single-die rule"))
    after = AFTER_ROLL.get(f["action"])
    chance = f"{probability:.0%} to succeed" + (f" with {n} dice" if n > 1 else "")
    if not f["dice"]:
        consequences = []
        if after:
            labels = ("if it succeeds", "on a critical (a 1)", "if it misses")
            consequences = [then(key, label) for key, label in zip(after, labels, strict=True) if key]
        return Verdict("value", {"probability": probability}, reasons, consequences=consequences, summary=chance)
    outcomes = [_outcome(f["target"], d) for d in f["dice"]]
    rank = {"critical": 3, "success": 2, "fail": 1, "fumble": 0}
    best = max(outcomes, key=rank.get)  # type: ignore[arg-type]
    won = best in ("critical", "success")
    if best == "fumble":
        reasons.append(because(FUMBLE, "a 12 always misses"))
    consequences = []
    if after:
        key = after[1] if best == "critical" and after[1] else after[0] if won else after[2]
        consequences = [then(key, f"the roll {'succeeds' if won else 'misses'}")]
    return Verdict(
        "value",
        {"outcome": best, "probability": probability},
        reasons,
        outcome="succeeds" if won else "fails",
        consequences=consequences,
        summary=f"rolled {', '.join(map(str, f['dice']))} against {f['target']}: {best} ({chance})",
    )


# What follows an unopposed roll, by the action rolled for: (on success, on a critical, on a miss).
AFTER_ROLL = {
    "pass": (PASS_SUCCESS, PASS_CRITICAL, PASS_MISS),
    "dodge": DODGE_AFTER,
    "break-through": BREAK_AFTER,
    "tackle": (TACKLE_SUCCESS, TACKLE_CRITICAL, TACKLE_FAIL),
    "score-a-try": (TRY_SCORED, None, TRY_MISSED),
}


@check(
    "face-to-face-roll",
    "Who wins a face-to-face roll (all fail, one succeeds, highest success, tie, criticals); without dice, the odds",
    [
        Fact("targets", "ints", "each player's modified characteristic, in order", low=-10, high=30),
        Fact("dice", "ints", "each player's die, same order (leave out for the probabilities)", [], low=1, high=12),
    ],
    example={"targets": [7, 7], "dice": [5, 3]},
)
def face_to_face(f: dict) -> Verdict:
    if len(f["targets"]) < 2:
        raise RefereeError("fact 'targets': expected two or more players")
    if not f["dice"]:
        if len(f["targets"]) > 3:
            raise RefereeError("fact 'targets': odds are computed for two or three players")
        tally: dict[str, float] = {}
        rolls = list(product(range(1, 13), repeat=len(f["targets"])))
        for dice in rolls:
            value, _ = _face_to_face(f["targets"], list(dice))
            key = f"player {value['winner']}" if value["winner"] else value["result"]
            tally[key] = tally.get(key, 0) + 1 / len(rolls)
        odds = {k: round(v, 4) for k, v in sorted(tally.items())}
        return Verdict("value", odds, [because(F2F_SEVERAL, "every combination of D12 results, weighed equally")])
    if len(f["targets"]) != len(f["dice"]):
        raise RefereeError("facts 'targets' and 'dice': expected one die per player")
    value, reasons = _face_to_face(f["targets"], f["dice"])
    outcome = {"all fail": "fails", "tie": "cancelled"}.get(value["result"], "succeeds")
    rolled = ", ".join(f"{d} against {t}" for d, t in zip(f["dice"], f["targets"], strict=True))
    who = f"player {value['winner']} wins" if value["winner"] else value["result"]
    return Verdict("value", value, reasons, outcome=outcome, summary=f"face-to-face ({rolled}): {who}")


def _face_to_face(targets: list[int], dice: list[int]) -> tuple[dict, list]:
    outcomes = [_outcome(t, d) for t, d in zip(targets, dice, strict=True)]
    criticals = [i for i, o in enumerate(outcomes) if o == "critical"]
    successes = [i for i, o in enumerate(outcomes) if o in ("success", "critical")]
    if len(criticals) > 1:
        return {"winner": None, "result": "tie"}, [because(CRITICAL_TIE, "several criticals")]
    if len(criticals) == 1:
        return {"winner": criticals[0] + 1, "result": "critical"}, [
            because(CRITICAL_WINS, f"player {criticals[0] + 1} rolled a 1")
        ]
    if not successes:
        return {"winner": None, "result": "all fail"}, [because(F2F_ALL_FAIL, "nobody succeeded")]
    if len(successes) == 1:
        return {"winner": successes[0] + 1, "result": "one succeeds"}, [
            because(F2F_ONE, f"only player {successes[0] + 1} succeeded")
        ]
    best = max(dice[i] for i in successes)
    top = [i for i in successes if dice[i] == best]
    if len(top) > 1:
        return {"winner": None, "result": "tie"}, [because(F2F_TIE, f"several succeeded with {best}")]
    return {"winner": top[0] + 1, "result": "several succeed"}, [
        because(F2F_SEVERAL, f"player {top[0] + 1} rolled the highest success, {best}")
    ]


@check(
    "multiple-roll",
    "A multiple face-to-face roll: the active player chooses the order and which opponent each of his dice faces; "
    "unassigned opponents roll unopposed; once he is GROUNDED no more rolls are made",
    [
        Fact("opponents", "int", "opponents acting against the active player", low=2, high=4),
        Fact("dice", "int", "dice the active player rolls", low=1, high=4),
        Fact("grounded_after", "int", "rolls resolved before he was GROUNDED (0: never)", 0, low=0, high=4),
        Fact("action", "choice", "the active player's action", "dodge", choices=("dodge", "break-through", "pass")),
    ],
    example={"opponents": 2, "dice": 2, "grounded_after": 1},
)
def multiple_roll(f: dict) -> Verdict:
    reasons = [because(MULTIPLE, "more than two players: the active player orders the rolls")]
    if f["action"] == "dodge":
        reasons.append(because(MULTIPLE_DODGE, "one extra move at most"))
    if f["dice"] > 1:
        reasons.append(because(EXTRA_DICE_OPPONENTS, "each extra die faces an opponent of his choice"))
    if f["dice"] < f["opponents"]:
        reasons.append(because(MULTIPLE_UNASSIGNED, f"{f['opponents'] - f['dice']} opponent(s) roll unopposed"))
    made = f["grounded_after"] or f["opponents"]
    if f["grounded_after"]:
        reasons.append(because(MULTIPLE_ORDER, f"GROUNDED after roll {f['grounded_after']}: no more rolls"))
    return Verdict("value", {"rolls_made": made}, reasons, summary=f"{made} of {f['opponents']} rolls made")


@check(
    "melee-roll",
    "Who wins a melee roll (several players for a loose or grounded ball, or a try against several tacklers)?",
    [
        Fact("targets", "ints", "each player's modified characteristic, in order", low=-10, high=30),
        Fact("dice", "ints", "each player's die, same order", low=1, high=12),
        Fact("why", "choice", "what the melee is for", "ball", choices=("ball", "try")),
    ],
    example={"targets": [7, 7, 7, 7], "dice": [3, 6, 7, 12]},
)
def melee_roll(f: dict) -> Verdict:
    if len(f["targets"]) != len(f["dice"]) or len(f["dice"]) < 2:
        raise RefereeError("facts 'targets' and 'dice': a melee has several players, one die each")
    outcomes = [_outcome(t, d) for t, d in zip(f["targets"], f["dice"], strict=True)]
    criticals = [i for i, o in enumerate(outcomes) if o == "critical"]
    successes = [i for i, o in enumerate(outcomes) if o == "success"]
    when = because(MELEE_WHEN if f["why"] == "try" else MELEE_BALL, "a melee roll: all the dice compared at once")
    reasons = [when, because(MELEE, "the highest success wins")]
    if any(d == 12 for d in f["dice"]):
        reasons.append(because(FUMBLE, "a 12 always misses"))
    if criticals:
        best = criticals
    elif successes:
        top = max(f["dice"][i] for i in successes)
        best = [i for i in successes if f["dice"][i] == top]
    else:
        return Verdict("value", {"winner": None, "result": "all fail"}, reasons, outcome="fails")
    if len(best) > 1:
        players = [i + 1 for i in best]
        return Verdict(
            "value",
            {"winner": None, "result": "tie", "roll_again": players},
            [*reasons, because(MELEE_TIE, f"players {players} roll face-to-face again")],
            outcome="draw",
            summary=f"a tie for the best roll: players {players} roll face-to-face again",
        )
    return Verdict(
        "value",
        {"winner": best[0] + 1, "result": "wins"},
        reasons,
        outcome="succeeds",
        summary=f"player {best[0] + 1} wins the melee",
    )


# ================================================================ score a try


@check(
    "score-a-try",
    "May this player attempt to SCORE A TRY? (the ball carrier, base partly within the in-goal zone, not GROUNDED)",
    [
        Fact("is_ball_carrier", "bool", "the player carries the ball"),
        Fact("in_goal", "bool", "the player's base is at least partly within the in-goal zone"),
        Fact("grounded", "bool", "the player is GROUNDED", False),
    ],
    example={"is_ball_carrier": True, "in_goal": True},
)
def score_a_try(f: dict) -> Verdict:
    if f["grounded"]:
        return Verdict(
            "illegal",
            reasons=[because(GROUNDED_CARRIER, "a GROUNDED carrier may only pass from the ground")],
            summary="illegal SCORE A TRY: the carrier is GROUNDED",
        )
    ok = f["is_ball_carrier"] and f["in_goal"]
    why = (
        "the carrier's base is within the in-goal zone"
        if ok
        else (
            "the player does not carry the ball" if not f["is_ball_carrier"] else "the base is not in the in-goal zone"
        )
    )
    return Verdict(
        "legal" if ok else "illegal",
        reasons=[because(TRY_WHERE, why)],
        summary=f"{'legal' if ok else 'illegal'} SCORE A TRY ({why})",
    )


@check(
    "score-a-try-target",
    "The BaC a SCORE A TRY roll must roll under: second BaC, -1 per fatigue token (active or not), pressure",
    [
        Fact("bac_try", "int", "the carrier's second BaC value", low=0, high=20),
        Fact("fatigue_tokens", "int", "fatigue tokens, active or not", 0, low=0, high=3),
        Fact("pressure", "int", "defenders pressuring the carrier", 0, low=0, high=4),
        Fact("inactive_fatigue", "int", "how many of those tokens are inactive (flipped)", 0, low=0, high=3),
    ],
    example={"bac_try": 8, "fatigue_tokens": 2, "pressure": 1},
)
def score_try_target(f: dict) -> Verdict:
    if f["inactive_fatigue"] > f["fatigue_tokens"]:
        raise RefereeError("facts 'inactive_fatigue' and 'fatigue_tokens': more inactive tokens than tokens")
    total = f["bac_try"] - f["fatigue_tokens"] - f["pressure"]
    reasons = [because(TRY_WHERE, f"start from the second BaC value, {f['bac_try']}")]
    parts = [f"second BaC {f['bac_try']}"]
    if f["fatigue_tokens"]:
        reasons.append(because(TRY_FATIGUE, f"{f['fatigue_tokens']} fatigue token(s): -{f['fatigue_tokens']}"))
        parts.append(f"-{f['fatigue_tokens']} for fatigue")
    if f["fatigue_tokens"] - f["inactive_fatigue"] >= 3:  # 3 active tokens also cost 1 BaC (cumulative effects)
        total -= 1
        reasons.append(because(FATIGUE_3, "3 active fatigue tokens: -1 BaC as well"))
        parts.append("-1 for 3 active fatigue tokens")
    if f["pressure"]:
        reasons.append(because(TRY_PRESSURE, f"pressure: -{f['pressure']}"))
        parts.append(f"-{f['pressure']} for {_count(f['pressure'], 'pressuring defender')}")
    reasons.append(because(FUMBLE, "a 12 still always misses"))
    return Verdict("value", total, reasons, summary=f"must roll {total} or less on the D12 ({', '.join(parts)})")


@check(
    "try-result",
    "What a SCORE A TRY roll gives: scored, missed (a kick-off the defending coach chooses), or, when the carrier's "
    "success is beaten by a tackler, a reading either way",
    [
        Fact("result", "choice", "the carrier's result", choices=("success", "fail", "beaten", "tie")),
        Fact("opposed_by", "int", "defenders tackling the scorer", 0, low=0, high=4),
    ],
    example={"result": "fail"},
)
def try_result(f: dict) -> Verdict:
    reasons = [because(TRY_OPPOSED, f"{f['opposed_by']} tackler(s) against the try")] if f["opposed_by"] else []
    kick_off = [then(TRY_MISSED, "a kick-off"), then(KICK_FAILED_TRY, "the defending coach decides who kicks")]
    if f["result"] == "success":
        return Verdict(
            "value",
            {"try": True},
            [*reasons, because(TRY_SCORED, "the roll is passed")],
            outcome="scored",
            consequences=[
                then(TRY_SCORED, "a try"),
                then(KICK_AFTER_TRY, "the coach who received it decides the kick-off"),
            ],
            summary="the try is scored",
        )
    if f["result"] == "fail":
        return Verdict(
            "value",
            {"try": False, "next": "kick-off", "chooses": "defence"},
            [*reasons, because(TRY_MISSED, "the roll is missed")],
            outcome="fails",
            consequences=kick_off,
            summary="the try is missed: a kick-off, the defending coach decides which team kicks",
        )
    if f["result"] == "tie":
        return Verdict("value", {"try": False}, [*reasons, because(F2F_TIE, "no effect")], outcome="cancelled")
    return Verdict(
        "ambiguous",
        None,
        reasons,
        [
            Reading(
                "a beaten success is not a miss: no kick-off; the GROUNDED carrier keeps the ball, the attack goes on",
                "value",
                {"try": False, "next": "play"},
                [because(F2F_SEVERAL, "not considered to have failed")],
            ),
            Reading(
                "no try was scored, so it is a missed try: a kick-off, the defending coach chooses",
                "value",
                {"try": False, "next": "kick-off"},
                [because(TRY_MISSED, "if you miss: a kick-off")],
            ),
        ],
        outcome="fails",
        summary="no try (the tackle wins); ambiguous whether a beaten try is a miss that calls a kick-off",
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


# ================================================================ where the book is silent


@check(
    "halftime",
    "What happens at halftime: a fatigue token removed, team plays chosen, individual cards drawn; of GROUNDED "
    "tokens, wounds and positions the book says nothing",
    [Fact("about", "choice", "what is asked", choices=("fatigue", "cards", "grounded", "wounds"))],
    example={"about": "grounded"},
)
def halftime(f: dict) -> Verdict:
    if f["about"] == "fatigue":
        return Verdict(
            "value", "remove a fatigue token", [because(HALFTIME, "halftime"), because(HALFTIME_FATIGUE, "each player")]
        )
    if f["about"] == "cards":
        return Verdict("value", "choose team plays, draw individual plays", [because(HALFTIME, "halftime")])
    return Verdict(
        "unknown",
        None,
        [
            because(HALFTIME, "the three things halftime does do not include it"),
            because(BEFORE_KICK_OFF, "nor does the kick-off, which removes only activation tokens"),
        ],
        summary=f"unknown: the book does not say what happens to {f['about']} tokens over halftime",
    )


@check(
    "off-the-pitch",
    "The ball or a player would go off the field (a scatter, a displacement): the book has no rule for it",
    [Fact("what", "choice", "what would leave the field", choices=("ball", "displaced-player"))],
    example={"what": "ball"},
)
def off_the_pitch(f: dict) -> Verdict:
    if f["what"] == "ball":
        reasons = [because(REPOSITION, "repositioning covers an object in the way, not the field's edge")]
    else:
        reasons = [
            because(DISPLACE, "the displacement follows the shortest route"),
            because(DISPLACE_DOUBT, "in doubt the defending coach places him; the edge is not mentioned"),
        ]
    return Verdict(
        "unknown",
        None,
        [*reasons, because(REFEREE_ROLL, "where the rules do not resolve it, a referee roll decides")],
        summary=f"unknown: the book has no rule for the {f['what'].replace('-', ' ')} leaving the field",
    )


# ================================================================ one ruling per question (referee.rules.overlaps)

OVERLAPS = [
    *apart(
        "face-to-face-roll",
        ["contest-result", "try-result"],
        "who wins a face-to-face roll (1.15), against what a dodge, a break through or a try then does",
    ),
    *apart("contest-result", ["try-result"], "the result of a dodge or break through, against that of a try"),
    *apart("activation-end", ["time-dashboard"], "what follows an activation, against how the time tokens move"),
    *apart(
        "fatigue-effects",
        ["fatigue-gain", "pass-target", "score-a-try-target", "skill-by-position", "tackle-reach"],
        "what fatigue tokens do, against when one is given and the rolls and skills it changes (4.01)",
    ),
    *apart("fatigue-gain", ["skill-by-position"], "a fatigue token given, against the skills it takes away"),
    *apart("skill-by-position", ["tackle-reach"], "whether Defensive Insight still works, against the tackler's reach"),
    *apart(
        "grounded-action",
        ["score-a-try", "second-action", "stand-up", "team-skill", "token-removal"],
        "what a GROUNDED player may do, against a try, a second action, STAND UP, a team skill or step 6's removal",
    ),
    *apart(
        "stand-up",
        ["score-a-try", "second-action", "team-skill", "token-removal"],
        "STAND UP's own limits, beside the other actions and removals a GROUNDED token restricts",
    ),
    *apart("team-skill", ["token-removal"], "a team skill's GROUNDED tokens, against step 6's token removal"),
    *apart("halftime", ["team-play"], "what halftime does, against when a team play may be used"),
    *apart("kick-off-catch", ["off-the-pitch"], "the kick-off catch, against a ball that would leave the pitch"),
    *apart("measuring", ["tackle-reach"], "when a coach may measure, against whether the tackler reaches"),
    *apart(
        "unopposed-roll",
        ["melee-roll", "score-a-try-target", "tackle-outcome", "play-card", "player-skill"],
        "a roll's outcome (a 12 always a miss), against a melee's winner, a try's target, a tackle's consequences, "
        "and the cards and skills that take precedence",
    ),
    *apart("melee-roll", ["score-a-try-target"], "a melee's winner, against the BaC a try must roll under"),
    *apart("pass-direction", ["pick-up"], "a pass's direction, against a pick-up behind a carrier"),
    *apart("pass-target", ["score-a-try-target"], "the BaC of a pass, against that of a try"),
    *apart("play-card", ["player-skill"], "a play card's text, against a player skill's (both unknown, 0.02)"),
    *apart("score-a-try", ["score-a-try-target"], "whether a try may be attempted, against the BaC it needs"),
]

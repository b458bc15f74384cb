"""Takkure's rules as checks. Positions are in inches on the pitch; each situation says
which way the attacking team scores (+y or -y). Dice are D12."""

from __future__ import annotations

from referee.errors import RefereeError
from referee.rules import Fact, Verdict, because, check, then

from .quotes import (
    BEST_MODIFIER,
    BREAK_CARRIER,
    BREAK_CRITICAL,
    BREAK_FAIL,
    BREAK_SUCCESS,
    BREAK_WHEN,
    CARRIER_PASSES,
    CORE_PASS,
    CORE_TACKLE,
    CRITICAL_FUMBLE,
    CRITICAL_TIE,
    CRITICAL_WINS,
    DODGE_CRITICAL,
    DODGE_FAIL,
    DODGE_SUCCESS,
    DODGE_WHEN,
    EXTRA_DICE,
    F2F_ALL_FAIL,
    F2F_ONE,
    F2F_SEVERAL,
    F2F_TIE,
    FATIGUE_1,
    FATIGUE_2,
    FATIGUE_3,
    FATIGUE_CUMULATIVE,
    FATIGUE_INACTIVE,
    FUMBLE,
    GROUND_8,
    GROUND_CANCELLED,
    GROUND_MINUS_2,
    GROUND_NO_SECOND,
    GROUNDED_CARRIER,
    GROUNDED_ONLY_STAND,
    MAX_FATIGUE,
    MELEE,
    MELEE_TIE,
    MELEE_WHEN,
    MODIFIER_EXAMPLE,
    NO_PASS_AHEAD,
    PASS_CRITICAL,
    PASS_MISS,
    PASS_SUCCESS,
    PASS_TABLE,
    PRESSURE,
    PRESSURE_STACKS,
    PRIORITY,
    RECEPTION_BEST,
    RECEPTION_MISS,
    RECEPTION_SUCCESS,
    RECEPTION_TABLE,
    SKILLS_LOST,
    STEAL_AIR,
    STEAL_GROUNDED,
    STEAL_GROUNDED_STEALER,
    STEAL_LOOSE,
    STEAL_NOT_STANDING,
    STEAL_WAYS,
    STOLEN,
    TACKLE_CARRIER,
    TACKLE_CRITICAL,
    TACKLE_FAIL,
    TACKLE_GROUND,
    TACKLE_SUCCESS,
    TRY_FATIGUE,
    TRY_MISSED,
    TRY_PRESSURE,
    TRY_SCORED,
    TRY_SECOND_BAC,
    TRY_WHERE,
    UNOPPOSED,
)

# The modifier tables, quoted row by row (each row is one line of the book: the cells run together
# because the table was flattened, so the joiner is empty).

DIRECTION = Fact(
    "scoring_direction", "choice", "which way the attacking team scores along the y axis", "+y", choices=("+y", "-y")
)
PITCH = {"low": -40.0, "high": 40.0}


def _ahead_by(passer: list[float], receiver: list[float], direction: str) -> float:
    sign = 1 if direction == "+y" else -1
    return (receiver[1] - passer[1]) * sign


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
                because(NO_PASS_AHEAD, f'the receiver is {ahead:g}" ahead of the passer'),
                because(CORE_PASS, "one of the three core rugby rules"),
            ],
            summary=f'illegal pass: the receiver is {ahead:g}" ahead',
        )
    where = "level with" if ahead == 0 else f'{-ahead:g}" behind'
    return Verdict(
        "legal",
        ahead,
        [because(NO_PASS_AHEAD, f"the receiver is {where} the passer, not ahead")],
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
    hits = [(int(modifier), i) for i, (band, modifier) in enumerate(rows) if _within(distance, _band(band))]
    best, row = max(hits)
    return best, [m for m, _ in hits], row


def _within(distance: float, band: tuple[float, float]) -> bool:
    return band[0] <= distance <= band[1]


@check(
    "pass-target",
    "The BaC a pass must roll under: distance modifier (best at a boundary), pressure, fatigue, pass from the ground",
    [
        Fact("bac", "int", "the passer's Ball Control (BaC)", low=0, high=20),
        Fact("distance", "float", "distance between passer and receiver", unit="inches", low=0, high=80),
        Fact("pressure", "int", 'defenders pressuring the passer (within 2")', 0, low=0, high=4),
        Fact("from_ground", "bool", "the passer is GROUNDED (pass from the ground)", False),
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
            [because(GROUND_8, f'a pass from the ground cannot go {distance:g}"')],
            outcome="cancelled",
            consequences=[then(GROUND_CANCELLED, "the roll is cancelled: no pass, no reception")],
            summary=f'pass from the ground cancelled: {distance:g}" is more than 8"',
        )
    total = f["bac"] + modifier - f["pressure"]
    parts = [f"BaC {f['bac']}", f'{modifier:+d} for {distance:g}"']
    if f["pressure"]:
        reasons.append(because(PRESSURE, f"{f['pressure']} pressuring defender(s): -{f['pressure']}"))
        if f["pressure"] > 1:
            reasons.append(because(PRESSURE_STACKS, "each pressuring defender adds -1"))
        parts.append(f"-{f['pressure']} for {_count(f['pressure'], 'pressuring defender')}")
    if f["fatigue"] >= 3:
        total -= 1
        reasons.append(because(FATIGUE_3, "3 fatigue tokens: -1 BaC"))
        parts.append("-1 for fatigue")
    if f["from_ground"]:
        total -= 2
        reasons.append(because(GROUND_MINUS_2, "pass from the ground: -2"))
        reasons.append(because(GROUND_NO_SECOND, "and no second action this activation"))
        parts.append("-2 from the ground")
    if f["bac"] == 7 and modifier == 2 and f["pressure"] == 1 and not f["from_ground"] and f["fatigue"] < 3:
        reasons.append(because(MODIFIER_EXAMPLE, "the book's own worked example"))
    return Verdict("value", total, reasons, summary=f"must roll {total} or less on the D12 ({', '.join(parts)})")


def _count(n: int, noun: str) -> str:
    return f"{'one' if n == 1 else n} {noun}{'' if n == 1 else 's'}"


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
    return Verdict(
        "legal",
        reasons=[because(TACKLE_CARRIER, f"the target carries the ball ({active})")],
        consequences=[
            then(TACKLE_SUCCESS, "if the STR roll succeeds: both players GROUNDED, the target rolls ENDURANCE"),
            then(TACKLE_CRITICAL, "on a critical: the target takes a wound instead"),
            then(TACKLE_FAIL, "if it fails: the tackler rolls REF or is GROUNDED"),
        ],
        summary="legal tackle (on the ball carrier)",
    )


# What follows a DODGE or a BREAK THROUGH: (on success, on a critical, on a miss).
DODGE_AFTER = (DODGE_SUCCESS, DODGE_CRITICAL, DODGE_FAIL)
BREAK_AFTER = (BREAK_SUCCESS, BREAK_CRITICAL, BREAK_FAIL)


@check(
    "second-action",
    "May the attacker DODGE or BREAK THROUGH? (only against a declared TACKLE; break through: ball carrier only)",
    [
        Fact("action", "choice", "the second action", choices=("dodge", "break-through")),
        Fact("tackle_declared", "bool", "a defender declared a TACKLE against this player"),
        Fact("is_ball_carrier", "bool", "the player carries the ball", True),
    ],
    example={"action": "break-through", "tackle_declared": True, "is_ball_carrier": False},
)
def second_action(f: dict) -> Verdict:
    key = DODGE_WHEN if f["action"] == "dodge" else BREAK_WHEN
    name = f["action"].replace("-", " ").upper()
    if not f["tackle_declared"]:
        return Verdict(
            "illegal",
            reasons=[because(key, "no TACKLE was declared against this player")],
            summary=f"illegal {name}: no TACKLE was declared against the player",
        )
    if f["action"] == "break-through" and not f["is_ball_carrier"]:
        return Verdict(
            "illegal",
            reasons=[because(BREAK_CARRIER, "the player does not carry the ball")],
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


STEAL_MODIFIER = {"loose": (STEAL_LOOSE, 4), "held-grounded": (STEAL_GROUNDED, 0), "in-the-air": (STEAL_AIR, -2)}


@check(
    "ball-steal",
    "May a defender try to STEAL the ball? (loose, held by a GROUNDED attacker, or in the air; not when GROUNDED)",
    [
        Fact("ball", "choice", "where the ball is", choices=("loose", "held-grounded", "in-the-air", "held-standing")),
        Fact("stealer_grounded", "bool", "the defender trying to steal is GROUNDED", False),
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
    key, modifier = STEAL_MODIFIER[f["ball"]]
    where = f["ball"].replace("-", " ")
    return Verdict(
        "legal",
        {"bac_modifier": modifier},
        [because(STEAL_WAYS, f"the ball is {where}"), because(key, f"BaC roll at {modifier:+d}")],
        consequences=[then(STOLEN, "if the steal succeeds, possession changes at the end of the activation")],
        summary=f"legal BALL STEAL (the ball is {where}); BaC roll at {modifier:+d}",
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
        return Verdict(
            "legal" if ok else "illegal",
            reasons=[
                because(GROUNDED_CARRIER, "a grounded ball carrier cannot stand up; it may pass from the ground"),
            ],
            summary="legal: a GROUNDED ball carrier may PASS FROM THE GROUND"
            if ok
            else f"illegal {action}: a GROUNDED ball carrier may only PASS FROM THE GROUND",
        )
    ok = f["action"] == "stand-up"
    return Verdict(
        "legal" if ok else "illegal",
        reasons=[
            because(GROUNDED_ONLY_STAND, "a grounded player may only STAND UP"),
        ],
        summary=f"{'legal' if ok else 'illegal'} {action} by a GROUNDED player",
    )


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
    reasons = [because(TRY_SECOND_BAC, f"start from the second BaC value, {f['bac_try']}")]
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


def _outcome(target: int, die: int) -> str:
    if die == 12:
        return "fumble"
    if die == 1:
        return "critical"
    return "success" if die <= target else "fail"


# What follows an unopposed roll, by the action rolled for: (on success, on a critical, on a miss).
AFTER_ROLL = {
    "pass": (PASS_SUCCESS, PASS_CRITICAL, PASS_MISS),
    "dodge": DODGE_AFTER,
    "break-through": BREAK_AFTER,
    "tackle": (TACKLE_SUCCESS, TACKLE_CRITICAL, TACKLE_FAIL),
    "score-a-try": (TRY_SCORED, None, TRY_MISSED),
}


@check(
    "unopposed-roll",
    "Outcome of an unopposed D12 roll (extra dice from a skill: keep the best), its probability, and what follows",
    [
        Fact("target", "int", "the modified characteristic", low=-10, high=30),
        Fact("dice", "ints", "the die or dice rolled (a skill such as Side Step rolls two)", [], low=1, high=12),
        Fact("action", "choice", "the action rolled for (says what follows)", "none", choices=("none", *AFTER_ROLL)),
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
    consequences = []
    if after:
        key = after[1] if best == "critical" and after[1] else after[0] if won else after[2]
        consequences = [then(key, f"the roll {'succeeds' if won else 'misses'}")]
        if best == "critical" and after[1] and after[0] and f["action"] == "pass":
            consequences.insert(0, then(after[0], "a critical is a success"))
    return Verdict(
        "value",
        {"outcome": best, "probability": probability},
        reasons,
        outcome="succeeds" if won else "fails",
        consequences=consequences,
        summary=f"rolled {', '.join(map(str, f['dice']))}: {best} ({chance})",
    )


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
    from itertools import product

    from referee.errors import RefereeError

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
    return Verdict("value", value, reasons, outcome=outcome)


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
    "melee-roll",
    "Who wins a melee roll (several players for a loose or grounded ball, or a try against several tacklers)?",
    [
        Fact("targets", "ints", "each player's modified characteristic, in order", low=-10, high=30),
        Fact("dice", "ints", "each player's die, same order", low=1, high=12),
    ],
    example={"targets": [7, 7, 7, 7], "dice": [3, 6, 7, 12]},
)
def melee_roll(f: dict) -> Verdict:
    from referee.errors import RefereeError

    if len(f["targets"]) != len(f["dice"]) or len(f["dice"]) < 3:
        raise RefereeError("facts 'targets' and 'dice': a melee has three or more players, one die each")
    outcomes = [_outcome(t, d) for t, d in zip(f["targets"], f["dice"], strict=True)]
    criticals = [i for i, o in enumerate(outcomes) if o == "critical"]
    successes = [i for i, o in enumerate(outcomes) if o == "success"]
    when = because(MELEE_WHEN, "a melee roll: all the dice compared at once")
    if criticals:
        best = criticals
        why = "a critical wins"
    elif successes:
        top = max(f["dice"][i] for i in successes)
        best = [i for i in successes if f["dice"][i] == top]
        why = f"the highest success is {top}"
    else:
        return Verdict(
            "value",
            {"winner": None, "result": "all fail"},
            [when, because(MELEE, "nobody succeeded")],
            outcome="fails",
        )
    if len(best) > 1:
        players = [i + 1 for i in best]
        return Verdict(
            "value",
            {"winner": None, "result": "tie", "roll_again": players},
            [when, because(MELEE, why), because(MELEE_TIE, f"players {players} roll face-to-face again")],
            outcome="draw",
        )
    return Verdict("value", {"winner": best[0] + 1, "result": "wins"}, [when, because(MELEE, why)], outcome="succeeds")

"""Takkure's checks: rolls (unopposed, face to face, multiple, melee)."""

from __future__ import annotations

from itertools import product

from referee.errors import RefereeError
from referee.rules import Fact, Verdict, because, check, then

from .checks_common import (
    _outcome,
)
from .checks_tackle import (
    BREAK_AFTER,
    DODGE_AFTER,
)
from .quotes import (
    CRITICAL_FUMBLE,
    CRITICAL_TIE,
    CRITICAL_WINS,
    EXTRA_DICE,
    EXTRA_DICE_OPPONENTS,
    F2F_ALL_FAIL,
    F2F_ONE,
    F2F_SEVERAL,
    F2F_TIE,
    FUMBLE,
    MELEE,
    MELEE_BALL,
    MELEE_TIE,
    MELEE_WHEN,
    MULTIPLE,
    MULTIPLE_DODGE,
    MULTIPLE_ORDER,
    MULTIPLE_UNASSIGNED,
    PASS_CRITICAL,
    PASS_MISS,
    PASS_SUCCESS,
    PRIORITY,
    TACKLE_CRITICAL,
    TACKLE_FAIL,
    TACKLE_SUCCESS,
    TRY_MISSED,
    TRY_SCORED,
    UNOPPOSED,
)

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

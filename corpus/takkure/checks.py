"""Takkure's rules as checks. Positions are in inches on the pitch; each situation says
which way the attacking team scores (+y or -y). Dice are D12."""

from __future__ import annotations

import math

from referee.errors import RefereeError
from referee.rules.actions import Action, StateRules
from referee.rules.checks import Rulebook
from referee.rules.facts import Fact
from referee.rules.verdicts import Reading, Verdict
from referee.states.readers import choice, lookup, mapping, number, point, words

RULES = Rulebook(
    "takkure",
    {
        "no-pass-ahead": ("takkure/2.01/1", "Keep in mind that you can't pass the ball to a player ahead of you."),
        "core-pass": ("takkure/0.01/8", "You cannot pass a ball to a player who is ahead of you."),
        "carrier-passes": ("takkure/2.01/1", "In order for a player to perform a PASS, it must be the ball carrier."),
        "best-modifier": (
            "takkure/2.01/6",
            "Only one modifier is applied; in case the distance is just between 2 values, apply the best modifier.",
        ),
        "reception-best": (
            "takkure/2.02/3",
            "Only one modifier is applied; in case the distance is just between 2 values, apply the best modifier.",
        ),
        "ground-minus-2": (
            "takkure/3.03/2",
            "Passes from the ground receive a -2 modifier to the BaC, in addition to any modifiers it may have for distance.",
        ),
        "ground-8": ("takkure/3.03/3", 'You cannot throw a pass from the ground further than 8".'),
        "ground-no-second": (
            "takkure/3.03/4",
            "If you decide to do this, the player will not be able to perform a second action on this activation.",
        ),
        "pressure": (
            "takkure/1.06/3",
            "Attacking players affected by PRESSURE suffer a -1 modifier to the value of the characteristic associated with the second action they execute during this activation.",
        ),
        "pressure-stacks": ("takkure/1.06/4", "pressure modifiers are stackable."),
        "modifier-example": ("takkure/1.16/6", "Player's Ball Control total: 7 + 2 - 1 = 8"),
        "tackle-carrier": (
            "takkure/tackle/2",
            "you can only TACKLE the player with the ball, WHETHER THEY ARE THE ACTIVE PLAYER OR NOT.",
        ),
        "tackle-ground": ("takkure/tackle/4", "You cannot tackle a player on the ground."),
        "core-tackle": ("takkure/0.01/9", "You can only tackle the player carrying the ball"),
        "dodge-when": (
            "takkure/dodge/2",
            "You can only DODGE if a defending player has declared a TACKLE action against this player.",
        ),
        "break-when": (
            "takkure/break-through/1",
            "You can only BREAK THROUGH if a defending player has declared a TACKLE action against this player.",
        ),
        "break-carrier": ("takkure/break-through/1", "Only the ball carrier can BREAK THROUGH."),
        "steal-ways": (
            "takkure/3.06/2",
            "You can steal the ball in three ways: when the ball is on the ground and is not in the possession of any player (loose ball), held by an attacking player who is GROUNDED, or in the air (pass interception).",
        ),
        "steal-not-standing": (
            "takkure/3.06/2",
            "But you cannot try to steal the ball from an active player who is NOT GROUNDED.",
        ),
        "grounded-only-stand": (
            "takkure/3.01/2",
            "A player with this token cannot perform actions normally. You can only perform the STAND UP action.",
        ),
        "grounded-carrier": (
            "takkure/3.01/2",
            "The exception is when the GROUNDED player is the ball carrier: it cannot STAND UP. Instead it can throw a PASS FROM THE GROUND.",
        ),
        "fatigue-1": (
            "takkure/4.01/7",
            "1 Fatigue: The player loses both its Position Skills and its Training skills.",
        ),
        "fatigue-2": ("takkure/4.01/8", "2 Fatigue: The player can only perform one MOV action per activation."),
        "fatigue-3": ("takkure/4.01/9", "3 Fatigue: The player has a -1 modifier to STR, BaC, REF and INT."),
        "fatigue-cumulative": ("takkure/4.01/10", "Remember that these effects are cumulative"),
        "fatigue-inactive": (
            "takkure/4.01/11",
            "When a token is deactivated, it continues to occupy a space, but the adverse effect is not applied.",
        ),
        "max-fatigue": ("takkure/4.02/1", "When the player receives the fourth token, he is injured."),
        "try-second-bac": ("takkure/4.04/2", "Make a roll using the second BaC value."),
        "try-fatigue": (
            "takkure/4.04/4",
            "For each fatigue token, whether active or not, that the carrier player has, you have a -1 modifier to the BaC on a SCORE roll.",
        ),
        "try-pressure": (
            "takkure/4.04/5",
            "The BaC is affected by a player PRESSURING you and any other applicable modifier.",
        ),
        "unopposed": (
            "takkure/1.14/2",
            "If it is equal or lower, it is a successful roll. If it's higher, it's a fail and the action is not executed.",
        ),
        "critical-fumble": (
            "takkure/1.17/1",
            "If you roll a 1 on a die, it is considered a critical success. And if you roll a 12, it is considered a fumble.",
        ),
        "critical-wins": (
            "takkure/1.17/2",
            "A critical roll always wins the roll regardless of whether the other rolls are higher.",
        ),
        "critical-tie": ("takkure/1.17/2", "If several players have critical successes it is considered a tie."),
        "fumble": (
            "takkure/1.17/3",
            "Fumble: A 12 on a die is always a miss, regardless of the characteristic's value.",
        ),
        "f2f-all-fail": ("takkure/1.15/2", "If all fail: Exactly that, all fail."),
        "f2f-one": (
            "takkure/1.15/3",
            "If only one is successful: That player is the winner of the roll, and his action is successful.",
        ),
        "f2f-several": ("takkure/1.15/4", "the player that rolled the highest value is the winner"),
        "f2f-tie": (
            "takkure/1.15/5",
            "Tie: Several players are successful and their dice results are the same. In that case no effect is applied as a result of the action.",
        ),
        "melee-when": (
            "takkure/3.08/3",
            "When a player performs the SCORE A TRY action and there are several defending players performing the TACKLE action against him.",
        ),
        "melee": (
            "takkure/3.08/4",
            "the winner will be the player who succeeds in the roll and gets the highest value among the successes (or a critical).",
        ),
        "melee-tie": (
            "takkure/3.08/5",
            "In the event that several players tie for the best roll, make a new face-to-face roll between those players to determine who succeeds.",
        ),
        "extra-dice": ("takkure/4.06/2", "Add those dice to a roll. Roll them and choose one; ignore the rest."),
        "skills-lost": ("takkure/4.05/8", "Remember that these skills are lost while you have a fatigue token."),
        "pass-success": (
            "takkure/2.01/9",
            "If you are successful: The ball reaches the receiving player. Place the ball on the receiver's card.",
        ),
        "pass-miss": (
            "takkure/2.01/10",
            "If you miss an unopposed roll: The receiving player makes a BALL RECEPTION roll.",
        ),
        "pass-critical": ("takkure/2.01/11", 'The receiving player may then make a move of up to 2".'),
        "reception-success": (
            "takkure/2.02/4",
            "If you are successful: The pass succeeds. The pass receiver becomes the ball carrier.",
        ),
        "reception-miss": (
            "takkure/2.02/5",
            "If you miss: The ball falls to the ground and you must make a scatter roll off the pass target.",
        ),
        "ground-cancelled": (
            "takkure/3.03/3",
            'if the receiving player is more than 8" away, his roll is considered to have been cancelled, with which there is no PASS or RECEPTION OF THE BALL.',
        ),
        "tackle-success": (
            "takkure/1.21/4",
            "If you are successful: The defending player is placed in contact with the active player following the shortest path possible (Fig 1). Both players are GROUNDED, and the player being tackled makes an ENDURANCE roll.",
        ),
        "tackle-fail": (
            "takkure/1.21/5",
            "If you fail: Roll REF. If you fail, the tackling player is GROUNDED and must make an ENDURANCE roll.",
        ),
        "tackle-critical": (
            "takkure/1.21/7",
            "If success is critical: Same as success, but the player being tackled takes a wound token without rolling ENDURANCE.",
        ),
        "dodge-success": ("takkure/dodge/4", 'If you are successful: Move 2" in any direction.'),
        "dodge-fail": ("takkure/dodge/5", "If you fail: No adverse effect."),
        "dodge-critical": ("takkure/dodge/6", 'If it is a critical success: Move 4" in any direction instead.'),
        "break-success": (
            "takkure/break-through/3",
            "If successful: The tackling player is GROUNDED and makes an ENDURANCE roll.",
        ),
        "break-fail": ("takkure/break-through/4", "If you fail: No adverse effect."),
        "break-critical": (
            "takkure/break-through/5",
            "If success is critical: The tackling player is GROUNDED and receives a WOUND.",
        ),
        "steal-loose": (
            "takkure/3.06/3",
            "Loose ball: If you are in contact with the ball, make a BaC roll with a +4 modifier.",
        ),
        "steal-grounded": (
            "takkure/3.06/4",
            "Held by an attacking player who is on the ground: If you are in contact with a GROUNDED ball carrier, make a BaC roll.",
        ),
        "steal-air": ("takkure/3.06/5", "make an uncontested BaC roll with a -2 modifier."),
        "steal-grounded-stealer": ("takkure/3.06/4", "A GROUNDED player cannot perform this action."),
        "stolen": (
            "takkure/3.06/6",
            "Remember that if the ball is STOLEN, at the end of the current activation, the attacking coach must discard any remaining activation tokens. Then that coach becomes the defending coach and vice versa.",
        ),
        "try-where": (
            "takkure/4.04/2",
            "A player carrying the ball whose base is partially within the in-goal zone may attempt to SCORE A TRY.",
        ),
        "try-scored": ("takkure/4.04/8", "If you pass the roll: Congratulations, you successfully scored."),
        "try-missed": ("takkure/4.04/9", "If you miss: Perform a Kick-off (see page 34 as printed)."),
        "priority": (
            "takkure/0.02/1",
            "A rule in an ability, card, team, FAQ, or expansion takes precedence over this rulebook.",
        ),
    },
)
because = RULES.because
then = RULES.then

# The modifier tables, quoted row by row (each row is one line of the book: the cells run together
# because the table was flattened, so the joiner is empty).
PASS_TABLE = RULES.table(
    "pass-table",
    "takkure/2.01/7",
    ("Distance", "Modifier"),
    [('0" to 2"', "+4"), ('2" to 4"', "+2"), ('4" to 8"', "0"), ('+8"', "-2")],
    joiner="",
)
RECEPTION_TABLE = RULES.table(
    "reception-table",
    "takkure/2.02/2",
    ("Distance", "Modifier"),
    [('0" to 2"', "+2"), ('2" to 4"', "0"), ('4" to 8"', "-2"), ('+8"', "-4")],
    joiner="",
)

DIRECTION = Fact(
    "scoring_direction", "choice", "which way the attacking team scores along the y axis", "+y", choices=("+y", "-y")
)
PITCH = {"low": -40.0, "high": 40.0}


def _ahead_by(passer: list[float], receiver: list[float], direction: str) -> float:
    sign = 1 if direction == "+y" else -1
    return (receiver[1] - passer[1]) * sign


@RULES.check(
    "pass-direction",
    "Can the ball carrier pass to this receiver? (no pass to a player ahead; level or behind is fine)",
    [
        Fact("passer", "point", "passer's position [x, y]", unit="inches", **PITCH),
        Fact("receiver", "point", "receiver's position [x, y]", unit="inches", **PITCH),
        DIRECTION,
        Fact("passer_has_ball", "bool", "the passer is the ball carrier", True),
    ],
    {
        "game": "takkure",
        "check": "pass-direction",
        "facts": {"passer": [10, 20], "receiver": [14, 20], "scoring_direction": "+y"},
    },
    cites=("carrier-passes", "no-pass-ahead", "core-pass"),
)
def pass_direction(f: dict) -> Verdict:
    if not f["passer_has_ball"]:
        return Verdict(
            "illegal",
            reasons=[because("carrier-passes", "the passer does not carry the ball")],
            summary="illegal pass: the passer does not carry the ball",
        )
    ahead = _ahead_by(f["passer"], f["receiver"], f["scoring_direction"])
    if ahead > 0:
        return Verdict(
            "illegal",
            ahead,
            [
                because("no-pass-ahead", f'the receiver is {ahead:g}" ahead of the passer'),
                because("core-pass", "one of the three core rugby rules"),
            ],
            summary=f'illegal pass: the receiver is {ahead:g}" ahead',
        )
    where = "level with" if ahead == 0 else f'{-ahead:g}" behind'
    return Verdict(
        "legal",
        ahead,
        [because("no-pass-ahead", f"the receiver is {where} the passer, not ahead")],
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


@RULES.check(
    "pass-target",
    "The BaC a pass must roll under: distance modifier (best at a boundary), pressure, fatigue, pass from the ground",
    [
        Fact("bac", "int", "the passer's Ball Control (BaC)", low=0, high=20),
        Fact("distance", "float", "distance between passer and receiver", unit="inches", low=0, high=80),
        Fact("pressure", "int", 'defenders pressuring the passer (within 2")', 0, low=0, high=4),
        Fact("from_ground", "bool", "the passer is GROUNDED (pass from the ground)", False),
        Fact("fatigue", "int", "the passer's active fatigue tokens (3 or more: -1 BaC)", 0, low=0, high=3),
    ],
    {"game": "takkure", "check": "pass-target", "facts": {"bac": 7, "distance": 3, "pressure": 1}},
    cites=(
        "pass-table/*",
        "best-modifier",
        "ground-8",
        "ground-cancelled",
        "pressure",
        "pressure-stacks",
        "fatigue-3",
        "ground-minus-2",
        "ground-no-second",
        "modifier-example",
    ),
)
def pass_target(f: dict) -> Verdict:
    distance = f["distance"]
    modifier, hits, row = _table_modifier(distance, PASS_TABLE)
    reasons = [because(f"pass-table/{row}", f'{distance:g}" gives {modifier:+d}')]
    if len(hits) > 1:
        reasons.append(because("best-modifier", f'{distance:g}" is on a boundary ({hits}): the best, {modifier:+d}'))
    if f["from_ground"] and distance > 8:
        return Verdict(
            "value",
            None,
            [because("ground-8", f'a pass from the ground cannot go {distance:g}"')],
            outcome="cancelled",
            consequences=[then("ground-cancelled", "the roll is cancelled: no pass, no reception")],
            summary=f'pass from the ground cancelled: {distance:g}" is more than 8"',
        )
    total = f["bac"] + modifier - f["pressure"]
    parts = [f"BaC {f['bac']}", f'{modifier:+d} for {distance:g}"']
    if f["pressure"]:
        reasons.append(because("pressure", f"{f['pressure']} pressuring defender(s): -{f['pressure']}"))
        if f["pressure"] > 1:
            reasons.append(because("pressure-stacks", "each pressuring defender adds -1"))
        parts.append(f"-{f['pressure']} for {_count(f['pressure'], 'pressuring defender')}")
    if f["fatigue"] >= 3:
        total -= 1
        reasons.append(because("fatigue-3", "3 fatigue tokens: -1 BaC"))
        parts.append("-1 for fatigue")
    if f["from_ground"]:
        total -= 2
        reasons.append(because("ground-minus-2", "pass from the ground: -2"))
        reasons.append(because("ground-no-second", "and no second action this activation"))
        parts.append("-2 from the ground")
    if f["bac"] == 7 and modifier == 2 and f["pressure"] == 1 and not f["from_ground"] and f["fatigue"] < 3:
        reasons.append(because("modifier-example", "the book's own worked example"))
    return Verdict("value", total, reasons, summary=f"must roll {total} or less on the D12 ({', '.join(parts)})")


def _count(n: int, noun: str) -> str:
    return f"{'one' if n == 1 else n} {noun}{'' if n == 1 else 's'}"


@RULES.check(
    "reception-modifier",
    "The modifier to a BALL RECEPTION roll after a missed pass, by distance (best at a boundary)",
    [Fact("distance", "float", "distance between the players involved", unit="inches", low=0, high=80)],
    {"game": "takkure", "check": "reception-modifier", "facts": {"distance": 4}},
    cites=("reception-table/*", "reception-best", "reception-success", "reception-miss"),
)
def reception_modifier(f: dict) -> Verdict:
    modifier, hits, row = _table_modifier(f["distance"], RECEPTION_TABLE)
    reasons = [because(f"reception-table/{row}", f'{f["distance"]:g}" gives {modifier:+d}')]
    if len(hits) > 1:
        reasons.append(because("reception-best", f"on a boundary ({hits}): the best applies"))
    return Verdict(
        "value",
        modifier,
        reasons,
        consequences=[
            then("reception-success", "if the reception roll succeeds, the receiver carries the ball"),
            then("reception-miss", "if it misses, the ball scatters from the receiver"),
        ],
        summary=f"if the pass misses, the receiver's BALL RECEPTION roll is at {modifier:+d}",
    )


@RULES.check(
    "tackle-declaration",
    "May a defender declare a TACKLE on this player? (only the ball carrier, never a GROUNDED player)",
    [
        Fact("target_has_ball", "bool", "the target carries the ball"),
        Fact("target_grounded", "bool", "the target is GROUNDED", False),
        Fact("target_active", "bool", "the target is the active player", True),
    ],
    {"game": "takkure", "check": "tackle-declaration", "facts": {"target_has_ball": True, "target_grounded": False}},
    cites=("tackle-carrier", "core-tackle", "tackle-ground", "tackle-success", "tackle-fail", "tackle-critical"),
)
def tackle_declaration(f: dict) -> Verdict:
    if not f["target_has_ball"]:
        return Verdict(
            "illegal",
            reasons=[
                because("tackle-carrier", "the target does not carry the ball"),
                because("core-tackle", "one of the three core rugby rules"),
            ],
            summary="illegal tackle: the target does not carry the ball",
        )
    if f["target_grounded"]:
        return Verdict(
            "illegal",
            reasons=[because("tackle-ground", "the target is on the ground")],
            summary="illegal tackle: the target is GROUNDED",
        )
    active = "the active player" if f["target_active"] else "not the active player, which does not matter"
    return Verdict(
        "legal",
        reasons=[because("tackle-carrier", f"the target carries the ball ({active})")],
        consequences=[
            then("tackle-success", "if the STR roll succeeds: both players GROUNDED, the target rolls ENDURANCE"),
            then("tackle-critical", "on a critical: the target takes a wound instead"),
            then("tackle-fail", "if it fails: the tackler rolls REF or is GROUNDED"),
        ],
        summary="legal tackle (on the ball carrier)",
    )


@RULES.check(
    "second-action",
    "May the attacker DODGE or BREAK THROUGH? (only against a declared TACKLE; break through: ball carrier only)",
    [
        Fact("action", "choice", "the second action", choices=("dodge", "break-through")),
        Fact("tackle_declared", "bool", "a defender declared a TACKLE against this player"),
        Fact("is_ball_carrier", "bool", "the player carries the ball", True),
    ],
    {
        "game": "takkure",
        "check": "second-action",
        "facts": {"action": "break-through", "tackle_declared": True, "is_ball_carrier": False},
    },
    cites=(
        "dodge-when",
        "break-when",
        "break-carrier",
        "dodge-success",
        "dodge-fail",
        "dodge-critical",
        "break-success",
        "break-fail",
        "break-critical",
    ),
)
def second_action(f: dict) -> Verdict:
    key = "dodge-when" if f["action"] == "dodge" else "break-when"
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
            reasons=[because("break-carrier", "the player does not carry the ball")],
            summary="illegal BREAK THROUGH: the player does not carry the ball",
        )
    prefix = "dodge" if f["action"] == "dodge" else "break"
    return Verdict(
        "legal",
        reasons=[because(key, "a TACKLE was declared against this player")],
        consequences=[
            then(f"{prefix}-success", "if the roll succeeds"),
            then(f"{prefix}-critical", "on a critical"),
            then(f"{prefix}-fail", "if it fails"),
        ],
        summary=f"legal {name} (a TACKLE was declared against the player)",
    )


STEAL_MODIFIER = {"loose": ("steal-loose", 4), "held-grounded": ("steal-grounded", 0), "in-the-air": ("steal-air", -2)}


@RULES.check(
    "ball-steal",
    "May a defender try to STEAL the ball? (loose, held by a GROUNDED attacker, or in the air; not when GROUNDED)",
    [
        Fact("ball", "choice", "where the ball is", choices=("loose", "held-grounded", "in-the-air", "held-standing")),
        Fact("stealer_grounded", "bool", "the defender trying to steal is GROUNDED", False),
    ],
    {"game": "takkure", "check": "ball-steal", "facts": {"ball": "held-standing"}},
    cites=(
        "steal-not-standing",
        "steal-grounded-stealer",
        "steal-ways",
        "steal-loose",
        "steal-grounded",
        "steal-air",
        "stolen",
    ),
)
def ball_steal(f: dict) -> Verdict:
    if f["ball"] == "held-standing":
        return Verdict(
            "illegal",
            reasons=[because("steal-not-standing", "the carrier is not GROUNDED")],
            summary="illegal BALL STEAL: the carrier is standing",
        )
    if f["stealer_grounded"]:
        return Verdict(
            "illegal",
            reasons=[because("steal-grounded-stealer", "the defender is GROUNDED")],
            summary="illegal BALL STEAL: the defender is GROUNDED",
        )
    key, modifier = STEAL_MODIFIER[f["ball"]]
    where = f["ball"].replace("-", " ")
    return Verdict(
        "legal",
        {"bac_modifier": modifier},
        [because("steal-ways", f"the ball is {where}"), because(key, f"BaC roll at {modifier:+d}")],
        consequences=[then("stolen", "if the steal succeeds, possession changes at the end of the activation")],
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


@RULES.check(
    "grounded-action",
    "What may a GROUNDED player do? (STAND UP; a grounded ball carrier only a PASS FROM THE GROUND)",
    [
        Fact("action", "choice", "the action", choices=GROUNDED_ACTIONS),
        Fact("is_ball_carrier", "bool", "the grounded player carries the ball"),
    ],
    {"game": "takkure", "check": "grounded-action", "facts": {"action": "stand-up", "is_ball_carrier": True}},
    cites=("grounded-carrier", "grounded-only-stand"),
)
def grounded_action(f: dict) -> Verdict:
    action = f["action"].replace("-", " ").upper()
    if f["is_ball_carrier"]:
        ok = f["action"] in ("pass-from-the-ground", "pass")
        return Verdict(
            "legal" if ok else "illegal",
            reasons=[
                because("grounded-carrier", "a grounded ball carrier cannot stand up; it may pass from the ground"),
            ],
            summary="legal: a GROUNDED ball carrier may PASS FROM THE GROUND"
            if ok
            else f"illegal {action}: a GROUNDED ball carrier may only PASS FROM THE GROUND",
        )
    ok = f["action"] == "stand-up"
    return Verdict(
        "legal" if ok else "illegal",
        reasons=[
            because("grounded-only-stand", "a grounded player may only STAND UP"),
        ],
        summary=f"{'legal' if ok else 'illegal'} {action} by a GROUNDED player",
    )


@RULES.check(
    "fatigue-effects",
    "The adverse effects of a player's fatigue tokens (cumulative; inactive tokens do not count; 4 = injured)",
    [
        Fact("active", "int", "active fatigue tokens", low=0, high=4),
        Fact("inactive", "int", "inactive (flipped) fatigue tokens", 0, low=0, high=4),
    ],
    {"game": "takkure", "check": "fatigue-effects", "facts": {"active": 2, "inactive": 1}},
    cites=(
        "max-fatigue",
        "fatigue-1",
        "skills-lost",
        "fatigue-2",
        "fatigue-3",
        "fatigue-cumulative",
        "fatigue-inactive",
    ),
)
def fatigue_effects(f: dict) -> Verdict:
    if f["active"] + f["inactive"] >= 4:
        return Verdict("value", ["injured"], [because("max-fatigue", "four tokens: the player is injured")])
    effects, reasons = [], []
    levels = (
        (1, "fatigue-1", "loses position and training skills"),
        (2, "fatigue-2", "only one MOV action per activation"),
        (3, "fatigue-3", "-1 to STR, BaC, REF and INT"),
    )
    for level, key, effect in levels:
        if f["active"] >= level:
            effects.append(effect)
            reasons.append(because(key, f"{f['active']} active token(s) >= {level}"))
            if level == 1:
                reasons.append(because("skills-lost", "the skills are lost while a token is active"))
    if f["active"] > 1:
        reasons.append(because("fatigue-cumulative", "the effects add up"))
    if f["inactive"]:
        reasons.append(because("fatigue-inactive", f"{f['inactive']} inactive token(s) have no effect"))
    return Verdict("value", effects, reasons, summary="fatigue: " + ("; ".join(effects) or "no effect"))


@RULES.check(
    "score-a-try",
    "May this player attempt to SCORE A TRY? (the ball carrier, base partly within the in-goal zone, not GROUNDED)",
    [
        Fact("is_ball_carrier", "bool", "the player carries the ball"),
        Fact("in_goal", "bool", "the player's base is at least partly within the in-goal zone"),
        Fact("grounded", "bool", "the player is GROUNDED", False),
    ],
    {"game": "takkure", "check": "score-a-try", "facts": {"is_ball_carrier": True, "in_goal": True}},
    cites=("try-where", "grounded-carrier"),
)
def score_a_try(f: dict) -> Verdict:
    if f["grounded"]:
        return Verdict(
            "illegal",
            reasons=[because("grounded-carrier", "a GROUNDED carrier may only pass from the ground")],
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
        reasons=[because("try-where", why)],
        summary=f"{'legal' if ok else 'illegal'} SCORE A TRY ({why})",
    )


@RULES.check(
    "score-a-try-target",
    "The BaC a SCORE A TRY roll must roll under: second BaC, -1 per fatigue token (active or not), pressure",
    [
        Fact("bac_try", "int", "the carrier's second BaC value", low=0, high=20),
        Fact("fatigue_tokens", "int", "fatigue tokens, active or not", 0, low=0, high=3),
        Fact("pressure", "int", "defenders pressuring the carrier", 0, low=0, high=4),
        Fact("inactive_fatigue", "int", "how many of those tokens are inactive (flipped)", 0, low=0, high=3),
    ],
    {"game": "takkure", "check": "score-a-try-target", "facts": {"bac_try": 8, "fatigue_tokens": 2, "pressure": 1}},
    cites=("try-second-bac", "try-fatigue", "fatigue-3", "try-pressure", "fumble"),
)
def score_try_target(f: dict) -> Verdict:
    if f["inactive_fatigue"] > f["fatigue_tokens"]:
        raise RefereeError("facts 'inactive_fatigue' and 'fatigue_tokens': more inactive tokens than tokens")
    total = f["bac_try"] - f["fatigue_tokens"] - f["pressure"]
    reasons = [because("try-second-bac", f"start from the second BaC value, {f['bac_try']}")]
    parts = [f"second BaC {f['bac_try']}"]
    if f["fatigue_tokens"]:
        reasons.append(because("try-fatigue", f"{f['fatigue_tokens']} fatigue token(s): -{f['fatigue_tokens']}"))
        parts.append(f"-{f['fatigue_tokens']} for fatigue")
    if f["fatigue_tokens"] - f["inactive_fatigue"] >= 3:  # 3 active tokens also cost 1 BaC (cumulative effects)
        total -= 1
        reasons.append(because("fatigue-3", "3 active fatigue tokens: -1 BaC as well"))
        parts.append("-1 for 3 active fatigue tokens")
    if f["pressure"]:
        reasons.append(because("try-pressure", f"pressure: -{f['pressure']}"))
        parts.append(f"-{f['pressure']} for {_count(f['pressure'], 'pressuring defender')}")
    reasons.append(because("fumble", "a 12 still always misses"))
    return Verdict("value", total, reasons, summary=f"must roll {total} or less on the D12 ({', '.join(parts)})")


def _outcome(target: int, die: int) -> str:
    if die == 12:
        return "fumble"
    if die == 1:
        return "critical"
    return "success" if die <= target else "fail"


# What follows an unopposed roll, by the action rolled for: (on success, on a critical, on a miss).
AFTER_ROLL = {
    "pass": ("pass-success", "pass-critical", "pass-miss"),
    "dodge": ("dodge-success", "dodge-critical", "dodge-fail"),
    "break-through": ("break-success", "break-critical", "break-fail"),
    "tackle": ("tackle-success", "tackle-critical", "tackle-fail"),
    "score-a-try": ("try-scored", None, "try-missed"),
}


@RULES.check(
    "unopposed-roll",
    "Outcome of an unopposed D12 roll (extra dice from a skill: keep the best), its probability, and what follows",
    [
        Fact("target", "int", "the modified characteristic", low=-10, high=30),
        Fact("dice", "ints", "the die or dice rolled (a skill such as Side Step rolls two)", [], low=1, high=12),
        Fact("action", "choice", "the action rolled for (says what follows)", "none", choices=("none", *AFTER_ROLL)),
        Fact("extra_dice", "int", "dice rolled beyond the first (a skill such as Precise Pass)", 0, low=0, high=3),
    ],
    {"game": "takkure", "check": "unopposed-roll", "facts": {"target": 7, "dice": [8]}},
    cites=("unopposed", "critical-fumble", "extra-dice", "priority", *{k for v in AFTER_ROLL.values() for k in v if k}),
)
def unopposed_roll(f: dict) -> Verdict:
    successes = sum(1 for d in range(1, 13) if _outcome(f["target"], d) in ("success", "critical"))
    n = max(1, len(f["dice"]), 1 + f["extra_dice"])
    probability = round(1 - (1 - successes / 12) ** n, 4)
    reasons = [
        because("unopposed", f"equal or lower than {f['target']} succeeds"),
        because("critical-fumble", "1 is a critical success, 12 a fumble"),
    ]
    if n > 1:
        reasons.append(because("extra-dice", f"{n} dice: keep the best"))
        reasons.append(because("priority", "the skill's rule takes precedence over the single-die rule"))
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


@RULES.check(
    "face-to-face-roll",
    "Who wins a face-to-face roll (all fail, one succeeds, highest success, tie, criticals); without dice, the odds",
    [
        Fact("targets", "ints", "each player's modified characteristic, in order", low=-10, high=30),
        Fact("dice", "ints", "each player's die, same order (leave out for the probabilities)", [], low=1, high=12),
    ],
    {"game": "takkure", "check": "face-to-face-roll", "facts": {"targets": [7, 7], "dice": [5, 3]}},
    cites=("critical-tie", "critical-wins", "f2f-all-fail", "f2f-one", "f2f-several", "f2f-tie"),
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
        return Verdict("value", odds, [because("f2f-several", "every combination of D12 results, weighed equally")])
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
        return {"winner": None, "result": "tie"}, [because("critical-tie", "several criticals")]
    if len(criticals) == 1:
        return {"winner": criticals[0] + 1, "result": "critical"}, [
            because("critical-wins", f"player {criticals[0] + 1} rolled a 1")
        ]
    if not successes:
        return {"winner": None, "result": "all fail"}, [because("f2f-all-fail", "nobody succeeded")]
    if len(successes) == 1:
        return {"winner": successes[0] + 1, "result": "one succeeds"}, [
            because("f2f-one", f"only player {successes[0] + 1} succeeded")
        ]
    best = max(dice[i] for i in successes)
    top = [i for i in successes if dice[i] == best]
    if len(top) > 1:
        return {"winner": None, "result": "tie"}, [because("f2f-tie", f"several succeeded with {best}")]
    return {"winner": top[0] + 1, "result": "several succeed"}, [
        because("f2f-several", f"player {top[0] + 1} rolled the highest success, {best}")
    ]


@RULES.check(
    "melee-roll",
    "Who wins a melee roll (several players for a loose or grounded ball, or a try against several tacklers)?",
    [
        Fact("targets", "ints", "each player's modified characteristic, in order", low=-10, high=30),
        Fact("dice", "ints", "each player's die, same order", low=1, high=12),
    ],
    {"game": "takkure", "check": "melee-roll", "facts": {"targets": [7, 7, 7, 7], "dice": [3, 6, 7, 12]}},
    cites=("melee-when", "melee", "melee-tie"),
)
def melee_roll(f: dict) -> Verdict:
    from referee.errors import RefereeError

    if len(f["targets"]) != len(f["dice"]) or len(f["dice"]) < 3:
        raise RefereeError("facts 'targets' and 'dice': a melee has three or more players, one die each")
    outcomes = [_outcome(t, d) for t, d in zip(f["targets"], f["dice"], strict=True)]
    criticals = [i for i, o in enumerate(outcomes) if o == "critical"]
    successes = [i for i, o in enumerate(outcomes) if o == "success"]
    when = because("melee-when", "a melee roll: all the dice compared at once")
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
            [when, because("melee", "nobody succeeded")],
            outcome="fails",
        )
    if len(best) > 1:
        players = [i + 1 for i in best]
        return Verdict(
            "value",
            {"winner": None, "result": "tie", "roll_again": players},
            [when, because("melee", why), because("melee-tie", f"players {players} roll face-to-face again")],
            outcome="draw",
        )
    return Verdict(
        "value", {"winner": best[0] + 1, "result": "wins"}, [when, because("melee", why)], outcome="succeeds"
    )


__all__ = ["RULES", "Reading"]


# ---------------------------------------------------------------- game states


TEAMS = ("attack", "defence")
STATUSES = ("grounded", "pressure", "tackle", "active", "steal", "rest")
SKILLS = ("side-step", "precise-pass", "onslaught", "defensive-insight", "expert-tackler")
ROLES_TK = ("wing", "scrum-half", "full-back", "forward")
STATS = ("bac", "bac_try", "str", "ref", "int", "mov")
EDGE = 40.0  # the facts' range: the book gives the pitch's marks (4", 18", 26"), not its size


class Player:
    def __init__(self, name: str, raw: dict, where: str) -> None:
        self.name = name
        self.team = choice(raw.get("team"), f"{where}.team", TEAMS)
        self.at = point(raw.get("at"), f"{where}.at", (-EDGE, -EDGE), (EDGE, EDGE), "inches")
        self.base = number(raw.get("base", 40), f"{where}.base", 20, 80)  # mm, as printed on the card
        self.status = set(words(raw.get("status"), f"{where}.status", STATUSES))
        self.skills = set(words(raw.get("skills"), f"{where}.skills", SKILLS))
        self.role = choice(raw["role"], f"{where}.role", ROLES_TK) if "role" in raw else None
        self.fatigue = int(number(raw.get("fatigue", 0), f"{where}.fatigue", 0, 3, whole=True))
        self.fatigue_inactive = int(number(raw.get("fatigue_inactive", 0), f"{where}.fatigue_inactive", 0, 3, True))
        self.stats = {k: int(number(raw[k], f"{where}.{k}", 0, 20, whole=True)) for k in STATS if k in raw}
        self.target = str(raw["target"]).lstrip("#") if "target" in raw else None
        extra = sorted(
            set(raw)
            - {"team", "at", "base", "status", "skills", "role", "fatigue", "fatigue_inactive", "target", *STATS}
        )
        if extra:
            raise RefereeError(f"{where}: a player has no {extra[0]!r}")

    @property
    def radius(self) -> float:
        return self.base / 2 / 25.4  # the base's radius in inches

    @property
    def grounded(self) -> bool:
        return "grounded" in self.status


class Pitch:
    def __init__(self, raw: dict, source: str) -> None:
        self.source = source
        self.attack = choice(raw.get("attack", "+y"), f"{source}: attack", ("+y", "-y"))
        self.in_goal = number(raw["in_goal"], f"{source}: in_goal", -EDGE, EDGE) if "in_goal" in raw else None
        players = mapping(raw.get("pieces"), f"{source}: pieces")
        self.pieces = {
            name.lstrip("#"): Player(name, mapping(p, f"{source}: pieces.{name}"), f"{source}: pieces.{name}")
            for name, p in players.items()
        }
        ball = raw.get("ball")
        self.carrier: Player | None = None
        self.ball_at: tuple[float, float] | None = None
        self.ball_in_air = ball == "in-the-air"
        if isinstance(ball, (str, int)) and not isinstance(ball, bool) and not self.ball_in_air:
            self.carrier = lookup(self.pieces, str(ball), f"{source}: ball")
        elif isinstance(ball, list):
            self.ball_at = point(ball, f"{source}: ball", (-EDGE, -EDGE), (EDGE, EDGE), "inches")
        elif not self.ball_in_air:
            raise RefereeError(f"{source}: 'ball' must name the carrier (\"7\"), give a point [x, y], or be in-the-air")
        active = raw.get("active")
        self.active = lookup(self.pieces, str(active), f"{source}: active") if active is not None else self.carrier
        self._no_overlap()

    def _no_overlap(self) -> None:
        """6.04: two players cannot occupy the same space (their bases may touch, not overlap)."""
        items = list(self.pieces.values())
        for i, a in enumerate(items):
            for b in items[i + 1 :]:
                if math.dist(a.at, b.at) < a.radius + b.radius - 1e-9:
                    raise RefereeError(
                        f"{self.source}: #{a.name} and #{b.name} overlap: two players cannot occupy the same space"
                    )

    def gap(self, a: Player, b: Player) -> float:
        """0.03: a distance is measured between the closest points of the two bases."""
        return round(max(0.0, math.dist(a.at, b.at) - a.radius - b.radius), 2)

    def pressure_on(self, p: Player) -> int:
        """1.06: defenders performing PRESSURE within 2" of the player."""
        return sum(
            1 for q in self.pieces.values() if q.team != p.team and "pressure" in q.status and self.gap(p, q) <= 2
        )

    def in_goal_zone(self, p: Player) -> bool | None:
        if self.in_goal is None:
            return None
        sign = 1 if self.attack == "+y" else -1
        return (p.at[1] * sign) + p.radius > self.in_goal * sign


def read_state(raw: dict, source: str) -> Pitch:
    return Pitch(raw, source)


def _grounded_first(state: Pitch, who: Player, action: str, run) -> None:
    if who.grounded:
        run("grounded-action", {"action": action, "is_ball_carrier": who is state.carrier}, f"#{who.name} is GROUNDED")


def settle_pass(state: Pitch, args: dict, s) -> None:
    passer, receiver = lookup(state.pieces, args["by"], state.source), lookup(state.pieces, args["to"], state.source)
    if receiver.team != passer.team:
        raise RefereeError(f"{state.source}: #{receiver.name} is not a teammate of #{passer.name}")
    _grounded_first(state, passer, "pass-from-the-ground", s.run)
    s.run(
        "pass-direction",
        {
            "passer": list(passer.at),
            "receiver": list(receiver.at),
            "scoring_direction": state.attack,
            "passer_has_ball": passer is state.carrier,
        },
    )
    distance = state.gap(passer, receiver)
    target = s.run(
        "pass-target",
        {
            "bac": passer.stats.get("bac"),
            "distance": distance,
            "pressure": state.pressure_on(passer),
            "from_ground": passer.grounded,
            "fatigue": passer.fatigue,
        },
        f'{distance:g}" between the bases',
    )
    extra = 1 if "precise-pass" in passer.skills and passer.fatigue == 0 else 0
    roll = s.run(
        "unopposed-roll", {"target": target.value, "dice": s.dice or None, "action": "pass", "extra_dice": extra}
    )
    if roll.outcome != "succeeds":
        s.run(
            "reception-modifier",
            {"distance": distance},
            "if the pass misses" if roll.outcome is None else "the pass missed",
        )


def settle_tackle(state: Pitch, args: dict, s) -> None:
    tackler, target = lookup(state.pieces, args["by"], state.source), lookup(state.pieces, args["on"], state.source)
    if tackler.team == target.team:
        raise RefereeError(f"{state.source}: #{tackler.name} cannot tackle a teammate")
    _grounded_first(state, tackler, "tackle", s.run)
    s.run(
        "tackle-declaration",
        {
            "target_has_ball": target is state.carrier,
            "target_grounded": target.grounded,
            "target_active": target is state.active,
        },
    )


def settle_second_action(state: Pitch, args: dict, s) -> None:
    who = lookup(state.pieces, args["by"], state.source)
    action = "dodge" if args.get("dodge") else "break-through"
    _grounded_first(state, who, action, s.run)
    declared = any(
        q.team != who.team
        and "tackle" in q.status
        and (q.target or (state.carrier.name if state.carrier else None)) == who.name
        for q in state.pieces.values()
    )
    s.run("second-action", {"action": action, "tackle_declared": declared, "is_ball_carrier": who is state.carrier})


def settle_steal(state: Pitch, args: dict, s) -> None:
    who = lookup(state.pieces, args["by"], state.source)
    if state.ball_in_air:
        ball = "in-the-air"
    elif state.carrier is None:
        ball = "loose"
    else:
        ball = "held-grounded" if state.carrier.grounded else "held-standing"
    s.run("ball-steal", {"ball": ball, "stealer_grounded": who.grounded})


def settle_try(state: Pitch, args: dict, s) -> None:
    who = lookup(state.pieces, args["by"], state.source)
    in_goal = state.in_goal_zone(who)
    if in_goal is None and "in_goal" not in s.overrides:
        raise RefereeError(
            f"{state.source}: say where the in-goal zone starts (in_goal: Y), or give --fact in_goal=true"
        )
    s.run("score-a-try", {"is_ball_carrier": who is state.carrier, "in_goal": in_goal, "grounded": who.grounded})
    target = s.run(
        "score-a-try-target",
        {
            "bac_try": who.stats.get("bac_try"),
            "fatigue_tokens": who.fatigue + who.fatigue_inactive,
            "pressure": state.pressure_on(who),
        },
    )
    s.run("unopposed-roll", {"target": target.value, "dice": s.dice or None, "action": "score-a-try"})


WHO = r"#?(?P<by>\w+)"
RULES.states = StateRules(
    read=read_state,
    keys=("attack", "in_goal", "pieces", "ball", "active"),
    actions=[
        Action("pass", (WHO + r" pass(?:es)? (?:the ball )?to #?(?P<to>\w+)",), settle_pass, "#7 passes to #9"),
        Action(
            "tackle",
            (WHO + r" (?:declares a tackle on|tackles) #?(?P<on>\w+)",),
            settle_tackle,
            "#4 declares a tackle on #7",
        ),
        Action("dodge", (WHO + r" (?P<dodge>dodges)",), settle_second_action, "#7 dodges"),
        Action("break-through", (WHO + r" breaks? through",), settle_second_action, "#7 breaks through"),
        Action("ball-steal", (WHO + r" (?:tries to )?steals? the ball",), settle_steal, "#4 steals the ball"),
        Action("score-a-try", (WHO + r" (?:scores|tries to score|attempts) a try",), settle_try, "#7 scores a try"),
    ],
)

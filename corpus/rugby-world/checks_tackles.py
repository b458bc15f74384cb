"""Rugby World's checks: the Strength Rule, tackles, the Hard Tackle, the tackled carrier."""

from __future__ import annotations

from referee.rules import Fact, Reading, Verdict, because, check, then

from .checks_card_data import (
    BLOCK_EFFECT,
    RELEASE_EFFECT,
    STEAL_EFFECT,
    STEAL_HEAD,
    _card_refused,
    cards_with,
)
from .checks_common import (
    ROLES,
    _range_text,
    win_range,
)
from .quotes import (
    BACKS_HEADING,
    BREAK_DECLARE,
    BREAK_LOSES,
    BREAK_WINS,
    CARD_GROUPS,
    FREE_22,
    FREE_KICK,
    FREE_ROWS,
    FREE_THREE,
    FREE_TOKEN,
    GROUND_THE_BALL,
    GROUNDED_BALL_FREE,
    HARD_LOSE_FOUL,
    HARD_LOSE_REST,
    HARD_TACKLE,
    HARD_WIN_123,
    HARD_WIN_REST,
    OBSTRUCTION,
    OBSTRUCTION_SCRUM,
    ONE_DEFENDER,
    PASS_TACKLED,
    PENALTY_WHERE,
    RECOVERY,
    RUCK_AUTOMATIC,
    RUCK_PUSH,
    SCRUM_EXAMPLE,
    SCRUM_PUSH,
    SCRUM_WHERE,
    SEVENTH_TACKLE,
    SPEED_RULE,
    STRENGTH_BALANCE,
    STRENGTH_EXAMPLE,
    STRENGTH_RULE,
    TACKLE_CARRIER,
    TACKLE_DEFENDERS,
    TACKLED_OPTIONS,
    THREE_DEFENDERS,
    TWO_DEFENDERS,
    WITHIN_SEVENTH,
)

# ================================================================ the strength rule, tackles


@check(
    "strength-rule",
    "Win range on a D12 for whoever declares a break-through, evade (speed), scrum or ruck push",
    [
        Fact("declarer", "int", "the declarer's F (or S for evade; pack total for scrums)", low=0, high=200),
        Fact("opponent", "int", "the opponent's F (or S)", low=0, high=200),
        Fact("compare", "choice", "what is compared", "strength", choices=("strength", "speed", "scrum", "ruck")),
        Fact("die", "int", "the die rolled, if any", 0, low=0, high=12),
    ],
    example={"declarer": 6, "opponent": 8},
)
def strength_rule(f: dict) -> Verdict:
    low, high = win_range(f["declarer"], f["opponent"])
    difference = f["declarer"] - f["opponent"]
    reasons = [because(STRENGTH_BALANCE, "at equal values: 1-6 against 7-12")]
    if f["compare"] == "strength":
        reasons.insert(0, because(BREAK_DECLARE, "the F values are compared"))
    if difference:
        reasons.append(
            because(STRENGTH_RULE, f"difference {difference:+d}: the declarer wins on {_range_text(low, high)}")
        )
    if f["compare"] == "speed":
        reasons.append(because(SPEED_RULE, "evade compares speeds"))
    if (f["declarer"], f["opponent"]) == (6, 8):
        reasons.append(because(STRENGTH_EXAMPLE, "the book's own example"))
    if f["compare"] == "scrum":
        reasons.append(because(SCRUM_PUSH, "a scrum pack is one miniature with the summed F"))
        reasons.append(because(SCRUM_EXAMPLE, "the book's example of a push"))
    if f["compare"] == "ruck":
        reasons.append(because(RUCK_PUSH, "a ruck's strengths added and compared"))
    if abs(difference) > 6:
        reasons.append(because(RUCK_AUTOMATIC, "a difference over 6: automatic victory or defeat"))
    value: dict = {"declarer_wins": _range_text(low, high), "declarer_loses": _range_text(high + 1, 12)}
    summary = f"the declarer wins on {_range_text(low, high)} of the D12"
    outcome = None
    if abs(difference) > 6:
        value["winner"] = "declarer" if difference > 0 else "opponent"
        outcome = "succeeds" if difference > 0 else "fails"
        summary += f"; a difference of {abs(difference)}: automatic"
    elif f["die"]:
        value["die"] = f["die"]
        value["winner"] = "declarer" if low <= f["die"] <= high else "opponent"
        outcome = "succeeds" if value["winner"] == "declarer" else "fails"
        summary += f"; rolled {f['die']}: the {value['winner']} wins"
    return Verdict("value", value, reasons, outcome=outcome, summary=summary)


def _hard_result(low: int, high: int, die: int) -> tuple[str, str | None]:
    if low <= die <= high:
        return ("ball stolen", "stolen") if die <= 3 else ("carrier pushed back, ball grounded", "succeeds")
    if die >= 10:
        return "foul: penalty kick", "foul"
    return "defender placed 2 away, loses token", "fails"


HARD_QUOTE = {
    "ball stolen": HARD_WIN_123,
    "carrier pushed back, ball grounded": HARD_WIN_REST,
    "foul: penalty kick": HARD_LOSE_FOUL,
    "defender placed 2 away, loses token": HARD_LOSE_REST,
}


@check(
    "hard-tackle",
    "Outcome of a Hard Tackle by die: steal (won on 1-3), a win (the ball grounded), a foul (lost on 10-12) or a "
    "loss; under the Strength Rule, the 1-6 interval the declarer's (read two ways when he is the weaker)",
    [
        Fact("defender_f", "int", "the tackling defender's F", low=0, high=20),
        Fact("carrier_f", "int", "the ball carrier's F", low=0, high=20),
        Fact("die", "int", "the die rolled", low=1, high=12),
        Fact("card", "choice", "a card played for this tackle", "none", choices=("none", *cards_with("steal"))),
        Fact("role", "choice", "the defender's role (cards are for a group)", "unknown", choices=("unknown", *ROLES)),
    ],
    example={"defender_f": 8, "carrier_f": 6, "die": 2},
)
def hard_tackle(f: dict) -> Verdict:
    if f["card"] != "none":
        refused = _card_refused(f["card"], f["role"], STEAL_HEAD, STEAL_EFFECT, BACKS_HEADING)
        if refused:
            refused.reasons.insert(1, because(CARD_GROUPS, "2G: the cards numbered 1-8 are the forwards'"))
            return refused
        return Verdict(
            "value",
            "ball stolen",
            [
                because(STEAL_HEAD[f["card"]], "a forward's card (2G: numbers 1 to 8 are the forwards)"),
                because(CARD_GROUPS, "the group of the card"),
                because(BACKS_HEADING, "'Backs (1-8)' means the forwards"),
                because(STEAL_EFFECT[f["card"]], "the card steals the ball whatever the die"),
                because(HARD_TACKLE, "the Strength Rule roll the card overrides"),
            ],
            outcome="stolen",
            summary=f"ball stolen: the {f['card']} card steals it whatever the die",
        )
    _, high = win_range(f["defender_f"], f["carrier_f"])
    die = f["die"]
    by_rule = _hard_result(1, high, die)  # the Strength Rule: 1-6 shifted by the difference
    by_interval = _hard_result(1, max(high, 6), die)  # the 1-6 interval always the declarer's
    reasons = [because(HARD_TACKLE, "the Strength Rule, the 1-6 interval the declarer's")]
    if f["defender_f"] != f["carrier_f"]:
        reasons.append(because(STRENGTH_RULE, f"difference {f['defender_f'] - f['carrier_f']:+d}"))
    if by_rule == by_interval:
        value, outcome = by_rule
        reasons.append(
            because(
                HARD_QUOTE[value], f"the defender {'wins' if outcome in ('stolen', 'succeeds') else 'loses'} with {die}"
            )
        )
        if outcome in ("stolen", "succeeds"):
            reasons.append(because(HARD_LOSE_FOUL, "10-12 is a foul only for a defender who loses"))
        elif outcome == "fails":
            reasons.insert(-1, because(HARD_LOSE_FOUL, "a foul only when he loses with 10, 11 or 12"))
        return Verdict(
            "value",
            value,
            reasons,
            outcome=outcome,
            consequences=[then(PENALTY_WHERE, "a Penalty kick to the attack, at the point of the foul")]
            if outcome == "foul"
            else [],
            summary=f"Hard Tackle, die {die}: {value}",
        )
    return Verdict(
        "ambiguous",
        None,
        reasons,
        [
            Reading(
                f"the Strength Rule: the weaker declarer wins on {_range_text(1, high)}",
                "value",
                by_rule[0],
                [because(STRENGTH_RULE, "the weaker's range reduced"), because(HARD_QUOTE[by_rule[0]], f"die {die}")],
            ),
            Reading(
                "the 1-6 interval always belongs to the declarer",
                "value",
                by_interval[0],
                [because(HARD_TACKLE, "1-6 is the declarer's"), because(HARD_QUOTE[by_interval[0]], f"die {die}")],
            ),
        ],
        summary=f"ambiguous Hard Tackle, die {die}: {by_rule[0]} by the Strength Rule, {by_interval[0]} if 1-6 is always his",
    )


@check(
    "tackle",
    "May these defenders tackle? Only the ball carrier, one to three defenders in front; options left to the carrier",
    [
        Fact("target_has_ball", "bool", "the tackled miniature carries the ball"),
        Fact("defenders", "int", "defenders on the 3 points in front of the carrier", 1, low=1, high=3),
        Fact("in_front", "bool", "every tackler stands on one of the 3 points in front of the carrier", True),
        Fact("from_touchline", "int", "intersections from the tackled miniature to the nearer touchline", None, low=0),
        Fact("from_try_line", "int", "intersections from the tackled miniature to the nearer try line", None, low=0),
    ],
    example={"target_has_ball": False},
)
def tackle(f: dict) -> Verdict:
    if not f["target_has_ball"]:
        return Verdict(
            "illegal",
            "obstruction",
            [
                because(TACKLE_CARRIER, "the target has no ball: a foul (obstruction)"),
                because(OBSTRUCTION, "defenders may not stay in front of an attacker without the ball"),
            ],
            outcome="foul",
            consequences=[
                then(OBSTRUCTION_SCRUM, "a Scrum to the attack (the team that did not obstruct)"),
                then(SCRUM_WHERE, _scrum_place(f.get("from_touchline"), f.get("from_try_line"))),
            ],
            summary="illegal tackle: the target has no ball; obstruction foul, Scrum to the attack",
        )
    if not f["in_front"]:
        return Verdict(
            "illegal",
            reasons=[because(TACKLE_DEFENDERS, "a tackler is not on one of the 3 points in front of the carrier")],
            summary="illegal tackle: the tacklers must stand on the 3 points in front of the carrier",
        )
    options = OPTIONS[f["defenders"]]
    reasons = [
        because(TACKLE_CARRIER, "the target carries the ball"),
        because(TACKLE_DEFENDERS, f"{f['defenders']} defender(s)"),
    ]
    reasons.append(because({1: ONE_DEFENDER, 2: TWO_DEFENDERS, 3: THREE_DEFENDERS}[f["defenders"]], "the options left"))
    return Verdict(
        "legal",
        {"carrier_options": options},
        reasons,
        summary=f"legal tackle by {f['defenders']}; the carrier may {', '.join(options)}",
    )


def _scrum_place(touchline: int | None, try_line: int | None) -> str:
    """Where the Scrum is formed: at the infringement, but 3 intersections out from a nearer touchline or try area."""
    if touchline is None and try_line is None:
        return "formed where the obstruction happened, or 3 intersections from the touchline or try area if nearer"
    placed = []
    for distance, line in ((touchline, "touchline"), (try_line, "try area")):
        if distance is not None:
            moved = f" (the obstruction was {distance} from it)" if distance < 3 else ""
            placed.append(f"{max(distance, 3)} intersections from the {line}{moved}")
    return "formed " + ", ".join(placed)


OPTIONS = {
    1: ["break through", "evade", "pass", "ground the ball"],
    2: ["pass", "ground the ball"],
    3: ["ground the ball"],
}
OPTION_NAMES = ("break-through", "evade", "pass", "ground")


@check(
    "tackled-carrier",
    "What may a tackled carrier do? Against 1 tackler: break through, evade, pass or ground the ball; against 2: "
    "pass or ground it; against 3: ground it (a card may make a lone tackle count as more); none after the 7th Tackle",
    [
        Fact("option", "choice", "what the carrier declares", choices=OPTION_NAMES),
        Fact("tacklers", "int", "defenders who tackled him (on the 3 points in front)", low=1, high=3),
        Fact("counts_as", "int", "a card in effect makes a lone tackle count as this many (0: none)", 0, low=0, high=3),
        Fact("card", "choice", "that card", "none", choices=("none", *cards_with("release"))),
        Fact("possession_over", "bool", "this was the 7th Tackle of the possession", False),
    ],
    example={"option": "evade", "tacklers": 2},
)
def tackled_carrier(f: dict) -> Verdict:
    name = f["option"].replace("-", " ")
    if f["possession_over"]:
        return Verdict(
            "illegal",
            reasons=[
                because(SEVENTH_TACKLE, "the 7th Tackle ends the possession"),
                because(WITHIN_SEVENTH, "a Scrum to the opponent"),
            ],
            summary=f"illegal {name}: the 7th Tackle ended the possession; a Scrum put in by the opponent",
        )
    count = f["tacklers"]
    reasons = [because(TACKLED_OPTIONS, f"{count} tackler(s)")]
    if f["counts_as"] and count == 1:
        count = f["counts_as"]
        if f["card"] != "none":
            reasons.append(because(RELEASE_EFFECT[f["card"]], f"the card: the lone tackle counts as {count}"))
    rule = {1: ONE_DEFENDER, 2: TWO_DEFENDERS, 3: THREE_DEFENDERS}[count]
    allowed = {1: OPTION_NAMES, 2: ("pass", "ground"), 3: ("ground",)}[count]
    reasons.append(because(rule, f"with {count}: {', '.join(allowed)}"))
    ok = f["option"] in allowed
    consequences = []
    if f["option"] == "pass" and ok:
        consequences.append(then(PASS_TACKLED, "a tackled miniature passes at half its P, rounded down"))
    if f["option"] == "ground" and ok:
        consequences += [
            then(GROUND_THE_BALL, "one intersection back"),
            then(GROUNDED_BALL_FREE, "free to all but the tacklers"),
        ]
    return Verdict(
        "legal" if ok else "illegal",
        {"options": list(allowed)},
        reasons,
        consequences=consequences,
        summary=f"{'legal' if ok else 'illegal'} {name} against {count} tackler(s): the options are {', '.join(allowed)}",
    )


@check(
    "collect-ball",
    "May this miniature collect a ball on the ground? Anyone who reaches it, except the tacklers of the carrier who "
    "grounded it and offside miniatures",
    [
        Fact("tackler", "bool", "the miniature is one of the tacklers of the carrier who grounded the ball"),
        Fact("offside", "bool", "the miniature is offside (on the wrong side of the ball for its team)", False),
    ],
    example={"tackler": True},
)
def collect_ball(f: dict) -> Verdict:
    if f["tackler"] or f["offside"]:
        why = "a tackler" if f["tackler"] else "offside"
        reasons = [because(GROUNDED_BALL_FREE, f"the miniature is {why}")]
        if f["tackler"]:
            reasons.append(because(THREE_DEFENDERS, "the tackled carrier could only ground the ball"))
        return Verdict("illegal", reasons=reasons, summary=f"illegal: {why}s may not collect the grounded ball")
    return Verdict(
        "legal",
        reasons=[because(GROUNDED_BALL_FREE, "available to anyone able to reach it")],
        summary="legal: the miniature collects the ball",
    )


@check(
    "break-result",
    "What a break-through or an evade does: the winner breaks through (a unit move; a 1 or 2 freezes the defender) "
    "or evades (2 intersections); the loser grounds the ball, losing it to the defender on 11 or 12",
    [
        Fact("action", "choice", "what was declared", choices=("break-through", "evade")),
        Fact("winner", "choice", "who won the roll", choices=("attacker", "defender")),
        Fact("die", "int", "the die rolled", low=1, high=12),
    ],
    example={"action": "break-through", "winner": "defender", "die": 11},
)
def break_result(f: dict) -> Verdict:
    if f["winner"] == "attacker":
        reasons = [because(BREAK_WINS, f"won with {f['die']}")]
        if f["action"] == "evade":
            reasons.append(because(SPEED_RULE, "an evade: 2 intersections wherever he wishes"))
        value = {"ball": "carrier", "move": 2 if f["action"] == "evade" else "unit", "defender_frozen": f["die"] <= 2}
        return Verdict(
            "value",
            value,
            reasons,
            outcome="succeeds",
            summary=f"the {f['action'].replace('-', ' ')} succeeds"
            + ("; the defender cannot move next turn" if f["die"] <= 2 else ""),
        )
    taken = f["die"] >= 11
    consequences = (
        [then(RECOVERY, "the ball is recovered: the Tackles of that possession start again")]
        if taken
        else [
            then(GROUND_THE_BALL, "the ball goes one intersection back"),
            then(GROUNDED_BALL_FREE, "free to all but the tacklers and offside miniatures"),
        ]
    )
    return Verdict(
        "value",
        {"ball": "defender" if taken else "grounded"},
        [because(BREAK_LOSES, f"lost with {f['die']}")],
        outcome="stolen" if taken else "fails",
        consequences=consequences,
        summary="the defender takes the ball" if taken else "the attacker must ground the ball behind him",
    )


@check(
    "free-move",
    "Is a free move legal? 2+ rows behind the ball, at most 3 of 4, frozen after a kick and inside the 22",
    [
        Fact(
            "rows_behind_ball",
            "int",
            "rows the placed miniature is behind the ball (toward its own try line)",
            low=-80,
            high=80,
        ),
        Fact("free_moves_this_turn", "int", "free moves already made this turn", 0, low=0, high=4),
        Fact("ball_loose_after_kick", "bool", "the ball was kicked and nobody has reached it", False),
        Fact("carrier_in_opponents_22", "bool", "the ball carrier is in the opponents' 22 (line included)", False),
        Fact("team", "choice", "the moving team", "defence", choices=("attack", "defence")),
        Fact(
            "opponent_card",
            "choice",
            "a card the opponents played that is still in effect",
            "none",
            choices=("none", *cards_with("block")),
        ),
    ],
    example={"rows_behind_ball": 1},
)
def free_move(f: dict) -> Verdict:
    if f["opponent_card"] != "none" and f["team"] == "defence":
        return Verdict(
            "illegal",
            reasons=[
                because(BLOCK_EFFECT[f["opponent_card"]], "the opponents' card blocks the defence's free moves"),
                because(FREE_ROWS, "the free move rule the card overrides"),
            ],
            summary=f"illegal free move: the opponents' {f['opponent_card']} card blocks it",
        )
    if f["ball_loose_after_kick"]:
        return Verdict(
            "illegal",
            reasons=[because(FREE_KICK, "frozen after a kick until the ball is reached")],
            summary="illegal free move: frozen after a kick until the ball is reached",
        )
    if f["carrier_in_opponents_22"]:
        return Verdict(
            "illegal",
            reasons=[because(FREE_22, "the carrier is in the opponents' 22 (line included): both teams are frozen")],
            summary="illegal free move: the carrier is in the opponents' 22",
        )
    if f["free_moves_this_turn"] >= 3:
        return Verdict(
            "illegal",
            reasons=[because(FREE_THREE, "already 3 free moves this turn")],
            consequences=[then(FREE_TOKEN, "the free-moved miniatures have lost their tokens")],
            summary="illegal free move: already 3 this turn",
        )
    if f["rows_behind_ball"] < 2:
        return Verdict(
            "illegal",
            reasons=[because(FREE_ROWS, f"only {f['rows_behind_ball']} row(s) behind the ball")],
            summary=f"illegal free move: {f['rows_behind_ball']} row(s) behind the ball, at least 2 needed",
        )
    return Verdict(
        "legal",
        reasons=[
            because(FREE_ROWS, f"{f['rows_behind_ball']} rows behind the ball"),
            because(FREE_THREE, f"free move {f['free_moves_this_turn'] + 1} of at most 3"),
        ],
        consequences=[then(FREE_TOKEN, "the miniature loses its token")],
        summary=f"legal free move ({f['rows_behind_ball']} rows behind the ball)",
    )

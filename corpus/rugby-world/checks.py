"""Rugby World's rules as checks. Positions are intersections [x, y] on the grid; each
situation says which way the attacking team scores (+y or -y). Dice are D12."""

from __future__ import annotations

import re

from referee.rules import Fact, Quote, Reading, Verdict, because, check, then

from .quotes import (
    BLOCKING_CARD,
    CARD_GROUPS,
    CARD_NOMINAL,
    CARDS_RULE,
    CONVERSION_ROW,
    CONVERSION_TABLE,
    DROP,
    DROP_TABLE,
    FREE_22,
    FREE_KICK,
    FREE_ROWS,
    FREE_THREE,
    HARD_LOSE_FOUL,
    HARD_LOSE_REST,
    HARD_TACKLE,
    HARD_WIN_123,
    HARD_WIN_REST,
    KICK_COLUMNS,
    KICK_SUCCESS_CAPTION,
    KICK_TABLE,
    OBSTRUCTION,
    OBSTRUCTION_SCRUM,
    P_CARD,
    P_CARD_GROUP,
    PASS_BACKWARDS,
    PASS_COUNT,
    PASS_RANGE,
    PASS_TACKLED,
    PENALTY_WHERE,
    POINTS,
    SCRUM_EXAMPLE,
    SCRUM_WHERE,
    SEVENTH_TACKLE,
    SPEED_RULE,
    STEAL_CARD,
    STEAL_CARD_GROUP,
    STRENGTH_BALANCE,
    STRENGTH_EXAMPLE,
    STRENGTH_RULE,
    SUCCESS_COLUMNS,
    SUCCESS_TABLE,
    TACKLE_CARRIER,
    TACKLE_DEFENDERS,
    THREE_DEFENDERS,
    TWO_DEFENDERS,
)

GRID = {"low": -5.0, "high": 80.0}
DIRECTION = Fact(
    "scoring_direction", "choice", "which way the attacking team scores along the y axis", "+y", choices=("+y", "-y")
)
ROLES = ("forward", "scrum-half", "fly-half", "three-quarter", "fullback")
HALF_ROLES = ("scrum-half", "fly-half", "fullback")


def role_of(number: int) -> str:
    """The group of a shirt number, as 2G divides the team (1-8, 9, 10, 11-14, 15)."""
    if number <= 8:
        return "forward"
    return {9: "scrum-half", 10: "fly-half", 15: "fullback"}.get(number, "three-quarter")


def win_range(declarer: int, opponent: int) -> tuple[int, int]:
    """The Strength (or Speed) Rule: the declarer wins on 1..n of a D12."""
    top = 6 + (declarer - opponent)
    return 1, max(0, min(12, top))


def _p_value(card: Quote) -> int:
    """The P value a card sets, read from its words ("increase his P value to 20 intersections")."""
    return int(re.search(r"to (\d+) intersections", card.text)[1])  # type: ignore[index]


def _range_text(low: int, high: int) -> str:
    return "never" if high < low else f"{low}-{high}"


def _card_refused(card: str, role: str, allowed: tuple[str, ...], group: str, heading: Quote) -> Verdict | None:
    """A nominal card played for a miniature outside its group is refused (2G: only before moving one
    of it); `heading` is the card's group as the card prints it."""
    if role == "unknown":
        from referee.errors import RefereeError

        raise RefereeError(f"fact 'role': the card {card} is for {group} only; give the miniature's role")
    if role in allowed:
        return None
    return Verdict(
        "illegal",
        reasons=[
            because(heading, f"the card is for {group}"),
            because(CARD_NOMINAL, f"a nominal card is played only before moving its group, not a {role}"),
        ],
        summary=f"illegal card: {card} is for {group}, not a {role}",
    )


@check(
    "pass",
    "Is a hand pass legal? Backwards only, within P (half P rounded down when tackled); two readings of grid distance",
    [
        Fact("passer", "point", "passing miniature [x, y]", unit="intersections", **GRID),
        Fact("target", "point", "target intersection [x, y]", unit="intersections", **GRID),
        DIRECTION,
        Fact("p", "int", "the passer's P value", low=0, high=20),
        Fact("tackled", "bool", "the passer has been tackled", False),
        Fact("card", "choice", "a special card played this turn that raises P", "none", choices=("none", *P_CARD)),
        Fact("role", "choice", "the passer's role (cards are for a group)", "unknown", choices=("unknown", *ROLES)),
    ],
    example={"passer": [10, 30], "target": [13, 29], "scoring_direction": "+y", "p": 3},
)
def pass_(f: dict) -> Verdict:
    sign = 1 if f["scoring_direction"] == "+y" else -1
    dx = abs(f["target"][0] - f["passer"][0])
    back = (f["passer"][1] - f["target"][1]) * sign
    if back <= 0:
        return Verdict(
            "illegal",
            reasons=[because(PASS_BACKWARDS, "the target is not behind the passer")],
            summary="illegal pass: the target is not behind the passer",
        )
    p, reasons = f["p"], []
    if f["card"] != "none":
        group = P_CARD_GROUP[f["card"]]
        refused = _card_refused(f["card"], f["role"], HALF_ROLES, "the scrum-half, fly-half or fullback", group)
        if refused:
            return refused
        p = _p_value(P_CARD[f["card"]])
        reasons.append(because(P_CARD_GROUP[f["card"]], f"the card is for the {f['role']}'s group"))
        reasons.append(because(P_CARD[f["card"]], f"the card sets P to {p} this turn"))
        reasons.append(because(CARDS_RULE, "a special card's benefit overrides the printed P value"))
    if f["tackled"]:
        p //= 2
        reasons.append(because(PASS_TACKLED, f"tackled: half of P, rounded down = {p}"))
    else:
        reasons.append(because(PASS_RANGE, f"range up to P = {p} intersections"))
    readings = {
        "diagonal steps count as one (count the longest side)": max(dx, back),
        "sideways and forward steps add up (the book's example counts sideways and along)": dx + back,
    }
    outcomes = {name: ("legal" if d <= p else "illegal", d) for name, d in readings.items()}
    verdicts = {v for v, _ in outcomes.values()}
    if len(verdicts) == 1:
        verdict = verdicts.pop()
        reasons.append(because(PASS_BACKWARDS, f"the target is {back:g} behind"))
        distance = max(d for _, d in outcomes.values())
        return Verdict(
            verdict,
            distance,
            reasons,
            summary=f"{verdict} pass (backwards, {distance:g} of {p} intersections)"
            if verdict == "legal"
            else f"illegal pass: {distance:g} intersections, beyond P {p}",
        )
    return Verdict(
        "ambiguous",
        None,
        [*reasons, because(PASS_COUNT, "the book does not fix how a diagonal counts")],
        [
            Reading(name, verdict, distance, [because(PASS_RANGE, f"distance {distance:g} against P {p}")])
            for name, (verdict, distance) in outcomes.items()
        ],
        summary=f"ambiguous pass: legal if a diagonal step counts as one, not if steps add up (P {p})",
    )


@check(
    "strength-rule",
    "Win range on a D12 for whoever declares a break-through, evade (speed), scrum or ruck push",
    [
        Fact("declarer", "int", "the declarer's F (or S for evade; pack total for scrums)", low=0, high=200),
        Fact("opponent", "int", "the opponent's F (or S)", low=0, high=200),
        Fact("compare", "choice", "what is compared", "strength", choices=("strength", "speed", "scrum")),
        Fact("die", "int", "the die rolled, if any", 0, low=0, high=12),
    ],
    example={"declarer": 6, "opponent": 8},
)
def strength_rule(f: dict) -> Verdict:
    low, high = win_range(f["declarer"], f["opponent"])
    reasons = [
        because(
            STRENGTH_RULE,
            f"difference {f['declarer'] - f['opponent']:+d}: the declarer wins on {_range_text(low, high)}",
        )
    ]
    if f["declarer"] == f["opponent"]:
        reasons.append(because(STRENGTH_BALANCE, "equal values: 1-6 against 7-12"))
    if f["compare"] == "speed":
        reasons.append(because(SPEED_RULE, "evade compares speeds"))
    if (f["declarer"], f["opponent"]) == (6, 8):
        reasons.append(because(STRENGTH_EXAMPLE, "the book's own example"))
    if f["compare"] == "scrum":
        reasons.append(because(SCRUM_EXAMPLE, "a scrum pack is one miniature with the summed F"))
    value: dict = {"declarer_wins": _range_text(low, high), "declarer_loses": _range_text(high + 1, 12)}
    summary = f"the declarer wins on {_range_text(low, high)} of the D12"
    outcome = None
    if f["die"]:
        value["die"] = f["die"]
        value["winner"] = "declarer" if low <= f["die"] <= high else "opponent"
        outcome = "succeeds" if value["winner"] == "declarer" else "fails"
        summary += f"; rolled {f['die']}: the {value['winner']} wins"
    return Verdict("value", value, reasons, outcome=outcome, summary=summary)


@check(
    "hard-tackle",
    "Outcome of a Hard Tackle by die: steal (1-3), win, foul (10-12), or lose, under the Strength Rule",
    [
        Fact("defender_f", "int", "the tackling defender's F", low=0, high=20),
        Fact("carrier_f", "int", "the ball carrier's F", low=0, high=20),
        Fact("die", "int", "the die rolled", low=1, high=12),
        Fact("card", "choice", "a card played for this tackle", "none", choices=("none", *STEAL_CARD)),
        Fact("role", "choice", "the defender's role (cards are for a group)", "unknown", choices=("unknown", *ROLES)),
    ],
    example={"defender_f": 8, "carrier_f": 6, "die": 2},
)
def hard_tackle(f: dict) -> Verdict:
    if f["card"] != "none":
        refused = _card_refused(f["card"], f["role"], ("forward",), "the forwards (1-8)", STEAL_CARD_GROUP[f["card"]])
        if refused:
            refused.reasons.insert(1, because(CARD_GROUPS, "2G: the cards numbered 1-8 are the forwards'"))
            return refused
        return Verdict(
            "value",
            "ball stolen",
            [
                because(STEAL_CARD_GROUP[f["card"]], "a forward's card (2G: numbers 1 to 8 are the forwards)"),
                because(CARD_GROUPS, "the group of the card"),
                because(STEAL_CARD[f["card"]], "the card steals the ball whatever the die"),
                because(HARD_TACKLE, "the Strength Rule roll the card overrides"),
            ],
            outcome="stolen",
            summary=f"ball stolen: the {f['card']} card steals it whatever the die",
        )
    low, high = win_range(f["defender_f"], f["carrier_f"])
    low = 1
    high = max(high, 6)  # the 1-6 interval always belongs to the declarer
    reasons = [because(HARD_TACKLE, f"the defender wins on {_range_text(low, high)}")]
    die = f["die"]
    if low <= die <= high:
        if die <= 3:
            return Verdict(
                "value",
                "ball stolen",
                [*reasons, because(HARD_WIN_123, f"won with {die}")],
                outcome="stolen",
                summary=f"Hard Tackle won with {die}: the ball is stolen",
            )
        return Verdict(
            "value",
            "carrier pushed back, ball grounded",
            [*reasons, because(HARD_WIN_REST, f"won with {die}")],
            outcome="succeeds",
            summary=f"Hard Tackle won with {die}: the carrier is pushed back and grounds the ball",
        )
    if die >= 10:
        return Verdict(
            "value",
            "foul: penalty kick",
            [*reasons, because(HARD_LOSE_FOUL, f"lost with {die}")],
            outcome="foul",
            consequences=[then(PENALTY_WHERE, "a Penalty kick to the attack, at the point of the foul")],
            summary=f"Hard Tackle lost with {die}: a foul, penalty kick",
        )
    return Verdict(
        "value",
        "defender placed 2 away, loses token",
        [*reasons, because(HARD_LOSE_REST, f"lost with {die}")],
        outcome="fails",
        summary=f"Hard Tackle lost with {die}: the defender steps 2 intersections away",
    )


@check(
    "tackle",
    "May these defenders tackle? Only the ball carrier, one to three defenders in front; options left to the carrier",
    [
        Fact("target_has_ball", "bool", "the tackled miniature carries the ball"),
        Fact("defenders", "int", "defenders on the 3 points in front of the carrier", 1, low=1, high=3),
        Fact("in_front", "bool", "every tackler stands on one of the 3 points in front of the carrier", True),
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
                then(SCRUM_WHERE, "formed where the obstruction happened"),
            ],
            summary="illegal tackle: the target has no ball; obstruction foul, Scrum to the attack",
        )
    if not f["in_front"]:
        return Verdict(
            "illegal",
            reasons=[because(TACKLE_DEFENDERS, "a tackler is not on one of the 3 points in front of the carrier")],
            summary="illegal tackle: the tacklers must stand on the 3 points in front of the carrier",
        )
    options = {
        1: ["break through", "evade", "pass", "ground the ball"],
        2: ["pass", "ground the ball"],
        3: ["ground the ball"],
    }[f["defenders"]]
    reasons = [
        because(TACKLE_CARRIER, "the target carries the ball"),
        because(TACKLE_DEFENDERS, f"{f['defenders']} defender(s)"),
    ]
    if f["defenders"] == 2:
        reasons.append(because(TWO_DEFENDERS, "two tacklers: pass or ground the ball"))
    if f["defenders"] == 3:
        reasons.append(because(THREE_DEFENDERS, "three tacklers: ground the ball"))
    return Verdict(
        "legal",
        {"carrier_options": options},
        reasons,
        summary=f"legal tackle by {f['defenders']}; the carrier may {', '.join(options)}",
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
            choices=("none", *BLOCKING_CARD),
        ),
    ],
    example={"rows_behind_ball": 1},
)
def free_move(f: dict) -> Verdict:
    if f["opponent_card"] != "none" and f["team"] == "defence":
        return Verdict(
            "illegal",
            reasons=[
                because(BLOCKING_CARD[f["opponent_card"]], "the opponents' card blocks the defence's free moves"),
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
            reasons=[because(FREE_22, "the carrier is in the opponents' 22")],
            summary="illegal free move: the carrier is in the opponents' 22",
        )
    if f["free_moves_this_turn"] >= 3:
        return Verdict(
            "illegal",
            reasons=[because(FREE_THREE, "already 3 free moves this turn")],
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
        summary=f"legal free move ({f['rows_behind_ball']} rows behind the ball)",
    )


def _intersections(cell: str) -> int:
    return int(cell.split()[0])


@check(
    "kick-range",
    "How far a kick travels (intersections along the pitch), by kick type, kicker or not, and die",
    [
        Fact("kick", "choice", "declared range", choices=("short", "medium", "long")),
        Fact("kicker", "bool", "the miniature is a kicker (k)"),
        Fact("die", "int", "the die rolled", low=1, high=12),
    ],
    example={"kick": "long", "kicker": True, "die": 7},
)
def kick_range(f: dict) -> Verdict:
    row = ("short", "medium", "long").index(f["kick"])
    column = 1 + (0 if f["kicker"] else 3) + (f["die"] - 1) // 4
    value = _intersections(KICK_TABLE[row][column])
    who = "kicker" if f["kicker"] else "non-kicker"
    return Verdict(
        "value",
        value,
        [because(KICK_TABLE.quote(row), f"{f['kick']} range, {who}, die {f['die']}: {KICK_COLUMNS[column]} = {value}")],
        summary=f"the kick travels {value} intersections",
    )


ZONES = ("within-22", "24-40-or-touchline", "42-50")


def _needs(kicker: bool, zone: int) -> int:
    return int(SUCCESS_TABLE[0 if kicker else 1][1 + zone].split("-")[0])


def _kick_result(need: int, die: int) -> tuple[dict, str | None, str]:
    value: dict = {"needs": f"{need}-12", "probability": round((13 - need) / 12, 4)}
    outcome = None
    text = f"needs {need}-12 on the D12 ({value['probability']:.0%})"
    if die:
        value["success"] = die >= need
        outcome = "succeeds" if value["success"] else "fails"
        text += f"; rolled {die}: {'over' if value['success'] else 'missed'}"
    return value, outcome, text


@check(
    "kick-success",
    "Does a kick at goal (penalty, conversion, drop) succeed? By zone, kicker or not, and die",
    [
        Fact("zone", "choice", "distance band of the kick", choices=ZONES),
        Fact("kicker", "bool", "the miniature is a kicker (k)"),
        Fact("die", "int", "the die rolled (0: just the chance)", 0, low=0, high=12),
    ],
    example={"zone": "42-50", "kicker": False, "die": 7},
)
def kick_success(f: dict) -> Verdict:
    zone = ZONES.index(f["zone"])
    need = _needs(f["kicker"], zone)
    row = 0 if f["kicker"] else 1
    value, outcome, text = _kick_result(need, f["die"])
    reasons = [because(SUCCESS_TABLE.quote(row), f"{SUCCESS_COLUMNS[1 + zone]}: {need}-12")]
    return Verdict("value", value, reasons, outcome=outcome, summary=text)


@check(
    "conversion",
    "Does a conversion succeed? The rule's 'first/second row' (by where the try was scored) against the table's rows "
    "(kicker / non-kicker): ambiguous where they differ",
    [
        Fact(
            "touchline_distance",
            "int",
            "intersections between the touchline and where the try crossed the line",
            low=0,
            high=80,
        ),
        Fact("kicker", "bool", "the miniature taking the conversion is a kicker (k)"),
        Fact("die", "int", "the die rolled (0: just the chance)", 0, low=0, high=12),
    ],
    example={"touchline_distance": 1, "kicker": True},
)
def conversion(f: dict) -> Verdict:
    wide = f["touchline_distance"] > 2
    zone = 0 if wide else 1  # the columns name the touchline condition the rule names
    where = "more than 2" if wide else "2 or fewer"
    by_rule = _needs(wide, zone)  # the rule: first row (the "k" row) when wide, else the second
    by_caption = _needs(f["kicker"], zone)  # the caption: the "k" row for kickers
    rule_value, _rule_outcome, rule_text = _kick_result(by_rule, f["die"])
    caption_value, caption_outcome, caption_text = _kick_result(by_caption, f["die"])
    reasons = [
        because(CONVERSION_TABLE, "the kick success table applies to conversions"),
        because(CONVERSION_ROW, f"the try crossed {where} intersections from the touchline"),
        because(KICK_SUCCESS_CAPTION, "the caption says the rows are kicker and non-kicker"),
    ]
    agree = rule_value.get("success", by_rule) == caption_value.get("success", by_caption)
    if agree:
        return Verdict(
            "value",
            caption_value,
            [*reasons, because(SUCCESS_TABLE.quote(0 if f["kicker"] else 1), f"both readings: {caption_text}")],
            outcome=caption_outcome,
            summary=f"conversion {caption_text} (both readings of the table agree)",
        )
    return Verdict(
        "ambiguous",
        None,
        reasons,
        [
            Reading(
                "the rule's words: the first row when more than 2 intersections from the touchline, else the second",
                "value",
                rule_value,
                [because(CONVERSION_ROW, rule_text), because(SUCCESS_TABLE.quote(0 if wide else 1), "that row")],
            ),
            Reading(
                "the caption: the first row is for kickers, the second for non-kickers",
                "value",
                caption_value,
                [
                    because(KICK_SUCCESS_CAPTION, caption_text),
                    because(SUCCESS_TABLE.quote(0 if f["kicker"] else 1), "that row"),
                ],
            ),
        ],
        summary=f"ambiguous conversion: {rule_text} by the rule's 'row', {caption_text} by the caption's",
    )


@check(
    "drop-goal",
    "May this miniature attempt a Drop? In the opponents' half with no opponent within 3 intersections",
    [
        Fact("in_opponents_half", "bool", "the kicker is in the opponents' half"),
        Fact(
            "nearest_opponent",
            "int",
            "intersections to the nearest opponent (the larger of the two axes)",
            low=0,
            high=80,
        ),
    ],
    example={"in_opponents_half": True, "nearest_opponent": 3},
)
def drop_goal(f: dict) -> Verdict:
    ok = f["in_opponents_half"] and f["nearest_opponent"] > 3
    why = "in the opponents' half" if f["in_opponents_half"] else "not in the opponents' half"
    return Verdict(
        "legal" if ok else "illegal",
        reasons=[
            because(DROP, f"{why}; nearest opponent {f['nearest_opponent']} intersection(s) away"),
        ],
        consequences=[then(DROP_TABLE, "the kick success table decides it")] if ok else [],
        summary=f"{'legal' if ok else 'illegal'} Drop ({why}, nearest opponent {f['nearest_opponent']} away)",
    )


@check(
    "points",
    "Points for a score: try 5, conversion 2, drop goal or penalty kick 3",
    [Fact("score", "choice", "what was scored", choices=("try", "conversion", "drop", "penalty-kick"))],
    example={"score": "try"},
)
def score(f: dict) -> Verdict:
    points = {"try": 5, "conversion": 2, "drop": 3, "penalty-kick": 3}[f["score"]]
    return Verdict(
        "value",
        points,
        [because(POINTS, f"a {f['score']} is worth {points}")],
        outcome="scored",
        summary=f"{points} points for the {f['score'].replace('-', ' ')}",
    )


@check(
    "possession-tackles",
    "Does the possession end? At the 7th tackle a scrum to the opponent ends it",
    [Fact("tackles", "int", "tackles suffered in this possession", low=0, high=7)],
    example={"tackles": 7},
)
def possession_tackles(f: dict) -> Verdict:
    ends = f["tackles"] >= 7
    return Verdict(
        "value",
        {"possession_ends": ends},
        [because(SEVENTH_TACKLE, f"{f['tackles']} tackle(s)")],
        consequences=[then(SEVENTH_TACKLE, "a Scrum put in by the opponent; the possession ends")] if ends else [],
        summary=f"tackle {f['tackles']} of 7" + ("; the possession ends, Scrum to the opponent" if ends else ""),
    )

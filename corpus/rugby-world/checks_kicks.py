"""Rugby World's checks: kicks (range, kick-offs, kicks at goal, conversions, drops, points)."""

from __future__ import annotations

from referee.rules import Fact, Reading, Verdict, because, check, then

from .quotes import (
    CONVERSION_ROW,
    CONVERSION_TABLE,
    DROP,
    FREE_KICK,
    KICK_COLUMNS,
    KICK_LANDING,
    KICK_OFF,
    KICK_OFF_AFTER_SCORE,
    KICK_OFF_MOVES,
    KICK_OFF_RANGES,
    KICK_OFF_VECTOR,
    KICK_PLACED,
    KICK_SUCCESS_CAPTION,
    KICK_SUCCESS_HEADER,
    KICK_TABLE,
    LOST_FAILED_KICK,
    PENALTY_AT_POSTS,
    POINTS,
    RESTART_RANGES,
    RESTART_WHEN,
    RESTART_WHERE,
    SUCCESS_COLUMNS,
    SUCCESS_TABLE,
)

# ================================================================ kicks


def _intersections(cell: str) -> int:
    return int(cell.split()[0])


@check(
    "kick-range",
    "How far a kick travels (intersections along the pitch), by kick type, kicker or not, and die; who places it",
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
    place = (
        "the kicker chooses the landing intersection" if f["kicker"] else "the opponent may shift it up to 5 sideways"
    )
    return Verdict(
        "value",
        value,
        [because(KICK_TABLE.quote(row), f"{f['kick']} range, {who}, die {f['die']}: {KICK_COLUMNS[column]} = {value}")],
        consequences=[
            then(KICK_PLACED, "the ball is placed at the end of the range (or off the pitch)"),
            then(KICK_LANDING, place),
            then(FREE_KICK, "free moves are frozen until the ball is reached"),
        ],
        summary=f"the kick travels {value} intersections; {place}",
    )


KICK_OFF_KINDS = ("kick-off", "restart")


@check(
    "kick-off-kick",
    "Which kicks a kick-off and a restart kick allow: at the kick-off short or medium range, at a restart any; never "
    "directly into touch",
    [
        Fact("kind", "choice", "the kick", choices=KICK_OFF_KINDS),
        Fact("kick", "choice", "the declared range", choices=("short", "medium", "long")),
        Fact("into_touch", "bool", "the ball is sent directly into touch", False),
        Fact("kicker", "bool", 'the kicking miniature is a "k"', True),
    ],
    example={"kind": "kick-off", "kick": "long"},
)
def kick_off_kick(f: dict) -> Verdict:
    rule = KICK_OFF_RANGES if f["kind"] == "kick-off" else RESTART_RANGES
    if not f["kicker"]:
        where = KICK_OFF if f["kind"] == "kick-off" else RESTART_WHERE
        return Verdict(
            "illegal", reasons=[because(where, 'a "k" miniature kicks it')], summary=f'illegal {f["kind"]}: not a "k"'
        )
    allowed = ("short", "medium") if f["kind"] == "kick-off" else ("short", "medium", "long")
    after = [
        then(KICK_OFF_MOVES, "then the kicking team moves 4 times"),
        then(KICK_OFF_VECTOR, "vector moves only until the ball is reached"),
    ]
    if f["into_touch"] or f["kick"] not in allowed:
        why = "directly into touch" if f["into_touch"] else f"a {f['kick']} range"
        return Verdict(
            "illegal",
            {"ranges": list(allowed)},
            [because(rule, why)],
            consequences=after,
            summary=f"illegal {f['kind']}: {why}; only {', '.join(allowed)}, not into touch",
        )
    return Verdict("legal", {"ranges": list(allowed)}, [because(rule, f"a {f['kick']} range")], consequences=after)


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
    "Does a kick at goal (penalty, drop; a conversion as `conversion` reads it) succeed? By zone, kicker or not, and die",
    [
        Fact("zone", "choice", "distance band of the kick", choices=ZONES),
        Fact("kicker", "bool", "the miniature is a kicker (k)"),
        Fact("die", "int", "the die rolled (0: just the chance)", 0, low=0, high=12),
        Fact("kind", "choice", "the kick", "penalty", choices=("penalty", "drop")),
    ],
    example={"zone": "42-50", "kicker": False, "die": 7},
)
def kick_success(f: dict) -> Verdict:
    zone = ZONES.index(f["zone"])
    need = _needs(f["kicker"], zone)
    row = 0 if f["kicker"] else 1
    value, outcome, text = _kick_result(need, f["die"])
    reasons = [
        because(KICK_SUCCESS_CAPTION, "the first row for kickers, the second for non-kickers"),
        because(KICK_SUCCESS_HEADER, f"the column: {SUCCESS_COLUMNS[1 + zone]}"),
        because(SUCCESS_TABLE.quote(row), f"{need}-12"),
    ]
    reasons.insert(0, because(PENALTY_AT_POSTS if f["kind"] == "penalty" else DROP, "the kick success table"))
    consequences = []
    if outcome == "succeeds":
        consequences = [
            then(POINTS, "3 points"),
            then(KICK_OFF_AFTER_SCORE, "the conceding team kicks off from halfway"),
        ]
    elif outcome == "fails":
        consequences = [then(LOST_FAILED_KICK, "the possession ends"), then(RESTART_WHEN, "the defence restarts")]
    return Verdict("value", value, reasons, outcome=outcome, consequences=consequences, summary=text)


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
    after = [then(KICK_OFF_AFTER_SCORE, "then the conceding team kicks off from the halfway line")]
    agree = rule_value.get("success", by_rule) == caption_value.get("success", by_caption)
    if agree:
        return Verdict(
            "value",
            caption_value,
            [*reasons, because(SUCCESS_TABLE.quote(0 if f["kicker"] else 1), f"both readings: {caption_text}")],
            outcome=caption_outcome,
            consequences=after,
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
        consequences=after,
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
        reasons=[because(DROP, f"{why}; nearest opponent {f['nearest_opponent']} intersection(s) away")],
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

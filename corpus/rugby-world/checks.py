"""Rugby World's rules as checks. Positions are intersections [x, y] on the grid; each
situation says which way the attacking team scores (+y or -y). Dice are D12.

Besides a turn's moves (pass, run, free move, kick, tackle, the tackled carrier's options, the Hard
Tackle), the match's flow is here: kick-offs and restart kicks, possessions and the tackle count, touch and
the line-out, offside, scrums and rucks, kicks at goal and points, the end of the match, and the 64
special cards as data (their group, when they may be played, what they do), read from the book's words."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from referee.errors import RefereeError
from referee.rules import Fact, Reading, Verdict, apart, because, check, same, then

from .quotes import (
    BACKS_HEADING,
    BREAK_DECLARE,
    BREAK_LOSES,
    BREAK_WINS,
    CARD_APPENDIX,
    CARD_COLLECTIVE,
    CARD_EFFECT,
    CARD_GROUPS,
    CARD_HEAD,
    CARD_NOMINAL,
    CARD_ONCE,
    CARD_OPPONENT_RUNNING,
    CARDS_NOT_EXHAUSTIVE,
    CARDS_RULE,
    CONVERSION_ROW,
    CONVERSION_TABLE,
    DIFFERENT_PLAYERS,
    DRAW_TO_START,
    DROP,
    FOUR_CARDS,
    FOUR_MOVES,
    FREE_22,
    FREE_KICK,
    FREE_ROWS,
    FREE_THREE,
    FREE_TOKEN,
    GROUND_THE_BALL,
    GROUNDED_BALL_FREE,
    GROUNDED_ON_TEAMMATE,
    HARD_LOSE_FOUL,
    HARD_LOSE_REST,
    HARD_TACKLE,
    HARD_WIN_123,
    HARD_WIN_REST,
    HIGHER_SCORE,
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
    LOST_CLEARING,
    LOST_FAILED_KICK,
    LOST_OFFSIDE,
    LOST_SCORE,
    MATCH_ENDS,
    MAX_SPEED,
    NEXT_POSSESSION,
    NO_SHARED_INTERSECTION,
    OBSTRUCTION,
    OBSTRUCTION_SCRUM,
    OFFSIDE_BACK,
    OFFSIDE_CHASE,
    OFFSIDE_LINE,
    OFFSIDE_PENALISED,
    ONE_DEFENDER,
    PACK,
    PACK_TABLE,
    PACK_VALUES,
    PASS_BACKWARDS,
    PASS_COUNT,
    PASS_NOT_A_MOVE,
    PASS_RANGE,
    PASS_RECEIVER_MOVES,
    PASS_TACKLED,
    PASS_WHEN,
    PENALTY_AT_POSTS,
    PENALTY_CHOICE,
    PENALTY_WHERE,
    POINTS,
    POSSESSION_STARTS,
    POSSESSIONS,
    RECOVERY,
    RESTART_RANGES,
    RESTART_WHEN,
    RESTART_WHERE,
    RUCK_AFTER,
    RUCK_AUTOMATIC,
    RUCK_COMPULSORY,
    RUCK_FORMS,
    RUCK_ONCE,
    RUCK_PUSH,
    RUCK_REORGANISE,
    RUCK_REPLY,
    SCRUM_APPENDIX,
    SCRUM_EXAMPLE,
    SCRUM_LOSES,
    SCRUM_OFFSIDE,
    SCRUM_ONE_MOVE,
    SCRUM_PUSH,
    SCRUM_REPLY,
    SCRUM_WHERE,
    SCRUM_WINS,
    SECOND_HALF,
    SEVENTH_TACKLE,
    SPEED_RULE,
    STRENGTH_BALANCE,
    STRENGTH_EXAMPLE,
    STRENGTH_RULE,
    SUCCESS_COLUMNS,
    SUCCESS_TABLE,
    TACKLE_CARRIER,
    TACKLE_DEFENDERS,
    TACKLED_OPTIONS,
    THIRD_TACKLE,
    THREE_DEFENDERS,
    TOKEN_PLACED,
    TOUCH_BEFORE_THIRD,
    TOUCH_CHOICE,
    TOUCH_GUESS,
    TOUCH_THROW,
    TOUCH_WHERE_KICK,
    TOUCH_WHERE_RUN,
    TURNS_ALTERNATE,
    TWO_DEFENDERS,
    WITHIN_SEVENTH,
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


def _range_text(low: int, high: int) -> str:
    return "never" if high < low else f"{low}-{high}"


# ================================================================ the special cards, as data


@dataclass(frozen=True)
class Card:
    """A special card read from its printed words: its team, its group, when it may be played, what it does."""

    name: str
    team: str
    group: str  # team (collective), forward, three-quarter, halves
    when: str | None  # defence, possession, scrum, kick-at-goal; None: before moving a miniature of its group
    effects: tuple[tuple[str, int], ...]  # (what, how much): p, square, steal, release, speed, immune, reroll, ...
    alternatives: bool  # "… or …": one effect or the other


GROUPS = {
    "collective card": "team",
    "Backs (1-8)": "forward",
    "Three-Quarters (11-14)": "three-quarter",
    "Three Quarters (11-14)": "three-quarter",
    "Scrum-Half, Fly-Half, Fullback (9-10-15)": "halves",
}
WHEN = (
    (r"can only be played in defence", "defence"),
    (r"can only be played when (?:in possession of the ball|attacking)", "possession"),
    (r"during a Scrum or a Ruck/Maul", "scrum"),
    (r"during a Drop kick or a Penalty kick", "kick-at-goal"),
)
EFFECTS = (
    (r"increase (?:his|their) P value to (\d+)", "p"),
    (r"from 5x5 to (\d)x\d", "square"),
    (r"tackles and (?:automatically steals|steals) the ball", "steal"),
    (r"release the ball, as (?:if there were|in the event of) (\d) tackling", "release"),
    (r"at a speed of (\d+)", "speed"),
    (r"immune (?:to|for) (\d) Tackle", "immune"),
    (r"re-roll the die", "reroll"),
    (r"blocks the opponents' defensive free moves (?:for (\d) |during |for )", "block"),
    (r"special defending free moves to be made for (\d)", "defensive-free-moves"),
    (r"skip (\d) turns", "skip"),
    (r"move ahead by (\d+) intersections", "push"),
    (r"ball (?:to|is) (?:be )?automatically caught", "line-out"),
)


def _card(name: str) -> Card:
    head, effect = CARD_HEAD[name].text, CARD_EFFECT[name].text
    group = GROUPS[head[head.index(" (") + 2 : -2]]
    when = next((w for pattern, w in WHEN if re.search(pattern, effect)), None)
    found = []
    for pattern, what in EFFECTS:
        match = re.search(pattern, effect)
        if match:
            found.append((what, int(match.group(1)) if match.groups() and match.group(1) else 1))
    team = CARD_HEAD[name].entry.split("/")[1]
    return Card(name, team, group, when, tuple(found), " or " in effect or "Alternatively" in effect)


CARDS = {name: _card(name) for name in CARD_HEAD}
ROLE_GROUP = {
    "forward": "forward",
    "three-quarter": "three-quarter",
    "scrum-half": "halves",
    "fly-half": "halves",
    "fullback": "halves",
}
GROUP_WORDS = {
    "forward": "the forwards (1-8)",
    "three-quarter": "the three-quarters (11-14)",
    "halves": "the halves and the fullback (9, 10, 15)",
    "team": "the whole team",
}


def _family(what: str, quotes: dict) -> dict:
    """The quotes of the cards that have an effect: a check that can only name those cites only those."""
    return {name: quotes[name] for name in cards_with(what)}


def card_effect(name: str, what: str) -> int | None:
    return dict(CARDS[name].effects).get(what) if name in CARDS else None


def cards_with(what: str) -> tuple[str, ...]:
    return tuple(name for name, card in CARDS.items() if what in dict(card.effects))


P_HEAD, P_EFFECT = _family("p", CARD_HEAD), _family("p", CARD_EFFECT)
STEAL_HEAD, STEAL_EFFECT = _family("steal", CARD_HEAD), _family("steal", CARD_EFFECT)
RELEASE_EFFECT = _family("release", CARD_EFFECT)
BLOCK_EFFECT = _family("block", CARD_EFFECT)
SKIP_EFFECT = _family("skip", CARD_EFFECT)
SPEED_EFFECT = _family("speed", CARD_EFFECT)


def _card_refused(card: str, role: str, heads: dict, effects: dict, backs=None) -> Verdict | None:
    """A nominal card played for a miniature outside its group is refused (2G: only before moving one of it);
    `heads` and `effects` are the caller's cards' quotes (a helper cites what it is given)."""
    group = CARDS[card].group
    if role == "unknown":
        raise RefereeError(f"fact 'role': the card {card} is for {GROUP_WORDS[group]} only; give the miniature's role")
    if group == "team" or ROLE_GROUP[role] == group:
        return None
    reasons = [
        because(heads[card], f"the card is for {GROUP_WORDS[group]}"),
        because(effects[card], "what it does, for that group"),
    ]
    if group == "forward" and backs is not None:
        reasons.append(because(backs, "'Backs (1-8)' means the forwards"))
    reasons.append(because(CARD_NOMINAL, f"a nominal card is played only before moving its group, not a {role}"))
    return Verdict(
        "illegal", reasons=reasons, summary=f"illegal card: {card} is for {GROUP_WORDS[group]}, not a {role}"
    )


# ================================================================ moves, the pass


@check(
    "move",
    "May this miniature move now? Up to 4 moves a turn, each by a different miniature; a receiver not yet moved "
    "may advance with the ball",
    [
        Fact("moves_made", "int", "moves already made this turn", 0, low=0, high=8),
        Fact("moved_already", "bool", "this miniature has already moved this turn", False),
        Fact("received_pass", "bool", "it has just received a pass this turn", False),
    ],
    example={"moves_made": 1, "moved_already": True, "received_pass": True},
)
def move(f: dict) -> Verdict:
    reasons = [because(FOUR_MOVES, f"{f['moves_made']} move(s) made")]
    if f["moves_made"] >= 4:
        return Verdict(
            "illegal",
            reasons=[*reasons, because(PASS_WHEN, "the turn ended with the 4th move")],
            consequences=[then(TURNS_ALTERNATE, "the opponents' turn")],
            summary="illegal move: the turn ended with the 4th move",
        )
    if f["moved_already"]:
        reasons.append(because(DIFFERENT_PLAYERS, "a miniature moves once a turn"))
        if f["received_pass"]:
            reasons.append(because(PASS_RECEIVER_MOVES, "only a receiver not yet moved may advance with the ball"))
        return Verdict("illegal", reasons=reasons, summary="illegal move: the miniature has already moved this turn")
    if f["received_pass"]:
        reasons.append(because(PASS_RECEIVER_MOVES, "not yet moved: it may advance with the ball"))
    return Verdict("legal", reasons=reasons, summary=f"legal move ({f['moves_made'] + 1} of at most 4)")


@check(
    "pass",
    "Is a hand pass legal? Backwards only, within P (half P rounded down when tackled), not after the turn's "
    "4th move; two readings of grid distance",
    [
        Fact("passer", "point", "passing miniature [x, y]", unit="intersections", **GRID),
        Fact("target", "point", "target intersection [x, y]", unit="intersections", **GRID),
        DIRECTION,
        Fact("p", "int", "the passer's P value", low=0, high=20),
        Fact("tackled", "bool", "the passer has been tackled", False),
        Fact(
            "card",
            "choice",
            "a special card played this turn that raises P",
            "none",
            choices=("none", *cards_with("p")),
        ),
        Fact("role", "choice", "the passer's role (cards are for a group)", "unknown", choices=("unknown", *ROLES)),
        Fact("moves_made", "int", "moves already made this turn", 0, low=0, high=8),
    ],
    example={"passer": [10, 30], "target": [13, 29], "scoring_direction": "+y", "p": 3},
)
def pass_(f: dict) -> Verdict:
    if f["moves_made"] >= 4:
        return Verdict(
            "illegal",
            reasons=[because(PASS_WHEN, "the 4th move ended the turn"), because(PASS_NOT_A_MOVE, "a pass is no move")],
            consequences=[then(TURNS_ALTERNATE, "the opponents' turn: the carrier keeps the ball")],
            summary="illegal pass: the turn ended with the 4th move",
        )
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
        refused = _card_refused(f["card"], f["role"], P_HEAD, P_EFFECT)
        if refused:
            return refused
        p = card_effect(f["card"], "p") or p
        reasons.append(because(P_HEAD[f["card"]], f"the card is for the {f['role']}'s group"))
        reasons.append(because(P_EFFECT[f["card"]], f"the card sets P to {p} this turn"))
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
            {"distance": distance, "range": p},
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
            Reading(
                name,
                verdict,
                {"distance": distance, "range": p},
                [because(PASS_RANGE, f"distance {distance:g} against P {p}")],
            )
            for name, (verdict, distance) in outcomes.items()
        ],
        summary=f"ambiguous pass: legal if a diagonal step counts as one, not if steps add up (P {p})",
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


# ================================================================ the match: possessions, restarts


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
        consequences=[
            then(SEVENTH_TACKLE, "a Scrum put in by the opponent; the possession ends"),
            then(WITHIN_SEVENTH, "the opponent begins its own possession with the Scrum"),
        ]
        if ends
        else [],
        summary=f"tackle {f['tackles']} of 7" + ("; the possession ends, Scrum to the opponent" if ends else ""),
    )


ENDINGS = ("score", "failed-kick", "clearing-kick", "offside", "seventh-tackle", "recovery", "touch-kick")
LOST = {"score": LOST_SCORE, "failed-kick": LOST_FAILED_KICK, "clearing-kick": LOST_CLEARING, "offside": LOST_OFFSIDE}


@check(
    "possession",
    "A possession ends (a score, a failed kick at goal, a clearing kick, an offside, the 7th Tackle) and the match "
    "passes to the next; a recovery resets the Tackles; a clearing kick into Touch before the 3rd Tackle cancels it",
    [
        Fact("why", "choice", "what happened", choices=ENDINGS),
        Fact("possession", "int", "the possession being played (1-8)", low=1, high=8),
        Fact("tackles", "int", "Tackles suffered in it so far", 0, low=0, high=7),
    ],
    example={"why": "touch-kick", "possession": 3, "tackles": 2},
)
def possession(f: dict) -> Verdict:
    reasons = [because(POSSESSIONS, "8 possessions")]
    if f["why"] == "recovery":
        return Verdict(
            "value",
            {"possession": f["possession"], "tackles": 0},
            [*reasons, because(RECOVERY, "the Tackles reset"), because(THIRD_TACKLE, "a recovery does not cancel it")],
            summary=f"the ball is recovered: possession {f['possession']} goes on, its Tackles from zero",
        )
    if f["why"] == "touch-kick" and f["tackles"] < 3:
        return Verdict(
            "value",
            {"possession": f["possession"], "tackles": 0, "cancelled": True},
            [
                *reasons,
                because(NEXT_POSSESSION, "unless interrupted by"),
                because(TOUCH_BEFORE_THIRD, f"only {f['tackles']} Tackle(s)"),
            ],
            summary=f"a kick into Touch before the 3rd Tackle: as if possession {f['possession']} had never begun",
        )
    key = {"touch-kick": "clearing-kick"}.get(f["why"], f["why"])
    why = SEVENTH_TACKLE if key == "seventh-tackle" else LOST[key]
    reasons += [because(why, "the possession ends"), because(NEXT_POSSESSION, "the match passes to the next")]
    if f["why"] == "touch-kick":
        reasons.append(because(THIRD_TACKLE, f"{f['tackles']} Tackles: it can no longer be cancelled"))
    following = f["possession"] + 1
    consequences = []
    if following == 5:
        consequences.append(then(SECOND_HALF, "the 5th possession starts the 2nd half with a restart kick"))
    if following > 8:
        return Verdict(
            "value",
            {"possession": 8, "match_over": True},
            [*reasons, because(MATCH_ENDS, "after the eighth")],
            summary="the eighth possession ends: the match is over",
        )
    return Verdict(
        "value",
        {"possession": following, "tackles": 0, "cancelled": False},
        [*reasons, because(POSSESSION_STARTS, "the next begins when a team gains the ball")],
        consequences=consequences,
        summary=f"possession {f['possession']} ends; possession {following} begins",
    )


RESTARTS = ("after-score", "failed-kick", "over-the-try-line", "second-half", "start")


@check(
    "restart",
    "How play restarts: the conceding team kicks off from halfway after a score; the defence's restart kick from "
    "its own 22 after a missed kick at goal (all three ranges); the 5th possession's restart by the team that did not "
    "kick off the 1st half",
    [
        Fact("after", "choice", "what happened", choices=RESTARTS),
        Fact(
            "first_half_kicker",
            "choice",
            "who kicked off the 1st half (for the 2nd)",
            "unknown",
            choices=("unknown", "attack", "defence"),
        ),
        Fact(
            "asked",
            "choice",
            "2nd half: who kicks only, or also what kick and from where",
            "who",
            choices=("who", "how"),
        ),
    ],
    example={"after": "failed-kick"},
)
def restart(f: dict) -> Verdict:
    if f["after"] == "after-score":
        return Verdict(
            "value",
            {"kick": "kick-off", "by": "conceding team", "from": "halfway line", "ranges": ["short", "medium"]},
            [
                because(KICK_OFF_AFTER_SCORE, "after every score"),
                because(KICK_OFF_RANGES, "short or medium, not into touch"),
            ],
            summary="the team that conceded kicks off from the halfway line",
        )
    if f["after"] in ("failed-kick", "over-the-try-line"):
        return Verdict(
            "value",
            {"kick": "restart", "by": "defence", "from": "own 22", "ranges": ["short", "medium", "long"]},
            [
                because(RESTART_WHEN, "a missed Drop or Penalty kick"),
                because(RESTART_WHERE, "from its own 22"),
                because(RESTART_RANGES, "any range, not into touch"),
            ],
            summary="the defence takes a restart kick from its own 22-metre line; all three ranges",
        )
    if f["after"] == "start":
        return Verdict(
            "value",
            {"kick": "kick-off"},
            [
                because(DRAW_TO_START, "the draw decides"),
                because(KICK_OFF, "from the centre"),
                because(KICK_OFF_RANGES, "short or medium"),
            ],
        )
    by = {"attack": "defence", "defence": "attack"}.get(
        f["first_half_kicker"], "the team that did not kick off the 1st half"
    )
    if f["asked"] == "how":  # who kicks is settled; what kick, and from where, the two chapters give two ways
        return Verdict(
            "ambiguous",
            None,
            [because(SECOND_HALF, "always"), because(KICK_OFF, "the 2nd half by the other team")],
            [
                Reading(
                    "2H: a restart kick, from the kicking team's own 22-metre line",
                    "value",
                    {"kick": "restart", "by": by, "from": "own 22", "possession": 5},
                    [because(SECOND_HALF, "a restart kick"), because(RESTART_WHERE, "from its own 22")],
                ),
                Reading(
                    "2A: a kick-off from the centre of the pitch, as at the start of the 1st half",
                    "value",
                    {"kick": "kick-off", "by": by, "from": "centre", "possession": 5},
                    [because(KICK_OFF, "at the start of the 2nd half, from the centre")],
                ),
            ],
            summary=f"the 2nd half: {by} kicks to start possession 5; ambiguous: a restart kick from its own 22 "
            "(2H) or a kick-off from the centre (2A)",
        )
    return Verdict(
        "value",
        {"kick": "restart", "by": by, "possession": 5},
        [because(SECOND_HALF, "always"), because(KICK_OFF, "the 2nd half by the other team")],
        summary=f"the 2nd half: {by} kicks to start possession 5",
    )


@check(
    "penalty-kicker",
    "Who takes a Penalty kick? A kicker; its two possibilities: into touch (possession kept) or between the posts",
    [Fact("kicker", "bool", 'the miniature is a "k"')],
    example={"kicker": False},
)
def penalty_kicker(f: dict) -> Verdict:
    if not f["kicker"]:
        return Verdict(
            "illegal",
            reasons=[because(PENALTY_CHOICE, "a kicker is used")],
            summary='illegal: a Penalty kick is taken by a "k"',
        )
    return Verdict("legal", reasons=[because(PENALTY_CHOICE, "a kicker takes it")], summary="legal Penalty kick")


@check(
    "touch",
    "Who throws in, and where: the team that did not send the ball out (after a Penalty kick into touch, the team that "
    "took it); a kick from within the kicker's own 22 where the ball went out, from outside it level with the kicker",
    [
        Fact("sent_by", "choice", "who sent the ball out", choices=("attack", "defence")),
        Fact("how", "choice", "how it went out", choices=("kick", "penalty-kick", "carried")),
        Fact("within_own_22", "bool", "a kick from within (or on) the kicker's own 22 metres", False),
    ],
    example={"sent_by": "attack", "how": "penalty-kick"},
)
def touch(f: dict) -> Verdict:
    thrower = f["sent_by"] if f["how"] == "penalty-kick" else ("defence" if f["sent_by"] == "attack" else "attack")
    reasons = [because(TOUCH_THROW, "the team that did not send it out, except after a Penalty kick")]
    if f["how"] == "penalty-kick":
        reasons.append(because(PENALTY_CHOICE, "a Penalty kick into touch keeps possession"))
    if f["how"] == "carried":
        where = "where the miniature left the pitch"
        reasons.append(because(TOUCH_WHERE_RUN, where))
    else:
        where = "where the ball went out" if f["within_own_22"] else "level with the kicker"
        reasons.append(because(TOUCH_WHERE_KICK, where))
    return Verdict(
        "value",
        {"throws": thrower, "where": where},
        reasons,
        consequences=[then(TOUCH_GUESS, "the line-out: the first turn to the team that takes the ball")],
        summary=f"the {thrower} throws in, {where}",
    )


@check(
    "line-out",
    "Who takes the throw-in? The defence guesses the number the throwers chose: right, the ball to its miniature "
    "with that number; wrong, to the chosen attacker; the first turn to whoever took it",
    [
        Fact("chosen", "int", "the position the throwing team chose on the die", low=1, high=5),
        Fact("guess", "int", "the defence's guess", low=1, high=5),
    ],
    example={"chosen": 4, "guess": 4},
)
def line_out(f: dict) -> Verdict:
    right = f["chosen"] == f["guess"]
    who = "defence" if right else "throwing team"
    return Verdict(
        "value",
        {"ball": who, "position": f["chosen"], "first_turn": who},
        [because(TOUCH_CHOICE, f"the throwers chose {f['chosen']}"), because(TOUCH_GUESS, f"the guess {f['guess']}")],
        summary=f"the {who}'s number {f['chosen']} takes the ball and moves first",
    )


PACK_ROWS = {PACK_TABLE[i][0].lower().replace(" ", "-"): i for i in range(len(PACK_TABLE))}


def _pack_value(team: str) -> int:
    return int(PACK[team].text.rsplit("=", 1)[1])


@check(
    "scrum-push",
    "A Scrum push: the packs as single miniatures with the Appendix's strengths, the Strength Rule; a win moves "
    "the packs one intersection; the push is the team's 1 movement; the other pack must push in its turn",
    [
        Fact("pushing", "choice", "the pushing pack's national team", choices=tuple(PACK)),
        Fact("other", "choice", "the other pack's national team", choices=tuple(PACK)),
        Fact("die", "int", "the die", 0, low=0, high=12),
    ],
    example={"pushing": "england", "other": "japan", "die": 9},
)
def scrum_push(f: dict) -> Verdict:
    strengths = {side: _pack_value(f[side]) for side in ("pushing", "other")}
    low, high = win_range(strengths["pushing"], strengths["other"])
    reasons = [
        because(SCRUM_PUSH, "the packs as one miniature each"),
        because(SCRUM_APPENDIX, "their strengths in the Appendix"),
    ]
    for side in ("pushing", "other"):
        team = f[side]
        if team in PACK_ROWS:
            reasons.append(because(PACK_TABLE.quote(PACK_ROWS[team]), f"{team}: F {strengths[side]}"))
        reasons.append(because(PACK[team], f"{team}'s Scrum pack"))
    reasons += [
        because(PACK_VALUES, "each team's Scrum pack F"),
        because(
            STRENGTH_RULE, f"{strengths['pushing']} against {strengths['other']}: wins on {_range_text(low, high)}"
        ),
    ]
    after = [then(SCRUM_ONE_MOVE, "the push is 1 movement"), then(SCRUM_REPLY, "the other pack pushes in its turn")]
    if not f["die"]:
        return Verdict("value", {"wins_on": _range_text(low, high)}, reasons, consequences=after)
    won = low <= f["die"] <= high
    reasons.append(because(SCRUM_WINS if won else SCRUM_LOSES, f"rolled {f['die']}"))
    return Verdict(
        "value",
        {"wins_on": _range_text(low, high), "won": won, "moves": 1 if won else 0},
        reasons,
        outcome="succeeds" if won else "fails",
        consequences=after,
        summary=f"the push {'wins' if won else 'fails'} ({f['die']} on {_range_text(low, high)})"
        + ("; the packs move one intersection" if won else ""),
    )


@check(
    "ruck",
    "A Ruck: formed by supporters on the 3 intersections behind a tackled carrier; after 3 movements its push is the "
    "compulsory 4th; one reorganisation at will per side",
    [
        Fact("what", "choice", "what is declared", choices=("other-move", "reorganise", "push")),
        Fact("movements", "int", "movements made this turn", 0, low=0, high=4),
        Fact("reorganised", "bool", "this side has already reorganised at will during the Ruck", False),
    ],
    example={"what": "other-move", "movements": 3},
)
def ruck(f: dict) -> Verdict:
    if f["what"] == "reorganise":
        if f["reorganised"]:
            return Verdict(
                "illegal",
                reasons=[because(RUCK_ONCE, "only one reorganisation at will per side")],
                summary="illegal: this side has already reorganised its line-up at will",
            )
        return Verdict(
            "legal",
            reasons=[because(RUCK_REORGANISE, "by hand, not the Ruck's miniatures"), because(RUCK_ONCE, "once")],
        )
    if f["what"] == "other-move" and f["movements"] >= 3:
        return Verdict(
            "illegal",
            reasons=[
                because(RUCK_FORMS, "the Ruck formed"),
                because(RUCK_AFTER, "after 3 movements"),
                because(RUCK_COMPULSORY, "its push is the compulsory movement"),
            ],
            consequences=[
                then(RUCK_REORGANISE, "the others may be reorganised by hand"),
                then(RUCK_REPLY, "the defence must respond"),
            ],
            summary="illegal: the 4th movement must be the Ruck's push; then a reorganisation at will",
        )
    return Verdict(
        "legal",
        reasons=[because(RUCK_PUSH, "the Ruck pushes"), because(RUCK_COMPULSORY, "1 movement")],
        consequences=[then(RUCK_REPLY, "the defence must respond with its own Ruck in its turn")],
        summary="legal: the Ruck pushes, its 1 compulsory movement",
    )


@check(
    "offside",
    "An offside miniature (ahead of the ball for its team) is penalised when it moves towards a teammate's kick "
    "(a Scrum to the opponents, and its team's possession ends)",
    [
        Fact("offside", "bool", "the miniature was ahead of the ball (for its team) at the kick"),
        Fact("moves_to_ball", "bool", "it moves towards the kicked ball", True),
        Fact("back_in_play", "bool", "the ball has since been received by a miniature in play at the kick", False),
    ],
    example={"offside": True},
)
def offside(f: dict) -> Verdict:
    reasons = [because(OFFSIDE_LINE, "closer to the own try line than the ball, to be in play")]
    if not f["offside"] or not f["moves_to_ball"] or f["back_in_play"]:
        why = "in play" if not f["offside"] else ("back in play" if f["back_in_play"] else "not chasing the kick")
        return Verdict("legal", reasons=[*reasons, because(OFFSIDE_BACK, why)], summary=f"legal: {why}")
    return Verdict(
        "illegal",
        reasons=[
            *reasons,
            because(OFFSIDE_PENALISED, "penalised offside miniatures"),
            because(OFFSIDE_CHASE, "chasing a kick"),
        ],
        outcome="foul",
        consequences=[
            then(SCRUM_OFFSIDE, "a Scrum put in by the team that did not commit it"),
            then(LOST_OFFSIDE, "the possession ends"),
            then(OFFSIDE_BACK, "back in play once a miniature in play at the kick receives the ball"),
        ],
        summary="illegal: an offside miniature chasing the kick; Scrum to the opponents, the possession ends",
    )


@check(
    "match-end",
    "The end of the match: after the eighth possession the higher score wins; of a draw the book says nothing",
    [
        Fact("score", "ints", "the two teams' points", low=0, high=500),
        Fact("possession", "int", "the possession that has just ended", 8, low=1, high=8),
    ],
    example={"score": [10, 10]},
)
def match_end(f: dict) -> Verdict:
    if len(f["score"]) != 2:
        raise RefereeError("fact 'score': the two teams' points")
    if f["possession"] < 8:
        return Verdict("value", {"match_over": False}, [because(MATCH_ENDS, f"only possession {f['possession']}")])
    a, b = f["score"]
    reasons = [because(MATCH_ENDS, "the eighth possession has ended"), because(HIGHER_SCORE, f"{a}-{b}")]
    if a == b:
        return Verdict("unknown", None, reasons, summary=f"unknown: {a}-{b}; the book does not say what a draw gives")
    return Verdict("value", {"match_over": True, "winner": "first" if a > b else "second"}, reasons)


# ================================================================ special cards


CARD_NAMES = tuple(CARDS)
SIDES = ("attack", "defence")


@check(
    "special-card",
    "May this special card be played now? Once a game; not while the opponent's card still runs; a nominal card only "
    "before moving a miniature of its group; when its own words allow; one of its effects, not both",
    [
        Fact("card", "choice", "the card", choices=CARD_NAMES),
        Fact(
            "role", "choice", "the miniature it is played for (nominal cards)", "unknown", choices=("unknown", *ROLES)
        ),
        Fact("side", "choice", "the team playing it is attacking or defending", choices=SIDES),
        Fact(
            "phase",
            "choice",
            "what is being played",
            "play",
            choices=("play", "scrum", "ruck", "kick-at-goal", "conversion", "line-out"),
        ),
        Fact("played_before", "bool", "the card was already played this game", False),
        Fact(
            "opponent_card",
            "choice",
            "a card the opponent played whose effect still runs",
            "none",
            choices=("none", *CARD_NAMES),
        ),
        Fact("moved_already", "bool", "the miniature has already moved this turn (nominal cards)", False),
        Fact("effects_used", "int", "how many of the card's effects are claimed at once", 1, low=1, high=3),
    ],
    example={"card": "serge-blanco", "role": "fullback", "side": "attack", "effects_used": 2},
)
def special_card(f: dict) -> Verdict:
    card = CARDS[f["card"]]
    head, effect = CARD_HEAD[f["card"]], CARD_EFFECT[f["card"]]
    this = [because(head, GROUP_WORDS[card.group]), because(effect, "what it does")]
    if f["played_before"]:
        return Verdict(
            "illegal", reasons=[*this, because(CARD_ONCE, "already played")], summary="illegal: each card once a game"
        )
    if card.group != "team" and f["moved_already"]:
        return Verdict(
            "illegal",
            reasons=[
                *this,
                because(CARD_NOMINAL, "before moving the miniature"),
                because(TOKEN_PLACED, "its move is final"),
            ],
            summary="illegal: a nominal card is played before moving the miniature",
        )
    if f["opponent_card"] != "none":
        return Verdict(
            "illegal",
            reasons=[
                *this,
                because(CARD_OPPONENT_RUNNING, "the opponent's card still runs"),
                because(CARD_EFFECT[f["opponent_card"]], f"the opponent's {f['opponent_card']}"),
            ],
            summary="illegal: the opponent's card's effect has not yet ended",
        )
    if card.group != "team":
        refused = _card_refused(f["card"], f["role"], CARD_HEAD, CARD_EFFECT, BACKS_HEADING)
        if refused:
            return refused
    ok_when = {
        None: True,
        "defence": f["side"] == "defence",
        "possession": f["side"] == "attack",
        "scrum": f["phase"] in ("scrum", "ruck", "line-out"),
        "kick-at-goal": f["phase"] == "kick-at-goal",
    }[card.when]
    if not ok_when:
        return Verdict(
            "illegal",
            reasons=this,
            summary=f"illegal: {f['card']} may be played only {WHEN_WORDS[card.when]}",
        )
    if f["effects_used"] > 1 and card.alternatives:
        return Verdict(
            "illegal",
            reasons=[*this, because(CARD_ONCE, "one effect, and the card is then spent")],
            summary=f"illegal: {f['card']} gives one of its effects, not both",
        )
    rule = CARD_COLLECTIVE if card.group == "team" else CARD_NOMINAL
    return Verdict(
        "legal",
        {"effects": dict(card.effects)},
        [*this, because(rule, "when it may be played")],
        consequences=[then(CARD_ONCE, "then spent for the game")],
        summary=f"legal: {f['card']}",
    )


WHEN_WORDS = {
    "defence": "in defence",
    "possession": "in possession of the ball",
    "scrum": "during a Scrum or a Ruck/Maul (or a line-out)",
    "kick-at-goal": "during a Drop kick or a Penalty kick",
    None: "",
}


def _card_named(name: str) -> str | None:
    """The printed card a name written as a player would write it stands for ("Colin Meads"), if any."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().casefold()
    key = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")
    return key if key in CARDS else None


@check(
    "card-unknown",
    "A card the book does not print: its text cannot be settled from the book",
    [Fact("card", "str", "the card's name as written on it")],
    example={"card": "Marcello Cuttitta"},
)
def card_unknown(f: dict) -> Verdict:
    printed = _card_named(f["card"])
    if printed is not None:  # the book prints it: its text is known, this check does not apply
        raise RefereeError(
            f"fact 'card': {f['card']!r} is printed in the book (among {CARDS[printed].team}'s cards): "
            f"special-card settles it as {printed!r}"
        )
    return Verdict(
        "unknown",
        None,
        [
            because(CARD_APPENDIX, "the Appendix gives every card's meaning"),
            because(CARDS_NOT_EXHAUSTIVE, "the names and features on the cards are not exhaustive"),
            because(FOUR_CARDS, "four cards per team, listed in ch. 2G"),
        ],
        summary=f"unknown: the book does not print {f['card']!r}; its effect cannot be settled from the book",
    )


@check(
    "card-turns",
    "How long a card that makes the opponent skip turns lasts: its two sentences give different lengths",
    [Fact("card", "choice", "the card", choices=cards_with("skip"))],
    example={"card": "twickenham"},
)
def card_turns(f: dict) -> Verdict:
    effect = SKIP_EFFECT[f["card"]]
    skipped = card_effect(f["card"], "skip") or 2
    consecutive = int(re.search(r"(\d+) consecutive turns", effect.text)[1])  # type: ignore[index]
    return Verdict(
        "ambiguous",
        None,
        [because(FOUR_MOVES, "a turn is up to 4 moves")],
        [
            Reading(
                f"the opponent skips {skipped} turns: {skipped + 1} turns in a row ({(skipped + 1) * 4} moves)",
                "value",
                {"turns_in_a_row": skipped + 1},
                [because(effect, "skip 2 turns")],
            ),
            Reading(
                f"literally {consecutive} consecutive turns",
                "value",
                {"turns_in_a_row": consecutive},
                [because(effect, f"{consecutive} consecutive turns")],
            ),
        ],
        summary=f"ambiguous: {f['card']} reads as {skipped + 1} turns in a row or {consecutive}",
    )


@check(
    "card-speed",
    "A card that makes a three-quarter run at a set speed: that speed this turn, even from standing still; next "
    "turn no faster than his S",
    [
        Fact("card", "choice", "the card", choices=cards_with("speed")),
        Fact("s", "int", "the three-quarter's S", low=0, high=20),
    ],
    example={"card": "david-campese", "s": 9},
)
def card_speed(f: dict) -> Verdict:
    speed = card_effect(f["card"], "speed") or 0
    following = min(speed, f["s"])
    return Verdict(
        "value",
        {"this_turn": speed, "next_turn": following},
        [because(SPEED_EFFECT[f["card"]], f"speed {speed}"), because(MAX_SPEED, f"S {f['s']} caps it afterwards")],
        summary=f"speed {speed} this turn, {following} next turn",
    )


# ================================================================ where the book is silent


SILENT = ("in-goal-catch", "grounded-onto-opponent", "forward-pass", "kick-onto-miniature")


@check(
    "rugby-silent",
    "Situations the book does not settle: a kicked ball caught by the defence in its own in-goal, a grounded ball's "
    "intersection held by an opponent, the sanction for a forward pass, a kick landing on a miniature's intersection",
    [Fact("about", "choice", "the situation", choices=SILENT)],
    example={"about": "forward-pass"},
)
def rugby_silent(f: dict) -> Verdict:
    quotes = {
        "in-goal-catch": [because(RESTART_WHEN, "a restart only for a kick over the try line out of the pitch")],
        "grounded-onto-opponent": [
            because(GROUND_THE_BALL, "one intersection back"),
            because(GROUNDED_ON_TEAMMATE, "only a teammate on it is covered"),
        ],
        "kick-onto-miniature": [
            because(KICK_LANDING, "the kicker decides the exact intersection"),
            because(NO_SHARED_INTERSECTION, "of miniatures, not of where a ball may land"),
        ],
        "forward-pass": [
            because(PASS_NOT_A_MOVE, "passes go backwards"),
            because(PENALTY_WHERE, "the infringements it lists do not include a forward pass"),
        ],
    }[f["about"]]
    return Verdict("unknown", None, quotes, summary=f"unknown: the book does not settle {f['about'].replace('-', ' ')}")


# ================================================================ one ruling per question (referee.rules.overlaps)


def _defender_wins(verdict: str, value, outcome) -> bool | None:
    """A Hard Tackle's answer as the Strength Rule gives it: whether the tackling defender wins the roll."""
    return value in ("ball stolen", "carrier pushed back, ball grounded") if verdict == "value" else None


def _declarer_wins(verdict: str, value, outcome) -> bool | None:
    return value.get("winner") == "declarer" if verdict == "value" and "winner" in value else None


def _pack_wins(verdict: str, value, outcome) -> bool | None:
    return value.get("won") if verdict == "value" else None


def _needed(verdict: str, value, outcome) -> str | None:
    return value.get("needs") if verdict == "value" else None


OVERLAPS = [
    same(
        "hard-tackle",
        "strength-rule",
        "a Hard Tackle is won or lost by the Strength Rule (1d/7): the defender declares, F against F",
        lambda f: (
            None
            if f.get("card", "none") != "none"
            else {"declarer": f["defender_f"], "opponent": f["carrier_f"], "compare": "strength", "die": f["die"]}
        ),
        _defender_wins,
        _declarer_wins,
    ),
    same(
        "scrum-push",
        "strength-rule",
        "a Scrum push is the Strength Rule between the packs' F (1d/7, 2d/17)",
        lambda f: (
            None
            if not f["die"]
            else {
                "declarer": _pack_value(f["pushing"]),
                "opponent": _pack_value(f["other"]),
                "compare": "scrum",
                "die": f["die"],
            }
        ),
        _pack_wins,
        lambda verdict, value, outcome: _declarer_wins(verdict, value, outcome),
    ),
    same(
        "conversion",
        "kick-success",
        "a conversion uses the kick success table (2f/10): its column by the touchline distance, its row by the kicker",
        lambda f: {
            "zone": ZONES[0 if f["touchline_distance"] > 2 else 1],
            "kicker": f["kicker"],
            "die": f["die"],
            "kind": "penalty",
        },
        _needed,
    ),
    *apart(
        "hard-tackle", ["scrum-push"], "a Hard Tackle and a Scrum push each cite the Strength Rule for their own roll"
    ),
    *apart("strength-rule", ["break-result"], "the roll's win range, against what the winner or loser then does"),
    *apart("strength-rule", ["ruck"], "the push's win range, against when a Ruck may push or reorganise"),
    *apart("drop-goal", ["kick-success"], "whether a Drop may be attempted, against whether it goes over"),
    *apart(
        "special-card",
        ["card-speed", "card-turns", "free-move", "hard-tackle", "pass", "tackled-carrier"],
        "whether a card may be played (group, when), against what its effect does to a speed, the turn's moves, "
        "a free move, a tackle, a pass or the tackled carrier",
    ),
    *apart("card-turns", ["move"], "the moves a card takes from a turn, against the 4 moves of a turn"),
    *apart("hard-tackle", ["pass"], "a nominal card played before a tackle, or before a pass"),
    *apart(
        "tackled-carrier",
        ["tackle", "collect-ball", "possession", "possession-tackles"],
        "the tackled carrier's options, against whether the tackle may be made, who may collect the ball, "
        "and the count of tackles that ends a possession",
    ),
    *apart("collect-ball", ["tackle"], "who may collect a grounded ball, against who may tackle"),
    *apart("possession", ["possession-tackles", "match-end"], "a possession's end, its tackle count, the match's end"),
    *apart("kick-off-kick", ["restart"], "the kick-off at a half's start, against the restart kick after a score"),
    *apart("move", ["pass"], "a turn's 4 moves, against a pass that is no move"),
    *apart("rugby-silent", ["pass", "restart"], "where the book is silent, beside the pass and restart it does state"),
    *apart("penalty-kicker", ["touch"], "who takes a Penalty kick, against where the ball goes into touch"),
]

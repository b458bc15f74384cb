"""Rugby World's rules as checks. Positions are intersections [x, y] on the grid; each
situation says which way the attacking team scores (+y or -y). Dice are D12."""

from __future__ import annotations

import re

from referee.errors import RefereeError
from referee.rules.actions import Action, StateRules
from referee.rules.checks import Rulebook
from referee.rules.facts import Fact
from referee.rules.verdicts import Reading, Verdict
from referee.states.readers import choice, lookup, mapping, number, point, words

RULES = Rulebook(
    "rugby-world",
    {
        "pass-backwards": (
            "rugby-world/1a/2",
            "closer to the try line than the passing miniature itself (that is, backwards)",
        ),
        "pass-range": (
            "rugby-world/1a/3",
            "at a distance of up to a maximum of intersections equal to the P value of the passing miniature.",
        ),
        "pass-count": (
            "rugby-world/1a/4",
            "it is advisable to identify all the intersections behind it that can be reached by travelling across the pitch, sideways and along the main direction, for 3 intersections",
        ),
        "pass-tackled": (
            "rugby-world/1d/12",
            "The maximum range of the pass is given by the P value of the miniature, but if it is tackled, it will be half of P (always rounded down).",
        ),
        "cards-rule": (
            "rugby-world/2g/1",
            "Each team has 4 special cards available, playable during one of its own turns to obtain a benefit at that particular moment.",
        ),
        "tackle-carrier": (
            "rugby-world/1d/1",
            "Each defender may tackle only the opposing ball carrier. Tackling opponents who do not have the ball is a foul (obstruction, see 2f).",
        ),
        "tackle-defenders": (
            "rugby-world/1d/3",
            "The Tackle takes place by bringing from one to three defenders to position themselves on one of the 3 points in front of the ball carrier",
        ),
        "obstruction": (
            "rugby-world/1d/19",
            "a defender may not remain on one of the 3 points in front of any attacker without the ball, unless they are players who remained in those positions from a previous Tackle.",
        ),
        "two-defenders": ("rugby-world/1d/14", "With 2 defenders tackling, the only options are b) and c)."),
        "three-defenders": (
            "rugby-world/1d/15",
            "With 3 defenders, the Tackle is such that the only possibility left is option c).",
        ),
        "strength-rule": (
            "rugby-world/1d/7",
            "reducing the range of winning die values of the weaker by a number equal to that difference",
        ),
        "strength-balance": (
            "rugby-world/1d/7",
            "At equal strength, a situation of balance, the one declaring the break-through wins with a die from 1 to 6 and loses with a die from 7 to 12.",
        ),
        "strength-example": (
            "rugby-world/1d/7",
            "compared with the original balance of 1-6 and 7-12, the new situation is 1-4 and 5-12.",
        ),
        "speed-rule": ("rugby-world/1d/10", "the players compare speeds and not strengths (Speed Rule)"),
        "scrum-example": (
            "rugby-world/2d/18",
            "if the Scrum pack that has the ball has F = 67 and the other has F = 69, then the first Scrum pack manages to push the second if it rolls and gets from 1 to 4.",
        ),
        "hard-tackle": (
            "rugby-world/1d/16",
            "applying the Strength Rule, checks the result (the 1-6 interval always belongs to the declarer).",
        ),
        "hard-win-123": (
            "rugby-world/1d/17",
            "If the defender declaring the Hard Tackle wins with a die of 1, 2 or 3, then it has recovered the ball",
        ),
        "hard-win-rest": (
            "rugby-world/1d/17",
            "If the defender wins with the remaining numbers, it occupies only the original position of the ball carrier, pushes the opponent back by one intersection and forces them to ground the ball (option c).",
        ),
        "hard-lose-foul": (
            "rugby-world/1d/18",
            "If the defender declaring the Hard Tackle loses with 10, 11 and 12, it has committed a foul, penalised with a Penalty kick (see ch. 2f).",
        ),
        "hard-lose-rest": (
            "rugby-world/1d/18",
            "If the defender loses with the remaining numbers, it places itself 2 intersections away (where it wishes), losing its token.",
        ),
        "free-rows": (
            "rugby-world/free-move/2",
            "the miniature must be at least 2 intersections closer to its own try line than the ball is.",
        ),
        "free-three": (
            "rugby-world/free-move/4",
            "No more than 3 of the 4 miniatures that may be moved in a turn may use the free move.",
        ),
        "free-kick": (
            "rugby-world/free-move/5",
            "After any kick, free moves are immediately frozen and may not be used until the ball is reached by any miniature",
        ),
        "free-22": (
            "rugby-world/free-move/6",
            "When the ball carrier enters the opponents' 22-metre area, line included, the free moves of both teams are frozen, until the ball leaves that area again.",
        ),
        "kick-success-caption": (
            "rugby-world/2f/10",
            'Kick success table (the first row is for kickers "k", the second for non-kickers):',
        ),
        "conversion-table": (
            "rugby-world/2f/13",
            "The same table applies to conversion kicks after a try: the teams are not lined up, since it is a die throw.",
        ),
        "drop-table": (
            "rugby-world/2f/14",
            "may attempt a Drop with the probabilities expressed above.",
        ),
        "card-groups": (
            "rugby-world/2g/3",
            "the remaining 3 concern only a particular group of miniatures: a forward (from 1 to 8), a three-quarter (from 11 to 14) or a halfback or fullback (9, 10 and 15).",
        ),
        "card-nominal": (
            "rugby-world/2g/4",
            "The other 3 are nominal, and must be played only before moving a miniature of the group indicated in the tables below",
        ),
        "obstruction-scrum": (
            "rugby-world/2d/5",
            "obstruction foul (ch. 1d): Scrum put in by the team that did not commit the obstruction",
        ),
        "scrum-where": (
            "rugby-world/2d/8",
            "Scrums are formed at the exact point of the infringements, placing the hooker (no. 2) on the said intersection",
        ),
        "penalty-where": (
            "rugby-world/2f/1",
            "Every infringement of the Rugby World rules is punished with the formation of a Scrum or with a Penalty kick at the exact point of the infringement.",
        ),
        "conversion-row": (
            "rugby-world/2f/13",
            "If the try was scored by crossing the line more than 2 intersections from the touchlines, then the probability of conversion is that of the first row in the table, otherwise it is the second row.",
        ),
        "drop": (
            "rugby-world/2f/14",
            "any miniature in the opponents' half, with an area around itself free of opponents of 7 intersections by 7 intersections (no opponent may be within three intersections or fewer of the kicker), may attempt a Drop",
        ),
        "points": (
            "rugby-world/set-up-and-aim-of-the/5",
            "A try is worth 5 points, followed by a conversion kick (ch. 2f) worth 2 points, for a total of 7 points. A kick between the posts (Drop or Penalty kick, ch. 2f) is worth 3 points.",
        ),
        "seventh-tackle": (
            "rugby-world/2h/11",
            "At the 7th Tackle, in fact, a Scrum put in by the opponent is whistled and the possession ends.",
        ),
    },
)
# Special cards that change a rule, with the words of the card that do it. Every P card is a
# nominal card of the halves and the fullback; every steal card is a forward's ("Backs (1-8)").
HALVES = "Scrum-Half, Fly-Half, Fullback (9-10-15)"
FORWARDS_HEADING = "Backs (1-8)"
P_CARDS = {
    "serge-blanco": ("rugby-world/france/3", "increase his P value to 20 intersections", 20),
    "hugo-porta": ("rugby-world/argentina/4", "increase his P value to 20 intersections", 20),
    "mark-ella": ("rugby-world/australia/5", "increase their P value to 20 intersections", 20),
    "waisale-serevi": ("rugby-world/fiji/3", "increase their P value to 20 intersections", 20),
    "jackie-kyle": ("rugby-world/ireland/5", "increase their P value to 20 intersections", 20),
    "naas-botha": ("rugby-world/south-africa/5", "increase their P value to 20 intersections", 20),
    "stefano-bettarello": ("rugby-world/italy/3", "increase their P value to 16 intersections", 16),
    "tanaka-ginnosuke": ("rugby-world/japan/3", "increase their P value to 12 intersections", 12),
    "chris-tynan": ("rugby-world/canada/5", "increase their P value to 12 intersections", 12),
    "ray-nelson": ("rugby-world/usa/3", "increase their P value to 12 intersections", 12),
    "hans-botzong": ("rugby-world/germany/5", "increase their P value to 10 intersections", 10),
}
BLOCKING_CARDS = {
    "haka-ka-mate": ("rugby-world/new-zealand/2", "blocks the opponents' defensive free moves for 5 consecutive turns"),
    "cibi": ("rugby-world/fiji/2", "blocks the opponents' defensive free moves for 2 turns"),
    "siva-tau": ("rugby-world/samoa/2", "blocks the opponents' defensive free moves for 2 turns"),
    "one-ireland": ("rugby-world/ireland/2", "blocks the opponents' defensive free moves for 3 turns"),
    "land-of-my-fathers": ("rugby-world/wales/2", "blocks the opponents' defensive free moves for 3 turns"),
    "drv": ("rugby-world/germany/2", "blocks the opponents' defensive free moves during the following turn"),
    "ragubi-bu": ("rugby-world/japan/2", "blocks the opponents' defensive free moves for the following turn"),
    "olympic-games-1924": ("rugby-world/usa/2", "blocks the opponents' defensive free moves for the following turn"),
}
STEAL_CARDS = {
    "will-mcbride": ("rugby-world/ireland/3", "The Back tackles and automatically steals the ball."),
    "colin-meads": ("rugby-world/new-zealand/4", "The back tackles and automatically steals the ball."),
    "peter-fatialofa": ("rugby-world/samoa/3", "The Back tackles and steals the ball automatically."),
}
RULES.quotes.update({f"card-{name}": (entry, quote) for name, (entry, quote, _) in P_CARDS.items()})
RULES.quotes.update({f"group-{name}": (entry, HALVES) for name, (entry, _, _) in P_CARDS.items()})
RULES.quotes.update({f"card-{name}": (entry, quote) for name, (entry, quote) in BLOCKING_CARDS.items()})
RULES.quotes.update({f"card-{name}": value for name, value in STEAL_CARDS.items()})
RULES.quotes.update({f"group-{name}": (entry, FORWARDS_HEADING) for name, (entry, _) in STEAL_CARDS.items()})
because = RULES.because
then = RULES.then

# The two tables, quoted row by row (tab-separated cells, as printed).
KICK_COLUMNS = (
    "Kick type",
    "Kicker (k): die 1-4",
    "Kicker (k): die 5-8",
    "Kicker (k): die 9-12",
    "Non-kicker: die 1-4",
    "Non-kicker: die 5-8",
    "Non-kicker: die 9-12",
)
KICK_TABLE = RULES.table(
    "kick-range",
    "rugby-world/1c/10",
    KICK_COLUMNS,
    [
        (
            "Short range",
            "5 intersections",
            "6 intersections",
            "7 intersections",
            "1 intersection",
            "4 intersections",
            "7 intersections",
        ),
        (
            "Medium range",
            "9 intersections",
            "11 intersections",
            "13 intersections",
            "2 intersections",
            "7 intersections",
            "13 intersections",
        ),
        (
            "Long range",
            "18 intersections",
            "22 intersections",
            "26 intersections",
            "3 intersections",
            "13 intersections",
            "26 intersections",
        ),
    ],
    joiner="\t",
)
SUCCESS_COLUMNS = (
    "Probability of success",
    "Within 22 m of the posts, more than 2 intersections from the touchlines",
    "Between 24 m and 40 m, or 2 intersections or fewer from the touchlines",
    "Between 42 m and 50 m",
)
SUCCESS_TABLE = RULES.table(
    "kick-success",
    "rugby-world/2f/10",
    SUCCESS_COLUMNS,
    [('"k"', "2-12", "3-12", "4-12"), ('"non-k"', "4-12", "6-12", "8-12")],
    joiner="\t",
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


def _card_refused(card: str, role: str, allowed: tuple[str, ...], group: str) -> Verdict | None:
    """A nominal card played for a miniature outside its group is refused (2G: only before moving one of it)."""
    if role == "unknown":
        from referee.errors import RefereeError

        raise RefereeError(f"fact 'role': the card {card} is for {group} only; give the miniature's role")
    if role in allowed:
        return None
    return Verdict(
        "illegal",
        reasons=[
            because(f"group-{card}", f"the card is for {group}"),
            because("card-nominal", f"a nominal card is played only before moving its group, not a {role}"),
        ],
        summary=f"illegal card: {card} is for {group}, not a {role}",
    )


@RULES.check(
    "pass",
    "Is a hand pass legal? Backwards only, within P (half P rounded down when tackled); two readings of grid distance",
    [
        Fact("passer", "point", "passing miniature [x, y]", unit="intersections", **GRID),
        Fact("target", "point", "target intersection [x, y]", unit="intersections", **GRID),
        DIRECTION,
        Fact("p", "int", "the passer's P value", low=0, high=20),
        Fact("tackled", "bool", "the passer has been tackled", False),
        Fact("card", "choice", "a special card played this turn that raises P", "none", choices=("none", *P_CARDS)),
        Fact("role", "choice", "the passer's role (cards are for a group)", "unknown", choices=("unknown", *ROLES)),
    ],
    {
        "game": "rugby-world",
        "check": "pass",
        "facts": {"passer": [10, 30], "target": [13, 29], "scoring_direction": "+y", "p": 3},
    },
    cites=(
        "pass-backwards",
        "pass-tackled",
        "pass-range",
        "pass-count",
        "cards-rule",
        "card-nominal",
        *tuple(f"card-{name}" for name in P_CARDS),
        *tuple(f"group-{name}" for name in P_CARDS),
    ),
)
def pass_(f: dict) -> Verdict:
    sign = 1 if f["scoring_direction"] == "+y" else -1
    dx = abs(f["target"][0] - f["passer"][0])
    back = (f["passer"][1] - f["target"][1]) * sign
    if back <= 0:
        return Verdict(
            "illegal",
            reasons=[because("pass-backwards", "the target is not behind the passer")],
            summary="illegal pass: the target is not behind the passer",
        )
    p, reasons = f["p"], []
    if f["card"] != "none":
        refused = _card_refused(f["card"], f["role"], HALF_ROLES, "the scrum-half, fly-half or fullback")
        if refused:
            return refused
        p = P_CARDS[f["card"]][2]
        reasons.append(because(f"group-{f['card']}", f"the card is for the {f['role']}'s group"))
        reasons.append(because(f"card-{f['card']}", f"the card sets P to {p} this turn"))
        reasons.append(because("cards-rule", "a special card's benefit overrides the printed P value"))
    if f["tackled"]:
        p //= 2
        reasons.append(because("pass-tackled", f"tackled: half of P, rounded down = {p}"))
    else:
        reasons.append(because("pass-range", f"range up to P = {p} intersections"))
    readings = {
        "diagonal steps count as one (count the longest side)": max(dx, back),
        "sideways and forward steps add up (the book's example counts sideways and along)": dx + back,
    }
    outcomes = {name: ("legal" if d <= p else "illegal", d) for name, d in readings.items()}
    verdicts = {v for v, _ in outcomes.values()}
    if len(verdicts) == 1:
        verdict = verdicts.pop()
        reasons.append(because("pass-backwards", f"the target is {back:g} behind"))
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
        [*reasons, because("pass-count", "the book does not fix how a diagonal counts")],
        [
            Reading(name, verdict, distance, [because("pass-range", f"distance {distance:g} against P {p}")])
            for name, (verdict, distance) in outcomes.items()
        ],
        summary=f"ambiguous pass: legal if a diagonal step counts as one, not if steps add up (P {p})",
    )


@RULES.check(
    "strength-rule",
    "Win range on a D12 for whoever declares a break-through, evade (speed), scrum or ruck push",
    [
        Fact("declarer", "int", "the declarer's F (or S for evade; pack total for scrums)", low=0, high=200),
        Fact("opponent", "int", "the opponent's F (or S)", low=0, high=200),
        Fact("compare", "choice", "what is compared", "strength", choices=("strength", "speed", "scrum")),
        Fact("die", "int", "the die rolled, if any", 0, low=0, high=12),
    ],
    {"game": "rugby-world", "check": "strength-rule", "facts": {"declarer": 6, "opponent": 8}},
    cites=("strength-rule", "strength-balance", "speed-rule", "strength-example", "scrum-example"),
)
def strength_rule(f: dict) -> Verdict:
    low, high = win_range(f["declarer"], f["opponent"])
    reasons = [
        because(
            "strength-rule",
            f"difference {f['declarer'] - f['opponent']:+d}: the declarer wins on {_range_text(low, high)}",
        )
    ]
    if f["declarer"] == f["opponent"]:
        reasons.append(because("strength-balance", "equal values: 1-6 against 7-12"))
    if f["compare"] == "speed":
        reasons.append(because("speed-rule", "evade compares speeds"))
    if (f["declarer"], f["opponent"]) == (6, 8):
        reasons.append(because("strength-example", "the book's own example"))
    if f["compare"] == "scrum":
        reasons.append(because("scrum-example", "a scrum pack is one miniature with the summed F"))
    value: dict = {"declarer_wins": _range_text(low, high), "declarer_loses": _range_text(high + 1, 12)}
    summary = f"the declarer wins on {_range_text(low, high)} of the D12"
    outcome = None
    if f["die"]:
        value["die"] = f["die"]
        value["winner"] = "declarer" if low <= f["die"] <= high else "opponent"
        outcome = "succeeds" if value["winner"] == "declarer" else "fails"
        summary += f"; rolled {f['die']}: the {value['winner']} wins"
    return Verdict("value", value, reasons, outcome=outcome, summary=summary)


@RULES.check(
    "hard-tackle",
    "Outcome of a Hard Tackle by die: steal (1-3), win, foul (10-12), or lose, under the Strength Rule",
    [
        Fact("defender_f", "int", "the tackling defender's F", low=0, high=20),
        Fact("carrier_f", "int", "the ball carrier's F", low=0, high=20),
        Fact("die", "int", "the die rolled", low=1, high=12),
        Fact("card", "choice", "a card played for this tackle", "none", choices=("none", *STEAL_CARDS)),
        Fact("role", "choice", "the defender's role (cards are for a group)", "unknown", choices=("unknown", *ROLES)),
    ],
    {"game": "rugby-world", "check": "hard-tackle", "facts": {"defender_f": 8, "carrier_f": 6, "die": 2}},
    cites=(
        "hard-tackle",
        "hard-win-123",
        "hard-win-rest",
        "hard-lose-foul",
        "hard-lose-rest",
        "penalty-where",
        "card-groups",
        "card-nominal",
        *tuple(f"card-{name}" for name in STEAL_CARDS),
        *tuple(f"group-{name}" for name in STEAL_CARDS),
    ),
)
def hard_tackle(f: dict) -> Verdict:
    if f["card"] != "none":
        refused = _card_refused(f["card"], f["role"], ("forward",), "the forwards (1-8)")
        if refused:
            refused.reasons.insert(1, because("card-groups", "2G: the cards numbered 1-8 are the forwards'"))
            return refused
        return Verdict(
            "value",
            "ball stolen",
            [
                because(f"group-{f['card']}", "a forward's card (2G: numbers 1 to 8 are the forwards)"),
                because("card-groups", "the group of the card"),
                because(f"card-{f['card']}", "the card steals the ball whatever the die"),
                because("hard-tackle", "the Strength Rule roll the card overrides"),
            ],
            outcome="stolen",
            summary=f"ball stolen: the {f['card']} card steals it whatever the die",
        )
    low, high = win_range(f["defender_f"], f["carrier_f"])
    low = 1
    high = max(high, 6)  # the 1-6 interval always belongs to the declarer
    reasons = [because("hard-tackle", f"the defender wins on {_range_text(low, high)}")]
    die = f["die"]
    if low <= die <= high:
        if die <= 3:
            return Verdict(
                "value",
                "ball stolen",
                [*reasons, because("hard-win-123", f"won with {die}")],
                outcome="stolen",
                summary=f"Hard Tackle won with {die}: the ball is stolen",
            )
        return Verdict(
            "value",
            "carrier pushed back, ball grounded",
            [*reasons, because("hard-win-rest", f"won with {die}")],
            outcome="succeeds",
            summary=f"Hard Tackle won with {die}: the carrier is pushed back and grounds the ball",
        )
    if die >= 10:
        return Verdict(
            "value",
            "foul: penalty kick",
            [*reasons, because("hard-lose-foul", f"lost with {die}")],
            outcome="foul",
            consequences=[then("penalty-where", "a Penalty kick to the attack, at the point of the foul")],
            summary=f"Hard Tackle lost with {die}: a foul, penalty kick",
        )
    return Verdict(
        "value",
        "defender placed 2 away, loses token",
        [*reasons, because("hard-lose-rest", f"lost with {die}")],
        outcome="fails",
        summary=f"Hard Tackle lost with {die}: the defender steps 2 intersections away",
    )


@RULES.check(
    "tackle",
    "May these defenders tackle? Only the ball carrier, one to three defenders in front; options left to the carrier",
    [
        Fact("target_has_ball", "bool", "the tackled miniature carries the ball"),
        Fact("defenders", "int", "defenders on the 3 points in front of the carrier", 1, low=1, high=3),
        Fact("in_front", "bool", "every tackler stands on one of the 3 points in front of the carrier", True),
    ],
    {"game": "rugby-world", "check": "tackle", "facts": {"target_has_ball": False}},
    cites=(
        "tackle-carrier",
        "obstruction",
        "obstruction-scrum",
        "scrum-where",
        "tackle-defenders",
        "two-defenders",
        "three-defenders",
    ),
)
def tackle(f: dict) -> Verdict:
    if not f["target_has_ball"]:
        return Verdict(
            "illegal",
            "obstruction",
            [
                because("tackle-carrier", "the target has no ball: a foul (obstruction)"),
                because("obstruction", "defenders may not stay in front of an attacker without the ball"),
            ],
            outcome="foul",
            consequences=[
                then("obstruction-scrum", "a Scrum to the attack (the team that did not obstruct)"),
                then("scrum-where", "formed where the obstruction happened"),
            ],
            summary="illegal tackle: the target has no ball; obstruction foul, Scrum to the attack",
        )
    if not f["in_front"]:
        return Verdict(
            "illegal",
            reasons=[because("tackle-defenders", "a tackler is not on one of the 3 points in front of the carrier")],
            summary="illegal tackle: the tacklers must stand on the 3 points in front of the carrier",
        )
    options = {
        1: ["break through", "evade", "pass", "ground the ball"],
        2: ["pass", "ground the ball"],
        3: ["ground the ball"],
    }[f["defenders"]]
    reasons = [
        because("tackle-carrier", "the target carries the ball"),
        because("tackle-defenders", f"{f['defenders']} defender(s)"),
    ]
    if f["defenders"] == 2:
        reasons.append(because("two-defenders", "two tacklers: pass or ground the ball"))
    if f["defenders"] == 3:
        reasons.append(because("three-defenders", "three tacklers: ground the ball"))
    return Verdict(
        "legal",
        {"carrier_options": options},
        reasons,
        summary=f"legal tackle by {f['defenders']}; the carrier may {', '.join(options)}",
    )


@RULES.check(
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
            choices=("none", *BLOCKING_CARDS),
        ),
    ],
    {"game": "rugby-world", "check": "free-move", "facts": {"rows_behind_ball": 1}},
    cites=("free-rows", "free-kick", "free-22", "free-three", *tuple(f"card-{name}" for name in BLOCKING_CARDS)),
)
def free_move(f: dict) -> Verdict:
    if f["opponent_card"] != "none" and f["team"] == "defence":
        return Verdict(
            "illegal",
            reasons=[
                because(f"card-{f['opponent_card']}", "the opponents' card blocks the defence's free moves"),
                because("free-rows", "the free move rule the card overrides"),
            ],
            summary=f"illegal free move: the opponents' {f['opponent_card']} card blocks it",
        )
    if f["ball_loose_after_kick"]:
        return Verdict(
            "illegal",
            reasons=[because("free-kick", "frozen after a kick until the ball is reached")],
            summary="illegal free move: frozen after a kick until the ball is reached",
        )
    if f["carrier_in_opponents_22"]:
        return Verdict(
            "illegal",
            reasons=[because("free-22", "the carrier is in the opponents' 22")],
            summary="illegal free move: the carrier is in the opponents' 22",
        )
    if f["free_moves_this_turn"] >= 3:
        return Verdict(
            "illegal",
            reasons=[because("free-three", "already 3 free moves this turn")],
            summary="illegal free move: already 3 this turn",
        )
    if f["rows_behind_ball"] < 2:
        return Verdict(
            "illegal",
            reasons=[because("free-rows", f"only {f['rows_behind_ball']} row(s) behind the ball")],
            summary=f"illegal free move: {f['rows_behind_ball']} row(s) behind the ball, at least 2 needed",
        )
    return Verdict(
        "legal",
        reasons=[
            because("free-rows", f"{f['rows_behind_ball']} rows behind the ball"),
            because("free-three", f"free move {f['free_moves_this_turn'] + 1} of at most 3"),
        ],
        summary=f"legal free move ({f['rows_behind_ball']} rows behind the ball)",
    )


def _intersections(cell: str) -> int:
    return int(cell.split()[0])


@RULES.check(
    "kick-range",
    "How far a kick travels (intersections along the pitch), by kick type, kicker or not, and die",
    [
        Fact("kick", "choice", "declared range", choices=("short", "medium", "long")),
        Fact("kicker", "bool", "the miniature is a kicker (k)"),
        Fact("die", "int", "the die rolled", low=1, high=12),
    ],
    {"game": "rugby-world", "check": "kick-range", "facts": {"kick": "long", "kicker": True, "die": 7}},
    cites=("kick-range/*",),
)
def kick_range(f: dict) -> Verdict:
    row = ("short", "medium", "long").index(f["kick"])
    column = 1 + (0 if f["kicker"] else 3) + (f["die"] - 1) // 4
    value = _intersections(KICK_TABLE[row][column])
    who = "kicker" if f["kicker"] else "non-kicker"
    return Verdict(
        "value",
        value,
        [because(f"kick-range/{row}", f"{f['kick']} range, {who}, die {f['die']}: {KICK_COLUMNS[column]} = {value}")],
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


@RULES.check(
    "kick-success",
    "Does a kick at goal (penalty, conversion, drop) succeed? By zone, kicker or not, and die",
    [
        Fact("zone", "choice", "distance band of the kick", choices=ZONES),
        Fact("kicker", "bool", "the miniature is a kicker (k)"),
        Fact("die", "int", "the die rolled (0: just the chance)", 0, low=0, high=12),
    ],
    {"game": "rugby-world", "check": "kick-success", "facts": {"zone": "42-50", "kicker": False, "die": 7}},
    cites=("kick-success/*",),
)
def kick_success(f: dict) -> Verdict:
    zone = ZONES.index(f["zone"])
    need = _needs(f["kicker"], zone)
    row = 0 if f["kicker"] else 1
    value, outcome, text = _kick_result(need, f["die"])
    reasons = [because(f"kick-success/{row}", f"{SUCCESS_COLUMNS[1 + zone]}: {need}-12")]
    return Verdict("value", value, reasons, outcome=outcome, summary=text)


@RULES.check(
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
    {"game": "rugby-world", "check": "conversion", "facts": {"touchline_distance": 1, "kicker": True}},
    cites=("conversion-table", "conversion-row", "kick-success-caption", "kick-success/*"),
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
        because("conversion-table", "the kick success table applies to conversions"),
        because("conversion-row", f"the try crossed {where} intersections from the touchline"),
        because("kick-success-caption", "the caption says the rows are kicker and non-kicker"),
    ]
    agree = rule_value.get("success", by_rule) == caption_value.get("success", by_caption)
    if agree:
        return Verdict(
            "value",
            caption_value,
            [*reasons, because(f"kick-success/{0 if f['kicker'] else 1}", f"both readings: {caption_text}")],
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
                [because("conversion-row", rule_text), because(f"kick-success/{0 if wide else 1}", "that row")],
            ),
            Reading(
                "the caption: the first row is for kickers, the second for non-kickers",
                "value",
                caption_value,
                [
                    because("kick-success-caption", caption_text),
                    because(f"kick-success/{0 if f['kicker'] else 1}", "that row"),
                ],
            ),
        ],
        summary=f"ambiguous conversion: {rule_text} by the rule's 'row', {caption_text} by the caption's",
    )


@RULES.check(
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
    {"game": "rugby-world", "check": "drop-goal", "facts": {"in_opponents_half": True, "nearest_opponent": 3}},
    cites=("drop", "drop-table"),
)
def drop_goal(f: dict) -> Verdict:
    ok = f["in_opponents_half"] and f["nearest_opponent"] > 3
    why = "in the opponents' half" if f["in_opponents_half"] else "not in the opponents' half"
    return Verdict(
        "legal" if ok else "illegal",
        reasons=[
            because("drop", f"{why}; nearest opponent {f['nearest_opponent']} intersection(s) away"),
        ],
        consequences=[then("drop-table", "the kick success table decides it")] if ok else [],
        summary=f"{'legal' if ok else 'illegal'} Drop ({why}, nearest opponent {f['nearest_opponent']} away)",
    )


@RULES.check(
    "points",
    "Points for a score: try 5, conversion 2, drop goal or penalty kick 3",
    [Fact("score", "choice", "what was scored", choices=("try", "conversion", "drop", "penalty-kick"))],
    {"game": "rugby-world", "check": "points", "facts": {"score": "try"}},
    cites=("points",),
)
def score(f: dict) -> Verdict:
    points = {"try": 5, "conversion": 2, "drop": 3, "penalty-kick": 3}[f["score"]]
    return Verdict(
        "value",
        points,
        [because("points", f"a {f['score']} is worth {points}")],
        outcome="scored",
        summary=f"{points} points for the {f['score'].replace('-', ' ')}",
    )


@RULES.check(
    "possession-tackles",
    "Does the possession end? At the 7th tackle a scrum to the opponent ends it",
    [Fact("tackles", "int", "tackles suffered in this possession", low=0, high=7)],
    {"game": "rugby-world", "check": "possession-tackles", "facts": {"tackles": 7}},
    cites=("seventh-tackle",),
)
def possession_tackles(f: dict) -> Verdict:
    ends = f["tackles"] >= 7
    return Verdict(
        "value",
        {"possession_ends": ends},
        [because("seventh-tackle", f"{f['tackles']} tackle(s)")],
        consequences=[then("seventh-tackle", "a Scrum put in by the opponent; the possession ends")] if ends else [],
        summary=f"tackle {f['tackles']} of 7" + ("; the possession ends, Scrum to the opponent" if ends else ""),
    )


# ---------------------------------------------------------------- game states


TRY_LINE = 50  # rows between the try lines: the book counts 2 metres to an intersection ("24 metres (1
HALFWAY = 25  # intersection beyond the 22 m)") on a 100-metre pitch; the width it does not give
IN_GOAL = 5
TEAMS = ("attack", "defence")
STATUSES = ("tackled", "moved")


class Mini:
    def __init__(self, name: str, raw: dict, where: str, width: int) -> None:
        self.name = name
        self.team = choice(raw.get("team"), f"{where}.team", TEAMS)
        self.at = point(raw.get("at"), f"{where}.at", (0, -IN_GOAL), (width, TRY_LINE + IN_GOAL), "intersections")
        digits = "".join(ch for ch in name if ch.isdigit())
        self.number = int(number(raw.get("number", int(digits) if digits else 0), f"{where}.number", 1, 15, whole=True))
        self.stats = {k: int(number(raw[k], f"{where}.{k}", 0, 30, whole=True)) for k in ("f", "s", "p") if k in raw}
        self.kicker = bool(raw.get("kicker", False))
        self.status = set(words(raw.get("status"), f"{where}.status", STATUSES))
        extra = sorted(set(raw) - {"team", "at", "number", "f", "s", "p", "kicker", "status"})
        if extra:
            raise RefereeError(f"{where}: a miniature has no {extra[0]!r}")

    @property
    def role(self) -> str:
        return role_of(self.number)


class Grid:
    def __init__(self, raw: dict, source: str) -> None:
        self.source = source
        self.attack = choice(raw.get("attack", "+y"), f"{source}: attack", ("+y", "-y"))
        self.width = int(number(raw.get("width", 35), f"{source}: width", 10, 80, whole=True))
        minis = mapping(raw.get("pieces"), f"{source}: pieces")
        self.pieces = {
            name.lstrip("#"): Mini(
                name.lstrip("#"), mapping(m, f"{source}: pieces.{name}"), f"{source}: pieces.{name}", self.width
            )
            for name, m in minis.items()
        }
        ball = raw.get("ball")
        self.carrier: Mini | None = None
        self.ball_at: tuple[float, float] | None = None
        if isinstance(ball, (str, int)) and not isinstance(ball, bool):
            self.carrier = lookup(self.pieces, str(ball), f"{source}: ball")
            self.ball_at = self.carrier.at
        else:
            self.ball_at = point(
                ball, f"{source}: ball", (-1, -IN_GOAL), (self.width + 1, TRY_LINE + IN_GOAL), "intersections"
            )
        self.kicked = bool(raw.get("kicked", False))
        self.free_moves = int(number(raw.get("free_moves", 0), f"{source}: free_moves", 0, 4, whole=True))
        self.tackles = int(number(raw.get("tackles", 0), f"{source}: tackles", 0, 6, whole=True))
        cards = mapping(raw.get("cards", {}), f"{source}: cards")
        known = (*P_CARDS, *BLOCKING_CARDS, *STEAL_CARDS)
        self.cards = {team: words(cards.get(team), f"{source}: cards.{team}", known) for team in TEAMS}
        seen: dict[tuple[float, float], str] = {}
        for mini in self.pieces.values():
            if mini.at in seen:
                raise RefereeError(
                    f"{source}: #{seen[mini.at]} and #{mini.name} stand on one intersection; a miniature may never "
                    "occupy the intersection of another"
                )
            seen[mini.at] = mini.name

    def sign(self, team: str) -> int:
        """+1 if the team scores toward +y."""
        attack = 1 if self.attack == "+y" else -1
        return attack if team == "attack" else -attack

    def card(self, team: str, family: dict) -> str:
        return next((c for c in self.cards[team] if c in family), "none")

    def in_front(self, carrier: Mini, defender: Mini) -> bool:
        """1D: the 3 points in front of the carrier, on the next row toward the try line it attacks."""
        dx, dy = defender.at[0] - carrier.at[0], (defender.at[1] - carrier.at[1]) * self.sign(carrier.team)
        return abs(dx) <= 1 and dy == 1

    def rows_to_try_line(self, mini: Mini) -> float:
        return TRY_LINE - mini.at[1] if self.sign(mini.team) > 0 else mini.at[1]


def read_state(raw: dict, source: str) -> Grid:
    return Grid(raw, source)


def _target(state: Grid, text: str) -> tuple[list[float], str]:
    text = text.strip()
    if text.startswith("["):
        x, y = (float(v) for v in text.strip("[]").split(","))
        return list(
            point(
                [x, y],
                f"{state.source}: action target",
                (0, -IN_GOAL),
                (state.width, TRY_LINE + IN_GOAL),
                "intersections",
            )
        ), f"[{x:g}, {y:g}]"
    mini = lookup(state.pieces, text, state.source)
    return list(mini.at), f"#{mini.name}"


def settle_pass(state: Grid, args: dict, s) -> None:
    passer = lookup(state.pieces, args["by"], state.source)
    if passer is not state.carrier:
        raise RefereeError(
            f"{state.source}: #{passer.name} does not carry the ball (ball: {state.carrier.name if state.carrier else 'loose'})"
        )
    target, _ = _target(state, args["to"])
    s.run(
        "pass",
        {
            "passer": list(passer.at),
            "target": target,
            "scoring_direction": "+y" if state.sign(passer.team) > 0 else "-y",
            "p": passer.stats.get("p"),
            "tackled": "tackled" in passer.status,
            "card": state.card(passer.team, P_CARDS),
            "role": passer.role,
        },
    )


def settle_tackle(state: Grid, args: dict, s) -> None:
    names = re.split(r"\s*(?:,|and)\s*", args["by"])
    tacklers = [lookup(state.pieces, n, state.source) for n in names if n]
    target = lookup(state.pieces, args["on"], state.source)
    if any(t.team == target.team for t in tacklers):
        raise RefereeError(f"{state.source}: a miniature cannot tackle a teammate")
    s.run(
        "tackle",
        {
            "target_has_ball": target is state.carrier,
            "defenders": len(tacklers),
            "in_front": all(state.in_front(target, t) for t in tacklers),
        },
    )
    s.run("possession-tackles", {"tackles": state.tackles + 1}, f"tackle {state.tackles + 1} of this possession")


def settle_hard_tackle(state: Grid, args: dict, s) -> None:
    defender, target = lookup(state.pieces, args["by"], state.source), lookup(state.pieces, args["on"], state.source)
    s.run(
        "tackle",
        {"target_has_ball": target is state.carrier, "defenders": 1, "in_front": state.in_front(target, defender)},
    )
    s.run(
        "hard-tackle",
        {
            "defender_f": defender.stats.get("f"),
            "carrier_f": target.stats.get("f"),
            "die": s.die(),
            "card": state.card(defender.team, STEAL_CARDS),
            "role": defender.role,
        },
    )


def settle_break(state: Grid, args: dict, s) -> None:
    """A tackled carrier answers one tackler: break through (strength) or evade (speed)."""
    carrier, defender = lookup(state.pieces, args["by"], state.source), lookup(state.pieces, args["on"], state.source)
    if carrier is not state.carrier:
        raise RefereeError(f"{state.source}: #{carrier.name} does not carry the ball")
    s.run("tackle", {"target_has_ball": True, "defenders": 1, "in_front": state.in_front(carrier, defender)})
    stat, compare = ("s", "speed") if args.get("evade") else ("f", "strength")
    s.run(
        "strength-rule",
        {
            "declarer": carrier.stats.get(stat),
            "opponent": defender.stats.get(stat),
            "compare": compare,
            "die": s.die() or 0,
        },
    )


def settle_free_move(state: Grid, args: dict, s) -> None:
    mini = lookup(state.pieces, args["by"], state.source)
    dest, _ = _target(state, args["to"])
    occupant = next((m for m in state.pieces.values() if list(m.at) == dest and m is not mini), None)
    if occupant is not None:
        raise RefereeError(f"{state.source}: #{occupant.name} already stands on {dest}")
    behind = (state.ball_at[1] - dest[1]) * state.sign(mini.team)
    carrier = state.carrier
    in_22 = carrier is not None and state.rows_to_try_line(carrier) <= 11  # 22 m, line included
    other = "defence" if mini.team == "attack" else "attack"
    s.run(
        "free-move",
        {
            "rows_behind_ball": int(behind),
            "free_moves_this_turn": state.free_moves,
            "ball_loose_after_kick": state.kicked,
            "carrier_in_opponents_22": in_22,
            "team": mini.team,
            "opponent_card": state.card(other, BLOCKING_CARDS),
        },
        f"the ball is on row {state.ball_at[1]:g}",
    )


def settle_kick(state: Grid, args: dict, s) -> None:
    mini = lookup(state.pieces, args["by"], state.source)
    s.run("kick-range", {"kick": args["range"].lower(), "kicker": mini.kicker, "die": s.die()})


def _zone(rows: float, touchline: float) -> str:
    metres = rows * 2
    if metres <= 22 and touchline > 2:
        return "within-22"
    return "42-50" if metres >= 42 else "24-40-or-touchline"


def settle_drop(state: Grid, args: dict, s) -> None:
    mini = lookup(state.pieces, args["by"], state.source)
    opponents = [m for m in state.pieces.values() if m.team != mini.team]
    nearest = min((int(max(abs(m.at[0] - mini.at[0]), abs(m.at[1] - mini.at[1]))) for m in opponents), default=80)
    rows = state.rows_to_try_line(mini)
    s.run("drop-goal", {"in_opponents_half": rows < HALFWAY, "nearest_opponent": min(nearest, 80)})
    touchline = min(mini.at[0], state.width - mini.at[0])
    kick = s.run("kick-success", {"zone": _zone(rows, touchline), "kicker": mini.kicker, "die": s.die() or 0})
    if kick.outcome == "succeeds":
        s.run("points", {"score": "drop"})


def settle_conversion(state: Grid, args: dict, s) -> None:
    mini = lookup(state.pieces, args["by"], state.source)
    x = state.ball_at[0]
    kick = s.run(
        "conversion",
        {"touchline_distance": int(min(x, state.width - x)), "kicker": mini.kicker, "die": s.die() or 0},
        f"the try crossed the line at x = {x:g}",
    )
    if kick.outcome == "succeeds":
        s.run("points", {"score": "conversion"})


WHO = r"#?(?P<by>\w+)"
TO = r"(?P<to>#?\w+|\[\s*-?[\d.]+\s*,\s*-?[\d.]+\s*\])"
RULES.states = StateRules(
    read=read_state,
    keys=("attack", "width", "pieces", "ball", "kicked", "free_moves", "tackles", "cards"),
    actions=[
        Action("pass", (WHO + r" pass(?:es)? (?:the ball )?to " + TO,), settle_pass, "#9 passes to #10 / to [12, 27]"),
        Action(
            "tackle",
            (r"(?P<by>#?\w+(?:\s*(?:,|and)\s*#?\w+)*) (?:declares? a tackle on|tackles?) #?(?P<on>\w+)",),
            settle_tackle,
            "#6 and #7 tackle #10",
        ),
        Action(
            "hard-tackle",
            (WHO + r" (?:declares a )?hard[- ]tackles? (?:on )?#?(?P<on>\w+)",),
            settle_hard_tackle,
            "#6 hard-tackles #10",
        ),
        Action(
            "break-through",
            (WHO + r" breaks? through (?:against )?#?(?P<on>\w+)",),
            settle_break,
            "#13 breaks through #d6",
        ),
        Action("evade", (WHO + r" (?P<evade>evades) #?(?P<on>\w+)",), settle_break, "#13 evades #d6"),
        Action("free-move", (WHO + r" free[- ]moves? to " + TO,), settle_free_move, "#12 free-moves to [10, 20]"),
        Action("kick", (WHO + r" kicks (?P<range>short|medium|long)",), settle_kick, "#10 kicks long"),
        Action("drop", (WHO + r" (?:attempts a |kicks a )?drop(?: goal)?",), settle_drop, "#10 attempts a drop"),
        Action(
            "conversion", (WHO + r" (?:kicks|takes) the conversion",), settle_conversion, "#10 kicks the conversion"
        ),
    ],
)

"""Touchdown Heroes' rules as checks. Field positions are squares 1-10 counted to the
attacking team's goal ("0" is the goal line); players sit in turn order from the lead."""

from __future__ import annotations

from kb.checks import Fact, Rulebook, Verdict

RULES = Rulebook(
    "touchdown-heroes",
    {
        "must-follow": (
            "touchdown-heroes/play/3",
            "If you hold a card of the same suit as the card the lead played, you must play it face up.",
        ),
        "not-follow": (
            "touchdown-heroes/play/3",
            "If you have no card of the same suit, play a card of your choice face up and apply its play-book effect (valid for this trick only).",
        ),
        "may-follow": (
            "touchdown-heroes/play/5",
            "Players play cards in turn, clockwise from the lead, playing a card of their choice.",
        ),
        "lowest-wins": (
            "touchdown-heroes/judgement-phase/2",
            "The lowest number among the followed cards wins the trick.",
        ),
        "ties": (
            "touchdown-heroes/judgement-phase/4",
            "If there are several such players, priority goes to the one farther clockwise from the lead.",
        ),
        "success-failure": (
            "touchdown-heroes/judgement-phase/5",
            'if the player who won the trick is on the attacking team, the attack is a "attack success"; if on the defending team, it is an "attack failure".',
        ),
        "advance": (
            "touchdown-heroes/attack-success/1",
            "by the number of squares equal to the number on the card that won the trick.",
        ),
        "combination": (
            "touchdown-heroes/attack-success/2",
            'if the new lead is a player of the same attacking team who was not the previous lead, a "combination bonus" occurs, and the ball advances an additional 2 squares.',
        ),
        "touchdown": (
            "touchdown-heroes/touchdown/1",
            'When the advancing ball marker reaches "0" (outside the card), it is a touchdown: score 2 points. If the ball overshoots "0" by even one square, score 3 points instead.',
        ),
        "kick-play": (
            "touchdown-heroes/play/7",
            "Roll the die once and advance the ball marker on the field by the number of squares rolled.",
        ),
        "kick-point": (
            "touchdown-heroes/play/8",
            'If the ball marker reaches beyond "0", you gain 1 point and possession changes.',
        ),
        "kick-no-bonus": (
            "touchdown-heroes/other/1",
            "Q: If a kick play advances beyond 0, can I gain additional points? A: No, it is not possible. That bonus applies only to touchdowns.",
        ),
        "kick-turnover": (
            "touchdown-heroes/play/9",
            'Even if the ball does not reach "0", possession is forcibly changed. Turn all series cards face up, move the ball to the opposite side of the field (the position "11 − the current value")',
        ),
        "normal-kick": (
            "touchdown-heroes/kickoff/4",
            'Normal kick. Place the ball marker on the "8" position of the attacking team\'s side.',
        ),
        "random-kick": (
            "touchdown-heroes/kickoff/5",
            'Roll the die once, and place the ball marker on the attacking team\'s square "3 + the number rolled". If the roll is 1, the kick is an onside kick (success).',
        ),
        "onside": (
            "touchdown-heroes/kickoff/5",
            "After possession changes, the ball starts at position 7 (the ball sits at position 4 under the old attacking team, and possession changes, so the position is 11 − 4 = 7).",
        ),
        "four-players": (
            "touchdown-heroes/game-setup/1",
            "This game is for 4 players only. Do not play with any other number of players.",
        ),
        "not-printed": (
            "touchdown-heroes/play-book-effects-and-hero-skills/1",
            "the individual effect texts for play-book numbers 1 to 10 and for each hero's skill are printed on the cards themselves.",
        ),
    },
)
because = RULES.because


@RULES.check(
    "legal-play",
    "May this card be played? Run play: must follow the lead's suit if you can; pass play: any card",
    [
        Fact("play", "choice", "the declared play", choices=("run", "pass")),
        Fact("lead_suit", "choice", "suit of the lead's card", choices=("power", "speed", "stamina", "tactics")),
        Fact("card_suit", "choice", "suit of the card played", choices=("power", "speed", "stamina", "tactics")),
        Fact("hand_has_lead_suit", "bool", "the player holds a card of the lead's suit"),
    ],
    {
        "game": "touchdown-heroes",
        "check": "legal-play",
        "facts": {"play": "run", "lead_suit": "power", "card_suit": "speed", "hand_has_lead_suit": True},
    },
)
def legal_play(f: dict) -> Verdict:
    follows = f["card_suit"] == f["lead_suit"]
    if f["play"] == "pass":
        return Verdict("legal", {"follow": follows}, [because("may-follow", "a pass play may follow or not")])
    if not follows and f["hand_has_lead_suit"]:
        return Verdict("illegal", reasons=[because("must-follow", "the player holds the lead's suit")])
    key = "must-follow" if follows else "not-follow"
    return Verdict("legal", {"follow": follows}, [because(key, "follows the lead" if follows else "cannot follow")])


@RULES.check(
    "trick-winner",
    "Who wins the trick: the lowest followed card; ties go to the player farther clockwise from the lead",
    [
        Fact("numbers", "ints", "card numbers in play order, the lead first", low=1, high=10),
        Fact("followed", "strs", "for each card: follow or not (the lead's card always follows)"),
        Fact("attacking", "strs", "for each player: attack or defence"),
    ],
    {
        "game": "touchdown-heroes",
        "check": "trick-winner",
        "facts": {
            "numbers": [4, 1, 2, 7],
            "followed": ["follow", "not", "follow", "follow"],
            "attacking": ["attack", "defence", "attack", "defence"],
        },
    },
)
def trick_winner(f: dict) -> Verdict:
    from kb.errors import RefereeError

    n = len(f["numbers"])
    if n != 4 or len(f["followed"]) != n or len(f["attacking"]) != n:
        raise RefereeError("facts 'numbers', 'followed', 'attacking': expected 4 players each")
    followed = [i for i in range(n) if i == 0 or f["followed"][i] == "follow"]
    low = min(f["numbers"][i] for i in followed)
    winner = max(i for i in followed if f["numbers"][i] == low)  # farther clockwise from the lead
    side = "attack success" if f["attacking"][winner] == "attack" else "attack failure"
    reasons = [
        because("lowest-wins", f"lowest followed card is {low}"),
        because("success-failure", f"player {winner + 1} is on the {f['attacking'][winner]}"),
    ]
    if sum(1 for i in followed if f["numbers"][i] == low) > 1:
        reasons.append(because("ties", "a tie: the player farther clockwise wins"))
    return Verdict("value", {"winner": winner + 1, "card": low, "result": side}, reasons)


@RULES.check(
    "advance",
    "Where the ball goes after an attack success, with the combination bonus, and touchdown points",
    [
        Fact("position", "int", "square the ball is on (distance to the goal)", low=1, high=10),
        Fact("card", "int", "number on the card that won the trick", low=1, high=10),
        Fact("combination", "bool", "the new lead is a teammate of the attack who was not the previous lead", False),
    ],
    {"game": "touchdown-heroes", "check": "advance", "facts": {"position": 3, "card": 4}},
)
def advance(f: dict) -> Verdict:
    squares = f["card"] + (2 if f["combination"] else 0)
    new = f["position"] - squares
    reasons = [because("advance", f"advance {f['card']}")]
    if f["combination"]:
        reasons.append(because("combination", "+2 squares"))
    if new < 0:
        return Verdict(
            "value",
            {"touchdown": True, "points": 3, "position": new},
            [*reasons, because("touchdown", f"overshoots 0 (reaches {new}): 3 points")],
        )
    if new == 0:
        return Verdict(
            "value",
            {"touchdown": True, "points": 2, "position": 0},
            [*reasons, because("touchdown", "reaches 0: 2 points")],
        )
    return Verdict("value", {"touchdown": False, "points": 0, "position": new}, reasons)


@RULES.check(
    "kick-play",
    "A kick play: 1 point beyond 0 (no overshoot bonus); possession always changes (11 - position)",
    [
        Fact("position", "int", "square the ball is on", low=1, high=10),
        Fact("die", "int", "the die rolled", low=1, high=6),
    ],
    {"game": "touchdown-heroes", "check": "kick-play", "facts": {"position": 5, "die": 4}},
)
def kick_play(f: dict) -> Verdict:
    new = f["position"] - f["die"]
    reasons = [because("kick-play", f"advance {f['die']}")]
    if new < 0:
        return Verdict(
            "value",
            {"points": 1, "possession_changes": True, "next": "kickoff"},
            [*reasons, because("kick-point", "beyond 0: 1 point"), because("kick-no-bonus", "no overshoot bonus")],
        )
    return Verdict(
        "value",
        {"points": 0, "possession_changes": True, "position": 11 - new},
        [*reasons, because("kick-turnover", f"possession changes: ball to 11 - {new} = {11 - new}")],
    )


@RULES.check(
    "kickoff",
    "Where the ball starts after a kickoff: normal kick on 8; random kick 3 + die, onside on a 1",
    [
        Fact("kick", "choice", "the kick chosen", choices=("normal", "random")),
        Fact("die", "int", "the die, for a random kick", 0, low=0, high=6),
    ],
    {"game": "touchdown-heroes", "check": "kickoff", "facts": {"kick": "random", "die": 1}},
)
def kickoff(f: dict) -> Verdict:
    from kb.errors import RefereeError

    if f["kick"] == "normal":
        return Verdict("value", {"position": 8, "onside": False}, [because("normal-kick", "on the 8")])
    if f["die"] < 1:
        raise RefereeError("fact 'die': a random kick needs the die rolled, 1 to 6")
    if f["die"] == 1:
        return Verdict(
            "value",
            {"position": 7, "onside": True, "possession_changes": True},
            [because("random-kick", "a 1 is an onside kick"), because("onside", "11 - 4 = 7")],
        )
    return Verdict(
        "value",
        {"position": 3 + f["die"], "onside": False},
        [because("random-kick", f"3 + {f['die']} = {3 + f['die']}")],
    )


@RULES.check(
    "player-count",
    "Can this many people play? Exactly 4",
    [Fact("players", "int", "number of players", low=1, high=20)],
    {"game": "touchdown-heroes", "check": "player-count", "facts": {"players": 5}},
)
def player_count(f: dict) -> Verdict:
    return Verdict(
        "legal" if f["players"] == 4 else "illegal", reasons=[because("four-players", f"{f['players']} players")]
    )


@RULES.check(
    "card-effect",
    "What does a play-book effect or hero skill do? The book does not print them: unknown",
    [Fact("effect", "str", "play-book number or hero name, e.g. 7 or Monster")],
    {"game": "touchdown-heroes", "check": "card-effect", "facts": {"effect": "Monster"}},
)
def card_effect(f: dict) -> Verdict:
    return Verdict(
        "unknown", None, [because("not-printed", f"the {f['effect']!r} effect: its text is not in the book")]
    )

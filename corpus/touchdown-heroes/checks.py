"""Touchdown Heroes' rules as checks. Field positions are squares 1-10 counted to the
attacking team's goal ("0" is the goal line); players sit in turn order from the lead."""

from __future__ import annotations

from referee.errors import RefereeError
from referee.rules.actions import Action, StateRules
from referee.rules.checks import Rulebook
from referee.rules.facts import Fact
from referee.rules.verdicts import Reading, Verdict
from referee.states.readers import choice, number

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
        "pass-not-follow": (
            "touchdown-heroes/play/5",
            "If the card you play is of a different suit from the lead's card (not follow), apply its play-book effect (valid for this trick only).",
        ),
        "new-lead": (
            "touchdown-heroes/judgement-phase/4",
            "Next, the player who won the trick becomes the new lead and receives the lead marker.",
        ),
        "lead-moves": (
            "touchdown-heroes/moving-the-lead-summary/1",
            "if a score causes a possession change, or if an attack fails (the defending team wins the trick), the lead must be moved to the attacking team.",
        ),
        "success-series": (
            "touchdown-heroes/attack-success/3",
            'After that, turn one series card face down and return to "3: Play". If all series cards have been turned face down, possession changes.',
        ),
        "failure-series": (
            "touchdown-heroes/attack-failure/1",
            'The attacking team cannot advance the ball. Turn one series card face down and return to "3: Play".',
        ),
        "intercept": (
            "touchdown-heroes/attack-failure/2",
            "If an intercept (インターセプト) has occurred through a play-book effect, possession is forced to change even if face-up series cards remain.",
        ),
        "failure-turnover": (
            "touchdown-heroes/attack-failure/3",
            'When possession changes, turn all series cards face up, move the ball to the opposite side of the field (the position "11 − the current value")',
        ),
        "after-score": (
            "touchdown-heroes/touchdown/3",
            'After scoring, possession changes. Turn all series cards face up and return to "2: Kickoff".',
        ),
        "not-printed": (
            "touchdown-heroes/play-book-effects-and-hero-skills/1",
            "the individual effect texts for play-book numbers 1 to 10 and for each hero's skill are printed on the cards themselves.",
        ),
    },
)
because = RULES.because
then = RULES.then
SUITS = ("power", "speed", "stamina", "tactics")


@RULES.check(
    "legal-play",
    "May this card be played? Run play: must follow the lead's suit if you can; pass play: any card",
    [
        Fact("play", "choice", "the declared play", choices=("run", "pass")),
        Fact("lead_suit", "choice", "suit of the lead's card", choices=SUITS),
        Fact("card_suit", "choice", "suit of the card played", choices=SUITS),
        Fact("hand_has_lead_suit", "bool", "the player holds a card of the lead's suit"),
    ],
    {
        "game": "touchdown-heroes",
        "check": "legal-play",
        "facts": {"play": "run", "lead_suit": "power", "card_suit": "speed", "hand_has_lead_suit": True},
    },
    cites=("may-follow", "must-follow", "not-follow", "pass-not-follow", "not-printed"),
)
def legal_play(f: dict) -> Verdict:
    follows = f["card_suit"] == f["lead_suit"]
    effect = [] if follows else [then("not-printed", "its effect is printed on the card, not in the book")]
    if f["play"] == "pass":
        return Verdict(
            "legal",
            {"follow": follows},
            [because("may-follow", "a pass play may follow or not")],
            consequences=[]
            if follows
            else [then("pass-not-follow", "not follow: the card's play-book effect applies"), *effect],
            summary="legal card (a pass play: any card)"
            + ("" if follows else "; not follow: its play-book effect applies"),
        )
    if not follows and f["hand_has_lead_suit"]:
        return Verdict(
            "illegal",
            reasons=[because("must-follow", "the player holds the lead's suit")],
            summary=f"illegal card: a run play must follow {f['lead_suit']} and the player holds one",
        )
    if follows:
        return Verdict(
            "legal",
            {"follow": True},
            [because("must-follow", "follows the lead")],
            summary="legal card (follows the lead's suit)",
        )
    return Verdict(
        "legal",
        {"follow": False},
        [because("not-follow", "cannot follow")],
        consequences=[then("not-follow", "not follow: the card's play-book effect applies"), *effect],
        summary="legal card (cannot follow); not follow: its play-book effect applies",
    )


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
    cites=("lowest-wins", "success-failure", "ties", "new-lead", "lead-moves"),
)
def trick_winner(f: dict) -> Verdict:
    from referee.errors import RefereeError

    n = len(f["numbers"])
    if n != 4 or len(f["followed"]) != n or len(f["attacking"]) != n:
        raise RefereeError("facts 'numbers', 'followed', 'attacking': expected 4 players each")
    followed = [i for i in range(n) if i == 0 or f["followed"][i] == "follow"]
    low = min(f["numbers"][i] for i in followed)
    winner = max(i for i in followed if f["numbers"][i] == low)  # farther clockwise from the lead
    success = f["attacking"][winner] == "attack"
    side = "attack success" if success else "attack failure"
    reasons = [
        because("lowest-wins", f"lowest followed card is {low}"),
        because("success-failure", f"player {winner + 1} is on the {f['attacking'][winner]}"),
    ]
    if sum(1 for i in followed if f["numbers"][i] == low) > 1:
        reasons.append(because("ties", "a tie: the player farther clockwise wins"))
    consequences = [then("new-lead", f"player {winner + 1} becomes the lead")]
    if not success:
        consequences.append(then("lead-moves", "the lead then passes back to the attacking team"))
    return Verdict(
        "value",
        {"winner": winner + 1, "card": low, "result": side},
        reasons,
        outcome="succeeds" if success else "fails",
        consequences=consequences,
        summary=f"player {winner + 1} wins the trick with {low}: {side}",
    )


@RULES.check(
    "advance",
    "Where the ball goes after an attack success, with the combination bonus, and touchdown points",
    [
        Fact("position", "int", "square the ball is on (distance to the goal)", low=1, high=10),
        Fact("card", "int", "number on the card that won the trick", low=1, high=10),
        Fact("combination", "bool", "the new lead is a teammate of the attack who was not the previous lead", False),
    ],
    {"game": "touchdown-heroes", "check": "advance", "facts": {"position": 3, "card": 4}},
    cites=("advance", "combination", "touchdown", "after-score"),
)
def advance(f: dict) -> Verdict:
    squares = f["card"] + (2 if f["combination"] else 0)
    new = f["position"] - squares
    reasons = [because("advance", f"advance {f['card']}")]
    if f["combination"]:
        reasons.append(because("combination", "+2 squares"))
    after = [then("after-score", "possession changes; the next phase is a kickoff")]
    if new < 0:
        return Verdict(
            "value",
            {"touchdown": True, "points": 3, "position": new},
            [*reasons, because("touchdown", f"overshoots 0 (reaches {new}): 3 points")],
            outcome="scored",
            consequences=after,
            summary=f"touchdown: the ball overshoots 0 (reaches {new}), 3 points",
        )
    if new == 0:
        return Verdict(
            "value",
            {"touchdown": True, "points": 2, "position": 0},
            [*reasons, because("touchdown", "reaches 0: 2 points")],
            outcome="scored",
            consequences=after,
            summary="touchdown: the ball reaches 0, 2 points",
        )
    return Verdict(
        "value",
        {"touchdown": False, "points": 0, "position": new},
        reasons,
        summary=f"the ball advances {squares} squares to {new}",
    )


@RULES.check(
    "series",
    "Does the attack keep the ball? Each attack turns a series card face down; when none is left (or on an "
    "intercept) possession changes",
    [
        Fact("series_left", "int", "series cards still face up before this attack", low=1, high=3),
        Fact("result", "choice", "how the attack went", choices=("success", "failure")),
        Fact("intercept", "bool", "a play-book effect caused an intercept", False),
    ],
    {"game": "touchdown-heroes", "check": "series", "facts": {"series_left": 1, "result": "failure"}},
    cites=("success-series", "failure-series", "intercept"),
)
def series(f: dict) -> Verdict:
    left = f["series_left"] - 1
    key = "success-series" if f["result"] == "success" else "failure-series"
    reasons = [because(key, f"one series card turned: {left} left")]
    changes = left == 0
    if f["intercept"] and f["result"] == "failure":
        reasons.append(because("intercept", "an intercept forces the change"))
        changes = True
    return Verdict(
        "value",
        {"series_left": left, "possession_changes": changes},
        reasons,
        summary=f"{left} series card(s) left" + ("; possession changes" if changes else "; the attack goes on"),
    )


TURNOVER = {"series-used-up": "failure-turnover", "intercept": "failure-turnover", "kick-play": "kick-turnover"}


def _possession_change(position: int, why: str) -> tuple[dict, list, str]:
    """Where the ball goes when possession changes without a score: 11 − its square, for the new attack."""
    new = 11 - position
    if why == "onside-kick":
        reasons = [because("onside", f"the ball sat on {position}: 11 − {position} = {new}")]
    else:
        reasons = [because(TURNOVER[why], f"the ball is on {position}: 11 − {position} = {new}")]
    return {"possession_changes": True, "position": new}, reasons, f"possession changes: the ball goes to {new}"


@RULES.check(
    "possession-change",
    "Where the ball goes when possession changes without a score: the opposite side, 11 − its square",
    [
        Fact("position", "int", "square the ball is on when possession changes", low=1, high=10),
        Fact(
            "why",
            "choice",
            "why possession changes",
            "series-used-up",
            choices=("series-used-up", "intercept", "kick-play", "onside-kick"),
        ),
    ],
    {"game": "touchdown-heroes", "check": "possession-change", "facts": {"position": 4, "why": "series-used-up"}},
    cites=("failure-turnover", "kick-turnover", "onside"),
)
def possession_change(f: dict) -> Verdict:
    value, reasons, summary = _possession_change(f["position"], f["why"])
    return Verdict("value", value, reasons, summary=summary)


@RULES.check(
    "kick-play",
    "A kick play: 1 point beyond 0 (no overshoot bonus); otherwise possession changes (11 − position); "
    "exactly on 0 the book is ambiguous",
    [
        Fact("position", "int", "square the ball is on", low=1, high=10),
        Fact("die", "int", "the die rolled", low=1, high=6),
    ],
    {"game": "touchdown-heroes", "check": "kick-play", "facts": {"position": 5, "die": 4}},
    cites=("kick-play", "kick-point", "kick-no-bonus", "kick-turnover", "touchdown"),
)
def kick_play(f: dict) -> Verdict:
    new = f["position"] - f["die"]
    reasons = [because("kick-play", f"advance {f['die']} from {f['position']}: {new}")]
    if new < 0:
        return Verdict(
            "value",
            {"points": 1, "possession_changes": True, "next": "kickoff"},
            [*reasons, because("kick-point", "beyond 0: 1 point"), because("kick-no-bonus", "no overshoot bonus")],
            outcome="scored",
            consequences=[then("kick-point", "possession changes; the next phase is a kickoff")],
            summary=f"the kick goes beyond 0 (to {new}): 1 point, then a kickoff",
        )
    if new == 0:
        return Verdict(
            "ambiguous",
            None,
            [
                *reasons,
                because("kick-point", "the rule scores a kick that reaches beyond 0"),
                because("kick-turnover", "and turns over a kick that does not reach 0: exactly 0 is neither"),
            ],
            [
                Reading(
                    "reaching 0 is reaching the goal, as it is for a touchdown: 1 point, then a kickoff",
                    "value",
                    {"points": 1, "possession_changes": True, "next": "kickoff"},
                    [because("touchdown", "a touchdown is scored on reaching 0"), because("kick-point", "1 point")],
                ),
                Reading(
                    "only beyond 0 scores: no point, and possession changes, but 11 − 0 = 11 is not a square",
                    "unknown",
                    {"points": 0, "possession_changes": True, "position": None},
                    [because("kick-turnover", "the ball would go to 11 − 0 = 11, which the field does not have")],
                ),
            ],
            summary="ambiguous kick: it lands exactly on 0; 1 point if reaching 0 counts, else the book "
            "does not say where the ball goes",
        )
    value, turnover, summary = _possession_change(new, "kick-play")
    return Verdict("value", {"points": 0, **value}, [*reasons, *turnover], summary=f"no score; {summary}")


@RULES.check(
    "kickoff",
    "Where the ball starts after a kickoff: normal kick on 8; random kick 3 + die, onside on a 1",
    [
        Fact("kick", "choice", "the kick chosen", choices=("normal", "random")),
        Fact("die", "int", "the die, for a random kick", 0, low=0, high=6),
    ],
    {"game": "touchdown-heroes", "check": "kickoff", "facts": {"kick": "random", "die": 1}},
    cites=("normal-kick", "random-kick", "onside"),
)
def kickoff(f: dict) -> Verdict:
    from referee.errors import RefereeError

    if f["kick"] == "normal":
        return Verdict(
            "value",
            {"position": 8, "onside": False},
            [because("normal-kick", "on the 8")],
            summary="the ball starts on 8",
        )
    if f["die"] < 1:
        raise RefereeError("fact 'die': a random kick needs the die rolled, 1 to 6")
    if f["die"] == 1:
        value, reasons, summary = _possession_change(3 + f["die"], "onside-kick")
        return Verdict(
            "value",
            {**value, "onside": True},
            [because("random-kick", "a 1 is an onside kick"), *reasons],
            summary=f"onside kick: {summary}",
        )
    return Verdict(
        "value",
        {"position": 3 + f["die"], "onside": False},
        [because("random-kick", f"3 + {f['die']} = {3 + f['die']}")],
        summary=f"the ball starts on {3 + f['die']}",
    )


@RULES.check(
    "player-count",
    "Can this many people play? Exactly 4",
    [Fact("players", "int", "number of players", low=1, high=20)],
    {"game": "touchdown-heroes", "check": "player-count", "facts": {"players": 5}},
    cites=("four-players",),
)
def player_count(f: dict) -> Verdict:
    ok = f["players"] == 4
    return Verdict(
        "legal" if ok else "illegal",
        reasons=[because("four-players", f"{f['players']} players")],
        summary=f"{'legal' if ok else 'illegal'}: {f['players']} players (the game is for exactly 4)",
    )


@RULES.check(
    "card-effect",
    "What does a play-book effect or hero skill do? The book does not print them: unknown",
    [Fact("effect", "str", "play-book number or hero name, e.g. 7 or Monster")],
    {"game": "touchdown-heroes", "check": "card-effect", "facts": {"effect": "Monster"}},
    cites=("not-printed",),
)
def card_effect(f: dict) -> Verdict:
    return Verdict(
        "unknown",
        None,
        [because("not-printed", f"the {f['effect']!r} effect: its text is not in the book")],
        summary=f"unknown: the {f['effect']!r} effect is printed on the card, not in the book",
    )


# ---------------------------------------------------------------- game states


def _card(text: object, where: str) -> tuple[str, int]:
    """A play card written 'power 4'."""
    parts = str(text).split() if isinstance(text, str) else []
    if len(parts) != 2 or parts[0] not in SUITS or not parts[1].isdigit() or not 1 <= int(parts[1]) <= 10:
        raise RefereeError(f"{where}: a card is a suit and a number 1-10, e.g. 'power 4'; got {text!r}"[:200])
    return parts[0], int(parts[1])


class Seat:
    def __init__(self, raw: dict, where: str) -> None:
        self.name = str(raw.get("name", "")).strip()
        if not self.name or len(self.name) > 20:
            raise RefereeError(f"{where}: a player needs a short name")
        self.team = choice(raw.get("team"), f"{where}.team", ("attack", "defence"))
        hand = raw.get("hand", [])
        if not isinstance(hand, list) or len(hand) > 10:
            raise RefereeError(f"{where}.hand: a list of at most 10 cards")
        self.hand = [_card(c, f"{where}.hand") for c in hand]


class Field:
    def __init__(self, raw: dict, source: str) -> None:
        self.source = source
        self.ball = int(number(raw.get("ball"), f"{source}: ball (the square, 1 to 10)", 1, 10, whole=True))
        self.series = int(number(raw.get("series", 3), f"{source}: series", 1, 3, whole=True))
        seats = raw.get("players")
        if not isinstance(seats, list) or not all(isinstance(p, dict) for p in seats):
            raise RefereeError(f"{source}: 'players' lists the players in seat order, clockwise")
        if len(seats) != 4:
            raise RefereeError(f"{source}: {len(seats)} players; this game is for 4 players only")
        self.players = [Seat(p, f"{source}: players[{i}]") for i, p in enumerate(seats)]
        for i, p in enumerate(self.players):
            if p.team != self.players[(i + 2) % 4].team or p.team == self.players[(i + 1) % 4].team:
                raise RefereeError(f"{source}: teammates sit two seats apart (the teams alternate around the table)")
        names = [p.name for p in self.players]
        if len(set(names)) != 4:
            raise RefereeError(f"{source}: the players need four different names")
        self.lead = names.index(choice(raw.get("lead"), f"{source}: lead", tuple(names)))
        self.play = choice(raw.get("play", "run"), f"{source}: play", ("run", "pass"))
        trick = raw.get("trick", [])
        if not isinstance(trick, list) or len(trick) > 4:
            raise RefereeError(f"{source}: 'trick' lists the cards played so far, at most 4")
        self.trick = [_card(c, f"{source}: trick") for c in trick]

    def seat(self, name: str) -> int:
        names = [p.name.lower() for p in self.players]
        if name.lower() not in names:
            raise RefereeError(f"{self.source}: the action names {name!r}, who is not one of the players")
        return names.index(name.lower())


def read_state(raw: dict, source: str) -> Field:
    return Field(raw, source)


def settle_card(state: Field, args: dict, s) -> None:
    seat = state.seat(args["by"])
    card = _card(f"{args['suit'].lower()} {args['number']}", f"{state.source}: action")
    player = state.players[seat]
    if card not in player.hand:
        raise RefereeError(f"{state.source}: {player.name} does not hold {card[0]} {card[1]}")
    if not state.trick:
        raise RefereeError(f"{state.source}: nothing is led yet; the lead's own card is never checked")
    if len(state.trick) == 4 or seat != (state.lead + len(state.trick)) % 4:
        raise RefereeError(f"{state.source}: it is not {player.name}'s turn to play in this trick")
    lead_suit = state.trick[0][0]
    s.run(
        "legal-play",
        {
            "play": state.play,
            "lead_suit": lead_suit,
            "card_suit": card[0],
            "hand_has_lead_suit": any(suit == lead_suit for suit, _ in player.hand),
        },
    )


def settle_judgement(state: Field, args: dict, s) -> None:
    if len(state.trick) != 4:
        raise RefereeError(f"{state.source}: the trick has {len(state.trick)} card(s); judge it when all 4 have played")
    order = [(state.lead + i) % 4 for i in range(4)]
    lead_suit = state.trick[0][0]
    trick = s.run(
        "trick-winner",
        {
            "numbers": [n for _, n in state.trick],
            "followed": ["follow" if suit == lead_suit else "not" for suit, _ in state.trick],
            "attacking": [state.players[seat].team for seat in order],
        },
        "players in play order: " + ", ".join(f"{i + 1} = {state.players[seat].name}" for i, seat in enumerate(order)),
    )
    winner = order[trick.value["winner"] - 1]
    position = state.ball
    if trick.outcome == "succeeds":
        moved = s.run(
            "advance",
            {"position": state.ball, "card": trick.value["card"], "combination": winner != state.lead},
            f"{state.players[winner].name} wins; the lead was {state.players[state.lead].name}",
        )
        if moved.value["touchdown"]:
            return
        position = moved.value["position"]
    series = s.run(
        "series", {"series_left": state.series, "result": "success" if trick.outcome == "succeeds" else "failure"}
    )
    if series.value["possession_changes"]:
        s.run("possession-change", {"position": position, "why": "series-used-up"})


def settle_kick_play(state: Field, args: dict, s) -> None:
    s.run("kick-play", {"position": state.ball, "die": s.die()})


def settle_kickoff(state: Field, args: dict, s) -> None:
    s.run("kickoff", {"kick": args["kick"].lower(), "die": s.die() or 0})


RULES.states = StateRules(
    read=read_state,
    keys=("ball", "series", "players", "lead", "play", "trick"),
    actions=[
        Action(
            "play-card",
            (r"(?P<by>\w+) plays (?:the |a )?(?P<suit>power|speed|stamina|tactics) (?P<number>\d+)",),
            settle_card,
            "B plays power 2",
        ),
        Action("judge", (r"judge(?: the trick)?", r"who wins the trick\??"), settle_judgement, "judge the trick"),
        Action("kick-play", (r"(?:\w+ (?:declares|makes) a )?kick play",), settle_kick_play, "kick play"),
        Action("kickoff", (r"(?P<kick>normal|random) kick(?:off)?",), settle_kickoff, "random kick"),
    ],
)

"""Touchdown Heroes in whole states (docs/game-states.md): the field, the four seats and the trick, and the actions."""

from __future__ import annotations

from referee.errors import RefereeError
from referee.rules import Action, StateRules
from referee.states.readers import choice, number

from .checks import SUITS


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


STATES = StateRules(
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

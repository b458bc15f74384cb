"""Tacocat in whole states (docs/game-states.md): the track, the hands and the attack on the table, and the actions."""

from __future__ import annotations

import re

from referee.errors import RefereeError
from referee.rules import Action, StateRules
from referee.states.readers import choice, mapping, need, number
from referee.validation.documents import show

SIDES = ("me", "opponent")


def _cards(value: object, where: str) -> list[int]:
    if not isinstance(value, list) or len(value) > 38:
        raise RefereeError(f"{where}: expected a list of card values")
    return [int(number(v, where, 1, 20, whole=True)) for v in value]


class Board:
    def __init__(self, raw: dict, source: str) -> None:
        self.source = source
        self.cat = int(number(raw.get("cat", 0), f"{source}: cat (0 is the centre space printed 7)", -3, 3, True))
        covered = raw.get("covered") or []
        if not isinstance(covered, list) or len(covered) > 7:
            raise RefereeError(f"{source}: covered: expected a list of spaces (-3 to 3), got {show(covered)}")
        self.covered = [int(number(v, f"{source}: covered", -3, 3, True)) for v in covered]
        if self.cat in self.covered:
            raise RefereeError(f"{source}: the cat stands on a covered space")
        self.round = int(number(raw.get("round", 1), f"{source}: round", 1, 50, True))
        hands = mapping(raw.get("hands", {}), f"{source}: hands")
        extra = sorted(set(hands) - set(SIDES))
        if extra:
            raise RefereeError(f"{source}: hands are 'me' and 'opponent', not {extra[0]!r}")
        self.hands = {side: _cards(hands.get(side, []), f"{source}: hands.{side}") for side in SIDES}
        attack = mapping(raw.get("attack", {}), f"{source}: attack")
        where = f"{source}: attack"
        self.attacker = choice(need(attack, "by", where), f"{where}.by", SIDES) if attack else None
        self.attack_cards = _cards(attack.get("cards", []), f"{source}: attack.cards") if attack else []
        self.replaced = int(number(raw.get("replaced", 0), f"{source}: replaced", 0, 20, True))

    def holds(self, side: str, cards: list[int]) -> None:
        hand = list(self.hands[side])
        for card in cards:
            if card not in hand:
                raise RefereeError(f"{self.source}: {side} does not hold a {card} (hand: {self.hands[side]})")
            hand.remove(card)


def read_state(raw: dict, source: str) -> Board:
    return Board(raw, source)


def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def settle_attack(state: Board, args: dict, s) -> None:
    side, cards = args["by"].lower(), _numbers(args["cards"])
    state.holds(side, cards)
    if len(cards) == 1:
        raise RefereeError(f"{state.source}: a single card is always a legal attack; checks cover jumbo attacks")
    s.run("jumbo-attack", {"cards": cards, "cards_left_after": len(state.hands[side]) - len(cards)})


def settle_defence(state: Board, args: dict, s) -> None:
    side, cards = args["by"].lower(), _numbers(args["cards"])
    if not state.attack_cards or state.attacker == side:
        raise RefereeError(
            f"{state.source}: there is no attack by the other player on the table (attack: {{by, cards}})"
        )
    if len(cards) != len(state.attack_cards):
        raise RefereeError(
            f"{state.source}: one defending card for each of the {len(state.attack_cards)} attacking card(s)"
        )
    state.holds(side, cards)
    for attack, defence in zip(state.attack_cards, cards, strict=True):
        held = s.run("defence", {"attack": attack, "defence": defence})
        if held.outcome == "failed":
            lowest = min(state.hands[side])
            s.steps[-1]["note"] = f"{side}'s lowest card is the {lowest}"
            return


def settle_last_cards(state: Board, args: dict, s) -> None:
    if any(len(state.hands[side]) != 1 for side in SIDES):
        raise RefereeError(f"{state.source}: at the end of a round each player holds one card (hands: {state.hands})")
    won = s.run("round-winner", {"mine": state.hands["me"][0], "theirs": state.hands["opponent"][0]})
    if won.outcome != "draw":
        s.run("cat-move", {"position": state.cat, "winner": won.value, "covered": state.covered})


def settle_duel(state: Board, args: dict, s) -> None:
    s.run("duel", {"mine": int(args["mine"]), "theirs": int(args["theirs"])})


def settle_replace(state: Board, args: dict, s) -> None:
    s.run("card-replacement", {"round": state.round, "first_replaced": state.replaced, "second_wants": int(args["n"])})


SIDE = r"(?P<by>me|opponent)"
STATES = StateRules(
    read=read_state,
    keys=("cat", "covered", "round", "hands", "attack", "replaced"),
    actions=[
        Action("attack", (SIDE + r" attacks? with (?P<cards>[\d ,and]+)",), settle_attack, "me attacks with 4 5 6"),
        Action("defend", (SIDE + r" defends? with (?P<cards>[\d ,and]+)",), settle_defence, "opponent defends with 6"),
        Action(
            "round-end",
            (r"(?:show|reveal) the last cards", r"end (?:of )?the round"),
            settle_last_cards,
            "show the last cards",
        ),
        Action(
            "duel",
            (r"duel:? (?:me )?(?P<mine>\d+) (?:against|vs|,) (?:opponent )?(?P<theirs>\d+)",),
            settle_duel,
            "duel 9 against 4",
        ),
        Action(
            "replace",
            (r"(?:the )?(?:second player|me|opponent) replaces? (?P<n>\d+)(?: cards?)?",),
            settle_replace,
            "opponent replaces 4 cards",
        ),
    ],
)

"""Tacocat's rules as checks (the book is in Ukrainian; quotes are verbatim)."""

from __future__ import annotations

import itertools
import re

from referee.errors import RefereeError
from referee.rules.actions import Action, StateRules
from referee.rules.checks import Rulebook
from referee.rules.facts import Fact
from referee.rules.verdicts import Verdict
from referee.states.readers import choice, mapping, number

RULES = Rulebook(
    "tacocat",
    {
        "defend": (
            "tacocat/play/2",
            "Захищати атакувати, виклавши карту рівної або більшої вартості лицьовою стороною до столу.",
        ),
        "sacrifice": (
            "tacocat/play/3",
            "Якщо гравець не може захиститися (або вирішив не робити цього), він повинен викласти свою найнижчу карту лицьовою стороною до столу.",
        ),
        "set": ("tacocat/play/5", "Набір - це дві або більше карт одного рангу."),
        "sequence": ("tacocat/play/5", "Послідовність - це три або більше карт, розташованих у послідовному порядку."),
        "each-card": (
            "tacocat/play/5",
            "Атакуючи Джамбо-атакою, гравець, що захищається, повинен захищатися або жертвувати проти кожної карти окремо.",
        ),
        "not-last": ("tacocat/play/6", "Гравець не може провести Джамбо-атаку своєю останньою картою."),
        "lowest-wins": ("tacocat/play/7", "Гравець, який має найнижчий перемагає в раунді."),
        "draw": (
            "tacocat/play/8",
            "Якщо у обох гравців карти однакового рангу, раунд закінчується нічиєю. Такокат не рухається.",
        ),
        "duel-high": ("tacocat/дуель/1", "Гравець з найвищою картою атакує першим."),
        "duel-tie": ("tacocat/дуель/2", "Якщо нічия, скиньте карти і проведіть дуель ще раз."),
        "replace-first": ("tacocat/замінити-картки/1", "Він може вибрати і скинути стільки карт, скільки захоче."),
        "replace-second": (
            "tacocat/замінити-картки/2",
            "Після того, як гравець закінчив, його суперник може замінити до такої ж кількості карт.",
        ),
        "replace-round-one": (
            "tacocat/замінити-картки/3",
            "На початку першого раунду обидва гравці можуть замінити стільки карт, скільки захочуть.",
        ),
        "cat-moves": (
            "tacocat/перемістити-такокат/1",
            "Гравець, який перемагає в цьому раунді, переміщує Такота на одну клітинку до себе на ігровому полі.",
        ),
        "defend-attacks-next": ("tacocat/play/2", "Якщо суперник робить це, він отримує право атакувати наступним."),
        "sacrifice-again": (
            "tacocat/play/3",
            "Якщо суперник жертвує свою найнижчу карту, той самий гравець приєднує її знову.",
        ),
        "jumbo-all": (
            "tacocat/play/5",
            "Якщо гравець, що захищається, змушенийжертвують карту проти хоча б однієї з карт атаки, вони програють.",
        ),
        "draw-again": ("tacocat/play/8", "Перетасуйте всю колоду і розіграйте новий раунд."),
        "cover": (
            "tacocat/перемістити-такокат/1",
            "Накрийте клітинку, на якій щойно був Такот, плиткою. Такот більше не може переміщатися на цю клітинку.",
        ),
        "seven-spaces": ("tacocat/зміст/1", "Між воротами є сім пронумерованих проміжків"),
        "centre": ("tacocat/налаштування/1", "Покладіть жетон Такота на центральне місце дошки, позначене цифрою 7."),
        "victory": ("tacocat/перемога/1", "Перший гравець, який заб'є такокат у свої ворота, виграє гру."),
        "skip-covered": (
            "tacocat/перемістити-такокат/1",
            "Якщо він потрапив на накриту клітинку, просто пропустіть її і покладіть Такота на наступну вільну клітинку.",
        ),
    },
)
because = RULES.because
then = RULES.then
TRACK = {"low": -3, "high": 3}  # the seven spaces, counted from the centre space printed 7; minus is toward me


@RULES.check(
    "defence",
    "Does a defence hold? A card of equal or higher value defends; else the lowest card is sacrificed",
    [
        Fact("attack", "int", "the attacking card", low=1, high=20),
        Fact("defence", "int", "the defending card", low=1, high=20),
    ],
    {"game": "tacocat", "check": "defence", "facts": {"attack": 7, "defence": 7}},
    cites=("defend", "defend-attacks-next", "sacrifice", "sacrifice-again"),
)
def defence(f: dict) -> Verdict:
    if f["defence"] >= f["attack"]:
        return Verdict(
            "value",
            "defended",
            [because("defend", f"{f['defence']} >= {f['attack']}")],
            outcome="held",
            consequences=[then("defend-attacks-next", "the defender attacks next")],
            summary=f"the defence holds ({f['defence']} against {f['attack']}); the defender attacks next",
        )
    return Verdict(
        "value",
        "sacrifice the lowest card",
        [because("defend", f"{f['defence']} < {f['attack']}")],
        outcome="failed",
        consequences=[
            then("sacrifice", "the defender plays their lowest card face up instead"),
            then("sacrifice-again", "and the same player attacks again"),
        ],
        summary=f"the defence fails ({f['defence']} against {f['attack']}); the lowest card is sacrificed",
    )


@RULES.check(
    "jumbo-attack",
    "Is this a jumbo attack? A set (2+ of a rank) or a sequence (3+ consecutive), never with the last card",
    [
        Fact("cards", "ints", "the attacking cards", low=1, high=20),
        Fact("cards_left_after", "int", "cards left in the attacker's hand after the attack", low=0, high=20),
    ],
    {"game": "tacocat", "check": "jumbo-attack", "facts": {"cards": [4, 5, 6], "cards_left_after": 2}},
    cites=("not-last", "set", "sequence", "each-card", "jumbo-all"),
)
def jumbo(f: dict) -> Verdict:
    cards = sorted(f["cards"])
    if f["cards_left_after"] < 1:
        return Verdict(
            "illegal",
            reasons=[because("not-last", "the attack would use the last card")],
            summary="illegal jumbo attack: it would use the last card",
        )
    after = [
        then("each-card", "each card is defended separately"),
        then("jumbo-all", "one sacrifice loses the exchange"),
    ]
    if len(cards) >= 2 and len(set(cards)) == 1:
        return Verdict(
            "legal",
            "set",
            [because("set", f"{len(cards)} cards of rank {cards[0]}")],
            consequences=after,
            summary=f"legal jumbo attack: a set of {len(cards)} {cards[0]}s",
        )
    if len(cards) >= 3 and all(b - a == 1 for a, b in itertools.pairwise(cards)):
        return Verdict(
            "legal",
            "sequence",
            [because("sequence", f"{len(cards)} in a row")],
            consequences=after,
            summary=f"legal jumbo attack: a sequence {cards[0]}-{cards[-1]}",
        )
    return Verdict(
        "illegal",
        reasons=[because("set", "not a set"), because("sequence", "not a sequence")],
        summary=f"illegal jumbo attack: {cards} is neither a set nor a sequence",
    )


@RULES.check(
    "round-winner",
    "Who wins the round? The lowest last card; equal ranks are a draw and the cat does not move",
    [
        Fact("mine", "int", "my last card", low=1, high=20),
        Fact("theirs", "int", "the opponent's last card", low=1, high=20),
    ],
    {"game": "tacocat", "check": "round-winner", "facts": {"mine": 3, "theirs": 3}},
    cites=("draw", "draw-again", "lowest-wins", "cat-moves"),
)
def round_winner(f: dict) -> Verdict:
    if f["mine"] == f["theirs"]:
        return Verdict(
            "value",
            "draw",
            [because("draw", "equal ranks: the cat stays")],
            outcome="draw",
            consequences=[then("draw-again", "reshuffle and play a new round")],
            summary=f"a draw ({f['mine']} and {f['theirs']}): the cat stays",
        )
    winner = "me" if f["mine"] < f["theirs"] else "opponent"
    return Verdict(
        "value",
        winner,
        [because("lowest-wins", f"{min(f['mine'], f['theirs'])} is lowest")],
        consequences=[then("cat-moves", "the winner moves the cat one space toward themselves")],
        summary=f"{winner} wins the round ({min(f['mine'], f['theirs'])} is lowest)",
    )


@RULES.check(
    "duel",
    "Who attacks first? The highest duel card; a tie means a new duel",
    [
        Fact("mine", "int", "my duel card", low=1, high=20),
        Fact("theirs", "int", "the opponent's duel card", low=1, high=20),
    ],
    {"game": "tacocat", "check": "duel", "facts": {"mine": 9, "theirs": 4}},
    cites=("duel-tie", "duel-high"),
)
def duel(f: dict) -> Verdict:
    if f["mine"] == f["theirs"]:
        return Verdict(
            "value", "duel again", [because("duel-tie", "a tie")], outcome="draw", summary="a tie: duel again"
        )
    first = "me" if f["mine"] > f["theirs"] else "opponent"
    return Verdict(
        "value",
        first,
        [because("duel-high", f"{max(f['mine'], f['theirs'])} is highest")],
        summary=f"{first} attacks first ({max(f['mine'], f['theirs'])} is highest)",
    )


@RULES.check(
    "card-replacement",
    "How many cards may the second player replace? Up to as many as the first; any number in round 1",
    [
        Fact("round", "int", "round number", low=1, high=20),
        Fact("first_replaced", "int", "cards the first player replaced", low=0, high=20),
        Fact("second_wants", "int", "cards the second player wants to replace", low=0, high=20),
    ],
    {"game": "tacocat", "check": "card-replacement", "facts": {"round": 2, "first_replaced": 3, "second_wants": 4}},
    cites=("replace-round-one", "replace-first", "replace-second"),
)
def card_replacement(f: dict) -> Verdict:
    if f["round"] == 1:
        return Verdict(
            "legal",
            reasons=[because("replace-round-one", "first round: any number")],
            summary="legal: in the first round both may replace any number",
        )
    ok = f["second_wants"] <= f["first_replaced"]
    sign = "<=" if ok else ">"
    return Verdict(
        "legal" if ok else "illegal",
        reasons=[
            because("replace-first", f"the first player replaced {f['first_replaced']}"),
            because("replace-second", f"{f['second_wants']} {sign} {f['first_replaced']}"),
        ],
        summary=f"{'legal' if ok else 'illegal'}: {f['second_wants']} cards against the first player's "
        f"{f['first_replaced']}",
    )


@RULES.check(
    "cat-move",
    "Where does the cat go? One space toward the round's winner, skipping covered spaces, into the goal at the end",
    [
        Fact(
            "position",
            "int",
            "the cat's space: 0 is the centre space printed 7; -1 to -3 toward my goal, 1 to 3 toward theirs",
            **TRACK,
        ),
        Fact("winner", "choice", "who won the round", choices=("me", "opponent")),
        Fact("covered", "ints", "covered spaces (same numbering)", [], **TRACK),
    ],
    {"game": "tacocat", "check": "cat-move", "facts": {"position": 0, "winner": "me", "covered": [-1]}},
    cites=("seven-spaces", "centre", "cat-moves", "skip-covered", "cover", "victory"),
)
def cat_move(f: dict) -> Verdict:
    from referee.errors import RefereeError

    if f["position"] in f["covered"]:
        raise RefereeError("facts 'position' and 'covered': the cat cannot stand on a covered space")
    step = -1 if f["winner"] == "me" else 1
    new = f["position"] + step
    reasons = [
        because("seven-spaces", "seven spaces between the goals"),
        because("centre", "counted from the centre space, printed 7"),
        because("cat-moves", "one space toward the winner"),
    ]
    while new in f["covered"]:
        new += step
        reasons.append(because("skip-covered", "covered space skipped"))
    cover = then("cover", f"space {f['position']} is covered with a tile")
    if abs(new) > 3:
        return Verdict(
            "value",
            "goal",
            reasons,
            outcome="scored",
            consequences=[cover, then("victory", f"the cat is in {f['winner']}'s goal: {f['winner']} wins the game")],
            summary=f"the cat goes into {f['winner']}'s goal: {f['winner']} wins the game",
        )
    return Verdict("value", new, reasons, consequences=[cover], summary=f"the cat moves to space {new}")


# ---------------------------------------------------------------- game states


SIDES = ("me", "opponent")


def _cards(value: object, where: str) -> list[int]:
    if not isinstance(value, list) or len(value) > 38:
        raise RefereeError(f"{where}: expected a list of card values")
    return [int(number(v, where, 1, 20, whole=True)) for v in value]


class Board:
    def __init__(self, raw: dict, source: str) -> None:
        self.source = source
        self.cat = int(number(raw.get("cat", 0), f"{source}: cat (0 is the centre space printed 7)", -3, 3, True))
        self.covered = [int(number(v, f"{source}: covered", -3, 3, True)) for v in raw.get("covered", []) or []]
        if self.cat in self.covered:
            raise RefereeError(f"{source}: the cat stands on a covered space")
        self.round = int(number(raw.get("round", 1), f"{source}: round", 1, 50, True))
        hands = mapping(raw.get("hands", {}), f"{source}: hands")
        extra = sorted(set(hands) - set(SIDES))
        if extra:
            raise RefereeError(f"{source}: hands are 'me' and 'opponent', not {extra[0]!r}")
        self.hands = {side: _cards(hands.get(side, []), f"{source}: hands.{side}") for side in SIDES}
        attack = mapping(raw.get("attack", {}), f"{source}: attack")
        self.attacker = choice(attack["by"], f"{source}: attack.by", SIDES) if attack else None
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
RULES.states = StateRules(
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

"""Tacocat's rules as checks (the book is in Ukrainian; quotes are verbatim)."""

from __future__ import annotations

import itertools

from kb.checks import Fact, Rulebook, Verdict

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
        "skip-covered": (
            "tacocat/перемістити-такокат/1",
            "Якщо він потрапив на накриту клітинку, просто пропустіть її і покладіть Такота на наступну вільну клітинку.",
        ),
    },
)
because = RULES.because


@RULES.check(
    "defence",
    "Does a defence hold? A card of equal or higher value defends; else the lowest card is sacrificed",
    [
        Fact("attack", "int", "the attacking card", low=1, high=20),
        Fact("defence", "int", "the defending card", low=1, high=20),
    ],
    {"game": "tacocat", "check": "defence", "facts": {"attack": 7, "defence": 7}},
)
def defence(f: dict) -> Verdict:
    if f["defence"] >= f["attack"]:
        return Verdict("legal", "defended", [because("defend", f"{f['defence']} >= {f['attack']}")])
    return Verdict(
        "illegal",
        "sacrifice the lowest card",
        [because("defend", f"{f['defence']} < {f['attack']}"), because("sacrifice", "the lowest card goes instead")],
    )


@RULES.check(
    "jumbo-attack",
    "Is this a jumbo attack? A set (2+ of a rank) or a sequence (3+ consecutive), never with the last card",
    [
        Fact("cards", "ints", "the attacking cards", low=1, high=20),
        Fact("cards_left_after", "int", "cards left in the attacker's hand after the attack", low=0, high=20),
    ],
    {"game": "tacocat", "check": "jumbo-attack", "facts": {"cards": [4, 5, 6], "cards_left_after": 2}},
)
def jumbo(f: dict) -> Verdict:
    cards = sorted(f["cards"])
    if f["cards_left_after"] < 1:
        return Verdict("illegal", reasons=[because("not-last", "the attack would use the last card")])
    if len(cards) >= 2 and len(set(cards)) == 1:
        return Verdict(
            "legal",
            "set",
            [
                because("set", f"{len(cards)} cards of rank {cards[0]}"),
                because("each-card", "each card is defended separately"),
            ],
        )
    if len(cards) >= 3 and all(b - a == 1 for a, b in itertools.pairwise(cards)):
        return Verdict(
            "legal",
            "sequence",
            [because("sequence", f"{len(cards)} in a row"), because("each-card", "each card is defended separately")],
        )
    return Verdict("illegal", reasons=[because("set", "not a set"), because("sequence", "not a sequence")])


@RULES.check(
    "round-winner",
    "Who wins the round? The lowest last card; equal ranks are a draw and the cat does not move",
    [
        Fact("mine", "int", "my last card", low=1, high=20),
        Fact("theirs", "int", "the opponent's last card", low=1, high=20),
    ],
    {"game": "tacocat", "check": "round-winner", "facts": {"mine": 3, "theirs": 3}},
)
def round_winner(f: dict) -> Verdict:
    if f["mine"] == f["theirs"]:
        return Verdict("value", "draw", [because("draw", "equal ranks: the cat stays")])
    winner = "me" if f["mine"] < f["theirs"] else "opponent"
    return Verdict(
        "value",
        winner,
        [
            because("lowest-wins", f"{min(f['mine'], f['theirs'])} is lowest"),
            because("cat-moves", "the winner moves the cat one space"),
        ],
    )


@RULES.check(
    "duel",
    "Who attacks first? The highest duel card; a tie means a new duel",
    [
        Fact("mine", "int", "my duel card", low=1, high=20),
        Fact("theirs", "int", "the opponent's duel card", low=1, high=20),
    ],
    {"game": "tacocat", "check": "duel", "facts": {"mine": 9, "theirs": 4}},
)
def duel(f: dict) -> Verdict:
    if f["mine"] == f["theirs"]:
        return Verdict("value", "duel again", [because("duel-tie", "a tie")])
    first = "me" if f["mine"] > f["theirs"] else "opponent"
    return Verdict("value", first, [because("duel-high", f"{max(f['mine'], f['theirs'])} is highest")])


@RULES.check(
    "card-replacement",
    "How many cards may the second player replace? Up to as many as the first; any number in round 1",
    [
        Fact("round", "int", "round number", low=1, high=20),
        Fact("first_replaced", "int", "cards the first player replaced", low=0, high=20),
        Fact("second_wants", "int", "cards the second player wants to replace", low=0, high=20),
    ],
    {"game": "tacocat", "check": "card-replacement", "facts": {"round": 2, "first_replaced": 3, "second_wants": 4}},
)
def card_replacement(f: dict) -> Verdict:
    if f["round"] == 1:
        return Verdict("legal", reasons=[because("replace-round-one", "first round: any number")])
    if f["second_wants"] <= f["first_replaced"]:
        return Verdict("legal", reasons=[because("replace-second", f"{f['second_wants']} <= {f['first_replaced']}")])
    return Verdict("illegal", reasons=[because("replace-second", f"{f['second_wants']} > {f['first_replaced']}")])


@RULES.check(
    "cat-move",
    "Where does the cat go? One space toward the round's winner, skipping covered spaces",
    [
        Fact("position", "int", "the cat's space (1-13 from my goal side)", low=1, high=13),
        Fact("winner", "choice", "who won the round", choices=("me", "opponent")),
        Fact("covered", "ints", "covered spaces", [], low=1, high=13),
    ],
    {"game": "tacocat", "check": "cat-move", "facts": {"position": 7, "winner": "me", "covered": [6]}},
)
def cat_move(f: dict) -> Verdict:
    step = -1 if f["winner"] == "me" else 1
    new = f["position"] + step
    reasons = [because("cat-moves", "one space toward the winner")]
    while new in f["covered"]:
        new += step
        reasons.append(because("skip-covered", "covered space skipped"))
    return Verdict("value", new, reasons)

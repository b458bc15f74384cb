"""Tacocat in whole states (docs/game-states.md): the two players (the first's goal lies beyond space -3), the
Tacocat's space and the covered ones, the round and where it stands (replacing cards, the duel, play, the move,
the tile), the arrows on the Tacocat's space, the hands (or how many cards each holds), who replaced how many,
who holds the attack and the attack on the table; and the actions, each settled in the state the previous one
left: the replacements, the duels, attacks and the answers to them, the last cards, the Tacocat's move, the tile,
the next round's deal."""

from __future__ import annotations

import re
from typing import ClassVar

from referee.errors import RefereeError
from referee.rules import Action, StateRules
from referee.states.readers import choice, mapping, need, number
from referee.states.tracking import Tracked, TrackedDict
from referee.validation.documents import show

from .checks import PHASES

LEADS = ("duel", "defence", "sacrifice")


def _cards(value: object, where: str) -> list[int]:
    if not isinstance(value, list) or len(value) > 38:
        raise RefereeError(f"{where}: expected a list of card values")
    return [int(number(v, where, 1, 20, whole=True)) for v in value]


def _space(value: object, where: str) -> int:
    if isinstance(value, str) and value.strip().lower() in ("centre", "center"):
        return 0
    if isinstance(value, str) and re.fullmatch(r"-?\d+", value.strip()):
        value = int(value)
    return int(number(value, f"{where} (0 is the centre space printed 7; -3 to 3)", -3, 3, True))


class Board(Tracked):
    KEYS: ClassVar[dict[str, tuple[str, ...]]] = {
        "lead": ("lead",),
        "lead_after": ("lead",),
        "attacker": ("attack.by",),
        "attack_cards": ("attack.cards",),
        "names": ("players",),
    }
    DERIVED = frozenset({"source", "events", "over", "winner", "moved", "answers"})

    def __init__(self, raw: dict, source: str) -> None:
        self._where = ""
        self.source = source
        hands = mapping(raw.get("hands", {}), f"{source}: hands")
        counts = mapping(raw.get("cards", {}), f"{source}: cards")
        if "players" in raw:
            names = raw["players"]
            if not isinstance(names, list) or len(names) != 2 or not all(isinstance(n, str) for n in names):
                raise RefereeError(f"{source}: players: the two players' names, the first's goal beyond space -3")
            self.names = tuple(n.strip().lower() for n in names)
            if len(set(self.names)) != 2:
                raise RefereeError(f"{source}: players: two different names")
        else:
            self.names = ("me", "opponent")
        for key, given in (("hands", hands), ("cards", counts)):
            extra = sorted(set(k.lower() for k in given) - set(self.names))
            if extra:
                raise RefereeError(f"{source}: {key} are {' and '.join(self.names)}'s, not {extra[0]!r}")
        self.hands = TrackedDict({k.lower(): _cards(v, f"{source}: hands.{k}") for k, v in hands.items()}, "hands")
        self.counts = TrackedDict(
            {k.lower(): int(number(v, f"{source}: cards.{k}", 0, 38, True)) for k, v in counts.items()}, "cards"
        )
        self.cat = _space(raw.get("cat", 0), f"{source}: cat")
        covered = raw.get("covered") or []
        if not isinstance(covered, list) or len(covered) > 7:
            raise RefereeError(f"{source}: covered: expected a list of spaces (-3 to 3), got {show(covered)}")
        self.covered = [_space(v, f"{source}: covered") for v in covered]
        if self.cat in self.covered:
            raise RefereeError(f"{source}: the cat stands on a covered space")
        self.round = int(number(raw.get("round", 1), f"{source}: round", 1, 50, True))
        self.phase = choice(raw["phase"], f"{source}: phase", PHASES) if "phase" in raw else None
        arrows = raw.get("arrows")
        if arrows is not None:
            if isinstance(arrows, str):
                arrows = [arrows]
            if not isinstance(arrows, list) or not 1 <= len(arrows) <= 2:
                raise RefereeError(f"{source}: arrows: whom the one or two arrows on the Tacocat's space point to")
            arrows = [self.player(str(a), "arrows") for a in arrows]
        self.arrows = arrows
        self.replaced = self._replaced(raw.get("replaced"))
        lead = raw.get("lead")
        self.lead_after = None
        if isinstance(lead, dict):
            self.lead_after = choice(lead.get("after"), f"{source}: lead.after", LEADS) if "after" in lead else None
            lead = lead.get("player")
        self.lead = self.player(str(lead), "lead") if lead is not None else None
        attack = mapping(raw.get("attack", {}), f"{source}: attack")
        self.attacker = self.player(str(need(attack, "by", f"{source}: attack")), "attack.by") if attack else None
        self.attack_cards = _cards(attack.get("cards", []), f"{source}: attack.cards") if attack else []
        numbers = mapping(raw.get("numbers", {}), f"{source}: numbers")
        self.numbers = TrackedDict(
            {
                str(_space(int(k) if k.lstrip("-").isdigit() else k, f"{source}: numbers")): int(
                    number(v, f"{source}: numbers.{k}", 1, 38, True)
                )
                for k, v in numbers.items()
            },
            "numbers",
        )
        self.left = _space(raw["left"], f"{source}: left") if "left" in raw else None
        self.moved = self.left is not None
        self.events: list[str] = []
        self.over = False
        self.winner: str | None = None
        self.answers: list = []

    def _replaced(self, value: object) -> dict[str, int]:
        if value is None:
            return {}
        if isinstance(value, dict):
            return {
                self.player(str(k), "replaced"): int(number(v, f"{self.source}: replaced.{k}", 0, 38, True))
                for k, v in value.items()
            }
        # a number: the first replacer's count (who is the other of whoever replaces next)
        return {"": int(number(value, f"{self.source}: replaced", 0, 38, True))}

    def player(self, name: str, where: str = "player") -> str:
        key = name.strip().lower()
        if key not in self.names:
            raise RefereeError(f"{self.source}: {where}: no player {name!r}; players: {', '.join(self.names)}")
        return key

    def other(self, name: str) -> str:
        return self.names[1] if name == self.names[0] else self.names[0]

    def side(self, name: str) -> str:
        """The checks' words: the first player is 'me', the second 'opponent'."""
        return "me" if name == self.names[0] else "opponent"

    def count(self, name: str) -> int | None:
        if name in self.hands:
            return len(self.hands[name])
        return self.counts.get(name)

    def take(self, name: str, cards: list[int]) -> None:
        """Cards leave a hand (checked when the hand is given; counted down when only its size is)."""
        if name in self.hands:
            hand = list(self.hands[name])
            for card in cards:
                if card not in hand:
                    raise RefereeError(f"{self.source}: {name} does not hold a {card} (hand: {self.hands[name]})")
                hand.remove(card)
            self.hands[name] = hand
        elif name in self.counts:
            if self.counts[name] < len(cards):
                raise RefereeError(f"{self.source}: {name} holds {self.counts[name]} card(s)")
            self.counts[name] -= len(cards)

    def new_round(self) -> None:
        self.round += 1
        self.phase = "replacement"
        self.replaced = {}
        self.lead, self.lead_after, self.attacker, self.attack_cards = None, None, None, []
        self.hands.clear()
        self.counts.clear()


def read_state(raw: dict, source: str) -> Board:
    return Board(raw, source)


def follows(state: Board) -> dict:
    out: dict = {"round": state.round, "cat": state.cat, "covered": sorted(state.covered)}
    if state.phase:
        out["phase"] = state.phase
    if state.lead:
        out["lead"] = state.lead
    held = {n: state.count(n) for n in state.names if state.count(n) is not None}
    if held:
        out["cards"] = held
    if state.events:
        out["events"] = list(state.events)
    if state.over:
        out["game_over"] = True
        out["winner"] = state.winner
    return out


def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def _in_phase(state: Board, wanted: str, s) -> None:
    if state.phase is not None and PHASES.index(wanted) < PHASES.index(state.phase):
        s.run("round-order", {"phase": state.phase, "wanted": wanted})
    state.phase = wanted


# ---------------------------------------------------------------- replacing cards


def settle_replace(state: Board, args: dict, s) -> None:
    by = args.get("by", "")
    first = next(iter(state.replaced), None)
    if by.lower() == "second player" or by == "":
        by = state.other(first) if first else state.names[1]
    by = state.player(by)
    n = {"all": state.count(by) or 7, "no": 0}.get(args["n"].lower()) if not args["n"].isdigit() else int(args["n"])
    _in_phase(state, "replacement", s)
    if first is None:
        arrows = state.arrows
        s.run(
            "replace-order",
            {"arrows": len(arrows) if arrows else None, "points_at": bool(arrows) and by in arrows},
            f"{by} replaces first",
        )
        state.replaced[by] = n
        s.follow("replaces_next", state.other(by))
        return
    s.run(
        "card-replacement",
        {"round": state.round, "first_replaced": state.replaced[first], "second_wants": n},
        f"{first or 'the first player'} replaced {state.replaced[first]}",
    )
    state.replaced[by] = n
    state.phase = "duel"


def settle_replace_free(state: Board, args: dict, s) -> None:
    _in_phase(state, "replacement", s)
    claim = {"round": state.round, "claim": "any", "second_wants": 0}  # a count the 'any' claim does not read
    s.run("card-replacement", claim, f"round {state.round}")
    state.phase = "duel"


def settle_who_replaces(state: Board, args: dict, s) -> None:
    _in_phase(state, "replacement", s)
    arrows = state.arrows
    first = arrows[0] if arrows and len(arrows) == 1 else None
    s.run("replace-order", {"arrows": len(arrows) if arrows else None, "points_at": first is not None})
    if first:
        s.answer(first)
        s.follow("replaces_first", first)


# ---------------------------------------------------------------- the duel


def settle_duel(state: Board, args: dict, s) -> None:
    a = state.player(args["a"]) if args.get("a") else state.names[0]
    b = state.player(args["b"]) if args.get("b") else state.other(a)
    cards = {a: int(args["mine"]), b: int(args["theirs"])}
    _in_phase(state, "duel", s)
    held = [state.count(n) for n in state.names if state.count(n) is not None]
    if held and min(held) <= 2:
        s.run("duel-card", {"hand": min(held)}, "the hands before this duel")
    for name, card in cards.items():
        state.take(name, [card])
    first, second = state.names
    out = s.run(
        "duel", {"mine": cards[first], "theirs": cards[second]}, f"{first} {cards[first]}, {second} {cards[second]}"
    )
    if out.value == "duel again":
        s.answer({"duel": "again"})
        return
    winner = first if out.value == "me" else second
    state.lead, state.lead_after, state.phase = winner, "duel", "play"
    held = {n: state.count(n) for n in state.names if state.count(n) is not None}
    s.answer({"attacks_first": winner, **({"cards": held} if held else {})})


def settle_duel_card(state: Board, args: dict, s) -> None:
    names = [state.player(args["by"])] if args.get("by") else list(state.names)
    _in_phase(state, "duel", s)
    held = [state.count(n) for n in names]
    if any(h is None for h in held):
        raise RefereeError(f"{state.source}: give the hands (hands:) or how many cards each holds (cards:)")
    if args.get("card") and names[0] in state.hands and int(args["card"]) not in state.hands[names[0]]:
        raise RefereeError(f"{state.source}: {names[0]} does not hold a {args['card']}")
    s.run("duel-card", {"hand": min(held)}, f"{' and '.join(names)} hold {min(held)} card(s)")


# ---------------------------------------------------------------- play


def settle_attack(state: Board, args: dict, s) -> None:
    by, cards = state.player(args["by"]), _numbers(args["cards"])
    _in_phase(state, "play", s)
    if state.lead is not None and state.lead != by:
        s.run("attack-turn", {"won_by": state.lead_after, "has_lead": False}, f"{state.lead} holds the attack")
    held = state.count(by)
    if held is None:
        raise RefereeError(f"{state.source}: give {by}'s hand (hands:) or how many cards he holds (cards:)")
    if len(cards) == 1:
        s.run("attack-card", {"cards_in_hand": held}, f"{by} holds {held}")
    else:
        s.run("jumbo-attack", {"cards": cards, "cards_left_after": held - len(cards)}, f"{by} holds {held}")
    state.take(by, cards)
    state.attacker, state.attack_cards, state.lead = by, cards, by


def _answers(text: str, default: str) -> list[tuple[int, str]]:
    out = []
    for chunk in re.split(r",|\bthen\b|\band\b", text):
        kind = "sacrifice" if "sacrific" in chunk else ("defence" if "defen" in chunk else default)
        out += [(n, kind) for n in _numbers(chunk)]
    return out


def settle_answer(state: Board, args: dict, s) -> None:
    by = state.player(args["by"])
    if not state.attack_cards or state.attacker == by:
        raise RefereeError(
            f"{state.source}: there is no attack by the other player on the table (attack: {{by, cards}})"
        )
    attacker = state.attacker
    if args.get("each"):
        if by in state.hands:
            raise RefereeError(f"{state.source}: with {by}'s hand given, say which cards answer")
        state.take(by, [0] * len(state.attack_cards))
        state.lead, state.lead_after = None, None
        state.events.append(f"{by} answers each of the {len(state.attack_cards)} cards")
        _after_trick(state, s)
        return
    answers = _answers(args["cards"], args.get("kind") or "defence")
    if len(answers) != len(state.attack_cards):
        raise RefereeError(f"{state.source}: one card against each of the {len(state.attack_cards)} attacking card(s)")
    defended = 0
    held_hand = list(state.hands[by]) if by in state.hands else None
    ambiguous = False
    for attack, (card, kind) in zip(state.attack_cards, answers, strict=True):
        if held_hand is not None and card not in held_hand:
            raise RefereeError(f"{state.source}: {by} does not hold a {card} (hand: {held_hand})")
        lowest = card == min(held_hand) if held_hand else None
        out = s.run(
            "defence",
            {"attack": attack, "defence": card, "lowest": lowest, "declared": kind},
            f"{by}'s {card} against the {attack}" + (f" (lowest in {sorted(held_hand)})" if held_hand else ""),
        )
        if held_hand is not None:
            held_hand.remove(card)
        defended += out.outcome == "held"
        ambiguous |= out.verdict == "ambiguous"
    state.take(by, [c for c, _ in answers])
    if ambiguous:
        state.lead, state.lead_after = None, None
        s.follow("lead", "by the reading")
    elif len(answers) > 1:
        out = s.run("jumbo-result", {"cards": len(answers), "defended": defended})
        winner = by if out.value == "defender" else attacker
        state.lead, state.lead_after = winner, "defence" if winner == by else "sacrifice"
        s.answer({"trick": winner, "attacks_next": winner})
    else:
        winner = by if defended else attacker
        state.lead, state.lead_after = winner, "defence" if defended else "sacrifice"
        s.answer({"attacks_next": winner})
    _after_trick(state, s)


def _after_trick(state: Board, s) -> None:
    state.attacker, state.attack_cards = None, []
    held = [state.count(n) for n in state.names]
    if all(h is not None for h in held) and max(held) <= 1:
        s.run("showdown", {"cards": max(held)}, "after the trick")
        state.phase = "move"


# ---------------------------------------------------------------- the round's end, the Tacocat, the next round


def settle_last_cards(state: Board, args: dict, s) -> None:
    if args.get("a"):
        shown = {state.player(args["a"]): int(args["x"]), state.player(args["b"]): int(args["y"])}
    else:
        if any(state.count(n) != 1 or n not in state.hands for n in state.names):
            raise RefereeError(f"{state.source}: at the end of a round each player holds one card (hands: ...)")
        shown = {n: state.hands[n][0] for n in state.names}
    first, second = state.names
    won = s.run(
        "round-winner",
        {"mine": shown[first], "theirs": shown[second]},
        f"{first} {shown[first]}, {second} {shown[second]}",
    )
    if won.outcome == "draw":
        state.moved, state.left = False, None
        state.events.append("a draw: the Tacocat stays; a new round")
        s.answer("draw")
        state.new_round()
        return
    _move(state, first if won.value == "me" else second, s)


def settle_round_won(state: Board, args: dict, s) -> None:
    """A claim: the round is won only at its end (each holds one card) by the lower last card."""
    winner = state.player(args["by"])
    what = f"{winner} wins the round"
    held = {n: state.count(n) for n in state.names}
    known = [h for h in held.values() if h is not None]
    if known and max(known) > 1:
        s.run("showdown", {"cards": max(known)}, f"the state: {held}")
        s.claim(what, "contradicted")
    if not all(len(state.hands.get(n, [])) == 1 for n in state.names):
        if known:
            s.claim(what, "unsupported", "last card of each player (hands: {name: [card], ...})")
        s.claim(what, "premise", "hands or cards")
    else:
        first, second = state.names
        won = s.run(
            "round-winner",
            {"mine": state.hands[first][0], "theirs": state.hands[second][0]},
            f"{first} {state.hands[first][0]}, {second} {state.hands[second][0]}",
        )
        holds = won.outcome != "draw" and (first if won.value == "me" else second) == winner
        s.claim(what, "checked" if holds else "contradicted")
    _move(state, winner, s)


def _move(state: Board, winner: str, s) -> None:
    out = s.run(
        "cat-move",
        {"position": state.cat, "winner": state.side(winner), "covered": list(state.covered)},
        f"{winner} wins the round",
    )
    state.left, state.moved = state.cat, True
    state.covered.append(state.cat)
    if out.verdict == "ambiguous":
        s.follow("cat", "by the reading: in the goal, or nowhere the book gives")
        return
    if out.value == "goal":
        state.over, state.winner, state.phase = True, winner, None
        s.answer({"round_winner": winner, "winner": winner, "game_over": True})
        return
    state.cat = out.value
    s.answer({"round_winner": winner, "cat": out.value})
    state.new_round()


def settle_tile(state: Board, args: dict, s) -> None:
    space = _space(args["space"], "tile")
    s.run(
        "tile-placement",
        {"cat_moved": state.moved, "space_left": state.moved and space == state.left},
        f"the Tacocat {'left space ' + str(state.left) if state.moved else 'did not move'}",
    )


def settle_deal(state: Board, args: dict, s) -> None:
    printed = state.numbers.get(str(state.cat))
    s.run("deal-count", {"position": state.cat, "printed": printed}, f"the Tacocat on space {state.cat}")


def settle_keep(state: Board, args: dict, s) -> None:
    s.run("carry-over", {"kept": int(args.get("n") or 1)}, f"{args['by']} keeps a card")


def settle_seen(state: Board, args: dict, s) -> None:
    s.run("tacocat-silent", {"about": "card-seen"})


def settle_silent(state: Board, args: dict, s) -> None:
    about = "dealer" if args.get("dealer") else "discard-pile" if args.get("pile") else "trick-cards"
    s.run("tacocat-silent", {"about": about})


def settle_face(state: Board, args: dict, s) -> None:
    by = state.player(args["by"])
    if not state.attack_cards or state.attacker == by:
        raise RefereeError(
            f"{state.source}: there is no attack by the other player on the table (attack: {{by, cards}})"
        )
    s.run("answer-face", {"face": args["face"].lower()}, f"against {state.attacker}'s {state.attack_cards}")


def settle_card_text(state: Board, args: dict, s) -> None:
    what = args.get("what", "rank").lower()
    s.run("deck-cards", {"shows": "text" if "text" in what else "rank" if "rank" in what else "symbol"})


NAME = r"(?P<by>\w+)"
CARDS = r"(?P<cards>\d+(?:[\d ,\-]|and|then|sacrifices?|defends?|with|his|her|lowest|card|a|an)*)"

# Why a key nothing read does not bear on a ruling ('when,…:glob'; when: an action or 'illegal').
# A key nothing read and nothing here excuses leaves the ruling unknown (referee.states.bearing).
IGNORES = {
    "replace:arrows": "the arrows say only who replaces first; the first player has replaced",
}

# What each key of a state says (referee check --describe, docs/game-states.md).
KEY_HELP = {
    "players": "the two players' names; the first's goal lies beyond space -3",
    "cat": "the Tacocat's space: 0 is the centre (printed 7), -1 to -3 toward the first player",
    "covered": "the spaces covered with a tile (same numbering)",
    "round": "the round being played",
    "phase": "where the round stands: replacement, duel, play, move, tile",
    "arrows": "whom the one or two arrows on the Tacocat's space point to",
    "hands": "each player's cards by name",
    "cards": "how many cards each player holds (when the hand is not given)",
    "attack": "the attack on the table: {by, cards}",
    "replaced": "cards replaced this round: a number (the first replacer's) or by player",
    "lead": "who holds the attack, and after what: {player, after: duel, defence or sacrifice}",
    "numbers": "the number printed on a space, by space",
    "left": "the space the Tacocat just left",
}

STATES = StateRules(
    key_help=KEY_HELP,
    read=read_state,
    keys=(
        "players",
        "cat",
        "covered",
        "round",
        "phase",
        "arrows",
        "hands",
        "cards",
        "attack",
        "replaced",
        "lead",
        "numbers",
        "left",
    ),
    follows=follows,
    ignores=IGNORES,
    actions=[
        Action(
            "replace",
            (
                NAME + r" replaces? (?P<n>\d+|all|no)(?: cards?)?(?: first)?",
                r"(?:the )?(?P<by>second player) replaces? (?P<n>\d+)(?: cards?)?",
            ),
            settle_replace,
            "opponent replaces 4 cards",
        ),
        Action(
            "replace-free",
            (r"both(?: players)? replace (?:as many cards as they like|any number of cards|freely)",),
            settle_replace_free,
            "both players replace as many cards as they like",
        ),
        Action("who-replaces", (r"who replaces(?: cards)? first",), settle_who_replaces, "who replaces first"),
        Action(
            "duel",
            (r"duel:? (?:(?P<a>[a-z]\w*) )?(?P<mine>\d+) (?:against|vs) (?:(?P<b>[a-z]\w*) )?(?P<theirs>\d+)",),
            settle_duel,
            "duel 9 against 4",
        ),
        Action(
            "duel-card",
            (
                NAME + r" duels with (?:his |her )?(?:lowest |highest )?(?:card,? )?(?:an? |the )?(?P<card>\d+)",
                r"(?:\w+ and \w+|they|both(?: players)?) duel again",
            ),
            settle_duel_card,
            "ben duels with his 1",
        ),
        Action(
            "attack",
            (
                NAME
                + r" (?:attacks|leads) with (?:a |an |the )?(?:set |sequence |pair )?(?:of )?(?P<cards>[\d ,\-and]+)",
            ),
            settle_attack,
            "me attacks with 4 5 6",
        ),
        Action(
            "answer",
            (
                NAME + r" (?P<each>answers each card|defends against each card)",
                NAME + r" (?:defends|answers)(?: with)? " + CARDS,
                NAME + r" (?P<kind>sacrifice)s (?:his |her )?(?:lowest card,? )?(?:an? |the )?(?P<cards>\d+)",
                NAME + r" lays (?:his |her )?(?:an? |the )?(?P<cards>\d+)(?: as (?:a )?(?P<kind>sacrifice|defence))?",
            ),
            settle_answer,
            "opponent defends with 6",
        ),
        Action(
            "round-end",
            (
                r"(?:show|reveal) the last cards",
                r"end (?:of )?the round",
                r"(?P<a>\w+) shows (?:an? )?(?P<x>\d+) and (?P<b>\w+) (?:shows )?(?:an? )?(?P<y>\d+)",
            ),
            settle_last_cards,
            "show the last cards",
        ),
        Action("round-won", (NAME + r" wins the round",), settle_round_won, "ben wins the round", claim=True),
        Action(
            "tile",
            (
                r"\w+ (?:covers|places a tile on|puts a tile on) (?:space )?(?P<space>-?\d+|the centre|centre)"
                r"(?: space)?(?: with a tile)?",
            ),
            settle_tile,
            "ben covers space 0 with a tile",
        ),
        Action(
            "deal",
            (r"how many cards (?:are dealt|does each player get)(?: .*)?", r"deal the next round"),
            settle_deal,
            "how many cards are dealt",
        ),
        Action(
            "keep",
            (NAME + r" keeps (?:his|her) (?:last )?card(?: \d+)?(?: in hand)? for the next round",),
            settle_keep,
            "ben keeps his last card for the next round",
        ),
        Action(
            "seen",
            (r"\w+ sees (?:one of )?\w+'s cards?(?: .*)?", r"(?:a|one) card (?:of a hand )?is seen(?: .*)?"),
            settle_seen,
            "anna sees one of ben's cards",
        ),
        Action(
            "face",
            (
                NAME + r" lays (?:his |her )?(?:answer(?:ing card)?|defen[cs]e(?: card)?|sacrifice|card) "
                r"face (?P<face>down|up)",
            ),
            settle_face,
            "ben lays his answering card face down",
        ),
        Action(
            "silent",
            (
                r"where do (?:the )?(?:cards of (?:a |the )?(?:finished )?trick|played cards|trick cards) go",
                r"what happens to (?:the )?(?:cards of (?:a |the )?trick|played cards)",
                r"(?P<dealer>who (?:shuffles|deals)(?: and (?:deals|shuffles))?)(?: .*)?",
                r"\w+ (?P<pile>looks|leafs|goes|searches) through the discard pile(?: .*)?",
            ),
            settle_silent,
            "who shuffles and deals",
        ),
        Action(
            "card-text",
            (
                r"(?:a|the|\w+'s) card (?:shows|has|with) (?:a |an )?(?P<what>[\w ]*(?:symbol|text|picture))(?: .*)?",
                r"(?:which|what) (?P<what>ranks|cards|numbers) (?:does|do) the deck (?:contain|hold)(?:\W.*)?",
            ),
            settle_card_text,
            "ben's card shows a picture symbol",
        ),
    ],
)

"""Tacocat in whole states (docs/game-states.md): the two players (the first's goal lies beyond space -3), the
Tacocat's space and the covered ones, the round and where it stands (replacing cards, the duel, play, the move,
the tile), the arrows on the Tacocat's space, the hands (or how many cards each holds), who replaced how many,
who holds the attack and the attack on the table; and the actions, each settled in the state the previous one
left: the replacements, the duels, attacks and the answers to them, the last cards, the Tacocat's move, the tile,
the next round's deal."""

from __future__ import annotations

from referee.errors import RefereeError
from referee.rules import Action, StateRules

from .geometry_round import (
    settle_answer,
    settle_attack,
    settle_duel,
    settle_duel_card,
    settle_replace,
    settle_replace_free,
    settle_who_replaces,
)
from .geometry_state import (
    Board,
    _space,
    follows,
    read_state,
)

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

"""Tacocat's whole states: replacing cards, the duel and play."""

from __future__ import annotations

import re

from referee.errors import RefereeError

from .geometry_state import (
    Board,
    _in_phase,
    _numbers,
)

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

"""Touchdown Heroes' whole states: the set-up, the kickoff and plays."""

from __future__ import annotations

from referee.errors import RefereeError

from .geometry_state import (
    Field,
    Played,
    _card,
    other,
)

# ---------------------------------------------------------------- set-up, kickoff


def settle_teams(state: Field, args: dict, s) -> None:
    numbers = [p.hero["number"] if p.hero else None for p in state.players]
    if any(n is None for n in numbers):
        raise RefereeError(f"{state.source}: give each player's hero and its uniform number (hero: {{number: 7}})")
    out = s.run("team-creation", {"numbers": numbers}, "seats: " + ", ".join(p.name for p in state.players))
    lead = out.value["lead"] - 1
    for i, p in enumerate(state.players):
        p.team = "attack" if i % 2 == lead % 2 else "defence"
    state.lead, state.eagles, state.attacking, state.phase = lead, "attack", "attack", "kickoff"
    s.follow("eagles", [state.players[i - 1].name for i in out.value["eagles"]])
    s.follow("bears", [state.players[i - 1].name for i in out.value["bears"]])
    s.follow("kicks_off", "Bears")


def settle_kickoff(state: Field, args: dict, s) -> None:
    out = s.run("kickoff", {"kick": args["kick"].lower(), "die": s.die() or 0})
    state.ball = out.value["position"]
    state.phase = "play"
    if out.value.get("onside"):
        state.attacking = other(state.attacking)
        if state.lead is not None:
            state.lead = (state.lead + 1) % 4
        state.events.append("onside kick: possession changes at once")


def settle_kick_choice(state: Field, args: dict, s) -> None:
    s.run("kick-choice", {"agreed": args["first"].lower() == args["second"].lower()})


# ---------------------------------------------------------------- plays


def settle_declaration(state: Field, args: dict, s) -> None:
    seat = state.seat(args["by"]) if args.get("by") else state.lead_seat()
    player = state.players[seat]
    play = args["play"].lower()
    if player.cards is None:
        raise RefereeError(f"{state.source}: say how many cards {player.name} holds (cards: 6, or hand: [...])")
    s.run("play-declaration", {"play": play, "cards_in_hand": player.cards})
    if play == "kick":
        _kick_play(state, s)
    else:
        state.play = play


def settle_kick_play(state: Field, args: dict, s) -> None:
    if args.get("by"):
        seat = state.seat(args["by"])
        if state.players[seat].cards is not None:
            s.run("play-declaration", {"play": "kick", "cards_in_hand": state.players[seat].cards})
    _kick_play(state, s)


def _kick_play(state: Field, s) -> None:
    die = s.die()
    if not die:
        return
    out = s.run("kick-play", {"position": state.ball, "die": die})
    scorer = state.attacking
    if out.value["points"]:
        if state.eagles is not None:
            state.score["eagles" if scorer == state.eagles else "bears"] += 1
        _possession_changes(state, s, to_kickoff=True)
        return
    state.ball = out.value["position"]
    _possession_changes(state, s, to_kickoff=False)


def _possession_changes(state: Field, s, to_kickoff: bool) -> None:
    """After a possession change: the series face up, the other team attacks; a kickoff after a score; the half
    ends if the hands are empty; else the lead goes to the attacking team at the start of Play."""
    state.series = 3
    state.attacking = other(state.attacking)
    empty = state.hands_empty()
    if empty is not None:
        out = s.run("half-end", {"empty_hands": empty, "possession_changes": True, "half": state.half})
        if out.verdict == "unknown":
            return
        if out.value["half_over"]:
            _half_over(state, s)
            return
    state.phase = "kickoff" if to_kickoff else "play"
    if not to_kickoff:
        _start_of_play(state, s)


def _half_over(state: Field, s) -> None:
    if state.half == 2:
        state.phase = "over"
        s.run("game-end", {"eagles": state.score["eagles"], "bears": state.score["bears"]})
        return
    state.phase, state.half = "halftime", 2
    eagles = state.eagles
    # the second half: the Bears attack first, the Eagles kick off; an Eagle holding the lead passes it left
    if eagles is not None:
        state.attacking = other(eagles)
        if state.lead is not None and state.players[state.lead].team == eagles:
            state.lead = (state.lead + 1) % 4
        s.follow("kicks_off", "Eagles")


def _start_of_play(state: Field, s) -> None:
    empty = state.hands_empty()
    if empty == 4:
        s.run("half-end", {"empty_hands": 4, "possession_changes": False, "half": state.half}, "Play with empty hands")
    if state.lead is None or state.players[state.lead].team is None:
        return
    holder_attacks = state.players[state.lead].team == state.attacking
    out = s.run("lead-marker", {"holder_attacks": holder_attacks}, f"{state.players[state.lead].name} holds the lead")
    if out.value["moves"]:
        state.lead = (state.lead + 1) % 4


def settle_card(state: Field, args: dict, s) -> None:
    seat = state.seat(args["by"])
    card = _card(f"{args['suit'].lower()} {args['number']}", f"{state.source}: action")
    player = state.players[seat]
    if player.hand and card not in player.hand:
        raise RefereeError(f"{state.source}: {player.name} does not hold {card[0]} {card[1]}")
    if not state.trick:
        raise RefereeError(f"{state.source}: nothing is led yet; the lead's own card is never checked")
    lead = state.lead_seat()
    if len(state.trick) == 4 or seat != (lead + len(state.trick)) % 4:
        raise RefereeError(f"{state.source}: it is not {player.name}'s turn to play in this trick")
    lead_suit = state.trick[0].card[0]
    played = Played(f"{card[0]} {card[1]}", f"{state.source}: action", len(state.trick))
    # the FAQ's rulings on this card's play-book effect run with its play, not only when the trick is judged
    ruling = _faq_case(state, [*state.trick, played], len(state.trick), player) if card[0] != lead_suit else None
    s.run(
        "legal-play",
        {
            "play": state.play,
            "lead_suit": lead_suit,
            "card_suit": card[0],
            "hand_has_lead_suit": any(suit == lead_suit for suit, _ in player.hand),
            "faq": ruling is not None,
        },
    )
    state.trick.append(played)  # the card joins the trick: the next action sees it
    if card in player.hand:
        player.hand.remove(card)
    if ruling is not None:
        s.run("playbook-faq", *ruling[:2])


def _faq_case(state: Field, trick: list, i: int, player) -> tuple[dict, str, bool] | None:
    """The FAQ's ruling on the play-book effect of the not-follow card at `i` of the trick, if the FAQ has one:
    the playbook-faq facts, the note, and whether it cancels the effect (a later '5', a '4' with its player's hero
    face up, a '9' on the lead); a '3' or '10' played by the attack still applies (the FAQ says so)."""
    lead_suit = trick[0].card[0]
    n = trick[i].card[1]
    if n == 5 and any(p.card[1] == 5 and p.card[0] != lead_suit for p in trick[1:i]):
        return {"number": 5, "case": "second"}, f"{player.name}'s 5", True
    if n == 4 and player.hero and player.hero["up"]:
        return {"number": 4, "case": "hero-up"}, f"{player.name}'s hero is face up", True
    if n == 9 and trick[0].override is False:
        return {"number": 9, "case": "on-lead"}, f"{player.name}'s 9 makes the lead not-follow", True
    if n in (3, 10) and player.team is not None and player.team == state.attacking:
        return {"number": n, "case": "own-team"}, f"{player.name} attacks", False
    return None


def _effects(state: Field, order: list[int], follow: list[bool], s) -> tuple[bool, bool, list[int]]:
    """The play-book effects of the trick's not-follow cards, as far as the book's FAQ settles them: a '2' (the
    highest wins), a '3' or '10' (the attack's win fails), a '4' not applied with its player's hero face up, a later
    '5' nullified, a '9' on the lead; the numbers whose text the book does not print are returned."""
    highest, fails, unsettled = False, False, []
    lead_suit = state.trick[0].card[0]
    for i, played in enumerate(state.trick):
        suit, n = played.card
        if i == 0 or suit == lead_suit:
            continue  # a followed card (or the lead) has no effect; a '9' making it not-follow gives none either
        ruling = _faq_case(state, state.trick, i, state.players[order[i]])
        if ruling is not None:
            s.run("playbook-faq", *ruling[:2])
            if ruling[2]:
                continue
        if n == 2:
            highest = True
        elif n in (3, 10):
            fails = True
        elif n != 9:
            unsettled.append(n)
    return highest, fails, unsettled


def settle_judgement(state: Field, args: dict, s) -> None:
    if len(state.trick) != 4:
        raise RefereeError(f"{state.source}: the trick has {len(state.trick)} card(s); judge it when all 4 have played")
    lead = state.lead_seat()
    if any(p.team is None for p in state.players):
        raise RefereeError(f"{state.source}: give each player's team (attack or defence)")
    order = [(lead + i) % 4 for i in range(4)]
    lead_suit = state.trick[0].card[0]
    follow = [
        p.override if p.override is not None else (i == 0 or p.card[0] == lead_suit) for i, p in enumerate(state.trick)
    ]
    highest, fails, unsettled = _effects(state, order, follow, s)
    trick = s.run(
        "trick-winner",
        {
            "numbers": [p.card[1] for p in state.trick],
            "followed": ["follow" if f else "not" for f in follow],
            "attacking": [state.players[seat].team for seat in order],
            "highest": highest,
            "attack_fails": fails,
        },
        "players in play order: " + ", ".join(f"{i + 1} = {state.players[seat].name}" for i, seat in enumerate(order)),
    )
    if trick.verdict != "value":
        return
    if unsettled:
        state.events.append(
            f"the effect of play-book {', '.join(map(str, unsettled))} also applies (its text is on the card)"
        )
    winner = order[trick.value["winner"] - 1]
    state.lead = winner
    success = trick.outcome == "succeeds"
    position = state.ball
    if success:
        moved = s.run(
            "advance",
            {
                "position": state.ball,
                "card": trick.value["card"],
                "combination": winner != lead and state.players[winner].team == state.attacking,
            },
            f"{state.players[winner].name} wins; the lead was {state.players[lead].name}",
        )
        if moved.value["touchdown"]:
            if state.eagles is not None:
                state.score["eagles" if state.attacking == state.eagles else "bears"] += moved.value["points"]
            state.ball = 0
            _possession_changes(state, s, to_kickoff=True)
            return
        position = moved.value["position"]
        state.ball = position
    if state.series == 0:
        raise RefereeError(f"{state.source}: no series card is face up: possession has already changed")
    series = s.run(
        "series",
        {"series_left": state.series, "result": "success" if success else "failure", "intercept": state.intercept},
    )
    state.series = series.value["series_left"]
    if series.value["possession_changes"]:
        out = s.run(
            "possession-change", {"position": position, "why": "intercept" if state.intercept else "series-used-up"}
        )
        state.ball = out.value["position"]
        _possession_changes(state, s, to_kickoff=False)
        return
    state.phase = "play"
    _start_of_play(state, s)

"""Rugby World's whole states, a turn's moves: pass, run, free move, tackle, the tackled carrier."""

from __future__ import annotations

import re

from referee.errors import RefereeError
from referee.states.readers import lookup

from .checks_card_data import card_effect, cards_with
from .geometry_state import (
    HALFWAY,
    TRY_LINE,
    TWENTY_TWO,
    Grid,
    Mini,
    _target,
    other,
)

# ---------------------------------------------------------------- moves


def settle_pass(state: Grid, args: dict, s) -> None:
    passer = lookup(state.pieces, args["by"], state.source)
    if passer is not state.carrier:
        raise RefereeError(
            f"{state.source}: #{passer.name} does not carry the ball "
            f"(ball: {state.carrier.name if state.carrier else 'loose'})"
        )
    target, _ = _target(state, args["to"])
    tacklers = state.tacklers(passer) if "tackled" in passer.status else []
    if "tackled" in passer.status and tacklers:
        _options(state, passer, "pass", s)
    s.run(
        "pass",
        {
            "passer": list(passer.at),
            "target": target,
            "scoring_direction": "+y" if state.sign(passer.team) > 0 else "-y",
            "p": passer.stats.get("p"),
            "tackled": "tackled" in passer.status,
            "card": state.card(passer.team, cards_with("p")),
            "role": passer.role,
            "moves_made": len(state.moved),
        },
    )
    receiver = state.at_point(target)
    state.carrier = receiver if receiver and receiver.team == passer.team else None
    state.ball_at = tuple(target)
    if state.carrier is not None:
        state.received.add(state.carrier.name)


def settle_run(state: Grid, args: dict, s) -> None:
    mini = lookup(state.pieces, args["by"], state.source)
    if state.phase == "ruck":
        s.run("ruck", {"what": "other-move", "movements": len(state.moved)})
    s.run(
        "move",
        {
            "moves_made": len(state.moved),
            "moved_already": mini.name in state.moved,
            "received_pass": mini.name in state.received,
        },
    )
    state.moved.append(mini.name)
    if args.get("to"):
        dest, _ = _target(state, args["to"])
        if state.carrier is None and state.ball_at is not None and list(state.ball_at) == dest and not state.kicked:
            _collect(state, mini, s)
        mini.at = tuple(dest)
        if mini is state.carrier:
            state.ball_at = mini.at
            if state.rows_to_try_line(mini) <= 0:  # along the direction of play: the run ends at or over the try line
                state.events.append(f"#{mini.name} carries the ball to the try area: grounding it scores a try")


def _collect(state: Grid, mini: Mini, s) -> None:
    """1D: a grounded ball is anyone's, except the tacklers of the carrier who grounded it and offside miniatures."""
    tackled = [m for m in state.pieces.values() if "tackled" in m.status and m.team != mini.team]
    tackler = any(state.in_front(m, mini) for m in tackled)
    ball = state.ball_at
    offside = ball is not None and (mini.at[1] - ball[1]) * state.sign(mini.team) > 0
    s.run("collect-ball", {"tackler": tackler, "offside": offside}, f"#{mini.name} reaches the ball")
    state.carrier = mini
    if mini.team != state.attacking:
        state.attacking = other(state.attacking)
        state.tackles = 0


def settle_tackle(state: Grid, args: dict, s) -> None:
    names = re.split(r"\s*(?:,|and)\s*", args["by"])
    tacklers = [lookup(state.pieces, n, state.source) for n in names if n]
    target = lookup(state.pieces, args["on"], state.source)
    if any(t.team == target.team for t in tacklers):
        raise RefereeError(f"{state.source}: a miniature cannot tackle a teammate")
    s.run(
        "tackle",
        {
            "target_has_ball": target is state.carrier,
            "defenders": len(tacklers),
            "in_front": all(state.in_front(target, t) for t in tacklers),
            "from_touchline": max(0, int(min(target.at[0], state.width - target.at[0]))),
            "from_try_line": max(0, int(min(target.at[1], TRY_LINE - target.at[1]))),
        },
    )
    state.tackles += 1
    target.status.add("tackled")
    seventh = s.run("possession-tackles", {"tackles": state.tackles}, f"tackle {state.tackles} of this possession")
    if seventh.value["possession_ends"]:
        _possession_ends(state, "seventh-tackle", s)
        state.phase = "scrum"
        state.events.append(f"a Scrum put in by {state.name_of(other(target.team))}")


def _possession_ends(state: Grid, why: str, s) -> None:
    out = s.run("possession", {"why": why, "possession": state.possession, "tackles": state.tackles})
    value = out.value
    if value.get("match_over"):
        state.over = True
        return
    state.possession, state.tackles = value["possession"], value["tackles"]


def settle_hard_tackle(state: Grid, args: dict, s) -> None:
    defender, target = lookup(state.pieces, args["by"], state.source), lookup(state.pieces, args["on"], state.source)
    s.run(
        "tackle",
        {"target_has_ball": target is state.carrier, "defenders": 1, "in_front": state.in_front(target, defender)},
    )
    out = s.run(
        "hard-tackle",
        {
            "defender_f": defender.stats.get("f"),
            "carrier_f": target.stats.get("f"),
            "die": s.die(),
            "card": state.card(defender.team, cards_with("steal")),
            "role": defender.role,
        },
    )
    if out.outcome == "foul":
        state.phase = "penalty"
        state.events.append(f"a Penalty kick to {state.name_of(target.team)}")
    elif out.outcome == "stolen":
        state.carrier, state.ball_at = defender, defender.at
        state.attacking = other(state.attacking)
        state.tackles = 0


def _options(state: Grid, carrier: Mini, option: str, s) -> None:
    """What the tackled carrier may do, by how many tacklers stand in front of him (a card may count one as more)."""
    tacklers = state.tacklers(carrier)
    if "tackled" not in carrier.status and not tacklers:
        raise RefereeError(f"{state.source}: #{carrier.name} is not tackled: no defender stands in front of him")
    card = state.card(other(carrier.team), cards_with("release"))
    alone = (
        len(tacklers) == 1 and tacklers[0].role == "forward" and carrier.role == "forward"
    )  # "Any Back tackling alone"
    counts = card_effect(card, "release") if card != "none" and alone else 0
    s.run(
        "tackled-carrier",
        {
            "option": option,
            "tacklers": max(1, len(tacklers)),
            "counts_as": counts or 0,
            "card": card if counts else "none",
            "possession_over": state.phase == "scrum",
        },
    )


def settle_break(state: Grid, args: dict, s) -> None:
    """A tackled carrier answers: break through (strength) or evade (speed)."""
    carrier, defender = lookup(state.pieces, args["by"], state.source), lookup(state.pieces, args["on"], state.source)
    if carrier is not state.carrier:
        raise RefereeError(f"{state.source}: #{carrier.name} does not carry the ball")
    action = "evade" if args.get("evade") else "break-through"
    _options(state, carrier, action, s)
    stat, compare = ("s", "speed") if action == "evade" else ("f", "strength")
    die = s.die()
    rule = s.run(
        "strength-rule",
        {
            "declarer": carrier.stats.get(stat),
            "opponent": defender.stats.get(stat),
            "compare": compare,
            "die": die or 0,
        },
    )
    if not die:
        return
    out = s.run(
        "break-result",
        {
            "action": action,
            "winner": rule.value["winner"].replace("declarer", "attacker").replace("opponent", "defender"),
            "die": die,
        },
    )
    ball = out.value["ball"]
    if ball == "defender":
        state.carrier, state.ball_at = defender, defender.at
        state.attacking = other(state.attacking)
        state.tackles = 0
    elif ball == "grounded":
        back = carrier.at[1] - state.sign(carrier.team)
        state.carrier, state.ball_at = None, (carrier.at[0], back)


def settle_ground(state: Grid, args: dict, s) -> None:
    carrier = lookup(state.pieces, args["by"], state.source)
    if carrier is not state.carrier:
        raise RefereeError(f"{state.source}: #{carrier.name} does not carry the ball")
    _options(state, carrier, "ground", s)
    spot = [carrier.at[0], carrier.at[1] - state.sign(carrier.team)]
    occupant = state.at_point(spot)
    if occupant is not None and occupant.team != carrier.team:
        s.run("rugby-silent", {"about": "grounded-onto-opponent"}, f"#{occupant.name} stands behind the carrier")
        return
    state.carrier, state.ball_at = None, tuple(spot)


def settle_free_move(state: Grid, args: dict, s) -> None:
    mini = lookup(state.pieces, args["by"], state.source)
    dest, _ = _target(state, args["to"])
    occupant = next((m for m in state.pieces.values() if list(m.at) == dest and m is not mini), None)
    if occupant is not None:
        raise RefereeError(f"{state.source}: #{occupant.name} already stands on {dest}")
    ball = state.ball_at or (0, HALFWAY)
    behind = (ball[1] - dest[1]) * state.sign(mini.team)
    carrier = state.carrier
    in_22 = carrier is not None and state.rows_to_try_line(carrier) <= TWENTY_TWO  # 22 m, line included
    s.run(
        "free-move",
        {
            "rows_behind_ball": int(behind),
            "free_moves_this_turn": state.free_moves,
            "ball_loose_after_kick": state.kicked,
            "carrier_in_opponents_22": in_22,
            "team": "attack" if mini.team == state.attacking else "defence",
            "opponent_card": state.card(other(mini.team), cards_with("block")),
        },
        f"the ball is on row {ball[1]:g}",
    )
    state.free_moves += 1
    state.moved.append(mini.name)
    mini.at = tuple(dest)

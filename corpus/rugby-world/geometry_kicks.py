"""Rugby World's whole states, kicks: a kick in play, a drop, a penalty, a conversion."""

from __future__ import annotations

from referee.states.readers import lookup

from .geometry_moves import (
    _possession_ends,
)
from .geometry_state import (
    HALFWAY,
    Grid,
    Mini,
    _target,
    other,
)

# ---------------------------------------------------------------- kicks


def settle_kick(state: Grid, args: dict, s) -> None:
    mini = lookup(state.pieces, args["by"], state.source)
    kick = args["range"].lower()
    touch = bool(args.get("touch"))
    if state.phase in ("kick-off", "restart"):
        s.run("kick-off-kick", {"kind": state.phase, "kick": kick, "into_touch": touch, "kicker": mini.kicker})
    die = s.die()
    if die:
        s.run("kick-range", {"kick": kick, "kicker": mini.kicker, "die": die})
    state.kicked = True
    state.carrier = None
    state.moved.append(mini.name)
    if args.get("land"):
        land, named = _target(state, args["land"])
        if any(list(m.at) == land for m in state.pieces.values()):
            s.run("rugby-silent", {"about": "kick-onto-miniature"}, f"the ball lands on {named}, a miniature's")
        state.ball_at = (land[0], land[1])
    if touch:
        own_22 = state.in_own_22(mini)
        s.run(
            "touch",
            {
                "sent_by": "attack" if mini.team == state.attacking else "defence",
                "how": "kick",
                "within_own_22": own_22,
            },
        )
        state.thrower = other(mini.team)
        _possession_ends(state, "touch-kick", s)
        state.phase = "touch"


def _zone(rows: float, touchline: float) -> str:
    metres = rows * 2
    if metres <= 22 and touchline > 2:
        return "within-22"
    return "42-50" if metres >= 42 else "24-40-or-touchline"


def settle_drop(state: Grid, args: dict, s) -> None:
    mini = lookup(state.pieces, args["by"], state.source)
    opponents = [m for m in state.pieces.values() if m.team != mini.team]
    nearest = min((int(max(abs(m.at[0] - mini.at[0]), abs(m.at[1] - mini.at[1]))) for m in opponents), default=80)
    rows = state.rows_to_try_line(mini)
    s.run("drop-goal", {"in_opponents_half": rows < HALFWAY, "nearest_opponent": min(nearest, 80)})
    _kick_at_goal(state, mini, "drop", s)


def settle_penalty(state: Grid, args: dict, s) -> None:
    mini = lookup(state.pieces, args["by"], state.source)
    s.run("penalty-kicker", {"kicker": mini.kicker})
    if args.get("touch"):
        s.run("touch", {"sent_by": "attack" if mini.team == state.attacking else "defence", "how": "penalty-kick"})
        state.thrower = mini.team
        state.phase = "touch"
        return
    _kick_at_goal(state, mini, "penalty", s)


def _kick_at_goal(state: Grid, mini: Mini, kind: str, s) -> None:
    rows = state.rows_to_try_line(mini)
    touchline = min(mini.at[0], state.width - mini.at[0])
    kick = s.run(
        "kick-success", {"zone": _zone(rows, touchline), "kicker": mini.kicker, "die": s.die() or 0, "kind": kind}
    )
    if kick.outcome == "succeeds":
        s.run("points", {"score": "drop" if kind == "drop" else "penalty-kick"})
        state.score[mini.team] += 3
        _possession_ends(state, "score", s)
        s.run("restart", {"after": "after-score"})
        state.phase, state.attacking = "kick-off", other(mini.team)
        s.follow("kicks_off", state.name_of(other(mini.team)))
    elif kick.outcome == "fails":
        _possession_ends(state, "failed-kick", s)
        s.run("restart", {"after": "failed-kick"})
        state.phase = "restart"
        s.follow("restart_by", state.name_of(other(mini.team)))


def settle_conversion(state: Grid, args: dict, s) -> None:
    mini = lookup(state.pieces, args["by"], state.source)
    x = state.ball_at[0] if state.ball_at else mini.at[0]
    kick = s.run(
        "conversion",
        {"touchline_distance": int(min(x, state.width - x)), "kicker": mini.kicker, "die": s.die() or 0},
        f"the try crossed the line at x = {x:g}",
    )
    if kick.outcome == "succeeds":
        s.run("points", {"score": "conversion"})
        state.score[mini.team] += 2
    state.phase = "kick-off"
    s.follow("kicks_off", state.name_of(other(mini.team)))

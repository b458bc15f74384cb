"""Rugby World's whole states, the match's flow: the line-out, scrums and rucks, a chase, a special
card, a possession's end, the second half, where the book is silent."""

from __future__ import annotations

import re

from referee.errors import RefereeError
from referee.states.readers import lookup

from .checks_card_data import CARDS
from .geometry_moves import (
    _possession_ends,
)
from .geometry_state import (
    TEAMS,
    Grid,
    _side,
    other,
)
from .quotes import PACK


def settle_line_out(state: Grid, args: dict, s) -> None:
    if state.touch["chosen"] is None:
        raise RefereeError(f"{state.source}: say the number the throwers chose: touch: {{throwing: attack, chosen: 4}}")
    out = s.run("line-out", {"chosen": state.touch["chosen"], "guess": int(args["guess"])})
    thrower = state.touch["throwing"]
    winner = other(thrower) if out.value["ball"] == "defence" else thrower
    state.attacking, state.phase = winner, "play"
    s.follow("first_turn", state.name_of(winner))


def _pack(state: Grid, side: str) -> str:
    key = state.teams[side].lower().replace(" ", "-")
    if key not in PACK:
        raise RefereeError(f"{state.source}: name the national teams (teams: {{attack: England, defence: Japan}})")
    return key


def settle_scrum(state: Grid, args: dict, s) -> None:
    side = _side(state, args["side"])
    out = s.run("scrum-push", {"pushing": _pack(state, side), "other": _pack(state, other(side)), "die": s.die() or 0})
    if out.outcome == "succeeds":
        state.events.append("the packs move one intersection towards the losing side's try line")


def settle_ruck_push(state: Grid, args: dict, s) -> None:
    """2E: the Ruck's strengths (the tackled miniature and the supporters on the 3 intersections behind him) against
    the tacklers'; the push is the compulsory movement."""
    side = _side(state, args["side"])
    tackled = next((m for m in state.pieces.values() if "tackled" in m.status and m.team == side), None)
    if tackled is None:
        raise RefereeError(
            f"{state.source}: a Ruck needs a tackled miniature of {state.name_of(side)} (status: [tackled])"
        )
    sign = state.sign(side)
    behind = [m for m in state.pieces.values() if m.team == side and abs(m.at[0] - tackled.at[0]) <= 1
              and (tackled.at[1] - m.at[1]) * sign == 1]  # fmt: skip
    tacklers = state.tacklers(tackled)
    s.run("ruck", {"what": "push", "movements": len(state.moved)})
    s.run(
        "strength-rule",
        {"declarer": sum(m.stats.get("f") or 0 for m in [tackled, *behind]),
         "opponent": sum(m.stats.get("f") or 0 for m in tacklers), "compare": "ruck", "die": s.die() or 0},
        f"the Ruck of {1 + len(behind)} against {len(tacklers)} tackler(s)",
    )  # fmt: skip
    state.moved.append("ruck")


def settle_reorganise(state: Grid, args: dict, s) -> None:
    side = _side(state, args["side"])
    s.run("ruck", {"what": "reorganise", "reorganised": side in state.reorganised})
    if side not in state.reorganised:
        state.reorganised.append(side)


def settle_chase(state: Grid, args: dict, s) -> None:
    mini = lookup(state.pieces, args["by"], state.source)
    ball_row = state.ball_at[1] if state.ball_at else None
    kicker_row = None
    if args.get("kicker"):
        kicker_row = lookup(state.pieces, args["kicker"], state.source).at[1]
    reference = kicker_row if kicker_row is not None else ball_row
    if reference is None:
        raise RefereeError(f"{state.source}: say who kicked: '#13 chases #10's kick'")
    ahead = (mini.at[1] - reference) * state.sign(mini.team) > 0
    out = s.run("offside", {"offside": ahead})
    if out.verdict == "illegal":
        _possession_ends(state, "offside", s)
        state.phase, state.attacking = "scrum", other(mini.team)
        s.follow("scrum_to", state.name_of(other(mini.team)))


def settle_card(state: Grid, args: dict, s) -> None:
    side = _side(state, args["side"])
    text = args["card"].strip().lower()
    name = re.sub(r"[^a-z0-9]+", "-", re.sub(r"\s*\(.*$", "", text)).strip("-")
    if name not in CARDS:
        s.run("card-unknown", {"card": args["card"].strip()[:200]})
        return
    card = CARDS[name]
    mini = lookup(state.pieces, args["on"], state.source) if args.get("on") else None
    both = bool(args.get("both"))
    s.run(
        "special-card",
        {
            "card": name,
            "role": mini.role if mini else "unknown",
            "side": "attack" if side == state.attacking else "defence",
            "phase": {"scrum": "scrum", "ruck": "ruck", "penalty": "kick-at-goal"}.get(state.phase, "play"),
            "played_before": name in state.played[side],
            "opponent_card": state.cards[other(side)][0] if state.cards[other(side)] else "none",
            "moved_already": bool(mini) and mini.name in state.moved,
            "effects_used": 2 if both else 1,
        },
    )
    state.played[side].append(name)
    if "skip" in dict(card.effects):
        s.run("card-turns", {"card": name})
    if "speed" in dict(card.effects) and mini is not None and mini.stats.get("s") is not None:
        s.run("card-speed", {"card": name, "s": mini.stats.get("s")})


def settle_possession_end(state: Grid, args: dict, s) -> None:
    s.run("match-end", {"score": [state.score["attack"], state.score["defence"]], "possession": state.possession})


def settle_second_half(state: Grid, args: dict, s) -> None:
    asked = "who" if args.get("who") else "how"
    out = s.run(
        "restart", {"after": "second-half", "first_half_kicker": state.first_half_kicker or "unknown", "asked": asked}
    )
    by = out.value["by"] if out.verdict == "value" else out.readings[0].value["by"]
    state.possession, state.phase = 5, "restart"
    if by in TEAMS:
        s.follow("kicks", state.name_of(by))
        state.attacking = other(by)


def settle_silent(state: Grid, args: dict, s) -> None:
    about = "in-goal-catch" if args.get("ingoal") else "forward-pass"
    s.run("rugby-silent", {"about": about})

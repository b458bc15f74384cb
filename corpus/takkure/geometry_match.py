"""Takkure's whole states, the match's flow: fatigue, rest, token removal, the end of an activation,
time, kicks and kick-offs, halftime, team plays, cards and skills, measuring."""

from __future__ import annotations

import re

from referee.errors import RefereeError
from referee.states.readers import lookup

from .geometry_rolls import (
    _stat,
)
from .geometry_state import (
    TEAMS,
    Pitch,
    other,
)


def settle_fatigue(state: Pitch, args: dict, s) -> None:
    who = lookup(state.pieces, args["by"], state.source)
    third = bool(args.get("third"))
    out = s.run("fatigue-gain", {"active": who.fatigue, "inactive": who.fatigue_inactive, "third_activation": third})
    who.fatigue, who.fatigue_inactive = out.value["active"], out.value["inactive"]
    if third:
        who.activations = 3


def settle_rest(state: Pitch, args: dict, s) -> None:
    who = lookup(state.pieces, args["by"], state.source)
    out = s.run(
        "rest", {"active": who.fatigue, "inactive": who.fatigue_inactive, "on_defence": who.team != state.attacking}
    )
    if out.value:
        who.fatigue, who.fatigue_inactive = out.value["active"], out.value["inactive"]


def settle_token_removal(state: Pitch, args: dict, s) -> None:
    for p in state.pieces.values():
        if not p.grounded_tokens:
            continue
        out = s.run(
            "token-removal",
            {
                "on_attack": p.team == state.attacking,
                "activated": "activated" in p.status or p is state.active,
                "is_ball_carrier": p is state.carrier,
            },
            f"#{p.name}",
        )
        if out.value["removes"]:
            p.grounded_tokens -= 1


def _holder(state: Pitch) -> str:
    if state.carrier is None:
        return "nobody"
    return "attack" if state.carrier.team == state.attacking else "defence"


def settle_activation_end(state: Pitch, args: dict, s) -> None:
    holder = _holder(state)
    s.run("attacking-team", {"ball": holder})
    match = state.match
    if match is None or not match.activations:
        return
    stolen = state.stolen or holder == "defence"
    end = s.run("activation-end", {"tokens_used": match.activations, "stolen": stolen})
    if stolen:
        state.attacking = other(state.attacking)
        match.activations = 0
        return
    if end.value["tokens_left"] == 0 and match.time:
        _time_dashboard(state, s)


def settle_tokens_run_out(state: Pitch, args: dict, s) -> None:
    if state.match is None or state.match.time is None:
        raise RefereeError(
            f"{state.source}: say where the time tokens are: match: {{time: {{box: 1, attack: active}}}}"
        )
    _time_dashboard(state, s)


def _time_dashboard(state: Pitch, s) -> None:
    match = state.match
    score = [match.score[state.attacking], match.score[other(state.attacking)]] if match.score else []
    out = s.run(
        "time-dashboard",
        {"box": match.time["box"], "side": match.time[state.attacking], "half": match.half, "score": score},
    )
    value = out.value
    if value["half_over"]:
        match.activations = 0
        state.phase = "halftime" if not value.get("match_over") else "over"
        state.over = bool(value.get("match_over"))
        if "result" in value:
            result = value["result"]
            s.follow(
                "result",
                "draw"
                if result == "draw"
                else state.name_of(state.attacking if result.startswith("attack") else other(state.attacking)),
            )
        return
    if value["box"] != match.time["box"]:
        match.time[other(state.attacking)] = "active"  # both tokens moved down and flipped to active
    match.time["box"] = value["box"]
    match.time[state.attacking] = value["side"]
    match.activations = 0
    s.follow("activation_tokens", value["activation_tokens"])


def settle_kick_out(state: Pitch, args: dict, s) -> None:
    match = state.match
    if match is None or match.time is None or match.score is None:
        raise RefereeError(
            f"{state.source}: say the time box and the score: match: {{time: {{box: 1}}, score: {{...}}}}"
        )
    out = s.run(
        "kick-out",
        {
            "box": match.time["box"],
            "attack_score": match.score[state.attacking],
            "defence_score": match.score[other(state.attacking)],
        },
    )
    if out.verdict == "legal":
        state.phase = "halftime" if match.half == 1 else "over"
        state.over = match.half == 2


OCCASION_WORDS = {
    "start": "start",
    "second": "second-half",
    "try": "after-try",
    "missed": "failed-try",
    "failed": "failed-try",
}


def settle_kick_off(state: Pitch, args: dict, s) -> None:
    text = (args.get("occasion") or "").lower()
    occasion = next((v for k, v in OCCASION_WORDS.items() if k in text), None)
    if occasion is None and state.match is not None:
        occasion = state.match.occasion
    if occasion is None:
        raise RefereeError(
            f"{state.source}: say which kick-off: at the start, for the second half, after a try or after a missed try"
        )
    kicked = state.match.kicked_off if state.match else None
    out = s.run("kick-off-team", {"occasion": occasion, "first_half_kicker": kicked or "unknown"})
    state.phase = "kick-off"
    kicks = out.value.get("kicks")
    if kicks in TEAMS:
        s.follow("kicks_off", state.name_of(kicks))
    if out.value.get("chooses") == "the defence":
        s.follow("chooses", state.name_of(other(state.attacking)))
    if occasion == "second-half" and state.match and state.match.time:
        state.match.time = {"box": 5, "attack": "active", "defence": "active"}
        state.match.half = 2


def settle_template(state: Pitch, args: dict, s) -> None:
    spot = state.match.template if state.match else {}
    if not spot:
        raise RefereeError(
            f"{state.source}: give the template's distances: "
            "match: {template: {kick_off_line: 0.5, in_goal: 6, edge: 3}}"
        )
    s.run(
        "kick-off-template",
        {
            "from_kick_off_line": spot.get("kick_off_line"),
            "from_in_goal": spot.get("in_goal"),
            "from_edge": spot.get("edge"),
        },
    )


def settle_ball_lands(state: Pitch, args: dict, s) -> None:
    if state.ball_at is None:
        raise RefereeError(f"{state.source}: say where the kick-off ball is: ball: [x, y]")
    near = [p for p in state.pieces.values() if state.to_ball(p) <= 2]
    out = s.run("kick-off-catch", {"within_2": len(near)})
    if out.verdict == "value" and not near:
        s.run("attacking-team", {"ball": "nobody", "after_kick_off": True})
        kicking = state.match.kicking if state.match else None
        if kicking is None:
            raise RefereeError(f"{state.source}: say which team kicked off: match: {{kicking: attack}}")
        state.attacking = other(kicking)
        state.phase = "play"


def settle_halftime(state: Pitch, args: dict, s) -> None:
    text = args.get("about", "").lower()
    about = next((w for w in ("fatigue", "cards", "grounded", "wounds") if w in text or w.rstrip("s") in text), None)
    if about is None:
        raise RefereeError(f"{state.source}: say what is asked about halftime: its fatigue, cards, grounded or wounds")
    s.run("halftime", {"about": about})


def settle_off_pitch(state: Pitch, args: dict, s) -> None:
    s.run("off-the-pitch", {"what": "ball" if args.get("ball") else "displaced-player"})


def settle_team_play(state: Pitch, args: dict, s) -> None:
    who = lookup(state.pieces, args["with"], state.source) if args.get("with") else state.active
    name = (args.get("card") or "").strip().lower()
    used = state.match.team_plays_used[state.attacking] if state.match else []
    s.run(
        "team-play",
        {
            "carrier_active": who is not None and who is state.carrier,
            "used_since_kick_off": bool(name) and name in [u.lower() for u in used],
        },
    )


def settle_card_timing(state: Pitch, args: dict, s) -> None:
    side = args["side"].lower()
    side = side if side in TEAMS else next((t for t in TEAMS if state.teams[t].lower() == side), side)
    if side not in TEAMS:
        raise RefereeError(f"{state.source}: {args['side']!r} is neither team")
    passed = state.match.passed if state.match else []
    s.run("card-timing", {"coach": side, "passed": side in passed})


def settle_play_card(state: Pitch, args: dict, s) -> None:
    s.run("play-card", {"card": args["card"].strip()[:200]})


def settle_player_skill(state: Pitch, args: dict, s) -> None:
    s.run("player-skill", {"skill": args["skill"].strip()[:200]})


HONOR_WORDS = {"grounded": "remove-grounded", "fatigue": "flip-fatigue", "int": "repeat-int"}


def settle_team_skill(state: Pitch, args: dict, s) -> None:
    who = lookup(state.pieces, args["by"], state.source)
    team = state.teams[who.team].lower()
    if team not in ("yamato", "teriomorph"):
        raise RefereeError(f"{state.source}: say the teams' names (teams: {{attack: Yamato, defence: Teriomorph}})")
    text = args["effect"].lower()
    if team == "yamato":
        effect = next((v for k, v in HONOR_WORDS.items() if k in text), None)
        if effect is None:
            raise RefereeError(
                f"{state.source}: Unwavering Honor removes a GROUNDED token, flips fatigue or repeats INT"
            )
        target = lookup(state.pieces, args["on"], state.source) if args.get("on") else who
        s.run(
            "team-skill",
            {
                "team": team,
                "effect": effect,
                "tokens": target.skill_tokens,
                "own_token": target.skill_tokens > 0,
                "is_ball_carrier": target is state.carrier,
            },
        )
        return
    bonus = re.search(r"\+(\d+)", text)
    rerolls = re.search(r"(\d+|one|two|three) rerolls?", text)
    count = {"one": 1, "two": 2, "three": 3}
    n = 0 if not rerolls else count.get(rerolls.group(1)) or int(rerolls.group(1))
    effect = "card" if "card" in text else ("bonus" if bonus else "reroll")
    attribute = next((_stat(who, k) for k in ("str", "bac", "ref", "int") if k in text), None)
    s.run(
        "team-skill",
        {
            "team": team,
            "effect": effect,
            "tokens": who.skill_tokens,
            "attribute": attribute,
            "bonus": int(bonus.group(1)) if bonus else 0,
            "rerolls": n,
        },
    )


def settle_measuring(state: Pitch, args: dict, s) -> None:
    s.run("measuring", {"declared": False})

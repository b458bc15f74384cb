"""Touchdown Heroes in whole states (docs/game-states.md): the field, the four seats (their hands and heroes), the
trick, what happened before (the half, the score, the series, which pair are the Eagles), and the actions, each
settled in the state the previous one left: who attacks, where the ball is, who leads, the phase."""

from __future__ import annotations

import re

from referee.rules import Action, StateRules

from .geometry_plays import (
    _half_over,
    settle_card,
    settle_declaration,
    settle_judgement,
    settle_kick_choice,
    settle_kick_play,
    settle_kickoff,
    settle_teams,
)
from .geometry_state import (
    Field,
    _hero_name,
    follows,
    read_state,
)

# ---------------------------------------------------------------- heroes, the book's silences


WHEN_WORDS = (
    ("kickoff", "kickoff"),
    ("start of play", "start-of-play"),
    ("after the lead", "after-lead-played"),
    ("before", "before-own-card"),
    ("success", "after-attack-success"),
    ("halftime", "halftime"),
)


def settle_hero(state: Field, args: dict, s) -> None:
    seat = state.seat(args["by"])
    player = state.players[seat]
    hero = _hero_name(args["hero"])
    text = (args.get("when") or "").lower()
    when = next((w for k, w in WHEN_WORDS if k in text), None)
    if when is None:
        when = "kickoff" if state.phase == "kickoff" else ("after-lead-played" if state.trick else "start-of-play")
    s.run(
        "hero-skill",
        {
            "hero": hero,
            "face_up": player.hero["up"] if player.hero else True,
            "when": when,
            "is_lead": state.lead == seat,
            "declared": "without declaring" not in text,
        },
    )
    if player.hero:
        player.hero["up"] = False


def settle_hero_up(state: Field, args: dict, s) -> None:
    seat = state.seat(args["by"])
    hero = state.players[seat].hero
    s.run(
        "hero-face-up",
        {"by_playbook": bool(args.get("playbook")), "face_down": not hero["up"] if hero else True},
        f"{state.players[seat].name}'s hero",
    )


def settle_what(state: Field, args: dict, s) -> None:
    text = args["what"].lower()
    number_ = re.search(r"\b(10|[1-9])\b", text)
    hero = _hero_name(text.replace("skill", "").replace("the ", " ").strip())
    if (number_ and "play-book" in text) or (number_ and "effect" in text):
        s.run("playbook-faq", {"number": int(number_.group(1)), "case": "text"})
    else:
        s.run("hero-effect", {"hero": hero})


def settle_tough_man(state: Field, args: dict, s) -> None:
    hero = state.players[state.seat(args["by"])].hero
    ready = hero is None or (hero["name"] == "tough-man" and hero["up"])
    out = s.run("tough-man-seven", {"position": state.ball, "hero_ready": ready})
    if out.verdict != "value":
        return
    if out.value.get("own_goal"):
        state.events.append("an own goal, 2 points")
    else:
        state.ball = out.value["position"]


def settle_briefing(state: Field, args: dict, s) -> None:
    s.run("briefing-pass", {"returned": False}, f"{args['by']} keeps a card shown by the partner")


def settle_revoke(state: Field, args: dict, s) -> None:
    s.run("revoke", {"found_later": True}, f"{args['by']} did not follow")


def settle_own_goal(state: Field, args: dict, s) -> None:
    s.run("own-goal-restart", {"asked": "points" if args.get("points") else "restart"})


def settle_half_ends(state: Field, args: dict, s) -> None:
    """A claim: a half ends when a possession change occurs with every hand empty."""
    what = f"the {args['half'].lower()} half ends"
    empty = state.hands_empty()
    known = [p.cards for p in state.players if p.cards is not None]
    if empty is not None:
        out = s.run("half-end", {"empty_hands": empty, "possession_changes": True, "half": state.half}, what)
        if out.verdict == "unknown":
            s.claim(what, "open")
        s.claim(what, "checked" if out.value["half_over"] else "contradicted")
    elif known:
        s.claim(what, "unsupported", "how many cards every player holds (cards: 0 or hand: [...] for each)")
    else:
        s.claim(what, "premise", "hands (cards: or hand: for each player)")
    if args["half"].lower() in ("second", "2nd"):
        state.half = 2
        state.phase = "over"
        s.run("game-end", {"eagles": state.score["eagles"], "bears": state.score["bears"]})
    else:
        _half_over(state, s)


# Why a key nothing read does not bear on a ruling ('when,…:glob'; when: an action or 'illegal').
# A key nothing read and nothing here excuses leaves the ruling unknown (referee.states.bearing).
IGNORES = {
    "players.*.name": "a name only names the seat; the rules read the seat order",
    "players.*.team": (
        "sides are checked against the seat order when the state is read (teammates sit two apart); the rules read "
        "the seats"
    ),
    "judge,hero,what:play": ("whether the play is a run or a pass bears only on following suit, not on this ruling"),
    "hero,what:trick": "a Hero's use and the book's silences are ruled without the cards of the trick",
    "play-card:players.*.hand": ("only the hand of the player who plays bears on his card (whether he can follow)"),
}

# What each key of a state says (referee check --describe, docs/game-states.md).
KEY_HELP = {
    "ball": "the square, 1 to 10, counted down to the attacking team's goal",
    "series": "series cards still face up (0 to 3)",
    "players": "the four seats clockwise: name, team, hand or cards, hero",
    "lead": "who holds the lead marker",
    "play": "the declared play: run (must follow suit) or pass (may follow)",
    "trick": "the cards played so far, from the lead",
    "intercept": "the pass play was intercepted",
    "half": "the half being played: 1 or 2",
    "eagles": "which side the Eagles are: attack or defence",
    "score": "the points: {eagles, bears}",
    "phase": "where play stands: play, kickoff, halftime, over",
}

STATES = StateRules(
    key_help=KEY_HELP,
    read=read_state,
    keys=("ball", "series", "players", "lead", "play", "trick", "intercept", "half", "eagles", "score", "phase"),
    follows=follows,
    ignores=IGNORES,
    actions=[
        Action("teams", (r"(?:deal the heroes|the heroes are dealt|who leads)",), settle_teams, "the heroes are dealt"),
        Action(
            "play-card",
            (r"(?P<by>\w+) plays (?:the |a )?(?P<suit>power|speed|stamina|tactics) (?P<number>\d+)",),
            settle_card,
            "B plays power 2",
        ),
        Action("judge", (r"judge(?: the trick)?", r"who wins the trick\??"), settle_judgement, "judge the trick"),
        Action(
            "declare",
            (r"(?P<by>\w+) declares a (?P<play>run|pass|kick) play",),
            settle_declaration,
            "A declares a kick play",
        ),
        Action("kick-play", (r"(?:(?P<by>\w+) (?:makes|plays) a )?kick play",), settle_kick_play, "kick play"),
        Action(
            "kick-choice",
            (
                r"\w+ wants a (?P<first>normal|random) kick,? (?:and|but) "
                r"\w+ (?:wants )?a (?P<second>normal|random) kick",
            ),
            settle_kick_choice,
            "B wants a normal kick and D a random kick",
        ),
        Action(
            "kickoff",
            (r"(?:the defence chooses a )?(?P<kick>normal|random) kick(?:off)?",),
            settle_kickoff,
            "random kick",
        ),
        Action(
            "hero-up",
            (
                r"(?P<by>\w+) turns (?:his |her |the )?hero face up"
                r"(?: (?P<playbook>by a play-book effect)| at halftime)?",
            ),
            settle_hero_up,
            "B turns his hero face up at halftime",
        ),
        Action(
            "tough-man",
            (r"(?P<by>\w+) uses (?:the )?tough man with the (?:play-book )?7",),
            settle_tough_man,
            "D uses Tough Man with the 7",
        ),
        Action(
            "hero",
            (
                r"(?P<by>\w+) uses (?:his |her |the )?(?P<hero>[\w -]+?)(?: skill)?"
                r"(?P<when> (?:at|after|before|without)[\w ,'-]*)?",
            ),
            settle_hero,
            "D uses Monster at kickoff",
        ),
        Action(
            "what", (r"what (?:exactly )?does (?P<what>.+?) do",), settle_what, "what does the 6 play-book effect do"
        ),
        Action(
            "briefing",
            (r"(?P<by>\w+) keeps (?:a|one) (?:of the )?cards?(?: .*)?",),
            settle_briefing,
            "B keeps a card D passed",
        ),
        Action(
            "half-ends",
            (r"the (?P<half>first|second|1st|2nd) half ends",),
            settle_half_ends,
            "the second half ends",
            claim=True,
        ),
        Action(
            "revoke",
            (r"(?P<by>\w+) (?:held the led suit but played another(?: suit)?|did not follow)(?:[,;]? .*)?",),
            settle_revoke,
            "B did not follow, found two tricks later",
        ),
        Action(
            "own-goal",
            (
                r"(?:who kicks off|what happens|how does play restart) after (?:the |an )?own goal",
                r"who (?P<points>scores) the own goal",
            ),
            settle_own_goal,
            "who kicks off after the own goal",
        ),
    ],
)

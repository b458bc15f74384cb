"""Touchdown Heroes in whole states (docs/game-states.md): the field, the four seats (their hands and heroes), the
trick, what happened before (the half, the score, the series, which pair are the Eagles), and the actions, each
settled in the state the previous one left: who attacks, where the ball is, who leads, the phase."""

from __future__ import annotations

import re
from typing import ClassVar

from referee.errors import RefereeError
from referee.rules import Action, StateRules
from referee.states.readers import choice, number
from referee.states.tracking import Tracked

from .checks import HEROES, SUITS

SIDES = ("attack", "defence")
PHASES = ("briefing", "kickoff", "play", "halftime", "over")


def other(side: str) -> str:
    return "defence" if side == "attack" else "attack"


def _card(text: object, where: str) -> tuple[str, int]:
    """A play card written 'power 4'."""
    parts = str(text).lower().split() if isinstance(text, str) else []
    if len(parts) != 2 or parts[0] not in SUITS or not parts[1].isdigit() or not 1 <= int(parts[1]) <= 10:
        raise RefereeError(f"{where}: a card is a suit and a number 1-10, e.g. 'power 4'; got {text!r}"[:200])
    return parts[0], int(parts[1])


def _hero_name(text: str) -> str:
    slug = re.sub(r"[^a-z]+", "-", text.lower()).strip("-")
    for name in (slug, f"the-{slug}"):
        if name in HEROES:
            return name
    return "other"


class Seat(Tracked):
    KEYS: ClassVar[dict[str, tuple[str, ...]]] = {"cards": ("hand", "cards")}
    DERIVED = frozenset({"index"})

    def __init__(self, raw: dict, where: str, index: int) -> None:
        self._where = f"players.{index}"
        self.index = index
        self.name = str(raw.get("name", "")).strip()
        if not self.name or len(self.name) > 20:
            raise RefereeError(f"{where}: a player needs a short name")
        self.team = choice(raw["team"], f"{where}.team", SIDES) if "team" in raw else None
        hand = raw.get("hand", [])
        if not isinstance(hand, list) or len(hand) > 12:
            raise RefereeError(f"{where}.hand: a list of at most 12 cards")
        self.hand = [_card(c, f"{where}.hand") for c in hand]
        self.cards = (
            int(number(raw["cards"], f"{where}.cards", 0, 12, whole=True))
            if "cards" in raw
            else (len(hand) if "hand" in raw else None)
        )
        hero = raw.get("hero")
        self.hero = None
        if hero is not None:
            if not isinstance(hero, dict):
                raise RefereeError(f"{where}.hero: {{name: Birdman, number: 7, up: true}}")
            self.hero = {
                "name": _hero_name(str(hero.get("name", "other"))),
                "number": int(number(hero["number"], f"{where}.hero.number", 0, 99, True))
                if "number" in hero
                else None,
                "up": bool(hero.get("up", True)),
            }


class Played(Tracked):
    """A card of the trick: its suit and number, and whether it is in the follow state (a '9' may change it)."""

    KEYS: ClassVar[dict[str, tuple[str, ...]]] = {"card": ("card",), "override": ("follow",)}

    def __init__(self, raw: object, where: str, index: int) -> None:
        self._where = f"trick.{index}"
        if isinstance(raw, dict):
            self.card = _card(raw.get("card"), where)
            self.override = bool(raw["follow"]) if "follow" in raw else None
        else:
            self.card = _card(raw, where)
            self.override = None


class Field(Tracked):
    KEYS: ClassVar[dict[str, tuple[str, ...]]] = {"lead": ("lead",)}
    DERIVED = frozenset({"source", "players", "attacking", "events", "played_cards"})

    def __init__(self, raw: dict, source: str) -> None:
        self._where = ""
        self.source = source
        self.ball = int(number(raw.get("ball", 8), f"{source}: ball (the square, 1 to 10)", 1, 10, whole=True))
        self.series = int(number(raw.get("series", 3), f"{source}: series", 0, 3, whole=True))
        seats = raw.get("players")
        if not isinstance(seats, list) or not all(isinstance(p, dict) for p in seats):
            raise RefereeError(f"{source}: 'players' lists the players in seat order, clockwise")
        if len(seats) != 4:
            raise RefereeError(f"{source}: {len(seats)} players; this game is for 4 players only")
        self.players = [Seat(p, f"{source}: players[{i}]", i) for i, p in enumerate(seats)]
        teams = [p.team for p in self.players]
        if any(t is not None for t in teams):
            for i, p in enumerate(self.players):
                if (
                    p.team is None
                    or p.team != self.players[(i + 2) % 4].team
                    or p.team == self.players[(i + 1) % 4].team
                ):
                    raise RefereeError(
                        f"{source}: teammates sit two seats apart (the teams alternate around the table)"
                    )
        names = [p.name for p in self.players]
        if len(set(n.lower() for n in names)) != 4:
            raise RefereeError(f"{source}: the players need four different names")
        self.lead = names.index(choice(raw["lead"], f"{source}: lead", tuple(names))) if "lead" in raw else None
        self.play = choice(raw.get("play", "run"), f"{source}: play", ("run", "pass"))
        trick = raw.get("trick", [])
        if not isinstance(trick, list) or len(trick) > 4:
            raise RefereeError(f"{source}: 'trick' lists the cards played so far, at most 4")
        self.trick = [Played(c, f"{source}: trick[{i}]", i) for i, c in enumerate(trick)]
        self.intercept = bool(raw.get("intercept", False))
        self.half = int(number(raw.get("half", 1), f"{source}: half", 1, 2, whole=True))
        self.eagles = choice(raw.get("eagles", "attack"), f"{source}: eagles", SIDES) if "eagles" in raw else None
        score = raw.get("score", {})
        if not isinstance(score, dict):
            raise RefereeError(f"{source}: score: {{eagles: 2, bears: 0}}")
        self.score = {
            t: int(number(score.get(t, 0), f"{source}: score.{t}", 0, 200, True)) for t in ("eagles", "bears")
        }
        self.phase = choice(raw.get("phase", "play"), f"{source}: phase", PHASES)
        self.attacking = "attack"
        self.events: list[str] = []

    def seat(self, name: str) -> int:
        names = [p.name.lower() for p in self.players]
        if name.lower() not in names:
            raise RefereeError(f"{self.source}: the action names {name!r}, who is not one of the players")
        return names.index(name.lower())

    def team_name(self, side: str) -> str:
        if self.eagles is None:
            return side
        return "Eagles" if side == self.eagles else "Bears"

    def lead_seat(self) -> int:
        if self.lead is None:
            raise RefereeError(f"{self.source}: say who holds the lead marker (lead: A)")
        return self.lead

    def hands_empty(self) -> int | None:
        counts = [p.cards for p in self.players]
        return None if any(c is None for c in counts) else sum(1 for c in counts if c == 0)


def read_state(raw: dict, source: str) -> Field:
    return Field(raw, source)


def follows(state: Field) -> dict:
    out: dict = {
        "attacking": state.team_name(state.attacking),
        "ball": state.ball,
        "series": state.series,
        "phase": state.phase,
        "half": state.half,
    }
    if state.lead is not None:
        out["lead"] = state.players[state.lead].name
    if any(state.score.values()):
        out["score"] = dict(state.score)
    if state.events:
        out["events"] = list(state.events)
    return out


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

"""Touchdown Heroes' rules as checks. Field positions are squares 1-10 counted to the
attacking team's goal ("0" is the goal line); players sit in turn order from the lead.

Besides a trick (who may play what, who wins it, how far the ball goes), the game's flow is here: making the
teams, kickoffs, the plays a lead may declare, the series and possession changes, where the lead goes, the end
of each half and of the game; and what the book's FAQ says of the play-book effects and the heroes' skills,
whose own texts are printed only on the cards (`unknown`, saying so)."""

from __future__ import annotations

from referee.errors import RefereeError
from referee.rules import Fact, Quote, Verdict, apart, because, check, same, then

from .quotes import (
    ADVANCE,
    ADVANCING_SCORES,
    AFTER_SCORE,
    BRIEFING_PASS,
    COMBINATION,
    DRAW_PILE,
    EFFECT_WHEN,
    FACE_DOWN_HERO,
    FAILURE_SERIES,
    FAILURE_TURNOVER,
    FAQ_1_SELF,
    FAQ_2_TIE,
    FAQ_3_10_LEAD,
    FAQ_4_HERO_UP,
    FAQ_5_TWICE,
    FAQ_6_8_AFTER,
    FAQ_7_9_SELF,
    FAQ_9_LEAD,
    FAQ_MONSTER_KICKOFF,
    FAQ_MONSTER_NOT_LEAD,
    FAQ_NINJA_BEFORE,
    FAQ_NINJA_UNDECLARED,
    FAQ_OWN_GOAL,
    FAQ_OWN_TEAM,
    FAQ_SKULL_MAN,
    FAQ_START_OF_PLAY,
    FAQ_SUCCESS_SELF,
    FAQ_SUCCESS_TIMING,
    FAQ_TOUGH_MAN,
    FAQ_WONDER_GIRL,
    FIRST_DEFENDERS,
    FOUR_PLAYERS,
    GAME_OVER,
    HALF_ENDS,
    HALFTIME,
    INTERCEPT,
    KICK_CHOICE,
    KICK_NO_BONUS,
    KICK_PLAY,
    KICK_POINT,
    KICK_TURNOVER,
    KICKOFF_WHEN,
    LEAD_MOVES,
    LEAD_TO_ATTACK,
    LOWEST_HERO,
    LOWEST_WINS,
    MAY_FOLLOW,
    MUST_FOLLOW,
    NEW_LEAD,
    NORMAL_KICK,
    NOT_PRINTED,
    ONSIDE,
    PLAYS,
    RANDOM_KICK,
    SAME_JUDGEMENT,
    SEATS,
    SEE_CARDS,
    SKILL_WHEN,
    SUCCESS_FAILURE,
    SUCCESS_SERIES,
    TOUCHDOWN,
)

SUITS = ("power", "speed", "stamina", "tactics")


@check(
    "player-count",
    "Can this many people play? Exactly 4",
    [Fact("players", "int", "number of players", low=1, high=20)],
    example={"players": 5},
)
def player_count(f: dict) -> Verdict:
    ok = f["players"] == 4
    return Verdict(
        "legal" if ok else "illegal",
        reasons=[because(FOUR_PLAYERS, f"{f['players']} players")],
        summary=f"{'legal' if ok else 'illegal'}: {f['players']} players (the game is for exactly 4)",
    )


@check(
    "team-creation",
    "Who leads, and which pair are the Eagles? The lowest hero's uniform number leads and takes the Eagles with his "
    "partner; the Bears kick off the first half",
    [Fact("numbers", "ints", "the heroes' uniform numbers, in seat order (clockwise)", low=0, high=99)],
    example={"numbers": [7, 3, 9, 5]},
)
def team_creation(f: dict) -> Verdict:
    numbers = f["numbers"]
    if len(numbers) != 4 or len(set(numbers)) != 4:
        raise RefereeError("fact 'numbers': four different uniform numbers, one per seat")
    lead = numbers.index(min(numbers))
    eagles = sorted([lead, (lead + 2) % 4])
    return Verdict(
        "value",
        {
            "lead": lead + 1,
            "eagles": [i + 1 for i in eagles],
            "bears": [i + 1 for i in range(4) if i not in eagles],
            "kick_off": "bears",
        },
        [because(SEATS, "partners sit two seats apart"), because(LOWEST_HERO, f"the lowest number is {min(numbers)}")],
        consequences=[
            then(FIRST_DEFENDERS, "the Bears defend first"),
            then(KICKOFF_WHEN, "the defending team kicks off"),
        ],
        summary=f"seat {lead + 1} leads; seats {eagles[0] + 1} and {eagles[1] + 1} are the Eagles; the Bears kick off",
    )


# ================================================================ kickoff


@check(
    "kickoff",
    "Where the ball starts after a kickoff: normal kick on 8; random kick 3 + die, onside on a 1 (possession changes, "
    "the lead to the left, the ball on 7)",
    [
        Fact("kick", "choice", "the kick chosen", choices=("normal", "random")),
        Fact("die", "int", "the die, for a random kick", 0, low=0, high=6),
    ],
    example={"kick": "random", "die": 1},
)
def kickoff(f: dict) -> Verdict:
    if f["kick"] == "normal":
        return Verdict(
            "value",
            {"position": 8, "onside": False},
            [because(NORMAL_KICK, "on the 8")],
            summary="the ball starts on 8",
        )
    if f["die"] < 1:
        raise RefereeError("fact 'die': a random kick needs the die rolled, 1 to 6")
    if f["die"] == 1:
        value, reasons, summary = _possession_change(3 + f["die"], ONSIDE, "sat")
        return Verdict(
            "value",
            {**value, "onside": True},
            [because(RANDOM_KICK, "a 1 is an onside kick"), *reasons],
            summary=f"onside kick: {summary}; the lead marker moves to the player on the left",
        )
    return Verdict(
        "value",
        {"position": 3 + f["die"], "onside": False},
        [
            because(RANDOM_KICK, f"3 + {f['die']} = {3 + f['die']}"),
            because(NORMAL_KICK, "the normal kick would give 8"),
        ],
        summary=f"the ball starts on {3 + f['die']}",
    )


@check(
    "kick-choice",
    "Who chooses the kick? The defending pair, discussing it; if its two players disagree, the book does not say",
    [Fact("agreed", "bool", "the defending pair agree on the kick")],
    example={"agreed": False},
)
def kick_choice(f: dict) -> Verdict:
    if f["agreed"]:
        return Verdict("legal", reasons=[because(KICK_CHOICE, "the pair chooses")], summary="the pair's choice")
    return Verdict(
        "unknown",
        None,
        [because(KICK_CHOICE, "the pair discusses and chooses; a disagreement is not dealt with")],
        summary="unknown: the book does not say whose choice prevails when the defending pair disagree",
    )


# ================================================================ plays and cards


@check(
    "play-declaration",
    "May the lead declare this play? Run, pass or kick; with no cards in hand, only a kick play",
    [
        Fact("play", "choice", "the play declared", choices=("run", "pass", "kick")),
        Fact("cards_in_hand", "int", "cards in the lead's hand", low=0, high=12),
    ],
    example={"play": "kick", "cards_in_hand": 6},
)
def play_declaration(f: dict) -> Verdict:
    reasons = [because(PLAYS, f"{f['cards_in_hand']} card(s) in hand")]
    if f["cards_in_hand"] == 0 and f["play"] != "kick":
        return Verdict("illegal", reasons=reasons, summary=f"illegal {f['play']} play: with no cards only a kick play")
    consequences = [then(KICK_PLAY, "the die decides how far the ball goes")] if f["play"] == "kick" else []
    return Verdict("legal", reasons=reasons, consequences=consequences, summary=f"legal {f['play']} play")


@check(
    "legal-play",
    "May this card be played? Run play: must follow the lead's suit if you can; pass play: any card",
    [
        Fact("play", "choice", "the declared play", choices=("run", "pass")),
        Fact("lead_suit", "choice", "suit of the lead's card", choices=SUITS),
        Fact("card_suit", "choice", "suit of the card played", choices=SUITS),
        Fact("hand_has_lead_suit", "bool", "the player holds a card of the lead's suit"),
        Fact("faq", "bool", "the FAQ rules on this card's play-book effect (playbook-faq, run with the play)", False),
    ],
    example={"play": "run", "lead_suit": "power", "card_suit": "speed", "hand_has_lead_suit": True},
)
def legal_play(f: dict) -> Verdict:
    follows = f["card_suit"] == f["lead_suit"]
    effect = [] if follows else [then(NOT_PRINTED, "its effect is printed on the card, not in the book")]
    if f["faq"]:  # the FAQ's ruling (playbook-faq, run with the play) says what the effect does here
        effect = []
    applies = "its play-book effect as the FAQ rules it" if f["faq"] else "its play-book effect applies"
    if f["play"] == "pass":
        return Verdict(
            "legal",
            {"follow": follows},
            [because(MAY_FOLLOW, "a pass play may follow or not")],
            consequences=[]
            if follows
            else [
                then(MAY_FOLLOW, f"not follow: {applies}"),
                then(LOWEST_WINS, "a not-follow card is not among the followed cards that decide the trick"),
                *effect,
            ],
            summary="legal card (a pass play: any card)" + ("" if follows else f"; not follow: {applies}"),
        )
    if not follows and f["hand_has_lead_suit"]:
        return Verdict(
            "illegal",
            reasons=[because(MUST_FOLLOW, "the player holds the lead's suit")],
            summary=f"illegal card: a run play must follow {f['lead_suit']} and the player holds one",
        )
    if follows:
        return Verdict(
            "legal",
            {"follow": True},
            [because(MUST_FOLLOW, "follows the lead")],
            summary="legal card (follows the lead's suit)",
        )
    return Verdict(
        "legal",
        {"follow": False},
        [because(MUST_FOLLOW, "cannot follow")],
        consequences=[
            then(EFFECT_WHEN, f"not follow: {applies}"),
            then(LOWEST_WINS, "a not-follow card is not among the followed cards that decide the trick"),
            *effect,
        ],
        summary=f"legal card (cannot follow); not follow: {applies}",
    )


@check(
    "briefing-pass",
    "The briefing: each player shows 3 cards to the partner, who returns them; nobody keeps or swaps a card",
    [Fact("returned", "bool", "the partner returns the 3 cards shown")],
    example={"returned": False},
)
def briefing_pass(f: dict) -> Verdict:
    reasons = [because(BRIEFING_PASS, "the cards passed are checked and returned")]
    if not f["returned"]:
        return Verdict("illegal", reasons=reasons, summary="illegal: the 3 cards go back; the hands stay as dealt")
    return Verdict("legal", reasons=reasons, summary="legal: shown and returned")


# ================================================================ the trick


@check(
    "trick-winner",
    "Who wins the trick: the lowest followed card (the highest under a '2' effect); ties go to the player farther "
    "clockwise from the lead; a '3' or '10' effect makes the attack's win a failure",
    [
        Fact("numbers", "ints", "card numbers in play order, the lead first", low=1, high=10),
        Fact("followed", "strs", "for each card: follow or not (after any '9' effect)"),
        Fact("attacking", "strs", "for each player: attack or defence"),
        Fact("highest", "bool", "a '2' play-book effect applies: the highest number decides", False),
        Fact("attack_fails", "bool", "a '3' or '10' play-book effect applies", False),
    ],
    example={
        "numbers": [4, 1, 2, 7],
        "followed": ["follow", "not", "follow", "follow"],
        "attacking": ["attack", "defence", "attack", "defence"],
    },
)
def trick_winner(f: dict) -> Verdict:
    n = len(f["numbers"])
    if n != 4 or len(f["followed"]) != n or len(f["attacking"]) != n:
        raise RefereeError("facts 'numbers', 'followed', 'attacking': expected 4 players each")
    followed = [i for i in range(n) if f["followed"][i] == "follow"]
    reasons = [because(SAME_JUDGEMENT, "run or pass, the same judgement")]
    if not followed:
        return Verdict(
            "unknown",
            None,
            [
                *reasons,
                because(LOWEST_WINS, "judged among the followed cards: none is left"),
                because(FAQ_9_LEAD, "the lead made not-follow"),
            ],
            summary="unknown: no card is in the follow state; the book judges only among followed cards",
        )
    pick = max if f["highest"] else min
    best = pick(f["numbers"][i] for i in followed)
    tied = [i for i in followed if f["numbers"][i] == best]
    winner = max(tied)  # farther clockwise from the lead
    success = f["attacking"][winner] == "attack" and not f["attack_fails"]
    side = "attack success" if success else "attack failure"
    reasons.append(because(LOWEST_WINS, f"the {'highest' if f['highest'] else 'lowest'} followed card is {best}"))
    if f["highest"]:
        reasons.append(because(FAQ_2_TIE, "under the '2' effect the highest decides"))
        reasons.append(because(FAQ_7_9_SELF, "the FAQ's '2' example"))
    if len(tied) > 1:
        reasons.append(because(NEW_LEAD, "a tie: the player farther clockwise wins"))
    reasons.append(because(SUCCESS_FAILURE, f"player {winner + 1} is on the {f['attacking'][winner]}"))
    if f["attack_fails"] and f["attacking"][winner] == "attack":
        reasons.append(because(FAQ_3_10_LEAD, "the attack's win is made an attack failure"))
        reasons.append(because(FAQ_OWN_TEAM, "applied even when played by an attacker"))
    consequences = [then(NEW_LEAD, f"player {winner + 1} becomes the lead")]
    if not success and f["attacking"][winner] == "defence":
        consequences.append(then(LEAD_MOVES, "the lead then passes back to the attacking team"))
    return Verdict(
        "value",
        {"winner": winner + 1, "card": best, "result": side},
        reasons,
        outcome="succeeds" if success else "fails",
        consequences=consequences,
        summary=f"player {winner + 1} wins the trick with {best}: {side}",
    )


@check(
    "advance",
    "Where the ball goes after an attack success, with the combination bonus, and touchdown points",
    [
        Fact("position", "int", "square the ball is on (distance to the goal)", low=1, high=10),
        Fact("card", "int", "number on the card that won the trick", low=1, high=10),
        Fact("combination", "bool", "the new lead is a teammate of the attack who was not the previous lead", False),
    ],
    example={"position": 3, "card": 4},
)
def advance(f: dict) -> Verdict:
    squares = f["card"] + (2 if f["combination"] else 0)
    new = f["position"] - squares
    reasons = [because(ADVANCE, f"advance {f['card']}")]
    if f["combination"]:
        reasons.append(because(COMBINATION, "+2 squares"))
    else:
        reasons.append(because(COMBINATION, "no combination bonus: the winner was the lead, or defends"))
    after = [then(AFTER_SCORE, "possession changes; the next phase is a kickoff")]
    if new < 0:
        return Verdict(
            "value",
            {"touchdown": True, "points": 3, "position": new},
            [*reasons, because(TOUCHDOWN, f"overshoots 0 (reaches {new}): 3 points")],
            outcome="scored",
            consequences=after,
            summary=f"touchdown: the ball overshoots 0 (reaches {new}), 3 points",
        )
    if new == 0:
        return Verdict(
            "value",
            {"touchdown": True, "points": 2, "position": 0},
            [*reasons, because(TOUCHDOWN, "reaches 0: 2 points")],
            outcome="scored",
            consequences=after,
            summary="touchdown: the ball reaches 0, 2 points",
        )
    return Verdict(
        "value",
        {"touchdown": False, "points": 0, "position": new},
        reasons,
        summary=f"the ball advances {squares} squares to {new}",
    )


@check(
    "series",
    "Does the attack keep the ball? Each attack turns a series card face down; when none is left (or on an "
    "intercept) possession changes",
    [
        Fact("series_left", "int", "series cards still face up before this attack", low=1, high=3),
        Fact("result", "choice", "how the attack went", choices=("success", "failure")),
        Fact("intercept", "bool", "a play-book effect caused an intercept", False),
    ],
    example={"series_left": 1, "result": "failure"},
)
def series(f: dict) -> Verdict:
    left = f["series_left"] - 1
    key = SUCCESS_SERIES if f["result"] == "success" else FAILURE_SERIES
    reasons = [because(key, f"one series card turned: {left} left")]
    changes = left == 0
    if f["result"] == "failure" and (changes or f["intercept"]):
        reasons.append(
            because(
                INTERCEPT, "an intercept forces the change" if f["intercept"] and not changes else "no series card left"
            )
        )
        changes = True
    return Verdict(
        "value",
        {"series_left": left, "possession_changes": changes},
        reasons,
        summary=f"{left} series card(s) left" + ("; possession changes" if changes else "; the attack goes on"),
    )


# why possession changes -> the rule that says where the ball goes
POSSESSION = {
    "series-used-up": FAILURE_TURNOVER,
    "intercept": FAILURE_TURNOVER,
    "kick-play": KICK_TURNOVER,
    "onside-kick": ONSIDE,
}


def _possession_change(position: int, rule: Quote, placed: str = "is") -> tuple[dict, list, str]:
    """Where the ball goes when possession changes without a score: 11 − its square, for the new
    attack; `rule` is the caller's (a helper cites what it is given)."""
    new = 11 - position
    reasons = [because(rule, f"the ball {placed} on {position}: 11 − {position} = {new}")]
    return {"possession_changes": True, "position": new}, reasons, f"possession changes: the ball goes to {new}"


@check(
    "possession-change",
    "Where the ball goes when possession changes without a score: the opposite side, 11 − its square",
    [
        Fact("position", "int", "square the ball is on when possession changes", low=1, high=10),
        Fact(
            "why",
            "choice",
            "why possession changes",
            "series-used-up",
            choices=("series-used-up", "intercept", "kick-play", "onside-kick"),
        ),
    ],
    example={"position": 4, "why": "series-used-up"},
)
def possession_change(f: dict) -> Verdict:
    placed = "sat" if f["why"] == "onside-kick" else "is"
    value, reasons, summary = _possession_change(f["position"], POSSESSION[f["why"]], placed)
    return Verdict("value", value, reasons, summary=summary)


@check(
    "kick-play",
    "A kick play: 1 point when it reaches 0 or beyond (no overshoot bonus); otherwise possession changes (11 − position)",
    [
        Fact("position", "int", "square the ball is on", low=1, high=10),
        Fact("die", "int", "the die rolled", low=1, high=6),
    ],
    example={"position": 5, "die": 4},
)
def kick_play(f: dict) -> Verdict:
    new = f["position"] - f["die"]
    reasons = [because(KICK_PLAY, f"advance {f['die']} from {f['position']}: {new}")]
    if new <= 0:
        where = (
            "beyond 0"
            if new < 0
            else "0: advancing the ball to 0 scores, and only a ball that does not reach 0 turns over"
        )
        reasons += [because(KICK_POINT, f"reaches {where}: 1 point"), because(KICK_NO_BONUS, "no overshoot bonus")]
        if new == 0:
            reasons += [
                because(ADVANCING_SCORES, "reaching 0 scores points"),
                because(KICK_TURNOVER, "the other branch is a ball short of 0"),
            ]
        return Verdict(
            "value",
            {"points": 1, "possession_changes": True, "next": "kickoff"},
            reasons,
            outcome="scored",
            consequences=[
                then(KICK_POINT, "possession changes; the next phase is a kickoff (or the half ends, hands empty)")
            ],
            summary=f"the kick reaches {new}: 1 point, then a kickoff",
        )
    value, turnover, summary = _possession_change(new, KICK_TURNOVER)
    return Verdict("value", {"points": 0, **value}, [*reasons, *turnover], summary=f"no score; {summary}")


@check(
    "lead-marker",
    "Where the lead goes: the trick's winner takes it; at the start of Play a defender holding it passes it to the "
    "player on his left (the lead is the attacking team's)",
    [
        Fact("holder_attacks", "bool", "the player holding the lead marker is on the attacking team"),
        Fact("start_of_play", "bool", "it is the start of a Play (not a halftime move)", True),
    ],
    example={"holder_attacks": False},
)
def lead_marker(f: dict) -> Verdict:
    if f["holder_attacks"]:
        return Verdict(
            "value",
            {"moves": False},
            [because(LEAD_TO_ATTACK, "an attacker holds it: it stays")],
            summary="the lead stays",
        )
    return Verdict(
        "value",
        {"moves": True},
        [
            because(LEAD_TO_ATTACK, "a defender holds it: to the player on the left"),
            because(LEAD_MOVES, "the lead is the attack's"),
        ],
        summary="the lead marker passes to the player on the left",
    )


@check(
    "half-end",
    "Does the half end? When a possession change occurs with the hands empty (with attacks left, a kick play may still "
    "be made); then halftime or the game's end; of only some hands empty the book says nothing",
    [
        Fact("empty_hands", "int", "players whose hands are empty", low=0, high=4),
        Fact("possession_changes", "bool", "a possession change occurs now"),
        Fact("half", "int", "the half being played", 1, low=1, high=2),
    ],
    example={"empty_hands": 4, "possession_changes": True},
)
def half_end(f: dict) -> Verdict:
    reasons = [
        because(
            HALF_ENDS,
            f"{f['empty_hands']} empty hand(s); possession {'changes' if f['possession_changes'] else 'stays'}",
        )
    ]
    if 0 < f["empty_hands"] < 4:
        return Verdict(
            "unknown",
            None,
            [*reasons, because(DRAW_PILE, "a skill can draw a card")],
            summary="unknown: the book says what happens when the hands are empty, not when only some are",
        )
    if f["empty_hands"] == 4 and f["possession_changes"]:
        after = (
            [
                then(HALFTIME, "halftime: collect the cards, a new briefing"),
                then(FIRST_DEFENDERS, "the Eagles kick off the second half"),
            ]
            if f["half"] == 1
            else [then(GAME_OVER, "the game is over")]
        )
        return Verdict("value", {"half_over": True}, reasons, consequences=after, summary="the half ends")
    consequences = [then(PLAYS, "with no cards only a kick play")] if f["empty_hands"] == 4 else []
    return Verdict("value", {"half_over": False}, reasons, consequences=consequences, summary="the half goes on")


@check(
    "game-end",
    "Who wins when the second half ends? The team with more points in total; equal points are a draw",
    [
        Fact("eagles", "int", "the Eagles' points", low=0, high=200),
        Fact("bears", "int", "the Bears' points", low=0, high=200),
    ],
    example={"eagles": 5, "bears": 5},
)
def game_end(f: dict) -> Verdict:
    a, b = f["eagles"], f["bears"]
    result = "draw" if a == b else ("eagles" if a > b else "bears")
    return Verdict(
        "value",
        result,
        [because(GAME_OVER, f"{a}-{b}")],
        outcome="draw" if a == b else None,
        summary="a draw" if a == b else f"the {result.capitalize()} win",
    )


# ================================================================ play-book effects and hero skills


# What the FAQ says of each play-book number (the effect texts themselves are on the cards).
PLAYBOOK_KNOWN = {
    1: (FAQ_1_SELF,),
    2: (FAQ_2_TIE, FAQ_7_9_SELF),
    3: (FAQ_3_10_LEAD, FAQ_OWN_TEAM),
    4: (FAQ_4_HERO_UP,),
    5: (FAQ_5_TWICE,),
    6: (FAQ_OWN_TEAM, FAQ_6_8_AFTER),
    7: (FAQ_7_9_SELF,),
    8: (FAQ_OWN_TEAM, FAQ_6_8_AFTER),
    9: (FAQ_9_LEAD, FAQ_7_9_SELF),
    10: (FAQ_3_10_LEAD, FAQ_OWN_TEAM),
}
# What the FAQ says of each hero's skill (its text is on the hero card).
HERO_FAQ = {
    "monster": (FAQ_MONSTER_KICKOFF, FAQ_MONSTER_NOT_LEAD),
    "birdman": (FAQ_SUCCESS_TIMING, FAQ_SUCCESS_SELF),
    "blue-wind": (FAQ_SUCCESS_TIMING, FAQ_SUCCESS_SELF),
    "officer": (FAQ_START_OF_PLAY,),
    "dragon": (FAQ_START_OF_PLAY,),
    "skull-man": (FAQ_SKULL_MAN,),
    "wonder-girl": (FAQ_WONDER_GIRL,),
    "the-ninja": (FAQ_NINJA_BEFORE, FAQ_NINJA_UNDECLARED),
    "tough-man": (FAQ_TOUGH_MAN, FAQ_OWN_GOAL),
    "other": (),
}


@check(
    "playbook-faq",
    "What a play-book effect does here: its text is on the card; the FAQ settles a second '5' (nullified), a '4' with "
    "the player's hero face up (not applied), a '9' on the lead (no suit change, no effect), '3'/'10' and '6'/'8' on "
    "one's own team",
    [
        Fact("number", "int", "the play-book number", low=1, high=10),
        Fact("case", "choice", "what is asked", "text", choices=("text", "second", "hero-up", "on-lead", "own-team")),
    ],
    example={"number": 5, "case": "second"},
)
def play_book(f: dict) -> Verdict:
    n, case = f["number"], f["case"]
    faq = PLAYBOOK_KNOWN[n]
    if case == "second" and n == 5:
        return Verdict(
            "value",
            "nullified",
            [because(FAQ_5_TWICE, "the later 5 is nullified")],
            summary="the second 5 does nothing",
        )
    if case == "hero-up" and n == 4:
        return Verdict(
            "value",
            "not applied",
            [because(FAQ_4_HERO_UP, "hero face up")],
            summary="the 4 effect is not applied",
        )
    if case == "on-lead" and n == 9:
        return Verdict(
            "value",
            {"lead_suit_changes": False, "lead_effect": False},
            [
                because(FAQ_9_LEAD, "the lead may be made not-follow"),
                because(LOWEST_WINS, "judged among the others"),
            ],
            summary="the lead becomes not-follow; the lead suit stays and its play-book effect does not activate",
        )
    if case == "own-team" and n in (3, 6, 8, 10):
        return Verdict("value", "applied", [because(FAQ_OWN_TEAM, "disadvantageous effects apply")], summary="applied")
    return Verdict(
        "unknown",
        None,
        [
            because(NOT_PRINTED, f"the '{n}' text is on the card"),
            because(SEE_CARDS, "the cards"),
            *[because(q, "what the FAQ says") for q in faq],
        ],
        summary=f"unknown: the '{n}' play-book text is printed on the card, not in the book",
    )


HEROES = (
    "monster",
    "birdman",
    "blue-wind",
    "officer",
    "dragon",
    "skull-man",
    "wonder-girl",
    "the-ninja",
    "tough-man",
    "other",
)
WHEN = ("kickoff", "start-of-play", "after-lead-played", "before-own-card", "after-attack-success", "halftime", "trick")


@check(
    "hero-skill",
    "May a hero's skill be used now? Face up only; at the timing on its card, which the FAQ settles for some "
    "(Monster at kickoff and by a non-lead, Officer and Dragon before the lead plays, Birdman and Blue Wind after an "
    "attack success, The Ninja before one's card and undeclared); what it does is on the card",
    [
        Fact("hero", "choice", "the hero", choices=HEROES),
        Fact("face_up", "bool", "the hero card is face up", True),
        Fact("when", "choice", "when it is used (it decides: never assumed)", choices=WHEN),
        Fact("is_lead", "bool", "the user holds the lead", False),
        Fact("declared", "bool", "the user announces it", True),
    ],
    example={"hero": "officer", "when": "after-lead-played"},
)
def hero_skill(f: dict) -> Verdict:
    hero = f["hero"]
    after = [
        then(SKILL_WHEN, "the card is turned face down; its effect is on the card"),
        then(NOT_PRINTED, "the skill's text"),
    ]
    if not f["face_up"]:
        return Verdict(
            "illegal",
            reasons=[
                because(FACE_DOWN_HERO, "face down: not until a play-book effect turns it up"),
                because(SKILL_WHEN, "only by a play-book effect"),
            ],
            summary=f"illegal: {hero} is face down",
        )
    if hero in ("officer", "dragon"):
        ok = f["when"] == "start-of-play"
        return Verdict(
            "legal" if ok else "illegal",
            reasons=[because(FAQ_START_OF_PLAY, "before the lead plays a card")],
            consequences=after if ok else [],
            summary=f"{'legal' if ok else 'illegal: too late'}: {hero} is used at the start of play, before the lead's card",
        )
    if hero == "monster":
        reasons = [
            because(FAQ_MONSTER_KICKOFF, "at kickoff too"),
            because(FAQ_MONSTER_NOT_LEAD, "not only by the lead"),
        ]
        return Verdict(
            "legal",
            reasons=reasons,
            consequences=after,
            summary="legal: Monster may be used, at kickoff too, by anyone",
        )
    if hero in ("birdman", "blue-wind"):
        ok = f["when"] == "after-attack-success"
        reasons = [
            because(FAQ_SUCCESS_TIMING, "after the attack success"),
            because(FAQ_SUCCESS_SELF, "for oneself or the partner"),
        ]
        return Verdict(
            "legal" if ok else "unknown",
            reasons=reasons,
            consequences=after if ok else [],
            summary=f"{'legal' if ok else 'unknown'}: {hero} after an attack success, for oneself or the partner",
        )
    if hero == "the-ninja":
        ok = f["when"] in ("before-own-card", "trick")
        reasons = [
            because(FAQ_NINJA_BEFORE, "before one's own card"),
            because(FAQ_NINJA_UNDECLARED, "no declaration needed"),
        ]
        return Verdict(
            "legal" if ok else "unknown",
            reasons=reasons,
            consequences=after if ok else [],
            summary="legal: The Ninja before one's card, without declaring it" if ok else "unknown timing",
        )
    reasons = [because(SKILL_WHEN, "at the timing given on the card")]
    reasons += [because(quote, "what the FAQ says of it") for quote in HERO_FAQ[hero]]
    return Verdict(
        "unknown",
        None,
        [*reasons, because(NOT_PRINTED, "its text is on the card")],
        summary=f"unknown: {hero}'s timing and effect are printed on its card",
    )


@check(
    "hero-effect",
    "What does a hero's skill do? Printed on the hero card, not in the book: unknown (the FAQ's word on its timing kept)",
    [Fact("hero", "choice", "the hero", choices=HEROES)],
    example={"hero": "dragon"},
)
def hero_effect(f: dict) -> Verdict:
    reasons = [because(NOT_PRINTED, "the skill's text is on the card"), because(SEE_CARDS, "the cards")]
    reasons += [because(quote, "what the FAQ does say") for quote in HERO_FAQ[f["hero"]]]
    return Verdict(
        "unknown", None, reasons, summary=f"unknown: {f['hero']}'s skill is printed on its card, not in the book"
    )


@check(
    "hero-face-up",
    "May a face-down hero be turned face up? Only by a play-book effect: not at halftime, which collects only the play cards",
    [
        Fact("by_playbook", "bool", "a play-book effect turns it up"),
        Fact("face_down", "bool", "the hero card is face down now", True),
    ],
    example={"by_playbook": False},
)
def hero_face_up(f: dict) -> Verdict:
    reasons = [
        because(FACE_DOWN_HERO, "face down until a play-book effect"),
        because(SKILL_WHEN, "only by a play-book effect"),
    ]
    if not f["face_down"]:
        return Verdict("legal", reasons=reasons, summary="the hero is already face up")
    if f["by_playbook"]:
        return Verdict("legal", reasons=reasons, summary="legal: a play-book effect turns the hero up")
    return Verdict(
        "illegal",
        reasons=[*reasons, because(HALFTIME, "halftime collects the play cards, nothing else")],
        summary="illegal: only a play-book effect turns a hero face up",
    )


@check(
    "tough-man-seven",
    "The '7' play-book effect with Tough Man: the ball of the team that succeeded in its attack goes back 1 square; "
    "from the '10' square that is an own goal, 2 points",
    [
        Fact("position", "int", "the square the ball is on after the attack", low=1, high=10),
        Fact("hero_ready", "bool", "the player's hero is Tough Man, face up", True),
    ],
    example={"position": 10},
)
def tough_man_seven(f: dict) -> Verdict:
    reasons = [because(FAQ_TOUGH_MAN, "the combination is allowed")]
    if not f["hero_ready"]:
        return Verdict(
            "illegal",
            reasons=[*reasons, because(FACE_DOWN_HERO, "a skill needs its hero face up")],
            summary="illegal: the player has no face-up Tough Man",
        )
    if f["position"] == 10:
        return Verdict(
            "value",
            {"own_goal": True, "points": 2},
            [*reasons, because(FAQ_OWN_GOAL, "from the 10: an own goal")],
            outcome="scored",
            summary="the ball goes back from the 10: an own goal, 2 points",
        )
    return Verdict(
        "value",
        {"own_goal": False, "position": f["position"] + 1},
        reasons,
        summary=f"the ball back to {f['position'] + 1}",
    )


@check(
    "card-effect",
    "What does a play-book effect or hero skill do? The book does not print them: unknown",
    [Fact("effect", "str", "play-book number or hero name, e.g. 7 or Monster")],
    example={"effect": "Monster"},
)
def card_effect(f: dict) -> Verdict:
    return Verdict(
        "unknown",
        None,
        [
            because(NOT_PRINTED, f"the {f['effect']!r} effect: its text is not in the book"),
            because(SEE_CARDS, "the cards"),
        ],
        summary=f"unknown: the {f['effect']!r} effect is printed on the card, not in the book",
    )


# ================================================================ where the book is silent


@check(
    "revoke",
    "A player who held the led suit played another in a run play, found out later: the book states the duty to "
    "follow, not a correction or a penalty",
    [Fact("found_later", "bool", "the failure to follow is found after the trick was judged", True)],
    example={"found_later": True},
)
def revoke(f: dict) -> Verdict:
    return Verdict(
        "unknown",
        None,
        [because(MUST_FOLLOW, "a player holding the led suit must follow")],
        summary="unknown: the book gives no correction or penalty for a failure to follow",
    )


@check(
    "own-goal-restart",
    "After an own goal: the FAQ gives its 2 points, not which team scores them nor how play restarts",
    [Fact("asked", "choice", "what is asked", "restart", choices=("restart", "points"))],
    example={"asked": "restart"},
)
def own_goal_restart(f: dict) -> Verdict:
    return Verdict(
        "unknown",
        None,
        [
            because(FAQ_OWN_GOAL, "2 points for an own goal"),
            because(AFTER_SCORE, "after a score a kickoff, by whom it does not say"),
        ],
        summary=f"unknown: the book does not say {'how play restarts' if f['asked'] == 'restart' else 'who scores'} after an own goal",
    )


# ================================================================ one ruling per question (referee.rules.overlaps)

OVERLAPS = [
    same(
        "playbook-faq",
        "card-effect",
        "what a play-book effect does: both say its text is on the card (unknown) where the FAQ does not settle it",
        lambda f: {"effect": str(f["number"])} if f["case"] == "text" else None,
        lambda verdict, value, outcome: verdict,
    ),
    same(
        "hero-effect",
        "card-effect",
        "what a hero's skill does: both say its text is on the hero card (unknown)",
        lambda f: {"effect": f["hero"]},
        lambda verdict, value, outcome: verdict,
    ),
    *apart("card-effect", ["hero-skill"], "what a skill does, against whether it may be used now"),
    *apart(
        "hero-skill",
        ["hero-effect", "hero-face-up", "own-goal-restart", "playbook-faq", "tough-man-seven"],
        "whether a hero's skill may be used now, against what it does, turning a hero face up, an own goal, "
        "a play-book effect and the '7' with Tough Man",
    ),
    *apart(
        "tough-man-seven",
        ["hero-effect", "hero-face-up", "own-goal-restart"],
        "the '7' with Tough Man, against a hero's text, turning a hero face up and the own goal's restart",
    ),
    *apart(
        "hero-effect", ["own-goal-restart", "playbook-faq"], "a hero's text, against an own goal and a play-book effect"
    ),
    *apart(
        "possession-change",
        ["kick-play", "kickoff"],
        "where the ball goes on a change, against a kick play and a kickoff",
    ),
    *apart("legal-play", ["revoke"], "whether a card may be played, against a revoke found out later"),
    *apart("playbook-faq", ["trick-winner"], "a play-book effect, against who wins the trick by the cards followed"),
]

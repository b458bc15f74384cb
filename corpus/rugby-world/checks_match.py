"""Rugby World's checks: the match (possessions, restarts, penalties, touch and the line-out,
scrums and rucks, offside, the end)."""

from __future__ import annotations

from referee.errors import RefereeError
from referee.rules import Fact, Reading, Verdict, because, check, then

from .checks_common import (
    _range_text,
    win_range,
)
from .quotes import (
    DRAW_TO_START,
    HIGHER_SCORE,
    KICK_OFF,
    KICK_OFF_AFTER_SCORE,
    KICK_OFF_RANGES,
    LOST_CLEARING,
    LOST_FAILED_KICK,
    LOST_OFFSIDE,
    LOST_SCORE,
    MATCH_ENDS,
    NEXT_POSSESSION,
    OFFSIDE_BACK,
    OFFSIDE_CHASE,
    OFFSIDE_LINE,
    OFFSIDE_PENALISED,
    PACK,
    PACK_TABLE,
    PACK_VALUES,
    PENALTY_CHOICE,
    POSSESSION_STARTS,
    POSSESSIONS,
    RECOVERY,
    RESTART_RANGES,
    RESTART_WHEN,
    RESTART_WHERE,
    RUCK_AFTER,
    RUCK_COMPULSORY,
    RUCK_FORMS,
    RUCK_ONCE,
    RUCK_PUSH,
    RUCK_REORGANISE,
    RUCK_REPLY,
    SCRUM_APPENDIX,
    SCRUM_LOSES,
    SCRUM_OFFSIDE,
    SCRUM_ONE_MOVE,
    SCRUM_PUSH,
    SCRUM_REPLY,
    SCRUM_WINS,
    SECOND_HALF,
    SEVENTH_TACKLE,
    STRENGTH_RULE,
    THIRD_TACKLE,
    TOUCH_BEFORE_THIRD,
    TOUCH_CHOICE,
    TOUCH_GUESS,
    TOUCH_THROW,
    TOUCH_WHERE_KICK,
    TOUCH_WHERE_RUN,
    WITHIN_SEVENTH,
)

# ================================================================ the match: possessions, restarts


@check(
    "possession-tackles",
    "Does the possession end? At the 7th tackle a scrum to the opponent ends it",
    [Fact("tackles", "int", "tackles suffered in this possession", low=0, high=7)],
    example={"tackles": 7},
)
def possession_tackles(f: dict) -> Verdict:
    ends = f["tackles"] >= 7
    return Verdict(
        "value",
        {"possession_ends": ends},
        [because(SEVENTH_TACKLE, f"{f['tackles']} tackle(s)")],
        consequences=[
            then(SEVENTH_TACKLE, "a Scrum put in by the opponent; the possession ends"),
            then(WITHIN_SEVENTH, "the opponent begins its own possession with the Scrum"),
        ]
        if ends
        else [],
        summary=f"tackle {f['tackles']} of 7" + ("; the possession ends, Scrum to the opponent" if ends else ""),
    )


ENDINGS = ("score", "failed-kick", "clearing-kick", "offside", "seventh-tackle", "recovery", "touch-kick")
LOST = {"score": LOST_SCORE, "failed-kick": LOST_FAILED_KICK, "clearing-kick": LOST_CLEARING, "offside": LOST_OFFSIDE}


@check(
    "possession",
    "A possession ends (a score, a failed kick at goal, a clearing kick, an offside, the 7th Tackle) and the match "
    "passes to the next; a recovery resets the Tackles; a clearing kick into Touch before the 3rd Tackle cancels it",
    [
        Fact("why", "choice", "what happened", choices=ENDINGS),
        Fact("possession", "int", "the possession being played (1-8)", low=1, high=8),
        Fact("tackles", "int", "Tackles suffered in it so far", 0, low=0, high=7),
    ],
    example={"why": "touch-kick", "possession": 3, "tackles": 2},
)
def possession(f: dict) -> Verdict:
    reasons = [because(POSSESSIONS, "8 possessions")]
    if f["why"] == "recovery":
        return Verdict(
            "value",
            {"possession": f["possession"], "tackles": 0},
            [*reasons, because(RECOVERY, "the Tackles reset"), because(THIRD_TACKLE, "a recovery does not cancel it")],
            summary=f"the ball is recovered: possession {f['possession']} goes on, its Tackles from zero",
        )
    if f["why"] == "touch-kick" and f["tackles"] < 3:
        return Verdict(
            "value",
            {"possession": f["possession"], "tackles": 0, "cancelled": True},
            [
                *reasons,
                because(NEXT_POSSESSION, "unless interrupted by"),
                because(TOUCH_BEFORE_THIRD, f"only {f['tackles']} Tackle(s)"),
            ],
            summary=f"a kick into Touch before the 3rd Tackle: as if possession {f['possession']} had never begun",
        )
    key = {"touch-kick": "clearing-kick"}.get(f["why"], f["why"])
    why = SEVENTH_TACKLE if key == "seventh-tackle" else LOST[key]
    reasons += [because(why, "the possession ends"), because(NEXT_POSSESSION, "the match passes to the next")]
    if f["why"] == "touch-kick":
        reasons.append(because(THIRD_TACKLE, f"{f['tackles']} Tackles: it can no longer be cancelled"))
    following = f["possession"] + 1
    consequences = []
    if following == 5:
        consequences.append(then(SECOND_HALF, "the 5th possession starts the 2nd half with a restart kick"))
    if following > 8:
        return Verdict(
            "value",
            {"possession": 8, "match_over": True},
            [*reasons, because(MATCH_ENDS, "after the eighth")],
            summary="the eighth possession ends: the match is over",
        )
    return Verdict(
        "value",
        {"possession": following, "tackles": 0, "cancelled": False},
        [*reasons, because(POSSESSION_STARTS, "the next begins when a team gains the ball")],
        consequences=consequences,
        summary=f"possession {f['possession']} ends; possession {following} begins",
    )


RESTARTS = ("after-score", "failed-kick", "over-the-try-line", "second-half", "start")


@check(
    "restart",
    "How play restarts: the conceding team kicks off from halfway after a score; the defence's restart kick from "
    "its own 22 after a missed kick at goal (all three ranges); the 5th possession's restart by the team that did not "
    "kick off the 1st half",
    [
        Fact("after", "choice", "what happened", choices=RESTARTS),
        Fact(
            "first_half_kicker",
            "choice",
            "who kicked off the 1st half (for the 2nd)",
            "unknown",
            choices=("unknown", "attack", "defence"),
        ),
        Fact(
            "asked",
            "choice",
            "2nd half: who kicks only, or also what kick and from where",
            "who",
            choices=("who", "how"),
        ),
    ],
    example={"after": "failed-kick"},
)
def restart(f: dict) -> Verdict:
    if f["after"] == "after-score":
        return Verdict(
            "value",
            {"kick": "kick-off", "by": "conceding team", "from": "halfway line", "ranges": ["short", "medium"]},
            [
                because(KICK_OFF_AFTER_SCORE, "after every score"),
                because(KICK_OFF_RANGES, "short or medium, not into touch"),
            ],
            summary="the team that conceded kicks off from the halfway line",
        )
    if f["after"] in ("failed-kick", "over-the-try-line"):
        return Verdict(
            "value",
            {"kick": "restart", "by": "defence", "from": "own 22", "ranges": ["short", "medium", "long"]},
            [
                because(RESTART_WHEN, "a missed Drop or Penalty kick"),
                because(RESTART_WHERE, "from its own 22"),
                because(RESTART_RANGES, "any range, not into touch"),
            ],
            summary="the defence takes a restart kick from its own 22-metre line; all three ranges",
        )
    if f["after"] == "start":
        return Verdict(
            "value",
            {"kick": "kick-off"},
            [
                because(DRAW_TO_START, "the draw decides"),
                because(KICK_OFF, "from the centre"),
                because(KICK_OFF_RANGES, "short or medium"),
            ],
        )
    by = {"attack": "defence", "defence": "attack"}.get(
        f["first_half_kicker"], "the team that did not kick off the 1st half"
    )
    if f["asked"] == "how":  # who kicks is settled; what kick, and from where, the two chapters give two ways
        return Verdict(
            "ambiguous",
            None,
            [because(SECOND_HALF, "always"), because(KICK_OFF, "the 2nd half by the other team")],
            [
                Reading(
                    "2H: a restart kick, from the kicking team's own 22-metre line",
                    "value",
                    {"kick": "restart", "by": by, "from": "own 22", "possession": 5},
                    [because(SECOND_HALF, "a restart kick"), because(RESTART_WHERE, "from its own 22")],
                ),
                Reading(
                    "2A: a kick-off from the centre of the pitch, as at the start of the 1st half",
                    "value",
                    {"kick": "kick-off", "by": by, "from": "centre", "possession": 5},
                    [because(KICK_OFF, "at the start of the 2nd half, from the centre")],
                ),
            ],
            summary=f"the 2nd half: {by} kicks to start possession 5; ambiguous: a restart kick from its own 22 "
            "(2H) or a kick-off from the centre (2A)",
        )
    return Verdict(
        "value",
        {"kick": "restart", "by": by, "possession": 5},
        [because(SECOND_HALF, "always"), because(KICK_OFF, "the 2nd half by the other team")],
        summary=f"the 2nd half: {by} kicks to start possession 5",
    )


@check(
    "penalty-kicker",
    "Who takes a Penalty kick? A kicker; its two possibilities: into touch (possession kept) or between the posts",
    [Fact("kicker", "bool", 'the miniature is a "k"')],
    example={"kicker": False},
)
def penalty_kicker(f: dict) -> Verdict:
    if not f["kicker"]:
        return Verdict(
            "illegal",
            reasons=[because(PENALTY_CHOICE, "a kicker is used")],
            summary='illegal: a Penalty kick is taken by a "k"',
        )
    return Verdict("legal", reasons=[because(PENALTY_CHOICE, "a kicker takes it")], summary="legal Penalty kick")


@check(
    "touch",
    "Who throws in, and where: the team that did not send the ball out (after a Penalty kick into touch, the team that "
    "took it); a kick from within the kicker's own 22 where the ball went out, from outside it level with the kicker",
    [
        Fact("sent_by", "choice", "who sent the ball out", choices=("attack", "defence")),
        Fact("how", "choice", "how it went out", choices=("kick", "penalty-kick", "carried")),
        Fact("within_own_22", "bool", "a kick from within (or on) the kicker's own 22 metres", False),
    ],
    example={"sent_by": "attack", "how": "penalty-kick"},
)
def touch(f: dict) -> Verdict:
    thrower = f["sent_by"] if f["how"] == "penalty-kick" else ("defence" if f["sent_by"] == "attack" else "attack")
    reasons = [because(TOUCH_THROW, "the team that did not send it out, except after a Penalty kick")]
    if f["how"] == "penalty-kick":
        reasons.append(because(PENALTY_CHOICE, "a Penalty kick into touch keeps possession"))
    if f["how"] == "carried":
        where = "where the miniature left the pitch"
        reasons.append(because(TOUCH_WHERE_RUN, where))
    else:
        where = "where the ball went out" if f["within_own_22"] else "level with the kicker"
        reasons.append(because(TOUCH_WHERE_KICK, where))
    return Verdict(
        "value",
        {"throws": thrower, "where": where},
        reasons,
        consequences=[then(TOUCH_GUESS, "the line-out: the first turn to the team that takes the ball")],
        summary=f"the {thrower} throws in, {where}",
    )


@check(
    "line-out",
    "Who takes the throw-in? The defence guesses the number the throwers chose: right, the ball to its miniature "
    "with that number; wrong, to the chosen attacker; the first turn to whoever took it",
    [
        Fact("chosen", "int", "the position the throwing team chose on the die", low=1, high=5),
        Fact("guess", "int", "the defence's guess", low=1, high=5),
    ],
    example={"chosen": 4, "guess": 4},
)
def line_out(f: dict) -> Verdict:
    right = f["chosen"] == f["guess"]
    who = "defence" if right else "throwing team"
    return Verdict(
        "value",
        {"ball": who, "position": f["chosen"], "first_turn": who},
        [because(TOUCH_CHOICE, f"the throwers chose {f['chosen']}"), because(TOUCH_GUESS, f"the guess {f['guess']}")],
        summary=f"the {who}'s number {f['chosen']} takes the ball and moves first",
    )


PACK_ROWS = {PACK_TABLE[i][0].lower().replace(" ", "-"): i for i in range(len(PACK_TABLE))}


def _pack_value(team: str) -> int:
    return int(PACK[team].text.rsplit("=", 1)[1])


@check(
    "scrum-push",
    "A Scrum push: the packs as single miniatures with the Appendix's strengths, the Strength Rule; a win moves "
    "the packs one intersection; the push is the team's 1 movement; the other pack must push in its turn",
    [
        Fact("pushing", "choice", "the pushing pack's national team", choices=tuple(PACK)),
        Fact("other", "choice", "the other pack's national team", choices=tuple(PACK)),
        Fact("die", "int", "the die", 0, low=0, high=12),
    ],
    example={"pushing": "england", "other": "japan", "die": 9},
)
def scrum_push(f: dict) -> Verdict:
    strengths = {side: _pack_value(f[side]) for side in ("pushing", "other")}
    low, high = win_range(strengths["pushing"], strengths["other"])
    reasons = [
        because(SCRUM_PUSH, "the packs as one miniature each"),
        because(SCRUM_APPENDIX, "their strengths in the Appendix"),
    ]
    for side in ("pushing", "other"):
        team = f[side]
        if team in PACK_ROWS:
            reasons.append(because(PACK_TABLE.quote(PACK_ROWS[team]), f"{team}: F {strengths[side]}"))
        reasons.append(because(PACK[team], f"{team}'s Scrum pack"))
    reasons += [
        because(PACK_VALUES, "each team's Scrum pack F"),
        because(
            STRENGTH_RULE, f"{strengths['pushing']} against {strengths['other']}: wins on {_range_text(low, high)}"
        ),
    ]
    after = [then(SCRUM_ONE_MOVE, "the push is 1 movement"), then(SCRUM_REPLY, "the other pack pushes in its turn")]
    if not f["die"]:
        return Verdict("value", {"wins_on": _range_text(low, high)}, reasons, consequences=after)
    won = low <= f["die"] <= high
    reasons.append(because(SCRUM_WINS if won else SCRUM_LOSES, f"rolled {f['die']}"))
    return Verdict(
        "value",
        {"wins_on": _range_text(low, high), "won": won, "moves": 1 if won else 0},
        reasons,
        outcome="succeeds" if won else "fails",
        consequences=after,
        summary=f"the push {'wins' if won else 'fails'} ({f['die']} on {_range_text(low, high)})"
        + ("; the packs move one intersection" if won else ""),
    )


@check(
    "ruck",
    "A Ruck: formed by supporters on the 3 intersections behind a tackled carrier; after 3 movements its push is the "
    "compulsory 4th; one reorganisation at will per side",
    [
        Fact("what", "choice", "what is declared", choices=("other-move", "reorganise", "push")),
        Fact("movements", "int", "movements made this turn", 0, low=0, high=4),
        Fact("reorganised", "bool", "this side has already reorganised at will during the Ruck", False),
    ],
    example={"what": "other-move", "movements": 3},
)
def ruck(f: dict) -> Verdict:
    if f["what"] == "reorganise":
        if f["reorganised"]:
            return Verdict(
                "illegal",
                reasons=[because(RUCK_ONCE, "only one reorganisation at will per side")],
                summary="illegal: this side has already reorganised its line-up at will",
            )
        return Verdict(
            "legal",
            reasons=[because(RUCK_REORGANISE, "by hand, not the Ruck's miniatures"), because(RUCK_ONCE, "once")],
        )
    if f["what"] == "other-move" and f["movements"] >= 3:
        return Verdict(
            "illegal",
            reasons=[
                because(RUCK_FORMS, "the Ruck formed"),
                because(RUCK_AFTER, "after 3 movements"),
                because(RUCK_COMPULSORY, "its push is the compulsory movement"),
            ],
            consequences=[
                then(RUCK_REORGANISE, "the others may be reorganised by hand"),
                then(RUCK_REPLY, "the defence must respond"),
            ],
            summary="illegal: the 4th movement must be the Ruck's push; then a reorganisation at will",
        )
    return Verdict(
        "legal",
        reasons=[because(RUCK_PUSH, "the Ruck pushes"), because(RUCK_COMPULSORY, "1 movement")],
        consequences=[then(RUCK_REPLY, "the defence must respond with its own Ruck in its turn")],
        summary="legal: the Ruck pushes, its 1 compulsory movement",
    )


@check(
    "offside",
    "An offside miniature (ahead of the ball for its team) is penalised when it moves towards a teammate's kick "
    "(a Scrum to the opponents, and its team's possession ends)",
    [
        Fact("offside", "bool", "the miniature was ahead of the ball (for its team) at the kick"),
        Fact("moves_to_ball", "bool", "it moves towards the kicked ball", True),
        Fact("back_in_play", "bool", "the ball has since been received by a miniature in play at the kick", False),
    ],
    example={"offside": True},
)
def offside(f: dict) -> Verdict:
    reasons = [because(OFFSIDE_LINE, "closer to the own try line than the ball, to be in play")]
    if not f["offside"] or not f["moves_to_ball"] or f["back_in_play"]:
        why = "in play" if not f["offside"] else ("back in play" if f["back_in_play"] else "not chasing the kick")
        return Verdict("legal", reasons=[*reasons, because(OFFSIDE_BACK, why)], summary=f"legal: {why}")
    return Verdict(
        "illegal",
        reasons=[
            *reasons,
            because(OFFSIDE_PENALISED, "penalised offside miniatures"),
            because(OFFSIDE_CHASE, "chasing a kick"),
        ],
        outcome="foul",
        consequences=[
            then(SCRUM_OFFSIDE, "a Scrum put in by the team that did not commit it"),
            then(LOST_OFFSIDE, "the possession ends"),
            then(OFFSIDE_BACK, "back in play once a miniature in play at the kick receives the ball"),
        ],
        summary="illegal: an offside miniature chasing the kick; Scrum to the opponents, the possession ends",
    )


@check(
    "match-end",
    "The end of the match: after the eighth possession the higher score wins; of a draw the book says nothing",
    [
        Fact("score", "ints", "the two teams' points", low=0, high=500),
        Fact("possession", "int", "the possession that has just ended", 8, low=1, high=8),
    ],
    example={"score": [10, 10]},
)
def match_end(f: dict) -> Verdict:
    if len(f["score"]) != 2:
        raise RefereeError("fact 'score': the two teams' points")
    if f["possession"] < 8:
        return Verdict("value", {"match_over": False}, [because(MATCH_ENDS, f"only possession {f['possession']}")])
    a, b = f["score"]
    reasons = [because(MATCH_ENDS, "the eighth possession has ended"), because(HIGHER_SCORE, f"{a}-{b}")]
    if a == b:
        return Verdict("unknown", None, reasons, summary=f"unknown: {a}-{b}; the book does not say what a draw gives")
    return Verdict("value", {"match_over": True, "winner": "first" if a > b else "second"}, reasons)

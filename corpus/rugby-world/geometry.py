"""rugby-world: whole game states (docs/game-states.md): the grid, the miniatures, the ball, what happened before
(the possession and its Tackles, the turn's moves, the score, cards played and in effect, a Ruck, a Touch), and
the actions, each settled in the state the previous one left."""

from __future__ import annotations

from referee.rules import Action, StateRules

from .geometry_kicks import (
    settle_conversion,
    settle_drop,
    settle_kick,
    settle_penalty,
)
from .geometry_match import (
    settle_card,
    settle_chase,
    settle_line_out,
    settle_possession_end,
    settle_reorganise,
    settle_ruck_push,
    settle_scrum,
    settle_second_half,
    settle_silent,
)
from .geometry_moves import (
    settle_break,
    settle_free_move,
    settle_ground,
    settle_hard_tackle,
    settle_pass,
    settle_run,
    settle_tackle,
)
from .geometry_state import (
    follows,
    read_state,
)

WHO = r"#?(?P<by>\w+)"
TO = r"(?P<to>#?\w+|\[\s*-?[\d.]+\s*,\s*-?[\d.]+\s*\])"
SIDE = r"(?P<side>the attack|the defence|[\w ]+?)"

# Why a key nothing read does not bear on a ruling ('when,…:glob'; when: an action or 'illegal').
# A key nothing read and nothing here excuses leaves the ruling unknown (referee.states.bearing).
IGNORES = {
    "pass:pieces.*.p": "the passer's P sets how far he may pass; the receiver's P does not bear on it",
    "illegal:pieces.*.p": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.f": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.s": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.kicker": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "conversion,kick:attack": (
        "the attack's direction bears on passes, runs and offside; a kick is measured from the kicker toward the "
        "goal it aims at"
    ),
    "illegal:attack": (
        "the declaration is illegal on what was read, before anything is measured along the direction of play"
    ),
    "line-out,reorganise,scrum:attack": (
        "the attack's direction bears on passes, runs, kicks and offside; a Touch's guess and a Scrum's or Ruck's "
        "push are settled on the teams and the die, not along the direction of play"
    ),
    "card,second-half:attack": (
        "the attack's direction bears on passes, runs, kicks and offside; whether a card may be played is ruled on "
        "the cards played and in effect, and who restarts on who kicked off, not on the direction of play"
    ),
    "penalty:pieces.*.at": (
        "a Penalty kick into touch keeps possession wherever the pieces stand ('there is no sense in lining up the "
        "miniatures'); one at goal measures its zone from the kicker, which it reads"
    ),
    "second-half:pieces.*.at": (
        "who starts the 5th possession is settled by who kicked off the 1st half; the pieces are lined up afresh"
    ),
    "hard-tackle,line-out:pieces.*.at": (
        "a Hard Tackle is ruled on the tackler and the carrier (where they stand is read); a Touch's throw on the "
        "guess; where another miniature stands does not bear"
    ),
    "card,conversion,kick,run,silent,tackle:pieces.*.at": (
        "this action is ruled on the pieces it names and their characteristics, not on where they stand"
    ),
    "break-through,evade,tackle:pieces.*.f": (
        "F is rolled only in the Strength Rule (a Hard Tackle, a ruck); this action does not roll it"
    ),
    "drop,kick:pieces.*.kicker": (
        "whether a miniature is the team's kicker bears on conversions and penalty kicks at goal, not on this kick"
    ),
    "pieces.*.number": (
        "a shirt number gives the role, which bears only on nominal cards and a one-on-one Hard Tackle between "
        "forwards (a Maul), where it is read"
    ),
    "card,kick,pass,run,silent,tackle,free-move,offside:pieces.*.team": (
        "a side tells opponents from teammates; the action's checks take the sides of the pieces they rule on"
    ),
}

# What each key of a state says (referee check --describe, docs/game-states.md).
KEY_HELP = {
    "attack": "the direction the attacking team scores: +y (row 50) or -y (row 0)",
    "width": "intersections across (the book does not give it; 35 by default)",
    "teams": "each side's name: {attack: ..., defence: ...}",
    "pieces": "the miniatures by id: team, at [x, y] in intersections, number, F, S, P, kicker, status",
    "ball": "the carrier's id, or [x, y]",
    "kicked": "the ball was kicked and nobody has reached it",
    "free_moves": "free moves already made this turn",
    "tackles": "tackles suffered in this possession",
    "possession": "which of the eight possessions is being played",
    "score": "the points of each side",
    "phase": "play, kick-off, restart, scrum, ruck, touch or penalty",
    "kicked_off": "the side that kicked off the first half",
    "moved": "the miniatures already moved this turn",
    "reorganised": "the sides that have reorganised their line-up at will",
    "cards": "the special cards in effect, by side",
    "played": "the special cards already played, by side",
    "touch": "the line-out: {throwing: attack or defence, chosen: 1 to 5}",
}

STATES = StateRules(
    # only `tackled` is asked about (rucks, passes, tackles); `moved` and `tackling` no rule reads
    words={"pieces.*.status": ("tackled",)},
    key_help=KEY_HELP,
    shape=("pieces.*.team", "pieces.*.at"),  # every piece has both (the reader refuses one without)
    read=read_state,
    keys=(
        "attack",
        "width",
        "teams",
        "pieces",
        "ball",
        "kicked",
        "free_moves",
        "tackles",
        "possession",
        "score",
        "phase",
        "kicked_off",
        "moved",
        "reorganised",
        "cards",
        "played",
        "touch",
    ),
    follows=follows,
    ignores=IGNORES,
    actions=[
        Action(
            "pass",
            (WHO + r" pass(?:es)? (?:the ball )?(?:back )?to " + TO,),
            settle_pass,
            "#9 passes to #10 / #9 passes to [12, 27]",
        ),
        Action("run", (WHO + r" runs?(?: to " + TO + r")?",), settle_run, "#12 runs to [10, 20]"),
        Action(
            "tackle",
            (r"(?P<by>#?\w+(?:\s*(?:,|and)\s*#?\w+)*) (?:declares? a tackle on|tackles?) #?(?P<on>\w+)",),
            settle_tackle,
            "#6 and #7 tackle #10",
        ),
        Action(
            "hard-tackle",
            (WHO + r" (?:declares a )?hard[- ]tackles? (?:on )?#?(?P<on>\w+)",),
            settle_hard_tackle,
            "#6 hard-tackles #10",
        ),
        Action(
            "break-through",
            (WHO + r" breaks? through (?:against )?#?(?P<on>\w+)",),
            settle_break,
            "#13 breaks through #d6",
        ),
        Action("evade", (WHO + r" (?P<evade>evades) #?(?P<on>\w+)",), settle_break, "#13 evades #d6"),
        Action("ground", (WHO + r" grounds the ball",), settle_ground, "#12 grounds the ball"),
        Action("free-move", (WHO + r" free[- ]moves? to " + TO,), settle_free_move, "#12 free-moves to [10, 20]"),
        Action(
            "penalty",
            (WHO + r" kicks the penalty (?:kick )?(?:at goal|between the posts|at the posts|(?P<touch>into touch))",),
            settle_penalty,
            "#15 kicks the penalty at goal / #15 kicks the penalty into touch",
        ),
        Action(
            "kick",
            (WHO + r" kicks (?P<range>short|medium|long)(?:(?P<touch> into touch)| to (?P<land>\[[^\]]*\]))?",),
            settle_kick,
            "#10 kicks long / #10 kicks long into touch / #10 kicks long to [17, 34]",
        ),
        Action("drop", (WHO + r" (?:attempts a |kicks a )?drop(?: goal)?",), settle_drop, "#10 attempts a drop"),
        Action(
            "conversion", (WHO + r" (?:kicks|takes) the conversion",), settle_conversion, "#10 kicks the conversion"
        ),
        Action(
            "line-out",
            (r"the (?:defence|defending team|other team) guesses (?P<guess>[1-5])",),
            settle_line_out,
            "the defence guesses 4",
        ),
        Action("scrum", (SIDE + r"(?:'s)? (?:scrum )?pack pushes",), settle_scrum, "the attack's pack pushes"),
        Action("ruck-push", (SIDE + r"(?:'s)? ruck pushes",), settle_ruck_push, "the attack's ruck pushes"),
        Action(
            "reorganise",
            (SIDE + r" reorganises? (?:its line-up )?at will",),
            settle_reorganise,
            "the attack reorganises at will",
        ),
        Action(
            "offside",
            (WHO + r" chases (?:the kick|the ball|#?(?P<kicker>\w+)'s kick)",),
            settle_chase,
            "#13 chases #10's kick",
        ),
        Action(
            "card",
            (SIDE + r" plays? (?:the card )?(?P<card>.+?)(?: (?:on|for) #?(?P<on>\w+))?(?P<both> for both effects)?",),
            settle_card,
            "the attack plays serge-blanco on #15",
        ),
        Action(
            "match-end",
            (r"the (?:eighth|8th|last) possession ends",),
            settle_possession_end,
            "the eighth possession ends",
        ),
        Action(
            "second-half",
            (
                r"(?:the )?(?:5th|fifth) possession begins",
                r"(?P<who>who) kicks to start (?:the )?(?:5th|fifth) possession",
            ),
            settle_second_half,
            "the 5th possession begins / who kicks to start the 5th possession",
        ),
        Action(
            "silent",
            (
                r"the defence catches the ball in its (?P<ingoal>in-goal)(?: area)?",
                WHO + r" passes forward(?:s)?(?: .*)?",
            ),
            settle_silent,
            "the defence catches the ball in its in-goal",
        ),
    ],
)

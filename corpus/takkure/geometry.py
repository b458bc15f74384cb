"""Takkure in whole states (docs/game-states.md): the pitch in inches, the players' bases, the ball, what
happened before (the match: half, score, time dashboard, activation tokens, cards used), and the actions,
each settled in the state the previous one left. Opposed rolls are resolved in the state: who is
GROUNDED, wounded or injured, who holds the ball, who attacks."""

from __future__ import annotations

from referee.rules import Action, StateRules

from .geometry_ball import (
    settle_pick_up,
    settle_second_move,
    settle_stand_up,
    settle_steal,
    settle_try,
)
from .geometry_match import (
    settle_activation_end,
    settle_ball_lands,
    settle_card_timing,
    settle_fatigue,
    settle_halftime,
    settle_kick_off,
    settle_kick_out,
    settle_measuring,
    settle_off_pitch,
    settle_play_card,
    settle_player_skill,
    settle_rest,
    settle_team_play,
    settle_team_skill,
    settle_template,
    settle_token_removal,
    settle_tokens_run_out,
)
from .geometry_play import (
    settle_contest,
    settle_pass,
    settle_tackle,
)
from .geometry_state import (
    follows,
    read_state,
)

WHO = r"#?(?P<by>\w+)"
AGAINST = r"(?: against (?P<against>#?\w+(?:(?:,| and| then) #?\w+)*))?"

# Why a key nothing read does not bear on a ruling ('when,…:glob'; when: an action or 'illegal').
# A key nothing read and nothing here excuses leaves the ruling unknown (referee.states.bearing).
IGNORES = {
    "illegal:pieces.*.bac": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.bac_try": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.str": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.ref": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.mov": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.skill_tokens": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.fatigue": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.fatigue_inactive": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.activations": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "illegal:pieces.*.target": (
        "the declaration is illegal before anything is rolled: the characteristics and tokens a roll would read do "
        "not bear"
    ),
    "ball-steal,break-through,tackle,dodge:attack": (
        "the attack's direction bears on passes (ahead or behind), kicks and tries; a tackle, dodge, break through "
        "or steal is not measured along it"
    ),
    "pick-up:attack": (
        "the attack's direction bears on a pick-up only when a teammate carries the ball (behind him), and is read "
        "there; a loose ball is picked up on a BaC roll"
    ),
    (
        "activation-end,ball-lands,card-timing,fatigue,halftime,kick-off,measuring,off-the-pitch,rest,stand-up,"
        "team-play,team-skill,time,token-removal:attack"
    ): (
        "the attack's direction bears on passes, pick-ups behind the carrier, kicks and tries; this action is "
        "settled on tokens, orders, the clock, who kicks or where the ball is, not along the direction of play"
    ),
    # a status is read word by word (`pieces.7.status.grounded`): a word no rule of the action asks about is named,
    # unless it is declared here not to bear
    "token-removal:pieces.*.status.activated": (
        "token removal asks whether a piece was activated only when it has a GROUNDED token to remove"
    ),
    "pass:pieces.*.status.tackle": 'the tackle a pass goes past is read from the action ("past #4\'s tackle")',
    "move:attack": (
        "a MOVE is measured by MOV and the movement token, in any direction (the book's 'you cannot move backwards' "
        "belongs to its training exercise, not to the game)"
    ),
    "illegal:attack": (
        "the declaration is illegal on what was read, before anything is measured along the direction of play"
    ),
    "move,off-the-pitch,pick-up,stand-up,team-play:active": (
        "who is active bears on tackles against him (opposed or unopposed); this action is its player's own, named "
        "by it"
    ),
    "tackle:pieces.*.at": (
        "a tackle's reach is measured only from the tackler's MOV and where he tackles (mov, tackle_at); without "
        "them where the pieces stand is not measured"
    ),
    "dodge,break-through,pass:pieces.*.at": (
        "a declared tackle is resolved by the rolls, wherever the tackler stands: it was declared in contact"
    ),
    "pass:pieces.*.target": "the tackle being resolved is the one declared on the passer",
    "dodge:pieces.*.str": (
        "a dodge against several tacklers ends at the first roll it loses: a tackler not rolled against does not bear"
    ),
    "fatigue:pieces.*.activations": "the action names which activation token the player receives",
    "dodge:pieces.*.activations": (
        "activation tokens bear on fatigue at the end of an activation, not on a dodge's roll"
    ),
    (
        "activation-end,fatigue,measuring,move,off-the-pitch,player-skill,rest,stand-up,team-play,team-skill,token-"
        "removal:pieces.*.at"
    ): ("this action is settled on the player's tokens, characteristics and the ball, not on distances"),
    (
        "ball-steal,fatigue,measuring,off-the-pitch,pick-up,player-skill,team-play,team-skill,token-"
        "removal:pieces.*.team"
    ): ("a side tells opponents from teammates; this action concerns its player's own tokens, skills or activation"),
    "tackle:pieces.*.team": (
        "sides are checked for the tackler and his target (a teammate cannot be tackled); another piece's side does"
        " not bear"
    ),
}

# What each key of a state says (referee check --describe, docs/game-states.md).
KEY_HELP = {
    "attack": "the direction the attacking team scores toward: +y or -y",
    "in_goal": "y where the in-goal zone the attack scores in begins",
    "teams": "each side's name: {attack: ..., defence: ...}",
    "pieces": "the players by id: team, at [x, y] in inches, base, BaC, MOV, status, fatigue, skills",
    "ball": "the carrier's id, [x, y] on the ground, or in-the-air",
    "ball_size": "the ball token's diameter in mm (the book does not give it; 25 by default)",
    "active": "the active player (default: the carrier)",
    "match": "what happened before: half, score, time, activations, kick-off, team plays used, phase",
}

STATES = StateRules(
    # the words of STATUSES some rule asks about (`"pressure" in q.status`); `active` and `rest` no rule reads
    words={"pieces.*.status": ("grounded", "pressure", "tackle", "steal", "pick-up", "activated")},
    key_help=KEY_HELP,
    shape=("pieces.*.team", "pieces.*.at"),  # every piece has both (the reader refuses one without)
    read=read_state,
    keys=("attack", "in_goal", "teams", "pieces", "ball", "ball_size", "active", "match"),
    follows=follows,
    ignores=IGNORES,
    actions=[
        Action(
            "pass",
            (
                WHO
                + r" pass(?:es)? (?:the ball )?(?:from the ground )?to #?(?P<to>\w+)"
                + r"(?: (?:past|after) (?P<past>#?\w+)'s tackle)?",
            ),
            settle_pass,
            "#7 passes to #9 / #7 passes to #9 past #4's tackle",
            terms=("#7 throws the ball to #9", "#7 gives the ball to #9", "#7 hands the ball to #9"),
        ),
        Action(
            "tackle",
            (WHO + r" (?:declares a tackle on|tackles) #?(?P<on>\w+)",),
            settle_tackle,
            "#4 declares a tackle on #7",
        ),
        Action(
            "dodge",
            (WHO + r" (?P<dodge>dodges)" + AGAINST,),
            settle_contest,
            "#7 dodges / #7 dodges against #4 then #5",
        ),
        Action("break-through", (WHO + r" breaks? through" + AGAINST,), settle_contest, "#7 breaks through"),
        Action(
            "move",
            (WHO + r" moves? as (?:a |his )?(?:2nd|second) action",),
            settle_second_move,
            "#7 moves as a second action",
        ),
        Action("stand-up", (WHO + r" stands? up",), settle_stand_up, "#5 stands up"),
        Action("pick-up", (WHO + r" picks? up the ball",), settle_pick_up, "#9 picks up the ball"),
        Action("ball-steal", (WHO + r" (?:tries to )?steals? the ball",), settle_steal, "#4 steals the ball"),
        Action(
            "score-a-try",
            (WHO + r" (?:scores|tries to score|attempts) a try",),
            settle_try,
            "#7 scores a try",
            claim=True,
        ),
        Action(
            "fatigue",
            (WHO + r" receives (?:a fatigue token|(?:his |a )?(?P<third>third|3rd) activation token)",),
            settle_fatigue,
            "#7 receives his third activation token",
        ),
        Action("rest", (WHO + r" rests",), settle_rest, "#4 rests"),
        Action("token-removal", (r"(?:step 6:? )?token removal",), settle_token_removal, "token removal"),
        Action("activation-end", (r"the activation ends",), settle_activation_end, "the activation ends"),
        Action(
            "time",
            (
                r"the attack(?:'s| has| uses)? (?:used up |uses up |spends )?(?:all |its )?(?:4 |four )?"
                r"activation tokens(?: run out| are used up)?",
            ),
            settle_tokens_run_out,
            "the attack's activation tokens run out",
        ),
        Action(
            "kick-out",
            (r"the attack kicks the ball out(?: of the field)?",),
            settle_kick_out,
            "the attack kicks the ball out",
        ),
        Action(
            "kick-off",
            (
                r"(?:who kicks off|the kick-off|kick-off)(?P<occasion>(?: (?:at|of|for|after) [\w -]+)?)",
                r"(?P<occasion>the second) half begins",
            ),
            settle_kick_off,
            "kick-off for the second half / kick-off after a missed try",
        ),
        Action(
            "template",
            (r"the kicking (?:coach|team) places the (?:scatter )?template",),
            settle_template,
            "the kicking coach places the template",
        ),
        Action("ball-lands", (r"the kick-off ball (?:is placed|lands)",), settle_ball_lands, "the kick-off ball lands"),
        Action(
            "halftime",
            (r"(?:at )?halftime(?:,|:)? (?P<about>.+)",),
            settle_halftime,
            "at halftime, the GROUNDED tokens",
        ),
        Action(
            "off-the-pitch",
            (
                r"the (?P<ball>ball) scatters (?:off|out of|beyond the edge of) the (?:pitch|field)",
                WHO + r" is displaced off the (?:pitch|field)",
            ),
            settle_off_pitch,
            "the ball scatters off the pitch",
        ),
        Action(
            "team-play",
            (r"the attack plays (?:the )?team play(?: (?P<card>[\w' -]+?))?(?: activating #?(?P<with>\w+))?",),
            settle_team_play,
            "the attack plays team play X activating #11",
        ),
        Action(
            "card-timing",
            (r"the (?P<side>\w+) (?:coach )?plays an individual play",),
            settle_card_timing,
            "the defence plays an individual play",
        ),
        Action(
            "play-card",
            (r"(?:#?\w+|the \w+(?: coach)?) plays (?:the |a |an )?(?:individual play |play )?card (?P<card>.+)",),
            settle_play_card,
            "the defence plays card 'Iron wall'",
        ),
        Action(
            "player-skill",
            (WHO + r" uses (?:his |a |the )?player skill (?P<skill>.+)",),
            settle_player_skill,
            "#5 uses his player skill 'Battering ram'",
        ),
        Action(
            "team-skill",
            (
                WHO
                + r" uses (?:unwavering honor|superstars|the team skill)(?: tokens)? (?:to |for )"
                + r"(?P<effect>.+?)(?: on #?(?P<on>\w+))?",
            ),
            settle_team_skill,
            "#9 uses Superstars for +3 and one reroll",
        ),
        Action(
            "measuring",
            (WHO + r"(?:'s coach)? measures before declaring(?: .*)?",),
            settle_measuring,
            "#4 measures before declaring",
        ),
    ],
)

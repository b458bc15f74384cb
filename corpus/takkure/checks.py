"""Takkure's rules as checks. Positions are in inches on the pitch; each situation says
which way the attacking team scores (+y or -y). Dice are D12.

Besides the actions of an activation (pass, tackle, dodge, break through, steal, pick up, score a
try), the match's flow is here: the time dashboard and the halves, who attacks, the end of an
activation, kick-offs, token removal, fatigue and rest, skills, team plays and cards, team skills,
and what the book does not say (`unknown`, with its closest sentences)."""

from __future__ import annotations

from referee.rules import apart

from . import (
    checks_ball,
    checks_cards,
    checks_fatigue,
    checks_match,
    checks_pass,
    checks_rolls,
    checks_silent,
    checks_tackle,
    checks_try,
)

# The areas of the game's checks, in rule order: the loader reads each one's checks in turn.
AREAS = (
    checks_pass,
    checks_tackle,
    checks_ball,
    checks_fatigue,
    checks_rolls,
    checks_try,
    checks_match,
    checks_cards,
    checks_silent,
)


# ================================================================ one ruling per question (referee.rules.overlaps)

OVERLAPS = [
    *apart(
        "face-to-face-roll",
        ["contest-result", "try-result"],
        "who wins a face-to-face roll (1.15), against what a dodge, a break through or a try then does",
    ),
    *apart("contest-result", ["try-result"], "the result of a dodge or break through, against that of a try"),
    *apart("activation-end", ["time-dashboard"], "what follows an activation, against how the time tokens move"),
    *apart(
        "fatigue-effects",
        ["fatigue-gain", "pass-target", "score-a-try-target", "skill-by-position", "tackle-reach"],
        "what fatigue tokens do, against when one is given and the rolls and skills it changes (4.01)",
    ),
    *apart("fatigue-gain", ["skill-by-position"], "a fatigue token given, against the skills it takes away"),
    *apart("skill-by-position", ["tackle-reach"], "whether Defensive Insight still works, against the tackler's reach"),
    *apart(
        "grounded-action",
        ["score-a-try", "second-action", "stand-up", "team-skill", "token-removal"],
        "what a GROUNDED player may do, against a try, a second action, STAND UP, a team skill or step 6's removal",
    ),
    *apart(
        "stand-up",
        ["score-a-try", "second-action", "team-skill", "token-removal"],
        "STAND UP's own limits, beside the other actions and removals a GROUNDED token restricts",
    ),
    *apart("team-skill", ["token-removal"], "a team skill's GROUNDED tokens, against step 6's token removal"),
    *apart("halftime", ["team-play"], "what halftime does, against when a team play may be used"),
    *apart("kick-off-catch", ["off-the-pitch"], "the kick-off catch, against a ball that would leave the pitch"),
    *apart("measuring", ["tackle-reach"], "when a coach may measure, against whether the tackler reaches"),
    *apart(
        "unopposed-roll",
        ["melee-roll", "score-a-try-target", "tackle-outcome", "play-card", "player-skill"],
        "a roll's outcome (a 12 always a miss), against a melee's winner, a try's target, a tackle's consequences, "
        "and the cards and skills that take precedence",
    ),
    *apart("melee-roll", ["score-a-try-target"], "a melee's winner, against the BaC a try must roll under"),
    *apart("pass-direction", ["pick-up"], "a pass's direction, against a pick-up behind a carrier"),
    *apart("pass-target", ["score-a-try-target"], "the BaC of a pass, against that of a try"),
    *apart("play-card", ["player-skill"], "a play card's text, against a player skill's (both unknown, 0.02)"),
    *apart("score-a-try", ["score-a-try-target"], "whether a try may be attempted, against the BaC it needs"),
]

"""Touchdown Heroes' rules as checks. Field positions are squares 1-10 counted to the
attacking team's goal ("0" is the goal line); players sit in turn order from the lead.

Besides a trick (who may play what, who wins it, how far the ball goes), the game's flow is here: making the
teams, kickoffs, the plays a lead may declare, the series and possession changes, where the lead goes, the end
of each half and of the game; and what the book's FAQ says of the play-book effects and the heroes' skills,
whose own texts are printed only on the cards (`unknown`, saying so)."""

from __future__ import annotations

from referee.rules import apart, same

from . import checks_heroes, checks_plays, checks_setup, checks_silent, checks_trick

# The areas of the game's checks, in rule order: the loader reads each one's checks in turn.
AREAS = (
    checks_setup,
    checks_plays,
    checks_trick,
    checks_heroes,
    checks_silent,
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

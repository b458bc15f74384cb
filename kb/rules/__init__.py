"""The rules engine: what a game's authors write checks and state rules with.

A game's `quotes.py`, `checks.py` and `geometry.py` import from here (docs/writing-checks.md):

    from referee.rules import Fact, Quote, Table, Verdict, because, check, then
    from referee.rules import Takes, again, no_effect, precedence  # quotes.py: the value a check reads
    from referee.rules import Action, StateRules          # geometry.py: whole states
    from referee.rules import apart, same                 # checks.py's OVERLAPS: one ruling per question

It depends on nothing of Referee's but `referee.errors` and `referee.validation`; the rest of
Referee (the store, states, sheets, `ask`) runs checks through it."""

from referee.rules.actions import Action, StateRules, Steps
from referee.rules.checks import Check, check
from referee.rules.facts import Fact
from referee.rules.overlaps import Overlap, apart, same
from referee.rules.quotes import Quote, Table, Takes, again, because, no_effect, precedence, then
from referee.rules.verdicts import Reading, Reason, Verdict

__all__ = [
    "Action",
    "Check",
    "Fact",
    "Overlap",
    "Quote",
    "Reading",
    "Reason",
    "StateRules",
    "Steps",
    "Table",
    "Takes",
    "Verdict",
    "again",
    "apart",
    "because",
    "check",
    "no_effect",
    "precedence",
    "same",
    "then",
]

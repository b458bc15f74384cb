"""The rules engine: what a game's authors write checks and state rules with.

It depends on nothing of Referee's but `referee.errors` and `referee.validation`; the rest of
Referee (the store, states, sheets, `ask`) runs checks through it."""

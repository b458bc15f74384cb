"""A game's rules, complete when constructed: its quotes, its checks (each bound to the game, with
the quotes its code cites), and how it settles whole states."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from referee.errors import RefereeError
from referee.rules.actions import StateRules
from referee.rules.checks import Check, cited_quotes
from referee.rules.overlaps import Overlap
from referee.rules.quotes import Quote


class Rulebook:
    def __init__(
        self,
        game: str,
        quotes: dict[str, Quote],
        checks: Iterable[Check],
        states: StateRules | None = None,
        where: str = "",
        overlaps: Iterable[Overlap] = (),
    ) -> None:
        """`quotes`: every quote the game's checks may cite, by key (`quotes_of` its quotes module);
        `checks`: the game's checks, in the order they are listed; `states`: its state rules, if it
        settles whole states; `where`: the folder, for errors; `overlaps`: how each pair of its checks
        that decide by one sentence is declared (`referee.rules.overlaps`)."""
        self.game = game
        self.quotes = dict(quotes)
        self.states = states
        keys = {quote: key for key, quote in reversed(list(self.quotes.items()))}
        bound = []
        for unbound in checks:
            cited = cited_quotes(unbound.function)
            stray = [q for q in cited if q not in keys]
            if stray:
                raise RefereeError(
                    f"{where or game}: check {unbound.name!r} cites {stray[0].entry} by a quote not in quotes.py"
                )
            bound.append(replace(unbound, game=game, quotes={keys[q]: q for q in cited}))
        self.checks = bound
        names = {c.name for c in bound}
        self.overlaps = list(overlaps)
        for overlap in self.overlaps:
            unknown = sorted({overlap.a, overlap.b} - names)
            if unknown:
                raise RefereeError(f"{where or game}: OVERLAPS names {unknown[0]!r}, which is no check of {game}")

    @property
    def rows(self) -> dict[str, dict[str, str]]:
        """Key -> cells, for the quotes that are table rows."""
        return {key: quote.row for key, quote in self.quotes.items() if quote.row is not None}

    def unused_quotes(self) -> list[str]:
        cited = {key for check in self.checks for key in check.quotes}
        return sorted(set(self.quotes) - cited)

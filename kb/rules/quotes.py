"""What a check cites: the book's words, verbatim, with the entry they are in.

A game's `quotes.py` declares them once, as module constants (`DEFEND = Quote("tacocat/play/2",
"Захищати атакувати, …")`) and printed tables as `Table`s; a check cites one by naming it
(`because(DEFEND, "7 >= 5")`). The build checks every quote against the book: the entry exists,
the words are in it, a table row is a whole row of its parsed table, and some check cites it.

A quote whose words a check reads as a value (3 intersections, "takes precedence", "roll again") declares
it beside the quote: `Quote(..., takes=Takes(words, value, agrees))`; the tests hold every ruling that cites
the quote to it (`agrees`), over the checks' examples and over generated facts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from referee.rules.verdicts import Reason, Verdict


@dataclass(frozen=True)
class Takes:
    """What a check takes from a quote: `words`, a verbatim slice of it, read as `value`; `agrees(facts,
    verdict, reason)` is true when a ruling citing the quote (`reason`, with the facts it ran on) keeps to it."""

    words: str
    value: Any
    agrees: Callable[[dict[str, Any], Verdict, Reason], bool]


def again(facts: dict[str, Any], verdict: Verdict, reason: Reason) -> bool:
    """A tie that is played again ("roll again", "duel again"): not cancelled, and the ruling says again."""
    said = f"{reason.explanation} {verdict.summary} {verdict.value}".lower()
    return verdict.outcome != "cancelled" and "again" in said


def no_effect(facts: dict[str, Any], verdict: Verdict, reason: Reason) -> bool:
    """A tie with no effect: the action is cancelled, not played again."""
    return verdict.outcome == "cancelled"


def precedence(facts: dict[str, Any], verdict: Verdict, reason: Reason) -> bool:
    """A rule that takes precedence over the book: what it allows is never ruled illegal by the book."""
    return verdict.verdict != "illegal"


@dataclass(frozen=True)
class Quote:
    """Words of one entry, verbatim: what a reason or a consequence quotes."""

    entry: str  # the entry's id, e.g. "tacocat/play/2"
    text: str  # a verbatim slice of the entry's text
    row: dict[str, str] | None = field(default=None, compare=False)  # a table row: the row read as cells
    takes: Takes | None = field(default=None, compare=False)  # the value a check reads from it, held by the tests


class Table(Sequence[tuple[str, ...]]):
    """A printed table, its rows as the book prints them: `TABLE[i]` is row i's cells (the numbers
    a check reads) and `TABLE.quote(i)` is row i as a quote (its cells joined by `joiner`, a tab
    or nothing in a flattened table), so the numbers a check uses are the ones the build verified."""

    def __init__(self, entry: str, columns: tuple[str, ...], rows: list[tuple[str, ...]], joiner: str) -> None:
        self.entry = entry
        self.columns = tuple(columns)
        self.rows = [tuple(row) for row in rows]
        self.joiner = joiner
        self._quotes = [Quote(entry, joiner.join(cells), dict(zip(columns, cells, strict=True))) for cells in rows]

    @overload
    def __getitem__(self, index: int) -> tuple[str, ...]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[str, ...]]: ...
    def __getitem__(self, index: int | slice) -> tuple[str, ...] | Sequence[tuple[str, ...]]:
        return self.rows[index]

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[tuple[str, ...]]:
        return iter(self.rows)

    def quote(self, index: int) -> Quote:
        return self._quotes[index]

    @property
    def quotes(self) -> list[Quote]:
        return list(self._quotes)


def because(quote: Quote, explanation: str) -> Reason:
    """A reason: the rule that decides, quoted, and what it decides here."""
    return Reason(quote.entry, quote.text, explanation, quote.row)


then = because  # a consequence (what the book says happens next) cites the same way

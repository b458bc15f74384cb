"""What a check decides: a verdict with the rules that decide it, each cited and quoted.

A verdict separates legality from what happened: `verdict` is legal / illegal / ambiguous /
unknown for a declaration, or `value` for a computed result; `outcome` (held, failed,
succeeds, fails, cancelled, foul, stolen, draw, scored) names what happened when the check
decides it; `consequences` say what the book says happens next, each with its quote.
A `RulingStep` is one check's verdict as a state's settling ran it, with the facts it ran with.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

VERDICTS = ("legal", "illegal", "ambiguous", "unknown", "value")


OUTCOMES = ("held", "failed", "succeeds", "fails", "cancelled", "foul", "stolen", "draw", "scored")


@dataclass
class Reason:
    entry: str
    quote: str
    explanation: str
    row: dict[str, str] | None = None  # a table row read as cells, when the quote is one


@dataclass
class Reading:
    reading: str
    verdict: str
    value: Any = None
    reasons: list[Reason] = field(default_factory=list)


@dataclass
class Verdict:
    verdict: str
    value: Any = None
    reasons: list[Reason] = field(default_factory=list)
    readings: list[Reading] = field(default_factory=list)
    outcome: str | None = None
    consequences: list[Reason] = field(default_factory=list)
    summary: str = ""

    def cited(self) -> Iterator[Reason]:
        yield from self.reasons
        yield from self.consequences
        for reading in self.readings:
            yield from reading.reasons


@dataclass(frozen=True)
class CheckVerdict:
    """One check's verdict on the facts it was given, as `referee.settle` and `referee check --check NAME`
    give it: the check and its game, then the `Verdict`'s fields. `to_json()` is the stable JSON shape
    (docs/usage.md; `referee check --check NAME --json`, `GET /api/check`), its keys in this order."""

    game: str
    check: str
    verdict: str
    value: Any = None
    reasons: list[Reason] = field(default_factory=list)
    readings: list[Reading] = field(default_factory=list)
    outcome: str | None = None
    consequences: list[Reason] = field(default_factory=list)
    summary: str = ""

    @classmethod
    def of(cls, game: str, check: str, verdict: Verdict) -> CheckVerdict:
        """A check's verdict with its values as JSON gives them back (a tuple is a list)."""
        return cls(
            game,
            check,
            verdict.verdict,
            plain(verdict.value),
            [Reason(**plain(asdict(r))) for r in verdict.reasons],
            [reading_of(plain(asdict(r))) for r in verdict.readings],
            verdict.outcome,
            [Reason(**plain(asdict(r))) for r in verdict.consequences],
            verdict.summary,
        )

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CheckVerdict:
        """A verdict from its JSON (`to_json`): what a client of `GET /api/check` reads back."""
        return cls(**_typed_parts(data))

    def to_json(self) -> dict[str, Any]:
        return dict(plain(asdict(self)))


@dataclass(frozen=True)
class RulingStep:
    """One check's verdict as a state's settling ran it: the check's verdict (`verdict_dict`'s keys,
    in its order) and the facts it ran with, derived from the state or given, for action `action`
    (0-based) of the state's sequence. `check` is None for an action no check covers: its `reasons`
    are then the book's closest rules. Values and facts are JSON data (a tuple is a list)."""

    game: str
    check: str | None
    verdict: str
    value: Any = None
    reasons: list[Reason] = field(default_factory=list)
    readings: list[Reading] = field(default_factory=list)
    outcome: str | None = None
    consequences: list[Reason] = field(default_factory=list)
    summary: str = ""
    facts: dict[str, Any] = field(default_factory=dict)  # as the check read them ("9" given is 9)
    derived: list[str] = field(default_factory=list)  # the facts derived from the state
    given: list[str] = field(default_factory=list)  # the facts given (--fact, or the state's `facts:`)
    note: str = ""
    action: int = 0

    @classmethod
    def of(cls, game: str, check: str, verdict: Verdict, **ran: Any) -> RulingStep:
        """A check's verdict as a step (`ran`: facts, derived, given, note, action)."""
        return cls(**vars(CheckVerdict.of(game, check, verdict)), **ran)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RulingStep:
        """A step from its JSON (`to_json`): what a client of `POST /api/state` reads back."""
        return cls(**_typed_parts(data))

    def to_json(self) -> dict[str, Any]:
        return dict(plain(asdict(self)))


def _typed_parts(data: dict[str, Any]) -> dict[str, Any]:
    """A verdict's JSON with its reasons, readings and consequences read back into their types."""
    return {
        **data,
        "reasons": [Reason(**r) for r in data["reasons"]],
        "readings": [reading_of(r) for r in data["readings"]],
        "consequences": [Reason(**r) for r in data["consequences"]],
    }


def reading_of(data: dict[str, Any]) -> Reading:
    return Reading(**{**data, "reasons": [Reason(**r) for r in data["reasons"]]})


def plain(data: Any) -> Any:
    """The data as JSON gives it back: tuples are lists, keys are strings (what every client reads)."""
    return json.loads(json.dumps(data, ensure_ascii=False))

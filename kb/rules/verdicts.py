"""What a check decides: a verdict with the rules that decide it, each cited and quoted.

A verdict separates legality from what happened: `verdict` is legal / illegal / ambiguous /
unknown for a declaration, or `value` for a computed result; `outcome` (held, failed,
succeeds, fails, cancelled, foul, stolen, draw, scored) names what happened when the check
decides it; `consequences` say what the book says happens next, each with its quote.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
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

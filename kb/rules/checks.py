"""Executable rules: a check is a pure function from typed facts to a verdict with reasons.

Checks live with their game (`corpus/<game>/checks.py`) and are discovered, not listed.
Each check declares the quotes it cites (`cites=`); a run that cites anything else is
refused, and `referee build` refuses a quote that is not verbatim in the entry it names,
a table-row quote that is not a whole row of its table, and a declared quote no check cites.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from referee.errors import RefereeError
from referee.rules.actions import StateRules
from referee.rules.facts import MISSING, Fact, convert
from referee.rules.verdicts import OUTCOMES, VERDICTS, Reason, Verdict
from referee.validation.documents import show


@dataclass
class Check:
    name: str
    game: str
    description: str
    facts: list[Fact]
    function: Callable[[dict[str, Any]], Verdict]
    example: dict[str, Any]
    quotes: dict[str, tuple[str, str]]  # the declared citations: key -> (entry id, verbatim quote)
    rulebook: Rulebook | None = field(default=None, repr=False, compare=False)

    def run(self, facts: dict[str, Any]) -> Verdict:
        values = validate_facts(self, facts)
        verdict = self.function(values)
        if verdict.verdict not in VERDICTS:
            raise RefereeError(f"check {self.name} returned verdict {verdict.verdict!r}")
        if verdict.outcome is not None and verdict.outcome not in OUTCOMES:
            raise RefereeError(f"check {self.name} returned outcome {verdict.outcome!r}")
        declared = set(self.quotes.values())
        for reason in verdict.cited():
            if (reason.entry, reason.quote) not in declared:
                raise RefereeError(f"check {self.name} cited {reason.entry} without declaring it in cites=")
        if not verdict.summary:
            verdict.summary = _default_summary(self, verdict)
        return verdict


def _default_summary(check: Check, verdict: Verdict) -> str:
    if verdict.verdict == "value":
        what = verdict.outcome or json.dumps(verdict.value, ensure_ascii=False)
        return f"{check.name}: {what}"
    return f"{verdict.verdict} ({check.name})"


class Rulebook:
    """The quotes one game's checks may cite, declared once so the build can verify them."""

    def __init__(self, game: str, quotes: dict[str, tuple[str, str]]) -> None:
        self.game = game
        self.quotes = dict(quotes)
        self.rows: dict[str, dict[str, str]] = {}  # key -> cells, for quotes that are table rows
        self.joiners: dict[str, str] = {}
        self.checks: list[Check] = []
        self.states: StateRules | None = None  # how the game settles whole states, if it does

    def because(self, key: str, explanation: str) -> Reason:
        entry, quote = self.quotes[key]
        return Reason(entry, quote, explanation, self.rows.get(key))

    then = because  # a consequence cites the same way a reason does

    def table(
        self, prefix: str, entry: str, columns: tuple[str, ...], rows: list[tuple[str, ...]], joiner: str
    ) -> list[tuple[str, ...]]:
        """Declare a table's rows as quotes `prefix/0`, `prefix/1`, …: each row is quoted as its own
        line of the book (cells joined by `joiner`: a tab, or nothing in a flattened table)."""
        for i, cells in enumerate(rows):
            key = f"{prefix}/{i}"
            self.quotes[key] = (entry, joiner.join(cells))
            self.rows[key] = dict(zip(columns, cells, strict=True))
            self.joiners[key] = joiner
        return rows

    def _declared(self, cites: tuple[str, ...]) -> dict[str, tuple[str, str]]:
        keys: list[str] = []
        for key in cites:
            if key.endswith("/*"):
                matched = [k for k in self.quotes if k.startswith(key[:-1])]
                if not matched:
                    raise KeyError(f"{self.game}: cites {key!r} matches no quote")
                keys += matched
            elif key not in self.quotes:
                raise KeyError(f"{self.game}: cites unknown quote {key!r}")
            else:
                keys.append(key)
        return {key: self.quotes[key] for key in keys}

    def check(
        self, name: str, description: str, facts: list[Fact], example: dict[str, Any], cites: tuple[str, ...]
    ) -> Callable[[Callable[[dict[str, Any]], Verdict]], Callable[[dict[str, Any]], Verdict]]:
        """Register a check; `cites` names every quote key it may cite (`prefix/*` for a family)."""

        def register(function: Callable[[dict[str, Any]], Verdict]) -> Callable[[dict[str, Any]], Verdict]:
            check = Check(name, self.game, description, facts, function, example, self._declared(cites), self)
            self.checks.append(check)
            return function

        return register

    def unused_quotes(self) -> list[str]:
        cited = {key for check in self.checks for key in check.quotes}
        return sorted(set(self.quotes) - cited)


def validate_facts(check: Check, facts: dict[str, Any]) -> dict[str, Any]:
    for name in facts:
        if not isinstance(name, str):
            raise RefereeError(f"fact names are words, got {show(name)}")
    known = {f.name: f for f in check.facts}
    unknown = sorted(set(facts) - set(known))
    if unknown:
        raise RefereeError(f"check {check.name!r} has no fact {show(unknown[0])}; facts: {', '.join(known)}")
    values = {}
    for fact in check.facts:
        if fact.name in facts:
            values[fact.name] = convert(fact, facts[fact.name])
        elif fact.default is not MISSING:
            values[fact.name] = fact.default
        else:
            raise RefereeError(f"check {check.name!r}: missing fact {fact.name!r} ({fact.help})")
    return values


def verdict_dict(check: Check, verdict: Verdict) -> dict[str, Any]:
    """The stable JSON shape of one check's verdict (docs/usage.md documents it)."""
    return {"game": check.game, "check": check.name, **json.loads(json.dumps(asdict(verdict), ensure_ascii=False))}

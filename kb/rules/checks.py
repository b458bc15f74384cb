"""Executable rules: a check is a pure function from typed facts to a verdict with reasons.

A game's `checks.py` writes each one with `@check(name, description, facts, example)`: its
example gives only the facts (the game and the check's name are known). What a check may cite is
what its code names: the `Quote`s and `Table`s of the game's `quotes.py` it uses, directly or
through the game's own helpers and tables (`cited_quotes`), found once when its `Rulebook` is
built; a run that cites anything else is refused.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from types import CodeType, FunctionType, ModuleType
from typing import Any

from referee.errors import RefereeError, UnknownKey
from referee.rules.facts import MISSING, Fact, convert
from referee.rules.quotes import Quote, Table
from referee.rules.verdicts import OUTCOMES, VERDICTS, CheckVerdict, Verdict
from referee.validation.documents import show

CheckFunction = Callable[[dict[str, Any]], Verdict]


@dataclass(frozen=True)
class Check:
    name: str
    description: str
    facts: list[Fact]
    function: CheckFunction
    example_facts: dict[str, Any]  # a situation the check settles, as facts
    game: str = ""  # the game's id, once its Rulebook holds it
    quotes: dict[str, Quote] = field(default_factory=dict)  # what it may cite, by key (found in its code)

    @property
    def example(self) -> dict[str, Any]:
        """The example as a situation document: {game, check, facts}."""
        return {"game": self.game, "check": self.name, "facts": self.example_facts}

    def run(self, facts: dict[str, Any]) -> Verdict:
        values = validate_facts(self, facts)
        verdict = self.function(values)
        if verdict.verdict not in VERDICTS:
            raise RefereeError(f"check {self.name} returned verdict {verdict.verdict!r}")
        if verdict.outcome is not None and verdict.outcome not in OUTCOMES:
            raise RefereeError(f"check {self.name} returned outcome {verdict.outcome!r}")
        declared = {(q.entry, q.text) for q in self.quotes.values()}
        for reason in verdict.cited():
            if (reason.entry, reason.quote) not in declared:
                raise RefereeError(f"check {self.name} cited {reason.entry} without naming its quote in its code")
        if not verdict.summary:
            verdict.summary = _default_summary(self, verdict)
        return verdict


def check(name: str, description: str, facts: list[Fact], example: dict[str, Any]) -> Callable[[CheckFunction], Check]:
    """Make the function a check: `name` (unique across games), what it decides, its facts, and an
    example situation's facts. The game's Rulebook finds it in the game's checks.py."""

    def make(function: CheckFunction) -> Check:
        return Check(name, description, facts, function, dict(example))

    return make


def _default_summary(check: Check, verdict: Verdict) -> str:
    if verdict.verdict == "value":
        what = verdict.outcome or json.dumps(verdict.value, ensure_ascii=False)
        return f"{check.name}: {what}"
    return f"{verdict.verdict} ({check.name})"


# ---------------------------------------------------------------- what a check's code cites


def contents(item: object) -> Iterable[Any]:
    """What a container holds, for a walk over objects: a dict's values, a list's, tuple's or set's
    items; nothing for anything else."""
    if isinstance(item, dict):
        return item.values()
    if isinstance(item, (list, tuple, set, frozenset)):
        return item
    return ()


def cited_quotes(function: Callable[..., Any]) -> list[Quote]:
    """Every quote the function's code names: a Quote or a Table it uses, or one held in a table,
    dict, list or tuple it uses, or named by a function of the game's own that it calls (and so on),
    in the order first met. Names looked up in other modules (`quotes.DEFEND`) count too."""
    found: dict[Quote, None] = {}
    seen: set[int] = set()

    def value(item: Any) -> None:
        if id(item) in seen:
            return
        seen.add(id(item))
        if isinstance(item, Quote):
            found.setdefault(item)
        elif isinstance(item, Table):
            for quote in item.quotes:
                found.setdefault(quote)
        elif isinstance(item, Check):
            value(item.function)
        elif isinstance(item, FunctionType):
            code(item.__code__, item.__globals__, item.__module__)
        else:
            for inner in contents(item):
                value(inner)

    def code(body: CodeType, namespace: dict[str, Any], module: str) -> None:
        modules = [v for n in body.co_names if isinstance(v := namespace.get(n), ModuleType)]
        for name in body.co_names:
            if name in namespace and not isinstance(namespace[name], ModuleType):
                item = namespace[name]
                if not isinstance(item, FunctionType) or item.__module__.split(".")[0] == module.split(".")[0]:
                    value(item)  # the game's own helpers, not a library's functions
            for other in modules:
                if other.__name__.split(".")[0] == module.split(".")[0] and hasattr(other, name):
                    value(getattr(other, name))
        for const in body.co_consts:
            if isinstance(const, CodeType):  # a nested function, lambda or comprehension
                code(const, namespace, module)

    value(function)
    return list(found)


def quotes_of(module: ModuleType) -> Iterator[tuple[str, Quote]]:
    """A quotes module's quotes by key: `DEFEND` is "defend", row i of `PASS_TABLE` "pass-table/i",
    and an entry of a dict of quotes `GROUP["serge-blanco"]` "group/serge-blanco"."""
    for name, item in vars(module).items():
        key = name.lower().replace("_", "-")
        if isinstance(item, Quote):
            yield key, item
        elif isinstance(item, Table):
            yield from ((f"{key}/{i}", quote) for i, quote in enumerate(item.quotes))
        elif isinstance(item, dict) and item and all(isinstance(q, Quote) for q in item.values()):
            yield from ((f"{key}/{inner}", quote) for inner, quote in item.items())


# ---------------------------------------------------------------- facts and verdicts


def refuse_unknown_facts(check: Check, facts: dict[str, Any]) -> None:
    """A fact the check does not take is refused by name (`UnknownKey` at `facts`), before any is read:
    a page asking for a missing fact still says this first, and its form never offers the name."""
    for name in facts:
        if not isinstance(name, str):
            raise RefereeError(f"fact names are words, got {show(name)}")
    known = [f.name for f in check.facts]
    unknown = sorted(set(facts) - set(known))
    if unknown:
        message = f"check {check.name!r} has no fact {show(unknown[0])}; facts: {', '.join(known)}"
        raise UnknownKey(message, "facts", unknown[0])


def validate_facts(check: Check, facts: dict[str, Any]) -> dict[str, Any]:
    refuse_unknown_facts(check, facts)
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
    return CheckVerdict.of(check.game, check.name, verdict).to_json()

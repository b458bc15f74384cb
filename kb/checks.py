"""Executable rules: a check is a pure function from typed facts to a verdict with reasons.

Checks live with their game (`corpus/<game>/checks.py`) and are discovered, not listed.
Every reason cites an entry id and quotes its text verbatim; `referee build` refuses a
check whose quote is not in the entry it names.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from kb.errors import RefereeError

VERDICTS = ("legal", "illegal", "ambiguous", "unknown", "value")
MISSING: Any = object()


@dataclass(frozen=True)
class Fact:
    name: str
    type: str  # int, float, bool, str, choice, point, ints, strs
    help: str
    default: Any = MISSING
    unit: str | None = None
    choices: tuple[str, ...] = ()
    low: float | None = None
    high: float | None = None

    def describe(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "type": self.type, "help": self.help}
        if self.default is not MISSING:
            data["default"] = self.default
        for key in ("unit", "low", "high"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        if self.choices:
            data["choices"] = list(self.choices)
        return data


@dataclass
class Reason:
    entry: str
    quote: str
    explanation: str


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


@dataclass
class Check:
    name: str
    game: str
    description: str
    facts: list[Fact]
    function: Callable[[dict[str, Any]], Verdict]
    example: dict[str, Any]
    quotes: dict[str, tuple[str, str]]  # key -> (entry id, verbatim quote)

    def run(self, facts: dict[str, Any]) -> Verdict:
        values = validate_facts(self, facts)
        verdict = self.function(values)
        if verdict.verdict not in VERDICTS:
            raise ValueError(f"check {self.name} returned verdict {verdict.verdict!r}")
        return verdict


class Rulebook:
    """The quotes one game's checks may cite, declared once so the build can verify them."""

    def __init__(self, game: str, quotes: dict[str, tuple[str, str]]) -> None:
        self.game = game
        self.quotes = quotes
        self.checks: list[Check] = []

    def because(self, key: str, explanation: str) -> Reason:
        entry, quote = self.quotes[key]
        return Reason(entry, quote, explanation)

    def _cited_by(self, function: Callable) -> dict[str, tuple[str, str]]:
        """The quotes a check can cite: every quote key its source names."""
        import inspect
        import re

        named = set(re.findall(r"[\"']([\w-]+)[\"']", inspect.getsource(function)))
        return {key: value for key, value in self.quotes.items() if key in named}

    def check(
        self, name: str, description: str, facts: list[Fact], example: dict[str, Any], cites: tuple[str, ...] = ()
    ):
        """Register a check; `cites` names quote keys the source builds at run time."""

        def register(function: Callable[[dict[str, Any]], Verdict]) -> Callable[[dict[str, Any]], Verdict]:
            quotes = {**self._cited_by(function), **{key: self.quotes[key] for key in cites}}
            self.checks.append(Check(name, self.game, description, facts, function, example, quotes))
            return function

        return register


# ---------------------------------------------------------------- facts


def _convert(fact: Fact, raw: Any) -> Any:
    """A fact's value from JSON/YAML or from a `--fact name=value` string."""
    expected = {
        "int": "a whole number",
        "float": "a number",
        "bool": "true or false",
        "str": "text",
        "choice": f"one of {', '.join(fact.choices)}",
        "point": "a position [x, y]",
        "ints": "a list of whole numbers",
        "strs": "a list of words",
    }[fact.type]
    bad = RefereeError(f"fact {fact.name!r}: expected {expected}, got {raw!r}")
    if isinstance(raw, str) and fact.type in ("point", "ints", "strs"):
        raw = [part.strip() for part in raw.strip("[]()").split(",") if part.strip()]
    try:
        if fact.type == "int":
            if isinstance(raw, bool) or (isinstance(raw, float) and not raw.is_integer()):
                raise bad
            value: Any = int(raw)
        elif fact.type == "float":
            if isinstance(raw, bool):
                raise bad
            value = float(raw)
        elif fact.type == "bool":
            if isinstance(raw, bool):
                value = raw
            elif str(raw).lower() in ("true", "yes", "1"):
                value = True
            elif str(raw).lower() in ("false", "no", "0"):
                value = False
            else:
                raise bad
        elif fact.type in ("str", "choice"):
            if not isinstance(raw, (str, int)) or isinstance(raw, bool):
                raise bad
            value = str(raw)
            if fact.type == "choice" and value not in fact.choices:
                raise bad
        elif fact.type == "point":
            if not isinstance(raw, (list, tuple)) or len(raw) != 2:
                raise bad
            value = [float(raw[0]), float(raw[1])]
        elif fact.type == "ints":
            if not isinstance(raw, (list, tuple)):
                raise bad
            value = [int(v) for v in raw]
        else:
            if not isinstance(raw, (list, tuple)):
                raise bad
            value = [str(v) for v in raw]
    except (TypeError, ValueError):
        raise bad from None
    _check_range(fact, value)
    return value


def _check_range(fact: Fact, value: Any) -> None:
    numbers = value if isinstance(value, list) else [value]
    if fact.type in ("int", "float", "point", "ints"):
        for number in numbers:
            if (fact.low is not None and number < fact.low) or (fact.high is not None and number > fact.high):
                unit = f" {fact.unit}" if fact.unit else ""
                raise RefereeError(
                    f"fact {fact.name!r}: expected {fact.low:g} to {fact.high:g}{unit}, got {number:g}"
                    if fact.low is not None and fact.high is not None
                    else f"fact {fact.name!r}: {number:g} is out of range"
                )


def validate_facts(check: Check, facts: dict[str, Any]) -> dict[str, Any]:
    known = {f.name: f for f in check.facts}
    unknown = sorted(set(facts) - set(known))
    if unknown:
        raise RefereeError(f"check {check.name!r} has no fact {unknown[0]!r}; facts: {', '.join(known)}")
    values = {}
    for fact in check.facts:
        if fact.name in facts:
            values[fact.name] = _convert(fact, facts[fact.name])
        elif fact.default is not MISSING:
            values[fact.name] = fact.default
        else:
            raise RefereeError(f"check {check.name!r}: missing fact {fact.name!r} ({fact.help})")
    return values


# ---------------------------------------------------------------- discovery


def load_game_checks(folder: Path) -> list[Check]:
    path = folder / "checks.py"
    if not path.exists():
        return []
    module_name = f"referee_checks_{folder.name.replace('-', '_')}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # a game's own code: whatever it raises is the game's problem, said in one line
        sys.modules.pop(module_name, None)
        detail = f"line {exc.lineno}: {exc.msg}" if isinstance(exc, SyntaxError) else f"{type(exc).__name__}: {exc}"
        raise RefereeError(f"{path}: cannot be loaded ({detail})") from None
    rulebook = getattr(module, "RULES", None)
    if not isinstance(rulebook, Rulebook):
        raise RefereeError(f"{path}: defines no RULES = Rulebook(...)")
    return rulebook.checks


def discover_checks(corpus_dir: Path) -> dict[str, Check]:
    checks: dict[str, Check] = {}
    for folder in sorted(p for p in corpus_dir.iterdir() if (p / "game.toml").exists()):
        for check in load_game_checks(folder):
            if check.name in checks:
                raise RefereeError(
                    f"{folder / 'checks.py'}: check name {check.name!r} is taken by {checks[check.name].game}"
                )
            checks[check.name] = check
    return checks


def verify_citations(checks: list[Check], entry_text: Callable[[str], str | None]) -> list[str]:
    """Problems with the quotes the checks cite: a missing id or a quote not verbatim in it."""
    problems = []
    for check in checks:
        for key, (entry, quote) in check.quotes.items():
            if not quote.strip():
                problems.append(f"check {check.name}: quote {key!r} is empty")
            text = entry_text(entry)
            if text is None:
                problems.append(f"check {check.name}: quote {key!r} cites {entry}, which does not exist")
            elif quote not in text:
                problems.append(f"check {check.name}: quote {key!r} is not verbatim in {entry}")
    return sorted(set(problems))


def verdict_dict(check: Check, verdict: Verdict) -> dict[str, Any]:
    return {"game": check.game, "check": check.name, **json.loads(json.dumps(asdict(verdict)))}


def situation_from(text: str, source: str) -> dict[str, Any]:
    """A situation document (YAML or JSON): {game, check, facts}."""
    from kb.validate import safe_yaml

    data = safe_yaml(text, source)
    if not isinstance(data, dict) or "check" not in data:
        raise RefereeError(
            f"{source}: a situation needs 'check' (and 'facts'), e.g. {{check: pass-direction, facts: {{...}}}}"
        )
    facts = data.get("facts") or {}
    if not isinstance(facts, dict):
        raise RefereeError(f"{source}: 'facts' must be a mapping of fact names to values")
    return {"game": data.get("game"), "check": str(data["check"]), "facts": facts}


def checks_of_game(checks: dict[str, Check], game: str | None) -> list[Check]:
    """The checks, or one game's; a game with none is an error naming the games that have some."""
    chosen = [c for c in checks.values() if game is None or c.game == game]
    if game and not chosen:
        games = ", ".join(sorted({c.game for c in checks.values()}))
        raise RefereeError(f"no checks for game {game!r}; games with checks: {games}")
    return chosen


def find_check(checks: dict[str, Check], name: str) -> Check:
    if name not in checks:
        raise RefereeError(f"unknown check {name!r}; see `referee check --list`")
    return checks[name]


def describe_check(check: Check) -> dict[str, Any]:
    """What a user needs to write a situation for the check: its facts and an example."""
    return {
        "name": check.name,
        "game": check.game,
        "description": check.description,
        "facts": [fact.describe() for fact in check.facts],
        "example": check.example,
    }


def settle(
    checks: dict[str, Check], situation: dict[str, Any] | None, name: str | None, facts: dict[str, Any]
) -> dict[str, Any]:
    """The verdict for a situation document (`situation_from`) and/or a check named with facts
    given one by one, which add to or override the document's."""
    if situation is None and not name:
        raise RefereeError("give a situation file, or --check NAME with --fact name=value; --list shows the checks")
    situation = situation or {"game": None, "check": name, "facts": {}}
    if name and name != situation["check"]:
        raise RefereeError(f"--check {name!r} disagrees with the situation's check {situation['check']!r}")
    check = find_check(checks, situation["check"])
    if situation.get("game") and situation["game"] != check.game:
        raise RefereeError(f"check {check.name!r} belongs to {check.game}, not {situation['game']}")
    return verdict_dict(check, check.run({**situation["facts"], **facts}))

"""Executable rules: a check is a pure function from typed facts to a verdict with reasons.

Checks live with their game (`corpus/<game>/checks.py`) and are discovered, not listed.
Each check declares the quotes it cites (`cites=`); a run that cites anything else is
refused, and `referee build` refuses a quote that is not verbatim in the entry it names,
a table-row quote that is not a whole row of its table, and a declared quote no check cites.

A verdict separates legality from what happened: `verdict` is legal / illegal / ambiguous /
unknown for a declaration, or `value` for a computed result; `outcome` (held, failed,
succeeds, fails, cancelled, foul, stolen, draw, scored) names what happened when the check
decides it; `consequences` say what the book says happens next, each with its quote.
"""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from referee.errors import RefereeError
from referee.validation.documents import load_document, show

VERDICTS = ("legal", "illegal", "ambiguous", "unknown", "value")
OUTCOMES = ("held", "failed", "succeeds", "fails", "cancelled", "foul", "stolen", "draw", "scored")
MISSING: Any = object()
MAX_ITEMS = 64  # list facts: more players, dice or cards than any game has
MAX_TEXT = 200
MAX_NUMBER = 1e9  # a position, a count or a characteristic is never near this


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
        """What a form needs: type, unit, range, default, choices, help (absent keys are null)."""
        data: dict[str, Any] = {"name": self.name, "type": self.type, "help": self.help}
        data["required"] = self.default is MISSING
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
        self.states: Any = None  # the game's StateRules (kb.state), if it settles whole states

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


# ---------------------------------------------------------------- facts


EXPECTED = {
    "int": "a whole number",
    "float": "a number",
    "bool": "true or false",
    "str": "text",
    "choice": "one of {choices}",
    "point": "a position [x, y]",
    "ints": "a list of whole numbers",
    "strs": "a list of words",
}


def _number(raw: Any, whole: bool) -> float | int:
    """A finite number from JSON/YAML or text; ValueError otherwise (bools, nan, inf, huge, 1e400)."""
    if isinstance(raw, bool) or raw is None:
        raise ValueError
    if isinstance(raw, str):
        text = raw.strip()
        if not text or len(text) > 30:
            raise ValueError
        raw = int(text) if whole and text.lstrip("+-").isdigit() else float(text)
    if isinstance(raw, int):
        if abs(raw) > MAX_NUMBER:
            raise ValueError
        return raw
    if not isinstance(raw, float) or not math.isfinite(raw) or abs(raw) > MAX_NUMBER:
        raise ValueError
    if whole:
        if not raw.is_integer():
            raise ValueError
        return int(raw)
    return raw


def _items(raw: Any) -> list[Any]:
    if isinstance(raw, str):
        raw = [part.strip() for part in raw.strip().strip("[]()").split(",") if part.strip()]
    if not isinstance(raw, (list, tuple)) or len(raw) > MAX_ITEMS:
        raise ValueError
    return list(raw)


def _word(raw: Any) -> str:
    if isinstance(raw, bool) or not isinstance(raw, (str, int)):
        raise ValueError
    text = str(raw)
    if len(text) > MAX_TEXT:
        raise ValueError
    return text


def _bool(raw: Any) -> bool:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, (str, int)) and not isinstance(raw, bool) and str(raw).lower() in ("true", "yes", "1"):
        return True
    if isinstance(raw, (str, int)) and str(raw).lower() in ("false", "no", "0"):
        return False
    raise ValueError


def _convert(fact: Fact, raw: Any) -> Any:
    """A fact's value from JSON/YAML or from a `--fact name=value` string: finite, bounded, typed."""
    expected = EXPECTED[fact.type].format(choices=", ".join(fact.choices))
    try:
        if fact.type in ("int", "float"):
            value: Any = _number(raw, fact.type == "int")
        elif fact.type == "bool":
            value = _bool(raw)
        elif fact.type in ("str", "choice"):
            value = _word(raw)
            if fact.type == "choice" and value not in fact.choices:
                raise ValueError
        elif fact.type == "point":
            items = _items(raw)
            if len(items) != 2:
                raise ValueError
            value = [float(_number(v, False)) for v in items]
        elif fact.type == "ints":
            value = [int(_number(v, True)) for v in _items(raw)]
        else:
            value = [_word(v) for v in _items(raw)]
    except (TypeError, ValueError, OverflowError):
        raise RefereeError(f"fact {fact.name!r}: expected {expected}, got {show(raw)}") from None
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
            values[fact.name] = _convert(fact, facts[fact.name])
        elif fact.default is not MISSING:
            values[fact.name] = fact.default
        else:
            raise RefereeError(f"check {check.name!r}: missing fact {fact.name!r} ({fact.help})")
    return values


# ---------------------------------------------------------------- discovery


def load_rulebook(folder: Path) -> Rulebook | None:
    """The game's declared rules (`corpus/<game>/checks.py` defines RULES), if it has checks."""
    path = folder / "checks.py"
    if not path.exists():
        return None
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
    rulebook.module = module  # type: ignore[attr-defined]  # the game's state rules live beside its checks
    return rulebook


def load_game_checks(folder: Path) -> list[Check]:
    rulebook = load_rulebook(folder)
    return rulebook.checks if rulebook else []


def discover_rulebooks(corpus_dir: Path) -> dict[str, Rulebook]:
    """Each game's declared rules (its checks, quotes and state rules), by game id."""
    rulebooks = {}
    for folder in sorted(p for p in corpus_dir.iterdir() if (p / "game.toml").exists()):
        rulebook = load_rulebook(folder)
        if rulebook is not None:
            rulebooks[rulebook.game] = rulebook
    return rulebooks


def discover_checks(corpus_dir: Path, rulebooks: dict[str, Rulebook] | None = None) -> dict[str, Check]:
    checks: dict[str, Check] = {}
    for rulebook in (rulebooks if rulebooks is not None else discover_rulebooks(corpus_dir)).values():
        folder = corpus_dir / rulebook.game
        for check in rulebook.checks:
            if check.name in checks:
                raise RefereeError(
                    f"{folder / 'checks.py'}: check name {check.name!r} is taken by {checks[check.name].game}"
                )
            checks[check.name] = check
    return checks


def verify_citations(
    checks: list[Check],
    entry_text: Callable[[str], str | None],
    entry_table: Callable[[str], dict | None] | None = None,
) -> list[str]:
    """Problems with the declared quotes: a missing id, a quote not verbatim in its entry, a table-row
    quote that is not one whole row (line and cells) of its parsed table, a quote no check cites."""
    problems = []
    rulebooks = {id(c.rulebook): c.rulebook for c in checks if c.rulebook is not None}
    for rulebook in rulebooks.values():
        for key, (entry, quote) in rulebook.quotes.items():
            problems += _quote_problems(rulebook, key, entry, quote, entry_text(entry))
            if (
                key in rulebook.rows
                and entry_table is not None
                and not _is_table_row(rulebook.rows[key], entry_table(entry))
            ):
                problems.append(f"quote {key!r} is not a row of the table in {entry}")
        problems += [f"quote {key!r} is declared but no check cites it" for key in rulebook.unused_quotes()]
    for check in checks:  # checks built without a rulebook (tests) still have their quotes verified
        if check.rulebook is None:
            for key, (entry, quote) in check.quotes.items():
                problems += [
                    f"check {check.name}: {p}" for p in _quote_problems(None, key, entry, quote, entry_text(entry))
                ]
    return sorted(set(problems))


def _quote_problems(rulebook: Rulebook | None, key: str, entry: str, quote: str, text: str | None) -> list[str]:
    if not quote.strip():
        return [f"quote {key!r} is empty"]
    if text is None:
        return [f"quote {key!r} cites {entry}, which does not exist"]
    if quote not in text:
        return [f"quote {key!r} is not verbatim in {entry}"]
    if rulebook is not None and key in rulebook.rows and quote not in text.splitlines():
        return [f"quote {key!r} is not a row of the table in {entry} (not a whole line)"]
    return []


def _is_table_row(cells: dict[str, str], table: dict | None) -> bool:
    return bool(table) and list(cells) == table["columns"] and list(cells.values()) in table["rows"]


def verdict_dict(check: Check, verdict: Verdict) -> dict[str, Any]:
    """The stable JSON shape of one check's verdict (docs/usage.md documents it)."""
    return {"game": check.game, "check": check.name, **json.loads(json.dumps(asdict(verdict), ensure_ascii=False))}


def situation_from(text: str, source: str) -> dict[str, Any]:
    """A situation document (YAML or JSON): {game, check, facts}."""
    return situation_of(load_document(text, source), source)


def situation_of(data: Any, source: str) -> dict[str, Any]:
    """A situation from a document's data: {game, check, facts}, checked."""
    if not isinstance(data, dict) or "check" not in data:
        raise RefereeError(
            f"{source}: a situation needs 'check' (and 'facts'), e.g. {{check: pass-direction, facts: {{...}}}}, "
            "or a state needs 'game' and 'action'"
        )
    facts = data.get("facts") or {}
    if not isinstance(facts, dict):
        raise RefereeError(f"{source}: 'facts' must be a mapping of fact names to values")
    for name in facts:
        if not isinstance(name, str):
            raise RefereeError(f"{source}: fact names are words, got {show(name)}")
    game = data.get("game")
    if game is not None and not isinstance(game, str):
        raise RefereeError(f"{source}: 'game' must be a game id, got {show(game)}")
    return {"game": game, "check": _word_or_error(data["check"], source, "check"), "facts": facts}


def _word_or_error(value: Any, source: str, key: str) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int)) or len(str(value)) > MAX_TEXT:
        raise RefereeError(f"{source}: {key!r} must be a name, got {show(value)}")
    return str(value)


def checks_of_game(checks: dict[str, Check], game: str | None) -> list[Check]:
    """The checks, or one game's; a game with none is an error naming the games that have some."""
    chosen = [c for c in checks.values() if game is None or c.game == game]
    if game and not chosen:
        games = ", ".join(sorted({c.game for c in checks.values()}))
        raise RefereeError(f"no checks for game {show(game)}; games with checks: {games}")
    return chosen


def find_check(checks: dict[str, Check], name: str) -> Check:
    if name not in checks:
        raise RefereeError(f"unknown check {show(name)}; see `referee check --list`")
    return checks[name]


def describe_check(check: Check) -> dict[str, Any]:
    """What a user (or a form) needs to write a situation for the check: its facts, an example,
    and the entries it cites."""
    return {
        "name": check.name,
        "game": check.game,
        "description": check.description,
        "facts": [fact.describe() for fact in check.facts],
        "example": check.example,
        "cites": sorted({entry for entry, _ in check.quotes.values()}),
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
        raise RefereeError(f"--check {show(name)} disagrees with the situation's check {show(situation['check'])}")
    check = find_check(checks, situation["check"])
    if situation.get("game") and situation["game"] != check.game:
        raise RefereeError(f"check {check.name!r} belongs to {check.game}, not {show(situation['game'])}")
    return verdict_dict(check, check.run({**situation["facts"], **facts}))

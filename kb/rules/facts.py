"""Facts: the typed inputs of a check, described for forms and converted from what a user gave.

A fact's value comes from JSON/YAML or from a `--fact name=value` string; it is finite, bounded
and of its declared type before any check sees it (no `nan`, `inf`, `1e400`, booleans as
numbers; lists of at most 64 items, text of at most 200 characters). Every refusal is one line.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from referee.errors import RefereeError
from referee.validation.documents import show

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


def convert(fact: Fact, raw: Any) -> Any:
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

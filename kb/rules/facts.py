"""Facts: the typed inputs of a check, described for forms and converted from what a user gave.

A fact's value comes from JSON/YAML or from a `--fact name=value` string; it is finite, bounded
and of its declared type before any check sees it (no `nan`, `inf`, `1e400`, booleans as
numbers; lists of at most 64 items, text of at most 200 characters). Every refusal is one line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.errors import RefereeError
from referee.validation import values
from referee.validation.documents import show

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


def convert(fact: Fact, raw: Any) -> Any:
    """A fact's value from JSON/YAML or from a `--fact name=value` string (read as text, so "3",
    "yes" and "10,30" are values): finite, bounded, typed, by the rules of referee.validation.values."""
    expected = EXPECTED[fact.type].format(choices=", ".join(fact.choices))
    try:
        if fact.type in ("int", "float"):
            value: Any = values.number(raw, fact.type == "int", from_text=True)
        elif fact.type == "bool":
            value = values.flag(raw, from_text=True)
        elif fact.type == "str":
            value = values.word(raw, from_text=True)
        elif fact.type == "choice":
            value = values.choice(raw, fact.choices, from_text=True)
        elif fact.type == "point":
            value = list(values.point(raw, from_text=True))
        elif fact.type == "ints":
            value = [int(values.number(v, True, from_text=True)) for v in values.items(raw, from_text=True)]
        else:
            value = values.words(raw, from_text=True)
    except values.Refused:
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

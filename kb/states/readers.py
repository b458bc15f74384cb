"""What the games' state readers share: required keys, mappings, numbers, positions, words, pieces.

Each refusal is one RefereeError line naming where in the document the value was."""

from __future__ import annotations

import math
from typing import Any

from referee.errors import RefereeError
from referee.validation.documents import show


def need(mapping: dict[str, Any], key: str, where: str) -> Any:
    if key not in mapping:
        raise RefereeError(f"{where}: missing {key!r}")
    return mapping[key]


def mapping(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(isinstance(k, (str, int)) and not isinstance(k, bool) for k in value):
        raise RefereeError(f"{where}: expected a mapping, got {show(value)}")
    if len(value) > 64:
        raise RefereeError(f"{where}: at most 64 entries")
    return {str(k): v for k, v in value.items()}


def number(value: Any, where: str, low: float, high: float, whole: bool = False) -> float:
    ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    if ok and isinstance(value, float):
        ok = math.isfinite(value) and (not whole or value.is_integer())
    if not ok or not low <= value <= high:
        kind = "a whole number" if whole else "a number"
        raise RefereeError(f"{where}: expected {kind} from {low:g} to {high:g}, got {show(value)}")
    return int(value) if whole else float(value)


def point(
    value: Any, where: str, low: tuple[float, float], high: tuple[float, float], unit: str
) -> tuple[float, float]:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise RefereeError(f"{where}: expected a position [x, y] in {unit}, got {show(value)}")
    x, y = value
    for axis, v, lo, hi in (("x", x, low[0], high[0]), ("y", y, low[1], high[1])):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise RefereeError(f"{where}: expected a position [x, y] in {unit}, got {show(value)}")
        if not lo <= v <= hi:
            raise RefereeError(f"{where}: {axis} = {v:g} is off the pitch ({lo:g} to {hi:g} {unit})")
    return float(x), float(y)


def choice(value: Any, where: str, choices: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise RefereeError(f"{where}: expected one of {', '.join(choices)}, got {show(value)}")
    return value


def words(value: Any, where: str, choices: tuple[str, ...] | None = None) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or len(value) > 64 or not all(isinstance(v, str) and len(v) <= 60 for v in value):
        raise RefereeError(f"{where}: expected a list of words, got {show(value)}")
    for v in value:
        if choices is not None and v not in choices:
            raise RefereeError(f"{where}: {v!r} is not one of {', '.join(choices)}")
    return value


def piece_id(text: str) -> str:
    """'#7', '7' and 7 name the same piece."""
    return str(text).strip().lstrip("#")


def lookup(pieces: dict[str, Any], name: str, source: str) -> Any:
    key = piece_id(name)
    if key not in pieces:
        raise RefereeError(f"{source}: the action names #{key}, which is not in the state's pieces")
    return pieces[key]

"""What the games' state readers share: required keys, mappings, numbers, positions, words, pieces.

The values are read by the rules every reader shares (referee.validation.values), as written in
the document; each refusal is one RefereeError line naming where in the document the value was."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from referee.errors import RefereeError, UnknownKey
from referee.validation import values
from referee.validation.documents import show


def need(mapping: dict[str, Any], key: str, where: str) -> Any:
    if key not in mapping:
        raise RefereeError(f"{where}: missing {key!r}")
    return mapping[key]


def mapping(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(isinstance(k, (str, int)) and not isinstance(k, bool) for k in value):
        raise RefereeError(f"{where}: expected a mapping, got {show(value)}")
    if len(value) > values.MAX_ITEMS:
        raise RefereeError(f"{where}: at most {values.MAX_ITEMS} entries")
    out = {str(k): v for k, v in value.items()}
    if len(out) != len(value):  # 7 and "7" (a document built in code; the decoder refuses it in a file)
        raise RefereeError(f"{where}: a key is given twice ({_twice([str(k) for k in value])!r})")
    return out


def pieces(value: Any, where: str) -> dict[str, dict[str, Any]]:
    """The state's pieces by id ('#7', '7' and 7 are one id), each a mapping; two pieces under one id
    are refused (the second would silently replace the first and change the verdict)."""
    found = mapping(value, where)
    ids = [piece_id(name) for name in found]
    if len(set(ids)) != len(ids):
        twice = _twice(ids)
        names = [name for name in found if piece_id(name) == twice]
        raise RefereeError(f"{where}: #{twice} is given twice ({' and '.join(map(repr, names))}); one piece, one id")
    return {piece_id(name): mapping(raw, f"{where}.{name}") for name, raw in found.items()}


def _twice(keys: list[str]) -> str:
    seen: set[str] = set()
    for key in keys:
        if key in seen:
            return key
        seen.add(key)
    return keys[0]


def number(value: Any, where: str, low: float, high: float, whole: bool = False) -> float:
    try:
        found = values.number(value, whole)
    except values.Refused:
        found = None
    if found is None or not low <= found <= high:
        kind = "a whole number" if whole else "a number"
        raise RefereeError(f"{where}: expected {kind} from {low:g} to {high:g}, got {show(value)}")
    return int(found) if whole else float(found)


def point(
    value: Any, where: str, low: tuple[float, float], high: tuple[float, float], unit: str, grid: bool = False
) -> tuple[float, float]:
    """A position [x, y] within the pitch; on a `grid` (intersections, squares) both are whole numbers."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise RefereeError(f"{where}: expected a position [x, y] in {unit}, got {show(value)}")
    found = []
    for axis, v, lo, hi in (("x", value[0], low[0], high[0]), ("y", value[1], low[1], high[1])):
        try:
            coordinate = float(values.number(v))
        except values.Refused:
            raise RefereeError(f"{where}: expected a position [x, y] in {unit}, got {show(value)}") from None
        if not lo <= coordinate <= hi:
            raise RefereeError(f"{where}: {axis} = {coordinate:g} is off the pitch ({lo:g} to {hi:g} {unit})")
        if grid and not coordinate.is_integer():
            raise RefereeError(f"{where}: {axis} = {coordinate:g} is between {unit}; positions are whole {unit}")
        found.append(coordinate)
    return found[0], found[1]


def flag(value: Any, where: str) -> bool:
    """true or false as written (never "no", which Python would read as true)."""
    try:
        return values.flag(value)
    except values.Refused:
        raise RefereeError(f"{where}: expected true or false, got {show(value)}") from None


def choice(value: Any, where: str, choices: tuple[str, ...]) -> str:
    try:
        return values.choice(value, choices)
    except values.Refused:
        raise RefereeError(f"{where}: expected one of {', '.join(choices)}, got {show(value)}") from None


def words(value: Any, where: str, choices: tuple[str, ...] | None = None) -> list[str]:
    if value is None:
        return []
    try:
        found = values.words(value, limit=60)
    except values.Refused:
        raise RefereeError(f"{where}: expected a list of words, got {show(value)}") from None
    for v in found:
        if choices is not None and v not in choices:
            raise RefereeError(f"{where}: {v!r} is not one of {', '.join(choices)}")
    return found


def piece_id(text: str) -> str:
    """'#7', '7' and 7 name the same piece."""
    return str(text).strip().lstrip("#")


def lookup(pieces: dict[str, Any], name: str, source: str) -> Any:
    key = piece_id(name)
    if key not in pieces:
        raise RefereeError(f"{source}: the action names #{key}, which is not in the state's pieces")
    return pieces[key]


def refuse_extra(
    where: str, noun: str, raw: Mapping[str, Any], known: Iterable[str], path: str, statuses: Iterable[str] = ()
) -> None:
    """Raise UnknownKey for the first key of `raw` a `noun` does not have, saying what it has, and,
    when the key is one of its status words, where it goes ("active" under a Takkure player is a
    status: phone review 5 wrote it as a key and read only "a player has no 'active'")."""
    extra = sorted(set(raw) - set(known))
    if not extra:
        return
    key = extra[0]
    hint = f" ('{key}' is a status word: write status: [{key}])" if key in set(statuses) else ""
    has = ", ".join(sorted(known))
    raise UnknownKey(f"{where}: a {noun} has no {key!r}{hint}; a {noun} has {has}", path, key)

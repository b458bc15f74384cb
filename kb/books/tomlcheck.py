"""The hand-written checks of game.toml's values (replaced by referee.validation's models)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from referee.errors import RefereeError


def known_keys(path: Path, where: str, table: dict[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        prefix = f"{where}." if where else ""
        raise RefereeError(f"{path}: unknown key '{prefix}{unknown[0]}' (known: {', '.join(sorted(allowed))})")


def table(path: Path, where: str, value: Any) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise RefereeError(f"{path}: [{where}] must be a table")
    return value


def tables(path: Path, where: str, value: Any, keys: set[str]) -> list[dict[str, Any]]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise RefereeError(f"{path}: [[{where}]] must be an array of tables")
    for i, item in enumerate(value):
        known_keys(path, f"{where}[{i}]", item, keys)
    return value


def string(path: Path, where: str, value: Any, default: str | None = None) -> str:
    if value is None and default is not None:
        return default
    if not isinstance(value, str) or not value.strip():
        raise RefereeError(f"{path}: {where} must be a non-empty string")
    return value


def bool_(path: Path, where: str, value: Any) -> bool:
    """true or false only: "no" is a string, and a string is truthy."""
    if value is None:
        return False
    if not isinstance(value, bool):
        raise RefereeError(f"{path}: {where} must be true or false, not {value!r}")
    return value


def regex(path: Path, where: str, pattern: Any) -> re.Pattern[str]:
    if not isinstance(pattern, str):
        raise RefereeError(f"{path}: {where} must be a string regex")
    try:
        return re.compile(pattern)
    except re.error as exc:
        raise RefereeError(f"{path}: {where} is not a valid regex ({exc})") from None


def str_list(path: Path, where: str, value: Any) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RefereeError(f"{path}: {where} must be a list of strings")
    return list(value)


def choice(path: Path, where: str, value: Any, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise RefereeError(f"{path}: {where} must be one of {', '.join(allowed)}")
    return str(value)

"""The value rules every reader shares: what a number, a whole number, a position, a word, a list of
words and a true-or-false are, and what is refused.

One set of rules for the same types wherever they come from: a fact on the command line or in a
situation, a state document, game.toml, its [sheet]. A number is finite and at most MAX_NUMBER
(no `nan`, `inf`, `1e400`), and a true-or-false is never a number; a list holds at most
MAX_ITEMS items; a word at most MAX_TEXT characters. What differs is only where text is read as a
value: typed `--fact p=3` arrives as text, so `from_text` reads "3", "yes" and "10,30"; a
document already has its types and is taken as written.

Each function raises `Refused(expected)` naming what was expected; the caller, who knows the
place (the file, the key, the fact), makes it one line.
"""

from __future__ import annotations

import math
from typing import Any

MAX_NUMBER = 1e9  # a position, a count or a characteristic is never near this
MAX_ITEMS = 64  # more players, dice, cards or pieces than any game has
MAX_TEXT = 200
TRUE_WORDS, FALSE_WORDS = ("true", "yes", "1"), ("false", "no", "0")


class Refused(ValueError):
    """A value that is not what was expected; `expected` says what was ("a whole number")."""

    def __init__(self, expected: str) -> None:
        super().__init__(expected)
        self.expected = expected


def number(raw: Any, whole: bool = False, from_text: bool = False) -> int | float:
    """A finite number (an int when `whole`): never a bool, nan, inf or beyond MAX_NUMBER."""
    expected = "a whole number" if whole else "a number"
    if isinstance(raw, bool) or raw is None:
        raise Refused(expected)
    if isinstance(raw, str) and from_text:
        text = raw.strip()
        if not text or len(text) > 30:
            raise Refused(expected)
        try:
            raw = int(text) if whole and text.lstrip("+-").isdigit() else float(text)
        except (ValueError, OverflowError):
            raise Refused(expected) from None
    if isinstance(raw, int):
        if abs(raw) > MAX_NUMBER:
            raise Refused(expected)
        return raw
    if not isinstance(raw, float) or not math.isfinite(raw) or abs(raw) > MAX_NUMBER:
        raise Refused(expected)
    if whole:
        if not raw.is_integer():
            raise Refused(expected)
        return int(raw)
    return raw


def flag(raw: Any, from_text: bool = False) -> bool:
    """True or false: a bool, or from text one of true/yes/1, false/no/0."""
    if isinstance(raw, bool):
        return raw
    if from_text and isinstance(raw, (str, int)):
        text = str(raw).lower()
        if text in TRUE_WORDS:
            return True
        if text in FALSE_WORDS:
            return False
    raise Refused("true or false")


def word(raw: Any, from_text: bool = False, limit: int = MAX_TEXT) -> str:
    """A short text (a name, a choice): a string of at most `limit` characters; from text, a whole
    number reads as its digits (a card is `7`)."""
    if isinstance(raw, bool) or not isinstance(raw, (str, int)) or (isinstance(raw, int) and not from_text):
        raise Refused("text")
    text = str(raw)
    if len(text) > limit:
        raise Refused(f"text of at most {limit} characters")
    return text


def items(raw: Any, from_text: bool = False) -> list[Any]:
    """A list of at most MAX_ITEMS items; from text, items separated by commas ("10,30", "[4, 5]")."""
    if from_text and isinstance(raw, str):
        raw = [part.strip() for part in raw.strip().strip("[]()").split(",") if part.strip()]
    if not isinstance(raw, (list, tuple)) or len(raw) > MAX_ITEMS:
        raise Refused(f"a list of at most {MAX_ITEMS} items")
    return list(raw)


def point(raw: Any, from_text: bool = False) -> tuple[float, float]:
    """A position [x, y] of two finite numbers."""
    try:
        values = items(raw, from_text)
        if len(values) != 2:
            raise Refused("a position [x, y]")
        x, y = (float(number(v, from_text=from_text)) for v in values)
    except Refused:
        raise Refused("a position [x, y]") from None
    return x, y


def choice(raw: Any, choices: tuple[str, ...], from_text: bool = False) -> str:
    """One of `choices`, exactly."""
    try:
        value = word(raw, from_text)
    except Refused:
        value = None
    if value not in choices:
        raise Refused(f"one of {', '.join(choices)}")
    return value


def words(raw: Any, from_text: bool = False, limit: int = MAX_TEXT) -> list[str]:
    """A list of short texts (one text alone is a list of one)."""
    if isinstance(raw, str) and not from_text:
        raw = [raw]
    try:
        return [word(v, from_text, limit) for v in items(raw, from_text)]
    except Refused:
        raise Refused("a list of words") from None

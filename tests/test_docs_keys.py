"""docs/adding-a-game.md and game.toml's reader agree: every key the page shows is accepted,
and every key the code accepts is on the page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.books.gameconf import TOP_KEYS
from referee.books.parseconf import KIND_NAMES, PARSE_KEYS
from referee.books.sheetconf import BLOCK_KEYS, SHEET_KEYS

PAGE = Path(__file__).resolve().parent.parent / "docs" / "adding-a-game.md"


def documented() -> dict[str, set[str]]:
    keys: dict[str, set[str]] = {}
    heading = ""
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        if line.startswith("### "):
            heading = line[4:]
            keys[heading] = set()
        elif heading and (match := re.match(r"^\| `([a-z_]+)` \|", line)):
            keys[heading].add(match.group(1))
    return keys


def section(word: str) -> set[str]:
    return next(v for k, v in documented().items() if word in k)


@pytest.mark.parametrize(
    ("word", "accepted"),
    [
        (
            "Top level",
            TOP_KEYS
            - {"parse", "kinds", "terms", "links", "precedence", "overrides", "conflicts", "sheet", "translations"},
        ),
        (
            "[parse]",
            PARSE_KEYS - {"noise", "noise_spans", "flat_tables"} | {"pattern", "reason", "header", "columns", "row"},
        ),
        ("[kinds]", {"card_under", "card_pattern", "definition_pattern"}),
        ("[sheet]", SHEET_KEYS | BLOCK_KEYS),
    ],
)
def test_the_page_shows_exactly_the_keys_the_code_accepts(word: str, accepted: set[str]) -> None:
    assert section(word) == accepted


def test_every_kind_is_named_on_the_page() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert all(f"`{kind}`" in text for kind in KIND_NAMES)

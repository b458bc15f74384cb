"""An added game gets the short name players call it by ("in Fate, ..."), never one that names another game."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from referee.books.newgame import propose, short_name
from referee.names import named_game

SHIPPED_WORDS = {"rugby", "world", "takkure", "cyberpunk", "game", "tacocat", "touchdown", "heroes", "tdh"}


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("Fate Condensed", "fate"),
        ("Root — A Game of Woodland Might", "root"),
        ("Rugby League", None),  # "rugby" would also name Rugby World
        ("The Castles of Burgundy", None),  # a question's common word says no game
        ("Catan", None),  # one word: the title is the name already
        ("Go Fish", None),  # too short to be told from ordinary words
    ],
)
def test_a_titles_first_word_is_its_short_name_unless_it_names_nothing_or_another_game(title, expected) -> None:
    assert short_name(title, SHIPPED_WORDS) == expected


def test_referee_add_writes_the_short_name_and_a_question_naming_it_finds_the_game(tmp_path: Path) -> None:
    book = tmp_path / "fate.md"
    book.write_text("# Fate Condensed\n\n## Aspects\n\nAn aspect is a phrase that describes something.\n")
    proposal = propose(book, {"takkure", "rugby-world"}, taken_names={"rugby world", "takkure"})
    conf = tomllib.loads(proposal.toml or "")
    assert conf["aliases"] == ["fate"]
    games = [
        {"id": proposal.id, "title": proposal.title, "aliases": conf["aliases"]},
        {"id": "rugby-world", "title": "Rugby World", "aliases": []},
    ]
    assert named_game("In Fate, how many fate points do I start with?", games) == proposal.id
    assert named_game("How many players?", games) is None

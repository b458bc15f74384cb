"""The whole corpus: coverage of the body, headings found, noise dropped exactly."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from referee.books.lines import BULLET, NUMBERED
from referee.books.parse import parse_book

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["takkure", "touchdown-heroes", "ta-ke", "rugby-world", "tacocat"]

# Every line dropped other than the contents page and the end-of-book heading list.
EXPECTED_NOISE = {
    "takkure": {1, 2, 3, 4, 6, 8, 181},
    "touchdown-heroes": {1},
    "ta-ke": {1, 2},
    "rugby-world": {1},
    "tacocat": {11, 38},
}
STRUCTURAL = {"table of contents", "list of headings at the end of the book"}


def _sentences(line: str) -> list[str]:
    for pattern in (BULLET, NUMBERED):
        match = pattern.match(line)
        if match:
            line = match.group("body")
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", line.strip()) if s.strip()]


@pytest.mark.parametrize("game_id", GAMES)
def test_body_sentences_appear_verbatim_in_entries(game, game_id: str) -> None:
    g = game(game_id)
    text = g.read_rulebook()
    book = parse_book(g, text)
    dropped = {d.line for d in book.dropped if d.reason in STRUCTURAL or d.line in EXPECTED_NOISE[game_id]}
    headings = {s.line for s in book.sections}
    entry_texts = "\n\u0000".join(e.text for e in book.entries)
    body = [s for n, line in enumerate(text.splitlines(), 1) if n not in dropped | headings for s in _sentences(line)]
    advert = re.compile(r"Дивіться також: .*?Gamerules\.com")
    missing = [s for s in body if advert.sub("", s).strip() not in entry_texts]
    assert len(body) > 20
    assert len(missing) / len(body) < 0.01, missing[:5]


@pytest.mark.parametrize("game_id", GAMES)
def test_dropped_lines_are_exactly_the_noise(game, game_id: str) -> None:
    book = parse_book(game(game_id), game(game_id).read_rulebook())
    noise = {d.line for d in book.dropped if d.reason not in STRUCTURAL}
    assert noise == EXPECTED_NOISE[game_id]


def _toc_titles(text: str) -> list[str]:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == "Table of Contents")
    titles = []
    for line in lines[start + 1 :]:
        if line.strip() in ("", "Table of Contents"):
            continue
        match = BULLET.match(line)
        if not match:
            break
        titles.append(match.group("body").strip())
    return titles


@pytest.mark.parametrize("game_id", ["takkure", "touchdown-heroes", "rugby-world"])
def test_every_contents_heading_is_a_section(game, game_id: str) -> None:
    text = game(game_id).read_rulebook()
    book = parse_book(game(game_id), text)
    headings = [s.heading for s in book.sections]
    assert set(_toc_titles(text)) <= set(headings)


def test_takkure_end_of_book_headings_are_sections_with_printed_numbers(game) -> None:
    book = parse_book(game("takkure"), game("takkure").read_rulebook())
    by_number = {s.number: s for s in book.sections if s.number}
    for number, title in [("1.11", "Tokens Removal"), ("1.21", "Tackle (Execution)"), ("2.01", "Pass")]:
        assert by_number[number].title == title
    titles = {s.title for s in book.sections}
    assert {"Tackle", "Dodge", "Break Through", "Movement Execution (Second Activation)"} <= titles


def test_rugby_world_chapters_and_appendix_teams(game) -> None:
    book = parse_book(game("rugby-world"), game("rugby-world").read_rulebook())
    numbers = {s.number for s in book.sections if s.number}
    assert {"1", "1A", "1B", "1C", "1D", "2A", "2B", "2C", "2D", "2E", "2F", "2G", "2H"} <= numbers
    teams = [s.title for s in book.sections if s.parent == "rugby-world/appendix-special-cards-and-scrum-forces"]
    assert len(teams) == 17  # the scrum table and 16 national teams, four more than the contents page
    cards = [e for e in book.entries if e.kind == "card"]
    assert len(cards) == 64  # "64 special cards" (Box Contents)


@pytest.mark.parametrize("game_id", GAMES)
def test_ids_are_unique(game, game_id: str) -> None:
    g = game(game_id)
    ids = [e.id for e in parse_book(g, g.read_rulebook()).entries]
    assert len(ids) == len(set(ids))


IDS_IN_A_FRESH_PROCESS = """
import hashlib, sys
from pathlib import Path
from referee.books.gameconf import discover_games
from referee.books.parse import parse_book
for g in discover_games(Path(sys.argv[1])):
    ids = [e.id for e in parse_book(g, g.read_rulebook()).entries]
    print(g.id, len(ids), hashlib.sha256("\\n".join(ids).encode()).hexdigest())
"""


@pytest.mark.slow  # parses every book in processes of their own
def test_ids_are_the_same_in_every_process_whatever_the_hash_seed() -> None:
    """Ids are cited in checks, sheets and saved links: a build in another process (another
    hash seed, so other set and dict-of-set orders) must give every entry the same id."""
    runs = {
        seed: subprocess.run(
            [sys.executable, "-c", IDS_IN_A_FRESH_PROCESS, str(ROOT / "corpus")],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)},
        ).stdout
        for seed in ("0", "1", "4242")
    }
    assert len(runs["0"].splitlines()) == len(GAMES)
    assert runs["0"] == runs["1"] == runs["4242"]

"""Hostile books (issue 27): a rulebook with one 1 MB line builds in linear time.

The "(described later)" reference pattern was quadratic on a long run of word characters (a
book with one 1 MB "word" never finished building); every pattern over book text is run here on
1 MB lines of the shapes that make a backtracking pattern slow.
"""

from __future__ import annotations

import random
import shutil
import time
from pathlib import Path

import pytest

from referee.books.gameconf import discover_games
from referee.books.references import _described_later
from referee.store.build import build_knowledge_base

ROOT = Path(__file__).resolve().parent.parent
MB = 1_000_000


def _lines() -> dict[str, str]:
    rng = random.Random(1)
    words = " ".join(f"w{rng.randrange(1000)}" for _ in range(MB // 5))
    return {
        "one word": "a" * MB + " (described later)",
        "hyphens": "-" * MB,
        "words": words,
        "unclosed quotes": ' "1: '.join(words[i : i + 50] for i in range(0, MB, 50)),
        "see quotes": ' see "'.join(words[i : i + 50] for i in range(0, MB, 50)),
        "many described later": " (described later) ".join(words[i : i + 40] for i in range(0, MB, 40)),
    }


@pytest.mark.slow
@pytest.mark.parametrize("shape", list(_lines()))
def test_a_book_with_a_1mb_line_builds_in_linear_time(tmp_path: Path, shape: str) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus" / "ta-ke", corpus / "ta-ke")
    book = corpus / "ta-ke" / "ta-ke.en.txt"
    book.write_text(book.read_text(encoding="utf-8") + "\n\n" + _lines()[shape] + "\n", encoding="utf-8")
    started = time.monotonic()
    build_knowledge_base(tmp_path / "kb.db", discover_games(corpus))
    assert time.monotonic() - started < 60, f"{shape}: {time.monotonic() - started:.0f} s for a 1 MB line"


def test_described_later_reads_the_three_words_before_it() -> None:
    text = "Use the Ninja Star move (described later), then see x-y (described below)."
    assert [phrase for _, _, phrase in _described_later(text)] == ["Ninja Star move", "then see x-y"]
    assert _described_later("(described later)") == []
    assert _described_later("a" * 300 + " (described later)") == []  # no word is 300 letters long

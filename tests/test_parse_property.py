"""The parser never crashes and never loses text, whatever it is given."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.books.gameconf import Game
from referee.books.parse import parse_book
from referee.books.parseconf import KindConfig, ParseConfig

LINE = st.one_of(
    st.text(
        st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"),
        max_size=40,
    ),
    st.sampled_from(["", "Table of Contents", "  • 1.01 Pass", "1.01 Pass", "• Item", "  1. Step", "a\tb\tc", "ЗМІСТ"]),
)


def _game(**parse: object) -> Game:
    return Game(
        id="fuzz",
        title="Fuzz",
        language="en",
        players="2",
        aliases=[],
        folder=Path("."),
        rulebook=Path("fuzz.txt"),
        parse=ParseConfig(toc_markers=["Table of Contents"], **parse),  # type: ignore[arg-type]
        kinds=KindConfig(),
        raw={},
    )


GAMES = [_game(), _game(uppercase_headings=True), _game(short_line_headings=True)]


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(LINE, max_size=30), which=st.integers(0, len(GAMES) - 1))
def test_parser_never_crashes_and_never_loses_text(lines: list[str], which: int) -> None:
    text = "\n".join(lines)
    book = parse_book(GAMES[which], text)
    kept = "\n".join(e.text for e in book.entries) + "\n" + "\n".join(s.heading for s in book.sections)
    dropped = {d.line for d in book.dropped}
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip() and number not in dropped:
            assert line.strip().lstrip("•-– ").strip() in kept
    for entry in book.entries:
        assert text[entry.start : entry.end] == entry.text

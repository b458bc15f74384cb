"""A PDF read by its layout (tests/books/ironvale.pdf, printed like a real rulebook), and every
entry of every book verbatim: a contiguous slice of the book's text in reading order, never
moved (for a PDF: of its text layer, normalised once by support.books.layer_norm)."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from support.books import entry_pieces, out_of_order, pdf_layer
from typer.testing import CliRunner

from referee.books.entries import Entry, ParsedBook
from referee.books.gameconf import load_game
from referee.books.priority import overlapping_rows
from referee.books.structure import parse_document
from referee.cli.main import app

pytestmark = pytest.mark.slow  # `referee add` builds every fixture book first, then reads them

BOOKS = Path(__file__).resolve().parent / "books"
FIXTURES = [
    "ironvale.pdf", "harbour-run.pdf", "nichnyi-rynok.pdf", "harbour-run.html", "lantern-keepers.md",
    "freecol-excerpt.pdf",
]  # fmt: skip


def _add(tmp: Path, name: str) -> tuple[dict, object]:
    result = CliRunner().invoke(
        app,
        ["add", str(BOOKS / name), "--db", str(tmp / "r.db"), "--no-index", "--json"],
        env={"REFEREE_USER_CORPUS": str(tmp / "games")},
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    game = load_game(Path(report["folder"]))
    return report, game


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[dict, object]]:
    return {name: _add(tmp_path_factory.mktemp(name.replace(".", "-")), name) for name in FIXTURES}


@pytest.fixture(scope="module")
def ironvale(books):
    report, game = books["ironvale.pdf"]
    return report, parse_document(game, game.read_document())


def test_headings_by_size_weight_and_outline_none_invented(ironvale) -> None:
    report, book = ironvale
    tree = [(s.level, s.heading) for s in book.sections]
    assert tree == [
        (1, "Credits"), (0, "Introduction"), (1, "WHAT YOU NEED"), (0, "The Turn"), (1, "Moving Through Smoke"),
        (0, "Attacks"), (0, "Reference Tables"), (1, "RATINGS"), (0, "Ending the Match"),
    ]  # fmt: skip
    assert report["title"] == "Ironvale Skirmish"  # the cover's title is the book's, not a section's
    assert all("Ironvale Skirmish" not in s.path for s in book.sections)
    # a sub-heading is its own section's name, never glued onto the entry below it
    assert not any(e.text.startswith(("WHAT YOU NEED", "RATINGS", "Moving Through Smoke")) for e in book.entries)


def test_tables_whole_with_caption_and_header_in_columns(ironvale) -> None:
    _, book = ironvale
    tables = [e for e in book.entries if e.kind == "table"]
    assert [t.text.split("\n")[0] for t in tables] == ["Table 1: Damage results", "Table 2: Duelist ratings"]
    assert [t.table["columns"] for t in tables] == [["Roll", "Result", "Damage"], ["Rating", "Class", "Armour"]]
    assert [len(t.table["rows"]) for t in tables] == [17, 4]  # both run over a page break
    assert all(len(row) == 3 for t in tables for row in t.table["rows"])
    assert not any(e.text.startswith("Table ") for e in book.entries if e.kind != "table")  # no caption alone
    assert any(d.reason == "table header repeated after a page break" for d in book.dropped)


def test_words_joined_across_line_ends_and_running_footer_out(ironvale) -> None:
    _, book = ironvale
    text = " ".join(e.text for e in book.entries)
    assert "Compare the total" in text and "Its engineer may not" in text
    assert "\u2010 " not in text and "Rules of Play Page" not in text
    assert sum(d.reason == "running footer" for d in book.dropped) == 5


def test_front_matter_credits_and_examples_typed_apart(ironvale) -> None:
    _, book = ironvale
    kinds = {e.text[:20]: e.kind for e in book.entries}
    assert kinds["A game of mechanical"] == "front-matter"
    assert kinds["Game design by Ana P"] == "credits"
    assert kinds["Example: Mira has fi"] == "example"
    assert kinds["You swing your hamme"] == "example"  # a story told to "you"
    assert kinds["You may attack an en"] == "rule"  # a rule told to "you"
    assert not any(e.normative for e in book.entries if e.kind in ("front-matter", "credits", "example"))


def test_a_rating_table_is_not_a_die_roll(ironvale) -> None:
    _, book = ironvale
    assert overlapping_rows(book) == []  # ratings 6, 5, 3–4, 1–2 run down; a roll's ranges climb

    def table(head: str, firsts: list[str]) -> Entry:
        rows = [[f, "x"] for f in firsts]
        return Entry(
            "g/t/1", "g", None, None, "", [], "table", "en", "", 0, 1, 0, 0, {"columns": [head, "r"], "rows": rows}
        )

    found = overlapping_rows(ParsedBook("g", entries=[table("2d6", ["2-4", "3-7", "8-12"])]))
    assert len(found) == 1 and "die ranges overlap" in found[0].note
    assert overlapping_rows(ParsedBook("g", entries=[table("Rating", ["2-4", "3-7"])])) == []
    assert overlapping_rows(ParsedBook("g", entries=[table("", ["6", "5", "3-4"])])) == []


@pytest.mark.parametrize("name", FIXTURES)
def test_every_entry_of_a_fixture_is_a_slice_in_reading_order(books, name: str) -> None:
    _, game = books[name]
    document = game.read_document()
    book = parse_document(game, document)
    _slices_in_order(document.text, book.entries)
    if name.endswith(".pdf"):
        pieces = [p for e in book.entries for p in entry_pieces(e.text)]
        reported = {d.text for d in document.dropped if d.reason.startswith(("running", "page number"))}
        assert out_of_order(pieces, pdf_layer(BOOKS / name, reported)) == []


@pytest.fixture(scope="module")
def freecol(books):
    report, game = books["freecol-excerpt.pdf"]
    document = game.read_document()
    return report, document, parse_document(game, document)


def test_latex_book_headings_chapter_with_its_title_bold_lines_and_no_cover_lines(freecol) -> None:
    """8 pages of the FreeCol manual (pdfTeX, Type 3 fonts with no names, weights or Unicode map):
    "Chapter 4" over its title is one heading; bold lines at the body size, told by their width,
    are sub-headings; the title page's author and date lines are not headings."""
    report, _, book = freecol
    assert [(s.level, s.heading) for s in book.sections] == [
        (2, "3.1.2 Game setup"), (3, "Main panel"), (3, "New game"), (3, "Difficulty level"),
        (3, "Select nations"), (3, "Joining a game"), (3, "Setting up a multi-player game"),
        (2, "3.3.5 The Compass Rose"), (2, "3.3.6 The Main Map"), (0, "Chapter 4 The New World"),
        (1, "4.1 Terrain Types"), (1, "4.2 Goods"),
    ]  # fmt: skip
    assert report["title"].startswith("FreeCol Documentation")
    front = [e for e in book.entries if e.kind == "front-matter"]
    assert [e.text for e in front] == ["The FreeCol Team January 21, 2023"]


def test_latex_running_heads_that_change_with_the_chapter_are_left_out(freecol) -> None:
    """Even pages "38 CHAPTER 3. INTERFACE", odd pages "4.2. GOODS 51", a chapter's first page only
    its folio at the foot: none in an entry, each reported, and the pages keep their printed numbers."""
    _, document, book = freecol
    text = "\n".join(e.text for e in book.entries)
    for head in ("CHAPTER 3. INTERFACE", "CHAPTER 4. THE NEW WORLD", "STARTING THE GAME", "GOODS 51", "MAIN SCREEN 37"):
        assert head not in text
    assert not any(e.text.strip().isdigit() for e in book.entries)
    running = [d.text for d in document.dropped if d.reason.startswith("running")]
    assert len(running) == 6 and "50 CHAPTER 4. THE NEW WORLD" in running and "4.2. GOODS 51" in running
    assert [d.text for d in document.dropped if d.reason == "page number"] == ["49"]  # at a chapter's foot
    goods = next(e for e in book.entries if "Food is the single most important good" in e.text)
    assert goods.page == 50  # the printed folio, not the excerpt's page index
    # a paragraph and a word broken over the page break are joined again
    assert "The Boreal Forest also produces Ore, the Mixed Forest Cotton" in text
    assert "and there have to be at least two of them." in text


def test_tex_ligatures_quotes_and_dashes_read_never_control_characters(freecol) -> None:
    _, _, book = freecol
    text = "\n".join(e.text for e in book.entries)
    assert not [c for c in text if unicodedata.category(c) == "Cc" and c not in "\n\t"]
    assert "\ufffd" not in text and "\ufffe" not in text
    for word in ("first", "difficulty", "“Very Easy”", "fifty horses", "effect"):
        assert word in text, word
    assert " rst " not in text and "di culty" not in text


def test_a_word_drawn_apart_from_its_line_stays_in_reading_order(freecol) -> None:
    _, _, book = freecol
    text = " ".join(e.text for e in book.entries)
    assert "The two other “abstract” goods are Liberty Bells, which are produced in the Town Hall" in text
    assert "The color of the colony's name is always the color of its owner" in text
    table = next(e for e in book.entries if e.kind == "table")
    assert table.table["columns"] == ["Colour", "Bonus/Penalty", "Requirements"]
    assert len(table.table["rows"]) == 5


def test_every_entry_of_the_shipped_books_is_a_slice_in_reading_order(games) -> None:
    for game in games:
        document = game.read_document()
        _slices_in_order(document.text, parse_document(game, document).entries)


def _slices_in_order(text: str, entries: list[Entry]) -> None:
    end = 0
    for entry in entries:
        assert text[entry.start : entry.end] == entry.text, entry.id
        assert entry.start >= end, f"{entry.id} starts before the entry ahead of it ends"
        end = entry.end


def test_the_order_check_catches_a_sentence_moved(ironvale) -> None:
    """The proof above can fail: a parenthesis moved into the next sentence is caught."""
    layer = "Roll two dice. (Never three.) Add your rating."
    assert out_of_order(["Roll two dice.", "(Never three.)", "Add your rating."], layer) == []
    assert out_of_order(["Roll two dice. Add your rating.", "(Never three.)"], layer) != []
    assert out_of_order(["Add your rating.", "Roll two dice."], layer) == ["Roll two dice."]


def test_definitions_and_instructions_to_you_stay_rules_and_a_named_story_is_an_example() -> None:
    from referee.books.structure import set_aside

    rules = [
        "Your refresh is the minimum number of fate points your character begins each session with. "
        "Your refresh is 3 and your character gets 3 stunts.",
        "Modify your dice by invoking aspects to get +2 to your roll or reroll the dice; your stunts add 2.",
        "Most often you’ll invoke one of your character aspects, but your 2 situation aspects count too.",
        "Three points of stress absorption on one track is not a lot, and three boxes fill fast.",
    ]
    for text in rules:
        assert set_aside("rule", text, "", []) == "rule", text
    story = (
        "Charles has made his way to a research facility. He wants to search the wreckage. Charles gets "
        "[0][0][+][+] on the dice, plus his Average (+1) Investigate, for a Good (+3) effort."
    )
    assert set_aside("rule", story, "", []) == "example"
    assert set_aside("rule", "You swing your hammer and your 7 beats their 5; you smile.", "", []) == "example"

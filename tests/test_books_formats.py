"""Books in every format, added as a user adds them: `referee add` with no hand edits.

Per book: the build succeeds, the sections are the book's heading tree, no quote holds markup,
and every quote is a verbatim slice of the visible text, which is itself the file's own text
(or, for a PDF, the page's extracted text)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support.books import unfaithful
from typer.testing import CliRunner

from referee import store
from referee.books.gameconf import load_game
from referee.books.structure import parse_document
from referee.cli.main import app

BOOKS = Path(__file__).resolve().parent / "books"
MARKUP = re.compile(r"\*\*|__|^#{1,6} |\| ?-{3}|<[a-z/][^>]*>|\]\(|\[(?:Core|Expansion)\]|\[\^", re.M)

# The heading tree of each test book as the book has it: (level, heading).
TREES = {
    "lantern-keepers": [
        (0, "Overview"), (0, "Components"), (0, "Setup"), (0, "Playing a Round"), (1, "Light Phase"),
        (2, "Moving"), (2, "Lighting"), (1, "Fog Phase"), (1, "Dawn Phase"), (0, "Cards"),
        (0, "Winning and Losing"), (1, "Variants"),
    ],
    "harbour-run": [
        (0, "Overview"), (0, "Components"), (0, "Setup"), (0, "Playing a Round"), (1, "Tide Phase"),
        (1, "Move Phase"), (1, "Cargo Phase"), (0, "Special Cards"), (0, "End of the Game"), (1, "Questions"),
    ],
    "nichnyi-rynok": [
        (0, "Про гру"), (0, "Компоненти"), (0, "Підготовка"), (0, "Хід гри"), (0, "Дії"), (1, "Купити товар"),
        (1, "Продати товар"), (1, "Відпочити"), (0, "Особливі карти"), (0, "Кінець гри"), (1, "Питання і відповіді"),
    ],
}  # fmt: skip
TREES["harbour-run-html"] = TREES["harbour-run"]
FILES = {
    "lantern-keepers": "lantern-keepers.md",
    "harbour-run": "harbour-run.pdf",
    "nichnyi-rynok": "nichnyi-rynok.pdf",
    "harbour-run-html": "harbour-run.html",
}
EXTRA = {"harbour-run-html": ["--id", "harbour-run-html", "--title", "Harbour Run (web page)"]}


def add(tmp_path: Path, book: str, *extra: str):
    runner = CliRunner()
    result = runner.invoke(
        app,
        ["add", str(BOOKS / FILES[book]), "--db", str(tmp_path / "r.db"), "--no-index", "--json", *extra],
        env={"REFEREE_USER_CORPUS": str(tmp_path / "games")},
    )
    return result


@pytest.fixture(scope="module")
def added(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[dict, Path]]:
    out = {}
    for book in FILES:
        tmp = tmp_path_factory.mktemp(book)
        result = add(tmp, book, *EXTRA.get(book, []))
        assert result.exit_code == 0, result.output
        out[book] = (json.loads(result.stdout), tmp)
    return out


@pytest.mark.slow  # builds four books with `referee add`
@pytest.mark.parametrize("book", sorted(FILES))
def test_referee_add_builds_the_book_with_no_hand_edits(added, book: str) -> None:
    report, tmp = added[book]
    assert report["game"] == book and report["entries"] > 10
    database = store.open_db(tmp / "r.db")
    assert {g["id"] for g in store.games(database)} >= {book, "takkure"}  # the shipped books beside it


@pytest.mark.parametrize("book", sorted(FILES))
def test_sections_are_the_books_heading_tree(added, book: str) -> None:
    report, _ = added[book]
    assert [(s["level"], s["heading"]) for s in report["sections"]] == TREES[book]


@pytest.mark.parametrize("book", sorted(FILES))
def test_quotes_hold_no_markup_and_are_verbatim_slices(added, book: str) -> None:
    report, _ = added[book]
    game = load_game(Path(report["folder"]))
    document = game.read_document()
    assert unfaithful(document) == []
    parsed = parse_document(game, document)
    for entry in parsed.entries:
        assert document.text[entry.start : entry.end] == entry.text
        assert not MARKUP.search(entry.text), entry.text
    for section in parsed.sections:
        assert not MARKUP.search(section.heading)
    if document.format == "pdf":
        _on_their_pages(BOOKS / FILES[book], parsed.entries, document)


def _on_their_pages(pdf_path: Path, entries, document) -> None:
    """A PDF quote is the extracted text of its page: each of its lines is on that page."""
    import pypdfium2 as pdfium  # pypdfium2: the PDF's own text, to hold the quotes against

    pdf = pdfium.PdfDocument(str(pdf_path))
    labels = {int(v): k for k, v in document.page_labels.items()}
    pages = [" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf))]
    pdf.close()
    for entry in entries:
        page = pages[labels.get(entry.page, entry.page) - 1]
        for line in entry.text.split("\n"):
            for cell in line.split("\t"):
                words = re.sub(r"^\s*(?:•|\d+\.)\s*", "", cell).split()  # the printer draws markers apart
                assert " ".join(words[:3]) in page, (entry.id, cell)


def test_adding_the_same_book_twice_is_one_line_and_changes_nothing(added) -> None:
    _, tmp = added["lantern-keepers"]
    before = (tmp / "r.db").read_bytes()
    result = add(tmp, "lantern-keepers")
    assert result.exit_code == 2 and "already" in result.output and "Traceback" not in result.output
    assert (tmp / "r.db").read_bytes() == before


def test_lantern_keepers_entries_by_meaning(added) -> None:
    report, _ = added["lantern-keepers"]
    game = load_game(Path(report["folder"]))
    entries = {e.id: e for e in parse_document(game, game.read_document()).entries}
    setup = entries["lantern-keepers/setup/1"]
    assert setup.kind == "procedure" and setup.text.startswith("Before the first round") and "4. Shuffle" in setup.text
    assert entries["lantern-keepers/cards/1"].kind == "card"
    assert (
        entries["lantern-keepers/cards/1"].text.startswith("Oil Flask")
        and "without moving" in entries["lantern-keepers/cards/1"].text
    )
    fog = entries["lantern-keepers/fog-phase/2"]
    assert fog.kind == "table" and fog.table["rows"][0] == ["1–2", "1"] and fog.text.startswith("Fog die results")
    assert "[Core]" not in entries["lantern-keepers/overview/1"].text
    assert entries["lantern-keepers/overview/1"].text.endswith("You win together or lose together.")


def test_pdf_pages_and_language(added) -> None:
    report, _ = added["nichnyi-rynok"]
    assert report["language"] == "uk" and report["format"] == "pdf"
    assert {"running header", "page number"} <= set(report["dropped"])
    pages = {s["heading"]: s["page"] for s in report["sections"]}
    assert pages["Про гру"] == 1 and pages["Питання і відповіді"] == 2
    game = load_game(Path(report["folder"]))
    entries = parse_document(game, game.read_document()).entries
    table = next(e for e in entries if e.kind == "table")
    assert table.table == {
        "columns": ["Колір", "Купівля", "Продаж"],
        "rows": [
            ["Червоний", "1 монета", "2 монети"],
            ["Синій", "2 монети", "4 монети"],
            ["Золотий", "4 монети", "7 монет"],
        ],
    }
    assert table.text.startswith("Ціни залежать від кольору товару:")
    setup = next(e for e in entries if e.kind == "procedure")
    assert setup.text.count("\n") >= 3 and "3. Кожен гравець" in setup.text  # one entry across the page break


def test_pdf_two_columns_read_in_order(added) -> None:
    report, _ = added["harbour-run"]
    game = load_game(Path(report["folder"]))
    entries = {e.id: e for e in parse_document(game, game.read_document()).entries}
    assert entries["harbour-run/playing-a-round/1"].text == (
        "A round has three phases: the Tide Phase, the Move Phase and the Cargo Phase. "
        "Play them in that order, then start the next round."
    )  # a paragraph that runs on from the first column into the second
    tide = entries["harbour-run/tide-phase/2"]
    assert (
        tide.kind == "table"
        and tide.text.startswith("Tide table")
        and tide.table["rows"][1] == ["3–4", "Calm", "No change"]
    )


def test_markdown_html_tables_are_tables_and_symbols_in_tags_are_kept() -> None:
    """HTML tables inside markdown (blank lines between the tags, no <th>, a colspan title row)
    are one table each with whole rows; the text of an unknown inline tag (<dice>[+]</dice>) and
    bracketed symbols repeated through the book ([1], [+]) are words of the rules, never cut."""
    from referee.books.formats.markdown import read

    document = read(BOOKS / "html-tables.md")
    tables = [b for b in document.blocks if b.kind == "table"]
    assert [b.rows for b in tables] == [
        [["Rating", "Boxes"], ["Mediocre (+0)", "[1][1][1]"], ["Good (+3)", "[1][1][1] [1][1][1]"]],
        [["+2", "[0]"], ["+1", "[0][0]"]],
    ]
    text = document.text
    assert "a [+] is +1, a [-] is -1, and a [0] is 0." in text
    assert "mark one more [1] box" in text
    caption = next(b for b in document.blocks if text[b.start : b.end] == "The pyramid" and b.kind == "paragraph")
    assert caption.end < tables[1].start
    assert unfaithful(document) == []
    assert not [d for d in document.dropped if "[" in d.text]


def test_a_real_markdown_book_keeps_its_headings_and_tables_whole() -> None:
    """Fate Condensed's SRD (tests/books/README.md): its 116 headings, its 6 HTML tables each one
    table, and every piece of text a verbatim slice of the file (the tester's key, issue 36)."""
    from referee.books.formats.markdown import read

    document = read(BOOKS / "fate-condensed-srd.md")
    kinds = [b.kind for b in document.blocks]
    assert kinds.count("heading") == 116 and kinds.count("table") == 6
    assert all(len(b.rows) >= 2 for b in document.blocks if b.kind == "table")
    assert unfaithful(document) == []

"""The first sheet of a book added with no [sheet] (referee.sheets.auto): the turn sequence, the
tables whole, how the game is won, setup and who starts; no example, credit or flavour; every
line the book's words; a full page.

The books are added as a player adds them (`referee add`), one per format: Markdown, HTML, PDF
(English and Ukrainian, and one printed like a real rulebook) and text (TA-KE's shipped book as a
bare .txt, none of its game.toml)."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from support.sheet_quality import blank_share, cut_problems, fragment_problems, joined_cuts, sheet_problems
from typer.testing import CliRunner

from referee import store
from referee.books.entries import ASIDE_KINDS
from referee.books.gameconf import load_game
from referee.books.sheetconf import SheetConf
from referee.cli.main import app
from referee.sheets.auto import HEADINGS
from referee.sheets.build import build_sheet
from referee.sheets.layout import ELISION, Excerpt, Sheet
from referee.sheets.pages import fit, page_image, write_pdf

pytestmark = pytest.mark.slow  # adds six books and lays out six sheets with WeasyPrint

ROOT = Path(__file__).resolve().parent.parent
BOOKS = {
    "lantern-keepers": ROOT / "tests" / "books" / "lantern-keepers.md",
    "harbour-run": ROOT / "tests" / "books" / "harbour-run.html",
    "harbour-run-pdf": ROOT / "tests" / "books" / "harbour-run.pdf",
    "nichnyi-rynok": ROOT / "tests" / "books" / "nichnyi-rynok.pdf",
    "ironvale-skirmish": ROOT / "tests" / "books" / "ironvale.pdf",
    "ta-ke": ROOT / "corpus" / "ta-ke" / "ta-ke.en.txt",
}
EXTRA = {"harbour-run-pdf": ["--id", "harbour-run-pdf"]}
# What each book's turn sequence is, in the book's words (a step, a row's label or a line).
TURNS = {
    "lantern-keepers": ["Light Phase", "Fog Phase", "Dawn Phase"],
    "harbour-run": ["Tide Phase", "Move Phase", "Cargo Phase"],
    "harbour-run-pdf": ["Tide Phase", "Move Phase", "Cargo Phase"],
    "nichnyi-rynok": ["Гравці ходять по черзі за годинниковою стрілкою."],
    "ironvale-skirmish": ["Wind the spring"],
    "ta-ke": ["Step 1 – Use an ability", "Step 2 – Pick", "Step 3 – Place", "Step 4 – Score"],
}
# How each book says the game ends and who wins: the first words of that entry.
ENDS = {
    "lantern-keepers": "You win when the night is over",
    "harbour-run": "The game ends at once when a player has scored three points.",
    "harbour-run-pdf": "The game ends at once when a player has scored three points.",
    "nichnyi-rynok": "Гра закінчується, щойно гравець має двадцять монет.",
    "ironvale-skirmish": "The match ends when a duelist is wrecked.",
    "ta-ke": "As soon as one player has taken the last character chip",
}
STARTS = {
    "lantern-keepers": "The youngest player is the first keeper.",
    "harbour-run": "The player who was last on a boat begins the race.",
    "ta-ke": "The older and wiser player begins.",
}
MAX_BLANK = 0.30


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Sheet, object, object, dict]]:
    """Each book added into its own knowledge base, its first sheet fitted, printed and pictured."""
    made = {}
    for name, source in BOOKS.items():
        tmp = tmp_path_factory.mktemp(name)
        book = tmp / "in" / source.name
        book.parent.mkdir()
        shutil.copy(source, book)
        result = CliRunner().invoke(
            app,
            [
                "add",
                str(book),
                "--corpus",
                str(tmp / "games"),
                "--db",
                str(tmp / "r.db"),
                "--no-index",
                "--json",
                *EXTRA.get(name, []),
            ],
        )
        assert result.exit_code == 0, result.output
        game = load_game(Path(json.loads(result.stdout)["folder"]))
        assert game.sheet is None or not game.sheet.blocks  # what `referee add` writes has no [sheet] blocks
        db = store.open_db(tmp / "r.db")
        sheet = fit(build_sheet(db, game, {}))
        pdf = tmp / "sheet.pdf"
        write_pdf(sheet, pdf)
        kinds = dict(db.execute("select id, kind from entries where game = ?", [game.id]).fetchall())
        made[name] = (sheet, db, replace(game, sheet=SheetConf()), {"pdf": pdf, "kinds": kinds})
    return made


def _said(sheet: Sheet) -> list[str]:
    """Every quote's words and every label of the sheet."""
    words = [q.text for q in sheet.quotes()]
    for block in sheet.blocks:
        words += [c for u in block.units for c in u.cells if isinstance(c, str)]
    return words


@pytest.mark.parametrize("name", BOOKS)
def test_the_turn_sequence_is_on_the_sheet(sheets, name: str) -> None:
    sheet, _, game, _ = sheets[name]
    turn = HEADINGS.get(game.language, HEADINGS["en"])["turn"]
    blocks = [b for b in sheet.blocks if b.heading.startswith(turn)]
    assert blocks, [b.heading for b in sheet.blocks]
    said = " ".join(_said(replace(sheet, blocks=blocks)))
    assert all(step in said for step in TURNS[name]), said
    assert blocks[0].priority == 1  # the last thing fitting drops


@pytest.mark.parametrize("name", BOOKS)
def test_every_table_of_the_book_is_on_the_sheet_whole_with_its_caption(sheets, name: str) -> None:
    sheet, db, game, _ = sheets[name]
    tables = db.execute(
        "select id, text, table_json from entries where game = ? and kind = 'table' and table_json is not null",
        [game.id],
    ).fetchall()
    quoted = {q.entry: q for q in sheet.quotes()}
    for entry, text, table in tables:
        assert entry in quoted, entry
        assert quoted[entry].table == json.loads(table) and quoted[entry].text == text  # every row, the caption


@pytest.mark.parametrize("name", BOOKS)
def test_how_the_game_is_won_and_who_starts(sheets, name: str) -> None:
    sheet, db, game, _ = sheets[name]
    words = HEADINGS.get(game.language, HEADINGS["en"])
    won = next(b for b in sheet.blocks if b.heading == words["win"])
    texts = dict(db.execute("select id, text from entries where game = ?", [game.id]).fetchall())
    lines = [q for u in won.units for q in u.cells if isinstance(q, Excerpt)]
    # the entry that ends the game is there from its first words: no lead-in or condition dropped
    assert any(q.text.startswith(ENDS[name]) and texts[q.entry].startswith(q.text) for q in lines), lines
    if name in STARTS:
        starts = next(b for b in sheet.blocks if b.heading == words["start"])
        assert STARTS[name] in [q.text for u in starts.units for q in u.cells if isinstance(q, Excerpt)]


@pytest.mark.parametrize("name", BOOKS)
def test_no_example_credit_or_flavour_is_on_the_sheet(sheets, name: str) -> None:
    sheet, _, _, made = sheets[name]
    assert not [q.entry for q in sheet.quotes() if made["kinds"][q.entry] in ASIDE_KINDS]
    if name == "ironvale-skirmish":  # the book has credits and front matter: neither is quoted
        assert {"credits", "front-matter"} <= set(made["kinds"].values())
        assert not any("Copyright" in q.text or "Illustrations by" in q.text for q in sheet.quotes())


@pytest.mark.parametrize("name", BOOKS)
def test_every_line_is_verbatim_whole_and_cut_at_no_condition(sheets, name: str) -> None:
    sheet, db, game, _ = sheets[name]
    texts = dict(db.execute("select id, text from entries where game = ?", [game.id]).fetchall())
    assert sheet.unit_count() >= 10
    for quote in sheet.quotes():
        text = texts[quote.entry]
        assert all(piece.strip() in text for piece in quote.text.split(ELISION.strip())), quote.entry
        assert fragment_problems(quote, text, game.language) == []
    for quote in joined_cuts(sheet, texts):
        assert cut_problems(quote, texts[quote.entry], game.language) == []
    assert sheet_problems(sheet, db, game) == []  # nothing quoted twice, no heading twice


@pytest.mark.parametrize("name", BOOKS)
def test_the_sheet_fills_its_page(sheets, name: str) -> None:
    made = sheets[name][3]
    image = page_image(made["pdf"], dpi=40)
    assert blank_share(image) <= MAX_BLANK, f"{name}: {blank_share(image):.0%} of the page is one blank stretch"


def test_the_quality_checks_catch_what_they_guard(sheets) -> None:
    """The checks these tests lean on fail on a sheet that breaks them."""
    sheet, db, game, _ = sheets["lantern-keepers"]
    texts = dict(db.execute("select id, text from entries where game = ?", [game.id]).fetchall())
    lead_dropped = Excerpt("lantern-keepers/winning-and-losing/1", "at least 8 lanterns are lit.")
    assert fragment_problems(lead_dropped, texts[lead_dropped.entry], "en")
    half = replace(sheet, blocks=sheet.blocks[:1])
    path = made_pdf = sheets["lantern-keepers"][3]["pdf"].with_name("half.pdf")
    write_pdf(half, made_pdf)
    assert blank_share(page_image(path, dpi=40)) > MAX_BLANK

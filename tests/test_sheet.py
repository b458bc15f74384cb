"""Quick-reference sheets: the book's words, every line traceable, one page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from kb import store
from kb.sheet import ELISION, build_sheet, fit_one_page, to_html, to_markdown

runner = CliRunner()
GAMES = ["takkure", "rugby-world", "touchdown-heroes", "ta-ke", "tacocat"]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_line_is_the_books_words_with_its_id(built_db: Path, game, game_id: str) -> None:
    db = store.open_db(built_db)
    sheet = build_sheet(db, game(game_id))
    assert sheet.line_count() >= 8
    for block in sheet.blocks:
        for line in block.lines:
            text = store.show(db, line.entry)["text"]
            assert all(piece in text for piece in line.text.split(ELISION)), line.entry
    markdown = to_markdown(sheet)
    ids = re.findall(r"`\[([^\]]+)\]`", markdown)
    assert len(ids) == sheet.line_count() and all(store.show(db, i) for i in ids)


@pytest.mark.parametrize("game_id", GAMES)
def test_pdf_sheet_is_one_page(built_db: Path, game, game_id: str) -> None:
    from weasyprint import HTML

    sheet = fit_one_page(build_sheet(store.open_db(built_db), game(game_id)))
    assert len(HTML(string=to_html(sheet)).render().pages) == 1


def test_required_content(built_db: Path, game) -> None:
    db = store.open_db(built_db)
    takkure = {line.entry for b in build_sheet(db, game("takkure")).blocks for line in b.lines}
    assert {"takkure/1.02/1", "takkure/2.01/7", "takkure/2.02/2", "takkure/4.01/7", "takkure/0.01/8"} <= takkure
    rugby = {line.entry for b in build_sheet(db, game("rugby-world")).blocks for line in b.lines}
    assert {
        "rugby-world/1c/10",
        "rugby-world/2f/10",
        "rugby-world/set-up-and-aim-of-the/5",
        "rugby-world/1d/7",
    } <= rugby
    tacocat = build_sheet(db, game("tacocat"))
    assert tacocat.title.startswith("Tacocat — коротка довідка")
    assert "ДУЕЛЬ" in {b.heading for b in tacocat.blocks}


def test_overflow_drops_the_lowest_priority_lines_and_says_so(built_db: Path, game) -> None:
    db = store.open_db(built_db)
    sheet = build_sheet(db, game("takkure"))
    doubled = type(sheet)(sheet.game, sheet.title, sheet.lang, sheet.blocks * 3)
    fitted = fit_one_page(doubled)
    assert fitted.left_out and fitted.line_count() < doubled.line_count()
    assert "Left out for space" in to_html(fitted)
    kept_first = [line.entry for line in fitted.blocks[0].lines]
    assert kept_first == [line.entry for line in sheet.blocks[0].lines]  # the highest priority stays


def test_sheet_cli_formats_and_bad_input(built_db: Path, tmp_path: Path) -> None:
    md = runner.invoke(app, ["sheet", "ta-ke", "--db", str(built_db)])
    assert md.exit_code == 0 and md.stdout.startswith("# TA-KE")
    out = tmp_path / "s.html"
    assert runner.invoke(app, ["sheet", "takkure", "-f", "html", "-o", str(out), "--db", str(built_db)]).exit_code == 0
    assert "<table" in out.read_text()
    pdf = tmp_path / "s.pdf"
    assert runner.invoke(app, ["sheet", "tacocat", "-f", "pdf", "-o", str(pdf), "--db", str(built_db)]).exit_code == 0
    assert pdf.read_bytes().startswith(b"%PDF")
    for args, message in [
        (["sheet", "chess"], "unknown game"),
        (["sheet", "takkure", "-f", "docx"], "unknown format"),
        (["sheet", "takkure", "-f", "pdf", "-o", str(tmp_path / "no" / "x.pdf")], "does not exist"),
        (["sheet", "takkure", "-o", str(tmp_path)], "is a folder"),
    ]:
        result = runner.invoke(app, [*args, "--db", str(built_db)])
        assert result.exit_code == 2 and message in result.stderr, result.output
        assert len(result.stderr.strip().splitlines()) == 1

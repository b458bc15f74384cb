"""Preparing a game night: `referee sheet`."""

from __future__ import annotations

import os
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from referee import store
from referee.cli.common import DbOption, GameArgument, corpus_checks, db_path, friendly, required_game
from referee.errors import RefereeError
from referee.paths import corpus_dirs
from referee.store.atomic import write_file

app = typer.Typer()


class SheetFormat(StrEnum):
    md = "md"
    html = "html"
    pdf = "pdf"
    png = "png"


SUFFIXES = {".md": "md", ".markdown": "md", ".html": "html", ".htm": "html", ".pdf": "pdf", ".png": "png"}


def sheet_format(given: SheetFormat | None, output: Path | None) -> str:
    """--format when given, else what -o's suffix says (`-o x.pdf` is a PDF), else Markdown."""
    implied = SUFFIXES.get(output.suffix.lower()) if output is not None else None
    if given is not None and implied is not None and output is not None and given.value != implied:
        raise RefereeError(f"--format {given.value} but {output} ends in {output.suffix}; drop one or make them agree")
    return given.value if given is not None else implied or "md"


@app.command()
@friendly
def sheet(
    game: GameArgument = None,
    format_: Annotated[
        SheetFormat | None,
        typer.Option(
            "--format",
            "-f",
            case_sensitive=False,
            help="png: a picture of each page of the PDF (GAME.png, GAME-2.png) [default: from -o's suffix, else md].",
            show_default=False,
        ),
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="File to write (pdf, png: default GAME.pdf, GAME.png).")
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(help="Language of the sheet: the book's (default) or one it has a translation in, e.g. en."),
    ] = None,
    pages: Annotated[
        int | None,
        typer.Option(help="Pages to fill: 1 to 3 [default: the game's sheet says, or what its must-haves need]."),
    ] = None,
    corpus: Annotated[
        Path | None,
        typer.Option(help="Corpus folder [env: REFEREE_CORPUS; default: the shipped books and your added games]"),
    ] = None,
    db: DbOption = None,
) -> None:
    """A one-page quick-reference sheet built from the book's own words, every line cited.

    The same content in every format: what fits on the page(s), highest priority first."""
    # the game configs (pydantic) and the sheet's layers: only `sheet` pays for them
    from referee.books.gameconf import discover_games, game_config
    from referee.sheets.build import build_sheet
    from referee.sheets.html import to_html
    from referee.sheets.markdown import to_markdown
    from referee.sheets.pages import fit, pdf_to_png, write_pdf

    kind = sheet_format(format_, output)
    if pages not in (None, 1, 2, 3):
        raise RefereeError(f"--pages must be 1, 2 or 3, not {pages}")
    database = store.open_db(db_path(db))
    game_id = required_game(database, game)
    config = game_config(discover_games(corpus_dirs(corpus)), game_id)
    target = output or (Path(f"{game_id}.{kind}") if kind in ("pdf", "png") else None)
    if target is not None:
        _check_place(target)  # before the seconds that fitting the sheet to its pages takes
    built = fit(build_sheet(database, config, corpus_checks(), lang), pages)
    if target is not None and kind in ("pdf", "png"):
        _check_writable(target)
        wrote = str(target)
        if kind == "pdf":
            write_pdf(built, target)
        else:
            pdf = target.with_name(f".{target.name}.pdf")
            try:
                write_pdf(built, pdf)
                pictures = pdf_to_png(pdf, target)
            finally:
                pdf.unlink(missing_ok=True)
            wrote = ", ".join(str(p) for p in pictures)  # one picture a page
        typer.echo(f"Wrote {wrote}" + (f" ({built.left_out} lines did not fit)" if built.left_out else ""), err=True)
        return
    text = to_markdown(built) if kind == "md" else to_html(built)
    if output is None:
        typer.echo(text, nl=False)
        return
    _check_writable(output)
    write_file(output, text)
    typer.echo(f"Wrote {output}", err=True)


def _check_place(path: Path) -> None:
    if path.is_dir():
        raise RefereeError(f"{path}: is a folder; give a file name")
    if not path.parent.exists():
        raise RefereeError(f"{path}: folder {path.parent} does not exist")


def _check_writable(path: Path) -> None:
    """Before the work: the folder takes a new file (the output is written beside it and renamed)."""
    _check_place(path)
    if path.is_symlink():
        raise RefereeError(f"{path}: is a symbolic link; give the file itself (or another name)")
    if path.exists() and not path.is_file():
        return  # a device or a pipe: written directly
    if not os.access(path.parent, os.W_OK):
        raise RefereeError(f"{path}: cannot write (the folder {path.parent} is not writable)")

"""Preparing a game night: `referee sheet`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cli.common import DbOption, db_path, friendly
from kb import store
from kb.errors import RefereeError
from kb.gameconf import discover_games
from kb.paths import default_corpus_dir

app = typer.Typer()
FORMATS = ("md", "html", "pdf")


@app.command()
@friendly
def sheet(
    game: Annotated[str, typer.Argument(help="Game id or alias.")],
    format_: Annotated[str, typer.Option("--format", "-f", help="md, html or pdf.")] = "md",
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="File to write (pdf: default GAME.pdf).")
    ] = None,
    db: DbOption = None,
) -> None:
    """A one-page quick-reference sheet built from the book's own words, every line with its id."""
    from kb.sheet import build_sheet, fit_one_page, to_html, to_markdown, write_pdf

    if format_ not in FORMATS:
        raise RefereeError(f"unknown format {format_!r}; choose md, html or pdf")
    database = store.open_db(db_path(db))
    game_id = store.resolve_game(database, game)
    config = next((g for g in discover_games(default_corpus_dir()) if g.id == game_id), None)
    if config is None:
        raise RefereeError(f"no corpus folder for {game_id}")
    built = build_sheet(database, config)
    if format_ != "md":
        built = fit_one_page(built)
    if format_ == "pdf":
        target = output or Path(f"{game_id}.pdf")
        _check_writable(target)
        write_pdf(built, target)
        typer.echo(
            f"Wrote {target}" + (f" (left out for space: {len(built.left_out)} lines)" if built.left_out else ""),
            err=True,
        )
        return
    text = to_markdown(built) if format_ == "md" else to_html(built)
    if output is None:
        typer.echo(text, nl=False)
        return
    _check_writable(output)
    output.write_text(text, encoding="utf-8")
    typer.echo(f"Wrote {output}", err=True)


def _check_writable(path: Path) -> None:
    if path.is_dir():
        raise RefereeError(f"{path}: is a folder; give a file name")
    if not path.parent.exists():
        raise RefereeError(f"{path}: folder {path.parent} does not exist")
    try:
        with path.open("ab"):
            pass
    except OSError as exc:
        raise RefereeError(f"{path}: cannot write ({exc.strerror})") from None

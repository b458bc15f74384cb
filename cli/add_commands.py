"""Adding a rulebook, and taking it out again: `referee add`, `referee remove`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from referee.cli.common import (
    DbOption,
    JsonOption,
    db_path,
    encoders_of,
    fresh_index,
    friendly,
    keep_index_books,
    print_json,
)
from referee.paths import corpus_dirs

app = typer.Typer()


def _print(report: dict[str, Any], indexed: str) -> None:
    typer.echo(f"Added {report['title']!r} as {report['game']} ({report['format']}, language {report['language']})")
    typer.echo(f"  folder: {report['folder']} (the book as received and a game.toml)")
    kinds = ", ".join(f"{n} {k}" for k, n in report["kinds"].items())
    deepest = 1 + max((s["level"] for s in report["sections"]), default=-1)
    typer.echo(f"Found {len(report['sections'])} sections ({deepest} levels), {report['entries']} entries ({kinds})")
    if report["tables"]:
        typer.echo(f"  tables: {', '.join(report['tables'][:8])}{' …' if len(report['tables']) > 8 else ''}")
    if report["procedures"]:
        typer.echo(f"  procedures: {', '.join(report['procedures'][:8])}")
    top = [s for s in report["sections"] if s["level"] == 0]
    shown = ", ".join(s["heading"] for s in top[:12]) + (" …" if len(top) > 12 else "")
    typer.echo(f"  top-level sections: {shown or '(none)'}")
    dropped = sum(report["dropped"].values())
    typer.echo(f"Dropped {dropped} pieces that are not rules:")
    for reason, count in report["dropped"].items():
        examples = "; ".join(report["dropped_examples"].get(reason, []))
        typer.echo(f"  {count} × {reason}: {examples}")
    for warning in report["warnings"]:
        typer.echo(f"  warning: {warning}")
    typer.echo("Check:")
    for item in report["check"]:
        typer.echo(f"  - {item}")
    typer.echo(indexed)


@app.command()
@friendly
def add(
    ctx: typer.Context,
    path: Annotated[Path, typer.Argument(help="A rulebook (.md, .pdf, .html, .txt) or a folder holding one.")],
    corpus: Annotated[
        Path | None,
        typer.Option(help="Put the game in this corpus folder and build from it alone [default: your games folder]."),
    ] = None,
    title: Annotated[str | None, typer.Option(help="The game's title [default: the book's].")] = None,
    game_id: Annotated[str | None, typer.Option("--id", help="The game's id [default: from the title].")] = None,
    no_index: Annotated[bool, typer.Option("--no-index", help="Build the knowledge base only.")] = False,
    trust_code: Annotated[
        bool,
        typer.Option("--trust-code", help="Add a folder that holds Python (checks.py, …): building the game runs it."),
    ] = False,
    db: DbOption = None,
    json_: JsonOption = False,
) -> None:
    """Add a rulebook as a game: its folder and game.toml written, built and indexed, no editing needed.

    The folder goes into your games folder (the user data folder's corpus/, from a checkout as
    from an install; REFEREE_USER_CORPUS moves it), which `referee build` reads beside the
    shipped books; with --corpus, into that folder. `referee remove GAME` undoes it."""
    dirs = corpus_dirs(corpus)  # the game goes into the last: the user's games folder, or --corpus
    path_db = db_path(db)
    from referee.store.add import add_game  # the book readers and pydantic: only `add` pays for them

    if not no_index:
        keep_index_books(path_db)
    report = add_game(path, dirs, path_db, title=title, game_id=game_id, trust_code=trust_code).to_dict()
    indexed = "Search index: not built (--no-index); `referee index` builds it."
    if not no_index:
        fresh_index(path_db, encoders_of(ctx))
        indexed = f'Built and indexed into {path_db}. Try: referee ask "..." --game {report["game"]}'
    if json_:
        print_json({**report, "indexed": not no_index, "db": str(path_db)})
    else:
        _print(report, indexed)


@app.command()
@friendly
def remove(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="The game's id, title or alias.", show_default=False)],
    corpus: Annotated[
        Path | None,
        typer.Option(help="Remove it from this corpus folder and build from it alone [default: your games folder]."),
    ] = None,
    no_index: Annotated[bool, typer.Option("--no-index", help="Rebuild the knowledge base only.")] = False,
    db: DbOption = None,
    json_: JsonOption = False,
) -> None:
    """Undo `referee add`: the game's folder deleted from your games folder, the knowledge base rebuilt
    without it and the search index updated (no book embedded again). The shipped books stay."""
    path_db = db_path(db)
    from referee.store.remove import remove_game  # the game configs (pydantic): only `remove` pays

    if not no_index:
        keep_index_books(path_db)
    report = remove_game(game, corpus_dirs(corpus), path_db).to_dict()
    if not no_index:
        fresh_index(path_db, encoders_of(ctx))
    if json_:
        print_json({**report, "indexed": not no_index, "db": str(path_db)})
        return
    typer.echo(f"Removed {report['title']!r} ({report['game']}): deleted {report['folder']}")
    state = "the search index updated" if not no_index else "`referee index` updates the search index"
    typer.echo(f"Rebuilt {path_db} with {len(report['games'])} games; {state}")

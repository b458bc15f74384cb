"""The links between rules: define, terms, refs, doctor."""

from __future__ import annotations

from typing import Annotated

import typer

from referee import store
from referee.cli.common import (
    DbOption,
    GameArgument,
    GameOption,
    JsonOption,
    breadcrumb,
    db_path,
    friendly,
    game_or_default,
    list_game_rows,
    print_json,
    qualified_id,
)
from referee.store import graph

app = typer.Typer()


@app.command()
@friendly
def define(
    term: Annotated[str, typer.Argument(help="A game term, in the book's language or in English.")],
    game: GameOption = None,
    db: DbOption = None,
    json_: JsonOption = False,
) -> None:
    """Print the definition of a game term with its citation."""
    database = store.open_db(db_path(db))
    found = graph.define(database, term, game_or_default(database, game))
    if json_:
        print_json(found)
        return
    for item in found:
        typer.echo(f"{item['term']} ({item['game']}) — {breadcrumb(item['path'])}  [{item['id']}]")
        typer.echo(f"“{item['text']}”")


@app.command()
@friendly
def terms(game: GameArgument = None, db: DbOption = None, json_: JsonOption = False) -> None:
    """List the terms a game's book defines, with the entry that defines each."""
    list_game_rows(game, db, json_, graph.terms, _term_line)


def _term_line(row: dict) -> str:
    aliases = f" (also: {', '.join(row['aliases'])})" if row["aliases"] else ""
    return f"{row['term']}{aliases}  [{row['entry']}]"


@app.command()
@friendly
def refs(
    item_id: Annotated[str, typer.Argument(metavar="ID", help="Entry id (without its game: with a game).")],
    depth: Annotated[int, typer.Option("--depth", "-d", help="How many hops to follow.")] = 1,
    game: GameOption = None,
    db: DbOption = None,
    json_: JsonOption = False,
) -> None:
    """Walk the references and term definitions out of an entry."""
    database = store.open_db(db_path(db))
    item_id = qualified_id(database, item_id, game)
    store.show(database, item_id)  # unknown ids: one clear error with the closest ids
    steps = graph.walk(database, item_id, depth)
    if json_:
        print_json(steps)
        return
    for step in steps:
        typer.echo(f"{'  ' * step['depth']}{step['link']} -> [{step['to']}] {step['quote'][:90]}")


@app.command()
@friendly
def doctor(game: GameOption = None, db: DbOption = None, json_: JsonOption = False) -> None:
    """List unresolved references, entries with no section, and suspected conflicts, per game."""
    database = store.open_db(db_path(db))
    report = graph.doctor(database, store.resolve_game(database, game) if game is not None else None)
    if json_:
        print_json(report)
        return
    for name, data in report.items():
        typer.echo(f"{name}:")
        typer.echo(f"  unresolved references: {len(data['unresolved_references'])}")
        for row in data["unresolved_references"]:
            typer.echo(f"    [{row['entry']}] {row['kind']}: {row['anchor'][:60]!r} — {row['why']}")
        if data["entries_without_section"]:
            typer.echo(f"  entries with no section: {', '.join(data['entries_without_section'])}")
        for row in data["suspected_conflicts"]:
            typer.echo(f"  suspected conflict: [{row['src']}] / [{row['dst']}] {row['note']}")

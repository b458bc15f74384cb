"""The local memory: memory list | export | import | forget."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from referee import store
from referee.cli.common import DbOption, JsonOption, db_path, friendly, print_json
from referee.errors import RefereeError

# The memory's modules (numpy, the store) are imported by the commands that use them.

app = typer.Typer(help="What this machine learned at the table (kept in your data folder, never shared).")


@app.command("list")
@friendly
def list_(json_: JsonOption = False) -> None:
    """The questions kept with the passage that answered them (or did not: `rejected`)."""
    from referee.indexer.memory.bank import local_file, read_items  # numpy: per command

    items = read_items(local_file())
    if json_:
        print_json([i.to_json() for i in items])
        return
    if not items:
        typer.echo(f"Nothing kept yet ({local_file()}).")
        return
    for i in items:
        mark = "✗" if i.kind == "rejected" else "✓"
        typer.echo(f"{i.id}  {mark} [{i.entry}] {i.q}")


@app.command()
@friendly
def export(
    out: Annotated[Path | None, typer.Argument(help="A JSON-lines file to write (default: standard output).")] = None,
) -> None:
    """The kept questions as JSON lines, to import on another machine."""
    from referee.indexer.memory.bank import local_file, read_items, write_items  # numpy: per command

    items = read_items(local_file())
    if out is None:
        for i in items:
            sys.stdout.write(json.dumps(i.to_json(), ensure_ascii=False) + "\n")
        return
    write_items(out, items)
    typer.echo(f"{len(items)} kept questions written to {out}")


@app.command("import")
@friendly
def import_(
    source: Annotated[Path, typer.Argument(help="A JSON-lines file written by `referee memory export`.")],
    db: DbOption = None,
    json_: JsonOption = False,
) -> None:
    """Keep the questions of an exported file (each checked against the knowledge base)."""
    from referee.indexer.memory.learning import import_items  # the store and numpy: per command

    added = import_items(store.open_db(db_path(db)), source)
    if json_:
        print_json({"imported": added})
        return
    typer.echo(f"{added} questions kept")


@app.command("forget")
@friendly
def forget_(
    which: Annotated[
        str | None, typer.Argument(help="The id of one kept question (see `referee memory list`).")
    ] = None,
    all_: Annotated[bool, typer.Option("--all", help="Forget every kept question.")] = False,
    json_: JsonOption = False,
) -> None:
    """Forget one kept question, or all of them with --all."""
    from referee.indexer.memory.learning import forget  # the store and numpy: per command

    if (which is None) == (not all_):
        raise RefereeError("give the id of a kept question, or --all")
    gone = forget(which)
    if json_:
        print_json({"forgotten": gone})
        return
    typer.echo(f"{gone} kept questions forgotten")

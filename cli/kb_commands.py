"""Building and browsing the knowledge base: build, report, games, toc, show, export."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from referee import store  # its read side is imported on first use (referee/store/__init__.py)
from referee.cli.common import (
    DbOption,
    GameArgument,
    GameOption,
    JsonOption,
    breadcrumb,
    db_path,
    friendly,
    keep_index_books,
    list_game_rows,
    print_json,
    print_json_line,
    qualified_id,
)
from referee.errors import RefereeError
from referee.paths import corpus_dirs

app = typer.Typer()


def _print_report(reports: list[dict[str, Any]], verbose: bool) -> None:
    for report in reports:
        kinds = ", ".join(f"{n} {k}" for k, n in report["kinds"].items())
        typer.echo(f"{report['game']}: {report['entries']} entries in {report['sections']} sections ({kinds})")
        typer.echo(f"  dropped {len(report['dropped'])} lines")
        shown = report["dropped"] if verbose else [d for d in report["dropped"] if d["reason"] != "table of contents"]
        for dropped in shown:
            typer.echo(f"    line {dropped['line']}: {dropped['reason']}: {dropped['text'].strip()[:70]}")
        if not verbose and len(shown) < len(report["dropped"]):
            typer.echo(f"    (+{len(report['dropped']) - len(shown)} table-of-contents lines; --verbose lists them)")
        for warning in report["warnings"]:
            typer.echo(f"  warning: {warning}")


@app.command()
@friendly
def build(
    game: GameOption = None,
    db: DbOption = None,
    corpus: Annotated[
        str | None,
        typer.Option(help="Corpus folder [env: REFEREE_CORPUS; default: the shipped books and your added games]"),
    ] = None,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="List every dropped line.")] = False,
    json_: JsonOption = False,
) -> None:
    """Parse the corpus into the knowledge base and report what was dropped as noise."""
    from rich.progress import Progress  # rich: only commands that draw pay for its import

    from referee.books.gameconf import discover_games  # the book readers and pydantic: only `build` pays
    from referee.store.build import build_knowledge_base, select_games

    games = discover_games(corpus_dirs(Path(corpus) if corpus else None))
    total = len(select_games(games, game))  # a wrong --game fails before any progress is drawn
    keep_index_books(db_path(db))  # an older index: its books kept before the knowledge base changes
    with Progress(transient=True, console=_stderr_console()) as progress:
        task = progress.add_task("Parsing rulebooks", total=total)
        reports = build_knowledge_base(
            db_path(db), games, only=game, on_game=lambda _: progress.advance(task), on_wait=progress.console.print
        )
    data = [r.to_dict() for r in reports]
    if json_:
        print_json(data)
    else:
        _print_report(data, verbose)
        typer.echo(f"Knowledge base written to {db_path(db)}")


def _stderr_console():
    from rich.console import Console  # rich: only commands that draw pay for its import

    return Console(stderr=True)


@app.command()
@friendly
def report(game: GameOption = None, db: DbOption = None, json_: JsonOption = False) -> None:
    """Show the report kept from the last build (entries made, lines dropped)."""
    database = store.open_db(db_path(db))
    reports = store.build_reports(database)
    if game is not None:
        wanted = store.resolve_game(database, game)
        reports = [r for r in reports if r["game"] == wanted]
    if json_:
        print_json(reports)
    else:
        _print_report(reports, verbose=True)


@app.command()
@friendly
def games(db: DbOption = None, json_: JsonOption = False) -> None:
    """List the games with their language and entry counts."""
    rows = store.games(store.open_db(db_path(db)))
    if json_:
        print_json(rows)
        return
    for row in rows:
        aliases = [a for a in row["aliases"] if a.casefold() not in (row["id"].casefold(), row["title"].casefold())]
        also = f"  (also: {', '.join(aliases)})" if aliases else ""
        typer.echo(f"{row['id']:<18} {row['lang']:<3} {row['entries']:>4} entries  {row['title']}{also}")


@app.command()
@friendly
def toc(game: GameArgument = None, db: DbOption = None, json_: JsonOption = False) -> None:
    """Show a game's section tree as the book has it."""
    list_game_rows(game, db, json_, store.toc, lambda s: f"{'  ' * s['level']}{s['heading']}  [{s['id']}]")


def _echo_table(table: dict[str, Any] | None) -> None:
    """A table entry's rows in columns under its verbatim text: the text as extracted runs the cells
    together ("0" to 2"+4"), which no player can read at the table."""
    if not table or not table.get("rows"):
        return
    rows = [table.get("columns") or [], *table["rows"]]
    rows = [[str(cell) for cell in row] for row in rows if row]
    widths = [max(len(row[i]) for row in rows if i < len(row)) for i in range(max(map(len, rows)))]
    typer.echo("as a table:")
    for row in rows:
        typer.echo("  " + " | ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip())


@app.command()
@friendly
def show(
    item_id: Annotated[
        str,
        typer.Argument(
            metavar="ID", help="Entry or section id, e.g. takkure/2.01/1 (or its ASCII form, or 2.01/1 with a game)."
        ),
    ],
    game: GameOption = None,
    db: DbOption = None,
    json_: JsonOption = False,
) -> None:
    """Show one entry (or a section and its entries) with breadcrumb, kind and verbatim text."""
    database = store.open_db(db_path(db))
    item = store.show(database, qualified_id(database, item_id, game))
    if json_:
        print_json(item)
        return
    typer.echo(breadcrumb(item["path"], item["game"]))
    if item["type"] == "section":
        typer.echo(f"[{item['id']}] section{_typeable(item)}")
        _echo_translations(item["translations"])
        for entry in item["entries"]:
            typer.echo(f"\n[{entry['id']}] {entry['kind']}{_typeable(entry)}\n{entry['text']}")
            _echo_table(entry.get("table"))
            _echo_translations(entry["translations"])
        return
    typer.echo(f"[{item['id']}] {item['kind']} ({item['source']}, line {item['line']}){_typeable(item)}")
    typer.echo(item["text"])
    _echo_table(item.get("table"))
    _echo_translations(item["translations"])
    for rule in item["precedence"]:
        higher = ", ".join(rule["higher"])
        typer.echo(f"\nPrecedence: {higher} text takes precedence over the {rule['over']} [{rule['id']}]")
    sections = [
        ("Overridden by", "overridden_by"),
        ("Clarified by", "clarified_by"),
        ("Conflicts with", "conflicts"),
        ("Notes", "annotated_by"),
        ("Cites", "refs"),
        ("Cited by", "cited_by"),
        ("Clarifies / overrides", "clarifies"),
    ]
    for label, key in sections:
        if item[key]:
            typer.echo(f"\n{label}:")
            for link in item[key]:
                target = link["id"] or "(unresolved)"
                note = f"  ({link['note']})" if link.get("note") else ""
                typer.echo(
                    f"  [{target}] {link['kind'] or link['link']}: {link['quote'][:100] or link['anchor']}{note}"
                )
    if item["checks"]:
        typer.echo("\nChecks that implement it: " + ", ".join(item["checks"]) + "  (referee check --describe NAME)")
    if item["terms"]:
        typer.echo("\nTerms: " + ", ".join(f"{t['term']} [{t['id']}]" for t in item["terms"]))


def _typeable(item: dict[str, Any]) -> str:
    """The ASCII form of an id the keyboard may not have (`show` accepts either)."""
    return f"  [typeable: {item['ascii_id']}]" if item["ascii_id"] != item["id"] else ""


def _echo_translations(translations: list[dict[str, str]]) -> None:
    for translation in translations:
        typer.echo(f"  {translation['label']} ({translation['lang']}): {translation['text']}")


@app.command()
@friendly
def export(
    game_name: Annotated[
        str | None,
        typer.Argument(metavar="[GAME]", help="Game id, title or alias [default: every game].", show_default=False),
    ] = None,
    game: GameOption = None,
    db: DbOption = None,
) -> None:
    """Print every entry as JSON lines (the same fields as `show --json`); GAME or --game: one game's."""
    if game_name is not None and game is not None and game_name != game:
        raise RefereeError(f"two games named: {game_name!r} and --game {game!r}; name one")
    game = game if game is not None else game_name
    database = store.open_db(db_path(db))
    wanted = store.resolve_game(database, game) if game is not None else None
    for entry in store.entries(database, wanted):
        print_json_line(store.with_links(database, entry))

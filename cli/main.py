"""The `referee` command: each command group lives in its own module."""

from __future__ import annotations

import typer

from cli import check_commands, kb_commands, links_commands, search_commands, sheet_commands

app = typer.Typer(
    name="referee",
    help="Referee: a rules knowledge base and assistant for tabletop games.",
    rich_markup_mode=None,
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.add_typer(kb_commands.app)
app.add_typer(search_commands.app)
app.add_typer(links_commands.app)
app.add_typer(check_commands.app)
app.add_typer(sheet_commands.app)


def main() -> None:
    app()

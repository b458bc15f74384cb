"""The `referee` command: each command group lives in its own module."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import typer

from referee.cli import (
    add_commands,
    check_commands,
    kb_commands,
    links_commands,
    memory_commands,
    search_commands,
    serve_commands,
    sheet_commands,
    train_commands,
)

if TYPE_CHECKING:  # the encoder module imports numpy: commands that embed import it (cli.common.encoders_of)
    from referee.indexer.search.encoder import Encoders

app = typer.Typer(
    name="referee",
    help="Referee: a rules knowledge base and assistant for tabletop games.",
    rich_markup_mode=None,
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.add_typer(kb_commands.app)
app.add_typer(add_commands.app)
app.add_typer(search_commands.app)
app.add_typer(links_commands.app)
app.add_typer(check_commands.app)
app.add_typer(sheet_commands.app)
app.add_typer(serve_commands.app)
app.add_typer(train_commands.app)
app.add_typer(memory_commands.app, name="memory")


def _usage_error_line(exc: Exception) -> str | None:
    """One line for a mistyped command line (click's UsageError: a message, its context and exit
    code 2), read through the exception's public attributes so no private Typer module is needed."""
    message = getattr(exc, "format_message", None)
    if getattr(exc, "exit_code", None) != 2 or not callable(message):
        return None
    ctx = getattr(exc, "ctx", None)
    hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
    return f"Error: {message()}{hint}"


def main(encoders: Encoders | None = None) -> None:
    """Run the CLI with click's standalone handling off, so a usage error is ours to print.

    `encoders`: where the search index and the questions get their vectors (the embedding model;
    tests/hostile_cli.py passes a cheap deterministic one), handed to every command as ctx.obj;
    None is the model's."""
    if not sys.argv[1:]:
        sys.argv.append("--help")
    try:
        code = app(prog_name="referee", standalone_mode=False, obj=encoders)
    except typer.Abort:
        typer.echo("Aborted.", err=True)
        sys.exit(1)
    except Exception as exc:
        line = _usage_error_line(exc)
        if line is None:
            raise
        typer.echo(line, err=True)
        sys.exit(2)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()

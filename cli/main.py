"""The `referee` command: each command group lives in its own module."""

from __future__ import annotations

import typer

from cli import check_commands, kb_commands, links_commands, search_commands, serve_commands, sheet_commands

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
app.add_typer(serve_commands.app)


def _one_line_usage_errors() -> None:
    """A mistyped command line is one line on stderr, like every other user mistake."""
    try:
        from typer._click.exceptions import NoArgsIsHelpError, UsageError
    except ImportError:  # another Typer layout: keep its own (multi-line) message
        return

    def show(self, file=None) -> None:
        hint = f" (see '{self.ctx.command_path} --help')" if self.ctx is not None else ""
        typer.echo(f"Error: {self.format_message()}{hint}", err=True)

    if UsageError.show is not NoArgsIsHelpError.show:
        UsageError.show = show


def main() -> None:
    _one_line_usage_errors()
    app()

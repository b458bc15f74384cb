"""The README's command reference, generated from the CLI's own help (run by cog)."""

from __future__ import annotations

import typer
from typer.testing import CliRunner


def command_reference() -> str:
    from cli.main import app

    group = typer.main.get_command(app)
    names: list[str] = sorted(getattr(group, "commands", {}))
    runner = CliRunner()
    parts = []
    for name in [None, *names]:
        args = [name, "--help"] if name else ["--help"]
        result = runner.invoke(app, args, env={"COLUMNS": "100", "TERMINAL_WIDTH": "100"}, prog_name="referee")
        title = f"referee {name}" if name else "referee"
        parts.append(f"### `{title}`\n\n```\n{result.stdout.rstrip()}\n```\n")
    return "\n" + "\n".join(parts) + "\n"

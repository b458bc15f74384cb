"""The documents' generated parts (run by cog through `make docs`): the CLI reference from the
CLI's own help, and the examples in README.md and docs/usage.md from real runs."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import tempfile
from functools import cache

import typer
from typer.testing import CliRunner

from referee.cli.main import app


def command_reference() -> str:
    group = typer.main.get_command(app)
    commands: dict = getattr(group, "commands", {})
    paths: list[list[str]] = [[]]
    for name in sorted(commands):  # a group's subcommands follow it (`check list`, `memory export`)
        paths += [[name], *([name, sub] for sub in getattr(commands[name], "commands", {}))]
    runner = CliRunner()
    parts = []
    for path in paths:
        args = [*path, "--help"]
        result = runner.invoke(app, args, env={"COLUMNS": "100", "TERMINAL_WIDTH": "100"}, prog_name="referee")
        title = " ".join(["referee", *path])
        parts.append(f"### `{title}`\n\n```\n{result.stdout.rstrip()}\n```\n")
    return "\n" + "\n".join(parts) + "\n"


@cache
def _scratch_config() -> str:
    """One config folder per documents run: `referee use` in an example lasts for the page's
    later examples, and the user's own remembered game neither leaks in nor is changed."""
    return tempfile.mkdtemp(prefix="referee-docs-")


def example(command: str, lines: int | None = None, stdin: str | None = None) -> str:
    """`$ referee ...` and what it printed (stdout and stderr, as a terminal shows them), fenced.

    The command runs in a process of its own against the default database, as a user would
    run it; `lines` keeps the first lines of a long output and says how many were cut."""
    args = shlex.split(command)
    assert args[0] == "referee", command
    # unbuffered and one pipe: stdout and stderr lines come in the order a terminal shows them
    env = {**os.environ, "COLUMNS": "100", "NO_COLOR": "1", "PYTHONUNBUFFERED": "1"}
    env["XDG_CONFIG_HOME"] = _scratch_config()
    env.pop("REFEREE_GAME", None)
    run = subprocess.run(
        [sys.executable, "-m", "referee.cli.main", *args[1:]],
        input=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    out = run.stdout.strip("\n").splitlines()  # a transient progress bar leaves an empty line
    if lines is not None and len(out) > lines:
        cut = len(out) - lines
        out = [*out[:lines], f"… ({cut} more line{'s' if cut > 1 else ''})"]
    status = f"\n(exit code {run.returncode})" if run.returncode else ""
    return "\n```console\n$ " + command + "\n" + "\n".join(out) + status + "\n```\n"

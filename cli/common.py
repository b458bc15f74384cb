"""What every command shares: options, JSON output, one-line errors."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from kb.errors import RefereeError
from kb.paths import DB_ENV, default_db_path

F = TypeVar("F", bound=Callable[..., Any])

DbOption = Annotated[
    Path | None,
    typer.Option("--db", help=f"Knowledge base file [env: {DB_ENV}; default: data/referee.db]", show_default=False),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON only.")]
GameOption = Annotated[str | None, typer.Option("--game", "-g", help="Game id or alias.")]


def db_path(value: Path | None) -> Path:
    return value if value is not None else default_db_path()


def friendly(func: F) -> F:
    """Turn a user mistake into one line on stderr and exit code 2 (no traceback)."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except RefereeError as exc:
            typer.echo(f"Error: {exc}", err=True)
            raise typer.Exit(2) from None

    return wrapper  # type: ignore[return-value]


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def print_json_line(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")


def breadcrumb(path: list[str], fallback: str = "(before the first heading)") -> str:
    """Where an entry sits in its book; text before the first heading has no path."""
    return " > ".join(path) or fallback

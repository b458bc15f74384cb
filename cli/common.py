"""What every command shares: options, JSON output, one-line errors."""

from __future__ import annotations

import errno
import functools
import json
import os
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from referee import settings, store  # store: its read side (sqlite_utils, numpy) loads on first use
from referee.errors import RefereeError
from referee.paths import DB_ENV, default_corpus_dir, default_db_path

# The search index and the rules are imported by the functions that use them: `referee --help`
# and `referee games` pay only for what they run.
if TYPE_CHECKING:
    from referee.indexer.search.bookvectors import IndexWork
    from referee.indexer.search.encoder import Encoders
    from referee.rules.checks import Check

F = TypeVar("F", bound=Callable[..., Any])

DbOption = Annotated[
    Path | None,
    typer.Option(
        "--db",
        help=f"Knowledge base file [env: {DB_ENV}; default: data/referee.db in a checkout, else the user data folder]",
        show_default=False,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON only.")]
GameOption = Annotated[str | None, typer.Option("--game", "-g", help="Game id, title or alias.")]
GameArgument = Annotated[
    str | None, typer.Argument(help="Game id, title or alias [default: the game of `referee use`].", show_default=False)
]


def db_path(value: Path | None) -> Path:
    return value if value is not None else default_db_path()


def friendly(func: F) -> F:
    """Turn a user mistake or a broken state into one line on stderr and exit code 2.

    The one error path: Referee's own errors, the database's (with SQLite's verdict on it),
    and the operating system's (a path that cannot be written, a full disk, a closed pipe)."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            result = func(*args, **kwargs)
            sys.stdout.flush()  # a full disk or a closed pipe shows here, not after exit
            return result
        except RefereeError as exc:
            _fail(str(exc))
        except sqlite3.Error as exc:
            _fail(store.explain_failure(exc))
        except BrokenPipeError:  # `referee search … | head -1`: the reader has all it wants
            _silence_stdout()
            raise typer.Exit(PIPE_CLOSED) from None
        except OSError as exc:
            _fail(describe_os_error(exc))

    return wrapper  # type: ignore[return-value]


PIPE_CLOSED = 128 + 13  # what a shell reports for a tool that SIGPIPE ended (`head`'s other side), said quietly


def describe_os_error(exc: OSError) -> str:
    where = f"{exc.filename}: " if exc.filename else ""
    if exc.errno == errno.ENOSPC:
        return f"{where or 'output: '}no space left on the device"
    if exc.errno == errno.EPIPE:
        return "output closed before it was all written"
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"{where}not writable or not readable ({exc.strerror}); check its permissions"
    return f"{where}{exc.strerror or exc}"


def _fail(message: str) -> None:
    _silence_stdout()
    typer.echo(f"Error: {' '.join(message.split())}", err=True)
    raise typer.Exit(2) from None


def _silence_stdout() -> None:
    """Output that could not be written must not fail again when Python flushes it at exit."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (tests capture it)
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def print_json_line(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")


def list_game_rows(
    game: str | None,
    db: Path | None,
    json_: bool,
    rows_of: Callable[[Any, str], list[dict[str, Any]]],
    line: Callable[[dict[str, Any]], str],
) -> None:
    """A listing of one game's rows (its sections, its terms): JSON, or one line a row."""
    database = store.open_db(db_path(db))
    rows = rows_of(database, required_game(database, game))
    if json_:
        print_json(rows)
        return
    for row in rows:
        typer.echo(line(row))


def breadcrumb(path: list[str], fallback: str = "(before the first heading)") -> str:
    """Where an entry sits in its book; text before the first heading has no path."""
    return " > ".join(path) or fallback


# ---------------------------------------------------------------- which game


def game_or_default(database: Any, game: str | None) -> str | None:
    """--game when given (an empty one is an error, not "no game"), else the remembered game
    (`referee use`, REFEREE_GAME), else None; always as the game's id."""

    if game is not None:
        return store.resolve_game(database, game)
    remembered, _ = settings.default_game()
    return store.resolve_game(database, remembered) if remembered else None


def required_game(database: Any, game: str | None) -> str:
    found = game_or_default(database, game)
    if found is None:
        raise RefereeError("which game? name it (GAME or --game) or remember one with `referee use GAME`")
    return found


def qualified_id(database: Any, item_id: str, game: str | None) -> str:
    """An entry or section id; one without its game (`2.01/7`) takes --game or the remembered game."""

    item_id = item_id.strip()
    if item_id.split("/", 1)[0] in {g["id"] for g in store.games(database)}:
        return item_id
    target = game_or_default(database, game)
    return f"{target}/{item_id}" if target else item_id


# ---------------------------------------------------------------- the search index


def progress_bar(label: str):
    # rich takes a tenth of a second to import: only commands that draw a bar pay for it
    from rich.console import Console
    from rich.progress import Progress

    progress = Progress(transient=True, console=Console(stderr=True))
    task = progress.add_task(label, total=None)

    def update(done: int, total: int) -> None:
        progress.update(task, completed=done, total=total)

    return progress, update


def encoders_of(ctx: typer.Context) -> Encoders:
    """The encoders `main` was given (the embedding model's unless a test gave cheaper ones)."""
    from referee.indexer.search.encoder import MODEL_ENCODERS, Encoders  # numpy: commands that embed

    return ctx.obj if isinstance(ctx.obj, Encoders) else MODEL_ENCODERS


def keep_index_books(path: Path) -> None:
    """Before a command changes the knowledge base (add, remove, build): an index of an older
    Referee, current but with no file per book, gets them from its own vectors (no embedding), so
    the index update after embeds only what changed (`referee.indexer.search.upgrade`)."""
    if not (path.exists() and (path.parent / f"{path.stem}.index").is_dir()):
        return  # no index: nothing to keep, and nothing of the index's is imported
    try:
        from referee.indexer.search.upgrade import keep_books  # numpy, faiss: only where an index exists

        keep_books(path, on_wait=lambda message: typer.echo(message, err=True))
    except Exception:  # only a saving: whatever fails here (no faiss, a full disk, a damaged index),
        return  # the command goes on, and its index update embeds as it did before


def fresh_index(path: Path, encoders: Encoders | None = None) -> None:
    """Rebuild the search index first when it is stale, with a progress bar (the model's encoders
    unless others are given)."""
    from referee.indexer.search.encoder import MODEL_ENCODERS  # the index (numpy): commands that search
    from referee.indexer.search.index import ensure_index, staleness

    if staleness(path) is None:
        return

    def say(message: str) -> None:
        typer.echo(message, err=True)

    def starting(reason: str, work: IndexWork) -> None:
        say(f"Updating the search index ({reason}): {work.describe()}.")

    progress, update = progress_bar("Embedding rules")
    with progress:
        ensure_index(path, progress=update, on_wait=say, on_start=starting, encoders=encoders or MODEL_ENCODERS)


def corpus_checks() -> dict[str, Check]:
    """The checks of the corpus in use (REFEREE_CORPUS, the checkout's, or the installed one),
    loaded once per command; a rule module that cannot be loaded is the user's one-line error."""
    from referee.rules.loading import load_rules  # the game's rule modules: commands that check

    return load_rules(default_corpus_dir()).checks

"""Referee at the table: `referee serve` (the web app in web/)."""

from __future__ import annotations

import ipaddress
import os
import socket
from typing import Annotated, Any

import typer

from referee import store
from referee.cli.common import DbOption, db_path, encoders_of, fresh_index, friendly
from referee.errors import RefereeError
from referee.paths import DB_ENV, corpus_dirs

app = typer.Typer()
WORKERS = 2  # two processes answer side by side; a table of 20 players is well within one (see docs/web.md)


@app.command()
@friendly
def serve(
    ctx: typer.Context,
    host: Annotated[
        str, typer.Option(help="Address to listen on; 0.0.0.0 lets the phones on your network in.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    workers: Annotated[
        int,
        typer.Option(
            min=1, max=16, help="Processes answering, each with its own copy of the index and model (about 0.4 GB)."
        ),
    ] = WORKERS,
    learn: Annotated[
        bool,
        typer.Option(
            "--learn",
            help="Keep the answer choices players tap in this machine's memory (as `referee ask --right`); "
            "off: a tap only shows that answer.",
        ),
    ] = False,
    db: DbOption = None,
) -> None:
    """Serve the rules to a browser: ask, read, settle, print sheets (read-only unless --learn).

    Sheets are made by a separate process in the background, never by the processes answering."""
    try:
        import uvicorn  # the [web] extra: only `referee serve` needs it

        from referee.web.app import LEARN_ENV, SHEETS_ENV, WORKERS_ENV, create_app
        from referee.web.backend import Settings
        from referee.web.connections import KEEP_ALIVE_SECONDS, TimedH11Protocol
    except ImportError as exc:
        missing = f"the web app needs its packages ({exc.name} is missing): pip install 'referee[web]'"
        raise RefereeError(missing) from None
    _check_port_free(host, port)  # before anything is read or rebuilt: the address is the user's to fix
    path = db_path(db)
    store.open_db(path)
    encoders = encoders_of(ctx)
    fresh_index(path, encoders)
    for line in _greeting(host, port, workers, learn):
        typer.echo(line, err=True)
    options: dict[str, Any] = {  # uvicorn.run's keywords, shared by both ways of starting it
        "host": host,
        "port": port,
        "log_level": "warning",
        "server_header": False,
        "http": TimedH11Protocol,  # a request must arrive within seconds; idle connections are closed
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
        "timeout_graceful_shutdown": 5,
    }
    if workers == 1:
        settings = Settings(path, corpus_dirs(), prepare_sheets=True, workers=1, learn=learn)
        uvicorn.run(create_app(settings, encoders=encoders), **options)
    else:  # each worker process builds its app from the environment
        os.environ.update({DB_ENV: str(path.resolve()), WORKERS_ENV: str(workers), SHEETS_ENV: "prepare"})
        os.environ[LEARN_ENV] = "1" if learn else "0"
        uvicorn.run("referee.web.app:create_app_from_environment", factory=True, workers=workers, **options)


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _greeting(host: str, port: int, workers: int, learn: bool = False) -> list[str]:
    from referee.indexer.memory.bank import local_file  # numpy: only `serve` pays for it

    processes = f"{workers} worker process{'es' if workers > 1 else ''}"
    how = f"{processes} answering, one request at a time each; sheets made in the background by their own process"
    kept = (
        [f"Learning: the answer choices players tap are kept in {local_file()} (`referee memory list`)"]
        if learn
        else []
    )
    if is_loopback(host):
        return [f"Referee at http://{host}:{port}/ (only this machine can open it; Ctrl+C stops)", how, *kept]
    shown = _local_address() if host in ("0.0.0.0", "::") else host
    writes = "it keeps the choices they tap (--learn)" if learn else "it is read-only"
    return [
        f"Warning: listening on {host}: anyone on this network can open Referee and read the rules"
        f" ({writes}; nothing else on this machine is served).",
        f"Referee at http://{shown}:{port}/ for the phones at the table (Ctrl+C stops)",
        how,
        *kept,
    ]


def _local_address() -> str:
    """This machine's address on its network, for the phones to type (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return probe.getsockname()[0]
        except OSError:
            return "THIS-MACHINE"


def _check_port_free(host: str, port: int) -> None:
    try:
        socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        why = exc.strerror if isinstance(exc, socket.gaierror) else "not a host name"
        raise RefereeError(f"--host {host!r}: not an address of this machine ({why})") from None
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as trial:
        trial.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            trial.bind((host, port))
        except OSError as exc:
            raise RefereeError(f"cannot listen on {host}:{port} ({exc.strerror}); try another --port") from None

"""Referee at the table: `referee serve` (the web app in web/)."""

from __future__ import annotations

import http.client
import importlib.util
import ipaddress
import os
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from referee import store
from referee.cli.common import DbOption, db_path, encoders_of, fresh_index, friendly
from referee.errors import RefereeError
from referee.paths import DB_ENV, corpus_dirs

app = typer.Typer()
BACKLOG = 2048  # uvicorn's: connections queued while the server starts
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
    started = time.monotonic()
    if any(importlib.util.find_spec(name) is None for name in ("uvicorn", "fastapi")):
        raise RefereeError("the web app needs its packages: pip install 'referee[web]'")
    # The port is open before anything heavy is imported, read or loaded: until a server process
    # of the app is up (it creates `ready`), a stand-in answers every request at once with a page
    # saying Referee is starting, which refreshes itself (web.starting); then each process says so
    # itself while its model loads (web.app.FollowKnowledgeBase). No request waits unanswered.
    from referee.web.starting import StartingServer  # the standard library only: listening costs nothing

    sock = _listen(host, port)
    ready = Path(tempfile.mkdtemp(prefix="referee-serve-")) / "ready"
    typer.echo("Starting Referee…", err=True)
    with StartingServer(sock, ready, started=started):
        try:
            _serve(ctx, sock, ready, (host, port), workers, learn, db, started)
        finally:
            sock.close()
            shutil.rmtree(ready.parent, ignore_errors=True)


def _serve(
    ctx: typer.Context,
    sock: socket.socket,
    ready: Path,
    address: tuple[str, int],
    workers: int,
    learn: bool,
    db: Any,
    started: float,
) -> None:
    """The app's imports, the knowledge base and its index, then uvicorn on `sock` (already listening)."""
    try:
        import uvicorn  # noqa: F401  the [web] extra, asked for here: only `referee serve` needs it

        from referee.web.app import LEARN_ENV, READY_ENV, SHEETS_ENV, WORKERS_ENV, create_app
        from referee.web.backend import Settings
        from referee.web.connections import KEEP_ALIVE_SECONDS, TimedH11Protocol
        from referee.web.starting import STARTED_ENV
    except ImportError as exc:
        missing = f"the web app needs its packages ({exc.name} is missing): pip install 'referee[web]'"
        raise RefereeError(missing) from None
    path = db_path(db)
    store.open_db(path)
    encoders = encoders_of(ctx)
    fresh_index(path, encoders)
    host, port = address  # as typed: the greeting names the host the user gave

    def greet() -> None:
        for line in _greeting(host, port, workers, learn):
            typer.echo(line, err=True)

    options: dict[str, Any] = {  # uvicorn's settings, shared by both ways of starting it
        "log_level": "warning",
        "server_header": False,
        "http": TimedH11Protocol,  # a request must arrive within seconds; idle connections are closed
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
        "timeout_graceful_shutdown": 5,
    }
    if workers == 1:
        settings = Settings(
            path,
            corpus_dirs(),
            prepare_sheets=True,
            workers=1,
            learn=learn,
            load_in_background=True,
            ready_file=ready,
            started_at=started,
        )
        run_uvicorn(create_app(settings, encoders=encoders), sock, options, greet)
    else:  # each worker process builds its app from the environment
        os.environ.update({DB_ENV: str(path.resolve()), WORKERS_ENV: str(workers), SHEETS_ENV: "prepare"})
        os.environ.update({LEARN_ENV: "1" if learn else "0", READY_ENV: str(ready), STARTED_ENV: repr(started)})
        options.update(factory=True, workers=workers)
        run_uvicorn("referee.web.app:create_app_from_environment", sock, options, greet)


def run_uvicorn(app: Any, sock: socket.socket, options: dict[str, Any], on_answering: Callable[[], None]) -> None:
    """uvicorn on a socket already listening (uvicorn.run would bind and listen only once the app
    had loaded): one process, or `workers` processes sharing the socket. `on_answering` is called
    once the server has answered a request of ours on it."""
    import uvicorn  # the [web] extra: only `referee serve` needs it
    from uvicorn.supervisors import Multiprocess

    host, port = sock.getsockname()[:2]
    probe = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
    threading.Thread(target=_when_answering, args=(probe, port, on_answering), daemon=True).start()
    config = uvicorn.Config(app, **options)
    try:
        if config.workers > 1:
            Multiprocess(config, sockets=[sock]).run()
        else:
            uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:  # Ctrl+C: stopped, as asked
        pass
    finally:
        sock.close()


ANSWERING_WAIT_SECONDS = 600.0  # the worker processes import and start; a loaded machine takes long


def _when_answering(host: str, port: int, then: Callable[[], None]) -> None:
    """Call `then` once the server answers (any status: a "starting" page is an answer)."""
    deadline = time.monotonic() + ANSWERING_WAIT_SECONDS
    while time.monotonic() < deadline:
        connection = http.client.HTTPConnection(host, port, timeout=ANSWERING_WAIT_SECONDS)
        try:
            connection.request("GET", "/api/status")
            connection.getresponse().read()
        except (OSError, http.client.HTTPException):
            time.sleep(0.2)  # not answering yet (or a connection dropped): look again
            continue
        finally:
            connection.close()
        then()
        return


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


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to host:port and listening; a host or port the user must fix is one error."""
    try:
        socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        why = exc.strerror if isinstance(exc, socket.gaierror) else "not a host name"
        raise RefereeError(f"--host {host!r}: not an address of this machine ({why})") from None
    family = socket.AF_INET6 if ":" in host else socket.AF_INET  # as uvicorn chooses
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does: a restart finds the port free
    try:
        sock.bind((host, port))
        sock.listen(BACKLOG)
    except OSError as exc:
        sock.close()
        raise RefereeError(f"cannot listen on {host}:{port} ({exc.strerror}); try another --port") from None
    sock.set_inheritable(True)  # the worker processes serve it
    return sock

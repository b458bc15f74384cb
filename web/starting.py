"""What answers on `referee serve`'s port while the real app is still being imported and loaded.

`referee serve` binds its socket first thing and hands it to a `StartingServer`: a thread with the
standard library only (no FastAPI, no model), so a phone that opens the address a second after the
command is typed gets a page saying Referee is starting, which refreshes itself, instead of
"connection refused" or a spinner. Every request gets a 503 with Retry-After (an /api/ path one
line of JSON). It stops accepting as soon as a server process of the real app says it is up (it
creates the `ready` file: `Backend.start`), and from then on the same socket is the app's.
"""

from __future__ import annotations

import html
import json
import select
import socket
import threading
import time
from pathlib import Path

RETRY_SECONDS = 2  # the page looks again this often (as the app's own "starting" page)
READ_SECONDS = 5.0  # a client that sends no request line within this is dropped
LOOK_SECONDS = 0.05  # how often the accepting thread looks for the ready file
MAX_HEAD = 8192  # bytes of a request read, at most: only its first line is used
CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'self'"  # the app's stylesheet, nothing else
# When `referee serve` began (time.monotonic: one clock for every process of the machine), so a
# server process counts its "so far" from where the stand-in did, not from 0 (phone review 5, task 17)
STARTED_ENV = "REFEREE_SERVE_STARTED"
STYLESHEET = Path(__file__).resolve().parent / "static" / "style.css"


def starting_words(seconds: float) -> str:
    return f"Referee is starting: loading the rules, the search index and the model ({round(seconds)} s so far)."


def starting_page(words: str) -> str:
    """The "starting" page: the stand-in's and, once a server process answers, the app's own (one
    page, so nothing on screen changes but the seconds until the app is ready)."""
    return STARTING_PAGE.format(refresh=RETRY_SECONDS, words=html.escape(words))


def starting_response(method: str, path: str, seconds: float, stylesheet: bytes = b"") -> bytes:
    """The whole HTTP response for one request while the app is not up yet (the app's stylesheet
    itself, when asked for and given: the page is styled as the app's)."""
    status = "503 Service Unavailable"
    if path == "/static/style.css" and stylesheet:
        status, body, kind = "200 OK", stylesheet, "text/css; charset=utf-8"
    elif path.startswith("/api/"):
        body, kind = json.dumps({"error": starting_words(seconds)}).encode(), "application/json"
    else:
        body, kind = starting_page(starting_words(seconds)).encode(), "text/html; charset=utf-8"
    head = (
        f"HTTP/1.1 {status}\r\n"
        f"Content-Type: {kind}\r\n"
        f"Content-Length: {len(body)}\r\n"
        f"Retry-After: {RETRY_SECONDS}\r\n"
        "Cache-Control: no-store\r\n"
        f"Content-Security-Policy: {CONTENT_SECURITY_POLICY}\r\n"
        "Connection: close\r\n\r\n"
    ).encode()
    return head if method == "HEAD" else head + body


STARTING_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta http-equiv="refresh" content="{refresh}">
<link rel="stylesheet" href="/static/style.css">
<title>Starting · Referee</title></head>
<body><main class="starting">
<h1>Referee</h1>
<p role="status"><strong>Starting…</strong> {words}</p>
<p class="muted">This page looks again every {refresh} s and opens as soon as Referee is ready.</p>
</main></body></html>
"""


class StartingServer:
    """`with StartingServer(sock, ready):` answers "starting" on `sock` until `ready` exists or the
    block ends. It accepts on a duplicate of the socket, so the real server's own stays open."""

    def __init__(self, sock: socket.socket, ready: Path, started: float | None = None) -> None:
        self._sock = sock.dup()
        self._sock.setblocking(False)  # another process may accept the connection first
        self.ready = ready
        self.started = time.monotonic() if started is None else started
        self.answered = 0  # requests answered (for the tests and the log)
        try:  # read once: the page is styled as the app's (a missing file leaves it plain)
            self._stylesheet = STYLESHEET.read_bytes()
        except OSError:
            self._stylesheet = b""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._accept, name="referee-starting", daemon=True)

    def __enter__(self) -> StartingServer:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join()

    @property
    def accepting(self) -> bool:
        return self._thread.is_alive()

    def _accept(self) -> None:
        try:
            while not self._stop.is_set() and not self.ready.exists():
                readable, _, _ = select.select([self._sock], [], [], LOOK_SECONDS)
                if not readable:
                    continue
                try:
                    connection, _ = self._sock.accept()
                except (BlockingIOError, InterruptedError):  # a server process took it first
                    continue
                except OSError:
                    return
                threading.Thread(target=self._answer, args=(connection,), daemon=True).start()
        finally:
            self._sock.close()  # the duplicate only: the real server's socket stays listening

    def _answer(self, connection: socket.socket) -> None:
        with connection:
            connection.setblocking(True)
            connection.settimeout(READ_SECONDS)
            try:
                head = b""
                while b"\r\n" not in head and len(head) < MAX_HEAD:
                    chunk = connection.recv(MAX_HEAD)
                    if not chunk:
                        return
                    head += chunk
                method, path = request_line(head)
                connection.sendall(starting_response(method, path, time.monotonic() - self.started, self._stylesheet))
                self.answered += 1
                connection.shutdown(socket.SHUT_WR)
            except OSError:  # the client left or sent nothing in time: nothing to answer
                return


def request_line(head: bytes) -> tuple[str, str]:
    """The method and path of a request's first line; anything unreadable is a GET of /."""
    parts = head.split(b"\r\n", 1)[0].decode("latin-1").split()
    if len(parts) < 2:
        return "GET", "/"
    return parts[0].upper(), parts[1].split("?", 1)[0]

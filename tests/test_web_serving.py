"""The web app under a table of players: seconds-long work (a sheet) in its own process while the
answers go on, HEAD everywhere, a dropped upload one line in the log, slow and idle connections
closed, and the games a user added served beside the shipped ones (sheet included).

Over a knowledge base of the shipped books and one added with `referee add`, searched with the
hash encoder (the model is not what is tested here)."""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from support.encoders import hash_encoders
from support.served import ServedApp, free_port
from typer.testing import CliRunner

from referee.cli.main import app as cli
from referee.indexer.search.encoder import Encoder, Encoders
from referee.indexer.search.index import build_index
from referee.web.app import create_app
from referee.web.backend import CHANGE_SECONDS, Backend, Settings
from referee.web.connections import TimedH11Protocol
from referee.web.sheets import SheetKey, SheetMaker, estimate
from referee.web.starting import RETRY_SECONDS, StartingServer, request_line, starting_response

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
TESTS = Path(__file__).resolve().parent
BOOK = TESTS / "books" / "lantern-keepers.md"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory):
    """The shipped books and a user's added game, built, indexed (hash encoder) and served."""
    tmp = tmp_path_factory.mktemp("serving")
    db, added = tmp / "referee.db", tmp / "games"
    result = CliRunner().invoke(
        cli,
        ["add", str(BOOK), "--db", str(db), "--no-index", "--json"],
        env={"REFEREE_USER_CORPUS": str(added)},
    )
    assert result.exit_code == 0, result.output
    game = json.loads(result.stdout)["game"]
    build_index(db, encoders=hash_encoders())
    app = create_app(Settings(db, [CORPUS, added]), encoders=hash_encoders())

    class Quick(TimedH11Protocol):
        request_seconds = 1.0  # a test waits a second, not ten

    with ServedApp(app, http=Quick) as url:
        yield url, game, db


def test_head_is_answered_as_get_without_a_body(served) -> None:
    url, game, _ = served
    for path in ("/", "/api/games", "/settle", f"/{game}", "/api/ask?q=light&game=" + game, "/static/style.css"):
        got, head = httpx.get(url + path), httpx.head(url + path)
        assert head.status_code == got.status_code == 200, path
        assert head.content == b"" and head.headers["content-type"] == got.headers["content-type"], path


@pytest.mark.slow  # lays a sheet out with WeasyPrint, in a process of its own
def test_a_game_the_user_added_is_served_with_its_contents_answers_and_sheet(served) -> None:
    url, game, _ = served
    assert game in {g["id"] for g in httpx.get(url + "/api/games").json()}
    assert httpx.get(url + f"/{game}").status_code == 200
    answer = httpx.get(url + "/api/ask", params={"q": "How does the lantern work?", "game": game}).json()
    assert answer["game"] == game
    sheet = httpx.get(url + f"/sheets/{game}.html", timeout=300)
    assert sheet.status_code == 200 and '<meta name="viewport"' in sheet.text
    assert httpx.get(url + f"/sheets/{game}", timeout=300).status_code == 200


@pytest.mark.slow  # lays a sheet out with WeasyPrint, in a process of its own
def test_a_sheet_is_made_in_its_own_process_while_questions_are_answered(served) -> None:
    url, _, _ = served
    made: dict[str, httpx.Response] = {}
    thread = threading.Thread(target=lambda: made.update(pdf=httpx.get(url + "/sheets/ta-ke.pdf", timeout=300)))
    thread.start()
    deadline = time.monotonic() + 60
    while httpx.get(url + "/api/status").json()["sheets"]["ta-ke"] != "making":
        assert time.monotonic() < deadline and thread.is_alive(), "the sheet never started"
        time.sleep(0.05)
    answered = httpx.get(url + "/api/ask", params={"q": "How do I score?", "game": "ta-ke"})
    status = httpx.get(url + "/api/status").json()
    assert answered.status_code == 200
    assert status["sheets"]["ta-ke"] == "making"  # answered while the sheet was still being made
    thread.join()
    assert made["pdf"].status_code == 200 and made["pdf"].content.startswith(b"%PDF")
    assert httpx.get(url + "/api/status").json()["sheets"]["ta-ke"] == "ready"


@pytest.mark.slow  # lays a sheet out with WeasyPrint, in a process of its own
def test_the_sheets_made_are_kept_beside_the_knowledge_base(served) -> None:
    url, _, db = served
    assert httpx.get(url + "/sheets/ta-ke.pdf", timeout=300).status_code == 200
    kept = list(db.parent.glob("referee.sheets/*/ta-ke.pdf"))
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b"%PDF")


def _connect(url: str) -> socket.socket:
    host, port = url.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=5)


def test_a_dropped_upload_is_one_line_in_the_log(served, caplog: pytest.LogCaptureFixture) -> None:
    url, _, _ = served
    with caplog.at_level(logging.INFO):
        with _connect(url) as client:
            client.sendall(
                b"POST /api/state HTTP/1.1\r\nHost: x\r\nContent-Type: application/yaml\r\n"
                b"Content-Length: 4000\r\n\r\ngame: takkure\n"
            )
            time.sleep(0.3)
        time.sleep(0.5)  # the server notices the close
        assert httpx.get(url + "/api/games").status_code == 200  # and goes on serving
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert errors == []
    left = [r.getMessage() for r in caplog.records if "left before its request was read" in r.getMessage()]
    assert len(left) == 1 and "POST /api/state" in left[0]


def test_slow_and_idle_connections_are_closed(served, caplog: pytest.LogCaptureFixture) -> None:
    url, _, _ = served
    with caplog.at_level(logging.WARNING), _connect(url) as slow, _connect(url) as idle:
        slow.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")  # the head never ends
        time.sleep(2.0)  # past the (test's) one second
        assert slow.recv(100) == b"" and idle.recv(100) == b""  # both closed by the server
    assert any("did not arrive in 1 s" in r.getMessage() for r in caplog.records)


def test_status_says_how_the_server_answers(served) -> None:
    url, game, _ = served
    status = httpx.get(url + "/api/status").json()
    assert status["workers"] == 1 and status["answering_threads"] == 1
    assert {"ta-ke", "takkure", "tacocat", "tacocat.en", game} <= set(status["sheets"])


# ---------------------------------------------------------------- the first minutes (docs/records/2026-12-02-first-minutes.md)


def test_an_address_too_long_gets_the_apps_styled_error_page(served) -> None:
    url, _, _ = served
    page = httpx.get(url + "/?q=" + "a" * 20_000)
    assert page.status_code == 414 and page.headers["content-type"].startswith("text/html")
    assert '<link rel="stylesheet" href="/static/style.css">' in page.text
    assert re.search(r'class="error"[^>]*><strong>414</strong> the address is too long', page.text)
    assert "aaaa" not in page.text  # the refused address is not echoed back
    api = httpx.get(url + "/api/ask?q=" + "a" * 20_000)
    assert api.status_code == 414 and "too long" in api.json()["error"]


@pytest.mark.parametrize(
    ("q", "words"),
    [("", "the question is empty: type a question"), ("   ", "the question is empty: type a question"),
     ("x" * 501, "the question is 501 characters long (at most 500)")],
)  # fmt: skip
def test_an_empty_or_too_long_question_gets_one_line_saying_what_to_do(served, q: str, words: str) -> None:
    url, _, _ = served
    page = httpx.get(url + "/", params={"q": q})
    assert page.status_code == 400
    assert re.search(r'<p class="error" role="alert">' + re.escape(words), page.text)
    assert 'maxlength="500"' in page.text and 'data-full-note="q"' in page.text  # the box says when it cut a paste


def test_the_ask_page_opened_without_a_question_has_no_message(served) -> None:
    url, _, _ = served
    page = httpx.get(url + "/")
    assert page.status_code == 200 and 'class="error"' not in page.text


def _gated_encoders(gate: threading.Event) -> Encoders:
    """The hash encoder, its query side handed over only once `gate` is set: a model still loading."""
    plain = hash_encoders()

    def queries(model: str) -> Encoder:
        assert gate.wait(60), "the test never let the model load"
        return plain.queries(model)

    return Encoders(passages=plain.passages, queries=queries)


def test_pages_say_starting_while_the_knowledge_base_loads_and_refresh_themselves(served) -> None:
    _, game, db = served
    gate = threading.Event()
    settings = Settings(db, [CORPUS, db.parent / "games"], load_in_background=True)
    with TestClient(create_app(settings, encoders=_gated_encoders(gate)), raise_server_exceptions=False) as client:
        page = client.get("/")
        assert page.status_code == 503 and page.headers["retry-after"].isdigit()
        assert '<meta http-equiv="refresh" content="2">' in page.text
        assert "Referee is starting" in page.text and '<link rel="stylesheet"' in page.text
        assert 'class="starting"' in page.text and 'class="error"' not in page.text  # the stand-in's page, not an error
        assert client.get("/api/games").json()["error"].startswith("Referee is starting")
        assert client.get("/static/style.css").status_code == 200  # the page's style is served meanwhile
        gate.set()
        deadline = time.monotonic() + 60
        while (answered := client.get("/api/games")).status_code == 503:
            assert time.monotonic() < deadline, "never ready"
            time.sleep(0.05)
        assert answered.status_code == 200 and game in {g["id"] for g in answered.json()}


def test_a_server_process_counts_its_starting_seconds_from_when_serve_began(served) -> None:
    # phone review 5, task 17: the stand-in said "9 s so far", then the app's page "0 s so far"
    _, _, db = served
    backend = Backend(Settings(db, [CORPUS], load_in_background=True, started_at=time.monotonic() - 30))
    waiting = backend.starting()  # not loaded: what its pages say
    assert waiting is not None and re.search(r"\(3\d s so far\)", waiting)
    assert "(0 s so far)" in (Backend(Settings(db, [CORPUS], load_in_background=True)).starting() or "")


def _get(port: int, path: str, method: str = "GET") -> httpx.Response:
    return httpx.request(method, f"http://127.0.0.1:{port}{path}", timeout=30)


def test_the_port_answers_starting_at_once_until_a_server_process_is_up(tmp_path: Path) -> None:
    port = free_port()
    sock = socket.create_server(("127.0.0.1", port))
    ready = tmp_path / "ready"
    with sock, StartingServer(sock, ready) as stand_in:
        page = _get(port, "/takkure/2.01?x=1")
        assert page.status_code == 503 and page.headers["retry-after"] == str(RETRY_SECONDS)
        assert f'<meta http-equiv="refresh" content="{RETRY_SECONDS}">' in page.text and "Starting…" in page.text
        assert "script" not in page.text
        assert page.headers["content-security-policy"] == "default-src 'none'; style-src 'self'"
        # styled as the app's (phone review 5, task 17: an unstyled page, then the app's red "503" box)
        assert '<link rel="stylesheet" href="/static/style.css">' in page.text and 'class="starting"' in page.text
        style = _get(port, "/static/style.css")
        assert style.status_code == 200 and style.headers["content-type"].startswith("text/css")
        status = _get(port, "/api/status")  # health and JSON: one line saying why
        assert status.status_code == 503 and status.headers["content-type"] == "application/json"
        assert list(status.json()) == ["error"] and "\n" not in status.json()["error"]
        assert status.json()["error"].startswith("Referee is starting")
        head = _get(port, "/", "HEAD")
        assert head.status_code == 503 and head.content == b""
        assert _get(port, "/", "POST").status_code == 503
        assert stand_in.answered == 5
        ready.touch()  # a server process of the app is up: the port is its own from now
        deadline = time.monotonic() + 30
        while stand_in.accepting:
            assert time.monotonic() < deadline, "the stand-in never stopped"
            time.sleep(0.01)
        with socket.create_connection(("127.0.0.1", port), timeout=5):  # the socket still listens, for the app
            sock.settimeout(5)
            accepted, _ = sock.accept()
            accepted.close()
        assert stand_in.answered == 5


def test_an_unreadable_request_line_is_answered_as_the_page() -> None:
    assert request_line(b"") == ("GET", "/")
    assert request_line(b"head /api/games?x=1 HTTP/1.1\r\nHost: x\r\n") == ("HEAD", "/api/games")
    assert starting_response("HEAD", "/", 3).endswith(b"\r\n\r\n")
    assert b'"error"' in starting_response("GET", "/api/ask", 3)


@pytest.mark.slow  # starts `referee serve` in a process of its own
@pytest.mark.parametrize("workers", ["1", "2"])
def test_the_first_request_after_the_printed_address_is_answered(served, tmp_path: Path, workers: str) -> None:
    _, _, db = served
    port = free_port()
    env = {**os.environ, "REFEREE_USER_CORPUS": str(db.parent / "games"), "PYTHONPATH": str(TESTS)}
    command = [sys.executable, str(TESTS / "hostile_cli.py"), "serve", "--port", str(port), "--workers", workers]
    server = subprocess.Popen([*command, "--db", str(db)], env=env, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        assert server.stderr is not None
        for line in server.stderr:
            if line.startswith("Referee at"):
                break
        else:
            pytest.fail("serve stopped without printing its address")
        first = httpx.get(f"http://127.0.0.1:{port}/", timeout=60)  # refused before: the address came first
        assert first.status_code in (200, 503), first.text
        deadline = time.monotonic() + 120
        # every answer meanwhile is the page or "starting" with when to look again, from the stand-in
        # or from a server process loading its model, and never an error
        while (games := httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=60)).status_code != 200:
            assert games.status_code == 503 and games.headers["retry-after"].isdigit(), games.text
            assert games.json()["error"].startswith("Referee is starting")
            assert time.monotonic() < deadline and server.poll() is None, "never ready"
            time.sleep(0.2)
        assert httpx.get(f"http://127.0.0.1:{port}/takkure", timeout=60).status_code == 200
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.mark.slow  # builds the whole corpus, then adds a game to it
def test_a_game_added_while_serving_is_served_once_its_index_is_built(tmp_path: Path) -> None:
    db, added = tmp_path / "referee.db", tmp_path / "games"
    assert CliRunner().invoke(cli, ["build", "--db", str(db)]).exit_code == 0
    build_index(db, encoders=hash_encoders())
    with ServedApp(create_app(Settings(db, [CORPUS, added]), encoders=hash_encoders())) as url:
        before = {g["id"] for g in httpx.get(url + "/api/games").json()}
        result = CliRunner().invoke(
            cli, ["add", str(BOOK), "--db", str(db), "--no-index", "--json"], env={"REFEREE_USER_CORPUS": str(added)}
        )
        assert result.exit_code == 0, result.output
        game = json.loads(result.stdout)["game"]
        assert game not in before
        time.sleep(CHANGE_SECONDS + 0.5)  # the database is swapped in, its index not yet built: the old is served
        games = httpx.get(url + "/api/games")
        assert games.status_code == 200 and {g["id"] for g in games.json()} == before
        build_index(db, encoders=hash_encoders())
        deadline = time.monotonic() + 30
        while game not in {g["id"] for g in httpx.get(url + "/api/games").json()}:
            assert time.monotonic() < deadline, "the added game was never served"
            time.sleep(0.2)
        answer = httpx.get(url + "/api/ask", params={"q": "How does the lantern work?", "game": game})
        assert answer.status_code == 200 and answer.json()["game"] == game
        assert httpx.get(url + f"/{game}").status_code == 200
        assert game in httpx.get(url + "/api/status").json()["sheets"]  # its sheet is offered too


def test_sheet_progress_is_the_same_from_every_server_process_and_paced_on_the_sheets_made(served, tmp_path) -> None:
    _, game, db = served
    copy = tmp_path / "referee.db"  # its own sheet folder: the module's server keeps its own
    shutil.copy(db, copy)
    keys, asked = [SheetKey("ta-ke"), SheetKey("takkure"), SheetKey(game)], SheetKey(game)
    one, other = (SheetMaker(copy, [CORPUS, db.parent / "games"], keys) for _ in range(2))  # two server processes
    assert one.folder is not None and one.folder == other.folder
    start = one.progress(asked)
    assert (start["ready"], start["total"], start["pace"], start["estimate"]) == (0, 3, None, None)
    # the other process made two sheets (40 s and 20 s); this one was asked for 10 s ago
    for stem, seconds in (("ta-ke", 40), ("takkure", 20)):
        (other.folder / f"{stem}.json").write_text(json.dumps({"kept": 9, "left_out": 0, "seconds": seconds}))
    (other.folder / f".{asked.stem}.asked").write_text(repr(time.time() - 10))
    seen = [one.progress(asked), other.progress(asked)]
    for progress in seen:
        assert progress["ready"] == 2 and progress["sheets"]["ta-ke"] == "ready"  # the bar moves in both
        assert progress["pace"] == 30.0 and 9 <= progress["seconds"] <= 11
        assert 19 <= progress["estimate"] <= 21
    (other.folder / f".{asked.stem}.asked").write_text(repr(time.time() - 45))  # slower than the pace
    assert one.progress(asked)["estimate"] is None  # said as "taking longer", never a time it cannot keep


def test_an_estimate_counts_the_sheets_ahead_and_is_none_without_a_pace() -> None:
    assert estimate(30.0, 0, 10) == 20 and estimate(30.0, 2, 10) == 80
    assert estimate(None, 0, 0) is None and estimate(30.0, 0, 30) is None

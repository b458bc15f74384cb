"""The web app under a table of players: seconds-long work (a sheet) in its own process while the
answers go on, HEAD everywhere, a dropped upload one line in the log, slow and idle connections
closed, and the games a user added served beside the shipped ones (sheet included).

Over a knowledge base of the shipped books and one added with `referee add`, searched with the
hash encoder (the model is not what is tested here)."""

from __future__ import annotations

import json
import logging
import socket
import threading
import time
from pathlib import Path

import httpx
import pytest
from support.encoders import hash_encoders
from support.served import ServedApp
from typer.testing import CliRunner

from referee.cli.main import app as cli
from referee.indexer.search.index import build_index
from referee.web.app import create_app
from referee.web.backend import Settings
from referee.web.connections import TimedH11Protocol

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
BOOK = Path(__file__).resolve().parent / "books" / "lantern-keepers.md"


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

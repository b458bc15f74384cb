"""One tap to the answer, kept: `referee serve --learn` keeps a choice a player taps in this
machine's memory (the data folder's memory.jsonl, as `referee ask --right` does); without --learn a
tap keeps nothing and the page says so. Every test here has its own data folder (tmp_path)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.served import question_with_choices

from referee.indexer.memory.bank import local_file, read_items

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


@pytest.fixture(scope="module")
def learning(indexed_db: Path, searcher):
    """The web app as `referee serve --learn` runs it."""
    from fastapi.testclient import TestClient

    from referee.web.app import create_app
    from referee.web.backend import Settings

    app = create_app(Settings(indexed_db, CORPUS, learn=True), encoder=searcher.encoder)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


@pytest.fixture
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert local_file().is_relative_to(tmp_path)
    return local_file()


def with_choices(client) -> tuple[str, str, dict]:
    found = question_with_choices(lambda q, game: client.get("/api/ask", params={"q": q, "game": game}).json())
    if found is None:
        pytest.fail("no dev question offers choices: nothing to tap")
    return found


def one_line_error(response, status: int) -> str:
    assert response.status_code == status, response.text[:300]
    message = response.json()["error"]
    assert message and "\n" not in message and "Traceback" not in response.text
    return message


def test_a_tapped_choice_is_kept_with_learn(learning, data_folder: Path) -> None:
    q, game, answer = with_choices(learning)
    choice = answer["choices"][-1]
    assert not data_folder.exists()
    page = learning.get("/", params={"q": q, "game": game})
    assert page.text.count('hx-post="/learn"') == len(answer["choices"])  # each choice button keeps its tap
    assert "learns nothing" not in page.text and "--learn" in page.text
    kept = learning.post("/api/learn", json={"q": q, "game": game, "choice": choice["id"]})
    assert kept.status_code == 200, kept.text
    items = read_items(data_folder)
    assert [(i.q, i.entry, i.kind) for i in items] == [(q, choice["id"], "answerable")]
    assert items[0].gold[0] == choice["quote"]  # the server's quote of the passage it offered
    assert kept.json()["kept"] == items[0].to_json()

    again = learning.post("/learn", data={"q": q, "game": game, "choice": choice["id"]}, headers={"hx-request": "1"})
    assert again.status_code == 200 and 'id="learned"' in again.text and choice["id"] in again.text
    assert len(read_items(data_folder)) == 1  # the same tap twice is one line

    after = learning.get("/api/ask", params={"q": q, "game": game}).json()
    assert after["answer"][0]["id"] == choice["id"]  # asked again here: the tapped passage is the answer


def test_without_learn_a_tap_keeps_nothing_and_the_page_says_so(web, data_folder: Path) -> None:
    q, game, answer = with_choices(web)
    choice = answer["choices"][0]["id"]
    message = one_line_error(web.post("/api/learn", json={"q": q, "game": game, "choice": choice}), 403)
    assert "--learn" in message
    refused = web.post("/learn", data={"q": q, "game": game, "choice": choice}, headers={"hx-request": "1"})
    assert refused.status_code == 403 and 'id="flash"' in refused.text
    assert not data_folder.exists()
    page = web.get("/", params={"q": q, "game": game})
    assert "hx-post" not in page.text and "learns nothing" in page.text
    assert page.text.count('class="button choice"') == len(answer["choices"])  # the tap still shows the answer
    assert "This server only reads." in page.text


def test_a_bad_tap_is_a_one_line_4xx_and_keeps_nothing(learning, data_folder: Path) -> None:
    q, game, answer = with_choices(learning)
    not_shown = "takkure/9.99/99"
    assert "not among" in one_line_error(
        learning.post("/api/learn", json={"q": q, "game": game, "choice": not_shown}), 400
    )
    assert "q" in one_line_error(learning.post("/api/learn", json={"choice": answer["choices"][0]["id"]}), 400)
    assert one_line_error(
        learning.post("/api/learn", content=b"{not json", headers={"content-type": "application/json"}), 400
    )
    long = {"q": "x" * 501, "game": game, "choice": answer["choices"][0]["id"]}
    assert "q" in one_line_error(learning.post("/api/learn", json=long), 400)
    form = learning.post("/learn", data={"q": q}, headers={"hx-request": "1"})
    assert form.status_code == 400 and "choice" in form.text
    # another site's page may not make a player's browser keep a choice here (CSRF)
    tapped = {"q": q, "game": game, "choice": answer["choices"][0]["id"]}
    assert "another site" in one_line_error(
        learning.post("/api/learn", json=tapped, headers={"origin": "http://evil.example"}), 403
    )
    cross = learning.post("/learn", data=tapped, headers={"sec-fetch-site": "cross-site", "hx-request": "1"})
    assert cross.status_code == 403
    assert not data_folder.exists()
    same = learning.post(
        "/api/learn", json=tapped, headers={"origin": "http://testserver", "sec-fetch-site": "same-origin"}
    )
    assert same.status_code == 200 and len(read_items(data_folder)) == 1


def test_a_post_from_another_sites_page_is_refused_before_the_app() -> None:
    """The guard alone (no model): another site's page may not post; this server's pages, and
    scripts that say nothing of where they come from, may; reading is never refused."""
    from fastapi import FastAPI
    from fastapi.testclient import TestClient

    from referee.web.limits import LimitRequests

    app = FastAPI()
    app.add_middleware(LimitRequests)
    reached: list[str] = []

    @app.api_route("/api/learn", methods=["GET", "POST"])
    async def learn() -> dict:
        reached.append("learn")
        return {"ok": True}

    client = TestClient(app)
    cases = [
        ({"origin": "http://evil.example"}, "POST", 403),
        ({"origin": "null"}, "POST", 403),
        ({"sec-fetch-site": "cross-site"}, "POST", 403),
        ({"sec-fetch-site": "same-site", "origin": "http://testserver"}, "POST", 403),
        ({"origin": "http://testserver", "sec-fetch-site": "same-origin"}, "POST", 200),
        ({}, "POST", 200),
        ({"origin": "http://evil.example", "sec-fetch-site": "cross-site"}, "GET", 200),
    ]
    for headers, method, status in cases:
        response = client.request(method, "/api/learn", headers=headers)
        assert response.status_code == status, (headers, method, response.text)
        if status == 403:
            assert "another site" in one_line_error(response, 403)
    assert len(reached) == 3


def test_serve_says_whether_it_learns_and_where_it_keeps_what_it_learns() -> None:
    from referee.cli.serve_commands import _greeting

    quiet = " ".join(_greeting("0.0.0.0", 8000, 2))
    assert "read-only" in quiet and "Learning" not in quiet
    learning = " ".join(_greeting("0.0.0.0", 8000, 2, learn=True))
    assert "read-only" not in learning and str(local_file()) in learning  # the test's data folder, not ~
    assert str(local_file()) in " ".join(_greeting("127.0.0.1", 8000, 1, learn=True))

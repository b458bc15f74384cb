"""Hostile states and documents (issue 27): each row one line on stderr and exit 2, never a traceback.

What a state, a situation or a question file may not hold (a NUL, a control character, a key
twice, a number like 10^400), what a state may not claim (two pieces under one id, a pass to
oneself, a position between a grid's intersections), and the examples a corpus ships (one that
is not UTF-8, one that links out of its game's folder): in process, fast.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_states import BASE as TAKKURE  # a pass from #7 to #9
from typer.testing import CliRunner

from referee.cli.main import app
from referee.errors import RefereeError
from referee.states.examples import example_state, example_states
from referee.validation.documents import load_document, load_json, load_toml

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


RUGBY = """game: rugby-world
attack: +y
pieces:
  "9": {team: attack, at: [10, 30], p: 3}
  "10": {team: attack, at: [13, 29], p: 4}
ball: "9"
action: "#9 passes to #10"
"""

TACOCAT = "game: tacocat\ncat: 0\nhands: {me: [2, 5, 9, 11], opponent: [3, 4, 8, 12]}\naction: duel 9 against 4\n"

STATES = [
    ("a NUL in a state", TAKKURE.replace("attack: +y", "attack: +y\0"), "line 2, column 11: a NUL character"),
    ("a bell in a state", TAKKURE.replace("#7 passes", "#7\x07 passes"), "line 7, column 12: a control character (U+0007)"),
    ("a NUL written as an escape", TAKKURE.replace('ball: "7"', 'ball: "7\\0"'), "line 6, column 7: a NUL"),
    ("10^400 in a position", TAKKURE.replace("[-5, 0]", "[1" + "0" * 400 + ", 0]"), "out of range"),
    ("1e400 in a position", TAKKURE.replace("[-5, 0]", "[1e400, 0]"), "line 5, column 28: the number 1e400"),
    ("10^400 as the ball", TAKKURE.replace('ball: "7"', "ball: [1" + "0" * 400 + ", 0]"), "out of range"),
    ("10^400 on Rugby World's grid", RUGBY.replace("[13, 29]", "[13, 1" + "0" * 400 + "]"), "out of range"),
    ("a piece twice under one key", TAKKURE.replace('  "9": {', '  "7": {'), "the key '7' is given twice"),
    ("'#7' and '7'", TAKKURE.replace('  "9": {', '  "#7": {'),
     "#7 is given twice"),
    ("7 and '7'", TAKKURE.replace('  "9": {', "  7: {"), "the key '7' is given twice"),
    ("a pass to oneself", TAKKURE.replace("#7 passes to #9", "#7 passes to #7"), "names #7 twice"),
    ("a Rugby World pass to oneself", RUGBY.replace("passes to #10", "passes to #9"), "names #9 twice"),
    ("an off-grid position", RUGBY.replace("[13, 29]", "[12.5, 29]"), "x = 12.5 is between intersections"),
    ("an off-grid ball", RUGBY.replace('ball: "9"', "ball: [10, 29.5]"), "y = 29.5 is between intersections"),
    ("Tacocat covered: a number", TACOCAT.replace("cat: 0", "cat: 0\ncovered: 3"), "covered: expected a list"),
    ("Tacocat attack without by", TACOCAT.replace("cat: 0", "cat: 0\nattack: {cards: [5]}"), "attack: missing 'by'"),
    ("a kicker: 'no'", RUGBY.replace("p: 3}", "p: 3, kicker: 'no'}"), "kicker: expected true or false"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "text", "message"), STATES, ids=[s[0] for s in STATES])
def test_a_lying_or_broken_state_is_one_line_exit_2(tmp_path: Path, name: str, text: str, message: str) -> None:
    path = tmp_path / "state.yaml"
    path.write_bytes(text.encode("utf-8"))
    for args, stdin in (([str(path)], None), (["-"], text)):
        result = runner.invoke(app, ["check", *args], input=stdin)
        assert result.exit_code == 2, (name, result.output[-500:])
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and message in lines[0] and len(lines[0]) < 400, (name, result.stderr[-500:])


def test_the_unbroken_states_still_settle() -> None:
    for text in (TAKKURE, RUGBY, TACOCAT):
        result = runner.invoke(app, ["check", "-"], input=text)
        assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"game": "a", "game": "b"}', "the key 'game' is given twice"),
        ('{"x": NaN}', "NaN is not a number JSON allows"),
        ('{"x": 1' + "0" * 400 + "}", "out of range"),
        ('{"x": "a\\u0000"}', "a NUL character"),
        ('{"x": ', "line 1, column 7: not JSON"),
    ],
)
def test_a_question_file_line_is_read_by_the_guard(text: str, message: str) -> None:
    with pytest.raises(RefereeError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_json(text, "questions.jsonl:1")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('a = "x"\na = "y"\n', "invalid TOML"),
        ("[parse]\nweight = 1e400\n", "line 2: parse.weight is inf"),
        ('title = "a\\u0007"\n', "line 1: title holds a control character"),
    ],
)
def test_game_toml_is_read_by_the_guard(text: str, message: str) -> None:
    with pytest.raises(RefereeError, match=message):
        load_toml(text, "game.toml")


def test_the_guard_reads_json_as_json() -> None:
    assert load_document('{"p": 1e5, "q": [1, 2.5], "when": 2026-12-01}', "x") == {
        "p": 100000.0,
        "q": [1, 2.5],
        "when": "2026-12-01",
    }


# ---------------------------------------------------------------- the examples a corpus ships


def _corpus(tmp_path: Path) -> Path:
    corpus = tmp_path / "corpus"
    for game in ("tacocat", "takkure"):
        (corpus / game / "states").mkdir(parents=True)
        for path in sorted((ROOT / "corpus" / game / "states").glob("*.yaml"))[:2]:
            (corpus / game / "states" / path.name).write_bytes(path.read_bytes())
    return corpus


def test_an_example_linking_out_of_its_folder_is_never_read(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path)
    secret = tmp_path / "passwd"
    secret.write_text("root:x:0:0:root:/root:/bin/bash\n")
    (corpus / "takkure" / "states" / "leak.yaml").symlink_to(secret)
    names = [(e["game"], e["name"]) for e in example_states(corpus)]
    assert ("takkure", "leak") not in names and len(names) == 4
    assert all("root:x" not in e["text"] for e in example_states(corpus))
    with pytest.raises(RefereeError, match="not a link out of it"):
        example_state(corpus, "takkure", "leak")


def test_an_example_that_is_not_utf8_hides_no_other(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path)
    (corpus / "tacocat" / "states" / "latin1.yaml").write_bytes(b"game: tacocat\n# caf\xe9\n")
    names = [(e["game"], e["name"]) for e in example_states(corpus)]
    assert ("tacocat", "latin1") not in names and len(names) == 4
    with pytest.raises(RefereeError, match="not UTF-8"):
        example_state(corpus, "tacocat", "latin1")


# ---------------------------------------------------------------- the same through the web


@pytest.fixture(scope="module")
def small_web(tmp_path_factory: pytest.TempPathFactory):
    """The web app over two small books and a corpus whose examples include a link out and a file
    that is not UTF-8 (a cheap encoder: what is under test is the reading, not the search)."""
    import shutil

    from fastapi.testclient import TestClient
    from support.encoders import hash_encoders

    from referee.books.gameconf import discover_games
    from referee.indexer.search.index import build_index
    from referee.store.build import build_knowledge_base
    from referee.web.app import create_app
    from referee.web.backend import Settings

    folder = tmp_path_factory.mktemp("web")
    for game in ("tacocat", "takkure"):
        shutil.copytree(ROOT / "corpus" / game, folder / "corpus" / game)
    db = folder / "kb" / "referee.db"
    build_knowledge_base(db, discover_games(folder / "corpus"))
    build_index(db, encoders=hash_encoders())
    (folder / "secret").write_text("root:x:0:0:root:/root:/bin/bash\n")
    (folder / "corpus" / "takkure" / "states" / "aaa-leak.yaml").symlink_to(folder / "secret")
    (folder / "corpus" / "tacocat" / "states" / "aaa-latin1.yaml").write_bytes(b"game: tacocat\n# caf\xe9\n")
    app = create_app(Settings(db, folder / "corpus"), encoders=hash_encoders())
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


def _one_line_400(response) -> str:
    assert response.status_code == 400, (response.status_code, response.text[:300])
    message = response.json()["error"] if "json" in response.headers["content-type"] else response.text
    assert "Traceback" not in message
    return message


@pytest.mark.parametrize(("name", "text", "message"), STATES[:11], ids=[s[0] for s in STATES[:11]])
def test_api_state_refuses_what_the_cli_refuses(small_web, name: str, text: str, message: str) -> None:
    response = small_web.post("/api/state", content=text.encode("utf-8"), headers={"content-type": "text/yaml"})
    assert message in _one_line_400(response)


def test_api_check_refuses_a_key_twice(small_web) -> None:
    body = '{"check": "pass-direction", "facts": {"passer": [0, 0], "passer": [1, 1], "receiver": [4, 0]}}'
    response = small_web.post("/api/check", content=body, headers={"content-type": "application/json"})
    assert "the key 'passer' is given twice" in _one_line_400(response)


def test_the_state_page_shows_the_good_examples_and_never_the_linked_file(small_web) -> None:
    page = small_web.get("/settle/state", follow_redirects=True)
    assert page.status_code == 200 and "root:x" not in page.text
    assert "aaa-leak" not in page.text and "aaa-latin1" not in page.text
    for example in ("takkure/aaa-leak", "tacocat/aaa-latin1"):
        response = small_web.get("/settle/state", params={"example": example})
        assert response.status_code in (400, 404), response.status_code
        assert "root:x" not in response.text

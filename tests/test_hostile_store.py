"""Hostile databases and indexes (issue 27): the book's words verified, a broken database refused.

An entry's text edited inside the database file (SQLite sees nothing), 20 KB of the file
overwritten, a table dropped, a stored JSON value that is no longer JSON: each is one line naming
`referee build`, exit 2, nothing changed; a one-game build on such a database rebuilds every game.
An index that another model wrote under the same name, an index written onto a full disk, a model
folder that is not a model, a closed pipe: one line (or, for the pipe, a quiet exit).
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest
from support.encoders import HashEncoder
from test_hostile import ROOT, digest, index_files, library, one_line_error, referee, template  # noqa: F401
from test_hostile_files import _full_disk_run

from referee.errors import RefereeError
from referee.indexer.search.encoder import _load_model
from referee.indexer.search.searcher import Searcher

ENTRY = "ta-ke/set-up/1"


def _edit_bytes(db: Path, old: bytes, new: bytes) -> None:
    """What another tool (or a disk) does: the file's bytes changed, SQLite's structure intact."""
    data = db.read_bytes()
    assert len(old) == len(new) and old in data
    db.write_bytes(data.replace(old, new, 1))


def _entry_text(db: Path, entry: str = ENTRY) -> str:
    with closing(sqlite3.connect(db)) as connection:
        return connection.execute("select text from entries where id = ?", [entry]).fetchone()[0]


def _sql(db: Path, statement: str) -> None:
    with closing(sqlite3.connect(db)) as connection, connection:
        connection.execute(statement)


def _text_edited(lib) -> None:
    text = _entry_text(lib["db"]).encode()
    _edit_bytes(lib["db"], text[:24], b"You may always cheat. ".ljust(24, b" "))


def _overwritten(lib) -> None:
    data = bytearray(lib["db"].read_bytes())
    middle = len(data) // 2
    data[middle : middle + 20_000] = os.urandom(20_000)
    lib["db"].write_bytes(bytes(data))


DAMAGE = {
    "an entry's text edited in the file": (_text_edited, "no longer matches the book's words"),
    "20 KB in the middle overwritten": (_overwritten, "referee build"),
    "the sections table dropped": (lambda lib: _sql(lib["db"], "drop table sections"), "lacks its sections table"),
    "the games table dropped": (lambda lib: _sql(lib["db"], "drop table games"), "lacks its games table"),
    "entries.path not JSON": (
        lambda lib: _sql(lib["db"], f"update entries set path = '[oops' where id = '{ENTRY}'"),
        "no longer matches",
    ),
    "an entry's text updated by SQL": (
        lambda lib: _sql(lib["db"], f"update entries set text = 'You may always cheat.' where id = '{ENTRY}'"),
        "no longer matches",
    ),
}
COMMANDS = {
    "show": ["show", ENTRY],
    "ask": ["ask", "How do I set up?", "-g", "ta-ke"],
    "export": ["export"],
    "sheet": ["sheet", "ta-ke", "--format", "md"],
}


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_or_edited_database_is_refused(library, damage: str, command: str) -> None:  # noqa: F811
    how, needle = DAMAGE[damage]
    how(library)
    before = {"db": digest(library["db"]), "index": digest(library["index"])}
    done = referee(*COMMANDS[command], "--db", str(library["db"]), env={"REFEREE_CORPUS": str(library["corpus"])})
    one_line_error(done, needle, "referee build")
    assert "cheat" not in done.stdout
    assert digest(library["db"]) == before["db"] and digest(library["index"]) == before["index"]


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_one_game_build_on_a_damaged_database_rebuilds_every_game(library, damage: str) -> None:  # noqa: F811
    book_text = _entry_text(library["db"])
    DAMAGE[damage][0](library)
    done = referee("build", "--game", "tacocat", "--db", str(library["db"]), "--corpus", str(library["corpus"]))
    assert done.returncode == 0, done.stderr
    with closing(sqlite3.connect(library["db"])) as connection:
        assert {row[0] for row in connection.execute("select id from games")} == {"ta-ke", "tacocat"}
        assert connection.execute("pragma quick_check").fetchone()[0] == "ok"
    assert _entry_text(library["db"]) == book_text
    shown = referee("show", ENTRY, "--db", str(library["db"]))
    assert shown.returncode == 0 and "cheat" not in shown.stdout, shown.stderr


def test_an_index_another_model_wrote_under_the_same_name_is_one_line(library) -> None:  # noqa: F811
    searcher = Searcher(library["db"], encoder=HashEncoder(dim=128))  # the index holds 384 dimensions
    with pytest.raises(RefereeError, match="index --force"):
        searcher.search("How do I set up?")


@pytest.mark.slow
def test_index_on_a_full_disk_keeps_the_old_index(library) -> None:  # noqa: F811
    before = index_files(library)
    done = _full_disk_run(["index", "--force", "--db", str(library["db"])], {}, limit=64 * 1024)
    one_line_error(done, "is the disk full", "the old index is unchanged")
    assert index_files(library) == before
    assert [p.name for p in library["index"].parent.iterdir() if ".tmp-" in p.name] == []


@pytest.mark.parametrize("contents", [[], ["README.md"]], ids=["empty", "no model files"])
def test_a_model_folder_that_is_not_a_model_says_so(tmp_path: Path, contents: list[str]) -> None:
    for name in contents:
        (tmp_path / name).write_text("not a model")
    with pytest.raises(RefereeError, match="not a model folder"):
        _load_model(str(tmp_path), str(tmp_path))


def test_a_closed_pipe_ends_quietly(library) -> None:  # noqa: F811
    run = subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "hostile_cli.py"), "export", "--db", str(library["db"])],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert run.stdout is not None and run.stderr is not None
    run.stdout.readline()  # `| head -1`
    run.stdout.close()
    stderr = run.stderr.read()
    assert run.wait(timeout=60) == 141, stderr
    assert stderr == b""


def test_index_removes_what_a_killed_index_build_left(library) -> None:  # noqa: F811
    staging = library["index"].with_name(library["index"].name + ".tmp-999999")  # no such process
    staging.mkdir()
    (staging / "vectors.faiss").write_bytes(b"\0" * 4096)
    done = referee("index", "--db", str(library["db"]))
    assert done.returncode == 0, done.stderr
    assert not staging.exists() and "already current" in done.stdout


# ---------------------------------------------------------------- round three (issue 35: 6, 9)

EDITED_ROWS = {
    "ta-ke's entries deleted": "delete from entries where game = 'ta-ke'",
    "one section deleted": "delete from sections where rowid = (select min(rowid) from sections)",
    "a translation edited": "update translations set text = 'You may always cheat.' "
    "where rowid = (select min(rowid) from translations)",
    "a game's entry count edited": "update games set entries = entries + 1 where id = 'ta-ke'",
    "a cross-reference deleted": "delete from edges where rowid = (select min(rowid) from edges)",
    "a check's entry deleted": "delete from check_entries where rowid = (select min(rowid) from check_entries)",
}


@pytest.mark.slow
@pytest.mark.parametrize("command", ["ask", "games"])
@pytest.mark.parametrize("edit", list(EDITED_ROWS))
def test_rows_deleted_or_edited_by_sql_are_refused(library, edit: str, command: str) -> None:  # noqa: F811
    with closing(sqlite3.connect(library["db"])) as connection, connection:
        assert connection.execute(EDITED_ROWS[edit]).rowcount >= 1
    before = {"db": digest(library["db"]), "index": digest(library["index"])}
    args = COMMANDS["ask"] if command == "ask" else ["games"]
    done = referee(*args, "--db", str(library["db"]), env={"REFEREE_CORPUS": str(library["corpus"])})
    one_line_error(done, "no longer holds what the build wrote", "referee build")
    assert digest(library["db"]) == before["db"] and digest(library["index"]) == before["index"]


def _vectors_of_another_dimension(lib) -> None:
    """vectors.faiss replaced by 128-dimension vectors, its checksum updated, config.json left at 384."""
    import hashlib

    import faiss
    import numpy as np

    config_path = lib["index"] / "config.json"
    config = json.loads(config_path.read_text())
    index = faiss.IndexFlatIP(128)
    index.add(np.random.default_rng(0).random((config["units"], 128), dtype=np.float32))
    faiss.write_index(index, str(lib["index"] / "vectors.faiss"))
    config["files"]["vectors.faiss"] = hashlib.sha256((lib["index"] / "vectors.faiss").read_bytes()).hexdigest()
    config_path.write_text(json.dumps(config))


@pytest.mark.slow
@pytest.mark.parametrize("command", ["index", "ask"])
def test_vectors_of_another_dimension_are_rebuilt_never_searched(library, command: str) -> None:  # noqa: F811
    _vectors_of_another_dimension(library)
    before = digest(library["db"])
    args = ["index"] if command == "index" else COMMANDS["ask"]
    done = referee(*args, "--db", str(library["db"]))
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "already current" not in done.stdout and "128 dimensions" in done.stdout + done.stderr
    assert digest(library["db"]) == before


def test_a_searcher_on_vectors_of_another_dimension_is_one_line(library) -> None:  # noqa: F811
    _vectors_of_another_dimension(library)
    with pytest.raises(RefereeError, match="128 dimensions"):
        Searcher(library["db"], encoder=HashEncoder()).search("How do I set up?")

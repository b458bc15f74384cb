"""`referee remove GAME` undoes `referee add`; `add` from a checkout writes to the user's data
folder, as an install does."""

from __future__ import annotations

import json
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from support.encoders import hash_encoders
from typer.testing import CliRunner

from referee import paths
from referee.cli.main import app

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "tests" / "books" / "lantern-keepers.md"


def referee(*args: str, env: dict[str, str] | None = None, counted: list[int] | None = None):
    encoders = hash_encoders(on_passages=counted.append if counted is not None else None)
    return CliRunner().invoke(app, list(args), obj=encoders, env=env)


def games_in(db: Path) -> set[str]:
    with closing(sqlite3.connect(db)) as connection:
        return {row[0] for row in connection.execute("select id from games")}


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    for game in ("ta-ke", "tacocat"):
        shutil.copytree(ROOT / "corpus" / game, tmp_path / "corpus" / game)
    return tmp_path / "corpus"


def test_remove_undoes_add_and_embeds_nothing(tmp_path: Path, corpus: Path) -> None:
    db = str(tmp_path / "r.db")
    assert referee("add", str(BOOK), "--corpus", str(corpus), "--db", db).exit_code == 0
    assert games_in(Path(db)) == {"ta-ke", "tacocat", "lantern-keepers"}
    counted: list[int] = []
    done = referee("remove", "Lantern Keepers", "--corpus", str(corpus), "--db", db, "--json", counted=counted)
    assert done.exit_code == 0, done.output
    report = json.loads(done.stdout)
    assert report["game"] == "lantern-keepers" and sorted(report["games"]) == ["ta-ke", "tacocat"]
    assert sorted(p.name for p in corpus.iterdir()) == ["ta-ke", "tacocat"]  # no folder left aside either
    assert games_in(Path(db)) == {"ta-ke", "tacocat"}
    assert sum(counted) == 0  # the index updated without embedding a unit
    found = referee("search", "lantern", "--db", db, "--json")
    assert found.exit_code == 0 and "lantern-keepers" not in found.stdout


def test_a_remove_whose_build_fails_puts_the_folder_back(tmp_path: Path, corpus: Path) -> None:
    db = str(tmp_path / "r.db")
    assert referee("add", str(BOOK), "--corpus", str(corpus), "--db", db, "--no-index").exit_code == 0
    (tmp_path / "folder.db").mkdir()
    done = referee("remove", "lantern-keepers", "--corpus", str(corpus), "--db", str(tmp_path / "folder.db"))
    assert done.exit_code == 2 and "is a folder" in done.stderr
    assert (corpus / "lantern-keepers" / "game.toml").is_file()
    assert not [p for p in corpus.iterdir() if p.name.startswith(".")]


@pytest.mark.parametrize(
    ("name", "needle"),
    [("takkure", "not a game you added"), ("lantern keepers", "unknown game"), ("takure", "did you mean takkure")],
)
def test_remove_of_an_unknown_or_shipped_game_is_one_line(tmp_path: Path, name: str, needle: str) -> None:
    env = {"REFEREE_USER_CORPUS": str(tmp_path / "games")}
    done = referee("remove", name, "--db", str(tmp_path / "r.db"), env=env)
    assert done.exit_code == 2 and needle in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert (ROOT / "corpus" / "takkure" / "game.toml").is_file() and not (tmp_path / "r.db").exists()


def test_add_from_a_checkout_writes_to_the_user_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("REFEREE_USER_CORPUS", raising=False)
    monkeypatch.delenv("REFEREE_CORPUS", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert paths.in_checkout()
    assert paths.user_corpus_dir() == tmp_path / "data" / "referee" / "corpus"
    assert paths.corpus_dirs() == [ROOT / "corpus", tmp_path / "data" / "referee" / "corpus"]
    monkeypatch.setenv("REFEREE_USER_CORPUS", str(tmp_path / "mine"))  # the variable still wins
    assert paths.corpus_dirs()[-1] == tmp_path / "mine"

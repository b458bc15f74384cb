"""Where things live by default, and the environment variables that move them.

Run from a checkout (a folder with pyproject.toml and corpus/ beside kb/, the folder that is the
`referee` package), Referee keeps its
knowledge base in the checkout's data/ and reads the checkout's corpus/, so `make demo` and the
files it shows stay together. Installed anywhere else (`pip install`), the knowledge base and
index go to the user's data folder and the corpus is the copy shipped inside the package.

What `referee train` derives (the memory, its vectors, the ranker, the reader) goes to the user's
data folder from a checkout as from an install, never into the package (installed, that is
site-packages); loading prefers it to the shipped file of the same name (`trained_or_shipped`)."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_cache_dir, user_config_dir, user_data_dir

PACKAGE_DIR = Path(__file__).resolve().parent  # kb/ in a checkout, site-packages/referee/ installed

DB_ENV = "REFEREE_DB"
CORPUS_ENV = "REFEREE_CORPUS"
CACHE_ENV = "REFEREE_CACHE"
GAME_ENV = "REFEREE_GAME"
USER_CORPUS_ENV = "REFEREE_USER_CORPUS"


def in_checkout(package_dir: Path = PACKAGE_DIR) -> bool:
    """Whether the package runs from a checkout: pyproject.toml and corpus/ beside its folder."""
    root = package_dir.parent
    return (root / "pyproject.toml").is_file() and (root / "corpus").is_dir()


def default_db_path(package_dir: Path = PACKAGE_DIR) -> Path:
    if os.environ.get(DB_ENV):
        return Path(os.environ[DB_ENV])
    if in_checkout(package_dir):
        return package_dir.parent / "data" / "referee.db"
    return data_dir() / "referee.db"


def default_corpus_dir(package_dir: Path = PACKAGE_DIR) -> Path:
    if os.environ.get(CORPUS_ENV):
        return Path(os.environ[CORPUS_ENV])
    return shipped_corpus_dir(package_dir)


def shipped_corpus_dir(package_dir: Path = PACKAGE_DIR) -> Path:
    """The books Referee ships: the checkout's corpus/, or the installed package referee.corpus."""
    if in_checkout(package_dir):
        return package_dir.parent / "corpus"
    return package_dir / "corpus"  # installed: the package referee.corpus, inside referee/


def user_corpus_dir() -> Path:
    """Where `referee add` puts the games a user adds: the user data folder's corpus/, from a
    checkout as from an install (a checkout's files are the project's, not the user's);
    REFEREE_USER_CORPUS moves it. `referee build` reads it beside the shipped books."""
    if os.environ.get(USER_CORPUS_ENV):
        return Path(os.environ[USER_CORPUS_ENV])
    return data_dir() / "corpus"


def corpus_dirs(given: Path | None = None) -> list[Path]:
    """The folders games are read from: the one given (--corpus, REFEREE_CORPUS) alone, else the
    shipped books and the user's added games."""
    if given is not None:
        return [given]
    if os.environ.get(CORPUS_ENV):
        return [Path(os.environ[CORPUS_ENV])]
    return [default_corpus_dir(), user_corpus_dir()]


def data_dir() -> Path:
    """The user's data folder (platformdirs: ~/.local/share/referee on Linux)."""
    return Path(user_data_dir("referee", appauthor=False))


def trained_dir() -> Path:
    """Where `referee train` writes what it derives: the user data folder's trained/ (beside, never
    over, the local memory.jsonl). The shipped files are rebuilt only on purpose, with
    `referee train --into indexer/data` (`make train`)."""
    return data_dir() / "trained"


def trained_or_shipped(shipped: Path) -> Path:
    """The file `referee train` wrote in the user's data folder when there is one, else the shipped
    one of the same name. The caller reads either with the same checks (data-only .npz, the memory
    vectors' digest), so a trained file is trusted no more than the shipped one."""
    trained = trained_dir() / shipped.name
    return trained if trained.is_file() else shipped


def cache_dir() -> Path:
    """Models and other machine-wide caches, shared by every checkout and install."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    return Path(user_cache_dir("referee", appauthor=False))


def config_dir() -> Path:
    return Path(user_config_dir("referee", appauthor=False))

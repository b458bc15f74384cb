"""Where things live by default, and the environment variables that move them.

Run from a checkout (a folder with pyproject.toml and corpus/ beside kb/), Referee keeps its
knowledge base in the checkout's data/ and reads the checkout's corpus/, so `make demo` and the
files it shows stay together. Installed anywhere else (`pip install`), the knowledge base and
index go to the user's data folder and the corpus is the copy shipped inside the package."""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
CORPUS_PACKAGE = "referee_corpus"  # the five books, shipped as package data (pyproject.toml)

DB_ENV = "REFEREE_DB"
CORPUS_ENV = "REFEREE_CORPUS"
CACHE_ENV = "REFEREE_CACHE"
GAME_ENV = "REFEREE_GAME"


def in_checkout() -> bool:
    return (PROJECT_ROOT / "pyproject.toml").is_file() and (PROJECT_ROOT / "corpus").is_dir()


def default_db_path() -> Path:
    if os.environ.get(DB_ENV):
        return Path(os.environ[DB_ENV])
    if in_checkout():
        return PROJECT_ROOT / "data" / "referee.db"
    return data_dir() / "referee.db"


def default_corpus_dir() -> Path:
    if os.environ.get(CORPUS_ENV):
        return Path(os.environ[CORPUS_ENV])
    if in_checkout():
        return PROJECT_ROOT / "corpus"
    return PROJECT_ROOT / CORPUS_PACKAGE  # installed: beside kb/ in site-packages


def data_dir() -> Path:
    """The user's data folder (platformdirs: ~/.local/share/referee on Linux)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("referee", appauthor=False))


def cache_dir() -> Path:
    """Models and other machine-wide caches, shared by every checkout and install."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("referee", appauthor=False))


def config_dir() -> Path:
    from platformdirs import user_config_dir

    return Path(user_config_dir("referee", appauthor=False))

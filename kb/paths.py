"""Where things live by default, and the environment variables that move them."""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent

DB_ENV = "REFEREE_DB"
CORPUS_ENV = "REFEREE_CORPUS"
CACHE_ENV = "REFEREE_CACHE"
GAME_ENV = "REFEREE_GAME"


def default_db_path() -> Path:
    return Path(os.environ.get(DB_ENV) or PROJECT_ROOT / "data" / "referee.db")


def default_corpus_dir() -> Path:
    return Path(os.environ.get(CORPUS_ENV) or PROJECT_ROOT / "corpus")


def cache_dir() -> Path:
    """Models and other machine-wide caches; XDG-style so several checkouts share them."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "referee"


def config_dir() -> Path:
    xdg = os.environ.get("XDG_CONFIG_HOME")
    return (Path(xdg) if xdg else Path.home() / ".config") / "referee"

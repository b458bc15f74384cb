"""The remembered default game (`referee use`), for the game being played at the table."""

from __future__ import annotations

import os

from kb.paths import GAME_ENV, config_dir


def _path():
    return config_dir() / "default-game"


def default_game() -> tuple[str | None, str]:
    """(game, where it came from): REFEREE_GAME wins over `referee use`."""
    if os.environ.get(GAME_ENV):
        return os.environ[GAME_ENV], GAME_ENV
    path = _path()
    if path.exists():
        value = path.read_text(encoding="utf-8").strip()
        return (value or None), "referee use"
    return None, ""


def set_default_game(game: str | None) -> None:
    path = _path()
    if game is None:
        path.unlink(missing_ok=True)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(game + "\n", encoding="utf-8")

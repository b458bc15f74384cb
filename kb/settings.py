"""The remembered default game (`referee use`), for the game being played at the table."""

from __future__ import annotations

import os
from pathlib import Path

from referee.errors import RefereeError
from referee.paths import GAME_ENV, config_dir

MAX_SETTING_BYTES = 4096  # a game id; anything longer is not a file `referee use` wrote


def _path() -> Path:
    return config_dir() / "default-game"


def default_game() -> tuple[str | None, str]:
    """(game, where it came from): REFEREE_GAME wins over `referee use`."""
    if os.environ.get(GAME_ENV):
        return os.environ[GAME_ENV], GAME_ENV
    path = _path()
    try:
        if not path.is_file():
            return None, ""
        data = path.read_bytes()[: MAX_SETTING_BYTES + 1]
        value = data.decode("utf-8").strip()
    except (OSError, UnicodeDecodeError):
        value = None
    if value is None or len(data) > MAX_SETTING_BYTES or "\x00" in value or "\n" in value:
        raise RefereeError(f"{path}: not a setting Referee wrote; remove it or run `referee use --clear`")
    return (value or None), "referee use"


def set_default_game(game: str | None) -> None:
    path = _path()
    try:
        if game is None:
            path.unlink(missing_ok=True)
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
        tmp.write_text(game + "\n", encoding="utf-8")
        os.replace(tmp, path)
    except OSError as exc:
        raise RefereeError(f"{path}: cannot save the default game ({exc.strerror}); set {GAME_ENV} instead") from None

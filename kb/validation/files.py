"""Files read from a game's folder only from inside it.

A corpus is a folder a user may have copied from anywhere: its game.toml, book, translations,
example states and rule modules are read only when they are regular files whose real path (every
symlink followed) is inside the game's own folder. A link out of it (an example state that points
at /etc/passwd) is refused, never read and never served."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from referee.errors import RefereeError


def inside(folder: Path, path: Path, what: str) -> Path:
    """`path`, refused unless it is a regular file whose real path is inside `folder`'s."""
    real_folder = Path(os.path.realpath(folder))
    real = Path(os.path.realpath(path))
    if real != real_folder and real_folder not in real.parents:
        raise RefereeError(f"{path}: {what} must be a file inside {folder}, not a link out of it")
    try:
        mode = os.stat(real).st_mode
    except FileNotFoundError:
        raise RefereeError(f"{path}: {what} is missing") from None
    except OSError as exc:
        raise RefereeError(f"{path}: {what} cannot be read ({exc.strerror})") from None
    if not stat.S_ISREG(mode):
        raise RefereeError(f"{path}: {what} is not a regular file")
    return path

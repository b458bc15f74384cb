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


def kind_of(mode: int) -> str:
    """What a file that is not a regular file or a folder is, in words."""
    for test, name in ((stat.S_ISFIFO, "a pipe"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device")):
        if test(mode):
            return name
    return "a socket" if stat.S_ISSOCK(mode) else "not a regular file"


def given_file(path: Path) -> os.stat_result:
    """What a file named on the command line is (its link followed: the user named it), refused in one
    line unless it is a regular file or a folder; never opened (a pipe would block, /dev/zero never ends)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise RefereeError(f"{path}: no such file or folder") from None
    except OSError as exc:
        raise RefereeError(f"{path}: cannot be read ({exc.strerror})") from None
    if not (stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode)):
        raise RefereeError(f"{path}: is {kind_of(info.st_mode)}, not a rulebook file or a folder")
    return info


def regular_files(folder: Path) -> list[Path]:
    """Every file under `folder`, each a regular file reached without following a link; a link (to a
    file or a folder, inside or out) or a special file is refused in one line, never copied."""
    found: list[Path] = []
    pending = [folder]
    while pending:
        current = pending.pop()
        try:
            entries = sorted(os.scandir(current), key=lambda e: e.name)
        except OSError as exc:
            raise RefereeError(f"{current}: cannot be read ({exc.strerror})") from None
        for entry in entries:
            path = Path(entry.path)
            if entry.is_symlink():
                raise RefereeError(
                    f"{path}: is a symbolic link; a game's folder is copied only from its own regular files"
                )
            mode = entry.stat(follow_symlinks=False).st_mode
            if stat.S_ISDIR(mode):
                pending.append(path)
            elif stat.S_ISREG(mode):
                found.append(path)
            else:
                raise RefereeError(f"{path}: is {kind_of(mode)}; a game's folder holds only regular files")
    return sorted(found)

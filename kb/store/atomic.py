"""Derived folders (the model, the index) are written beside their target and swapped in."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from referee.errors import RefereeError


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists but belongs to someone else
    return True


def remove_leftovers(target: Path, prefix: str | None = None) -> list[Path]:
    """Remove what a killed writer left beside `target` (`<name>.tmp-PID`, `.old-PID`, journals).

    Only files of processes that are gone are removed, so this is safe without a lock too."""
    prefix = prefix or target.name
    removed = []
    if not target.parent.is_dir():
        return removed
    for path in target.parent.glob(f"{prefix}.*-*"):
        kind, _, rest = path.name[len(prefix) + 1 :].partition("-")
        pid = rest.split("-", 1)[0]
        if kind not in ("tmp", "old") or not pid.isdigit() or (_alive(int(pid)) and int(pid) != os.getpid()):
            continue
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)
        removed.append(path)
    return removed


@contextmanager
def replacing_folder(target: Path, owned: Callable[[Path], bool] | None = None) -> Iterator[Path]:
    """Yield a staging folder; on success it replaces `target`, on any failure it is removed.

    `owned(target)` says whether an existing target is ours to replace; anything else there
    (a file, a folder of someone else's) is refused, never deleted."""
    ours = target.is_dir() and not target.is_symlink() and (owned is None or owned(target))
    if (target.exists() or target.is_symlink()) and not ours:
        raise RefereeError(f"{target}: exists and is not a folder Referee made; move it away")
    remove_leftovers(target)
    staging = target.with_name(target.name + f".tmp-{os.getpid()}")
    shutil.rmtree(staging, ignore_errors=True)
    try:
        staging.mkdir(parents=True)
    except OSError as exc:
        raise RefereeError(f"{target.parent}: cannot write there ({exc.strerror})") from None
    try:
        yield staging
        # two renames, not delete-then-rename: a reader sees the old folder or the new one
        retired = target.with_name(target.name + f".old-{os.getpid()}")
        if target.exists():
            target.rename(retired)
        staging.rename(target)
        shutil.rmtree(retired, ignore_errors=True)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise

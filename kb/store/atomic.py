"""Derived folders (the model, the index) and output files (a sheet, a drawing) are written beside
their target and swapped in: a reader sees the old one or the new one, a full disk leaves the old
one whole, and a link at the target is refused, never written through."""

from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from referee.errors import RefereeError


def alive(pid: int) -> bool:
    """Whether process `pid` exists (another user's counts)."""
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
    removed: list[Path] = []
    if not target.parent.is_dir():
        return removed
    for path in target.parent.glob(f"{prefix}.*-*"):
        kind, _, rest = path.name[len(prefix) + 1 :].partition("-")
        pid = rest.split("-", 1)[0]
        if kind not in ("tmp", "old") or not pid.isdigit() or (alive(int(pid)) and int(pid) != os.getpid()):
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


def write_file(target: Path, data: bytes | str) -> None:
    """`data` in `target`, complete or not at all: written to a new file beside it, flushed to
    disk, then renamed over it. A device or pipe (/dev/stdout, a FIFO) is written directly; a
    symbolic link is refused (the file it points at is never changed)."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise RefereeError(f"{target}: cannot write ({exc.strerror})") from None
    if mode is not None and stat.S_ISLNK(mode):
        raise RefereeError(f"{target}: is a symbolic link; give the file itself (or another name)")
    if mode is not None and stat.S_ISDIR(mode):
        raise RefereeError(f"{target}: is a folder; give a file name")
    if mode is not None and not stat.S_ISREG(mode):
        _write_stream(target, raw)
        return
    staging = target.with_name(f".{target.name}.tmp-{os.getpid()}")
    try:
        fd = os.open(
            staging, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644 if mode is None else mode & 0o777
        )
        try:
            view = memoryview(raw)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(staging, target)
    except OSError as exc:
        staging.unlink(missing_ok=True)
        why = "no space left on the disk; the old file is unchanged" if exc.errno in (28, 27) else exc.strerror
        raise RefereeError(f"{target}: cannot write ({why})") from None
    except BaseException:
        staging.unlink(missing_ok=True)
        raise


def _write_stream(target: Path, raw: bytes) -> None:
    try:
        with open(target, "wb") as out:
            out.write(raw)
    except OSError as exc:
        why = "no space left on the device" if exc.errno == 28 else exc.strerror
        raise RefereeError(f"{target}: cannot write ({why})") from None

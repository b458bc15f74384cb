"""One writer at a time for a knowledge base and its index.

The lock is an advisory lock on a small file beside the database (`.referee.db.lock`): the
kernel releases it when its holder exits, however it exits, so a killed build never leaves a
stale lock behind. The holder writes who it is into the file, so a second writer can say
whom it waits for.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from referee.errors import RefereeError

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]


def lock_path(db_path: Path) -> Path:
    return db_path.with_name(f".{db_path.name}.lock")


def _try_lock(fd: int) -> bool:
    if fcntl is None:
        import msvcrt  # Windows only: there is no fcntl there

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False
    return _try_flock(fd, fcntl.LOCK_EX)


def _try_flock(fd: int, kind: int) -> bool:
    """Take a lock of this kind without waiting; False when another process holds one in the way."""
    try:
        fcntl.flock(fd, kind | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False


def _wait_lock(fd: int) -> None:
    if fcntl is None:
        while not _try_lock(fd):
            time.sleep(0.2)
        return
    fcntl.flock(fd, fcntl.LOCK_EX)


def holder(path: Path) -> str:
    """Who holds the lock, as written by the holder ('another process' if unreadable)."""
    try:
        fd = _open_to_read(path)
        try:
            data = json.loads(os.read(fd, 4096).decode("utf-8"))
        finally:
            os.close(fd)
        return f"process {int(data['pid'])} ({data['purpose']}, since {data['since']})"
    except (OSError, ValueError, KeyError, TypeError):
        return "another process"


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)

_held: dict[Path, int] = {}  # locks this process holds -> depth: re-entrant within a process


@contextmanager
def write_lock(db_path: Path, purpose: str, on_wait: Callable[[str], None] | None = None) -> Iterator[None]:
    """Hold the database's write lock; a second writer waits (and is told whom for)."""
    path = lock_path(db_path)
    if path in _held:
        _held[path] += 1
        try:
            yield
        finally:
            _held[path] -= 1
        return
    fd = _open_lock(path)
    try:
        if not _try_lock(fd):
            if on_wait:
                on_wait(f"waiting for {holder(path)} to finish")
            _wait_lock(fd)
        stamp = {"pid": os.getpid(), "purpose": purpose, "since": time.strftime("%H:%M:%S")}
        os.ftruncate(fd, 0)
        os.pwrite(fd, json.dumps(stamp).encode(), 0)
        _held[path] = 1
        yield
    finally:
        _held.pop(path, None)
        os.close(fd)  # closing releases the lock


def _open_lock(path: Path) -> int:
    """The lock file, opened for writing only if it is Referee's own: a regular file with one name,
    never a link (a lock path made a symlink to a user's file would have that file overwritten)."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | _NOFOLLOW, 0o644)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise RefereeError(f"{path}: the lock file is a symbolic link; remove it (Referee makes its own)") from None
        raise RefereeError(f"{path.parent}: cannot write there ({exc.strerror}); choose another --db") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_nlink > 1:
        os.close(fd)
        raise RefereeError(f"{path}: the lock file is not one Referee made (a link or a special file); remove it")
    return fd


def _open_to_read(path: Path) -> int:
    return os.open(path, os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0))


def is_locked(db_path: Path) -> bool:
    """Whether a writer holds the lock right now (readers use it to tell a swap from damage)."""
    path = lock_path(db_path)
    if not path.exists() or path in _held:
        return False
    try:
        fd = _open_to_read(path)
    except OSError:
        return False
    try:
        # a shared lock is refused only while a writer holds it; closing the file lets it go
        return fcntl is not None and not _try_flock(fd, fcntl.LOCK_SH)
    finally:
        os.close(fd)


def wait_for_writer(db_path: Path, on_wait: Callable[[str], None] | None = None) -> None:
    """Return once no writer holds the lock (without taking it for longer than a moment)."""
    path = lock_path(db_path)
    if not is_locked(db_path):
        return
    if on_wait:
        on_wait(f"waiting for {holder(path)} to finish")
    try:
        fd = _open_to_read(path)
    except OSError:
        return
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_SH)
    finally:
        os.close(fd)

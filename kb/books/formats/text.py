"""Plain UTF-8 text: how every book in the corpus is read today."""

from __future__ import annotations

from pathlib import Path

from referee.errors import RefereeError


def read(path: Path) -> str:
    """The file's text; a file that is not UTF-8 is one error naming the byte."""
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RefereeError(f"{path}: not UTF-8 text (byte {exc.start})") from None

"""Plain UTF-8 text: the shipped books, read line by line by referee.books.parse."""

from __future__ import annotations

from pathlib import Path

from referee.books.document import Document
from referee.books.parseconf import ParseConfig
from referee.errors import RefereeError


def read_text(path: Path) -> str:
    """The file's text; a file that is not UTF-8 is one error naming the byte."""
    data = path.read_bytes()
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise RefereeError(f"{path}: not UTF-8 text (byte {exc.start})") from None


def read(path: Path, conf: ParseConfig | None = None) -> Document:
    return Document(read_text(path), None)

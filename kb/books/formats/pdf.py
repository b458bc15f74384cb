"""pdf (to come)."""

from __future__ import annotations

from pathlib import Path

from referee.books.document import Document
from referee.books.parseconf import ParseConfig
from referee.errors import RefereeError


def read(path: Path, conf: ParseConfig | None = None) -> Document:
    raise RefereeError(f"{path}: pdf is not read yet")

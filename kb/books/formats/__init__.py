"""A rulebook file read as the text the parser reads, by its format.

Every book today is plain UTF-8 text (`text.read`). A new format (Markdown, PDF, HTML) is one
module here with a `read(path) -> str` whose text keeps the book's words verbatim (quotes are
slices of it), and one line in READERS for the suffixes it reads; `read_rulebook` picks the
reader by the file's suffix and reads anything else as plain text, as it always has.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from referee.books.formats import text
from referee.errors import RefereeError

Reader = Callable[[Path], str]
READERS: dict[str, Reader] = {".txt": text.read}


def read_rulebook(path: Path) -> str:
    """The book's text, by the reader for its suffix; a missing or empty book is one error."""
    if not path.is_file():
        raise RefereeError(f"{path}: rulebook file is missing")
    content = READERS.get(path.suffix.lower(), text.read)(path)
    if not content.strip():
        raise RefereeError(f"{path}: rulebook file is empty")
    return content

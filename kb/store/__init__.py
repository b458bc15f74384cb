"""The knowledge base on disk: built by `referee.store.build`, read through this package.

The read side is re-exported here, so callers write `from referee import store` and
`store.open_db(path)`, `store.show(db, item_id)`; building, locking and the schema are
their own modules (`referee.store.build`, `.lock`, `.schema`)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.store.read import (
        StoredEntry,
        book_words,
        build_reports,
        common_terms,
        entries,
        entries_by_ids,
        explain_failure,
        fingerprint,
        game_words,
        games,
        open_db,
        resolve_game,
        resolve_id,
        sections_of,
        show,
        toc,
        translation_of,
        translations_of,
        with_links,
    )


def __getattr__(name: str) -> Any:
    """The read side imported on first use (PEP 562): `from referee import store` costs nothing until
    a function is called, so commands that never open the database (`referee --help`) do not
    import sqlite_utils, which imports numpy."""
    if name in __all__:
        value = getattr(importlib.import_module("referee.store.read"), name)
        globals()[name] = value  # found here from now on, without this function
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "StoredEntry",
    "book_words",
    "build_reports",
    "common_terms",
    "entries",
    "entries_by_ids",
    "explain_failure",
    "fingerprint",
    "game_words",
    "games",
    "open_db",
    "resolve_game",
    "resolve_id",
    "sections_of",
    "show",
    "toc",
    "translation_of",
    "translations_of",
    "with_links",
]

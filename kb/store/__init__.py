"""The knowledge base on disk: built by `referee.store.build`, read through this package.

The read side is re-exported here, so callers write `from referee import store` and
`store.open_db(path)`, `store.show(db, item_id)`; building, locking and the schema are
their own modules (`referee.store.build`, `.lock`, `.schema`)."""

from referee.store.read import (
    StoredEntry,
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

__all__ = [
    "StoredEntry",
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

"""The lexical side: SQLite FTS5 with BM25, safe against any user text."""

from __future__ import annotations

import re

import sqlite_utils

from kb.store import game_token

# Question words and glue that carry no topic; everything else is looked up.
_STOPWORDS_TEXT = """
a an the of to in on for and or is are was be been can could do does did i we you he she they it its
my me our your their what how when where who whom which why many much with by at as from that this these
those there if may might must should would will shall not no any some than then so into onto about
"""
STOPWORDS = frozenset(_STOPWORDS_TEXT.split())
MAX_TERMS = 32


def query_terms(text: str) -> list[str]:
    """Words of the query as FTS5 string literals: no operator in user text can reach FTS5."""
    seen: dict[str, None] = {}
    for word in re.findall(r"\w+", text.casefold()):
        if word not in STOPWORDS and len(word) > 1:
            seen.setdefault(word, None)
    return list(seen)[:MAX_TERMS]


def bm25_scores(db: sqlite_utils.Database, text: str, game: str | None, limit: int = 200) -> dict[str, float]:
    """Entry id -> BM25 relevance (higher is better), for the best `limit` entries sharing a word."""
    terms = query_terms(text)
    if not terms:
        return {}
    expression = " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)
    if game:  # FTS5 intersects with the game's postings instead of scoring every book
        expression = f"game_token:{game_token(game)} AND ({expression})"
    sql = (
        "select entries.id, -bm25(entries_fts, 1.0, 1.0, 0.0) from entries_fts "
        "join entries on entries.rowid = entries_fts.rowid where entries_fts match ? "
        "order by bm25(entries_fts, 1.0, 1.0, 0.0) limit ?"
    )
    return {row[0]: row[1] for row in db.execute(sql, [expression, limit])}

"""The lexical side: SQLite FTS5 with BM25, safe against any user text."""

from __future__ import annotations

import json
import re

import sqlite_utils

from referee import store
from referee.store.schema import FTS_TOKENIZER, game_token

# Question words and glue that carry no topic; everything else is looked up.
_STOPWORDS_TEXT = """
a an the of to in on for and or is are was be been can could do does did i we you he she they it its
my me our your their what how when where who whom which why many much with by at as from that this these
those there if may might must should would will shall not no any some than then so into onto about
"""
STOPWORDS = frozenset(_STOPWORDS_TEXT.split())
PREFIX = "*"  # a term ending so matches every word beginning with it (the word bridge makes them)
MAX_TERMS = 32


def query_terms(text: str) -> list[str]:
    """Words of the query as FTS5 string literals: no operator in user text can reach FTS5."""
    seen: dict[str, None] = {}
    for word in re.findall(r"\w+", text.casefold()):
        if word not in STOPWORDS and len(word) > 1:
            seen.setdefault(word, None)
    return list(seen)[:MAX_TERMS]


def stems(db: sqlite_utils.Database, words: list[str]) -> list[list[str]]:
    """Each word as the FTS5 tokenizer indexes it (Porter stem). A word's stems depend only on the
    tokenizer, never on the book, so each word is stemmed once per process: one question asks for
    its words' stems several times (passages, entry and book coverage) and the books' words recur."""
    unknown = list(dict.fromkeys(w for w in words if w not in _STEMS))
    if unknown:
        if len(_STEMS) + len(unknown) > STEM_CACHE_SIZE:
            _STEMS.clear()
        _STEMS.update(zip(unknown, _stem_through_fts(db, unknown), strict=True))
    return [list(_STEMS[w]) for w in words]


STEM_CACHE_SIZE = 200_000  # words; a rulebook has a few thousand distinct ones
_STEMS: dict[str, tuple[str, ...]] = {}


def _stem_through_fts(db: sqlite_utils.Database, words: list[str]) -> list[tuple[str, ...]]:
    """Read back from a scratch table in the connection's temp schema: the knowledge base itself
    is never written."""
    db.execute(f"create virtual table if not exists temp.referee_words using fts5(word, tokenize='{FTS_TOKENIZER}')")
    db.execute(
        "create virtual table if not exists temp.referee_word_tokens using fts5vocab(temp, referee_words, instance)"
    )
    db.execute("delete from temp.referee_words")
    db.conn.executemany("insert into temp.referee_words(rowid, word) values (?, ?)", enumerate(words))
    tokens: list[list[str]] = [[] for _ in words]
    for term, row in db.execute("select term, doc from temp.referee_word_tokens order by doc, offset"):
        tokens[row].append(term)
    db.conn.commit()
    return [tuple(t) for t in tokens]


def weightless_terms(db: sqlite_utils.Database, words: list[str], common: frozenset[str] | None = None) -> set[str]:
    """Words found in at least half the entries (`common`: the build's common stems). FTS5's BM25
    clamps their IDF to 1e-6, so they add nothing to any score, yet they cost the most: every
    entry holding them is scored."""
    common = store.common_terms(db) if common is None else common
    if not common or not words:
        return set()
    return {w for w, ts in zip(words, stems(db, words), strict=True) if ts and all(t in common for t in ts)}


def match_terms(db: sqlite_utils.Database, text: str, common: frozenset[str] | None = None) -> list[str]:
    """The words of the question worth matching: all of them if every one is weightless."""
    terms = query_terms(text)
    weightless = weightless_terms(db, terms, common)
    return [t for t in terms if t not in weightless] or terms


def fts_phrase(term: str) -> str:
    """A term as an FTS5 string literal, a PREFIX term as a prefix query (a question's own words
    are \\w runs, so only the word bridge makes those)."""
    if term.endswith(PREFIX) and len(term) > len(PREFIX):
        return '"' + term[: -len(PREFIX)].replace('"', '""') + '"' + PREFIX
    return '"' + term.replace('"', '""') + '"'


def bm25_scores(
    db: sqlite_utils.Database, text: str, game: str | None, limit: int = 200, terms: list[str] | None = None
) -> dict[str, float]:
    """Entry id -> BM25 relevance (higher is better), for the best `limit` entries sharing a word,
    best first. `terms`: the question's `match_terms` (or, for a book in another language, the
    word bridge's terms), when one question is scored in several games."""
    terms = match_terms(db, text) if terms is None else terms
    if not terms:
        return {}
    expression = " OR ".join(fts_phrase(t) for t in terms)
    if game:  # FTS5 intersects with the game's postings instead of scoring every book
        expression = f"game_token:{game_token(game)} AND ({expression})"
    # rowids first, ids only for the rows kept: a join before the sort looks up the id of every
    # match (a quarter of a large corpus for a five-word question)
    sql = (
        "select rowid, -bm25(entries_fts, 1.0, 1.0, 0.0) from entries_fts where entries_fts match ? "
        "order by bm25(entries_fts, 1.0, 1.0, 0.0) limit ?"
    )
    ranked = db.execute(sql, [expression, limit]).fetchall()
    ids = dict(
        db.execute(
            "select rowid, id from entries where rowid in (select value from json_each(?))",
            [json.dumps([rowid for rowid, _ in ranked])],
        )
    )
    return {ids[rowid]: score for rowid, score in ranked if rowid in ids}

"""How many of a question's words a game's book uses at all, across languages.

A question about castling finds no "castl" in any rulebook: the reader reads this share beside
the passages (`referee.indexer.reader.features`) to say when the book does not answer.
"""

from __future__ import annotations

from referee.indexer.search.bridge import as_term, renderings
from referee.indexer.search.lexical import fts_phrase, query_terms
from referee.indexer.search.searcher import Searcher
from referee.store.schema import game_token


def book_coverage(searcher: Searcher, query: str, game: str, language: str) -> tuple[int, int]:
    """(question's words the game's book uses, question's words): the word itself (FTS5 stems it
    as it stemmed the book: "tackling" finds "tackle"), or in a book in another language one of
    its renderings through the word bridge."""

    words = query_terms(query)
    if not words:
        return 0, 0
    cross = language != searcher.language_of(game)
    rendered = renderings(searcher.db, searcher._lexicon, words, language) if cross else [[] for _ in words]
    found = 0
    for word, forms in zip(words, rendered, strict=True):
        terms = [fts_phrase(word), *(fts_phrase(as_term(f) if language == "en" else f) for f in forms)]
        found += _in_book(searcher, " OR ".join(terms), game)
    return found, len(words)


def _in_book(searcher: Searcher, terms: str, game: str) -> bool:
    expression = f"game_token:{game_token(game)} AND ({terms})"
    row = searcher.db.execute("select 1 from entries_fts where entries_fts match ? limit 1", [expression]).fetchone()
    return row is not None


# The closest rule "may answer" an abstention only when the book writes at least this share of the
# question's words: a question mostly in words the book never uses ("how long do I boil soba
# noodles?") is off the book, whatever its odds, and is told so plainly (`types.SILENCES`).
WORDED_AT = 0.5


def worded(searcher: Searcher, query: str, game: str, language: str) -> bool:
    if language != searcher.language_of(game):
        # through the word bridge most words of a question in another language are not found
        # (a Ukrainian "what is a critical success?" covered 0 of 4 in Takkure): no claim either way
        return True
    found, words = book_coverage(searcher, query, game, language)
    return not words or found / words >= WORDED_AT

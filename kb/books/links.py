"""Links between rules: explicit cross-references, defined terms, priority edges.

Everything here is a pure function of a parsed book and its game.toml, so links are
rebuilt with the entries: references (referee.books.references), terms and their uses
(referee.books.terms), priority (referee.books.priority).
"""

from __future__ import annotations

from referee.books.entries import Links, ParsedBook
from referee.books.gameconf import Game
from referee.books.priority import overlapping_rows, priority_edges
from referee.books.references import explicit_references
from referee.books.terms import extract_terms, term_uses


def link_book(game: Game, book: ParsedBook) -> Links:
    terms = extract_terms(game, book)
    edges = explicit_references(game, book) + term_uses(book, terms)
    priority, precedence = priority_edges(game, book)
    return Links(edges + priority + overlapping_rows(book), terms, precedence)

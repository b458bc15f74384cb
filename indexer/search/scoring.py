"""The weights of the fused score, as one value a Searcher is given (tests and tuning pass another).

The score of an entry is the cosine of the whole entry plus the cosine of its best sentence
(weighted by `same_language_weights` or `cross_language_weights`), plus `bm25_weight` x its BM25
score (normalised to the game's best), minus `informative_penalty` for examples, tips, flavour
and notes, plus the term boosts. The weights were chosen on the development set and checked on
sets written after the tuning: docs/records/2026-11-30-search-quality.md.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Scoring:
    bm25_weight: float = 0.05  # exact words break ties between close cosines; they do not outvote them
    informative_penalty: float = 0.04
    term_boost: float = 0.04  # the entry defining a term the question names
    term_section_boost: float = 0.02  # the rest of that term's section
    # Score differences below about this are noise between games: the spread of the cross-language
    # gap over the probes (docs/design.md, "Which game").
    game_temperature: float = 0.03
    # An English question goes to the Ukrainian book only when no English book is at least this
    # likely relative to it (docs/records/2026-11-30-answers.md).
    same_language_ratio: float = 0.5
    diversity_depth: int = 10  # a game's chance of holding the answer is spread over its first results
    # (whole entry, best sentence) cosine weights. Across languages a paragraph's vector drifts
    # further than one sentence's, so there the best sentence counts for more.
    same_language_weights: tuple[float, float] = (1.0, 1.0)
    cross_language_weights: tuple[float, float] = (0.5, 1.5)
    # In a book in another language, the share of the cosines that comes from the question read
    # word by word in the book's language.
    reread_weight: float = 0.3


SCORING = Scoring()  # what Referee searches with

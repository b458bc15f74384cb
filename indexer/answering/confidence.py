"""How sure an answer is, and when to say "the book does not say".

The confidence is the probability, by a logistic model, that the book answers the question at
all (not that the quote is the best one): it is fit on answerable against unanswerable
questions, over what the search already knows about its answer: how
well the best entry and the quoted passage match the question, by how much the best entry
leads the next, how many of the question's words the book uses at all (a question about
castling finds no "castl" in any rulebook), and whether the game had to be guessed. Its
coefficients were fit by `benchmarks/fit_confidence.py` on the tuning question sets (dev,
extra, third, Ukrainian, sixth, unanswerable-dev, unanswerable-tune); the abstention threshold
keeps abstention on the answerable tuning questions at 2 %.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

from referee.indexer.answering.passages import Passage, content_stems, stems_of
from referee.indexer.search.bridge import as_term, renderings, terms_held
from referee.indexer.search.lexical import fts_phrase, query_terms
from referee.indexer.search.results import Hit, ParsedQuestion, SearchResult
from referee.indexer.search.searcher import Searcher
from referee.store.schema import game_token

FEATURES = (
    "top_score",
    "margin",
    "cosine",
    "coverage",
    "entry_coverage",
    "book_coverage",
    "missing_words",
    "cross_language",
    "guessed_game",
)
# Fit by benchmarks/fit_confidence.py (see the module docstring); intercept first.
COEFFICIENTS = (-37.8633, 12.0158, 11.5752, 19.1190, 0.3290, -0.4023, 0.8611, -0.2355, 2.4374, 1.0209)
ABSTAIN_BELOW = 0.302


@dataclass
class Evidence:
    top_score: float  # the best entry's fused score
    margin: float  # its lead over the next entry
    cosine: float  # the quoted passage's cosine
    coverage: float  # share of the question's words the passage holds
    entry_coverage: float  # the most of the question's words one of the first three entries holds
    book_coverage: float  # share of the question's words found anywhere in the game's book
    missing_words: float  # how many of the question's words the book never uses
    cross_language: float  # 1.0 when the book is in another language than the question
    guessed_game: float  # 1 - the chosen game's likelihood when no game was named, else 0

    @classmethod
    def of(cls, searcher: Searcher, result: SearchResult, hits: list[Hit], best: Passage | None) -> Evidence:
        question = result.question
        cross = question is not None and question.language != searcher.language_of(result.game)
        guessed = 1.0 - result.likelihood.get(result.game, 1.0) if result.choice.inferred else 0.0
        covered, words = book_coverage(searcher, question.text, result.game, question.language) if question else (0, 0)
        return cls(
            top_score=hits[0].score if hits else 0.0,
            margin=hits[0].score - hits[1].score if len(hits) > 1 else 0.0,
            cosine=best.cosine if best else 0.0,
            coverage=best.coverage if best else 0.0,
            entry_coverage=entry_coverage(searcher, question, hits[:3]) if question else 0.0,
            book_coverage=covered / words if words else 0.0,
            missing_words=float(words - covered),
            cross_language=float(cross),
            guessed_game=guessed,
        )

    def vector(self) -> list[float]:
        return [getattr(self, name) for name in FEATURES]

    def as_dict(self) -> dict[str, float]:
        return {key: round(value, 4) for key, value in asdict(self).items()}


def entry_coverage(searcher: Searcher, question: ParsedQuestion, hits: list[Hit]) -> float:
    """The largest share of the question's words one entry holds (through the bridge across languages)."""

    if not hits:
        return 0.0
    language = searcher.language_of(hits[0].entry.game)
    if question.language != language:
        bridged = question.bridged.get(language, [])
        words = max(1, len(query_terms(question.text)))
        return max(min(1.0, terms_held(h.entry.text, bridged) / words) for h in hits)
    wanted = content_stems(searcher, question.text)
    held = stems_of(searcher, [h.entry.title + " " + h.entry.text for h in hits])
    return max(len(wanted & stems) for stems in held) / max(1, len(wanted))


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


def abstains(score: float) -> bool:
    return score < ABSTAIN_BELOW


def confidence(evidence: Evidence, coefficients: tuple[float, ...] = COEFFICIENTS) -> float:
    """The model's probability; 0 when no word of the question (nor its rendering) is in the book
    at all: a book that never says "castling" does not answer a question about it."""
    if evidence.book_coverage == 0.0:
        return 0.0
    z = coefficients[0] + sum(c * x for c, x in zip(coefficients[1:], evidence.vector(), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

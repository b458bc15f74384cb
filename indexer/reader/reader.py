"""The trained reader, as shipped: heads, calibrations and thresholds in one file of arrays.

`Reader.read` scores every candidate passage of a game's best entries; the best is the quote.
`Reader.answerable` says how likely the book answers the question at all (calibrated on dev),
`Reader.check_odds` how likely a check answers it. The file is package data
(`referee/indexer/data/reader.npz`), rebuilt by `referee train --reader` from the repository's own
question sets into the user's data folder (preferred there when present; `--into indexer/data`
rebuilds the shipped one); a missing or damaged file is an error the user sees, never a silent
fallback.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from referee.indexer.answering.coverage import book_coverage
from referee.indexer.answering.passages import Passage, by_search_rank, candidates
from referee.indexer.reader.features import passage_matrix, question_vector
from referee.indexer.reader.heads import Head, Platt
from referee.indexer.search.lexical import query_terms
from referee.indexer.search.results import Hit, ParsedQuestion
from referee.indexer.search.searcher import Searcher
from referee.indexer.weights import load_weights, read_once, save_weights
from referee.paths import trained_or_shipped

READER_FILE = Path(__file__).resolve().parent.parent / "data" / "reader.npz"
DEPTH = 8  # entries whose passages the reader reads


@dataclass
class Gathered:
    """What the reader reads for one game: the candidate passages of its first DEPTH entries,
    their features, and the question's side facts (book coverage, words, language, guess)."""

    game: str
    passages: list[Passage]
    features: np.ndarray  # PASSAGE_FEATURES, one row per passage
    side: tuple[float, float, float, bool, float]  # book_coverage, missing_words, question_words, cross, guessed
    query: str = ""  # the question as searched (a measure in it lets a table row be the quote)


def gather(
    searcher: Searcher,
    hits: list[Hit],
    question: ParsedQuestion,
    game: str,
    query: str,
    guessed_game: float = 0.0,
    passages: list[Passage] | None = None,
) -> Gathered:
    """`passages`: the candidates of `hits[:DEPTH]` when the caller has them already (`ask`: the
    ranker's, which read the same entries first), else found here."""
    if passages is None:
        passages = candidates(searcher, hits, question, game, query, depth=DEPTH)
    covered, words = book_coverage(searcher, question.text, game, question.language)
    cross = question.language != searcher.language_of(game)
    side = (
        covered / words if words else 0.0,
        float(words - covered),
        float(len(query_terms(question.text))),
        cross,
        guessed_game,
    )
    return Gathered(game, passages, passage_matrix(passages, query), side, query)


@dataclass
class ScoredPassages:
    """One game's candidates for a question, as the reader scored them (best first)."""

    game: str
    passages: list[Passage]
    logits: np.ndarray  # the passage head's, one per passage, in `passages` order (best first)
    question: np.ndarray  # QUESTION_FEATURES
    order: np.ndarray  # the gathered passages' indices, best first
    answerable: float = 0.0  # calibrated: the book answers the question
    right: float = 0.0  # calibrated: the quote is the answer
    quote: int | None = None  # the quoted passage's index in `passages` (chosen by the search's rank)

    @property
    def best(self) -> Passage | None:
        """The passage quoted."""
        return self.passages[self.quote] if self.quote is not None else None


@dataclass(frozen=True)
class Reader:
    passages: Head
    answerable_head: Head
    checks: Head
    passage_calibration: Platt
    answerable_calibration: Platt
    abstain_below: float  # answerable below this: the book does not say
    check_at: float  # a check leads at or above this
    game_temperature: float  # softmax temperature over the games' best logits
    prior_weight: float = 1.0  # how much the search's own odds of each game count beside them
    meta: dict = field(default_factory=dict)

    def read(self, gathered: Gathered) -> ScoredPassages:
        """The gathered candidates of one game, best first by the passage head, with the
        calibrated odds that the book answers and that the first passage is the answer."""
        logits = self.passages.logits(gathered.features)
        order = np.argsort(-logits, kind="stable")
        passages = [gathered.passages[i] for i in order]
        logits = logits[order]
        vector = question_vector(logits, passages, *gathered.side)
        reading = ScoredPassages(gathered.game, passages, logits, vector, order)
        reading.answerable = float(self.answerable_calibration(self.answerable_head.logits(vector[None, :]))[0])
        chosen = by_search_rank(gathered.passages, gathered.query)
        if chosen is not None:
            reading.quote = int(np.flatnonzero(order == chosen)[0])
            reading.right = float(self.passage_calibration(logits[reading.quote]))
        return reading

    def abstains(self, reading: ScoredPassages) -> bool:
        return reading.best is None or reading.answerable < self.abstain_below

    def confidence(self, reading: ScoredPassages) -> float:
        """That the quote shown is the book's answer: the book answers, and this passage is it."""
        return round(reading.answerable * reading.right, 3)

    def game_odds(self, readings: list[ScoredPassages], prior: dict[str, float]) -> dict[str, float]:
        """Each game's chance of holding the answer: the search's odds of the game (`prior`)
        weighed with how well its best passage reads, softmax at the fitted temperature."""
        if not readings:
            return {}
        scores = np.array([self.game_score(r, prior.get(r.game, 0.0)) for r in readings], dtype=np.float64)
        z = np.exp(scores - scores.max())
        z /= z.sum()
        return {r.game: round(float(p), 3) for r, p in zip(readings, z, strict=True)}

    def game_score(self, reading: ScoredPassages, prior: float) -> float:
        best = float(reading.logits[0]) if len(reading.logits) else -10.0
        return self.prior_weight * float(np.log(max(prior, 1e-6))) + best / self.game_temperature

    # ------------------------------------------------------------------ the file

    def save(self, path: Path) -> None:
        arrays = {
            **self.passages.arrays("passages"),
            **self.answerable_head.arrays("answerable"),
            **self.checks.arrays("checks"),
        }
        numbers = [
            self.passage_calibration.a,
            self.passage_calibration.b,
            self.answerable_calibration.a,
            self.answerable_calibration.b,
            self.abstain_below,
            self.check_at,
            self.game_temperature,
            self.prior_weight,
        ]
        save_weights(path, arrays, numbers, self.meta)


def shipped_reader() -> Reader:
    """The reader in use: the one `referee train --reader` wrote in the user's data folder, else the
    package's; read once per process (and again if `referee train` replaced it)."""
    return read_once(load_reader, trained_or_shipped(READER_FILE))


def load_reader(path: Path = READER_FILE) -> Reader:
    def build(arrays: dict[str, np.ndarray], n: np.ndarray, meta: dict) -> Reader:
        return Reader(
            passages=Head.from_arrays(arrays, "passages"),
            answerable_head=Head.from_arrays(arrays, "answerable"),
            checks=Head.from_arrays(arrays, "checks"),
            passage_calibration=Platt(float(n[0]), float(n[1])),
            answerable_calibration=Platt(float(n[2]), float(n[3])),
            abstain_below=float(n[4]),
            check_at=float(n[5]),
            game_temperature=float(n[6]),
            prior_weight=float(n[7]),
            meta=meta,
        )

    return load_weights(path, "reader", build)

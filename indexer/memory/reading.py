"""One question read against one game: the candidates ranked, the odds, the choices to offer.

`rank_game` is what `ask` calls per game it reads; `choose_game` picks, when no game was named,
the game whose best candidate ranks best once the search's odds of that game are weighed in.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from referee import store
from referee.indexer.answering.passages import Passage
from referee.indexer.memory.bank import Memory, Remembered, load_memory, local_file
from referee.indexer.memory.candidates import FEATURES, Candidates, gather_candidates
from referee.indexer.memory.ranker import Ranker, question_row
from referee.indexer.reader.reader import Reader
from referee.indexer.search.results import Hit, ParsedQuestion
from referee.indexer.search.searcher import Searcher

CHOICES = 3


@dataclass
class Option:
    """A candidate worth showing: the passage, its calibrated odds, the remembered question for it."""

    passage: Passage
    right: float
    asked: Remembered | None


@dataclass
class GameRanking:
    game: str
    hits: list[Hit]
    candidates: Candidates
    logits: np.ndarray
    order: np.ndarray  # candidates' indices, best first
    right: float  # calibrated: the first passage is the answer
    answerable: float  # calibrated: the book answers the question
    options: list[Option]  # the first passage and the distinct ones after it (up to CHOICES)

    @property
    def best(self) -> Passage | None:
        return self.candidates.passages[int(self.order[0])] if len(self.order) else None

    @property
    def top_logit(self) -> float:
        return float(self.logits[self.order[0]]) if len(self.order) else -10.0


def _distinct(ranking_passages: list[Passage], order: np.ndarray, limit: int) -> list[int]:
    """The best passages that are not the same words again (a passage inside another, or one
    sentence of the same entry told twice)."""
    kept: list[int] = []
    for i in order:
        p = ranking_passages[int(i)]
        if any(
            q.entry.id == p.entry.id and (q.quote in p.quote or p.quote in q.quote)
            for q in (ranking_passages[k] for k in kept)
        ):
            continue
        kept.append(int(i))
        if len(kept) >= limit:
            break
    return kept


def rank_game(
    searcher: Searcher,
    reader: Reader,
    ranker: Ranker,
    memory: Memory,
    hits: list[Hit],
    question: ParsedQuestion,
    game: str,
    query: str,
) -> GameRanking:
    cands = gather_candidates(searcher, reader, memory, hits, question, game, query)
    logits = ranker.trees.logits(cands.features) if len(cands.passages) else np.zeros(0)
    order = np.argsort(-logits, kind="stable")
    order = _rejected_last(cands, order)
    answerable = float(ranker.answerable.probability(question_row(logits, cands.features, FEATURES)[None, :])[0])
    right = float(ranker.right(logits[order[0]])) if len(order) else 0.0
    options = []
    for i in _distinct(cands.passages, order, CHOICES):
        voters = cands.voters[i]
        options.append(Option(cands.passages[i], float(ranker.right(logits[i])), voters[0].item if voters else None))
    return GameRanking(game, hits, cands, logits, order, right, answerable, options)


REJECTED_AT = 0.9  # a passage marked wrong for a question at least this close is not put first


def _rejected_last(cands: Candidates, order: np.ndarray) -> np.ndarray:
    """Passages the player marked wrong for a question this close go behind the others."""
    rejected = [n.item for n in cands.neighbours if n.item.kind == "rejected" and n.similarity >= REJECTED_AT]
    if not rejected:
        return order
    bad = {
        i
        for i, p in enumerate(cands.passages)
        for r in rejected
        if r.entry == p.entry.id and r.gold and r.gold[0] in p.quote
    }
    return np.array([i for i in order if i not in bad] + [i for i in order if i in bad], dtype=np.int64)


def game_score(ranking: GameRanking, likelihood: float, weight: float) -> float:
    """How well a game answers: its best candidate's score and the search's odds of the game."""
    return ranking.top_logit + weight * math.log(max(likelihood, 1e-4))


_LOADED: dict[tuple, Memory] = {}


def memory_of(searcher: Searcher, local: Path | None = None) -> Memory:
    """The memory for this knowledge base and model, read once per process (again when the
    local memory changes)."""
    local = local if local is not None else local_file()
    try:
        stamp = local.stat().st_mtime_ns
    except OSError:
        stamp = 0
    games = tuple(sorted(g["id"] for g in store.games(searcher.db)))
    key = (searcher.db_path, searcher.index.config.model, games, local, stamp)
    if key not in _LOADED:
        if len(_LOADED) > 3:
            _LOADED.clear()
        _LOADED[key] = load_memory(searcher.db_path, searcher.index.config.model, searcher.encoder, games, local=local)
    return _LOADED[key]

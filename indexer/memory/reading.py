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
from referee.books.entries import ABOUT_THE_BOOK
from referee.indexer.answering.passages import Passage
from referee.indexer.memory.bank import Memory, Remembered, load_memory, local_file
from referee.indexer.memory.candidates import FEATURES, OWN_MEMORY, Candidates, gather_candidates
from referee.indexer.memory.ranker import Ranker, new_book_row, question_row
from referee.indexer.reader.reader import Reader
from referee.indexer.search.results import Hit, ParsedQuestion, SearchResult
from referee.indexer.search.searcher import Searcher
from referee.names import BookWords, GameChoice, game_terms, without_game_names

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
    abstain_below: float = 0.0  # under this `answerable`, the book does not say

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


def rank_game(ranker: Ranker, cands: Candidates, hits: list[Hit], question: ParsedQuestion) -> GameRanking:
    """One game's candidates (`gather_candidates` from `hits`) ranked for the question."""
    logits = ranker.trees.logits(cands.features) if len(cands.passages) else np.zeros(0)
    order = np.argsort(-logits, kind="stable")
    order = _about_the_book_last(cands.passages, _row_first(cands.passages, logits, _rejected_last(cands, order)))
    if cands.own_memory < OWN_MEMORY and ranker.new_book is not None:
        # a book with (almost) no remembered questions of its own: read by what does not need them
        row = new_book_row(logits, cands, FEATURES)
        answerable = float(ranker.new_book.probability(row[None, :])[0])
        abstain_below = ranker.new_book_below_cross if cands.cross else ranker.new_book_below
    else:
        answerable = float(ranker.answerable.probability(question_row(logits, cands.features, FEATURES)[None, :])[0])
        abstain_below = ranker.abstain_below
    right = float(ranker.right(logits[order[0]])) if len(order) else 0.0
    options = []
    for i in _distinct(cands.passages, order, CHOICES):
        voters = cands.voters[i]
        options.append(Option(cands.passages[i], float(ranker.right(logits[i])), voters[0].item if voters else None))
    return GameRanking(cands.game, hits, cands, logits, order, right, answerable, options, abstain_below)


def _row_first(passages: list[Passage], logits: np.ndarray, order: np.ndarray) -> np.ndarray:
    """A table ranked first read whole yields to its row that the question's own number selects
    (a row passage exists only then): the row is inside the table, so when the table answers the
    row does, at its own grain ("6 inch pass" -> the 4" to 8" row, not ten rows); it takes the
    table's score (`logits` is changed in place) so its odds are the table's."""
    if not len(order):
        return order
    first = int(order[0])
    if passages[first].grain != "whole" or passages[first].entry.kind != "table":
        return order
    same = passages[first].entry.id
    row = next((int(i) for i in order if passages[int(i)].grain == "row" and passages[int(i)].entry.id == same), None)
    if row is None:
        return order
    logits[row] = max(logits[row], logits[first])
    return np.array([row] + [int(i) for i in order if int(i) != row], dtype=np.int64)


def _about_the_book_last(passages: list[Passage], order: np.ndarray) -> np.ndarray:
    """A cover, licence or credits passage never leads an answer (it may follow the rules)."""
    aside = [int(i) for i in order if passages[int(i)].entry.kind in ABOUT_THE_BOOK]
    if not aside:
        return order
    return np.array([int(i) for i in order if int(i) not in aside] + aside, dtype=np.int64)


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


def game_score(ranking: GameRanking, likelihood: float, share: float, ranker: Ranker) -> float:
    """How well a game answers: its best candidate's score, the search's odds of the game, and the
    share of the nearest remembered questions that are this game's (weights fit by `referee train`)."""
    return ranking.top_logit + ranker.game_weight * math.log(max(likelihood, 1e-4)) + ranker.memory_weight * share


GAME_NEIGHBOURS = 10
# The game scores are the ranker's raw logits, weighed to pick the right game (`referee train`), not
# to say how likely it is: a softmax at 1 put 97% on Takkure for "How many players?". Divided by a
# temperature fit by the log-likelihood of the right game on the development question sets
# (benchmarks/game_sureness.py, records/2026-12-02-phone-fixes.md): one for a question holding a
# word of one game's own (`referee.names.game_terms`; the likeliest game right 95% of the time, it
# claimed 98%, now 93%), a wider one for a question with none, which fits several books (right
# 70%: it claimed 90%, now 77%). One temperature for every game: the likeliest game stays first.
GAME_TEMPERATURE = 2.5
GAME_TEMPERATURE_WORDED = 2.25


def memory_shares(memory: Memory, vector: np.ndarray, skip=None) -> dict[str, float]:
    """Each game's share of the similarity of the nearest remembered questions (any game)."""
    near = [n for n in memory.nearest(vector, None, GAME_NEIGHBOURS, skip) if n.item.kind != "rejected"]
    total = sum(max(n.similarity, 0.0) for n in near) or 1.0
    shares: dict[str, float] = {}
    for n in near:
        shares[n.item.game] = shares.get(n.item.game, 0.0) + max(n.similarity, 0.0) / total
    return shares


RIVALS = 3  # games read when none was named: the search's likeliest, and the memory's first
CLOSE = 0.25  # a book at least this likely beside the answering one is "close": its best answer is shown too
SEARCHED = 10


def read_games(
    searcher: Searcher, reader: Reader, ranker: Ranker, memory: Memory, result: SearchResult, skip=None
) -> tuple[list[GameRanking], dict[str, float]]:
    """With no game named: the search's likeliest games and the memory's first, each ranked; and
    each game's share of the nearest remembered questions."""
    question = result.question
    assert question is not None
    shares = memory_shares(memory, question.vector, skip)
    games = [g for g, _ in sorted(result.likelihood.items(), key=lambda item: -item[1])[:RIVALS]]
    games += [g for g, _ in sorted(shares.items(), key=lambda item: -item[1])[:1] if g not in games]
    read = []
    for game in games:
        if game == result.game:
            hits = result.game_hits or [h for h in result.hits if h.entry.game == game]
        else:
            hits = searcher.search(result.query, GameChoice.given(game), limit=SEARCHED).hits
        cands = gather_candidates(searcher, reader, memory, hits, question, game, result.query, skip)
        read.append(rank_game(ranker, cands, hits, question))
    return read, shares


def game_scores(
    read: list[GameRanking], likelihood: dict[str, float], shares: dict[str, float], ranker: Ranker
) -> dict[str, float]:
    return {r.game: game_score(r, likelihood.get(r.game, 0.0), shares.get(r.game, 0.0), ranker) for r in read}


def game_odds(
    read: list[GameRanking],
    likelihood: dict[str, float],
    shares: dict[str, float],
    ranker: Ranker,
    temperature: float = GAME_TEMPERATURE,
):
    scores = np.array(list(game_scores(read, likelihood, shares, ranker).values())) / temperature
    z = np.exp(scores - scores.max())
    z /= z.sum()
    return {r.game: round(float(p), 3) for r, p in zip(read, z, strict=True)}


def rank_games(
    searcher: Searcher, reader: Reader, ranker: Ranker, memory: Memory, result: SearchResult, skip=None
) -> tuple[GameRanking, dict[str, float], list[GameRanking]]:
    """The answering game's ranking, every game read with its odds (empty when the game was
    given or named), and the other games close enough to show."""
    question = result.question
    assert question is not None
    if not result.choice.inferred or len(result.likelihood) < 2:
        hits = result.game_hits or [h for h in result.hits if h.entry.game == result.game]
        cands = gather_candidates(searcher, reader, memory, hits, question, result.game, result.query, skip)
        return rank_game(ranker, cands, hits, question), {}, []
    read, shares = read_games(searcher, reader, ranker, memory, result, skip)
    worded = bool(question_terms(searcher, result.query))
    odds = game_odds(read, result.likelihood, shares, ranker, GAME_TEMPERATURE_WORDED if worded else GAME_TEMPERATURE)
    read.sort(key=lambda r: -odds[r.game])
    close = [r for r in read[1:] if odds[r.game] >= CLOSE and r.best is not None]
    return read[0], odds, close


_WORDS: dict[tuple, dict[str, dict[str, int]]] = {}


def question_terms(searcher: Searcher, query: str) -> dict[str, list[str]]:
    """The words of the question that are one game's own (`referee.names.game_terms`), the words
    that only name a game ("in Takkure") left out; each game's word counts read once per
    knowledge base."""
    key = (searcher.db_path, store.fingerprint(searcher.db))
    if key not in _WORDS:
        _WORDS.clear()
        _WORDS[key] = store.game_words(searcher.db)
    return game_terms(without_game_names(query, store.games(searcher.db)), _WORDS[key])


_BOOKS: dict[tuple, BookWords] = {}


def book_words_of(searcher: Searcher) -> BookWords:
    """`store.book_words`, read once per knowledge base."""
    key = (searcher.db_path, store.fingerprint(searcher.db))
    if key not in _BOOKS:
        _BOOKS.clear()
        _BOOKS[key] = store.book_words(searcher.db)
    return _BOOKS[key]


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

"""Hybrid search: dense vectors (entries and their sentences) + BM25, routed to one game.

The score of an entry is the cosine of the whole entry plus the cosine of its best
sentence, a small BM25 term for exact words, and a small penalty for informative text
(examples, tips, flavour, notes) so that the rule itself comes before its illustration.
The weights were chosen on the development set's structure, not per question: see the
README for the measured alternatives.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from indexer.encoder import Encoder, query_encoder
from indexer.index import SENTENCE_UNIT, LoadedIndex, load_index
from indexer.lexical import bm25_scores
from kb import store
from kb.errors import RefereeError
from kb.text import sentences

MAX_QUERY_CHARS = 2000
BM25_WEIGHT = 0.03
INFORMATIVE_PENALTY = 0.04
CANDIDATES = 400


@dataclass
class Hit:
    entry: dict[str, Any]
    score: float
    best_sentence: str | None = None

    def to_dict(self) -> dict[str, Any]:
        e = self.entry
        return {
            "id": e["id"],
            "game": e["game"],
            "section": e["section"],
            "title": e["title"],
            "path": e["path"],
            "kind": e["kind"],
            "text": e["text"],
            "score": round(float(self.score), 4),
        }


@dataclass
class SearchResult:
    query: str
    game: str
    game_source: str  # "given", "default", "inferred"
    hits: list[Hit] = field(default_factory=list)
    route_scores: dict[str, float] = field(default_factory=dict)


def clean_query(query: str) -> str:
    query = re.sub(r"\s+", " ", query).strip()
    if not query:
        raise RefereeError("the question is empty")
    return query[:MAX_QUERY_CHARS]


class Searcher:
    """Loads the index and the query encoder once; answers many questions (warm)."""

    def __init__(self, db_path: Path, encoder: Encoder | None = None) -> None:
        self.db_path = db_path
        self.db = store.open_db(db_path)
        self.index: LoadedIndex = load_index(db_path)
        self.encoder = encoder or query_encoder(self.index.config.model)
        self._games = store.games(self.db)

    # ------------------------------------------------------------ routing

    def named_game(self, query: str) -> str | None:
        """A game the question names by id, title or alias (word boundaries, any case)."""
        text = query.casefold()
        found = set()
        for game in self._games:
            for name in {game["id"], game["title"], *game["aliases"]}:
                if re.search(rf"(?<!\w){re.escape(name.casefold())}(?!\w)", text):
                    found.add(game["id"])
        return found.pop() if len(found) == 1 else None

    def route(self, query: str, vector: np.ndarray) -> tuple[str, dict[str, list[tuple[int, float, int]]]]:
        """The game the question names, else the game whose best entry scores highest."""
        ranked = {g: self._fused(query, vector, g) for g in self.index.game_units}
        named = self.named_game(query)
        if named:
            return named, ranked
        return max(ranked, key=lambda g: ranked[g][0][1]), ranked

    # ------------------------------------------------------------ scoring

    def _dense(self, vector: np.ndarray, game: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per entry of the game: best whole-entry cosine, best sentence cosine, that sentence's unit."""
        import faiss

        lo, hi = self.index.game_units[game]
        k = min(hi - lo, CANDIDATES)
        params = faiss.SearchParameters(sel=faiss.IDSelectorRange(lo, hi))
        if hasattr(self.index.faiss, "nprobe"):
            params = faiss.SearchParametersIVF(sel=faiss.IDSelectorRange(lo, hi), nprobe=32)
        scores, units = self.index.faiss.search(vector.reshape(1, -1), k, params=params)
        scores, units = scores[0], units[0]
        keep = units >= 0
        scores, units = scores[keep], units[keep]
        floor = float(scores.min()) if len(scores) else 0.0
        n = len(self.index.entry_ids)
        entry_best = np.full(n, floor, dtype=np.float32)
        sentence_best = np.full(n, floor, dtype=np.float32)
        sentence_unit = np.full(n, -1, dtype=np.int64)
        entries = self.index.unit_entry[units]
        is_sentence = self.index.unit_kind[units] == SENTENCE_UNIT
        np.maximum.at(entry_best, entries[~is_sentence], scores[~is_sentence])
        # visit sentences best-first so the first write per entry is its best sentence
        for unit, entry, score in zip(units[is_sentence], entries[is_sentence], scores[is_sentence], strict=True):
            if sentence_unit[entry] < 0:
                sentence_unit[entry] = unit
                sentence_best[entry] = score
        candidates = self.index.game_entries[game]
        return entry_best[candidates] + sentence_best[candidates], candidates, sentence_unit[candidates]

    def _fused(self, query: str, vector: np.ndarray, game: str) -> list[tuple[int, float, int]]:
        dense, candidates, sentence_units = self._dense(vector, game)
        lexical = bm25_scores(self.db, query, game)
        top_lexical = max(lexical.values(), default=0.0) or 1.0
        ids = self.index.entry_ids
        bonus = np.array([lexical.get(ids[i], 0.0) / top_lexical for i in candidates], dtype=np.float32)
        penalty = self.index.informative[candidates].astype(np.float32)
        fused = dense + BM25_WEIGHT * bonus - INFORMATIVE_PENALTY * penalty
        order = np.argsort(-fused, kind="stable")
        return [(int(candidates[i]), float(fused[i]), int(sentence_units[i])) for i in order]

    def _sentence(self, entry: dict[str, Any], unit: int) -> str | None:
        if unit < 0:
            return None
        found = sentences(entry["text"])
        number = int(self.index.unit_sentence[unit])
        return found[number] if 0 <= number < len(found) else None

    def search(self, query: str, game: str | None = None, limit: int = 10, game_source: str = "given") -> SearchResult:
        query = clean_query(query)
        if limit < 1:
            raise RefereeError("--limit must be at least 1")
        vector = self.encoder.queries([query])[0]
        if game is None:
            game, per_game = self.route(query, vector)
            game_source = "inferred"
            ranked = per_game[game][:limit]
            route_scores = {g: round(r[0][1], 4) for g, r in per_game.items()}
        else:
            game = store.resolve_game(self.db, game)
            if game not in self.index.game_units:
                raise RefereeError(f"game {game!r} is not in the search index: run `referee index`")
            ranked = self._fused(query, vector, game)[:limit]
            route_scores = {}
        rows = store.entries_by_ids(self.db, [self.index.entry_ids[i] for i, _, _ in ranked])
        hits = [
            Hit(rows[self.index.entry_ids[i]], score, self._sentence(rows[self.index.entry_ids[i]], unit))
            for i, score, unit in ranked
        ]
        return SearchResult(query, game, game_source, hits, route_scores)

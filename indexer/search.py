"""Hybrid search: dense vectors (entries and their sentences) + BM25, routed to one game.

The score of an entry is the cosine of the whole entry plus the cosine of its best
sentence, a small BM25 term for exact words, and a small penalty for informative text
(examples, tips, flavour, notes) so that the rule itself comes before its illustration.
The weights were chosen on the development set's structure, not per question: see the
README for the measured alternatives.
"""

from __future__ import annotations

import json
import math
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
from kb.links import norm
from kb.text import sentences

MAX_QUERY_CHARS = 2000
BM25_WEIGHT = 0.03
INFORMATIVE_PENALTY = 0.04
TERM_BOOST = 0.04  # the entry defining a term the question names
TERM_SECTION_BOOST = 0.02  # the rest of that term's section
CANDIDATES = 400
TERM_CANDIDATES = 60  # term boosts reorder the head of the list only
MAX_TERM_WORDS = 4


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


def _term_table(db) -> dict[str, dict[str, tuple[str, float]]]:
    """game -> normalised term or alias -> (defining entry, specificity 0..1)."""
    sizes = {g["id"]: max(2, g["entries"]) for g in store.games(db)}
    table: dict[str, dict[str, tuple[str, float]]] = {}
    for row in db.query("select game, term, entry, aliases, uses from terms"):
        n = sizes.get(row["game"], 2)
        weight = max(0.0, math.log(n / (1 + (row["uses"] or 0))) / math.log(n))
        for form in {norm(row["term"]), *(norm(a) for a in json.loads(row["aliases"]))}:
            if len(form) >= 3:
                table.setdefault(row["game"], {})[form] = (row["entry"], weight)
    return table


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
        self._terms = _term_table(self.db)

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
        # routing compares games on text similarity alone: term boosts are per-game bonuses
        ranked = {g: self._fused(query, vector, g, with_terms=False) for g in self.index.game_units}
        game = self.named_game(query) or max(ranked, key=lambda g: ranked[g][0][1])
        return game, {**ranked, game: self._fused(query, vector, game)}

    # ------------------------------------------------------------ scoring

    def _dense(self, vector: np.ndarray, game: str, extra: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """For the entries the vectors or `extra` bring up: best whole-entry cosine + best sentence
        cosine, and that sentence's unit. Entries neither side found cannot reach the top."""
        import faiss

        lo, hi = self.index.game_units[game]
        k = min(hi - lo, CANDIDATES)
        params = faiss.SearchParameters(sel=faiss.IDSelectorRange(lo, hi))
        if hasattr(self.index.faiss, "nprobe"):
            params = faiss.SearchParametersIVF(sel=faiss.IDSelectorRange(lo, hi), nprobe=32)
        scores, units = self.index.faiss.search(vector.reshape(1, -1), k, params=params)
        keep = units[0] >= 0
        scores, units = scores[0][keep], units[0][keep]
        floor = float(scores.min()) if len(scores) else 0.0
        entries = self.index.unit_entry[units]
        candidates = np.union1d(entries, extra).astype(np.int64)
        slot = np.searchsorted(candidates, entries)
        entry_best = np.full(len(candidates), floor, dtype=np.float32)
        sentence_best = np.full(len(candidates), floor, dtype=np.float32)
        sentence_unit = np.full(len(candidates), -1, dtype=np.int64)
        is_sentence = self.index.unit_kind[units] == SENTENCE_UNIT
        np.maximum.at(entry_best, slot[~is_sentence], scores[~is_sentence])
        # faiss returns the best first, so the first sentence seen for an entry is its best
        for unit, place, score in zip(units[is_sentence], slot[is_sentence], scores[is_sentence], strict=True):
            if sentence_unit[place] < 0:
                sentence_unit[place] = unit
                sentence_best[place] = score
        return entry_best + sentence_best, candidates, sentence_unit

    def _named_terms(self, query: str, game: str) -> dict[str, float]:
        """Defining entries of the terms the question names, weighted by how rare the term is."""
        table = self._terms.get(game, {})
        words = norm(query).split()
        found: dict[str, float] = {}
        for size in range(1, MAX_TERM_WORDS + 1):
            for i in range(len(words) - size + 1):
                hit = table.get(" ".join(words[i : i + size]))
                if hit:
                    found[hit[0]] = max(found.get(hit[0], 0.0), hit[1])
        return found

    def _term_bonus(self, query: str, game: str, candidates: np.ndarray) -> np.ndarray:
        named = self._named_terms(query, game)
        bonus = np.zeros(len(candidates), dtype=np.float32)
        if not named:
            return bonus
        ids = [self.index.entry_ids[i] for i in candidates]
        sections = store.sections_of(self.db, [*named, *ids])
        section_weight: dict[str, float] = {}
        for entry, weight in named.items():
            key = sections.get(entry) or ""
            section_weight[key] = max(section_weight.get(key, 0.0), weight)
        for k, entry in enumerate(ids):
            if entry in named:
                bonus[k] = TERM_BOOST * named[entry]
            elif sections.get(entry) in section_weight:
                bonus[k] = TERM_SECTION_BOOST * section_weight[sections[entry]]
        return bonus

    def _fused(
        self, query: str, vector: np.ndarray, game: str, with_terms: bool = True
    ) -> list[tuple[int, float, int]]:
        lexical = bm25_scores(self.db, query, game)
        top_lexical = max(lexical.values(), default=0.0) or 1.0
        found = np.array([self.index.entry_index[e] for e in lexical if e in self.index.entry_index], dtype=np.int64)
        dense, candidates, sentence_units = self._dense(vector, game, found)
        ids = self.index.entry_ids
        bonus = np.array([lexical.get(ids[i], 0.0) / top_lexical for i in candidates], dtype=np.float32)
        penalty = self.index.informative[candidates].astype(np.float32)
        fused = dense + BM25_WEIGHT * bonus - INFORMATIVE_PENALTY * penalty
        if with_terms:
            top = np.argsort(-fused, kind="stable")[:TERM_CANDIDATES]
            fused[top] += self._term_bonus(query, game, candidates[top])
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

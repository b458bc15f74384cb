"""What a search returns: the hits (a stored entry, its score, its best sentence), the result
(the game searched and how it was chosen, each game's likelihood), and the parsed question the
answering layer reads again."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np

from referee.names import GameChoice
from referee.store import StoredEntry


class ParsedQuestion(NamedTuple):
    """What is derived from a question once, before any game is scored."""

    text: str  # game names taken out
    vector: np.ndarray
    terms: list[str]  # the words worth matching (`match_terms`)
    language: str  # told by script
    bridged: dict[str, list[str]]  # book language -> the question's words in it (`bridge`)
    reread: dict[str, np.ndarray]  # book language -> the question read in it (`Bridged.reading`), embedded


@dataclass
class Hit:
    entry: StoredEntry
    score: float
    best_sentence: str | None = None
    passage: str | None = None  # the best sentence, with its neighbour when that is the second best

    def to_json(self) -> dict[str, Any]:
        """The entry's one shape (`StoredEntry.to_json`) with the hit's score."""
        return {**self.entry.to_json(), "score": round(float(self.score), 4)}


@dataclass
class SearchResult:
    query: str
    game: str  # the game searched, or when inferred the likeliest (the one that answers)
    choice: GameChoice  # how the game was chosen
    hits: list[Hit] = field(default_factory=list)
    likelihood: dict[str, float] = field(default_factory=dict)  # per game, when the game was inferred
    question: ParsedQuestion | None = None  # what was derived from the query (vectors, terms, bridge)
    game_hits: list[Hit] = field(default_factory=list)  # the answering game's own ranking

    @property
    def game_source(self) -> str:
        return self.choice.label()

    @property
    def parsed(self) -> ParsedQuestion:
        """The question as the search read it: every `Searcher.search` sets it."""
        if self.question is None:
            raise ValueError(f"a search result without its parsed question: {self.query!r}")
        return self.question

    def hits_json(self) -> list[dict[str, Any]]:
        """What `referee search --json` prints and the web API's /api/search returns."""
        return [hit.to_json() for hit in self.hits]

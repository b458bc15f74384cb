"""The reader's training and judging examples: our question sets run through the real search.

Every question of data/reader/ (players' questions, the books' silences, the check questions) is
searched in its game as `ask` would search it and its candidates gathered exactly as `ask`
gathers them (`reader.gather`), so the heads are trained on what they will read at the table.
A passage is labelled right when it holds a gold passage (the evaluation's rule).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from referee.errors import RefereeError
from referee.indexer.evaluate import hits_gold
from referee.indexer.reader.reader import DEPTH, Gathered, gather
from referee.indexer.search.results import Hit, ParsedQuestion
from referee.indexer.search.searcher import Searcher
from referee.names import GameChoice

SETS = {"players": "players.jsonl", "silent": "silent.jsonl", "checks": "checks.jsonl"}


@dataclass
class Example:
    item: dict[str, Any]  # the question's line
    kind: str  # answerable | silent | settles | near-miss
    gathered: Gathered
    labels: np.ndarray  # per passage: holds a gold passage
    hits: list[Hit]
    question: ParsedQuestion
    likelihood: dict[str, float]  # per game, from a search with no game given (empty when not asked)

    @property
    def split(self) -> str:
        return self.item["split"]

    @property
    def answerable(self) -> bool:
        return self.kind in ("answerable", "near-miss") and bool(self.item.get("gold"))


def load_sets(folder: Path) -> list[dict[str, Any]]:
    """Every line of the reader's sets, tagged with its kind."""
    items = []
    for name, file in SETS.items():
        path = folder / file
        if not path.is_file():
            raise RefereeError(f"{path}: question set not found")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError as exc:
                raise RefereeError(f"{path}:{number}: not JSON ({exc.msg})") from None
            item["kind"] = {"players": "answerable", "silent": "silent"}.get(name, item.get("kind"))
            items.append(item)
    return items


def gather_example(searcher: Searcher, item: dict[str, Any], across_games: bool = False) -> Example:
    query = item["q"]
    result = searcher.search(query, GameChoice.given(item["game"]), limit=max(10, DEPTH))
    hits = result.game_hits or result.hits
    gathered = gather(searcher, hits, result.question, result.game, result.query)
    gold = item.get("gold") or []
    labels = np.array([bool(gold) and hits_gold("", p.quote, gold) for p in gathered.passages], dtype=bool)
    likelihood = searcher.search(query, None, limit=DEPTH).likelihood if across_games else {}
    return Example(item, item["kind"], gathered, labels, hits, result.question, likelihood)


def gather_examples(
    searcher: Searcher, items: Iterable[dict[str, Any]], progress: Callable[[int], None] | None = None
) -> list[Example]:
    out = []
    for item in items:
        out.append(gather_example(searcher, item, across_games=item["kind"] == "answerable"))
        if progress:
            progress(1)
    return out

"""The reader's training and judging examples: our question sets run through the real search.

Every question of data/reader/ (players' questions, the books' silences, the check questions) is
searched in its game as `ask` would search it and its candidates gathered exactly as `ask`
gathers them (`reader.gather`), so the heads are trained on what they will read at the table.
A passage is labelled right when it holds a gold passage (the evaluation's rule).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from referee.errors import RefereeError
from referee.indexer.evaluate import hits_gold
from referee.indexer.reader.choosing import LIMIT, rivals
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
    rivals: dict[str, Gathered] = field(default_factory=dict)  # the other likeliest games, gathered

    @property
    def split(self) -> str:
        return self.item["split"]

    @property
    def targets(self) -> np.ndarray:
        """The right passages at the answer's grain: a right passage holding a shorter right one of
        its entry (two sentences around the one that answers, a table around its row) is not the
        answer, though it holds it. What the passage head is trained to put first."""
        passages = self.gathered.passages
        right = [n for n, y in enumerate(self.labels) if y]
        out = self.labels.copy()
        for n in right:
            p = passages[n]
            out[n] = not any(
                m != n
                and passages[m].entry.id == p.entry.id
                and len(passages[m].quote) < len(p.quote)
                and passages[m].quote in p.quote
                for m in right
            )
        return out

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


def _gathered_in(searcher: Searcher, query: str, game: str) -> tuple[Gathered, list[Hit], ParsedQuestion]:
    result = searcher.search(query, GameChoice.given(game), limit=max(LIMIT, DEPTH))
    hits = result.game_hits or result.hits
    return gather(searcher, hits, result.parsed, result.game, result.query), hits, result.parsed


def gather_example(
    searcher: Searcher, item: dict[str, Any], across_games: bool = False, with_rivals: bool = False
) -> Example:
    """`across_games`: also the search's odds of each game with none given; `with_rivals`: and
    the other likeliest games' candidates, as `ask` reads them when no game is named."""
    query = item["q"]
    gathered, hits, question = _gathered_in(searcher, query, item["game"])
    gold = item.get("gold") or []
    labels = np.array([bool(gold) and hits_gold("", p.quote, gold) for p in gathered.passages], dtype=bool)
    likelihood = searcher.search(query, None, limit=DEPTH).likelihood if across_games or with_rivals else {}
    others = (
        {g: _gathered_in(searcher, query, g)[0] for g in rivals(likelihood) if g != item["game"]} if with_rivals else {}
    )
    return Example(item, item["kind"], gathered, labels, hits, question, likelihood, others)


def gather_examples(
    searcher: Searcher,
    items: Iterable[dict[str, Any]],
    progress: Callable[[int], None] | None = None,
    across_games: bool = True,
) -> list[Example]:
    """`across_games`: dev's answerable questions are also read in their likeliest games (to fit
    how the reader chooses a game when none is named)."""
    out = []
    for item in items:
        rival = across_games and item["kind"] == "answerable" and item["split"] == "dev"
        out.append(gather_example(searcher, item, with_rivals=rival))
        if progress:
            progress(1)
    return out

"""An ask made cheaper answers exactly as before: the trees walked all at once score as one tree
at a time, the memory's nearest questions come in the order a whole sort gives, and an ask is the
same whether the searcher's caches are cold or warm (docs/records/2026-12-02-table-load.md)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from support.rules import all_checks

from referee import store
from referee.indexer.answering.answer import ask
from referee.indexer.memory.bank import Memory, Remembered
from referee.indexer.memory.ranker import RANKER_FILE, Trees, load_ranker
from referee.indexer.search.searcher import Searcher
from referee.names import choose_game

ROOT = Path(__file__).resolve().parent.parent


def one_tree_at_a_time(trees: Trees, x: np.ndarray) -> np.ndarray:
    """The oracle: each row walked down each tree in turn, the leaves added in the trees' order."""
    out = []
    for row in np.asarray(x, dtype=np.float64):
        total = trees.baseline
        for f, t, left, right, leaf, value, missing in zip(
            trees.feature, trees.threshold, trees.left, trees.right, trees.leaf, trees.value, trees.missing_left,
            strict=True,
        ):  # fmt: skip
            node = 0
            while not leaf[node]:
                v = row[f[node]]
                node = (left if (missing[node] if math.isnan(v) else v <= t[node]) else right)[node]
            total += value[node]
        out.append(total)
    return np.array(out, dtype=np.float64)


def test_the_trees_walked_all_at_once_score_to_the_bit_as_one_tree_at_a_time() -> None:
    trees = load_ranker(RANKER_FILE).trees
    width = int(max(f.max() for f in trees.feature)) + 1
    rng = np.random.default_rng(7)
    x = rng.normal(scale=3.0, size=(60, width))
    splits = [(int(f[n]), float(t[n])) for f, t, leaf in zip(trees.feature, trees.threshold, trees.leaf, strict=True)
              for n in np.flatnonzero(~leaf)]  # fmt: skip
    for row in x:  # values on a split's very threshold: they go left, as the trees were fit
        for k in rng.choice(len(splits), size=width, replace=False):
            row[splits[k][0]] = splits[k][1]
    x[rng.random(x.shape) < 0.05] = np.nan  # missing values go where the trees learned to send them
    assert np.array_equal(trees.logits(x), one_tree_at_a_time(trees, x))  # equal, not close
    assert np.array_equal(trees.logits(x[:1]), one_tree_at_a_time(trees, x[:1]))
    assert trees.logits(x[:0]).shape == (0,)


def whole_sort(memory: Memory, vector: np.ndarray, game: str | None, k: int) -> list[tuple[str, float]]:
    """The oracle: every row's similarity, other games' set aside, all of them sorted stably."""
    v = vector / max(float(np.linalg.norm(vector)), 1e-12)
    sims = memory.vectors @ v
    if game is not None:
        sims = np.where(np.array([i.game for i in memory.items]) == game, sims, -2.0)
    order = [int(i) for i in np.argsort(-sims, kind="stable") if sims[i] > -1.5][:k]
    return [(memory.items[i].id, float(sims[i])) for i in order]


def test_the_nearest_remembered_questions_come_as_a_whole_sort_puts_them_ties_included() -> None:
    rng = np.random.default_rng(3)
    games = ["ta-ke", "tacocat", "takkure"]
    items = [Remembered(f"m-{n}", games[n % 3], f"Question {n}?", "silent", None, (), "test") for n in range(90)]
    vectors = rng.normal(size=(90, 8)).astype(np.float32)
    vectors[40:50] = vectors[5]  # ties: the same question kept ten times over
    memory = Memory(items, vectors)
    for probe in (vectors[5], rng.normal(size=8).astype(np.float32)):
        for game in (None, *games, "touchdown-heroes"):
            for k in (0, 1, 5, 12, 40, 200):
                got = [(n.item.id, n.similarity) for n in memory.nearest(probe, game, k)]
                assert got == whole_sort(memory, probe, game, k), (game, k)
                assert [n.rank for n in memory.nearest(probe, game, k)] == list(range(len(got)))


DEV = ROOT / "data" / "questions-dev.jsonl"


def answered(searcher: Searcher, question: str, game: str | None) -> str:
    choice = choose_game(store.games(searcher.db), question, given=game)
    return json.dumps(ask(searcher, question, all_checks().values(), choice).to_json(), sort_keys=True)


@pytest.mark.model
def test_an_ask_answers_the_same_whatever_its_searcher_kept_from_the_asks_before(
    indexed_db: Path, searcher: Searcher
) -> None:
    lines = [json.loads(line) for line in DEV.read_text(encoding="utf-8").splitlines()[:12:3]]
    asks = [(item["q"], g) for item in lines for g in (item["game"], None)]
    # cold: a searcher of its own per ask (nothing embedded, no unit vector read, no cosine kept)
    cold = [answered(Searcher(indexed_db, encoder=searcher.encoder), q, g) for q, g in asks]
    warm = Searcher(indexed_db, encoder=searcher.encoder)
    for q, g in reversed(asks):  # every question embedded and every entry read, in another order
        answered(warm, q, g)
    assert [answered(warm, q, g) for q, g in asks] == cold
    warm.forget_embedded()
    assert [answered(warm, q, g) for q, g in asks] == cold

"""A book a player adds has no remembered questions: its abstention is its own model's, over what
does not need them, fit on the shipped books' questions asked without their game's memory."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import numpy as np

from referee.indexer.memory.bank import Memory, Remembered
from referee.indexer.memory.candidates import FEATURES, OWN_MEMORY, Candidates
from referee.indexer.memory.ranker import NEW_BOOK_FEATURES, load_ranker, new_book_row
from referee.indexer.memory.reading import rank_game
from referee.indexer.memory.training import NEW_BOOK_ABSTAIN_ANSWERABLE, Asked, fit_ranker

GAMES = ("ta-ke", "tacocat", "takkure")


def _passages(n: int) -> list[SimpleNamespace]:
    return [
        SimpleNamespace(entry=SimpleNamespace(kind="rule", id=f"g/{i}"), grain="sentence", quote=f"rule {i}")
        for i in range(n)
    ]


def _asked(n: int, rng: np.random.Generator, new_book: bool) -> Asked:
    """Six candidates; a silent question's best passage is far (low cosine) and an off-topic
    remembered question is near it, an answerable one's best passage is close."""
    silent = n % 4 == 0
    features = rng.normal(size=(6, len(FEATURES))).astype(np.float32)
    right = int(rng.integers(6))
    features[:, FEATURES.index("vote_max")] = 0.0
    features[right, FEATURES.index("vote_max")] = 0.9
    features[:, FEATURES.index("cosine")] = rng.uniform(0.70, 0.78, 6) if silent else rng.uniform(0.82, 0.9, 6)
    labels = np.zeros(6, dtype=bool)
    if not silent:
        labels[right] = True
    game = GAMES[n % len(GAMES)]
    item = Remembered(f"q{n}", game, f"question {n}", "silent" if silent else "answerable", None, (), "w")
    cands = Candidates(game, _passages(6), features, [], [[] for _ in range(6)])  # type: ignore[arg-type]
    cands.own_memory = 0 if new_book else 500
    cands.off_topic = float(rng.uniform(0.88, 0.95) if silent else rng.uniform(0.8, 0.86))
    return Asked(item, f"{game}/s{n % 10}", cands, labels, new_book)


def test_a_book_without_memory_gets_its_own_abstention_fit_with_one_book_held_out(tmp_path: Path) -> None:
    rng = np.random.default_rng(3)
    gathered = [_asked(n, rng, new_book=n % 2 == 0) for n in range(480)]
    ranker, _ = fit_ranker(gathered, seed=0, folds=3)
    assert ranker.new_book is not None and len(ranker.new_book.weights) == len(NEW_BOOK_FEATURES)
    held_out = ranker.meta["new_book_held_out"]
    assert sorted(held_out) == sorted(GAMES)
    # the threshold costs about its share of answerable questions, and refuses most silent ones
    refused = [v["answerable_refused"] for v in held_out.values()]
    assert max(refused) <= 3 * NEW_BOOK_ABSTAIN_ANSWERABLE + 0.05
    assert min(v["silent_refused"] for v in held_out.values()) > 0.5
    path = tmp_path / "ranker.npz"
    ranker.save(path)
    again = load_ranker(path)
    assert again.new_book is not None and again.new_book_below == ranker.new_book_below
    assert again.new_book_below_cross == ranker.new_book_below_cross
    assert np.allclose(again.new_book.weights, ranker.new_book.weights)

    # at the table: a game without its own memory is read by the new-book model and its threshold
    silent, answerable = _asked(0, rng, True), _asked(1, rng, True)
    for asked, says in ((silent, False), (answerable, True)):
        ranked = rank_game(ranker, asked.candidates, [], None)  # type: ignore[arg-type]
        row = new_book_row(ranked.logits, asked.candidates, FEATURES)
        assert ranked.abstain_below == ranker.new_book_below
        assert ranked.answerable == float(ranker.new_book.probability(row[None, :])[0])
        assert (ranked.answerable >= ranked.abstain_below) is says
    # a question in another language than the book's meets the threshold set on such questions
    # (here none were asked across languages: it is the common one)
    assert ranker.new_book_below_cross == ranker.new_book_below
    crossed = _asked(1, rng, True)
    crossed.candidates.cross = True
    changed = type(ranker)(**{**ranker.__dict__, "new_book_below_cross": 0.01})
    assert rank_game(changed, crossed.candidates, [], None).abstain_below == 0.01  # type: ignore[arg-type]
    assert rank_game(changed, answerable.candidates, [], None).abstain_below == ranker.new_book_below  # type: ignore[arg-type]
    # a book with its memory keeps the model that reads it
    known = _asked(1, rng, False)
    assert rank_game(ranker, known.candidates, [], None).abstain_below == ranker.abstain_below  # type: ignore[arg-type]


def test_a_ranker_without_a_new_book_model_still_loads_and_reads_every_book_alike(tmp_path: Path) -> None:
    rng = np.random.default_rng(4)
    ranker, _ = fit_ranker([_asked(n, rng, new_book=False) for n in range(120)], seed=0, folds=3)
    assert ranker.new_book is None
    ranker.save(tmp_path / "old.npz")
    again = load_ranker(tmp_path / "old.npz")
    assert again.new_book is None and again.new_book_below == 0.0
    added = _asked(1, rng, True)
    assert rank_game(again, added.candidates, [], None).abstain_below == again.abstain_below  # type: ignore[arg-type]


def test_a_games_own_memory_is_counted_without_what_is_skipped() -> None:
    items = [
        Remembered(f"q{n}", "ta-ke" if n < 5 else "tacocat", "q", "answerable", None, (), f"w{n % 2}") for n in range(7)
    ]
    memory = Memory(items, np.eye(7, dtype=np.float32))
    assert memory.count("ta-ke") == 5 and memory.count("tacocat") == 2 and memory.count("fate") == 0
    assert memory.count("ta-ke", lambda i: i.source == "w0") == 2
    assert OWN_MEMORY > 12  # more than one reading's neighbours: a few taps do not make a book known


def test_the_nearest_off_topic_question_is_found_among_every_games_and_skips_what_it_is_told() -> None:
    from referee.indexer.memory.candidates import is_off_topic

    vectors = np.array([[1, 0], [0.6, 0.8], [0, 1], [0.8, 0.6]], dtype=np.float32)
    items = [
        Remembered("a", "ta-ke", "rules", "answerable", None, (), "w"),
        Remembered("b", "ta-ke", "weather", "silent", None, (), "mem-offtopic"),
        Remembered("c", "tacocat", "prices", "silent", None, (), "mem-offtopic"),
        Remembered("d", "tacocat", "a rule not written", "silent", None, (), "w"),
    ]
    memory = Memory(items, vectors)
    probe = np.array([1.0, 0.0])
    assert memory.nearest_of(probe, is_off_topic) == np.float32(0.6)  # "d" is silent, not off-topic
    assert memory.nearest_of(probe, is_off_topic, lambda i: i.game == "ta-ke") == 0.0
    assert memory.nearest_of(probe, lambda i: False) == 0.0

"""Two questions of one template ("How many cards ...?") are near whatever they ask: the memory's
common directions taken out, what is asked decides which remembered questions are near, and
abstention reads the nearest answered and silent ones that way beside the plain cosine."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import numpy as np

from referee.indexer.memory.bank import Directions, Memory, Remembered, common_directions
from referee.indexer.memory.candidates import FEATURES, Candidates
from referee.indexer.memory.ranker import QUESTION_FEATURES, Linear, load_ranker, question_row
from referee.indexer.memory.reading import rank_game
from referee.indexer.memory.training import Asked, fit_ranker

DIM = 16
TEMPLATES = 3  # "How many ...?", "Can I ...?", "Who ...?": each a direction every question of it shares
TOPICS = 10  # what is asked


def _question(template: int, topic: int, rng: np.random.Generator) -> np.ndarray:
    """A question's vector: its template weighs three times its topic (one template's questions are
    about 0.9 apart whatever they ask, as e5-small's are)."""
    v = np.zeros(DIM)
    v[template] = 3.0
    v[TEMPLATES + topic] = 1.0
    v += rng.normal(scale=0.05, size=DIM)
    return v / np.linalg.norm(v)


def _memory(rng: np.random.Generator) -> tuple[Memory, np.ndarray]:
    # topic 4 is never asked in the first template: a question of that template on it has no paraphrase
    pairs = [(t, k) for t in range(TEMPLATES) for k in range(TOPICS) if (t, k) != (0, 4)] * 3
    vectors = np.array([_question(t, k, rng) for t, k in pairs], dtype=np.float32)
    items = [
        Remembered(f"q{n}-t{t}-k{k}", "ta-ke", f"question {n}", "silent" if k == 9 else "answerable", None, (), f"w{n}")
        for n, (t, k) in enumerate(pairs)
    ]
    return Memory(items, vectors), vectors


def test_the_common_directions_are_the_templates_and_taking_them_out_leaves_what_is_asked() -> None:
    rng = np.random.default_rng(0)
    _, vectors = _memory(rng)
    directions = common_directions(vectors, count=TEMPLATES - 1)
    assert directions.components.shape == (TEMPLATES - 1, DIM)
    assert np.allclose(directions.components @ directions.components.T, np.eye(TEMPLATES - 1), atol=1e-5)
    same_template, same_topic = _question(0, 1, rng), _question(2, 4, rng)
    asked = _question(0, 4, rng)
    # plainly, the question of the same template is the nearer one, though it asks something else
    assert asked @ same_template > 0.85 > asked @ same_topic
    kept = directions.remove(np.array([asked, same_template, same_topic]))
    assert np.allclose(np.linalg.norm(kept, axis=1), 1.0, atol=1e-5)
    assert kept[0] @ kept[2] > 0.8 > 0.2 > kept[0] @ kept[1]


def test_nearest_without_the_common_directions_finds_the_same_topic_and_keeps_the_plain_cosine() -> None:
    rng = np.random.default_rng(1)
    memory, vectors = _memory(rng)
    directions = common_directions(vectors, count=TEMPLATES - 1)
    asked = _question(0, 4, rng)
    plain = memory.nearest(asked, "ta-ke", k=3)
    assert all("-t0-" in n.item.id for n in plain)  # one template's questions, whatever they ask
    assert all("-k4" not in n.item.id for n in plain)
    apart = memory.nearest(asked, "ta-ke", k=3, directions=directions)
    assert all(n.item.id.endswith("-k4") for n in apart)  # what is asked, in any template
    assert all("-t0-" not in n.item.id for n in apart)
    for n in apart:
        row = memory.items.index(n.item)
        assert abs(n.plain - float(vectors[row] @ asked)) < 1e-5
        assert abs(n.similarity - n.plain) > 0.05
    assert all(n.plain == n.similarity for n in plain)
    # and the plain cosine is untouched by reading the other (one product kept per kind)
    again = memory.nearest(asked, "ta-ke", k=3)
    assert [n.item.id for n in again] == [n.item.id for n in plain]


def test_the_nearest_answered_and_silent_are_read_apart_skipping_what_is_told() -> None:
    rng = np.random.default_rng(2)
    memory, vectors = _memory(rng)
    directions = common_directions(vectors, count=TEMPLATES - 1)
    on_silent_topic = _question(1, 9, rng)  # topic 9 is what the book never says
    answered, silent = memory.nearest_kinds(on_silent_topic, "ta-ke", directions)
    assert silent > 0.8 and answered < 0.5
    on_answered_topic = _question(1, 2, rng)
    answered, silent = memory.nearest_kinds(on_answered_topic, "ta-ke", directions)
    assert answered > 0.8 and silent < 0.5
    # the skipped questions are not read; a game with none of them reads zeros
    answered, silent = memory.nearest_kinds(on_silent_topic, "ta-ke", directions, lambda i: i.kind == "silent")
    assert silent == 0.0 and answered < 0.5
    assert memory.nearest_kinds(on_silent_topic, "tacocat", directions) == (0.0, 0.0)


def _asked(n: int, rng: np.random.Generator) -> Asked:
    """Six candidates. The plain nearest answered and silent questions are as near for a silent
    question as for an answerable one (one template saturates them); only read apart do they differ."""
    silent = n % 4 == 0
    features = rng.normal(size=(6, len(FEATURES))).astype(np.float32)
    right = int(rng.integers(6))
    features[right, FEATURES.index("vote_max")] = 0.9
    features[:, FEATURES.index("answered_top")] = rng.uniform(0.90, 0.93)
    features[:, FEATURES.index("silent_top")] = rng.uniform(0.90, 0.93)
    labels = np.zeros(6, dtype=bool)
    labels[right] = not silent
    item = Remembered(f"q{n}", "ta-ke", f"question {n}", "silent" if silent else "answerable", None, (), "w")
    cands = Candidates("ta-ke", [_passage(i) for i in range(6)], features, [], [[] for _ in range(6)])  # type: ignore[misc]
    cands.own_memory = 500
    near, far = rng.uniform(0.55, 0.7), rng.uniform(0.3, 0.45)
    cands.apart = (far, near) if silent else (near, far)
    return Asked(item, f"ta-ke/s{n % 12}", cands, labels)


def _passage(i: int):
    return SimpleNamespace(entry=SimpleNamespace(kind="rule", id=f"ta-ke/{i}"), grain="sentence", quote=f"rule {i}")


def test_abstention_reads_the_neighbours_apart_where_the_plain_cosine_says_nothing(tmp_path: Path) -> None:
    rng = np.random.default_rng(5)
    gathered = [_asked(n, rng) for n in range(240)]
    directions = common_directions(rng.normal(size=(50, DIM)), count=2)
    ranker, report = fit_ranker(gathered, seed=0, folds=3, directions=directions)
    assert len(ranker.answerable.weights) == len(QUESTION_FEATURES)
    assert report.abstain_silent_oof > 0.8  # at the usual cost of answerable questions
    blind = [_asked(n, np.random.default_rng(5)) for n in range(240)]
    for g in blind:
        g.candidates.apart = (0.0, 0.0)
    _, without = fit_ranker(blind, seed=0, folds=3)
    assert without.abstain_silent_oof < report.abstain_silent_oof - 0.3
    # the directions travel in the ranker's file, and a question is read the same after loading
    ranker.save(tmp_path / "ranker.npz")
    again = load_ranker(tmp_path / "ranker.npz")
    assert again.directions is not None and np.allclose(again.directions.components, directions.components)
    asked = _asked(1, rng)
    assert (
        rank_game(again, asked.candidates, [], None).answerable
        == rank_game(ranker, asked.candidates, [], None).answerable
    )  # type: ignore[arg-type]


def test_a_ranker_fit_before_the_neighbours_apart_still_reads_its_eight_features() -> None:
    rng = np.random.default_rng(6)
    asked = _asked(1, rng)
    old = Linear(np.zeros(8), np.ones(8), np.arange(8, dtype=np.float64) / 10, 0.0)
    ranker, _ = fit_ranker([_asked(n, rng) for n in range(60)], seed=0, folds=3)
    older = type(ranker)(**{**ranker.__dict__, "answerable": old, "directions": None})
    ranked = rank_game(older, asked.candidates, [], None)  # type: ignore[arg-type]
    row = question_row(ranked.logits, asked.candidates.features, FEATURES, asked.candidates.apart)
    assert len(row) == len(QUESTION_FEATURES) > 8
    assert ranked.answerable == float(old.probability(row[None, :8])[0])


def test_directions_of_no_questions_leave_vectors_as_they_are_but_unit_length() -> None:
    empty = Directions(np.zeros(4, np.float32), np.zeros((0, 4), np.float32))
    v = np.array([[3.0, 4.0, 0.0, 0.0]])
    assert np.allclose(empty.remove(v), [[0.6, 0.8, 0.0, 0.0]])


def test_whether_the_neighbours_are_chosen_apart_travels_with_the_ranker_and_needs_its_directions(
    tmp_path: Path,
) -> None:
    rng = np.random.default_rng(7)
    gathered = [_asked(n, rng) for n in range(60)]
    directions = common_directions(rng.normal(size=(50, DIM)), count=2)
    chosen, _ = fit_ranker(gathered, seed=0, folds=3, directions=directions, neighbours_apart=True)
    plain, _ = fit_ranker(gathered, seed=0, folds=3, directions=directions)
    blind, _ = fit_ranker(gathered, seed=0, folds=3, neighbours_apart=True)  # nothing to choose them by
    for ranker, says in ((chosen, True), (plain, False), (blind, False)):
        ranker.save(tmp_path / "r.npz")
        assert load_ranker(tmp_path / "r.npz").neighbours_apart is says

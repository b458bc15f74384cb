"""The answer memory and the ranker, without the model: loading, nearest questions, learning at
the table, the trees as shipped arrays, and the real training loop on a tiny set."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from referee.errors import RefereeError
from referee.indexer.memory.assemble import assemble, judging_questions, near_copy, words
from referee.indexer.memory.bank import SHIPPED_FILE, Memory, Remembered, read_items
from referee.indexer.memory.candidates import FEATURES, Candidates
from referee.indexer.memory.learning import forget, import_items, remember
from referee.indexer.memory.ranker import RANKER_FILE, load_ranker
from referee.indexer.memory.training import Asked, _fit_trees, export_trees, fit_ranker
from referee.store import open_db

ROOT = Path(__file__).resolve().parent.parent


def _item(n: int, game: str = "ta-ke", kind: str = "answerable", source: str = "w1") -> Remembered:
    return Remembered(
        f"q{n}",
        game,
        f"question {n}",
        kind,
        "ta-ke/x/1" if kind != "silent" else None,
        ("gold words",) if kind != "silent" else (),
        source,
    )


def test_nearest_keeps_to_the_game_and_skips_what_it_is_told() -> None:
    vectors = np.array([[1, 0], [0.9, 0.1], [0, 1], [0.95, 0.05]], dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    items = [_item(0), _item(1, source="w2"), _item(2), _item(3, game="tacocat")]
    memory = Memory(items, vectors)
    assert [n.item.id for n in memory.nearest(np.array([1.0, 0.0]), "ta-ke", k=2)] == ["q0", "q1"]
    assert [n.item.id for n in memory.nearest(np.array([1.0, 0.0]), None, k=2)] == ["q0", "q3"]
    skipped = memory.nearest(np.array([1.0, 0.0]), "ta-ke", k=2, skip=lambda i: i.source == "w1")
    assert [n.item.id for n in skipped] == ["q1"]
    assert Memory([], np.zeros((0, 2))).nearest(np.array([1.0, 0.0])) == []


@pytest.mark.parametrize(
    "line",
    [
        '{"id": "a", "game": "ta-ke", "q": "x", "kind": "answerable"}',
        "[1, 2]",
        "not json",
        '{"id": "a", "game": "ta-ke", "q": "", "kind": "silent"}',
    ],
)
def test_a_bad_memory_line_is_one_error_naming_file_and_line(tmp_path: Path, line: str) -> None:
    path = tmp_path / "memory.jsonl"
    path.write_text('{"id": "ok", "game": "ta-ke", "q": "fine", "kind": "silent"}\n' + line + "\n", encoding="utf-8")
    with pytest.raises(RefereeError, match=r"memory.jsonl:2"):
        read_items(path)


def test_learning_keeps_only_the_books_words_and_forgets(built_db: Path, tmp_path: Path) -> None:
    db = open_db(built_db)
    entry, text = db.execute("select id, text from entries where game = 'ta-ke' and length(text) > 40").fetchone()
    local = tmp_path / "share" / "memory.jsonl"
    kept = remember(db, "  who goes   first? ", entry, text[:30], path=local)
    assert kept.q == "who goes first?" and kept.kind == "answerable" and kept.game == "ta-ke"
    remember(db, "who goes first?", entry, text[:30], right=False, path=local)
    assert [i.kind for i in read_items(local)] == ["answerable", "rejected"]
    with pytest.raises(RefereeError, match="only the book's own words"):
        remember(db, "who goes first?", entry, "words the book never printed", path=local)
    with pytest.raises(RefereeError, match="no entry"):
        remember(db, "who goes first?", "ta-ke/nothing/9", "x" * 20, path=local)
    assert len(read_items(local)) == 2  # a refusal changed nothing
    with pytest.raises(RefereeError, match="nothing kept"):
        forget("local-none", path=local)
    assert forget(kept.id, path=local) == 1 and len(read_items(local)) == 1
    exported = tmp_path / "out.jsonl"
    exported.write_text("".join(json.dumps(i.to_json()) + "\n" for i in read_items(local)), encoding="utf-8")
    assert forget(None, path=local) == 1 and read_items(local) == []
    assert import_items(db, exported, path=local) == 1 and import_items(db, exported, path=local) == 0


def test_the_trees_as_shipped_arrays_score_exactly_as_scikit_learn() -> None:
    rng = np.random.default_rng(0)
    x = rng.normal(size=(600, 6))
    x[rng.random(x.shape) < 0.02] = np.nan  # missing values go where the trees learned to send them
    y = (np.nan_to_num(x[:, 0]) + 0.5 * np.nan_to_num(x[:, 3]) > 0.2).astype(int)
    model = _fit_trees(x, y, seed=0)
    trees = export_trees(model)
    assert np.allclose(trees.logits(x), model.decision_function(x), atol=1e-9)


def _gathered(n: int, rng: np.random.Generator) -> Asked:
    """A question with six candidates; the right one is the one its remembered neighbours vote for."""
    features = rng.normal(size=(6, len(FEATURES))).astype(np.float32)
    right = int(rng.integers(6))
    features[:, FEATURES.index("vote_max")] = 0.0
    features[right, FEATURES.index("vote_max")] = rng.uniform(0.8, 0.95)
    silent = n % 5 == 0
    labels = np.zeros(6, dtype=bool)
    if not silent:
        labels[right] = True
    else:
        features[:, FEATURES.index("silent_gap")] = 0.2
    item = _item(n, kind="silent" if silent else "answerable")
    return Asked(item, f"ta-ke/s{n % 10}", Candidates("ta-ke", [object()] * 6, features, []), labels)  # type: ignore[list-item]


def test_the_training_loop_fits_a_ranker_that_reads_the_votes(tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    ranker, report = fit_ranker([_gathered(n, rng) for n in range(300)], seed=0, folds=3)
    assert report.top_right_oof > 0.9 and report.answerable + report.silent == 300
    path = tmp_path / "ranker.npz"
    ranker.save(path)
    again = load_ranker(path)
    probe = _gathered(7, rng)
    assert np.allclose(again.trees.logits(probe.candidates.features), ranker.trees.logits(probe.candidates.features))
    assert int(np.argmax(again.trees.logits(probe.candidates.features))) == int(np.flatnonzero(probe.labels)[0])
    with pytest.raises(RefereeError, match="cannot be read"):
        (tmp_path / "bad.npz").write_bytes(b"not an npz")
        load_ranker(tmp_path / "bad.npz")


def test_near_copies_of_judging_questions_stay_out_of_the_memory(tmp_path: Path) -> None:
    sets = tmp_path / "reader"
    sets.mkdir()
    (sets / "players.jsonl").write_text("", encoding="utf-8")
    memory = tmp_path / "memory"
    memory.mkdir()
    lines = [
        {"id": "a", "game": "ta-ke", "q": "Who wins the game?", "kind": "silent"},
        {"id": "b", "game": "ta-ke", "q": "How many chips does each colour have?", "kind": "silent"},
    ]
    (memory / "w.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    kept, dropped = assemble(sets, memory, {}, ["who wins the game"])
    assert [i.id for i in kept] == ["b"] and dropped == 1
    assert near_copy(words("Who wins the game?"), words("who wins the game")) and not near_copy(
        words("a b"), words("c d")
    )


@pytest.mark.slow  # 8,000 shipped questions against 1,000 judging ones: seconds of CPU
def test_the_shipped_memory_and_ranker_are_whole_and_blind_to_the_judging_sets() -> None:
    items = read_items(SHIPPED_FILE)
    assert sum(i.kind == "answerable" for i in items) >= 7000 and sum(i.kind == "silent" for i in items) >= 1000
    judged = [words(q) for q in judging_questions(ROOT / "data")]
    assert len(judged) > 1000
    index: dict[str, set[int]] = {}
    for n, w in enumerate(judged):
        for word in w:
            index.setdefault(word, set()).add(n)

    def copies_a_judging_question(question: str) -> bool:
        # each judging question that shares a word, tried once (not once per shared word)
        said = words(question)
        return any(near_copy(said, judged[n]) for n in set().union(*(index.get(w, ()) for w in said)))

    copies = [i.q for i in items if copies_a_judging_question(i.q)]
    assert copies == []
    ranker = load_ranker(RANKER_FILE)
    assert ranker.meta["features"] == list(FEATURES) and ranker.meta["memory"] == len(items)
    assert 0.0 < ranker.abstain_below < 1.0


def test_every_normative_rule_has_its_remembered_questions(built_db: Path) -> None:
    """Coverage: every normative entry the book prints with quotable words (12 characters or more)
    has at least three answered questions written for it, and at least one of them is in the
    shipped memory (the rest may have been left out as near-copies of judging questions)."""
    written: dict[str, int] = {}
    for path in [ROOT / "data" / "reader" / "players.jsonl", *sorted((ROOT / "data" / "memory").glob("*.jsonl"))]:
        for line in path.read_text(encoding="utf-8").splitlines():
            data = json.loads(line)
            if data.get("kind", "answerable") == "answerable" and data.get("entry"):
                written[data["entry"]] = written.get(data["entry"], 0) + 1
    shipped = {i.entry for i in read_items(SHIPPED_FILE) if i.kind == "answerable"}
    rows = open_db(built_db).execute("select id from entries where normative = 1 and length(text) >= 12").fetchall()
    assert len(rows) > 700
    assert [entry for (entry,) in rows if written.get(entry, 0) < 3] == []
    assert [entry for (entry,) in rows if entry not in shipped] == []


def test_a_cover_or_credits_passage_never_leads_and_a_table_yields_to_the_row_its_number_selects() -> None:
    from types import SimpleNamespace

    from referee.indexer.memory.reading import _about_the_book_last, _row_first

    def passage(kind: str, grain: str = "sentence", entry: str = "g/1") -> SimpleNamespace:
        return SimpleNamespace(entry=SimpleNamespace(kind=kind, id=entry), grain=grain)

    shown = [passage("credits"), passage("rule"), passage("front-matter"), passage("example")]
    assert _about_the_book_last(shown, np.array([0, 2, 1, 3])).tolist() == [1, 3, 0, 2]
    table = [passage("table", "whole", "g/t"), passage("rule", "sentence", "g/r"), passage("table", "row", "g/t")]
    logits = np.array([2.0, 1.0, -1.0])
    assert _row_first(table, logits, np.array([0, 1, 2])).tolist() == [2, 0, 1]
    assert logits[2] == 2.0  # the row is read at its table's odds
    other = [passage("table", "whole", "g/t"), passage("table", "row", "g/u")]  # another table's row: no swap
    assert _row_first(other, np.array([2.0, 1.0]), np.array([0, 1])).tolist() == [0, 1]

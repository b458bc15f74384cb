"""The reader: its heads learn what they are shown, its file round-trips and fails in one line,
the shipped one was trained on the sets in the repository, and training runs end to end."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from referee.cli.main import app
from referee.errors import RefereeError
from referee.indexer.reader.fitting import fit_binary_head, fit_platt, fit_ranking_head, threshold_keeping
from referee.indexer.reader.heads import Platt
from referee.indexer.reader.reader import READER_FILE, load_reader, shipped_reader
from referee.indexer.reader.train import sets_digest, train_reader, training_items

ROOT = Path(__file__).resolve().parent.parent
SETS = ROOT / "data" / "reader"
runner = CliRunner()


def _groups(seed: int, n: int = 200) -> list[tuple[np.ndarray, np.ndarray]]:
    """Candidate lists where only feature 0 tells the right row (feature 1 is noise)."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        x = rng.normal(size=(6, 2)).astype(np.float32)
        y = np.zeros(6, dtype=bool)
        y[int(np.argmax(x[:, 0]))] = True
        out.append((x, y))
    return out


def test_the_ranking_head_learns_which_feature_marks_the_right_passage() -> None:
    head = fit_ranking_head(_groups(0), epochs=40)
    held_out = _groups(1, 100)
    right = sum(bool(y[int(np.argmax(head.logits(x)))]) for x, y in held_out)
    assert right >= 90  # chance is about 17


def test_the_binary_head_and_platt_scaling_give_probabilities_that_separate() -> None:
    rng = np.random.default_rng(0)
    x = rng.normal(size=(400, 3)).astype(np.float32)
    y = x[:, 2] > 0.3
    head = fit_binary_head(x, y)
    calibration = fit_platt(head.logits(x), y)
    odds = calibration(head.logits(x))
    assert odds[y].mean() > 0.8 and odds[~y].mean() < 0.2


def test_the_threshold_keeps_at_most_the_share_below_it() -> None:
    scores = np.linspace(0, 1, 101)
    at = threshold_keeping(scores, 0.04)
    assert (scores < at).mean() <= 0.04 < (scores <= at).mean() + 0.01


def test_the_shipped_reader_was_trained_on_the_sets_in_the_repository() -> None:
    """Reproducible from the repository's own data: changing a set without retraining fails here."""
    reader = shipped_reader()
    assert reader.meta["sets"] == sets_digest(SETS)
    assert reader.meta["seed"] == 0 and reader.meta["examples"] > 3000
    assert 0.0 < reader.abstain_below < 1.0 and 0.0 < reader.check_at <= 1.0
    # a better-read passage is likelier right, and the book likelier to answer: slopes positive and sane
    assert 0.0 < reader.passage_calibration.a < 100 and 0.0 < reader.answerable_calibration.a < 100


def test_a_reader_file_round_trips(tmp_path: Path) -> None:
    reader = load_reader(READER_FILE)
    copy = tmp_path / "reader.npz"
    reader.save(copy)
    again = load_reader(copy)
    assert again.meta == reader.meta and again.game_temperature == reader.game_temperature
    features = np.ones((3, len(reader.passages.mean)), dtype=np.float32)
    assert np.allclose(again.passages.logits(features), reader.passages.logits(features))


@pytest.mark.parametrize("content", [None, b"not a numpy file", b""])
def test_a_missing_or_damaged_reader_is_one_line_naming_the_fix(tmp_path: Path, content: bytes | None) -> None:
    path = tmp_path / "reader.npz"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(RefereeError, match="referee train") as caught:
        load_reader(path)
    assert "\n" not in str(caught.value)


def test_platt_scaling_is_a_probability_for_any_logit() -> None:
    odds = Platt(2.0, -1.0)(np.array([-1e6, 0.0, 1e6]))
    assert odds.min() >= 0.0 and odds.max() <= 1.0 and np.all(np.isfinite(odds))


def test_training_the_heads_runs_end_to_end_on_a_few_questions(searcher, checks, tmp_path: Path) -> None:
    """A real (tiny) run through the real search: every head is fit and the file it writes loads."""
    out = tmp_path / "reader.npz"
    report = train_reader(searcher, list(checks.values()), SETS, out=out, limit=5)
    assert report.examples == {"answerable": 10, "silent": 10, "settles": 10, "near-miss": 10}
    reader = load_reader(out)
    assert reader.meta["sets"] == sets_digest(SETS) and "dev first quote right" in reader.meta["figures"]


def test_training_never_reads_the_test_split() -> None:
    items = training_items(SETS)
    assert items and {i["split"] for i in items} == {"train", "dev"}


def test_train_refuses_a_folder_without_question_sets_in_one_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["train", "--sets", str(tmp_path), "--db", str(tmp_path / "x.db")])
    assert result.exit_code == 2 and "no question sets" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_the_sets_are_split_by_section_so_dev_and_test_hold_unseen_rules() -> None:
    lines = [json.loads(line) for line in (SETS / "players.jsonl").read_text().splitlines() if line.strip()]
    sections = {split: {i["section"] for i in lines if i["split"] == split} for split in ("train", "dev", "test")}
    assert not sections["train"] & sections["test"] and not sections["train"] & sections["dev"]


def test_train_refuses_examples_that_are_not_its_own_in_one_line(tmp_path: Path, indexed_db: Path) -> None:
    kept = tmp_path / "examples.pkl"
    kept.write_bytes(b"not a pickle")
    out = tmp_path / "reader.npz"
    result = runner.invoke(app, ["train", "--from-examples", str(kept), "--db", str(indexed_db), "--json"])
    assert result.exit_code == 2 and "not examples kept" in result.output, result.output
    assert len(result.output.strip().splitlines()) == 1 and not out.exists()

"""Hostile training input (issue 35: 2, 7): `referee train` reads its question sets and kept
examples at the edge. A set that is not UTF-8, a line that is a bare number or has no split, an
examples file that is a pickle (one that runs code when unpickled), a pickled 5 or [] are each one
line and exit 2, refused before anything is indexed or trained; nothing is ever unpickled."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import numpy as np
import pytest
from test_hostile import digest, library, one_line_error, referee, template  # noqa: F401 (fixtures)

from referee.errors import RefereeError
from referee.indexer.answering.passages import Passage
from referee.indexer.reader.examples import Example
from referee.indexer.reader.kept import load_examples, save_examples
from referee.indexer.reader.reader import Gathered
from referee.indexer.search.results import Hit, ParsedQuestion
from referee.store.read import StoredEntry

pytestmark = pytest.mark.slow

LINE = {"id": "t-1", "game": "ta-ke", "q": "How do I set up?", "gold": ["five"], "split": "train"}


def _sets(folder: Path, players: bytes | None = None) -> Path:
    folder.mkdir(exist_ok=True)
    (folder / "players.jsonl").write_bytes(players if players is not None else json.dumps(LINE).encode() + b"\n")
    (folder / "silent.jsonl").write_text(json.dumps({**LINE, "id": "s-1", "gold": []}) + "\n")
    (folder / "checks.jsonl").write_text(json.dumps({**LINE, "id": "c-1", "kind": "settles", "gold": None}) + "\n")
    return folder


SETS = {
    "a set that is not UTF-8": (b'{"q": "caf\xe9"}\n', "not UTF-8"),
    "a bare number per line": (b"5\n7\n", "not int"),
    "a line without split": (json.dumps({k: v for k, v in LINE.items() if k != "split"}).encode(), "'split'"),
    "a split of another name": (json.dumps({**LINE, "split": "holdout"}).encode(), "split must be one of"),
    "gold that is not a list": (json.dumps({**LINE, "gold": 5}).encode(), "'gold'"),
}


@pytest.mark.parametrize("case", list(SETS))
def test_question_sets_are_validated_before_training(library, case: str) -> None:  # noqa: F811
    content, needle = SETS[case]
    sets = _sets(library["tmp"] / "sets", content)
    before = digest(library["db"], library["index"])
    one_line_error(referee("train", "--sets", str(sets), "--db", str(library["db"])), "players.jsonl", needle)
    assert digest(library["db"], library["index"]) == before


class _Runs:
    def __init__(self, marker: str) -> None:
        self.marker = marker

    def __reduce__(self):
        return (exec, (f"open({self.marker!r}, 'w').write('ran')",))


EXAMPLES = {
    "a pickle that runs code": lambda tmp: pickle.dumps(_Runs(str(tmp / "RAN"))),
    "a pickled 5": lambda tmp: pickle.dumps(5),
    "a pickled []": lambda tmp: pickle.dumps([]),
    "an npz of an empty list": lambda tmp: _npz(tmp, []),
    "an npz holding an object array": lambda tmp: _object_npz(tmp),
}


def _npz(tmp: Path, examples: list) -> bytes:
    save_examples(examples, tmp / "empty.npz")
    return (tmp / "empty.npz").read_bytes()


def _object_npz(tmp: Path) -> bytes:
    with (tmp / "objects.npz").open("wb") as handle:
        np.savez(handle, examples=np.array([_Runs(str(tmp / "RAN"))], dtype=object))
    return (tmp / "objects.npz").read_bytes()


@pytest.mark.parametrize("case", list(EXAMPLES))
def test_kept_examples_are_never_unpickled(library, case: str) -> None:  # noqa: F811
    kept = library["tmp"] / "examples.npz"
    kept.write_bytes(EXAMPLES[case](library["tmp"]))
    sets = _sets(library["tmp"] / "sets")
    before = digest(library["db"], library["index"])
    done = referee("train", "--sets", str(sets), "--from-examples", str(kept), "--db", str(library["db"]))
    one_line_error(done, "not examples kept by `referee train")
    assert not (library["tmp"] / "RAN").exists()
    assert digest(library["db"], library["index"]) == before


def _example() -> Example:
    entry = StoredEntry(
        "g/1", "g", "1", "g/s", "Setup", ["Setup"], "rule", "book", True, "en", "Take five.", 3, None, "g/1"
    )
    passage = Passage(entry, "Take five.", "sentence", np.float32(0.5), 1.25, row={"cells": ["a", "b"]})
    gathered = Gathered("g", [passage], np.ones((1, 4), np.float32), (0.5, 1.0, 2.0, False, 0.0), "set up?")
    question = ParsedQuestion("set up?", np.zeros(8, np.float32), ["set"], "en", {"en": ["set"]}, {"uk": np.ones(8)})
    return Example(LINE, "answerable", gathered, np.array([True]), [Hit(entry, 0.7)], question, {"g": 1.0}, {})


def test_kept_examples_read_back_as_written(tmp_path: Path) -> None:
    save_examples([_example()], tmp_path / "kept.npz")
    (read,) = load_examples(tmp_path / "kept.npz")
    written = _example()
    assert read.item == written.item and read.hits[0].entry == written.hits[0].entry
    assert read.gathered.passages[0].row == {"cells": ["a", "b"]} and read.gathered.side == written.gathered.side
    assert np.array_equal(read.gathered.features, written.gathered.features)
    assert np.array_equal(read.question.reread["uk"], written.question.reread["uk"])
    with pytest.raises(RefereeError, match="not examples kept"):
        (tmp_path / "other.npz").write_bytes(b"PK\x03\x04 not a zip")
        load_examples(tmp_path / "other.npz")

"""What `referee train` derives goes to the user's data folder, never into the package (installed,
that is site-packages), and loading prefers it to the shipped file of the same name, read with the
same checks (issue 34: 4)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from referee import paths
from referee.cli.main import app
from referee.errors import RefereeError
from referee.indexer.memory.bank import (
    SHIPPED_FILE,
    SHIPPED_VECTORS,
    Remembered,
    load_memory,
    ship_vectors,
    write_items,
)
from referee.indexer.memory.ranker import RANKER_FILE, load_ranker, shipped_ranker
from referee.indexer.reader.reader import READER_FILE, load_reader, shipped_reader

runner = CliRunner()
PACKAGE_DATA = READER_FILE.parent  # referee/indexer/data: the shipped files


def _package_digest() -> str:
    """Every file of the package's data folder, by name, bytes and modification time."""
    h = hashlib.sha256()
    for path in sorted(PACKAGE_DATA.rglob("*")):
        if path.is_file():
            h.update(f"{path.relative_to(PACKAGE_DATA)}\0{path.stat().st_mtime_ns}\0".encode() + path.read_bytes())
    return h.hexdigest()


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of this test's own: the session's scratch home stays without trained files,
    so no other test reads what this one trains."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    return tmp_path / "share" / "referee"


def test_the_trained_folder_is_in_the_user_data_folder_never_the_package(data_home: Path) -> None:
    assert paths.trained_dir() == data_home / "trained"
    assert not paths.trained_dir().is_relative_to(paths.PACKAGE_DIR)
    assert paths.trained_or_shipped(RANKER_FILE) == RANKER_FILE  # nothing trained yet: the shipped file


def test_loading_prefers_a_trained_ranker_and_reader(data_home: Path) -> None:
    trained = paths.trained_dir()
    ranker = load_ranker(RANKER_FILE)
    changed = type(ranker)(**{**ranker.__dict__, "abstain_below": 0.123, "meta": {"trained": "here"}})
    changed.save(trained / RANKER_FILE.name)
    assert shipped_ranker().meta == {"trained": "here"} and shipped_ranker().abstain_below == 0.123
    reader = load_reader(READER_FILE)
    type(reader)(**{**reader.__dict__, "meta": {"trained": "here"}}).save(trained / READER_FILE.name)
    assert shipped_reader().meta == {"trained": "here"}


@pytest.mark.parametrize("content", [b"not a numpy file", b""])
def test_a_damaged_trained_ranker_is_one_line_naming_it_not_a_silent_fallback(data_home: Path, content: bytes) -> None:
    path = paths.trained_dir() / RANKER_FILE.name
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    with pytest.raises(RefereeError, match="referee train") as caught:
        shipped_ranker()
    assert str(path) in str(caught.value) and "\n" not in str(caught.value)


def test_a_trained_memory_is_read_with_its_vectors_only_when_their_digest_agrees(
    data_home: Path, tmp_path: Path
) -> None:
    items = [Remembered(f"t-{n}", "ta-ke", f"Question number {n}?", "silent", None, (), "test") for n in range(3)]
    trained_memory = paths.trained_dir() / SHIPPED_FILE.name
    trained_memory.parent.mkdir(parents=True)
    write_items(trained_memory, items)
    vectors = np.eye(3, 4, dtype=np.float32)
    ship_vectors("some-model", [i.q for i in items], vectors, paths.trained_dir() / SHIPPED_VECTORS.name)

    class Refuses:
        def queries(self, texts: list[str]) -> np.ndarray:
            raise AssertionError(f"embedded {texts}: the trained vectors should have been used")

    memory = load_memory(tmp_path / "x.db", "some-model", Refuses(), ["ta-ke"], local=tmp_path / "none.jsonl")
    assert [i.id for i in memory.items] == ["t-0", "t-1", "t-2"] and np.allclose(memory.vectors, vectors)

    class Counts:
        def __init__(self) -> None:
            self.seen: list[str] = []

        def queries(self, texts: list[str]) -> np.ndarray:
            self.seen.extend(texts)
            return np.ones((len(texts), 4), dtype=np.float32)

    another = Counts()  # another model: the trained vectors' digest disagrees, so they are embedded anew
    load_memory(tmp_path / "x.db", "another-model", another, ["ta-ke"], local=tmp_path / "none.jsonl")
    assert another.seen == [i.q for i in items]


@pytest.mark.slow  # the real search over the session's index, a ranker fit on 30 questions (~15 s)
def test_train_writes_into_the_data_folder_the_package_is_untouched_and_ask_reads_it(
    data_home: Path, indexed_db: Path
) -> None:
    before = _package_digest()
    result = runner.invoke(app, ["train", "--limit", "30", "--db", str(indexed_db), "--json"])
    assert result.exit_code == 0, result.output
    written = Path(json.loads(result.stdout)["ranker"])
    assert written == data_home / "trained" / RANKER_FILE.name
    assert sorted(p.name for p in written.parent.iterdir()) == ["memory-vectors.npz", "memory.jsonl", "ranker.npz"]
    assert _package_digest() == before
    assert shipped_ranker().meta["trained_on"] == 30  # the shipped one was trained on thousands
    assert paths.trained_or_shipped(SHIPPED_FILE) == written.parent / SHIPPED_FILE.name


@pytest.mark.slow  # the real search over the session's index, the heads fit on a few questions
def test_train_into_writes_where_it_is_told(tmp_path: Path, data_home: Path, indexed_db: Path) -> None:
    """The maintainers' way (`make train`: --into indexer/data), here into a scratch folder."""
    before = _package_digest()
    into = tmp_path / "shipped"
    result = runner.invoke(
        app, ["train", "--reader", "--limit", "5", "--into", str(into), "--db", str(indexed_db), "--json"]
    )
    assert result.exit_code == 0, result.output
    assert Path(json.loads(result.stdout)["reader"]) == into / READER_FILE.name
    assert load_reader(into / READER_FILE.name).meta["examples"] < 100  # the tiny run's, not the shipped 3,000+
    assert not paths.trained_dir().exists() and _package_digest() == before

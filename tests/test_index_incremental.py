"""The incremental index: adding, rebuilding or removing one book embeds that book only, and an
unchanged book is never embedded again (counted at the encoder: tests/support/encoders.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from support.encoders import hash_encoders
from typer.testing import CliRunner

from referee.books.gameconf import discover_games
from referee.cli.main import app
from referee.indexer.search.calibration import load_probes
from referee.indexer.search.index import build_index, index_dir, load_index, staleness
from referee.indexer.search.searcher import Searcher
from referee.store.build import build_knowledge_base

ROOT = Path(__file__).resolve().parent.parent
BOOKS = ROOT / "tests" / "books"
SMALL_GAMES = ("ta-ke", "tacocat")  # the two shortest books: a build takes well under a second
PROBE_TEXTS = 2 * len(load_probes())  # the cross-language probes' answers, measured on a full build


class Counter:
    """Texts embedded as passages, and how many times a build asked for the encoder."""

    def __init__(self) -> None:
        self.texts = 0
        self.builds = 0

    def encoders(self):
        return hash_encoders(on_build=self.built, on_passages=self.embedded)

    def built(self) -> None:
        self.builds += 1

    def embedded(self, count: int) -> None:
        self.texts += count

    def take(self) -> int:
        texts, self.texts = self.texts, 0
        return texts


def spans(db: Path) -> dict[str, int]:
    """Units per game in the index on disk."""
    games = json.loads((index_dir(db) / "entries.json").read_text())["games"]
    return {game: hi - lo for game, (lo, hi) in games.items()}


def book_files(db: Path) -> dict[str, str]:
    return json.loads((index_dir(db) / "config.json").read_text())["books"]


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "corpus"
    for game in (*SMALL_GAMES, "touchdown-heroes"):
        shutil.copytree(ROOT / "corpus" / game, folder / game)
    return folder


def _games(corpus: Path, leave_out: str | None = None):
    return [g for g in discover_games(corpus) if g.id != leave_out]


def test_a_new_book_is_the_only_book_embedded_and_nothing_changed_embeds_nothing(tmp_path: Path, corpus: Path) -> None:
    db, count = tmp_path / "r.db", Counter()
    build_knowledge_base(db, _games(corpus, leave_out="touchdown-heroes"))
    full = build_index(db, encoders=count.encoders())
    assert count.take() == full.units + PROBE_TEXTS and full.embedded == spans(db)
    first = book_files(db)

    build_knowledge_base(db, _games(corpus))  # a third book in
    config = build_index(db, encoders=count.encoders())
    assert count.take() == spans(db)["touchdown-heroes"] > 0  # that book only: no probes again
    assert config.embedded == {"touchdown-heroes": spans(db)["touchdown-heroes"]}
    assert {g: book_files(db)[g] for g in SMALL_GAMES} == first  # the kept books' files, unchanged
    assert staleness(db) is None

    builds = count.builds
    config = build_index(db, encoders=count.encoders())  # nothing changed
    assert count.take() == 0 and config.embedded == {} and count.builds == builds  # the model never loaded
    assert config.crosslingual_gaps == full.crosslingual_gaps


def test_an_incremental_index_is_the_index_a_full_build_makes(tmp_path: Path, corpus: Path) -> None:
    db, count = tmp_path / "r.db", Counter()
    build_knowledge_base(db, _games(corpus, leave_out="tacocat"))
    build_index(db, encoders=count.encoders())
    build_knowledge_base(db, _games(corpus))
    build_index(db, encoders=count.encoders())
    incremental = {p.name: p.read_bytes() for p in index_dir(db).iterdir() if p.name != "config.json"}
    count.take()
    forced = build_index(db, encoders=count.encoders(), force=True)
    assert count.take() == forced.units + PROBE_TEXTS  # --force embeds every book again
    assert {p.name: p.read_bytes() for p in index_dir(db).iterdir() if p.name != "config.json"} == incremental
    hits = Searcher(db, encoders=hash_encoders()).search("pass the ball", game="tacocat", limit=3).hits
    assert hits and all(hit.entry.game == "tacocat" for hit in hits)


def test_a_removed_book_embeds_nothing_and_leaves_no_vectors_behind(tmp_path: Path, corpus: Path) -> None:
    db, count = tmp_path / "r.db", Counter()
    build_knowledge_base(db, _games(corpus))
    build_index(db, encoders=count.encoders())
    gone = book_files(db)["tacocat"]
    build_knowledge_base(db, _games(corpus, leave_out="tacocat"))
    count.take()
    config = build_index(db, encoders=count.encoders())
    assert count.take() == 0 and "tacocat" not in load_index(db).game_units
    assert not (index_dir(db) / gone).exists() and set(config.books) == {"ta-ke", "touchdown-heroes"}


def test_a_rebuilt_book_with_new_text_is_embedded_again_alone(tmp_path: Path, corpus: Path) -> None:
    db, count = tmp_path / "r.db", Counter()
    build_knowledge_base(db, _games(corpus))
    build_index(db, encoders=count.encoders())
    book = next((corpus / "ta-ke").glob("*.txt"))
    book.write_text(book.read_text(encoding="utf-8") + "\nA new rule for the stack.\n", encoding="utf-8")
    build_knowledge_base(db, _games(corpus), only="ta-ke")
    count.take()
    config = build_index(db, encoders=count.encoders())
    assert count.take() == spans(db)["ta-ke"] and list(config.embedded) == ["ta-ke"]


@pytest.mark.parametrize("damage", ["garbled", "truncated", "deleted"])
def test_a_damaged_book_file_is_embedded_again_not_used(tmp_path: Path, corpus: Path, damage: str) -> None:
    db, count = tmp_path / "r.db", Counter()
    build_knowledge_base(db, _games(corpus))
    build_index(db, encoders=count.encoders())
    before = (index_dir(db) / "vectors.faiss").read_bytes()
    kept = index_dir(db) / book_files(db)["tacocat"]
    data = bytearray(kept.read_bytes())
    if damage == "garbled":
        data[len(data) // 2] ^= 0xFF
        kept.write_bytes(bytes(data))
    elif damage == "truncated":
        kept.write_bytes(bytes(data[: len(data) // 2]))
    else:
        kept.unlink()
    count.take()
    build_index(db, encoders=count.encoders())
    assert count.take() == spans(db)["tacocat"]
    assert (index_dir(db) / "vectors.faiss").read_bytes() == before


def cli(counter: Counter, *args: str):
    result = CliRunner().invoke(app, list(args), obj=counter.encoders())
    assert result.exit_code == 0, result.output
    return result


def test_referee_index_after_referee_add_embeds_only_the_new_book(tmp_path: Path, corpus: Path) -> None:
    shutil.rmtree(corpus / "touchdown-heroes")
    db, count = str(tmp_path / "r.db"), Counter()
    cli(count, "build", "--db", db, "--corpus", str(corpus))
    cli(count, "index", "--db", db)
    assert count.take() == sum(spans(Path(db)).values()) + PROBE_TEXTS

    cli(count, "add", str(BOOKS / "lantern-keepers.md"), "--corpus", str(corpus), "--db", db, "--no-index")
    done = cli(count, "index", "--db", db)
    units = spans(Path(db))["lantern-keepers"]
    assert count.take() == units
    assert f"embedded {units} units of 1 books; 2 books unchanged" in done.stdout

    done = cli(count, "index", "--db", db)
    assert count.take() == 0 and "already current" in done.stdout

    done = cli(count, "add", str(BOOKS / "harbour-run.html"), "--corpus", str(corpus), "--db", db)
    units = spans(Path(db))["harbour-run"]
    assert count.take() == units
    assert f"embedding {units} units of 1 book (harbour-run), 3 books unchanged" in done.stderr


def test_an_older_index_without_a_file_per_book_is_not_embedded_again_by_an_add(tmp_path: Path, corpus: Path) -> None:
    """Phone review 5, task 20: a data folder indexed by an older Referee (its config names no book
    files) embedded every book again on `referee add`; its own vectors are each book's file now."""
    shutil.rmtree(corpus / "touchdown-heroes")
    db, count = str(tmp_path / "r.db"), Counter()
    cli(count, "build", "--db", db, "--corpus", str(corpus))
    cli(count, "index", "--db", db)
    count.take()
    folder = index_dir(Path(db))
    for book in folder.glob("book-*.npy"):  # as an older Referee wrote it
        book.unlink()
    config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    config.pop("books", None)
    (folder / "config.json").write_text(json.dumps(config), encoding="utf-8")
    assert staleness(Path(db)) is None  # current for search, with nothing to carry
    before = {
        g: load_index(Path(db)).faiss.reconstruct_n(lo, hi - lo)
        for g, (lo, hi) in load_index(Path(db)).game_units.items()
    }

    done = cli(count, "add", str(BOOKS / "harbour-run.html"), "--corpus", str(corpus), "--db", db)
    units = spans(Path(db))["harbour-run"]
    assert count.take() == units
    assert f"embedding {units} units of 1 book (harbour-run), 2 books unchanged" in done.stderr
    after = load_index(Path(db))
    for game, vectors in before.items():  # the kept books' vectors are the very ones embedded before
        lo, hi = after.game_units[game]
        assert (after.faiss.reconstruct_n(lo, hi - lo) == vectors).all()


def test_a_large_index_is_assembled_as_ivf_from_the_books_files(
    tmp_path: Path, corpus: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from referee.indexer.search import bookvectors

    monkeypatch.setattr(bookvectors, "IVF_THRESHOLD", 300)  # past it: an IVF index
    monkeypatch.setattr(bookvectors, "IVF_TRAINING", 250)  # trained on vectors of more than one book
    db, count = tmp_path / "r.db", Counter()
    build_knowledge_base(db, _games(corpus, leave_out="touchdown-heroes"))
    build_index(db, encoders=count.encoders())
    build_knowledge_base(db, _games(corpus))
    config = build_index(db, encoders=count.encoders())
    assert config.index_type.startswith("ivf") and list(config.embedded) == ["touchdown-heroes"]
    incremental = (index_dir(db) / "vectors.faiss").read_bytes()
    assert build_index(db, encoders=count.encoders(), force=True).index_type == config.index_type
    assert (index_dir(db) / "vectors.faiss").read_bytes() == incremental
    hits = Searcher(db, encoders=hash_encoders()).search("pass the ball", game="ta-ke", limit=3).hits
    assert hits and all(hit.entry.game == "ta-ke" for hit in hits)


def test_a_book_file_that_fails_to_write_leaves_nothing_in_the_index_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # written into the live folder by the upgrade: a partial left there would make every later build
    # refuse the folder as one Referee did not make (a reviewer, s42)
    import numpy as np

    from referee.indexer.search import bookvectors

    def full_disk(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(np.lib.format, "write_array", full_disk)
    with pytest.raises(OSError):
        bookvectors.store_book(np.zeros((2, 4), dtype=np.float32), "0" * 32, tmp_path)
    assert list(tmp_path.iterdir()) == []

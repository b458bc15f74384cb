"""Referee used as a hostile user would (issue 18): every case is one row of a table.

Each row either works correctly or gives exactly one line on stderr and exit code 2, and
no case changes a database or index that was already built. The cases that lost data
before (a user's file overwritten by `build --db`, one of two concurrent builds lost, a
garbled index answered from, four stale asks rebuilding at once) are here too.

The search index is built with a cheap deterministic encoder (tests/hostile_cli.py), not
the real model: what is under test is Referee's handling of files, not the embeddings.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import stat
import subprocess
import sys
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SMALL_GAMES = ("ta-ke", "tacocat")  # the two shortest books: a build takes well under a second
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


# ---------------------------------------------------------------- running the CLI


def referee(*args: str, env: dict[str, str] | None = None, cwd: Path = ROOT, stdin: str | None = None, timeout=120):
    """The real command in a fresh process (what a user runs), with the cheap test encoder."""
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run(
        [sys.executable, str(ROOT / "tests" / "hostile_cli.py"), *args],
        capture_output=True,
        text=True,
        env=full_env,
        cwd=cwd,
        input=stdin,
        timeout=timeout,
    )


def referee_bytes(*args: bytes, env: dict[str, str] | None = None):
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run(
        [sys.executable.encode(), str(ROOT / "tests" / "hostile_cli.py").encode(), *args],
        capture_output=True,
        env=full_env,
        timeout=120,
    )


def one_line_error(done, *needles: str) -> None:
    """Exit 2, one line on stderr that mentions every needle, no traceback."""
    stderr = done.stderr if isinstance(done.stderr, str) else done.stderr.decode("utf-8", "replace")
    lines = [line for line in stderr.strip().splitlines() if line.strip()]
    assert done.returncode == 2, (done.returncode, stderr[-2000:])
    assert len(lines) == 1, stderr[-2000:]
    assert lines[0].startswith("Error: "), lines[0]
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])


def digest(*paths: Path) -> str:
    """One digest over files and folders (the database and its index), to prove nothing changed."""
    h = hashlib.sha256()
    for path in paths:
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for file in files:
            if file.exists():
                h.update(str(file.relative_to(path.parent)).encode() + b"\0" + file.read_bytes())
    return h.hexdigest()


# ---------------------------------------------------------------- a small built library


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hostile-corpus")
    for game in SMALL_GAMES:
        shutil.copytree(ROOT / "corpus" / game, folder / game)
    return folder


@pytest.fixture()
def library(tmp_path: Path, corpus: Path) -> dict[str, Path]:
    """A fresh corpus copy, a built database and its index, for cases that break things."""
    own = tmp_path / "corpus"
    shutil.copytree(corpus, own)
    db = tmp_path / "kb" / "referee.db"
    done = referee("build", "--db", str(db), "--corpus", str(own))
    assert done.returncode == 0, done.stderr
    return {"corpus": own, "db": db, "tmp": tmp_path}


# ---------------------------------------------------------------- the cases


@dataclass
class Case:
    """One hostile thing: `setup` prepares it and returns the command line; the row says what
    must come out: an error line holding `needles`, or success checked by `then`."""

    name: str
    setup: Callable[[dict[str, Path]], list[str]]
    needles: tuple[str, ...] = ()
    then: Callable[[dict[str, Path], subprocess.CompletedProcess], None] | None = None
    env: Callable[[dict[str, Path]], dict[str, str]] = field(default=lambda lib: {})
    skip: str | None = None


def _notes(lib: dict[str, Path]) -> Path:
    notes = lib["tmp"] / "notes.txt"
    notes.write_text("my precious notes\n")
    return notes


def _build_into(path: Path, lib: dict[str, Path]) -> list[str]:
    return ["build", "--db", str(path), "--corpus", str(lib["corpus"])]


def _text_file(lib):
    return _build_into(_notes(lib), lib)


def _symlink_to_text(lib):
    link = lib["tmp"] / "link.db"
    link.symlink_to(_notes(lib))
    return _build_into(link, lib)


def _device_node(lib):
    node = lib["tmp"] / "dev"
    os.mknod(node, 0o600 | stat.S_IFCHR, os.makedev(1, 3))
    return _build_into(node, lib)


def _foreign_sqlite(lib):
    path = lib["tmp"] / "other.db"
    connection = sqlite3.connect(path)
    connection.execute("create table entries (id text, text text)")
    connection.execute("insert into entries values ('a', 'my data')")
    connection.commit()
    connection.close()
    return _build_into(path, lib)


def _a_folder(lib):
    folder = lib["tmp"] / "folder.db"
    folder.mkdir()
    return _build_into(folder, lib)


def _read_only_db(lib):
    lib["db"].chmod(0o444)
    return _build_into(lib["db"], lib)


def _read_only_folder(lib):
    folder = lib["tmp"] / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    return _build_into(folder / "kb.db", lib)


def _unchanged(path_of: Callable[[dict[str, Path]], Path], content: bytes | None = None):
    def check(lib, done) -> None:
        assert path_of(lib).read_bytes() == (content if content is not None else b"my precious notes\n")

    return check


def _foreign_kept(lib, done) -> None:
    rows = sqlite3.connect(lib["tmp"] / "other.db").execute("select * from entries").fetchall()
    assert rows == [("a", "my data")]


CASES = [
    Case("build --db onto a text file", _text_file, ("not a Referee knowledge base",), _unchanged(_notes)),
    Case(
        "build --db onto a symlink to a text file",
        _symlink_to_text,
        ("not a Referee knowledge base",),
        _unchanged(lambda lib: lib["tmp"] / "notes.txt"),
    ),
    Case(
        "build --db onto a device node",
        _device_node,
        ("not a regular file",),
        skip=None if IS_ROOT else "mknod needs root",
    ),
    Case("build --db onto a foreign SQLite file", _foreign_sqlite, ("not a Referee knowledge base",), _foreign_kept),
    Case("build --db onto a folder", _a_folder, ("is a folder",)),
    Case(
        "build --db onto a read-only database",
        _read_only_db,
        ("read-only",),
        skip="root writes anywhere" if IS_ROOT else None,
    ),
    Case(
        "build into a read-only folder",
        _read_only_folder,
        ("not writable",),
        skip="root writes anywhere" if IS_ROOT else None,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_hostile_case(case: Case, library: dict[str, Path]) -> None:
    if case.skip:
        pytest.skip(case.skip)
    index = library["db"].with_name("referee.index")
    before = digest(library["db"], index)
    args = case.setup(library)
    done = referee(*args, env=case.env(library))
    if case.needles:
        one_line_error(done, *case.needles)
    else:
        assert done.returncode == 0, done.stderr
    if case.then:
        case.then(library, done)
    library["db"].chmod(0o644)
    assert digest(library["db"], index) == before, "a built database or index changed"


# ---------------------------------------------------------------- concurrency and leftovers


def test_two_concurrent_one_game_builds_both_land(library: dict[str, Path]) -> None:
    """Each `build --game` copies the database and swaps its copy in: without a lock one is lost."""
    corpus, db = library["corpus"], library["db"]
    for game, marker in (("ta-ke", "Lorem ta-ke marker."), ("tacocat", "Lorem tacocat marker.")):
        book = corpus / game / tomllib.loads((corpus / game / "game.toml").read_text(encoding="utf-8"))["rulebook"]
        book.write_text(book.read_text(encoding="utf-8") + f"\n{marker}\n", encoding="utf-8")
        if game == "tacocat":  # its English reading must cover every entry: the new paragraph too
            english = corpus / game / "tacocat.en.txt"
            english.write_text(english.read_text(encoding="utf-8") + f"\n[перемога/2]\n{marker}\n", encoding="utf-8")
    where = ["--db", str(db), "--corpus", str(corpus)]
    for _ in range(3):
        runs = [
            subprocess.Popen(
                [sys.executable, str(ROOT / "tests" / "hostile_cli.py"), "build", "--game", game, *where],
                env={**os.environ, "PYTHONPATH": str(ROOT)},
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
            for game in ("ta-ke", "tacocat")
        ]
        assert all(run.wait(timeout=120) == 0 for run in runs)
        texts = [row[0] for row in sqlite3.connect(db).execute("select text from entries")]
        assert "Lorem ta-ke marker." in texts and "Lorem tacocat marker." in texts


def test_a_killed_builds_leftovers_are_removed_by_the_next_build(library: dict[str, Path]) -> None:
    db = library["db"]
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    pid = int(dead.stdout)  # a process that has exited: its files are leftovers
    leftovers = [
        db.with_name(f".{db.name}.tmp-{pid}"),
        db.with_name(f".{db.name}.tmp-{pid}-journal"),
    ]
    for path in leftovers:
        path.write_bytes(b"half a database")
    staging = db.with_name(f"referee.index.tmp-{pid}")
    staging.mkdir()
    (staging / "vectors.faiss").write_bytes(b"half an index")
    done = referee("build", "--db", str(db), "--corpus", str(library["corpus"]))
    assert done.returncode == 0, done.stderr
    assert not any(path.exists() for path in leftovers)
    done = referee("index", "--db", str(db))
    assert done.returncode == 0, done.stderr
    assert not staging.exists()

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
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
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
    """`referee` with arguments as bytes (file names that are not UTF-8)."""
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run(
        [sys.executable.encode(), str(ROOT / "tests" / "hostile_cli.py").encode(), *args],
        capture_output=True,
        env=full_env,
        timeout=120,
    )


@contextmanager
def together(*args_lists: list[str], env: dict[str, str]) -> Iterator[list[subprocess.Popen]]:
    """`hostile_cli.py` started once per argument list, all at once; any still running when the
    block ends (a failed assertion, a timeout) is killed, and every one is reaped."""
    runs: list[subprocess.Popen] = []
    try:
        for args in args_lists:
            runs.append(
                subprocess.Popen(
                    [sys.executable, str(ROOT / "tests" / "hostile_cli.py"), *args],
                    env=env,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                    text=True,
                )
            )
        yield runs
    finally:
        for run in runs:
            if run.poll() is None:
                run.kill()
            run.communicate()


def outputs(runs: list[subprocess.Popen], timeout: float) -> list[tuple[int, str, str]]:
    """Each run's exit code, stdout and stderr, read while it runs (a full pipe cannot block it)."""
    done = []
    for run in runs:
        out, err = run.communicate(timeout=timeout)
        done.append((run.returncode, out, err))
    return done


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
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two small books, built and indexed once; each case gets its own copy."""
    folder = tmp_path_factory.mktemp("hostile")
    for game in SMALL_GAMES:
        shutil.copytree(ROOT / "corpus" / game, folder / "corpus" / game)
    db = folder / "kb" / "referee.db"
    done = referee("build", "--db", str(db), "--corpus", str(folder / "corpus"))
    assert done.returncode == 0, done.stderr
    done = referee("index", "--db", str(db))
    assert done.returncode == 0, done.stderr
    return folder


@pytest.fixture()
def library(tmp_path: Path, template: Path) -> dict[str, Path]:
    """A fresh copy of the built library, for a case that breaks things."""
    shutil.copytree(template / "corpus", tmp_path / "corpus")
    shutil.copytree(template / "kb", tmp_path / "kb")
    db = tmp_path / "kb" / "referee.db"
    return {"corpus": tmp_path / "corpus", "db": db, "index": db.with_name("referee.index"), "tmp": tmp_path}


def index_files(lib: dict[str, Path]) -> dict[str, bytes]:
    """The index's content (its config holds a build time, so it is left out)."""
    return {p.name: p.read_bytes() for p in sorted(lib["index"].iterdir()) if p.name != "config.json"}


# ---------------------------------------------------------------- the cases


@dataclass
class Case:
    """One hostile thing: `setup` prepares it and returns the command line; the row says what
    must come out: an error line holding `needles`, or success checked by `then`.

    `changes` names what the case itself damages (and so may be repaired): "db", "index"."""

    name: str
    setup: Callable[[dict[str, Path]], list[str]]
    needles: tuple[str, ...] = ()
    then: Callable[[dict[str, Path], subprocess.CompletedProcess], None] | None = None
    env: Callable[[dict[str, Path]], dict[str, str]] = field(default=lambda lib: {})
    skip: str | None = None
    changes: tuple[str, ...] = ()
    real: bool = False  # run the real `referee` (real model loading), not the cheap-encoder one


def _db(lib, *args: str) -> list[str]:
    return [*args, "--db", str(lib["db"])]


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


def _make_foreign(path: Path) -> Path:
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("create table entries (id text, text text)")
        connection.execute("insert into entries values ('a', 'my data')")
    return path


def _foreign_sqlite(lib):
    return _build_into(_make_foreign(lib["tmp"] / "other.db"), lib)


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


def _unchanged_notes(lib, done) -> None:
    assert (lib["tmp"] / "notes.txt").read_bytes() == b"my precious notes\n"


def _foreign_kept(lib, done) -> None:
    with closing(sqlite3.connect(lib["tmp"] / "other.db")) as connection:
        rows = connection.execute("select * from entries").fetchall()
    assert rows == [("a", "my data")]


def _garble(path: Path, at: float = 0.5, size: int = 4096) -> None:
    """Flip the bits of `size` bytes from `at` (a fraction of the file) on."""
    data = bytearray(path.read_bytes())
    start = int(len(data) * at)
    data[start : start + size] = bytes((b ^ 0x5A) for b in data[start : start + size])
    path.write_bytes(bytes(data))


def _garble_pages(path: Path) -> None:
    """Garble every page but the first (the header stays: it is still a Referee file, a broken one)."""
    _garble(path, 0.0001 + 4096 / path.stat().st_size, path.stat().st_size)


def _truncate(path: Path, keep: float = 0.5) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: int(len(data) * keep)])


def _damaged_db(how: Callable[[Path], None], *command: str):
    def setup(lib):
        how(lib["db"])
        return _db(lib, *command)

    return setup


def _sql(statement: str):
    def how(path: Path) -> None:
        with closing(sqlite3.connect(path)) as connection, connection:
            connection.execute(statement)

    return how


def _foreign_at_db(path: Path) -> None:
    path.unlink()
    _make_foreign(path)


def _damaged_index(how: Callable[[dict[str, Path]], None], *command: str):
    def setup(lib):
        how(lib)
        return _db(lib, *command)

    return setup


def _repaired(lib, done) -> None:
    """The damaged index was rebuilt (never answered from): the same vectors as before."""
    assert "damaged" in done.stderr + done.stdout
    assert index_files(lib) == lib["index_before"]


def _rebuild_all_games(lib, done) -> None:
    with closing(sqlite3.connect(lib["db"])) as connection:
        games = {row[0] for row in connection.execute("select id from games")}
        check = connection.execute("pragma quick_check").fetchone()[0]
    assert games == set(SMALL_GAMES)
    assert check == "ok"


def _corpus_edit(game: str, edit: Callable[[Path], None], *command: str):
    def setup(lib):
        edit(lib["corpus"] / game)
        return [*command, "--db", str(lib["db"]), "--corpus", str(lib["corpus"])]

    return setup


def _checks_py(body: str):
    def edit(folder: Path) -> None:
        (folder / "checks.py").write_text(body)

    return edit


def _stdin_file(lib, content: bytes) -> Path:
    path = lib["tmp"] / "situation.yaml"
    path.write_bytes(content)
    return path


def _situation(content: bytes):
    def setup(lib):
        return ["check", str(_stdin_file(lib, content))]

    return setup


BILLION_LAUGHS = b"""game: ta-ke
check: setup-stack
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
facts: {stack: *g}
"""


def _questions(content: bytes):
    def setup(lib):
        path = lib["tmp"] / "questions.jsonl"
        path.write_bytes(content)
        return _db(lib, "eval", str(path))

    return setup


def _home_is_a_file(lib) -> dict[str, str]:
    home = lib["tmp"] / "home-file"
    home.write_text("not a folder")
    return {"HOME": str(home), "XDG_CONFIG_HOME": ""}


def _binary_settings(lib) -> dict[str, str]:
    config = lib["tmp"] / "config"
    (config / "referee").mkdir(parents=True)
    (config / "referee" / "default-game").write_bytes(b"\x00\xff\xfe binary \x89PNG")
    return {"XDG_CONFIG_HOME": str(config)}


def _cache_is_a_file(lib) -> dict[str, str]:
    cache = lib["tmp"] / "cache-file"
    cache.write_text("not a folder")
    return {"REFEREE_CACHE": str(cache)}


CASES = [
    # --- a build never overwrites what is not a Referee database
    Case("build --db onto a text file", _text_file, ("not a Referee knowledge base",), _unchanged_notes),
    Case(
        "build --db onto a symlink to a text file",
        _symlink_to_text,
        ("not a Referee knowledge base",),
        _unchanged_notes,
    ),
    Case(
        "build --db onto a device node", _device_node, ("not a regular file",), skip=None if IS_ROOT else "needs root"
    ),
    Case("build --db onto a foreign SQLite file", _foreign_sqlite, ("not a Referee knowledge base",), _foreign_kept),
    Case("build --db onto a folder", _a_folder, ("is a folder",)),
    Case("build --db onto a read-only database", _read_only_db, ("read-only",), skip="root" if IS_ROOT else None),
    Case("build into a read-only folder", _read_only_folder, ("not writable",), skip="root" if IS_ROOT else None),
    # --- a broken database is one line, and a build repairs it
    Case(
        "show on a garbled database",
        _damaged_db(_garble_pages, "show", "ta-ke/set-up/1"),
        ("referee build",),
        changes=("db",),
    ),
    Case(
        "ask on a garbled database",
        _damaged_db(_garble_pages, "ask", "how do I set up?"),
        ("referee build",),
        changes=("db",),
    ),
    Case(
        "show on a truncated database",
        _damaged_db(_truncate, "show", "ta-ke/set-up/1"),
        ("referee build",),
        changes=("db",),
    ),
    Case(
        "games on a foreign SQLite file with an entries table",
        _damaged_db(_foreign_at_db, "games"),
        ("not a Referee knowledge base",),
        changes=("db",),
    ),
    Case(
        "show with a dropped table",
        _damaged_db(_sql("drop table sections"), "show", "ta-ke"),
        ("referee build",),
        changes=("db",),
    ),
    Case(
        "search with a garbled full-text index",
        _damaged_db(
            _sql("update entries_fts_data set block = x'00ff00ff00ff' where id = 10"), "search", "stack", "-g", "ta-ke"
        ),
        ("referee build",),
        changes=("db", "index"),
    ),
    Case(
        "build --game on a garbled database rebuilds every game",
        lambda lib: (_garble(lib["db"], 0.3, 1 << 16), [*_build_into(lib["db"], lib), "--game", "ta-ke"])[1],
        then=_rebuild_all_games,
        changes=("db", "index"),
    ),
    Case(
        "build --game on a truncated database rebuilds every game",
        lambda lib: (_truncate(lib["db"], 0.3), [*_build_into(lib["db"], lib), "--game", "ta-ke"])[1],
        then=_rebuild_all_games,
        changes=("db", "index"),
    ),
    # --- a broken index is rebuilt or refused, never answered from
    Case(
        "ask with a garbled vectors.faiss",
        _damaged_index(lambda lib: _garble(lib["index"] / "vectors.faiss"), "ask", "how do I set up?", "-g", "ta-ke"),
        then=_repaired,
        changes=("index",),
    ),
    Case(
        "index (not --force) notices a garbled vectors.faiss",
        _damaged_index(lambda lib: _garble(lib["index"] / "vectors.faiss"), "index"),
        then=_repaired,
        changes=("index",),
    ),
    Case(
        "ask with a deleted vectors.faiss",
        _damaged_index(lambda lib: (lib["index"] / "vectors.faiss").unlink(), "ask", "set up", "-g", "ta-ke"),
        then=_repaired,
        changes=("index",),
    ),
    Case(
        "ask with a truncated vectors.faiss",
        _damaged_index(lambda lib: _truncate(lib["index"] / "vectors.faiss"), "ask", "set up", "-g", "ta-ke"),
        then=_repaired,
        changes=("index",),
    ),
    Case(
        "search with a missing unit table",
        _damaged_index(lambda lib: (lib["index"] / "units.npz").unlink(), "search", "set up", "-g", "ta-ke"),
        then=_repaired,
        changes=("index",),
    ),
    Case(
        "ask with a wrong-typed config.json",
        _damaged_index(
            lambda lib: (lib["index"] / "config.json").write_text('{"model": 5, "dim": "x"}'),
            "ask",
            "set up",
            "-g",
            "ta-ke",
        ),
        then=_repaired,
        changes=("index",),
    ),
    Case(
        "ask with an index folder that is a file",
        _damaged_index(
            lambda lib: (shutil.rmtree(lib["index"]), lib["index"].write_text("mine")), "ask", "set up", "-g", "ta-ke"
        ),
        ("not a folder Referee made",),
        then=lambda lib, done: lib["index"].read_text() == "mine" or pytest.fail("the file was replaced"),
        changes=("index",),
    ),
    # --- input checked at the edge
    Case("ask with a lone surrogate", lambda lib: _db(lib, "ask", "pass \udcff", "-g", "ta-ke"), ("not valid UTF-8",)),
    Case(
        "eval with a question file that is not UTF-8",
        _questions(b'{"id": "1", "game": "ta-ke", "q": "\xff\xfe", "gold": ["x"]}\n'),
        ("not UTF-8",),
    ),
    Case(
        "eval with a lone surrogate in a question",
        _questions(b'{"id": "1", "game": "ta-ke", "q": "pass \\udc80", "gold": ["x"]}\n'),
        ("not valid UTF-8",),
    ),
    Case("check with a YAML billion laughs", _situation(BILLION_LAUGHS), ("aliases",)),
    Case(
        "check with a 5,000-digit YAML integer",
        _situation(b"check: setup-stack\nfacts: {stack: " + b"9" * 5000 + b"}\n"),
        ("line 2, column 16", "out of range"),
    ),
    Case("check with 100k-deep nested JSON", _situation(b"[" * 100_000 + b"]" * 100_000), ("nested",)),
    Case("check with a situation that is not UTF-8", _situation(b"check: \xff\xfe\n"), ("not UTF-8",)),
    # --- a game's checks.py that fails
    Case(
        "build with a checks.py that raises",
        _corpus_edit("ta-ke", _checks_py("raise RuntimeError('boom')\n"), "build"),
        ("checks.py", "boom"),
    ),
    Case(
        "build with a checks.py with a syntax error",
        _corpus_edit("ta-ke", _checks_py("def broken(:\n"), "build"),
        ("checks.py", "line 1"),
    ),
    Case(
        "check with a checks.py that raises",
        lambda lib: (_checks_py("raise RuntimeError('boom')\n")(lib["corpus"] / "ta-ke"), ["check", "--list"])[1],
        ("checks.py", "boom"),
        env=lambda lib: {"REFEREE_CORPUS": str(lib["corpus"])},
    ),
    Case(
        "ask with a checks.py that raises (no silent 'no checks')",
        lambda lib: (_checks_py("raise RuntimeError('boom')\n")(lib["corpus"] / "ta-ke"), _db(lib, "ask", "set up"))[1],
        ("checks.py", "boom"),
        env=lambda lib: {"REFEREE_CORPUS": str(lib["corpus"])},
    ),
    Case(
        "ask with a missing REFEREE_CORPUS folder",
        lambda lib: _db(lib, "ask", "set up"),
        ("nowhere", "corpus folder not found"),
        env=lambda lib: {"REFEREE_CORPUS": str(lib["tmp"] / "nowhere")},
    ),
    Case(
        "check with a missing REFEREE_CORPUS folder",
        lambda lib: ["check", "--list"],
        ("nowhere",),
        env=lambda lib: {"REFEREE_CORPUS": str(lib["tmp"] / "nowhere")},
    ),
    # --- outputs and settings that cannot be written or read
    Case(
        "sheet -o /dev/full",
        lambda lib: _db(lib, "sheet", "ta-ke", "-o", "/dev/full"),
        ("no space",),
        env=lambda lib: {"REFEREE_CORPUS": str(lib["corpus"])},
    ),
    Case("games > /dev/full", lambda lib: _db(lib, "games"), ("no space",)),
    Case(
        "use with HOME a file",
        lambda lib: _db(lib, "use", "ta-ke"),
        ("cannot save the default game",),
        env=_home_is_a_file,
    ),
    Case(
        "ask with a binary settings file",
        lambda lib: _db(lib, "ask", "set up"),
        ("referee use --clear",),
        env=_binary_settings,
    ),
    Case(
        "index with REFEREE_CACHE pointing at a file",
        lambda lib: _db(lib, "index", "--force"),
        ("REFEREE_CACHE",),
        env=_cache_is_a_file,
        real=True,
    ),
    Case(
        "index with a REFEREE_MODEL that does not exist",
        lambda lib: _db(lib, "index"),
        ("no-such-org/no-such-model",),
        env=lambda lib: {"REFEREE_MODEL": "no-such-org/no-such-model", "HF_HUB_OFFLINE": ""},
        real=True,
    ),
    Case(
        "index with a REFEREE_MODEL folder that does not exist",
        lambda lib: _db(lib, "index"),
        ("no such model folder",),
        env=lambda lib: {"REFEREE_MODEL": "/nowhere/model"},
        real=True,
    ),
]


def _toml(game: str, edit: Callable[[str], str]):
    def change(folder: Path) -> None:
        path = folder / "game.toml"
        original = path.read_text(encoding="utf-8")
        edited = edit(original)
        assert edited != original, f"the edit no longer matches {game}/game.toml"  # else the case tests nothing
        path.write_text(edited, encoding="utf-8")

    return _corpus_edit(game, change, "build")


CASES += [
    # --- game.toml: every key typed, unknown keys refused, names unique across games
    Case(
        "game.toml claiming another game's alias",
        _toml("tacocat", lambda t: t.replace('aliases = ["tacocat"', 'aliases = ["ta ke", "tacocat"')),
        ("tacocat/game.toml", "'ta ke'", "already ta-ke's"),
    ),
    Case(
        'game.toml short_line_headings = "no"',
        _toml("ta-ke", lambda t: t.replace("short_line_headings = true", 'short_line_headings = "no"')),
        ("ta-ke/game.toml", "parse.short_line_headings", "true or false"),
    ),
    Case(
        "game.toml with an unknown top-level key",
        _toml("ta-ke", lambda t: t.replace("[parse]", 'rulebok = "typo.txt"\n\n[parse]')),
        ("ta-ke/game.toml", "unknown key 'rulebok'"),
    ),
    Case(
        "game.toml with an unknown [parse] key",
        _toml("ta-ke", lambda t: t.replace("[parse]", "[parse]\nshort_lines_headings = true")),
        ("ta-ke/game.toml", "unknown key 'parse.short_lines_headings'"),
    ),
    Case(
        "game.toml with a mistyped [[precedence]]",
        _toml("ta-ke", lambda t: t + '\n[[precedence]]\nhigher = "faq"\nentry = "ta-ke/set-up/1"\n'),
        ("ta-ke/game.toml", "precedence[0].higher"),
    ),
    Case(
        "game.toml with players = true",
        _toml("ta-ke", lambda t: t.replace('players = "2"', "players = true")),
        ("ta-ke/game.toml", "players"),
    ),
    Case(
        'game.toml [sheet] sentences = "three"',
        _toml("ta-ke", lambda t: t.replace("sentences = 2\n", 'sentences = "three"\n', 1)),
        ("ta-ke/game.toml", "sentences"),
    ),
]


def _facts_case(name: str, args: list[str], needles: tuple[str, ...]) -> Case:
    return Case(name, lambda lib: ["check", *args], needles)


FACT_CASES = [
    _facts_case(
        "check with passer=nan,nan",
        ["-c", "pass-direction", "-f", "passer=nan,nan", "-f", "receiver=14,20"],
        ("passer",),
    ),
    _facts_case(
        "check with a 10^400 fact",
        ["-c", "pass-direction", "-f", "passer=1e400,1", "-f", "receiver=14,20"],
        ("passer",),
    ),
    Case(
        "check with passer: [true, false]",
        _situation(b"check: pass-direction\nfacts: {passer: [true, false], receiver: [14, 20]}\n"),
        ("passer",),
    ),
    Case(
        "check with a non-string fact name",
        _situation(b"check: pass-direction\nfacts: {1: [1, 2], passer: [10, 20], receiver: [14, 20]}\n"),
        ("1",),
    ),
]

CASES.append(
    Case(
        "build onto a full disk (a file size limit stands in for it)",
        lambda lib: _build_into(lib["db"], lib),
        ("is the disk full",),
    )
)
STDOUT_TO_DEV_FULL = {"games > /dev/full"}
FULL_DISK = {"build onto a full disk (a file size limit stands in for it)"}


def _small_file_limit() -> None:
    import resource
    import signal

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG) instead of killing
    resource.setrlimit(resource.RLIMIT_FSIZE, (64 * 1024, 64 * 1024))


ALL_CASES = CASES + FACT_CASES


@pytest.mark.parametrize("case", ALL_CASES, ids=[getattr(c, "name", None) or c.values[0].name for c in ALL_CASES])
def test_hostile_case(case: Case, library: dict[str, Path]) -> None:
    if case.skip:
        pytest.skip(case.skip)
    before = {"db": digest(library["db"]), "index": digest(library["index"])}
    library["index_before"] = index_files(library)  # type: ignore[assignment]
    args = case.setup(library)
    env = {k: v for k, v in case.env(library).items()}
    if case.real:
        done = subprocess.run(
            [sys.executable, "-c", "from referee.cli.main import main; main()", *args],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT), **env},
            timeout=300,
        )
    elif case.name in FULL_DISK:
        done = subprocess.run(
            [sys.executable, str(ROOT / "tests" / "hostile_cli.py"), *args],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT), **env},
            preexec_fn=_small_file_limit,
        )
    elif case.name in STDOUT_TO_DEV_FULL:
        with open("/dev/full", "w") as full:
            done = subprocess.run(
                [sys.executable, str(ROOT / "tests" / "hostile_cli.py"), *args],
                stdout=full,
                stderr=subprocess.PIPE,
                text=True,
                env={**os.environ, "PYTHONPATH": str(ROOT), **env},
            )
    else:
        done = referee(*args, env=env)
    if case.needles:
        one_line_error(done, *case.needles)
    else:
        assert done.returncode == 0, done.stderr[-3000:]
    if case.then:
        case.then(library, done)
    if library["db"].exists():
        library["db"].chmod(0o644)
    if "db" not in case.changes:
        assert digest(library["db"]) == before["db"], "the built database changed"
    if "index" not in case.changes:
        assert digest(library["index"]) == before["index"], "the built index changed"


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
        builds = [["build", "--game", game, *where] for game in ("ta-ke", "tacocat")]
        with together(*builds, env={**os.environ, "PYTHONPATH": str(ROOT)}) as runs:
            done = outputs(runs, timeout=120)
        assert all(code == 0 for code, _, _ in done), [err for _, _, err in done]
        with closing(sqlite3.connect(db)) as connection:
            texts = [row[0] for row in connection.execute("select text from entries")]
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


def test_four_asks_after_a_build_make_one_rebuild_between_them(library: dict[str, Path]) -> None:
    """Before the lock each stale `ask` rebuilt the index itself (four rebuilds at once)."""
    book = next((library["corpus"] / "ta-ke").glob("*.txt"))
    book.write_text(book.read_text(encoding="utf-8") + "\nA new rule for the stack.\n", encoding="utf-8")
    done = referee("build", "--db", str(library["db"]), "--corpus", str(library["corpus"]))
    assert done.returncode == 0, done.stderr
    builds = library["tmp"] / "builds.log"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "REFEREE_TEST_BUILDS": str(builds)}
    ask = ["ask", "stack", "-g", "ta-ke", "--json", "--db", str(library["db"])]
    with together(ask, ask, ask, ask, env=env) as runs:
        results = outputs(runs, timeout=300)
    assert all(code == 0 for code, _, _ in results), [err for _, _, err in results]
    assert len(builds.read_text().splitlines()) == 1
    assert all('"answer"' in out for _, out, _ in results)

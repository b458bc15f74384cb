"""Hostile files (issue 27): nothing a user has is lost, whatever the disk or the links say.

The lock file's path made a symlink to a user's file, an output over an existing file on a full
disk (a file size limit stands in for it), an output path that is a link: each is one line on
stderr and exit 2, and the user's file is byte for byte what it was.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from test_hostile import ROOT, digest, library, one_line_error, referee, template  # noqa: F401 (fixtures)

NOTES = b"my precious notes\n" * 500  # 9 KB: more than the file size limit below lets a write reach


def _notes(tmp: Path) -> Path:
    notes = tmp / "notes.txt"
    notes.write_bytes(NOTES)
    return notes


@pytest.mark.parametrize(
    "command",
    [["build", "--corpus", "{corpus}"], ["build", "--game", "ta-ke", "--corpus", "{corpus}"], ["index", "--force"]],
    ids=["build", "one-game build", "index --force"],
)
def test_a_lock_file_linked_to_a_users_file_never_overwrites_it(library, command: list[str]) -> None:  # noqa: F811
    notes = _notes(library["tmp"])
    lock = library["db"].with_name(f".{library['db'].name}.lock")
    lock.unlink(missing_ok=True)
    lock.symlink_to(notes)
    before = digest(library["db"])
    args = [a.format(corpus=library["corpus"]) for a in command]
    one_line_error(referee(*args, "--db", str(library["db"])), "symbolic link")
    assert notes.read_bytes() == NOTES
    assert digest(library["db"]) == before


def test_a_lock_file_hard_linked_to_a_users_file_is_refused(library) -> None:  # noqa: F811
    notes = _notes(library["tmp"])
    lock = library["db"].with_name(f".{library['db'].name}.lock")
    lock.unlink(missing_ok=True)
    lock.hardlink_to(notes)
    one_line_error(referee("build", "--db", str(library["db"]), "--corpus", str(library["corpus"])), "not one Referee")
    assert notes.read_bytes() == NOTES


def _limited(limit: int):
    def preexec() -> None:
        import resource
        import signal

        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return preexec


def _full_disk_run(args: list[str], env: dict[str, str], limit: int = 1024) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "tests" / "hostile_cli.py"), *args],
        capture_output=True,
        text=True,
        env={**__import__("os").environ, "PYTHONPATH": str(ROOT), **env},
        preexec_fn=_limited(limit),
        timeout=300,
    )


@pytest.mark.slow
@pytest.mark.parametrize("format_", ["md", "html"])
def test_sheet_over_an_existing_file_on_a_full_disk_keeps_the_old_file(library, format_: str) -> None:  # noqa: F811
    notes = _notes(library["tmp"])
    env = {"REFEREE_CORPUS": str(library["corpus"])}
    args = ["sheet", "ta-ke", "--format", format_, "-o", str(notes), "--db", str(library["db"])]
    one_line_error(_full_disk_run(args, env), "no space", "unchanged")
    assert notes.read_bytes() == NOTES
    assert sorted(p.name for p in library["tmp"].iterdir() if p.name.startswith(".notes")) == []


@pytest.mark.slow
def test_sheet_onto_a_symlink_is_refused(library) -> None:  # noqa: F811
    notes = _notes(library["tmp"])
    link = library["tmp"] / "sheet.md"
    link.symlink_to(notes)
    env = {"REFEREE_CORPUS": str(library["corpus"])}
    done = referee("sheet", "ta-ke", "-o", str(link), "--db", str(library["db"]), env=env)
    one_line_error(done, "symbolic link")
    assert notes.read_bytes() == NOTES


def test_a_state_drawing_onto_a_symlink_is_refused(tmp_path: Path) -> None:
    notes = _notes(tmp_path)
    link = tmp_path / "state.svg"
    link.symlink_to(notes)
    state = str(ROOT / "corpus" / "takkure" / "states" / "pass-ahead.yaml")
    one_line_error(referee("check", state, "--svg", str(link)), "symbolic link")
    assert notes.read_bytes() == NOTES


def test_a_sheet_replaces_an_old_one_whole(library) -> None:  # noqa: F811
    out = library["tmp"] / "sheet.md"
    out.write_bytes(NOTES)
    done = referee(
        "sheet", "ta-ke", "-o", str(out), "--db", str(library["db"]), env={"REFEREE_CORPUS": str(library["corpus"])}
    )
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() != NOTES and out.read_bytes().startswith(b"# TA-KE")

"""Hostile, round three (issue 35): books that arrive from anywhere, added with `referee add`.

Every case is one line on stderr and exit 2 with nothing built changed (the database, the games
folder), or, where adding is the right answer, exit 0 with nothing else copied. A killed `add`
leaves the knowledge base as it was (or, killed after the database's swap, finished by the next
`add`) and no staging folder behind. Each case starts the CLI in a process of its own (slow).
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest
from test_hostile import ROOT, digest, one_line_error, referee, referee_bytes
from test_hostile_files import _full_disk_run

from referee.books.formats.html import read_html

pytestmark = pytest.mark.slow

BOOK = "# Lantern Rules\n\n## Setup\n\nEach player takes five cards.\n\n## Turns\n\nPlay one card a turn.\n"
SECRET = "root:x:0:0:my private notes\n"


@pytest.fixture()
def kb(tmp_path: Path) -> dict[str, Path]:
    """A knowledge base of one added game in its own games folder."""
    (tmp_path / "first.md").write_text(BOOK.replace("Lantern", "First"))
    games, db = tmp_path / "games", tmp_path / "kb" / "referee.db"
    done = referee("add", str(tmp_path / "first.md"), "--corpus", str(games), "--db", str(db), "--no-index")
    assert done.returncode == 0, done.stderr
    return {"tmp": tmp_path, "games": games, "db": db}


def add(kb: dict[str, Path], *args: str, env: dict[str, str] | None = None):
    return referee("add", *args, "--corpus", str(kb["games"]), "--db", str(kb["db"]), "--no-index", env=env)


def state(kb: dict[str, Path]) -> str:
    """The database and every file of the games folder (hidden ones too): what must not change."""
    return digest(kb["db"], kb["games"]) + str(sorted(p.name for p in kb["games"].iterdir()))


def stored(kb: dict[str, Path]) -> set[str]:
    with closing(sqlite3.connect(kb["db"])) as connection:
        return {row[0] for row in connection.execute("select id from games")}


def _folder(kb, name: str, toml: bool = False) -> Path:
    folder = kb["tmp"] / name
    folder.mkdir()
    (folder / "rules.md").write_text(BOOK.replace("Lantern", name.title()))
    if toml:
        (folder / "game.toml").write_text(f'title = "{name.title()}"\nlanguage = "en"\nrulebook = "rules.md"\n')
    return folder


# ---------------------------------------------------------------- links and special files (issue 35: 1, 10)


def _linked_book(kb) -> Path:
    folder = kb["tmp"] / "linked"
    folder.mkdir()
    (folder / "b.txt").symlink_to(kb["tmp"] / "secret.txt")
    return folder


def _linked_in_own_folder(kb) -> Path:
    folder = _folder(kb, "ownlink", toml=True)
    (folder / "notes.txt").symlink_to(kb["tmp"] / "secret.txt")
    return folder


def _linked_subfolder(kb) -> Path:
    folder = _folder(kb, "subfolder", toml=True)
    (kb["tmp"] / "private").mkdir()
    (kb["tmp"] / "private" / "secret.txt").write_text(SECRET)
    (folder / "extra").symlink_to(kb["tmp"] / "private")
    return folder


def _linked_rulebook(kb) -> Path:
    folder = _folder(kb, "linkedbook", toml=True)
    (folder / "rules.md").unlink()
    (folder / "rules.md").symlink_to(kb["tmp"] / "secret.txt")
    return folder


LINKS = {
    "a folder whose book links to a private file": _linked_book,
    "a folder with game.toml and a link beside it": _linked_in_own_folder,
    "a folder with a linked subfolder": _linked_subfolder,
    "a folder whose game.toml's rulebook is a link": _linked_rulebook,
}


@pytest.mark.parametrize("case", list(LINKS))
def test_a_link_in_a_game_folder_is_refused_and_never_copied(kb, case: str) -> None:
    (kb["tmp"] / "secret.txt").write_text(SECRET)
    before = state(kb)
    one_line_error(add(kb, str(LINKS[case](kb))), "symbolic link")
    assert state(kb) == before
    assert not any(SECRET in p.read_text(errors="replace") for p in kb["games"].rglob("*") if p.is_file())


def test_a_pipe_is_refused_without_being_opened(kb) -> None:
    fifo = kb["tmp"] / "fifo.md"
    os.mkfifo(fifo)
    before = state(kb)
    one_line_error(add(kb, str(fifo)), "fifo.md", "is a pipe")
    assert state(kb) == before


def test_a_device_is_refused_without_being_read(kb) -> None:
    before = state(kb)
    one_line_error(add(kb, "/dev/zero"), "/dev/zero", "is a device")
    assert state(kb) == before


# ---------------------------------------------------------------- code in the folder (issue 35: 2)


def _coded(kb) -> Path:
    folder = _folder(kb, "coded", toml=True)
    (folder / "checks.py").write_text(f"open({str(kb['tmp'] / 'RAN')!r}, 'w').write('ran')\n")
    return folder


def test_a_folder_holding_code_is_refused_without_trust_code(kb) -> None:
    folder = _coded(kb)
    before = state(kb)
    one_line_error(add(kb, str(folder)), "checks.py", "--trust-code")
    assert state(kb) == before and not (kb["tmp"] / "RAN").exists()


def test_a_folder_holding_code_is_added_with_trust_code(kb) -> None:
    done = add(kb, str(_coded(kb)), "--trust-code")
    assert done.returncode == 0, done.stderr
    assert (kb["tmp"] / "RAN").exists() and "coded" in stored(kb)


# ---------------------------------------------------------------- what the user typed, named (issue 35: 7, 8, 10)

LONG = "T" * 10_000
TITLES = {
    "--title with a bell": (["--title", "Bad\atitle"], ("--title", "U+0007")),
    "--title with a line break": (["--title", "Two\nlines"], ("--title", "one line")),
    "--title of 10,000 characters": (["--title", LONG], ("--title", "at most 200")),
    "--id ../escape on a folder with game.toml": (["--id", "../escape"], ("--id '../escape'", "lower-case")),
}


@pytest.mark.parametrize("case", list(TITLES))
def test_a_bad_title_or_id_is_refused_naming_the_option(kb, case: str) -> None:
    args, needles = TITLES[case]
    source = _folder(kb, "own", toml=True) if "--id" in args else kb["tmp"] / "book.md"
    if "--id" not in args:
        source.write_text(BOOK)
    before = state(kb)
    done = add(kb, str(source), *args)
    one_line_error(done, *needles)
    assert ".adding" not in done.stderr and len(done.stderr) < 400
    assert state(kb) == before


BOOK_TITLES = {
    "front matter with an escape character": ("front.md", "---\ntitle: Lantern\x1b Rules\n---\n" + BOOK),
    "<title> with a bell and line breaks": (
        "page.html",
        "<html><head><title>Lantern\a\nRules</title></head><body><h2>Setup</h2><p>Take five cards.</p></body></html>",
    ),
    "<title> of 10,000 characters": (
        "long.html",
        f"<html><head><title>{LONG}</title></head><body><h2>Setup</h2><p>Take five cards.</p></body></html>",
    ),
}


@pytest.mark.parametrize("case", list(BOOK_TITLES))
def test_a_books_own_title_is_made_one_printable_line(kb, case: str) -> None:
    name, text = BOOK_TITLES[case]
    (kb["tmp"] / name).write_text(text)
    done = add(kb, str(kb["tmp"] / name), "--json")
    assert done.returncode == 0, done.stderr
    title = json.loads(done.stdout)["title"]
    assert title.isprintable() and len(title) <= 101, title


def test_a_book_named_game_toml_is_refused_not_overwritten(kb) -> None:
    book = kb["tmp"] / "game.toml"
    book.write_text(BOOK)
    before = state(kb)
    one_line_error(add(kb, str(book)), "game.toml", "rename it")
    assert state(kb) == before and book.read_text() == BOOK


def test_a_file_name_that_is_not_utf8_is_one_line(kb) -> None:
    name = os.fsencode(kb["tmp"]) + b"/\xff\xfe.md"
    Path(os.fsdecode(name)).write_text(BOOK)
    before = state(kb)
    args = [b"add", name, b"--corpus", os.fsencode(kb["games"]), b"--db", os.fsencode(kb["db"]), b"--no-index"]
    one_line_error(referee_bytes(*args), "not UTF-8")
    assert state(kb) == before


def test_a_full_disk_names_the_games_folder_not_the_book(kb) -> None:
    book = kb["tmp"] / "big.md"
    book.write_text(BOOK + "Each player may pass. " * 4000)  # 88 KB: more than the limit lets through
    before = state(kb)
    args = ["add", str(book), "--corpus", str(kb["games"]), "--db", str(kb["db"]), "--no-index"]
    done = _full_disk_run(args, {}, limit=16 * 1024)
    one_line_error(done, str(kb["games"]), "nothing was added")
    assert str(book) not in done.stderr
    assert state(kb) == before


def test_serve_on_an_address_that_is_no_address_names_the_host(kb) -> None:
    done = referee("serve", "--host", "999.1.1.1", "--db", str(kb["db"]))
    one_line_error(done, "--host '999.1.1.1'")
    assert "--port" not in done.stderr


# ---------------------------------------------------------------- a killed add (issue 35: 3)


def test_staging_a_killed_add_left_is_removed_by_the_next(kb) -> None:
    stale = kb["games"] / ".adding-999999"  # no such process
    (stale / "half").mkdir(parents=True)
    (stale / "half" / "rules.md").write_text(BOOK)
    (kb["tmp"] / "book.md").write_text(BOOK)
    done = add(kb, str(kb["tmp"] / "book.md"))
    assert done.returncode == 0, done.stderr
    assert not stale.exists() and not (kb["games"] / "half").exists()


@pytest.mark.parametrize("delay", [0.2, 0.5, 0.8, 1.1, 1.4, 1.8])
def test_a_killed_add_leaves_the_knowledge_base_as_before_or_finished(kb, delay: float) -> None:
    book = kb["tmp"] / "book.md"
    book.write_text(BOOK + "".join(f"\n## Rule {n}\n\nEach player may pass {n} times.\n" for n in range(300)))
    before = state(kb)
    args = ["add", str(book), "--corpus", str(kb["games"]), "--db", str(kb["db"]), "--no-index"]
    run = subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "hostile_cli.py"), *args],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(delay)
    run.send_signal(signal.SIGKILL)
    run.wait(timeout=60)
    folders = {p.name for p in kb["games"].iterdir() if not p.name.startswith(".")}
    finished = "lantern-rules" in stored(kb)
    assert state(kb) == before or finished or {p.name for p in kb["games"].iterdir()} - folders  # staging only
    done = add(kb, str(book))  # the next add settles what was left, then adds or says it is there
    assert done.returncode == 0 or "already" in done.stderr, done.stderr
    assert {p.name for p in kb["games"].iterdir()} == stored(kb)  # no staging left, nothing half-added
    assert "lantern-rules" in stored(kb)


# ---------------------------------------------------------------- readers (issue 35: 5, 7, 11)


def test_a_megabyte_of_entities_reads_in_linear_time() -> None:
    body = "<html><body><h1>Rules</h1><p>" + "It&rsquo;s a&amp;b " * 55_000 + "</p></body></html>"  # 1 MB
    start = time.perf_counter()
    document = read_html(body)
    assert time.perf_counter() - start < 30  # 82 s before (issue 35); about 2 s now
    assert "It’s a&b" in document.text


NESTED = {
    "html lists 3,000 deep": ("deep.html", "<html><body><h2>Setup</h2>" + "<ul><li>x " * 3000 + "</li></ul>" * 3000),
    "markdown lists 3,000 deep": ("deep.md", "## Setup\n\n" + "".join("  " * i + "- x\n" for i in range(3000))),
    "markdown quotes 3,000 deep": ("quotes.md", "## Setup\n\n" + ">" * 3000 + " x\n"),
}


@pytest.mark.parametrize("case", list(NESTED))
def test_a_book_nested_thousands_deep_is_one_line(kb, case: str) -> None:
    name, text = NESTED[case]
    (kb["tmp"] / name).write_text(text)
    before = state(kb)
    one_line_error(add(kb, str(kb["tmp"] / name)), name, "nested more than 32 deep")
    assert state(kb) == before


@pytest.mark.parametrize(
    "start", ["²", "9" * 5000, "-3", " 7 "], ids=["superscript", "5,000 digits", "negative", "spaced"]
)
def test_an_odd_list_start_reads_without_a_traceback(kb, start: str) -> None:
    page = f'<html><body><h1>Olg</h1><h2>Setup</h2><ol start="{start}"><li>Take five cards.</li></ol></body></html>'
    (kb["tmp"] / "ol.html").write_text(page)
    done = add(kb, str(kb["tmp"] / "ol.html"))
    assert done.returncode == 0, done.stderr


def _looped_pdf() -> bytes:
    """A PDF whose page tree holds itself among its kids."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>",
        b"<< /Length 0 >>\nstream\n\nendstream",
    ]
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for n, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % n + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1) + b"".join(
        b"%010d 00000 n \n" % o for o in offsets
    )
    return bytes(out + b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref))


def test_a_pdf_whose_page_tree_holds_itself_is_one_line(kb) -> None:
    (kb["tmp"] / "loop.pdf").write_bytes(_looped_pdf())
    before = state(kb)
    one_line_error(add(kb, str(kb["tmp"] / "loop.pdf")), "loop.pdf", "cannot be read")
    assert state(kb) == before


def test_inline_script_in_markdown_is_never_quoted(kb) -> None:
    (kb["tmp"] / "script.md").write_text(BOOK.replace("takes five", "takes <script>alert('md')</script> five"))
    done = add(kb, str(kb["tmp"] / "script.md"))
    assert done.returncode == 0, done.stderr
    with closing(sqlite3.connect(kb["db"])) as connection:
        texts = [row[0] for row in connection.execute("select text from entries where game = 'lantern-rules'")]
    assert "Each player takes five cards." in texts and not any("alert" in t for t in texts)

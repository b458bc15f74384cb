"""A new game's folder from a rulebook file: its format, language, title, id and a game.toml
that works without editing (`referee add`, which writes and builds it: referee.store.add).

Everything guessed is said (`Proposal.guessed`), so the user knows what to check; everything
can be changed afterwards in game.toml.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

from referee.books.formats import SUFFIXES, format_of, read_document
from referee.books.gameconf import GAME_ID
from referee.books.headings import slugify
from referee.books.ids import ascii_id
from referee.books.language import guess_language
from referee.errors import RefereeError
from referee.names import QUESTION_WORDS  # the words that never say which game
from referee.validation.files import given_file, regular_files
from referee.validation.text import NONPRINTABLE, describe_character, require_text

MARKDOWN_SIGNS = re.compile(r"^(?:#{1,6} \S|\|? ?:?-{3,}:? ?\|)", re.M)
CONTENTS_LINE = re.compile(r"^\s*(table of contents|contents|зміст|inhalt|sommaire|índice|indice)\s*$", re.I | re.M)
NUMBERED_HEADING = r"^\d{1,2}(?:\.\d{1,2})*\.?\s+\w[^.!?:]{0,60}$"
CAPS_LINE = re.compile(r"^[^\Wa-zа-яіїєґ]{3}[^a-zа-яіїєґ.:]{0,60}$", re.M)
MAX_BOOK_BYTES = 200 * 1024 * 1024
MAX_TITLE = 200  # characters of a title given with --title; a book's own is cut shorter (TITLE_KEPT)
TITLE_KEPT = 100
MAX_ID = 64  # an id is a folder name: a long title makes a short id
CODE_SUFFIXES = {".py", ".pyc", ".pyo", ".pyd", ".so"}  # what loading a game's folder may run
WRITTEN = "game.toml"  # the one file `add` writes into a game's folder


@dataclass
class Proposal:
    id: str
    title: str
    language: str
    format: str
    book: Path  # the rulebook file, copied as received
    files: list[Path]  # what goes into the folder
    toml: str | None  # game.toml to write (None: the folder brings its own)
    guessed: list[str] = field(default_factory=list)
    code: list[Path] = field(default_factory=list)  # files of the folder that building it would run


def _utf8_name(path: Path) -> None:
    try:
        path.name.encode("utf-8")
    except UnicodeEncodeError:
        shown = os.fsencode(path.name).decode("utf-8", "replace")
        raise RefereeError(f"{shown!r}: the file name is not UTF-8 text; rename the file and add it again") from None


def find_book(path: Path) -> tuple[Path, list[Path], bool]:
    """The rulebook in a file or folder, the files to copy, and whether the folder has its game.toml."""
    _utf8_name(path)
    if stat.S_ISREG(given_file(path).st_mode):
        if path.name == WRITTEN:
            raise RefereeError(
                f"{path}: a rulebook named {WRITTEN} would be overwritten by the game's settings; rename it"
            )
        return path, [path], False
    own = path / WRITTEN
    if os.path.lexists(own):
        return own, regular_files(path), True
    candidates = [p for p in path.iterdir() if p.suffix.lower() in SUFFIXES]
    for candidate in candidates:
        if candidate.is_symlink():
            raise RefereeError(f"{candidate}: is a symbolic link; `referee add` copies only regular files")
    books = sorted(
        (p for p in candidates if p.is_file()),
        key=lambda p: (-p.stat().st_size, p.name),
    )
    if not books:
        kinds = ", ".join(sorted(SUFFIXES))
        raise RefereeError(f"{path}: no rulebook in this folder (looked for {kinds})")
    _utf8_name(books[0])
    return books[0], [books[0]], False


def given_title(title: str) -> str:
    """A title typed with --title: one line of printable text, of a title's length."""
    require_text(title, "--title")
    if any(ch in title for ch in "\t\n\r"):
        raise RefereeError("--title: a title is one line (it holds a tab or a line break)")
    if not title.strip():
        raise RefereeError("--title: is empty")
    if len(title) > MAX_TITLE:
        raise RefereeError(f"--title: {len(title):,} characters; a title has at most {MAX_TITLE}")
    return title.strip()


def book_title(found: str) -> str:
    """A title read from the book (front matter, <title>, PDF metadata, a heading): control characters
    and line breaks made spaces, a long one cut at a word (it is a guess, reported, and editable)."""
    text = " ".join(NONPRINTABLE.sub(" ", found).split())
    if len(text) > TITLE_KEPT:
        text = text[:TITLE_KEPT].rsplit(" ", 1)[0].rstrip(" ,;:-") + "…"
    return text


def given_id(game_id: str) -> str:
    """An id typed with --id: a folder name of lower-case letters, digits and '-'."""
    found = NONPRINTABLE.search(game_id)
    shown = game_id[:MAX_ID] + ("…" if len(game_id) > MAX_ID else "")
    if found is not None:
        raise RefereeError(f"--id {shown!r}: holds {describe_character(found.group())}")
    if not GAME_ID.match(game_id) or len(game_id) > MAX_ID:
        raise RefereeError(f"--id {shown!r}: lower-case letters, digits and '-' only, at most {MAX_ID} of them")
    return game_id


def title_of(book: Path, fmt: str, text: str, first_heading: str | None) -> str:
    if first_heading:
        return first_heading
    if fmt == "text":
        line = next((line.strip() for line in text.splitlines() if line.strip()), "")
        if 0 < len(line) <= 80:
            return line
    return re.sub(r"[-_.]+", " ", book.stem).strip().title() or "Rulebook"


def new_id(title: str, taken: set[str]) -> str:
    base = ascii_id(slugify(title, max_words=4)).strip("-") or "game"
    base = re.sub(r"[^a-z0-9-]+", "-", base.lower())[: MAX_ID - 8].strip("-") or "game"
    if not GAME_ID.match(base):
        base = f"game-{base}"
    game_id, n = base, 2
    while game_id in taken:
        game_id, n = f"{base}-{n}", n + 1
    return game_id


def text_parse_settings(text: str) -> tuple[str, dict[str, object], list[str]]:
    """For a .txt book: markdown in disguise, or plain text and the [parse] keys that read its headings."""
    if len(MARKDOWN_SIGNS.findall(text)) >= 3:
        return "markdown", {}, ["the .txt file is written in markdown (headings with #): read as markdown"]
    contents = CONTENTS_LINE.search(text)
    if contents:
        marker = contents.group(0).strip()
        return "text", {"toc_markers": [marker]}, [f"headings from the contents page under {marker!r}"]
    numbered = re.findall(NUMBERED_HEADING, text, re.M)
    if len(numbered) >= 3:
        return "text", {"heading_patterns": [NUMBERED_HEADING]}, ["headings from numbered lines (1.2 Title)"]
    if len(CAPS_LINE.findall(text)) >= 3:
        return "text", {"uppercase_headings": True}, ["headings from lines in capitals"]
    return "text", {}, ["no headings found in the text: add [parse] settings (docs/adding-a-game.md)"]


def _toml_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def short_name(title: str, taken_words: set[str]) -> str | None:
    """What players call a game whose title has more words ("Fate" for "Fate Condensed", "Takkure" for
    "Takkure: A Cyberpunk Rugby Game"), so that "in Fate, ..." names it as the shipped books' aliases
    do: the title's first word, when it is a word of four letters or more, no question's common word,
    and no word of another game's names (else "rugby" would name one rugby game of two)."""
    head = re.split(r"[:\u2013\u2014(|]", title)[0]
    words = re.findall(r"[^\W\d_][\w'-]*", title)
    first = re.findall(r"[^\W\d_][\w'-]*", head)
    if len(words) < 2 or not first:
        return None  # a one-word title is already the name players use
    word = first[0].casefold()
    if len(word) < 4 or word in QUESTION_WORDS or word in taken_words:
        return None
    return word


def game_toml(
    title: str,
    language: str,
    rulebook: str,
    fmt: str,
    declared: bool,
    parse: dict[str, object],
    aliases: tuple[str, ...] = (),
) -> str:
    lines = [
        "# Written by `referee add`; every key is explained in docs/adding-a-game.md.",
        f"title = {_toml_string(title)}",
        f'language = "{language}"',
        f"rulebook = {_toml_string(rulebook)}",
    ]
    if aliases:
        lines.append(f"aliases = [{', '.join(_toml_string(a) for a in aliases)}]")
    if declared:
        lines.append(f'format = "{fmt}"')
    if parse:
        lines += ["", "[parse]"]
        for key, value in parse.items():
            if isinstance(value, bool):
                lines.append(f"{key} = {'true' if value else 'false'}")
            elif isinstance(value, (list, tuple)):  # patterns: a backslash is kept literal in a '…' string
                items = ", ".join(f"'{v}'" if "\\" in str(v) else _toml_string(str(v)) for v in value)
                lines.append(f"{key} = [{items}]")
            else:
                lines.append(f"{key} = {_toml_string(str(value))}")
    return "\n".join(lines) + "\n"


def propose(
    path: Path,
    taken_ids: set[str],
    title: str | None = None,
    game_id: str | None = None,
    taken_names: set[str] | None = None,
) -> Proposal:
    """What `referee add` would write for this file or folder (nothing is written here). `taken_names`:
    the other games' names (ids, titles, aliases), which the new game's short name must not share a word with."""
    title = given_title(title) if title is not None else None
    game_id = given_id(game_id) if game_id is not None else None
    book, files, own_toml = find_book(path)
    if own_toml:
        folder_id = game_id or path.resolve().name
        if not GAME_ID.match(folder_id) or len(folder_id) > MAX_ID:
            raise RefereeError(f"{path}: the folder's name is not a game id; give one with --id")
        code = [f for f in files if f.suffix.lower() in CODE_SUFFIXES]
        return Proposal(folder_id, title or folder_id, "", "", book, files, None, ["the folder's own game.toml"], code)
    if book.stat().st_size > MAX_BOOK_BYTES:
        raise RefereeError(f"{book}: larger than {MAX_BOOK_BYTES // 2**20} MB; not a rulebook?")
    fmt = format_of(book)
    guessed: list[str] = []
    parse: dict[str, object] = {}
    document = read_document(book, fmt)
    declared = False
    if fmt == "text":
        fmt, parse, said = text_parse_settings(document.text)
        guessed += said
        declared = fmt != format_of(book)
        if declared:
            document = read_document(book, fmt)
    first = document.title or _first_heading(document)
    title = title or book_title(title_of(book, fmt, document.text, first)) or "Rulebook"
    language = guess_language(document.text)
    guessed.append(f"title {title!r} from the book; language {language!r} from its words")
    game_id = game_id or new_id(title, taken_ids)
    if game_id in taken_ids:
        raise RefereeError(f"a game {game_id!r} is already there; choose another with --id or remove it first")
    taken_words = {w.casefold() for name in (taken_names or set()) | taken_ids for w in re.findall(r"\w+", name)}
    alias = short_name(title, taken_words)
    if alias:
        guessed.append(f"short name {alias!r} from the title (an alias)")
    toml = game_toml(title, language, book.name, fmt, declared, parse, (alias,) if alias else ())
    return Proposal(game_id, title, language, fmt, book, files, toml, guessed)


def _first_heading(document) -> str | None:
    """The first heading, when nothing comes before it but a line or two: the book's title."""
    blocks = document.blocks or []
    for k, block in enumerate(blocks[:3]):
        if block.kind == "heading":
            text = document.text[block.start : block.end].strip()
            return text if 0 < len(text) <= 100 and k <= 1 else None
    return None

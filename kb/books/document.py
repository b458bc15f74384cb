"""A book read by its structure: the visible text, its blocks, and where each character came from.

The format readers (referee.books.formats: markdown, HTML, PDF) build a Document: the text a
reader sees with the markup left out (no `**`, `#`, `|`, tags), the blocks the file marks
(headings with their levels, paragraphs, lists with their nesting, tables with their cells),
and runs that map the visible text back into the file. Quotes are slices of the visible text;
every character either is the file's own or is one the reader added (a list marker, a line break,
a cell's tab): the tests hold the readers to that (`unfaithful`, tests/support/books.py). Plain
text has no blocks: the line parser reads it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from referee.books.entries import Dropped

SAME, DECODED, ADDED = "same", "decoded", "added"
ENTITY = re.compile(r"&#?\w{1,10};")
MAX_NESTING = 32  # lists or quotes inside each other; deeper is refused (a reader's work grows with the depth)


class TooDeep(ValueError):
    """A book nested deeper than MAX_NESTING (the reader names the file)."""


@dataclass
class Run:
    """A stretch of visible text: from the file at `source` (same or decoded), or added by the reader."""

    start: int
    length: int
    source: int
    how: str = SAME
    source_length: int = 0


@dataclass
class Item:
    """One list item (its text without sub-items) inside a list block."""

    start: int
    end: int
    depth: int
    ordered: bool


@dataclass
class Block:
    kind: str  # heading, paragraph, list, table
    start: int
    end: int
    line: int  # in the file (PDF: the line on its page)
    page: int | None = None
    level: int = 0  # a heading's depth (1 = the largest)
    strong: bool = False  # the whole block is bold: a name, or a heading in a book without marked headings
    items: list[Item] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    role: str = ""  # "front": the cover or the front matter by its place (a PDF's cover page)


@dataclass
class Document:
    text: str
    blocks: list[Block] | None  # None: plain text, read line by line by referee.books.parse
    source: str = ""  # the file's own text (markdown, HTML); empty for PDF
    runs: list[Run] = field(default_factory=list)
    dropped: list[Dropped] = field(default_factory=list)
    title: str | None = None  # the title the file gives (front matter, <title>, PDF metadata)
    page_labels: dict[int, str] = field(default_factory=dict)  # page -> its printed number
    format: str = "text"


class Builder:
    """Visible text written piece by piece, each piece with where it came from."""

    def __init__(self, source: str = "") -> None:
        self.source = source
        self.parts: list[str] = []
        self.runs: list[Run] = []
        self.size = 0
        self.blocks: list[Block] = []
        self.dropped: list[Dropped] = []

    def put(self, text: str, source: int, how: str = SAME, source_length: int = 0) -> None:
        if not text:
            return
        last = self.runs[-1] if self.runs else None
        if (
            last is not None
            and how == SAME == last.how
            and last.source + last.length == source
            and last.start + last.length == self.size
        ):
            last.length += len(text)
        else:
            self.runs.append(Run(self.size, len(text), source, how, source_length or len(text)))
        self.parts.append(text)
        self.size += len(text)

    def align(self, text: str, cursor: int) -> int:
        """Write `text`, finding each character in the source from `cursor` on; the new cursor.

        Markup between the pieces is skipped; an escape (`\\*`) or an entity (`&amp;`) becomes a
        decoded run; a character not found is written as decoded at the cursor."""
        src, p = self.source, cursor
        found = src.find(text, p, p + len(text) + 400)
        if found >= 0:
            self.put(text, found)
            return found + len(text)
        for char in text:
            if p < len(src) and src[p] == char:
                self.put(char, p)
                p += 1
            elif src.startswith("\\" + char, p):
                self.put(char, p, DECODED, 2)
                p += 2
            elif (entity := ENTITY.match(src, p)) is not None:
                self.put(char, p, DECODED, entity.end() - p)
                p = entity.end()
            else:
                q = src.find(char, p, p + 400)
                if q < 0:
                    self.put(char, p, DECODED, 0)
                else:
                    self.put(char, q)
                    p = q + 1
        return p

    def add(self, text: str) -> None:
        """Text the reader adds: a list marker, a line break, a tab between cells."""
        self.put(text, self.runs[-1].source + self.runs[-1].length if self.runs else 0, ADDED)

    def tail(self, n: int) -> str:
        """The last n characters written."""
        picked, size = [], 0
        for part in reversed(self.parts):
            if size >= n:
                break
            picked.append(part)
            size += len(part)
        return "".join(reversed(picked))[-n:] if n else ""

    def trim(self) -> None:
        """Drop trailing spaces written last (before a block ends)."""
        while self.parts and self.parts[-1].rstrip(" ") != self.parts[-1]:
            kept = self.parts[-1].rstrip(" ")
            cut = len(self.parts[-1]) - len(kept)
            self.parts[-1] = kept
            self.size -= cut
            run = self.runs[-1]
            run.length -= cut
            if run.length <= 0:
                self.runs.pop()
            if not kept:
                self.parts.pop()
            else:
                break

    def trim_last(self, n: int) -> None:
        """Take back the last n characters written (within the last piece)."""
        self.parts[-1] = self.parts[-1][:-n]
        self.size -= n
        self.runs[-1].length -= n
        if not self.parts[-1]:
            self.parts.pop()
        if self.runs[-1].length <= 0:
            self.runs.pop()

    def block(self, kind: str, start: int, line: int, **fields: object) -> Block | None:
        self.trim()
        if self.size <= start:
            return None
        made = Block(kind, start, self.size, line, **fields)  # type: ignore[arg-type]
        self.blocks.append(made)
        self.add("\n\n")
        return made

    def document(self, fmt: str, **fields: object) -> Document:
        text = "".join(self.parts)
        return Document(text, self.blocks, self.source, self.runs, self.dropped, format=fmt, **fields)  # type: ignore[arg-type]

"""A rulebook file read by its format: plain text line by line, markdown, HTML and PDF by structure.

`read_document(path, format, conf)` gives a referee.books.document.Document: for plain text the
file's text itself (the line parser reads it, as it always has); for the other formats the
visible text with its blocks. `format_of` names the format from game.toml's `format`, else the
file's suffix, else its first bytes (a `.txt` that is markdown is read as markdown only when
game.toml says so: the shipped books stay plain text).
"""

from __future__ import annotations

from pathlib import Path

from referee.books.document import Document
from referee.books.formats import html, markdown, pdf, text
from referee.books.parseconf import ParseConfig
from referee.errors import RefereeError

FORMATS = ("text", "markdown", "html", "pdf")
SUFFIXES = {
    ".txt": "text", ".text": "text", ".md": "markdown", ".markdown": "markdown", ".mdown": "markdown",
    ".html": "html", ".htm": "html", ".xhtml": "html", ".pdf": "pdf",
}  # fmt: skip
READERS = {"text": text.read, "markdown": markdown.read, "html": html.read, "pdf": pdf.read}


def sniff(path: Path) -> str | None:
    """The format a file's first bytes say, whatever its name."""
    with path.open("rb") as handle:
        head = handle.read(2048)
    if head.startswith(b"%PDF-"):
        return "pdf"
    lowered = head.lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if lowered.startswith((b"<!doctype html", b"<html", b"<?xml")) and b"<html" in head.lower():
        return "html"
    if head.startswith((b"PK\x03\x04", b"\xd0\xcf\x11\xe0", b"{\\rtf")):
        return "unsupported"
    return None


def format_of(path: Path, declared: str | None = None) -> str:
    if declared:
        return declared
    sniffed = sniff(path) if path.is_file() else None
    if sniffed == "unsupported":
        raise RefereeError(f"{path}: cannot read this kind of file (supported: text, markdown, HTML, PDF)")
    return sniffed or SUFFIXES.get(path.suffix.lower(), "text")


def read_document(path: Path, declared: str | None = None, conf: ParseConfig | None = None) -> Document:
    """The book as its reader reads it; a missing or empty book is one error."""
    if not path.is_file():
        raise RefereeError(f"{path}: rulebook file is missing")
    document = READERS[format_of(path, declared)](path, conf or ParseConfig())
    if not document.text.strip():
        raise RefereeError(f"{path}: rulebook file is empty (no text found in it)")
    return document


def read_rulebook(path: Path, declared: str | None = None, conf: ParseConfig | None = None) -> str:
    """The text quotes are slices of: the file's text, or its visible text for the other formats."""
    return read_document(path, declared, conf).text

"""Checks on what a book-format reader made, for the tests (the package never calls them)."""

from __future__ import annotations

import re

from referee.books.document import ADDED, SAME, Document

# What a reader may add to the visible text: whitespace, a bullet, a list number or letter.
ADDED_TEXT = re.compile(r"^(?:[\s\t•]|\d+[.)]|[a-zA-Z][.)])*$")


def unfaithful(doc: Document) -> list[str]:
    """What in the visible text is neither the file's own text nor a marker the reader added."""
    problems = []
    for run in doc.runs:
        piece = doc.text[run.start : run.start + run.length]
        if run.how == SAME and doc.source and doc.source[run.source : run.source + run.length] != piece:
            problems.append(f"{piece[:40]!r} is not the file's text at {run.source}")
        elif run.how == ADDED and not ADDED_TEXT.match(piece):
            problems.append(f"{piece[:40]!r} was added by the reader")
    return problems

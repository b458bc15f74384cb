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


# The one whitespace normalisation a PDF quote is held to its text layer by: every run of
# whitespace one space, and a word broken at a line's end (a hyphen, then a lower-case letter
# on the next line) joined again; soft hyphens out.
SOFT = re.compile(r"[\xad\x02\ufffe]\s*")
BROKEN = re.compile(r"[-\u2010]\s+(?=[a-zа-яіїєґ])|(?<=[A-Z])[-\u2010]\s+(?=[A-Z]{2})")
MARKER = re.compile(r"^\s*(?:[•◦▪‣●■–\-*]|\d{1,2}[.)]|[a-z][.)])\s+")


def layer_norm(text: str) -> str:
    return " ".join(BROKEN.sub("", SOFT.sub("", text)).split())


MARKS = re.compile(r"^(?:\s*(?:[•◦▪‣●■–*]|\d{1,2}[.)]))+\s*$")


def pdf_layer(path, left_out: set[str] = frozenset()) -> str:
    """A PDF's text layer as the printer wrote it, page after page, normalised; without the lines
    the reader left out and reported (`left_out`: running heads, page numbers) and without list
    markers the printer drew apart from their items."""
    import pypdfium2 as pdfium  # pypdfium2: the PDF's own text, to hold the quotes against

    from referee.books.formats.pdflines import readable

    pdf = pdfium.PdfDocument(str(path))
    try:  # a font with no Unicode map: its ligatures and quotes read as the reader reads them
        raw = "\n".join(readable(pdf[i].get_textpage().get_text_range()) for i in range(len(pdf)))
    finally:
        pdf.close()
    gone = {layer_norm(t) for t in left_out}
    # pdfium marks a word it saw hyphenated at a line's end with U+FFFE and may glue the next
    # line (a folio) on without a line break: the mark ends the line
    lines = [
        line
        for line in re.split(r"\r?\n", raw.replace("\ufffe", "\ufffe\n"))
        if layer_norm(line) not in gone and not MARKS.match(line)
    ]
    return layer_norm(" ".join(lines))


def out_of_order(pieces: list[str], layer: str) -> list[str]:
    """The pieces (in the order the book's entries give them) that are not found in the layer
    after the piece before them: each is a contiguous stretch of it, none moved back."""
    missing, at = [], 0
    for piece in pieces:
        found = layer.find(piece, at)
        if found < 0:
            missing.append(piece)
        else:
            at = found + len(piece)
    return missing


def entry_pieces(text: str) -> list[str]:
    """An entry's lines and table cells, list markers left out (a printer draws them apart)."""
    out = []
    for line in text.split("\n"):
        for cell in line.split("\t"):
            piece = layer_norm(MARKER.sub("", cell))
            if piece:
                out.append(piece)
    return out

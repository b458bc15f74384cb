"""What would make a player distrust a sheet: quotes that open mid-sentence or on a conjunction,
a heading twice, a required block missing, text past its cell's edge, a page half empty."""

from __future__ import annotations

import re

import numpy as np
import sqlite_utils

from referee.books.gameconf import Game
from referee.sheets.layout import ELISION, Excerpt, Sheet

# A fragment may not open on one of these (it would read as the middle of an argument).
CONJUNCTIONS = {
    "en": {"and", "but", "or", "nor", "so", "yet", "because", "whereas", "although", "though", "unless", "than"},
    "uk": {"і", "й", "та", "а", "але", "або", "чи", "бо", "тому", "проте", "однак", "ніж"},
}


# Where a quote may start inside its entry: the start, after a sentence, a colon, a line break
# or a list marker.
BOUNDARY = re.compile(r"(?:^|[.!?:]\s+|\s[-–—]\s+|\n\s*(?:[•\-–]\s+|\d+\.(?: to \d+\.)?\s+)?)$")


def fragment_problems(quote: Excerpt, entry_text: str, lang: str) -> list[str]:
    """Why a quote would read badly on a sheet: it opens mid-sentence or on a conjunction."""
    problems = []
    first = quote.text.split(ELISION.strip())[0].strip()
    start = entry_text.find(first)
    if start < 0:
        return [f"{quote.entry}: not verbatim"]
    before = entry_text[:start]
    listed = re.search(r":[^.!?:]*,\s+$", before)  # an item of a list that follows a colon
    if not BOUNDARY.search(before) and not listed:
        problems.append(f"{quote.entry}: starts mid-sentence: {first[:40]!r}")
    word = re.match(r"\w+", first)
    if word and word.group(0).lower() in CONJUNCTIONS.get(lang, set()):
        problems.append(f"{quote.entry}: starts with the conjunction {word.group(0)!r}")
    return problems


def overflowing_cells(document) -> list[str]:
    """Table cells whose text runs past the cell's right edge (text that would print over the border)."""
    from weasyprint.layout import boxes  # a second to import: only when a laid-out sheet is checked

    found = []
    for page in document.pages:
        for cell in page._page_box.descendants():
            if not isinstance(cell, boxes.TableCellBox):
                continue
            right = cell.content_box_x() + cell.width + 0.5
            for text in cell.descendants():
                if isinstance(text, boxes.TextBox) and text.position_x + text.width > right:
                    found.append(text.text)
    return found


def blank_share(image, top_mm: float = 7, bottom_mm: float = 8) -> float:
    """The longest run of empty rows in either half of the page, as a share of the printable height."""

    gray = np.asarray(image.convert("L"))
    px_per_mm = image.height / 297
    top, bottom = int(top_mm * px_per_mm), image.height - int(bottom_mm * px_per_mm)
    longest = 0
    for half in (gray[top:bottom, : gray.shape[1] // 2], gray[top:bottom, gray.shape[1] // 2 :]):
        run = 0
        for empty in (half > 245).all(axis=1):
            run = run + 1 if empty else 0
            longest = max(longest, run)
    return longest / (bottom - top)


def sheet_problems(sheet: Sheet, db: sqlite_utils.Database, game: Game) -> list[str]:
    """What would make a player distrust the sheet: fragments that open mid-sentence or on a
    conjunction, a heading used twice, a required block missing."""
    problems = []
    texts = dict(db.execute("select id, text from entries where game = ?", [game.id]).fetchall())
    translated = dict(
        db.execute("select id, text from translations where game = ? and lang = ?", [game.id, sheet.lang])
    )
    for quote in sheet.quotes():
        problems += fragment_problems(quote, texts[quote.entry], game.language)
        if quote.translation is not None:
            english = Excerpt(quote.entry, quote.translation)
            problems += [f"{p} (translation)" for p in fragment_problems(english, translated[quote.entry], sheet.lang)]
    headings = [b.heading for b in sheet.blocks]
    problems += [f"heading used twice: {h!r}" for h in sorted({h for h in headings if headings.count(h) > 1})]
    assert game.sheet is not None
    for block in game.sheet.blocks:
        heading = block.heading.get(sheet.lang, game.language)
        if block.required and heading not in headings:
            problems.append(f"required block missing: {heading!r}")
    return problems

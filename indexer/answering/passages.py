"""The candidate passages of the best few entries, at every grain an answer can have.

A passage is a verbatim slice of one entry: a sentence, two neighbouring sentences, a list
with its lead-in, a table row the question's numbers select, or an entry read whole (a FAQ
with its answer, a card, a procedure). Each carries what the search knows of it (its cosine,
read from the index, its entry's score and place, how much of the question's words it holds);
which one answers is the reader's to say (`referee.indexer.reader`), not a rule here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from referee.books.text import sentences, verbatim_span
from referee.indexer.search.bridge import terms_held
from referee.indexer.search.lexical import query_terms, stems
from referee.indexer.search.results import Hit, ParsedQuestion
from referee.indexer.search.searcher import Searcher
from referee.store import StoredEntry

READ_WHOLE = frozenset({"faq", "card", "procedure"})  # one object: a question with its answer, a card, steps
# The quote by the search's rank: the trained passage head, picking across eight entries, put a
# gold passage first less often on the test split than this rule over the tuned search's first
# five entries (0.44 against 0.49, docs/records/2026-12-01-reader.md), so this rule quotes.
QUOTE_DEPTH = 5  # entries the quote is taken from
ROW_DEPTH = 3  # a table among the first three whose row a measured number of the question selects answers it
COVERAGE_WEIGHT = 0.02  # within an entry: share of the question's words the passage holds
GRAIN_BONUS = {"sentences": 0.005, "row": 0.05}  # two neighbours that both fit; a row the numbers select
_MEASURE = re.compile(
    r"\d+(?:[.,]\d+)?\s*(?:\"|″|”|''|-?\s*inch|in\b|m\b|metres?\b|meters?\b|intersections?\b|squares?\b|spaces?\b)"
)


@dataclass
class Passage:
    entry: StoredEntry
    quote: str  # verbatim slice of entry.text
    grain: str  # sentence | sentences | list | row | whole
    cosine: float
    entry_score: float
    coverage: float = 0.0
    rank: int = 0  # its entry's place in the search's ranking
    row: dict[str, Any] | None = None  # a table row: columns, cells, what selected it


# ------------------------------------------------------------------ numbers and table rows

_QUANTITY = re.compile(r"(\d+(?:[.,]\d+)?)\s*(?:\"|″|”|''|-?\s*(?:inch(?:es)?|in\b)|(?=\s*(?:m|metres|meters)\b))?")
_RANGE = re.compile(r"^\s*\+?\s*(\d+(?:[.,]\d+)?)\s*(?:\"|″|”|in(?:ches)?\b|\.)?\s*(?:(?:to|-|–)\s*(\d+(?:[.,]\d+)?))?")


def question_numbers(question: str) -> list[float]:
    return [float(m.group(1).replace(",", ".")) for m in _QUANTITY.finditer(question)]


def row_range(first_cell: str) -> tuple[float, float] | None:
    """`0" to 2"` -> (0, 2); `+8"` -> (8, inf); `2-12` -> (2, 12); `5.` -> (5, 5)."""
    cell = first_cell.strip()
    match = _RANGE.match(cell)
    if not match:
        return None
    low = float(match.group(1).replace(",", "."))
    if match.group(2):
        return low, float(match.group(2).replace(",", "."))
    if cell.startswith("+"):
        return low, float("inf")
    return low, low


def select_row(table: dict[str, Any], numbers: list[float]) -> tuple[int, float] | None:
    """The row whose range (first cell) holds one of the question's numbers; at a boundary the
    first row that holds it (the books' ranges share their ends: `0" to 2"`, `2" to 4"`)."""
    for number in numbers:
        for index, row in enumerate(table.get("rows") or []):
            bounds = row_range(row[0]) if row else None
            if bounds and bounds[0] <= number <= bounds[1]:
                return index, number
    return None


def row_quote(text: str, row: list[str]) -> str | None:
    """The row as the book prints it: the line of the entry that holds its cells in order."""
    for line in text.split("\n"):
        position = 0
        for cell in row:
            found = line.find(cell.strip(), position)
            if found < 0:
                break
            position = found + len(cell.strip())
        else:
            stripped = line.strip()
            if stripped:
                return stripped
    return None


# ------------------------------------------------------------------ candidates


def _entry_passages(hit: Hit, whole_cosine: float, cosines: dict[int, float], numbers: list[float]) -> list[Passage]:
    entry = hit.entry
    text = entry.text
    kind = entry.kind
    if kind == "table":
        return _table_passages(hit, whole_cosine, numbers)
    if kind in READ_WHOLE:
        return [Passage(entry, text, "whole", max(whole_cosine, *cosines.values(), 0.0), hit.score)]
    found = sentences(text)
    out: list[Passage] = []
    if _is_list(text) and len(text) <= 600:
        best = max(cosines.values(), default=whole_cosine)
        out.append(Passage(entry, text, "list", max(whole_cosine, best), hit.score))
    for number, sentence in enumerate(found):
        cosine = cosines.get(number, whole_cosine)
        out.append(Passage(entry, sentence, "sentence", cosine, hit.score))
        if number + 1 < len(found):
            following = cosines.get(number + 1, whole_cosine)
            span = verbatim_span(text, sentence, found[number + 1])
            if span:
                out.append(Passage(entry, span, "sentences", max(cosine, following), hit.score))
    if not out:
        out.append(Passage(entry, text, "whole", whole_cosine, hit.score))
    return out


def _is_list(text: str) -> bool:
    lines = [line for line in text.split("\n") if line.strip()]
    return len(lines) >= 2 and lines[0].rstrip().endswith(":")


def _table_passages(hit: Hit, whole_cosine: float, numbers: list[float]) -> list[Passage]:
    entry = hit.entry
    table = entry.table
    whole = Passage(entry, entry.text, "whole", whole_cosine, hit.score)
    if not table or not numbers:
        return [whole]
    selected = select_row(table, numbers)
    if selected is None:
        return [whole]
    index, number = selected
    cells = table["rows"][index]
    quote = row_quote(entry.text, cells)
    if quote is None:
        return [whole]
    caption = entry.text.split("\n", 1)[0].strip()
    row = {"columns": table.get("columns", []), "cells": cells, "caption": caption, "selected_by": number}
    # a row the question's own number selects answers it better than the table read whole
    return [Passage(entry, quote, "row", whole_cosine, hit.score, row=row), whole]


def candidates(
    searcher: Searcher, hits: list[Hit], question: ParsedQuestion, game: str, query: str, depth: int
) -> list[Passage]:
    """Every passage of the first `depth` entries of `game`, with its features."""
    unit_cosines = searcher.unit_cosines()
    vectors, mix = searcher.question_vectors(question, game)
    numbers = question_numbers(query)
    cross = question.language != searcher.language_of(game)
    bridged = question.bridged.get(searcher.language_of(game), []) if cross else []
    wanted = content_stems(searcher, question.text)  # without the game's name: it names the book
    passages: list[Passage] = []
    for rank, hit in enumerate(hits[:depth]):
        position = searcher.index.entry_index[hit.entry.id]
        whole, cosines = unit_cosines.of_entry(position, vectors, mix)
        for passage in _entry_passages(hit, whole, cosines, numbers):
            passage.rank = rank
            passages.append(passage)
    passage_stems = stems_of(searcher, [p.quote for p in passages]) if passages and not cross else []
    for n, p in enumerate(passages):
        held = terms_held(p.quote, bridged) if cross else len(wanted & passage_stems[n])
        p.coverage = min(1.0, held / max(1, len(wanted)))
    return passages


def measured(question: str) -> bool:
    """The question gives a number with its unit (6", 6 inches, 45 m): a measure, not a count."""
    return bool(_MEASURE.search(question))


def by_search_rank(passages: list[Passage], query: str) -> int | None:
    """The index of the passage to quote: the first entry's best-reading passage, except that a
    table row the question's own numbers select is the answer (in one of the first ROW_DEPTH
    entries for a measure, in the first for a bare count: "3 players")."""
    depth = ROW_DEPTH if measured(query) else 1
    kept = [n for n, p in enumerate(passages) if p.rank < QUOTE_DEPTH]
    row = next(
        (
            n
            for n in sorted(kept, key=lambda n: passages[n].rank)
            if passages[n].grain == "row" and passages[n].rank < depth
        ),
        None,
    )
    ordered = sorted(kept, key=lambda n: (n != row, passages[n].rank, -_within_entry_score(passages[n])))
    return ordered[0] if ordered else None


def _within_entry_score(p: Passage) -> float:
    return p.cosine + COVERAGE_WEIGHT * p.coverage + GRAIN_BONUS.get(p.grain, 0.0)


def content_stems(searcher: Searcher, query: str) -> set[str]:
    words = query_terms(query)
    return {s for group in stems(searcher.db, words) for s in group} if words else set()


def stems_of(searcher: Searcher, texts: list[str]) -> list[set[str]]:
    words = [query_terms(t) for t in texts]
    flat = sorted({w for ws in words for w in ws})
    by_word = dict(zip(flat, stems(searcher.db, flat), strict=True)) if flat else {}
    return [{s for w in ws for s in by_word.get(w, [])} for ws in words]

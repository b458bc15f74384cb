"""The closest rules to an action or question a game's checks do not cover: the book's sentences that
share the most words with it (BM25 over the book's rule entries), quoted verbatim with their entries,
so that `unknown` says what the book does say instead of refusing the state."""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import cache
from pathlib import Path

from referee.books.gameconf import load_game
from referee.books.structure import parse_document
from referee.books.text import sentences

WORD = re.compile(r"[^\W\d_]{3,}", re.UNICODE)
STOP = frozenset(
    [
        "the",
        "and",
        "for",
        "with",
        "that",
        "this",
        "from",
        "are",
        "was",
        "were",
        "his",
        "her",
        "its",
        "their",
        "they",
        "them",
        "you",
        "your",
        "can",
        "may",
        "must",
        "not",
        "has",
        "have",
        "had",
        "who",
        "what",
        "when",
        "where",
        "which",
        "does",
        "did",
        "been",
        "being",
        "into",
        "onto",
        "than",
        "then",
        "there",
        "these",
        "those",
        "will",
        "would",
        "could",
        "should",
        "also",
        "only",
        "any",
        "all",
        "each",
        "one",
        "two",
        "out",
        "off",
    ]
)
INFORMATIVE = ("flavour", "example", "tip", "note")


def _words(text: str) -> list[str]:
    return [w for w in (m.group(0).casefold() for m in WORD.finditer(text)) if w not in STOP]


@cache
def _book(folder: str, stamp: float) -> tuple[list[tuple[str, str]], dict[str, float]]:
    """The book's rule entries (id, text) and the words' IDF; `stamp` (the book's mtime) refreshes it."""
    game = load_game(Path(folder))
    book = parse_document(game, game.read_document())
    entries = [(e.id, e.text) for e in book.entries if e.kind not in INFORMATIVE]
    df = Counter(w for _, text in entries for w in set(_words(text)))
    n = len(entries) or 1
    idf = {w: math.log(1 + (n - d + 0.5) / (d + 0.5)) for w, d in df.items()}
    return entries, idf


def closest_rules(folder: str, text: str, limit: int = 3) -> list[tuple[str, str]]:
    """Up to `limit` (entry id, verbatim sentence) pairs, best first; none when nothing is shared."""
    path = Path(folder)
    books = sorted(path.glob("*.txt")) + sorted(path.glob("*.md"))
    stamp = max((p.stat().st_mtime for p in books), default=0.0)
    entries, idf = _book(folder, stamp)
    query = set(_words(text))
    if not query:
        return []
    lengths = [len(_words(t)) for _, t in entries]
    average = sum(lengths) / (len(lengths) or 1)
    scored = []
    for (entry, body), length in zip(entries, lengths, strict=True):
        counts = Counter(_words(body))
        score = sum(
            idf.get(w, 0) * counts[w] * 2.2 / (counts[w] + 1.2 * (0.25 + 0.75 * length / average))
            for w in query
            if counts[w]
        )
        if score > 0:
            scored.append((score, entry, body))
    scored.sort(key=lambda item: -item[0])
    out = []
    for _, entry, body in scored[:limit]:
        best = max(sentences(body) or [body], key=lambda s: sum(idf.get(w, 0) for w in set(_words(s)) & query))
        out.append((entry, best))
    return out

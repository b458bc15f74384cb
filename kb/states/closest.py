"""The closest rules to an action or question a game's checks do not cover: the book's sentences that
share the most words with it (BM25 over the book's rule entries), quoted verbatim with their entries,
so that `unknown` says what the book does say instead of refusing the state. A book in another
language is searched through its aligned English translation too (game.toml's [translations]):
an English action finds the Ukrainian sentence it translates, and the original is what is quoted."""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import cache
from pathlib import Path

from referee.books.gameconf import load_game
from referee.books.structure import parse_document
from referee.books.text import sentences
from referee.books.translation import align

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


SUFFIXES = ("ing", "ed", "es", "s")


def _stem(word: str) -> str:
    """An English word without its commonest endings (sees, seen and seeing meet at see); others as they are."""
    for suffix in SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and word.isascii():
            return word[: -len(suffix)]
    return word


def _words(text: str) -> list[str]:
    return [_stem(w) for w in (m.group(0).casefold() for m in WORD.finditer(text)) if w not in STOP]


@cache
def _book(folder: str, stamp: float) -> tuple[list[tuple[str, list[tuple[str, str]]]], dict[str, float]]:
    """The book's rule entries, each as its sentences paired with their English (the same sentence when
    the book has no aligned English), and the words' IDF; `stamp` (the books' mtime) refreshes it."""
    game = load_game(Path(folder))
    book = parse_document(game, game.read_document())
    english = {}
    if game.language != "en" and "en" in game.translations:
        path = game.translations["en"]
        english = align(book, path.read_text(encoding="utf-8"), "en", path.name).entries
    entries = []
    for e in book.entries:
        if e.kind in INFORMATIVE:
            continue
        own = sentences(e.text) or [e.text]
        read = sentences(english.get(e.id, "")) or []
        pairs = list(zip(own, read, strict=True)) if len(read) == len(own) else [(e.text, english.get(e.id, ""))]
        entries.append((e.id, [(s, f"{s} {t}" if t != s else s) for s, t in pairs]))
    df = Counter(w for _, pairs in entries for w in set(_words(" ".join(t for _, t in pairs))))
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
    bodies = [" ".join(t for _, t in pairs) for _, pairs in entries]
    lengths = [len(_words(t)) for t in bodies]
    average = sum(lengths) / (len(lengths) or 1)
    scored = []
    for (entry, pairs), body, length in zip(entries, bodies, lengths, strict=True):
        counts = Counter(_words(body))
        score = sum(
            idf.get(w, 0) * counts[w] * 2.2 / (counts[w] + 1.2 * (0.25 + 0.75 * length / average))
            for w in query
            if counts[w]
        )
        if score > 0:
            scored.append((score, entry, pairs))
    scored.sort(key=lambda item: -item[0])
    out = []
    for _, entry, pairs in scored[:limit]:
        best = max(pairs, key=lambda pair: sum(idf.get(w, 0) for w in set(_words(pair[1])) & query))
        out.append((entry, best[0]))
    return out

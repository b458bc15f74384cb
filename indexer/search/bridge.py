"""A word bridge between English and Ukrainian for the lexical side of search.

BM25 finds nothing when the question and the book are in different languages, and the model's
cross-language cosines barely separate a book's paragraphs (English questions over the
Ukrainian book), so an exact word is worth more there than anywhere. The bridge is a small
lexicon written by the team (`indexer/data/lexicon-en-uk.tsv`): English rules words and the Ukrainian
word beginnings that render them. English words are matched by their Porter stem, as FTS5
indexes them; Ukrainian words, which inflect by ending, by beginning.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

import sqlite_utils

from referee.errors import RefereeError
from referee.indexer.search.lexical import PREFIX, query_terms, stems

LEXICON = Path(__file__).parent.parent / "data" / "lexicon-en-uk.tsv"  # referee.indexer package data
PAIR = ("en", "uk")
SHORTEST_BEGINNING = 4  # shorter Ukrainian forms match the whole word only ("дія", "гри")


@dataclass
class Lexicon:
    english: dict[str, set[str]] = field(default_factory=dict)  # English stem -> Ukrainian forms
    ukrainian: dict[str, set[str]] = field(default_factory=dict)  # Ukrainian form -> English words

    def __bool__(self) -> bool:
        return bool(self.english)


def read_lexicon(path: Path = LEXICON) -> dict[str, set[str]]:
    """English word -> Ukrainian forms; empty when the file is absent (no bridge)."""
    if not path.exists():
        return {}
    pairs: dict[str, set[str]] = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise RefereeError(f"{path}: cannot read the word bridge ({exc})") from None
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        english, _, forms = line.partition("\t")
        if not forms.strip():
            raise RefereeError(f"{path}:{number}: expected an English word, a tab, then Ukrainian forms")
        pairs.setdefault(english.strip().casefold(), set()).update(f.casefold() for f in forms.split())
    return pairs


def load_lexicon(db: sqlite_utils.Database, path: Path = LEXICON) -> Lexicon:
    pairs = read_lexicon(path)
    lexicon = Lexicon()
    words = sorted(pairs)
    for word, word_stems in zip(words, stems(db, words), strict=True):
        for stem in word_stems:
            lexicon.english.setdefault(stem, set()).update(pairs[word])
        for form in sorted(pairs[word]):  # sorted: the bridged words are read by the model in order
            lexicon.ukrainian.setdefault(form, set()).add(word)
    return lexicon


class Bridged(NamedTuple):
    """A question in a book's language, through the lexicon."""

    terms: list[str]  # lexical terms; word beginnings end in PREFIX
    reading: str  # the question read word by word, for the model to embed ("" when no word renders)


def bridge(db: sqlite_utils.Database, lexicon: Lexicon, text: str, source: str, target: str) -> Bridged:
    """The question's words in the book's language, both as BM25 terms and as a reading: each
    word's renderings in the question's order (a word beginning is still most of the word to
    the model's tokenizer), or the word itself where the lexicon has none ("jumbo", a name): the
    model reads that in either language. Nothing when the bridge does not cover the pair."""
    if not _covers(lexicon, source, target):
        return Bridged([], "")
    words = query_terms(text)
    found = renderings(db, lexicon, words, source)
    terms = _unique(as_term(form) if source == "en" else form for forms in found for form in forms)
    if not terms:
        return Bridged([], "")
    reading = " ".join(" ".join(_unique(forms)) if forms else word for word, forms in zip(words, found, strict=True))
    return Bridged(terms, reading)


def _covers(lexicon: Lexicon, source: str, target: str) -> bool:
    return bool(lexicon) and {source, target} == set(PAIR)


def renderings(db: sqlite_utils.Database, lexicon: Lexicon, words: list[str], source: str) -> list[list[str]]:
    """Each word's renderings in the pair's other language, empty where the lexicon has none;
    sorted, so that their order never follows a set's (the model reads them in order)."""
    if source == "en":
        return [
            [form for s in word_stems for form in sorted(lexicon.english.get(s, ()))] for word_stems in stems(db, words)
        ]
    return [list(_english_for(lexicon, word)) for word in words]


def _english_for(lexicon: Lexicon, word: str) -> Iterable[str]:
    for form, english in lexicon.ukrainian.items():
        if word == form or (len(form) >= SHORTEST_BEGINNING and word.startswith(form)):
            yield from sorted(english)


def as_term(form: str) -> str:
    return form + PREFIX if len(form) >= SHORTEST_BEGINNING else form


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


def terms_held(text: str, terms: list[str]) -> int:
    """How many of the bridge's terms a text holds: a term ending in PREFIX as the beginning of
    a word, any other as a whole word."""
    words = re.findall(r"\w+", text.casefold())
    return sum(any(w.startswith(t[: -len(PREFIX)]) if t.endswith(PREFIX) else w == t for w in words) for t in terms)

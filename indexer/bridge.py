"""A word bridge between English and Ukrainian for the lexical side of search.

BM25 finds nothing when the question and the book are in different languages, and the model's
cross-language cosines barely separate a book's paragraphs (README: English questions over the
Ukrainian book), so an exact word is worth more there than anywhere. The bridge is a small
lexicon written by the team (`data/lexicon-en-uk.tsv`): English rules words and the Ukrainian
word beginnings that render them. English words are matched by their Porter stem, as FTS5
indexes them; Ukrainian words, which inflect by ending, by beginning.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import sqlite_utils

from indexer.lexical import PREFIX, query_terms, stems
from kb.errors import RefereeError
from kb.paths import PROJECT_ROOT

LEXICON = PROJECT_ROOT / "data" / "lexicon-en-uk.tsv"
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


def bridged_terms(db: sqlite_utils.Database, lexicon: Lexicon, text: str, source: str, target: str) -> list[str]:
    """The question's words in the book's language, as lexical terms (word beginnings end in
    PREFIX). Nothing when the bridge does not cover the pair."""
    if not lexicon or {source, target} != set(PAIR):
        return []
    words = query_terms(text)
    if source == "en":
        found = (
            form for word_stems in stems(db, words) for s in word_stems for form in sorted(lexicon.english.get(s, ()))
        )
        return _unique(_as_term(form) for form in found)  # in the question's order, so the model reads it
    return _unique(english for word in words for english in _english_for(lexicon, word))


def _english_for(lexicon: Lexicon, word: str) -> Iterable[str]:
    for form, english in lexicon.ukrainian.items():
        if word == form or (len(form) >= SHORTEST_BEGINNING and word.startswith(form)):
            yield from sorted(english)


def _as_term(form: str) -> str:
    return form + PREFIX if len(form) >= SHORTEST_BEGINNING else form


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


def bridged_text(terms: list[str]) -> str:
    """The bridge's terms as plain words: the question read word by word in the book's language,
    for the model to embed (a word beginning is still most of the word to its tokenizer)."""
    return " ".join(term.removesuffix(PREFIX) for term in terms)


def terms_held(text: str, terms: list[str]) -> int:
    """How many of the bridge's terms a text holds: a term ending in PREFIX as the beginning of
    a word, any other as a whole word."""
    words = re.findall(r"\w+", text.casefold())
    return sum(any(w.startswith(t[: -len(PREFIX)]) if t.endswith(PREFIX) else w == t for w in words) for t in terms)

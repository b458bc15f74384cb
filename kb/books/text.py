"""Text helpers shared by indexing, answering and sheets: sentences and normalisation."""

from __future__ import annotations

import re
import unicodedata

# A sentence ends at . ! ? followed by space and a capital, quote or bracket (Latin or Cyrillic).
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZА-ЯІЇЄҐ\"«(])")
LIST_MARKER = re.compile(r"^\s*(?:[•\-–]|\d+\.(?: to \d+\.)?)\s+")


# Words whose full stop does not end a sentence: option letters ("a."), abbreviations.
NOT_AN_END = re.compile(r"(?:^|[\s(])(?:\w|ch|fig|figs|no|nos|e\.g|i\.e|vs|approx)\.$", re.I)


def _split_line(line: str) -> list[str]:
    parts: list[str] = []
    start = 0
    for match in SENTENCE_END.finditer(line):
        if NOT_AN_END.search(line[start : match.start()]):
            continue
        parts.append(line[start : match.start()])
        start = match.end()
    parts.append(line[start:])
    return [p.strip() for p in parts if p.strip()]


def sentences(text: str) -> list[str]:
    """Verbatim sentences of an entry: each is a substring of the entry text."""
    out: list[str] = []
    for line in text.split("\n"):
        line = LIST_MARKER.sub("", line).strip()
        if line:
            out.extend(_split_line(line))
    return out


_DASHES = str.maketrans(
    {"\u2212": "-", "\u2013": "-", "\u2014": "-", "\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'"}
)


def normalise(text: str) -> str:
    """The evaluation's normalisation (docs/evaluation.md): NFKC, dashes, straight quotes, lower case, one space."""
    text = unicodedata.normalize("NFKC", text).translate(_DASHES).lower()
    return re.sub(r"\s+", " ", text).strip()


def norm(text: str) -> str:
    """A title or phrase for matching: folded, without punctuation, hyphens and filler words."""
    text = text.casefold().replace("-", " ").replace("–", " ")
    text = re.sub(r"[^\w ]+", " ", text)
    words = [w for w in text.split() if w not in {"the", "a", "an", "of", "rules"}]
    return " ".join(words)


def verbatim_span(text: str, first: str, last: str) -> str | None:
    """The slice of `text` from `first` through the next `last` after it (both verbatim in it)."""
    start = text.find(first)
    end = text.find(last, start + len(first)) if start >= 0 else -1
    return text[start : end + len(last)] if end >= 0 else None

"""Text helpers shared by indexing and answering: sentences and normalisation."""

from __future__ import annotations

import re
import unicodedata

# A sentence ends at . ! ? followed by space and a capital, quote or bracket (Latin or Cyrillic).
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZА-ЯІЇЄҐ\"«(])")
LIST_MARKER = re.compile(r"^\s*(?:[•\-–]|\d+\.(?: to \d+\.)?)\s+")


def sentences(text: str) -> list[str]:
    """Verbatim sentences of an entry: each is a substring of the entry text."""
    out: list[str] = []
    for line in text.split("\n"):
        line = LIST_MARKER.sub("", line).strip()
        if line:
            out.extend(part.strip() for part in SENTENCE_END.split(line) if part.strip())
    return out


_DASHES = str.maketrans(
    {"\u2212": "-", "\u2013": "-", "\u2014": "-", "\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'"}
)


def normalise(text: str) -> str:
    """The eval README's normalisation: NFKC, dashes, straight quotes, lower case, one space."""
    text = unicodedata.normalize("NFKC", text).translate(_DASHES).lower()
    return re.sub(r"\s+", " ", text).strip()

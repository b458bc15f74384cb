"""Players' words mapped to the books': "hand off" is a pass, "go first" is the lead.

The table is data shipped with the package (indexer/data/synonyms-en.tsv, beside the word
bridge): a phrase players use and the words the rulebooks use for it. A question holding the
phrase is also matched, lexically and through the word bridge, on the books' words; what the
model embeds stays the question itself.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from referee.errors import RefereeError
from referee.indexer.search.bridge import LEXICON

SYNONYMS = LEXICON.with_name("synonyms-en.tsv")


@cache
def read_synonyms(path: Path = SYNONYMS) -> tuple[tuple[re.Pattern[str], str], ...]:
    """(phrase as a whole-word pattern, the books' words); empty when the file is absent."""
    if not path.exists():
        return ()
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise RefereeError(f"{path}: cannot read the players' words ({exc})") from None
    table = []
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        phrase, _, words = line.partition("\t")
        if not phrase.strip() or not words.strip():
            raise RefereeError(f"{path}:{number}: expected a phrase, a tab, then the books' words")
        pattern = re.compile(rf"(?<!\w){re.escape(phrase.strip().casefold())}(?!\w)")
        table.append((pattern, words.strip()))
    return tuple(table)


def books_words(question: str, table: tuple[tuple[re.Pattern[str], str], ...] | None = None) -> str:
    """The books' words for the players' phrases in the question ("" when none)."""
    text = question.casefold()
    found = [words for pattern, words in (read_synonyms() if table is None else table) if pattern.search(text)]
    return " ".join(dict.fromkeys(" ".join(found).split()))

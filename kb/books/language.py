"""A book's language, guessed from its words: the script, then the commonest short words.

Enough to fill game.toml's `language` for `referee add` (which says what it guessed, and the
file can be edited): Cyrillic is told apart by the letters only Ukrainian or Russian uses, Latin
languages by their function words.
"""

from __future__ import annotations

import re
from collections import Counter

FUNCTION_WORDS = {
    "en": "the and of to a in is you your are on for with that it each be or",
    "de": "der die und das ist nicht ein eine zu den mit sie auf für von dem des",
    "fr": "le la les et des est un une de du en pour que qui dans sur vous au",
    "es": "el la los las y de que en un una es por con para del se su al",
    "it": "il la le e di che un una per con del della non si sono gli al",
    "pt": "o a os as e de que em um uma do da para com não se por no na",
    "nl": "de het een en van is dat op te in je met voor niet zijn aan",
    "pl": "i w na się z nie do jest to że o jak po od za oraz gracz",
    "cs": "a v se na je že s z do to o jako pro by ve hráč",
    "sv": "och att det som en på är av för med till den har inte du",
}
WORD = re.compile(r"[^\W\d_]+")


def guess_language(text: str) -> str:
    """An ISO 639-1 code for the text's language ("en" when nothing tells)."""
    sample = text[:200_000]
    cyrillic = sum(1 for c in sample if "\u0400" <= c <= "\u04ff")
    latin = sum(1 for c in sample if c.isascii() and c.isalpha())
    if cyrillic > latin:
        ukrainian = sum(sample.count(c) for c in "іїєґІЇЄҐ")
        russian = sum(sample.count(c) for c in "ыэъёЫЭЪЁ")
        if ukrainian >= russian:
            return "uk"
        return "bg" if sample.count("ъ") > 3 * (sample.count("ы") + 1) else "ru"
    words = Counter(w.lower() for w in WORD.findall(sample))
    scores = {lang: sum(words[w] for w in ws.split()) for lang, ws in FUNCTION_WORDS.items()}
    best = max(scores, key=lambda lang: scores[lang])
    return best if scores[best] else "en"

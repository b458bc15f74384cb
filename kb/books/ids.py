"""Typeable ids: every entry and section id also has an ASCII form.

Ukrainian is romanised by the official national system (Cabinet of Ministers resolution
No. 55 of 2010, the one on Ukrainian passports and road signs), so `перемістити-такокат`
becomes `peremistyty-takokat`: a player reading the id aloud and a player typing it agree.
Other letters lose their accents (NFKD); anything left that is not ASCII becomes '-'.
"""

from __future__ import annotations

import re
import unicodedata

# Letters whose romanisation differs at the start of a word (Є, Ї, Й, Ю, Я).
WORD_START = {"є": "ye", "ї": "yi", "й": "y", "ю": "yu", "я": "ya"}
UKRAINIAN = {
    "а": "a", "б": "b", "в": "v", "г": "h", "ґ": "g", "д": "d", "е": "e", "є": "ie", "ж": "zh",
    "з": "z", "и": "y", "і": "i", "ї": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n",
    "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts",
    "ч": "ch", "ш": "sh", "щ": "shch", "ь": "", "ю": "iu", "я": "ia",
    # Russian letters a Ukrainian text may quote
    "ы": "y", "э": "e", "ё": "io", "ъ": "",
}  # fmt: skip
APOSTROPHES = "'’ʼ`"


def _letter(text: str, i: int) -> str:
    char = text[i].lower()
    at_word_start = i == 0 or (not text[i - 1].isalpha() and text[i - 1] not in APOSTROPHES)
    if at_word_start and char in WORD_START:
        return WORD_START[char]
    if char == "г" and i > 0 and text[i - 1].lower() == "з":
        return "gh"  # зг is zgh, to tell it from the digraph zh (ж)
    if char in UKRAINIAN:
        return UKRAINIAN[char]
    if char in APOSTROPHES:
        return ""
    plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
    return plain if plain else "-"


def transliterate(text: str) -> str:
    """The ASCII reading of a text (lower case)."""
    return "".join(_letter(text, i) for i in range(len(text)))


def ascii_id(item_id: str) -> str:
    """The typeable form of an id: each '/'-part romanised, runs of '-' collapsed."""
    if item_id.isascii():
        return item_id
    parts = [re.sub(r"-{2,}", "-", transliterate(part)).strip("-") or "x" for part in item_id.split("/")]
    return "/".join(parts)


def ascii_ids(ids: list[str]) -> dict[str, str]:
    """ASCII forms for a game's ids, unique among them: a clash gets '-2', '-3' (in id order)."""
    taken: set[str] = set(i for i in ids if i.isascii())
    out: dict[str, str] = {}
    for item_id in ids:
        form = ascii_id(item_id)
        if not item_id.isascii():
            base, n = form, 2
            while form in taken:
                form, n = f"{base}-{n}", n + 1
            taken.add(form)
        out[item_id] = form
    return out

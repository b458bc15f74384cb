"""Every quote a game's checks may cite, verified against the book when it is built."""

from __future__ import annotations

import re
from collections.abc import Callable

from referee.rules.quotes import Quote
from referee.rules.rulebook import Rulebook


def verify_citations(
    rulebook: Rulebook,
    entry_text: Callable[[str], str | None],
    entry_table: Callable[[str], dict | None] | None = None,
) -> list[str]:
    """Problems with the game's quotes: a missing id, a quote not verbatim in its entry, a table-row
    quote that is not one whole row (line and cells) of its parsed table, a quote no check cites, a value
    taken from words that are not the quote's."""
    problems = []
    for key, quote in rulebook.quotes.items():
        problems += _quote_problems(key, quote, entry_text(quote.entry))
        if quote.row is not None and entry_table is not None and not _is_table_row(quote.row, entry_table(quote.entry)):
            problems.append(f"quote {key!r} is not a row of the table in {quote.entry}")
    problems += [f"quote {key!r} is declared but no check cites it" for key in rulebook.unused_quotes()]
    return sorted(set(problems))


def _quote_problems(key: str, quote: Quote, text: str | None) -> list[str]:
    if not quote.text.strip():
        return [f"quote {key!r} is empty"]
    if text is None:
        return [f"quote {key!r} cites {quote.entry}, which does not exist"]
    if quote.text not in text:
        return [f"quote {key!r} is not verbatim in {quote.entry}"]
    if quote.row is not None and quote.text not in text.splitlines():
        return [f"quote {key!r} is not a row of the table in {quote.entry} (not a whole line)"]
    takes = quote.takes
    if takes is not None and takes.words not in quote.text:
        return [f"quote {key!r} takes {takes.value!r} from words that are not in it: {takes.words!r}"]
    if takes is not None and isinstance(takes.value, int) and str(takes.value) not in takes.words:
        return [f"quote {key!r} takes the number {takes.value} from words without it"]
    if quote.row is None and not whole_sentences(quote.text, text):
        return [f"quote {key!r} cuts a sentence of {quote.entry}: quote it whole (its conditions and exceptions too)"]
    return []


SENTENCE_START = re.compile(r"(?:[.!?:;][\"')\]»”]*\s+|\n\s*(?:[•\-–]\s+|\d+[.)]\s+)?)$")
SENTENCE_END = re.compile(r"[.!?:;][\"')\]»”]*$")


def whole_sentences(quote: str, text: str) -> bool:
    """Whether the quote is whole sentences (or lines) of the entry: some place it stands starts where a
    sentence or line starts and ends where one ends."""
    start = text.find(quote)
    while start >= 0:
        end = start + len(quote)
        starts = start == 0 or SENTENCE_START.search(text[:start]) is not None
        ends = end == len(text) or text[end] == "\n" or SENTENCE_END.search(quote) is not None
        if starts and ends:
            return True
        start = text.find(quote, start + 1)
    return False


def _is_table_row(cells: dict[str, str], table: dict | None) -> bool:
    if not table:
        return False
    return list(cells) == table["columns"] and list(cells.values()) in table["rows"]

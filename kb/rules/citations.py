"""Every quote a game's checks may cite, verified against the book when it is built."""

from __future__ import annotations

from collections.abc import Callable

from referee.rules.checks import Check, Rulebook


def verify_citations(
    checks: list[Check],
    entry_text: Callable[[str], str | None],
    entry_table: Callable[[str], dict | None] | None = None,
) -> list[str]:
    """Problems with the declared quotes: a missing id, a quote not verbatim in its entry, a table-row
    quote that is not one whole row (line and cells) of its parsed table, a quote no check cites."""
    problems = []
    rulebooks = {id(c.rulebook): c.rulebook for c in checks if c.rulebook is not None}
    for rulebook in rulebooks.values():
        for key, (entry, quote) in rulebook.quotes.items():
            problems += _quote_problems(rulebook, key, entry, quote, entry_text(entry))
            if (
                key in rulebook.rows
                and entry_table is not None
                and not _is_table_row(rulebook.rows[key], entry_table(entry))
            ):
                problems.append(f"quote {key!r} is not a row of the table in {entry}")
        problems += [f"quote {key!r} is declared but no check cites it" for key in rulebook.unused_quotes()]
    for check in checks:  # checks built without a rulebook (tests) still have their quotes verified
        if check.rulebook is None:
            for key, (entry, quote) in check.quotes.items():
                problems += [
                    f"check {check.name}: {p}" for p in _quote_problems(None, key, entry, quote, entry_text(entry))
                ]
    return sorted(set(problems))


def _quote_problems(rulebook: Rulebook | None, key: str, entry: str, quote: str, text: str | None) -> list[str]:
    if not quote.strip():
        return [f"quote {key!r} is empty"]
    if text is None:
        return [f"quote {key!r} cites {entry}, which does not exist"]
    if quote not in text:
        return [f"quote {key!r} is not verbatim in {entry}"]
    if rulebook is not None and key in rulebook.rows and quote not in text.splitlines():
        return [f"quote {key!r} is not a row of the table in {entry} (not a whole line)"]
    return []


def _is_table_row(cells: dict[str, str], table: dict | None) -> bool:
    return bool(table) and list(cells) == table["columns"] and list(cells.values()) in table["rows"]

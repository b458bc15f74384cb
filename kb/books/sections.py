"""Sections from a book's headings (ids from printed numbers or title slugs, parents, paths) and
what kind of text an entry is: shared by the line parser (plain text) and the structure parser
(markdown, HTML, PDF)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import TypeVar

from referee.books.entries import Entry, ParsedBook, Section
from referee.books.gameconf import Game
from referee.books.headings import Heading, slugify, split_heading_number
from referee.books.parseconf import ParseConfig

B = TypeVar("B")


def _section_keys(headings: list[Heading], conf: ParseConfig) -> list[str]:
    """Printed numbers where the book numbers its sections uniquely, else title slugs."""
    numbers = [split_heading_number(h.piece.text)[0] for h in headings]
    number_counts = Counter(n.lower() for n in numbers if n)
    use_numbers = conf.section_ids == "number"
    slugs = [slugify(split_heading_number(h.piece.text)[1]) for h in headings]
    slug_counts = Counter(slugs)
    keys: list[str] = []
    taken: set[str] = set()
    parents: list[int | None] = _parents(headings)
    for k in range(len(headings)):
        number = numbers[k]
        if use_numbers and number and number_counts[number.lower()] == 1:
            key = number.lower()
        elif slug_counts[slugs[k]] > 1 and parents[k] is not None:
            key = f"{keys[parents[k]]}/{slugs[k]}"  # type: ignore[index]
        else:
            key = slugs[k]
        while key in taken:
            key += "-2"
        keys.append(key)
        taken.add(key)
    return keys


def _parents(headings: list[Heading]) -> list[int | None]:
    """Each heading's parent: the nearest earlier heading of a lower level (a stack, so linear)."""
    parents: list[int | None] = []
    open_: list[int] = []  # indices of headings that can still parent, levels strictly increasing
    for k, heading in enumerate(headings):
        while open_ and headings[open_[-1]].level >= heading.level:
            open_.pop()
        parents.append(open_[-1] if open_ else None)
        open_.append(k)
    return parents


def make_sections(game: Game, headings: list[Heading], pages: list[int | None] | None = None) -> list[Section]:
    keys = _section_keys(headings, game.parse)
    parents = _parents(headings)
    sections: list[Section] = []
    for k, heading in enumerate(headings):
        number, title = split_heading_number(heading.piece.text)
        parent = parents[k]
        path = (sections[parent].path if parent is not None else []) + [heading.piece.text]
        sections.append(
            Section(
                id=f"{game.id}/{keys[k]}",
                game=game.id,
                key=keys[k],
                number=number,
                title=title,
                heading=heading.piece.text,
                level=heading.level,
                parent=sections[parent].id if parent is not None else None,
                path=path,
                position=k,
                line=heading.piece.line,
                page=pages[k] if pages else None,
            )
        )
    return sections


def split_inline_notes(start: int, end: int, conf: ParseConfig, source: str) -> list[tuple[int, int, str | None]]:
    """(start, end, forced kind) spans of a unit, an editor's inline remark cut out as a note."""
    text = source[start:end]
    for pattern in conf.inline_notes:
        match = pattern.search(text)
        if match and match.start() > 0:
            before_end = start + len(text[: match.start()].rstrip())
            spans = [(start, before_end, None), (start + match.start(), start + match.end(), "note")]
            if match.end() < len(text) and text[match.end() :].strip():
                rest = start + match.end() + (len(text[match.end() :]) - len(text[match.end() :].lstrip()))
                spans.append((rest, end, None))
            return spans
    return [(start, end, None)]


TEXT_KINDS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^Q: .+ A: "), "faq"),
    (re.compile(r"^Tip:"), "tip"),
    (re.compile(r"^(Editor's|Translator's|Source) note\b|^Note on the printed"), "note"),
    (re.compile(r"shown as graphics in the printed rulebook|not transcribed in this file"), "note"),
    (re.compile(r"^\((Printed in the rulebook|Figs?\b)|^Figures?\b|^\(Fig"), "note"),
    (
        re.compile(r"^(Examples?|For example)\b|^The manual's examples?\b|^[\w' -]{0,40}\bexamples?\b[^.:]{0,40}:"),
        "example",
    ),
    (re.compile(r"^Exercise\b"), "example"),
]


def _section_chain(section: Section | None, by_id: dict[str, Section]) -> list[Section]:
    chain = []
    while section is not None:
        chain.append(section)
        section = by_id.get(section.parent) if section.parent else None
    return chain


def _section_names(section: Section) -> set[str]:
    return {section.key, section.key.rsplit("/", 1)[-1], slugify(section.title)}


def classify(text: str, hint: str, section: Section | None, game: Game, by_id: dict[str, Section]) -> str:
    """An entry's kind: from its words (Q:/A:, Tip:, Example), game.toml's [kinds], or its shape."""
    for pattern, kind in TEXT_KINDS:
        if pattern.search(text):
            return kind
    kinds = game.kinds
    chain = _section_chain(section, by_id)
    under_cards = any(_section_names(s) & set(kinds.card_under) for s in chain[1:])
    if kinds.card_pattern and under_cards and kinds.card_pattern.search(text):
        return "card"
    if kinds.definition_pattern and kinds.definition_pattern.search(text):
        return "definition"
    if hint in ("table", "procedure", "card", "definition"):
        return hint
    if section is not None:
        configured = next((kinds.by_section[n] for n in _section_names(section) if n in kinds.by_section), None)
        if configured == "flavour":
            return "rule" if hint in ("bullet", "list") else "flavour"
        if configured == "definition":
            return "definition" if hint == "bullet" and ":" in text else "rule"
        if configured:
            return configured
        if section.title.startswith("Tip:"):
            return "tip"
    return "rule"


def under_sections(
    units: Iterable[object], sections: list[Section], heading: type, body: type[B]
) -> Iterator[tuple[Section | None, B]]:
    """Each `body` unit with the section it falls under; `sections` are the `heading` units', in order."""
    current: Section | None = None
    following = iter(sections)
    for unit in units:
        if isinstance(unit, heading):
            current = next(following)
        elif isinstance(unit, body):
            yield current, unit


class EntryWriter:
    """Numbers a book's entries within their sections as they come: `<game>/<section key>/<n>`."""

    def __init__(self, game: Game, book: ParsedBook) -> None:
        self.game, self.book = game, book
        self.counters: Counter[str] = Counter()

    def add(self, section: Section | None, kind: str, text: str, line: int, start: int, end: int, **extra) -> None:
        key = section.key if section else "front"
        self.counters[key] += 1
        self.book.entries.append(
            Entry(
                id=f"{self.game.id}/{key}/{self.counters[key]}",
                game=self.game.id,
                section_id=section.id if section else None,
                number=section.number if section else None,
                title=section.title if section else "",
                path=section.path if section else [],
                kind=kind,
                lang=self.game.language,
                text=text,
                position=len(self.book.entries),
                line=line,
                start=start,
                end=end,
                **extra,
            )
        )

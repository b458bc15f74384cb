"""What the index embeds: every entry whole and each of its sentences, each read with its context
(the section title; for the items of a list, the line that introduces them). Units are planned
in one cheap pass (`plan_units`) and produced a book at a time (`game_units`), so a large corpus
is never held in memory whole."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from referee import store
from referee.books.entries import ASIDE_KINDS
from referee.books.text import sentences
from referee.store import StoredEntry

UNIT_SCHEME = "entry+sentences+lead-ins/v3"  # bump when units change: old indexes become stale


INFORMATIVE = ASIDE_KINDS  # read around the rules: searchable, a little below them


ENTRY_UNIT, SENTENCE_UNIT = 0, 1


def unit_text(title: str, text: str) -> str:
    """The section title gives a paragraph its topic ("Dodge: If you fail: ...")."""
    return f"{title}: {text}" if title else text


@dataclass
class IndexUnit:
    entry: int
    kind: int
    sentence: int  # ordinal among the entry's sentences, -1 for the whole entry
    text: str


def units_of(entry_index: int, entry: StoredEntry, context: str) -> Iterator[IndexUnit]:
    yield IndexUnit(entry_index, ENTRY_UNIT, -1, unit_text(context, entry.text))
    for number, sentence in enumerate(sentences(entry.text)):
        yield IndexUnit(entry_index, SENTENCE_UNIT, number, unit_text(context, sentence))


class LeadIns:
    """The context an entry is read in: its section title, and for the items of a list the
    line that introduces them ("Once a player is activated, it must follow these steps:")."""

    def __init__(self) -> None:
        self.section: str | None = None
        self.lead: str | None = None
        self.last_line = -10

    def context(self, entry: StoredEntry) -> str:
        if entry.section_id != self.section:
            self.section, self.lead = entry.section_id, None
        text = entry.text.rstrip()
        follows = self.lead is not None and entry.line - self.last_line <= 2  # the next lines of one list
        context = f"{entry.title}: {self.lead}" if follows and not text.endswith(":") else entry.title
        if text.endswith(":"):
            self.lead = text
        elif not follows:
            self.lead = None
        self.last_line = entry.line + text.count("\n")
        return context


@dataclass
class Plan:
    """What the index will hold, computed in one cheap pass before any embedding."""

    entry_ids: list[str]
    informative: list[bool]
    games: dict[str, list[int]]
    unit_entry: np.ndarray
    unit_kind: np.ndarray
    unit_sentence: np.ndarray

    @property
    def total(self) -> int:
        return len(self.unit_entry)


def plan_units(db) -> Plan:
    entry_ids: list[str] = []
    informative: list[bool] = []
    games: dict[str, list[int]] = {}
    unit_entry: list[int] = []
    unit_sentence: list[int] = []
    for entry in store.entries(db):
        index = len(entry_ids)
        entry_ids.append(entry.id)
        informative.append(entry.kind in INFORMATIVE)
        start = len(unit_entry)
        count = 1 + len(sentences(entry.text))
        unit_entry.extend([index] * count)
        unit_sentence.extend(range(-1, count - 1))
        span = games.setdefault(entry.game, [start, start])
        span[1] = len(unit_entry)
    sentence = np.array(unit_sentence, dtype=np.int32)
    return Plan(
        entry_ids,
        informative,
        games,
        np.array(unit_entry, dtype=np.int32),
        np.where(sentence < 0, ENTRY_UNIT, SENTENCE_UNIT).astype(np.int8),
        sentence,
    )


def game_units(entries: Iterator[StoredEntry]) -> Iterator[tuple[str, list[IndexUnit]]]:
    """Each game's units in index order, a game at a time (entries come game by game): the
    corpus is never held in memory whole, and a book's units never depend on another book's."""
    game: str | None = None
    units: list[IndexUnit] = []
    lead_ins = LeadIns()
    for index, entry in enumerate(entries):
        if entry.game != game:
            if game is not None:
                yield game, units
            game, units, lead_ins = entry.game, [], LeadIns()
        units.extend(units_of(index, entry, lead_ins.context(entry)))
    if game is not None:
        yield game, units

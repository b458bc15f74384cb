"""A first sheet without configuration, chosen from the book's structure (referee.sheets.auto_book).

In the order a player needs them: how the game is won and scored, the setup and who starts,
the turn or round sequence, the actions (with what they cost) and the cards, every table of the
book whole with its caption, the rules that say "must" or "cannot"; then, lowest in priority,
the first words of each remaining section, so that the page is full (fitting drops these first).
Never an example, a credit, front matter or flavour (entries.ASIDE_KINDS); every line a verbatim
slice of its entry that starts where a reader can start. A `[sheet]` in game.toml replaces it
block by block (a `[sheet]` with a title and no blocks keeps these blocks under that title).
"""

from __future__ import annotations

import re

import sqlite_utils

from referee.books.gameconf import Game
from referee.books.sheetconf import BlockConf, BlockKind, Labelled, SheetConf, Step
from referee.books.text import sentences
from referee.sheets.auto_book import (
    ACTIONS,
    CARDS,
    CELL_MAX,
    END,
    MUST,
    QUESTIONS,
    ROWS_MAX,
    SCORE,
    SETUP,
    START,
    TURN,
    WIN,
    BookView,
    FoundSequence,
    Row,
    find_sequence,
    lead_sentences,
    ref,
    standalone,
)

HEADINGS = {
    "en": {
        "win": "How the game is won",
        "setup": "Setup",
        "start": "Who starts",
        "turn": "Turn",
        "actions": "Actions",
        "cards": "Cards",
        "must": "Must and cannot",
        "more": "More",
        "step": "Step",
        "what": "What happens",
        "action": "Action",
        "does": "What it does",
    },
    "uk": {
        "win": "Як перемогти",
        "setup": "Підготовка",
        "start": "Хто починає",
        "turn": "Хід",
        "actions": "Дії",
        "cards": "Карти",
        "must": "Обов'язково і заборонено",
        "more": "Ще",
        "step": "Крок",
        "what": "Що відбувається",
        "action": "Дія",
        "does": "Що робить",
    },
}
# A table of numbers a player looks up during play (die rolls, modifiers, ranges), rather than a
# list of the box's contents: it goes higher.
LEAD_IN_MAX = 480  # characters: an entry this short is quoted from its start to the sentence that wins
LOOKUP = re.compile(r"^\s*(?:[+\-−–]?\d+(?:\s*[–\-+]\s*\d*)?|\d+\s*(?:or|to|–)\s*\d+)\s*$")


class _Sheet:
    """The blocks as they are chosen, and the sentences already quoted (none twice)."""

    def __init__(self, book: BookView) -> None:
        self.book = book
        self.words = HEADINGS.get(book.game.language, HEADINGS["en"])
        self.blocks: list[BlockConf] = []
        self.quoted: set[str] = set()  # "ID | words" and whole entries' ids, on the page already
        self.entries: set[str] = set()  # entries a block quotes whole or in part
        self.words_of: dict[str, list[str]] = {}  # entry (local id) -> the words of it on the page

    def add(self, kind: BlockKind, heading: str, priority: int, **fields) -> None:
        if not any(fields.get(k) for k in ("lines", "steps", "rows", "entry")):
            return  # every candidate was on the page already
        headings = {b.heading.texts[""] for b in self.blocks}
        while heading in headings:  # a heading twice reads as a mistake
            heading = f"{self.words['more']}: {heading}"
        self.blocks.append(BlockConf(kind=kind, heading=Labelled({"": heading}), priority=priority, **fields))

    def take(self, quote: str | None) -> str | None:
        """The reference, once: None when it is None or already on the page."""
        if quote is None or quote in self.quoted:
            return None
        local, _, words = quote.partition(" | ")
        if any(words and words in said for said in self.words_of.get(local, [])):
            return None  # inside a quote of its entry already on the page
        self.quoted.add(quote)
        self.words_of.setdefault(local, []).append(words)
        self.entries.add(f"{self.book.game.id}/{quote.split(' | ')[0]}")
        return quote

    def sentences_of(self, rows: list[Row], pattern: re.Pattern[str], most: int, lead_in: bool = False) -> list[str]:
        """Sentences that say what `pattern` names, each read alone; with `lead_in`, from the start of
        its entry when the sentences before it lead into it (a short entry: "As soon as … the final
        scoring takes place. … The player whose marker is furthest ahead … wins the game.")."""
        found: list[str] = []
        for row in rows:
            if row.table is not None:
                continue
            for sentence in sentences(row.text):
                if len(found) >= most:
                    return found
                if not pattern.search(sentence):
                    continue
                end = row.text.find(sentence) + len(sentence)
                if lead_in and row.text.find(sentence) > 0 and end <= LEAD_IN_MAX and "\n" not in row.text[:end]:
                    sentence = row.text[:end]  # from its entry's start: whole sentences, nothing leant on
                elif not standalone(sentence):
                    continue
                if line := self.take(ref(row, sentence)):
                    found.append(line)
        return found

    def whole(self, rows: list[Row], most: int) -> list[str]:
        """Each entry's first sentences (the whole entry when it is short)."""
        lines: list[str] = []
        for row in rows:
            words = lead_sentences(row)
            if len(lines) < most and row.table is None and words and (line := self.take(ref(row, words))):
                lines.append(line)
        return lines


def _victory(sheet: _Sheet, priority: int) -> None:
    book = sheet.book
    ended = [e for s in book.headed(END) for e in s.entries if e.kind != "faq"]
    lines = sheet.whole(ended, 6)
    front = [r for r in book.rows if not r.section and not r.aside]  # "the object of the game" is often up front
    lines += sheet.sentences_of(front + book.rules(), WIN, max(2, 6 - len(lines)), lead_in=True)
    lines += sheet.sentences_of(front + book.rules(), SCORE, max(2, 8 - len(lines)))
    if lines:
        sheet.add("rules", sheet.words["win"], priority, lines=lines)


def _sequence_block(sheet: _Sheet, found: FoundSequence, heading: str, priority: int) -> bool:
    if not found:
        return False
    heading = f"{heading}: {found.title}" if found.title and found.title.casefold() != heading.casefold() else heading
    if found.steps:
        steps = [Step(step=s, details=d) for s, d in found.steps if sheet.take(s)]
        sheet.add("sequence", heading, priority, steps=steps)
    elif found.split:
        entry, separator = found.split
        sheet.take(entry)
        sheet.add("sequence", heading, priority, entry=entry, split=separator)
    elif found.rows:
        rows = [[f"= {label}", quote] for label, quote in found.rows if sheet.take(quote)]
        # a table of the book's sentences goes across the page: a table cannot break across columns,
        # and in one its sentences wrap at a few words a line beside a label column as wide as its
        # longest word, so it stands tall and the column beside it ends half empty
        columns = [sheet.words["step"], sheet.words["what"]]
        sheet.add("table", heading, priority, columns=columns, rows=rows, wide=True)
    else:
        sheet.add("rules", heading, priority, lines=[q for q in found.lines if sheet.take(q)])
    sheet.entries |= found.used
    return True


def _setup(sheet: _Sheet, priority: int) -> None:
    book = sheet.book
    if not _sequence_block(sheet, find_sequence(book, SETUP), sheet.words["setup"], priority):
        rows = [e for s in book.headed(SETUP) for e in s.entries]
        if lines := sheet.whole(rows, 6):
            sheet.add("rules", sheet.words["setup"], priority, lines=lines)
    if starts := sheet.sentences_of(book.rules(), START, 2):
        sheet.add("rules", sheet.words["start"], priority, lines=starts)


def _actions(sheet: _Sheet, priority: int) -> None:
    """Each action (a sub-heading of an Actions section, or an entry of it) with its first words,
    where its cost is said; then the cards, each whole."""
    book = sheet.book
    for section in book.headed(ACTIONS):
        rows = []
        for child in section.children[:ROWS_MAX]:
            first = next(iter(child.entries), None)
            words = lead_sentences(first, CELL_MAX) if first else None
            if first and words and (quote := sheet.take(ref(first, words))):
                rows.append([f"= {child.title}", quote])
        if len(rows) >= 2:
            columns = [sheet.words["action"], sheet.words["does"]]
            heading = sheet.words["actions"]
            heading += "" if section.title.casefold() == heading.casefold() else f": {section.title}"
            # across the page, as a sequence's table of sentences (Нічний ринок's actions in one
            # column left 34% of the page one blank stretch beside them; across it, 12%)
            sheet.add("table", heading, priority, columns=columns, rows=rows, wide=True)
        elif lines := sheet.whole(section.entries, 8):
            sheet.add("rules", section.title, priority, lines=lines)
    acting = {s.id for s in book.headed(ACTIONS)}
    cards = [r for r in book.rules() if r.kind == "card"]
    cards += [e for s in book.headed(CARDS) if s.id not in acting for e in s.entries if e not in cards]
    if lines := sheet.whole(cards, 8):
        sheet.add("rules", sheet.words["cards"], priority + 1, lines=lines)


def _tables(sheet: _Sheet, lookup_priority: int, other_priority: int) -> None:
    """Every table of the book, whole, under its section's title (its caption above it)."""
    for row in sheet.book.rules():
        if row.table is None or not row.table.get("rows") or not sheet.take(row.local):
            continue
        first_column = [r[0] for r in row.table["rows"] if r]
        lookup = sum(bool(LOOKUP.match(c)) for c in first_column) * 2 >= len(first_column)
        priority = lookup_priority if lookup else other_priority
        # a long table cannot break across columns: across the page it leaves no column half empty
        wide = len(row.table["rows"]) > ROWS_MAX * 3 // 2
        sheet.add("rules", row.title or row.local, priority, lines=[row.local], wide=wide)


def _rest(sheet: _Sheet, priority: int) -> None:
    """The first words of each section not yet on the page, in the book's order, under its title:
    what fills the page, and what fitting drops first."""
    book = sheet.book
    for section in book.sections:
        rows = [e for e in section.entries if e.id not in sheet.entries and e.kind != "faq" and e.table is None]
        if rows and section.title and not QUESTIONS.search(section.title) and (lines := sheet.whole(rows, 3)):
            priority += 1
            sheet.add("rules", section.title, priority, lines=lines)


def auto_sheet(db: sqlite_utils.Database, game: Game, given: SheetConf | None = None) -> SheetConf:
    """The sheet's blocks from the book's structure (the title and sentences of `given`, if any)."""
    book = BookView.read(db, game)
    sheet = _Sheet(book)
    _victory(sheet, 2)
    _setup(sheet, 3)
    turn = find_sequence(book, TURN, avoid=SETUP)
    _sequence_block(sheet, turn, sheet.words["turn"], 1)
    _actions(sheet, 4)
    _tables(sheet, 4, 7)
    if musts := sheet.sentences_of(book.rules(), MUST, 10):
        sheet.add("rules", sheet.words["must"], 6, lines=musts)
    _rest(sheet, 10)
    if not sheet.blocks:  # a book with no structure a sheet can use: its first entries
        first = [r.local for r in book.rows[:6]] or [r.local for r in book.rows[:1]]
        if first:
            sheet.add("rules", game.title, 1, lines=first)
    blocks = sheet.blocks
    title = given.title if given is not None and given.title.texts.get("") else Labelled({"": f"{game.title}"})
    return SheetConf(title=title, sentences=given.sentences if given is not None else 2, blocks=blocks)

"""Quick-reference sheets: a page a player would print, every line the book's words and cited.

The layout is declared per game in game.toml's [sheet] (see referee.books.sheetconf): a
turn-sequence box, tables of actions with their tests, key numbers, then special cases. Quotes
are verbatim slices of their entry (" … " marks a gap); computed tables come from calling the
game's checks and say so. The page is filled by priority (referee.sheets.pages); the sheet is
rendered as Markdown (referee.sheets.markdown) and HTML (referee.sheets.html).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

import sqlite_utils

from referee.books.gameconf import Game
from referee.books.sheetconf import BlockConf, SheetConf
from referee.books.text import sentences
from referee.errors import RefereeError
from referee.rules.checks import Check
from referee.rules.settle import settle
from referee.sheets.auto import auto_sheet
from referee.sheets.layout import ELISION, Excerpt, Sheet, SheetBlock, Unit, list_span, word


def _split_ref(ref: str) -> tuple[str, str | None, str | None]:
    parts = [p.strip() for p in ref.split(" | ")]
    return parts[0], (parts[1] if len(parts) > 1 else None), (parts[2] if len(parts) > 2 else None)


def _verbatim(quote: str, text: str) -> bool:
    """Every piece of the quote is in the text, in order."""
    at = 0
    for piece in quote.split(ELISION.strip()):
        piece = piece.strip()
        found = text.find(piece, at)
        if not piece or found < 0:
            return False
        at = found + len(piece)
    return True


def _first_sentences(text: str, count: int) -> str:
    if "\n" in text:
        return text
    found = sentences(text)
    picked = " ".join(found[:count])
    return picked if picked and picked in text else text


@dataclass
class _Book:
    """The entries and translations a sheet quotes from."""

    game: Game
    db: sqlite_utils.Database
    lang: str
    where: str
    checks: dict[str, Check]  # the checks computed tables call
    entries: dict[str, dict[str, Any]] = field(default_factory=dict)
    translations: dict[str, str] = field(default_factory=dict)

    def entry(self, local: str) -> dict[str, Any]:
        item = f"{self.game.id}/{local}"
        if item not in self.entries:
            row = self.db.execute("select id, text, table_json from entries where id = ?", [item]).fetchone()
            if row is None:
                raise RefereeError(f"{self.where}: {item} is not an entry of {self.game.id}")
            self.entries[item] = {"id": row[0], "text": row[1], "table": json.loads(row[2]) if row[2] else None}
        return self.entries[item]

    def translation(self, entry_id: str) -> str | None:
        if self.lang == self.game.language:
            return None
        if entry_id not in self.translations:
            row = self.db.execute(
                "select text from translations where id = ? and lang = ?", [entry_id, self.lang]
            ).fetchone()
            if row is None:
                raise RefereeError(f"{self.where}: {entry_id} has no {self.lang} translation")
            self.translations[entry_id] = row[0]
        return self.translations[entry_id]

    def quote(self, ref: str, sentences_: int) -> Excerpt:
        local, chosen, chosen_translation = _split_ref(ref)
        entry = self.entry(local)
        text = chosen if chosen is not None else _first_sentences(entry["text"], sentences_)
        if not _verbatim(text, entry["text"]):
            raise RefereeError(f"{self.where}: the quote for {entry['id']} is not verbatim in it: {text[:60]!r}")
        translation = self.translation(entry["id"])
        if translation is not None:
            translation = chosen_translation or _first_sentences(translation, sentences_)
            if not _verbatim(translation, self.translation(entry["id"]) or ""):
                raise RefereeError(f"{self.where}: the translation quote for {entry['id']} is not in its translation")
        table = entry["table"] if chosen is None else None
        return Excerpt(entry["id"], text, translation, table)


def _sequence_units(block: BlockConf, book: _Book, count: int) -> list[Unit]:
    if block.steps:
        return [
            Unit([book.quote(step.step, count)], [book.quote(d, count) for d in step.details], label=step.label)
            for step in block.steps
        ]
    assert block.entry is not None
    entry = book.entry(block.entry)
    steps = _steps_of(entry["text"], block.split)
    translated = book.translation(entry["id"])
    english = _steps_of(translated, block.split) if translated else [None] * len(steps)
    if len(english) != len(steps):
        raise RefereeError(
            f"{book.where}: {entry['id']}: the translation has {len(english)} steps, the book {len(steps)}"
        )
    return [Unit([Excerpt(entry["id"], s, t)]) for s, t in zip(steps, english, strict=True)]


def _joined(units: list[Unit]) -> list[Unit]:
    """Mark each item of a list that a line ending in ":" opens (the book's next entries of its
    section, in order) as joined to the line before it: the fitter keeps the list whole or not at all."""
    for before, unit in pairwise(units):
        said, quote = before.cells[0], unit.cells[0]
        assert isinstance(said, Excerpt) and isinstance(quote, Excerpt)
        opens = said.text.rstrip().endswith(":") or before.joined  # a lead-in, or an item of its list
        unit.joined = opens and _next_entry(said.entry) == quote.entry
    return units


def _next_entry(entry: str) -> str:
    """game/section/3 -> game/section/4."""
    head, _, number = entry.rpartition("/")
    return f"{head}/{int(number) + 1}" if number.isdigit() else ""


def _steps_of(text: str, split: str | None) -> list[str]:
    """The items of a procedure or list, or of a sentence after its colon split at `split`."""
    if split:
        tail = text.split(": ", 1)[-1].rstrip(".")
        return [part.strip() for part in tail.split(split) if part.strip()]
    items = [re.sub(r"^\s*(?:\d+\.(?: to \d+\.)?|[•\-–])\s+", "", line) for line in text.splitlines()[1:]]
    return [item.strip() for item in items if item.strip()]


def _computed(block: BlockConf, book: _Book) -> tuple[list[list[str]], list[str], str]:
    """Cells worked out by the game's check; the entries its reasons cite back them."""

    checks = book.checks
    cited: list[str] = []
    rows: list[list[Any]] = []  # the label, then each check's value (a number, a flag, a word)
    for row in block.computed_rows:
        cells: list[Any] = [row.label.get(book.lang, book.game.language)]
        for column in block.computed_columns:
            name = column.check or block.check
            verdict = settle(checks, None, name, {**block.facts, **row.facts, **column.facts})
            value = verdict.value
            if column.value:
                value = value.get(column.value) if isinstance(value, dict) else None
            cells.append(value)
            cited += [r.entry for r in verdict.reasons if r.entry not in cited]
        rows.append(cells)
    # a table with negative numbers is one of modifiers: print +4 as the books do
    signed = any(isinstance(v, int) and not isinstance(v, bool) and v < 0 for row in rows for v in row[1:])
    rows = [[row[0], *(_number_text(v, signed) for v in row[1:])] for row in rows]
    names = ", ".join(dict.fromkeys(c.check or block.check or "" for c in block.computed_columns))
    return rows, cited, f"computed by `referee check {names}` — not the book's words"


def _number_text(value: Any, signed: bool = False) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:+d}" if signed and value else str(value)
    return "—" if value in (None, "") else str(value)


def _cell(ref: str, book: _Book, count: int) -> Excerpt | str:
    """A table's cell: the book's words, "—" for none, or "= label" for a row's label in our words
    (a nation's name before the value its section gives)."""
    if ref.strip() in ("—", "-"):
        return "—"
    if ref.startswith("= "):
        return ref[2:].strip()
    return book.quote(ref, count)


def _disputed_units(block: BlockConf, book: _Book, count: int) -> list[Unit]:
    """Each: the question (our words), the book's answer, and the check that settles it."""
    units = []
    for item in block.items:
        if item.check is not None and item.check not in book.checks:
            raise RefereeError(f"{book.where}: the disputed item {item.ref!r} names no check {item.check!r}")
        ask = item.ask.get(book.lang, book.game.language)
        units.append(Unit([ask, book.quote(item.ref, count), *([item.check] if item.check else [])]))
    return units


UNPRINTABLE = re.compile(r"[\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]+")  # CJK: no font of the sheet has it


# an editor's note as the text file sets it, "(Source note: …)": its words alone on a printed sheet
EDITORS_LABEL = re.compile(r"^\((?:source|editor'?s?|translator'?s?) note:\s*(.*)\)$", re.I | re.S)


def _marks(db: sqlite_utils.Database, game: Game, lang: str, said: dict[str, str]) -> dict[str, list[str]]:
    """What the knowledge base flags in the book's entries: rows or rules that conflict (a die
    table whose printed ranges overlap), an editor's or source note on a rule, a line the
    translation could only guess at ([tr.: …]), in the sheet's language where its [sheet] `remarks`
    say it there (`said`: entry id -> the note)."""
    found: dict[str, list[str]] = {}
    rows = db.execute(
        "select src, dst, kind, anchor, note from edges where kind in ('conflicts', 'annotates') and src like ?",
        [f"{game.id}/%"],
    ).fetchall()
    texts = dict(db.execute("select id, text from entries where game = ?", [game.id]).fetchall())
    for src, dst, kind, anchor, note in rows:
        if kind == "conflicts":
            for entry in dict.fromkeys((src, dst)):
                found.setdefault(entry, []).append(note or anchor)
        else:  # src is the note on dst, in the book's (or its editor's) words
            note = _first_sentences(" ".join(texts.get(src, anchor).split()), 1)
            found.setdefault(dst, []).append(EDITORS_LABEL.sub(r"\1", note))
    remarked = db.execute("select id, text from translations where game = ? and text like '%[tr.:%'", [game.id])
    for entry, text in remarked.fetchall():
        if entry in said:  # the note in the sheet's own language
            found.setdefault(entry, []).append(word(lang, "unclear_said", remark=said[entry]))
            continue
        for remark in re.findall(r"\[tr\.: ([^\]]+)\]", text):
            found.setdefault(entry, []).append(word(lang, "unclear", remark=remark))
    # a note may quote words in a script the sheet's fonts lack (the Japanese of a translator's note)
    printable = {e: [UNPRINTABLE.sub("…", n) for n in notes] for e, notes in found.items()}
    return {entry: list(dict.fromkeys(notes)) for entry, notes in printable.items()}


def _block(block: BlockConf, book: _Book, conf: SheetConf) -> SheetBlock:
    count = block.sentences or conf.sentences
    heading = block.heading.get(book.lang, book.game.language)
    made = SheetBlock(
        block.kind,
        heading,
        block.priority,
        [],
        block.required,
        transpose=block.transpose,
        wide=block.wide,
        brief=block.brief,
    )
    if block.kind == "sequence":
        made.units = _sequence_units(block, book, count)
    elif block.kind == "rules":
        made.units = _joined([Unit([book.quote(line, count)]) for line in block.lines])
    elif block.kind == "table":
        made.columns = [c.get(book.lang, book.game.language) for c in block.table_columns]
        made.units = [Unit([_cell(cell, book, count) for cell in row]) for row in block.table_rows]
        if block.reading is not None:  # our reading of a table the book prints broken: said, never hidden
            made.note = block.reading.get(book.lang, book.game.language)
    elif block.kind == "disputed":
        made.units = _disputed_units(block, book, count)
    else:
        made.rows, made.cites, made.note = _computed(block, book)
        made.columns = [block.row_header.get(book.lang, book.game.language)] + [
            c.label.get(book.lang, book.game.language) for c in block.computed_columns
        ]
        made.units = [Unit([])]  # kept or dropped whole: half a computed table would mislead
    return made


NUMBERS = re.compile(r"\d")
SHORT_CELL = 30  # a cell this short with a digit is a value ("2-12", "Scrum pack F = 70"), not a sentence


def _numbers_table(block: SheetBlock) -> bool:
    """A table of the book's numbers (every row has a short cell with a digit): never the thing cut."""
    if block.kind == "computed":
        return True
    if block.kind != "table":
        return False

    def value(cell: Excerpt | str) -> bool:
        text = cell.text if isinstance(cell, Excerpt) else cell
        return len(text) <= SHORT_CELL and bool(NUMBERS.search(text))

    return all(any(value(c) for c in unit.cells) for unit in block.units)


def covers(quotes: list[Excerpt], entry: str, ref: str) -> bool:
    """Whether the quotes of one unit give a checklist line: its entry, every piece of its words."""
    words = ref.partition(" | ")[2]
    pieces = [p.strip() for p in words.split(ELISION.strip()) if p.strip()]
    texts = [q.text for q in quotes if q.entry == entry]
    return bool(texts) and all(any(p in t for t in texts) for p in pieces)


def _mark_must_haves(blocks: list[SheetBlock], conf: SheetConf, book: _Book) -> None:
    """Mark what a player needs as a must-have, which the fitter places first: the units that give
    a line of the checklist, every row of a table of numbers, a quote that is one of the book's tables.
    A checklist line no block gives is an error of the game's [sheet]: it could never be printed."""
    for block in blocks:
        numbers = _numbers_table(block)
        for at, unit in enumerate(block.units):
            quotes = [c for c in unit.cells if isinstance(c, Excerpt)] + unit.details
            # a required block is on the page: its first line at least (the rest by priority)
            unit.must = unit.must or numbers or any(q.table for q in quotes) or (block.required and at == 0)
            unit.must = unit.must or block.kind == "sequence"  # the turn sequence, every step of it
    for item in conf.checklist:
        entry = f"{book.game.id}/{_split_ref(item.ref)[0]}"
        found = False
        for block in blocks:
            for unit in block.units:
                if covers([c for c in unit.cells if isinstance(c, Excerpt)] + unit.details, entry, item.ref):
                    unit.must = found = True
        if not found:
            raise RefereeError(f"{book.where}: the checklist's {item.what!r} is in no block of the sheet")
    for block in blocks:  # a list is kept whole or not at all: a must-have lead-in makes its items must-haves
        for at, unit in enumerate(block.units):
            group = list_span(block.units, at)
            if any(block.units[i].must for i in group):
                unit.must = True


def build_sheet(db: sqlite_utils.Database, game: Game, checks: dict[str, Check], lang: str | None = None) -> Sheet:
    """The game's sheet as data, from its [sheet]: `checks` (the corpus's, by name) work out its
    computed tables; `lang` is the book's language (default) or one it has a translation in."""
    conf: SheetConf | None = game.sheet
    if conf is None or not conf.blocks:  # no [sheet], or one with a title only: a sheet from the book's structure
        conf = auto_sheet(db, game, conf)
    lang = lang or game.language
    if lang != game.language and lang not in game.translations:
        have = ", ".join([game.language, *sorted(game.translations)])
        raise RefereeError(f"no {lang} reading of {game.id}; sheets in: {have}")
    book = _Book(game, db, lang, str(game.folder / "game.toml"), checks)
    blocks = [_block(block, book, conf) for block in conf.blocks]
    for item in conf.checklist:  # each key number is verbatim in its entry (the tests find it on the page)
        book.quote(item.ref, conf.sentences)
    _mark_must_haves(blocks, conf, book)
    forms = dict(db.execute("select id, coalesce(ascii_id, id) from entries where game = ?", [game.id]).fetchall())
    title = conf.title.get(lang, game.language)
    said = {f"{game.id}/{entry}": note for entry, note in conf.remarks.get(lang, {}).items()}
    marks = _marks(db, game, lang, said)
    return Sheet(game.id, title, lang, game.language, blocks, ascii_ids=forms, marks=marks, pages=conf.pages)

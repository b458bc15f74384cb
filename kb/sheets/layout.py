"""A quick-reference sheet as data: Sheet -> SheetBlock -> Unit -> Excerpt, and the sheet's own words.

Every line, table row or step is a unit; `Sheet.keep(n)` keeps the n highest-priority units in
the declared order, which is how a sheet is fitted to its page (referee.sheets.pages)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

ELISION = " … "


@dataclass
class Excerpt:
    """The book's words from one entry (and, when asked, its aligned translation)."""

    entry: str
    text: str
    translation: str | None = None
    table: dict | None = None


@dataclass
class Unit:
    """What the page keeps or drops as a whole: a line, a table row, a step, a computed table."""

    cells: list[Excerpt | str]  # a str is our own label (a step number, a computed value)
    details: list[Excerpt] = field(default_factory=list)
    joined: bool = False  # kept only with the unit before it: an item of the list a lead-in opens
    label: str | None = None  # a step's number as the book numbers it (None: counted)
    must: bool = False  # a must-have (a checklist line, a table of numbers): placed before any other unit


@dataclass
class SheetBlock:
    kind: str
    heading: str
    priority: int
    units: list[Unit]
    required: bool = False
    columns: list[str] = field(default_factory=list)
    note: str = ""  # for a computed table: what it was computed from
    cites: list[str] = field(default_factory=list)  # entries a computed table rests on
    transpose: bool = False
    rows: list[list[str]] = field(default_factory=list)  # a computed table's cells
    wide: bool = False
    brief: int | None = None  # units kept at the block's priority on a squeezed sheet (None: all)


@dataclass
class Sheet:
    game: str
    title: str
    lang: str
    book_lang: str
    blocks: list[SheetBlock]
    left_out: int = 0
    ascii_ids: dict[str, str] = field(default_factory=dict)
    scale: float = 1.0  # type size: raised when everything fits with room to spare
    marks: dict[str, list[str]] = field(default_factory=dict)  # entry -> what the knowledge base flags in it
    pages: int = 1  # the pages the sheet fills (its [sheet] says)
    # (block, unit) that open a new column or page mid-block: printed under the block's heading "(cont.)"
    continued: frozenset[tuple[int, int]] = frozenset()

    def unit_count(self) -> int:
        return sum(len(b.units) for b in self.blocks)

    def quotes(self) -> list[Excerpt]:
        found = []
        for block in self.blocks:
            for unit in block.units:
                found += [c for c in unit.cells if isinstance(c, Excerpt)] + unit.details
        return found

    def marked(self) -> dict[str, list[str]]:
        """Each flag on the entries on the page, with the entries it is on, in reading order."""
        found: dict[str, list[str]] = {}
        for quote in self.quotes():
            for note in self.marks.get(quote.entry, []):
                if not _explains(note, quote) or self._remark_elsewhere(note, quote):
                    continue
                if quote.entry not in found.setdefault(note, []):
                    found[note].append(quote.entry)
        return found

    def remark(self, note: str) -> str | None:
        """The translator's words of a note made from a [tr.: …] in the translation, else None."""
        lead = word(self.lang, "unclear", remark="")
        return note.removeprefix(lead) if self.lang and note.startswith(lead) else None

    def _remark_elsewhere(self, note: str, quote: Excerpt) -> bool:
        """A translator's note ([tr.: …] in the translation) is about the words just before it: on a
        translated line only where the printed slice holds it (s41: "meaning one of the goals" went
        beside "shuffle the whole deck", the slice before the words it explains)."""
        lead = word(self.lang, "unclear", remark="")
        if quote.translation is None or not note.startswith(lead):
            return False
        return f"[tr.: {note.removeprefix(lead)}]" not in quote.translation

    def flagged(self) -> dict[str, list[str]]:
        """Entry id -> its flags explained under Marked: the entries whose lines carry ⚠ (a flag
        about words not on the page put a ⚠ with no note: the deal step's shuffle, s41)."""
        found: dict[str, list[str]] = {}
        for note, entries in self.marked().items():
            for entry in entries:
                found.setdefault(entry, []).append(note)
        return found

    def marked_lines(self) -> list[tuple[str, list[str]]]:
        """`marked()` as printed: flags on the same entries that open on the same label ("die ranges
        overlap: …") share one line, the label said once (three overlaps of one table are one flag)."""
        lines: list[tuple[str, list[str]]] = []
        marked = self.marked()
        for note, entries in marked.items():
            if any(other != note and there == entries and _says(other, note) for other, there in marked.items()):
                continue  # a shorter note on the same line that a longer one already says (Takkure's PRO, twice)
            label, colon, rest = note.partition(": ")
            if lines and colon and lines[-1][1] == entries and lines[-1][0].startswith(label + colon):
                lines[-1] = (f"{lines[-1][0]}; {rest}", entries)
            else:
                lines.append((note, entries))
        return lines

    def footnotes(self) -> dict[str, int]:
        """Entry id -> footnote number, in reading order."""
        numbers: dict[str, int] = {}
        for block in self.blocks:
            ids = [q.entry for u in block.units for q in [*(c for c in u.cells if isinstance(c, Excerpt)), *u.details]]
            for entry in [*ids, *block.cites]:
                numbers.setdefault(entry, len(numbers) + 1)
        return numbers

    def ranked(self, squeezed: bool = False) -> list[tuple[int, int]]:
        """Every (block, unit), highest value first; `squeezed` (fewer pages than declared): a
        block's units past its `brief` come after every other's."""

        def rank(block: SheetBlock, unit: int) -> tuple[bool, bool, int]:
            later = squeezed and block.brief is not None and unit >= block.brief
            # what a player needs (the checklist, the book's tables of numbers) before anything of
            # lower value, whatever the block's priority: two rounds of raising priorities traded one
            # must-have for another (Rugby World's kick table for offside)
            return later, not block.units[unit].must, block.priority

        order = sorted((*rank(b, ui), bi, ui) for bi, b in enumerate(self.blocks) for ui in range(len(b.units)))
        return [(bi, ui) for *_, bi, ui in order]

    def group(self, block: int, unit: int) -> list[tuple[int, int]]:
        """The list (a lead-in and its joined items) that a unit belongs to: kept whole or not at all."""
        return [(block, ui) for ui in list_span(self.blocks[block].units, unit)]

    def keep(self, n: int, squeezed: bool = False) -> Sheet:
        """The sheet with its n highest-priority units, laid out in the declared order."""
        return self.keep_only(set(self.ranked(squeezed)[:n]))

    def keep_only(self, kept: set[tuple[int, int]]) -> Sheet:
        """The sheet with the (block, unit) in `kept`, laid out in the declared order (a list
        missing one of its items left out whole)."""
        blocks = []
        for bi, block in enumerate(self.blocks):
            units = [u for ui, u in enumerate(block.units) if (bi, ui) in kept and _whole(block.units, ui, bi, kept)]
            if units:
                blocks.append(replace(block, units=units))
        shown = sum(len(b.units) for b in blocks)
        return replace(self, blocks=blocks, left_out=self.left_out + self.unit_count() - shown)


def _says(longer: str, shorter: str) -> bool:
    """Whether `longer` says what `shorter` says: four in five of its words, and more words."""
    have, want = set(re.findall(r"\w+", longer.lower())), re.findall(r"\w+", shorter.lower())
    return len(have) > len(set(want)) and sum(w in have for w in want) >= 0.8 * len(want)


QUOTED = re.compile(r'"([^"]{3,})"|«([^»]{3,})»')


def _explains(note: str, quote: Excerpt) -> bool:
    """Whether a flag is about this line: a note quoting the words it is about ("змушенийжертвують",
    a translator's note on one sentence) goes only beside a line that holds them (a blind grader:
    a note explained a sentence that was not on the page)."""
    words = [a or b for a, b in QUOTED.findall(note)]
    if quote.translation is None and not quote.text.isascii():  # the book's own sheet: an English reading is no test
        words = [w for w in words if not w.isascii()]
    said = f"{quote.text}\n{quote.translation or ''}"
    return not words or any(w in said for w in words)


def _whole(units: list[Unit], at: int, block: int, kept: set[tuple[int, int]]) -> bool:
    """Whether the list `units[at]` belongs to (a lead-in and its joined items) is kept whole: a
    lead-in without its items, or a list missing one, would read as the whole rule."""
    return all((block, ui) in kept for ui in list_span(units, at))


def list_span(units: list[Unit], at: int) -> range:
    """The lead-in and the items joined to it that `units[at]` belongs to (itself alone if none): the
    one walk the fitter, its checks and the must-haves share."""
    first = at
    while first > 0 and units[first].joined:
        first -= 1
    last = at
    while last + 1 < len(units) and units[last + 1].joined:
        last += 1
    return range(first, last + 1)


# The sheet's own words (not the book's) in the sheet's language; English when there is none.
WORDS = {
    "en": {
        "meta": "Every line is the rulebook's text; the small numbers cite its entries.",
        "translated": "{lang}: unofficial translation · with each line the book's own words ({book})",
        "sources": "Sources",
        "left": "{n} more lines did not fit.",
        "footer": "Referee quick reference · the book's words, cited by footnote · computed tables say so",
        "footer_translated": "Referee quick reference · an unofficial translation of the book, the book's own words "
        "in small type · computed tables say so",
        "marked": "⚠ Where the book is unclear",
        "settle": "settle it: referee check {check}",
        "computed": "worked out from the book's rules",
        "unclear": "the translator's note: {remark}",  # said once under Marked (the line carries it too)
        "unclear_said": "the translator's note: {remark}",
    },
    "uk": {
        "meta": "Кожен рядок — текст правил; маленькі числа посилаються на їхні записи.",
        "sources": "Джерела",
        "left": "Ще {n} рядків не вмістилося.",
        "footer": "Referee: коротка довідка · слова книги з посиланнями · обчислені таблиці позначено",
        "marked": "⚠ Де книга неясна",
        "settle": "перевірити: referee check {check}",
        "computed": "обчислено за правилами книги",
        # the translator's note is English: said as it is, so the book's own sheet explains the flag too
        "unclear": "неясне місце книги; примітка перекладача (англ.): {remark}",
        "unclear_said": "неясне місце книги: {remark}",  # the note in Ukrainian ([sheet] remarks)
    },
}


def sheet_word(sheet: Sheet, key: str, **values: object) -> str:
    return word(sheet.lang, key, **values)


def word(lang: str, key: str, /, **values: object) -> str:
    """The sheet's own word `key` in `lang` (English when it has none)."""
    return WORDS.get(lang, {}).get(key, WORDS["en"][key]).format(**values)


def footer(sheet: Sheet) -> str:
    """What the page's foot says it holds: the book's words, or an unofficial translation of them."""
    return sheet_word(sheet, "footer" if sheet.lang == sheet.book_lang else "footer_translated")


def translation_note(sheet: Sheet) -> str:
    if sheet.lang == sheet.book_lang:
        return ""
    return sheet_word(sheet, "translated", lang=sheet.lang, book=sheet.book_lang)


def sources(sheet: Sheet, notes: dict[str, int]) -> list[tuple[str, int, str]]:
    """(entry id, footnote number, the id as typed after `referee show GAME/`) in footnote order."""
    prefix = f"{sheet.game}/"
    return [(e, n, sheet.ascii_ids.get(e, e).removeprefix(prefix)) for e, n in notes.items()]


def sources_line(sheet: Sheet, notes: dict[str, int]) -> str:
    return " · ".join(f"{n} {typed}" for _, n, typed in sources(sheet, notes))


def cite_mark(entry: str, notes: dict[str, int], markdown: bool) -> str:
    return f"[{notes[entry]}]" if markdown else f'<sup class="n">{notes[entry]}</sup>'


def cite_marks(entries: list[str], notes: dict[str, int], markdown: bool) -> str:
    numbers = ", ".join(dict.fromkeys(str(notes[e]) for e in entries))
    return f"[{numbers}]" if markdown else f'<sup class="n">{numbers}</sup>'


def one_line(text: str) -> str:
    return " ".join(part.strip() for part in text.split("\n") if part.strip())

"""A book's aligned translation: one translated block per entry and per section heading.

The translation file lives beside the rulebook (declared in game.toml under [translations])
and names what each block translates with an explicit marker, so alignment never depends on
how the translated text happens to split into paragraphs:

    # comment lines at the top of the file
    [section налаштування] SETUP
    [налаштування/1]
    Open the board and place it between the players. ...

A marker names the id without the game (`налаштування/1`), in the book's spelling or in its
ASCII form (`nalashtuvannia/1`). The build refuses a translation that misses an entry or a
heading, names one the book does not have (an orphan), repeats one, leaves one empty, breaks
a list into a different number of lines, or strays from the book's order: the file stays a
readable book in the original's block structure, and a parser change that renames ids is
caught at once instead of quietly showing the wrong text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from referee.books.entries import ParsedBook
from referee.books.ids import ascii_ids
from referee.books.text import sentences
from referee.errors import RefereeError

LABEL = "unofficial translation"
SECTION_MARKER = re.compile(r"^\[section (?P<key>[^\]\s]+)\]\s*(?P<heading>.*)$")
ENTRY_MARKER = re.compile(r"^\[(?P<key>[^\]\s]+)\]\s*$")


@dataclass
class MarkedText:
    key: str
    kind: str  # entry or section
    line: int
    lines: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(self.lines).strip("\n")


@dataclass
class Translation:
    lang: str
    file: str
    entries: dict[str, str]  # entry id -> translated text
    sections: dict[str, str]  # section id -> translated heading

    def rows(self, game: str) -> list[dict[str, str]]:
        """Rows for the knowledge base's translations table."""
        made = [("entry", i, t) for i, t in self.entries.items()]
        made += [("section", i, t) for i, t in self.sections.items()]
        return [{"id": i, "game": game, "lang": self.lang, "kind": k, "text": t} for k, i, t in made]


def read_blocks(text: str) -> list[MarkedText]:
    blocks: list[MarkedText] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        section = SECTION_MARKER.match(raw)
        entry = ENTRY_MARKER.match(raw)
        if section:
            blocks.append(MarkedText(section["key"], "section", number, [section["heading"].strip()]))
        elif entry:
            blocks.append(MarkedText(entry["key"], "entry", number))
        elif blocks:
            blocks[-1].lines.append(raw.rstrip())
        elif raw.strip() and not raw.startswith("#"):
            raise RefereeError(f"line {number}: text before the first [id] marker")
    return blocks


def _local(item_id: str, game: str) -> str:
    return item_id.removeprefix(f"{game}/")


def align(book: ParsedBook, text: str, lang: str, file: str) -> Translation:
    """Match every block to the book's entries and headings; any mismatch is one clear error."""
    game = book.game
    order = [("section", s.id) for s in book.sections] + [("entry", e.id) for e in book.entries]
    forms = ascii_ids([item_id for _, item_id in order])
    known = {}
    for kind, item_id in order:
        known[(kind, _local(item_id, game))] = item_id
        known[(kind, _local(forms[item_id], game))] = item_id
    position = {item_id: n for n, item_id in enumerate(_book_order(book))}
    originals = {e.id: e.text for e in book.entries}
    where = f"{file}"
    try:
        blocks = read_blocks(text)
    except RefereeError as exc:
        raise RefereeError(f"{where}: {exc}") from None
    found: dict[str, MarkedText] = {}
    last = -1
    for block in blocks:
        known_id = known.get((block.kind, block.key))
        if known_id is None:
            raise RefereeError(f"{where}: line {block.line}: [{block.key}] is no {block.kind} of {game} (orphan)")
        item_id = known_id
        if item_id in found:
            raise RefereeError(f"{where}: line {block.line}: {item_id} is translated twice")
        if not block.text.strip():
            raise RefereeError(f"{where}: line {block.line}: the translation of {item_id} is empty")
        if position[item_id] < last:
            raise RefereeError(f"{where}: line {block.line}: {item_id} is out of the book's order")
        last = position[item_id]
        if block.kind == "entry" and _line_count(block.text) != _line_count(originals[item_id]):
            raise RefereeError(
                f"{where}: line {block.line}: {item_id} has {_line_count(block.text)} lines, "
                f"the book {_line_count(originals[item_id])}: keep a list's items aligned"
            )
        found[item_id] = block
    missing = [item_id for _, item_id in order if item_id not in found]
    if missing:
        more = f" (+{len(missing) - 1} more)" if len(missing) > 1 else ""
        raise RefereeError(f"{where}: no translation for {missing[0]}{more}")
    return Translation(
        lang,
        file,
        entries={e.id: found[e.id].text for e in book.entries},
        sections={s.id: found[s.id].text for s in book.sections},
    )


def _book_order(book: ParsedBook) -> list[str]:
    """Sections and entries in reading order: a heading comes before the entries under it."""
    out: list[str] = []
    sections = {s.id: s for s in book.sections}
    seen: set[str] = set()
    for entry in book.entries:
        if entry.section_id and entry.section_id not in seen:
            for section in book.sections[: sections[entry.section_id].position + 1]:
                if section.id not in seen:
                    seen.add(section.id)
                    out.append(section.id)
        out.append(entry.id)
    out.extend(s.id for s in book.sections if s.id not in seen)
    return out


def _line_count(text: str) -> int:
    return len([line for line in text.splitlines() if line.strip()])


# ------------------------------------------------------------------ under a quote of the entry

QUOTED = "the quoted sentences"
WHOLE = "the whole entry"


@dataclass(frozen=True)
class QuoteTranslation:
    """What of an entry's translation goes under a quote of it: the translation of the quoted
    sentences first when they can be told apart in it, the whole entry's always one step away.

    `quoted` is None when the whole entry is what to show: the quote is the whole entry, it is no
    verbatim slice of it (a table's row), or the translation's sentences do not line up with the
    book's (`why_whole` says so: never a sentence paired with another's translation)."""

    lang: str
    label: str
    whole: str
    quoted: str | None = None
    why_whole: str | None = None

    @property
    def of(self) -> str:
        return QUOTED if self.quoted is not None else WHOLE

    @property
    def text(self) -> str:
        """What is shown first."""
        return self.quoted if self.quoted is not None else self.whole

    @property
    def heading(self) -> str:
        """Its label as the CLI and the web page say it: whose translation, and of what."""
        why = f" ({self.why_whole})" if self.why_whole else ""
        return f"Referee's {self.label} ({self.lang}) of {self.of}{why}"

    def to_json(self) -> dict[str, str | None]:
        return {
            "lang": self.lang,
            "label": self.label,
            "of": self.of,
            "heading": self.heading,
            "text": self.text,
            "whole": self.whole,
            "why_whole": self.why_whole,
        }


def translate_quote(text: str, quote: str, translated: str, lang: str = "en", label: str = LABEL) -> QuoteTranslation:
    """The translation of the sentences `quote` covers in the entry `text`, from its aligned
    `translated` text. The file aligns an entry line by line (`align` refuses a different count of
    lines), so a sentence is paired only within its line, by position, and only when that line has
    as many sentences in the translation as in the book: with any doubt, the whole entry."""
    whole = QuoteTranslation(lang, label, translated)
    start = text.find(quote) if quote.strip() else -1
    if start < 0:
        return whole
    book_lines, their_lines = _lines(text), _lines(translated)
    if len(book_lines) != len(their_lines):
        return QuoteTranslation(lang, label, translated, why_whole="its lines do not line up with the book's")
    end = start + len(quote)
    covered: dict[int, list[int]] = {}  # line -> the quoted sentences' places in it
    spans = list(_sentence_spans(text, book_lines))
    for line, place, (first, last) in spans:
        if first < end and last > start:
            covered.setdefault(line, []).append(place)
    if not covered or sum(len(places) for places in covered.values()) == len(spans):
        return whole  # nothing to single out: the quote is the whole entry
    picked: list[str] = []
    for line, places in covered.items():
        ours, theirs = sentences(book_lines[line]), sentences(their_lines[line])
        if len(ours) != len(theirs):
            why = f"its sentences do not line up with the book's: {len(theirs)} against {len(ours)}"
            return QuoteTranslation(lang, label, translated, why_whole=why)
        picked.append(" ".join(theirs[place] for place in places))
    return QuoteTranslation(lang, label, translated, quoted="\n".join(picked))


def _lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


def _sentence_spans(text: str, lines: list[str]) -> Iterator[tuple[int, int, tuple[int, int]]]:
    """Each sentence of the entry: its line, its place in the line, its characters in `text`."""
    cursor = 0
    for number, line in enumerate(lines):
        line_at = text.find(line, cursor)
        at = line_at
        for place, sentence in enumerate(sentences(line)):
            at = text.find(sentence, at)
            yield number, place, (at, at + len(sentence))
            at += len(sentence)
        cursor = line_at + len(line)

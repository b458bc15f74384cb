"""What a first sheet reads of a book without configuration: its entries and sections as the
knowledge base stores them, and where in them the turn, the setup, the actions and the end are.

Every finder returns references a `[sheet]` could hold ("ID | verbatim words"), each checked
here against its entry, so a first sheet never quotes words the book does not have. Heading and
sentence words are English and Ukrainian (Tacocat's book); a book in another language falls
back on its structure alone: numbered lists, tables, the order of its sections.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

import sqlite_utils

from referee.books.entries import ASIDE_KINDS
from referee.books.gameconf import Game
from referee.books.text import sentences


def _words(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.I)


# BookSection headings (and lead sentences) by what they are about.
TURN = _words(
    r"\bturns?\b|\brounds?\b|\bphases?\b|\bsequence\b|order of play|\bgame ?(?:flow|progress|play)\b|course of the"
    r"|\bsteps?\b|хід|ходи|раунд|черг|фаз|послідовн|перебіг|етап|крок"
)
SETUP = _words(r"set-?up|preparation|before (?:the|you) (?:game|play)|getting started|підготов|налаштуван|розклад")
ACTIONS = _words(r"\bactions?\b|\babilit(?:y|ies)\b|\bmoves\b|\boptions\b|\bдії\b|\bдія\b|можливост|здібност|вмін")
CARDS = _words(r"^(?:special |action |event )?cards?$|^(?:особливі )?карти$")
END = _words(
    r"\bend(?:ing)? of\b|\bending\b|\bwinning\b|\bvictory\b|\bwin\b|scoring|\bscore\b|object of the game|\bgoal\b"
    r"|кінець|заверш|перемог|очк|підрахун"
)
QUESTIONS = _words(r"\bfaq\b|questions|q ?& ?a|питання")
# Sentences by what they say.
WIN = _words(
    r"\b(?:wins?|winner|won|victory|loses?|game ends|match ends|end of the game)\b"
    r"|перемаг|переможе|переможц|виграє|програє|закінчується"
)
SCORE = _words(r"\b(?:\d+|one|two|three)\s+(?:\w+\s+)?points?\b|\bworth\b|\d+\s+очк|очок|очки")
START = _words(
    r"\b(?:player|players|team|coach|who)\b[^.!?]{0,40}\b(?:begins|goes first|plays first|starts)\b"
    r"|\b(?:first player|start player|starts the game|youngest|oldest)\b|починає|першим ходить|ходить першим"
    r"|перший гравець"
)
MUST = _words(
    r"\b(?:must|cannot|can't|may not|must not|never|only|at most|at least|up to)\b"
    r"|повин|мусить|не можна|заборон|лише|не може|не більше|щонайменше"
)
# A sentence that leans on the one before it reads wrong alone ("Play it only during the Dawn Phase").
LEANS = _words(
    r"^(?:it|its|this|that|these|those|they|them|he|she|then|also|however|otherwise|so|but|and|or|instead|"
    r"in this case|except|for example|e\.g|наприклад|це|цю|цей|ці|він|вона|воно|вони|тоді|також|але|а|і|та|проте)\b"
)
# Where a quote may start inside its entry: the start, after a sentence, a colon, a line break or a marker.
CLEAN_START = re.compile(r"(?:^|[.!?:]\s+|\n\s*(?:[•\-–]\s+|\d+[.)]\s+)?)$")
ITEM = re.compile(r"^(\s*)(?:\d+[.)]|[•\-–])\s+(.*\S)\s*$")
STEP = re.compile(r"^(?:(?:step|phase|stage|крок|етап|фаза)\s*\d+|\d+[.)]\s)|^[A-ZА-ЯІЇЄҐ][^.:!?\n]{1,40}:\s", re.I)
LEAD = _words(
    r"following|in this order|in order|as follows|steps|consists of|sequence|послідовн|такому порядку|кроки|етапи"
)
UNPRINTABLE = re.compile(r"[\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]")  # CJK: the sheet's fonts have none
QUOTE_MAX = 320  # characters: longer, and a line stops being a glance
# A table cannot break across columns: a long one would push everything after it off the page.
ROWS_MAX, CELL_MAX = 8, 220


@dataclass
class Row:
    """An entry as the first sheet reads it."""

    id: str
    local: str
    kind: str
    section: str | None
    title: str
    text: str
    table: dict | None

    @property
    def aside(self) -> bool:
        return self.kind in ASIDE_KINDS


@dataclass
class BookSection:
    id: str
    title: str
    number: str | None
    parent: str | None
    entries: list[Row] = field(default_factory=list)
    children: list[BookSection] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"{self.number}. {self.title}" if self.number else self.title


@dataclass
class BookView:
    """The book's entries in order and its section tree, asides (examples, credits…) left out."""

    game: Game
    rows: list[Row]
    sections: list[BookSection]

    @classmethod
    def read(cls, db: sqlite_utils.Database, game: Game) -> BookView:
        prefix = f"{game.id}/"
        found = db.execute(
            "select id, kind, section_id, title, text, table_json from entries where game = ? order by position",
            [game.id],
        ).fetchall()
        rows = [Row(r[0], r[0].removeprefix(prefix), r[1], r[2], r[3] or "", r[4], json.loads(r[5]) if r[5] else None)
                for r in found]  # fmt: skip
        heads = db.execute(
            "select id, title, number, parent from sections where game = ? order by position", [game.id]
        ).fetchall()
        sections = [BookSection(*h) for h in heads]
        by_id = {s.id: s for s in sections}
        for row in rows:
            if row.section in by_id and not row.aside:
                by_id[row.section].entries.append(row)
        for section in sections:
            if section.parent in by_id:
                by_id[section.parent].children.append(section)
        return cls(game, [r for r in rows if not r.aside], sections)

    def rules(self) -> list[Row]:
        """The entries a line may come from: no aside, no question-and-answer, none before the first
        heading (a tagline) when the book has headings."""
        sectioned = bool(self.sections)
        return [r for r in self.rows if r.kind != "faq" and (r.section or not sectioned) and not self._in_questions(r)]

    @staticmethod
    def _in_questions(row: Row) -> bool:
        return bool(QUESTIONS.search(row.title))

    def headed(self, pattern: re.Pattern[str]) -> list[BookSection]:
        return [s for s in self.sections if pattern.search(s.title) and not QUESTIONS.search(s.title)]


def ref(row: Row, quote: str) -> str | None:
    """ "ID | quote" when the quote is verbatim in its entry, starts where a reader can start and
    fits a reference; else None."""
    at = row.text.find(quote)
    if not quote.strip() or at < 0 or " | " in quote or "\t" in quote or not CLEAN_START.search(row.text[:at]):
        return None
    if UNPRINTABLE.search(quote):
        return None
    return f"{row.local} | {quote}"


def lead_sentences(row: Row, most: int = QUOTE_MAX) -> str | None:
    """The entry's first whole sentences (at least one), up to `most` characters: the whole entry
    when it is that short, list and all."""
    if len(row.text) <= most and "\t" not in row.text:
        return row.text
    found = sentences(row.text)
    if not found:
        return None
    start = row.text.find(found[0])
    end = start + len(found[0])
    for sentence in found[1:]:
        at = row.text.find(sentence, end)
        if at < 0 or at + len(sentence) - start > most:
            break
        end = at + len(sentence)
    return row.text[start:end] if start >= 0 else None


def standalone(sentence: str) -> bool:
    """A sentence that reads alone on a sheet: not a question, not a lead into a list, not leaning on
    the one before it."""
    return 20 <= len(sentence) <= QUOTE_MAX and not sentence.endswith(("?", ":")) and not LEANS.search(sentence)


@dataclass
class FoundSequence:
    """A sequence found in the book: numbered steps (each a reference, with details), or labelled
    rows (a section's sub-headings with their first words), or one sentence split at its commas."""

    title: str
    steps: list[tuple[str, list[str]]] = field(default_factory=list)
    rows: list[tuple[str, str]] = field(default_factory=list)
    split: tuple[str, str] | None = None  # (entry, separator)
    lines: list[str] = field(default_factory=list)  # the section's own words, when that is all there is
    used: set[str] = field(default_factory=set)  # entries whose lead it quotes

    def __bool__(self) -> bool:
        return bool(self.steps or self.rows or self.split or self.lines)


def list_steps(row: Row) -> list[tuple[str, list[str]]]:
    """A procedure's items: each item of the outermost level a step, the items under it its details."""
    items = [(len(m.group(1)), m.group(2)) for line in row.text.split("\n") if (m := ITEM.match(line))]
    top = min((indent for indent, _ in items), default=0)
    steps: list[tuple[str, list[str]]] = []
    for indent, words in items:
        quote = ref(row, words)
        if quote is None:
            continue
        if indent > top and steps:
            steps[-1][1].append(quote)
        elif indent == top:
            steps.append((quote, []))
    return steps


def find_sequence(book: BookView, pattern: re.Pattern[str], avoid: re.Pattern[str] | None = None) -> FoundSequence:
    """The book's sequence of the kind `pattern` names (its turn or round; its setup), tried from the
    most explicit form to the least: a numbered list under such a heading or lead, a lead sentence
    followed by step entries, one sentence listing the steps, the sub-sections of such a heading,
    the heading's own first words."""

    def about(row: Row) -> bool:
        first = row.text.split("\n", 1)[0]
        said = pattern.search(row.title) or pattern.search(first)
        return bool(said) and not (avoid and (avoid.search(row.title) or avoid.search(first)))

    rows = book.rules()
    for row in rows:
        if row.kind == "procedure" and about(row) and len(steps := list_steps(row)) >= 2:
            return FoundSequence(row.title, steps=steps, used={row.id})
    for i, row in enumerate(rows):
        last = (sentences(row.text) or [""])[-1]
        if not (last.endswith(":") and (pattern.search(last) or LEAD.search(last)) and about(row)):
            continue
        following: list[tuple[str, list[str]]] = []
        for after in rows[i + 1 :]:
            if after.section != row.section or not STEP.match(after.text):
                break
            first = sentences(after.text)[0] if sentences(after.text) else ""
            if (quote := ref(after, first)) is not None:
                following.append((quote, []))
        if len(following) >= 2:
            return FoundSequence(
                row.title,
                steps=following,
                used={row.id, *(f"{book.game.id}/{q.split(' | ')[0]}" for q, _ in following)},
            )
        if split := _listing(row, pattern):
            return split
    for row in rows:
        if split := _listing(row, pattern):
            return split
    for section in book.headed(pattern):
        if avoid and avoid.search(section.title):
            continue
        labelled = []
        for child in section.children[:ROWS_MAX]:
            lead = next((e for e in child.entries if e.kind != "faq"), None)
            words = lead_sentences(lead, CELL_MAX) if lead else None
            if lead and words and (quote := ref(lead, words)):
                labelled.append((child.label, quote))
        if len(labelled) >= 2:
            return FoundSequence(section.title, rows=labelled)
    for section in book.headed(pattern):
        if avoid and avoid.search(section.title):
            continue
        lines = [q for e in section.entries[:2] if (w := lead_sentences(e)) and (q := ref(e, w))]
        if lines:
            return FoundSequence(section.title, lines=lines)
    return FoundSequence("")


def _listing(row: Row, pattern: re.Pattern[str]) -> FoundSequence | None:
    """One sentence that names the steps after a colon, split at its commas ("Each round goes in
    this order: Replace cards, Duel, Play, Move the tacocat, Place a tile.")."""
    text = row.text.strip()
    if "\n" in text or text.count(": ") != 1 or len(sentences(text)) != 1:
        return None
    lead, tail = text.split(": ", 1)
    items = [p.strip() for p in tail.rstrip(".").split(", ")]
    if not (pattern.search(lead) and LEAD.search(lead)) or len(items) < 3:
        return None
    if any(not p or len(p) > 40 or not p[0].isupper() or p.count("(") != p.count(")") for p in items):
        return None
    return FoundSequence(row.title, split=(row.local, ", "), used={row.id})

"""A book read by its structure (markdown, HTML, PDF) into sections and entries by meaning.

The blocks come from the format's reader (referee.books.document); here they become the book's
sections and its citable entries: a paragraph; a list with the line that introduces it; a
numbered list as one procedure with its steps; a table with its caption; a name in bold with
the text it names (a card, an item). The contents page and the book's title are dropped and
reported. In a book that marks no headings, headings are read from bold lines, numbered
lines ("2.3 Movement") or lines in capitals. Plain text goes to the line parser unchanged.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from referee.books.document import Block, Document
from referee.books.entries import Dropped, ParsedBook
from referee.books.gameconf import Game
from referee.books.headings import Heading
from referee.books.lines import Piece
from referee.books.parse import parse_book
from referee.books.sections import EntryWriter, classify, make_sections, split_inline_notes, under_sections
from referee.books.text import norm

CONTENTS = {
    "contents", "table of contents", "content", "зміст", "содержание", "inhalt", "inhaltsverzeichnis",
    "sommaire", "table des matières", "índice", "indice", "sommario", "spis treści", "obsah", "inhoud",
}  # fmt: skip
NUMBERED_TITLE = re.compile(r"^(\d{1,2}(?:\.\d{1,2})*)\.?\s+\S")
LEADER = re.compile(r"(?:\s*\.{2,}\s*|\s+)\d{1,3}\s*$")
TABLE_WORDS = ("table", "таблиця", "tabelle", "tableau", "tabla", "tabella")
CARD_WORDS = re.compile(r"card|item|weapon|equipment|spell|power|ability|skill|карт|предмет|зброя", re.I)
NAME_WORDS = 8
SHORT_ITEM_WORDS = 8
WHOLE_LIST_CHARS = 1500
MIN_MARKED_HEADINGS = 3


@dataclass
class Group:
    """An entry before it is one: a stretch of the visible text and what shape it has."""

    hint: str  # paragraph, list, bullet, procedure, table, named
    start: int
    end: int
    line: int
    page: int | None
    table: dict | None = None
    role: str = ""


def title_like(text: str) -> bool:
    """Short, with letters, not ending like a sentence: a heading or a name."""
    return (
        0 < len(text) <= 80
        and len(text.split()) <= 10
        and any(c.isalpha() for c in text)
        and not text.rstrip().endswith((".", ",", ";", ":", "!", "?"))
        and "\n" not in text
    )


def _caps(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= 3 and not any(c.islower() for c in letters)


class _Reading:
    def __init__(self, game: Game, doc: Document) -> None:
        self.game, self.doc, self.conf = game, doc, game.parse
        self.dropped: list[Dropped] = list(doc.dropped)
        self.warnings: list[str] = []

    def text(self, block: Block) -> str:
        return self.doc.text[block.start : block.end]

    def drop(self, block: Block, reason: str) -> None:
        self.dropped.append(Dropped(block.line, self.text(block)[:200], reason))

    # ------------------------------------------------------------ what is not the body

    def without_noise(self, blocks: list[Block]) -> list[Block]:
        kept = []
        for block in blocks:
            rule = next((r for r in self.conf.noise if r.pattern.search(self.text(block))), None)
            if rule is not None:
                self.drop(block, rule.reason)
            else:
                kept.append(block)
        return kept

    def without_contents(self, blocks: list[Block]) -> list[Block]:
        markers = CONTENTS | {m.casefold() for m in self.conf.toc_markers}
        headings = {norm(self.text(b)) for b in blocks if b.kind == "heading"}
        kept: list[Block] = []
        in_contents = False
        for block in blocks:
            text = self.text(block)
            if block.kind == "heading" and text.strip().casefold().rstrip(":") in markers:
                in_contents = True
                self.drop(block, "table of contents")
                continue
            if block.kind == "heading":
                in_contents = False
            if in_contents or self._lists_headings(block, headings):
                self.drop(block, "table of contents")
                continue
            kept.append(block)
        return kept

    def _lists_headings(self, block: Block, headings: set[str]) -> bool:
        """A list (or a run of lines with page numbers) most of whose items are the book's headings."""
        if block.kind not in ("list", "paragraph"):
            return False
        lines = [LEADER.sub("", line).strip(" •\t") for line in self.text(block).split("\n")]
        lines = [re.sub(r"^\d+(?:\.\d+)*[.)]?\s+", "", line) for line in lines if line.strip()]
        named = sum(1 for line in lines if norm(line) in headings)
        return len(lines) >= 3 and named >= 0.6 * len(lines)

    def without_title(self, blocks: list[Block]) -> tuple[list[Block], str | None]:
        """The first heading, when it is the only one of its level and comes first: the book's title."""
        headings = [b for b in blocks if b.kind == "heading"]
        if not headings:
            return blocks, self.doc.title
        first = headings[0]
        top = [h for h in headings if h.level <= first.level]
        if len(top) == 1 and (len(headings) > 1 or self.doc.title is None):
            self.drop(first, "the book's title (game.toml's title)")
            return [b for b in blocks if b is not first], self.doc.title or self.text(first)
        return blocks, self.doc.title

    # ------------------------------------------------------------ headings the file does not mark

    def promote_headings(self, blocks: list[Block]) -> list[Block]:
        marked = sum(1 for b in blocks if b.kind == "heading")
        shapes: dict[int, str] = {}
        for k, block in enumerate(blocks):
            shape = self._shape(block, marked)
            if shape:
                shapes[k] = shape
        counts = Counter(shape.split(":")[0] for shape in shapes.values())
        base = {"caps": 1, "strong": 2 if counts["caps"] >= 2 else 1}
        out = []
        previous = 1
        for k, block in enumerate(blocks):
            shape = shapes.get(k)
            if shape is not None and (counts[shape.split(":")[0]] >= 2 or shape == "configured"):
                if shape == "configured":
                    level = previous
                elif shape.startswith("numbered"):
                    level = int(shape.split(":")[1])
                else:
                    level = base[shape]
                block = Block("heading", block.start, block.end, block.line, block.page, level=level)
            if block.kind == "heading":
                previous = block.level
            out.append(block)
        return out

    def _shape(self, block: Block, marked: int) -> str | None:
        text = self.text(block).strip()
        conf = self.conf
        if block.kind == "paragraph" and (
            text in conf.extra_headings or any(p.search(text) for p in conf.heading_patterns)
        ):
            return "configured"
        single = block.kind == "list" and len(block.items) == 1 and block.items[0].ordered
        if block.kind != "paragraph" and not single:
            return None
        if not title_like(re.sub(r"^\d+[.)]\s+", "", text) if single else text):
            return None
        if conf.uppercase_headings and _caps(text):
            return "caps"
        if marked >= MIN_MARKED_HEADINGS:
            return None
        number = NUMBERED_TITLE.match(text)
        if number:
            return f"numbered:{number.group(1).count('.') + 1}"
        if block.strong:
            return "strong"
        return "caps" if _caps(text) else None

    # ------------------------------------------------------------ entries by meaning

    def groups(self, blocks: list[Block]) -> list[Group | Block]:
        out: list[Group | Block] = []
        k = 0
        while k < len(blocks):
            block = blocks[k]
            after = blocks[k + 1] if k + 1 < len(blocks) and blocks[k + 1].kind != "heading" else None
            text = self.text(block).strip()
            if block.kind == "heading":
                out.append(block)
            elif block.kind == "paragraph" and after is not None and self._introduces(text, after):
                out += self._shaped(after, lead=block)
                k += 1
            elif block.kind == "paragraph" and block.strong and title_like(text) and after is not None:
                if len(text.split()) <= NAME_WORDS and after.kind in ("paragraph", "list"):
                    out.append(Group("named", block.start, after.end, block.line, block.page))
                    k += 1
                else:
                    out.append(Group("paragraph", block.start, block.end, block.line, block.page))
            else:
                out += self._shaped(block)
            k += 1
        return [g for g in out if isinstance(g, Block) or any(c.isalnum() for c in self.doc.text[g.start : g.end])]

    def _introduces(self, text: str, after: Block) -> bool:
        if after.kind == "table":
            return text.endswith(":") or text.casefold().startswith(TABLE_WORDS) or title_like(text)
        return after.kind == "list" and text.endswith(":")

    def _shaped(self, block: Block, lead: Block | None = None) -> list[Group]:
        start = lead.start if lead is not None else block.start
        line = lead.line if lead is not None else block.line
        if block.kind == "table":
            rows = block.rows
            table = {"columns": rows[0] if rows else [], "rows": rows[1:]}
            return [Group("table", start, block.end, line, block.page, table)]
        if block.kind != "list" or not block.items:
            return [Group("paragraph", start, block.end, line, block.page, role=block.role)]
        top = [item for item in block.items if item.depth == 0]
        if top and top[0].ordered:
            return [Group("procedure", start, block.end, line, block.page)]
        short = all(len(self.doc.text[i.start : i.end].split()) <= SHORT_ITEM_WORDS for i in block.items)
        if (lead is not None and block.end - start <= WHOLE_LIST_CHARS) or (lead is None and short):
            return [Group("list", start, block.end, line, block.page)]
        out = [Group("paragraph", lead.start, lead.end, lead.line, lead.page)] if lead is not None else []
        ends = [i.start for i in top[1:]] + [block.end]
        for item, next_start in zip(top, ends, strict=True):
            end = max(i.end for i in block.items if item.start <= i.start < next_start)
            out.append(Group("bullet", item.start, end, block.line, block.page))
        return out


CREDIT_HEADING = re.compile(
    r"^(?:credits?|licen[cs]e|copyright|legal|acknowledge?ments?|about the (?:authors?|designers?)|"
    r"подяки|автори|ліцензія|авторські права)\b",
    re.I,
)
CREDIT_WORDS = re.compile(
    r"©|\(c\) \d{4}|\bcopyright\b|\blicen[cs]e[ds]?\b|all rights reserved|creative commons|\btrademarks?\b|"
    r"\b(?:game )?design(?:ed)? by\b|\billustrat(?:ed|ions?) by\b|\b(?:edited|written|developed|published) by\b|"
    r"\bplaytest(?:ed|ers|ing)\b|\bcc[ -]by\b|ліцензі|авторськ",
    re.I,
)
YOU = re.compile(r"\b(?:you|your|yours|yourself)\b", re.I)
MODAL = re.compile(
    r"\b(?:may|must|can|cannot|can't|could|should|shall|might|never|always|only|if|when|whenever|once|unless|"
    r"will|need|needs)\b|\w(?:'ll|’ll)\b",
    re.I,
)
NUMBERED_WORDS = re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve)\b", re.I)
SET_ASIDE = ("rule", "definition", "card", "flavour")  # what front matter, credits or an example may be typed first


def set_aside(kind: str, text: str, role: str, path: list[str]) -> str:
    """Front matter, credits and licences, and worked examples told to "you", by their place and
    words: typed apart so that they never reach a sheet or lead an answer."""
    if kind not in SET_ASIDE:
        return kind
    if role == "front":
        return "front-matter"
    if any(CREDIT_HEADING.match(p.strip()) for p in path) or len(CREDIT_WORDS.findall(text)) >= 2:
        return "credits"
    # a story told to the reader ("You swing your hammer and roll a seven"), not a rule for them:
    # the reader addressed again and again, with numbers, and nothing allowed, required or conditional
    # ... but "Your refresh is the minimum number of ..." defines a term and "Modify your dice" instructs: rules
    told = len(YOU.findall(text)) >= 3 and NUMBERED_WORDS.search(text) and not MODAL.search(text)
    if told and not DEFINES.match(text) and not IMPERATIVE.match(text):
        return "example"
    if _story(text):
        return "example"
    return kind


# "Your refresh is the minimum …", "Fate points are …": a sentence that says what a thing is
DEFINES = re.compile(r"^\W*(?:your|the|a|an|each|every)?\s*[\w’'-]+(?:\s+[\w’'-]+)?\s+(?:is|are)\s+(?!you\b)", re.I)
# "Modify your dice …", "Roll four dice": an instruction to the reader
IMPERATIVE = re.compile(
    r"^\W*(?!(?:you|your|the|a|an|it|this|that)\b)[A-Z][a-z]+(?<!s)\s+(?:your|the|a|an|up|one|two|three|four)\b"
)
# a worked example told of a character by name: the name opens the paragraph and comes back,
# with a die roll or an action's outcome, and no rule's modal verb addressed to the reader
STORY_VERBS = re.compile(
    r"\b(?:rolls?|rolled|gets|got|invokes?|invoked|spends?|spent|attacks?|attacked|decides?|decided|"
    r"succeeds?|succeeded|fails?|failed|effort|wants?|wanted|tries|tried)\b",
    re.I,
)
NOT_NAMES = frozenset(
    {"the", "a", "an", "if", "when", "you", "your", "this", "that", "these", "those", "each", "every", "some", "any"}
    | {"all", "in", "on", "at", "for", "to", "of", "with", "by", "as", "after", "before", "during", "while", "once"}
    | {"then", "there", "here", "it", "its", "they", "their", "we", "our", "gm", "players", "player", "example"}
    | {"examples", "note"}
)


def _story(text: str) -> bool:
    first = re.match(r"\W*([A-Z][a-z]+)\b", text)
    if first is None or first.group(1).casefold() in NOT_NAMES:
        return False
    name = first.group(1)
    again = len(re.findall(rf"\b{name}(?:'s|’s)?\b", text))
    # the name acts: "Charles has made", "Ethan cobbles", "Cassandra and Ruth have" (not "Fate Condensed
    # uses", not "Athletics: a measurement")
    acts = re.match(rf"\W*{name}(?:\s+and\s+[A-Z][a-z]+)?\s+(?:is|has|have|was|were|[a-z]\w*s|[a-z]\w*ed)\b", text)
    common = re.search(rf"\b{name.casefold()}\b", text)  # a word, not a name: "Three points", "Fate dice"
    return (
        acts is not None
        and common is None
        and again >= 2
        and bool(STORY_VERBS.search(text))
        and len(YOU.findall(text)) <= 1
        and not re.search(r"\b(?:may|must|can|cannot|should)\b", text)
    )


def _named_hint(path: list[str]) -> str:
    """A name in bold with its text: a card (or item) under a section about them, else a definition."""
    return "card" if any(CARD_WORDS.search(p) for p in path) else "definition"


def parse_document(game: Game, doc: Document) -> ParsedBook:
    """Parse one rulebook by its structure; pure: the same file and game.toml give the same ids."""
    if doc.blocks is None:
        return parse_book(game, doc.text)
    reading = _Reading(game, doc)
    blocks = reading.without_noise(doc.blocks)
    blocks = reading.without_contents(blocks)
    blocks, _ = reading.without_title(blocks)
    blocks = reading.promote_headings(blocks)
    units = reading.groups(blocks)
    heading_blocks = [u for u in units if isinstance(u, Block)]
    ranks = sorted({b.level for b in heading_blocks})
    headings = [
        Heading(Piece(b.line, b.start, b.end, doc.text[b.start : b.end].strip()), ranks.index(b.level))
        for b in heading_blocks
    ]
    sections = make_sections(game, headings, [b.page for b in heading_blocks])
    by_id = {s.id: s for s in sections}
    book = ParsedBook(game=game.id, sections=sections)
    writer = EntryWriter(game, book)
    for current, unit in under_sections(units, sections, Block, Group):
        hint = _named_hint(current.path if current else []) if unit.hint == "named" else unit.hint
        for start, end, forced in split_inline_notes(unit.start, unit.end, game.parse, doc.text):
            body = doc.text[start:end]
            kind = forced or set_aside(
                classify(body, hint, current, game, by_id), body, unit.role, current.path if current else []
            )
            table = unit.table if forced is None else None
            writer.add(current, kind, body, unit.line, start, end, table=table, page=unit.page)
    book.dropped = sorted(reading.dropped, key=lambda d: d.line)
    if not sections:
        book.warnings.append("no headings found: every entry is in one section ('front')")
    return book

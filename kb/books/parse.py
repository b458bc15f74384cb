"""Rulebook text -> sections (the book's own headings) -> rule entries.

Every entry's text is a slice of the rulebook file, so any quote can be checked
against the source character for character. Lines that are not part of the book
body (page header, table of contents, adverts) are dropped and reported, never
lost silently.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from dataclasses import dataclass

from referee.books.entries import Dropped, Entry, ParsedBook, Section
from referee.books.gameconf import Game
from referee.books.headings import Heading, heading_rules, mark_headings, slugify, split_heading_number
from referee.books.lines import BULLET, NUMBERED, Lines, Piece, body_pieces, find_end_heading_list, find_toc, mark_noise
from referee.books.parseconf import FlatTable, ParseConfig

SHORT_ITEM_WORDS = 6


@dataclass
class Chunk:
    """A citable stretch of the body (a paragraph, a bullet, a list, a table) before it becomes an Entry."""

    kind_hint: str  # paragraph, bullet, list, procedure, table
    pieces: list[Piece]
    text_start: int
    table: dict | None = None
    lead_in: bool = False
    section_index: int | None = None
    group: int | None = None

    @property
    def end(self) -> int:
        return self.pieces[-1].end

    @property
    def line(self) -> int:
        return self.pieces[0].line


# ---------------------------------------------------------------- front matter, TOC, end list


# ---------------------------------------------------------------- body pieces and headings


# ---------------------------------------------------------------- units


def _flat_table_for(text: str, conf: ParseConfig) -> FlatTable | None:
    return next((t for t in conf.flat_tables if text == t.header), None)


def _collect_block(items: list, i: int, accept) -> int:
    """Index past the run of pieces from i that `accept` takes (stops at blank/heading)."""
    j = i
    while j < len(items) and isinstance(items[j], Piece) and accept(items[j]):
        j += 1
    return j


def _table_unit(pieces: list[Piece], flat: FlatTable | None) -> Chunk:
    if flat:
        rows = []
        for piece in pieces[1:]:
            match = flat.row.match(piece.text)
            rows.append(list(match.groups()) if match else [piece.text])
        table = {"columns": flat.columns, "rows": rows}
    else:
        cells = [piece.text.split("\t") for piece in pieces]
        table = {"columns": cells[0], "rows": cells[1:]}
    return Chunk("table", pieces, pieces[0].start, table=table)


def _numbered_rows(pieces: list[Piece]) -> list[list[str]]:
    rows = []
    for piece in pieces:
        match = NUMBERED.match(piece.text)
        if match:
            rows.append([match.group("marker").strip(), match.group("body")])
        elif rows:
            rows[-1][1] += "\n" + piece.text
    return rows


def _is_sub_bullet(piece: Piece, indent: int) -> bool:
    return piece.indent > indent and BULLET.match(piece.text) is not None


def _build_chunks(items: list[Piece | Heading | None], conf: ParseConfig) -> list[Chunk | Heading]:
    out: list[Chunk | Heading] = []
    group = 0
    i = 0
    while i < len(items):
        item = items[i]
        if item is None or isinstance(item, Heading):
            if isinstance(item, Heading):
                out.append(item)
            i += 1
            continue
        flat = _flat_table_for(item.text, conf)
        if flat or "\t" in item.text:
            j = _collect_block(items, i + 1, lambda p: True)
            out.append(_table_unit(items[i:j], flat))
            i = j
        elif NUMBERED.match(item.text):
            indent = item.indent
            j = _collect_block(
                items,
                i + 1,
                lambda p, indent=indent: (
                    p.indent >= indent and (NUMBERED.match(p.text) or BULLET.match(p.text)) is not None
                ),
            )
            out.append(Chunk("procedure", items[i:j], item.start))
            i = j
        elif BULLET.match(item.text):
            group += 1
            indent = item.indent
            j = _collect_block(items, i + 1, lambda p, indent=indent: _is_sub_bullet(p, indent))
            marker = BULLET.match(item.text).group("marker")  # type: ignore[union-attr]
            out.append(Chunk("bullet", items[i:j], item.start + len(marker), group=group))
            # the next sibling bullet continues the same list group
            while (
                j < len(items)
                and isinstance(items[j], Piece)
                and items[j].indent == indent
                and BULLET.match(items[j].text)
            ):
                k = _collect_block(items, j + 1, lambda p, indent=indent: _is_sub_bullet(p, indent))
                marker = BULLET.match(items[j].text).group("marker")  # type: ignore[union-attr]
                out.append(Chunk("bullet", items[j:k], items[j].start + len(marker), group=group))
                j = k
            i = j
        else:
            out.append(Chunk("paragraph", [item], item.start))
            i += 1
    return _merge_lead_ins(out)


def _is_lead_in(unit: Chunk) -> bool:
    text = unit.pieces[-1].text
    return unit.kind_hint == "paragraph" and (text.endswith(":") or text.startswith("Table"))


def _short_item(unit: Chunk) -> bool:
    body = BULLET.match(unit.pieces[0].text)
    text = body.group("body") if body else unit.pieces[0].text
    return len(unit.pieces) == 1 and len(text.split()) <= SHORT_ITEM_WORDS and "." not in text


def _merge_lead_ins(units: list[Chunk | Heading]) -> list[Chunk | Heading]:
    """A caption or 'the following:' line belongs with the table or list it introduces."""
    out: list[Chunk | Heading] = []
    i = 0
    while i < len(units):
        unit = units[i]
        prev = out[-1] if out else None
        if isinstance(unit, Chunk) and isinstance(prev, Chunk) and _is_lead_in(prev):
            if unit.kind_hint in ("table", "procedure"):
                kind = "table" if unit.kind_hint == "table" or "table" in prev.pieces[0].text.lower() else "procedure"
                table = unit.table
                if kind == "table" and table is None:
                    table = {"columns": ["roll", "result"], "rows": _numbered_rows(unit.pieces)}
                out[-1] = Chunk(kind, prev.pieces + unit.pieces, prev.text_start, table=table, lead_in=True)
                i += 1
                continue
            if unit.kind_hint == "bullet":
                j = i
                while j < len(units) and isinstance(units[j], Chunk) and units[j].group == unit.group:
                    j += 1
                members = [u for u in units[i:j] if isinstance(u, Chunk)]
                if all(_short_item(u) for u in members):
                    pieces = prev.pieces + [p for u in members for p in u.pieces]
                    out[-1] = Chunk("list", pieces, prev.text_start, lead_in=True)
                    i = j
                    continue
        out.append(unit)
        i += 1
    return out


# ---------------------------------------------------------------- sections and entries


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


def _sections(game: Game, headings: list[Heading]) -> list[Section]:
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
            )
        )
    return sections


def _split_inline_notes(unit: Chunk, conf: ParseConfig, source: str) -> list[tuple[int, int, str | None]]:
    """(start, end, forced kind) spans of a unit, an editor's inline remark cut out as a note."""
    start, end = unit.text_start, unit.end
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


def _classify(text: str, unit: Chunk, section: Section | None, game: Game, by_id: dict[str, Section]) -> str:
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
    if unit.kind_hint in ("table", "procedure"):
        return unit.kind_hint
    if section is not None:
        configured = next((kinds.by_section[n] for n in _section_names(section) if n in kinds.by_section), None)
        if configured == "flavour":
            return "rule" if unit.kind_hint in ("bullet", "list") else "flavour"
        if configured == "definition":
            return "definition" if unit.kind_hint == "bullet" and ":" in text else "rule"
        if configured:
            return configured
        if section.title.startswith("Tip:"):
            return "tip"
    return "rule"


def parse_book(game: Game, text: str) -> ParsedBook:
    """Parse one rulebook; pure: the same text and game.toml give the same ids."""
    conf = game.parse
    lines = Lines.of(text)
    mark_noise(lines, conf)
    toc = find_toc(lines, conf)
    end_titles = find_end_heading_list(lines)
    pieces = body_pieces(lines, conf)
    marked = mark_headings(pieces, heading_rules(toc, end_titles, conf))
    units = _build_chunks(marked, conf)

    headings = [u for u in units if isinstance(u, Heading)]
    sections = _sections(game, headings)
    by_id = {s.id: s for s in sections}
    book = ParsedBook(game=game.id, sections=sections)

    current: Section | None = None
    counters: Counter[str] = Counter()
    heading_index = 0
    for unit in units:
        if isinstance(unit, Heading):
            current = sections[heading_index]
            heading_index += 1
            continue
        for start, end, forced in _split_inline_notes(unit, conf, text):
            body = text[start:end]
            kind = forced or _classify(body, unit, current, game, by_id)
            key = current.key if current else "front"
            counters[key] += 1
            book.entries.append(
                Entry(
                    id=f"{game.id}/{key}/{counters[key]}",
                    game=game.id,
                    section_id=current.id if current else None,
                    number=current.number if current else None,
                    title=current.title if current else "",
                    path=current.path if current else [],
                    kind=kind,
                    lang=game.language,
                    text=body,
                    position=len(book.entries),
                    line=bisect.bisect_right(lines.starts, start),
                    start=start,
                    end=end,
                    table=unit.table if forced is None else None,
                )
            )

    dropped = [Dropped(line=i + 1, text=lines.raws[i], reason=r) for i, r in lines.dropped.items()]
    book.dropped = sorted(dropped + lines.span_drops, key=lambda d: d.line)
    found = {h.piece.text for h in headings}
    for _, title in toc:
        if title not in found:
            book.warnings.append(f"contents entry not found as a heading in the body: {title!r}")
    return book

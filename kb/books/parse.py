"""Rulebook text -> sections (the book's own headings) -> rule entries.

Every entry's text is a slice of the rulebook file, so any quote can be checked
against the source character for character. Lines that are not part of the book
body (page header, table of contents, adverts) are dropped and reported, never
lost silently.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from referee.books.entries import Dropped, ParsedBook
from referee.books.gameconf import Game
from referee.books.headings import Heading, heading_rules, mark_headings
from referee.books.lines import BULLET, NUMBERED, Lines, Piece, body_pieces, find_end_heading_list, find_toc, mark_noise
from referee.books.parseconf import FlatTable, ParseConfig
from referee.books.sections import EntryWriter, classify, make_sections, split_inline_notes, under_sections

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


def _run(items: list[Piece | Heading | None], i: int, j: int) -> list[Piece]:
    """items[i:j], a run that starts at a piece and that `_collect_block` ended: pieces only."""
    return [p for p in items[i:j] if isinstance(p, Piece)]


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
            out.append(_table_unit(_run(items, i, j), flat))
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
            out.append(Chunk("procedure", _run(items, i, j), item.start))
            i = j
        elif bullet := BULLET.match(item.text):
            group += 1
            indent = item.indent
            j = _collect_block(items, i + 1, lambda p, indent=indent: _is_sub_bullet(p, indent))
            out.append(Chunk("bullet", _run(items, i, j), item.start + len(bullet.group("marker")), group=group))
            # the next sibling bullet continues the same list group
            while (
                j < len(items)
                and isinstance(sibling := items[j], Piece)
                and sibling.indent == indent
                and (bullet := BULLET.match(sibling.text))
            ):
                k = _collect_block(items, j + 1, lambda p, indent=indent: _is_sub_bullet(p, indent))
                out.append(Chunk("bullet", _run(items, j, k), sibling.start + len(bullet.group("marker")), group=group))
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
                while j < len(units) and isinstance(member := units[j], Chunk) and member.group == unit.group:
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
    sections = make_sections(game, headings)
    by_id = {s.id: s for s in sections}
    book = ParsedBook(game=game.id, sections=sections)

    writer = EntryWriter(game, book)
    for current, unit in under_sections(units, sections, Heading, Chunk):
        for start, end, forced in split_inline_notes(unit.text_start, unit.end, conf, text):
            body = text[start:end]
            kind = forced or classify(body, unit.kind_hint, current, game, by_id)
            line = bisect.bisect_right(lines.starts, start)
            writer.add(current, kind, body, line, start, end, table=unit.table if forced is None else None)

    dropped = [Dropped(line=i + 1, text=lines.raws[i], reason=r) for i, r in lines.dropped.items()]
    book.dropped = sorted(dropped + lines.span_drops, key=lambda d: d.line)
    found = {h.piece.text for h in headings}
    for _, title in toc:
        if title not in found:
            book.warnings.append(f"contents entry not found as a heading in the body: {title!r}")
    return book

"""Rulebook text -> sections (the book's own headings) -> rule entries.

Every entry's text is a slice of the rulebook file, so any quote can be checked
against the source character for character. Lines that are not part of the book
body (page header, table of contents, adverts) are dropped and reported, never
lost silently.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field

from referee.books.entries import Dropped, Entry, ParsedBook, Section
from referee.books.gameconf import FlatTable, Game, ParseConfig

BULLET = re.compile(r"^(?P<indent>\s*)(?P<marker>[•\-–] )(?P<body>\S.*)$")
NUMBERED = re.compile(r"^(?P<indent>\s*)(?P<marker>\d+\.(?: to \d+\.)? )(?P<body>\S.*)$")
HEADING_NUMBER = re.compile(r"^(?P<num>\d+(?:\.\d+)?[A-Za-z]?)[.)]?\s+(?P<title>\S.*)$")
SHORT_ITEM_WORDS = 6


@dataclass
class Piece:
    """A stretch of one line that survived noise removal: text is source[start:end]."""

    line: int
    start: int
    end: int
    text: str
    indent: int = 0


@dataclass
class Heading:
    piece: Piece
    level: int


@dataclass
class Unit:
    """A citable stretch of the body before it becomes an Entry."""

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


@dataclass
class _Lines:
    text: str
    starts: list[int]
    raws: list[str]
    dropped: dict[int, str] = field(default_factory=dict)  # line index -> reason
    span_drops: list[Dropped] = field(default_factory=list)  # noise cut out of kept lines

    @classmethod
    def of(cls, text: str) -> _Lines:
        starts, raws, pos = [], [], 0
        for chunk in text.splitlines(keepends=True):
            starts.append(pos)
            raws.append(chunk.rstrip("\r\n"))
            pos += len(chunk)
        return cls(text, starts, raws)

    def __len__(self) -> int:
        return len(self.raws)

    def blank(self, i: int) -> bool:
        return not self.raws[i].strip()

    def drop(self, i: int, reason: str) -> None:
        self.dropped.setdefault(i, reason)


def slugify(text: str, max_words: int = 6) -> str:
    """A readable id part; long headings keep their first words so ids stay typeable."""
    text = unicodedata.normalize("NFKC", text).lower()
    words = [w for w in re.split(r"[^\w]+", text) if w]
    return "-".join(words[:max_words]) or "section"


def split_heading_number(heading: str) -> tuple[str | None, str]:
    match = HEADING_NUMBER.match(heading)
    if match:
        return match.group("num"), match.group("title")
    return None, heading


# ---------------------------------------------------------------- front matter, TOC, end list


def _mark_noise(lines: _Lines, conf: ParseConfig) -> None:
    for i, raw in enumerate(lines.raws):
        for rule in conf.noise:
            if rule.pattern.search(raw):
                lines.drop(i, rule.reason)
                break


def _toc_item(raw: str) -> tuple[int, str] | None:
    match = BULLET.match(raw)
    if not match:
        return None
    return len(match.group("indent").expandtabs(2)), match.group("body").strip()


def _find_toc(lines: _Lines, conf: ParseConfig) -> list[tuple[int, str]]:
    """Drop the table of contents (and the title lines above it); return its items."""
    markers = set(conf.toc_markers)
    first = next((i for i, raw in enumerate(lines.raws) if raw.strip() in markers), None)
    if first is None:
        return []
    for i in range(first):
        if not lines.blank(i):
            lines.drop(i, "front matter before the table of contents (title, page header)")
    items: list[tuple[int, str]] = []
    i = first
    while i < len(lines):
        raw = lines.raws[i]
        item = _toc_item(raw)
        if raw.strip() in markers:
            lines.drop(i, "table of contents")
        elif item is not None:
            items.append(item)
            lines.drop(i, "table of contents")
        elif not lines.blank(i):
            break
        i += 1
    indents = sorted({indent for indent, _ in items})
    return [(indents.index(indent), title) for indent, title in items]


def _find_end_heading_list(lines: _Lines) -> list[str]:
    """A trailing bullet list whose items all stand as lines of their own in the body.

    Some books end with a list of headings the contents page lacks; it is an index,
    not rules, and tells which body lines are headings.
    """
    i = len(lines) - 1
    while i >= 0 and lines.blank(i):
        i -= 1
    end = i
    while i >= 0 and (_toc_item(lines.raws[i]) is not None or lines.blank(i)):
        i -= 1
    candidates = [k for k in range(i + 1, end + 1) if not lines.blank(k)]
    if not candidates:
        return []
    standalone = {raw.strip() for k, raw in enumerate(lines.raws[: i + 1]) if not _toc_item(raw)}
    titles = [_toc_item(lines.raws[k])[1] for k in candidates]  # type: ignore[index]
    if not all(title in standalone for title in titles):
        return []
    for k in candidates:
        lines.drop(k, "list of headings at the end of the book")
    return titles


# ---------------------------------------------------------------- body pieces and headings


def _body_pieces(lines: _Lines, conf: ParseConfig) -> list[Piece | None]:
    """One entry per body line: its surviving pieces (None marks a blank or dropped line)."""
    out: list[Piece | None] = []
    for i, raw in enumerate(lines.raws):
        if i in lines.dropped or lines.blank(i):
            out.append(None)
            continue
        spans = [(0, len(raw))]
        for rule in conf.noise_spans:
            next_spans = []
            for a, b in spans:
                cursor = a
                for match in rule.pattern.finditer(raw, a, b):
                    lines.span_drops.append(Dropped(line=i + 1, text=match.group(0), reason=rule.reason))
                    next_spans.append((cursor, match.start()))
                    cursor = match.end()
                next_spans.append((cursor, b))
            spans = next_spans
        base = lines.starts[i]
        pieces = []
        for a, b in spans:
            segment = raw[a:b]
            if not segment.strip():
                continue
            lead = len(segment) - len(segment.lstrip())
            trail = len(segment.rstrip())
            pieces.append(
                Piece(line=i + 1, start=base + a + lead, end=base + a + trail, text=segment.strip(), indent=lead)
            )
        if not pieces:
            out.append(None)
        # a line split by a span removal yields several pieces; keep each
        out.extend(pieces)
    return out


def _is_uppercase_heading(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return (
        len(letters) >= 3
        and all(not c.islower() for c in letters)
        and len(text) <= 80
        and not text.endswith((":", "."))
    )


def _is_short_line_heading(text: str) -> bool:
    return (
        len(text) <= 80
        and text[:1].isupper()
        and not text.endswith((".", ":", ";", ",", "!", "?", ")"))
        and not BULLET.match(text)
        and not NUMBERED.match(text)
    )


@dataclass
class _HeadingRules:
    toc_level: dict[str, int]
    toc_parents: set[str]
    shape_level: dict[str, int]
    end_titles: set[str]
    conf: ParseConfig


def _heading_rules(toc: list[tuple[int, str]], end_titles: list[str], conf: ParseConfig) -> _HeadingRules:
    toc_level: dict[str, int] = {}
    parents: set[str] = set()
    shape_level: dict[str, int] = {}
    for k, (level, title) in enumerate(toc):
        toc_level.setdefault(title, level)
        if k + 1 < len(toc) and toc[k + 1][0] > level:
            parents.add(title)
        number, _ = split_heading_number(title)
        if number:
            shape_level.setdefault(re.sub(r"\d", "9", number), level)
    return _HeadingRules(toc_level, parents, shape_level, set(end_titles), conf)


def _heading_level(
    text: str, next_text: str | None, rules: _HeadingRules, state: dict[str, int | str | None]
) -> int | None:
    """The level of `text` if it is a heading, else None."""
    conf = rules.conf
    if text in rules.toc_level:
        return rules.toc_level[text]
    if text in conf.child_headings:
        return int(state["last_toc_level"] or 0) + 1
    sibling = (
        text in rules.end_titles
        or text in conf.extra_headings
        or any(p.search(text) for p in conf.heading_patterns)
        or (next_text is not None and any(p.search(next_text) for p in conf.heading_before))
    )
    if sibling:
        number, _ = split_heading_number(text)
        if number and re.sub(r"\d", "9", number) in rules.shape_level:
            return rules.shape_level[re.sub(r"\d", "9", number)]
        prev_level = int(state["prev_level"] or 0)
        return prev_level + 1 if state["prev_title"] in rules.toc_parents else prev_level
    if conf.uppercase_headings and _is_uppercase_heading(text):
        return 0
    if conf.short_line_headings and _is_short_line_heading(text):
        return 0
    return None


def _next_texts(items: list[Piece | None]) -> list[str | None]:
    """For each position, the text of the next piece after it (one backward pass: linear)."""
    out: list[str | None] = [None] * len(items)
    following: str | None = None
    for k in range(len(items) - 1, -1, -1):
        out[k] = following
        item = items[k]
        if item is not None:
            following = item.text
    return out


def _mark_headings(items: list[Piece | None], rules: _HeadingRules) -> list[Piece | Heading | None]:
    state: dict[str, int | str | None] = {"last_toc_level": 0, "prev_level": 0, "prev_title": None}
    out: list[Piece | Heading | None] = []
    next_texts = _next_texts(items)
    for k, item in enumerate(items):
        if item is None or item.indent or BULLET.match(item.text):
            out.append(item)
            continue
        level = _heading_level(item.text, next_texts[k], rules, state)
        if level is None:
            out.append(item)
            continue
        if item.text in rules.toc_level:
            state["last_toc_level"] = level
        state["prev_level"], state["prev_title"] = level, item.text
        out.append(Heading(item, level))
    return out


# ---------------------------------------------------------------- units


def _flat_table_for(text: str, conf: ParseConfig) -> FlatTable | None:
    return next((t for t in conf.flat_tables if text == t.header), None)


def _collect_block(items: list, i: int, accept) -> int:
    """Index past the run of pieces from i that `accept` takes (stops at blank/heading)."""
    j = i
    while j < len(items) and isinstance(items[j], Piece) and accept(items[j]):
        j += 1
    return j


def _table_unit(pieces: list[Piece], flat: FlatTable | None) -> Unit:
    if flat:
        rows = []
        for piece in pieces[1:]:
            match = flat.row.match(piece.text)
            rows.append(list(match.groups()) if match else [piece.text])
        table = {"columns": flat.columns, "rows": rows}
    else:
        cells = [piece.text.split("\t") for piece in pieces]
        table = {"columns": cells[0], "rows": cells[1:]}
    return Unit("table", pieces, pieces[0].start, table=table)


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


def _build_units(items: list[Piece | Heading | None], conf: ParseConfig) -> list[Unit | Heading]:
    out: list[Unit | Heading] = []
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
            out.append(Unit("procedure", items[i:j], item.start))
            i = j
        elif BULLET.match(item.text):
            group += 1
            indent = item.indent
            j = _collect_block(items, i + 1, lambda p, indent=indent: _is_sub_bullet(p, indent))
            marker = BULLET.match(item.text).group("marker")  # type: ignore[union-attr]
            out.append(Unit("bullet", items[i:j], item.start + len(marker), group=group))
            # the next sibling bullet continues the same list group
            while (
                j < len(items)
                and isinstance(items[j], Piece)
                and items[j].indent == indent
                and BULLET.match(items[j].text)
            ):
                k = _collect_block(items, j + 1, lambda p, indent=indent: _is_sub_bullet(p, indent))
                marker = BULLET.match(items[j].text).group("marker")  # type: ignore[union-attr]
                out.append(Unit("bullet", items[j:k], items[j].start + len(marker), group=group))
                j = k
            i = j
        else:
            out.append(Unit("paragraph", [item], item.start))
            i += 1
    return _merge_lead_ins(out)


def _is_lead_in(unit: Unit) -> bool:
    text = unit.pieces[-1].text
    return unit.kind_hint == "paragraph" and (text.endswith(":") or text.startswith("Table"))


def _short_item(unit: Unit) -> bool:
    body = BULLET.match(unit.pieces[0].text)
    text = body.group("body") if body else unit.pieces[0].text
    return len(unit.pieces) == 1 and len(text.split()) <= SHORT_ITEM_WORDS and "." not in text


def _merge_lead_ins(units: list[Unit | Heading]) -> list[Unit | Heading]:
    """A caption or 'the following:' line belongs with the table or list it introduces."""
    out: list[Unit | Heading] = []
    i = 0
    while i < len(units):
        unit = units[i]
        prev = out[-1] if out else None
        if isinstance(unit, Unit) and isinstance(prev, Unit) and _is_lead_in(prev):
            if unit.kind_hint in ("table", "procedure"):
                kind = "table" if unit.kind_hint == "table" or "table" in prev.pieces[0].text.lower() else "procedure"
                table = unit.table
                if kind == "table" and table is None:
                    table = {"columns": ["roll", "result"], "rows": _numbered_rows(unit.pieces)}
                out[-1] = Unit(kind, prev.pieces + unit.pieces, prev.text_start, table=table, lead_in=True)
                i += 1
                continue
            if unit.kind_hint == "bullet":
                j = i
                while j < len(units) and isinstance(units[j], Unit) and units[j].group == unit.group:
                    j += 1
                members = [u for u in units[i:j] if isinstance(u, Unit)]
                if all(_short_item(u) for u in members):
                    pieces = prev.pieces + [p for u in members for p in u.pieces]
                    out[-1] = Unit("list", pieces, prev.text_start, lead_in=True)
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


def _split_inline_notes(unit: Unit, conf: ParseConfig, source: str) -> list[tuple[int, int, str | None]]:
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


def _classify(text: str, unit: Unit, section: Section | None, game: Game, by_id: dict[str, Section]) -> str:
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
    lines = _Lines.of(text)
    _mark_noise(lines, conf)
    toc = _find_toc(lines, conf)
    end_titles = _find_end_heading_list(lines)
    pieces = _body_pieces(lines, conf)
    marked = _mark_headings(pieces, _heading_rules(toc, end_titles, conf))
    units = _build_units(marked, conf)

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

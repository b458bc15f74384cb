"""A rulebook's lines: what is noise (a page header, an advert), the table of contents, and the
body pieces that survive, each a slice of the source text."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from referee.books.entries import Dropped
from referee.books.parseconf import ParseConfig

BULLET = re.compile(r"^(?P<indent>\s*)(?P<marker>[•\-–] )(?P<body>\S.*)$")


NUMBERED = re.compile(r"^(?P<indent>\s*)(?P<marker>\d+\.(?: to \d+\.)? )(?P<body>\S.*)$")


@dataclass
class Piece:
    """A stretch of one line that survived noise removal: text is source[start:end]."""

    line: int
    start: int
    end: int
    text: str
    indent: int = 0


@dataclass
class Lines:
    text: str
    starts: list[int]
    raws: list[str]
    dropped: dict[int, str] = field(default_factory=dict)  # line index -> reason
    span_drops: list[Dropped] = field(default_factory=list)  # noise cut out of kept lines

    @classmethod
    def of(cls, text: str) -> Lines:
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


def mark_noise(lines: Lines, conf: ParseConfig) -> None:
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


def find_toc(lines: Lines, conf: ParseConfig) -> list[tuple[int, str]]:
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


def find_end_heading_list(lines: Lines) -> list[str]:
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


def body_pieces(lines: Lines, conf: ParseConfig) -> list[Piece | None]:
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

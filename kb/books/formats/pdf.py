"""PDF read by its structure with pypdfium2: each character with its font size, weight and place.

Characters become lines and lines blocks: a heading is set larger than the body text (its level
by size), a table is a run of lines whose words stand in columns apart, a list item starts with
a bullet or a number, and a paragraph runs on across a line, a column or a page while its
sentence does. Two-column pages are read column by column. Running headers and footers (a line
in the top or bottom margin repeated on most pages) and page numbers are left out and reported,
and each block keeps its page: the printed number when the footer prints one, so "see page 12"
finds page 12. The text quotes are slices of is this extracted text, page by page.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from referee.books.document import Builder, Document, Item
from referee.books.entries import Dropped
from referee.books.formats.pdflines import Line, page_lines
from referee.books.formats.pdfpages import line_of, page_furniture, reading_order
from referee.books.parseconf import ParseConfig
from referee.errors import RefereeError

BULLET = re.compile(r"^(?:[•◦▪‣●■□–\-*]|\d{1,2}[.)]|[a-z][.)])\s+\S")
HEADING_RATIO = 1.12
COVER_RATIO = 1.6  # a first page whose largest type is this many body sizes, with few lines, is the cover
COVER_LINES = 10
SUBHEAD_WORDS = 10
# "Chapter 4" set on a line of its own over the chapter's title: one heading with it
CHAPTER = re.compile(
    r"^(?:chapter|part|book|appendix|section|kapitel|teil|chapitre|partie|розділ|глава|частина|часть)\s+"
    r"(?:\d{1,3}|[ivxlc]{1,6}|[a-z])\.?$",
    re.I,
)
# a line ending in one of these words runs on: a sentence broken at the line's end, never a heading
RUNS_ON = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "for",
        "with",
        "from",
        "and",
        "or",
        "but",
        "as",
        "that",
        "which",
        "who",
    ]
)
LINE_HYPHENS = ("-", "\u2010")  # a word broken at a line's end: the hyphen the printer (or its hyphenator) set


def _bookmark_title(item) -> str:
    """A bookmark's title (pypdfium2 5: get_title(); 4: .title)."""
    title = item.get_title() if hasattr(item, "get_title") else getattr(item, "title", "")
    return " ".join((title or "").split())


def _key(text: str) -> str:
    return re.sub(r"[^\w]+", " ", text.casefold()).strip()


def _caps(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= 3 and not any(c.islower() for c in letters)


def _titled(text: str) -> bool:
    """Short, with letters, not ending like a sentence: a line that can be a heading on its own."""
    return (
        any(c.isalpha() for c in text)
        and len(text.split()) <= SUBHEAD_WORDS
        and not text.rstrip().endswith((".", ",", ";", ":", "!", "?", "-", "\u2010"))
        and not BULLET.match(text)
        and text.split()[-1].casefold() not in RUNS_ON
    )


def read(path: Path, conf: ParseConfig | None = None) -> Document:
    import pypdfium2 as pdfium  # pypdfium2: loaded only to read a PDF book

    try:
        pdf = pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError as exc:
        raise RefereeError(f"{path}: not a PDF that can be read ({exc})") from None
    try:
        pages = [page_lines(pdf[i], i) for i in range(len(pdf))]
        title = (pdf.get_metadata_dict().get("Title") or "").strip() or None
        outline = [(item.level, _bookmark_title(item)) for item in pdf.get_toc(max_depth=8)]
    except pdfium.PdfiumError as exc:  # a page tree that holds itself, a page that cannot be loaded
        raise RefereeError(f"{path}: a page of the PDF cannot be read ({exc})") from None
    finally:
        pdf.close()
    if not any(pages):
        raise RefereeError(f"{path}: the PDF holds no text (a scan? Referee reads a PDF's text, not its pictures)")
    return _Layout(pages, outline).document(title)


class _Layout:
    def __init__(self, pages: list[list[Line]], outline: list[tuple[int, str]] | None = None) -> None:
        self.pages = pages
        # the bookmarks' levels by title: a heading the outline names takes its level from it
        self.outline = {_key(t): level for level, t in reversed(outline or []) if t}
        self.out = Builder()
        self.labels: dict[int, str] = {}
        self.dropped: list[Dropped] = []
        sizes: Counter[float] = Counter()
        for page in pages:
            for line in page:
                sizes[line.size] += len(line.text)
        self.body = sizes.most_common(1)[0][0] if sizes else 10.0
        self.heading_sizes = sorted({s for s in sizes if s >= self.body * HEADING_RATIO}, reverse=True)
        self.line_no = 0

    def _line_of(self, page: int) -> int:
        return line_of(self.pages, page)

    def page_of(self, number: int) -> int:
        label = self.labels.get(number)
        return int(label) if label and label.isdigit() else number + 1

    # ------------------------------------------------------------ blocks

    def _cover(self, pages: list[list[Line]]) -> list[Line]:
        """The first page's lines when it is a cover: few lines, the largest type of the book on it."""
        first = pages[0] if len(pages) > 2 else []
        if not first or len(first) > COVER_LINES:
            return []
        largest = max(line.size for page in pages for line in page)
        words = sum(len(line.text.split()) for line in first)
        biggest = max(line.size for line in first)
        # the book's largest type, or (a title page set apart from the chapters' larger headings)
        # every line on it above the body size
        display = biggest >= largest - 0.5 or all(line.size >= self.body * HEADING_RATIO for line in first)
        if display and biggest >= COVER_RATIO * self.body - 0.5 and words <= 60:
            return first
        return []

    def document(self, title: str | None) -> Document:
        pages, labels, dropped = page_furniture(self.pages, self.body)
        self.labels.update(labels)
        self.dropped += dropped
        cover = self._cover(pages)
        if cover:
            pages[0] = []
            ordered = reading_order(cover)
            size = max(line.size for line in cover)
            first_big = next(k for k, line in enumerate(ordered) if line.size == size)
            bigs = []  # the title: the largest lines, one under the other (a title over two lines)
            for line in ordered[first_big:]:
                if line.size != size:
                    break
                bigs.append(line)
            big_text = " ".join(line.text for line in bigs)
            self.dropped.append(Dropped(self._line_of(0), big_text, "the book's title (its cover)"))
            title = title or big_text
            rest = [line for line in ordered if all(line is not b for b in bigs)]
            if rest:  # the cover's other words (a subtitle, an edition) are front matter
                self.line_no += 1
                start = self.out.size
                self._join_lines(rest, " ")
                self.out.block("paragraph", start, self.line_no, page=self.page_of(0), role="front")
        lines = [line for page in pages for line in reading_order(page)]
        kinds = _aligned_rows(lines, [self._kind(line) for line in lines])
        blocks: list[tuple[str, list[Line]]] = []
        for k, line in enumerate(lines):
            kind = kinds[k]
            previous = blocks[-1] if blocks else None
            if previous is not None and self._continues(previous, kind, lines[k - 1], line):
                previous[1].append(line)
            else:
                blocks.append((kind, [line]))
        for kind, members in _chapters(blocks):
            self._write(kind, members)
        document = self.out.document(
            "pdf", title=title, page_labels={self.page_of(n): v for n, v in self.labels.items()}
        )
        document.dropped = sorted(self.dropped, key=lambda d: d.line)
        return document

    def _kind(self, line: Line) -> str:
        if line.size in self.heading_sizes:
            return "heading"
        if len(line.cells) >= 2 and not BULLET.match(line.text):
            return "table"
        if BULLET.match(line.text):
            return "item"
        if abs(line.size - self.body) <= 1 and _titled(line.text) and (line.bold or _caps(line.text)):
            return "subhead"  # a heading set in bold or capitals at the body size, on a line of its own
        return "strong" if line.bold else "paragraph"

    def _level(self, kind: str, text: str, size: float) -> int:
        """A heading's level: the outline's where it names the heading, else by size (larger first),
        a bold or capitals heading at the body size below every sized one."""
        key = _key(text)
        plain = _key(re.sub(r"^\S+\s+\S+\s+", "", text)) if CHAPTER.match(" ".join(text.split()[:2])) else key
        for name in (key, plain):
            if self.outline and name in self.outline:
                return 1 + self.outline[name]
        below = 1 + (max(self.outline.values()) + 1 if self.outline else 0)
        if kind == "subhead":
            return below + len(self.heading_sizes)
        return below + self.heading_sizes.index(size)

    def _continues(self, block: tuple[str, list[Line]], kind: str, last: Line, line: Line) -> bool:
        """Whether `line` goes on with the block before it."""
        previous_kind, members = block
        new_place = line.page != last.page or line.column != last.column
        # a line of short letters only ("ever.") has a low top: its capitals would stand 0.7 size up
        gap = (last.bottom - max(line.top, line.bottom + 0.7 * line.size)) if not new_place else 0.0
        wide_gap = gap > 0.55 * line.size
        if previous_kind in ("heading", "subhead"):
            return kind == previous_kind and line.size == last.size and not wide_gap and not new_place
        if previous_kind == "table":
            return kind == "table" and gap < 1.5 * line.size
        if kind in ("heading", "subhead", "table", "item"):
            return previous_kind == "item" and kind == "item" and not wide_gap
        if previous_kind == "item":
            marker = next(m for m in reversed(members) if BULLET.match(m.text))
            if new_place:  # an item running on over a page or a column, mid-sentence
                return kind == "paragraph" and not last.text.rstrip().endswith((".", "!", "?", ":"))
            # the item's next line, indented under its text
            return kind == "paragraph" and not wide_gap and line.x0 > marker.x0 + 1
        if previous_kind == "strong":
            return kind == "strong" and not wide_gap and not new_place
        if kind != "paragraph" or line.size != last.size:
            return False
        if new_place:
            return not last.text.rstrip().endswith((".", "!", "?", ":"))
        return not wide_gap

    def _write(self, kind: str, lines: list[Line]) -> None:
        self.line_no += 1
        start, page = self.out.size, self.page_of(lines[0].page)
        if kind in ("heading", "subhead"):
            self._join(lines)
            level = self._level(kind, " ".join(line.text for line in lines), lines[0].size)
            self.out.block("heading", start, self.line_no, page=page, level=level)
        elif kind == "table":
            self._table(lines, start, page)
        elif kind == "item":
            self._items(lines, start, page)
        else:
            self._join(lines)
            self.out.block("paragraph", start, self.line_no, page=page, strong=kind == "strong")
        self.line_no += len(lines)

    def _table(self, lines: list[Line], start: int, page: int) -> None:
        """One table: its header cut into the columns the rows stand in, a header the printer
        repeats after a page break left out, a cell's second line joined to its row."""
        widest = max(lines, key=lambda line: len(line.cells))
        starts = widest.cell_starts
        header = lines[0].cut_at(starts) if len(lines[0].cells) < len(starts) else list(lines[0].cells)
        rows: list[list[str]] = []
        written = 0
        for k, line in enumerate(lines):
            cells = line.cut_at(starts) if len(line.cells) != len(starts) else list(line.cells)
            if k and cells == header and line.page != lines[k - 1].page:
                self.dropped.append(Dropped(self.line_no + k, line.text, "table header repeated after a page break"))
                continue
            if written:
                self.out.add("\n")
            written += 1
            for c, cell in enumerate(x for x in cells if x):
                if c:
                    self.out.add("\t")
                self.out.put(cell, 0)
            filled = [c for c in cells if c]
            if rows and k and len(filled) < len(starts) and not cells[0] and len(line.cells) < len(starts):
                # a cell set over two lines: the row goes on (its first column is empty)
                rows[-1] = [f"{a} {b}".strip() for a, b in zip(rows[-1], cells, strict=True)]
            else:
                rows.append(cells)
        self.out.block("table", start, self.line_no, page=page, rows=rows)

    def _join_lines(self, lines: list[Line], between: str) -> None:
        for k, line in enumerate(lines):
            if k:
                self.out.add(between)
            self.out.put(line.text, 0)

    def _items(self, lines: list[Line], start: int, page: int) -> None:
        items: list[Item] = []
        left = min(line.x0 for line in lines if BULLET.match(line.text))
        current: list[Line] = []
        groups: list[list[Line]] = []
        for line in lines:
            if BULLET.match(line.text):
                current = [line]
                groups.append(current)
            else:
                current.append(line)
        for k, group in enumerate(groups):
            if k:
                self.out.add("\n")
            depth = 1 if group[0].x0 > left + 4 else 0
            if depth:
                self.out.add("  ")
            at = self.out.size
            self._join(group)
            marker = re.match(r"\S+\s+", self.out.tail(self.out.size - at))
            ordered = bool(marker and marker.group(0)[0].isdigit())
            items.append(Item(at + (len(marker.group(0)) if marker else 0), self.out.size, depth, ordered))
        self.out.block("list", start, self.line_no, page=page, items=items)

    def _join(self, lines: list[Line]) -> None:
        for k, line in enumerate(lines):
            text = line.text
            if k:
                written = self.out.tail(2)
                same_case = text[:1].islower() or (written[:1].isupper() and text[:2].isupper())
                if written.endswith(LINE_HYPHENS) and written[:1].isalpha() and same_case:
                    self.out.trim_last(1)  # a word hyphenated at the line's end, joined again
                else:
                    self.out.add(" ")
            self.out.put(text, 0)


def _chapters(blocks: list[tuple[str, list[Line]]]) -> list[tuple[str, list[Line]]]:
    """A "Chapter N" heading joined with the title set under it (same page, a heading too), so the
    chapter is one section and its number does not become a section of its own."""
    out: list[tuple[str, list[Line]]] = []
    for kind, members in blocks:
        if out and kind in ("heading", "subhead") and out[-1][0] in ("heading", "subhead"):
            before = out[-1][1]
            if CHAPTER.match(" ".join(line.text for line in before)) and before[-1].page == members[0].page:
                out[-1] = (out[-1][0], [*before, *members])
                continue
        out.append((kind, members))
    return out


def _aligned_rows(lines: list[Line], kinds: list[str]) -> list[str]:
    """A line of cells is a table row only beside another whose cells start at the same places."""

    def aligned(a: Line, b: Line) -> bool:
        return sum(1 for x in a.cell_starts if any(abs(x - y) < 3 for y in b.cell_starts)) >= 2

    out = list(kinds)
    for k, kind in enumerate(kinds):
        if kind != "table":
            continue
        near = [lines[j] for j in (k - 1, k + 1) if 0 <= j < len(lines) and len(lines[j].cells) >= 2]
        if not any(aligned(lines[k], other) for other in near):
            out[k] = "strong" if lines[k].bold else "paragraph"
    for k in range(len(lines) - 1):
        # a header whose cells stand too close to part: it falls into the columns of the row below
        line, below = lines[k], lines[k + 1]
        if out[k] != "table" and out[k + 1] == "table" and len(below.cell_starts) >= 2 and line.page == below.page:
            cut = line.cut_at(below.cell_starts)
            if all(cut) and line.x0 >= below.x0 - 3 and line.bottom - below.top < 1.5 * line.size:
                out[k] = "table"
    for k in range(len(lines) - 1):
        if out[k] == "subhead" and out[k + 1] == "table":  # a bold line over a table is its caption
            out[k] = "strong" if lines[k].bold else "paragraph"
    return out

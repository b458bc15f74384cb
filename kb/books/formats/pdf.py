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
from referee.books.parseconf import ParseConfig
from referee.errors import RefereeError

MARGIN = 0.085  # the share of the page height at its top and bottom where running heads sit
PAGE_NUMBER = re.compile(
    r"^[-–—\s]*(?:(?:page|p\.|стор\.?|сторінка|seite|s\.)\s*)?(\d{1,4})(?:\s*(?:/|of|з|из)\s*\d+)?[-–—\s]*$", re.I
)
LEADER = re.compile(r"(?:\.\s?){4,}\s*\d{1,4}$|\s{3,}\d{1,4}$")
BULLET = re.compile(r"^(?:[•◦▪‣●■□–\-*]|\d{1,2}[.)]|[a-z][.)])\s+\S")
HEADING_RATIO = 1.12


def read(path: Path, conf: ParseConfig | None = None) -> Document:
    import pypdfium2 as pdfium  # pypdfium2: loaded only to read a PDF book

    try:
        pdf = pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError as exc:
        raise RefereeError(f"{path}: not a PDF that can be read ({exc})") from None
    try:
        pages = [page_lines(pdf[i], i) for i in range(len(pdf))]
        title = (pdf.get_metadata_dict().get("Title") or "").strip() or None
    except pdfium.PdfiumError as exc:  # a page tree that holds itself, a page that cannot be loaded
        raise RefereeError(f"{path}: a page of the PDF cannot be read ({exc})") from None
    finally:
        pdf.close()
    if not any(pages):
        raise RefereeError(f"{path}: the PDF holds no text (a scan? Referee reads a PDF's text, not its pictures)")
    return _Layout(pages).document(title)


class _Layout:
    def __init__(self, pages: list[list[Line]]) -> None:
        self.pages = pages
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

    # ------------------------------------------------------------ running heads, page numbers

    def _margins(self) -> list[list[Line]]:
        repeated: Counter[str] = Counter()
        for page in self.pages:
            repeated.update({_shape(line.text) for line in page if line.in_margin(MARGIN)})
        enough = max(2, (len(self.pages) + 1) // 2)
        kept_pages = []
        for number, page in enumerate(self.pages):
            kept = []
            for line in page:
                if line.in_margin(MARGIN) and PAGE_NUMBER.match(line.text):
                    self.labels[number] = PAGE_NUMBER.match(line.text).group(1)  # type: ignore[union-attr]
                    self.dropped.append(Dropped(self._line_of(number), line.text, "page number"))
                elif line.in_margin(MARGIN) and (
                    (len(self.pages) > 1 and repeated[_shape(line.text)] >= enough) or line.size < 0.9 * self.body
                ):
                    where = "header" if line.top > line.page_height / 2 else "footer"
                    self.dropped.append(Dropped(self._line_of(number), line.text, f"running {where}"))
                elif LEADER.search(line.text):
                    self.dropped.append(Dropped(self._line_of(number), line.text, "table of contents"))
                else:
                    kept.append(line)
            kept_pages.append(kept)
        return kept_pages

    def _line_of(self, page: int) -> int:
        return sum(len(p) for p in self.pages[:page]) + 1

    def page_of(self, number: int) -> int:
        label = self.labels.get(number)
        return int(label) if label and label.isdigit() else number + 1

    # ------------------------------------------------------------ blocks

    def document(self, title: str | None) -> Document:
        pages = self._margins()
        lines = [line for page in pages for line in _reading_order(page)]
        kinds = _aligned_rows(lines, [self._kind(line) for line in lines])
        blocks: list[tuple[str, list[Line]]] = []
        for k, line in enumerate(lines):
            kind = kinds[k]
            previous = blocks[-1] if blocks else None
            if previous is not None and self._continues(previous, kind, lines[k - 1], line):
                previous[1].append(line)
            else:
                blocks.append((kind, [line]))
        for kind, members in blocks:
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
        return "strong" if line.bold else "paragraph"

    def _continues(self, block: tuple[str, list[Line]], kind: str, last: Line, line: Line) -> bool:
        """Whether `line` goes on with the block before it."""
        previous_kind, members = block
        new_place = line.page != last.page or line.column != last.column
        gap = (last.bottom - line.top) if not new_place else 0.0
        wide_gap = gap > 0.55 * line.size
        if previous_kind == "heading":
            return kind == "heading" and line.size == last.size and not wide_gap and not new_place
        if previous_kind == "table":
            return kind == "table" and gap < 1.5 * line.size
        if kind in ("heading", "table", "item"):
            return previous_kind == "item" and kind == "item" and not wide_gap
        if previous_kind == "item":
            marker = next(m for m in reversed(members) if BULLET.match(m.text))
            # the item's next line, indented under its text
            return kind == "paragraph" and not wide_gap and not new_place and line.x0 > marker.x0 + 1
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
        if kind == "heading":
            self._join(lines)
            level = self.heading_sizes.index(lines[0].size) + 1
            self.out.block("heading", start, self.line_no, page=page, level=level)
        elif kind == "table":
            rows = []
            for k, line in enumerate(lines):
                if k:
                    self.out.add("\n")
                for c, cell in enumerate(line.cells):
                    if c:
                        self.out.add("\t")
                    self.out.put(cell, 0)
                rows.append(list(line.cells))
            self.out.block("table", start, self.line_no, page=page, rows=rows)
        elif kind == "item":
            self._items(lines, start, page)
        else:
            self._join(lines)
            self.out.block("paragraph", start, self.line_no, page=page, strong=kind == "strong")
        self.line_no += len(lines)

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
                if written.endswith("-") and written[:1].isalpha() and text[:1].islower():
                    self.out.trim_last(1)  # a word hyphenated at the line's end, joined again
                else:
                    self.out.add(" ")
            self.out.put(text, 0)


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
    return out


def _shape(text: str) -> str:
    return re.sub(r"\d+", "#", " ".join(text.split())).casefold()


def _reading_order(lines: list[Line]) -> list[Line]:
    """Top to bottom; on a two-column page, each band between full-width lines column by column."""
    if not lines:
        return []
    width = lines[0].page_width
    middle = width / 2
    for line in lines:
        line.column = 0 if line.x1 <= middle + 2 else 1 if line.x0 >= middle - 2 else -1
    two = sum(1 for ln in lines if ln.column == 0) >= 3 and sum(1 for ln in lines if ln.column == 1) >= 3
    ordered = sorted(lines, key=lambda ln: (-ln.top, ln.x0))
    if not two:
        for line in ordered:
            line.column = 0
        return ordered
    out: list[Line] = []
    band: list[Line] = []
    for line in ordered:
        if line.column == -1:
            out += [*sorted(band, key=lambda ln: (ln.column, -ln.top, ln.x0)), line]
            band = []
        else:
            band.append(line)
    return out + sorted(band, key=lambda ln: (ln.column, -ln.top, ln.x0))

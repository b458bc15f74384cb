"""HTML read by its structure with the standard library's html.parser.

html.parser is lenient with the tag soup real pages are made of, needs no dependency, and says
where in the file each piece of text starts, so every visible character keeps its place in the
file (referee.books.document). Headings keep their levels, lists their nesting, tables their
cells (a caption stays with its table); scripts, styles, navigation and markup are left out,
and white space is collapsed as a browser shows it.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from referee.books.document import DECODED, MAX_NESTING, Builder, Document, Item, TooDeep
from referee.books.formats.text import read_text
from referee.books.parseconf import ParseConfig
from referee.errors import RefereeError

SKIP = {"script", "style", "head", "nav", "noscript", "template", "svg", "button", "select", "footer"}
BLOCKS = {"p", "div", "section", "article", "main", "blockquote", "dt", "dd", "pre", "figcaption", "header", "aside"}
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
VOID = {"br", "img", "hr", "meta", "link", "input", "wbr", "col", "area", "base", "source"}


def read(path: Path, conf: ParseConfig | None = None) -> Document:
    try:
        return read_html(read_text(path))
    except TooDeep as exc:
        raise RefereeError(f"{path}: {exc}") from None


def read_html(source: str) -> Document:
    reader = _Reader(source)
    reader.feed(source)
    reader.close()
    reader.end_block()
    return reader.out.document("html", title=reader.title or None)


class _Reader(HTMLParser):
    def __init__(self, source: str) -> None:
        super().__init__(convert_charrefs=True)
        self.source = source
        self.out = Builder(source)
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", source)]
        self.cursor = 0
        self.skip = 0
        self.in_title = False
        self.title = ""
        self.block: tuple[str, int, int, int] | None = None  # kind, start, line, level
        self.space = False
        self.strong = 0
        self.counts = [0, 0]  # characters in bold, characters not
        self.lists: list[list] = []  # per open list: [ordered, next number]
        self.items: list[Item] = []
        self.open_items: list[list] = []  # [start, end or None, depth, ordered]
        self.list_start = 0
        self.list_line = 0
        self.rows: list[list[str]] | None = None
        self.cell_start: int | None = None
        self.table_start = 0

    def _offset(self) -> int:
        line, column = self.getpos()
        return self.line_starts[line - 1] + column

    # ------------------------------------------------------------ blocks

    def start_block(self, kind: str, level: int = 0) -> None:
        self.end_block()
        self.block = (kind, self.out.size, self.getpos()[0], level)
        self.space, self.counts = False, [0, 0]

    def end_block(self) -> None:
        if self.block is None:
            return
        kind, start, line, level = self.block
        self.block = None
        strong = self.counts[0] > 0 and self.counts[1] == 0
        self.out.block(kind, start, line, level=level, strong=strong)

    def _reads(self, tag: str, opening: bool) -> bool:
        """Whether a tag is read: SKIP tags are counted (what they hold is passed over with them);
        <title> is marked where it opens and closes."""
        if tag in SKIP:
            if opening:
                self.skip += tag not in VOID
            else:
                self.skip = max(0, self.skip - 1)
            return False
        if tag == "title":
            self.in_title = opening
        return not self.skip

    def handle_starttag(self, tag: str, attrs) -> None:
        if not self._reads(tag, opening=True):
            return
        if tag in ("b", "strong"):
            self.strong += 1
        elif tag == "br":
            if self.block or self.open_items or self.cell_start is not None:
                self.out.add("\n")
                self.space = False
        elif tag in ("ul", "ol"):
            self._open_list(tag == "ol", attrs)
        elif tag == "li" and self.lists:
            self._open_item()
        elif tag == "table":
            self.end_block()
            self.rows, self.table_start = [], self.out.size
            self.table_line = self.getpos()[0]
        elif tag == "caption" and self.rows is not None:
            self.start_block("paragraph")
        elif tag == "tr" and self.rows is not None:
            self.end_block()
            if not self.rows:
                self.table_start, self.table_line = self.out.size, self.getpos()[0]
            else:
                self.out.add("\n")
            self.rows.append([])
        elif tag in ("td", "th") and self.rows:
            if self.rows[-1]:
                self.out.add("\t")
            self.cell_start, self.space = self.out.size, False
        elif tag in HEADINGS and not self.lists and self.rows is None:
            self.start_block("heading", int(tag[1]))
        elif tag in BLOCKS and not self.lists and self.rows is None:
            self.start_block("paragraph")
        elif tag in BLOCKS and self.open_items and self.out.size > self.open_items[-1][0]:
            self.out.add("\n" + "  " * (self.open_items[-1][2] + 1))

    def handle_endtag(self, tag: str) -> None:
        if not self._reads(tag, opening=False):
            return
        if tag in ("b", "strong"):
            self.strong = max(0, self.strong - 1)
        elif tag in ("ul", "ol") and self.lists:
            self._close_list()
        elif tag == "li" and self.open_items:
            item = self.open_items.pop()
            self.items.append(Item(item[0], item[1] if item[1] is not None else self.out.size, item[2], item[3]))
        elif tag in ("td", "th") and self.cell_start is not None and self.rows:
            self.out.trim()
            self.rows[-1].append(self.out.tail(self.out.size - self.cell_start))
            self.cell_start = None
        elif tag == "caption" and self.block is not None:
            self.end_block()
        elif tag == "table" and self.rows is not None:
            rows = [r for r in self.rows if r]
            self.rows = None
            self.out.block("table", self.table_start, self.table_line, rows=rows)
        elif (tag in HEADINGS or tag in BLOCKS) and not self.lists and self.rows is None:
            self.end_block()

    def _open_list(self, ordered: bool, attrs) -> None:
        if not self.lists:
            self.end_block()
            self.list_start, self.list_line, self.items = self.out.size, self.getpos()[0], []
        elif self.open_items and self.open_items[-1][1] is None:
            self.open_items[-1][1] = self.out.size
        if len(self.lists) >= MAX_NESTING:
            raise TooDeep(
                f"lists nested more than {MAX_NESTING} deep (line {self.getpos()[0]}); not a rulebook's layout"
            )
        start = (dict(attrs).get("start") or "1").strip()
        # a start of at most 9 ASCII digits ('²' is a digit to str.isdigit, 5,000 digits an int too long to print)
        self.lists.append([ordered, int(start) if start.isascii() and start.isdigit() and len(start) <= 9 else 1])

    def _open_item(self) -> None:
        ordered, number = self.lists[-1]
        self.lists[-1][1] += 1
        if self.out.size > self.list_start:
            self.out.add("\n")
        depth = len(self.lists) - 1
        self.out.add("  " * depth + (f"{number}. " if ordered else "• "))
        self.open_items.append([self.out.size, None, depth, ordered])
        self.space = False

    def _close_list(self) -> None:
        self.lists.pop()
        if not self.lists:
            while self.open_items:
                item = self.open_items.pop()
                self.items.append(Item(item[0], item[1] or self.out.size, item[2], item[3]))
            items = sorted((i for i in self.items if i.end > i.start), key=lambda i: i.start)
            self.out.block("list", self.list_start, self.list_line, items=items)

    # ------------------------------------------------------------ text

    def handle_data(self, data: str) -> None:
        if self.in_title:
            self.title += " ".join(data.split())
            return
        if self.skip or not data:
            return
        if self.block is None and not self.open_items and self.cell_start is None:
            if not data.strip():
                return
            self.start_block("paragraph")  # text loose in <body>
        self.cursor = max(self.cursor, self._offset())
        for k, word in enumerate(re.finditer(r"\S+", data)):
            gap = k > 0 or data[:1].isspace()
            if (gap or self.space) and not self._at_start():
                # looked for near the cursor only: a word an entity spelled is not in the source,
                # and a search to the end for each one made a book of entities quadratic
                at = self.source.find(word.group(0), self.cursor, self.cursor + len(word.group(0)) + 400)
                self.out.put(" ", max(self.cursor, at - 1) if at > 0 else self.cursor, DECODED, 1)
            self.cursor = self.out.align(word.group(0), self.cursor)
            self.counts[0 if self.strong else 1] += len(word.group(0))
        self.space = data[-1:].isspace()

    def _at_start(self) -> bool:
        starts = [self.block[1]] if self.block else []
        starts += [self.open_items[-1][0]] if self.open_items else []
        starts += [self.cell_start] if self.cell_start is not None else []
        tail = self.out.tail(1)
        return self.out.size in starts or tail in ("\n", "\t", " ", "")

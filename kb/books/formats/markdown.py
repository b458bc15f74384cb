"""Markdown (CommonMark with pipe tables) read by its structure, with markdown-it-py.

Headings keep their levels, lists their nesting and numbers, tables their cells; emphasis,
link targets, images and HTML are left out of the visible text, and every visible character
keeps where it came from in the file (referee.books.document). A bracketed tag repeated
through the book (`[Core]`, `[p. 12]`) and footnote marks (`[^3]`) are cut from the quote and
reported, without splitting the sentence they sat in.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

from referee.books.document import DECODED, MAX_NESTING, Builder, Document, Item, TooDeep
from referee.books.entries import Dropped
from referee.books.formats.text import read_text as read_file
from referee.books.parseconf import ParseConfig
from referee.errors import RefereeError

FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?\n)(?:---|\.\.\.)[ \t]*(?:\n|\Z)", re.S)
TAG = re.compile(r"\[(?!\^)([^\[\]\n]{1,40})\](?![(\[:])")
FOOTNOTE = re.compile(r"[ \t]*\[\^[^\]\s]{1,20}\]")
TAG_MIN_REPEATS = 3
HTML_TABLE = re.compile(r"^\s*<table\b", re.I)
HTML_CELL = re.compile(r"<(/?)(tr|td|th)\b([^>]*)>", re.I)
HIDDEN = re.compile(r"<(script|style|noscript|template)\b", re.I)  # inline HTML whose text a page never shows
NESTS = {"bullet_list_open", "ordered_list_open", "blockquote_open"}


def _refuse_deep(tokens: list[Token]) -> None:
    depth = 0
    for token in tokens:
        if token.type in NESTS:
            depth += 1
            if depth > MAX_NESTING:
                line = token.map[0] + 1 if token.map else 0
                raise TooDeep(
                    f"lists or quotes nested more than {MAX_NESTING} deep (line {line}); not a rulebook's layout"
                )
        elif token.type.replace("_close", "_open") in NESTS:
            depth -= 1


def read(path: Path, conf: ParseConfig | None = None) -> Document:
    try:
        return read_text(read_file(path), conf or ParseConfig())
    except TooDeep as exc:
        raise RefereeError(f"{path}: {exc}") from None


def repeated_tags(source: str) -> Counter[str]:
    """Bracketed tags that are not links and recur through the book: source marks, not words."""
    counts = Counter(m.group(0) for m in TAG.finditer(source))
    # a mark names something ([Core], [p. 12]); brackets holding only a digit or a sign ([1], [+],
    # [-]) are the book's symbols (a stress box, a die face) and words of its rules
    return Counter({tag: n for tag, n in counts.items() if n >= TAG_MIN_REPEATS and any(c.isalpha() for c in tag)})


def read_text(source: str, conf: ParseConfig) -> Document:
    title = None
    masked = source
    front = FRONT_MATTER.match(source)
    if front:
        found = re.search(r"^title:\s*[\"']?(.+?)[\"']?\s*$", front.group(1), re.M)
        title = found.group(1) if found else None
        masked = re.sub(r"[^\n]", " ", front.group(0)) + source[front.end() :]
    reader = _Reader(source, conf)
    if front:
        reader.out.dropped.append(Dropped(1, front.group(0).split("\n", 1)[0] + " …", "front matter"))
    md = MarkdownIt("commonmark", {"maxNesting": 2 * MAX_NESTING + 8}).enable(["table", "strikethrough"])
    tokens = md.parse(masked)  # past maxNesting markdown-it drops the rest silently: refused before that
    _refuse_deep(tokens)
    reader.walk(tokens)
    return reader.out.document("markdown", title=title)


class _Reader:
    def __init__(self, source: str, conf: ParseConfig) -> None:
        self.source = source
        self.out = Builder(source)
        self.cursor = 0
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", source)]
        cuts = [FOOTNOTE.pattern]
        self.tags = {} if conf.keep_tags else repeated_tags(source)
        cuts += [r"[ \t]*" + re.escape(tag) for tag in sorted(self.tags, key=len, reverse=True)]
        cuts += [rule.pattern.pattern for rule in conf.noise_spans]
        self.reasons = {rule.pattern.pattern: rule.reason for rule in conf.noise_spans}
        self.cut = re.compile("|".join(f"(?:{c})" for c in cuts))

    # ------------------------------------------------------------ inline text

    def _line(self, token: Token) -> int:
        return token.map[0] + 1 if token.map else self.source.count("\n", 0, self.cursor) + 1

    def _align(self, text: str) -> None:
        self.cursor = self.out.align(text, self.cursor)

    def _text(self, text: str, line: int, at_start: bool) -> None:
        kept, last = [], 0
        for match in self.cut.finditer(text):
            if match.end() == match.start():
                continue
            kept.append(text[last : match.start()])
            last = match.end()
            cut = match.group(0).strip()
            reason = next((r for p, r in self.reasons.items() if re.fullmatch(p, match.group(0))), None)
            if reason is None:
                reason = "bracketed tag repeated through the book" if cut in self.tags else "footnote mark"
            self.out.dropped.append(Dropped(line, cut, reason))
        kept.append(text[last:])
        for piece in kept:
            if at_start and self.out.size == self._block_start:
                piece = piece.lstrip()
            if piece:
                self._align(piece)

    def inline(self, token: Token) -> bool:
        """Write a paragraph's or heading's text; whether all of it is bold (a name, or a heading)."""
        if token.map:
            self.cursor = max(self.cursor, self.line_starts[min(token.map[0], len(self.line_starts) - 1)])
        line = self._line(token)
        self._block_start = self.out.size
        depth, strong_chars, plain_chars = 0, 0, 0
        hidden: str | None = None  # inside <script>…</script> written inline: its text is no rule's
        closed = False  # just after one: the space before it stands for the space after it
        for child in token.children or []:
            kind = child.type
            if kind == "html_inline" or hidden is not None:
                was, hidden = hidden, self._hidden(child, hidden, line)
                closed = was is not None and hidden is None
                continue
            elif kind in ("strong_open", "em_open") and child.markup in ("**", "__"):
                depth += 1
            elif kind in ("strong_close", "em_close") and child.markup in ("**", "__"):
                depth -= 1
            elif kind in ("text", "code_inline"):
                count = len(child.content.strip())
                if depth:
                    strong_chars += count
                else:
                    plain_chars += count
                text = child.content.lstrip(" ") if closed and self.out.tail(1) == " " else child.content
                self._text(text, line, True)
            elif kind == "softbreak":
                at = self.source.find("\n", self.cursor)
                self.out.put(" ", at if at >= 0 else self.cursor, DECODED, 1)
                self.cursor = at + 1 if at >= 0 else self.cursor
            elif kind == "hardbreak":
                self.out.add("\n")
            elif kind == "image":
                self.out.dropped.append(Dropped(line, f"![{child.content}]", "image"))
        self.out.trim()
        return strong_chars > 0 and plain_chars == 0

    def _hidden(self, child: Token, hidden: str | None, line: int) -> str | None:
        """The hidden element still open after an inline token (its opening, its text, its close)."""
        if hidden is None:
            opened = HIDDEN.match(child.content) if child.type == "html_inline" else None
            if opened is not None:
                self.out.dropped.append(Dropped(line, child.content[:70], "HTML in the markdown"))
                return opened.group(1).lower()
            return None
        if child.type == "html_inline" and child.content.lower().startswith(f"</{hidden}"):
            return None
        return hidden

    # ------------------------------------------------------------ blocks

    def walk(self, tokens: list[Token]) -> None:
        i = 0
        while i < len(tokens):
            token = tokens[i]
            kind = token.type
            if kind == "heading_open":
                start = self.out.size
                self.inline(tokens[i + 1])
                self.out.block("heading", start, self._line(token), level=int(token.tag[1]))
                i += 3
            elif kind == "paragraph_open":
                start = self.out.size
                strong = self.inline(tokens[i + 1])
                self.out.block("paragraph", start, self._line(token), strong=strong)
                i += 3
            elif kind in ("bullet_list_open", "ordered_list_open"):
                i = self.list_(tokens, i)
            elif kind == "table_open":
                i = self.table(tokens, i)
            elif kind in ("fence", "code_block"):
                start = self.out.size
                self.code(token)
                self.out.block("paragraph", start, self._line(token))
                i += 1
            elif kind == "html_block" and HTML_TABLE.match(token.content):
                i = self.html_table(tokens, i)
            else:
                if kind == "html_block" and token.content.strip():
                    html = token.content.strip()[:70]
                    self.out.dropped.append(Dropped(self._line(token), html, "HTML in the markdown"))
                i += 1

    def code(self, token: Token) -> None:
        lines = token.content.rstrip("\n").split("\n")
        for k, line in enumerate(lines):
            if k:
                self.out.add("\n")
            if line.strip():
                self._align(line.strip())

    def list_(self, tokens: list[Token], i: int) -> int:
        start, line = self.out.size, self._line(tokens[i])
        items: list[Item] = []
        depth = -1
        stack: list[list] = []  # per open list: [ordered, counter]
        open_items: list[list] = []  # per open item: [start, end or None, depth, ordered, paragraphs]
        while i < len(tokens):
            token = tokens[i]
            kind = token.type
            if kind in ("bullet_list_open", "ordered_list_open"):
                if open_items and open_items[-1][1] is None:
                    open_items[-1][1] = self.out.size
                depth += 1
                first = int(token.attrGet("start") or 1) if kind == "ordered_list_open" else 1
                stack.append([kind == "ordered_list_open", first])
            elif kind in ("bullet_list_close", "ordered_list_close"):
                stack.pop()
                depth -= 1
                if depth < 0:
                    i += 1
                    break
            elif kind == "list_item_open":
                ordered, number = stack[-1]
                stack[-1][1] += 1
                if self.out.size > start:
                    self.out.add("\n")
                marker = f"{token.info or number}{token.markup or '.'}" if ordered else "•"
                self.out.add("  " * depth + marker + " ")
                open_items.append([self.out.size, None, depth, ordered, 0])
            elif kind == "list_item_close":
                item = open_items.pop()
                end = item[1] if item[1] is not None else self.out.size
                items.append(Item(item[0], end, item[2], item[3]))
            elif kind == "paragraph_open":
                item = open_items[-1]
                if item[4]:
                    self.out.add("\n" + "  " * (item[2] + 1))
                item[4] += 1
                self.inline(tokens[i + 1])
                i += 2
            elif kind in ("fence", "code_block"):
                self.out.add("\n" + "  " * (depth + 1))
                self.code(token)
            elif kind == "heading_open":
                self.inline(tokens[i + 1])
                i += 2
            i += 1
        items.sort(key=lambda it: it.start)
        self.out.block("list", start, line, items=[it for it in items if it.end > it.start])
        return i

    def html_table(self, tokens: list[Token], i: int) -> int:
        """A <table> written as HTML in the markdown (blank lines between its tags, so each cell's
        text is a paragraph of its own): one table, its rows whole. A first row of one cell over
        the others (colspan) is the table's caption, written before it as a paragraph of its own."""
        line = self._line(tokens[i])
        rows: list[list[list[Token]]] = []  # per row, per cell: the inline tokens of its paragraphs
        spans: list[bool] = []  # per row: a cell spans columns
        in_cell = False
        while i < len(tokens):
            token = tokens[i]
            if token.type == "html_block":
                for closing, tag, attrs in HTML_CELL.findall(token.content):
                    if tag.lower() == "tr" and not closing:
                        rows.append([])
                        spans.append(False)
                    elif tag.lower() in ("td", "th"):
                        in_cell = not closing
                        if not closing:
                            if not rows:
                                rows.append([])
                                spans.append(False)
                            rows[-1].append([])
                            spans[-1] = spans[-1] or "colspan" in attrs.lower()
                i += 1
                if re.search(r"</table\s*>", token.content, re.I):
                    break
            elif token.type == "paragraph_open" and in_cell and rows and rows[-1]:
                rows[-1][-1].append(tokens[i + 1])
                i += 3
            else:
                i += 1
        rows_spans = [(row, span) for row, span in zip(rows, spans, strict=True) if row]
        if not rows_spans:
            return i
        widest = max(len(row) for row, _ in rows_spans)
        if len(rows_spans) > 1 and len(rows_spans[0][0]) == 1 and rows_spans[0][1] and widest > 1:
            start = self.out.size
            self._cell(rows_spans[0][0][0])
            self.out.block("paragraph", start, line, strong=True)
            rows_spans = rows_spans[1:]
        start = self.out.size
        cells: list[list[str]] = []
        for row, _ in rows_spans:
            if cells:
                self.out.add("\n")
            cells.append([])
            for k, paragraphs in enumerate(row):
                if k:
                    self.out.add("\t")
                at = self.out.size
                self._cell(paragraphs)
                cells[-1].append(self.out.tail(self.out.size - at))
        self.out.block("table", start, line, rows=cells)
        return i

    def _cell(self, paragraphs: list[Token]) -> None:
        for k, inline in enumerate(paragraphs):
            if k:
                self.out.add(" ")
            self.inline(inline)

    def table(self, tokens: list[Token], i: int) -> int:
        start, line = self.out.size, self._line(tokens[i])
        rows: list[list[str]] = []
        while tokens[i].type != "table_close":
            token = tokens[i]
            if token.type == "tr_open":
                if rows:
                    self.out.add("\n")
                rows.append([])
            elif token.type == "inline":
                if rows[-1]:
                    self.out.add("\t")
                at = self.out.size
                self.inline(token)
                rows[-1].append(self.out.tail(self.out.size - at))
            i += 1
        self.out.block("table", start, line, rows=rows)
        return i + 1

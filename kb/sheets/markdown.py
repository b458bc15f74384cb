"""A sheet as Markdown: the same content as the PDF, footnotes as [n]."""

from __future__ import annotations

from referee.sheets.layout import (
    Excerpt,
    Sheet,
    SheetBlock,
    cite_mark,
    cite_marks,
    one_line,
    sheet_word,
    sources_line,
    translation_note,
)


def _md_quote(quote: Excerpt, notes: dict[str, int]) -> str:
    """The quote (or its translation, with the book's words after it) and its footnote."""
    if quote.translation is None:
        return f"{one_line(quote.text)} {cite_mark(quote.entry, notes, True)}"
    return f"{one_line(quote.translation)} {cite_mark(quote.entry, notes, True)} — _{one_line(quote.text)}_"


def _md_table(columns: list[str], rows: list[list[str]]) -> list[str]:
    clean = [[cell.replace("|", "\\|").replace("\n", " ") for cell in row] for row in rows]
    return [
        "| " + " | ".join(columns) + " |",
        "|" + "---|" * len(columns),
        *("| " + " | ".join(r) + " |" for r in clean),
    ]


def _md_block(block: SheetBlock, notes: dict[str, int]) -> list[str]:
    out = [f"## {block.heading}", ""]
    if block.kind == "computed":
        rows = block.rows
        cites = cite_marks(block.cites, notes, True)
        return [*out, f"_{block.note}; from the rules {cites}_", "", *_md_table(block.columns, rows), ""]
    if block.kind == "table":
        rows = [[_md_quote(c, notes) if isinstance(c, Excerpt) else c for c in u.cells] for u in block.units]
        return [*out, *_md_table(block.columns, rows), ""]
    for n, unit in enumerate(block.units, start=1):
        quote = unit.cells[0]
        assert isinstance(quote, Excerpt)
        prefix = f"{n}." if block.kind == "sequence" else "-"
        if quote.table and quote.translation is None:
            out += [
                f"{prefix} {cite_mark(quote.entry, notes, True)}",
                "",
                *_md_table(quote.table["columns"], quote.table["rows"]),
            ]
            continue
        out.append(f"{prefix} {_md_quote(quote, notes)}")
        out += [f"   - {_md_quote(d, notes)}" for d in unit.details]
    return [*out, ""]


def to_markdown(sheet: Sheet) -> str:
    notes = sheet.footnotes()
    out = [f"# {sheet.title}", ""]
    note = translation_note(sheet)
    if note:
        out += [f"_{note}_", ""]
    for block in sheet.blocks:
        out += _md_block(block, notes)
    out += [f"{sheet_word(sheet, 'sources')} (`referee show {sheet.game}/ID`): {sources_line(sheet, notes)}"]
    if sheet.left_out:
        out += ["", f"_{sheet_word(sheet, 'left', n=sheet.left_out)}_"]
    return "\n".join(out).rstrip() + "\n"

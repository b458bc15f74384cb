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


def _md_quote(quote: Excerpt, notes: dict[str, int], marks: dict[str, list[str]]) -> str:
    """The quote (or its translation, with the book's words after it), its footnote, and ⚠ when
    the knowledge base flags the entry."""
    flag = " ⚠" if quote.entry in marks else ""
    if quote.translation is None:
        return f"{one_line(quote.text)} {cite_mark(quote.entry, notes, True)}{flag}"
    return f"{one_line(quote.translation)} {cite_mark(quote.entry, notes, True)}{flag} — _{one_line(quote.text)}_"


def _md_table(columns: list[str], rows: list[list[str]]) -> list[str]:
    clean = [[cell.replace("|", "\\|").replace("\n", " ") for cell in row] for row in rows]
    return [
        "| " + " | ".join(columns) + " |",
        "|" + "---|" * len(columns),
        *("| " + " | ".join(r) + " |" for r in clean),
    ]


def _md_block(block: SheetBlock, notes: dict[str, int], sheet: Sheet) -> list[str]:
    out = [f"## {block.heading}", ""]
    marks = sheet.flagged()
    if block.kind == "computed":
        rows = block.rows
        cites = cite_marks(block.cites, notes, True)
        return [*out, f"_{block.note}; from the rules {cites}_", "", *_md_table(block.columns, rows), ""]
    if block.kind == "table":
        rows = [[_md_quote(c, notes, marks) if isinstance(c, Excerpt) else c for c in u.cells] for u in block.units]
        note = [f"_{block.note}_", ""] if block.note else []
        return [*out, *note, *_md_table(block.columns, rows), ""]
    if block.kind == "disputed":
        for unit in block.units:
            ask, answer, *check = unit.cells
            assert isinstance(answer, Excerpt)
            settle = f" ({sheet_word(sheet, 'settle', check=check[0])})" if check else ""
            lead = f"**{ask}** " if ask else ""  # the book's own Q&A carries its question
            out.append(f"- {lead}{_md_quote(answer, notes, marks)}{settle}")
        return [*out, ""]
    labelled = any(u.label is not None for u in block.units)
    for n, unit in enumerate(block.units, start=1):
        quote = unit.cells[0]
        assert isinstance(quote, Excerpt)
        number = f"**{unit.label or '·'}**" if labelled else f"{n}."  # the book's own step numbers, when given
        prefix = number if block.kind == "sequence" else "-"
        if quote.table and quote.translation is None:
            caption = quote.text.split("\n", 1)[0] if not quote.text.startswith(quote.table["columns"][0]) else ""
            out += [
                f"{prefix} {caption} {cite_mark(quote.entry, notes, True)}{' ⚠' if quote.entry in marks else ''}",
                "",
                *_md_table(quote.table["columns"], quote.table["rows"]),
            ]
            continue
        out.append(f"{prefix} {_md_quote(quote, notes, marks)}")
        out += [f"   - {_md_quote(d, notes, marks)}" for d in unit.details]
    return [*out, ""]


def to_markdown(sheet: Sheet) -> str:
    notes = sheet.footnotes()
    out = [f"# {sheet.title}", ""]
    note = translation_note(sheet)
    if note:
        out += [f"_{note}_", ""]
    for block in sheet.blocks:
        out += _md_block(block, notes, sheet)
    marked = sheet.marked_lines()
    if marked:
        out += [
            f"**{sheet_word(sheet, 'marked')}:** "
            + " · ".join(f"⚠ {cite_marks(entries, notes, True)} {m}" for m, entries in marked),
            "",
        ]
    out += [f"{sheet_word(sheet, 'sources')} (`referee show {sheet.game}/ID`): {sources_line(sheet, notes)}"]
    if sheet.left_out:
        out += ["", f"_{sheet_word(sheet, 'left', n=sheet.left_out)}_"]
    return "\n".join(out).rstrip() + "\n"

"""A sheet as one standalone HTML document (its one stylesheet inline); the PDF is printed from it."""

from __future__ import annotations

import html
import re

from referee.sheets.layout import (
    Excerpt,
    Sheet,
    SheetBlock,
    cite_mark,
    cite_marks,
    sheet_word,
    sources_line,
    translation_note,
)

CSS = """
@page { size: A4; margin: 7mm 7mm 8mm 7mm;
        @bottom-center { content: "FOOTER"; font-size: 6pt; color: #777; } }
html { font-family: "DejaVu Sans Condensed", "DejaVu Sans", sans-serif; font-size: 8.3pt; line-height: 1.2;
       color: #141414; }
body { margin: 0; }
.top { display: flex; justify-content: space-between; align-items: baseline;
       border-bottom: 2pt solid #1d3f6e; margin-bottom: 2mm; padding-bottom: 0.6mm; }
h1 { font-size: 15pt; margin: 0; color: #1d3f6e; }
.meta { font-size: 6.6pt; color: #555; text-align: right; max-width: 55%; }
.columns { columns: 2; column-gap: 4.5mm; }
.wide { margin-bottom: 0.4mm; }
.block { margin: 0 0 1.6mm 0; }
h2 { font-size: 8.8pt; margin: 0 0 0.8mm 0; padding: 0.5mm 1.5mm; background: #1d3f6e; color: white;
     break-after: avoid; border-radius: 1mm; }
.computed h2 { background: #6b4a12; }
.note { font-size: 6.6pt; color: #6b4a12; font-style: italic; margin: 0 0 0.6mm 0; }
p { margin: 0 0 0.8mm 0; }
ul.rules { margin: 0; padding-left: 3mm; }
ul.rules li { margin: 0 0 0.7mm 0; }
ol.sequence { margin: 0; padding: 0.8mm 1.2mm 0.8mm 6mm; background: #edf2f9; border: 0.6pt solid #9fb3cf;
              border-radius: 1mm; }
ol.sequence li { margin: 0 0 0.4mm 0; font-weight: bold; break-inside: avoid; }
ol.sequence .detail { font-weight: normal; display: block; color: #333; }
sup.n { font-size: 5.6pt; color: #6a6a6a; font-weight: normal; line-height: 0; }
.orig { display: block; font-size: 6.4pt; color: #6a6a6a; font-weight: normal; }
table { border-collapse: collapse; width: 100%; margin: 0.4mm 0 0.8mm 0; font-size: 7.4pt; break-inside: avoid; }
td, th { border: 0.4pt solid #b9c3d0; padding: 0.35mm 0.9mm; text-align: left; vertical-align: top;
         overflow-wrap: break-word; hyphens: auto; }
th { background: #dbe4f0; font-weight: bold; hyphens: manual; }
tr:nth-child(even) td { background: #f5f7fa; }
td.label { font-weight: bold; }
.computed td, .computed th { text-align: center; }
.pre { white-space: pre-line; }
.sources { font-size: 5.9pt; color: #555; margin-top: 1.2mm; border-top: 0.5pt solid #aaa; padding-top: 0.6mm;
           line-height: 1.25; }
.left-out { color: #a33; }
"""


def _html_text(quote: Excerpt, notes: dict[str, int], pre: bool = False) -> str:
    main = quote.translation if quote.translation is not None else quote.text
    body = html.escape(main.replace("\n\n", "\n"))
    if pre and "\n" in main:
        body = f'<span class="pre">{body}</span>'
    original = f'<span class="orig">{html.escape(quote.text)}</span>' if quote.translation is not None else ""
    return f"{body}{cite_mark(quote.entry, notes, False)}{original}"


def _html_table(columns: list[str], rows: list[list[str]], first_is_label: bool = False) -> str:
    head = "".join(f"<th>{c}</th>" for c in columns)
    body = "".join(
        "<tr>"
        + "".join(
            f'<td class="label">{c}</td>' if first_is_label and k == 0 else f"<td>{c}</td>" for k, c in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def _html_block(block: SheetBlock, notes: dict[str, int]) -> str:
    heading = f"<h2>{html.escape(block.heading)}</h2>"
    if block.kind == "computed":
        rows = [[html.escape(c) for c in row] for row in block.rows]
        columns = [html.escape(c) for c in block.columns]
        if block.transpose:  # a long, narrow table reads better on its side
            columns, rows = (
                [columns[0], *(r[0] for r in rows)],
                [[c, *(r[k + 1] for r in rows)] for k, c in enumerate(columns[1:])],
            )
        cites = cite_marks(block.cites, notes, False)
        note = f'<p class="note">{html.escape(block.note)}; from the rules{cites}</p>'
        return f'<div class="block computed">{heading}{note}{_html_table(columns, rows, True)}</div>'
    if block.kind == "table":
        rows = [
            [_html_text(c, notes) if isinstance(c, Excerpt) else html.escape(c) for c in u.cells] for u in block.units
        ]
        return f'<div class="block">{heading}{_html_table([html.escape(c) for c in block.columns], rows, True)}</div>'
    items = []
    for unit in block.units:
        quote = unit.cells[0]
        assert isinstance(quote, Excerpt)
        if quote.table and quote.translation is None:
            table = quote.table
            caption = quote.text.split("\n", 1)[0] if not quote.text.startswith(table["columns"][0]) else ""
            cap = f"{html.escape(caption)}{cite_mark(quote.entry, notes, False)}"
            cells = [[html.escape(c) for c in row] for row in table["rows"]]
            items.append(f"<li>{cap}{_html_table([html.escape(c) for c in table['columns']], cells)}</li>")
            continue
        details = "".join(f'<span class="detail">{_html_text(d, notes)}</span>' for d in unit.details)
        items.append(f"<li>{_html_text(quote, notes, pre=True)}{details}</li>")
    tag = 'ol class="sequence"' if block.kind == "sequence" else 'ul class="rules"'
    return f'<div class="block">{heading}<{tag}>{"".join(items)}</{tag.split()[0]}></div>'


def _flows(sheet: Sheet, notes: dict[str, int]) -> str:
    """Runs of blocks in two columns, a wide block across the page between them."""
    out, run = [], []
    for block in sheet.blocks:
        if block.wide:
            if run:
                out.append(f'<div class="columns">{"".join(run)}</div>')
                run = []
            out.append(f'<div class="wide">{_html_block(block, notes)}</div>')
        else:
            run.append(_html_block(block, notes))
    if run:
        out.append(f'<div class="columns">{"".join(run)}</div>')
    return "".join(out)


def _scaled(css: str, scale: float) -> str:
    return re.sub(r"(\d+(?:\.\d+)?)pt", lambda m: f"{float(m.group(1)) * scale:.2f}pt", css)


def to_html(sheet: Sheet) -> str:
    notes = sheet.footnotes()
    blocks = _flows(sheet, notes)
    note = translation_note(sheet)
    meta = html.escape(note or sheet_word(sheet, "meta"))
    left = f' <span class="left-out">({sheet_word(sheet, "left", n=sheet.left_out)})</span>' if sheet.left_out else ""
    css = _scaled(CSS, sheet.scale).replace("FOOTER", sheet_word(sheet, "footer").replace('"', ""))
    sources = (
        f'<div class="sources"><b>{sheet_word(sheet, "sources")}</b> (<code>referee show {sheet.game}/ID</code>): '
        f"{html.escape(sources_line(sheet, notes))}{left}</div>"
    )
    return (
        f'<!doctype html><html lang="{sheet.lang}"><head><meta charset="utf-8"><title>{html.escape(sheet.title)}'
        f"</title><style>{css}</style></head><body>"
        f'<div class="top"><h1>{html.escape(sheet.title)}</h1>'
        f'<div class="meta">{meta}</div></div>{blocks}{sources}</body></html>'
    )

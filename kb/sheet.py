"""Quick-reference sheets: one printable page per game, every line traceable to its rule.

The words are the book's: an entry is shortened only by keeping its first sentences,
tables and procedures are kept whole. Which sections go on the sheet, and in what
order (their priority), is chosen per game in game.toml; if the page overflows, the
lowest-priority lines are left out and the sheet says which.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlite_utils

from kb.errors import RefereeError
from kb.gameconf import Game
from kb.text import sentences

DEFAULT_SENTENCES = 2
DEFAULT_PER_SECTION = 4
INFORMATIVE = {"example", "tip", "flavour", "note"}


@dataclass
class Line:
    entry: str
    kind: str
    text: str  # verbatim: the entry's text or its first sentences
    table: dict | None = None


@dataclass
class Block:
    heading: str
    lines: list[Line] = field(default_factory=list)


@dataclass
class Sheet:
    game: str
    title: str
    lang: str
    blocks: list[Block]
    left_out: list[str] = field(default_factory=list)

    def line_count(self) -> int:
        return sum(len(b.lines) for b in self.blocks)

    def keep_first(self, n: int) -> Sheet:
        """The sheet with only its n highest-priority lines (block order, then line order)."""
        blocks, left, kept = [], [], 0
        for block in self.blocks:
            lines = []
            for line in block.lines:
                if kept < n:
                    lines.append(line)
                    kept += 1
                else:
                    left.append(line.entry)
            if lines:
                blocks.append(Block(block.heading, lines))
        return Sheet(self.game, self.title, self.lang, blocks, self.left_out + left)


ELISION = " … "


def _shorten(text: str, kind: str, limit: int, keep: list[int] | None = None) -> str:
    """The first sentences (or the chosen ones); a gap between kept sentences is marked."""
    if kind in ("table", "procedure", "list", "faq") or "\n" in text:
        return text
    found = sentences(text)
    if keep:
        return ELISION.join(found[i] for i in keep if 0 <= i < len(found)) or text
    picked = " ".join(found[:limit])
    return picked if picked and picked in text else text


def _entry_rows(db: sqlite_utils.Database, section_id: str) -> list[dict[str, Any]]:
    return list(db.query("select * from entries where section_id = ? order by position", [section_id]))


def build_sheet(db: sqlite_utils.Database, game: Game) -> Sheet:
    config = game.raw.get("sheet", {})
    limit = int(config.get("sentences", DEFAULT_SENTENCES))
    blocks: list[Block] = []
    used: set[str] = set()
    for spec in config.get("blocks", []):
        section_id = f"{game.id}/{spec['section']}"
        if spec["section"] == "front":  # the text before the first heading
            section, rows = (
                (spec.get("heading", game.title),),
                list(
                    db.query("select * from entries where game = ? and section_id is null order by position", [game.id])
                ),
            )
        else:
            section = db.execute("select heading from sections where id = ?", [section_id]).fetchone()
            if section is None:
                raise RefereeError(f"{game.folder / 'game.toml'}: sheet section {spec['section']!r} does not exist")
            rows = _entry_rows(db, section_id)
        if "entries" in spec:
            wanted = {f"{section_id}/{n}" for n in spec["entries"]}
            rows = [r for r in rows if r["id"] in wanted]
        else:
            rows = [r for r in rows if r["kind"] not in INFORMATIVE][: spec.get("max", DEFAULT_PER_SECTION)]
        lines = [
            Line(
                r["id"],
                r["kind"],
                _shorten(r["text"], r["kind"], spec.get("sentences", limit), spec.get("keep")),
                json.loads(r["table_json"]) if r["table_json"] else None,
            )
            for r in rows
        ]
        used.update(line.entry for line in lines)
        blocks.append(Block(spec.get("heading") or section[0], lines))
    disputed = [
        Line(r["id"], r["kind"], _shorten(r["text"], r["kind"], 1))
        for r in db.query(
            'select e.* from entries e join check_entries c on c.entry = e.id join checks k on k.name = c."check" '
            "where e.game = ? group by e.id order by count(*) desc, e.position",
            [game.id],
        )
        if r["id"] not in used and r["kind"] not in INFORMATIVE
    ][: int(config.get("disputed", 4))]
    if disputed:
        blocks.append(Block(config.get("disputed_heading", "Often disputed (see `referee check`)"), disputed))
    return Sheet(game.id, config.get("title", game.title), game.language, blocks)


# ---------------------------------------------------------------- rendering


def to_markdown(sheet: Sheet) -> str:
    out = [f"# {sheet.title}", ""]
    for block in sheet.blocks:
        out += [f"## {block.heading}", ""]
        for line in block.lines:
            if line.table:
                out.append(f"`[{line.entry}]`")
                out.append("")
                columns = line.table["columns"]
                out.append("| " + " | ".join(columns) + " |")
                out.append("|" + "---|" * len(columns))
                out.extend("| " + " | ".join(row) + " |" for row in line.table["rows"])
                out.append("")
            else:
                first, *rest = [part for part in line.text.split("\n") if part.strip()]
                out.append(f"- {first}" + ("" if rest else f" `[{line.entry}]`"))
                out.extend(f"  {part.strip()}" for part in rest)
                if rest:
                    out.append(f"  `[{line.entry}]`")
        out.append("")
    if sheet.left_out:
        out.append(f"_Left out for space: {', '.join(sheet.left_out)}_")
    return "\n".join(out).rstrip() + "\n"


CSS = """
@page { size: A4; margin: 9mm 9mm 10mm 9mm;
        @bottom-center { content: "Referee quick reference · quotes are the book's words · [ids]: referee show ID";
                         font-size: 6.5pt; color: #777; } }
html { font-family: "DejaVu Sans", sans-serif; font-size: 7.6pt; line-height: 1.25; color: #111; }
h1 { font-size: 13pt; margin: 0 0 3mm 0; border-bottom: 1.5pt solid #333; padding-bottom: 1mm; }
.columns { columns: 2; column-gap: 6mm; }
h2 { font-size: 8.6pt; margin: 2.2mm 0 0.8mm 0; color: #1d3f6e; break-after: avoid; }
.block { break-inside: auto; }
p { margin: 0 0 0.9mm 0; }
.id { font-size: 5.8pt; color: #888; white-space: nowrap; }
table { border-collapse: collapse; margin: 0.5mm 0 1.2mm 0; font-size: 7pt; break-inside: avoid;
        width: 100%; table-layout: fixed; }
table.wide { font-size: 6pt; }
td, th { border: 0.4pt solid #bbb; padding: 0.3mm 1.2mm; text-align: left; vertical-align: top; }
th { background: #eef2f7; }
.pre { white-space: pre-line; }
.left-out { font-size: 6.5pt; color: #a33; margin-top: 2mm; }
"""


def _line_html(line: Line) -> str:
    ident = f' <span class="id">[{html.escape(line.entry)}]</span>'
    if line.table:
        head = "".join(f"<th>{html.escape(c)}</th>" for c in line.table["columns"])
        rows = "".join(
            "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in line.table["rows"]
        )
        caption = line.text.split("\n", 1)[0] if not line.text.startswith(line.table["columns"][0]) else ""
        caption_html = (
            f"<p>{html.escape(caption)}{ident}</p>" if caption and caption != line.text else f"<p>{ident}</p>"
        )
        wide = ' class="wide"' if len(line.table["columns"]) > 4 else ""
        return f"{caption_html}<table{wide}><tr>{head}</tr>{rows}</table>"
    # a list keeps its line breaks; the blank line after its lead-in is layout, not words
    return f'<p class="pre">{html.escape(line.text.replace(chr(10) * 2, chr(10)))}{ident}</p>'


def to_html(sheet: Sheet) -> str:
    blocks = "".join(
        f'<div class="block"><h2>{html.escape(b.heading)}</h2>{"".join(_line_html(x) for x in b.lines)}</div>'
        for b in sheet.blocks
    )
    left = (
        f'<p class="left-out">Left out for space: {html.escape(", ".join(sheet.left_out))}</p>'
        if sheet.left_out
        else ""
    )
    return (
        f'<!doctype html><html lang="{sheet.lang}"><head><meta charset="utf-8"><title>{html.escape(sheet.title)}'
        f"</title><style>{CSS}</style></head><body><h1>{html.escape(sheet.title)}</h1>"
        f'<div class="columns">{blocks}</div>{left}</body></html>'
    )


def _pages(sheet: Sheet) -> int:
    from weasyprint import HTML

    return len(HTML(string=to_html(sheet)).render().pages)


def fit_one_page(sheet: Sheet) -> Sheet:
    """Keep as many lines as fit on one A4 page, dropping the lowest-priority ones first."""
    if _pages(sheet) <= 1:
        return sheet
    low, high = 1, sheet.line_count() - 1  # binary search on how many lines to keep
    best = sheet.keep_first(1)
    while low <= high:
        middle = (low + high) // 2
        candidate = sheet.keep_first(middle)
        if _pages(candidate) <= 1:
            best, low = candidate, middle + 1
        else:
            high = middle - 1
    return best


def write_pdf(sheet: Sheet, path: Path) -> None:
    from weasyprint import HTML

    HTML(string=to_html(sheet)).write_pdf(str(path))

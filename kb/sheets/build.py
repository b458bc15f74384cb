"""Quick-reference sheets: a page a player would print, every line the book's words and cited.

The layout is declared per game in game.toml's [sheet] (see kb.sheetconf): a turn-sequence
box, tables of actions with their tests, key numbers, then special cases. The page is filled
by priority: every line, table row or step is a unit, units are kept in priority order while
the page still fits, and the layout keeps the declared order. Quotes are verbatim slices of
their entry (" … " marks a gap); computed tables come from calling the game's checks and say
so. Citations are footnote numbers with a compact id list at the end of the sheet.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import sqlite_utils

from referee.books.gameconf import Game
from referee.books.sheetconf import BlockConf, SheetConf
from referee.books.text import sentences
from referee.errors import RefereeError

ELISION = " … "
# A fragment may not open on one of these (it would read as the middle of an argument).
CONJUNCTIONS = {
    "en": {"and", "but", "or", "nor", "so", "yet", "because", "whereas", "although", "though", "unless", "than"},
    "uk": {"і", "й", "та", "а", "але", "або", "чи", "бо", "тому", "проте", "однак", "ніж"},
}
# Where a quote may start inside its entry: the start, after a sentence, a colon, a line break
# or a list marker.
BOUNDARY = re.compile(r"(?:^|[.!?:]\s+|\s[-–—]\s+|\n\s*(?:[•\-–]\s+|\d+\.(?: to \d+\.)?\s+)?)$")


@dataclass
class Quote:
    """The book's words from one entry (and, when asked, its aligned translation)."""

    entry: str
    text: str
    translation: str | None = None
    table: dict | None = None


@dataclass
class Unit:
    """What the page keeps or drops as a whole: a line, a table row, a step, a computed table."""

    cells: list[Quote | str]  # a str is our own label (a step number, a computed value)
    details: list[Quote] = field(default_factory=list)


@dataclass
class Block:
    kind: str
    heading: str
    priority: int
    units: list[Unit]
    required: bool = False
    columns: list[str] = field(default_factory=list)
    note: str = ""  # for a computed table: what it was computed from
    cites: list[str] = field(default_factory=list)  # entries a computed table rests on
    transpose: bool = False
    rows: list[list[str]] = field(default_factory=list)  # a computed table's cells
    wide: bool = False


@dataclass
class Sheet:
    game: str
    title: str
    lang: str
    book_lang: str
    blocks: list[Block]
    left_out: int = 0
    ascii_ids: dict[str, str] = field(default_factory=dict)
    scale: float = 1.0  # type size: raised when everything fits with room to spare

    def unit_count(self) -> int:
        return sum(len(b.units) for b in self.blocks)

    def quotes(self) -> list[Quote]:
        found = []
        for block in self.blocks:
            for unit in block.units:
                found += [c for c in unit.cells if isinstance(c, Quote)] + unit.details
        return found

    def footnotes(self) -> dict[str, int]:
        """Entry id -> footnote number, in reading order."""
        numbers: dict[str, int] = {}
        for block in self.blocks:
            ids = [q.entry for u in block.units for q in [*(c for c in u.cells if isinstance(c, Quote)), *u.details]]
            for entry in [*ids, *block.cites]:
                numbers.setdefault(entry, len(numbers) + 1)
        return numbers

    def keep(self, n: int) -> Sheet:
        """The sheet with its n highest-priority units, laid out in the declared order."""
        order = sorted(
            ((b.priority, bi, ui) for bi, b in enumerate(self.blocks) for ui in range(len(b.units))),
        )
        kept = {(bi, ui) for _, bi, ui in order[:n]}
        blocks = []
        for bi, block in enumerate(self.blocks):
            units = [u for ui, u in enumerate(block.units) if (bi, ui) in kept]
            if units:
                blocks.append(replace(block, units=units))
        return replace(self, blocks=blocks, left_out=self.left_out + self.unit_count() - n)


# ---------------------------------------------------------------- quoting


def _split_ref(ref: str) -> tuple[str, str | None, str | None]:
    parts = [p.strip() for p in ref.split(" | ")]
    return parts[0], (parts[1] if len(parts) > 1 else None), (parts[2] if len(parts) > 2 else None)


def _verbatim(quote: str, text: str) -> bool:
    """Every piece of the quote is in the text, in order."""
    at = 0
    for piece in quote.split(ELISION.strip()):
        piece = piece.strip()
        found = text.find(piece, at)
        if not piece or found < 0:
            return False
        at = found + len(piece)
    return True


def _first_sentences(text: str, count: int) -> str:
    if "\n" in text:
        return text
    found = sentences(text)
    picked = " ".join(found[:count])
    return picked if picked and picked in text else text


@dataclass
class _Book:
    """The entries and translations a sheet quotes from."""

    game: Game
    db: sqlite_utils.Database
    lang: str
    where: str
    entries: dict[str, dict[str, Any]] = field(default_factory=dict)
    translations: dict[str, str] = field(default_factory=dict)

    def entry(self, local: str) -> dict[str, Any]:
        item = f"{self.game.id}/{local}"
        if item not in self.entries:
            row = self.db.execute("select id, text, table_json from entries where id = ?", [item]).fetchone()
            if row is None:
                raise RefereeError(f"{self.where}: {item} is not an entry of {self.game.id}")
            self.entries[item] = {"id": row[0], "text": row[1], "table": json.loads(row[2]) if row[2] else None}
        return self.entries[item]

    def translation(self, entry_id: str) -> str | None:
        if self.lang == self.game.language:
            return None
        if entry_id not in self.translations:
            row = self.db.execute(
                "select text from translations where id = ? and lang = ?", [entry_id, self.lang]
            ).fetchone()
            if row is None:
                raise RefereeError(f"{self.where}: {entry_id} has no {self.lang} translation")
            self.translations[entry_id] = row[0]
        return self.translations[entry_id]

    def quote(self, ref: str, sentences_: int) -> Quote:
        local, chosen, chosen_translation = _split_ref(ref)
        entry = self.entry(local)
        text = chosen if chosen is not None else _first_sentences(entry["text"], sentences_)
        if not _verbatim(text, entry["text"]):
            raise RefereeError(f"{self.where}: the quote for {entry['id']} is not verbatim in it: {text[:60]!r}")
        translation = self.translation(entry["id"])
        if translation is not None:
            translation = chosen_translation or _first_sentences(translation, sentences_)
            if not _verbatim(translation, self.translation(entry["id"]) or ""):
                raise RefereeError(f"{self.where}: the translation quote for {entry['id']} is not in its translation")
        table = entry["table"] if chosen is None else None
        return Quote(entry["id"], text, translation, table)


# ---------------------------------------------------------------- blocks


def _sequence_units(block: BlockConf, book: _Book, count: int) -> list[Unit]:
    if block.steps:
        return [
            Unit([book.quote(step.step, count)], [book.quote(d, count) for d in step.details]) for step in block.steps
        ]
    assert block.entry is not None
    entry = book.entry(block.entry)
    steps = _steps_of(entry["text"], block.split)
    translated = book.translation(entry["id"])
    english = _steps_of(translated, block.split) if translated else [None] * len(steps)
    if len(english) != len(steps):
        raise RefereeError(
            f"{book.where}: {entry['id']}: the translation has {len(english)} steps, the book {len(steps)}"
        )
    return [Unit([Quote(entry["id"], s, t)]) for s, t in zip(steps, english, strict=True)]


def _steps_of(text: str, split: str | None) -> list[str]:
    """The items of a procedure or list, or of a sentence after its colon split at `split`."""
    if split:
        tail = text.split(": ", 1)[-1].rstrip(".")
        return [part.strip() for part in tail.split(split) if part.strip()]
    items = [re.sub(r"^\s*(?:\d+\.(?: to \d+\.)?|[•\-–])\s+", "", line) for line in text.splitlines()[1:]]
    return [item.strip() for item in items if item.strip()]


def _computed(block: BlockConf, book: _Book) -> tuple[list[list[str]], list[str], str]:
    """Cells worked out by the game's check; the entries its reasons cite back them."""
    from referee.rules.loading import discover_checks
    from referee.rules.settle import settle

    checks = discover_checks(book.game.folder.parent)
    cited: list[str] = []
    rows = []
    for row in block.computed_rows:
        cells = [row.label.get(book.lang, book.game.language)]
        for column in block.computed_columns:
            name = column.check or block.check
            verdict = settle(checks, None, name, {**block.facts, **row.facts, **column.facts})
            value = verdict.get("value")
            if column.value:
                value = value.get(column.value) if isinstance(value, dict) else None
            cells.append(value)
            cited += [r["entry"] for r in verdict.get("reasons", []) if r["entry"] not in cited]
        rows.append(cells)
    # a table with negative numbers is one of modifiers: print +4 as the books do
    signed = any(isinstance(v, int) and not isinstance(v, bool) and v < 0 for row in rows for v in row[1:])
    rows = [[row[0], *(_number_text(v, signed) for v in row[1:])] for row in rows]
    names = ", ".join(dict.fromkeys(c.check or block.check or "" for c in block.computed_columns))
    return rows, cited, f"computed by `referee check {names}` — not the book's words"


def _number_text(value: Any, signed: bool = False) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:+d}" if signed and value else str(value)
    return "—" if value in (None, "") else str(value)


def _cell(ref: str, book: _Book, count: int) -> Quote | str:
    return "—" if ref.strip() in ("—", "-") else book.quote(ref, count)


def _block(block: BlockConf, book: _Book, conf: SheetConf) -> Block:
    count = block.sentences or conf.sentences
    heading = block.heading.get(book.lang, book.game.language)
    made = Block(block.kind, heading, block.priority, [], block.required, transpose=block.transpose, wide=block.wide)
    if block.kind == "sequence":
        made.units = _sequence_units(block, book, count)
    elif block.kind == "rules":
        made.units = [Unit([book.quote(line, count)]) for line in block.lines]
    elif block.kind == "table":
        made.columns = [c.get(book.lang, book.game.language) for c in block.columns]
        made.units = [Unit([_cell(cell, book, count) for cell in row]) for row in block.rows]
    else:
        made.rows, made.cites, made.note = _computed(block, book)
        made.columns = [block.row_header.get(book.lang, book.game.language)] + [
            c.label.get(book.lang, book.game.language) for c in block.computed_columns
        ]
        made.units = [Unit([])]  # kept or dropped whole: half a computed table would mislead
    return made


def build_sheet(db: sqlite_utils.Database, game: Game, lang: str | None = None) -> Sheet:
    conf: SheetConf | None = game.sheet
    if conf is None:
        raise RefereeError(f"{game.id} has no [sheet] in its game.toml")
    lang = lang or game.language
    if lang != game.language and lang not in game.translations:
        have = ", ".join([game.language, *sorted(game.translations)])
        raise RefereeError(f"no {lang} reading of {game.id}; sheets in: {have}")
    book = _Book(game, db, lang, str(game.folder / "game.toml"))
    blocks = [_block(block, book, conf) for block in conf.blocks]
    forms = dict(db.execute("select id, coalesce(ascii_id, id) from entries where game = ?", [game.id]).fetchall())
    return Sheet(game.id, conf.title.get(lang, game.language), lang, game.language, blocks, ascii_ids=forms)


# ---------------------------------------------------------------- quality


def fragment_problems(quote: Quote, entry_text: str, lang: str) -> list[str]:
    """Why a quote would read badly on a sheet: it opens mid-sentence or on a conjunction."""
    problems = []
    first = quote.text.split(ELISION.strip())[0].strip()
    start = entry_text.find(first)
    if start < 0:
        return [f"{quote.entry}: not verbatim"]
    before = entry_text[:start]
    listed = re.search(r":[^.!?:]*,\s+$", before)  # an item of a list that follows a colon
    if not BOUNDARY.search(before) and not listed:
        problems.append(f"{quote.entry}: starts mid-sentence: {first[:40]!r}")
    word = re.match(r"\w+", first)
    if word and word.group(0).lower() in CONJUNCTIONS.get(lang, set()):
        problems.append(f"{quote.entry}: starts with the conjunction {word.group(0)!r}")
    return problems


# ---------------------------------------------------------------- rendering


def _cite(entry: str, notes: dict[str, int], markdown: bool) -> str:
    return f"[{notes[entry]}]" if markdown else f'<sup class="n">{notes[entry]}</sup>'


def _cites(entries: list[str], notes: dict[str, int], markdown: bool) -> str:
    numbers = ", ".join(dict.fromkeys(str(notes[e]) for e in entries))
    return f"[{numbers}]" if markdown else f'<sup class="n">{numbers}</sup>'


def _one_line(text: str) -> str:
    return " ".join(part.strip() for part in text.split("\n") if part.strip())


def _md_quote(quote: Quote, notes: dict[str, int]) -> str:
    """The quote (or its translation, with the book's words after it) and its footnote."""
    if quote.translation is None:
        return f"{_one_line(quote.text)} {_cite(quote.entry, notes, True)}"
    return f"{_one_line(quote.translation)} {_cite(quote.entry, notes, True)} — _{_one_line(quote.text)}_"


def _md_table(columns: list[str], rows: list[list[str]]) -> list[str]:
    clean = [[cell.replace("|", "\\|").replace("\n", " ") for cell in row] for row in rows]
    return [
        "| " + " | ".join(columns) + " |",
        "|" + "---|" * len(columns),
        *("| " + " | ".join(r) + " |" for r in clean),
    ]


def _md_block(block: Block, notes: dict[str, int]) -> list[str]:
    out = [f"## {block.heading}", ""]
    if block.kind == "computed":
        rows = block.rows
        cites = _cites(block.cites, notes, True)
        return [*out, f"_{block.note}; from the rules {cites}_", "", *_md_table(block.columns, rows), ""]
    if block.kind == "table":
        rows = [[_md_quote(c, notes) if isinstance(c, Quote) else c for c in u.cells] for u in block.units]
        return [*out, *_md_table(block.columns, rows), ""]
    for n, unit in enumerate(block.units, start=1):
        quote = unit.cells[0]
        assert isinstance(quote, Quote)
        prefix = f"{n}." if block.kind == "sequence" else "-"
        if quote.table and quote.translation is None:
            out += [
                f"{prefix} {_cite(quote.entry, notes, True)}",
                "",
                *_md_table(quote.table["columns"], quote.table["rows"]),
            ]
            continue
        out.append(f"{prefix} {_md_quote(quote, notes)}")
        out += [f"   - {_md_quote(d, notes)}" for d in unit.details]
    return [*out, ""]


# The sheet's own words (not the book's) in the sheet's language; English when there is none.
WORDS = {
    "en": {
        "meta": "Every line is the rulebook's text; the small numbers cite its entries.",
        "translated": "{lang}: unofficial translation · with each line the book's own words ({book})",
        "sources": "Sources",
        "left": "{n} more lines did not fit.",
        "footer": "Referee quick reference · the book's words, cited by footnote · computed tables say so",
    },
    "uk": {
        "meta": "Кожен рядок — текст правил; маленькі числа посилаються на їхні записи.",
        "sources": "Джерела",
        "left": "Ще {n} рядків не вмістилося.",
        "footer": "Referee: коротка довідка · слова книги з посиланнями · обчислені таблиці позначено",
    },
}


def _word(sheet: Sheet, key: str, **values: object) -> str:
    return WORDS.get(sheet.lang, {}).get(key, WORDS["en"][key]).format(**values)


def _translation_note(sheet: Sheet) -> str:
    if sheet.lang == sheet.book_lang:
        return ""
    return _word(sheet, "translated", lang=sheet.lang, book=sheet.book_lang)


def _sources(sheet: Sheet, notes: dict[str, int]) -> str:
    prefix = f"{sheet.game}/"
    return " · ".join(f"{n} {sheet.ascii_ids.get(e, e).removeprefix(prefix)}" for e, n in notes.items())


def to_markdown(sheet: Sheet) -> str:
    notes = sheet.footnotes()
    out = [f"# {sheet.title}", ""]
    note = _translation_note(sheet)
    if note:
        out += [f"_{note}_", ""]
    for block in sheet.blocks:
        out += _md_block(block, notes)
    out += [f"{_word(sheet, 'sources')} (`referee show {sheet.game}/ID`): {_sources(sheet, notes)}"]
    if sheet.left_out:
        out += ["", f"_{_word(sheet, 'left', n=sheet.left_out)}_"]
    return "\n".join(out).rstrip() + "\n"


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


def _html_text(quote: Quote, notes: dict[str, int], pre: bool = False) -> str:
    main = quote.translation if quote.translation is not None else quote.text
    body = html.escape(main.replace("\n\n", "\n"))
    if pre and "\n" in main:
        body = f'<span class="pre">{body}</span>'
    original = f'<span class="orig">{html.escape(quote.text)}</span>' if quote.translation is not None else ""
    return f"{body}{_cite(quote.entry, notes, False)}{original}"


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


def _html_block(block: Block, notes: dict[str, int]) -> str:
    heading = f"<h2>{html.escape(block.heading)}</h2>"
    if block.kind == "computed":
        rows = [[html.escape(c) for c in row] for row in block.rows]
        columns = [html.escape(c) for c in block.columns]
        if block.transpose:  # a long, narrow table reads better on its side
            columns, rows = (
                [columns[0], *(r[0] for r in rows)],
                [[c, *(r[k + 1] for r in rows)] for k, c in enumerate(columns[1:])],
            )
        cites = _cites(block.cites, notes, False)
        note = f'<p class="note">{html.escape(block.note)}; from the rules{cites}</p>'
        return f'<div class="block computed">{heading}{note}{_html_table(columns, rows, True)}</div>'
    if block.kind == "table":
        rows = [
            [_html_text(c, notes) if isinstance(c, Quote) else html.escape(c) for c in u.cells] for u in block.units
        ]
        return f'<div class="block">{heading}{_html_table([html.escape(c) for c in block.columns], rows, True)}</div>'
    items = []
    for unit in block.units:
        quote = unit.cells[0]
        assert isinstance(quote, Quote)
        if quote.table and quote.translation is None:
            table = quote.table
            caption = quote.text.split("\n", 1)[0] if not quote.text.startswith(table["columns"][0]) else ""
            cap = f"{html.escape(caption)}{_cite(quote.entry, notes, False)}"
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
    note = _translation_note(sheet)
    meta = html.escape(note or _word(sheet, "meta"))
    left = f' <span class="left-out">({_word(sheet, "left", n=sheet.left_out)})</span>' if sheet.left_out else ""
    css = _scaled(CSS, sheet.scale).replace("FOOTER", _word(sheet, "footer").replace('"', ""))
    sources = (
        f'<div class="sources"><b>{_word(sheet, "sources")}</b> (<code>referee show {sheet.game}/ID</code>): '
        f"{html.escape(_sources(sheet, notes))}{left}</div>"
    )
    return (
        f'<!doctype html><html lang="{sheet.lang}"><head><meta charset="utf-8"><title>{html.escape(sheet.title)}'
        f"</title><style>{css}</style></head><body>"
        f'<div class="top"><h1>{html.escape(sheet.title)}</h1>'
        f'<div class="meta">{meta}</div></div>{blocks}{sources}</body></html>'
    )


def render(sheet: Sheet):
    from weasyprint import HTML

    return HTML(string=to_html(sheet)).render()


SCALES = (1.3, 1.2, 1.1)


def fit(sheet: Sheet, pages: int = 1) -> Sheet:
    """Keep as many units as fit on `pages` A4 pages, the lowest-priority ones left out first;
    when everything fits, the largest type that still fits (a short book fills its page)."""
    if len(render(sheet).pages) <= pages:
        return next((s for s in (replace(sheet, scale=x) for x in SCALES) if len(render(s).pages) <= pages), sheet)
    low, high, best = 1, sheet.unit_count() - 1, sheet.keep(1)
    while low <= high:  # binary search on how many units to keep
        middle = (low + high) // 2
        candidate = sheet.keep(middle)
        if len(render(candidate).pages) <= pages:
            best, low = candidate, middle + 1
        else:
            high = middle - 1
    return best


def overflowing_cells(document) -> list[str]:
    """Table cells whose text runs past the cell's right edge (text that would print over the border)."""
    from weasyprint.layout import boxes

    found = []
    for page in document.pages:
        for cell in page._page_box.descendants():
            if not isinstance(cell, boxes.TableCellBox):
                continue
            right = cell.content_box_x() + cell.width + 0.5
            for text in cell.descendants():
                if isinstance(text, boxes.TextBox) and text.position_x + text.width > right:
                    found.append(text.text)
    return found


def blank_share(image, top_mm: float = 7, bottom_mm: float = 8) -> float:
    """The longest run of empty rows in either half of the page, as a share of the printable height."""
    import numpy as np

    gray = np.asarray(image.convert("L"))
    px_per_mm = image.height / 297
    top, bottom = int(top_mm * px_per_mm), image.height - int(bottom_mm * px_per_mm)
    longest = 0
    for half in (gray[top:bottom, : gray.shape[1] // 2], gray[top:bottom, gray.shape[1] // 2 :]):
        run = 0
        for empty in (half > 245).all(axis=1):
            run = run + 1 if empty else 0
            longest = max(longest, run)
    return longest / (bottom - top)


def sheet_problems(sheet: Sheet, db: sqlite_utils.Database, game: Game) -> list[str]:
    """What would make a player distrust the sheet: fragments that open mid-sentence or on a
    conjunction, a heading used twice, a required block missing."""
    problems = []
    texts = dict(db.execute("select id, text from entries where game = ?", [game.id]).fetchall())
    translated = dict(
        db.execute("select id, text from translations where game = ? and lang = ?", [game.id, sheet.lang])
    )
    for quote in sheet.quotes():
        problems += fragment_problems(quote, texts[quote.entry], game.language)
        if quote.translation is not None:
            english = Quote(quote.entry, quote.translation)
            problems += [f"{p} (translation)" for p in fragment_problems(english, translated[quote.entry], sheet.lang)]
    headings = [b.heading for b in sheet.blocks]
    problems += [f"heading used twice: {h!r}" for h in sorted({h for h in headings if headings.count(h) > 1})]
    assert game.sheet is not None
    for block in game.sheet.blocks:
        heading = block.heading.get(sheet.lang, game.language)
        if block.required and heading not in headings:
            problems.append(f"required block missing: {heading!r}")
    return problems


def write_pdf(sheet: Sheet, path: Path) -> None:
    render(sheet).write_pdf(str(path))


def pdf_to_png(pdf: Path, png: Path, dpi: int = 100) -> None:
    """A picture of the sheet's first page (for docs and for measuring how much of it is blank)."""
    page_image(pdf, dpi).save(png)


def page_image(pdf: Path, dpi: int = 100, page: int = 0):
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        return document[page].render(scale=dpi / 72).to_pil()
    finally:
        document.close()

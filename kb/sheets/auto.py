"""A first sheet without configuration, chosen from the book's structure.

How the game is won, the turn as the book numbers it (a procedure), the rules that say "must" or
"cannot", the book's tables and the sentences with its key numbers, each quoted verbatim from its
entry. A `[sheet]` in game.toml replaces it block by block (a `[sheet]` with a title and no
blocks keeps these blocks under that title).
"""

from __future__ import annotations

import json
import re

import sqlite_utils

from referee.books.entries import ASIDE_KINDS
from referee.books.gameconf import Game
from referee.books.sheetconf import BlockConf, Labelled, SheetConf
from referee.books.text import sentences

WIN = re.compile(
    r"\b(?:wins?|winner|loses?|game ends|end of the game)\b|перемаг|переможе|виграє|програє|закінчується", re.I
)
MUST = re.compile(
    r"\b(?:must|cannot|can't|may not|must not|never|only|at most|at least)\b"
    r"|повин|мусить|не можна|заборон|лише|не може",
    re.I,
)
NUMBER = re.compile(r"\b\d+\b")
TURN_WORDS = re.compile(r"turn|round|phase|sequence|setup|set-up|preparation|хід|раунд|підготов", re.I)
HEADINGS = {
    "en": {"win": "How the game is won", "must": "Must and cannot", "numbers": "Key numbers", "turn": "In order"},
    "uk": {"win": "Як перемогти", "must": "Обов'язково і заборонено", "numbers": "Ключові числа", "turn": "По черзі"},
}
QUOTE_CHARS = 260


def _rows(db: sqlite_utils.Database, game: Game) -> list[dict]:
    rows = db.execute(
        "select id, kind, title, text, table_json from entries where game = ? order by position", [game.id]
    ).fetchall()
    return [
        {"id": r[0], "kind": r[1], "title": r[2], "text": r[3], "table": json.loads(r[4]) if r[4] else None}
        for r in rows
    ]


def _local(game: Game, entry_id: str) -> str:
    return entry_id.removeprefix(f"{game.id}/")


def _sentences_matching(game: Game, rows: list[dict], pattern: re.Pattern[str], used: set[str], most: int) -> list[str]:
    found = []
    for row in rows:
        if row["kind"] in ASIDE_KINDS | {"table"} or "\t" in row["text"]:
            continue
        for sentence in sentences(row["text"]):
            if len(found) >= most:
                return found
            if pattern.search(sentence) and sentence not in used and 20 <= len(sentence) <= QUOTE_CHARS:
                used.add(sentence)
                found.append(f"{_local(game, row['id'])} | {sentence}")
    return found


def _procedure(rows: list[dict]) -> dict | None:
    procedures = [r for r in rows if r["kind"] == "procedure" and not re.match(r"\s*\d", r["text"])]
    return next((r for r in procedures if TURN_WORDS.search(r["title"] or "")), procedures[0] if procedures else None)


def auto_sheet(db: sqlite_utils.Database, game: Game, given: SheetConf | None = None) -> SheetConf:
    """The sheet's blocks from the book's structure (the title and sentences of `given`, if any)."""
    words = HEADINGS.get(game.language, HEADINGS["en"])
    rows = _rows(db, game)
    used: set[str] = set()
    blocks: list[BlockConf] = []

    def add(kind: str, heading: str, **fields) -> None:
        blocks.append(BlockConf(kind=kind, heading=Labelled({"": heading}), priority=len(blocks) + 1, **fields))

    if wins := _sentences_matching(game, rows, WIN, used, 3):
        add("rules", words["win"], lines=wins)
    procedure = _procedure(rows)
    if procedure is not None:
        add("sequence", f"{words['turn']}: {procedure['title']}" if procedure["title"] else words["turn"],
            entry=_local(game, procedure["id"]))  # fmt: skip
    if musts := _sentences_matching(game, rows, MUST, used, 8):
        add("rules", words["must"], lines=musts)
    for table in [r for r in rows if r["kind"] == "table" and r["table"] and r["table"].get("rows")][:2]:
        add("rules", table["title"] or "Table", lines=[_local(game, table["id"])])
    if numbers := _sentences_matching(game, rows, NUMBER, used, 6):
        add("rules", words["numbers"], lines=numbers)
    if not blocks:
        first = [_local(game, r["id"]) for r in rows if r["kind"] not in ("note", "flavour")][:6]
        add("rules", game.title, lines=first or [_local(game, rows[0]["id"])])
    title = given.title if given is not None and given.title.texts.get("") else Labelled({"": f"{game.title}"})
    return SheetConf(title=title, sentences=given.sentences if given is not None else 2, blocks=blocks)

"""`referee add`: a rulebook in, a game out, with no code and no hand edits.

The game's folder (the book as received and a game.toml, referee.books.newgame) is written and
parsed in a staging folder first; only a book that parses and builds is moved into the corpus,
and a build that fails takes the new folder away again, so nothing already built is damaged.
"""

from __future__ import annotations

import os
import shutil
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from referee.books.entries import ParsedBook
from referee.books.gameconf import discover_games, game_folders, load_game
from referee.books.newgame import Proposal, propose
from referee.books.structure import parse_document
from referee.errors import RefereeError
from referee.store.build import build_knowledge_base

SHORT_ENTRY = 25
LONG_ENTRY = 2500


@dataclass
class AddReport:
    game: str
    title: str
    language: str
    format: str
    folder: str
    rulebook: str
    sections: list[dict[str, Any]]
    entries: int
    kinds: dict[str, int]
    tables: list[str]
    procedures: list[str]
    dropped: dict[str, int]
    dropped_examples: dict[str, list[str]]
    warnings: list[str]
    check: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _games_in(dirs: list[Path]):
    found = [d for d in dirs if d.is_dir() and game_folders(d)]
    return discover_games(found) if found else []


def _checklist(proposal: Proposal, book: ParsedBook, folder: Path) -> list[str]:
    todo = list(proposal.guessed)
    if not book.sections:
        todo.append("no headings were found: every entry sits in one section")
    short = [e.text.strip() for e in book.entries if len(e.text.strip()) < SHORT_ENTRY]
    if short:
        todo.append(f"{len(short)} entries under {SHORT_ENTRY} characters, e.g. {short[0]!r}")
    long_ = [e.id for e in book.entries if len(e.text) > LONG_ENTRY]
    if long_:
        todo.append(f"{len(long_)} entries over {LONG_ENTRY} characters (headings missed?), e.g. {long_[0]}")
    empty = {s.id for s in book.sections} - {e.section_id for e in book.entries} - {s.parent for s in book.sections}
    if empty:
        todo.append(f"{len(empty)} headings with no text under them, e.g. {sorted(empty)[0]}")
    todo.append(f"`referee toc {book.game}`: do the sections follow the book's headings?")
    todo.append(f"anything wrong: edit {folder / 'game.toml'}, then `referee build --game {book.game}`")
    return todo


def _report(proposal: Proposal, book: ParsedBook, folder: Path, lang: str, fmt: str) -> AddReport:
    reasons = Counter(d.reason for d in book.dropped)
    examples: dict[str, list[str]] = {}
    for dropped in book.dropped:
        shown = examples.setdefault(dropped.reason, [])
        text = " ".join(dropped.text.split())[:60]
        if len(shown) < 3 and text not in shown:
            shown.append(text)
    return AddReport(
        game=book.game,
        title=proposal.title,
        language=lang,
        format=fmt,
        folder=str(folder),
        rulebook=proposal.book.name,
        sections=[{"id": s.id, "level": s.level, "heading": s.heading, "page": s.page} for s in book.sections],
        entries=len(book.entries),
        kinds=dict(sorted(Counter(e.kind for e in book.entries).items())),
        tables=[e.id for e in book.entries if e.kind == "table"],
        procedures=[e.id for e in book.entries if e.kind == "procedure"],
        dropped=dict(reasons.most_common()),
        dropped_examples=examples,
        warnings=book.warnings,
        check=_checklist(proposal, book, folder),
    )


def _stage(proposal: Proposal, staging: Path, source: Path) -> Path:
    folder = staging / proposal.id
    folder.mkdir(parents=True)
    if proposal.toml is None:  # a folder that brings its own game.toml: copied whole
        for file in proposal.files:
            target = folder / file.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(file, target)
    else:
        shutil.copy2(proposal.book, folder / proposal.book.name)
        (folder / "game.toml").write_text(proposal.toml, encoding="utf-8")
    return folder


def add_game(
    path: Path,
    dirs: list[Path],
    db_path: Path,
    title: str | None = None,
    game_id: str | None = None,
    on_game=None,
) -> AddReport:
    """Write the game's folder into the last of `dirs` (the user's corpus), build it, report."""
    target_dir = dirs[-1]
    if target_dir.exists() and not target_dir.is_dir():
        raise RefereeError(f"{target_dir}: is not a folder; cannot add games to it")
    existing = _games_in(dirs)
    proposal = propose(path, {g.id for g in existing}, title, game_id)
    if proposal.id in {g.id for g in existing}:
        raise RefereeError(f"a game {proposal.id!r} is already there; choose another with --id or remove it first")
    same = next((g for g in existing if proposal.title.casefold().strip() in g.names()), None)
    if same is not None:
        raise RefereeError(
            f"{proposal.title!r} is already the game {same.id} ({same.folder}); "
            "remove that folder first, or give this one another --title"
        )
    target_dir.mkdir(parents=True, exist_ok=True)
    staging = target_dir / f".adding-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    try:
        staged = _stage(proposal, staging, path)
        game = load_game(staged)
        discover_games([*[d for d in dirs if d.is_dir() and game_folders(d)], staging])  # names unique
        book = parse_document(game, game.read_document())
        final = target_dir / proposal.id
        os.replace(staged, final)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    try:
        games = _games_in(dirs)
        build_knowledge_base(db_path, games, only=proposal.id, on_game=on_game)
    except BaseException:
        shutil.rmtree(final, ignore_errors=True)
        raise
    game = next(g for g in games if g.id == proposal.id)
    return _report(proposal, book, final, game.language, game.format)

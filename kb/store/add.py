"""`referee add`: a rulebook in, a game out, with no code and no hand edits.

The game's folder (the book as received and a game.toml, referee.books.newgame) is written and
parsed in a staging folder first, the knowledge base is built with it and swapped in, and only
then is the folder renamed into the games folder: a failure or a kill at any point leaves the
knowledge base and the games folder as they were (or, killed after the swap, finished by the next
`add`). A folder holding code is added only with `trust_code`; links are never followed.
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
from referee.store.atomic import alive
from referee.store.build import build_knowledge_base, writable_target
from referee.store.lock import write_lock
from referee.store.read import stored_games
from referee.store.schema import database_kind

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


def _stage(proposal: Proposal, staging: Path, source: Path, target_dir: Path) -> Path:
    """The game's folder written under `staging`; a write that fails (a full disk) names the games folder."""
    folder = staging / proposal.id
    try:
        folder.mkdir(parents=True)
        if proposal.toml is None:  # a folder that brings its own game.toml: copied whole
            for file in proposal.files:
                target = folder / file.relative_to(source)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(file, target, follow_symlinks=False)
        else:
            shutil.copyfile(proposal.book, folder / proposal.book.name)
            (folder / "game.toml").write_text(proposal.toml, encoding="utf-8")
    except OSError as exc:
        raise RefereeError(
            f"{target_dir}: cannot write the new game's folder ({exc.strerror}; is the disk full?); nothing was added"
        ) from None
    return folder


STAGING = ".adding-"


def recover_staging(target_dir: Path, db_path: Path) -> list[Path]:
    """What an `add` that was killed left in the games folder, settled: a game its database already
    holds (killed between the database's swap and the folder's rename) is moved into place; anything
    else is removed. Only folders of processes that are gone are touched."""
    settled: list[Path] = []
    if not target_dir.is_dir():
        return settled
    for staging in target_dir.glob(STAGING + "*"):
        pid = staging.name[len(STAGING) :]
        if not pid.isdigit() or int(pid) == os.getpid() or alive(int(pid)) or staging.is_symlink():
            continue
        held = stored_games(db_path) if database_kind(db_path) == "referee" else set()
        for folder in staging.iterdir() if staging.is_dir() else []:
            final = target_dir / folder.name
            if folder.name in held and folder.is_dir() and not os.path.lexists(final):
                os.rename(folder, final)
        shutil.rmtree(staging, ignore_errors=True) if staging.is_dir() else staging.unlink(missing_ok=True)
        settled.append(staging)
    return settled


def add_game(
    path: Path,
    dirs: list[Path],
    db_path: Path,
    title: str | None = None,
    game_id: str | None = None,
    on_game=None,
    trust_code: bool = False,
) -> AddReport:
    """Add the game as one transaction: its folder staged in the games folder (the last of `dirs`),
    validated and parsed there, the knowledge base built with it and swapped in, then the folder
    renamed into place. Killed before the swap, the knowledge base is as it was; between the swap
    and the rename, the next `add` finishes the rename; staging left by a killed add is removed then."""
    target_dir = dirs[-1]
    if target_dir.exists() and not target_dir.is_dir():
        raise RefereeError(f"{target_dir}: is not a folder; cannot add games to it")
    target = writable_target(db_path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RefereeError(f"{target.parent}: cannot make the database's folder ({exc.strerror})") from None
    with write_lock(target, "adding a game"):
        recover_staging(target_dir, target)
        existing = _games_in(dirs)
        names = {name for g in existing for name in g.names()}
        proposal = propose(path, {g.id for g in existing}, title, game_id, names)
        _refuse_clashes(proposal, existing, trust_code)
        try:
            target_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise RefereeError(f"{target_dir}: cannot make the games folder ({exc.strerror})") from None
        staging = target_dir / f"{STAGING}{os.getpid()}"
        shutil.rmtree(staging, ignore_errors=True)
        final = target_dir / proposal.id
        try:
            staged = _stage(proposal, staging, path, target_dir)
            game = load_game(staged)
            discover_games([*[d for d in dirs if d.is_dir() and game_folders(d)], staging])  # names unique
            book = parse_document(game, game.read_document())
            build_knowledge_base(target, [*existing, game], only=proposal.id, on_game=on_game)
            os.rename(staged, final)  # the one rename: the game's folder is in place once the database holds it
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    return _report(proposal, book, final, game.language, game.format)


def _refuse_clashes(proposal: Proposal, existing: list, trust_code: bool) -> None:
    if proposal.id in {g.id for g in existing}:
        raise RefereeError(f"a game {proposal.id!r} is already there; choose another with --id or remove it first")
    same = next((g for g in existing if proposal.title.casefold().strip() in g.names()), None)
    if same is not None:
        raise RefereeError(
            f"{proposal.title!r} is already the game {same.id} ({same.folder}); "
            "remove that folder first, or give this one another --title"
        )
    if proposal.code and not trust_code:
        names = ", ".join(sorted({f.name for f in proposal.code})[:3])
        raise RefereeError(
            f"{proposal.book.parent}: holds Python code ({names}) that adding the game would run; "
            "read it, then add it with --trust-code"
        )

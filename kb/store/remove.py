"""`referee remove GAME`: a game `referee add` put in the user's games folder, taken out again.

The game's folder is moved aside, the knowledge base rebuilt without it, and only then deleted; a
build that fails puts the folder back, so nothing is lost. The books Referee ships are not the
user's to remove.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from referee.books.gameconf import Game, discover_games, game_folders
from referee.errors import RefereeError
from referee.names import GameName, resolve_game_name
from referee.paths import shipped_corpus_dir
from referee.store.build import build_knowledge_base


@dataclass
class RemoveReport:
    game: str
    title: str
    folder: str
    games: list[str]  # the games left in the knowledge base

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _same(a: Path, b: Path) -> bool:
    return os.path.realpath(a) == os.path.realpath(b)


def removable(name: str, dirs: list[Path]) -> tuple[Game, list[Game]]:
    """The game `name` names, if `referee add` put it where it writes (the last of `dirs`), and
    the games left without it; an unknown or shipped game is a one-line error."""
    found = [d for d in dirs if d.is_dir() and game_folders(d)]
    games = discover_games(found) if found else []
    if not games:
        raise RefereeError(f"no games in {', '.join(str(d) for d in dirs)}; nothing to remove")
    game_id = resolve_game_name(name, [GameName(g.id, g.title, g.aliases) for g in games])
    game = next(g for g in games if g.id == game_id)
    added_here = _same(game.folder.parent, dirs[-1])
    if not added_here or _same(game.folder.parent, shipped_corpus_dir()):
        raise RefereeError(
            f"{game.id} is not a game you added ({game.folder}); `referee remove` takes out only games "
            f"`referee add` put in {dirs[-1]}"
        )
    left = [g for g in games if g.id != game.id]
    if not left:
        raise RefereeError(f"{game.id} is the only game in {dirs[-1]}; a knowledge base needs at least one game")
    return game, left


def remove_game(name: str, dirs: list[Path], db_path: Path, on_game=None) -> RemoveReport:
    """Take the game out of the user's games folder (the last of `dirs`) and the knowledge base."""
    game, left = removable(name, dirs)
    aside = game.folder.with_name(f".removing-{os.getpid()}-{game.folder.name}")
    os.rename(game.folder, aside)
    try:
        build_knowledge_base(db_path, left, on_game=on_game)
    except BaseException:
        os.rename(aside, game.folder)
        raise
    shutil.rmtree(aside, ignore_errors=True)
    return RemoveReport(game.id, game.title, str(game.folder), [g.id for g in left])

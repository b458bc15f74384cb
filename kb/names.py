"""Naming a game: by its id, its title or an alias people use, case-insensitive; a near miss
gets the closest names ("did you mean takkure?")."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import NamedTuple

from referee.errors import RefereeError


class GameName(NamedTuple):
    id: str
    title: str
    aliases: list[str]


def _names(games: Iterable[GameName]) -> dict[str, str]:
    """Every accepted name, folded, to its game id."""
    return {name.casefold(): g.id for g in games for name in (g.id, g.title, *g.aliases)}


def closest_games(name: str, games: Iterable[GameName]) -> list[str]:
    """Ids of the games one of whose names is close to `name`, closest first."""
    names = _names(games)
    close = difflib.get_close_matches(name.strip().casefold(), list(names), n=5, cutoff=0.6)
    return list(dict.fromkeys(names[n] for n in close))


def resolve_game_name(name: str, games: Iterable[GameName]) -> str:
    """The id of the game `name` names; an empty or unknown name is a RefereeError."""
    games = list(games)
    wanted = name.strip().casefold()
    if not wanted:
        raise RefereeError("the game name is empty; `referee games` lists the games and their aliases")
    found = _names(games).get(wanted)
    if found is not None:
        return found
    close = closest_games(name, games)
    hint = f"did you mean {' or '.join(close[:2])}? " if close else ""
    raise RefereeError(f"unknown game {name!r}; {hint}known games: {', '.join(g.id for g in games)}")

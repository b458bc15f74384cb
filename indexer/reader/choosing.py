"""Which game answers when the question names none: the reader reads the likeliest books.

The search's odds line ranks the games by how well their entries match the question; the
reader then reads the candidates of the first RIVALS games and weighs each game's best passage
with those odds (`Reader.game_odds`, its temperature and weight fit on dev). The game with the
best combined odds answers, and those odds are the ones the answer shows: the line never ranks
first a game other than the one answering.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.indexer.reader.reader import DEPTH, Reader, ScoredPassages, gather
from referee.indexer.search.results import Hit, SearchResult
from referee.indexer.search.searcher import Searcher
from referee.names import GameChoice

RIVALS = 3  # games read when none was named
LIMIT = 10  # entries searched per game
CLOSE = 0.25  # a book at least this likely beside the answering one is "close": its best answer is shown too


@dataclass
class GameReading:
    game: str
    hits: list[Hit]
    reading: ScoredPassages


def read_given_game(reader: Reader, searcher: Searcher, result: SearchResult) -> GameReading:
    hits = result.game_hits or [h for h in result.hits if h.entry.game == result.game]
    gathered = gather(searcher, hits, result.parsed, result.game, result.query)
    return GameReading(result.game, hits, reader.read(gathered))


def rivals(likelihood: dict[str, float], limit: int = RIVALS) -> list[str]:
    return [g for g, _ in sorted(likelihood.items(), key=lambda item: -item[1])[:limit]]


@dataclass
class GamesRead:
    chosen: GameReading
    odds: dict[str, float]  # every game read, with its odds (empty when the game was given or named)
    close: list[GameReading]  # other games read whose odds are at least CLOSE, likeliest first


def read_games(reader: Reader, searcher: Searcher, result: SearchResult) -> GamesRead:
    """The answering game's reading, every game read with its odds, and the close ones."""
    if not result.choice.inferred or len(result.likelihood) < 2:
        return GamesRead(read_given_game(reader, searcher, result), {}, [])
    read = []
    for game in rivals(result.likelihood):
        if game == result.game:
            read.append(read_given_game(reader, searcher, result))
            continue
        own = searcher.search(result.query, GameChoice.given(game), limit=max(LIMIT, DEPTH))
        read.append(read_given_game(reader, searcher, own))
    odds = reader.game_odds([r.reading for r in read], result.likelihood)
    read.sort(key=lambda r: -odds[r.game])
    close = [r for r in read[1:] if odds[r.game] >= CLOSE and r.reading.best is not None]
    return GamesRead(read[0], odds, close)

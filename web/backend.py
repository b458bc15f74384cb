"""What the web app serves from: the knowledge base, the search index, the model and the checks,
loaded once per process and shared by every request.

All knowledge-base work runs on one worker thread. SQLite connections belong to the thread that
opened them, and the work is CPU-bound under the GIL anyway, so one thread per process loses
nothing; the event loop stays free to accept connections and serve static files meanwhile.
More throughput is more processes (see docs/web.md), each with its own copy of this.
"""

from __future__ import annotations

import asyncio
import functools
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from fastapi import Request

from referee import store
from referee.books.gameconf import discover_games
from referee.errors import RefereeError
from referee.indexer.search.encoder import MODEL_ENCODERS, Encoder, Encoders
from referee.indexer.search.searcher import Searcher
from referee.rules.loading import discover_checks, discover_rulebooks
from referee.sheets.build import build_sheet
from referee.sheets.pages import fit, formatted
from referee.states.settle import state_rules

T = TypeVar("T")


@dataclass(frozen=True)
class Settings:
    db_path: Path
    corpus_dir: Path


class Backend:
    def __init__(self, settings: Settings, encoder: Encoder | None = None, encoders: Encoders = MODEL_ENCODERS) -> None:
        self.settings = settings
        self._encoder = encoder  # tests share one loaded model between apps
        self._encoders = encoders
        self._executor: ThreadPoolExecutor | None = None
        self.searcher: Any = None
        self.checks: dict[str, Any] = {}
        self.state_rules: dict[str, Any] = {}  # the games that settle whole states (kb.state.StateRules)
        self.games: list[dict[str, Any]] = []
        self._game_configs: dict[str, Any] = {}
        self._sheets: dict[tuple[str, str, str | None], bytes | str] = {}
        self._sheet_lock = threading.Lock()

    # ------------------------------------------------------------ life cycle

    async def start(self) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="referee-kb")
        await self.run(self._load)

    async def stop(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    def _load(self) -> None:
        self.searcher = Searcher(self.settings.db_path, encoder=self._encoder, encoders=self._encoders)
        self.games = store.games(self.searcher.db)
        rulebooks = discover_rulebooks(self.settings.corpus_dir)
        self.checks = discover_checks(self.settings.corpus_dir, rulebooks)
        self.state_rules = state_rules(rulebooks)
        self._game_configs = {g.id: g for g in discover_games(self.settings.corpus_dir)}

    async def run(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run knowledge-base work on the worker thread that owns the connection."""
        if self._executor is None:
            raise RuntimeError("the backend is not started")
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, functools.partial(function, *args, **kwargs))

    # ------------------------------------------------------------ games

    @property
    def db(self) -> Any:
        return self.searcher.db

    def game_ids(self) -> list[str]:
        return [g["id"] for g in self.games]

    def game(self, game_id: str) -> dict[str, Any]:
        for game in self.games:
            if game["id"] == game_id:
                return game
        raise LookupError(game_id)

    def resolve_game(self, name: str | None) -> str | None:
        """A game id from an id, title or alias; None for no game (every game is searched)."""

        if name is None or not name.strip():
            return None
        return store.resolve_game(self.db, name)

    # ------------------------------------------------------------ sheets

    def sheet(self, game_id: str, format_: str, lang: str | None = None) -> bytes | str:
        """A game's one-page quick-reference sheet (in the book's language, or `lang` when the book
        has a translation), as HTML text or PDF bytes: what `referee sheet` writes. Built once per
        process: the knowledge base is read-only while served, and laying out a page takes seconds."""
        key = (game_id, format_, lang)
        with self._sheet_lock:
            if key not in self._sheets:
                self._sheets[key] = self._build_sheet(game_id, format_, lang)
            return self._sheets[key]

    def _build_sheet(self, game_id: str, format_: str, lang: str | None) -> bytes | str:
        config = self._game_configs.get(game_id)
        if config is None:
            raise RefereeError(f"no corpus folder for {game_id}")
        return formatted(fit(build_sheet(self.db, config, self.checks, lang), 1), format_)


def backend_of(request: Request) -> Backend:
    """The backend of the app serving `request` (set by create_app)."""
    return request.app.state.backend

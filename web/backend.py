"""What the web app serves from: the knowledge base, the search index, the model and the checks,
loaded once per process and shared by every request.

Search and ask run on one thread that answers (it owns the index, the model and their SQLite
connection); the light work (a rule's page, a check, a state) runs on a second thread with its own
read-only connection, so a rule page never waits behind a question. The work is CPU-bound under
the GIL, so more threads would not answer faster; the event loop stays free to accept connections
and serve static files meanwhile.
More throughput is more processes (`referee serve --workers`, see docs/web.md), each with its own
copy of this over the same read-only files. Work that takes seconds (a sheet laid out on its page)
never runs on that thread: a separate process makes it (referee.web.sheets).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from fastapi import Request

from referee import store
from referee.books.gameconf import discover_games, game_config
from referee.errors import RefereeError
from referee.indexer.search.encoder import MODEL_ENCODERS, Encoder, Encoders
from referee.indexer.search.index import index_dir, read_config
from referee.indexer.search.searcher import Searcher
from referee.rules.loading import load_rules
from referee.states.examples import example_state, example_states
from referee.web.sheets import SheetFiles, SheetKey, SheetMaker, sheet_keys
from referee.web.starting import starting_words

T = TypeVar("T")
log = logging.getLogger("referee.web")
CHANGE_SECONDS = 2.0  # how often a request looks whether the knowledge base changed (a few stat calls)


@dataclass(frozen=True)
class Settings:
    """What to serve: the knowledge base, the game folders it was built from (the shipped books
    and the user's added games), and whether to make every sheet in the background at start."""

    db_path: Path
    corpus_dirs: Sequence[Path] | Path
    prepare_sheets: bool = False  # `referee serve` does; tests ask for the one sheet they read
    workers: int = 1  # server processes (for /api/status: each process answers for itself)
    learn: bool = False  # `referee serve --learn`: a tapped choice is kept in this machine's memory
    load_in_background: bool = False  # `referee serve`: answer at once ("starting") while the model loads
    ready_file: Path | None = None  # `referee serve`: created once this process answers (web.starting stops)
    started_at: float | None = None  # `referee serve`: when it began (time.monotonic), the "so far" counts from it
    dirs: tuple[Path, ...] = field(init=False)

    def __post_init__(self) -> None:
        given = [self.corpus_dirs] if isinstance(self.corpus_dirs, Path) else list(self.corpus_dirs)
        object.__setattr__(self, "dirs", tuple(Path(d) for d in given))

    @property
    def corpus_dir(self) -> Path:
        """The first game folder (the shipped books)."""
        return self.dirs[0]


class Backend:
    def __init__(self, settings: Settings, encoder: Encoder | None = None, encoders: Encoders = MODEL_ENCODERS) -> None:
        self.settings = settings
        self._encoder = encoder  # tests share one loaded model between apps
        self._encoders = encoders
        self._executor: ThreadPoolExecutor | None = None  # search and ask
        self._light: ThreadPoolExecutor | None = None  # rules, checks, states
        self._local = threading.local()
        self.searcher: Any = None
        self.checks: dict[str, Any] = {}
        self.state_rules: dict[str, Any] = {}  # the games that settle whole states (kb.state.StateRules)
        self.games: list[dict[str, Any]] = []
        self._game_configs: dict[str, Any] = {}
        self.sheets: SheetMaker | None = None
        self.ready = False  # the first load is done
        self.failed: str | None = None  # why the first load failed
        self.generation = 0  # loads done: a thread's own connection is reopened after a reload
        self._started_at = settings.started_at or time.monotonic()
        self._loading: asyncio.Future[None] | None = None
        self._reloading: asyncio.Future[None] | None = None
        self._seen: tuple[Any, ...] = ()
        self._looked_at = 0.0
        self._retiring: asyncio.Future[None] | None = None  # the sheet maker a reload replaced

    # ------------------------------------------------------------ life cycle

    async def start(self) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="referee-kb")
        self._light = ThreadPoolExecutor(max_workers=1, thread_name_prefix="referee-light")
        self._started_at = self.settings.started_at or time.monotonic()
        self._seen = knowledge_stamp(self.settings)
        if self.settings.load_in_background:  # `referee serve`: pages say "starting" meanwhile (web.app)
            self._loading = asyncio.ensure_future(self._first_load())
        else:
            await self._first_load()
        if self.settings.ready_file is not None:  # the port's stand-in hands it over to this process
            self.settings.ready_file.touch()

    async def _first_load(self) -> None:
        try:
            await self.run(self._load)
        except Exception as exc:  # the server stays up and every page says why (one line, logged once)
            self.failed = " ".join(str(exc).split()) or type(exc).__name__
            log.exception("the knowledge base could not be loaded")
            if not self.settings.load_in_background:
                raise
            return
        self._new_sheets()
        self.ready = True

    def _new_sheets(self) -> None:
        served = [g for g in self._game_configs.values() if g.id in self.game_ids()]
        old, self.sheets = self.sheets, SheetMaker(self.settings.db_path, list(self.settings.dirs), sheet_keys(served))
        if self.settings.prepare_sheets:
            self.sheets.prepare()
        if old is not None:
            self._retiring = asyncio.ensure_future(_retire(old))

    async def stop(self) -> None:
        for task in (self._loading, self._reloading, self._retiring):
            if task is not None:
                task.cancel()
        if self.sheets is not None:
            self.sheets.stop()
        for pool in (self._executor, self._light):
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
        self._executor = self._light = None

    def _load(self) -> None:
        """On the answering thread: everything a request reads, built first, then put in place at
        once (a reload runs here too, after the asks queued before it: they answer from the old)."""
        encoder = self._encoder or self._same_model_encoder()
        searcher = Searcher(self.settings.db_path, encoder=encoder, encoders=self._encoders)
        games = store.games(searcher.db)
        rules = load_rules(list(self.settings.dirs))
        configs = {g.id: g for g in discover_games(list(self.settings.dirs))}
        self.searcher, self.games, self._game_configs = searcher, games, configs
        self.checks, self.state_rules = dict(rules.checks), rules.states
        self.generation += 1  # the light thread's connection is opened again on the new file

    def _same_model_encoder(self) -> Encoder | None:
        """The loaded model, kept across a reload when the new index was embedded with it (seconds saved)."""
        if self.searcher is None:
            return None
        config = read_config(self.settings.db_path)
        same = config is not None and config.model == self.searcher.index.config.model
        return self.searcher.encoder if same else None

    def starting(self) -> str | None:
        """While the knowledge base loads (`referee serve` answers at once): what a page says; else None."""
        if self.ready:
            return None
        if self.failed is not None:
            return f"Referee could not load the knowledge base: {self.failed}"
        return starting_words(time.monotonic() - self._started_at)

    # ------------------------------------------------------------ a game added while serving

    async def follow_changes(self) -> None:
        """Reload when `referee add` (or build, remove, index) changed the knowledge base: looked at
        no more than every `CHANGE_SECONDS` (a few stat calls). Reloaded only once the index matches
        the database (an add swaps the database in, then embeds): until then the old is served. A
        request that arrives during a reload waits for it; asks already queued answer from the old."""
        if not self.ready:
            return
        now = time.monotonic()
        if self._reloading is None and now - self._looked_at >= CHANGE_SECONDS:
            self._looked_at = now
            stamp = knowledge_stamp(self.settings)
            if stamp != self._seen:
                self._seen = stamp
                self._reloading = asyncio.ensure_future(self._reload())
        if self._reloading is not None:
            await asyncio.shield(self._reloading)

    async def _reload(self) -> None:
        try:
            if not await self.run_light(index_matches, self.settings.db_path):
                log.info("the knowledge base changed; its index is not rebuilt yet: serving the old until it is")
                return
            await self.run(self._load)
            self._new_sheets()
            log.warning("the knowledge base changed: reloaded (%d games)", len(self.games))
        except Exception:  # a half-written or damaged change: the old stays served, the next change retries
            log.exception("the knowledge base changed but could not be reloaded; serving the old")
        finally:
            self._reloading = None

    async def run(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Search and ask: on the thread that owns the index and the model."""
        return await self._on(self._executor, function, *args, **kwargs)

    async def run_light(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """A rule, a check or a state: on the light thread (its own connection), never behind an ask."""
        return await self._on(self._light, function, *args, **kwargs)

    async def _on(self, pool: ThreadPoolExecutor | None, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        if pool is None:
            raise RuntimeError("the backend is not started")
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(pool, functools.partial(function, *args, **kwargs))

    # ------------------------------------------------------------ games

    @property
    def db(self) -> Any:
        """The knowledge base's connection for the thread asking (a SQLite connection belongs to
        the thread that opened it): the searcher's on the answering thread, else one of its own."""
        if threading.current_thread().name.startswith("referee-kb"):
            return self.searcher.db
        db = getattr(self._local, "db", None)
        if db is None or getattr(self._local, "generation", None) != self.generation:
            db = self._local.db = store.open_db(self.settings.db_path)
            self._local.generation = self.generation
        return db

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

    # ------------------------------------------------------------ example states

    def examples(self) -> list[dict[str, Any]]:
        """Every game's documented example states (without their `expect:`), the games that settle states."""
        found = [e for d in self.settings.dirs if d.is_dir() for e in example_states(d)]
        return [e for e in found if e["game"] in self.state_rules]

    def example(self, game: str, name: str) -> dict[str, Any]:
        folder = self._game_configs[game].folder.parent if game in self._game_configs else self.settings.corpus_dir
        return example_state(folder, game, name)

    # ------------------------------------------------------------ sheets

    def translations(self, game_id: str) -> list[str]:
        """The languages a game's sheet is offered in besides its book's."""
        config = self._game_configs.get(game_id)
        return sorted(config.translations) if config is not None else []

    def sheet_key(self, game_id: str, lang: str | None = None) -> SheetKey:
        """A game's sheet in the book's language, or in `lang` when the book has a translation."""
        config = game_config(self._game_configs.values(), game_id)
        if lang == config.language:
            lang = None
        if lang is not None and lang not in config.translations:
            have = ", ".join([config.language, *sorted(config.translations)])
            raise RefereeError(f"no {lang} reading of {game_id}; sheets in: {have}")
        return SheetKey(game_id, lang)

    async def sheet(self, game_id: str, lang: str | None = None) -> SheetFiles:
        """A game's one-page quick-reference sheet: what `referee sheet` makes, made by the sheet
        process (seconds, the first time) while this process goes on answering."""
        assert self.sheets is not None
        return await self.sheets.get(self.sheet_key(game_id, lang))

    async def sheet_soon(self, game_id: str, lang: str | None, wait: float) -> tuple[SheetFiles | None, dict[str, Any]]:
        """The sheet if ready within `wait` seconds, else None with its progress (its making started)."""
        assert self.sheets is not None
        key = self.sheet_key(game_id, lang)
        made = await self.sheets.soon(key, wait)
        return made, self.sheets.progress(key)


def knowledge_stamp(settings: Settings) -> tuple[Any, ...]:
    """What changes when the knowledge base does: the database and the index are replaced by
    renames (a new inode), an added game's folder is renamed into a games folder (its mtime)."""
    paths = [settings.db_path, index_dir(settings.db_path) / "config.json", *settings.dirs]
    stamp: list[Any] = []
    for path in paths:
        try:
            found = path.stat()
            stamp.append((found.st_ino, found.st_mtime_ns, found.st_size))
        except OSError:
            stamp.append(None)
    return tuple(stamp)


def index_matches(db_path: Path) -> bool:
    """Whether the index on disk was built from the database on disk (not in the middle of an add)."""
    config = read_config(db_path)
    if config is None:
        return False
    db = store.open_db(db_path)
    try:
        return config.fingerprint == store.fingerprint(db)
    finally:
        db.conn.close()


async def _retire(maker: SheetMaker) -> None:
    """A replaced sheet maker stops once the sheets asked of it are made (their pages get them)."""
    maker.stop_preparing()
    while maker.busy():
        await asyncio.sleep(1)
    maker.stop()


def backend_of(request: Request) -> Backend:
    """The backend of the app serving `request` (set by create_app)."""
    return request.app.state.backend

"""Sheets for the web, made by a separate process: never on the thread that answers.

Laying a sheet out takes seconds (WeasyPrint renders the page again and again while it fits).
A `SheetMaker` hands that to one worker process of its own, run at a lower priority (answers come
first on a shared machine), and keeps what it made in memory and in a folder beside the knowledge
base (`referee.sheets/<fingerprint>/`: the fingerprint covers the knowledge base, the corpus's
game folders and the sheet code), so another server process, or the next start, serves them at
once. A request for a sheet awaits it without holding the thread that answers; `prepare` makes
every sheet in the background when the server starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import hashlib
import json
import logging
import multiprocessing
import os
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import referee.sheets
from referee import store
from referee.books.gameconf import discover_games, game_config
from referee.errors import RefereeError
from referee.rules.loading import load_rules
from referee.sheets.build import build_sheet
from referee.sheets.html import sheet_body, to_html
from referee.sheets.pages import fit, formatted
from referee.store.atomic import write_file

log = logging.getLogger("referee.web")
SHEET_CODE = Path(referee.sheets.__file__).resolve().parent  # kb/sheets/ in a checkout, referee/sheets/ installed
NICENESS = 19  # the lowest priority: on a shared machine every answer comes first
ENTRY_LINKS = "/"  # a sheet served here links each citation to its rule's page


@dataclass(frozen=True)
class SheetKey:
    game: str
    lang: str | None = None  # None: the book's language

    @property
    def stem(self) -> str:
        return self.game if self.lang is None else f"{self.game}.{self.lang}"


@dataclass(frozen=True)
class SheetFiles:
    """One sheet as the web serves it: the PDF, the printable page, the part the Sheets page shows."""

    pdf: bytes
    html: str
    body: str
    kept: int  # lines (units) on the page
    left_out: int  # lines that did not fit


def sheet_keys(games: list[Any]) -> list[SheetKey]:
    """Every sheet a server offers: each game in its book's language and in each translation."""
    return [SheetKey(g.id, lang) for g in games for lang in (None, *sorted(g.translations))]


def fingerprint(db_path: Path, corpus_dirs: list[Path]) -> str:
    """What a sheet depends on: the knowledge base, each game's configuration and rule modules
    (computed tables call the checks), and the code that lays sheets out."""
    digest = hashlib.sha256(store.fingerprint(store.open_db(db_path)).encode())
    paths = sorted(SHEET_CODE.glob("*.py"))
    for folder in corpus_dirs:
        if folder.is_dir():
            paths += sorted(p for p in folder.glob("*/*") if p.name == "game.toml" or p.suffix == ".py")
    for path in paths:
        digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()[:16]


def cache_folder(db_path: Path, print_: str) -> Path | None:
    """referee.sheets/<fingerprint>/ beside the database, or None when that folder cannot be written."""
    folder = db_path.parent / f"{db_path.stem}.sheets" / print_
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder if os.access(folder, os.W_OK) else None


def read_cached(folder: Path | None, key: SheetKey) -> SheetFiles | None:
    if folder is None:
        return None
    meta = folder / f"{key.stem}.json"  # written last: its presence means the others are complete
    if not meta.is_file():
        return None
    try:
        counts = json.loads(meta.read_text(encoding="utf-8"))
        return SheetFiles(
            (folder / f"{key.stem}.pdf").read_bytes(),
            (folder / f"{key.stem}.html").read_text(encoding="utf-8"),
            (folder / f"{key.stem}.body.html").read_text(encoding="utf-8"),
            counts["kept"],
            counts["left_out"],
        )
    except (OSError, ValueError, KeyError):
        return None


def _write_cached(folder: Path, key: SheetKey, files: SheetFiles, seconds: float | None = None) -> None:
    """Each file written whole (referee.store.atomic); the .json last, its presence meaning the
    others are complete. A folder that cannot be written (a full disk) is one log line: the sheet
    is still served from memory."""
    try:
        write_file(folder / f"{key.stem}.pdf", files.pdf)
        write_file(folder / f"{key.stem}.html", files.html)
        write_file(folder / f"{key.stem}.body.html", files.body)
        # seconds: what making it took, the pace the progress page estimates from
        counts = {"kept": files.kept, "left_out": files.left_out, "seconds": seconds}
        write_file(folder / f"{key.stem}.json", json.dumps(counts))
    except RefereeError as exc:
        log.warning("sheet %s not kept: %s", key.stem, " ".join(str(exc).split()))


# ---------------------------------------------------------------- progress, shared by the server's processes


def made_in(folder: Path | None) -> set[str]:
    """The sheets the folder holds whole (their .json is written last)."""
    if folder is None:
        return set()
    try:
        return {p.stem for p in folder.iterdir() if p.suffix == ".json" and not p.name.startswith(".")}
    except OSError:
        return set()


def mark_asked(folder: Path | None, key: SheetKey, since: float) -> None:
    """When a sheet was first asked for, by any server process: every process's page says the
    same. A mark from before `since` (this server's start: one stopped before making it) is replaced."""
    if folder is None:
        return
    before = asked_at(folder, key)
    if before is None or before < since:
        with contextlib.suppress(OSError):
            (folder / f".{key.stem}.asked").write_text(repr(time.time()), encoding="utf-8")


def asked_at(folder: Path | None, key: SheetKey) -> float | None:
    if folder is None:
        return None
    try:
        return float((folder / f".{key.stem}.asked").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def measured_pace(folder: Path | None) -> float | None:
    """Seconds a sheet took to make here, on average over the sheets made so far (None: none timed)."""
    times = []
    for stem in made_in(folder):
        assert folder is not None
        with contextlib.suppress(OSError, ValueError, TypeError, AttributeError):
            seconds = json.loads((folder / f"{stem}.json").read_text(encoding="utf-8")).get("seconds")
            if isinstance(seconds, int | float) and seconds > 0:
                times.append(float(seconds))
    return round(sum(times) / len(times), 1) if times else None


def estimate(pace: float | None, ahead: int, seconds: float) -> int | None:
    """Seconds still to wait for a sheet with `ahead` sheets before it, `seconds` after it was
    asked for, at the measured pace; None when nothing was measured or it is already past it
    (the page then says so rather than promise a time it cannot keep)."""
    if pace is None:
        return None
    left = pace * (ahead + 1) - seconds
    return round(left) if left >= 1 else None


# ---------------------------------------------------------------- the worker process

_WORKER: dict[str, Any] = {}


def _start_worker(db_path: str, corpus_dirs: list[str], niceness: int) -> None:
    """Once per worker process: lower its priority, load the corpus's games and checks."""
    os.environ["OMP_NUM_THREADS"] = "1"
    with contextlib.suppress(OSError):
        os.nice(niceness)
    lowest_priority(os.getpid())
    dirs = [Path(d) for d in corpus_dirs]
    _WORKER["db_path"] = Path(db_path)
    _WORKER["games"] = {g.id: g for g in discover_games(dirs)}
    _WORKER["checks"] = load_rules(dirs).checks


def lowest_priority(pid: int) -> None:
    """Linux's idle scheduling class besides the lowest niceness: a niceness of 19 still takes
    about 1.5 % of a core from each answering process beside it, the idle class about 0.3 %
    (docs/records/2026-12-02-table-load.md). Elsewhere, or where it is refused, the niceness stays."""
    if hasattr(os, "sched_setscheduler") and hasattr(os, "SCHED_IDLE"):
        with contextlib.suppress(OSError, TypeError):
            os.sched_setscheduler(pid, os.SCHED_IDLE, os.sched_param(0))


@contextlib.contextmanager
def _locked(folder: Path | None, key: SheetKey) -> Iterator[None]:
    """One maker of a sheet at a time across the server's processes (the kernel drops the lock)."""
    if folder is None:
        yield
        return
    with open(folder / f".{key.stem}.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield


def make_sheet(key: SheetKey, folder: str | None) -> SheetFiles:
    """In the worker process: the sheet fitted to its page, as PDF, printable HTML and page part."""
    cache = Path(folder) if folder else None
    with _locked(cache, key):
        done = read_cached(cache, key)  # another server process may have made it meanwhile
        if done is not None:
            return done
        began = time.monotonic()
        game = game_config(_WORKER["games"].values(), key.game)
        db = store.open_db(_WORKER["db_path"])
        sheet = fit(build_sheet(db, game, _WORKER["checks"], key.lang))  # on the pages its [sheet] says
        pdf = formatted(sheet, "pdf")
        assert isinstance(pdf, bytes)
        files = SheetFiles(pdf, to_html(sheet, ENTRY_LINKS), sheet_body(sheet, ENTRY_LINKS), sheet.unit_count(),
                           sheet.left_out)  # fmt: skip
        if cache is not None:
            _write_cached(cache, key, files, round(time.monotonic() - began, 1))
        return files


# ---------------------------------------------------------------- in the server


class SheetMaker:
    """The server's side: what is made, what is being made, and the worker process that makes it."""

    def __init__(self, db_path: Path, corpus_dirs: list[Path], keys: list[SheetKey]) -> None:
        self.db_path = db_path
        self.corpus_dirs = corpus_dirs
        self.keys = keys
        self.folder = cache_folder(db_path, fingerprint(db_path, corpus_dirs))
        self._made: dict[SheetKey, SheetFiles] = {}
        self._making: dict[SheetKey, asyncio.Future[SheetFiles]] = {}
        self._pool: ProcessPoolExecutor | None = None
        self._preparing: asyncio.Task[None] | None = None
        self._started: dict[SheetKey, float] = {}  # when each sheet in the making was asked for
        self._since = time.time()  # a sheet's ask marked in the folder before this is another server's

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),  # never fork a process holding a model and threads
                initializer=_start_worker,
                initargs=(str(self.db_path), [str(d) for d in self.corpus_dirs], NICENESS),
            )
        return self._pool

    async def get(self, key: SheetKey) -> SheetFiles:
        if key in self._made:
            return self._made[key]
        return await asyncio.shield(self._start(key))

    def _start(self, key: SheetKey) -> asyncio.Future[SheetFiles]:
        if key not in self._making:
            making = self._making[key] = asyncio.ensure_future(self._make(key))
            self._started[key] = time.monotonic()
            mark_asked(self.folder, key, self._since)
            # a sheet nobody waits for any more still has its failure read (logged once, by `prepare` or a page)
            making.add_done_callback(lambda done: done.cancelled() or done.exception())
        return self._making[key]

    async def soon(self, key: SheetKey, wait: float) -> SheetFiles | None:
        """The sheet if it is ready within `wait` seconds (already made, or read from the folder);
        else None, its making started: the page says so and comes back, never a blank wait."""
        if key in self._made:
            return self._made[key]
        try:
            return await asyncio.wait_for(asyncio.shield(self._start(key)), wait)
        except TimeoutError:
            return None

    def progress(self, key: SheetKey) -> dict[str, Any]:
        """For the page shown while a sheet is made: every sheet's state (the other server
        processes' sheets included: they are read from the shared folder), how many are ready, for
        how long this one has been asked for (the first ask of any process), and the pace measured
        on the sheets made so far with what it gives for this one (None before any was timed)."""
        states = self.status()
        asked = asked_at(self.folder, key)
        seconds = round(max(0.0, time.time() - asked)) if asked is not None and states.get(key.stem) != "ready" else 0
        pace = measured_pace(self.folder)
        ahead = sum(1 for k in self._making if k != key and self._started.get(k, 0.0) < self._started.get(key, 0.0))
        return {
            "sheets": states,
            "ready": sum(state == "ready" for state in states.values()),
            "total": len(states),
            "seconds": seconds,
            "state": states.get(key.stem, "making"),
            "pace": pace,
            "estimate": estimate(pace, ahead, seconds),
        }

    async def _make(self, key: SheetKey) -> SheetFiles:
        try:
            files = await asyncio.to_thread(read_cached, self.folder, key)
            if files is None:
                loop = asyncio.get_running_loop()
                folder = str(self.folder) if self.folder else None
                try:
                    future = loop.run_in_executor(self._executor(), make_sheet, key, folder)
                    self._lower_priority()
                    files = await future
                except BrokenProcessPool:
                    self._pool = None  # the worker died (killed, out of memory): the next request starts another
                    raise RefereeError(f"the sheet for {key.stem} could not be made; try again") from None
            self._made[key] = files
            return files
        finally:
            self._making.pop(key, None)

    def _lower_priority(self) -> None:
        """The worker's priority, lowered from here as soon as it exists: a spawned process imports
        Referee and WeasyPrint (seconds of CPU) before its own initializer could lower it."""
        for process in list(getattr(self._pool, "_processes", {}).values()):
            with contextlib.suppress(OSError, TypeError):
                if os.getpriority(os.PRIO_PROCESS, process.pid) < NICENESS:
                    os.setpriority(os.PRIO_PROCESS, process.pid, NICENESS)
            lowest_priority(process.pid)

    def prepare(self) -> None:
        """Make every sheet in the background, one at a time (a player's request goes in between)."""

        async def every_sheet() -> None:
            for key in self.keys:
                try:
                    await self.get(key)
                except Exception as exc:  # one sheet failing is logged, the others are still made
                    log.warning("sheet %s not made: %s", key.stem, " ".join(str(exc).split()))

        self._preparing = asyncio.ensure_future(every_sheet())

    def status(self) -> dict[str, str]:
        """Each sheet: ready (here, or in the shared folder: another server process made it),
        making, or waiting."""
        made = made_in(self.folder)
        return {
            k.stem: "ready" if k in self._made or k.stem in made else "making" if k in self._making else "waiting"
            for k in self.keys
        }

    def stop_preparing(self) -> None:
        if self._preparing is not None:
            self._preparing.cancel()

    def busy(self) -> bool:
        """Whether a sheet asked of this maker is still being made."""
        return bool(self._making)

    def stop(self) -> None:
        if self._preparing is not None:
            self._preparing.cancel()
        if self._pool is not None:
            # a sheet half laid out is not worth waiting for: the worker is stopped, not joined
            for process in list(getattr(self._pool, "_processes", {}).values()):
                process.terminate()
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

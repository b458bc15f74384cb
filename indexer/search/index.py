"""The vector index: derived data beside the SQLite file, rebuilt only when stale.

Layout of `<db stem>.index/`: `vectors.faiss` (one vector per index unit), `units.npz`
(which entry each unit belongs to, whether it is the whole entry or one sentence),
`config.json` (model, dimension, prompts, unit scheme, knowledge-base fingerprint,
build stamp, and the sha256 of every other file), and one `book-<digest>-<sha>.npy` per game:
that book's vectors, named by what they were made from (bookvectors). Units are stored game by
game so a game is one contiguous id range.

A rebuild embeds only the books whose units changed (a new book, a book rebuilt with other
text, a new model); every other book's vectors are carried over and the FAISS index assembled
from them. `force` embeds everything again.

One process at a time writes it (the database's write lock); a reader checks every file
against its checksum, so a damaged index is rebuilt or refused, never answered from.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from referee import store
from referee.errors import RefereeError
from referee.indexer.search.bookvectors import (
    Embedding,
    IndexWork,
    assemble,
    carry,
    faiss_shape,
    find_kept,
    is_book_file,
    same_dimension,
    units_digest,
)
from referee.indexer.search.calibration import PROBES, load_probes, measure_gaps, probes_digest
from referee.indexer.search.encoder import MODEL_ENCODERS, Encoders
from referee.indexer.search.model import PROMPTS, model_name
from referee.indexer.search.units import UNIT_SCHEME, game_units, plan_units
from referee.store.atomic import remove_leftovers, replacing_folder
from referee.store.lock import is_locked, wait_for_writer, write_lock


@dataclass
class IndexConfig:
    model: str
    dim: int
    prompts: dict[str, str]
    unit_scheme: str
    fingerprint: str
    units: int
    entries: int
    index_type: str
    built_at: str
    # what a right answer loses to the model across languages ("en>uk"), and the probes measured
    crosslingual_gaps: dict[str, float] = field(default_factory=dict)
    probes: str = ""
    files: dict[str, str] = field(default_factory=dict)  # file name -> sha256, checked on every load
    books: dict[str, str] = field(default_factory=dict)  # game -> the file of its vectors (bookvectors)
    embedded: dict[str, int] = field(default_factory=dict)  # game -> units this build embedded
    seconds_per_unit: float = 0.0  # the pace of the last build that embedded anything


INDEX_FILES = ("vectors.faiss", "units.npz", "entries.json")


def index_dir(db_path: Path) -> Path:
    return db_path.with_name(db_path.stem + ".index")


def _owned(folder: Path) -> bool:
    """An index folder we may replace: only files an index holds (a user's folder is refused)."""
    return all(p.name in (*INDEX_FILES, "config.json") or is_book_file(p.name) for p in folder.iterdir())


def _require_writable(db_path: Path, why: str) -> None:
    """Fail before a minute of embedding, not after, when the index cannot be written."""
    target = index_dir(db_path)
    if not os.access(target.parent, os.W_OK):
        raise RefereeError(f"{target.parent}: folder is not writable, so the search index cannot be written ({why})")
    if (target.exists() or target.is_symlink()) and (not target.is_dir() or target.is_symlink() or not _owned(target)):
        raise RefereeError(f"{target}: exists and is not a folder Referee made; move it away")


def build_index(
    db_path: Path,
    model: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    on_wait: Callable[[str], None] | None = None,
    encoders: Encoders = MODEL_ENCODERS,
    force: bool = False,
    on_plan: Callable[[IndexWork], None] | None = None,
) -> IndexConfig:
    """Index every entry and sentence of the knowledge base, embedding with `encoders.passages(model)`
    only the books whose units are not already embedded in the index being replaced (`force`:
    every book, and the cross-language gaps measured again); `on_plan` is told the work before
    any embedding. The index is written atomically, holding the database's write lock (a build
    cannot swap the database in meanwhile)."""
    _require_writable(db_path, "run `referee index` where the database can be written")
    with write_lock(db_path, "building the search index", on_wait):
        return _build_index(db_path, model, encoders, progress, force, on_plan)


def _previous(db_path: Path) -> IndexConfig | None:
    """The config of the index being replaced, if it can be read (only its gaps and pace are reused)."""
    try:
        return read_config(db_path)
    except DamagedIndex:
        return None


def _build_index(
    db_path: Path,
    model: str | None,
    encoders: Encoders,
    progress: Callable[[int, int], None] | None,
    force: bool,
    on_plan: Callable[[IndexWork], None] | None,
) -> IndexConfig:
    db = store.open_db(db_path)
    name = model_name(model)
    plan = plan_units(db)
    if plan.total == 0:
        raise RefereeError(f"{db_path}: the knowledge base has no entries to index")
    folder = index_dir(db_path)
    previous = None if force else _previous(db_path)
    digests: dict[str, str] = {}
    kept: dict[str, Path] = {}
    for game, units in game_units(store.entries(db)):
        digests[game] = units_digest(name, [u.text for u in units])
        found = None if force else find_kept(folder, digests[game], len(units))
        if found is not None:
            kept[game] = found
    embed = {game: hi - lo for game, (lo, hi) in plan.games.items() if game not in kept}
    work = IndexWork(embed, sorted(kept), previous.seconds_per_unit if previous else 0.0)
    if on_plan:
        on_plan(work)
    embedding = Embedding(lambda: encoders.passages(name), sum(embed.values()), progress)
    reuse_gaps = previous is not None and previous.model == name and previous.probes == probes_digest()
    with replacing_folder(folder, owned=_owned) as staging, _writing(folder):
        files = {game: carry(path, staging) for game, path in kept.items()}
        started = time.perf_counter()
        for game in embed:  # in index order; one book's units at a time
            texts = [u.text for u in next(units for _, units in game_units(store.entries(db, game)))]
            files[game] = embedding.write_book(texts, digests[game], staging)
        pace = (time.perf_counter() - started) / embedding.total if embedding.total else 0.0
        gaps = previous.crosslingual_gaps if reuse_gaps and previous else measure_gaps(embedding.encoder, load_probes())
        config = IndexConfig(
            model=name,
            dim=same_dimension(files),
            prompts=PROMPTS,
            unit_scheme=UNIT_SCHEME,
            fingerprint=store.fingerprint(db),
            units=plan.total,
            entries=len(plan.entry_ids),
            index_type="flat",
            built_at=datetime.now(UTC).isoformat(timespec="seconds"),
            crosslingual_gaps=gaps,
            probes=probes_digest(),
            books={game: files[game].name for game in plan.games},
            embedded=embed,
            seconds_per_unit=pace or (previous.seconds_per_unit if previous else 0.0),
        )
        faiss_index, config.index_type = assemble([files[game] for game in plan.games], plan.total, config.dim)
        _write_index(staging, faiss_index, plan, config)
    return config


@contextmanager
def _writing(folder: Path) -> Iterator[None]:
    try:
        yield
    except OSError as exc:
        why = str(exc).strip().splitlines()[-1][:160] if str(exc).strip() else type(exc).__name__
        raise RefereeError(
            f"{folder}: cannot write the search index ({why}; is the disk full?); the old index is unchanged"
        ) from None


def _write_index(staging: Path, faiss_index: Any, plan: Any, config: IndexConfig) -> None:
    import faiss  # the [search] extra: loaded only where an index is used

    entry_ids, informative, games = plan.entry_ids, plan.informative, plan.games
    try:
        faiss.write_index(faiss_index, str(staging / "vectors.faiss"))
    except RuntimeError as exc:  # faiss says RuntimeError for a write that failed (a full disk)
        raise OSError(str(exc)) from None
    np.savez(
        staging / "units.npz",
        entry=plan.unit_entry,
        kind=plan.unit_kind,
        sentence=plan.unit_sentence,
        informative=np.array(informative, dtype=bool),
    )
    (staging / "entries.json").write_text(json.dumps({"ids": entry_ids, "games": games}, ensure_ascii=False))
    config.files = {name: _sha256((staging / name).read_bytes()) for name in INDEX_FILES}
    (staging / "config.json").write_text(json.dumps(asdict(config), indent=2))


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass
class LoadedIndex:
    config: IndexConfig
    faiss: Any  # a faiss.Index: faiss is not followed by the type checker (pyproject.toml)
    unit_entry: np.ndarray
    unit_kind: np.ndarray
    unit_sentence: np.ndarray
    informative: np.ndarray
    entry_ids: list[str]
    entry_index: dict[str, int]
    game_units: dict[str, tuple[int, int]]
    game_entries: dict[str, np.ndarray]


class DamagedIndex(RefereeError):
    """The index on disk does not match its own config (garbled, truncated, half replaced)."""


_CONFIG_TYPES = {
    **{key: int for key in ("dim", "units", "entries")},
    **{key: dict for key in ("prompts", "crosslingual_gaps", "files", "books", "embedded")},
    "seconds_per_unit": float,
}


def _parse_config(data: bytes) -> IndexConfig:
    try:
        raw = json.loads(data)
        if not isinstance(raw, dict) or set(raw) - {f.name for f in fields(IndexConfig)}:
            raise ValueError("unexpected keys")
        for key, value in raw.items():
            if not isinstance(value, _CONFIG_TYPES.get(key, str)) or isinstance(value, bool):
                raise ValueError(f"{key} has the wrong type")
        return IndexConfig(**raw)
    except (TypeError, ValueError, UnicodeDecodeError) as exc:
        raise DamagedIndex(f"config.json is damaged ({exc})") from None


def read_config(db_path: Path) -> IndexConfig | None:
    """The index's config, None if there is no index; DamagedIndex if it is not readable."""
    folder = index_dir(db_path)
    if not folder.exists() and not folder.is_symlink():
        return None
    if not folder.is_dir():
        raise DamagedIndex(f"{folder} is not a folder")
    path = folder / "config.json"
    if not path.exists():
        return None
    return _parse_config(path.read_bytes())


def _read_verified(db_path: Path) -> tuple[IndexConfig, dict[str, bytes]]:
    """The config and every index file's bytes, each checked against the config's checksum."""
    folder = index_dir(db_path)
    config = read_config(db_path)
    if config is None:
        raise RefereeError(f"no search index at {folder}: run `referee index`")
    if set(config.files) != set(INDEX_FILES):
        raise DamagedIndex("config.json lists no checksums (an index from an older Referee)")
    data = {}
    for name in INDEX_FILES:
        try:
            data[name] = (folder / name).read_bytes()
        except FileNotFoundError:
            raise DamagedIndex(f"{name} is missing") from None
        except IsADirectoryError:
            raise DamagedIndex(f"{name} is a folder") from None
        if _sha256(data[name]) != config.files[name]:
            raise DamagedIndex(f"{name} does not match its checksum")
    # replaced files with their checksums: another dimension searched is an assertion deep in FAISS
    if (shape := faiss_shape(data["vectors.faiss"])) != (config.dim, config.units):
        held = f"{shape[1]} vectors of {shape[0]} dimensions" if shape else "no index header"
        raise DamagedIndex(f"vectors.faiss holds {held}; config.json says {config.units} of {config.dim}")
    return config, data


def read_verified(db_path: Path, on_wait: Callable[[str], None] | None = None):
    """`_read_verified`, once more after a writer finishes if one was swapping the index in."""
    try:
        return _read_verified(db_path)
    except DamagedIndex:
        if not is_locked(db_path):
            raise
    wait_for_writer(db_path, on_wait)
    return _read_verified(db_path)


def damage(db_path: Path) -> str | None:
    """What is wrong with the index files, or None when they match their checksums."""
    try:
        _read_verified(db_path)
    except DamagedIndex as exc:
        return str(exc)
    except RefereeError:
        return None
    return None


def staleness(db_path: Path, model: str | None = None, probes: Path = PROBES) -> str | None:
    """Why the index must be rebuilt, or None when it is current (and its files intact);
    `probes`: the calibration probes it must have been measured on (the shipped ones)."""
    try:
        config = read_config(db_path)
    except DamagedIndex as exc:
        return f"the index is damaged: {exc}"
    if config is None:
        return "no search index yet"
    problem = damage(db_path)
    if problem is not None:
        return f"the index is damaged: {problem}"
    if config.model != model_name(model):
        return f"index built with {config.model}, model is now {model_name(model)}"
    if config.unit_scheme != UNIT_SCHEME:
        return "index unit scheme changed"
    if config.probes != probes_digest(probes):
        return "cross-language probes changed"
    if config.fingerprint != store.fingerprint(store.open_db(db_path)):
        return "knowledge base changed since the index was built"
    return None


def load_index(db_path: Path, on_wait: Callable[[str], None] | None = None) -> LoadedIndex:
    """The index, from bytes that were checked against their checksums (read once)."""
    where = index_dir(db_path)
    try:
        config, data = read_verified(db_path, on_wait)
    except DamagedIndex as exc:
        raise RefereeError(f"the search index at {where} is damaged ({exc}): run `referee index`") from None
    try:
        return _loaded(config, data)
    except (RuntimeError, ValueError, KeyError, TypeError, OSError) as exc:  # FAISS reports errors as RuntimeError
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise RefereeError(f"the search index at {where} cannot be read ({first}): run `referee index`") from None


def _loaded(config: IndexConfig, data: dict[str, bytes]) -> LoadedIndex:
    import faiss  # the [search] extra: loaded only where an index is used

    arrays = np.load(io.BytesIO(data["units.npz"]))
    meta = json.loads(data["entries.json"])
    unit_entry = arrays["entry"]
    games = {g: (lo, hi) for g, (lo, hi) in meta["games"].items()}
    return LoadedIndex(
        config=config,
        faiss=faiss.deserialize_index(np.frombuffer(data["vectors.faiss"], dtype=np.uint8)),
        unit_entry=unit_entry,
        unit_kind=arrays["kind"],
        unit_sentence=arrays["sentence"],
        informative=arrays["informative"],
        entry_ids=meta["ids"],
        entry_index={eid: i for i, eid in enumerate(meta["ids"])},
        game_units=games,
        game_entries={g: np.unique(unit_entry[lo:hi]) for g, (lo, hi) in games.items()},
    )


def remove_index_leftovers(db_path: Path) -> list[Path]:
    """What killed index builds left beside the index (`referee.index.tmp-PID`, a gigabyte at
    scale), removed when `referee index` finds the index current (only processes that are gone)."""
    return remove_leftovers(index_dir(db_path))


def ensure_index(
    db_path: Path,
    model: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    on_wait: Callable[[str], None] | None = None,
    on_start: Callable[[str, IndexWork], None] | None = None,
    encoders: Encoders = MODEL_ENCODERS,
) -> str | None:
    """Rebuild the index if it is missing, stale or damaged; return why it was rebuilt (None if
    current). Of several processes that find it stale at once, one rebuilds while the others
    wait for it and then use its index. `on_start(reason, work)` is told when a rebuild begins
    and what it will embed."""
    reason = staleness(db_path, model)
    if reason is None:
        return None
    _require_writable(db_path, reason)
    with write_lock(db_path, "building the search index", on_wait):
        reason = staleness(db_path, model)  # another process may have rebuilt it while we waited
        if reason is not None:
            told = reason
            on_plan = (lambda work: on_start(told, work)) if on_start else None
            build_index(db_path, model=model, progress=progress, encoders=encoders, on_plan=on_plan)
    return reason

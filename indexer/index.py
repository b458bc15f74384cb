"""The vector index: derived data beside the SQLite file, rebuilt only when stale.

Layout of `<db stem>.index/`: `vectors.faiss` (one vector per index unit), `units.npz`
(which entry each unit belongs to, whether it is the whole entry or one sentence),
`config.json` (model, dimension, prompts, unit scheme, knowledge-base fingerprint,
build stamp). Units are stored game by game so a game is one contiguous id range.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from indexer.calibration import load_probes, measure_gaps, probes_digest
from indexer.encoder import Encoder, SentenceTransformerEncoder
from indexer.model import PROMPTS, model_name
from kb import store
from kb.atomic import replacing_folder
from kb.errors import RefereeError
from kb.text import sentences

UNIT_SCHEME = "entry+sentences+lead-ins/v3"  # bump when units change: old indexes become stale
IVF_THRESHOLD = 50_000
BATCH = 32
WINDOW = 4096  # units embedded together: sorted by length inside a window, memory stays flat
IVF_TRAINING = 32_768  # vectors held back to train the coarse quantizer of a large index
INFORMATIVE = frozenset({"example", "tip", "flavour", "note"})

ENTRY_UNIT, SENTENCE_UNIT = 0, 1


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


def index_dir(db_path: Path) -> Path:
    return db_path.with_name(db_path.stem + ".index")


def unit_text(title: str, text: str) -> str:
    """The section title gives a paragraph its topic ("Dodge: If you fail: ...")."""
    return f"{title}: {text}" if title else text


@dataclass
class _Unit:
    entry: int
    kind: int
    sentence: int  # ordinal among the entry's sentences, -1 for the whole entry
    text: str


def _units_of(entry_index: int, entry: dict, context: str) -> Iterator[_Unit]:
    yield _Unit(entry_index, ENTRY_UNIT, -1, unit_text(context, entry["text"]))
    for number, sentence in enumerate(sentences(entry["text"])):
        yield _Unit(entry_index, SENTENCE_UNIT, number, unit_text(context, sentence))


class _LeadIns:
    """The context an entry is read in: its section title, and for the items of a list the
    line that introduces them ("Once a player is activated, it must follow these steps:")."""

    def __init__(self) -> None:
        self.section: str | None = None
        self.lead: str | None = None
        self.last_line = -10

    def context(self, entry: dict) -> str:
        if entry["section_id"] != self.section:
            self.section, self.lead = entry["section_id"], None
        text = entry["text"].rstrip()
        follows = self.lead is not None and entry["line"] - self.last_line <= 2  # the next lines of one list
        context = f"{entry['title']}: {self.lead}" if follows and not text.endswith(":") else entry["title"]
        if text.endswith(":"):
            self.lead = text
        elif not follows:
            self.lead = None
        self.last_line = entry["line"] + text.count("\n")
        return context


@dataclass
class _Plan:
    """What the index will hold, computed in one cheap pass before any embedding."""

    entry_ids: list[str]
    informative: list[bool]
    games: dict[str, list[int]]
    unit_entry: np.ndarray
    unit_kind: np.ndarray
    unit_sentence: np.ndarray

    @property
    def total(self) -> int:
        return len(self.unit_entry)


def _plan_units(db) -> _Plan:
    entry_ids: list[str] = []
    informative: list[bool] = []
    games: dict[str, list[int]] = {}
    unit_entry: list[int] = []
    unit_sentence: list[int] = []
    for entry in store.entries(db):
        index = len(entry_ids)
        entry_ids.append(entry["id"])
        informative.append(entry["kind"] in INFORMATIVE)
        start = len(unit_entry)
        count = 1 + len(sentences(entry["text"]))
        unit_entry.extend([index] * count)
        unit_sentence.extend(range(-1, count - 1))
        span = games.setdefault(entry["game"], [start, start])
        span[1] = len(unit_entry)
    sentence = np.array(unit_sentence, dtype=np.int32)
    return _Plan(
        entry_ids,
        informative,
        games,
        np.array(unit_entry, dtype=np.int32),
        np.where(sentence < 0, ENTRY_UNIT, SENTENCE_UNIT).astype(np.int8),
        sentence,
    )


def _windows(entries: Iterator[dict], size: int) -> Iterator[list[_Unit]]:
    """Units in index order, a window at a time: the corpus is never held in memory whole."""
    window: list[_Unit] = []
    lead_ins = _LeadIns()
    for index, entry in enumerate(entries):
        window.extend(_units_of(index, entry, lead_ins.context(entry)))
        if len(window) >= size:
            yield window
            window = []
    if window:
        yield window


def _new_faiss_index(dim: int, total: int, sample: np.ndarray):
    import faiss

    if total < IVF_THRESHOLD:
        return faiss.IndexFlatIP(dim), "flat"
    nlist = max(1, min(int(np.sqrt(total)), len(sample) // 39))
    quantizer = faiss.IndexFlatIP(dim)
    index = faiss.IndexIVFFlat(quantizer, dim, nlist, faiss.METRIC_INNER_PRODUCT)
    index.train(sample)
    return index, f"ivf{nlist}"


def _encode_window(
    encoder: Encoder, texts: list[str], offset: int, total: int, progress: Callable[[int, int], None] | None
) -> np.ndarray:
    """Embed in length order (little padding per batch), return in the original order."""
    order = np.argsort([len(t) for t in texts], kind="stable")
    out: np.ndarray | None = None
    for start in range(0, len(texts), BATCH):
        picked = order[start : start + BATCH]
        vectors = encoder.passages([texts[i] for i in picked], batch_size=BATCH)
        if out is None:
            out = np.empty((len(texts), vectors.shape[1]), dtype=np.float32)
        out[picked] = vectors
        if progress:
            progress(offset + min(start + BATCH, len(texts)), total)
    assert out is not None
    return out


def build_index(
    db_path: Path,
    model: str | None = None,
    encoder: Encoder | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> IndexConfig:
    """Embed every entry and sentence of the knowledge base; write the index atomically."""
    import faiss

    db = store.open_db(db_path)
    name = model_name(model)
    encoder = encoder or SentenceTransformerEncoder(name)
    plan = _plan_units(db)
    if plan.total == 0:
        raise RefereeError(f"{db_path}: the knowledge base has no entries to index")

    faiss_index = None
    index_type = "flat"
    pending: list[np.ndarray] = []  # vectors held back until an IVF index is trained
    done = 0
    for window in _windows(store.entries(db), WINDOW):
        vectors = _encode_window(encoder, [u.text for u in window], done, plan.total, progress)
        done += len(window)
        if faiss_index is None:
            pending.append(vectors)
            held = sum(len(v) for v in pending)
            if plan.total >= IVF_THRESHOLD and held < min(plan.total, IVF_TRAINING) and done < plan.total:
                continue
            faiss_index, index_type = _new_faiss_index(vectors.shape[1], plan.total, np.vstack(pending))
            vectors = np.vstack(pending)
            pending = []
        faiss_index.add(vectors)
    entry_ids, informative, games = plan.entry_ids, plan.informative, plan.games
    unit_entry, unit_kind, unit_sentence = plan.unit_entry, plan.unit_kind, plan.unit_sentence

    config = IndexConfig(
        model=name,
        dim=faiss_index.d,
        prompts=PROMPTS,
        unit_scheme=UNIT_SCHEME,
        fingerprint=store.fingerprint(db),
        units=plan.total,
        entries=len(entry_ids),
        index_type=index_type,
        built_at=datetime.now(UTC).isoformat(timespec="seconds"),
        crosslingual_gaps=measure_gaps(encoder, load_probes()),
        probes=probes_digest(),
    )
    with replacing_folder(index_dir(db_path)) as staging:
        faiss.write_index(faiss_index, str(staging / "vectors.faiss"))
        np.savez(
            staging / "units.npz",
            entry=unit_entry,
            kind=unit_kind,
            sentence=unit_sentence,
            informative=np.array(informative, dtype=bool),
        )
        (staging / "entries.json").write_text(json.dumps({"ids": entry_ids, "games": games}, ensure_ascii=False))
        (staging / "config.json").write_text(json.dumps(asdict(config), indent=2))
    return config


@dataclass
class LoadedIndex:
    config: IndexConfig
    faiss: object
    unit_entry: np.ndarray
    unit_kind: np.ndarray
    unit_sentence: np.ndarray
    informative: np.ndarray
    entry_ids: list[str]
    entry_index: dict[str, int]
    game_units: dict[str, tuple[int, int]]
    game_entries: dict[str, np.ndarray]


def read_config(db_path: Path) -> IndexConfig | None:
    path = index_dir(db_path) / "config.json"
    if not path.exists():
        return None
    try:
        return IndexConfig(**json.loads(path.read_text()))
    except (TypeError, ValueError):
        return None


def staleness(db_path: Path, model: str | None = None) -> str | None:
    """Why the index must be rebuilt, or None when it is current."""
    config = read_config(db_path)
    if config is None:
        return "no search index yet"
    if config.model != model_name(model):
        return f"index built with {config.model}, model is now {model_name(model)}"
    if config.unit_scheme != UNIT_SCHEME:
        return "index unit scheme changed"
    if config.probes != probes_digest():
        return "cross-language probes changed"
    if config.fingerprint != store.fingerprint(store.open_db(db_path)):
        return "knowledge base changed since the index was built"
    return None


def load_index(db_path: Path) -> LoadedIndex:
    import faiss

    folder = index_dir(db_path)
    config = read_config(db_path)
    if config is None:
        raise RefereeError(f"no search index at {folder}: run `referee index`")
    arrays = np.load(folder / "units.npz")
    meta = json.loads((folder / "entries.json").read_text())
    unit_entry = arrays["entry"]
    games = {g: (lo, hi) for g, (lo, hi) in meta["games"].items()}
    return LoadedIndex(
        config=config,
        faiss=faiss.read_index(str(folder / "vectors.faiss")),
        unit_entry=unit_entry,
        unit_kind=arrays["kind"],
        unit_sentence=arrays["sentence"],
        informative=arrays["informative"],
        entry_ids=meta["ids"],
        entry_index={eid: i for i, eid in enumerate(meta["ids"])},
        game_units=games,
        game_entries={g: np.unique(unit_entry[lo:hi]) for g, (lo, hi) in games.items()},
    )


def ensure_index(
    db_path: Path, model: str | None = None, progress: Callable[[int, int], None] | None = None
) -> str | None:
    """Rebuild the index if it is missing or stale; return why it was rebuilt (None if current)."""
    reason = staleness(db_path, model)
    if reason is not None:
        build_index(db_path, model=model, progress=progress)
    return reason

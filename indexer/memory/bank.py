"""The memory of answered questions: what players asked and the book's words that answered them.

Two parts: the shipped memory (package data `referee/indexer/data/memory.jsonl`, written blind
from the books, see data/reader/README.md; or the one `referee train` wrote in the user's data
folder's trained/, preferred when there is one) and the local memory in the user's data folder
(`memory.jsonl`), grown at the table by a tap on a choice or "this answered it" and never written
into the package. A question is matched against both by cosine of the same encoder that embeds
the questions for the search (so one embedding serves both); the memory's vectors are derived
files beside the database (`<db>.memory/`), rebuilt by `referee index` and whenever the memory or
the model changes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from referee.errors import RefereeError
from referee.paths import data_dir, trained_or_shipped
from referee.store.atomic import write_file

SHIPPED_FILE = Path(__file__).resolve().parent.parent / "data" / "memory.jsonl"
# the shipped memory's vectors with the default model (float16), written by `referee train`: a
# fresh install answers from the memory without embedding its thousands of questions first
SHIPPED_VECTORS = SHIPPED_FILE.with_name("memory-vectors.npz")
LOCAL_NAME = "memory.jsonl"
LOCAL_LIMIT = 5_000  # questions kept in the local memory; the oldest go first
BATCH = 64


@dataclass(frozen=True)
class Remembered:
    """One question in memory: answered by `gold` (verbatim words of `entry`), or silent."""

    id: str
    game: str
    q: str
    kind: str  # answerable | silent | rejected (a passage the player marked wrong for it: local only)
    entry: str | None
    gold: tuple[str, ...]
    source: str  # the writer's packet, or "local" for what was learned at the table
    section: str | None = None

    def to_json(self) -> dict:
        return {**asdict(self), "gold": list(self.gold)}  # the fields in order; JSON's list for the tuple


def _item(data: dict, where: str) -> Remembered:
    try:
        kind = str(data.get("kind", "answerable"))
        if kind not in ("answerable", "silent", "rejected"):
            raise ValueError(f"kind {kind!r}")
        gold = tuple(str(g) for g in data.get("gold") or ())
        if kind != "silent" and (not gold or not data.get("entry")):
            raise ValueError("an answered question needs its entry and gold words")
        q = str(data["q"]).strip()
        if not q or len(q) > 1000:
            raise ValueError("a question of 1 to 1,000 characters")
        return Remembered(
            str(data["id"]),
            str(data["game"]),
            q,
            kind,
            str(data["entry"]) if data.get("entry") else None,
            gold,
            str(data.get("source", "local")),
            data.get("section"),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise RefereeError(f"{where}: not a memory line ({exc})") from None


def json_lines(path: Path) -> list[tuple[str, dict]]:
    """A JSON-lines file's objects, each with where it stands ("file:line"); a file that is not
    UTF-8 or a line that is not a JSON object is one error naming the file and line."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RefereeError(f"{path}: cannot be read as UTF-8 JSON lines ({type(exc).__name__})") from None
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                data = json.loads(line)
            except json.JSONDecodeError:
                raise RefereeError(f"{path}:{number}: not JSON") from None
            if not isinstance(data, dict):
                raise RefereeError(f"{path}:{number}: not a question line (a JSON object)")
            out.append((f"{path}:{number}", data))
    return out


def read_items(path: Path) -> list[Remembered]:
    """Memory lines from a JSON-lines file; a bad line is one error naming the file and line."""
    return [_item(data, where) for where, data in json_lines(path)] if path.is_file() else []


def local_file() -> Path:
    return data_dir() / LOCAL_NAME


def write_items(path: Path, items: Iterable[Remembered]) -> None:
    text = "".join(json.dumps(i.to_json(), ensure_ascii=False) + "\n" for i in items)
    write_file(path, text.encode("utf-8"))


def _digest(model: str, texts: list[str]) -> str:
    h = hashlib.sha256(model.encode())
    for t in texts:
        h.update(b"\0" + t.encode())
    return h.hexdigest()[:16]


def memory_dir(db_path: Path) -> Path:
    return db_path.with_name(db_path.stem + ".memory")


def embed(encoder, texts: list[str], progress: Callable[[int, int], None] | None = None) -> np.ndarray:
    out = []
    for start in range(0, len(texts), BATCH):
        out.append(np.asarray(encoder.queries(texts[start : start + BATCH]), dtype=np.float32))
        if progress:
            progress(min(start + BATCH, len(texts)), len(texts))
    if not out:
        return np.zeros((0, 384), dtype=np.float32)
    vectors = np.vstack(out)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.maximum(norms, 1e-12)


def vectors_for(
    db_path: Path, model: str, encoder, texts: list[str], progress: Callable[[int, int], None] | None = None
) -> np.ndarray:
    """The questions' vectors: the shipped ones when they are of exactly these questions and this
    model, else from the cache beside the database (by question: only questions new since are
    embedded), which is then brought up to date. A derived file: deleting it costs one embedding."""
    digest = _digest(model, texts)
    for kept in (trained_or_shipped(SHIPPED_VECTORS), SHIPPED_VECTORS):  # trained first, each by its digest
        shipped = shipped_vectors(digest, kept)
        if shipped is not None:
            return shipped
    path = memory_dir(db_path) / f"vectors-{hashlib.sha256(model.encode()).hexdigest()[:12]}.npz"
    known: dict[str, np.ndarray] = {}
    try:
        with np.load(path, allow_pickle=False) as data:
            known = dict(zip(data["texts"].tolist(), data["vectors"].astype(np.float32), strict=True))
    except (OSError, KeyError, ValueError):
        pass  # no cache yet, or a damaged one: embedded anew, never trusted
    missing = sorted({t for t in texts if t not in known})
    if missing:
        for text, vector in zip(missing, embed(encoder, missing, progress), strict=True):
            known[text] = vector
        _keep(path, known)
    dim = next(iter(known.values())).shape[0] if known else 384
    return np.array([known[t] for t in texts], dtype=np.float32).reshape(len(texts), dim)


def _keep(path: Path, known: dict[str, np.ndarray]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f".{path.stem}.partial.npz")
        texts = list(known)
        np.savez(partial, texts=np.array(texts), vectors=np.array([known[t] for t in texts], dtype=np.float32))
        partial.replace(path)
    except OSError:
        pass  # a read-only place still answers, embedding again next time


def shipped_vectors(digest: str, path: Path = SHIPPED_VECTORS) -> np.ndarray | None:
    """The shipped vectors when they are of these texts with this model, else None."""
    try:
        with np.load(path, allow_pickle=False) as data:
            if str(data["digest"]) != digest:
                return None
            return data["vectors"].astype(np.float32)
    except (OSError, KeyError, ValueError):
        return None


def ship_vectors(model: str, texts: list[str], vectors: np.ndarray, path: Path) -> None:
    """The memory's vectors kept beside it, with the digest of its questions and the model."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.stem + ".partial.npz")
    np.savez_compressed(partial, digest=np.array(_digest(model, texts)), vectors=vectors.astype(np.float16))
    partial.replace(path)


@dataclass
class Neighbour:
    item: Remembered
    similarity: float
    rank: int


class Memory:
    """The shipped and local questions with their vectors, searched by cosine."""

    def __init__(self, items: list[Remembered], vectors: np.ndarray) -> None:
        self.items = items
        self.vectors = vectors.astype(np.float32)
        self._games = np.array([i.game for i in items])
        self._rows: dict[str, np.ndarray] = {}
        self._kinds: dict[int, np.ndarray] = {}  # by the kind's function (module-level ones: one per kind)
        self._last: tuple[bytes, np.ndarray] | None = None

    def __len__(self) -> int:
        return len(self.items)

    def nearest(
        self, vector: np.ndarray, game: str | None = None, k: int = 12, skip: Callable[[Remembered], bool] | None = None
    ) -> list[Neighbour]:
        if not self.items:
            return []
        sims = self._similarities(np.asarray(vector, dtype=np.float32))
        rows = self._rows_of(game) if game is not None else None
        if rows is not None:
            sims = sims[rows]
        out: list[Neighbour] = []
        for i in _best_first(sims, k if skip is None else None):
            if sims[i] <= -1.5 or len(out) >= k:
                break
            item = self.items[int(rows[i] if rows is not None else i)]
            if skip is not None and skip(item):
                continue
            out.append(Neighbour(item, float(sims[i]), len(out)))
        return out

    def nearest_of(
        self, vector: np.ndarray, kind: Callable[[Remembered], bool], skip: Callable[[Remembered], bool] | None = None
    ) -> float:
        """The similarity of the nearest remembered question that `kind` keeps (0.0 when none)."""
        key = id(kind)
        rows = self._kinds.get(key)
        if rows is None:
            rows = self._kinds[key] = np.array([i for i, item in enumerate(self.items) if kind(item)], dtype=np.int64)
        if skip is not None:
            rows = np.array([i for i in rows if not skip(self.items[int(i)])], dtype=np.int64)
        if not len(rows):
            return 0.0
        return float(self._similarities(np.asarray(vector, dtype=np.float32))[rows].max())

    def count(self, game: str, skip: Callable[[Remembered], bool] | None = None) -> int:
        """How many remembered questions the game has (those `skip` leaves out not counted)."""
        rows = self._rows_of(game)
        if skip is None:
            return len(rows)
        return sum(1 for i in rows if not skip(self.items[int(i)]))

    def _similarities(self, vector: np.ndarray) -> np.ndarray:
        """Every row's cosine with the vector; the last vector's kept, by value: an ask that names
        no game reads the memory once per game it reads, and once more for the games' shares. All
        rows, always: a game's rows alone are multiplied in another order (not the same bits)."""
        key = vector.tobytes()
        last = self._last
        if last is None or last[0] != key:
            v = vector / max(float(np.linalg.norm(vector)), 1e-12)
            last = self._last = (key, self.vectors @ v)
        return last[1]

    def _rows_of(self, game: str) -> np.ndarray:
        """A game's rows, in order (found once per game: comparing every row's game cost an ask)."""
        rows = self._rows.get(game)
        if rows is None:
            rows = self._rows[game] = np.flatnonzero(self._games == game)
        return rows


def _best_first(sims: np.ndarray, k: int | None) -> np.ndarray:
    """Indices by similarity, best first, ties in index order (a stable sort of all of them); with
    `k`, only as many as the first k need: every index at least as similar as the k-th, so the
    first k are those the whole sort would put first."""
    if k is None or k >= len(sims):
        return np.argsort(-sims, kind="stable")
    if k <= 0:
        return np.zeros(0, dtype=np.int64)
    kth = np.partition(sims, len(sims) - k)[len(sims) - k]
    head = np.flatnonzero(sims >= kth)
    return head[np.argsort(-sims[head], kind="stable")]


def load_memory(
    db_path: Path,
    model: str,
    encoder,
    games: Iterable[str],
    shipped: Path | None = None,
    local: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Memory:
    """The shipped (or trained: `trained_or_shipped`) and local memory for the games in the knowledge base."""
    keep = set(games)
    base = [i for i in read_items(shipped or trained_or_shipped(SHIPPED_FILE)) if i.game in keep]
    mine = [i for i in read_items(local if local is not None else local_file()) if i.game in keep]
    vectors = [vectors_for(db_path, model, encoder, [i.q for i in base], progress)]
    if mine:
        vectors.append(vectors_for(db_path, model, encoder, [i.q for i in mine]))
    stacked = np.vstack([v for v in vectors if len(v)]) if any(len(v) for v in vectors) else np.zeros((0, 384))
    return Memory(base + mine, stacked)

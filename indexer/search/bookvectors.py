"""Each book's vectors, kept in a file of their own inside the index folder and named by what they
were made from: the digest of the book's unit texts, the model, its passage prompt and the unit
scheme (`book-<digest>-<checksum>.npy`). A book whose units did not change is never embedded
again: its file is carried into the new index folder (a hard link) and read back from there.

The second part of the name is the file's own sha256, so a kept file proves itself: a damaged or
replaced one is not used (its book is embedded again), with or without the index's config.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from referee.errors import RefereeError
from referee.indexer.search.encoder import Encoder
from referee.indexer.search.model import PROMPTS
from referee.indexer.search.units import UNIT_SCHEME

BATCH = 32
WINDOW = 4096  # units embedded together: sorted by length inside a window, memory stays flat
IVF_THRESHOLD = 50_000
IVF_TRAINING = 32_768  # vectors held back to train the coarse quantizer of a large index
ADD_CHUNK = 65_536  # vectors handed to FAISS at a time while the index is assembled
BOOK_FILE = re.compile(r"^book-([0-9a-f]{32})-([0-9a-f]{16})\.npy$")


def units_digest(model: str, texts: list[str]) -> str:
    """What a book's vectors are made from: its units' texts, in order, and how they are embedded."""
    digest = hashlib.sha256(f"{model}\0{PROMPTS['passage']}\0{UNIT_SCHEME}\0{len(texts)}".encode())
    for text in texts:
        digest.update(b"\0" + text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()[:32]


def file_sha(path: Path) -> str:
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()[:16]


def is_book_file(name: str) -> bool:
    return BOOK_FILE.match(name) is not None


def find_kept(folder: Path, digest: str, units: int) -> Path | None:
    """The intact file of vectors made from `digest` in `folder` (the index being replaced), if any."""
    if not folder.is_dir() or folder.is_symlink():
        return None
    for path in sorted(folder.glob(f"book-{digest}-*.npy")):
        match = BOOK_FILE.match(path.name)
        if match is None or not path.is_file() or path.is_symlink():
            continue
        try:
            if file_sha(path) != match.group(2):
                continue
            vectors = np.load(path, mmap_mode="r", allow_pickle=False)
        except (OSError, ValueError):
            continue
        if vectors.ndim == 2 and vectors.shape[0] == units and vectors.dtype == np.float32:
            return path
    return None


def carry(kept: Path, staging: Path) -> Path:
    """A kept file into the new index folder: linked (no copy, no extra disk) where the disk can."""
    target = staging / kept.name
    if target.exists():  # two books with the same units share one file
        return target
    try:
        os.link(kept, target)
    except OSError:
        shutil.copy2(kept, target)
    return target


def encode_window(
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


@dataclass
class Embedding:
    """The books a build embeds: how many units so far of how many, and the encoder (asked for
    only when there is something to embed, so an unchanged index never loads the model)."""

    get_encoder: Callable[[], Encoder]
    total: int
    progress: Callable[[int, int], None] | None = None
    done: int = 0
    _encoder: Encoder | None = field(default=None, repr=False)

    @property
    def encoder(self) -> Encoder:
        if self._encoder is None:
            self._encoder = self.get_encoder()
        return self._encoder

    def write_book(self, texts: list[str], digest: str, staging: Path) -> Path:
        """Embed one book's units a window at a time into `book-<digest>-<sha>.npy` in `staging`."""
        partial = staging / f"book-{digest}.partial"
        with open(partial, "wb") as out:
            for start in range(0, len(texts), WINDOW):
                window = texts[start : start + WINDOW]
                vectors = encode_window(self.encoder, window, self.done, self.total, self.progress)
                if start == 0:
                    header = {"descr": "<f4", "fortran_order": False, "shape": (len(texts), vectors.shape[1])}
                    np.lib.format.write_array_header_1_0(out, header)
                out.write(np.ascontiguousarray(vectors, dtype="<f4").tobytes())
                self.done += len(window)
        final = staging / f"book-{digest}-{file_sha(partial)}.npy"
        partial.rename(final)
        return final


def store_book(vectors: np.ndarray, digest: str, folder: Path) -> Path:
    """Vectors already made (read back from an older index: `upgrade.keep_books`) as a book's file."""
    partial = folder / f"book-{digest}.partial"
    try:
        with open(partial, "wb") as out:
            np.lib.format.write_array(out, np.ascontiguousarray(vectors, dtype="<f4"), allow_pickle=False)
        final = folder / f"book-{digest}-{file_sha(partial)}.npy"
        partial.rename(final)
    except BaseException:
        # written into the live index folder: a partial left there makes the folder one Referee
        # did not make (`index._owned`), and every later build would refuse it
        partial.unlink(missing_ok=True)
        raise
    return final


def read_book(path: Path) -> np.ndarray:
    """A book's vectors, mapped from its file (read as FAISS takes them in)."""
    return np.load(path, mmap_mode="r", allow_pickle=False)


def same_dimension(files: dict[str, Path]) -> int:
    """The books' common dimension; vectors of another size mean another model under the same name."""
    dims = {game: read_book(path).shape[1] for game, path in files.items()}
    if len(set(dims.values())) > 1:
        raise RefereeError(
            "the books' kept vectors differ in size (another model under the same name): run `referee index --force`"
        )
    return next(iter(dims.values()))


@dataclass
class IndexWork:
    """What a build will do, known before it embeds anything: units to embed per game, the games
    whose vectors are kept, and the last build's pace (seconds per unit) when one is known."""

    embed: dict[str, int]
    kept: list[str]
    seconds_per_unit: float = 0.0

    def describe(self) -> str:
        kept = f"{len(self.kept)} book{'s' * (len(self.kept) != 1)} unchanged"
        if not self.embed:
            return f"nothing to embed, {kept}"
        units = sum(self.embed.values())
        names = ", ".join(sorted(self.embed)[:3]) + (" …" if len(self.embed) > 3 else "")
        books = f"{len(self.embed)} book{'s' * (len(self.embed) != 1)} ({names})"
        pace = f"; about {max(1, round(units * self.seconds_per_unit))} s" if self.seconds_per_unit else ""
        return f"embedding {units} units of {books}, {kept}{pace}"


def _new_faiss_index(dim: int, total: int, sample: np.ndarray | None) -> tuple[Any, str]:
    import faiss  # the [search] extra, and its OpenMP runtime: loaded only where an index is used

    if total < IVF_THRESHOLD or sample is None:
        return faiss.IndexFlatIP(dim), "flat"
    nlist = max(1, min(int(np.sqrt(total)), len(sample) // 39))
    quantizer = faiss.IndexFlatIP(dim)
    index = faiss.IndexIVFFlat(quantizer, dim, nlist, faiss.METRIC_INNER_PRODUCT)
    index.train(sample)
    return index, f"ivf{nlist}"


def assemble(files: list[Path], total: int, dim: int) -> tuple[Any, str]:
    """The FAISS index over the books' vectors in `files`' order, and its type ("flat", "ivfN").
    Past IVF_THRESHOLD units the coarse quantizer is trained on the first IVF_TRAINING vectors."""
    sample: list[np.ndarray] = []
    held = 0
    for path in files if total >= IVF_THRESHOLD else []:
        part = read_book(path)[: IVF_TRAINING - held]
        sample.append(np.array(part))
        held += len(part)
        if held >= IVF_TRAINING:
            break
    faiss_index, kind = _new_faiss_index(dim, total, np.vstack(sample) if sample else None)
    for path in files:
        vectors = read_book(path)
        for start in range(0, len(vectors), ADD_CHUNK):
            faiss_index.add(np.ascontiguousarray(vectors[start : start + ADD_CHUNK]))
    return faiss_index, kind


FAISS_HEADER = 16  # a FAISS index file: its kind (4 bytes), the dimension (int32), the number of vectors (int64)


def faiss_shape(data: bytes) -> tuple[int, int] | None:
    """(dimension, vectors) read from a FAISS index file's header; None when too short for one."""
    if len(data) < FAISS_HEADER:
        return None
    return int.from_bytes(data[4:8], "little", signed=True), int.from_bytes(data[8:16], "little", signed=True)

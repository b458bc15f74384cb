"""A cheap deterministic encoder in place of the embedding model, for tests and benchmarks where
the model is not what is measured, and the `Encoders` that hand it out."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable

import numpy as np

from referee.indexer.search.encoder import Encoders
from referee.indexer.search.model import DEFAULT_MODEL


class HashEncoder:
    """Random unit vectors seeded by the text (the same text, the same vector): an index and a
    search without the embedding model, for tests and benchmarks where the model is not what is
    measured. `name` is the model name the index records."""

    def __init__(self, name: str = "hash", dim: int = 384, on_passages: Callable[[int], None] | None = None) -> None:
        self.name = name
        self.dim = dim
        self.on_passages = on_passages

    def _vectors(self, texts: list[str]) -> np.ndarray:
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            seed = int.from_bytes(hashlib.blake2b(text.encode("utf-8", "replace"), digest_size=8).digest(), "little")
            out[i] = np.random.default_rng(seed).standard_normal(self.dim)
        return out / np.linalg.norm(out, axis=1, keepdims=True)

    def queries(self, texts: list[str]) -> np.ndarray:
        return self._vectors(texts)

    def passages(self, texts: list[str], batch_size: int = 32, progress=None) -> np.ndarray:
        if self.on_passages is not None:
            self.on_passages(len(texts))
        return self._vectors(texts)


def hash_encoders(
    name: str = DEFAULT_MODEL,
    on_build: Callable[[], None] | None = None,
    on_passages: Callable[[int], None] | None = None,
) -> Encoders:
    """HashEncoders under the model name `name` (the default model's, so the index they build is
    current for a CLI that knows no other); `on_build` is told each time an index build asks for
    its passage encoder (at most once per build, never when it has nothing to embed);
    `on_passages(n)` each time n texts are embedded as passages (units and probes alike)."""

    def for_passages(model: str) -> HashEncoder:
        if on_build is not None:
            on_build()
        return HashEncoder(name, on_passages=on_passages)

    return Encoders(passages=for_passages, queries=lambda model: HashEncoder(name))


def log_builds_to(path: str | None) -> Callable[[], None] | None:
    """A build counter for processes started by a test: one line with the process id per build."""
    if not path:
        return None

    def logged() -> None:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(f"{os.getpid()}\n")

    return logged

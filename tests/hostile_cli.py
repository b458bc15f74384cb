"""`referee` with a cheap deterministic encoder instead of the embedding model (for tests).

    python tests/hostile_cli.py ARGS...      # same as `referee ARGS...`

Every index build appends a line to the file named by REFEREE_TEST_BUILDS (if set), so a
test can count how many processes rebuilt the index.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

DIM = 384


class HashEncoder:
    """Random unit vectors seeded by the text: the same text always gets the same vector."""

    def __init__(self, name: str = "multilingual-e5-small") -> None:
        self.name = name

    def _vectors(self, texts: list[str]) -> np.ndarray:
        out = np.empty((len(texts), DIM), dtype=np.float32)
        for i, text in enumerate(texts):
            seed = int.from_bytes(hashlib.blake2b(text.encode("utf-8", "replace"), digest_size=8).digest(), "little")
            out[i] = np.random.default_rng(seed).standard_normal(DIM)
        return out / np.linalg.norm(out, axis=1, keepdims=True)

    def queries(self, texts: list[str]) -> np.ndarray:
        return self._vectors(texts)

    def passages(self, texts: list[str], batch_size: int = 32, progress=None) -> np.ndarray:
        return self._vectors(texts)


def install() -> None:
    from indexer import index, search

    index.SentenceTransformerEncoder = HashEncoder  # type: ignore[assignment]
    search.query_encoder = HashEncoder  # type: ignore[assignment]
    real_build = index.build_index

    def counted_build(*args, **kwargs):
        config = real_build(*args, **kwargs)
        log = os.environ.get("REFEREE_TEST_BUILDS")
        if log:
            with open(log, "a", encoding="utf-8") as handle:
                handle.write(f"{os.getpid()}\n")
        return config

    index.build_index = counted_build


if __name__ == "__main__":
    install()
    from cli.main import main

    sys.argv[0] = "referee"
    main()

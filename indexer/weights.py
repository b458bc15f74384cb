"""The trained files (`reader.npz`, `ranker.npz`): one data-only .npz each, written and read the same way.

A file holds its named arrays, a row of `numbers` (calibrations, thresholds, weights, in an order
its loader knows) and `meta` (JSON as UTF-8 bytes). It is read with `allow_pickle=False`, so a
trained file, shipped or written by `referee train`, never runs code; a missing or damaged one is
one error that says to run `referee train`, never a silent fallback.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from referee.errors import RefereeError

T = TypeVar("T")


def save_weights(path: Path, arrays: dict[str, np.ndarray], numbers: list[float], meta: dict) -> None:
    """Written beside the file and renamed over it: a reader never finds half a file."""
    payload: dict[str, Any] = {  # Any: numpy's stubs would hold ** against savez's allow_pickle: bool
        **arrays,
        "numbers": np.array(numbers),
        "meta": np.frombuffer(json.dumps(meta, sort_keys=True).encode(), dtype=np.uint8),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".partial.npz")
    np.savez_compressed(partial, **payload)
    partial.replace(path)


def load_weights(path: Path, what: str, build: Callable[[dict[str, np.ndarray], np.ndarray, dict], T]) -> T:
    """`build(arrays, numbers, meta)` makes the object; what it cannot find or read is `what`'s one error."""
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {key: data[key] for key in data.files}
        return build(arrays, arrays["numbers"], json.loads(bytes(arrays["meta"]).decode()))
    except FileNotFoundError:
        raise RefereeError(f"the {what}'s weights are missing ({path}): run `referee train`") from None
    except (OSError, ValueError, KeyError, IndexError, EOFError) as exc:
        raise RefereeError(
            f"the {what}'s weights at {path} cannot be read ({type(exc).__name__}): run `referee train`"
        ) from None


def read_once(load: Callable[[Path], T], path: Path) -> T:
    """`load(path)`, once per process, and again when the file is replaced (`referee train`)."""
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        stamp = 0
    return _cached(load, path, stamp)


@functools.lru_cache(maxsize=4)  # the reader and the ranker, each with its file before and after a train
def _cached(load: Callable[[Path], Any], path: Path, stamp: int) -> Any:
    return load(path)  # an error is raised, never cached: the next call reads the file again

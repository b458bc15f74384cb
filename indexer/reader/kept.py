"""Examples kept by `referee train --keep-examples`, in a file that holds data only.

The file is a numpy `.npz` read with `allow_pickle=False`: one JSON document (the examples' fields,
each object tagged with one of the few types an example is made of) and the arrays it refers to.
Reading one never runs code, whatever the file holds; anything but what `keep_examples` wrote is
one line (a pickle, a number, an empty list, another program's file).
"""

from __future__ import annotations

import dataclasses
import io
import json
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

from referee.errors import RefereeError
from referee.indexer.answering.passages import Passage
from referee.indexer.reader.examples import Example
from referee.indexer.reader.reader import Gathered
from referee.indexer.search.results import Hit, ParsedQuestion
from referee.store.read import StoredEntry

TYPES: dict[str, type] = {t.__name__: t for t in (Example, Gathered, Passage, Hit, StoredEntry, ParsedQuestion)}
DOCUMENT = "examples"  # the npz member holding the JSON (as UTF-8 bytes)
MAX_BYTES = 2 * 2**30


class NotKept(ValueError):
    """What a kept examples file must not hold."""


def _encode(value: Any, arrays: dict[str, np.ndarray]) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, np.ndarray):
        if value.dtype.hasobject:
            raise NotKept("an array of objects")
        name = f"a{len(arrays)}"
        arrays[name] = value
        return {"$array": name}
    if isinstance(value, np.generic):
        return value.item()
    kind = type(value).__name__
    if TYPES.get(kind) is type(value):
        known: Any = value  # one of TYPES: a NamedTuple or a dataclass
        names = known._fields if isinstance(value, tuple) else [f.name for f in dataclasses.fields(known)]
        return {"$type": kind, "fields": {n: _encode(getattr(value, n), arrays) for n in names}}
    if isinstance(value, tuple):
        return {"$tuple": [_encode(v, arrays) for v in value]}
    if isinstance(value, list):
        return [_encode(v, arrays) for v in value]
    if isinstance(value, dict):
        return {"$dict": [[_encode(k, arrays), _encode(v, arrays)] for k, v in value.items()]}
    raise NotKept(f"a {kind}")


def _decode(value: Any, arrays: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list):
        return [_decode(v, arrays) for v in value]
    if not isinstance(value, dict) or len(value) not in (1, 2):
        raise NotKept("an object of no known shape")
    if "$array" in value:
        return arrays[str(value["$array"])]
    if "$tuple" in value:
        return tuple(_decode(v, arrays) for v in value["$tuple"])
    if "$dict" in value:
        return {_decode(k, arrays): _decode(v, arrays) for k, v in value["$dict"]}
    kind = TYPES.get(value.get("$type"))  # type: ignore[arg-type]
    if kind is None or not isinstance(value.get("fields"), dict):
        raise NotKept(f"an object of an unknown type ({str(value.get('$type'))[:20]!r})")
    return kind(**{str(k): _decode(v, arrays) for k, v in value["fields"].items()})


def save_examples(examples: list[Example], path: Path) -> None:
    arrays: dict[str, np.ndarray] = {}
    document = json.dumps(_encode(examples, arrays), ensure_ascii=False).encode("utf-8")
    buffer = io.BytesIO()
    members: dict[str, Any] = {DOCUMENT: np.frombuffer(document, dtype=np.uint8), **arrays}  # Any: see Ranker.save
    np.savez(buffer, **members)
    path.write_bytes(buffer.getvalue())


def load_examples(path: Path) -> list[Example]:
    """The examples `save_examples` wrote; anything else is one RefereeError naming the file."""
    refused = f"{path}: not examples kept by `referee train --keep-examples`"
    try:
        if path.stat().st_size > MAX_BYTES:
            raise NotKept("too large")
        with np.load(path, allow_pickle=False) as arrays:
            document = json.loads(arrays[DOCUMENT].tobytes().decode("utf-8"))
            examples = _decode(document, {k: arrays[k] for k in arrays.files if k != DOCUMENT})
    except OSError as exc:
        raise RefereeError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    except (NotKept, KeyError, TypeError, ValueError, zipfile.BadZipFile, EOFError, RecursionError) as exc:
        raise RefereeError(f"{refused} ({type(exc).__name__}: {str(exc)[:80]})") from None
    if not isinstance(examples, list) or not examples or not all(isinstance(e, Example) for e in examples):
        raise RefereeError(f"{refused} (no examples in it)")
    return examples

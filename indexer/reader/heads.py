"""The reader's heads: small networks over features, run with numpy (no torch at the table).

A head is standardisation, then dense layers with ReLU between them, then one logit. Training
(`.train`, torch) writes the weights; here they are only read and applied. Calibration turns a
logit into a probability with the two numbers of Platt scaling, fit on the dev split.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Head:
    mean: np.ndarray
    scale: np.ndarray
    layers: tuple[tuple[np.ndarray, np.ndarray], ...]  # (weights [in, out], bias [out]) per layer

    def logits(self, features: np.ndarray) -> np.ndarray:
        if not len(features):
            return np.zeros(0, dtype=np.float32)
        x = (np.asarray(features, dtype=np.float32) - self.mean) / self.scale
        for n, (weights, bias) in enumerate(self.layers):
            x = x @ weights + bias
            if n + 1 < len(self.layers):
                x = np.maximum(x, 0.0)
        return x[:, 0]

    def arrays(self, prefix: str) -> dict[str, np.ndarray]:
        out = {f"{prefix}.mean": self.mean, f"{prefix}.scale": self.scale}
        for n, (weights, bias) in enumerate(self.layers):
            out[f"{prefix}.w{n}"] = weights
            out[f"{prefix}.b{n}"] = bias
        return out

    @classmethod
    def from_arrays(cls, arrays: dict[str, np.ndarray], prefix: str) -> Head:
        layers: list[tuple[np.ndarray, np.ndarray]] = []
        while f"{prefix}.w{len(layers)}" in arrays:
            n = len(layers)
            layers.append((arrays[f"{prefix}.w{n}"].astype(np.float32), arrays[f"{prefix}.b{n}"].astype(np.float32)))
        return cls(
            arrays[f"{prefix}.mean"].astype(np.float32), arrays[f"{prefix}.scale"].astype(np.float32), tuple(layers)
        )


@dataclass(frozen=True)
class Platt:
    """P(right) = sigmoid(a * logit + b)."""

    a: float
    b: float

    def __call__(self, logits: np.ndarray | float) -> np.ndarray:
        z = self.a * np.asarray(logits, dtype=np.float64) + self.b
        return 1.0 / (1.0 + np.exp(-np.clip(z, -40, 40)))

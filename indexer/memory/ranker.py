"""The learned ranker: gradient-boosted trees over the candidates' features, run with numpy.

Trained by `referee train` (scikit-learn's HistGradientBoostingClassifier, `.training`); what
ships is the trees as arrays (`referee/indexer/data/ranker.npz`, or the one `referee train` wrote
in the user's data folder, preferred when there is one: no pickle, nothing executed on load), the
Platt calibration of their score fit on out-of-fold predictions (folds grouped by section), the
abstention model over per-question features, and the thresholds:

- `abstain_below`: the calibrated chance that the book answers, under which `ask` says it does not;
- `choices_below`: the calibrated chance that the first passage is the answer, under which `ask`
  offers the two or three it could be (`choices`).

A book a player added has no remembered questions, so what the abstention model reads most
(the nearest answered and silent questions of its game) is missing, and it answered everything.
Such a book is read by a second abstention model (`new_book`, `new_book_below`) over what does
not depend on the book's own memory (`NEW_BOOK_FEATURES`), fit on the shipped books' questions
asked with their game's memory left out, its threshold set with one book held out at a time.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from referee.indexer.weights import load_weights, read_once, save_weights
from referee.paths import trained_or_shipped

RANKER_FILE = Path(__file__).resolve().parent.parent / "data" / "ranker.npz"
QUESTION_FEATURES = (
    "top_logit",
    "top_margin",
    "answered_top",
    "silent_top",
    "silent_gap",
    "silent_share",
    "top_votes",
    "has_memory",  # the game has remembered questions at all (a player's added book has none)
)


NEW_BOOK_FEATURES = (
    "top_logit",
    "top_margin",
    "top_cosine",
    "top_entry_score",
    "top_coverage",
    "top_reader_logit",
    "book_words",  # the share of the question's words the book uses at all
    "elsewhere_answered",  # the nearest answered remembered question of any game
    "elsewhere_silent",  # the nearest silent one
    "elsewhere_gap",
    "elsewhere_share",  # silent among the five nearest
    "off_topic",  # the nearest off-topic one (silent in every game)
    "off_topic_gap",  # how far it is ahead of the nearest answered one
    "cross",  # the book is in another language than the question
)


@dataclass(frozen=True)
class _FlatTrees:
    roots: np.ndarray
    feature: np.ndarray
    threshold: np.ndarray
    left: np.ndarray
    right: np.ndarray
    leaf: np.ndarray
    value: np.ndarray
    missing_left: np.ndarray


@dataclass(frozen=True)
class Trees:
    """A boosted ensemble: per tree, its nodes as parallel arrays; the score is baseline + leaves."""

    feature: tuple[np.ndarray, ...]
    threshold: tuple[np.ndarray, ...]
    left: tuple[np.ndarray, ...]
    right: tuple[np.ndarray, ...]
    leaf: tuple[np.ndarray, ...]
    value: tuple[np.ndarray, ...]
    missing_left: tuple[np.ndarray, ...]
    baseline: float

    def logits(self, x: np.ndarray) -> np.ndarray:
        """Every row down every tree at once (the trees' nodes in one array): a tree at a time cost
        an ask more than its embedding's half (docs/records/2026-12-02-table-load.md). The leaves
        are added tree after tree, in the trees' order, as one sum would: the same logits to the bit."""
        x = np.asarray(x, dtype=np.float64)
        flat = self._flat
        trees = len(self.feature)
        out = np.full(len(x), self.baseline, dtype=np.float64)
        if not trees or not len(x):
            return out
        column = np.tile(np.arange(len(x)), trees)  # (tree, row) pairs, tree by tree
        node = np.repeat(flat.roots, len(x))
        moving = np.arange(len(node))  # the pairs not yet at a leaf
        for _ in range(64):  # deeper than any tree we fit; stops once every row is at a leaf
            at = node[moving]
            inner = ~flat.leaf[at]
            moving, at = moving[inner], at[inner]
            if not len(moving):
                break
            v = x[column[moving], flat.feature[at]]
            go_left = np.where(np.isnan(v), flat.missing_left[at], v <= flat.threshold[at])
            node[moving] = np.where(go_left, flat.left[at], flat.right[at])
        leaves = np.vstack([out[None, :], flat.value[node].reshape(trees, len(x))])
        return np.add.accumulate(leaves, axis=0)[-1]  # sequential: baseline + tree 0 + tree 1 + ...

    @functools.cached_property
    def _flat(self) -> _FlatTrees:
        """The trees' nodes in one array each, a tree's child numbers made global."""
        offsets = np.cumsum([0, *(len(f) for f in self.feature)])[:-1].astype(np.int64)

        def joined(parts: tuple[np.ndarray, ...], dtype, shift: bool = False) -> np.ndarray:
            if not parts:
                return np.zeros(0, dtype)
            if not shift:
                return np.concatenate([p.astype(dtype) for p in parts])
            return np.concatenate([p.astype(dtype) + o for p, o in zip(parts, offsets, strict=True)])

        return _FlatTrees(
            offsets,
            joined(self.feature, np.int64),
            joined(self.threshold, np.float64),
            joined(self.left, np.int64, shift=True),
            joined(self.right, np.int64, shift=True),
            joined(self.leaf, bool),
            joined(self.value, np.float64),
            joined(self.missing_left, bool),
        )

    def arrays(self) -> dict[str, np.ndarray]:
        out: dict[str, np.ndarray] = {"trees.baseline": np.array([self.baseline])}
        for name in ("feature", "threshold", "left", "right", "leaf", "value", "missing_left"):
            parts = getattr(self, name)
            out[f"trees.{name}"] = np.concatenate(parts) if parts else np.zeros(0)
        out["trees.sizes"] = np.array([len(p) for p in self.feature], dtype=np.int64)
        return out

    @classmethod
    def from_arrays(cls, a: dict[str, np.ndarray]) -> Trees:
        bounds = np.cumsum(np.concatenate([[0], a["trees.sizes"]]))

        def split(name: str, dtype) -> tuple[np.ndarray, ...]:
            flat = a[f"trees.{name}"].astype(dtype)
            return tuple(flat[bounds[i] : bounds[i + 1]] for i in range(len(bounds) - 1))

        return cls(
            split("feature", np.int64),
            split("threshold", np.float64),
            split("left", np.int64),
            split("right", np.int64),
            split("leaf", bool),
            split("value", np.float64),
            split("missing_left", bool),
            float(a["trees.baseline"][0]),
        )


@dataclass(frozen=True)
class Linear:
    """Standardised logistic regression: the abstention model."""

    mean: np.ndarray
    scale: np.ndarray
    weights: np.ndarray
    bias: float

    def probability(self, x: np.ndarray) -> np.ndarray:
        z = ((np.asarray(x, dtype=np.float64) - self.mean) / self.scale) @ self.weights + self.bias
        return 1.0 / (1.0 + np.exp(-z))


@dataclass(frozen=True)
class Ranker:
    trees: Trees
    calibration: tuple[float, float]  # Platt: P(right) = sigmoid(a * logit + b)
    answerable: Linear
    abstain_below: float
    choices_below: float
    game_weight: float  # how much the search's odds of a game count, choosing one when none is named
    memory_weight: float = 0.0  # how much the nearest remembered questions' games count, the same
    meta: dict = field(default_factory=dict)
    new_book: Linear | None = None  # abstention for a game without remembered questions of its own
    new_book_below: float = 0.0
    new_book_below_cross: float = 0.0  # the same for a book in another language than the question

    def right(self, logits: np.ndarray) -> np.ndarray:
        a, b = self.calibration
        return 1.0 / (1.0 + np.exp(-(a * np.asarray(logits, dtype=np.float64) + b)))

    def save(self, path: Path) -> None:
        arrays = {
            **self.trees.arrays(),
            "answerable.mean": self.answerable.mean,
            "answerable.scale": self.answerable.scale,
            "answerable.weights": self.answerable.weights,
        }
        new_book = []
        if self.new_book is not None:
            arrays |= {
                "new_book.mean": self.new_book.mean,
                "new_book.scale": self.new_book.scale,
                "new_book.weights": self.new_book.weights,
            }
            new_book = [self.new_book.bias, self.new_book_below, self.new_book_below_cross]
        # in the order load_ranker reads them
        thresholds = [self.abstain_below, self.choices_below, self.game_weight, self.memory_weight]
        save_weights(path, arrays, [*self.calibration, self.answerable.bias, *thresholds, *new_book], self.meta)


def load_ranker(path: Path = RANKER_FILE) -> Ranker:
    def build(a: dict[str, np.ndarray], n: np.ndarray, meta: dict) -> Ranker:
        return Ranker(
            Trees.from_arrays(a),
            (float(n[0]), float(n[1])),
            Linear(a["answerable.mean"], a["answerable.scale"], a["answerable.weights"], float(n[2])),
            float(n[3]),
            float(n[4]),
            float(n[5]),
            float(n[6]) if len(n) > 6 else 0.0,
            meta,
            Linear(a["new_book.mean"], a["new_book.scale"], a["new_book.weights"], float(n[7]))
            if "new_book.weights" in a
            else None,
            float(n[8]) if len(n) > 8 else 0.0,
            float(n[9]) if len(n) > 9 else float(n[8]) if len(n) > 8 else 0.0,
        )

    return load_weights(path, "ranker", build)


def shipped_ranker(path: Path | None = None) -> Ranker:
    """The ranker in use: the one `referee train` wrote in the user's data folder, else the
    package's; read once per process (and again when the file is replaced)."""
    return read_once(load_ranker, path or trained_or_shipped(RANKER_FILE))


def question_row(logits: np.ndarray, features: np.ndarray, feature_names: tuple[str, ...]) -> np.ndarray:
    """QUESTION_FEATURES for one question from its candidates' logits and feature rows."""
    col = {n: i for i, n in enumerate(feature_names)}
    if not len(logits):
        return np.array([-10.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0])
    order = np.argsort(-logits)
    top = features[order[0]]
    margin = float(logits[order[0]] - logits[order[1]]) if len(order) > 1 else 5.0
    return np.array(
        [
            float(logits[order[0]]),
            margin,
            float(top[col["answered_top"]]),
            float(top[col["silent_top"]]),
            float(top[col["silent_gap"]]),
            float(top[col["silent_share"]]),
            float(top[col["votes"]]),
            float(top[col["answered_top"]] > 0 or top[col["silent_top"]] > 0),
        ]
    )


def new_book_row(logits: np.ndarray, cands, feature_names: tuple[str, ...]) -> np.ndarray:
    """NEW_BOOK_FEATURES for one question from its candidates (`candidates.Candidates`)."""
    col = {n: i for i, n in enumerate(feature_names)}
    answered, silent, share = cands.elsewhere
    memory_free = [
        cands.book_words,
        answered,
        silent,
        silent - answered,
        share,
        cands.off_topic,
        cands.off_topic - answered,
        float(cands.cross),
    ]
    if not len(logits):
        return np.array([-10.0, 0.0, 0.0, 0.0, 0.0, 0.0, *memory_free])
    order = np.argsort(-logits)
    top = cands.features[order[0]]
    margin = float(logits[order[0]] - logits[order[1]]) if len(order) > 1 else 5.0
    return np.array(
        [
            float(logits[order[0]]),
            margin,
            float(top[col["cosine"]]),
            float(top[col["entry_score"]]),
            float(top[col["coverage"]]),
            float(top[col["reader_logit"]]),
            *memory_free,
        ]
    )

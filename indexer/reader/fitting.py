"""Fitting the heads (torch, at training time only) and the numbers around them (numpy)."""

from __future__ import annotations

import numpy as np

from referee.indexer.reader.heads import Head, Platt


def _standardise(features: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    mean = features.mean(axis=0).astype(np.float32)
    scale = features.std(axis=0).astype(np.float32)
    return mean, np.where(scale > 1e-6, scale, 1.0).astype(np.float32)


def _network(inputs: int, hidden: int, seed: int):
    import torch  # training only: a question at the table never imports torch

    torch.manual_seed(seed)
    if hidden:
        return torch.nn.Sequential(torch.nn.Linear(inputs, hidden), torch.nn.ReLU(), torch.nn.Linear(hidden, 1))
    return torch.nn.Sequential(torch.nn.Linear(inputs, 1))


def _as_head(net, mean: np.ndarray, scale: np.ndarray) -> Head:
    linear = [m for m in net if hasattr(m, "weight")]
    layers = tuple((m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy()) for m in linear)
    return Head(mean, scale, layers)


def fit_ranking_head(
    groups: list[tuple[np.ndarray, np.ndarray]],
    hidden: int = 32,
    epochs: int = 60,
    seed: int = 0,
    weight_decay: float = 1e-4,
) -> Head:
    """A head that ranks each group's rows (a question's candidate passages): softmax over the
    group, cross-entropy to its right rows (listwise). Groups without a right row are skipped."""
    import torch  # training only

    kept = [(x, y) for x, y in groups if y.any() and len(y) > 1]
    mean, scale = _standardise(np.vstack([x for x, _ in kept]))
    net = _network(len(mean), hidden, seed)
    optimiser = torch.optim.Adam(net.parameters(), lr=3e-3, weight_decay=weight_decay)
    data = [(torch.from_numpy((x - mean) / scale), torch.from_numpy(y.astype(np.float32))) for x, y in kept]
    generator = np.random.default_rng(seed)
    for _ in range(epochs):
        order = generator.permutation(len(data))
        for start in range(0, len(data), 32):
            batch = [data[i] for i in order[start : start + 32]]
            loss = sum(-torch.logsumexp(torch.log_softmax(net(x)[:, 0], dim=0)[y > 0], dim=0) for x, y in batch)
            optimiser.zero_grad()
            (loss / len(batch)).backward()
            optimiser.step()
    return _as_head(net, mean, scale)


def fit_binary_head(
    features: np.ndarray,
    labels: np.ndarray,
    hidden: int = 16,
    epochs: int = 200,
    seed: int = 0,
    weight_decay: float = 1e-3,
) -> Head:
    """A head whose logit says whether a row is positive (binary cross-entropy, classes balanced)."""
    import torch  # training only

    mean, scale = _standardise(features)
    net = _network(len(mean), hidden, seed)
    optimiser = torch.optim.Adam(net.parameters(), lr=3e-3, weight_decay=weight_decay)
    x = torch.from_numpy((features - mean) / scale)
    y = torch.from_numpy(labels.astype(np.float32))
    positive = float(labels.mean()) or 0.5
    weight = torch.where(y > 0, 0.5 / positive, 0.5 / max(1e-6, 1 - positive))
    generator = np.random.default_rng(seed)
    for _ in range(epochs):
        for idx in np.array_split(generator.permutation(len(x)), max(1, len(x) // 256)):
            index = torch.from_numpy(idx)
            loss = torch.nn.functional.binary_cross_entropy_with_logits(
                net(x[index])[:, 0], y[index], weight=weight[index]
            )
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
    return _as_head(net, mean, scale)


def fit_platt(logits: np.ndarray, labels: np.ndarray) -> Platt:
    """sigmoid(a·logit + b) fit on held-out logits (Platt scaling), by scikit-learn's regularised
    logistic regression: a plain Newton fit ran off to a = -2e7 on nearly separable logits."""
    from sklearn.linear_model import LogisticRegression  # training only (sentence-transformers brings it)

    x = np.asarray(logits, dtype=np.float64).reshape(-1, 1)
    y = np.asarray(labels, dtype=bool)
    if y.all() or not y.any():
        return Platt(0.0, 4.0 if y.all() else -4.0)  # one class only: its share, not a slope
    model = LogisticRegression(C=1.0).fit(x, y)
    return Platt(float(model.coef_[0, 0]), float(model.intercept_[0]))


def threshold_keeping(scores: np.ndarray, share: float) -> float:
    """The highest threshold under which at most `share` of `scores` fall."""
    if not len(scores):
        return 0.0
    ordered = np.sort(scores)
    k = int(np.floor(share * len(ordered)))
    return float(ordered[k]) if k < len(ordered) else float(ordered[-1])

"""`referee train`: the ranker fit from the repository's own question sets, with a fixed seed.

Every remembered question (the shipped memory: answered and silent) is asked as `ask` asks it,
with its own writer's questions left out of the memory it reads (so that its neighbours are other
players' words, as a new question's are), and each candidate labelled right when it holds the
question's gold words. The trees are fit with folds grouped by section: the out-of-fold scores
calibrate the confidence, fit the abstention model and its threshold. Held-out judging sets are
never read here.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from referee.indexer.evaluate import hits_gold
from referee.indexer.memory.bank import Memory, Remembered
from referee.indexer.memory.candidates import FEATURES, Candidates, gather_candidates
from referee.indexer.memory.ranker import NEW_BOOK_FEATURES, Linear, Ranker, Trees, new_book_row, question_row
from referee.indexer.memory.reading import game_odds, read_games
from referee.indexer.reader.reader import Reader
from referee.indexer.search.searcher import Searcher
from referee.names import INFERRED, GameChoice

ABSTAIN_ANSWERABLE = 0.04  # the share of answerable questions abstention may cost (out of fold)
# The same for a book without memory, judged with its book held out (`fit_new_book`). Lower: a
# player's added book is read by weaker features, and a refused answer is the costlier mistake there.
# Measured on a Fate Condensed dev set written blind (records/2026-12-02-silence-added.md): 4% refused
# none of its 20 answerable questions but sat within 0.004 of the first; 3% leaves a margin.
NEW_BOOK_ABSTAIN_ANSWERABLE = 0.03
CHOICES_BELOW = 0.75  # offer the choices when the first passage is less likely than this


@dataclass
class Asked:
    item: Remembered
    section: str
    candidates: Candidates
    labels: np.ndarray
    new_book: bool = False  # asked with none of its game's memory


# A share of the questions is asked as a player's added book would be: with no remembered question
# of its game at all. Without them the ranker never saw a game with no memory, and on an added
# book (whose memory is empty) it read every question as unanswerable (issue 36's tester: 0 of 24
# answered on two new books).
NEW_BOOK_SHARE = 0.25


def _skip_for(item: Remembered, new_book: bool = False) -> Callable[[Remembered], bool]:
    if new_book:
        return lambda other: other.game == item.game
    return lambda other: other.source == item.source or other.id == item.id


def new_book_asked(items: list[Remembered], seed: int) -> set[str]:
    """The ids of the questions asked with their game's memory left out entirely (seeded)."""
    rng = np.random.default_rng(seed + 1)
    return {item.id for item in items if rng.random() < NEW_BOOK_SHARE}


def gather_all(
    searcher: Searcher,
    reader: Reader,
    memory: Memory,
    items: list[Remembered],
    sections: dict[str, str],
    say=print,
    new_book: set[str] | None = None,
) -> list[Asked]:
    """Every question asked, its own writer left out of the memory (or, for those in `new_book`,
    its game's whole memory)."""
    out = []
    start = time.perf_counter()
    new_book = new_book or set()
    for n, item in enumerate(items, 1):
        result = searcher.search(item.q, GameChoice.given(item.game), limit=10)
        hits = result.game_hits or result.hits
        assert result.question is not None
        cands = gather_candidates(
            searcher,
            reader,
            memory,
            hits,
            result.question,
            item.game,
            result.query,
            _skip_for(item, item.id in new_book),
        )
        labels = np.array([item.kind == "answerable" and hits_gold("", p.quote, item.gold) for p in cands.passages])
        section = sections.get(item.entry or "") or item.section or f"{item.game}/silent/{item.id}"
        out.append(Asked(item, section, cands, labels, item.id in new_book))
        if n % 200 == 0:
            say(f"  {n}/{len(items)} questions gathered ({time.perf_counter() - start:.0f} s)")
    return out


def _fit_trees(x: np.ndarray, y: np.ndarray, seed: int):
    from sklearn.ensemble import HistGradientBoostingClassifier  # training only

    model = HistGradientBoostingClassifier(
        max_iter=200,
        learning_rate=0.07,
        max_leaf_nodes=15,
        min_samples_leaf=30,
        l2_regularization=1.0,
        early_stopping=False,
        random_state=seed,
    )
    return model.fit(x, y)


def export_trees(model) -> Trees:
    parts: dict[str, list[np.ndarray]] = {
        k: [] for k in ("feature", "threshold", "left", "right", "leaf", "value", "missing_left")
    }
    for (predictor,) in model._predictors:  # binary: one tree per iteration
        nodes = predictor.nodes
        parts["feature"].append(nodes["feature_idx"].astype(np.int64))
        parts["threshold"].append(nodes["num_threshold"].astype(np.float64))
        parts["left"].append(nodes["left"].astype(np.int64))
        parts["right"].append(nodes["right"].astype(np.int64))
        parts["leaf"].append(nodes["is_leaf"].astype(bool))
        parts["value"].append(nodes["value"].astype(np.float64))
        parts["missing_left"].append(nodes["missing_go_to_left"].astype(bool))
    baseline = float(np.ravel(model._baseline_prediction)[0])
    return Trees(
        tuple(parts["feature"]),
        tuple(parts["threshold"]),
        tuple(parts["left"]),
        tuple(parts["right"]),
        tuple(parts["leaf"]),
        tuple(parts["value"]),
        tuple(parts["missing_left"]),
        baseline,
    )


def _platt(scores: np.ndarray, right: np.ndarray) -> tuple[float, float]:
    from sklearn.linear_model import LogisticRegression  # training only: never imported at the table

    if len(set(right.tolist())) < 2:
        return 1.0, 0.0
    fit = LogisticRegression(C=1.0).fit(scores[:, None], right)
    return float(fit.coef_[0][0]), float(fit.intercept_[0])


def _linear(x: np.ndarray, y: np.ndarray) -> Linear:
    from sklearn.linear_model import LogisticRegression  # training only: never imported at the table

    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-6
    fit = LogisticRegression(C=1.0, max_iter=1000).fit((x - mean) / scale, y)
    return Linear(mean, scale, fit.coef_[0].astype(np.float64), float(fit.intercept_[0]))


@dataclass
class FitReport:
    questions: int
    answerable: int
    silent: int
    top_right_oof: float  # answerable questions whose first candidate holds the gold, out of fold
    rule_right: float  # the same for the old rule (the search's rank)
    any_right: float  # a right candidate exists at all
    abstain_answerable_oof: float
    abstain_silent_oof: float


def fit_ranker(
    gathered: list[Asked], seed: int = 0, folds: int = 4, meta: dict | None = None, new_book_only: Sequence[Asked] = ()
) -> tuple[Ranker, FitReport]:
    """The trees, their calibration and the abstention models. `new_book_only`: questions asked as a
    new book's for its abstention model alone (the trees never see them)."""
    from sklearn.model_selection import GroupKFold  # training only

    rows = [g for g in gathered if len(g.candidates.passages)]
    sizes = [len(g.labels) for g in rows]
    x = np.vstack([g.candidates.features for g in rows])
    y = np.concatenate([g.labels for g in rows]).astype(int)
    owner = np.repeat(np.arange(len(rows)), sizes)
    groups = np.array([rows[i].section for i in owner])
    oof = np.zeros(len(y))
    for train, test in GroupKFold(n_splits=folds).split(x, y, groups):
        oof[test] = _fit_trees(x[train], y[train], seed).decision_function(x[test])
    model = _fit_trees(x, y, seed)
    trees = export_trees(model)
    assert np.allclose(trees.logits(x[:50]), model.decision_function(x[:50]), atol=1e-6)

    bounds = np.cumsum([0, *sizes])
    top_logit, top_right, qrows, answerable = [], [], [], []
    rule_col = FEATURES.index("rule_choice")
    rule_right = []
    for i, g in enumerate(rows):
        logit = oof[bounds[i] : bounds[i + 1]]
        best = int(np.argmax(logit))
        is_answerable = g.item.kind == "answerable"
        if is_answerable:
            top_logit.append(logit[best])
            top_right.append(bool(g.labels[best]))
            rule = np.flatnonzero(g.candidates.features[:, rule_col] == 1)
            rule_right.append(bool(len(rule) and g.labels[rule[0]]))
        qrows.append(question_row(logit, g.candidates.features, FEATURES))
        answerable.append(is_answerable)
    calibration = _platt(np.array(top_logit), np.array(top_right))
    qx, qy = np.array(qrows), np.array(answerable, dtype=int)
    groups_q = np.array([g.section for g in rows])
    p_oof = np.zeros(len(qy))
    for train, test in GroupKFold(n_splits=folds).split(qx, qy, groups_q):
        p_oof[test] = _linear(qx[train], qy[train]).probability(qx[test])
    # the threshold is set where books have their memory (the shipped ones); on a new book's
    # questions its cost is measured, not chosen (new_book_* in the ranker's meta)
    known = np.array([not g.new_book for g in rows])
    fit_on = p_oof[(qy == 1) & known] if ((qy == 1) & known).any() else p_oof[qy == 1]
    abstain_below = float(np.quantile(fit_on, ABSTAIN_ANSWERABLE)) if len(fit_on) else 0.5
    linear = _linear(qx, qy)
    answerable_rows = [g for g in rows if g.item.kind == "answerable"]
    top_right_known = [r for r, g in zip(top_right, answerable_rows, strict=True) if not g.new_book]
    top_right_new = [r for r, g in zip(top_right, answerable_rows, strict=True) if g.new_book]
    report = FitReport(
        len(rows),
        int(qy.sum()),
        int((1 - qy).sum()),
        float(np.mean(top_right_known or top_right)),
        float(np.mean(rule_right)),
        float(np.mean([g.labels.any() for g in answerable_rows])),
        float(np.mean(p_oof[(qy == 1) & known] < abstain_below)) if ((qy == 1) & known).any() else 0.0,
        float(np.mean(p_oof[(qy == 0) & known] < abstain_below)) if ((qy == 0) & known).any() else 0.0,
    )
    new = ~known
    meta = {
        **(meta or {}),
        "new_book_asked": int(new.sum()),
        "new_book_top_right_oof": round(float(np.mean(top_right_new)), 3) if top_right_new else None,
        "new_book_abstain_answerable_oof": round(float(np.mean(p_oof[(qy == 1) & new] < abstain_below)), 3)
        if ((qy == 1) & new).any()
        else None,
        "new_book_abstain_silent_oof": round(float(np.mean(p_oof[(qy == 0) & new] < abstain_below)), 3)
        if ((qy == 0) & new).any()
        else None,
    }
    new_rows = [(g, oof[bounds[i] : bounds[i + 1]]) for i, g in enumerate(rows) if g.new_book]
    new_rows += [(g, trees.logits(g.candidates.features)) for g in new_book_only if len(g.candidates.passages)]
    new_book, (new_book_below, new_book_below_cross), held_out = fit_new_book(new_rows)
    meta["new_book_held_out"] = held_out
    ranker = Ranker(
        trees,
        calibration,
        linear,
        abstain_below,
        CHOICES_BELOW,
        game_weight=1.0,
        memory_weight=0.0,
        meta={**(meta or {}), "features": list(FEATURES), "report": report.__dict__},
        new_book=new_book,
        new_book_below=new_book_below,
        new_book_below_cross=new_book_below_cross,
    )
    return ranker, report


def fit_new_book(rows: list[tuple[Asked, np.ndarray]]) -> tuple[Linear | None, tuple[float, float], dict]:
    """The abstention model of a book without memory, fit on the questions asked with their game's
    memory left out (their trees' scores out of fold). Its threshold is set the way a player's book
    meets it: each book's questions scored by a model fit on the other books' (leave one book out),
    the threshold costing NEW_BOOK_ABSTAIN_ANSWERABLE of their answerable questions; and what each
    held-out book then gets (its answerable and silent questions refused) is kept in the meta."""
    if len(rows) < 20:
        return None, (0.0, 0.0), {}
    x = np.array([new_book_row(logit, g.candidates, FEATURES) for g, logit in rows])
    y = np.array([g.item.kind == "answerable" for g, _ in rows], dtype=int)
    games = np.array([g.item.game for g, _ in rows])
    p = np.zeros(len(y))
    for game in sorted(set(games.tolist())):
        out = games == game
        if len(set(y[~out].tolist())) < 2:
            return None, (0.0, 0.0), {}
        p[out] = _linear(x[~out], y[~out]).probability(x[out])
    # A book in another language than the question is held out as the only such book (Tacocat),
    # and scored lower by the other books' model (a fifth of its answerable questions refused at
    # the common threshold): questions across languages get a threshold of their own, set the same way.
    cross = x[:, NEW_BOOK_FEATURES.index("cross")] > 0
    below = float(np.quantile(p[(y == 1) & ~cross], NEW_BOOK_ABSTAIN_ANSWERABLE))
    below_cross = below
    if ((y == 1) & cross).sum() >= CROSS_AT_LEAST:
        below_cross = float(np.quantile(p[(y == 1) & cross], NEW_BOOK_ABSTAIN_ANSWERABLE))
    refused = p < np.where(cross, below_cross, below)
    held_out = {
        game: {
            "answerable_refused": round(float(np.mean(refused[(games == game) & (y == 1)])), 3),
            "silent_refused": round(float(np.mean(refused[(games == game) & (y == 0)])), 3),
        }
        for game in sorted(set(games.tolist()))
        if ((games == game) & (y == 0)).any() and ((games == game) & (y == 1)).any()
    }
    return _linear(x, y), (below, below_cross), held_out


CROSS_AT_LEAST = 20  # answerable questions across languages needed for their own threshold


GAME_WEIGHTS = (0.0, 0.25, 0.5, 1.0, 2.0, 4.0)
MEMORY_WEIGHTS = (0.0, 1.0, 2.0, 4.0, 8.0, 16.0)


def fit_game_choice(
    searcher: Searcher, reader: Reader, ranker: Ranker, memory: Memory, items: list[Remembered], say=print
) -> tuple[float, float, float]:
    """The weights of the search's odds and of the memory's share when no game is named: the pair
    that sends the most answerable questions (asked with no game, their writer left out) to their
    own game; and that share."""
    cases = []
    for n, item in enumerate(items, 1):
        result = searcher.search(item.q, INFERRED, limit=10)
        if len(result.likelihood) < 2:
            continue
        read, shares = read_games(searcher, reader, ranker, memory, result, _skip_for(item))
        cases.append((item.game, read, result.likelihood, shares))
        if n % 100 == 0:
            say(f"  {n}/{len(items)} asked with no game")
    best = (-1.0, 0.0, 0.0)
    for w in GAME_WEIGHTS:
        for v in MEMORY_WEIGHTS:
            trial = replace(ranker, game_weight=w, memory_weight=v)
            right = 0
            for game, read, likelihood, shares in cases:
                odds = game_odds(read, likelihood, shares, trial)
                right += max(odds, key=lambda g: odds[g]) == game
            share = right / max(1, len(cases))
            if share > best[0] + 1e-9:
                best = (share, w, v)
    return best[1], best[2], best[0]

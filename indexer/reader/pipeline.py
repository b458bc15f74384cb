"""`referee train`, end to end, from the repository's own data and a fixed seed.

1. Index the knowledge base with the plain e5-small and gather the training questions'
   candidates through the real search (the hard negatives, and the misses to mend).
2. Tune the encoder (`.tuning`), write its adapter (package data): the default model becomes
   the tuned one, so every index built before is stale.
3. Index again with the tuned encoder and gather train and dev anew: the heads must learn
   from what the tuned search returns at the table.
4. Train the heads, calibrations and thresholds (`.train`), write reader.npz.
Test is never read; `benchmarks/answer_quality.py` judges it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from referee import store
from referee.indexer.reader.examples import gather_examples
from referee.indexer.reader.kept import load_examples, save_examples
from referee.indexer.reader.reader import READER_FILE
from referee.indexer.reader.train import TrainReport, train_reader, training_items
from referee.indexer.reader.tuning import EPOCHS, pairs_of, tune_encoder
from referee.indexer.search.index import ensure_index
from referee.indexer.search.model import ADAPTER_FILE, DEFAULT_MODEL, default_model
from referee.indexer.search.searcher import Searcher
from referee.paths import PACKAGE_DIR
from referee.rules.checks import Check

SETS = PACKAGE_DIR.parent / "data" / "reader"  # in a checkout: the question sets beside kb/


@dataclass
class TrainingRun:
    tuned_model: str | None  # None when the encoder was kept
    pairs: int
    heads: TrainReport


def train_all(
    db_path: Path,
    checks: list[Check],
    sets: Path = SETS,
    seed: int = 0,
    say: Callable[[str], None] = print,
    epochs: int = EPOCHS,
    limit: int | None = None,
    tune: bool = True,
    adapter: Path = ADAPTER_FILE,
    out: Path = READER_FILE,
    keep_examples: Path | None = None,
    from_examples: Path | None = None,
) -> TrainingRun:
    """`tune=False` keeps the shipped encoder and retrains the heads only (minutes, not an hour);
    `keep_examples`: where to keep the gathered examples (.npz, data only) (benchmarks refit the heads from them);
    `from_examples`: refit the heads from examples kept before (seconds: the checks may have changed,
    the books and the index must not have)."""
    items = training_items(sets, limit)
    kept = _kept_examples(from_examples) if from_examples is not None else None  # refused before an hour of work
    pairs = 0
    if tune:
        say("indexing with the plain e5-small")
        ensure_index(db_path, model=DEFAULT_MODEL)
        base = Searcher(db_path)
        train = [i for i in items if i["split"] == "train" and i["kind"] == "answerable"]
        say(f"gathering {len(train)} training questions' candidates")
        examples = gather_examples(base, train, across_games=False)
        gold_entries = store.entries_by_ids(base.db, sorted({i.get("entry", "") for i in train}))
        found = pairs_of(examples, gold_entries)
        pairs = len(found)
        say(f"tuning the encoder on {pairs} questions, {epochs} epochs")
        tensors = tune_encoder(found, seed=seed, epochs=epochs, progress=say)
        _save_adapter(tensors, adapter)
    model = default_model()
    say(f"indexing with {model}")
    ensure_index(db_path, model=model)
    searcher = Searcher(db_path)
    if kept is not None:
        examples = kept
    else:
        say(f"gathering {len(items)} questions for the heads")
        examples = gather_examples(searcher, items)
    if keep_examples is not None:
        save_examples(examples, keep_examples)
    report = train_reader(searcher, checks, sets, out=out, seed=seed, examples=examples)
    return TrainingRun(model if tune else None, pairs, report)


def _kept_examples(path: Path) -> list:
    """Examples `keep_examples` wrote (a data-only .npz: reading one never runs code)."""
    examples = load_examples(path)
    for e in examples:  # kept before the query was part of what is gathered
        for gathered in (e.gathered, *e.rivals.values()):
            gathered.query = gathered.query or e.item["q"]
    return examples


def _save_adapter(tensors: dict[str, np.ndarray], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".partial.npz")
    np.savez_compressed(partial, **tensors)
    partial.replace(path)

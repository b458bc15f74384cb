"""`referee train --reader`: the older reader's heads refit from the repository's own data.

The heads (passage, answerable, check) read the plain e5-small's search; the passage head's
score is one of the ranker's features and the check head still decides whether a check's
verdict leads (`referee.indexer.memory` does the rest). The encoder tuning that used to come
first was removed: it set held-out search back. Test is never read here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from referee.indexer.reader.examples import gather_examples
from referee.indexer.reader.kept import load_examples, save_examples
from referee.indexer.reader.train import TrainReport, train_reader, training_items
from referee.indexer.search.index import ensure_index
from referee.indexer.search.model import default_model
from referee.indexer.search.searcher import Searcher
from referee.paths import PACKAGE_DIR
from referee.rules.checks import Check

SETS = PACKAGE_DIR.parent / "data" / "reader"  # in a checkout: the question sets beside kb/


@dataclass
class TrainingRun:
    heads: TrainReport


def train_all(
    db_path: Path,
    checks: list[Check],
    sets: Path = SETS,
    seed: int = 0,
    say: Callable[[str], None] = print,
    limit: int | None = None,
    out: Path | None = None,
    keep_examples: Path | None = None,
    from_examples: Path | None = None,
) -> TrainingRun:
    """`out`: the reader file to write (default: the user's data folder, never the package);
    `keep_examples`: where to keep the gathered examples (.npz, data only) (benchmarks refit the heads from them);
    `from_examples`: refit the heads from examples kept before (seconds: the checks may have changed,
    the books and the index must not have)."""
    items = training_items(sets, limit)
    kept = _kept_examples(from_examples) if from_examples is not None else None  # refused before an hour of work
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
    return TrainingRun(report)


def _kept_examples(path: Path) -> list:
    """Examples `keep_examples` wrote (a data-only .npz: reading one never runs code)."""
    examples = load_examples(path)
    for e in examples:  # kept before the query was part of what is gathered
        for gathered in (e.gathered, *e.rivals.values()):
            gathered.query = gathered.query or e.item["q"]
    return examples

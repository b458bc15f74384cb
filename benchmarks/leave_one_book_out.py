"""Leave one book out: the reader's heads trained on four books, judged on the fifth's test split.

    OMP_NUM_THREADS=2 python benchmarks/leave_one_book_out.py [--db FILE]

What a book a user adds gets: heads that never saw a question about it. The encoder stays the
shipped one (tuned on all five books' train splits, never on any test section), so this
measures the heads' transfer, and the test sections are unseen by both. Per held-out book, on
its test split with the game given: the first passage holds a gold passage and `ask` answers
(first quote right), abstention on its answerable and silent questions — next to the shipped
reader (trained on all five) on the same questions, in the same run.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from referee.indexer.reader.examples import Example, gather_examples, load_sets
from referee.indexer.reader.kept import load_examples
from referee.indexer.reader.reader import Reader, load_reader, shipped_reader
from referee.indexer.reader.train import train_reader
from referee.indexer.search.searcher import Searcher
from referee.paths import default_corpus_dir, default_db_path
from referee.rules.loading import discover_checks

ROOT = Path(__file__).resolve().parent.parent
SETS = ROOT / "data" / "reader"


def judged(reader: Reader, examples: list[Example]) -> dict[str, float]:
    answerable = [e for e in examples if e.kind == "answerable"]
    silent = [e for e in examples if e.kind == "silent"]
    right, abstained = 0, 0
    for e in answerable:
        scored = reader.read(e.gathered)
        abstains = reader.abstains(scored)
        abstained += abstains
        right += bool(not abstains and scored.quote is not None and e.labels[scored.order[scored.quote]])
    silent_abstained = sum(reader.abstains(reader.read(e.gathered)) for e in silent)
    return {
        "first quote right": right / max(1, len(answerable)),
        "answerable abstained": abstained / max(1, len(answerable)),
        "silent abstained": silent_abstained / max(1, len(silent)),
        "n": float(len(answerable)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=None)
    parser.add_argument(
        "--examples", type=Path, help="examples kept by `referee train --keep-examples` (else gathered)"
    )
    args = parser.parse_args()
    start = time.perf_counter()
    searcher = Searcher(args.db or default_db_path())
    checks = list(discover_checks(default_corpus_dir()).values())
    if args.examples:
        examples = load_examples(args.examples)  # written by referee train --keep-examples (.npz, data only)
        test = [i for i in load_sets(SETS) if i["split"] == "test" and i["kind"] in ("answerable", "silent")]
        print(f"gathering {len(test)} test questions", flush=True)
        examples += gather_examples(searcher, test, across_games=False)
    else:
        items = load_sets(SETS)
        print(f"gathering {len(items)} questions", flush=True)
        examples = gather_examples(searcher, items, across_games=False)
    games = sorted({e.item["game"] for e in examples})
    shipped = shipped_reader()
    header = f"{'held-out book':<18} {'figure':<22} {'all five':>9} {'four':>7} {'n':>5}"
    lines = [header, "-" * len(header)]
    for game in games:
        training = [e for e in examples if e.item["game"] != game and e.split in ("train", "dev")]
        out = Path(f"/tmp/reader-without-{game}.npz")
        train_reader(searcher, [c for c in checks if c.game != game], SETS, out=out, examples=training)
        held = [e for e in examples if e.item["game"] == game and e.split == "test"]
        both = judged(shipped, held), judged(load_reader(out), held)
        for key in ("first quote right", "answerable abstained", "silent abstained"):
            lines.append(f"{game:<18} {key:<22} {both[0][key]:>9.2f} {both[1][key]:>7.2f} {int(both[0]['n']):>5}")
        print(lines[-3], lines[-2], lines[-1], sep="\n", flush=True)
    mean = np.mean([float(line.split()[-2]) for line in lines[2:] if "first quote right" in line])
    print("\n".join(lines))
    print(f"mean first quote right, four books: {mean:.2f} ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()

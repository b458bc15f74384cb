"""How close the judging sets come to the shipped memory: near-copies make a judging question worthless.

    python benchmarks/memory_overlap.py [--db FILE]

For every judging set (data/judging/, data/questions-*.jsonl, data/reader/'s test split): how
many of its questions have a remembered question with the same words (Jaccard of words >= 0.7,
which `referee train` leaves out of the memory) and how many have one at cosine >= 0.98 / 0.95
(e5-small, the model the memory is searched with), with the closest pairs printed.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from referee.indexer.memory.assemble import near_copy, words
from referee.indexer.memory.bank import SHIPPED_FILE, embed, read_items, vectors_for
from referee.indexer.search.searcher import Searcher
from referee.paths import default_db_path

ROOT = Path(__file__).resolve().parent.parent


def judging_sets() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    data = ROOT / "data"
    for path in [*sorted((data / "judging").glob("judge-*.jsonl")), *sorted(data.glob("questions-*.jsonl"))]:
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        out[path.stem] = [str(r[k]) for r in rows for k in ("q", "q2") if r.get(k)]
    players = [
        json.loads(line) for line in (data / "reader" / "players.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    out["players test split"] = [r["q"] for r in players if r.get("split") == "test"]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=None)
    args = parser.parse_args()
    searcher = Searcher(args.db or default_db_path())
    items = read_items(SHIPPED_FILE)
    memory = vectors_for(searcher.db_path, searcher.index.config.model, searcher.encoder, [i.q for i in items])
    memory_words = [words(i.q) for i in items]
    print(f"{'set':<36} {'n':>5} {'same words':>10} {'cos>=.98':>9} {'cos>=.95':>9}")
    closest: list[tuple[float, str, str]] = []
    for name, questions in judging_sets().items():
        vectors = embed(searcher.encoder, questions)
        sims = vectors @ memory.T
        best = sims.max(axis=1)
        same = sum(any(near_copy(words(q), w) for w in memory_words) for q in questions)
        print(
            f"{name:<36} {len(questions):>5} {same:>10} {int((best >= 0.98).sum()):>9} {int((best >= 0.95).sum()):>9}"
        )
        for n in np.argsort(-best)[:3]:
            closest.append((float(best[n]), questions[n], items[int(sims[n].argmax())].q))
    print("\nclosest pairs (cosine, judging question, remembered question):")
    for sim, q, m in sorted(closest, reverse=True)[:12]:
        print(f"  {sim:.3f}  {q!r}  ~  {m!r}")


if __name__ == "__main__":
    main()

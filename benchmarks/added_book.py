"""What `ask` does for a rulebook a player adds: a set written blind from that book, asked with its
game given and with none.

    OMP_NUM_THREADS=1 python benchmarks/added_book.py --db FILE --sets data/judging/added-fate/judge \
        [--out FILE.json] [--compare BEFORE.json]

`--db` is a knowledge base the book was added to with `referee add` (REFEREE_USER_CORPUS pointing at
the games folder that holds it): the benchmark never adds or removes a book itself, so the same
database judges two checkouts. The set folder holds `answerable.jsonl` (gold verbatim),
`silent.jsonl` (on-topic, the book never says) and `offtopic.jsonl` (not about the game); the
figures are `benchmarks/answer_quality.py`'s (first quote right, on screen, abstained, wrong game)."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

os.environ.setdefault("OMP_NUM_THREADS", "1")

from answer_quality import asked, outcome  # the same judging as the shipped books'

KINDS = (("answerable", "answerable"), ("silent", "silent"), ("offtopic", "silent"))


def judge(db: Path, folder: Path) -> dict[str, Any]:
    from referee.indexer.search.searcher import Searcher

    searcher = Searcher(db)
    figures: dict[str, Any] = {}
    for name, kind in KINDS:
        lines = (folder / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
        items = [{**json.loads(line), "kind": kind} for line in lines if line.strip()]
        for mode in ("given", "none"):
            rows = [outcome(i, asked(searcher, i, i["game"] if mode == "given" else None), mode) for i in items]
            keys = [k for k in rows[0] if not k.startswith("_")]
            figures[f"{name} [{mode}]"] = {k: round(sum(bool(r[k]) for r in rows) / len(rows), 3) for k in keys}
            figures[f"{name} [{mode}]"]["n"] = len(rows)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--sets", type=Path, required=True)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--compare", type=Path)
    args = parser.parse_args()
    figures = judge(args.db, args.sets)
    before = json.loads(args.compare.read_text()) if args.compare else {}
    for name, row in figures.items():
        was = before.get(name, {})
        shown = ", ".join(
            f"{k} {v:.2f}" + (f" (was {was[k]:.2f})" if k in was and was[k] != v else "")
            for k, v in row.items()
            if k != "n"
        )
        print(f"{name:<22} n={row['n']:<3} {shown}")
    if args.out:
        args.out.write_text(json.dumps(figures, indent=1) + "\n")


if __name__ == "__main__":
    main()

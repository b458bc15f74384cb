"""How the Ask page's words for sureness fall on questions nobody trained on: for each level
("The book says", "Probably this — or one of these", "The book does not say"), how many of the
right answers, the wrong ones and the book's silences get it, at SURE_AT and at bounds around it.

    python benchmarks/sureness.py [--db FILE] [--sets players,silent] [--split test]

The words come from `referee.web.words.sureness` (what the page shows); right and wrong are
answer_quality.py's (the first quote holds a gold passage). The game is given, as a player who
picked it in the Ask page's picker.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from answer_quality import READER_SETS, asked, load, outcome

from referee.indexer.search.searcher import Searcher
from referee.paths import default_db_path
from referee.web.words import SURE_AT, sureness

BOUNDS = (0.5, 0.6, 0.7, 0.8, 0.85, 0.9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=None)
    parser.add_argument("--split", default="test")
    args = parser.parse_args()
    searcher = Searcher(args.db or default_db_path())
    rows = []
    for name, kind in (("players.jsonl", "answerable"), ("silent.jsonl", "silent")):
        for item in (i for i in load(READER_SETS / name) if i["split"] == args.split):
            item = {**item, "kind": kind}
            answer = asked(searcher, item, item["game"])
            seen = outcome(item, answer, "given")
            group = "silent" if seen["_silent"] else "right" if seen["_right"] else "wrong"
            rows.append((group, answer["answered"], answer["confidence"]))
    groups = ("right", "wrong", "silent")
    print(f"{len(rows)} questions ({args.split} split, game given):", {g: sum(r[0] == g for r in rows) for g in groups})
    print(f"\nwords at SURE_AT = {SURE_AT}:")
    for level in ("says", "probably", "silent"):
        counts = {g: sum(1 for r in rows if r[0] == g and sureness(r[2], r[1])["level"] == level) for g in groups}
        total = sum(counts.values()) or 1
        print(f"  {level:<9} {counts}  right among them {counts['right'] / total:.2f}")
    print("\nbound  right answers said 'The book says'  precision of 'The book says'  wrong said so  silent said so")
    for bound in BOUNDS:
        says = [r for r in rows if r[1] and r[2] >= bound]
        right = sum(r[0] == "right" for r in rows)
        said_right = sum(r[0] == "right" for r in says)
        print(
            f"{bound:>5}  {said_right / max(right, 1):>33.2f}  {said_right / max(len(says), 1):>29.2f}"
            f"  {sum(r[0] == 'wrong' for r in says):>13}  {sum(r[0] == 'silent' for r in says):>14}"
        )


if __name__ == "__main__":
    main()

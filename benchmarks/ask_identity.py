"""Every question of some sets asked, its full `referee ask --json` written out: two runs compared
say whether a change altered any answer (first answer, label, probability, choices, all of it).

    OMP_NUM_THREADS=1 PYTHONPATH=. .venv/bin/python benchmarks/ask_identity.py OUT.jsonl [SET.jsonl ...]
    .venv/bin/python benchmarks/ask_identity.py --compare BEFORE.jsonl AFTER.jsonl

Each question is asked twice: with its game given and with no game named (the path that reads
several games). The sets default to data/questions-dev.jsonl and data/judging/judge-players.jsonl;
nothing is tuned on them here, they are only asked.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SETS = [ROOT / "data" / "questions-dev.jsonl", ROOT / "data" / "judging" / "judge-players.jsonl"]


def dump(out: Path, sets: list[Path], db: Path) -> None:
    from referee import store
    from referee.indexer.answering.answer import ask
    from referee.indexer.search.searcher import Searcher
    from referee.names import choose_game
    from referee.paths import corpus_dirs
    from referee.rules.loading import load_rules

    searcher = Searcher(db)
    checks = list(load_rules(corpus_dirs()).checks.values())
    games = store.games(searcher.db)
    with out.open("w", encoding="utf-8") as sink:
        for path in sets:
            for line in path.read_text(encoding="utf-8").splitlines():
                if not line.strip():
                    continue
                item = json.loads(line)
                for given in (item.get("game"), None):
                    answer = ask(searcher, item["q"], checks, choose_game(games, item["q"], given=given))
                    row = {"id": item["id"], "given": given, "answer": answer.to_json()}
                    sink.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")


def compare(before: Path, after: Path) -> int:
    old = before.read_text(encoding="utf-8").splitlines()
    new = after.read_text(encoding="utf-8").splitlines()
    if len(old) != len(new):
        print(f"{len(old)} answers before, {len(new)} after")
        return max(len(old), len(new))
    pairs = zip(old, new, strict=True)
    differ = [json.loads(a)["id"] + f" (game {json.loads(a)['given']})" for a, b in pairs if a != b]
    print(f"{len(old)} answers compared, {len(differ)} differ" + (": " + ", ".join(differ[:20]) if differ else ""))
    return len(differ)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--compare", action="store_true", help="compare two dumps (BEFORE AFTER)")
    parser.add_argument("--db", type=Path, default=ROOT / "data" / "referee.db")
    args = parser.parse_args()
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    if args.compare:
        sys.exit(1 if compare(*args.files[:2]) else 0)
    dump(args.files[0], args.files[1:] or SETS, args.db)


if __name__ == "__main__":
    main()

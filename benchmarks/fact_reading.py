"""How often the facts read from a player's words are the facts the writer meant (no model).

    PYTHONPATH=. .venv/bin/python benchmarks/fact_reading.py [--split test]

Over data/reader/checks.jsonl's "settles" questions (each with its check and the facts its writer
gave): per split, the share read exactly (every written fact read with its value and nothing read
beyond), the share with a fact read *wrong* (a written fact read with another value, the
confidently wrong class), and the written facts the reader left unread (it then asks). A measure,
never a target: the reader's rules are not fitted to it (docs/records/2026-12-02-own-words.md).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from support.rules import all_checks  # noqa: E402

from referee.indexer.answering.facts import read_facts  # noqa: E402


def _same(read: object, written: object) -> bool:
    if isinstance(written, list) and isinstance(read, list):
        return len(read) == len(written) and all(_same(r, w) for r, w in zip(read, written, strict=True))
    if isinstance(written, bool) or isinstance(read, bool):
        return read is written
    if isinstance(written, (int, float)) and isinstance(read, (int, float)):
        return float(read) == float(written)
    return read == written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", help="only this split (train, dev, test)")
    args = parser.parse_args()
    checks = all_checks()
    rows = [json.loads(line) for line in (ROOT / "data/reader/checks.jsonl").open(encoding="utf-8")]
    rows = [r for r in rows if r["kind"] == "settles" and r["check"] in checks]
    if args.split:
        rows = [r for r in rows if r["split"] == args.split]
    tally: dict[str, Counter] = {}
    for row in rows:
        reading = read_facts(checks[row["check"]], row["q"])
        written = row["facts"]
        wrong = [n for n, v in written.items() if n in reading.found and not _same(reading.found[n], v)]
        unread = [n for n in written if n not in reading.found]
        exact = not wrong and not unread
        count = tally.setdefault(row["split"], Counter())
        count.update(n=1, exact=exact, wrong=bool(wrong), unread=len(unread), facts=len(written))
    print(f"{'split':<6} {'n':>5} {'exact':>7} {'a fact wrong':>13} {'facts unread':>13}")
    for split, c in sorted(tally.items()):
        print(
            f"{split:<6} {c['n']:>5} {c['exact'] / c['n']:>7.3f} {c['wrong']:>7} ({c['wrong'] / c['n']:.3f})"
            f" {c['unread']:>6} of {c['facts']}"
        )


if __name__ == "__main__":
    main()

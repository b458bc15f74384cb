"""Latency of the paths a user waits on, with baselines measured in the same run.

    .venv/bin/python benchmarks/latency.py

- cold `referee ask`: a new process per question (what a player at the table pays);
  baseline: a bare `python -c pass` and `referee --help` in the same run;
- warm query and warm `ask` (p50 and p95): one process, the index and encoder loaded, many questions;
- build: `referee build` and `referee index --force` with the model already cached.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / ".venv" / "bin"
QUESTIONS = [
    ("takkure", "Can I pass to a teammate who is ahead of me?"),
    ("rugby-world", "How far can a tackled player pass?"),
    ("touchdown-heroes", "Who wins the trick?"),
    ("ta-ke", "How does the Ninja ability work?"),
    ("tacocat", "What happens on a draw?"),
]


def timed(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True)
    return time.perf_counter() - start


def p50(values: list[float]) -> float:
    return statistics.median(values)


def main(repeats: int = 7) -> None:
    rows = []
    python = [p50([timed([sys.executable, "-c", "pass"]) for _ in range(repeats)])]
    rows.append(("python -c pass (baseline)", python[0] * 1000, 1.0))
    help_ = p50([timed([str(BIN / "referee"), "--help"]) for _ in range(repeats)])
    rows.append(("referee --help (cold)", help_ * 1000, help_ / python[0]))
    asks = [timed([str(BIN / "referee"), "ask", q, "--game", g]) for _ in range(repeats // 2 + 1) for g, q in QUESTIONS]
    rows.append(("referee ask (cold process)", p50(asks) * 1000, p50(asks) / python[0]))
    # no game: every game is scored and the list spread over the likely ones
    asks = [timed([str(BIN / "referee"), "ask", q]) for _ in range(repeats // 2 + 1) for _, q in QUESTIONS]
    rows.append(("referee ask, no game (cold process)", p50(asks) * 1000, p50(asks) / python[0]))

    from referee import store
    from referee.indexer.search.searcher import Searcher
    from referee.names import choose_game
    from referee.paths import default_db_path

    searcher = Searcher(default_db_path())
    games = store.games(searcher.db)
    searcher.search("warm up", game="takkure")
    for label, given in (("search, warm process", True), ("search, warm process, no game", False)):
        warm = []
        for _ in range(20):
            for game, question in QUESTIONS:
                start = time.perf_counter()
                searcher.search(question, choose_game(games, question, given=game if given else None), limit=5)
                warm.append(time.perf_counter() - start)
        rows.append((label, p50(warm) * 1000, p50(warm) / python[0]))

    from referee.indexer.answering.answer import ask
    from referee.paths import default_corpus_dir
    from referee.rules.loading import discover_checks

    checks = list(discover_checks(default_corpus_dir()).values())
    for label, given in (("ask, warm process", True), ("ask, warm process, no game", False)):
        warm = []
        for _ in range(20):
            for game, question in QUESTIONS:
                start = time.perf_counter()
                ask(searcher, question, checks, choose_game(games, question, given=game if given else None))
                warm.append(time.perf_counter() - start)
        rows.append((label, p50(warm) * 1000, p50(warm) / python[0]))
        p95 = statistics.quantiles(warm, n=20)[-1]
        rows.append((label + " (p95)", p95 * 1000, p95 / python[0]))

    build = timed([str(BIN / "referee"), "build"])
    rows.append(("referee build (5 books)", build * 1000, build / python[0]))
    index = timed([str(BIN / "referee"), "index", "--force"])
    rows.append(("referee index --force (model cached)", index * 1000, index / python[0]))

    print(f"{'what':<40} {'p50 ms':>10} {'x python startup':>17}")
    print("-" * 69)
    for name, ms, ratio in rows:
        print(f"{name:<40} {ms:>10.1f} {ratio:>17.1f}")


if __name__ == "__main__":
    main()

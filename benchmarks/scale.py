"""Scale: a synthetic library of N entries builds with flat memory and queries fast.

    .venv/bin/python benchmarks/scale.py [--entries 200000]

The model is replaced by a deterministic hash encoder (random unit vectors), so this
measures Referee's own machinery (parsing, SQLite, FTS5, streaming index build, FAISS
flat vs IVF, fusion), not the embedding model; the model's throughput is measured by
benchmarks/latency.py. A 5,000-entry library is built in the same run as the baseline.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import numpy as np

from referee.books.gameconf import discover_games
from referee.indexer.search.index import build_index
from referee.indexer.search.searcher import Searcher
from referee.store.build import build_knowledge_base

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # tests/support: the test doubles

from support.encoders import hash_encoders  # noqa: E402

HASH = hash_encoders("hash")  # the model is not what this measures


WORDS = [
    "ball",
    "pass",
    "tackle",
    "scrum",
    "card",
    "dice",
    "roll",
    "player",
    "token",
    "move",
    "kick",
    "score",
    "defend",
    "attack",
    "round",
    "turn",
]
# A rulebook library's vocabulary is large and Zipf-distributed: a few words are everywhere,
# most are rare. 4,000 made-up words after the 16 common ones.
VOCABULARY = [*WORDS, *(f"w{n:04d}" for n in range(4000))]
ZIPF = 1.0 / np.arange(1, len(VOCABULARY) + 1)
ZIPF /= ZIPF.sum()
GAMES = 5
DIM = 384


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def write_corpus(folder: Path, entries: int) -> None:
    rng = np.random.default_rng(7)
    per_game = entries // GAMES
    for g in range(GAMES):
        game = folder / f"synthetic-{g}"
        game.mkdir(parents=True)
        (game / "game.toml").write_text(
            f'title = "Synthetic {g}"\nlanguage = "en"\nrulebook = "rules.txt"\n'
            "[parse]\nheading_patterns = ['^\\d+\\.\\d+ [A-Z]']\n"
        )
        lines = []
        for n in range(per_game):
            if n % 20 == 0:
                lines.append(f"{n // 20 // 100 + 1}.{n // 20 % 100:02d} Section {n // 20}\n")
            words = rng.choice(VOCABULARY, size=14, p=ZIPF)
            lines.append(f"Rule {n}: the {' '.join(words[:7])}. Then {' '.join(words[7:])}.\n")
        (game / "rules.txt").write_text("\n".join(lines))


def measure(entries: int, work: Path) -> dict[str, float]:
    corpus, db = work / f"corpus-{entries}", work / f"kb-{entries}.db"
    write_corpus(corpus, entries)
    start = time.perf_counter()
    build_knowledge_base(db, discover_games(corpus))
    kb_seconds = time.perf_counter() - start

    samples: list[tuple[int, float, float]] = []

    def progress(done: int, total: int) -> None:
        if done % 4096 < 32 or done == total:
            samples.append((done, rss_mb(), tracemalloc.get_traced_memory()[0] / 2**20))

    base_rss = rss_mb()
    tracemalloc.start()
    start = time.perf_counter()
    config = build_index(db, model="hash", progress=progress, encoders=HASH)
    index_seconds = time.perf_counter() - start
    tracemalloc.stop()
    # Python-side working memory (numpy included) is what the streaming build controls
    python_mb = [traced for _, _, traced in samples]
    # working memory = RSS growth minus the vectors already in the index (their payload must grow);
    # flat means the first and the last quarter of the build need about the same
    overhead = [rss - base_rss - done * DIM * 4 / 2**20 for done, rss, _ in samples]
    quarter = max(1, len(overhead) // 4)
    early = statistics.mean(overhead[:quarter])
    late = statistics.mean(overhead[-quarter:])

    searcher = Searcher(db, encoders=HASH)
    latencies: dict[bool, list[float]] = {True: [], False: []}
    for given in (True, False):  # no game: every game is scored, then the list is spread
        for n in range(60):
            words = " ".join(np.random.default_rng(n).choice(VOCABULARY, size=5, p=ZIPF))
            start = time.perf_counter()
            searcher.search(words, game=f"synthetic-{n % GAMES}" if given else None, limit=10)
            latencies[given].append(time.perf_counter() - start)
    return {
        "entries": entries,
        "units": config.units,
        "index": config.index_type,
        "kb_s": kb_seconds,
        "index_s": index_seconds,
        "extra_mb_early": early,
        "extra_mb_late": late,
        "python_mb_early": statistics.mean(python_mb[:quarter]),
        "python_mb_late": statistics.mean(python_mb[-quarter:]),
        "p50_ms": statistics.median(latencies[True][5:]) * 1000,
        "p50_ms_no_game": statistics.median(latencies[False][5:]) * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=200_000)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="referee-scale-"))
    try:
        rows = [measure(5_000, work), measure(args.entries, work)]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(
        f"{'entries':>8} {'units':>8} {'index':>9} {'kb s':>6} {'index s':>8} {'py MB 1st/4':>12} "
        f"{'py MB last/4':>13} {'RSS-vec 1st/4':>14} {'RSS-vec last/4':>15} {'query p50 ms':>13} {'no game':>8}"
    )
    for r in rows:
        print(
            f"{r['entries']:>8} {r['units']:>8} {r['index']:>9} {r['kb_s']:>6.1f} {r['index_s']:>8.1f} "
            f"{r['python_mb_early']:>12.0f} {r['python_mb_late']:>13.0f} {r['extra_mb_early']:>14.0f} "
            f"{r['extra_mb_late']:>15.0f} {r['p50_ms']:>13.1f} {r['p50_ms_no_game']:>8.1f}"
        )
    print("\npy MB: memory traced in Python (numpy included) during the index build, first and last quarter;")
    print("RSS-vec: process growth minus the vectors already added (FAISS's own list growth shows here).")
    print(
        f"\nquery p50 ratio, {rows[1]['entries']} vs {rows[0]['entries']} entries: "
        f"{rows[1]['p50_ms'] / rows[0]['p50_ms']:.2f}x"
    )


if __name__ == "__main__":
    main()

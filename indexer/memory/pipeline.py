"""`referee train`: the memory assembled and the ranker fit, from the repository's own data.

1. The shipped memory (`assemble`): data/reader/'s players' and silent questions (not their test
   split) and data/memory/'s files, written to the package's data.
2. The search index with the default model (plain e5-small), and the memory's vectors.
3. Every remembered question asked as `ask` asks it, its own writer left out of the memory it
   reads (`training.gather_all`), and the ranker fit with folds grouped by section
   (`training.fit_ranker`); written beside the memory (`ranker.npz`).
About ten minutes on two cores. Judging sets are never read.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from referee import store
from referee.indexer.memory.assemble import assemble, judging_questions
from referee.indexer.memory.bank import SHIPPED_FILE, SHIPPED_VECTORS, load_memory, ship_vectors, write_items
from referee.indexer.memory.candidates import is_off_topic
from referee.indexer.memory.ranker import RANKER_FILE
from referee.indexer.memory.training import FitReport, fit_game_choice, fit_ranker, gather_all, new_book_asked
from referee.indexer.reader.reader import shipped_reader
from referee.indexer.search.index import ensure_index
from referee.indexer.search.searcher import Searcher
from referee.paths import PACKAGE_DIR, trained_dir

SETS = PACKAGE_DIR.parent / "data" / "reader"
MEMORY_SETS = PACKAGE_DIR.parent / "data" / "memory"
# remembered questions asked to train the ranker (a seeded sample): 2,500 already beat the rule
# by far; 5,000 keep training near ten minutes on two cores
TRAINING_SAMPLE = 5_000
GAME_SAMPLE = 600  # of those, asked again with no game named: the game choice's two weights


@dataclass
class RankerRun:
    memory: int
    trained_on: int
    seconds: float
    report: FitReport
    ranker: Path
    memory_file: Path


def train_ranker(
    db_path: Path,
    sets: Path = SETS,
    memory_sets: Path = MEMORY_SETS,
    seed: int = 0,
    say: Callable[[str], None] = print,
    limit: int | None = None,
    into: Path | None = None,
) -> RankerRun:
    """The memory, its vectors and the ranker written into `into` (default: the user's data
    folder, never the package; `make train` gives the checkout's indexer/data)."""
    start = time.perf_counter()
    folder = into or trained_dir()
    out, memory_out = folder / RANKER_FILE.name, folder / SHIPPED_FILE.name
    folder.mkdir(parents=True, exist_ok=True)
    ensure_index(db_path)
    searcher = Searcher(db_path)
    sections = dict(searcher.db.execute("select id, coalesce(section_id, game || '/front') from entries").fetchall())
    items, dropped = assemble(sets, memory_sets, sections, judging_questions(sets.parent))
    games = {g["id"] for g in store.games(searcher.db)}
    write_items(memory_out, items)
    silent = sum(i.kind == "silent" for i in items)
    say(f"memory: {len(items)} questions ({silent} silent) in {memory_out}")
    say(f"  {dropped} left out as near-copies of judging questions")
    say("embedding the memory's questions")
    memory = load_memory(
        db_path,
        searcher.index.config.model,
        searcher.encoder,
        games,
        shipped=memory_out,
        local=Path("/nonexistent"),
        progress=lambda done, total: say(f"  {done}/{total}") if done % 2048 == 0 or done == total else None,
    )
    ship_vectors(
        searcher.index.config.model, [i.q for i in memory.items], memory.vectors, folder / SHIPPED_VECTORS.name
    )
    train = list(memory.items)
    limit = limit or TRAINING_SAMPLE
    if limit < len(train):
        train = random.Random(seed).sample(train, limit)
    say(f"asking {len(train)} remembered questions, each without its own writer's")
    reader = shipped_reader()
    new_book = new_book_asked(train, seed)
    say(f"  {len(new_book)} of them as if their book were new (none of its game's memory)")
    gathered = gather_all(searcher, reader, memory, train, sections, say, new_book)
    # Off-topic questions are few among the sample; each is asked once more as a new book's, for
    # the new book's abstention alone (the trees are fit on the sample as before).
    # (at most one for every 25 of the sample: a small `--limit` run stays small)
    off_topic = [i for i in memory.items if is_off_topic(i) and i.id not in new_book][: len(train) // 25]
    say(f"asking the {len(off_topic)} other off-topic questions as if their book were new")
    only = gather_all(searcher, reader, memory, off_topic, sections, say, {i.id for i in off_topic})
    say("fitting the ranker (folds grouped by section)")
    ranker, report = fit_ranker(
        gathered, seed=seed, meta={"memory": len(items), "trained_on": len(train), "seed": seed}, new_book_only=only
    )
    games_sample = [i for i in train if i.kind == "answerable"][:GAME_SAMPLE]
    say(f"asking {len(games_sample)} of them with no game named, to weigh how the game is chosen")
    weight, memory_weight, share = fit_game_choice(searcher, reader, ranker, memory, games_sample, say)
    say(f"  the search's odds weigh {weight}, the memory's share {memory_weight}: {share:.1%} to their own game")
    ranker = replace(
        ranker, game_weight=weight, memory_weight=memory_weight, meta={**ranker.meta, "games_right": share}
    )
    ranker.save(out)
    return RankerRun(len(items), len(train), time.perf_counter() - start, report, out, memory_out)

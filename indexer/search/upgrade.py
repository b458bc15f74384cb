"""An index written before each book's vectors had a file of their own (no `books` in its config):
each book's file written from the index itself, with no embedding, so that the next build (a book
added) carries the unchanged books instead of embedding every one again. A data folder from an
older Referee took 4 minutes for `referee add` ("embedding 4111 units of 6 books, 0 books
unchanged": phone review 5, task 20); with its books kept, the added book's share only."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np

from referee import store
from referee.indexer.search.bookvectors import find_kept, store_book, units_digest
from referee.indexer.search.index import index_dir, load_index, read_config, staleness
from referee.indexer.search.model import PROMPTS
from referee.indexer.search.units import game_units, plan_units
from referee.store.lock import write_lock


def keep_books(db_path: Path, on_wait: Callable[[str], None] | None = None) -> list[str]:
    """The games whose vectors were written to files of their own. Nothing is written unless the
    index is flat (its vectors can be read back exactly), lacks the files, was embedded with this
    code's passage prompt, is current for the database (its fingerprint, model and units checked by
    `staleness`, under the write lock: no build swaps the database in meanwhile), and holds the
    very units this code plans, in the same order: what is written is what a build would embed."""
    config = read_config(db_path)  # cheap: most indexes have their files, and nothing is hashed
    if config is None or config.books or config.index_type != "flat" or config.prompts != PROMPTS:
        return []
    with write_lock(db_path, "keeping each book's vectors", on_wait):
        if staleness(db_path) is not None:
            return []
        loaded = load_index(db_path)
        db = store.open_db(db_path)
        plan = plan_units(db)
        if not (
            np.array_equal(loaded.unit_entry, plan.unit_entry)
            and np.array_equal(loaded.unit_sentence, plan.unit_sentence)
            and {g: tuple(v) for g, v in loaded.game_units.items()} == {g: tuple(v) for g, v in plan.games.items()}
        ):
            return []
        folder = index_dir(db_path)
        written = []
        for game, units in game_units(store.entries(db)):
            lo, hi = plan.games[game]
            digest = units_digest(config.model, [u.text for u in units])
            if find_kept(folder, digest, hi - lo) is not None:
                continue
            store_book(np.asarray(loaded.faiss.reconstruct_n(lo, hi - lo), dtype=np.float32), digest, folder)
            written.append(game)
    return written

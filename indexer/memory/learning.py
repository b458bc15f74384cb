"""Learning at the table: a question kept with the passage that answered it, in the local memory.

A tap on a choice, `referee ask … --pick N` or `--right ID` keeps (question, passage) in the
user's data folder (`memory.jsonl`, never the package); `--wrong` keeps that the passage did not
answer it. Later asks on that machine read the kept questions like the shipped ones (a kept
question votes for its passage), and a passage rejected for a question that close is not put
first. `referee memory list | export | import | forget` manage the file. Bounded (LOCAL_LIMIT,
oldest first out); every line is checked against the knowledge base before it is kept.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import sqlite_utils

from referee.errors import RefereeError
from referee.indexer.memory.bank import LOCAL_LIMIT, Remembered, local_file, read_items, write_items
from referee.store.lock import write_lock

MAX_QUESTION = 500


def _entry_text(db: sqlite_utils.Database, entry: str) -> tuple[str, str]:
    row = db.execute("select game, text from entries where id = ?", [entry]).fetchone()
    if row is None:
        raise RefereeError(f"no entry {entry!r} in the knowledge base (see `referee search` for ids)")
    return row[0], row[1]


def _checked(db: sqlite_utils.Database, question: str, entry: str, quote: str) -> tuple[str, str]:
    question = " ".join(question.split())
    if not question or len(question) > MAX_QUESTION:
        raise RefereeError(f"a question to remember is 1 to {MAX_QUESTION} characters")
    game, text = _entry_text(db, entry)
    if not quote or quote not in text:
        raise RefereeError(f"the passage is not words of {entry} (only the book's own words are kept)")
    return question, game


def remember(
    db: sqlite_utils.Database, question: str, entry: str, quote: str, right: bool = True, path: Path | None = None
) -> Remembered:
    """Keep `question` as answered (or, `right=False`, not answered) by `quote` of `entry`."""
    path = path or local_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    question, game = _checked(db, question, entry, quote)
    key = hashlib.sha256(f"{game}\0{question.lower()}\0{entry}\0{right}".encode()).hexdigest()[:12]
    item = Remembered(f"local-{key}", game, question, "answerable" if right else "rejected", entry, (quote,), "local")
    with write_lock(path, "remembering"):
        items = [i for i in read_items(path) if i.id != item.id]
        if right:  # a question answered anew replaces what was kept for it before
            items = [i for i in items if not (i.game == game and i.q.lower() == question.lower())]
        items.append(item)
        write_items(path, items[-LOCAL_LIMIT:])
    return item


def forget(which: str | None, path: Path | None = None) -> int:
    """Remove one kept line by id, or every line (`which` None); how many went."""
    path = path or local_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    with write_lock(path, "remembering"):
        items = read_items(path)
        kept = [] if which is None else [i for i in items if i.id != which]
        if which is not None and len(kept) == len(items):
            raise RefereeError(f"nothing kept under {which!r} (see `referee memory list`)")
        write_items(path, kept)
    return len(items) - len(kept)


def import_items(db: sqlite_utils.Database, source: Path, path: Path | None = None) -> int:
    """Lines exported before (or written by hand), each checked against the knowledge base."""
    path = path or local_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    incoming = read_items(source)
    if not incoming and not source.is_file():
        raise RefereeError(f"{source}: no such file")
    for item in incoming:
        if item.kind == "silent" or not item.entry or not item.gold:
            raise RefereeError(f"{source}: {item.id}: only answered questions are kept")
        _checked(db, item.q, item.entry, item.gold[0])
    with write_lock(path, "remembering"):
        items = read_items(path)
        have = {i.id for i in items}
        new = [i for i in incoming if i.id not in have]
        write_items(path, (items + new)[-LOCAL_LIMIT:])
    return len(new)

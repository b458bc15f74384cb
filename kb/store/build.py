"""Building the knowledge base: parse every game, write a new database, swap it in.

The schema and its version are referee.store.schema; the readers are referee.store.read.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlite_utils

from referee.books.entries import Links, ParsedBook
from referee.books.formats import read_rulebook
from referee.books.gameconf import Game
from referee.books.ids import ascii_ids
from referee.books.links import link_book
from referee.books.structure import parse_document
from referee.books.text import norm
from referee.books.translation import Translation, align
from referee.errors import RefereeError
from referee.rules.checks import Check
from referee.rules.citations import verify_citations
from referee.rules.loading import load_rulebook
from referee.store.atomic import remove_leftovers
from referee.store.lock import write_lock
from referee.store.read import database_problem, stored_games
from referee.store.schema import (
    DIGESTS_KEY,
    PER_GAME_TABLES,
    SCHEMA_VERSION,
    create_schema,
    database_kind,
    entry_digest,
    game_token,
    schema_version,
    table_digests,
)


def _compute_fingerprint(db: sqlite_utils.Database) -> str:
    digest = hashlib.sha256()
    for row in db.execute("select id, kind, text from entries order by game, position"):
        digest.update("\0".join(row).encode("utf-8") + b"\1")
    return digest.hexdigest()


def _compute_common_terms(db: sqlite_utils.Database) -> list[str]:
    """Index terms (Porter stems) found in at least half the entries: FTS5's BM25 gives them no
    weight (it clamps their IDF), so the lexical side leaves them out of its queries. One scan of
    the FTS vocabulary at build time instead of a count per question."""
    db.execute("create virtual table if not exists temp.referee_vocabulary using fts5vocab(main, entries_fts, row)")
    rows = db.execute("select count(*) from entries").fetchone()[0]
    found = [t for (t,) in db.execute("select term from temp.referee_vocabulary where 2 * doc >= ?", [rows])]
    db.execute("drop table temp.referee_vocabulary")
    return found


def corpus_hash(game: Game) -> str:
    digest = hashlib.sha256()
    for path in (game.folder / "game.toml", game.rulebook, *sorted(game.translations.values())):
        digest.update(path.read_bytes())
    return digest.hexdigest()


@dataclass
class GameReport:
    game: str
    entries: int
    sections: int
    kinds: dict[str, int]
    dropped: list[dict[str, Any]]
    warnings: list[str] = field(default_factory=list)
    unresolved: list[dict[str, Any]] = field(default_factory=list)
    links: Links = field(default_factory=Links, repr=False)
    checks: list[Check] = field(default_factory=list, repr=False)
    translations: list[Translation] = field(default_factory=list, repr=False)

    def to_dict(self) -> dict[str, Any]:
        data = self.__dict__.copy()
        del data["links"]
        data["checks"] = [c.name for c in self.checks]
        data["translations"] = {t.lang: t.file for t in self.translations}
        return data


def _report(book: ParsedBook, links: Links) -> GameReport:
    kinds: dict[str, int] = {}
    for entry in book.entries:
        kinds[entry.kind] = kinds.get(entry.kind, 0) + 1
    return GameReport(
        game=book.game,
        entries=len(book.entries),
        sections=len(book.sections),
        kinds=dict(sorted(kinds.items())),
        dropped=[d.__dict__ for d in book.dropped],
        warnings=book.warnings,
        unresolved=[
            {"entry": e.src, "kind": e.kind, "anchor": e.anchor, "why": e.note} for e in links.edges if e.dst is None
        ],
        links=links,
    )


def _write_links(db: sqlite_utils.Database, game: Game, links: Links) -> None:
    db.table("edges").insert_all(
        {
            "game": game.id,
            "src": e.src,
            "dst": e.dst,
            "kind": e.kind,
            "anchor": e.anchor,
            "note": e.note,
            "resolved": int(e.dst is not None),
        }
        for e in links.edges
    )
    uses: dict[str, int] = {}
    for edge in links.edges:
        if edge.kind == "term":
            uses[edge.anchor] = uses.get(edge.anchor, 0) + 1
    db.table("terms").insert_all(
        {
            "game": game.id,
            "term": t.term,
            "norm": norm(t.term),
            "entry": t.entry,
            "source": t.source,
            "aliases": json.dumps(t.aliases, ensure_ascii=False),
            "uses": uses.get(t.term, 0),
        }
        for t in links.terms
    )
    db.table("precedence").insert_all(
        {"game": game.id, "higher": json.dumps(p.higher), "over": p.over, "entry": p.entry} for p in links.precedence
    )


def _write_book(db: sqlite_utils.Database, game: Game, book: ParsedBook, report: GameReport) -> None:
    for table in ("entries", "sections", "dropped", "edges", "terms", "precedence", "translations"):
        db.table(table).delete_where("game = ?", [game.id])
    forms = ascii_ids([s.id for s in book.sections] + [e.id for e in book.entries])
    db.table("games").upsert(
        {
            "id": game.id,
            "title": game.title,
            "lang": game.language,
            "players": game.players,
            "aliases": json.dumps(game.aliases, ensure_ascii=False),
            "rulebook": game.rulebook.name,
            "corpus_hash": corpus_hash(game),
            "entries": len(book.entries),
            "sections": len(book.sections),
            "built_at": datetime.now(UTC).isoformat(timespec="seconds"),
        },
        pk="id",
    )
    db.table("sections").insert_all(
        (
            {**s.to_dict(), "path": json.dumps(s.path, ensure_ascii=False), "ascii_id": forms[s.id]}
            for s in book.sections
        ),
        pk="id",
    )
    db.table("entries").insert_all(
        _digested(
            {
                "id": e.id,
                "game": e.game,
                "section_id": e.section_id,
                "number": e.number,
                "title": e.title,
                "path": json.dumps(e.path, ensure_ascii=False),
                "kind": e.kind,
                "source": e.source,
                "normative": int(e.normative),
                "lang": e.lang,
                "text": e.text,
                "position": e.position,
                "line": e.line,
                "start": e.start,
                "end": e.end,
                "table_json": json.dumps(e.table, ensure_ascii=False) if e.table else None,
                "page": e.page,
                "game_token": game_token(e.game),
                "ascii_id": forms[e.id],
            }
            for e in book.entries
        ),
        pk="id",
        batch_size=500,
    )
    db.table("dropped").insert_all({"game": game.id, **d.__dict__} for d in book.dropped)
    db.table("build_report").upsert(
        {"game": game.id, "report": json.dumps(report.to_dict(), ensure_ascii=False)}, pk="game"
    )
    _write_links(db, game, report.links)
    _write_checks(db, game, report.checks)
    db.table("translations").insert_all(
        (row for t in report.translations for row in t.rows(game.id)), pk=("id", "lang")
    )


def _digested(rows: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for row in rows:
        yield {**row, "digest": entry_digest(row)}


def _write_checks(db: sqlite_utils.Database, game: Game, checks: list[Check]) -> None:
    db.execute('delete from check_entries where "check" in (select name from checks where game = ?)', [game.id])
    db.table("checks").delete_where("game = ?", [game.id])
    db.table("checks").insert_all({"name": c.name, "game": c.game, "description": c.description} for c in checks)
    db.table("check_entries").insert_all(
        {"check": c.name, "entry": entry} for c in checks for entry in sorted({q.entry for q in c.quotes.values()})
    )


def _verified_checks(game: Game, book: ParsedBook) -> list[Check]:
    """The game's checks, refused loudly if one cites an id or a quote the book does not have."""
    rulebook = load_rulebook(game.folder)
    if rulebook is None:
        return []
    texts = {e.id: e.text for e in book.entries}
    tables = {e.id: e.table for e in book.entries}
    problems = verify_citations(rulebook, texts.get, tables.get)
    if problems:
        raise RefereeError(f"{game.folder / 'quotes.py'}: {problems[0]} ({len(problems)} problem(s))")
    return rulebook.checks


def select_games(games: list[Game], only: str | None) -> list[Game]:
    """All the games, or the one asked for; an unknown name is a user error."""
    selected = [g for g in games if only is None or g.id == only]
    if only is not None and not selected:
        raise RefereeError(f"unknown game {only!r}; known: {', '.join(g.id for g in games)}")
    return selected


def writable_target(db_path: Path) -> Path:
    """Where a build may write: a new file, an empty one or a Referee database, never
    anything else (a text file, a folder, a device, a foreign SQLite file, a read-only file).
    A symlink is followed, so the database it points at is the one updated."""
    target = Path(os.path.realpath(db_path))
    if target.is_dir():
        raise RefereeError(f"{db_path}: is a folder; give --db a database file name")
    if target.exists() and not target.is_file():
        raise RefereeError(f"{db_path}: is not a regular file; give --db a database file name")
    kind = database_kind(target)
    if kind == "foreign":
        raise RefereeError(f"{db_path}: exists and is not a Referee knowledge base; not overwriting it")
    if kind != "missing" and not os.access(target, os.W_OK):
        raise RefereeError(f"{db_path}: is read-only; make it writable or choose another --db")
    folder = target.parent
    if folder.exists() and not os.access(folder, os.W_OK):
        raise RefereeError(f"{folder}: folder is not writable; choose another --db")
    return target


def _parse_game(game: Game) -> tuple[Game, ParsedBook, GameReport]:
    book = parse_document(game, game.read_document())
    report = _report(book, link_book(game, book))
    report.checks = _verified_checks(game, book)
    report.translations = _aligned_translations(game, book)
    return game, book, report


def _aligned_translations(game: Game, book: ParsedBook) -> list[Translation]:
    """The game's translations, refused loudly unless each one covers every entry and heading."""
    return [
        align(book, read_rulebook(path), lang, str(game.folder / path.name))
        for lang, path in sorted(game.translations.items())
    ]


def _reusable(target: Path, games: list[Game], only: str) -> bool:
    """Whether a one-game build can start from the database there: same schema version, every
    table there, SQLite's quick check passed, every entry as the build wrote it, and every other
    game of the corpus in it. Otherwise every game is rebuilt (a database that lost a table once
    made a one-game build of one game out of five)."""
    if database_kind(target) != "referee" or schema_version(target) != SCHEMA_VERSION:
        return False
    return not database_problem(target) and {g.id for g in games if g.id != only} <= stored_games(target)


def build_knowledge_base(
    db_path: Path,
    games: list[Game],
    only: str | None = None,
    on_game: Callable[[str], None] | None = None,
    on_wait: Callable[[str], None] | None = None,
) -> list[GameReport]:
    """Parse the games and swap the result in atomically, one writer at a time.

    Everything is parsed before the database is touched, and the new database is
    written beside the old one and renamed over it: a bad rulebook or an
    interrupted build leaves the previous knowledge base as it was. With `only`, the
    other games are copied from the current database; if that database is of another
    schema version (or missing), every game is rebuilt instead.
    """
    selected = select_games(games, only)
    target = writable_target(db_path)
    parsed = []
    for game in selected:
        parsed.append(_parse_game(game))
        if on_game:
            on_game(game.id)
    target.parent.mkdir(parents=True, exist_ok=True)
    with write_lock(target, "building the knowledge base", on_wait):
        remove_leftovers(target, prefix=f".{target.name}")
        remove_leftovers(target.with_name(target.stem + ".index"))  # the index's staging folders too
        base = target if only is not None and _reusable(target, games, only) else None
        if base is not None:
            try:
                _write_database(target, base, games, parsed)
                return [report for _, _, report in parsed]
            except sqlite3.DatabaseError:
                base = None  # the database there is damaged: rebuild every game instead of copying it
        if only is not None:
            parsed += [_parse_game(g) for g in games if g.id != only]
        _write_database(target, None, games, parsed)
    return [report for _, _, report in parsed]


def _write_database(
    target: Path, base: Path | None, games: list[Game], parsed: list[tuple[Game, ParsedBook, GameReport]]
) -> None:
    """Write the new database beside `target` (from a copy of `base`, if given) and rename it over."""
    tmp = target.with_name(f".{target.name}.tmp-{os.getpid()}")
    tmp.unlink(missing_ok=True)
    try:
        if base is not None:
            _copy_database(base, tmp)
            db = sqlite_utils.Database(tmp)
        else:
            db = sqlite_utils.Database(tmp)
            create_schema(db)
        with db.conn:
            keep = {g.id for g in games}
            marks = ",".join("?" * len(keep))
            db.table("games").delete_where(f"id not in ({marks})", list(keep))
            for table in PER_GAME_TABLES:
                db.table(table).delete_where(f"game not in ({marks})", list(keep))
            for game, book, report in parsed:
                _write_book(db, game, book, report)
            db.table("meta").upsert({"key": "fingerprint", "value": _compute_fingerprint(db)}, pk="key")
            db.table("meta").upsert({"key": "common_terms", "value": json.dumps(_compute_common_terms(db))}, pk="key")
            db.table("meta").upsert({"key": DIGESTS_KEY, "value": json.dumps(table_digests(db.conn))}, pk="key")
        db.close()
        os.replace(tmp, target)
    except sqlite3.OperationalError as exc:  # writing the new file failed: full disk, I/O error, size limit
        _remove_tmp(tmp)
        raise RefereeError(f"{target.parent}: cannot write the new knowledge base ({exc}; is the disk full?)") from None
    except BaseException:
        _remove_tmp(tmp)
        raise


def _remove_tmp(tmp: Path) -> None:
    tmp.unlink(missing_ok=True)
    tmp.with_name(tmp.name + "-journal").unlink(missing_ok=True)


def _copy_database(source: Path, target: Path) -> None:
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        src.close()
        dst.close()

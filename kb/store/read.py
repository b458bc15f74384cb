"""Reading the knowledge base: opening it safely, and the look-ups every command uses.

Building (parsing, writing, swapping the file in) is kb/build.py; this module never writes.
"""

from __future__ import annotations

import difflib
import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import sqlite_utils

from referee.books.translation import LABEL
from referee.errors import RefereeError
from referee.names import QUESTION_WORDS, BookWords, GameName, resolve_game_name, term_heads, word_list
from referee.store import graph
from referee.store.schema import (
    DIGESTS_KEY,
    SCHEMA_VERSION,
    TABLES,
    database_kind,
    entry_digest,
    schema_version,
    stored_json,
    table_digests,
)

_opened: list[Path] = []  # the databases this process opened (a few, most recent last), for `explain_failure`


def open_db(path: Path) -> sqlite_utils.Database:
    """Open an existing knowledge base read-only; anything else is one clear error."""
    kind = database_kind(path)
    if kind == "missing":
        raise RefereeError(f"no knowledge base at {path}: run `referee build` first")
    if path.is_dir():
        raise RefereeError(f"{path}: is a folder, not a knowledge base; give the database file with --db")
    if kind in ("foreign", "empty"):
        raise RefereeError(f"{path}: not a Referee knowledge base; run `referee build` or give another --db")
    if kind == "legacy" or schema_version(path) != SCHEMA_VERSION:
        raise RefereeError(f"{path}: built by another version of Referee; run `referee build` to rebuild it")
    problem = _verified_once(path)
    if problem:
        raise RefereeError(f"{path}: {problem}; run `referee build` to rebuild it")
    connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    if path in _opened:
        _opened.remove(path)
    _opened[:] = [*_opened[-3:], path]
    return sqlite_utils.Database(connection)


_verified: dict[tuple[str, int, int, int], str | None] = {}  # a file's identity -> its problem, once per process


def _verified_once(path: Path) -> str | None:
    try:
        info = path.stat()
    except OSError as exc:
        return f"cannot be read ({exc.strerror})"
    key = (str(path.resolve()), info.st_ino, info.st_mtime_ns, info.st_size)
    if key not in _verified:
        _verified[key] = database_problem(path)
    return _verified[key]


def database_problem(path: Path) -> str | None:
    """What is wrong with a knowledge base's file, or None: a table missing, SQLite's quick check
    failed, or an entry that no longer matches the digest the build wrote (text edited inside the
    file, which SQLite cannot see). Checked once per process for each version of a file."""
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        return f"the knowledge base cannot be opened ({exc})"
    try:
        connection.row_factory = sqlite3.Row
        present = {row[0] for row in connection.execute("select name from sqlite_master where type = 'table'")}
        missing = [t for t in TABLES if t not in present]
        if missing:
            return f"the knowledge base lacks its {missing[0]} table (damaged or edited)"
        verdict = str(connection.execute("pragma quick_check(1)").fetchone()[0])
        if verdict != "ok":
            return f"the knowledge base is damaged ({verdict[:200]})"
        for row in connection.execute("select * from entries"):
            if row["digest"] != entry_digest(dict(row)):
                return f"the entry {row['id']} no longer matches the book's words (edited inside the database)"
        return _tables_problem(connection)
    except sqlite3.Error as exc:
        return f"the knowledge base is damaged ({exc})"
    finally:
        connection.close()


def _tables_problem(connection: sqlite3.Connection) -> str | None:
    """A table whose rows are no longer those the build wrote (a row deleted, a count or a
    translation edited), or None."""
    row = connection.execute("select value from meta where key = ?", [DIGESTS_KEY]).fetchone()
    try:
        written = json.loads(row[0]) if row else None
    except ValueError:
        written = None
    if not isinstance(written, dict):
        return "the knowledge base lacks the digests of its tables (damaged or edited)"
    for table, digest in table_digests(connection).items():
        if written.get(table) != digest:
            return f"the {table} table no longer holds what the build wrote (rows edited, added or deleted)"
    return None


def stored_games(path: Path) -> set[str]:
    """The ids of the games a (verified) knowledge base holds."""
    connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return {row[0] for row in connection.execute("select id from games")}
    finally:
        connection.close()


def quick_check(path: Path) -> str:
    """SQLite's own consistency check: 'ok', or the first problem it finds."""
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            return str(connection.execute("pragma quick_check(1)").fetchone()[0])
        finally:
            connection.close()
    except sqlite3.Error as exc:
        return str(exc)


def explain_failure(exc: sqlite3.Error) -> str:
    """One line for a database error met while reading: damaged (and how to repair) or not."""
    for path in reversed(_opened):
        verdict = quick_check(path)
        if verdict != "ok":
            return f"{path}: the knowledge base is damaged ({verdict}); run `referee build` to rebuild it"
    where = f"{_opened[-1]}: " if _opened else ""
    return f"{where}database error ({exc}); run `referee build` to rebuild the knowledge base"


def fingerprint(db: sqlite_utils.Database) -> str:
    """Changes whenever any entry's id, kind or text changes (set at build time)."""
    row = db.execute("select value from meta where key = 'fingerprint'").fetchone()
    return row[0] if row else ""


def common_terms(db: sqlite_utils.Database) -> frozenset[str]:
    """Index terms (Porter stems) found in at least half the entries, listed at build time:
    FTS5's BM25 gives them no weight, so the lexical side leaves them out of its queries."""
    row = db.execute("select value from meta where key = 'common_terms'").fetchone()
    return frozenset(stored_json(row[0], "common terms")) if row else frozenset()


@dataclass(frozen=True)
class StoredEntry:
    """An entry as the knowledge base holds it (what search hits, answers and `show` are made of)."""

    id: str
    game: str
    number: str | None  # the section's printed number ("2.01"), None if it has none
    section_id: str | None  # the section's id ("takkure/2.01"), None before the first heading
    title: str
    path: list[str]
    kind: str
    source: str
    normative: bool
    lang: str
    text: str
    line: int
    table: dict[str, Any] | None
    ascii_id: str  # the typeable form of the id (the id itself when it is ASCII)
    translations: list[dict[str, str]] | None = None  # its aligned translations, when they were looked up

    def to_json(self) -> dict[str, Any]:
        """The one JSON shape of an entry: `show` prints it, and a search hit (`Hit.to_json`: its
        score) and an answer's citation (`Citation.to_json`: its quote) are it with their own keys."""
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "translations"}
        return data if self.translations is None else {**data, "translations": self.translations}


def _entry_row(row: dict[str, Any], translations: list[dict[str, str]] | None = None) -> StoredEntry:
    return StoredEntry(
        id=row["id"],
        game=row["game"],
        number=row["number"],
        section_id=row["section_id"],
        title=row["title"],
        path=stored_json(row["path"], f"{row['id']}'s path"),
        kind=row["kind"],
        source=row["source"],
        normative=bool(row["normative"]),
        lang=row["lang"],
        text=row["text"],
        line=row["line"],
        table=stored_json(row["table_json"], f"{row['id']}'s table") if row["table_json"] else None,
        ascii_id=row["ascii_id"],
        translations=translations,
    )


def _section_row(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": row["id"],
        "game": row["game"],
        "number": row["number"],
        "title": row["title"],
        "heading": row["heading"],
        "path": stored_json(row["path"], f"{row['id']}'s path"),
        "level": row["level"],
        "parent": row["parent"],
        "line": row["line"],
        "ascii_id": row["ascii_id"],
    }


def games(db: sqlite_utils.Database) -> list[dict[str, Any]]:
    rows = db.execute_returning_dicts("select * from games order by id")
    return [{**row, "aliases": stored_json(row["aliases"], f"{row['id']}'s aliases")} for row in rows]


NAME_USES = 2  # a word of a game's name or of a term's English name is that game's vocabulary, however rare in the text


def game_words(db: sqlite_utils.Database) -> dict[str, dict[str, int]]:
    """Per game, how often each word is written in its book, with its terms' aliases (the English
    names of a translated book's terms) and the game's own names counted NAME_USES times: what
    `referee.names.game_terms` weighs to find the words of a question that belong to one game."""
    counts: dict[str, dict[str, int]] = {}
    for row in db.query("select game, text from entries"):
        words = counts.setdefault(row["game"], {})
        for word in word_list(row["text"]):
            words[word] = words.get(word, 0) + 1
    named = [(g["id"], [g["title"], *g["aliases"]]) for g in games(db)]
    if "terms" in db.table_names():
        rows = db.query("select game, aliases from terms")
        named += [(row["game"], json.loads(row["aliases"] or "[]")) for row in rows]
    for game, names in named:
        words = counts.setdefault(game, {})
        for word in {w for name in names for w in word_list(name)}:
            words[word] = words.get(word, 0) + NAME_USES
    return counts


def book_words(db: sqlite_utils.Database) -> BookWords:
    """Per game, every word its book writes (`game_words`, with its translations' words: a
    Ukrainian book deals cards in English too) and the words of its defined terms (names and
    aliases): what `referee.names.foreign_terms` weighs before calling a word another game's."""
    written = game_words(db)
    if "translations" in db.table_names():
        for row in db.query("select game, text from translations"):
            words = written.setdefault(row["game"], {})
            for word in word_list(row["text"]):
                words[word] = words.get(word, 0) + 1
    defined: dict[str, set[str]] = {}
    heads: dict[str, set[str]] = {}
    if "terms" in db.table_names():
        for row in db.query("select game, term, aliases from terms"):
            names = [row["term"], *json.loads(row["aliases"] or "[]")]
            defined.setdefault(row["game"], set()).update(
                w for name in names for w in word_list(name) if w not in QUESTION_WORDS
            )
            heads.setdefault(row["game"], set()).update(w for name in names for w in term_heads(name))
    return BookWords(
        written,
        {game: frozenset(words) for game, words in defined.items()},
        {game: frozenset(words) for game, words in heads.items()},
    )


def resolve_game(db: sqlite_utils.Database, name: str) -> str:
    """A game id from its id, title or one of its aliases (case-insensitive)."""
    return resolve_game_name(name, [GameName(g["id"], g["title"], g["aliases"]) for g in games(db)])


def entries(db: sqlite_utils.Database, game: str | None = None) -> Iterator[StoredEntry]:
    where, params = ("where game = ?", [game]) if game else ("", [])
    for row in db.query(f"select * from entries {where} order by game, position", params):
        yield _entry_row(row)


def with_links(db: sqlite_utils.Database, entry: StoredEntry) -> dict[str, Any]:
    """An entry as `show` prints it: its text and everything that bears on it."""
    links = graph.links_of(db, entry.id, entry.game, entry.normative, entry.source)
    checks = [r[0] for r in db.execute('select "check" from check_entries where entry = ? order by 1', [entry.id])]
    translations = translations_of(db, [entry.id]).get(entry.id, [])
    return {"type": "entry", **entry.to_json(), **links, "checks": checks, "translations": translations}


def entries_by_ids(db: sqlite_utils.Database, ids: list[str]) -> dict[str, StoredEntry]:
    """Entries by id, each with its `translations` (empty for a book read in its own language)."""
    if not ids:
        return {}
    rows = list(db.query(f"select * from entries where id in ({','.join('?' * len(ids))})", ids))
    translated = translations_of(db, [row["id"] for row in rows])
    return {row["id"]: _entry_row(row, translated.get(row["id"], [])) for row in rows}


def translations_of(
    db: sqlite_utils.Database, ids: list[str], lang: str | None = None
) -> dict[str, list[dict[str, str]]]:
    """The aligned translations of entries or sections: id -> [{lang, text, label}], labelled as
    the project's unofficial translation (never the book's words)."""
    if not ids:
        return {}
    where = f"id in ({','.join('?' * len(ids))})" + (" and lang = ?" if lang else "")
    out: dict[str, list[dict[str, str]]] = {}
    for row in db.query(f"select * from translations where {where} order by lang", [*ids, *([lang] if lang else [])]):
        out.setdefault(row["id"], []).append({"lang": row["lang"], "text": row["text"], "label": LABEL})
    return out


def translation_of(db: sqlite_utils.Database, item_id: str, lang: str = "en") -> str | None:
    """The translated text of one entry (or section heading) in a language, if the book has one."""
    found = translations_of(db, [item_id], lang).get(item_id)
    return found[0]["text"] if found else None


def resolve_id(db: sqlite_utils.Database, item_id: str) -> str:
    """The book's id for an id typed in either form (the book's spelling or its ASCII form)."""
    item_id = item_id.strip().rstrip("/")
    for table in ("entries", "sections"):
        if _exists(db, table, item_id):
            return item_id
    for table in ("entries", "sections"):
        row = db.execute(f"select id from {table} where ascii_id = ?", [item_id]).fetchone()
        if row:
            return str(row[0])
    return item_id


def sections_of(db: sqlite_utils.Database, ids: list[str]) -> dict[str, str | None]:
    if not ids:
        return {}
    rows = db.execute(f"select id, section_id from entries where id in ({','.join('?' * len(ids))})", ids)
    return dict(rows.fetchall())


def toc(db: sqlite_utils.Database, game: str) -> list[dict[str, Any]]:
    return [_section_row(r) for r in db.query("select * from sections where game = ? order by position", [game])]


def show(db: sqlite_utils.Database, item_id: str) -> dict[str, Any]:
    """An entry, or a section with its entries; an unknown id suggests the closest ones.
    The id may be typed in its ASCII form (`tacocat/peremistyty-takokat/1`)."""
    item_id = resolve_id(db, item_id)
    row = db.table("entries").get(item_id) if _exists(db, "entries", item_id) else None
    if row is not None:
        return with_links(db, _entry_row(row))
    if _exists(db, "sections", item_id):
        section = _section_row(db.table("sections").get(item_id))
        rows = list(db.query("select * from entries where section_id = ? order by position", [item_id]))
        translated = translations_of(db, [item_id] + [r["id"] for r in rows])
        members = [_entry_row(r, translated.get(r["id"], [])).to_json() for r in rows]
        return {"type": "section", **section, "translations": translated.get(item_id, []), "entries": members}
    raise RefereeError(f"no entry or section {item_id!r}{_suggestion(db, item_id)}")


def _exists(db: sqlite_utils.Database, table: str, item_id: str) -> bool:
    return db.execute(f"select 1 from {table} where id = ?", [item_id]).fetchone() is not None


def _suggestion(db: sqlite_utils.Database, item_id: str) -> str:
    ids = [r[0] for r in db.execute("select id from entries union all select id from sections")]
    ids += [r[0] for r in db.execute("select ascii_id from entries union all select ascii_id from sections")]
    close = difflib.get_close_matches(item_id, list(dict.fromkeys(ids)), n=5, cutoff=0.5)
    if not close:
        prefix = item_id.split("/", 1)[0]
        close = [i for i in ids if i.startswith(prefix + "/")][:5]
    return f"; closest: {', '.join(close)}" if close else ""


def build_reports(db: sqlite_utils.Database) -> list[dict[str, Any]]:
    return [
        stored_json(r["report"], "a build report") for r in db.query("select report from build_report order by game")
    ]

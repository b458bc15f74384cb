"""The knowledge base's one schema, versioned in the file's header.

The database has one schema, versioned in its header (`PRAGMA user_version`, with Referee's
`application_id`): a database of another version is rebuilt whole by `referee build`, never
migrated, since every build can rebuild it from the corpus. The header also tells a Referee
database from any other file, so a build never overwrites a file that is not ours.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.errors import RefereeError

if TYPE_CHECKING:  # annotations only: sqlite_utils (and numpy with it) loads with the read side
    import sqlite_utils

# One schema, versioned: a database of another version is rebuilt by `referee build`, never migrated.
SCHEMA_VERSION = (
    5  # 2: ASCII ids and aligned translations; 3: pages (PDF books); 4: each entry's digest; 5: each table's
)


APPLICATION_ID = 0x52454631  # "REF1" in the SQLite header: how a Referee database is told from any other file


SQLITE_MAGIC = b"SQLite format 3\x00"


FTS_TOKENIZER = "porter unicode61"  # the lexical side reads query words back through it


def game_token(game: str) -> str:
    """One alphanumeric word per game, so FTS5 itself can restrict a match to a game."""
    return "g" + hashlib.sha1(game.encode()).hexdigest()[:12]


def database_kind(path: Path) -> str:
    """What sits at `path`: missing, empty, referee, legacy (an older Referee), or foreign.

    Read from the file's header and tables without changing it, so that a file that is not
    ours is never mistaken for a knowledge base (and never overwritten by a build)."""
    if not path.exists():
        return "missing"
    if not path.is_file():
        return "foreign"
    with path.open("rb") as handle:
        header = handle.read(100)
    if not header:
        return "empty"
    if len(header) < 100 or not header.startswith(SQLITE_MAGIC):
        return "foreign"
    if int.from_bytes(header[68:72], "big") == APPLICATION_ID:
        return "referee"
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            row = (
                connection.execute("select 1 from sqlite_master where name = '_sqlite_migrations'").fetchone()
                and connection.execute(
                    "select 1 from _sqlite_migrations where migration_set = 'referee' limit 1"
                ).fetchone()
            )
        finally:
            connection.close()
    except sqlite3.Error:
        return "foreign"
    return "legacy" if row else "foreign"


def schema_version(path: Path) -> int:
    with path.open("rb") as handle:
        header = handle.read(100)
    return int.from_bytes(header[60:64], "big") if len(header) == 100 else 0


PER_GAME_TABLES = (
    "entries", "sections", "dropped", "build_report", "edges", "terms", "precedence", "checks", "translations",
)  # fmt: skip
TABLES = ("games", "meta", "check_entries", "entries_fts", *PER_GAME_TABLES)  # a database without one is damaged

# what an entry's digest covers: everything a quote, a citation or `show` prints of it
DIGESTED = ("id", "game", "section_id", "number", "title", "path", "kind", "source", "normative", "lang", "text",
            "table_json", "ascii_id")  # fmt: skip


def entry_digest(row: dict) -> str:
    """The digest of an entry's row as the build wrote it: an entry edited inside the database
    file (which SQLite cannot see) no longer matches it."""
    return hashlib.sha256(json.dumps([row[k] for k in DIGESTED], ensure_ascii=False).encode("utf-8")).hexdigest()[:32]


# every table an answer, `show`, `games`, a sheet or a check reads: each one's rows digested at build time
DIGESTED_TABLES = ("games", "sections", "entries", "translations", "edges", "terms", "precedence", "checks",
                   "check_entries", "dropped", "build_report", "meta")  # fmt: skip
DIGESTS_KEY = "digests"  # the meta row that holds them (left out of meta's own digest)


def table_digests(connection: sqlite3.Connection) -> dict[str, str]:
    """Each table's digest over all its rows in a fixed order: a row deleted, added or edited by
    SQL (which leaves every other row's own digest intact) changes its table's."""
    out = {}
    for table in DIGESTED_TABLES:
        columns = ", ".join(f'"{row[1]}"' for row in connection.execute(f'pragma table_info("{table}")'))
        where = f" where key != '{DIGESTS_KEY}'" if table == "meta" else ""
        digest = hashlib.sha256()
        for row in connection.execute(f'select {columns} from "{table}"{where} order by {columns}'):
            digest.update(repr(tuple(row)).encode("utf-8", "surrogatepass"))
        out[table] = digest.hexdigest()[:32]
    return out


def stored_json(text: str | None, what: str) -> Any:
    """A JSON value the build stored; one that is not JSON means the file was edited or damaged.
    Any: its shape is the one the build wrote for that column, which the caller knows."""
    try:
        return json.loads(text) if text is not None else None
    except (TypeError, ValueError):
        raise RefereeError(
            f"the knowledge base holds {what} that is not JSON (edited or damaged); run `referee build` to rebuild it"
        ) from None


def create_schema(db: sqlite_utils.Database) -> None:
    """Every table, in its one current shape; bump SCHEMA_VERSION when this changes."""
    db.table("games").create(
        {
            "id": str,
            "title": str,
            "lang": str,
            "players": str,
            "aliases": str,
            "rulebook": str,
            "corpus_hash": str,
            "entries": int,
            "sections": int,
            "built_at": str,
        },
        pk="id",
    )
    db.table("sections").create(
        {
            "id": str,
            "game": str,
            "key": str,
            "number": str,
            "title": str,
            "heading": str,
            "level": int,
            "parent": str,
            "path": str,
            "position": int,
            "line": int,
            "page": int,
            "ascii_id": str,
        },
        pk="id",
    )
    db.table("entries").create(
        {
            "id": str,
            "game": str,
            "section_id": str,
            "number": str,
            "title": str,
            "path": str,
            "kind": str,
            "source": str,
            "normative": int,
            "lang": str,
            "text": str,
            "position": int,
            "line": int,
            "start": int,
            "end": int,
            "table_json": str,
            "page": int,
            "game_token": str,
            "ascii_id": str,
            "digest": str,
        },
        pk="id",
    )
    db.table("entries").create_index(["game", "position"])
    db.table("entries").create_index(["section_id"])
    db.table("sections").create_index(["game", "position"])
    # typeable ASCII ids beside the book's own (kb.ids); aligned translations (kb.translation)
    db.table("entries").create_index(["ascii_id"])
    db.table("sections").create_index(["ascii_id"])
    db.table("translations").create({"id": str, "game": str, "lang": str, "kind": str, "text": str}, pk=("id", "lang"))
    db.table("translations").create_index(["game"])
    db.table("dropped").create({"game": str, "line": int, "text": str, "reason": str})
    db.table("dropped").create_index(["game"])
    db.table("build_report").create({"game": str, "report": str}, pk="game")
    # FTS5 over title, text and the game's token: a lexical query touches only its game
    db.table("entries").enable_fts(
        ["title", "text", "game_token"], fts_version="FTS5", tokenize=FTS_TOKENIZER, create_triggers=True
    )
    # key/value facts about the build, such as the fingerprint derived indexes compare against
    db.table("meta").create({"key": str, "value": str}, pk="key")
    # cross-references, term uses and priority as edges; the glossary; the books' precedence
    db.table("edges").create(
        {"game": str, "src": str, "dst": str, "kind": str, "anchor": str, "note": str, "resolved": int}
    )
    db.table("edges").create_index(["src"])
    db.table("edges").create_index(["dst"])
    db.table("edges").create_index(["game", "kind"])
    db.table("terms").create(
        {"game": str, "term": str, "norm": str, "entry": str, "source": str, "aliases": str, "uses": int}
    )
    db.table("terms").create_index(["game", "norm"])
    db.table("precedence").create({"game": str, "higher": str, "over": str, "entry": str})
    # which executable checks implement which entries (both ways)
    db.table("checks").create({"name": str, "game": str, "description": str}, pk="name")
    db.table("check_entries").create({"check": str, "entry": str})
    db.table("check_entries").create_index(["entry"])
    db.execute(f"pragma application_id = {APPLICATION_ID}")
    db.execute(f"pragma user_version = {SCHEMA_VERSION}")

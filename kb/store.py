"""The SQLite knowledge base: schema by named migrations, atomic builds, look-ups."""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlite_utils
from sqlite_utils.migrations import Migrations

from kb.checks import Check, load_game_checks, verify_citations
from kb.errors import RefereeError
from kb.gameconf import Game
from kb.ids import ascii_ids
from kb.links import Links, link_book, norm
from kb.model import ParsedBook
from kb.parse import parse_book
from kb.translation import LABEL, Translation, align

migrations = Migrations("referee")

FTS_TOKENIZER = "porter unicode61"  # the lexical side reads query words back through it


@migrations()
def m001_initial(db: sqlite_utils.Database) -> None:
    db["games"].create(
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
    db["sections"].create(
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
        },
        pk="id",
    )
    db["entries"].create(
        {
            "id": str,
            "game": str,
            "section": str,
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
        },
        pk="id",
    )
    db["entries"].create_index(["game", "position"])
    db["sections"].create_index(["game", "position"])
    db["dropped"].create({"game": str, "line": int, "text": str, "reason": str})
    db["dropped"].create_index(["game"])
    db["build_report"].create({"game": str, "report": str}, pk="game")
    db["entries"].enable_fts(["title", "text"], fts_version="FTS5", tokenize="porter unicode61", create_triggers=True)


@migrations()
def m002_meta(db: sqlite_utils.Database) -> None:
    """Key/value facts about the build, such as the fingerprint derived indexes compare against."""
    db["meta"].create({"key": str, "value": str}, pk="key")


@migrations()
def m003_links(db: sqlite_utils.Database) -> None:
    """Cross-references, term uses and priority as edges; the glossary; the books' precedence."""
    db["edges"].create({"game": str, "src": str, "dst": str, "kind": str, "anchor": str, "note": str, "resolved": int})
    db["edges"].create_index(["src"])
    db["edges"].create_index(["dst"])
    db["edges"].create_index(["game", "kind"])
    db["terms"].create({"game": str, "term": str, "norm": str, "entry": str, "source": str, "aliases": str})
    db["terms"].create_index(["game", "norm"])
    db["precedence"].create({"game": str, "higher": str, "over": str, "entry": str})


@migrations()
def m004_checks(db: sqlite_utils.Database) -> None:
    """Which executable checks implement which entries (both ways)."""
    db["checks"].create({"name": str, "game": str, "description": str}, pk="name")
    db["check_entries"].create({"check": str, "entry": str})
    db["check_entries"].create_index(["entry"])


@migrations()
def m005_term_uses(db: sqlite_utils.Database) -> None:
    """How many entries use each term: rare terms tell more about a question than common ones."""
    db["terms"].add_column("uses", int)


def game_token(game: str) -> str:
    """One alphanumeric word per game, so FTS5 itself can restrict a match to a game."""
    return "g" + hashlib.sha1(game.encode()).hexdigest()[:12]


@migrations()
def m006_fts_by_game(db: sqlite_utils.Database) -> None:
    """FTS5 over title, text and the game's token: a lexical query touches only its game."""
    db["entries"].add_column("game_token", str)
    for (game,) in db.execute("select distinct game from entries").fetchall():
        db.execute("update entries set game_token = ? where game = ?", [game_token(game), game])
    db["entries"].disable_fts()
    db["entries"].enable_fts(
        ["title", "text", "game_token"], fts_version="FTS5", tokenize=FTS_TOKENIZER, create_triggers=True
    )


@migrations()
def m007_ascii_ids_and_translations(db: sqlite_utils.Database) -> None:
    """Typeable ASCII ids beside the book's own; aligned translations of entries and headings."""
    for table in ("entries", "sections"):
        db[table].add_column("ascii_id", str)
        db[table].create_index(["ascii_id"])
    db["translations"].create(
        {"id": str, "game": str, "lang": str, "kind": str, "text": str}, pk=("id", "lang"), if_not_exists=True
    )
    db["translations"].create_index(["game"], if_not_exists=True)


def _compute_fingerprint(db: sqlite_utils.Database) -> str:
    digest = hashlib.sha256()
    for row in db.execute("select id, kind, text from entries order by game, position"):
        digest.update("\0".join(row).encode("utf-8") + b"\1")
    return digest.hexdigest()


def fingerprint(db: sqlite_utils.Database) -> str:
    """Changes whenever any entry's id, kind or text changes (set at build time)."""
    row = db.execute("select value from meta where key = 'fingerprint'").fetchone()
    return row[0] if row else ""


def _compute_common_terms(db: sqlite_utils.Database) -> list[str]:
    """Index terms (Porter stems) found in at least half the entries: FTS5's BM25 gives them no
    weight (it clamps their IDF), so the lexical side leaves them out of its queries. One scan of
    the FTS vocabulary at build time instead of a count per question."""
    db.execute("create virtual table if not exists temp.referee_vocabulary using fts5vocab(main, entries_fts, row)")
    rows = db.execute("select count(*) from entries").fetchone()[0]
    found = [t for (t,) in db.execute("select term from temp.referee_vocabulary where 2 * doc >= ?", [rows])]
    db.execute("drop table temp.referee_vocabulary")
    return found


def common_terms(db: sqlite_utils.Database) -> frozenset[str]:
    """The stems `_compute_common_terms` found at build time (none for an older build)."""
    row = db.execute("select value from meta where key = 'common_terms'").fetchone()
    return frozenset(json.loads(row[0])) if row else frozenset()


def open_db(path: Path) -> sqlite_utils.Database:
    """Open an existing knowledge base for reading; a missing one is a user error."""
    if not path.exists():
        raise RefereeError(f"no knowledge base at {path}: run `referee build` first")
    try:
        db = sqlite_utils.Database(path)
        db.execute("select count(*) from entries").fetchone()
    except sqlite3.DatabaseError as exc:
        raise RefereeError(f"{path}: not a Referee knowledge base ({exc})") from None
    return db


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
    db["edges"].insert_all(
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
    db["terms"].insert_all(
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
    db["precedence"].insert_all(
        {"game": game.id, "higher": json.dumps(p.higher), "over": p.over, "entry": p.entry} for p in links.precedence
    )


def _write_book(db: sqlite_utils.Database, game: Game, book: ParsedBook, report: GameReport) -> None:
    for table in ("entries", "sections", "dropped", "edges", "terms", "precedence", "translations"):
        db[table].delete_where("game = ?", [game.id])
    forms = ascii_ids([s.id for s in book.sections] + [e.id for e in book.entries])
    db["games"].upsert(
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
    db["sections"].insert_all(
        (
            {**s.to_dict(), "path": json.dumps(s.path, ensure_ascii=False), "ascii_id": forms[s.id]}
            for s in book.sections
        ),
        pk="id",
    )
    db["entries"].insert_all(
        (
            {
                "id": e.id,
                "game": e.game,
                "section": e.section,
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
                "game_token": game_token(e.game),
                "ascii_id": forms[e.id],
            }
            for e in book.entries
        ),
        pk="id",
        batch_size=500,
    )
    db["dropped"].insert_all({"game": game.id, **d.__dict__} for d in book.dropped)
    db["build_report"].upsert({"game": game.id, "report": json.dumps(report.to_dict(), ensure_ascii=False)}, pk="game")
    _write_links(db, game, report.links)
    _write_checks(db, game, report.checks)
    db["translations"].insert_all((row for t in report.translations for row in t.rows(game.id)), pk=("id", "lang"))


def _write_checks(db: sqlite_utils.Database, game: Game, checks: list[Check]) -> None:
    db.execute('delete from check_entries where "check" in (select name from checks where game = ?)', [game.id])
    db["checks"].delete_where("game = ?", [game.id])
    db["checks"].insert_all({"name": c.name, "game": c.game, "description": c.description} for c in checks)
    db["check_entries"].insert_all(
        {"check": c.name, "entry": entry} for c in checks for entry in sorted({e for e, _ in c.quotes.values()})
    )


def _verified_checks(game: Game, book: ParsedBook) -> list[Check]:
    """The game's checks, refused loudly if one cites an id or a quote the book does not have."""
    checks = load_game_checks(game.folder)
    texts = {e.id: e.text for e in book.entries}
    problems = verify_citations(checks, texts.get)
    if problems:
        raise RefereeError(f"{game.folder / 'checks.py'}: {problems[0]} ({len(problems)} problem(s))")
    return checks


def _aligned_translations(game: Game, book: ParsedBook) -> list[Translation]:
    """The game's translations, refused loudly unless each one covers every entry and heading."""
    from kb.gameconf import read_rulebook

    return [
        align(book, read_rulebook(path), lang, str(game.folder / path.name))
        for lang, path in sorted(game.translations.items())
    ]


def select_games(games: list[Game], only: str | None) -> list[Game]:
    """All the games, or the one asked for; an unknown name is a user error."""
    selected = [g for g in games if only is None or g.id == only]
    if only is not None and not selected:
        raise RefereeError(f"unknown game {only!r}; known: {', '.join(g.id for g in games)}")
    return selected


def build_knowledge_base(
    db_path: Path,
    games: list[Game],
    only: str | None = None,
    on_game: Callable[[str], None] | None = None,
) -> list[GameReport]:
    """Parse the games and swap the result in atomically.

    Everything is parsed before the database is touched, and the new database is
    written beside the old one and renamed over it: a bad rulebook or an
    interrupted build leaves the previous knowledge base as it was.
    """
    selected = select_games(games, only)
    parsed: list[tuple[Game, ParsedBook, GameReport]] = []
    for game in selected:
        book = parse_book(game, game.read_rulebook())
        report = _report(book, link_book(game, book))
        report.checks = _verified_checks(game, book)
        report.translations = _aligned_translations(game, book)
        parsed.append((game, book, report))
        if on_game:
            on_game(game.id)

    db_path.parent.mkdir(parents=True, exist_ok=True)
    tmp = db_path.with_name(f".{db_path.name}.tmp-{os.getpid()}")
    tmp.unlink(missing_ok=True)
    try:
        if only is not None and db_path.exists():
            _copy_database(db_path, tmp)
        db = sqlite_utils.Database(tmp)
        migrations.apply(db)
        if only is None:
            keep = {g.id for g in games}
            for table in (
                "entries",
                "sections",
                "dropped",
                "games",
                "build_report",
                "edges",
                "terms",
                "precedence",
                "checks",
                "translations",
            ):
                column = "id" if table == "games" else "game"
                db[table].delete_where(f"{column} not in ({','.join('?' * len(keep))})", list(keep))
        with db.conn:
            for game, book, report in parsed:
                _write_book(db, game, book, report)
            db["meta"].upsert({"key": "fingerprint", "value": _compute_fingerprint(db)}, pk="key")
            db["meta"].upsert({"key": "common_terms", "value": json.dumps(_compute_common_terms(db))}, pk="key")
        db.close()
        os.replace(tmp, db_path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return [report for _, _, report in parsed]


def _copy_database(source: Path, target: Path) -> None:
    src = sqlite3.connect(source)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        src.close()
        dst.close()


# ---------------------------------------------------------------- reading


def _entry_row(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": row["id"],
        "game": row["game"],
        "section": row["number"],
        "section_id": row["section"],
        "title": row["title"],
        "path": json.loads(row["path"]),
        "kind": row["kind"],
        "source": row["source"],
        "normative": bool(row["normative"]),
        "lang": row["lang"],
        "text": row["text"],
        "line": row["line"],
        "table": json.loads(row["table_json"]) if row["table_json"] else None,
        "ascii_id": row.get("ascii_id") or row["id"],
    }


def _section_row(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": row["id"],
        "game": row["game"],
        "section": row["number"],
        "title": row["title"],
        "heading": row["heading"],
        "path": json.loads(row["path"]),
        "level": row["level"],
        "parent": row["parent"],
        "line": row["line"],
        "ascii_id": row.get("ascii_id") or row["id"],
    }


def games(db: sqlite_utils.Database) -> list[dict[str, Any]]:
    rows = db.execute_returning_dicts("select * from games order by id")
    return [{**row, "aliases": json.loads(row["aliases"])} for row in rows]


def resolve_game(db: sqlite_utils.Database, name: str) -> str:
    """A game id from its id, title or one of its aliases (case-insensitive)."""
    wanted = name.strip().casefold()
    for game in games(db):
        names = {game["id"], game["title"], *game["aliases"]}
        if wanted in {n.casefold() for n in names}:
            return game["id"]
    known = ", ".join(g["id"] for g in games(db))
    raise RefereeError(f"unknown game {name!r}; known games: {known}")


def entries(db: sqlite_utils.Database, game: str | None = None) -> Iterator[dict[str, Any]]:
    where, params = ("where game = ?", [game]) if game else ("", [])
    for row in db.query(f"select * from entries {where} order by game, position", params):
        yield _entry_row(row)


def with_links(db: sqlite_utils.Database, entry: dict[str, Any]) -> dict[str, Any]:
    """An entry as `show` prints it: its text and everything that bears on it."""
    from kb import graph

    links = graph.links_of(db, entry["id"], entry["game"], entry["normative"], entry["source"])
    checks = [r[0] for r in db.execute('select "check" from check_entries where entry = ? order by 1', [entry["id"]])]
    translations = translations_of(db, [entry["id"]]).get(entry["id"], [])
    return {"type": "entry", **entry, **links, "checks": checks, "translations": translations}


def entries_by_ids(db: sqlite_utils.Database, ids: list[str]) -> dict[str, dict[str, Any]]:
    """Entries by id, each with its `translations` (empty for a book read in its own language)."""
    if not ids:
        return {}
    rows = db.query(f"select * from entries where id in ({','.join('?' * len(ids))})", ids)
    found = {row["id"]: _entry_row(row) for row in rows}
    translated = translations_of(db, list(found))
    return {i: {**entry, "translations": translated.get(i, [])} for i, entry in found.items()}


def translations_of(db: sqlite_utils.Database, ids: list[str], lang: str | None = None) -> dict[str, list[dict]]:
    """The aligned translations of entries or sections: id -> [{lang, text, label}], labelled as
    the project's unofficial translation (never the book's words)."""
    if not ids or not db["translations"].exists():
        return {}
    where = f"id in ({','.join('?' * len(ids))})" + (" and lang = ?" if lang else "")
    out: dict[str, list[dict]] = {}
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
    if "ascii_id" in db["entries"].columns_dict:  # a knowledge base built before ASCII ids has none
        for table in ("entries", "sections"):
            row = db.execute(f"select id from {table} where ascii_id = ?", [item_id]).fetchone()
            if row:
                return row[0]
    return item_id


def sections_of(db: sqlite_utils.Database, ids: list[str]) -> dict[str, str | None]:
    if not ids:
        return {}
    rows = db.execute(f"select id, section from entries where id in ({','.join('?' * len(ids))})", ids)
    return dict(rows.fetchall())


def toc(db: sqlite_utils.Database, game: str) -> list[dict[str, Any]]:
    return [_section_row(r) for r in db.query("select * from sections where game = ? order by position", [game])]


def show(db: sqlite_utils.Database, item_id: str) -> dict[str, Any]:
    """An entry, or a section with its entries; an unknown id suggests the closest ones.
    The id may be typed in its ASCII form (`tacocat/peremistyty-takokat/1`)."""
    item_id = resolve_id(db, item_id)
    row = db["entries"].get(item_id) if _exists(db, "entries", item_id) else None
    if row is not None:
        return with_links(db, _entry_row(row))
    if _exists(db, "sections", item_id):
        section = _section_row(db["sections"].get(item_id))
        members = [
            _entry_row(r) for r in db.query("select * from entries where section = ? order by position", [item_id])
        ]
        translated = translations_of(db, [item_id] + [m["id"] for m in members])
        members = [{**m, "translations": translated.get(m["id"], [])} for m in members]
        return {"type": "section", **section, "translations": translated.get(item_id, []), "entries": members}
    raise RefereeError(f"no entry or section {item_id!r}{_suggestion(db, item_id)}")


def _exists(db: sqlite_utils.Database, table: str, item_id: str) -> bool:
    return db.execute(f"select 1 from {table} where id = ?", [item_id]).fetchone() is not None


def _suggestion(db: sqlite_utils.Database, item_id: str) -> str:
    ids = [r[0] for r in db.execute("select id from entries union all select id from sections")]
    if "ascii_id" in db["entries"].columns_dict:
        ids += [r[0] for r in db.execute("select ascii_id from entries union all select ascii_id from sections")]
    close = difflib.get_close_matches(item_id, list(dict.fromkeys(ids)), n=5, cutoff=0.5)
    if not close:
        prefix = item_id.split("/", 1)[0]
        close = [i for i in ids if i.startswith(prefix + "/")][:5]
    return f"; closest: {', '.join(close)}" if close else ""


def build_reports(db: sqlite_utils.Database) -> list[dict[str, Any]]:
    return [json.loads(r["report"]) for r in db.query("select report from build_report order by game")]

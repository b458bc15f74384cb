"""Reading the links: what an entry cites and what cites it, terms, priority, doctor."""

from __future__ import annotations

import difflib
from collections import deque
from typing import TYPE_CHECKING, Any

from referee.books.text import norm
from referee.errors import RefereeError
from referee.store.schema import stored_json

if TYPE_CHECKING:  # annotations only: sqlite_utils (and numpy with it) loads with the read side
    import sqlite_utils

QUOTE = 160
REFERENCE_KINDS = ("page", "chapter", "section", "option", "later", "figure")


def _quote(db: sqlite_utils.Database, item_id: str | None) -> tuple[str, str]:
    """(kind, short quote) of an entry or a section."""
    if item_id is None:
        return "", ""
    row = db.execute("select kind, text from entries where id = ?", [item_id]).fetchone()
    if row:
        return row[0], row[1][:QUOTE]
    row = db.execute("select heading from sections where id = ?", [item_id]).fetchone()
    return ("section", row[0]) if row else ("", "")


def _edge(db: sqlite_utils.Database, row: dict[str, Any], other: str | None) -> dict[str, Any]:
    kind, quote = _quote(db, other)
    item = {"id": other, "link": row["kind"], "kind": kind, "quote": quote, "anchor": row["anchor"]}
    if row["note"]:
        item["note"] = row["note"]
    return item


def links_of(db: sqlite_utils.Database, entry_id: str, game: str, normative: bool, source: str) -> dict[str, Any]:
    """Everything that bears on one entry; higher-priority texts are listed first."""
    out = list(db.query("select * from edges where src = ?", [entry_id]))
    incoming = list(db.query("select * from edges where dst = ? and src != dst", [entry_id]))
    first = db.execute(
        "select e.section_id from entries e where e.id = ? and e.position = "
        "(select min(position) from entries where section_id = e.section_id)",
        [entry_id],
    ).fetchone()
    if first and first[0]:  # a reference to a section points at its first entry
        incoming += list(db.query("select * from edges where dst = ? and kind != 'term'", [first[0]]))
    first_of: dict[tuple[str, str], dict[str, Any]] = {}  # each (source, kind) once, the first kept
    for r in incoming:
        first_of.setdefault((r["src"], r["kind"]), r)
    incoming = list(first_of.values())
    precedence = []
    if normative and source == "rulebook":
        for row in db.query("select * from precedence where game = ?", [game]):
            _, quote = _quote(db, row["entry"])
            precedence.append(
                {
                    "id": row["entry"],
                    "higher": stored_json(row["higher"], "a precedence"),
                    "over": row["over"],
                    "quote": quote,
                }
            )
    return {
        "precedence": precedence,
        "overridden_by": [_edge(db, r, r["src"]) for r in incoming if r["kind"] == "overrides"],
        "clarified_by": [_edge(db, r, r["src"]) for r in incoming if r["kind"] == "clarifies"],
        "conflicts": [
            _edge(db, r, r["dst"] if r["src"] == entry_id else r["src"])
            for r in out + incoming
            if r["kind"] == "conflicts"
        ],
        "annotated_by": [_edge(db, r, r["src"]) for r in incoming if r["kind"] == "annotates"],
        "refs": [_edge(db, r, r["dst"]) for r in out if r["kind"] in REFERENCE_KINDS],
        "cited_by": [_edge(db, r, r["src"]) for r in incoming if r["kind"] in REFERENCE_KINDS],
        "terms": [
            {"term": r["anchor"], "id": r["dst"], "quote": _quote(db, r["dst"])[1]} for r in out if r["kind"] == "term"
        ],
        "clarifies": [_edge(db, r, r["dst"]) for r in out if r["kind"] in ("clarifies", "overrides")],
    }


def terms(db: sqlite_utils.Database, game: str) -> list[dict[str, Any]]:
    rows = db.query("select term, entry, source, aliases from terms where game = ? order by norm", [game])
    return [{**r, "aliases": stored_json(r["aliases"], "a term's aliases")} for r in rows]


def define(db: sqlite_utils.Database, term: str, game: str | None) -> list[dict[str, Any]]:
    """The entries that define a term (by its name or an alias); an unknown term suggests close ones."""
    wanted = norm(term)
    where, params = ("where game = ?", [game]) if game else ("", [])
    rows = list(db.query(f"select * from terms {where}", params))
    found = [
        r
        for r in rows
        if r["norm"] == wanted or wanted in {norm(a) for a in stored_json(r["aliases"], "a term's aliases")}
    ]
    if not found:
        found = [r for r in rows if wanted and len(wanted) >= 4 and wanted in r["norm"]]
    if not found:
        names = sorted({r["term"] for r in rows})
        close = difflib.get_close_matches(term, names, n=5, cutoff=0.6)
        hint = f"; did you mean: {', '.join(close)}" if close else ""
        raise RefereeError(f"no definition of {term!r}{' in ' + game if game else ''}{hint}")
    result = []
    for row in found:
        entry = db.execute(
            "select id, game, number, title, path, kind, text from entries where id = ?", [row["entry"]]
        ).fetchone()
        result.append(
            {
                "term": row["term"],
                "game": entry[1],
                "id": entry[0],
                "number": entry[2],
                "title": entry[3],
                "path": stored_json(entry[4], f"{entry[0]}'s path"),
                "kind": entry[5],
                "text": entry[6],
                "source": row["source"],
                "aliases": stored_json(row["aliases"], "a term's aliases"),
            }
        )
    return result


def walk(db: sqlite_utils.Database, start: str, depth: int) -> list[dict[str, Any]]:
    """Breadth-first over references and term definitions, up to `depth` hops."""
    if depth < 1:
        raise RefereeError("--depth must be at least 1")
    seen = {start}
    queue = deque([(start, 0)])
    steps = []
    while queue:
        node, level = queue.popleft()
        if level >= depth:
            continue
        rows = list(
            db.query(
                "select * from edges where src = ? and dst is not null and kind != 'conflicts' order by rowid", [node]
            )
        )
        first = db.execute("select id from entries where section_id = ? order by position limit 1", [node]).fetchone()
        if first:  # a section leads on to the text that opens it
            rows.insert(0, {"dst": first[0], "kind": "opens with"})
        for row in rows:
            target = row["dst"]
            kind, quote = _quote(db, target)
            steps.append(
                {"from": node, "to": target, "link": row["kind"], "depth": level + 1, "kind": kind, "quote": quote}
            )
            if target not in seen:
                seen.add(target)
                queue.append((target, level + 1))
    return steps


def doctor(db: sqlite_utils.Database, game: str | None = None) -> dict[str, Any]:
    where, params = ("where game = ?", [game]) if game else ("", [])
    games = [r[0] for r in db.execute(f"select id from games {where.replace('game', 'id')} order by id", params)]
    report = {}
    for g in games:
        unresolved = list(
            db.query("select src as entry, kind, anchor, note as why from edges where game = ? and dst is null", [g])
        )
        # a cover's words stand before every heading by their nature: not a lost entry
        where = "game = ? and section_id is null and kind != 'front-matter'"
        no_section = [r[0] for r in db.execute(f"select id from entries where {where}", [g])]
        conflicts = list(
            db.query("select src, dst, anchor, note from edges where game = ? and kind = 'conflicts'", [g])
        )
        report[g] = {
            "unresolved_references": unresolved,
            "entries_without_section": no_section,
            "suspected_conflicts": conflicts,
        }
    return report

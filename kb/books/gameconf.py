"""A game's folder under corpus/: its game.toml and its rulebook, validated."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.books.document import Document
from referee.books.formats import FORMATS, format_of, read_document
from referee.books.parseconf import KindConfig, ParseConfig, kind_config, parse_config
from referee.books.sheetconf import SheetConf, sheet_config
from referee.books.tomlcheck import known_keys, regex, str_list, string, table, tables
from referee.errors import RefereeError

GAME_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


@dataclass(frozen=True)
class PrecedenceRule:
    """[[precedence]]: texts of these sources win over `over` (as the book's `entry` says)."""

    higher: list[str]
    over: str
    entry: str


@dataclass(frozen=True)
class Override:
    """[[overrides]]: a card whose text matches `effect` changes these rules."""

    effect: re.Pattern[str]
    rules: list[str]
    why: str


@dataclass(frozen=True)
class Conflict:
    """[[conflicts]]: two entries of the book that contradict each other."""

    entries: tuple[str, str]
    reason: str


@dataclass(frozen=True)
class Game:
    id: str
    title: str
    language: str
    players: str
    aliases: list[str]
    folder: Path
    rulebook: Path
    parse: ParseConfig
    kinds: KindConfig
    raw: dict[str, Any]  # the file as read; every section the code uses has a typed field below
    terms: dict[str, list[str]] = field(default_factory=dict)  # [terms]: a term -> what players call it
    page_index: str | None = None  # [links] page_index: the section that indexes topics to pages
    precedence: list[PrecedenceRule] = field(default_factory=list)
    overrides: list[Override] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    translations: dict[str, Path] = field(default_factory=dict)  # language -> aligned translation file
    sheet: SheetConf | None = None  # the quick-reference sheet's layout ([sheet], kb.sheetconf)
    format: str = "text"  # how the rulebook is read: text, markdown, html or pdf (referee.books.formats)

    def names(self) -> set[str]:
        """What a player may call the game (case-insensitive): id, title and aliases."""
        return {n.casefold().strip() for n in (self.id, self.title, *self.aliases)}

    def read_document(self) -> Document:
        return read_document(self.rulebook, self.format, self.parse)

    def read_rulebook(self) -> str:
        """The text every quote is a slice of (the visible text, for markdown, HTML and PDF)."""
        return self.read_document().text


# Every key game.toml may hold, per table; anything else is refused with its name (a typo
# must not be silently ignored). [sheet] and [translations] are validated by their own modules.
TOP_KEYS = {
    "title", "language", "players", "rulebook", "aliases", "parse", "kinds", "terms", "links",
    "precedence", "overrides", "conflicts", "sheet", "translations", "format",
}  # fmt: skip


def load_game(folder: Path) -> Game:
    """Read and validate corpus/<game>/game.toml; every problem names the file."""
    path = folder / "game.toml"
    if not path.is_file():
        raise RefereeError(f"{path}: game.toml is missing")
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise RefereeError(f"{path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise RefereeError(f"{path}: invalid TOML ({exc})") from None
    game_id = folder.name
    if not GAME_ID.match(game_id):
        raise RefereeError(f"{folder}: folder name is not a valid game id (lower-case letters, digits, '-')")
    for key in ("title", "language", "rulebook"):
        if not isinstance(raw.get(key), str) or not raw[key].strip():
            raise RefereeError(f"{path}: '{key}' is required and must be a non-empty string")
    known_keys(path, "", raw, TOP_KEYS)
    rulebook = folder / raw["rulebook"]
    if rulebook.resolve().parent != folder.resolve():
        raise RefereeError(f"{path}: 'rulebook' must name a file inside {folder}")
    players = raw.get("players", "")
    if not isinstance(players, (str, int)) or isinstance(players, bool):
        raise RefereeError(f"{path}: 'players' must be a string such as \"2-4\"")
    declared = raw.get("format")
    if declared is not None and declared not in FORMATS:
        raise RefereeError(f"{path}: 'format' must be one of {', '.join(FORMATS)}")
    links = table(path, "links", raw.get("links"))
    known_keys(path, "links", links, {"page_index"})
    return Game(
        id=game_id,
        title=raw["title"],
        language=raw["language"],
        players=str(players),
        aliases=str_list(path, "aliases", raw.get("aliases")),
        folder=folder,
        rulebook=rulebook,
        parse=parse_config(path, raw.get("parse")),
        kinds=kind_config(path, raw.get("kinds")),
        raw=raw,
        terms=_terms(path, raw.get("terms")),
        page_index=string(path, "links.page_index", links["page_index"]) if "page_index" in links else None,
        precedence=_precedence(path, raw.get("precedence")),
        overrides=_overrides(path, raw.get("overrides")),
        conflicts=_conflicts(path, raw.get("conflicts")),
        translations=_translations(path, folder, raw.get("translations")),
        sheet=sheet_config(path, raw.get("sheet")),
        format=format_of(rulebook, declared) if rulebook.is_file() else declared or "text",
    )


def _terms(path: Path, value: Any) -> dict[str, list[str]]:
    return {name: str_list(path, f"terms.{name}", aliases) for name, aliases in table(path, "terms", value).items()}


def _precedence(path: Path, value: Any) -> list[PrecedenceRule]:
    rules = []
    for i, item in enumerate(tables(path, "precedence", value, {"higher", "over", "entry"})):
        where = f"precedence[{i}]"
        higher = str_list(path, f"{where}.higher", item.get("higher"))
        if not higher:
            raise RefereeError(f"{path}: {where}.higher must list the sources that win")
        over = string(path, f"{where}.over", item.get("over"), "rulebook")
        rules.append(PrecedenceRule(higher, over, string(path, f"{where}.entry", item.get("entry"))))
    return rules


def _overrides(path: Path, value: Any) -> list[Override]:
    found = []
    for i, item in enumerate(tables(path, "overrides", value, {"effect", "rules", "why"})):
        where = f"overrides[{i}]"
        found.append(
            Override(
                regex(path, f"{where}.effect", item.get("effect")),
                str_list(path, f"{where}.rules", item.get("rules")),
                string(path, f"{where}.why", item.get("why"), ""),
            )
        )
    return found


def _conflicts(path: Path, value: Any) -> list[Conflict]:
    found = []
    for i, item in enumerate(tables(path, "conflicts", value, {"entries", "reason"})):
        where = f"conflicts[{i}]"
        entries = str_list(path, f"{where}.entries", item.get("entries"))
        if len(entries) != 2:
            raise RefereeError(f"{path}: {where}.entries must name two entries")
        found.append(Conflict((entries[0], entries[1]), string(path, f"{where}.reason", item.get("reason"), "")))
    return found


def _unique_names(games: list[Game]) -> None:
    """No two games answer to one name: `toc takkure` must never show another game."""
    owner: dict[str, Game] = {}
    for game in games:
        for name in sorted(game.names()):
            if name in owner and owner[name] is not game:
                raise RefereeError(
                    f"{game.folder / 'game.toml'}: the name {name!r} is already {owner[name].id}'s; "
                    "aliases must be unique across games"
                )
            owner[name] = game


def _translations(path: Path, folder: Path, raw: Any) -> dict[str, Path]:
    """[translations] maps a language code to a file beside the rulebook (see kb.translation)."""
    if raw is None:
        return {}
    if not isinstance(raw, dict) or not all(isinstance(v, str) and v.strip() for v in raw.values()):
        raise RefereeError(f'{path}: [translations] must map a language code to a file name, e.g. en = "book.en.txt"')
    files = {}
    for lang, name in raw.items():
        if not re.fullmatch(r"[a-z]{2,3}", lang):
            raise RefereeError(f"{path}: translations.{lang}: a language code is 2 or 3 lower-case letters")
        file = folder / name
        if file.resolve().parent != folder.resolve():
            raise RefereeError(f"{path}: translations.{lang} must name a file inside {folder}")
        files[lang] = file
    return files


def game_folders(corpus_dir: Path) -> list[Path]:
    return sorted(p for p in corpus_dir.iterdir() if p.is_dir() and (p / "game.toml").exists())


def discover_games(corpus_dir: Path | list[Path]) -> list[Game]:
    """Every folder with a game.toml is a game; adding a game needs nothing else.

    Given several corpus folders (the shipped books and the user's added games), the first must
    hold games and the others may be missing or empty; a game id or name twice is an error."""
    dirs = corpus_dir if isinstance(corpus_dir, list) else [corpus_dir]
    if not dirs[0].is_dir():
        raise RefereeError(f"{dirs[0]}: corpus folder not found")
    folders = [f for d in dirs if d.is_dir() for f in game_folders(d)]
    if not folders:
        raise RefereeError(f"{dirs[0]}: no game folders (each needs a game.toml)")
    seen: dict[str, Path] = {}
    for folder in folders:
        if folder.name in seen:
            raise RefereeError(f"{folder}: the game id {folder.name!r} is already {seen[folder.name]}")
        seen[folder.name] = folder
    games = [load_game(folder) for folder in folders]
    _unique_names(games)
    return games

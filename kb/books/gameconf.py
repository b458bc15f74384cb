"""A game's folder under corpus/: its game.toml and its rulebook, validated.

game.toml is read as a `GameToml` (referee.validation.schema: every key typed, an unknown one
refused with the file and the key), then joined with its folder into a `Game`: the rulebook and
the translations must be files inside the folder, and no two games may answer to one name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, StrictStr, field_validator

from referee.books.document import Document
from referee.books.formats import FORMATS, format_of, read_document
from referee.books.parseconf import KindConfig, ParseConfig
from referee.books.sheetconf import SheetConf
from referee.errors import RefereeError
from referee.validation.documents import load_toml
from referee.validation.files import inside
from referee.validation.schema import Regex, Schema, Text, validated

GAME_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}")


class PrecedenceRule(Schema):
    """[[precedence]]: texts of these sources win over `over` (as the book's `entry` says)."""

    higher: Annotated[list[StrictStr], Field(min_length=1)]  # the sources that win
    over: Text = "rulebook"
    entry: Text


class Override(Schema):
    """[[overrides]]: a card whose text matches `effect` changes these rules."""

    effect: Regex
    rules: list[StrictStr] = Field(default_factory=list)
    why: StrictStr = ""


class Conflict(Schema):
    """[[conflicts]]: two entries of the book that contradict each other."""

    entries: Annotated[list[StrictStr], Field(min_length=2, max_length=2)]  # the two entries
    reason: StrictStr = ""


class LinksToml(Schema):
    page_index: Text | None = None  # the section that indexes topics to pages


def _players(value: Any) -> Any:
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


class GameToml(Schema):
    """game.toml as written: the keys a game folder may declare (docs/adding-a-game.md)."""

    title: Text
    language: Text
    rulebook: Text
    players: Annotated[StrictStr, BeforeValidator(_players)] = ""  # "2-4", or a number
    aliases: list[StrictStr] = Field(default_factory=list)
    parse: ParseConfig = Field(default_factory=ParseConfig)
    kinds: KindConfig = Field(default_factory=KindConfig)
    terms: dict[str, list[StrictStr]] = Field(default_factory=dict)  # a term -> what players call it
    links: LinksToml = Field(default_factory=LinksToml)
    precedence: list[PrecedenceRule] = Field(default_factory=list)
    overrides: list[Override] = Field(default_factory=list)
    conflicts: list[Conflict] = Field(default_factory=list)
    sheet: SheetConf | None = None
    translations: dict[str, Text] = Field(default_factory=dict)  # language code -> file beside the book
    format: Literal[FORMATS] | None = None  # type: ignore[valid-type]  # how the rulebook is read; default: by its suffix

    @field_validator("translations")
    @classmethod
    def _language_codes(cls, value: dict[str, str]) -> dict[str, str]:
        for lang in value:
            if not LANGUAGE_CODE.fullmatch(lang):
                raise ValueError(f"{lang}: a language code is 2 or 3 lower-case letters")
        return value


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
    sheet: SheetConf | None = None  # the quick-reference sheet's layout ([sheet], referee.books.sheetconf)
    format: str = "text"  # how the rulebook is read: text, markdown, html or pdf (referee.books.formats)

    def names(self) -> set[str]:
        """What a player may call the game (case-insensitive): id, title and aliases."""
        return {n.casefold().strip() for n in (self.id, self.title, *self.aliases)}

    def read_document(self) -> Document:
        return read_document(self.rulebook, self.format, self.parse)

    def read_rulebook(self) -> str:
        """The text every quote is a slice of (the visible text, for markdown, HTML and PDF)."""
        return self.read_document().text


def load_game(folder: Path) -> Game:
    """Read and validate corpus/<game>/game.toml; every problem names the file."""
    path = folder / "game.toml"
    if not path.is_file():
        raise RefereeError(f"{path}: game.toml is missing")
    inside(folder, path, "game.toml")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise RefereeError(f"{path}: not UTF-8 text") from None
    raw = load_toml(text, str(path))
    if not GAME_ID.match(folder.name):
        raise RefereeError(f"{folder}: folder name is not a valid game id (lower-case letters, digits, '-')")
    toml = validated(GameToml, raw, str(path))
    rulebook = _inside(folder, toml.rulebook, path, "'rulebook'")
    return Game(
        id=folder.name,
        title=toml.title,
        language=toml.language,
        players=toml.players,
        aliases=list(toml.aliases),
        folder=folder,
        rulebook=rulebook,
        parse=toml.parse,
        kinds=toml.kinds,
        raw=raw,
        terms={name: list(aliases) for name, aliases in toml.terms.items()},
        page_index=toml.links.page_index,
        precedence=list(toml.precedence),
        overrides=list(toml.overrides),
        conflicts=list(toml.conflicts),
        translations={
            lang: _inside(folder, name, path, f"translations.{lang}") for lang, name in toml.translations.items()
        },
        sheet=toml.sheet,
        format=format_of(rulebook, toml.format) if rulebook.is_file() else toml.format or "text",
    )


def _inside(folder: Path, name: str, path: Path, key: str) -> Path:
    """A file named in game.toml, which must be beside it in the game's folder (never a link out)."""
    file = folder / name
    if file.resolve().parent != folder.resolve():
        raise RefereeError(f"{path}: {key} must name a file inside {folder}")
    if file.exists() or file.is_symlink():
        inside(folder, file, key)
    return file


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


def game_folders(corpus_dir: Path) -> list[Path]:
    """The folders holding a game.toml; a hidden one (`.adding-…`, `.removing-…`: a game on its way
    in or out) is not a game."""
    return sorted(
        p for p in corpus_dir.iterdir() if p.is_dir() and not p.name.startswith(".") and (p / "game.toml").exists()
    )


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


TOP_KEYS = frozenset(GameToml.model_fields)  # every key its table may hold (docs/adding-a-game.md lists them)


def game_config(games: Iterable[Game], game_id: str) -> Game:
    """The game's configuration among `games`; a game with none (its folder gone since the database
    was built) is the user's one-line error."""
    for game in games:
        if game.id == game_id:
            return game
    raise RefereeError(f"no corpus folder for {game_id}")

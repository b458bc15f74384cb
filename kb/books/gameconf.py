"""A game's folder under corpus/: its game.toml and its rulebook, validated."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.books.sheetconf import SheetConf, sheet_config
from referee.errors import RefereeError

GAME_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


@dataclass(frozen=True)
class NoiseRule:
    pattern: re.Pattern[str]
    reason: str


@dataclass(frozen=True)
class FlatTable:
    """A table whose cells were glued together when the book was converted to text."""

    header: str
    columns: list[str]
    row: re.Pattern[str]


@dataclass(frozen=True)
class ParseConfig:
    toc_markers: list[str] = field(default_factory=list)
    extra_headings: list[str] = field(default_factory=list)
    child_headings: list[str] = field(default_factory=list)
    heading_patterns: list[re.Pattern[str]] = field(default_factory=list)
    heading_before: list[re.Pattern[str]] = field(default_factory=list)
    uppercase_headings: bool = False
    short_line_headings: bool = False
    noise: list[NoiseRule] = field(default_factory=list)
    noise_spans: list[NoiseRule] = field(default_factory=list)
    flat_tables: list[FlatTable] = field(default_factory=list)
    inline_notes: list[re.Pattern[str]] = field(default_factory=list)
    section_ids: str = "number"


@dataclass(frozen=True)
class KindConfig:
    """Which sections hold what kind of text, by section key (number or slug)."""

    by_section: dict[str, str] = field(default_factory=dict)
    card_under: list[str] = field(default_factory=list)
    card_pattern: re.Pattern[str] | None = None
    definition_pattern: re.Pattern[str] | None = None


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

    def names(self) -> set[str]:
        """What a player may call the game (case-insensitive): id, title and aliases."""
        return {n.casefold().strip() for n in (self.id, self.title, *self.aliases)}

    def read_rulebook(self) -> str:
        return read_rulebook(self.rulebook)


def read_rulebook(path: Path) -> str:
    if not path.is_file():
        raise RefereeError(f"{path}: rulebook file is missing")
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RefereeError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    if not text.strip():
        raise RefereeError(f"{path}: rulebook file is empty")
    return text


# Every key game.toml may hold, per table; anything else is refused with its name (a typo
# must not be silently ignored). [sheet] and [translations] are validated by their own modules.
TOP_KEYS = {
    "title", "language", "players", "rulebook", "aliases", "parse", "kinds", "terms", "links",
    "precedence", "overrides", "conflicts", "sheet", "translations",
}  # fmt: skip
PARSE_KEYS = {
    "toc_markers", "extra_headings", "child_headings", "heading_patterns", "heading_before",
    "uppercase_headings", "short_line_headings", "noise", "noise_spans", "flat_tables", "inline_notes",
    "section_ids",
}  # fmt: skip


def _known_keys(path: Path, where: str, table: dict[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        prefix = f"{where}." if where else ""
        raise RefereeError(f"{path}: unknown key '{prefix}{unknown[0]}' (known: {', '.join(sorted(allowed))})")


def _table(path: Path, where: str, value: Any) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise RefereeError(f"{path}: [{where}] must be a table")
    return value


def _tables(path: Path, where: str, value: Any, keys: set[str]) -> list[dict[str, Any]]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise RefereeError(f"{path}: [[{where}]] must be an array of tables")
    for i, item in enumerate(value):
        _known_keys(path, f"{where}[{i}]", item, keys)
    return value


def _string(path: Path, where: str, value: Any, default: str | None = None) -> str:
    if value is None and default is not None:
        return default
    if not isinstance(value, str) or not value.strip():
        raise RefereeError(f"{path}: {where} must be a non-empty string")
    return value


def _bool(path: Path, where: str, value: Any) -> bool:
    """true or false only: "no" is a string, and a string is truthy."""
    if value is None:
        return False
    if not isinstance(value, bool):
        raise RefereeError(f"{path}: {where} must be true or false, not {value!r}")
    return value


def _regex(path: Path, where: str, pattern: Any) -> re.Pattern[str]:
    if not isinstance(pattern, str):
        raise RefereeError(f"{path}: {where} must be a string regex")
    try:
        return re.compile(pattern)
    except re.error as exc:
        raise RefereeError(f"{path}: {where} is not a valid regex ({exc})") from None


def _str_list(path: Path, where: str, value: Any) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RefereeError(f"{path}: {where} must be a list of strings")
    return list(value)


def _noise_rules(path: Path, where: str, value: Any) -> list[NoiseRule]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise RefereeError(f"{path}: {where} must be an array of tables")
    rules = []
    for i, item in enumerate(value):
        if not isinstance(item, dict) or "pattern" not in item:
            raise RefereeError(f"{path}: {where}[{i}] needs a 'pattern'")
        _known_keys(path, f"{where}[{i}]", item, {"pattern", "reason"})
        reason = _string(path, f"{where}[{i}].reason", item.get("reason"), "noise")
        rules.append(NoiseRule(_regex(path, f"{where}[{i}].pattern", item["pattern"]), reason))
    return rules


def _flat_tables(path: Path, value: Any) -> list[FlatTable]:
    tables = []
    for i, item in enumerate(value or []):
        where = f"parse.flat_tables[{i}]"
        if not isinstance(item, dict) or not {"header", "columns", "row"} <= item.keys():
            raise RefereeError(f"{path}: {where} needs 'header', 'columns' and 'row'")
        _known_keys(path, where, item, {"header", "columns", "row"})
        tables.append(
            FlatTable(
                header=_string(path, f"{where}.header", item["header"]),
                columns=_str_list(path, f"{where}.columns", item["columns"]),
                row=_regex(path, f"{where}.row", item["row"]),
            )
        )
    return tables


def _parse_config(path: Path, raw: Any) -> ParseConfig:
    if raw is None:
        return ParseConfig()
    if not isinstance(raw, dict):
        raise RefereeError(f"{path}: [parse] must be a table")
    _known_keys(path, "parse", raw, PARSE_KEYS)
    return ParseConfig(
        toc_markers=_str_list(path, "parse.toc_markers", raw.get("toc_markers")),
        extra_headings=_str_list(path, "parse.extra_headings", raw.get("extra_headings")),
        child_headings=_str_list(path, "parse.child_headings", raw.get("child_headings")),
        heading_patterns=[
            _regex(path, "parse.heading_patterns", p)
            for p in _str_list(path, "parse.heading_patterns", raw.get("heading_patterns"))
        ],
        heading_before=[
            _regex(path, "parse.heading_before", p)
            for p in _str_list(path, "parse.heading_before", raw.get("heading_before"))
        ],
        uppercase_headings=_bool(path, "parse.uppercase_headings", raw.get("uppercase_headings")),
        short_line_headings=_bool(path, "parse.short_line_headings", raw.get("short_line_headings")),
        noise=_noise_rules(path, "parse.noise", raw.get("noise")),
        noise_spans=_noise_rules(path, "parse.noise_spans", raw.get("noise_spans")),
        flat_tables=_flat_tables(path, raw.get("flat_tables")),
        inline_notes=[
            _regex(path, "parse.inline_notes", p)
            for p in _str_list(path, "parse.inline_notes", raw.get("inline_notes"))
        ],
        section_ids=_choice(path, "parse.section_ids", raw.get("section_ids", "number"), ("number", "title")),
    )


def _choice(path: Path, where: str, value: Any, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise RefereeError(f"{path}: {where} must be one of {', '.join(allowed)}")
    return str(value)


KIND_NAMES = ("rule", "definition", "procedure", "table", "example", "tip", "faq", "flavour", "note", "card")


def _kind_config(path: Path, raw: Any) -> KindConfig:
    if raw is None:
        return KindConfig()
    if not isinstance(raw, dict):
        raise RefereeError(f"{path}: [kinds] must be a table")
    _known_keys(path, "kinds", raw, {*KIND_NAMES, "card_under", "card_pattern", "definition_pattern"})
    by_section: dict[str, str] = {}
    for kind in KIND_NAMES:
        for key in _str_list(path, f"kinds.{kind}", raw.get(kind)):
            by_section[key] = kind
    card_pattern = raw.get("card_pattern")
    definition_pattern = raw.get("definition_pattern")
    return KindConfig(
        by_section=by_section,
        card_under=_str_list(path, "kinds.card_under", raw.get("card_under")),
        card_pattern=_regex(path, "kinds.card_pattern", card_pattern) if card_pattern else None,
        definition_pattern=_regex(path, "kinds.definition_pattern", definition_pattern) if definition_pattern else None,
    )


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
    _known_keys(path, "", raw, TOP_KEYS)
    rulebook = folder / raw["rulebook"]
    if rulebook.resolve().parent != folder.resolve():
        raise RefereeError(f"{path}: 'rulebook' must name a file inside {folder}")
    players = raw.get("players", "")
    if not isinstance(players, (str, int)) or isinstance(players, bool):
        raise RefereeError(f"{path}: 'players' must be a string such as \"2-4\"")
    links = _table(path, "links", raw.get("links"))
    _known_keys(path, "links", links, {"page_index"})
    return Game(
        id=game_id,
        title=raw["title"],
        language=raw["language"],
        players=str(players),
        aliases=_str_list(path, "aliases", raw.get("aliases")),
        folder=folder,
        rulebook=rulebook,
        parse=_parse_config(path, raw.get("parse")),
        kinds=_kind_config(path, raw.get("kinds")),
        raw=raw,
        terms=_terms(path, raw.get("terms")),
        page_index=_string(path, "links.page_index", links["page_index"]) if "page_index" in links else None,
        precedence=_precedence(path, raw.get("precedence")),
        overrides=_overrides(path, raw.get("overrides")),
        conflicts=_conflicts(path, raw.get("conflicts")),
        translations=_translations(path, folder, raw.get("translations")),
        sheet=sheet_config(path, raw.get("sheet")),
    )


def _terms(path: Path, value: Any) -> dict[str, list[str]]:
    return {name: _str_list(path, f"terms.{name}", aliases) for name, aliases in _table(path, "terms", value).items()}


def _precedence(path: Path, value: Any) -> list[PrecedenceRule]:
    rules = []
    for i, item in enumerate(_tables(path, "precedence", value, {"higher", "over", "entry"})):
        where = f"precedence[{i}]"
        higher = _str_list(path, f"{where}.higher", item.get("higher"))
        if not higher:
            raise RefereeError(f"{path}: {where}.higher must list the sources that win")
        over = _string(path, f"{where}.over", item.get("over"), "rulebook")
        rules.append(PrecedenceRule(higher, over, _string(path, f"{where}.entry", item.get("entry"))))
    return rules


def _overrides(path: Path, value: Any) -> list[Override]:
    found = []
    for i, item in enumerate(_tables(path, "overrides", value, {"effect", "rules", "why"})):
        where = f"overrides[{i}]"
        found.append(
            Override(
                _regex(path, f"{where}.effect", item.get("effect")),
                _str_list(path, f"{where}.rules", item.get("rules")),
                _string(path, f"{where}.why", item.get("why"), ""),
            )
        )
    return found


def _conflicts(path: Path, value: Any) -> list[Conflict]:
    found = []
    for i, item in enumerate(_tables(path, "conflicts", value, {"entries", "reason"})):
        where = f"conflicts[{i}]"
        entries = _str_list(path, f"{where}.entries", item.get("entries"))
        if len(entries) != 2:
            raise RefereeError(f"{path}: {where}.entries must name two entries")
        found.append(Conflict((entries[0], entries[1]), _string(path, f"{where}.reason", item.get("reason"), "")))
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


def discover_games(corpus_dir: Path) -> list[Game]:
    """Every folder with a game.toml is a game; adding a game needs nothing else."""
    if not corpus_dir.is_dir():
        raise RefereeError(f"{corpus_dir}: corpus folder not found")
    folders = sorted(p for p in corpus_dir.iterdir() if p.is_dir() and (p / "game.toml").exists())
    if not folders:
        raise RefereeError(f"{corpus_dir}: no game folders (each needs a game.toml)")
    games = [load_game(folder) for folder in folders]
    _unique_names(games)
    return games

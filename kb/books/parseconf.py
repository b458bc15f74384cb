"""game.toml's [parse] and [kinds]: how a book's text is read (noise, headings, flattened tables,
inline notes, ids) and which sections hold which kind of text, typed and validated."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.books.tomlcheck import bool_, choice, known_keys, regex, str_list, string
from referee.errors import RefereeError


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
    keep_tags: bool = False  # markdown, HTML, PDF: keep bracketed tags that recur through the book


@dataclass(frozen=True)
class KindConfig:
    """Which sections hold what kind of text, by section key (number or slug)."""

    by_section: dict[str, str] = field(default_factory=dict)
    card_under: list[str] = field(default_factory=list)
    card_pattern: re.Pattern[str] | None = None
    definition_pattern: re.Pattern[str] | None = None


PARSE_KEYS = {
    "toc_markers", "extra_headings", "child_headings", "heading_patterns", "heading_before",
    "uppercase_headings", "short_line_headings", "noise", "noise_spans", "flat_tables", "inline_notes",
    "section_ids", "keep_tags",
}  # fmt: skip


def _noise_rules(path: Path, where: str, value: Any) -> list[NoiseRule]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise RefereeError(f"{path}: {where} must be an array of tables")
    rules = []
    for i, item in enumerate(value):
        if not isinstance(item, dict) or "pattern" not in item:
            raise RefereeError(f"{path}: {where}[{i}] needs a 'pattern'")
        known_keys(path, f"{where}[{i}]", item, {"pattern", "reason"})
        reason = string(path, f"{where}[{i}].reason", item.get("reason"), "noise")
        rules.append(NoiseRule(regex(path, f"{where}[{i}].pattern", item["pattern"]), reason))
    return rules


def _flat_tables(path: Path, value: Any) -> list[FlatTable]:
    tables = []
    for i, item in enumerate(value or []):
        where = f"parse.flat_tables[{i}]"
        if not isinstance(item, dict) or not {"header", "columns", "row"} <= item.keys():
            raise RefereeError(f"{path}: {where} needs 'header', 'columns' and 'row'")
        known_keys(path, where, item, {"header", "columns", "row"})
        tables.append(
            FlatTable(
                header=string(path, f"{where}.header", item["header"]),
                columns=str_list(path, f"{where}.columns", item["columns"]),
                row=regex(path, f"{where}.row", item["row"]),
            )
        )
    return tables


def parse_config(path: Path, raw: Any) -> ParseConfig:
    if raw is None:
        return ParseConfig()
    if not isinstance(raw, dict):
        raise RefereeError(f"{path}: [parse] must be a table")
    known_keys(path, "parse", raw, PARSE_KEYS)
    return ParseConfig(
        toc_markers=str_list(path, "parse.toc_markers", raw.get("toc_markers")),
        extra_headings=str_list(path, "parse.extra_headings", raw.get("extra_headings")),
        child_headings=str_list(path, "parse.child_headings", raw.get("child_headings")),
        heading_patterns=[
            regex(path, "parse.heading_patterns", p)
            for p in str_list(path, "parse.heading_patterns", raw.get("heading_patterns"))
        ],
        heading_before=[
            regex(path, "parse.heading_before", p)
            for p in str_list(path, "parse.heading_before", raw.get("heading_before"))
        ],
        uppercase_headings=bool_(path, "parse.uppercase_headings", raw.get("uppercase_headings")),
        short_line_headings=bool_(path, "parse.short_line_headings", raw.get("short_line_headings")),
        noise=_noise_rules(path, "parse.noise", raw.get("noise")),
        noise_spans=_noise_rules(path, "parse.noise_spans", raw.get("noise_spans")),
        flat_tables=_flat_tables(path, raw.get("flat_tables")),
        inline_notes=[
            regex(path, "parse.inline_notes", p) for p in str_list(path, "parse.inline_notes", raw.get("inline_notes"))
        ],
        section_ids=choice(path, "parse.section_ids", raw.get("section_ids", "number"), ("number", "title")),
        keep_tags=bool_(path, "parse.keep_tags", raw.get("keep_tags")),
    )


KIND_NAMES = ("rule", "definition", "procedure", "table", "example", "tip", "faq", "flavour", "note", "card")


def kind_config(path: Path, raw: Any) -> KindConfig:
    if raw is None:
        return KindConfig()
    if not isinstance(raw, dict):
        raise RefereeError(f"{path}: [kinds] must be a table")
    known_keys(path, "kinds", raw, {*KIND_NAMES, "card_under", "card_pattern", "definition_pattern"})
    by_section: dict[str, str] = {}
    for kind in KIND_NAMES:
        for key in str_list(path, f"kinds.{kind}", raw.get(kind)):
            by_section[key] = kind
    card_pattern = raw.get("card_pattern")
    definition_pattern = raw.get("definition_pattern")
    return KindConfig(
        by_section=by_section,
        card_under=str_list(path, "kinds.card_under", raw.get("card_under")),
        card_pattern=regex(path, "kinds.card_pattern", card_pattern) if card_pattern else None,
        definition_pattern=regex(path, "kinds.definition_pattern", definition_pattern) if definition_pattern else None,
    )

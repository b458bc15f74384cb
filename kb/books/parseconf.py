"""game.toml's [parse] and [kinds]: how a book's text is read (noise, headings, flattened tables,
inline notes, ids) and which sections hold which kind of text, typed by referee.validation.schema."""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Literal

from pydantic import BeforeValidator, Field, StrictStr

from referee.validation.schema import Flag, Regex, Schema, Text


class NoiseRule(Schema):
    """A line (or, in `noise_spans`, a stretch of one) that is not the book's: a page header, an advert."""

    pattern: Regex
    reason: Text = "noise"


class FlatTable(Schema):
    """A table whose cells were glued together when the book was converted to text."""

    header: Text
    columns: list[StrictStr]
    row: Regex


class ParseConfig(Schema):
    toc_markers: list[StrictStr] = Field(default_factory=list)
    extra_headings: list[StrictStr] = Field(default_factory=list)
    child_headings: list[StrictStr] = Field(default_factory=list)
    heading_patterns: list[Regex] = Field(default_factory=list)
    heading_before: list[Regex] = Field(default_factory=list)
    uppercase_headings: Flag = False
    short_line_headings: Flag = False
    noise: list[NoiseRule] = Field(default_factory=list)
    noise_spans: list[NoiseRule] = Field(default_factory=list)
    flat_tables: list[FlatTable] = Field(default_factory=list)
    inline_notes: list[Regex] = Field(default_factory=list)
    section_ids: Literal["number", "title"] = "number"
    keep_tags: Flag = False  # markdown, HTML, PDF: keep bracketed tags that recur through the book


KIND_NAMES = ("rule", "definition", "procedure", "table", "example", "tip", "faq", "flavour", "note", "card")


def _no_empty_pattern(value: object) -> object:
    return None if value == "" else value  # an empty pattern is none (it would match every line)


OptionalRegex = Annotated[Regex | None, BeforeValidator(_no_empty_pattern)]


class KindConfig(Schema):
    """Which sections hold what kind of text, by section key (number or slug): `rule = ["2.01"]`."""

    rule: list[StrictStr] = Field(default_factory=list)
    definition: list[StrictStr] = Field(default_factory=list)
    procedure: list[StrictStr] = Field(default_factory=list)
    table: list[StrictStr] = Field(default_factory=list)
    example: list[StrictStr] = Field(default_factory=list)
    tip: list[StrictStr] = Field(default_factory=list)
    faq: list[StrictStr] = Field(default_factory=list)
    flavour: list[StrictStr] = Field(default_factory=list)
    note: list[StrictStr] = Field(default_factory=list)
    card: list[StrictStr] = Field(default_factory=list)
    card_under: list[StrictStr] = Field(default_factory=list)
    card_pattern: OptionalRegex = None
    definition_pattern: OptionalRegex = None

    @cached_property
    def by_section(self) -> dict[str, str]:
        """Section key -> the kind of its text (a key named under two kinds takes the later one)."""
        return {key: kind for kind in KIND_NAMES for key in getattr(self, kind)}


PARSE_KEYS = frozenset(ParseConfig.model_fields)  # every key its table may hold (docs/adding-a-game.md lists them)

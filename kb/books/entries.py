"""The data the parser produces and the store keeps."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

NORMATIVE_KINDS = frozenset({"rule", "definition", "procedure", "table", "faq", "card"})
SOURCE_BY_KIND = {"faq": "faq", "card": "card", "note": "note"}
# Read around the rules, never one: kept, shown and searchable, but never a sheet's line or an answer's lead.
ASIDE_KINDS = frozenset({"example", "tip", "flavour", "note", "front-matter", "credits"})
# About the book, not the game (a cover, a licence, who made it): searchable, never an answer's lead.
ABOUT_THE_BOOK = frozenset({"front-matter", "credits"})


@dataclass
class Section:
    id: str
    game: str
    key: str
    number: str | None
    title: str
    heading: str
    level: int
    parent: str | None
    path: list[str]
    position: int
    line: int
    page: int | None = None  # a PDF's page (its printed number where the book prints one)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Entry:
    id: str
    game: str
    section_id: str | None  # the id of the section it sits in (None before the first heading)
    number: str | None
    title: str
    path: list[str]
    kind: str
    lang: str
    text: str
    position: int
    line: int
    start: int
    end: int
    table: dict[str, Any] | None = None
    page: int | None = None  # a PDF's page (its printed number where the book prints one)

    @property
    def source(self) -> str:
        return SOURCE_BY_KIND.get(self.kind, "rulebook")

    @property
    def normative(self) -> bool:
        return self.kind in NORMATIVE_KINDS

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["source"] = self.source
        data["normative"] = self.normative
        return data


@dataclass
class Dropped:
    line: int
    text: str
    reason: str


@dataclass
class ParsedBook:
    game: str
    sections: list[Section] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    dropped: list[Dropped] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


# ---------------------------------------------------------------- links (referee.books.links makes them)


@dataclass
class Edge:
    src: str
    dst: str | None
    kind: str  # page, chapter, section, option, later, figure, term, clarifies, overrides, annotates, conflicts
    anchor: str
    note: str = ""


@dataclass
class Term:
    term: str
    entry: str
    source: str  # definition, heading, named, configured
    aliases: list[str] = field(default_factory=list)


@dataclass
class Precedence:
    higher: list[str]
    over: str
    entry: str
    says: str


@dataclass
class Links:
    edges: list[Edge] = field(default_factory=list)
    terms: list[Term] = field(default_factory=list)
    precedence: list[Precedence] = field(default_factory=list)
